"""What a seat may see at Bone-Ace (its :class:`gamester.state.Observer`): its own three cards, everyone's
turned-up card and the cards drawn, each hand's count once the deal is decided, and every hand at the end."""

from __future__ import annotations

from typing import Any

from ...state import Observer


class BoneAceObserver(Observer):
    def hand(self, owner: int) -> bool:
        # the end of the game shows every hand (the show that decides the Game)
        return super().hand(owner) or self.state.is_terminal()

    def public(self, owner: int) -> list[Any]:
        d = self.state.deal
        return [d.up[owner], *d.drawn[owner]]

    def total(self, owner: int) -> bool:
        """Whether it sees what ``owner``'s cards count: with the hand, or once the deal is decided."""
        return self.hand(owner) or self.state.deal.done

"""What a seat may see at Post and Pair (its :class:`gamester.state.Observer`): its own hand while a deal is
played; a deal that ended in a show shows every hand (the trump count takes in every card dealt, folded hands too),
and any other deal only the seat's own, then as afterwards."""

from __future__ import annotations

from typing import Any

from ...state import Observer


class PostAndPairObserver(Observer):
    def deal_hand(self, deal: dict[str, Any], owner: int) -> bool:
        """Whether it sees ``owner``'s hand in a deal's record (``deal["outcome"]``: ``"show"`` or how it ended)."""
        return Observer.hand(self, owner) or deal["outcome"] == "show"

    def hand(self, owner: int) -> bool:
        st = self.state
        if st.is_terminal() and st.deals:  # the hands held at the end are the last deal's
            return self.deal_hand(st.deals[-1], owner)
        return super().hand(owner)

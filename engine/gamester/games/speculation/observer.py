"""What a seat may see at Speculation (its :class:`gamester.state.Observer`): nobody looks at his own cards, so a
seat sees its unturned cards only after looking out of turn (a peek, which costs it the pool); the turn-up and the
spare hand are seen once turned, and cards offered unturned for sale by nobody but the whole state's observer."""

from __future__ import annotations

from typing import Any

from ...state import Observer


class SpeculationObserver(Observer):
    def hand(self, owner: int) -> bool:
        st = self.state
        return self.everything or st.shape.open or (self.seat == owner and owner in st.deal.peeked)

    def turn_up(self) -> bool:
        return self.everything or self.state.deal.turnup_shown

    def spare(self) -> bool:
        return self.everything or self.state.deal.spare_shown

    def offered(self, auction: dict[str, Any]) -> bool:
        """Whether it sees the cards of a sale (the best trump is face up; unturned cards are not)."""
        return self.everything or auction["what"] == "best"

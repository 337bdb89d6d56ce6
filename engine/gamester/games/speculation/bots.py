"""Speculation: the bots (random, cautious, speculator)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...state import Bot, RandomBot
from .analysis import best_trump_chance, offered_chance
from .state import Phase, SpeculationState


# -- bots --------------------------------------------------------------------------------------------------------
class _ChanceBot(Bot):
    """Buys and sells by the exact chance scaled by the pool."""

    bid_factor = 0.7
    accept_factor = 0.8
    offer_rate = 0.5

    def choose(self, state: SpeculationState, seat: int) -> str:
        legal = state.legal_actions()
        phase = state.phase
        d = state.deal
        pool = d.pool()
        if phase == Phase.BID:
            if seat in d.peeked:
                return "no-bid"
            value = float(offered_chance(state, seat)) * pool * self.bid_factor * (0.9 + 0.2 * self.rng.random())
            high = state.auction["high"][1] if state.auction["high"] else 0
            n = min(int(value), state.bid_cap())
            return f"bid {n}" if n > high and f"bid {n}" in legal else "no-bid"
        if phase == Phase.ACCEPT:
            if seat in d.peeked:
                return "accept"
            value = float(offered_chance(state, seat)) * pool
            return "accept" if state.auction["high"][1] >= value * self.accept_factor else "refuse"
        if phase in (Phase.TURNUP_SALE, Phase.WINDOW):
            p = float(offered_chance(state, seat))
            # offer when the card is neither a near-certain winner nor too poor to fetch a counter, and not again
            # once this seat has offered it and turned the bids down (it would only turn them down again: a
            # reader saw one card offered and refused six times in a deal)
            worth = p < self.keep_above and p * pool >= 1.5 and not self.refused_before(d, seat)
            if seat in d.peeked or (worth and self.rng.random() < self.offer_rate):
                return legal[1]
            return "keep"
        if phase == Phase.TURN:
            return self.turn(state, seat, legal)
        return legal[0]

    keep_above = 0.9

    @staticmethod
    def refused_before(d: Any, seat: int) -> bool:
        """Whether ``seat`` has already offered the card it now holds as the best and not sold it."""
        best = str(d.best) if d.best is not None else None
        return any(o["seller"] == seat and o["result"] != "sold" and o["what"] in ("best", "turn-up")
                   and o["cards"][:1] == [best] for o in d.offers)

    def turn(self, state: SpeculationState, seat: int, legal: list[str]) -> str:
        return "turn"


class CautiousBot(_ChanceBot):
    """Bids well under the fair price, sells readily, never speculates on unturned cards."""

    name = "cautious"
    title = "cautious: bids low and sells readily"
    bid_factor = 0.6
    accept_factor = 0.75
    offer_rate = 0.8
    keep_above = 0.95


class SpeculatorBot(_ChanceBot):
    """Bids close to the fair price, holds out for it, and offers unturned cards and hands for sale."""

    name = "speculator"
    title = "a speculator: bids near the fair price and offers cards for sale"
    bid_factor = 0.95
    accept_factor = 1.05
    offer_rate = 0.5
    keep_above = 0.8

    def turn(self, state: SpeculationState, seat: int, legal: list[str]) -> str:
        d = state.deal
        if "offer hand" in legal:
            ch = best_trump_chance(state, seat)
            v = sum(ch.get(("hidden", seat, i), Fraction(0)) for i in range(len(d.hidden[seat])))
            if v * d.pool() >= 1 and self.rng.random() < 0.5:
                return "offer hand"
        if "offer card" in legal and float(offered_chance(state, seat)) * d.pool() >= 1 \
                and self.rng.random() < self.offer_rate:
            return "offer card"
        return "turn"


BOTS = {"random": RandomBot, "cautious": CautiousBot, "speculator": SpeculatorBot}

"""Bone-Ace: the chance of a draw, counted exactly from the cards a player cannot see, and the computer players
(``random``, and ``cautious``, which stands when drawing would pass one and thirty more often than not)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...cards import FULL_PACK
from ...state import Bot, RandomBot
from .rules import total
from .state import BoneAceState


def unseen(state: BoneAceState, seat: int) -> list[Any]:
    """The cards ``seat`` cannot see: the pack less his own cards and every card turned up or drawn."""
    d = state.deal
    seen = set(d.cards(seat))
    for s in range(state.players):
        if s != seat:
            seen.update([d.up[s]] + d.drawn[s])
    return [c for c in FULL_PACK if c not in seen]


def draw_odds(state: BoneAceState, seat: int) -> dict[str, Any]:
    """If ``seat`` draws one card now: the exact chances (as fractions) of passing one and thirty, of making it
    exactly, and of staying under; the next card is equally likely to be any card he cannot see."""
    d = state.deal
    mine = d.cards(seat)
    cards = unseen(state, seat)
    over = hit = 0
    for c in cards:
        t = total(mine + [c], state.options.ace)
        over += t > 31
        hit += t == 31
    n = len(cards)
    return {"seat": seat, "total": total(mine, state.options.ace), "unseen": n,
            "over": Fraction(over, n), "thirty_one": Fraction(hit, n), "under": Fraction(n - over - hit, n)}


def analysis(state: BoneAceState, seat: int) -> dict[str, Any]:
    """The chances of one more card, for the seat to draw (the site shows them beside the choice)."""
    if state.is_terminal() or state.current_player() != seat:
        return {"seat": seat, "over": None}
    o = draw_odds(state, seat)
    return {**o, "over": float(o["over"]), "thirty_one": float(o["thirty_one"]), "under": float(o["under"]),
            "method": "exact"}


class CautiousBot(Bot):
    """Stands when more than half of the cards it cannot see would take it past one and thirty."""

    name = "cautious"
    title = "stands when a card would more likely take it past 31 than not"

    def choose(self, state: BoneAceState, seat: int) -> str:
        return "stand" if draw_odds(state, seat)["over"] > Fraction(1, 2) else "draw"


BOTS = {"random": RandomBot, "cautious": CautiousBot}

"""Speculation: each card's chance of being the best trump, from a seat's view."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...cards import (
    Card,
)
from ...errors import RulesetError
from .odds import COURT, win_chances
from .state import Phase, SpeculationState


# -- chances -----------------------------------------------------------------------------------------------------
def _positions(state: SpeculationState, seat: int | None):
    """(known [(key, card)], unknown [key], unseen [card]) from ``seat``'s point of view."""
    d = state.deal
    known: list[tuple[Any, Card]] = []
    unknown: list[Any] = []
    seen: set[Card] = set()
    exposed = {e[1] for e in d.exposures}
    where = {c: (s, i) for s, h in enumerate(d.hidden) for i, c in enumerate(h)}
    for c in d.owner:
        key = ("card", str(c))
        shown = str(c) in exposed
        if c == d.turnup:
            visible = d.turnup_shown or seat is None
            key = ("turn-up", str(c)) if visible else ("turn-up",)
        elif c in where:
            s, i = where[c]
            visible = state.sees(seat, s)
            if not visible:
                key = ("hidden", s, i)
        elif d.spare and c in d.spare and not d.spare_shown:
            visible = seat is None
            if not visible:
                key = ("spare", d.spare.index(c))
        else:
            visible = shown or seat is None
        if visible:
            known.append((key, c))
            seen.add(c)
        else:
            unknown.append(key)
    unseen = [c for c in state.pack if c not in seen]
    return known, unknown, unseen


def _holder_of_key(state: SpeculationState, key: tuple) -> int | None:
    d = state.deal
    if key[0] == "hidden":
        return key[1]
    if key[0] == "spare":
        return None
    if key[0] == "turn-up":
        return d.owner[d.turnup]
    return d.owner[Card.parse(key[1])]


def best_trump_chance(state: SpeculationState, seat: int | None) -> dict[Any, Fraction]:
    """Exact chance, from ``seat``'s view, that each position ends holding the winning card.

    Keys: ``("turn-up", "7H")`` / ``("turn-up",)`` (face down), ``("card", "QS")`` for a card ``seat`` can see,
    ``("hidden", s, i)`` for the ``i``-th unturned card of seat ``s``, ``("spare", i)``. Values sum to 1.
    """
    d = state.deal
    if d.done:
        raise RulesetError("the deal is over: there is nothing left to estimate")
    # Seats that have not looked at their cards share one view: cache it for the current position.
    view_key = (len(state.history), len(state.deals), seat if (seat is None or seat in d.peeked) else -1)
    cache = state.__dict__.setdefault("_chance_cache", {})
    if view_key in cache:
        return dict(cache[view_key])
    if len(cache) > 16:
        cache.clear()
    result = _best_trump_chance(state, seat)
    cache[view_key] = result
    return dict(result)


def _best_trump_chance(state: SpeculationState, seat: int | None) -> dict[Any, Fraction]:
    d = state.deal
    known, unknown, unseen = _positions(state, seat)
    court = state.options.court_turnup == "deal-passes"
    if d.turnup_shown or seat is None:
        trump = d.turnup.suit.letter
        tkey = None
    else:
        trump, tkey = None, ("turn-up",)
    if d.passed:
        return {k: Fraction(int(c == d.turnup)) for k, c in known} | {k: Fraction(0) for k in unknown}
    if seat is None and not d.turnup_shown and court and d.turnup.rank.text in COURT:
        return {k: Fraction(int(c == d.turnup)) for k, c in known}
    return win_chances(known, unknown, unseen, trump=trump, turnup_key=tkey,
                       court_passes=court and not d.turnup_shown)


def _key_str(key: tuple) -> str:
    if key[0] == "hidden":
        return f"seat {key[1]} card {key[2] + 1}"
    if key[0] == "spare":
        return f"spare card {key[1] + 1}"
    if key == ("turn-up",):
        return "turn-up (face down)"
    return key[1]


def analysis(state: SpeculationState, seat: int | None) -> dict[str, Any]:
    """JSON-ready exact chances for ``seat``'s view of the position.

    ``positions``: every card position in play (cards it has seen by name, the others as "seat 2 card 1", "spare
    card 1", "turn-up (face down)") with the chance it ends as the winning card and that chance times the pool;
    ``seats``: each seat's chance of holding the winning card as things stand (no further sales) and of taking the
    pool (nil for a seat barred by a peek); ``pool_stays``: the chance the pool is carried; ``on_offer``: for the
    decision now being made (a turn-up, card, hand or best trump for sale, or the card about to be turned), its
    chance and fair price (chance x pool).
    """
    d = state.deal
    if d.done or state.is_terminal():
        return {"seat": seat, "pool": d.pool(), "positions": [], "seats": [], "pool_stays": None,
                "on_offer": None, "note": "the game is over"}
    ch = best_trump_chance(state, seat)
    pool = d.pool()
    positions = []
    per_seat = [Fraction(0)] * state.players
    for key, p in ch.items():
        holder = _holder_of_key(state, key)
        positions.append({"position": _key_str(key), "holder": holder, "chance": float(p), "exact": _exact(p),
                          "value": float(p * pool)})
        if holder is not None:
            per_seat[holder] += p
    positions.sort(key=lambda x: -x["chance"])
    seats = []
    takes_total = Fraction(0)
    for s, p in enumerate(per_seat):
        takes = Fraction(0) if s in d.peeked else p
        takes_total += takes
        seats.append({"seat": s, "chance": float(p), "exact": _exact(p), "takes_pool": float(takes),
                      "value": float(takes * pool), "barred": s in d.peeked})
    on_offer = None
    if seat is not None and state.phase in (Phase.TURNUP_SALE, Phase.WINDOW, Phase.TURN, Phase.BID, Phase.ACCEPT):
        p = offered_chance(state, seat)
        what = state.auction["what"] if state.auction else {
            Phase.TURNUP_SALE: "turn-up", Phase.WINDOW: "best", Phase.TURN: "card"}[state.phase]
        on_offer = {"what": what, "chance": float(p), "exact": _exact(p), "fair_price": float(p * pool)}
    return {"seat": seat, "pool": pool, "trump": state.trump_shown(), "best": str(d.best) if d.best else None,
            "positions": positions, "seats": seats, "pool_stays": float(1 - takes_total), "on_offer": on_offer}


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def offered_chance(state: SpeculationState, seat: int) -> Fraction:
    """The chance, from ``seat``'s view, that what is on sale (or about to be) ends as the winning card."""
    d = state.deal
    ch = best_trump_chance(state, seat)
    a = state.auction
    what = a["what"] if a else None
    seller = a["seller"] if a else state.current_player()
    if what == "turn-up" or state.phase == Phase.TURNUP_SALE:
        return sum((p for k, p in ch.items() if k[0] == "turn-up"), Fraction(0))
    if what == "best" or state.phase == Phase.WINDOW:
        return ch.get(("card", str(d.best)), ch.get(("turn-up", str(d.best)), Fraction(0)))
    cards = a["cards"] if a else d.hidden[seller][:1]
    total = Fraction(0)
    for c in cards:
        i = d.hidden[seller].index(c)
        total += ch.get(("hidden", seller, i), ch.get(("card", str(c)), Fraction(0)))
    return total

"""Post and Pair's exercises (see :mod:`gamester.quiz`): who takes the Pair dish, the Post dish, the Seat, and which
suit is trumps, each answered by the engine's own settlement of the hands shown (everyone staying in).

A draw is refused when its answer needs the rules' fine print: a dish won on the eldest hand's privilege in a tie,
two suits tied for trumps, a Pair or Post dish that goes to the best trump (a question about trumps, asked by the
kind ``seat``), or a Seat swept by a Pair-royal (asked by ``pair`` and ``post``).
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import FULL_PACK, SUIT_NAMES, format_cards, shuffled
from ...quiz import exercise, first, sentence
from .hands import GAME
from .showdown import check_options, settle

KINDS = {"pair": "who takes the Pair dish", "post": "who takes the Post dish", "seat": "who takes the Seat",
         "trumps": "which suit is trumps"}
_DISH_WORDS = {"pair": "the Pair dish", "post": "the Post dish", "seat": "the Seat"}
_ELDER = "pp.showdown.elder-wins-ties"
_TRUMP_TIES = ("pp.trump.tie", "pp.trump.tie-suit-order")


def seat_label(s: int, n: int) -> str:
    role = " (eldest)" if s == 0 else (" (dealer)" if s == n - 1 else "")
    return f"Seat {s}{role}"


def seats(ex: dict[str, Any]) -> list[str]:
    """The label of each hand an exercise shows (the eldest first, the dealer last)."""
    n = len(ex["hands"] or [])
    return [seat_label(s, n) for s in range(n)]


def _try(kind: str, o, rng: random.Random):
    n = rng.randint(3, 5)
    cards = shuffled(FULL_PACK, rng)[:3 * n]
    hands = [tuple(cards[3 * i:3 * i + 3]) for i in range(n)]
    st = settle(o, hands)
    notes = list(st.notes)
    note_clauses = {c for c, _ in notes}
    if note_clauses & set(_TRUMP_TIES):
        return None
    lines = [ln for ln in st.ledger.lines if ln.payer in ("pair", "post", "seat")]
    if kind == "trumps":
        suit = st.trump
        why = [(c, r) for c, r in notes if c.startswith("pp.trump.") and c != "pp.trump.order"]
        q = "Which suit is trumps at this show?"
        choices = [SUIT_NAMES[s] for s in "SHDC"]
        return n, hands, q, choices, SUIT_NAMES[suit], None, why
    line = next((ln for ln in lines if ln.payer == kind), None)
    if line is None or line.clause == _ELDER:
        return None
    if kind in ("pair", "post") and line.clause in ("pp.pair.none-trump", "pp.post.none"):
        return None  # a dish won by the best trump is a question about trumps (asked by the kind 'seat')
    if kind == "seat" and st.decision.royal >= 0:
        return None  # a Pair-royal sweeps: asked by 'pair' and 'post'
    winner = st.winners[kind]
    why = []
    if kind == "seat":
        why = [(c, r) for c, r in notes if c.startswith("pp.trump.") or c.startswith("pp.seat.")]
    why.append((line.clause, line.reason))
    q = f"Everyone stays in and the cards are shown. Who takes {_DISH_WORDS[kind]}?"
    choices = [seat_label(s, n) for s in range(n)]
    return n, hands, q, choices, choices[winner], winner, why


def make(seed: int, kind: str, ruleset: Any = None) -> dict[str, Any]:
    """One exercise of ``kind`` from ``seed`` (the game's ``GameSpec.make_quiz``)."""
    o = check_options(ruleset)

    def attempt(rng: random.Random, i: int) -> dict[str, Any] | None:
        got = _try(kind, o, rng)
        if got is None:
            return None
        _n, hands, q, choices, answer, seat, why = got
        return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(h) for h in hands], choices, answer,
                        seat, [(c, sentence(r)) for c, r in why], i)

    return first(GAME, kind, seed, attempt)

"""Post and Pair's exercises (see :mod:`gamester.quiz`): who takes the Pair dish, the Post dish, the Seat, and which
suit is trumps, each answered by the engine's own settlement of the hands shown (everyone staying in).

The answer (a seat, or a suit) each number is built to have comes first (:func:`gamester.quiz.intended`), then
hands are dealt until they give it. Level 1 is three players, and a draw is refused when its answer needs the
rules' fine print: a dish won on the eldest hand's privilege in a tie, two suits tied for trumps. Level 2 is four
players, and those ties are asked, each settled by its rule. At both levels a Pair or Post dish that goes to the
best trump is refused (a question about trumps, asked by the kind ``seat``), and so is a Seat swept by a Pair-royal
(asked by ``pair`` and ``post``). The explanation names every player the winner beats and the rule against each.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import FULL_PACK, SUIT_NAMES, format_cards, shuffled
from ...quiz import exercise, first, intended, sentence
from .hands import GAME
from .reasons import rivals
from .showdown import check_options, settle

KINDS = {"pair": "who takes the Pair dish", "post": "who takes the Post dish", "seat": "who takes the Seat",
         "trumps": "which suit is trumps"}
LEVELS = {k: {1: "three players, no tie to settle", 2: "four players, and ties may come up: settled by the rules "
                                                      "(the elder hand, the order of suits)"} for k in KINDS}
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


def _try(kind: str, o, rng: random.Random, level: int, target: int):
    n = 3 if level == 1 else 4
    cards = shuffled(FULL_PACK, rng)[:3 * n]
    hands = [tuple(cards[3 * i:3 * i + 3]) for i in range(n)]
    st = settle(o, hands)
    notes = list(st.notes)
    note_clauses = {c for c, _ in notes}
    if level == 1 and note_clauses & set(_TRUMP_TIES):
        return None
    lines = [ln for ln in st.ledger.lines if ln.payer in ("pair", "post", "seat")]
    if kind == "trumps":
        suit = st.trump
        if "SHDC".index(suit) != target:
            return None
        why = [(c, r) for c, r in notes if c.startswith("pp.trump.") and c != "pp.trump.order"]
        q = "Which suit is trumps at this show?"
        choices = [SUIT_NAMES[s] for s in "SHDC"]
        return n, hands, q, choices, SUIT_NAMES[suit], None, why
    line = next((ln for ln in lines if ln.payer == kind), None)
    if line is None or (level == 1 and line.clause == _ELDER):
        return None
    if kind in ("pair", "post") and line.clause in ("pp.pair.none-trump", "pp.post.none"):
        return None  # a dish won by the best trump is a question about trumps (asked by the kind 'seat')
    if kind == "seat" and st.decision.royal >= 0:
        return None  # a Pair-royal sweeps: asked by 'pair' and 'post'
    winner = st.winners[kind]
    if winner != target:
        return None
    why = []
    if kind == "seat":
        why = [(c, r) for c, r in notes if c.startswith("pp.trump.") or c.startswith("pp.seat.")]
    beaten = rivals(st, kind)
    if line.reason not in {r for _, r in beaten}:
        why.append((line.clause, line.reason))
    why.extend(beaten)
    q = f"Everyone stays in and the cards are shown. Who takes {_DISH_WORDS[kind]}?"
    choices = [seat_label(s, n) for s in range(n)]
    return n, hands, q, choices, choices[winner], winner, why


def make(seed: int, kind: str, ruleset: Any = None, level: int = 1) -> dict[str, Any]:
    """One exercise of ``kind`` from ``seed`` (the game's ``GameSpec.make_quiz``)."""
    o = check_options(ruleset)
    target = intended(GAME, kind, level, seed, 4 if kind == "trumps" else 3 if level == 1 else 4)

    def attempt(rng: random.Random, i: int) -> dict[str, Any] | None:
        got = _try(kind, o, rng, level, target)
        if got is None:
            return None
        _n, hands, q, choices, answer, seat, why = got
        return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(h) for h in hands], choices, answer,
                        seat, [(c, sentence(r)) for c, r in why], i)

    return first(GAME, kind, seed, attempt, level, f"choice {chr(65 + target)}")

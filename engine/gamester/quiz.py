"""Exercises made from a seed, each answered by the engine itself: the shape every game's exercises share.

An exercise is a JSON-ready dict: ``game``, ``ruleset``, ``seed``, ``kind``, ``draw``, ``question`` (plain
English), ``hands`` (each seat's cards in the core notation, or ``None``), ``choices``, ``answer`` (one of the
choices), ``answer_seat`` (for a seat; else ``None``), ``explanation`` (sentences, each ``{"clause", "text"}``) and
``clauses``. A game offers exercises by declaring ``quiz_kinds`` and ``make_quiz(seed, kind, ruleset)`` in its
:class:`~gamester.registry.GameSpec` (its ``quiz`` module); :func:`gamester.commands.quiz` checks the seed and the
kind and calls it.

The same seed always gives the same exercise. Seeds for the deals are drawn from it in turn (``"GAME:KIND:SEED:i"``
for i = 0, 1, ...: :func:`first`) until one gives an exercise whose answer is certain without the rules' fine
print: each game says which draws it refuses (a tie settled by the eldest hand, two suits equal for trumps, a deal
whose result turns on what one trick and two ties count, a price equal to the fair price...).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from .cards import RANK_NAMES, SUIT_NAMES, Card
from .errors import RulesetError
from .words import Names, player, sentence  # noqa: F401  (sentence: the games' quizzes use it)

ATTEMPTS = 500


def draw_rng(game: str, kind: str, seed: int, i: int) -> random.Random:
    """The random source of the ``i``-th draw for an exercise (a string seed: the same on every Python)."""
    return random.Random(f"{game}:{kind}:{seed}:{i}")


def first(game: str, kind: str, seed: int, attempt: Callable[[random.Random, int], dict[str, Any] | None]
          ) -> dict[str, Any]:
    """The first exercise ``attempt(rng, i)`` makes (``None``: this draw gives no certain answer)."""
    for i in range(ATTEMPTS):
        got = attempt(draw_rng(game, kind, seed, i), i)
        if got is not None:
            return got
    raise RulesetError(f"no exercise of kind {kind!r} found from seed {seed} in {ATTEMPTS} draws")


def pick_kind(kinds: dict[str, str], game: str, seed: Any, kind: str | None) -> str:
    """Check the seed and the kind (none given: the kinds in turn by seed)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RulesetError(f"the exercise number must be a whole number 0 or more, not {seed!r}")
    if kind is None:
        kind = list(kinds)[seed % len(kinds)]
    if kind not in kinds:
        raise RulesetError(f"unknown kind {kind!r} for {game}: the kinds are {', '.join(kinds)}")
    return kind


def exercise(game: str, ruleset: str, seed: int, kind: str, question: str, hands: list[str] | None,
             choices: list[str], answer: str, answer_seat: int | None, explanation: list[tuple[str, str]],
             draw: int) -> dict[str, Any]:
    """An exercise in the common shape; ``clauses`` lists the explanation's clause ids once each, in order."""
    clauses: list[str] = []
    for c, _ in explanation:
        if c and c not in clauses:
            clauses.append(c)
    w = Names().text  # the words are a reader's: "Player 1 (eldest)", never "Seat 0" (answer_seat stays a number)
    return {"game": game, "ruleset": ruleset, "seed": seed, "kind": kind, "draw": draw, "question": w(question),
            "hands": hands, "choices": [w(c) for c in choices], "answer": w(answer), "answer_seat": answer_seat,
            "explanation": [{"clause": c, "text": w(t)} for c, t in explanation], "clauses": clauses}


def card_words(c: Card) -> str:
    """``"the Queen of Hearts"``."""
    return f"the {RANK_NAMES[c.rank.text]} of {SUIT_NAMES[c.suit.letter]}"


def cards_words(cards: Iterable[Card]) -> str:
    """``"Queen of Hearts, Two of Clubs and Ace of Spades"``."""
    words = [card_words(c)[4:] for c in cards]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def text(ex: dict[str, Any]) -> str:
    """The exercise as plain text, answer last."""
    lines = [f"{ex['game']} exercise ({ex['kind']}), seed {ex['seed']}", ex["question"]]
    for s, h in enumerate(ex["hands"] or []):
        lines.append(f"  seat {s}: {h}")
    for k, c in enumerate(ex["choices"]):
        lines.append(f"  {chr(65 + k)}. {c}")
    lines.append(f"Answer: {ex['answer']}")
    for e in ex["explanation"]:
        lines.append(f"  [{e['clause']}] {e['text']}")
    return "\n".join(lines)


# -- HTML for readers (the printed Teach pages and the live "Another question" alike) ------------------------------

def seat_labels(ex: dict[str, Any], quiz_seats: Callable[[dict[str, Any]], list[str]] | None) -> list[str]:
    """A label for each hand the exercise shows: the game's own (``GameSpec.quiz_seats``), else "Seat n"."""
    if quiz_seats is not None:
        return list(quiz_seats(ex))
    return [player(s) for s in range(len(ex["hands"] or []))]


def question_html(ex: dict[str, Any], labels: list[str]) -> str:
    """The question and the hands it shows, cards drawn as cards (no choices: a page lists them, a widget makes
    them buttons)."""
    from .html import cards_html, h
    w = Names().text
    out = h("p", {"class": "gm-quiz-question-text"}, w(ex["question"]))
    if ex["hands"]:
        out += h("table", {"class": "gm-ex-hands"}, h("tbody", {}, [
            h("tr", {}, h("th", {"scope": "row"}, w(labels[s])), h("td", {}, cards_html(hand)))
            for s, hand in enumerate(ex["hands"])]))
    return out


def explanation_html(ex: dict[str, Any], base: str, passages: dict | None = None) -> str:
    """The explanation's sentences, each with a link to its clause on the Clauses page (``base`` leads there)."""
    from .html import h, rule_link
    return " ".join(h("span", {}, x["text"], " ", h("small", {}, rule_link(x["clause"], base, passages)))
                    for x in ex["explanation"])

"""Exercises made from a seed, each answered by the engine itself: the shape every game's exercises share.

An exercise is a JSON-ready dict: ``game``, ``ruleset``, ``seed``, ``kind``, ``draw``, ``question`` (plain
English), ``hands`` (each seat's cards in the core notation, or ``None``), ``choices``, ``answer`` (one of the
choices), ``answer_seat`` (for a seat; else ``None``), ``explanation`` (sentences, each ``{"clause", "text"}``) and
``clauses``, and ``level``. A game offers exercises by declaring ``quiz_kinds`` (kind -> what it asks, in plain
words), ``quiz_levels`` (kind -> {level: what that level asks}, levels 1 and 2 at least) and
``make_quiz(seed, kind, ruleset, level)`` in its :class:`~gamester.registry.GameSpec` (its ``quiz`` module);
:func:`make` checks the number, the kind and the level and calls it, and every host goes through it.

The same number always gives the same exercise, in every host. **Balanced answers, by construction**: the answer an
exercise is built to have is drawn from its number first (:func:`intended`: a fixed shuffled order of 40 in which
each choice comes 40/k times, to within one, repeated), then deals are drawn from the number in turn
(``"GAME:KIND:SEED:i"`` for i = 0, 1, ...: :func:`first`) until one has that answer and a certain one: each game
says which draws it refuses. So any 40 consecutive numbers give each choice its share of right answers, whatever
the first number; where the choices are an exercise's own (cards, prices), the choice is its place in the list.
A search that finds no such deal in :data:`ATTEMPTS` draws is an error that says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from .cards import RANK_NAMES, SUIT_NAMES, Card
from .errors import RulesetError
from .words import Names, player, sentence  # noqa: F401  (sentence: the games' quizzes use it)

ATTEMPTS = 500
#: Numbers in one balanced round of intended answers (:func:`intended`); a class set is at most this many sheets.
PERIOD = 40
MAX_COUNT = 40


def draw_rng(game: str, kind: str, seed: int, i: int, level: int = 1) -> random.Random:
    """The random source of the ``i``-th draw for an exercise (a string seed: the same on every Python)."""
    return random.Random(f"{game}:{kind}:{seed}:{i}" + (f":L{level}" if level != 1 else ""))


def intended(game: str, kind: str, level: int, seed: int, k: int) -> int:
    """The choice (0 .. k-1) exercise number ``seed`` is built to have as its answer: place ``seed % 40`` of a
    fixed order of 40 in which each choice comes 40 // k or 40 // k + 1 times, shuffled once per kind and level.
    Any 40 consecutive numbers cover the order once, so each choice is the answer exactly that often."""
    order = [i % k for i in range(PERIOD)]
    random.Random(f"{game}:{kind}:{level}:order:{k}").shuffle(order)
    return order[seed % PERIOD]


def first(game: str, kind: str, seed: int, attempt: Callable[[random.Random, int], dict[str, Any] | None],
          level: int = 1, wanted: str = "") -> dict[str, Any]:
    """The first exercise ``attempt(rng, i)`` makes (``None``: this draw gives no certain answer, or not the
    intended one); ``wanted`` names the intended answer for the error when none is found."""
    for i in range(ATTEMPTS):
        got = attempt(draw_rng(game, kind, seed, i, level), i)
        if got is not None:
            got["level"] = level
            return got
    aim = f" with the answer {wanted}" if wanted else ""
    raise RulesetError(f"no exercise of kind {kind!r} (level {level}){aim} found from number {seed} in "
                       f"{ATTEMPTS} draws")


def pick_kind(kinds: dict[str, str], game: str, seed: Any, kind: str | None) -> str:
    """Check the seed and the kind (none given: the kinds in turn by seed)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RulesetError(f"the exercise number must be a whole number 0 or more, not {seed!r}")
    if kind is None:
        kind = list(kinds)[seed % len(kinds)]
    if kind not in kinds:
        raise RulesetError(f"unknown kind {kind!r} for {game}: the kinds are {', '.join(kinds)}")
    return kind


def levels_of(spec: Any, kind: str) -> dict[int, str]:
    """The levels a game declares for a kind (``GameSpec.quiz_levels``; none declared: level 1 alone)."""
    return dict(spec.site.quiz_levels.get(kind) or {1: spec.site.quiz_kinds[kind]})


def pick_level(spec: Any, kind: str, level: Any) -> int:
    """Check the level (none given: 1)."""
    if level is None:
        return 1
    known = levels_of(spec, kind)
    if isinstance(level, bool) or not isinstance(level, int) or level not in known:
        raise RulesetError(f"unknown level {level!r} for {spec.name}'s kind {kind!r}: the levels are "
                           f"{', '.join(str(x) for x in known)}")
    return level


def make(spec: Any, seed: Any, kind: str | None = None, ruleset: str | None = None, level: Any = None
         ) -> dict[str, Any]:
    """One exercise of a game (its ``GameSpec``): the number, kind and level checked, then the game's
    ``make_quiz(seed, kind, ruleset, level)``. Every host calls this (through :func:`gamester.commands.quiz`)."""
    kind = pick_kind(spec.site.quiz_kinds, spec.name, seed, kind)
    level = pick_level(spec, kind, level)
    # level 1 is also what a make_quiz(seed, kind, ruleset) of three parameters makes
    ex = spec.site.make_quiz(seed, kind, ruleset, level) if level != 1 else spec.site.make_quiz(seed, kind, ruleset)
    ex.setdefault("level", level)
    return ex


def check_count(count: Any) -> int:
    """A class set's number of sheets: a whole number 1 .. :data:`MAX_COUNT`."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise RulesetError(f"the number of sheets must be a whole number from 1 to {MAX_COUNT}, not {count!r}")
    return count


def class_set(spec: Any, seed: Any, count: Any, kind: str | None = None, ruleset: str | None = None,
              level: Any = None) -> list[dict[str, Any]]:
    """``count`` sheets numbered ``seed`` .. ``seed + count - 1``, each the exercise of its number (as one
    exercise of that number is in every host)."""
    count = check_count(count)
    pick_kind(spec.site.quiz_kinds, spec.name, seed, kind)  # the number checked before any arithmetic on it
    return [make(spec, seed + i, kind, ruleset, level) for i in range(count)]


def catalogue(spec: Any) -> dict[str, Any]:
    """What a game's exercises are, for a class-set form: each kind with its title and its levels in words."""
    return {"game": spec.name, "title": spec.title,
            "kinds": [{"kind": k, "title": t, "levels": [{"level": n, "title": lt}
                                                           for n, lt in levels_of(spec, k).items()]}
                      for k, t in spec.site.quiz_kinds.items()]}


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


def sheet_text(ex: dict[str, Any], title: str = "", labels: list[str] | None = None) -> str:
    """The exercise as a pupil's sheet in plain text: its number, the question, the hands and the choices."""
    head = f"Exercise number {ex['seed']}" + (f": {title}" if title else "") + f" (level {ex.get('level', 1)})"
    lines = [head, ex["question"]]
    labels = labels or [player(s) for s in range(len(ex["hands"] or []))]
    for s, h in enumerate(ex["hands"] or []):
        lines.append(f"  {Names().text(labels[s])}: {h}")
    for k, c in enumerate(ex["choices"]):
        lines.append(f"  {chr(65 + k)}. {c}")
    return "\n".join(lines)


def answer_text(ex: dict[str, Any]) -> str:
    """The answer with its explanation, each sentence with the rule it rests on."""
    letter = chr(65 + ex["choices"].index(ex["answer"]))
    lines = [f"Answer: {letter}. {ex['answer']}"]
    for e in ex["explanation"]:
        lines.append(f"  [{e['clause']}] {e['text']}")
    return "\n".join(lines)


def text(ex: dict[str, Any], title: str = "", labels: list[str] | None = None) -> str:
    """The exercise as plain text, answer last."""
    return sheet_text(ex, title, labels) + "\n" + answer_text(ex)


def class_set_text(exs: list[dict[str, Any]], title: str = "",
                   labels: Callable[[dict[str, Any]], list[str]] | None = None) -> str:
    """A class set as plain text: every sheet (one per pupil, each with its number), then the answer key."""
    n = len(exs)
    out = []
    for i, ex in enumerate(exs):
        out.append(f"=== Sheet {i + 1} of {n} ===\n" + sheet_text(ex, title, seat_labels(ex, labels)))
    out.append(f"=== Answer key ({n} sheet{'s' if n != 1 else ''}) ===")
    for i, ex in enumerate(exs):
        out.append(f"Sheet {i + 1} (number {ex['seed']}): " + answer_text(ex))
    return "\n\n".join(out)


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

"""Balanced answers (issue 22): over any 40 consecutive exercise numbers no choice of a kind is right more than half
the time, nor more often than its share among the answers that kind and level can have (40 / k, rounded up).

Measured here for every game, kind and level over three windows of 40 that overlap (numbers 0-39, 13-52, 26-65),
and at level 1 one far away too (10**9 .. 10**9 + 39): the exercises are made once each (:func:`_answers`), 2,408
in all, about 10 s of one core. The "choice" is the
place of the right answer in the list of choices (for a seat or a suit that is the seat or the suit; for choices
that are an exercise's own, cards or prices, the place in the list).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from math import ceil

import pytest

from gamester import all_games, commands, quiz

CASES = [(g, k, lv) for g, s in sorted(all_games().items()) if s.site.make_quiz and s.site.quiz_kinds
         for k in s.site.quiz_kinds for lv in quiz.levels_of(s, k)]
WINDOWS = (0, 13, 26, 10 ** 9)


@cache
def _answers(game: str, kind: str, level: int, start: int, count: int = 40) -> tuple[int, ...]:
    return tuple(ex["choices"].index(ex["answer"])
                 for ex in commands.quiz_set(game, start, count, kind, None, level)["data"])


def _window(game, kind, level, start):
    if start == 10 ** 9:
        return _answers(game, kind, level, start)
    numbers = _answers(game, kind, level, 0) + _answers(game, kind, level, 40, 26)
    return numbers[start:start + 40]


def test_every_kind_has_two_levels_at_least():
    for _, spec in sorted(all_games().items()):
        for kind in spec.site.quiz_kinds:
            assert {1, 2} <= set(quiz.levels_of(spec, kind)), (spec.name, kind)
            assert all(isinstance(t, str) and t for t in quiz.levels_of(spec, kind).values())


@pytest.mark.heavy  # the 2,408 exercises: about 10 s of one core (nox -s tests runs it; a bare pytest does not)
@pytest.mark.parametrize(("game", "kind", "level"), CASES)
def test_no_choice_is_right_more_than_its_share(game, kind, level):
    for start in WINDOWS if level == 1 else WINDOWS[:-1]:
        got = Counter(_window(game, kind, level, start))
        assert len(got) >= 2, (start, got)                      # a question with one answer is no question
        top = max(got.values())
        assert top <= 20, (start, got)                          # never more than half
        assert top <= ceil(40 / len(got)), (start, got)         # nor more than its share of the answers


def test_the_intended_order_is_balanced_and_differs_by_kind():
    for k in (2, 3, 4, 5):
        order = [quiz.intended("g", "kind", 1, n, k) for n in range(40)]
        assert max(Counter(order).values()) - min(Counter(order).values()) <= 1
        assert [quiz.intended("g", "kind", 1, n + 40, k) for n in range(40)] == order    # any window: the same counts
    assert [quiz.intended("g", "a", 1, n, 2) for n in range(40)] != [quiz.intended("g", "b", 1, n, 2)
                                                                       for n in range(40)]


def balance_table() -> str:
    """The table of the report: per game, kind and level, how often each choice is right over numbers 0-39."""
    rows = []
    for game, kind, level in CASES:
        got = Counter(_answers(game, kind, level, 0))
        rows.append(f"| {game} | {kind} | {level} | " + ", ".join(f"{chr(65 + c)} {n}" for c, n in sorted(got.items()))
                    + f" | {max(got.values())} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(balance_table())

"""Put's exercises: every answer is the engine's own exact odds for the hands shown."""

from fractions import Fraction

import pytest

from gamester import commands
from gamester.errors import RulesetError
from gamester.games.put import odds as put_odds
from gamester.games.put.rules import PRESETS as PUT_PRESETS

SEEDS = range(12)

def _make(game, seed, kind, ruleset=None):
    """The exercise as every host gets it (gamester.commands.quiz)."""
    return commands.quiz(game, seed, kind, ruleset)["data"]


def _values(ruleset, hand):
    o = PUT_PRESETS[ruleset].options
    return tuple(sorted(len(o.order) - o.order.index(c.split()[0][:-1]) for c in hand.split()))


def test_put_deal_answers_are_the_exact_odds(check_exercise):
    for seed in SEEDS:
        ex = _make("put", seed, "deal")
        check_exercise(ex)
        mine, theirs = (_values("cotton-1674", h) for h in ex["hands"])
        counts = [0] * 13
        for v in theirs:
            counts[v - 1] += 1
        (w, t, lo, total), _ = put_odds.odds(mine, 3, tuple(counts), True, 0, 0, 0, True)
        assert total == 1
        expect = {(1, 0, 0): 0, (0, 0, 1): 1, (0, 1, 0): None}[(w, t, lo)]
        assert ex["answer_seat"] == expect


def test_put_put_answers_follow_the_exact_odds(check_exercise):
    for seed in SEEDS:
        ex = _make("put", seed, "put")
        check_exercise(ex)
        assert ex["answer"] in ("Put", "Play on")
    with pytest.raises(RulesetError, match="no putting"):
        _make("put", 1, "put", "without-putting")


def test_put_put_answers_are_the_expected_points():
    for seed in SEEDS:
        ex = _make("put", seed, "put")
        a, b = (int(x) for x in ex["question"].split("score of ")[1].split(" (")[0].split(" to "))
        mine = _values("cotton-1674", ex["hands"][0])
        counts = [4] * 13
        for v in mine:
            counts[v - 1] -= 1
        (w, _t, lo, total), _ = put_odds.odds(mine, 3, tuple(counts), True, 0, 0, 0, True)
        put_ev = Fraction(w * (5 - a) - lo * (5 - b), total)  # a seen put is played for the game
        play_ev = Fraction(w - lo, total)  # Cotton's rules: a deal played out without a put is one point
        assert ex["answer"] == ("Put" if put_ev > play_ev else "Play on")

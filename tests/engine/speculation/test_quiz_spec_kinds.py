"""Speculation's new exercises: which suit is trumps (the turn-up's) and what the best trump shown is worth (its
chance of staying best times the pool, counted again here from the cards shown)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gamester import commands

from .test_quiz import counted_chance

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


@pytest.mark.parametrize("level", [1, 2])
def test_trumps_are_the_turn_ups_suit(level, check_exercise):
    for seed in range(10):
        ex = commands.quiz("speculation", seed, "trumps", None, level)["data"]
        check_exercise(ex)
        pos = ex["position"]
        assert ex["answer"] == SUITS[pos["turnup"][-1]]
        if level == 2:   # a higher card of another suit is face up too
            t = pos["turnup"]
            assert any(c[-1] != t[-1] and RANKS.index(c[:-1]) > RANKS.index(t[:-1]) for c, _ in pos["shown"])


@pytest.mark.parametrize("level", [1, 2])
def test_worth_is_the_chance_times_the_pool(level, check_exercise):
    for seed in range(10):
        ex = commands.quiz("speculation", seed, "worth", None, level)["data"]
        check_exercise(ex)
        pos = ex["position"]
        chance = counted_chance(pos)
        assert Fraction(pos["chance"]) == chance
        assert ex["answer"].split()[1] == str(round(chance * pos["pool"]))
        assert (3 <= pos["players"] <= 4) == (level == 1)


@pytest.mark.parametrize("level", [1, 2])
def test_price_levels_are_far_from_or_near_the_fair_price(level):
    for seed in range(10):
        pos = commands.quiz("speculation", seed, "price", None, level)["data"]["position"]
        ratio = pos["price"] / (Fraction(pos["chance"]) * pos["pool"])
        assert (ratio <= Fraction(1, 2) or ratio >= Fraction(3, 2)) if level == 1 else \
            Fraction(3, 4) <= ratio <= Fraction(5, 4)

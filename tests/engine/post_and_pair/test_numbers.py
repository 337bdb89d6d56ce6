"""Post and Pair numbers: exact fractions against counts written out here, and the estimate against the exact."""

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from gamester.games.post_and_pair import numbers as ppn
from gamester.games.post_and_pair.showdown import settle

HANDS = comb(52, 3)  # 22,100 hands, all equally likely


def test_one_hand_exact_against_combinatorial_counts():
    got = ppn.hand_chances()
    assert got["pair-royal"] == Fraction(13 * comb(4, 3), HANDS) == Fraction(1, 425)
    assert got["pair"] == Fraction(13 * comb(4, 2) * 48, HANDS)  # the third card of another rank
    assert got["three-card-post"] == Fraction(4 * comb(13, 3), HANDS)
    assert got["two-card-post"] == Fraction(4 * comb(13, 2) * 39, HANDS)
    assert got["nothing"] == Fraction(comb(13, 3) * 4 * 3 * 2, HANDS)  # three ranks, three different suits
    assert all(isinstance(v, Fraction) for v in got.values())


def test_post_of_21_counted_independently():
    # A Post counts 21 as two ten-point cards and the Ace of one suit (three-card), or (ten_ace=21) a ten-point
    # card and the Ace of one suit with the third card of another suit. Court cards count 10, the Ace 1.
    pts = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1]
    three = 4 * sum(1 for c in combinations(range(13), 3) if sum(pts[r] for r in c) == 21)
    two = 4 * 4 * 39
    assert ppn.hand_chances()["post-of-21"] == Fraction(three + two, HANDS)
    assert ppn.hand_chances("reconstruction(ten_ace=11)")["post-of-21"] == Fraction(three, HANDS)


def test_any_pair_royal_exact_for_two_players():
    p1 = Fraction(52, HANDS)
    both = Fraction(52 * 48, HANDS * comb(49, 3))  # the second in one of the twelve other ranks
    assert ppn.any_pair_royal(2) == 2 * p1 - both


@pytest.mark.parametrize("players", [3, 10])
def test_estimate_within_three_standard_errors_of_exact(players):
    show = ppn.show_odds(players, samples=4000, seed=7)
    pr = show["pair_royal_on_table"]
    exact = float(Fraction(pr["exact"]))
    se = max(pr["se"], (exact * (1 - exact) / show["samples"]) ** 0.5)
    assert abs(pr["p"] - exact) <= 3 * se
    # every dish goes to someone (or stays on the table): the sorts of taker add up to one
    for dish, takers in show["dishes"].items():
        assert sum(e["p"] for e in takers.values()) == pytest.approx(1, abs=1e-5), dish


def test_taker_agrees_with_the_engine_settlement():
    hands = ["QH QD QC", "KS KH 2D", "AS 10S 3C"]
    st = settle(None, hands)
    assert ppn._taker(st, "pair") == "pair-royal" and st.winners["pair"] == 0
    st = settle(None, ["KS KH 2D", "AS 10S 3C", "4H 7D 9C"])
    assert ppn._taker(st, "pair") == "pair" and st.winners["pair"] == 0
    assert ppn._taker(st, "post") == "post-of-21" and st.winners["post"] == 1  # a Ten-Ace counts 21
    st = settle(None, ["KS KH 2D", "AS 9S 3C", "4H 7D 9C"])
    assert ppn._taker(st, "post") == "two-card-post" and st.winners["post"] == 1


def test_show_is_deterministic_per_seed():
    a = ppn.show_odds(4, samples=500, seed=3)
    b = ppn.show_odds(4, samples=500, seed=3)
    c = ppn.show_odds(4, samples=500, seed=4)
    assert a == b and a != c

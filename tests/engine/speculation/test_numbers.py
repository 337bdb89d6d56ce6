"""Speculation numbers: the turn-up's chance against a count written out here."""

from fractions import Fraction
from math import comb

import pytest

from gamester.errors import RulesetError
from gamester.games.speculation import numbers as sn


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("rank, higher", [("A", 0), ("K", 1), ("9", 5)])
def test_turned_card_stays_best_when_no_higher_trump_is_dealt(players, rank, higher):
    # 51 unseen cards, 3 per player dealt: the card stays best if none of the `higher` trumps above it is dealt
    k = 3 * players
    expect = Fraction(comb(51 - higher, k), comb(51, k))
    assert sn.turnup_chance(players, rank) == expect


def test_table_prices_are_chance_times_pool():
    t = sn.table(players=range(3, 4))
    row = t["rows"][0]
    assert row["pool"] == 4
    assert row["price_by_rank"]["A"] == 4.0
    assert row["face_down_price"] == pytest.approx(float(Fraction(row["face_down"])) * 4, abs=1e-3)


def test_bad_players():
    with pytest.raises(RulesetError):
        sn.turnup_chance(11, "A")
    with pytest.raises(RulesetError):
        sn.turnup_chance(7, "A", "short-pack")

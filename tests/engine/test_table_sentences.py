"""The table's sentences as a class reads them (issue 33): no sentence ends in two full stops ("to trick 1.."), and
Put's end does not say a game was won in one deal when it took more."""

from __future__ import annotations

import random
import re

import pytest

import gamester  # noqa: F401  (registers every game)
from gamester import all_games
from gamester.games.put.table import _no_points
from gamester.registry import get_game
from gamester.table import table_for

GAMES = sorted(all_games())
DOUBLE_STOP = re.compile(r"(?<!\.)\.\.(?!\.)")   # ".." but not an ellipsis


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("reader", [None, 0])
def test_no_sentence_of_a_table_ends_in_two_full_stops(game, reader):
    spec = get_game(game)
    lo, hi = spec.new_state(spec.default_options(), 2, 0).player_range
    for seed in range(6):
        st = spec.new_state(spec.default_options(), max(lo, min(3, hi)), seed)
        rng = random.Random(seed)
        while True:
            t = table_for(st, reader)
            for text in (t.prompt, t.between, t.subtitle):
                assert not DOUBLE_STOP.search(text or ""), (game, seed, text)
            if st.is_terminal():
                break
            st.apply(rng.choice(st.legal_actions()))


def test_a_put_game_won_without_points_says_on_which_deal():
    assert _no_points(1).endswith("the game was won in one deal.")
    assert "won on deal 2" in _no_points(2) and "the deal before it scored nothing" in _no_points(2)
    assert "the 2 deals before it" in _no_points(3)
    assert "one deal" not in _no_points(2)


def test_a_put_game_won_on_its_second_deal_by_a_put_is_not_said_to_take_one_deal():
    """A played game: the first deal scores nothing (trick and tie or all tied), the second is won by a seen put."""
    spec = get_game("put")
    for seed in range(400):
        st = spec.new_state(spec.default_options(), 2, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        t = table_for(st, None)
        if t.end is None or t.end.ledger:
            continue   # points were scored: the end lists them
        deals = st.to_record()["deals"]
        if len(deals) < 2:
            continue
        assert "in one deal" not in t.end.no_ledger and f"won on deal {len(deals)}" in t.end.no_ledger
        return
    pytest.skip("no game of 400 was won without points after more than one deal")

"""The table's sentences as a class reads them (issue 33): no sentence ends in two full stops ("to trick 1..").
What a game's end says of its own game is tested in its folder (tests/engine/put/test_table_words.py)."""

from __future__ import annotations

import random
import re

import pytest

import gamester  # noqa: F401  (registers every game)
from gamester import all_games
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

"""Post and Pair's table keeps what it drew for the deal in play (its seats, its dishes: each made again only when
what it shows changed): a table drawn after any move, for any reader, is the table a fresh state at that step draws."""

from __future__ import annotations

import pytest

from gamester.registry import get_game
from gamester.state import RandomBot
from gamester.table import table_for

SPEC = get_game("post-and-pair")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_kept_table_is_the_table_drawn_afresh(seed):
    opts = SPEC.options_for(SPEC.default_preset, {"deals": "8"})  # (several deals: the kept deal is new at each)
    state = SPEC.new_state(opts, 4, seed)
    bot = RandomBot(seed)
    readers = [0, None, 2, 0, 3]
    k = 0
    while not state.is_terminal() and len(state.history) < 150:
        state.apply(bot.choose(state, state.current_player()))
        fresh = SPEC.new_state(opts, 4, seed)
        for a in state.history:
            fresh.apply(a)
        for reader in (readers[k % len(readers)], 1):  # a reader that changes, and one drawn at every move
            kept, new = table_for(state, reader), table_for(fresh, reader)
            assert [vars(p) for p in kept.money] == [vars(p) for p in new.money]
            assert [vars(s) for s in kept.seats] == [vars(s) for s in new.seats]
        k += 1
    assert len(state.history) > 40

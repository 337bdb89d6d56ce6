"""A test of a test (issue 34): test_web's "a game of n moves costs n engine actions, not n squared" must fail on an
adapter that replays. Two such adapters are made here by patching ``web`` and ``web_positions``: one that forgets every state it answered
(so each move replays the record from its start), and one that keeps a state rebuilt by replaying the record after
each move. Either costs about n * n / 2 actions for a game of n moves; the test, run on each, must raise."""

from __future__ import annotations

import re

import pytest

from gamester import all_games
from gamester.hosts import web, web_positions

from .test_web import test_a_game_of_n_moves_costs_n_engine_actions_not_n_squared as n_moves_cost_n_actions

GAME = sorted(g for g in all_games() if g != "toy")[0]


def _forgets(keep):
    return lambda spec, state: None


def _keeps_a_replayed_copy(keep):
    def replaying(spec, state):
        copy = spec.new_state(state.options, state.players, state.seed)
        for a in state.history:
            copy.apply(a)
        keep(spec, copy)
    return replaying


def _counts(message: str) -> tuple[int, int]:
    """The (actions applied, moves in the record) the test's failure names."""
    applied, n = re.match(r"^\((\d+), (\d+)\)", message).groups()
    return int(applied), int(n)


@pytest.mark.parametrize("defect", [_forgets, _keeps_a_replayed_copy])
def test_the_n_moves_test_fails_on_an_adapter_that_replays(defect, monkeypatch):
    broken = defect(web_positions._keep)
    monkeypatch.setattr(web, "_keep", broken)             # the ops' own keeping (web.py)
    monkeypatch.setattr(web_positions, "_keep", broken)   # and a position's reply (web_positions.py)
    with pytest.raises(AssertionError, match=r"^\((\d+), (\d+)\)") as failed:
        n_moves_cost_n_actions(GAME, monkeypatch)
    web._OPEN.clear()
    applied, n = _counts(str(failed.value))
    assert applied >= n * (n - 1) // 2, (applied, n)  # it failed on the count, and the count is n squared


def test_the_n_moves_test_passes_on_the_real_adapter(monkeypatch):
    n_moves_cost_n_actions(GAME, monkeypatch)

"""One Outcome for every game (gamester.state.Outcome): returns with their unit, winners as seats, how it ended, and
counters conserved in every settlement, checked over many seeded games of every registered game."""

from __future__ import annotations

import json

import pytest

from gamester import NotationError, RulesetError, all_games, records
from gamester.state import Outcome, RandomBot, play_bots

GAMES = sorted(all_games())
SEEDS = range(12)


def _playouts(name: str):
    spec = all_games()[name]
    lo, hi = spec.player_range
    for preset in spec.presets.values():
        for players in sorted({lo, min(hi, lo + 1), min(hi, 5)}):
            try:
                spec.new_state(preset.options, players, 0)
            except RulesetError:  # a ruleset for fewer seats (Truc is for two)
                continue
            for seed in SEEDS:
                yield preset.name, players, seed, spec.new_state(preset.options, players, seed)



@pytest.mark.parametrize("game", GAMES)
def test_every_state_gives_an_outcome_and_counters_are_conserved(game):
    n = 0
    for preset, players, seed, state in _playouts(game):
        where = f"{game} {preset} players={players} seed={seed}"
        steps = 0
        while True:
            o = state.outcome()
            assert isinstance(o, Outcome) and len(o.returns) == players, where
            assert o.unit in ("counter", "point"), where
            assert list(o.returns) == state.returns(), where
            if o.zero_sum:  # every counter a seat lost lies with another seat, the box, the pool or a dish
                assert o.unit == "counter", where
                assert sum(o.returns) + sum(c for _, c in o.elsewhere) == 0, (where, o)
            if not state.is_terminal():
                assert not o.finished and o.winners == () and o.ended == "", (where, o)
                if steps > 400:
                    break
                state.apply(RandomBot(seed * 7919 + steps).choose(state, state.current_player()))
                steps += 1
                continue
            assert o.finished and o.ended, (where, o)
            assert o.returns == tuple(state.to_record()[state.returns_key]), where
            if o.unit == "counter":  # who came out ahead
                top = max(o.returns)
                assert o.winners == (tuple(s for s, v in enumerate(o.returns) if v == top) if top > 0 else ()), where
            else:  # points: the game has a winner (with his partner), and he has the most points
                assert o.winners and all(o.returns[w] == max(o.returns) for w in o.winners) or o.clause, where
            json.dumps(o.to_json())
            n += 1
            break
    assert n >= len(SEEDS), f"{game}: only {n} games finished"


@pytest.mark.parametrize("game", GAMES)
def test_a_zero_sum_game_says_so(game):
    spec = all_games()[game]
    state = spec.new_state(spec.presets[spec.default_preset].options, spec.player_range[0], 3)
    play_bots(state, lambda name, seed: RandomBot(seed), ["random"] * spec.player_range[0])
    o = state.outcome()
    assert o.zero_sum == (o.unit == "counter")


def test_an_outcome_that_loses_a_counter_is_refused():
    Outcome((2, -1, -1), "counter")
    Outcome((3, -1, -1), "counter", elsewhere=(("the pool", -1),))
    with pytest.raises(ValueError, match="not conserved"):
        Outcome((2, -1, 0), "counter")
    with pytest.raises(ValueError, match="counts counter or point"):
        Outcome((1, -1), "shilling")
    with pytest.raises(ValueError, match="not all seats"):
        Outcome((1, -1), "counter", winners=(2,))
    Outcome((5, 2), "point", winners=(0,), finished=True, ended="five up", zero_sum=False)


def test_each_game_words_its_own_lists_in_a_forged_record():
    """records.py names a list's item in the game's words (CLAIM_LISTS): Put's tricks, Speculation's offers."""
    put = all_games()["put"]
    state = put.new_state(put.presets[put.default_preset].options, 2, 1)
    play_bots(state, lambda name, seed: RandomBot(seed), ["random", "random"])
    rec = state.to_record()
    trick = rec["deals"][0]["tricks"][0]
    trick["winner"] = 1 - trick["winner"] if trick["winner"] is not None else 0
    with pytest.raises(NotationError, match=r"^deal 1, trick 1: "):
        records.check(rec)
    spec = all_games()["speculation"]
    for seed in range(40):
        state = spec.new_state(spec.presets[spec.default_preset].options, 3, seed)
        play_bots(state, lambda name, s: RandomBot(s), ["random"] * 3)
        rec = state.to_record()
        if rec["deals"][0]["offers"]:
            break
    rec["deals"][0]["offers"][0]["seller"] = (rec["deals"][0]["offers"][0]["seller"] + 1) % 3
    with pytest.raises(NotationError, match=r"^deal 1, offer 1: "):
        records.check(rec)

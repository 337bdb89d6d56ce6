"""One Outcome for every game (gamester.state.Outcome): returns with their unit, winners as seats, how it ended, and
counters conserved in every settlement, checked over many seeded games of every registered game."""

from __future__ import annotations

import json
import re

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


def _forge(item):
    """The item with one value changed (a number by one, a flag flipped, a word lengthened): its first plain value,
    else within its first value."""
    if isinstance(item, dict):
        plain = [k for k, v in item.items() if not isinstance(v, (dict, list))]
        k = plain[0] if plain else next(iter(item))
        return {**item, k: _forge(item[k])}
    if isinstance(item, list):
        return [_forge(item[0]), *item[1:]] if item else [0]
    if isinstance(item, bool):
        return not item
    if isinstance(item, int):
        return item + 1
    return f"{item}x" if isinstance(item, str) else 0


def _first(holder, field, path=()):
    """The path to the first non-empty list called ``field`` in a record, however deep (a trick's plays)."""
    if isinstance(holder, dict):
        if isinstance(holder.get(field), list) and holder[field]:
            return (*path, field)
        items = holder.items()
    elif isinstance(holder, list):
        items = enumerate(holder)
    else:
        return None
    for k, v in items:
        if (found := _first(v, field, (*path, k))) is not None:
            return found
    return None


LISTED = [(name, field) for name, spec in sorted(all_games().items())
          for field in (getattr(spec.site.narrator, "CLAIM_LISTS", None) or {})]


@pytest.mark.parametrize(("game", "field"), LISTED)
def test_each_game_words_its_own_lists_in_a_forged_record(game, field):
    """records.py names a list's item in the game's words (its narrator's CLAIM_LISTS: Put's tricks, Speculation's
    offers ...): a forged first item of each list a game declares is reported as that item, where it lies."""
    spec = all_games()[game]
    lists = {**records.CLAIM_LISTS, **spec.site.narrator.CLAIM_LISTS}
    lo, hi = spec.player_range
    for seed in range(40):
        players = lo + seed % (min(hi, lo + 2) - lo + 1)
        state = spec.new_state(spec.presets[spec.default_preset].options, players, seed)
        play_bots(state, lambda name, s: RandomBot(s), ["random"] * players)
        rec = state.to_record()
        if (path := _first(rec, field)) is not None:
            break
    else:
        pytest.fail(f"no game of {spec.title} in 40 seeds has an item of {field!r}")
    holder = rec
    for k in path[:-1]:
        holder = holder[k]
    holder[field][0] = _forge(holder[field][0])
    said = [lists[k].format(n=i + 1) for k, i in zip(path, (*path[1:], 0), strict=True)
            if isinstance(k, str) and k in lists]
    with pytest.raises(NotationError, match="^" + re.escape(", ".join(said)) + ": "):
        records.check(rec)



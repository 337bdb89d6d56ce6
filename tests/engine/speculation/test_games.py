"""Speculation conformance: random playouts over every preset and over mixes of options.

Invariants checked on every record: the pool is conserved (``sum(net) + carried_out - carried_in == 0`` per deal,
and each deal brings in what the last carried out); the winner holds the best trump among all cards in play (or the
pool stays, and then the best trump is the pool's, the spare hand's, or a barred player's); every card in play is
turned exactly once; every ledger line names a registered ``spec.`` clause; records replay exactly.
"""

import itertools
import json
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamester import IllegalActionError, get_game, replay
from gamester.cards import Card
from gamester.clauses import all_clauses, get_clause
from gamester.games.speculation import MAX_PLAYERS, PRESETS, SpeculationOptions, SpeculationState
from gamester.state import TERMINAL

SPEC = get_game("speculation")
CHOICES = {s.name: list(s.choices) if s.choices else list(range(s.range[0], s.range[1] + 1))
           for s in SpeculationOptions.specs() if s.name not in ("deals", "peek_penalty")}


def random_options(rng: random.Random) -> SpeculationOptions:
    pairs = {k: str(rng.choice(v)) for k, v in CHOICES.items()}
    pairs["peek_penalty"] = str(rng.randint(1, 3))
    pairs["deals"] = str(rng.randint(1, 4))
    return SpeculationOptions().with_options(pairs)


def check_record(rec: dict, options: SpeculationOptions) -> None:
    players = rec["players"]
    assert rec["ruleset"] == options.to_string() and SPEC.parse_ruleset(rec["ruleset"]) == options
    carried = 0
    total = [0] * players
    for d in rec["deals"]:
        assert d["complete"]
        assert d["carried_in"] == carried
        assert sum(d["net"]) + d["carried_out"] - d["carried_in"] == 0
        carried = d["carried_out"]
        total = [a + b for a, b in zip(total, d["net"], strict=True)]
        for cid in d["clauses"]:
            assert get_clause(cid).id.startswith("spec.")
        for line in d["ledger"]:
            assert get_clause(line["clause"]).id.startswith("spec.")
            assert line["counters"] > 0 and line["reason"]
        holders = d["holders"]
        turn_up = d["turn_up"]
        trump = turn_up[-1]
        hands = [h.split() for h in d["hands"]]
        assert all(len(h) == 3 for h in hands) and len(hands) == players
        in_play = [c for h in hands for c in h] + [turn_up] + (d["spare"].split() if d["spare"] else [])
        assert sorted(holders) == sorted(in_play) and len(set(in_play)) == len(in_play)
        if d["passed"]:
            assert options.court_turnup == "deal-passes" and Card.parse(turn_up).rank.text in "AKQJ"
            best = turn_up
            assert [e[1] for e in d["exposures"]] == [turn_up]
        else:
            trumps = [Card.parse(c) for c in in_play if c.endswith(trump)]
            best = str(max(trumps, key=lambda c: c.rank.index))
            shown = [e[1] for e in d["exposures"]]
            assert sorted(shown) == sorted(in_play)  # every card in play turned exactly once
        assert d["best"] == best
        holder = holders[best]
        if d["winner"] is not None:
            assert d["winner"] == holder and d["carried_out"] == 0 and holder not in d["peeks"]
        else:
            assert holder is None or holder in d["peeks"]
            assert d["carried_out"] >= d["carried_in"] and d["pool_stays"]
        if holder is None and best == turn_up:
            assert options.turnup_pool == "on"
        for s in d["sales"]:
            assert s["seller"] != s["buyer"] and s["price"] >= 1
        if options.turnup_pool == "on":
            assert all(o["what"] != "turn-up" for o in d["offers"])
    assert total == rec["net"]
    assert sum(rec["net"]) + rec["pool_left"] == 0
    assert rec["pool_left"] == carried


def run_game(options, players, seed, bots, check_illegal=False):
    state = SpeculationState(options, players, seed)
    agents = [SPEC.make_bot(bots[i % len(bots)], seed * 17 + i) for i in range(players)]
    steps = 0
    while state.current_player() != TERMINAL:
        legal = state.legal_actions()
        assert legal
        if check_illegal:
            before = json.dumps(state.to_record(), sort_keys=True)
            with pytest.raises(IllegalActionError):
                state.apply("bid 0")
            assert json.dumps(state.to_record(), sort_keys=True) == before
        p = state.current_player()
        state.apply(agents[p].choose(state, p))
        steps += 1
        assert steps < 20_000
    return state


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("bots", [("random",), ("cautious", "speculator")])
def test_presets_conform(preset, bots):
    options = PRESETS[preset].options
    for seed in range(6):
        players = 2 + seed % (MAX_PLAYERS[options.pack] - 1)
        state = run_game(options, players, seed, bots, check_illegal=seed == 0)
        rec = state.to_record()
        check_record(rec, options)
        assert replay(json.loads(json.dumps(rec))).to_record() == rec


def test_option_mixes_conform_and_apply_every_clause():
    rng = random.Random(2026)
    used = set()
    for i in range(24):
        options = random_options(rng)
        players = rng.randint(2, MAX_PLAYERS[options.pack])
        state = run_game(options, players, i, (rng.choice(["random", "cautious", "speculator"]),))
        rec = state.to_record()
        check_record(rec, options)
        assert replay(rec).to_record() == rec
        for d in rec["deals"]:
            used.update(d["clauses"])
            used.update(line["clause"] for line in d["ledger"])
    assert used == {c.id for c in all_clauses("spec.")}


def test_every_option_value_is_exercised():
    # the binary options, each value in a game of its own with the others at their defaults
    for name, values in CHOICES.items():
        for v in values:
            options = SpeculationOptions().with_options({name: str(v), "deals": "2"})
            state = run_game(options, 4, 3, ("random",))
            check_record(state.to_record(), options)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), mix=st.integers(0, 2**20), players=st.integers(2, 10),
       bot=st.sampled_from(["random", "cautious", "speculator"]))
def test_property_random_games_conform(seed, mix, players, bot):
    options = random_options(random.Random(mix))
    players = min(players, MAX_PLAYERS[options.pack])
    state = run_game(options, players, seed, (bot,))
    rec = state.to_record()
    check_record(rec, options)
    assert replay(rec).to_record() == rec


@pytest.mark.slow
def test_soak():
    n = int(os.environ.get("GAMESTER_SOAK", 2000))
    rng = random.Random(1674)
    # mostly random play (fast, and it reaches odd corners); every fifth game the chance-following bots
    bots = itertools.cycle(["random", "random", "cautious", "random", "random", "random", "random", "speculator",
                            "random", "random"])
    for i in range(n):
        options = random_options(rng)
        players = rng.randint(2, MAX_PLAYERS[options.pack])
        state = run_game(options, players, rng.getrandbits(40), (next(bots),))
        rec = state.to_record()
        check_record(rec, options)
        if i % 50 == 0:
            assert replay(rec).to_record() == rec

"""Put conformance: seeded playouts for every preset, player count and bot; records replay; points add up.

``GAMESTER_SOAK`` (default 2000) sets the number of games in the slow soak (``nox -s soak`` runs 100,000: some
six minutes on one core).
"""

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamester import IllegalActionError, RulesetError, get_game, replay
from gamester.clauses import get_clause
from gamester.state import TERMINAL

SPEC = get_game("put")
PRESETS = sorted(SPEC.presets)
BOTS = sorted(SPEC.bots)


def players_for(preset):
    return [2] if SPEC.presets[preset].options.betting == "double" else [2, 3, 4]


def play_game(preset, players, seed, bots):
    state = SPEC.new_state(SPEC.presets[preset].options, players, seed)
    seats = [SPEC.make_bot(bots[i % len(bots)], seed * 7 + i) for i in range(players)]
    steps = 0
    while state.current_player() != TERMINAL:
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}: {state.state_string()}"
        p = state.current_player()
        a = seats[p].choose(state, p)
        assert a in legal
        state.apply(a)
        steps += 1
        assert steps < 5000, state.state_string()
    return state


def check_record(state):
    rec = state.to_record()
    assert replay(json.loads(json.dumps(rec))).to_record() == rec
    target = state.options.game_points
    sides = state.sides
    # points add up: every deal's points, the ledger and the score agree
    # (in a rubber, each game's deals add up to that game's score, and "score" is the last game's)
    games = rec["rubber"]["games"] if "rubber" in rec else [{"deals": [1, len(rec["deals"])], "score": rec["score"]}]
    assert games[0]["deals"][0] == 1 and games[-1]["deals"][1] == len(rec["deals"])
    assert games[-1]["score"] == rec["score"]
    total = 0
    for g in games:
        per_side = [0] * sides
        for d in rec["deals"][g["deals"][0] - 1:g["deals"][1]]:
            assert len(d["hands"]) == state.players and all(len(h.split()) == 3 for h in d["hands"])
            assert d["result"] is not None
            for p in d["points"]:
                per_side[state.side(p["seat"])] += p["points"]
                get_clause(p["clause"])
            for t in d["tricks"]:
                assert t["winner"] is None or t["winner"] in [s for s, _ in t["plays"]]
                get_clause(t["clause"])
            assert len(d["tricks"]) <= 3
        assert [per_side[state.side(s)] for s in range(state.players)] == g["score"]
        total += sum(per_side)
    if "rubber" in rec:
        r = rec["rubber"]
        assert r["games_won"][rec["winner"]] == r["games_to_win"] == state.options.rubber
        assert [state.side(g["winner"]) for g in games].count(state.side(rec["winner"])) == r["games_to_win"]
        assert all(d["game"] == g["number"] for g in games for d in rec["deals"][g["deals"][0] - 1:g["deals"][1]])
    assert sum(ln["counters"] for ln in rec["ledger"]) == total
    assert rec["winner"] is not None
    get_clause(rec["won_by"])
    if rec["won_by"] in ("put.game.five-up", "put.truc.game"):
        assert rec["score"][rec["winner"]] >= target
    else:
        last = rec["deals"][-1]["result"]
        assert last["winner"] == rec["winner"] and last["kind"] in ("put-won", "won-outright")
    return rec


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_every_table_every_bot(preset):
    for players in players_for(preset):
        for i, bot in enumerate(BOTS):
            for seed in range(3):
                state = play_game(preset, players, seed * 10 + i, [bot, BOTS[(i + 1) % len(BOTS)]])
                check_record(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_rubber_of_two_games_at_any_table(players):
    # put.truc.rubber is Truc's, but rubber=2 may be chosen for Put too: partners win games as a side
    options = SPEC.default_options().replace(rubber=2, game_points=2)
    for seed in range(3):
        state = SPEC.new_state(options, players, seed)
        seats = [SPEC.make_bot(("calculating", "random", "bold")[i % 3], seed + i) for i in range(players)]
        while state.current_player() != TERMINAL:
            p = state.current_player()
            state.apply(seats[p].choose(state, p))
        rec = check_record(state)
        assert rec["rubber"]["games_won"][rec["winner"]] == 2
        if players == 4:
            assert rec["rubber"]["games_won"][rec["winner"]] == rec["rubber"]["games_won"][(rec["winner"] + 2) % 4]


def test_an_illegal_action_changes_nothing():
    state = SPEC.new_state(SPEC.default_options(), 2, 3)
    before = state.to_record()
    for bad in ("see", "accept", "double", "throw-up", "give 3S", "play 3S 4S"):
        if bad in state.legal_actions():
            continue
        with pytest.raises((IllegalActionError, ValueError)):
            state.apply(bad)
    assert state.to_record() == before


def test_truc_is_two_handed_only():
    with pytest.raises(RulesetError):
        SPEC.new_state(SPEC.presets["truc"].options, 4, 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), preset=st.sampled_from(PRESETS), players=st.integers(2, 4),
       picks=st.lists(st.integers(0, 100), min_size=1, max_size=400))
def test_any_sequence_of_legal_actions_replays(seed, preset, players, picks):
    if SPEC.presets[preset].options.betting == "double":
        players = 2
    state = SPEC.new_state(SPEC.presets[preset].options, players, seed)
    for k in picks:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal
        state.apply(legal[k % len(legal)])
        for seat in range(players):  # a seat's view never shows another seat's hand
            v = state.view(seat)
            assert all(isinstance(h, int) for o, h in enumerate(v["hands"]) if o != seat)
            assert v["hands"][seat] == " ".join(map(str, state.held()[seat]))
    rec = state.to_record()
    assert replay(rec).to_record() == rec


@pytest.mark.slow
def test_soak():
    """Random bots mostly (fast); one game in 25 has a calculating, cautious or bold bot at one seat."""
    n = int(os.environ.get("GAMESTER_SOAK", 2000))
    for g in range(n):
        preset = PRESETS[g % len(PRESETS)]
        tables = players_for(preset)
        players = tables[(g // len(PRESETS)) % len(tables)]
        bots = ["random"] if g % 25 else [BOTS[(g // 25) % len(BOTS)], "random"]
        check_record(play_game(preset, players, g, bots))

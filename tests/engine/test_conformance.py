"""The generic conformance test: every game x every ruleset, random seeded playouts.

Invariants: legal actions exist until the end; an illegal action raises and changes nothing; the record replays
to the same record; ruleset strings round-trip; every ledger line names a registered clause; the ledger balances.
"""

import json
import os

import pytest

from gamester import IllegalActionError, RulesetError, get_game, play_out, replay
from gamester.clauses import get_clause
from gamester.game import TERMINAL
from gamester.registry import games

SEEDS = range(int(os.environ.get("GAMESTER_CONFORMANCE_SEEDS", 12)))
CASES = [(name, preset) for name, spec in sorted(games().items()) for preset in spec.presets]


def _ledger_lines(obj):
    """Every ledger line anywhere in a record (games nest them per deal)."""
    if isinstance(obj, dict):
        if {"from", "to", "counters", "clause", "reason"} <= obj.keys():
            yield obj
        for v in obj.values():
            yield from _ledger_lines(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _ledger_lines(v)


def _players(spec, seed):
    lo, hi = spec.players
    return lo + seed % (min(hi, lo + 4) - lo + 1)


@pytest.mark.parametrize("game, preset", CASES)
def test_random_playouts_conform(game, preset):
    spec = get_game(game)
    options = spec.presets[preset].options
    for seed in SEEDS:
        try:
            state = spec.new_state(options, _players(spec, seed), seed)
        except RulesetError:
            state = spec.new_state(options, spec.players[0], seed)  # a preset may fix the number of players
        bots = [spec.make_bot("random", seed * 31 + i) for i in range(state.players)]
        steps = 0
        while state.current_player() != TERMINAL:
            legal = state.legal_actions()
            assert legal, f"no legal action in {state.phase}: {state.state_string()}"
            before = json.dumps(state.to_record(), sort_keys=True)
            with pytest.raises(IllegalActionError):
                state.apply("no-such-action 999")
            assert json.dumps(state.to_record(), sort_keys=True) == before, "an illegal action changed the state"
            state.apply(bots[state.current_player()].choose(state, state.current_player()))
            steps += 1
            assert steps < 20_000
        record = state.to_record()
        assert state.returns() == record[state.returns_key], "returns() disagrees with the record"
        assert replay(json.loads(json.dumps(record))).to_record() == record
        assert spec.parse_ruleset(record["ruleset"]) == options
        for line in _ledger_lines(record):
            get_clause(line["clause"])
            assert line["counters"] > 0 and line["reason"]


@pytest.mark.parametrize("game", sorted(games()))
def test_every_bot_finishes_a_game(game):
    spec = get_game(game)
    for name in spec.bots:
        state = spec.new_state(spec.default_options(), spec.players[0], 7)
        play_out(state, [spec.make_bot(name, i) for i in range(state.players)])
        assert state.is_terminal()


@pytest.mark.parametrize("game", sorted(games()))
def test_views_share_keys_and_roles_come_from_the_deal(game):
    spec = get_game(game)
    state = spec.new_state(spec.default_options(), spec.players[0], 3)
    bots = [spec.make_bot("random", i) for i in range(state.players)]
    while not state.is_terminal():
        seat = state.current_player()
        v = state.view(seat)
        assert v["to_act"] == seat
        own = " ".join(map(str, state.held()[seat]))
        assert v["hands"][seat] == (own if state.may_see(seat, seat) else len(state.held()[seat]))
        assert all(isinstance(h, int) for o, h in enumerate(v["hands"]) if o != seat)
        dealer, eldest = state.dealer_and_eldest()
        assert v["roles"] == {str(eldest): "eldest", str(dealer): "dealer"}
        state.apply(bots[seat].choose(state, seat))
    deals = state.to_record()["deals"]
    assert all(isinstance(d["eldest"], int) and d["eldest"] != d["dealer"] for d in deals)


@pytest.mark.parametrize("game", sorted(games()))
@pytest.mark.parametrize("players", [0, 1, 99, -1, True, "2"])
def test_a_bad_seat_count_is_a_ruleset_error(game, players):
    spec = get_game(game)
    with pytest.raises(RulesetError, match="players"):
        spec.new_state(spec.default_options(), players, 1)
    state_class = type(spec.new_state(spec.default_options(), spec.players[0], 1))
    with pytest.raises(RulesetError, match="players"):
        state_class(spec.default_options(), players, 1)

"""The one conformance test: every game x every preset, random seeded playouts, and the invariants every game keeps.

Per game: legal actions exist until the end; an illegal action raises and changes nothing; the record replays to
the same record; the ruleset string round-trips; returns() is the record's net (or score); views share to_act,
hands and roles (roles from the deal in play); a bad seat count is a RulesetError.
Per deal (and per record) that keeps a ledger: every line names a registered clause with a reason and moves at
least one counter; the seats' lines add up to the net the record claims; the lines to the box add up to the box it
claims; what the dishes (or the pool) kept adds up to what was carried out less what was carried in; and each deal
brings in what the one before carried out. The games' own rules are tested in tests/engine/<game>/.
"""

import json
import os
from collections import defaultdict

import pytest

from gamester import BOX, IllegalActionError, RulesetError, all_games, get_game, play_out, replay
from gamester.clauses import all_clauses
from gamester.state import TERMINAL

SEEDS = range(int(os.environ.get("GAMESTER_CONFORMANCE_SEEDS", 12)))
CLAUSES = {c.id for c in all_clauses()}
CASES = [(name, preset) for name, spec in sorted(all_games().items()) for preset in spec.presets]


def _players(spec, seed):
    lo, hi = spec.player_range
    return lo + seed % (min(hi, lo + 4) - lo + 1)


def _total(carried):
    """Counters carried: Post and Pair keeps them per dish (a dict), Speculation in the pool (a number)."""
    return sum(carried.values()) if isinstance(carried, dict) else carried


def check_ledger(holder: dict, players: int, prefix: str = "") -> int:
    """The invariants of one ledger-keeping deal or record; returns how many lines were checked."""
    seats = [0] * players
    parties: dict[str, int] = defaultdict(int)
    for ln in holder["ledger"]:
        assert ln["clause"] in CLAUSES and ln["clause"].startswith(prefix), f"{ln['clause']}: not a clause of {prefix}"
        assert isinstance(ln["counters"], int) and ln["counters"] > 0 and ln["reason"]
        for party, sign in ((ln["from"], -1), (ln["to"], 1)):
            if isinstance(party, int):
                assert 0 <= party < players
                seats[party] += sign * ln["counters"]
            else:
                parties[party] += sign * ln["counters"]
    if isinstance(holder.get("net"), list):
        assert seats == holder["net"], "the seats' ledger lines do not add up to the net the record claims"
    if isinstance(holder.get("box"), int):
        assert parties.get(BOX, 0) == holder["box"], "the lines to the box do not add up to the box"
    cin, cout = holder.get("carried_in"), holder.get("carried_out")
    if cin is not None and cout is not None:
        kept = sum(v for k, v in parties.items() if k != BOX)
        assert kept == _total(cout) - _total(cin), "what the table kept is not what was carried out less carried in"
    return len(holder["ledger"])


def check_record(record: dict) -> int:
    n, prefix = record["players"], get_game(record["game"]).clause_prefix  # a line cites its own game's clauses
    lines = check_ledger(record, n, prefix) if isinstance(record.get("ledger"), list) else 0
    deals = record.get("deals") if isinstance(record.get("deals"), list) else []
    for before, d in zip([None, *deals], deals, strict=False):
        if isinstance(d.get("ledger"), list):
            lines += check_ledger(d, n, prefix)
        if before is not None and "carried_in" in d and before.get("carried_out") is not None:
            assert d["carried_in"] == before["carried_out"], "a deal did not bring in what the last one carried out"
    return lines


@pytest.mark.parametrize("game, preset", CASES)
def test_random_playouts_conform(game, preset):
    spec = get_game(game)
    options = spec.presets[preset].options
    checked = 0
    for seed in SEEDS:
        try:
            state = spec.new_state(options, _players(spec, seed), seed)
        except RulesetError:
            state = spec.new_state(options, spec.player_range[0], seed)  # a preset may fix the number of players
        bots = [spec.make_bot("random", seed * 31 + i) for i in range(state.players)]
        steps = 0
        while state.current_player() != TERMINAL:
            legal = state.legal_actions()
            assert legal, f"no legal action in {state.phase}: {state.state_string()}"
            if steps % 7 == 0:
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
        checked += check_record(record)
    assert checked > 0, "no ledger line was checked"


def _broken_claims(holder: dict, prefix: str):
    """Each claim a ledger-keeping deal (or record) makes, with a way to break it: (claim, break)."""
    if isinstance(holder.get("net"), list):
        yield "net", lambda h: h["net"].__setitem__(0, h["net"][0] + 1)
    if isinstance(holder.get("box"), int):
        yield "box", lambda h: h.__setitem__("box", h["box"] + 1)
    if holder.get("carried_in") is not None and holder.get("carried_out"):  # per dish (a dict), or a pool
        def carry(h):
            out = h["carried_out"]
            if isinstance(out, dict):
                out[next(iter(out))] += 1
            else:
                h["carried_out"] = out + 1
        yield "carried_out", carry
    other = next(c for c in sorted(CLAUSES) if not c.startswith(prefix))  # another game's clause
    yield "clause", lambda h: h["ledger"][0].__setitem__("clause", other)


def test_the_ledger_check_can_fail():
    """The invariants above are not true by construction: in every game that keeps a ledger, a record whose claims
    disagree with its lines fails, claim by claim (its net, its box, what it carried out, a line's clause)."""
    checked = []
    for name, spec in sorted(all_games().items()):
        lo, hi = spec.player_range
        players = min(max(lo, 3), hi)
        for seed in range(5, 25):
            state = play_out(spec.new_state(spec.default_options(), players, seed),
                             [spec.make_bot(b, i) for i, b in enumerate(spec.bot_names([], players))])
            record = state.to_record()
            check_record(record)
            where = [("record", record)] + [(i, d) for i, d in enumerate(record.get("deals") or [])]
            found = next(((at, h) for at, h in where if isinstance(h, dict) and h.get("ledger")), None)
            if found is not None:
                break
        if found is None:
            continue  # a game that keeps no ledger (its tests say what it keeps)
        at, holder = found
        for claim, bad in _broken_claims(holder, spec.clause_prefix):
            broken = json.loads(json.dumps(record))
            bad(broken if at == "record" else broken["deals"][at])
            with pytest.raises(AssertionError):
                check_record(broken)
            checked.append((name, claim))
    assert checked, "no game keeps a ledger to break"


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_bot_finishes_a_game(game):
    spec = get_game(game)
    for name in spec.bots:
        state = spec.new_state(spec.default_options(), spec.player_range[0], 7)
        play_out(state, [spec.make_bot(name, i) for i in range(state.players)])
        assert state.is_terminal()
        check_record(state.to_record())


@pytest.mark.parametrize("game", sorted(all_games()))
def test_views_share_keys_and_roles_come_from_the_deal(game):
    """Every view has the shared keys; the roles are those the game's shape declares, read from the round being
    played (a dealt game's dealer and eldest hand from its deal); an open game hides no hand, another every hand
    but the viewer's (until its rules show them)."""
    spec = get_game(game)
    state = spec.new_state(spec.default_options(), spec.player_range[0], 3)
    shape = type(state).shape
    bots = [spec.make_bot("random", i) for i in range(state.players)]
    while not state.is_terminal():
        seat = state.current_player()
        v = state.view(seat)
        assert v["to_act"] == seat
        own = " ".join(map(str, state.held()[seat]))
        assert v["hands"][seat] == (own if state.may_see(seat, seat) else len(state.held()[seat]))
        others = [h for o, h in enumerate(v["hands"]) if o != seat]
        assert all(isinstance(h, str) for h in others) if shape.open else all(isinstance(h, int) for h in others)
        assert sorted(v["roles"].values()) == sorted(shape.roles)
        if {"dealer", "eldest"} <= set(shape.roles):
            dealer, eldest = state.dealer_and_eldest()
            assert v["roles"] == {str(eldest): "eldest", str(dealer): "dealer"}
        state.apply(bots[seat].choose(state, seat))
    if shape.dealt and "eldest" in shape.roles:
        deals = state.to_record()["deals"]
        assert all(isinstance(d["eldest"], int) and d["eldest"] != d["dealer"] for d in deals)


@pytest.mark.parametrize("game", sorted(all_games()))
@pytest.mark.parametrize("players", [0, 1, 99, -1, True, "2"])
def test_a_bad_seat_count_is_a_ruleset_error(game, players):
    spec = get_game(game)
    with pytest.raises(RulesetError, match="players"):
        spec.new_state(spec.default_options(), players, 1)
    state_class = type(spec.new_state(spec.default_options(), spec.player_range[0], 1))
    with pytest.raises(RulesetError, match="players"):
        state_class(spec.default_options(), players, 1)

"""A record is evidence (issue #13): ``replay`` recomputes every field a record claims and names the first
difference in words; records are read safely (huge numbers, deep nesting, other encodings); unfinished games are
said to be so. The forged-record tests run per game and per claimed field, over whatever games are registered."""

from __future__ import annotations

import copy
import io
import json
import sys

import pytest

from gamester import GamesterError, NotationError, all_games, commands
from gamester.hosts.cli import main
from gamester.records import PLAYED, check, load_json


def _finished(game: str) -> dict:
    """A finished game with a few deals (as the CLI's ``play --json`` prints it): three-handed where the game
    allows three, else at the nearest count it allows."""
    spec = all_games()[game]
    deals = 3 if any(s.name == "deals" for s in spec.options.specs()) else None
    players = min(max(3, spec.player_range[0]), spec.player_range[1])
    return commands.run(game, "play", players=players, seed=7, deals=deals)["data"]


RECORDS = {name: _finished(name) for name in sorted(all_games())}
CLAIMED = [(g, k) for g, rec in RECORDS.items() for k in rec if k not in PLAYED]


def _leaves(x, path=()):
    """Every leaf of a JSON value, with its path."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(x, list) and x:
        for i, v in enumerate(x):
            yield from _leaves(v, path + (i,))
    else:
        yield path, x


def _forge(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "X"
    if value is None:
        return 0
    return [0] if value == [] else None


def _set(rec, path, value):
    x = rec
    for p in path[:-1]:
        x = x[p]
    x[path[-1]] = value


def run(argv, stdin: bytes | None = None):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        code = main(list(argv))
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def test_honest_records_replay_and_say_they_are_finished():
    for game, rec in RECORDS.items():
        got = check(json.dumps(rec))
        assert got.finished and got.record == rec, game


@pytest.mark.parametrize("game, field", CLAIMED)
def test_a_forged_field_is_named_at_its_first_difference(game, field, tmp_path):
    """Each claimed field, forged at each of (up to 12 of) its leaves: exit 2, one line naming the difference."""
    rec = RECORDS[game]
    leaves = list(_leaves(rec[field], (field,)))
    step = max(1, len(leaves) // 12)
    for path, value in leaves[::step]:
        forged = copy.deepcopy(rec)
        _set(forged, path, _forge(value))
        with pytest.raises(NotationError) as e:
            check(forged)
        assert "the record" in str(e.value) and "the actions give" in str(e.value), (path, str(e.value))
        f = tmp_path / "forged.json"
        f.write_text(json.dumps(forged))
        code, out, err = run(["replay", str(f)])
        assert code == 2 and out == "" and err.count("\n") == 1, (path, err)


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_forged_net_reads_as_counters_won(game):
    rec = copy.deepcopy(RECORDS[game])
    key = "net" if "net" in rec else "score"
    actual = rec[key][1]
    rec[key][1] = abs(actual) + 2  # a gain of 2 or more, never the true figure (the words of 1 are singular)
    msg = str(pytest.raises(NotationError, check, rec).value)
    want = {"net": f"seat 1 won {rec[key][1]} counters", "score": f"seat 1 scored {rec[key][1]} points"}[key]
    assert msg.startswith(f"the record says {want}"), msg
    assert msg.endswith(f"the actions give {actual}")


#: The games whose records list their deals (a game's shape says whether it is dealt: tests/engine/test_contract.py).
DEALT = sorted(g for g, rec in RECORDS.items() if rec.get("deals"))


@pytest.mark.parametrize("game", DEALT)
def test_a_forged_deal_names_the_deal(game):
    rec = copy.deepcopy(RECORDS[game])
    d = rec["deals"][-1]
    d["hands"][1] = "AS KS QS" if d["hands"][1] != "AS KS QS" else "2C 3C 4C"
    msg = str(pytest.raises(NotationError, check, rec).value)
    assert msg.startswith(f"deal {len(rec['deals'])}: the record says seat 1 held"), msg


def _claims(rec: dict) -> dict:
    """What a record claims beyond what was played (the deal, a toss, the ledger so far)."""
    return {k: v for k, v in rec.items() if k not in PLAYED}


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_what_the_seed_decides_must_be_the_seeds(game):
    """A record whose seed was changed replays with what that seed gives (the cards, a toss): what the record claims
    the seed decided gives it away (with the actions kept, a changed seed mostly makes them illegal, which is
    refused too). A seed that happens to give the same (a game whose chance is small, a coin toss) may be accepted
    only if the whole game replays the same under it."""
    rec = RECORDS[game]
    dealt = check({k: rec[k] for k in PLAYED} | {"actions": []}).record
    assert dealt["unfinished"] is True
    refused = 0
    for seed in range(100, 120):
        fresh = check({k: rec[k] for k in PLAYED} | {"actions": [], "seed": seed}).record
        try:
            check(dict(rec, seed=seed))
        except GamesterError:
            refused += 1
        else:  # accepted: then that seed gives what the record claims, and the game it gives is the record's
            assert _claims(fresh) == _claims(dealt), seed
        if _claims(fresh) != _claims(dealt):  # the seed decided something the record claims before any action
            with pytest.raises(NotationError):
                check(dict(dealt, seed=seed))
    assert refused >= 1, "no other seed was refused: the seed would prove nothing"


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_an_unfinished_record_is_said_to_be_unfinished(game, tmp_path):
    rec = RECORDS[game]
    bare = {k: rec[k] for k in PLAYED}
    half = len(bare["actions"]) // 2  # halfway, however long the game
    assert half > 0, "a whole game of one action cannot be cut short"
    bare["actions"] = bare["actions"][:half]
    f = tmp_path / "r.json"
    f.write_text(json.dumps(bare))
    code, out, err = run(["replay", str(f)])
    assert code == 0 and out.startswith(f"unfinished: the actions stop after {half} with seat ") and err == ""
    code, out, err = run(["replay", str(f), "--json"])
    data = json.loads(out)
    assert code == 0 and data["unfinished"] is True and isinstance(data["to_act"], int)
    f.write_text(out)  # the replay's own output replays
    assert run(["replay", str(f)])[0] == 0
    # Cut short but still claiming the whole game's results: refused, saying where the actions stop.
    cut = dict(rec, actions=rec["actions"][:-1])
    f.write_text(json.dumps(cut))
    code, out, err = run(["replay", str(f)])
    assert code == 2 and "stop before the end" in err, err


def test_a_field_the_game_does_not_make_is_refused():
    rec = dict(next(iter(RECORDS.values())), forged_note="I won")
    assert "forged_note" in str(pytest.raises(NotationError, check, rec).value)


# -- the four tracebacks, and inputs read as numbers that should not be --------------------------------------------

def _ok_line(code, out, err, words):
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert words in err, err


def test_a_5000_digit_number_in_a_record():
    spec = all_games()[min(all_games())]  # any game
    rec = (f'{{"game":"{spec.name}","ruleset":"{spec.default_preset}","seed":' + "9" * 5000
           + f',"players":{spec.player_range[0]},"actions":[]}}')
    _ok_line(*run(["replay", "-"], rec.encode()), "5000 digits")


def test_deep_nesting():
    _ok_line(*run(["replay", "-"], b"[" * 2000), "2000 deep")
    _ok_line(*run(["replay", "-"], b'{"a":' * 100_000), "deep")


def test_a_record_that_is_not_utf8(tmp_path):
    f = tmp_path / "x.json"
    f.write_bytes(b"\xff{}")
    _ok_line(*run(["replay", str(f)]), "not UTF-8")
    _ok_line(*run(["replay", "-"], b"\xff{}"), "not UTF-8")


def test_a_nul_in_a_path():
    _ok_line(*run(["replay", "a\x00b.json"]), "NUL")


def _refused():
    """Inputs of every game's commands that are not what they seem to be: blank rulesets, numbers in other digits,
    signed or with underscores (Python's int() takes them), no bots."""
    for name, spec in sorted(all_games().items()):
        whole = next(o.name for o in spec.options.specs() if o.range)  # one of its whole-number options
        yield from (["play", name, "--ruleset", ""], ["play", name, "--ruleset", " "], ["play", name, "--players", "٤"],
                    ["play", name, "--seed", "４"], ["play", name, "--option", f"{whole}=٢"],
                    ["play", name, "--option", f"{whole}=+2"], ["play", name, "--seed", "4_0"],
                    ["play", name, "--seed", "+4"], ["play", name, "--players", "+2"], ["play", name, "--bots", ""])
        if "deal" in spec.commands:
            yield ["deal", name, "--seed", "４"]
        if "deals" in {p.name for p in spec.commands["play"].params}:
            yield ["play", name, "--deals", "1_0"]


@pytest.mark.parametrize("argv", list(_refused()))
def test_inputs_that_are_refused(argv):
    code, out, err = run(argv)
    assert code == 2 and out == "" and err.count("\n") == 1, (argv, err)


def _long():
    """Long bad inputs to every game's commands (and every list a command takes, as long as a command line holds)."""
    for name, spec in sorted(all_games().items()):
        yield from (["play", name, "--bots", "x" * 200_000], ["play", name, "--option", "x" * 200_000 + "=1"],
                    ["play", name, "--ruleset", f"{spec.default_preset}(" + "a=1," * 50_000 + ")"],
                    ["play", name, "--seed", "9" * 200_000])
        for cmd, c in spec.commands.items():
            for p in c.params:
                if p.listed and p.flag:  # given once per item: a long item, then a short one
                    yield [cmd, name, f"--{p.flag}", "KS " * 70_000, f"--{p.flag}", "QH QD QC"]
    yield ["replay", "y" * 5000]


@pytest.mark.parametrize("argv", list(_long()))
def test_an_error_line_quotes_little_of_the_bad_input(argv):
    code, out, err = run(argv)
    assert code == 2 and err.count("\n") == 1 and len(err) <= 300, (len(err), err[:200])


def test_load_json_is_the_one_safe_reader():
    assert load_json('{"a": [1, 2.5, "x"]}') == {"a": [1, 2.5, "x"]}
    for bad in ["1" * 41, "[" * 65 + "]" * 65, "NaN", b"\xfe", "-" + "1" * 41]:
        with pytest.raises(GamesterError):
            load_json(bad)
    assert load_json('["[[[[", "{{{{"]') == ["[[[[", "{{{{"]  # brackets inside strings are not nesting

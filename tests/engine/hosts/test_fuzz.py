"""Fuzzing the two hosts (issue #13): random and mutated argv lists, records and JSON requests, thrown at the CLI
(in process) and at ``web.handle``. Whatever comes in: the CLI exits 0 or 2 with one line on stderr and no
traceback, the web API answers one JSON object (an error is a documented kind, on one line), and nothing is
written to disk."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import sys
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamester import all_games, commands
from gamester.hosts import web
from gamester.hosts.cli import main

GAMES = sorted(all_games())

def _players(game: str) -> int:
    """Three seats where the game is played by three, else the nearest count it allows (a two-handed game)."""
    lo, hi = all_games()[game].player_range
    return min(max(3, lo), hi)


RECORDS = [commands.run(g, "play", players=_players(g), seed=s)["data"] for g in GAMES for s in (1, 2)]
#: Words a request may hold: the actions of each game's records and every widget kind.
WORDS = sorted({a for r in RECORDS for a in r["actions"] if isinstance(a, str)}
               | {k for spec in all_games().values() for k in spec.site.widgets})
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False),
                      st.text(max_size=30), st.sampled_from([*GAMES, "", "-1", "٤", "9" * 50, "play QS", "pass"]))
json_value = st.recursive(json_leaf, lambda x: st.one_of(st.lists(x, max_size=5),
                                                         st.dictionaries(st.text(max_size=10), x, max_size=5)),
                          max_leaves=20)


def _paths(x, path=()):
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, path + (i,))


@st.composite
def mutated(draw, base):
    """A copy of ``base`` with one to three values (anywhere in it) replaced by random JSON, or deleted."""
    x = copy.deepcopy(draw(st.sampled_from(base)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(x) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = x
        for p in path[:-1]:
            parent = parent[p]
        if draw(st.booleans()) or not isinstance(parent, dict):
            parent[path[-1]] = draw(json_value)
        else:
            del parent[path[-1]]
    return x


def run_cli(argv, stdin: bytes = b""):
    out, err = io.StringIO(), io.StringIO()
    old_in = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = old_in
    return code, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def empty_cwd():
    """Run in an empty directory and check that it stays empty."""
    old = os.getcwd()
    with tempfile.TemporaryDirectory() as d:
        os.chdir(d)
        try:
            yield
        finally:
            os.chdir(old)
        assert os.listdir(d) == [], os.listdir(d)


def check_cli(code, out, err):
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err and "Traceback" not in out
    if code == 2:
        assert err.startswith("gamester: error: ") and err.count("\n") == 1 and len(err) <= 320, err
    else:
        assert err == "" and out


@FUZZ
@given(rec=st.one_of(mutated(RECORDS), json_value), raw=st.booleans(), as_json=st.booleans())
def test_cli_replay_of_random_and_mutated_records(rec, raw, as_json):
    data = json.dumps(rec).encode()
    if raw:  # some bytes damaged too
        data = data[: len(data) // 2] + b"\xff[" + data[len(data) // 2:]
    with empty_cwd():
        check_cli(*run_cli(["replay", "-"] + (["--json"] if as_json else []), data))


WORDS = ["deal", "settle", "play", "rulesets", "clauses", "replay", "demo", "--players", "--seed", "--ruleset",
         "--option", "--json", "--bots", "--deals", "--hand", "--folded", "-", "--help"] + GAMES
VALUES = st.one_of(st.sampled_from(["2", "3", "0", "-1", "11", "٤", "４", "4_0", "+4", "", " ", "deals=2",
                                    "trump=best-post", "random", "random,bold", "QH QD QC", "KS KH KD",
                                    "cotton-1674", "reconstruction", "handbook", "x" * 500, "9" * 5000, "a\x00b"]),
                   st.text(max_size=20))


@FUZZ
@given(argv=st.lists(st.one_of(st.sampled_from(WORDS), VALUES), max_size=8))
def test_cli_with_random_argv(argv):
    # The CLI itself has no limits (it plays what it is told); keep the fuzzer's games short. (A count is ASCII
    # digits here: str.isdigit() also takes "¹", which int() refuses; the CLI is left to refuse it.)
    if any(a == "--deals" for a in argv) or any("deals=" in a for a in argv):
        argv = [a if not (a.isascii() and a.isdigit() and (len(a) > 2 or int(a) > 20)) else "3" for a in argv]
    with empty_cwd():
        check_cli(*run_cli(argv))


OPS = sorted(web.OPS)


def _positions():
    out = []
    for rec in RECORDS:
        for cut in (0, 3, len(rec["actions"]) // 2):
            out.append({"game": rec["game"], "ruleset": rec["ruleset"], "players": rec["players"], "seed": rec["seed"],
                        "actions": rec["actions"][:cut]})
    return out


POSITIONS = _positions()


@st.composite
def requests(draw):
    req = draw(st.one_of(mutated(POSITIONS), st.just({}), st.dictionaries(st.text(max_size=8), json_value,
                                                                            max_size=4)))
    if not isinstance(req, dict):
        req = {"x": req}
    req["op"] = draw(st.one_of(st.sampled_from(OPS), json_leaf))
    for k in draw(st.lists(st.sampled_from(["action", "seat", "bot", "bots", "until", "kind", "args", "hands",
                                            "rulesets", "analysis", "id", "options", "base"]), max_size=3)):
        req[k] = draw(st.one_of(json_value, st.sampled_from(["end", "human", *WORDS, None, True, 0])))
    return req


def check_reply(text):
    assert isinstance(text, str) and "\n" not in text
    r = json.loads(text)
    assert isinstance(r, dict) and isinstance(r.get("ok"), bool)
    if not r["ok"]:
        assert r["kind"] != "InternalError", r
        assert isinstance(r["error"], str) and 0 < len(r["error"]) <= 600 and "Traceback" not in r["error"]
    return r


@FUZZ
@given(req=requests())
def test_web_handle_with_random_and_mutated_requests(req):
    with empty_cwd():
        check_reply(web.handle(json.dumps(req)))


@FUZZ
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=100).map(lambda b: b.decode("latin-1")),
                      requests().map(json.dumps).map(lambda t: t[: len(t) // 2])))
def test_web_handle_with_random_text(text):
    check_reply(web.handle(text))

"""Issue #24: strict input (one reader of numbers and of request fields), bounded work and replies, bounded caches.
Each test here failed before the issue's changes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamester import all_games, commands
from gamester.hosts import web
from gamester.hosts.cli import main

ROOT = Path(__file__).resolve().parents[3]


def call(req) -> dict:
    return json.loads(web.handle(req if isinstance(req, str) else json.dumps(req)))


def refused(req, words: str) -> str:
    r = call(req)
    assert r["ok"] is False and r["kind"] != "InternalError", r
    assert words in r["error"], r["error"]
    return r["error"]


def one_line_exit_2(capsys, argv, words):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, (code, out, err)


# -- records and requests with a key given twice ----------------------------------------------------------------

def _record() -> dict:
    return commands.run("put", "play", players=2, seed=3)["data"]


def test_a_record_with_a_key_given_twice_is_refused_by_the_cli(tmp_path, capsys):
    rec = _record()
    real = json.dumps(rec)
    forged = '{"score": [99, 0],' + real[1:]  # Python's json keeps the last value: the forged one went unseen
    path = tmp_path / "forged.json"
    path.write_text(forged, encoding="utf-8")
    one_line_exit_2(capsys, ["replay", str(path)], "'score' is given twice")
    path.write_text(real, encoding="utf-8")
    assert main(["replay", str(path)]) == 0


def test_a_request_with_a_key_given_twice_is_refused():
    refused('{"op": "new", "game": "put", "seed": 1, "seed": 2}', "'seed' is given twice")
    refused('{"op": "new", "game": "put", "options": {"game_points": 3, "game_points": 4}}', "given twice")
    assert call('{"op": "new", "game": "put", "seed": 1}')["ok"]


# -- one reader of numbers: ASCII digits, no padding --------------------------------------------------------------

PADDED = ["4\u00a0", "\u00a04", "4\n", "\n4", " 4", "4 ", "\t4", "4\u2007", "\u20034"]


@pytest.mark.parametrize("text", ["٤-٤", "４-４", "4-٤", "4 -4", "4-4\n", "+4-4", "4-4-4", "-4"])
def test_a_score_is_read_in_ascii_digits_only(capsys, text):
    one_line_exit_2(capsys, ["odds", "put", "--score", text], "cannot read score")


@pytest.mark.parametrize("text", PADDED)
def test_numbers_padded_with_spaces_or_newlines_are_refused_everywhere(capsys, text):
    one_line_exit_2(capsys, ["deal", "post-and-pair", "--players", "3", "--seed", text], "whole number")
    if text.replace(" ", "") != "4":  # an option's value may be spaced with ASCII spaces only, as in "put(game_points = 4)"
        one_line_exit_2(capsys, ["play", "put", "--option", f"game_points={text}", "--seed", "1"], "whole number")
        refused({"op": "new", "game": "put", "ruleset": f"put(game_points={text})"}, "whole number")
    refused({"op": "new", "game": "put", "seed": text}, "whole number")
    refused({"op": "new", "game": "put", "players": text}, "2 to 4 players")
    refused({"op": "render", "kind": "put-play", "args": {"seed": text}}, "whole number")


def test_odds_parameters_are_bounded_where_they_are_declared(capsys):
    one_line_exit_2(capsys, ["odds", "post-and-pair", "--players", "3", "--seed", "-1"], "seed -1 is out of bounds")
    one_line_exit_2(capsys, ["odds", "post-and-pair", "--players", "3", "--samples", "100000000"],
                    "samples 100000000 is out of bounds")
    one_line_exit_2(capsys, ["odds", "post-and-pair", "--players", "3", "--samples", "0"], "out of bounds")
    spec = all_games()["post-and-pair"]
    bounds = {p.name: p.range for p in spec.odds_params}
    assert bounds["samples"][1] <= 1_000_000 and bounds["seed"][0] == 0
    assert main(["odds", "post-and-pair", "--players", "3", "--samples", "50", "--seed", "0"]) == 0


# -- one reader of request fields: unknown or irrelevant fields refused, types checked ---------------------------

@pytest.mark.parametrize("req, words", [
    ({"op": "new", "game": "put", "sead": 4}, "takes no field 'sead'"),
    ({"op": "ping", "game": "put"}, "op 'ping' takes no field 'game'"),
    ({"op": "run", "game": "post-and-pair", "command": "settle", "args": {"hands": ["QH QD QC", "KS KH KD"]},
      "seed": 3}, "no field 'seed'"),
    ({"op": "run", "game": "post-and-pair", "command": "settle", "args": {"hands": ["QH QD QC", "KS KH KD"],
                                                                          "seed": 3}},
     "no seed for the settle command of post-and-pair (it takes hands, folded)"),
    ({"op": "run", "game": "put", "command": "play", "args": {"deals": 3}}, "no deals for the play command of put"),
    ({"op": "new", "game": "put", "action": "play KS"}, "no field 'action'"),
    ({"op": "compare", "game": "put", "rulesets": ["cotton-1674", "truc"], "ruleset": "truc"}, "no field"),
    ({"op": "view", "game": "put", "seat": 0, "chances": "yes"}, "field 'chances' must be true or false"),
    ({"op": "new", "game": "put", "seat": 0, "chances": 1}, "field 'chances' must be true or false"),
    ({"op": "view", "game": "put", "analysis": True}, "no field 'analysis'"),   # the odds: the analysis op, or chances
    ({"op": "new", "game": "put", "detail": True}, "no field 'detail'"),
])
def test_unknown_irrelevant_or_mistyped_fields_are_refused(req, words):
    refused(req, words)


def test_what_the_widget_sends_is_accepted():
    """The play widget's position (gamester-play.js: position()) carries base, seat and chances to every op; the
    quiz and render widgets send their own few fields."""
    pos = {"game": "put", "base": "../", "players": 2, "seed": "7", "ruleset": "cotton-1674", "seat": 0,
           "chances": True}
    for op, extra in [("new", {}), ("view", {"actions": []}), ("apply", {"actions": [], "action": "put"}),
                      ("bot", {"actions": [], "until": "human", "bots": [None, "default"]}),
                      ("view", {"actions": [], "seat": "current"})]:
        assert call({"op": op, **pos, **extra})["ok"], op
    assert call({"op": "quiz", "game": "put", "ruleset": None, "seed": 3, "base": "../"})["ok"]
    assert call({"op": "render", "kind": "put-play", "args": {"seed": "3"}, "base": "../"})["ok"]


# -- work with a bound -----------------------------------------------------------------------------------------

def test_a_quiz_kind_the_ruleset_cannot_make_is_refused_before_any_draw(monkeypatch):
    from gamester.games.put import quiz as put_quiz

    def no_draws(*a, **k):
        raise AssertionError("a draw was made")

    monkeypatch.setattr(put_quiz, "first", no_draws)
    for ruleset in ("reconstruction", "cotton-1674(game_points=1)"):
        refused({"op": "quiz", "game": "put", "seed": 1, "ruleset": ruleset, "kind": "put"},
                "makes no exercises of kind 'put'")


def test_every_preset_makes_every_kind_or_refuses_it_at_once():
    for name, spec in all_games().items():
        if not spec.site.make_quiz:
            continue
        for preset in spec.presets:
            for kind in spec.site.quiz_kinds:
                r = call({"op": "quiz", "game": name, "seed": 2, "ruleset": preset, "kind": kind})
                assert r["ok"] or "draws" not in r["error"], (name, preset, kind, r["error"])


def test_replies_are_bounded_and_carry_what_the_widget_draws(monkeypatch):
    """Issue #24: bot until=end of the longest Post and Pair a form allows gave 2.35 MB (a view of it 2.32 MB): a
    position's reply is now its table (whose log and ledger show the last LIVE_LOG lines), no view or record, and
    no reply above MAX_REPLY."""
    pos = {"game": "post-and-pair", "ruleset": "cotton-1674(deals=29,vye_max=100,revyes=20)", "players": 17,
           "seed": 5}
    r = call({"op": "bot", "until": "end", "bots": ["random"], **pos})
    while r["more"]:
        assert len(r["moved"]) == all_games()["post-and-pair"].limits.bot_moves  # a budget in moves, not seconds
        r = call({"op": "bot", "until": "end", "bots": ["random"], **pos, "actions": r["actions"]})
    assert r["terminal"]
    lean = web.handle(json.dumps({"op": "view", **pos, "actions": r["actions"], "seat": 0}))
    assert len(lean) < 400_000 and "view" not in json.loads(lean)
    assert all(len(web.handle(json.dumps({"op": "bot", **pos, "actions": r["actions"][:k]}))) < 400_000
               for k in (0, len(r["actions"]) // 2))
    monkeypatch.setattr(web, "MAX_REPLY", len(lean) - 1000)  # a reply above the bound is refused whole
    refused({"op": "view", **pos, "actions": r["actions"], "seat": 0}, "at most")


def test_the_longest_table_the_limits_allow_fits_in_a_reply():
    """The table's log grew with the game: at the end of a 125-deal Post and Pair for four the reply was about
    1.6 MB. The live table now shows the last LIVE_LOG moves of its log and lines of its ledger (and says how many
    there are in all)."""
    spec = all_games()["post-and-pair"]
    opts = "post-and-pair(vye_max=100,revyes=20,deals=125)"
    state = spec.new_state(spec.parse_ruleset(opts), 4, 1)
    spec.play_bots(state, ("random",))
    text = web.handle(json.dumps({"op": "view", "game": "post-and-pair", "ruleset": opts, "players": 4, "seed": 1,
                                  "actions": state.history, "seat": 0}))
    reply = json.loads(text)
    assert reply["ok"] and len(text) < 400_000, len(text)
    log = reply["html"].split('class="gm-t-log"', 1)[1]
    assert log.count("<li>") == web.LIVE_LOG and f"the last {web.LIVE_LOG} shown" in log
    total = int(re.search(r"\((\d+); the last", log).group(1))
    assert re.search(r'data-first="(\d+)"', log).group(1) == str(total - web.LIVE_LOG)
    assert f"(the last {web.LIVE_LOG} of " in reply["html"]  # the ledger's caption


# -- caches bounded by what they hold --------------------------------------------------------------------------

#: Caches over a small finite domain (suit letters, rank texts, seat numbers): no bound is needed.
FINITE = {"gamester.cards._suit", "gamester.cards._rank", "gamester.games.post_and_pair.showdown._standard_pay_ins"}
#: Caches whose every entry is a large collection (every hand of k cards, every deal to two opponents).
LARGE = {"gamester.games.put.odds._hands", "gamester.games.put.odds._triples",
         "gamester.games.put.numbers_engine.draws"}


def _caches():
    import gamester.games.put.numbers_engine  # noqa: F401  (loaded by the games, named here for clarity)

    for name, mod in sorted(sys.modules.items()):
        if name.startswith("gamester"):
            for attr, obj in vars(mod).items():
                if callable(getattr(obj, "cache_info", None)) and getattr(obj, "__module__", "") == name:
                    yield f"{name}.{attr}", obj


def test_every_engine_cache_is_bounded_by_what_it_holds():
    found = dict(_caches())
    assert LARGE <= set(found) and len(found) > 10
    for name, fn in found.items():
        size = fn.cache_info().maxsize
        if name in FINITE:
            continue
        assert size is not None, f"{name} is unbounded"
        assert size <= (256 if name in LARGE else 100_000), (name, size)


# -- the command line --------------------------------------------------------------------------------------------

def test_demo_plays_each_ruleset_with_players_it_allows(capsys):
    for name in all_games():
        assert main(["demo", name]) == 0, capsys.readouterr().err
    assert "=== ruleset truc (2 players) ===" in (commands.demo("put")["text"])


def test_a_closed_pipe_ends_the_cli_quietly():
    env = {"PYTHONPATH": str(ROOT / "engine")}
    p = subprocess.Popen([sys.executable, "-m", "gamester", "clauses"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    first = p.stdout.readline()
    p.stdout.close()  # as `| head -1` does
    err = p.stderr.read()
    assert p.wait(timeout=60) == 0 and first and err == b"", err.decode()[-400:]


def test_the_permalink_limit_is_the_engines():
    script = ROOT / "docs" / "javascripts" / "gamester.js"
    if not script.is_file():  # the Pyodide run (tests/pyodide/run.py) copies the engine and its tests, not docs/
        pytest.skip("the widget script is not beside the tests here")
    js = script.read_text(encoding="utf-8")
    assert "acts.length > 2000" not in js and ".limits || {}).actions" in js
    info = {g["name"]: g for g in call({"op": "games"})["games"]}
    assert all(g["limits"]["actions"] == all_games()[n].limits.actions for n, g in info.items())

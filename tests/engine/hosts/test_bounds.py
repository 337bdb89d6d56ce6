"""Issue #24: strict input (one reader of numbers and of request fields), bounded work and replies, bounded caches.
Each test here failed before the issue's changes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamester import all_games, commands, records
from gamester.hosts import web
from gamester.hosts.cli import main

ROOT = Path(__file__).resolve().parents[3]
#: The game the requests below ask of, and what they take from it: any registered game would do, and none is named.
GAME = min(all_games())
SPEC = all_games()[GAME]
LO, HI = SPEC.player_range
WHOLE = next(o.name for o in SPEC.options.specs() if o.range)  # one of its options that is a whole number
KIND = min(SPEC.site.widgets)                                  # one of its widget kinds
PLAY = [p.name for p in SPEC.commands["play"].params]         # what its play command takes, and a parameter it does not
ALIEN = min({p.name for s in all_games().values() for c in s.commands.values() for p in c.params} - set(PLAY))
QUIZ = min(n for n, s in all_games().items() if s.site.make_quiz)  # a game that makes exercises


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
    return commands.run(GAME, "play", players=LO, seed=3)["data"]


def test_a_record_with_a_key_given_twice_is_refused_by_the_cli(tmp_path, capsys):
    rec = _record()
    real = json.dumps(rec)
    key = next(k for k in rec if k not in records.PLAYED)  # a field the record claims
    forged = f'{{"{key}": 99,' + real[1:]  # Python's json keeps the last value: the forged one went unseen
    path = tmp_path / "forged.json"
    path.write_text(forged, encoding="utf-8")
    one_line_exit_2(capsys, ["replay", str(path)], f"'{key}' is given twice")
    path.write_text(real, encoding="utf-8")
    assert main(["replay", str(path)]) == 0


def test_a_request_with_a_key_given_twice_is_refused():
    refused(f'{{"op": "new", "game": "{GAME}", "seed": 1, "seed": 2}}', "'seed' is given twice")
    refused(f'{{"op": "new", "game": "{GAME}", "options": {{"{WHOLE}": 3, "{WHOLE}": 4}}}}', "given twice")
    assert call(f'{{"op": "new", "game": "{GAME}", "seed": 1}}')["ok"]


# -- one reader of numbers: ASCII digits, no padding --------------------------------------------------------------

PADDED = ["4\u00a0", "\u00a04", "4\n", "\n4", " 4", "4 ", "\t4", "4\u2007", "\u20034"]


@pytest.mark.parametrize("text", PADDED)
def test_numbers_padded_with_spaces_or_newlines_are_refused_everywhere(capsys, text):
    one_line_exit_2(capsys, ["play", GAME, "--players", str(LO), "--seed", text], "whole number")
    if text.replace(" ", "") != "4":  # an option's value may be spaced with ASCII spaces only, as in "put(game_points = 4)"
        one_line_exit_2(capsys, ["play", GAME, "--option", f"{WHOLE}={text}", "--seed", "1"], "whole number")
        refused({"op": "new", "game": GAME, "ruleset": f"{GAME}({WHOLE}={text})"}, "whole number")
    refused({"op": "new", "game": GAME, "seed": text}, "whole number")
    refused({"op": "new", "game": GAME, "players": text}, f"{LO} to {HI} players")
    refused({"op": "render", "kind": KIND, "args": {"seed": text}}, "whole number")


# -- one reader of request fields: unknown or irrelevant fields refused, types checked ---------------------------

@pytest.mark.parametrize("req, words", [
    ({"op": "new", "game": GAME, "sead": 4}, "takes no field 'sead'"),
    ({"op": "ping", "game": GAME}, "op 'ping' takes no field 'game'"),
    ({"op": "run", "game": GAME, "command": "play", "args": {"seed": 3}, "seed": 3}, "no field 'seed'"),
    ({"op": "run", "game": GAME, "command": "play", "args": {ALIEN: 3}},
     f"no {ALIEN} for the play command of {GAME} (it takes {', '.join(PLAY)})"),
    ({"op": "new", "game": GAME, "action": "play KS"}, "no field 'action'"),
    ({"op": "compare", "game": GAME, "rulesets": list(SPEC.presets)[:2], "ruleset": SPEC.default_preset}, "no field"),
    ({"op": "view", "game": GAME, "seat": 0, "chances": "yes"}, "field 'chances' must be true or false"),
    ({"op": "new", "game": GAME, "seat": 0, "chances": 1}, "field 'chances' must be true or false"),
    ({"op": "view", "game": GAME, "analysis": True}, "no field 'analysis'"),   # the odds: the analysis op, or chances
    ({"op": "new", "game": GAME, "detail": True}, "no field 'detail'"),
])
def test_unknown_irrelevant_or_mistyped_fields_are_refused(req, words):
    refused(req, words)


def test_what_the_widget_sends_is_accepted():
    """The play widget's position (gamester-play.js: position()) carries base, seat and chances to every op; the
    quiz and render widgets send their own few fields."""
    pos = {"game": GAME, "base": "../", "players": LO, "seed": "7", "ruleset": SPEC.default_preset, "seat": 0,
           "chances": True}
    first = SPEC.new_state(SPEC.default_options(), LO, 7).legal_actions()[0]
    for op, extra in [("new", {}), ("view", {"actions": []}), ("apply", {"actions": [], "action": first}),
                      ("bot", {"actions": [], "until": "human", "bots": [None, "default"]}),
                      ("view", {"actions": [], "seat": "current"})]:
        assert call({"op": op, **pos, **extra})["ok"], op
    assert call({"op": "quiz", "game": QUIZ, "ruleset": None, "seed": 3, "base": "../"})["ok"]
    assert call({"op": "render", "kind": KIND, "args": {"seed": "3"}, "base": "../"})["ok"]


# -- work with a bound -----------------------------------------------------------------------------------------

def test_every_preset_makes_every_kind_or_refuses_it_at_once():
    for name, spec in all_games().items():
        if not spec.site.make_quiz:
            continue
        for preset in spec.presets:
            for kind in spec.site.quiz_kinds:
                r = call({"op": "quiz", "game": name, "seed": 2, "ruleset": preset, "kind": kind})
                assert r["ok"] or "draws" not in r["error"], (name, preset, kind, r["error"])


# -- caches bounded by what they hold --------------------------------------------------------------------------

#: Caches over a small finite domain (suit letters, rank texts, seat numbers): no bound is needed.
FINITE = {"gamester.cards._suit", "gamester.cards._rank", "gamester.games.post_and_pair.showdown._standard_pay_ins"}
#: Caches whose every entry is a large collection (every hand of k cards, every deal to two opponents).
LARGE = {"gamester.games.put.odds._hands", "gamester.games.put.odds._triples",
         "gamester.games.put.numbers_engine.draws"}


def _caches():
    import gamester.games.put.numbers_engine  # noqa: F401  (loaded by the games, named here for clarity)

    for name, mod in sorted(sys.modules.items()):
        if name == "gamester" or name.startswith("gamester."):  # the engine's (not gamester_site's, the build's)
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
    for name, spec in all_games().items():
        assert main(["demo", name]) == 0, capsys.readouterr().err
        said = re.findall(r"^=== ruleset (\S+) \((\d+) players?\) ===$", capsys.readouterr().out, re.M)
        assert [r for r, _n in said] == list(spec.presets), (name, said)  # each ruleset, played by a count it allows
        assert all(int(n) in spec.allowed_players(spec.options_for(r)) for r, n in said), (name, said)


def test_a_closed_pipe_ends_the_cli_quietly():
    env = {"PYTHONPATH": str(ROOT / "engine")}
    p = subprocess.Popen([sys.executable, "-m", "gamester", "clauses"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    first = p.stdout.readline()
    p.stdout.close()  # as `| head -1` does
    err = p.stderr.read()
    assert p.wait() == 0 and first and err == b"", err.decode()[-400:]


def test_the_permalink_limit_is_the_engines():
    script = ROOT / "docs" / "javascripts" / "gamester.js"
    if not script.is_file():  # the Pyodide run (tests/pyodide/run.py) copies the engine and its tests, not docs/
        pytest.skip("the widget script is not beside the tests here")
    js = script.read_text(encoding="utf-8")
    assert "acts.length > 2000" not in js and ".limits || {}).actions" in js
    info = {g["name"]: g for g in call({"op": "games"})["games"]}
    assert all(g["limits"]["actions"] == all_games()[n].limits.actions for n, g in info.items())

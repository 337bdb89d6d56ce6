"""The generic CLI contract: bad input exits 2 with one line naming the problem, never a traceback."""

import json
import os
import subprocess
import sys

import pytest

from gamester.hosts.cli import main
from gamester.registry import all_games


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, words", [
    (["rulesets", "chess"], "unknown game 'chess'"),
    (["deal"], "required: game"),
    (["frobnicate"], "invalid choice"),
    (["replay", "/no/such/file.json"], "cannot read record"),
    (["clauses", "nosuch"], "unknown game 'nosuch'"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert words in err
    assert err.count("\n") == 1 and "Traceback" not in err and out == ""


def test_replay_rejects_bad_records(capsys, tmp_path):
    f = tmp_path / "r.json"
    for text, words in [("{", "not JSON"), ("[]", "JSON object"), (f'{{"game": "{min(all_games())}"}}', "lacks")]:
        f.write_text(text)
        code, _, err = run(capsys, "replay", str(f))
        assert code == 2 and words in err


@pytest.mark.parametrize("game", sorted(all_games()))
def test_rulesets_lists_every_preset_and_option(capsys, game):
    code, out, _ = run(capsys, "rulesets", game, "--json")
    assert code == 0
    data = json.loads(out)
    spec = all_games()[game]
    assert [r["name"] for r in data["rulesets"]] == list(spec.presets)
    assert all(r["status"] in ("attested", "reconstructed", "conjectural") and r["citations"] for r in data["rulesets"])
    assert {o["name"] for o in data["options"]} == {s.name for s in spec.options.specs()}


def test_python_dash_m_runs_without_traceback():
    r = subprocess.run([sys.executable, "-m", "gamester", "rulesets", "nosuch"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("gamester: error:") and "Traceback" not in r.stderr


@pytest.mark.parametrize("game", sorted(all_games()))
def test_each_command_takes_the_parameters_its_game_declares(capsys, game):
    """A flag the game's command does not declare is refused in one line (it used to be ignored silently); the
    declared parameters make the flags, each with its own bounds. (A list parameter, given once per item or its
    items in one flag: the tests of a game that has one, tests/engine/post_and_pair/test_commands.py.)"""
    spec = all_games()[game]
    takes = [p.name for p in spec.commands["play"].params]
    other = sorted({p.name for s in all_games().values() for c in s.commands.values() for p in c.params
                    if p.whole} - set(takes))
    if other:  # a whole-number parameter another command takes
        code, _, err = run(capsys, "play", game, f"--{other[0]}", "3")
        assert code == 2 and err == f"gamester: error: no {other[0]} for the play command of {game} (it takes " \
                                    f"{', '.join(takes)})\n"
    code, _, err = run(capsys, "play", game, "--players", "x")
    assert code == 2 and "players must be a whole number, not 'x'" in err
    deals = next((p for p in spec.commands["play"].params if p.name == "deals"), None)
    if deals is not None and deals.range:
        lo, hi = deals.range
        code, _, err = run(capsys, "play", game, "--deals", str(hi + 1))
        assert code == 2 and f"deals {hi + 1} is out of bounds: a whole number {lo:,} to {hi:,}" in err
        code, out, _ = run(capsys, "play", game, "--deals", str(max(lo, 2)), "--json")
        assert code == 0 and len(json.loads(out)["deals"]) == max(lo, 2)


@pytest.mark.parametrize("argv", [["clauses", "--json"], ["play", min(all_games()), "--json"],
                                  ["--help"], ["rulesets", "nosuch"]])
def test_a_reader_that_stops_early_ends_it_quietly(argv):
    """``gamester ... | head``: the pipe is closed before the answer is written (here before anything is: the
    read end is shut at once), on stdout and stderr alike."""
    read, write = os.pipe()
    os.close(read)
    try:
        r = subprocess.run([sys.executable, "-m", "gamester", *argv], stdout=write, stderr=subprocess.PIPE,
                           timeout=120, text=True)
    finally:
        os.close(write)
    assert r.returncode in (0, 2) and "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr, r.stderr
    shell = subprocess.run(f"{sys.executable} -m gamester {' '.join(argv)} 2>&1 | head -c 1", shell=True,
                           capture_output=True, text=True, timeout=120)
    assert "Traceback" not in shell.stdout + shell.stderr and "BrokenPipe" not in shell.stderr

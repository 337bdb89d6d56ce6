"""The generic CLI contract: bad input exits 2 with one line naming the problem, never a traceback."""

import json
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
    for text, words in [("{", "not JSON"), ("[]", "JSON object"), ('{"game": "put"}', "lacks")]:
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

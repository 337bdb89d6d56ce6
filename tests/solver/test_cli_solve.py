"""``gamester solve``: errors in one line, no numpy a clear one, and (slow) a real solve written where asked."""

from __future__ import annotations

import sys

import pytest

from gamester.hosts.cli import main


def _err(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("gamester: error: ")
    return err


def test_bad_input_is_one_line(capsys):
    assert "no solver for 'speculation'" in _err(capsys, ["solve", "speculation"])
    assert "single game" in _err(capsys, ["solve", "put", "--ruleset", "truc"])
    assert "unknown ruleset" in _err(capsys, ["solve", "put", "--ruleset", "nonsense"])


def test_without_numpy_it_says_so(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now raises ImportError
    assert "needs numpy" in _err(capsys, ["solve", "put", "--ruleset", "stripped-28"])


@pytest.mark.slow
def test_a_one_point_game_is_solved_and_written(tmp_path, capsys):
    from gamester_solve import export
    out = tmp_path / "s.json.gz"
    assert main(["solve", "put", "--ruleset", "stripped-28(game_points=1)", "--out", str(out), "--json"]) == 0
    data = export.read(out)
    assert set(data["values"]) == {"0-0"} and data["exploitability"]["0-0"] < 1e-4
    assert all(k.split("|")[1] == "0-0" for k in data["strategy"])

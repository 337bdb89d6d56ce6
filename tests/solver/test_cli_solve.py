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
    # solve is Put's own command (gamester.tools): the command line refuses a game that declares none, by name
    assert "no solve command for 'speculation': only put" in _err(capsys, ["solve", "speculation"])
    assert "single game" in _err(capsys, ["solve", "put", "--ruleset", "truc"])
    assert "unknown ruleset" in _err(capsys, ["solve", "put", "--ruleset", "nonsense"])
    # the solve's own limits: numbers above zero, said in one line
    assert "'0' must be above zero" in _err(capsys, ["solve", "put", "--target", "0"])
    assert "'many' is not a number" in _err(capsys, ["solve", "put", "--max-iter", "many"])
    assert "'1.5' is not a number" in _err(capsys, ["solve", "put", "--max-iter", "1.5"])
    assert "'-2' must be above zero" in _err(capsys, ["solve", "put", "--workers", "-2"])


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


@pytest.mark.slow
def test_a_solve_in_a_work_folder_is_taken_up_again(tmp_path, capsys):
    """With --work the solve is saved as it goes; run again with the same folder it solves nothing twice and writes
    the same file (the target and the iteration cap are the caller's)."""
    work, first, second = tmp_path / "w", tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    args = ["solve", "put", "--ruleset", "stripped-28(game_points=1)", "--target", "5e-4", "--max-iter", "400",
            "--work", str(work), "--json"]
    assert main(args + ["--out", str(first)]) == 0
    assert (work / "state.npz").exists()
    capsys.readouterr()
    assert main(args + ["--out", str(second), "--workers", "2"]) == 0
    assert "taken up from" in capsys.readouterr().err
    from gamester_solve import export
    a, b = export.read(first), export.read(second)
    assert a["values"] == b["values"] and a["strategy"] == b["strategy"]
    assert a["target_per_score"] == 5e-4 and a["max_iterations"] == 400
    # the summary of the same solve: the first decisions only, and the size of the whole
    third = tmp_path / "c.summary.json.gz"
    assert main(args + ["--out", str(third), "--summary", "--skip-overall"]) == 0
    c = export.read(third)
    assert c["overall_exploitability"] is None and a["overall_exploitability"] < 1e-3
    assert c["values"] == a["values"] and c["information_sets"] == len(a["strategy"])
    assert c["strategy"] == {k: v for k, v in a["strategy"].items()
                             if k.split("|")[0] + "|" + k.split("|")[3] in ("eldest|", "dealer|put")}
    assert 0 < len(c["strategy"]) < len(a["strategy"])

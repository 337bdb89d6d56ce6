"""``gamester solve`` checks what it is given before solving (issue 36): the work folder and the output, each
refused in one line before any work; a damaged saved state is refused (never taken up and written out as a
strategy); a file is written whole, as JSON, or not at all; ``--workers`` is bounded."""

from __future__ import annotations

import errno
import os

import pytest

np = pytest.importorskip("numpy")

from gamester.hosts.cli import main  # noqa: E402
from gamester_solve import command, export, solve, tree  # noqa: E402

SMALL = tree.Rules(("3", "2", "A", "K"), "put", "first-lead", False, False, 3)
RULESET = "stripped-28(game_points=1)"


@pytest.fixture
def no_solving(monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("the solve began before its paths were checked")
    monkeypatch.setattr(solve, "solve", never)


def _err(capsys, *argv):
    assert main(["solve", "put", "--ruleset", RULESET, *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gamester: error: ") and "Traceback" not in err
    return err


def test_work_folders_that_cannot_be_are_refused_before_solving(no_solving, capsys, tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    assert "is not a folder" in _err(capsys, "--work", str(a_file))
    assert "which is not a folder" in _err(capsys, "--work", str(a_file / "under" / "it"))
    assert "is not a folder" in _err(capsys, "--work", "/dev/null")
    if os.path.isdir("/proc/self"):
        assert "cannot be written" in _err(capsys, "--work", "/proc/self/gamester-work")


def test_outputs_that_cannot_be_are_refused_before_solving(no_solving, capsys, tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    assert "is a folder" in _err(capsys, "--out", str(tmp_path))
    assert "a-file' is not a folder" in _err(capsys, "--out", str(a_file / "s.json.gz"))
    if os.path.exists("/dev/full"):
        assert "is not a plain file" in _err(capsys, "--out", "/dev/full")


def test_a_full_disk_is_found_before_solving(no_solving, capsys, tmp_path, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(command.os, "fsync", full)  # the probe's data would not fit
    err = _err(capsys, "--out", str(tmp_path / "s.json.gz"))
    assert "cannot be written: No space left on device" in err
    assert not list(tmp_path.iterdir())  # the probe left nothing behind


@pytest.mark.parametrize("n", ["17", "1000000"])
def test_workers_are_bounded(no_solving, capsys, n):
    assert f"--workers {n}: from 1 to 16" in _err(capsys, "--workers", n)


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A small solve's saved state, stopped part-way (regrets running) and its folder."""
    work = tmp_path_factory.mktemp("work")

    class Stop(Exception):
        pass

    done = []

    def stop(message):
        done.append(": eldest " in message)
        if "(saved" in message and any(done):  # a score solved, the next total of points running
            raise Stop

    with pytest.raises(Stop):
        solve.solve(SMALL, target=2e-4, log=stop, work=work, save_every=0)
    with np.load(work / solve.STATE) as z:
        arrays = {k: z[k] for k in z.files}
    assert len(arrays["done"]) and len(arrays["running"])
    return arrays


def _damaged(tmp_path, arrays, **changes):
    np.savez(tmp_path / solve.STATE, **{**arrays, **changes})
    with pytest.raises(ValueError) as ex:
        solve.solve(SMALL, target=2e-4, log=lambda m: None, work=tmp_path)
    return str(ex.value)


def test_a_damaged_saved_state_is_refused(tmp_path, saved):
    values = saved["done_values"].copy()
    values[0, 0] = np.nan
    assert "the value nan" in _damaged(tmp_path, saved, done_values=values)
    values[0, 0] = 1.5
    assert "not a chance" in _damaged(tmp_path, saved, done_values=values)
    done = saved["done"].copy()
    done[0, :2] = 7
    assert "a game to 3 cannot have" in _damaged(tmp_path, saved, done=done, strategy_7_7=saved["warm"])
    assert "a time of -5.0 s" in _damaged(tmp_path, saved, seconds=np.array(-5.0))
    a, b = saved["running"][0][:2]
    assert "the running state" in _damaged(tmp_path, saved, **{f"regret_{a}_{b}": np.zeros(3)})
    guess = saved["running_guess"].copy()
    guess[0] = np.inf
    assert "the running value inf" in _damaged(tmp_path, saved, running_guess=guess)
    # arrays of the wrong kind, which used to raise TypeError and IndexError
    assert "can be read (TypeError)" in _damaged(tmp_path, saved, done=np.array(5))
    assert "can be read" in _damaged(tmp_path, saved, running=np.zeros((1, 2), dtype=np.int64))


def test_a_file_with_nan_is_never_written(tmp_path):
    path = tmp_path / "s.json.gz"
    with pytest.raises(ValueError):
        export.write(path, {"values": {"0-0": float("nan")}})
    assert not list(tmp_path.iterdir())

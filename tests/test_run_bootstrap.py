"""``./run`` on a bare Debian machine as root (issue 24): it updates apt's lists once before it installs
pythonX.Y-venv, and an apt failure is one line that says what failed and what to run, not a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_readme import load_run  # ./run loaded as a module

PKG = f"python{sys.version_info.major}.{sys.version_info.minor}-venv"


@pytest.fixture
def run(monkeypatch):
    mod = load_run()
    monkeypatch.setattr(mod.os, "geteuid", lambda: 0)
    monkeypatch.setattr(mod.shutil, "which", lambda name: f"/usr/bin/{name}")
    return mod


def fake_subprocess(monkeypatch, run, answers: dict[str, list[tuple[int, str]]]) -> list[list[str]]:
    """Replace subprocess.run: each command word ("venv", "update", "install") answers from its list in turn."""
    calls: list[list[str]] = []

    def fake(cmd, **kwargs):
        calls.append(list(cmd))
        word = "venv" if "venv" in cmd[:3] else cmd[1]
        code, err = answers[word].pop(0)
        return subprocess.CompletedProcess(cmd, code, stdout="", stderr=err)

    monkeypatch.setattr(run.subprocess, "run", fake)
    return calls


def test_apt_lists_are_updated_once_before_the_install(run, monkeypatch):
    calls = fake_subprocess(monkeypatch, run, {
        "venv": [(1, "The virtual environment was not created successfully because ensurepip is not available."),
                 (0, "")],
        "update": [(0, "")], "install": [(0, "")]})
    run.make_venv()
    words = [c[1] if c[0] == "apt-get" else "venv" for c in calls]
    assert words == ["venv", "update", "install", "venv"]
    assert calls[2][-1] == PKG


def test_an_apt_failure_is_one_line_that_says_what_to_run(run, monkeypatch, capsys):
    fake_subprocess(monkeypatch, run, {
        "venv": [(1, "ensurepip is not available")],
        "update": [(0, "")],
        "install": [(100, f"E: Unable to locate package {PKG}")]})
    with pytest.raises(SystemExit) as ex:
        run.make_venv()
    message = str(ex.value.code)
    assert len(message.splitlines()) == 1
    assert f"apt-get install -y -qq {PKG} failed" in message and f"Unable to locate package {PKG}" in message
    assert f"apt-get update && apt-get install {PKG}" in message


def test_a_failed_update_stops_before_the_install(run, monkeypatch):
    calls = fake_subprocess(monkeypatch, run, {
        "venv": [(1, "ensurepip is not available")],
        "update": [(100, "E: The repository is not signed.")], "install": []})
    with pytest.raises(SystemExit) as ex:
        run.make_venv()
    assert "apt-get update -qq failed (E: The repository is not signed.)" in str(ex.value.code)
    assert [c[1] for c in calls if c[0] == "apt-get"] == ["update"]

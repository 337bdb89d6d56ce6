"""The Pyodide runtime is checked before it is staged (issue 24): a damaged or unpinned copy in node_modules fails
the build in one line, the recorded hashes are those of the locked tarball, and the bytecode cache key covers the
wasm. Every test works on a copy of node_modules/pyodide in a temporary folder (never on the shared one)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gamester_site import runtime

pytestmark = pytest.mark.skipif(not (runtime.PYODIDE_DIR / "pyodide.mjs").is_file(),
                                reason="node_modules/pyodide is not installed (npm ci)")


@pytest.fixture
def pyodide_copy(tmp_path, monkeypatch) -> Path:
    copy = tmp_path / "pyodide"
    copy.mkdir()
    for f in (*runtime.PYODIDE_FILES, "package.json"):
        shutil.copy2(runtime.PYODIDE_DIR / f, copy / f)
    monkeypatch.setattr(runtime, "PYODIDE_DIR", copy)
    monkeypatch.setenv("GAMESTER_BYTECODE", "0")  # the check comes first; no Node run needed
    return copy


def one_line_exit_2(site: Path, capsys) -> str:
    assert runtime.main([str(site)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err


def test_an_intact_copy_stages(pyodide_copy, tmp_path):
    manifest = runtime.stage(tmp_path / "site")
    assert manifest["pyodide"] == json.loads((pyodide_copy / "package.json").read_text())["version"]
    wasm = tmp_path / "site" / "assets" / "pyodide" / "pyodide.asm.wasm"
    assert wasm.read_bytes() == (pyodide_copy / "pyodide.asm.wasm").read_bytes()


def test_a_truncated_wasm_fails_the_build_in_one_line_and_ships_nothing(pyodide_copy, tmp_path, capsys):
    with open(pyodide_copy / "pyodide.asm.wasm", "r+b") as f:
        f.truncate(1_000_000)
    site = tmp_path / "site"
    site.mkdir()
    err = one_line_exit_2(site, capsys)
    assert "pyodide.asm.wasm" in err and "npm ci" in err and "sha256" in err
    assert not (site / "assets" / "pyodide" / "pyodide.asm.wasm").exists()


@pytest.mark.parametrize("name", ["python_stdlib.zip", "pyodide.mjs", "pyodide-lock.json"])
def test_any_edited_runtime_file_fails(pyodide_copy, tmp_path, capsys, name):
    with open(pyodide_copy / name, "ab") as f:
        f.write(b"\n")
    (tmp_path / "site").mkdir()
    assert name in one_line_exit_2(tmp_path / "site", capsys)


def test_a_version_with_no_record_or_another_than_the_lock_fails(pyodide_copy, tmp_path, capsys):
    meta = json.loads((pyodide_copy / "package.json").read_text())
    meta["version"] = "999.0.0"
    (pyodide_copy / "package.json").write_text(json.dumps(meta))
    (tmp_path / "site").mkdir()
    err = one_line_exit_2(tmp_path / "site", capsys)
    assert "999.0.0" in err and "npm ci" in err and "package-lock.json pins" in err
    # Without a lock to compare with, the missing record still stops it.
    monkey = pytest.MonkeyPatch()
    monkey.setattr(runtime, "LOCK", tmp_path / "no-lock.json")
    try:
        err = one_line_exit_2(tmp_path / "site", capsys)
    finally:
        monkey.undo()
    assert "no recorded file hashes" in err and "--record-pyodide" in err


def test_the_recorded_hashes_are_those_of_the_locked_tarball():
    """The table in the repository agrees with the tarball that package-lock.json's integrity names (npm's cache
    keeps it by that hash); a tarball that does not match the integrity is refused."""
    entry = json.loads(runtime.LOCK.read_text())["packages"]["node_modules/pyodide"]
    tarball = runtime.tarball_in_npm_cache(entry["integrity"])
    if not tarball.is_file():
        pytest.skip("npm's cache does not hold the Pyodide tarball here")
    assert runtime.hashes_from_tarball(tarball, entry["integrity"]) == runtime.recorded_hashes(entry["version"])
    other = json.loads(runtime.LOCK.read_text())["packages"]["node_modules/axe-core"]["integrity"]
    with pytest.raises(runtime.StagingError, match="does not match"):
        runtime.hashes_from_tarball(tarball, other)


def test_the_bytecode_cache_key_covers_the_wasm(pyodide_copy, tmp_path):
    wheel_name, _ = runtime.build_wheel(tmp_path / "w")
    wheel = tmp_path / "w" / wheel_name
    before = runtime.bytecode_key(wheel)
    with open(pyodide_copy / "pyodide.asm.wasm", "r+b") as f:
        f.seek(5000)
        f.write(b"\xff")
    assert runtime.bytecode_key(wheel) != before


def test_nox_runs_npm_ci_when_the_runtime_is_damaged_though_its_lock_is_newer(tmp_path, monkeypatch):
    """``_npm`` once trusted the date of node_modules/.package-lock.json alone: a truncated wasm with a fresh
    date was kept. Now the runtime check decides too."""
    import importlib.util
    import os
    import sys
    import types

    if importlib.util.find_spec("nox") is None:  # the test venv has no nox: a stand-in for what the file uses
        fake_nox = types.ModuleType("nox")
        fake_nox.options = types.SimpleNamespace()
        fake_nox.session = lambda *a, **k: (lambda f: f)
        fake_nox.Session = object
        fake_nox.command = types.ModuleType("nox.command")
        fake_nox.command.CommandFailed = Exception
        monkeypatch.setitem(sys.modules, "nox", fake_nox)
        monkeypatch.setitem(sys.modules, "nox.command", fake_nox.command)
    root = Path(runtime.__file__).resolve().parents[2]
    monkeypatch.chdir(root)  # the noxfile names its files from the repository's root, as nox runs it
    spec = importlib.util.spec_from_file_location("gm_noxfile", root / "noxfile.py")
    noxfile = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(noxfile)
    fake = tmp_path / "clone"
    (fake / "node_modules" / "pyodide").mkdir(parents=True)
    shutil.copy2(root / "package-lock.json", fake / "package-lock.json")
    for f in (*runtime.PYODIDE_FILES, "package.json"):
        shutil.copy2(runtime.PYODIDE_DIR / f, fake / "node_modules" / "pyodide" / f)
    (fake / "node_modules" / ".package-lock.json").write_text("{}")  # newer than the lock

    class Session:
        def __init__(self):
            self.ran, self.said = [], []

        def run(self, *args, **kwargs):
            self.ran.append(args)

        def log(self, text):
            self.said.append(text)

    monkeypatch.delenv("CI", raising=False)
    intact = Session()
    noxfile._npm(intact, str(fake))
    assert intact.ran == []
    with open(fake / "node_modules" / "pyodide" / "pyodide.asm.wasm", "r+b") as f:
        f.truncate(1_000_000)
    os.utime(fake / "node_modules" / ".package-lock.json")
    damaged = Session()
    noxfile._npm(damaged, str(fake))
    assert damaged.ran and damaged.ran[0][:2] == ("npm", "ci")
    assert "pyodide.asm.wasm" in damaged.said[0]

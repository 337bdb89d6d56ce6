"""The bytecode made at build time by Pyodide's own CPython (gamester_site/bytecode.mjs, run by runtime.py): the
trimmed standard library and the engine's .pyc are reproducible, checked, and safe when a module is missing."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")  # a site-build test: not for the Pyodide run of the suite

from gamester_site import runtime  # noqa: E402

pytestmark = pytest.mark.skipif(not (runtime.PYODIDE_DIR / "pyodide.mjs").is_file() or not shutil.which("node"),
                                reason="node_modules/pyodide (npm ci) and Node are needed")


@pytest.fixture(scope="module")
def source_wheel(tmp_path_factory) -> Path:
    """The wheel the site build compiles (its data files outside it, as :func:`runtime.stage` makes it), so that
    ``compiled`` is what the build made moments ago (``nox -s docs``: read from the cache, which is keyed by the
    hash of everything that goes in), or made here when there is none."""
    d = tmp_path_factory.mktemp("wheel")
    name, _ = runtime.build_wheel(d, external=runtime.stage_external(d / "assets"))
    return d / name


@pytest.fixture(scope="module")
def compiled(source_wheel) -> Path:
    return runtime.compile_bytecode(source_wheel)


def digests(d: Path) -> dict[str, str]:
    return {f: hashlib.sha256((d / f).read_bytes()).hexdigest() for f in ("stdlib.zip", "engine.zip")}


def test_made_again_from_nothing_it_is_the_same_bytes(compiled, source_wheel, tmp_path):
    """A compilation in an empty cache gives the bytes of the one before (the build's, when it made one)."""
    again = runtime.compile_bytecode(source_wheel, cache=tmp_path / "cache")
    assert again != compiled
    assert digests(again) == digests(compiled)


def test_the_build_checked_it_and_it_is_smaller_than_pyodides(compiled):
    report = json.loads((compiled / "report.json").read_text())
    assert report["python"].startswith("3.14") and report["cache_tag"] == "cpython-314"
    # The corpus of requests ran on the trimmed library: nothing was missing, nothing compiled from source.
    assert report["check"]["fetched_for"] == [] and report["check"]["from_source"] == []
    assert report["check"]["runs"] > 10
    assert 50 < report["stdlib_modules"] < report["stdlib_modules_in_pyodide"] / 2
    names = zipfile.ZipFile(compiled / "stdlib.zip").namelist()
    assert names and all(n.endswith(".pyc") for n in names)
    assert "json/__init__.pyc" in names and "_gamester_stdlib.pyc" in names
    assert "unittest/__init__.pyc" not in names  # the engine never imports it
    engine = zipfile.ZipFile(compiled / "engine.zip").namelist()
    assert "gamester/__pycache__/__init__.cpython-314.pyc" in engine
    assert len(engine) == len([p for p in runtime.engine_files() if p.suffix == ".py"])
    # Pyodide's 3.14 magic number, not the host's.
    magic = zipfile.ZipFile(compiled / "stdlib.zip").read("json/__init__.pyc")[:4]
    import importlib.util
    assert magic != importlib.util.MAGIC_NUMBER


CHECK = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import fs from "node:fs";
const py = await loadPyodide({ indexURL: "%(pyodide)s/", stdLibURL: "%(stdlib)s", stdout: () => {}, stderr: () => {} });
let fetched = 0;
const full = new Uint8Array(fs.readFileSync("%(pyodide)s/python_stdlib.zip"));
py.pyimport("_gamester_stdlib").install((where) => { fetched += 1; py.FS.writeFile(where, full); });
const before = py.runPython("import sys; 'csv' in sys.modules or 'csv' in sys.builtin_module_names");
py.runPython("import csv, email.mime.text, io; w = csv.writer(io.StringIO()); w.writerow(['a', 1])");
const after = fetched;
const missing = py.runPython(`
try:
    import no_such_module_at_all
    r = "imported"
except ModuleNotFoundError:
    r = "ModuleNotFoundError"
r`);
console.log(JSON.stringify({ before, after, missing, fetched }));
"""


def test_a_module_outside_the_trimmed_library_costs_one_fetch_not_an_error(compiled, tmp_path):
    script = tmp_path / "check.mjs"
    script.write_text(CHECK % {"pyodide": runtime.PYODIDE_DIR, "stdlib": compiled / "stdlib.zip"})
    out = subprocess.run(["node", str(script)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    r = json.loads(out.stdout.strip().splitlines()[-1])
    assert r == {"before": False, "after": 1, "missing": "ModuleNotFoundError", "fetched": 1}


def test_a_site_built_with_it_names_the_library_and_its_hash(tmp_path):
    manifest = runtime.stage(tmp_path)
    lib = tmp_path / "assets" / "gamester" / manifest["stdlib"]
    assert hashlib.sha256(lib.read_bytes()).hexdigest() == manifest["stdlib_sha256"]
    wheel = zipfile.ZipFile(tmp_path / "assets" / "gamester" / manifest["wheel"]).namelist()
    assert "gamester/hosts/__pycache__/web.cpython-314.pyc" in wheel and "gamester/hosts/web.py" in wheel


def test_gamester_bytecode_0_builds_the_stock_way(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMESTER_BYTECODE", "0")
    manifest = runtime.stage(tmp_path)
    assert "stdlib" not in manifest
    assert not list((tmp_path / "assets" / "gamester").glob("*.compiled.zip"))
    wheel = zipfile.ZipFile(tmp_path / "assets" / "gamester" / manifest["wheel"]).namelist()
    assert not [n for n in wheel if n.endswith(".pyc")]

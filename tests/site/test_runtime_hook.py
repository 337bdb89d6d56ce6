"""gamester_site/runtime.py (and the MkDocs hook that calls it): the engine wheel and the files the widgets load."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import re
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")  # a site-build test: not for the Pyodide run of the suite

from gamester_site import runtime as pyodide_runtime  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_is_pure_complete_and_reproducible(tmp_path):
    name, sha = pyodide_runtime.build_wheel(tmp_path / "a")
    assert name == f"gamester-{pyodide_runtime.engine_version()}-py3-none-any.whl"
    data = (tmp_path / "a" / name).read_bytes()
    assert hashlib.sha256(data).hexdigest() == sha
    # Byte-for-byte the same when built again (fixed zip dates, sorted files).
    name2, sha2 = pyodide_runtime.build_wheel(tmp_path / "b")
    assert (name2, sha2) == (name, sha)
    zf = zipfile.ZipFile(tmp_path / "a" / name)
    names = set(zf.namelist())
    for py in (ROOT / "engine" / "gamester").glob("*.py"):
        assert f"gamester/{py.name}" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    # Only the stdlib-only engine goes to the browser: not the site's build code (gamester_site, edition).
    assert {n.split("/")[0] for n in names} == {"gamester", f"gamester-{pyodide_runtime.engine_version()}.dist-info"}
    dist = f"gamester-{pyodide_runtime.engine_version()}.dist-info"
    assert "Tag: py3-none-any" in zf.read(f"{dist}/WHEEL").decode()
    for line in zf.read(f"{dist}/RECORD").decode().splitlines():
        path, digest, size = line.split(",")
        if not digest:
            continue
        body = zf.read(path)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
        assert int(size) == len(body)


def test_the_wheel_imports_on_its_own(tmp_path):
    name, _ = pyodide_runtime.build_wheel(tmp_path)
    zipfile.ZipFile(tmp_path / name).extractall(tmp_path / "site")
    # -E -s -S: no environment, user site or site-packages (so not the editable install); -c puts the cwd first.
    out = subprocess.run([sys.executable, "-E", "-s", "-S", "-c", "import gamester.hosts.web, json; "
                          "print(json.loads(gamester.hosts.web.handle('{\"op\": \"ping\"}'))['ok'], gamester.__file__)"],
                         cwd=tmp_path / "site", capture_output=True, text=True, check=True).stdout
    assert out.startswith("True") and str(tmp_path / "site") in out


def test_post_build_puts_pyodide_wheel_and_manifest_into_the_site(tmp_path):
    if not (pyodide_runtime.PYODIDE_DIR / "pyodide.mjs").is_file():
        pytest.skip("node_modules/pyodide is not installed (npm ci)")
    assert pyodide_runtime.main([str(tmp_path)]) == 0  # python -m gamester_site.runtime SITE_DIR
    manifest = json.loads((tmp_path / "assets" / "gamester" / "runtime.json").read_text())
    assert manifest["pyodide"] == "314.0.7"
    assert (tmp_path / "assets" / "gamester" / manifest["wheel"]).is_file()
    for f in pyodide_runtime.PYODIDE_FILES:
        assert (tmp_path / "assets" / "pyodide" / f).stat().st_size > 0
    passages = json.loads((tmp_path / "assets" / "gamester" / "clause-passages.json").read_text())
    assert any(v for v in passages.values())
    # Each passage carries a reader's locator for the widget's link text (issue #21): "Cotton, 1674, p. 132".
    cotton = [x for v in passages.values() for x in v if x[0].startswith("cotton1674.")]
    assert cotton and all(len(x) == 3 and re.fullmatch(r"Cotton, 1674, pp?\. [\d–]+", x[2]) for x in cotton), cotton[:3]
    # A second build (mkdocs serve rebuilds) skips the unchanged Pyodide files and still works.
    pyodide_runtime.stage(tmp_path)


def test_a_missing_pyodide_fails_the_build_naming_npm_ci(tmp_path, monkeypatch, capsys):
    from mkdocs.exceptions import PluginError

    monkeypatch.setattr(pyodide_runtime, "PYODIDE_DIR", tmp_path / "nowhere")
    (tmp_path / "site").mkdir()
    with pytest.raises(PluginError, match="npm ci"):
        hook().on_post_build({"site_dir": str(tmp_path / "site")})
    assert pyodide_runtime.main([str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert "npm ci" in err and len(err.strip().splitlines()) == 1


def hook():
    spec = importlib.util.spec_from_file_location("gm_hook", ROOT / "docs" / "hooks" / "gamester.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_serve_watches_the_engine_and_the_site_code():
    watched = []
    server = types.SimpleNamespace(watch=watched.append)
    assert hook().on_serve(server, {}, None) is server
    assert str(ROOT / "engine" / "gamester") in watched and str(ROOT / "site_src") in watched

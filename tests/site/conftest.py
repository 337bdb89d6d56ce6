"""The site tests (``nox -s docs`` runs them on the site it has just built, passed as ``GAMESTER_SITE_DIR``; a bare
``pytest`` leaves this folder out). Without that variable, one strict build per test session, into a temporary
directory (``mkdocs build --strict -d``)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from sitehtml import ROOT, Page, parse


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    if os.environ.get("GAMESTER_SITE_DIR"):  # reuse a site built moments ago (e.g. by `nox -s docs`)
        return pathlib.Path(os.environ["GAMESTER_SITE_DIR"]).resolve()  # (as the links' targets are resolved)
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0"}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)], cwd=ROOT,
                          env=env, capture_output=True, text=True)  # finite work: no clock
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed (exit {proc.returncode}):\n{proc.stderr[-4000:]}")
    return out


@pytest.fixture(scope="session")
def pages(site: pathlib.Path) -> dict[pathlib.Path, Page]:
    return {f: parse(f) for f in sorted(site.rglob("*.html"))}

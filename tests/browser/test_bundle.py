"""The classroom copy (``nox -s bundle``): the zip unpacked in a temporary folder, its one-file server started the
way a teacher does (``python3 serve.py``, here isolated from every installed package and on a free port), and a
widget driven in Chromium with no request leaving 127.0.0.1."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import zipfile
from urllib.parse import urlsplit

import pytest
from test_widgets import open_widget

from gamester_site.bundle import make_bundle

pytestmark = pytest.mark.browser


def test_the_classroom_zip_unpacks_serves_and_runs_a_widget(browser, base_url, tmp_path):
    from conftest import SITE

    z = make_bundle(SITE, tmp_path / "dist")
    names = zipfile.ZipFile(z).namelist()
    assert {"gamester/serve.py", "gamester/README.txt", "gamester/site/index.html",
            "gamester/site/assets/pyodide/pyodide.asm.wasm"} <= set(names)
    assert not [n for n in names if n.endswith(".gz")]
    t0 = time.monotonic()
    zipfile.ZipFile(z).extractall(tmp_path / "classroom")
    folder = tmp_path / "classroom" / "gamester"
    # -I: no environment, no site-packages, not even this folder on sys.path: only the standard library.
    proc = subprocess.Popen([sys.executable, "-I", "serve.py", "--port", "0"], cwd=folder, stdout=subprocess.PIPE,
                            text=True)
    context = browser.new_context()
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(("data:", "blob:")) or urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    try:
        line = proc.stdout.readline()
        assert " at http://127.0.0.1:" in line, line
        url = line.split(" at ")[1].split()[0]
        page = context.new_page()
        page.goto(url + "post-and-pair/")
        w = open_widget(page, "pp-deal")
        assert "gm-ledger" in w.inner_html()
        ready = time.monotonic() - t0
        print(f"\nclassroom zip {z.stat().st_size / 1e6:.1f} MB; unzip to a working widget {ready:.1f} s")
    finally:
        context.close()
        os.kill(proc.pid, signal.SIGINT)
        proc.wait(timeout=10)
    assert not outside, outside[:5]

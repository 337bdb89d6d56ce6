"""The classroom copy (``nox -s bundle``), built here as that session builds it (Material's offline plugin on):

- served to a room: the zip unpacked in a temporary folder, its one-file server started the way the README tells a
  teacher (``python3 serve.py --host 0.0.0.0``, here isolated from every installed package and on a free port), a
  pupil's browser reaching it on the loopback address and playing a widget, no request leaving 127.0.0.1;
- double-clicked: ``index.html`` opened from ``file://``: the menu's links open pages (not folder listings), search
  finds words, and each part that needs the card engine says in one sentence how to start the server."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from test_widgets import open_widget

from gamester_site.bundle import make_bundle

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
START = "python3 serve.py --open"


# What the offline build is made from (noxfile.py's SITE_INPUTS, and the pinned packages that build it).
INPUTS = ("mkdocs.yml", "docs", "engine", "site_src", "sources", "package-lock.json", "requirements")
OFFLINE_ENV = {"SITE_URL": "", "GAMESTER_OFFLINE": "true", "NO_MKDOCS_2_WARNING": "1"}


def _inputs_key() -> str:
    """A hash of every file the offline build is made from (path and bytes), of this Python and of the settings
    that change a build: a build kept under it was made from exactly these."""
    try:
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "--", *INPUTS], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):  # not a git checkout
        listed = [str(f.relative_to(ROOT)) for top in INPUTS
                  for f in ((ROOT / top).rglob("*") if (ROOT / top).is_dir() else [ROOT / top])
                  if not any(part.endswith(".egg-info") or part == "__pycache__" for part in f.parts)]
    h = hashlib.sha256()
    for name in sorted(listed):
        f = ROOT / name
        if f.is_file():
            h.update(name.encode() + b"\0" + f.read_bytes() + b"\0")
    settings = {k: os.environ.get(k) for k in sorted(os.environ) if k.startswith("GAMESTER_") or k == "PYTHONHASHSEED"}
    h.update(repr((sys.version, sys.executable, settings)).encode())
    return h.hexdigest()[:24]


@pytest.fixture(scope="module")
def offline_site() -> Path:
    """The bundle's site: $GAMESTER_OFFLINE_SITE, or built as ``nox -s bundle`` builds it. The build is kept in
    .cache/offline-site/ under the hash of what it was made from, so a run with none of it changed builds nothing."""
    given = os.environ.get("GAMESTER_OFFLINE_SITE")
    if given:
        return Path(given)
    cache = ROOT / ".cache" / "offline-site"
    out = cache / _inputs_key()
    if (out / "index.html").is_file():
        return out
    cache.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix="building-", dir=cache))
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(building)], cwd=ROOT,
                   env={**os.environ, **OFFLINE_ENV}, check=True)
    for old in cache.iterdir():  # one build kept: those of other inputs go
        if old != building:
            shutil.rmtree(old, ignore_errors=True)
    try:
        building.rename(out)
    except OSError:  # made meanwhile by another run from the same inputs
        shutil.rmtree(building, ignore_errors=True)
    return out


def _only_local(context, outside: list[str], allow_file: bool = False):
    def route(r):
        url = r.request.url
        if url.startswith(("data:", "blob:", "about:")) or (allow_file and url.startswith("file:")) \
                or urlsplit(url).hostname == "127.0.0.1":
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    context.route("**/*", route)


def test_the_classroom_zip_serves_a_room_and_runs_a_widget(browser, offline_site, tmp_path):
    z = make_bundle(offline_site, tmp_path / "dist")
    names = zipfile.ZipFile(z).namelist()
    assert {"gamester/serve.py", "gamester/README.txt", "gamester/site/index.html",
            "gamester/site/search/search_index.js", "gamester/site/assets/pyodide/pyodide.asm.wasm"} <= set(names)
    assert not [n for n in names if n.endswith(".gz")]
    readme = zipfile.ZipFile(z).read("gamester/README.txt").decode()
    assert "--host 0.0.0.0" in readme and "index.html" in readme
    t0 = time.monotonic()
    zipfile.ZipFile(z).extractall(tmp_path / "classroom")
    folder = tmp_path / "classroom" / "gamester"
    # -I: no environment, no site-packages, not even this folder on sys.path: only the standard library.
    proc = subprocess.Popen([sys.executable, "-I", "serve.py", "--host", "0.0.0.0", "--port", "0"], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,  # stopped by SIGINT, below:
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # not ignored, ever
    outside: list[str] = []
    pupil = browser.new_context()
    _only_local(pupil, outside)
    try:
        warning = proc.stderr.readline()
        line = proc.stdout.readline()
        # What serving the room exposes is said before it starts: read-only, to every machine that can reach it.
        assert "every machine that can reach this one" in warning and "read-only" in warning, warning
        assert " at http://127.0.0.1:" in line, line
        url = line.split(" at ")[1].split()[0]
        port = urlsplit(url).port
        assert f"port {port}" in warning, warning
        page = pupil.new_page()
        page.goto(url)  # the address a pupil types: the site's front page
        page.get_by_role("link", name="Post and Pair").first.click()
        page.wait_for_url("**/post-and-pair.html")
        w = open_widget(page, "pp-deal")
        assert "gm-ledger" in w.inner_html()
        assert page.locator(".gm-from-file").count() == 0  # served: no "start the server" sentence
        ready = time.monotonic() - t0
        print(f"\nclassroom zip {z.stat().st_size / 1e6:.1f} MB; unzip to a working widget {ready:.1f} s")
    finally:
        pupil.close()
        os.kill(proc.pid, signal.SIGINT)
        proc.wait(timeout=600)  # its exit (the bound only ends a hang)
    assert not outside, outside[:5]


def test_the_classroom_copy_works_from_a_double_clicked_index_html(browser, offline_site):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    outside: list[str] = []
    _only_local(context, outside, allow_file=True)
    page = context.new_page()
    try:
        page.goto((offline_site / "index.html").as_uri())
        # Navigation: the menu's links are pages (NAME.html), not folders a browser would list.
        hrefs = page.eval_on_selector_all(".md-nav--primary a.md-nav__link[href]",
                                          "els => els.map(e => e.getAttribute('href'))")
        pages = [h for h in hrefs if not h.startswith("#")]
        assert pages and all(h.endswith(".html") for h in pages), pages
        page.locator(".md-nav--primary a.md-nav__link[href='put.html']").first.click()
        page.wait_for_url("**/put.html")
        assert page.locator("h1").first.inner_text().startswith("Put")
        page.locator(".md-nav--primary a.md-nav__link[href='teach/put.html']").first.click()
        page.wait_for_url("**/teach/put.html")
        # The live parts: the class set's own message and "Another question" say how to start the server.
        msg = page.locator(".gm-classset-message")
        expect(msg).to_contain_text(START)
        assert "JavaScript" not in msg.text_content()
        notes = page.locator(".gm-quiz .gm-from-file")
        assert notes.count() == page.locator(".gm-quiz").count() >= 1
        assert START in notes.first.text_content()
        # Search: the inlined index and its worker run from the file system.
        page.click("input.md-search__input")
        page.keyboard.type("eldest")
        page.wait_for_selector(".md-search-result__item")
        assert "matching document" in page.locator(".md-search-result__meta").inner_text()
        page.locator(".md-search-result__item a").first.click()
        page.wait_for_load_state()
        assert page.url.startswith("file:") and ".html" in page.url
        # A game page: the link to the live game and the live table each get the sentence, just before them.
        page.goto((offline_site / "put.html").as_uri())
        for sel in (".gm-play-entry", ".gm-widget"):
            before = page.locator(sel).first.evaluate("e => e.previousElementSibling.className")
            assert before == "gm-from-file", (sel, before)
        assert START in page.locator(".gm-from-file").first.text_content()
    finally:
        context.close()
    assert not outside, outside[:5]

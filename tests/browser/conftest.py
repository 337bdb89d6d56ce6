"""Browser tests: the built site served on 127.0.0.1, driven through Debian's Chromium by Playwright.

The site is ``./site`` (``nox -s browser`` builds it first) or ``$GAMESTER_SITE``. One browser context and one page
are shared by the tests that need a booted engine (Pyodide's boot costs seconds); the tests of a cold page
(bytes before interaction, no WebAssembly) make their own contexts. Every request any page makes is recorded, and
one to any host other than 127.0.0.1 is aborted and fails the session.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("GAMESTER_SITE", ROOT / "site"))


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".whl": "application/zip"}

    def log_message(self, *args) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        # Material's instant navigation only follows links listed in sitemap.xml, whose URLs carry site_url's
        # port (8000, where `nox -s serve` runs); rebase them onto this server's port.
        if self.path.split("?")[0].endswith("/sitemap.xml"):
            path = Path(self.translate_path(self.path))
            if path.is_file():
                here = f"http://127.0.0.1:{self.server.server_address[1]}/"
                body = re.sub(r"https?://[^/<]+/", here, path.read_text(encoding="utf-8")).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/xml")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
        super().do_GET()


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` on 127.0.0.1 (a free port) in a daemon thread; return the server and its base URL."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": shutil.which("chromium") or "/usr/bin/chromium",
            "args": LAUNCH_ARGS}


@pytest.fixture(scope="session")
def base_url():
    if not (SITE / "assets" / "gamester" / "runtime.json").is_file():
        pytest.skip(f"no built site with the widget runtime at {SITE}: run `mkdocs build` (or nox -s browser)")
    httpd, url = serve(SITE)
    yield url
    httpd.shutdown()


class Traffic:
    """Every request the pages of a context make, and those that tried to leave 127.0.0.1."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.foreign: list[str] = []

    def attach(self, context) -> None:
        def route(r):
            url = r.request.url
            self.urls.append(url)
            host = urlsplit(url).hostname
            if url.startswith(("data:", "blob:")) or host == "127.0.0.1":
                r.continue_()
            else:
                self.foreign.append(url)
                r.abort()

        def seen(req):  # requests that bypass routing (if any) are still checked
            url = req.url
            if not url.startswith(("data:", "blob:")) and urlsplit(url).hostname != "127.0.0.1":
                self.foreign.append(url)

        context.route("**/*", route)
        context.on("request", seen)

    def count(self, fragment: str) -> int:
        return sum(fragment in u for u in self.urls)


@pytest.fixture(scope="session")
def traffic():
    t = Traffic()
    yield t
    assert not t.foreign, f"requests left 127.0.0.1: {t.foreign[:5]}"


@pytest.fixture(scope="session")
def shared(browser, base_url, traffic):
    """One context and page for the whole session: the engine boots once in it."""
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs
    yield page
    context.close()


@pytest.fixture
def fresh(browser, base_url, traffic):
    """A new context (empty cache, no engine) for tests of a cold page."""
    contexts = []

    def make(init_script: str | None = None):
        context = browser.new_context(base_url=base_url)
        traffic.attach(context)
        if init_script:
            context.add_init_script(init_script)
        contexts.append(context)
        return context.new_page()

    yield make
    for c in contexts:
        c.close()

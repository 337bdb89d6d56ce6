"""Browser tests: the built site served on 127.0.0.1, driven through Debian's Chromium by Playwright.

The site is ``./site`` (``nox -s browser`` builds it first) or ``$GAMESTER_SITE``. One browser context and one page
are shared by a module's tests that need a booted engine (Pyodide's boot costs seconds); the tests of a cold page
(bytes before interaction, no WebAssembly) make their own contexts. Every request any page makes is recorded, and
one to any host other than 127.0.0.1 cannot connect (the browser's launch flags) and fails the session.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, expect

from gamester_site.browser import LAUNCH_ARGS, serve  # shared with benchmarks/bench_browser.py

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("GAMESTER_SITE", ROOT / "site"))

#: What a wait that names no bound of its own (a click, a locator's wait, wait_for_function, expect) allows: every
#: wait in these tests is for an event, and the bound only ends a hang. Playwright's defaults (30 s, and 5 s for
#: expect) were met by a loaded machine (an engine's start at a load of 11 on two cores), not by a fault.
HANG_MS = 180_000
expect.set_options(timeout=HANG_MS)
_new_context = Browser.new_context


#: A page as in a browser without shared workers, where the engine starts in a dedicated worker of each page's own
#: (gamester-engine.js's engineWorker). Every context's, unless it is made with ``shared_engine=True``: Playwright
#: does not see a shared worker's requests, which most of these tests count; the shared engine has tests of its own
#: (test_shared_engine.py), which count the requests on the server's side.
NO_SHARED_WORKER = "delete window.SharedWorker;"


def _patient_context(self, *args, shared_engine: bool = False, **kwargs):
    context = _new_context(self, *args, **kwargs)
    context.set_default_timeout(HANG_MS)
    if not shared_engine:
        context.add_init_script(NO_SHARED_WORKER)
    return context


def wait_until(page, predicate: str, arg=None, timeout_ms: float = 120_000) -> None:
    """Until the JavaScript ``predicate`` (a function of ``arg`` that returns a promise, as one reading Cache
    Storage must) gives a true value, asked again every 50 ms in the page; an AssertionError after ``timeout_ms``.
    (Playwright's ``wait_for_function`` takes the promise itself for a true value and returns at once.)"""
    done = page.evaluate(f"""async ([arg, ms]) => {{
      const test = {predicate}, end = performance.now() + ms;
      for (;;) {{
        if (await test(arg)) return true;
        if (performance.now() > end) return false;
        await new Promise((r) => setTimeout(r, 50));
      }}
    }}""", [arg, timeout_ms])
    assert done, f"not true within {timeout_ms / 1000:.0f} s: {predicate[:200]}"


Browser.new_context = _patient_context  # every context: the fixtures' below, pytest-playwright's and the tests' own


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": shutil.which("chromium") or "/usr/bin/chromium",
            "args": [*LAUNCH_ARGS, *NO_WAY_OUT]}


@pytest.fixture(scope="session")
def base_url():
    if not (SITE / "assets" / "gamester" / "runtime.json").is_file():
        pytest.skip(f"no built site with the widget runtime at {SITE}: run `mkdocs build` (or nox -s browser)")
    httpd, url = serve(SITE)
    yield url
    httpd.shutdown()


# Every Play deals a new deal number drawn with Math.random: in the tests each page draws the same sequence (a
# small seeded generator), so that a run deals the same games every time and a failure can be played again.
REPEATABLE = """(() => { let s = 1674;
  Math.random = () => { s = (s + 0x6D2B79F5) | 0; let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; })();"""


#: Chromium sends every request that is not for the loopback address (which Chromium never proxies) to a proxy on
#: a port where nothing listens, so that no request can leave 127.0.0.1 whatever its host: it fails at once.
NO_WAY_OUT = ["--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


class Traffic:
    """Every request the pages of a context make, and those that tried to leave 127.0.0.1.

    The requests are watched (the context's ``request`` event), not routed: routing sends every request through this
    process and turns Chromium's HTTP cache off, so each boot would download and compile the engine again. That a
    request cannot leave the machine is the launch flags' doing (``NO_WAY_OUT``); that one tried fails the session."""

    def __init__(self) -> None:
        self.urls: list[str] = []         # what the pages asked for (answered by the network or the service worker)
        self.worker_urls: list[str] = []  # what the service worker fetched itself (to answer a page, or to keep)
        self.foreign: list[str] = []

    def attach(self, context) -> None:
        def seen(req):
            url = req.url
            # A page's request that the service worker passes on is seen twice, the page's and the worker's: one
            # fetch the page made is one address in ``urls``.
            (self.urls if req.service_worker is None else self.worker_urls).append(url)
            if not url.startswith(("data:", "blob:")) and urlsplit(url).hostname != "127.0.0.1":
                self.foreign.append(url)

        context.on("request", seen)
        context.add_init_script(REPEATABLE)

    def count(self, fragment: str, since: int = 0) -> int:
        """Requests whose address holds ``fragment``, from the ``since``-th request of the session on."""
        return sum(fragment in u for u in self.urls[since:])


@pytest.fixture(scope="session")
def traffic():
    t = Traffic()
    yield t
    assert not t.foreign, f"requests left 127.0.0.1: {t.foreign[:5]}"


@pytest.fixture(scope="module")
def live(browser, base_url, traffic):
    """A context and page of a test module's own (the live-table and newcomer tests), its engine booted once for
    the module and kept apart from test_widgets.py's shared page."""
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    page = context.new_page()
    page.goto("./")
    yield page
    context.close()


@pytest.fixture(scope="module")
def shared(browser, base_url, traffic):
    """One context and page for test_widgets.py's tests (its only user): the engine boots once in it. Closed with
    the module, not kept to the session's end: an open page costs the browser work all the while (some 3% of a
    core, idle, its engine booted), and no later test looks at it."""
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


@pytest.fixture(scope="module")
def axe_page(browser, base_url, traffic):
    """A page of its own (no booted engine) for the axe checks of a test module; axe-core must be installed."""
    import axe  # tests/browser/axe.py

    axe.need_axe()
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    pg = context.new_page()
    yield pg
    context.close()

"""One engine for the site's pages where the browser keeps a shared worker alive (issue 30's warm start): in a
browser whose SharedWorker takes ``extendedLifetime`` (Chromium 148 on), the engine runs in a shared worker named
by its build, so that a reload, a shared link in a new tab and another page of the site find it already running
(``__gamester.info.start`` "running") rather than starting Python again; a new build starts an engine of its own;
a page whose shared engine stopped answering goes on with a dedicated worker of its own; and once the browser has let
the engine go, a page with no network starts a new one from what the service worker holds.

The other browser tests run the engine in each page's dedicated worker (conftest's ``NO_SHARED_WORKER``: Playwright
does not see a shared worker's requests, which they count). These contexts keep the browser's SharedWorker, and
count the requests on the server's side (test_start_cache's ``Served``: a copy of the site under a sub-path)."""

from __future__ import annotations

import json
import re

import pytest
from conftest import wait_until
from test_start_cache import (  # noqa: F401
    Served,
    boot,
    fetched_at_start,
    no_network,
    served,
    wait_held,
    wait_site_kept,
    watched_context,
)
from test_widgets import BOOT_MS

pytestmark = pytest.mark.browser

#: The engine worker's own clock, which a worker keeps for its life: the same worker answered when these are equal.
SAME_WORKER = "[__gamester.info.times.origin, __gamester.info.times.first_line]"


@pytest.fixture
def context(browser):
    yield from watched_context(browser, shared_engine=True)


def first_hand(page) -> None:
    """The reader's Play on the page's play widget, until the live hand is drawn."""
    w = page.locator(".gm-widget#play")
    w.locator(".gm-start").click()
    w.locator("xpath=.").and_(page.locator("[data-live='1']")).wait_for(timeout=BOOT_MS)
    assert "gm-t-" in w.inner_html()


def test_a_reload_a_new_tab_and_another_page_find_the_engine_running(context, served: Served):  # noqa: F811 (the fixture)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(served.url + "post-and-pair/")
    first_hand(page)
    info = page.evaluate("__gamester.info")
    assert page.evaluate("__gamester.shared") is True
    assert info["start"] in ("snapshot", "ordinary") and info["pages"] == 1
    worker = page.evaluate(SAME_WORKER)

    # The page again, in the same tab (its own address: the played widget wrote its game into the address bar, and
    # a link to a game starts that game itself): the page's <head> (gamester-early.js) or the engine module joins
    # the engine already running; no runtime file is asked for, and the first hand comes from it.
    since = len(served.log)
    page.goto(served.url + "post-and-pair/")
    first_hand(page)
    assert page.evaluate("__gamester.info.start") == "running"
    assert page.evaluate(SAME_WORKER) == worker
    assert served.runtime_requests(since) == []

    # A shared link in a new tab, and another game's page: the same engine, which has answered every page.
    tab = context.new_page()
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(served.url + "put/?from=a-link")
    first_hand(tab)
    assert tab.evaluate("[__gamester.info.start, __gamester.shared]") == ["running", True]
    assert tab.evaluate(SAME_WORKER) == worker
    assert tab.evaluate("__gamester.info.pages") >= 3
    # Both pages are answered by it, each on its own port (their calls' ids are their own, and may be the same).
    for p in (page, tab):
        assert p.evaluate("__gamester.call({ op: 'ping' })")["ok"] is True
    # (Put's solved strategies, fetched when its game first reads them, are data the engine asks for, not its start)
    assert [r for r in served.runtime_requests(since) if "/assets/gamester/data/" not in r] == []
    assert errors == []


#: A shared engine worker of the site under ``name``, asked to start as a page asks it: its ready message.
JOIN = """(name) => new Promise((resolve) => {
  const w = new SharedWorker(new URL("../javascripts/gamester-worker.js", location.href).href,
                             { type: "module", name, extendedLifetime: true });
  w.port.onmessage = (ev) => { if (ev.data.type === "ready" || ev.data.type === "failed") resolve(ev.data); };
  w.port.postMessage({ type: "boot", assets: new URL("../assets/", location.href).href }); })"""


def test_a_new_build_starts_an_engine_of_its_own(context, served: Served):  # noqa: F811 (the fixture)
    page = context.new_page()
    page.goto(served.url + "bone-ace/")
    info = boot(page)
    assert page.evaluate("__gamester.shared") is True and info["start"] != "running"
    worker = page.evaluate(SAME_WORKER)
    # The engine's name is the build's mark, the one in the engine module and in the early start of each game page.
    engine = (served.root / "javascripts" / "gamester-engine.js").read_text(encoding="utf-8")
    mark = re.search(r'^const BUILD = "([0-9a-f]{16})";$', engine, re.MULTILINE).group(1)
    assert f'data-build="{mark}"' in (served.root / "bone-ace" / "index.html").read_text(encoding="utf-8")
    name = page.evaluate("import(new URL('../javascripts/gamester-engine.js', location.href).href)"
                         ".then((m) => m.ENGINE_NAME)")
    assert name == f"gamester-engine {mark}"
    # Under that name, a page joins this engine; under another build's (another mark), a new engine starts.
    same = page.evaluate(JOIN, name)
    assert same["start"] == "running" and [same["times"]["origin"], same["times"]["first_line"]] == worker
    other = page.evaluate(JOIN, "gamester-engine " + "0" * 16)
    assert other["type"] == "ready" and other["start"] != "running"
    assert [other["times"]["origin"], other["times"]["first_line"]] != worker


def test_a_shared_engine_that_stops_answering_is_left_for_a_dedicated_one(context, served: Served):  # noqa: F811 (the fixture)
    page = context.new_page()
    page.goto(served.url + "speculation/")
    boot(page)
    assert page.evaluate("__gamester.shared") is True
    # Every reply late (a call's time below nothing): the call ends with the restart message, and the page leaves the
    # shared engine; the next call starts a dedicated worker of the page's own, which answers.
    reply = page.evaluate("""async () => { __gamester.callTimeoutMs = -1;
      const r = await __gamester.call({ op: 'ping' }); __gamester.callTimeoutMs = 30000; return r; }""")
    assert reply["ok"] is False and reply.get("timeout") is True
    reply = page.evaluate("__gamester.call({ op: 'ping' })")
    assert reply["ok"] is True
    assert page.evaluate("[__gamester.shared, __gamester.boots, __gamester.timeouts]") == [False, 2, 1]


def end_shared_engines(browser, site: Served) -> int:
    """End the site's shared engines, as the browser does a while after the site's last page has gone (40 s but
    not 70 s, in one headless trial each), through Chromium's DevTools protocol; return how many."""
    cdp = browser.new_browser_cdp_session()
    try:
        ended = 0
        for t in cdp.send("Target.getTargets")["targetInfos"]:
            if t["type"] == "shared_worker" and t["url"].startswith(site.url):
                ended += bool(cdp.send("Target.closeTarget", {"targetId": t["targetId"]}).get("success"))
        return ended
    finally:
        cdp.detach()


def test_with_the_engine_gone_and_no_server_a_page_starts_one_from_what_the_browser_holds(
        browser, context, served: Served):  # noqa: F811 (the fixture)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(served.url + "post-and-pair/")
    boot(page)
    wait_held(page, fetched_at_start(served))  # (held: what the start fetched, kept by the engine's worker)
    # The search index too, which no page has asked for (search-when-asked.js): the service worker is sent it to keep
    # with the first page's files, once that page has settled.
    wait_until(page, "(u) => caches.match(u, { cacheName: 'gamester-site' }).then((r) => !!r)",
               served.url + "search/search_index.json")
    wait_site_kept(page, served)  # (and the rest of that message)
    page.goto(served.url + "speculation/")  # (another page: the engine the first one played on is left behind)
    assert end_shared_engines(browser, served) == 1
    # No server, no engine running: the page comes from the service worker, and a new shared engine starts from
    # the runtime the browser holds (its runtime.json through the service worker, which controls it too).
    no_network(context, served)
    page.goto(served.url + "post-and-pair/")
    first_hand(page)
    assert page.evaluate("[__gamester.shared, __gamester.info.start]") == [True, "snapshot"]
    # And the site's search works, from the index the service worker holds.
    page.locator("input.md-search__input").click()
    page.keyboard.type("vye")
    page.locator(".md-search-result__item a").first.wait_for()
    assert errors == []


def hang_shared_engine(browser, page, site: Served) -> None:
    """Stop the site's shared engine for good at the next thing it runs (its debugger told to pause, through the
    DevTools protocol), as an engine stuck in a request would be: it answers no page again. Returns once the
    debugger has said it will."""
    cdp = browser.new_browser_cdp_session()
    answered: dict[int, dict] = {}
    cdp.on("Target.receivedMessageFromTarget", lambda ev: answered.update(
        {m["id"]: m for m in [json.loads(ev["message"])] if "id" in m}))
    target = next(t["targetId"] for t in cdp.send("Target.getTargets")["targetInfos"]
                  if t["type"] == "shared_worker" and t["url"].startswith(site.url))
    session = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": False})["sessionId"]
    for n, method in enumerate(("Debugger.enable", "Debugger.pause"), 1):
        cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(
            {"id": n, "method": method, "params": {}})})
        while n not in answered:  # (the answer comes as an event, which the sync API hands over while it waits)
            page.wait_for_timeout(20)
        assert "error" not in answered[n], answered[n]


def test_a_page_that_joins_a_shared_engine_that_says_nothing_starts_one_of_its_own(
        browser, context, served: Served):  # noqa: F811 (the fixture)
    page = context.new_page()
    page.goto(served.url + "post-and-pair/")
    boot(page)
    hang_shared_engine(browser, page, served)
    # Another page of the site (no early start: its wait for the engine is set before it asks): the engine it joins
    # says nothing, not even how its start is going, so the page leaves it for a dedicated worker, which answers.
    other = context.new_page()
    other.goto(served.url + "bibliography/")
    other.evaluate("__gamester.joinTimeoutMs = 1000")
    info = boot(other)
    assert other.evaluate("[__gamester.left, __gamester.shared]") == [1, False]
    assert info["start"] != "running"
    assert other.evaluate("__gamester.call({ op: 'ping' })")["ok"] is True
    assert end_shared_engines(browser, served) == 1

"""A second visit starts the engine before the click (issue 30): when the browser already holds the runtime (the
service worker kept it by its sha256), a page with a way to play on screen starts the engine quietly once it has
loaded and is idle, so that the reader's click finds it ready; a first visit fetches nothing before the reader's
first interaction, and a page with no way to play, or a widget link that cannot be right, starts nothing."""

from __future__ import annotations

import pytest
from conftest import wait_until
from test_start_cache import EARLY_TAKEN
from test_widgets import BOOT_MS, open_widget, widget

pytestmark = pytest.mark.browser

RUNTIME = ("/assets/pyodide/", "gamester-worker", ".whl", "engine-snapshot", "compiled.zip", "engine-files",
           "snapshot-stdlib")


def runtime_asked(traffic, since: int, worker_since: int) -> list[str]:
    """What reached the network (the pages' requests and the service worker's own) for the runtime."""
    return [u for u in traffic.urls[since:] + traffic.worker_urls[worker_since:] if any(r in u for r in RUNTIME)]


def decided(page) -> str:
    """What became of the prestart on this page, once it was decided (never a guess about time: its own word)."""
    page.wait_for_function("() => __gamester.prestart && __gamester.prestart !== 'waiting'", timeout=BOOT_MS)
    return page.evaluate("__gamester.prestart")


def play_until_held(page, kind: str) -> None:
    """A first visit's reader plays the ``kind`` widget, until the service worker holds the runtime: the snapshot, or
    the ordinary start's files where a busy machine's loopback read below runtime.json's line."""
    open_widget(page, kind)
    wait_until(page, """async () => { const c = await caches.open('gamester-runtime');
      const urls = (await c.keys()).map((r) => r.url), has = (n) => urls.some((u) => u.endsWith(n));
      return has('pyodide.asm.wasm') && (has('engine-snapshot.bin') || has('.compiled.zip') && has('.whl')); }""",
               None, BOOT_MS)


def test_only_a_second_visit_starts_the_engine_before_the_click_and_quietly(browser, base_url, traffic):
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    try:
        page = context.new_page()
        # A first visit: nothing held, nothing started, no runtime byte fetched.
        since, wsince = len(traffic.urls), len(traffic.worker_urls)
        page.goto("post-and-pair/")
        assert decided(page) == "not held"
        assert page.evaluate("__gamester.boots") == 0
        # (the page's <head> started nothing either: no service worker controlled it yet)
        assert page.evaluate("window.__gamesterEarly === undefined")
        assert runtime_asked(traffic, since, wsince) == []

        # The reader plays: the service worker keeps the runtime.
        play_until_held(page, "pp-deal")
        first = page.evaluate("__gamester.info.start")

        # The page again (its own address: the played widget wrote its game into the address bar, and a link to a
        # game starts that game itself), untouched: the engine starts of its own accord, from the browser's storage,
        # saying nothing.
        since, wsince = len(traffic.urls), len(traffic.worker_urls)
        page.goto("post-and-pair/")
        assert decided(page) == "started"
        page.wait_for_function("() => __gamester.state === 'ready'", timeout=BOOT_MS)
        assert page.evaluate("[__gamester.boots, __gamester.bootCause, __gamester.info.start]") == \
            [1, "prestart", "snapshot" if first == "snapshot" else "ordinary"]
        # It was started from the page's <head> (gamester-early.js, on a page with a way to play), and that worker
        # was the one the engine module took over.
        assert page.evaluate(EARLY_TAKEN) == [1, True, True, True]
        # (the worker asks for its files, and the service worker answers from what it holds: it fetches none; the
        # worker's script is the site's, network-first like every page and script)
        assert [u for u in traffic.worker_urls[wsince:] if any(r in u for r in RUNTIME[:1] + RUNTIME[2:])] == []
        w = widget(page, "pp-deal")
        assert w.locator(".gm-progress").is_hidden()
        assert w.locator(".gm-status-line").inner_text() == ""
        assert w.get_attribute("aria-busy") is None
        # The click finds it ready: the first hand, with no second engine.
        open_widget(page, "pp-deal")
        assert "gm-ledger" in w.inner_html()
        assert page.evaluate("__gamester.boots") == 1

        # A shared link in a new tab of the same browser: the same.
        tab = context.new_page()
        tab.goto("put/?from=a-link")
        assert decided(tab) == "started"
        tab.wait_for_function("() => __gamester.state === 'ready'", timeout=BOOT_MS)
        assert tab.evaluate("[__gamester.bootCause, __gamester.boots, window.__gamesterEarly.taken]") == \
            ["prestart", 1, True]
        tab.close()

        # A widget link that cannot be right starts nothing (it decides for itself), held runtime or not.
        bad = context.new_page()
        bad.goto("post-and-pair/?w=0&players=99999999999999999999999")
        bad.locator(".gm-widget .gm-error").first.wait_for(state="visible", timeout=BOOT_MS)
        bad.wait_for_load_state("load")
        bad.evaluate("() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r)))")
        assert bad.evaluate("[__gamester.boots, __gamester.prestart || null, window.__gamesterEarly || null]") == \
            [0, None, None]
        bad.close()

        # A page with no way to play on it starts nothing either.
        plain = context.new_page()
        plain.goto("./")
        plain.wait_for_load_state("load")
        plain.evaluate("() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r)))")
        if plain.locator(".gm-widget .gm-start").count() == 0:
            assert plain.evaluate("[__gamester.boots, __gamester.prestart || null]") == [0, None]
            assert plain.locator("script[data-gamester-early]").count() == 0
            assert plain.evaluate("window.__gamesterEarly === undefined")
        plain.close()
    finally:
        context.close()


#: Each runtime file the browser holds, put back as a copy kept by another build: under a sha256 that this build's
#: runtime.json does not give it (the bytes are the same; only what the copy says it was checked against differs).
AS_ANOTHER_BUILD = """async () => {
  const c = await caches.open('gamester-runtime');
  const keys = await c.keys();
  for (const q of keys) {
    const r = await c.match(q), headers = new Headers(r.headers);
    headers.set('x-gamester-sha256', '0'.repeat(64));
    await c.put(q, new Response(await r.arrayBuffer(), { status: r.status, headers }));
  }
  return keys.length;
}"""

HELD_AS_BUILT = """async () => {
  const table = (await (await fetch('../assets/gamester/runtime.json', { cache: 'no-cache' })).json()).cache;
  const c = await caches.open('gamester-runtime'), base = new URL('../assets/', location.href).href;
  const out = [];
  for (const q of await c.keys()) out.push([q.url.slice(base.length), (await c.match(q)).headers.get('x-gamester-sha256'),
                                           table[q.url.slice(base.length)] || null]);
  return out;
}"""


def test_a_runtime_held_from_another_build_is_not_fetched_again_before_the_reader_asks(browser, base_url, traffic):
    """After the site is built again, the files the browser holds may be an older build's. Neither the page's <head>
    nor its prestart takes them for held then (each file must be kept under this build's sha256): a visit starts
    nothing and fetches none of the new runtime before the reader asks for the game, as on a first visit. The
    reader's click then starts it, and the service worker keeps this build's files in place of the old."""
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    try:
        page = context.new_page()
        page.goto("speculation/")
        assert decided(page) == "not held"
        play_until_held(page, "spec-play")
        assert page.evaluate(AS_ANOTHER_BUILD) >= 2

        since, wsince = len(traffic.urls), len(traffic.worker_urls)
        page.goto("speculation/")
        assert decided(page) == "not held"
        assert page.evaluate("async () => (await window.__gamesterEarly.decided) === null")
        assert page.evaluate("__gamester.boots") == 0
        assert runtime_asked(traffic, since, wsince) == []
        w = widget(page, "spec-play")
        assert w.locator(".gm-progress").is_hidden()

        # The reader asks: the game starts, from this build's files, and those are what the browser now holds.
        open_widget(page, "spec-play")
        assert page.evaluate("[__gamester.boots, __gamester.bootCause]")[0] == 1
        assert runtime_asked(traffic, since, wsince) != []
        wait_until(page, """async () => { const c = await caches.open('gamester-runtime');
          for (const q of await c.keys()) if ((await c.match(q)).headers.get('x-gamester-sha256') === '0'.repeat(64)) return false;
          return (await c.keys()).some((q) => q.url.endsWith('pyodide.asm.wasm')); }""", None, BOOT_MS)
        held = page.evaluate(HELD_AS_BUILT)
        assert held and all(sha == built for _, sha, built in held), held
    finally:
        context.close()

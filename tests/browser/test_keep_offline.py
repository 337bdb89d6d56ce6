"""The Teach page's "Keep the site in this browser" (gamester-keep.js; issue 30's "no network at all still starts the
game once the site has been opened"): a teacher who opened one page and never played presses it, and with the server
gone and the browser offline, a page never visited opens and its game plays. Before, such a visit kept no runtime at
all (the engine's files are kept as a start fetches them), and the games could not start offline. A new build's
changed page is kept anew; a file the server lacks is counted, and with no server the button says so; neither is
called kept. A game started with no network on a site not kept says where to learn to keep it.

Each test serves its own copy of the built site (test_start_cache.py's ``served``: under a sub-path, counting the
requests that reach it)."""
# ruff: noqa: F811 (the fixtures context and served, imported below, are the tests' arguments)

from __future__ import annotations

import functools
import json
import threading
from urllib.parse import urlsplit

import axe  # tests/browser/axe.py (its screenshots' folder)
import pytest
from test_start_cache import context, held, hold_back, no_network, play_post_and_pair, served  # noqa: F401 (two fixtures)
from test_widgets import BOOT_MS, widget

pytestmark = pytest.mark.browser

KEEP = "[data-gm-keep]"
LIST = "assets/gamester/site-files.json"
CACHED = "(u) => caches.match(u, { cacheName: 'gamester-site' }).then((r) => r ? r.text() : null)"


def site_list(served) -> dict:
    return json.loads((served.root / LIST).read_text())


def open_teach(context, served):
    page = context.new_page()
    page.goto(served.url + "teach/")
    page.locator(f"{KEEP} button:enabled").wait_for()
    return page


def keep(page, files: int) -> str:
    """Press the button and wait for its last word: "Kept: ``files`` files." (asserted), and the block marked kept."""
    page.locator(f"{KEEP} button").click()
    status = page.locator(f"{KEEP} .gm-keep-status")
    status.filter(has_text="Kept:").wait_for(timeout=BOOT_MS)
    text = status.inner_text()
    assert f"Kept: {files:,} files." in text, text
    assert page.locator(KEEP).get_attribute("data-kept") == "1"
    return text


def all_files(listed: dict) -> int:
    """The files a keep keeps: the list's pages and files, the list itself, and the runtime's."""
    return len(listed["pages"]) + len(listed["files"]) + 1 + listed["runtime_files"]


def shoot(page, name: str, where: str = KEEP) -> None:
    axe.SCREENS.mkdir(parents=True, exist_ok=True)
    if not page.evaluate("() => !!document.getElementById('gm-test-shown')"):
        axe.show_all(page)  # (else a block just scrolled to may not be drawn yet: content-visibility)
    for width, scheme in ((390, "default"), (1280, "slate")):
        page.set_viewport_size({"width": width, "height": 800})
        axe.set_scheme(page, scheme)
        page.locator(where).first.scroll_into_view_if_needed()
        page.screenshot(path=str(axe.SCREENS / f"keep-{name}-{width}-{'light' if scheme == 'default' else 'dark'}.png"),
                        style=axe.NO_HEADER)
    axe.set_scheme(page, "default")


def test_a_visit_that_never_played_keeps_the_site_and_plays_offline_on_a_page_it_never_opened(context, served):
    listed = site_list(served)
    page = open_teach(context, served)
    about = page.locator(f"{KEEP} .gm-keep-about").inner_text()
    # What it says it keeps: the pages, the files in all and their size, as the list gives them.
    size = listed["bytes"] + listed["runtime_bytes"]
    assert f"{len(listed['pages'])} pages" in about and f"{all_files(listed):,} files" in about, about
    assert f"about {size / 1e6:.{1 if size < 1e7 else 0}f} MB" in about, about
    assert page.locator(f"{KEEP} .gm-keep-status").inner_text() == ""  # (nothing kept yet: nothing said)
    assert page.evaluate("__gamester.state") == "idle"  # (nothing started: this visit never played)
    assert served.runtime_requests() == []
    shoot(page, "before")
    assert axe.serious(axe.run(page, KEEP)) == []
    page.emulate_media(media="print")  # (on paper: what this browser holds means nothing; the section's words stay)
    assert page.locator(KEEP).is_hidden() and page.locator("h2#without-a-network").is_visible()
    page.emulate_media(media="screen")

    since = len(served.log)
    keep(page, all_files(listed))
    shoot(page, "kept")
    assert axe.serious(axe.run(page, KEEP)) == []
    # Every runtime file under runtime.json's hash, Put's solved strategies among them, though no game read them.
    table = served.manifest()["cache"]
    assert held(page) == {served.url + "assets/" + name: sha for name, sha in table.items()}
    # Each page and file was asked of the server by the keep (none left to an earlier copy).
    asked = {p.split("?")[0] for p, _ in served.log[since:]}
    assert {f"/a/sub/path/{p}" for p in listed["pages"] + listed["files"] + [LIST]} <= asked
    assert page.evaluate("__gamester.state") == "idle"  # (kept without starting the engine)

    no_network(context, served)
    # A page this browser never opened, with no network: it opens, and its game plays; the search's index is there.
    page2 = context.new_page()
    errors = play_post_and_pair(page2, served)
    assert errors == []
    assert page2.evaluate("fetch('../search/search_index.json').then((r) => r.ok)")
    # Pyodide's own library (kept by the button alone), and a page asked for by its file, as the classroom copy's
    # links name it (kept by its folder).
    assert page2.evaluate(CACHED, served.url + "assets/pyodide/python_stdlib.zip") is not None
    assert page2.goto(served.url + "bibliography/index.html").ok
    assert page2.title().startswith("Bibliography")
    # The Teach page says it is kept on a later visit (it checks what the browser holds, offline too).
    page3 = open_teach(context, served)
    page3.locator(f"{KEEP}[data-kept='1']").wait_for()
    assert "This version of the site is kept in this browser" in page3.locator(f"{KEEP} .gm-keep-status").inner_text()


def test_a_new_build_is_said_to_differ_from_the_one_kept_and_the_next_press_keeps_its_changed_page(context, served):
    listed = site_list(served)
    page = open_teach(context, served)
    keep(page, all_files(listed))
    glossary = served.url + "glossary/"
    assert "<!-- a new build -->" not in page.evaluate(CACHED, glossary)
    # A new build: one page changed, and so the list's mark.
    html = (served.root / "glossary" / "index.html").read_bytes()
    served.write("glossary/index.html", html.replace(b"</body>", b"<!-- a new build --></body>"))
    served.write(LIST, json.dumps({**listed, "build": "0" * 64}).encode())
    page.reload()
    status = page.locator(f"{KEEP} .gm-keep-status")
    status.filter(has_text="An earlier version of the site is kept").wait_for()
    assert page.locator(KEEP).get_attribute("data-kept") is None
    keep(page, all_files(listed))
    assert "<!-- a new build -->" in page.evaluate(CACHED, glossary)


def test_a_file_missing_is_counted_and_with_the_server_gone_the_button_says_so_and_calls_nothing_kept(context, served):
    listed = site_list(served)
    page = open_teach(context, served)
    (served.root / "glossary" / "index.html").unlink()  # (the server answers 404 for it)
    page.locator(f"{KEEP} button").click()
    status = page.locator(f"{KEEP} .gm-keep-status")
    status.filter(has_text="could not be kept").wait_for(timeout=BOOT_MS)
    text = status.inner_text()
    assert text == ("1 file could not be kept (the network failed, or a file was not as this version of the site "
                    f"says it should be). {all_files(listed) - 1:,} files were kept. Press the button again with a "
                    "network to keep the rest."), text
    assert page.locator(KEEP).get_attribute("data-kept") is None
    assert page.locator(f"{KEEP} button").is_enabled()

    page.reload()  # (nothing is said kept: the last keep was not whole)
    page.locator(f"{KEEP} button:enabled").wait_for()
    assert page.locator(f"{KEEP} .gm-keep-status").inner_text() == ""
    # With no server: every page and file fails; the runtime, held under its hashes since the first press, does not.
    no_network(context, served)
    page.locator(f"{KEEP} button").click()
    pages_and_files = len(listed["pages"]) + len(listed["files"]) + 1
    status.filter(has_text=f"{pages_and_files:,} files could not be kept").wait_for(timeout=BOOT_MS)
    assert f" {listed['runtime_files']} files were kept." in status.inner_text()
    assert page.locator(KEEP).get_attribute("data-kept") is None
    assert page.locator(f"{KEEP} button").is_enabled()


def test_with_the_server_gone_before_any_keep_the_button_says_the_network_did_not_answer(context, served):
    page = open_teach(context, served)
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    # (runtime.json, which the service worker may have read and kept already, is let go: no copy to answer from)
    manifest = served.url + "assets/gamester/runtime.json"
    page.evaluate("(u) => caches.open('gamester-site').then((c) => c.delete(u))", manifest)
    no_network(context, served)
    assert page.evaluate(CACHED, manifest) is None  # (no write of it was still on its way)
    page.locator(f"{KEEP} button").click()
    status = page.locator(f"{KEEP} .gm-keep-status")
    status.filter(has_text="the network did not answer").wait_for(timeout=BOOT_MS)
    assert page.locator(KEEP).get_attribute("data-kept") is None
    assert page.locator(f"{KEEP} button").is_enabled()
    assert held(page) == {}


def test_a_game_started_with_no_network_before_the_site_was_kept_says_where_to_learn_to_keep_it(context, served):
    page = context.new_page()
    page.goto(served.url + "post-and-pair/")
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    no_network(context, served)
    w = widget(page, "pp-deal")
    w.locator(".gm-start").click()
    link = w.locator(".gm-error a", has_text="Without a network")
    link.wait_for(timeout=BOOT_MS)
    said = w.locator(".gm-error > p").first.inner_text()
    assert said.startswith("The live engine could not start: this browser could not fetch its files"), said
    assert w.locator(".gm-error details.gm-error-detail summary").inner_text() == "What the browser reported"
    # "The example above is the printed one": shown again, not the face-down table put up while the engine started.
    assert w.locator(".gm-widget-static").is_visible() and w.locator(".gm-waiting").count() == 0
    assert w.get_attribute("data-waiting") is None
    assert link.get_attribute("href") == served.url + "teach/#without-a-network"
    shoot(page, "no-network-game", ".gm-widget[data-widget='pp-deal'] .gm-error")
    # (the Teach page, kept by this first visit's own keep only if it was opened: not here; the heading is checked
    # in the built page instead)
    assert 'id="without-a-network"' in (served.root / "teach" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("stalled", ["runtime", "page"])
def test_a_stalled_file_ends_the_keep_with_a_sentence_and_the_next_press_keeps_the_site(context, served, stalled):
    """The watchdogs: a runtime file of which no byte comes for the wait (read by the page: Pyodide's first), or a
    part that the service worker says nothing of for the wait (its first part of pages: the glossary held), ends the
    keep (3 s for the first press here; 2 minutes on the site), and the button is given back. The file is held at the
    server until let go: the keep stops on that, not on the machine's speed."""
    listed = site_list(served)
    runtime = stalled == "runtime"
    assert "glossary/" in listed["pages"][:20]  # (in the first part of pages; the Teach page never asks for it)
    gate = hold_back(served, "/pyodide.mjs" if runtime else "/glossary/")
    context.add_init_script("window.__gamesterKeepSilentMs = 3000;")
    page = open_teach(context, served)
    done = 0 if runtime else listed["runtime_files"]  # (the runtime's parts go first)
    # Every sentence the status line says, in order (a sentence said for a moment is seen whatever the machine's speed).
    page.evaluate(f"""() => {{ window.__said = []; const el = document.querySelector('{KEEP} .gm-keep-status');
      new MutationObserver(() => window.__said.push(el.textContent)).observe(el, {{ childList: true, characterData: true, subtree: true }}); }}""")
    try:
        page.locator(f"{KEEP} button").click()
        status = page.locator(f"{KEEP} .gm-keep-status")
        status.filter(has_text=f"Keeping stopped after {done} files").wait_for(timeout=BOOT_MS)
        assert f"Keeping the site: 0 of {all_files(listed):,} files…" in page.evaluate("window.__said")  # (said at once)
        assert f"of {all_files(listed):,} (the browser stopped it, or the network is too slow)" in status.inner_text()
        assert page.locator(f"{KEEP} button").is_enabled()
        assert page.locator(KEEP).get_attribute("data-kept") is None
        assert page.locator(f"{KEEP} .gm-keep-bytes").inner_text() == ""
    finally:
        gate.set()
    # The next press with the site's own wait (2 minutes): its parts hash and write the 12.6 MB snapshot, which on a
    # busy machine may leave a part silent for more than 3 s.
    page.evaluate("delete window.__gamesterKeepSilentMs")
    keep(page, all_files(listed))


def test_the_keep_reads_the_runtime_in_the_page_and_goes_on_when_the_service_worker_is_stopped(context, served):
    """A browser ends a service worker's event that runs on too long (5 minutes in Chromium, by our reading), which
    the 12.6 MB snapshot over a slow link would outlast: the keep reads each runtime file in the page, past the
    service worker (the request carries x-gamester-direct, which gamester-sw.js leaves to the browser), and sends the
    bytes. Here the snapshot is held at the server until the service worker has been stopped (DevTools'
    stopAllWorkers) while the page reads it: the keep still ends whole. (Before, the service worker read it in its
    own event, and stopping it there ended the keep: the same test waited out its 120 s for "Kept:".)"""
    listed = site_list(served)
    asked = threading.Event()
    gate = threading.Event()
    runtime: list[tuple[str, bool]] = []  # (path, whether it came past the service worker) of each runtime file asked for
    made = served.httpd.RequestHandlerClass

    class Watched(made.func):
        def do_GET(self):
            path = urlsplit(self.path).path
            if any(path.endswith("/" + name) for name in served.manifest()["cache"]):
                runtime.append((path, self.headers.get("x-gamester-direct") == "1"))
                if path.endswith("/engine-snapshot.bin"):
                    asked.set()
                    gate.wait(BOOT_MS / 1000)
            return super().do_GET()

    served.httpd.RequestHandlerClass = functools.partial(Watched, *made.args, **made.keywords)
    page = open_teach(context, served)
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    try:
        page.locator(f"{KEEP} button").click()
        assert asked.wait(BOOT_MS / 1000), "the snapshot was never asked for"
        cdp.send("ServiceWorker.stopAllWorkers")
    finally:
        gate.set()
    keep_text = page.locator(f"{KEEP} .gm-keep-status")
    keep_text.filter(has_text="Kept:").wait_for(timeout=BOOT_MS)
    assert f"Kept: {all_files(listed):,} files." in keep_text.inner_text()
    page.wait_for_function("() => __gamester.siteKept === true")  # (the first visit's own keep of its files: below)
    table = served.manifest()["cache"]
    assert held(page) == {served.url + "assets/" + name: sha for name, sha in table.items()}
    asked_for = {p for p, _ in runtime}
    assert len(asked_for) == len(table), sorted(asked_for)
    assert all(direct for _, direct in runtime), [p for p, direct in runtime if not direct]
    # A first visit's page sends its service worker its own files once it is quiet (its resource entries): after a
    # keep, those name the runtime files the keep read. Sent here at once, with a page, they are not fetched and kept
    # a second time among the pages (31 MB, before 1d7b58a's fix); the page is.
    urls = [served.url + "assets/" + name for name in table] + [served.url + "glossary/"]
    asked = len(runtime)
    page.evaluate("""(urls) => new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("message", (ev) => {
        if (ev.data && ev.data.type === "kept" && !ev.data.id) resolve(); });
      navigator.serviceWorker.controller.postMessage({ type: "keep", urls, runtime: [] }); })""", urls)
    assert len(runtime) == asked, runtime[asked:]
    site_cache = page.evaluate("() => caches.open('gamester-site').then((c) => c.keys()).then((ks) => ks.map((r) => r.url))")
    assert not [u for u in site_cache if any(u.endswith("/" + name) for name in table)], site_cache
    assert served.url + "glossary/" in site_cache

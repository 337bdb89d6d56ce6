"""How the engine starts and what a second visit fetches (issue 30): the worker restores the memory snapshot made at
build time when it is sound and starts the ordinary way, silently, when it is not; the site's service worker keeps
the runtime by its sha256, so that a reload or a second tab fetches none of it, a reload with the server gone still
plays, and a new build's runtime replaces what it held.

Each test serves its own copy of the built site (under a sub-path, on a free port) by the classroom server and
counts the requests that reach it. Its browser contexts route nothing (routing would bypass the browser's caches and
the service worker); every request is still checked to stay on 127.0.0.1."""

from __future__ import annotations

import functools
import hashlib
import json
import shutil
import threading
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import SITE, wait_until
from test_widgets import BOOT_MS, open_widget

from gamester_site import serve as serve_mod
from gamester_site.browser import Link

pytestmark = pytest.mark.browser

# What a second visit reads from the service worker's storage (issue 30's warm start) instead of fetching it.
STORED = ("engine-snapshot.bin", "pyodide.asm.wasm", ".compiled.zip", "engine-files.zip", "snapshot-stdlib.zip")
RUNTIME = ("/assets/pyodide/", ".whl", ".compiled.zip", "engine-snapshot.bin", "engine-files.zip", "snapshot-stdlib.zip",
           "/assets/gamester/data/")


class Served:
    """A copy of the site served under /a/sub/path/ over a link whose speed a test may set (``link``; as fast as the
    machine unless set), and every (path, status) the server answered."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.log: list[tuple[str, int]] = []
        self.link = Link()
        log = self.log

        class Logged(self.link.handler()):
            def log_request(self, code="-", size="-"):
                log.append((self.path, int(getattr(code, "value", code))))

        self.httpd = serve_mod.make_server(root, 0, "/a/sub/path/", handler_class=Logged)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = serve_mod.url_of(self.httpd, "/a/sub/path/")

    def runtime_requests(self, since: int = 0) -> list[str]:
        return [p for p, _ in self.log[since:] if any(r in p for r in RUNTIME)]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    # A change to a built file, as a new build would make it: its precompressed copies go with the old bytes.
    def write(self, rel: str, data: bytes) -> None:
        path = self.root / rel
        for old in (path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")):
            old.unlink(missing_ok=True)
        path.write_bytes(data)

    def manifest(self) -> dict:
        return json.loads((self.root / "assets" / "gamester" / "runtime.json").read_text())

    def set_manifest(self, manifest: dict) -> None:
        self.write("assets/gamester/runtime.json", (json.dumps(manifest, indent=1) + "\n").encode())


def no_network(context, served: Served) -> None:
    """No server and no network for ``context``: the server stopped, and the browser offline (``set_offline``, which
    the service worker's fetches heed too). Stopping the server alone leaves the connections the browser keeps open
    to it answering: a start that asked the network for runtime.json still found it there, in 5 runs of 6, and a
    real classroom without a network could not start at all (gamester-worker.js asked for runtime.json past the
    service worker)."""
    served.stop()
    context.set_offline(True)


@pytest.fixture
def served(tmp_path, base_url):  # base_url: skips unless a built site with the widget runtime is there
    if not json.loads((SITE / "assets" / "gamester" / "runtime.json").read_text()).get("snapshot"):
        pytest.skip("the site was built without the start-up snapshot (GAMESTER_SNAPSHOT=0 or no bytecode)")
    root = tmp_path / "site"
    shutil.copytree(SITE, root)
    s = Served(root)
    # A first visit takes the snapshot whatever the link (runtime.json's line at 0): what a start fetches and keeps
    # is what these tests check, not how fast a busy machine's loopback reads (the slow-link test sets its own line).
    manifest = s.manifest()
    manifest["snapshot_link_mbit"] = 0
    s.set_manifest(manifest)
    yield s
    s.stop()


def watched_context(browser, **kwargs):
    """A context (``kwargs`` as ``browser.new_context``'s) whose every request is checked, once it is closed, to
    have stayed on 127.0.0.1."""
    ctx = browser.new_context(**kwargs)
    foreign: list[str] = []
    ctx.on("request", lambda r: None if r.url.startswith(("data:", "blob:")) or urlsplit(r.url).hostname == "127.0.0.1"
           else foreign.append(r.url))
    yield ctx
    ctx.close()
    assert not foreign, f"requests left 127.0.0.1: {foreign[:5]}"


@pytest.fixture
def context(browser):
    yield from watched_context(browser)


def boot(page) -> dict:
    page.evaluate("__gamester.boot()")
    page.wait_for_function("() => __gamester.state === 'ready' || __gamester.state === 'failed'", timeout=BOOT_MS)
    assert page.evaluate("__gamester.state") == "ready", page.evaluate("__gamester.error")
    return page.evaluate("__gamester.info")


def fetched_at_start(served: Served, start: str = "snapshot") -> dict[str, str]:
    """The runtime files a start fetches (and the service worker then holds), by address, with runtime.json's
    sha256: not Put's solved strategies (fetched when a game reads them), nor, beside the snapshot, the engine wheel
    and the compiled library (the snapshot holds the engine and almost all of that library imported; the wheel's
    files that are not code, and the few modules of the library it has not imported, come in small zips of their
    own), nor, at the ordinary start, the snapshot's small library (which it may or may not have asked for)."""
    manifest = served.manifest()
    skip = {f"gamester/{manifest['wheel']}", f"gamester/{manifest['stdlib']}"} if start == "snapshot" else \
        {f"gamester/{manifest['snapshot_stdlib']}"}
    out = {}
    for name, sha in manifest["cache"].items():
        if name.startswith("gamester/data/") or name in skip:
            continue
        out[served.url + "assets/" + name] = sha
    return out


HELD = """async () => { const c = await caches.open('gamester-runtime'); const out = {};
  for (const r of await c.keys()) out[r.url] = (await c.match(r)).headers.get('x-gamester-sha256'); return out; }"""


def held(page) -> dict[str, str]:
    """The service worker's runtime cache: address -> the sha256 it was kept under."""
    return page.evaluate(HELD)


def wait_held(page, want: dict[str, str]) -> None:
    """Until the browser's storage holds ``want``: the service worker keeps a copy of a file once it has passed and
    its hash is checked, and the engine's worker the files its start fetched straight from the network, once it has
    answered (gamester-worker.js, keepStart)."""
    wait_until(page, f"""async (want) => {{ const got = await ({HELD})();
      return Object.entries(want).every(([u, sha]) => got[u] === sha); }}""", want, BOOT_MS)


def wait_site_kept(page, served: Served) -> None:
    """Until the service worker has gone through a first visit's "keep" message (gamester-engine.js,
    serviceWorker: the page's own files, the search index and the clauses' passages, and the runtime files of an
    engine started past it), which it takes one after another and then answers (``__gamester.siteKept``). A test
    that takes the network away sooner races it: a page file not yet kept is missing offline."""
    page.wait_for_function("() => __gamester.siteKept === true", timeout=BOOT_MS)
    assert page.evaluate("(u) => caches.match(u, { cacheName: 'gamester-site' }).then((r) => !!r)",
                         served.url + "assets/gamester/clause-passages.json")


def test_the_snapshot_starts_the_engine_and_a_second_visit_comes_from_the_browsers_own_storage(context, served):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(served.url + "post-and-pair/")
    info = boot(page)
    assert info["start"] == "snapshot"
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    # Everything the worker fetched is held, by runtime.json's sha256 of it.
    table = fetched_at_start(served)
    wait_held(page, table)
    assert held(page) == table
    # Each reached the server once: what the engine's worker keeps itself (what its start fetched straight from the
    # network, past the service worker) is the bytes it read, not a second download.
    first = served.runtime_requests()
    assert len(first) == len(set(first)), first

    # A reload: the engine starts again from the snapshot, and no runtime file reaches the server. The reload's
    # worker fetched none of the big runtime files either: it read them from storage (its own resource timing lists
    # every fetch it made, the service worker's answers included).
    since = len(served.log)
    page.reload()
    info = boot(page)
    assert info["start"] == "snapshot"
    assert served.runtime_requests(since) == []
    fetched = [f["name"] for f in info["times"]["files"]]
    assert not [n for n in fetched if n.endswith(STORED)], fetched
    for phase in ("wasm_compiled", "snapshot_fetched", "restored", "ready"):
        assert phase in info["times"], phase
    assert any("runtime.json" in p for p, _ in served.log[since:])  # asked for afresh: a new build is seen at once

    # A shared link opened in a new tab of the same browser.
    since = len(served.log)
    tab = context.new_page()
    tab.goto(served.url + "put/?from=a-link")
    assert boot(tab)["start"] == "snapshot"
    assert served.runtime_requests(since) == []
    tab.close()

    # Put's solved strategies (issue 30): files of their own, fetched only when a game reads them.
    strategies_are_fetched_only_by_a_put_game_against_the_solved_player_and_play_as_cpython(page, served)

    # No server at all: the page, its scripts and the runtime come from the service worker, and the game plays.
    # (The page opened afresh at its own address: the widget played above keeps its deal in the page's link, and
    # a reload of that link would reopen it.)
    no_network(context, served)
    page.goto(served.url + "post-and-pair/")
    w = open_widget(page, "pp-deal")
    assert "gm-ledger" in w.inner_html()
    assert page.evaluate("__gamester.info.start") == "snapshot"
    assert errors == []


# The page's boots, and whether its engine's worker is the one its <head> started (gamester-early.js), taken over.
EARLY_TAKEN = """async () => { const e = window.__gamesterEarly;
  return [__gamester.boots, Boolean(e && e.taken), Boolean(e && await e.decided),
          Boolean(e) && __gamester.workerAt === e.at]; }"""


# runtime.json's line in the slow-link tests: four times their link (10 Mbit/s), so that the worker's last reading (the
# wasm's bytes over the time from their first to their last) would pass it only if the browser held back three
# quarters of the wasm and read it at once.
SLOW_LINE = 40


def first_visit_on_a_slow_link(context, served):
    """A first visit over the server's slow link (20 ms a reply, 10 Mbit/s shared; runtime.json's line at
    :data:`SLOW_LINE`): it starts the ordinary way, and the browser keeps that start's files. Returns the page, the
    start's info and the names of the snapshot's three files (not fetched)."""
    manifest = served.manifest()
    snap = tuple(manifest[k] for k in ("snapshot", "snapshot_files", "snapshot_stdlib"))
    manifest["snapshot_link_mbit"] = SLOW_LINE
    served.set_manifest(manifest)
    page = context.new_page()
    served.link.set(10, 20)
    page.goto(served.url + "post-and-pair/")
    info = boot(page)
    served.link.set(None)
    assert (info["start"], info["times"]["why"]) == ("ordinary", "slow link"), info["times"]
    wait_held(page, {u: sha for u, sha in fetched_at_start(served, "ordinary").items() if not u.endswith(snap)})
    return page, info, snap


def test_a_first_visit_on_a_slow_link_starts_the_ordinary_way_and_the_snapshot_waits_for_a_later_visit(
        context, served):
    """On a link slower than the snapshot pays for (10 Mbit/s, against runtime.json's line: 15 as built, 40 here: see
    :func:`first_visit_on_a_slow_link`), a first visit fetches the ordinary start's files and not the snapshot (1.5 MB
    more); the next visit starts the engine from those files as the browser holds them, from the page's <head> before
    any click, fetching nothing, and once its engine has answered fetches the snapshot for the one after, which
    restores it.

    The server makes the slow link (20 ms a reply, 10 Mbit/s shared), not Chromium's emulation: under the emulation
    this test's first page waited 180 s for its load event in a CI run and failed (as another run had, its message
    not kept)."""
    page, info, snap = first_visit_on_a_slow_link(context, served)
    assert 0 < info["times"]["link_mbit"] < SLOW_LINE
    asked = served.runtime_requests()
    assert not [p for p in asked if p.endswith(snap)], asked
    page.close()  # (and its engine, in the page's own worker)

    # The next visit: the page's <head> starts the engine before any click, from the ordinary start's files as the
    # browser holds them (gamester-early.js: the snapshot is not held yet).
    page = context.new_page()
    since = len(served.log)
    page.goto(served.url + "post-and-pair/")
    page.wait_for_function("() => __gamester.prestart && __gamester.prestart !== 'waiting'", timeout=BOOT_MS)
    assert page.evaluate("[__gamester.prestart, __gamester.bootCause, Boolean(window.__gamesterEarly)]") == \
        ["started", "prestart", True]
    info = boot(page)
    # (one boot, and its worker the one the page's <head> started, which the engine module took over)
    assert page.evaluate(EARLY_TAKEN) == [1, True, True, True]
    assert (info["start"], info["times"]["why"]) == ("ordinary", "held"), info["times"]
    fetched = [f["name"] for f in info["times"]["files"]]
    assert not [n for n in fetched if n.endswith(STORED)], fetched  # (read from storage)
    # Once the engine has answered, the snapshot and its files, fetched for the next start and kept.
    page.evaluate("__gamester.call({op: 'ping'})")
    wait_held(page, fetched_at_start(served))
    assert sorted(p.rsplit("/", 1)[1] for p in served.runtime_requests(since)) == sorted(snap)
    page.close()

    page = context.new_page()
    since = len(served.log)
    page.goto(served.url + "post-and-pair/")
    w = open_widget(page, "pp-deal")
    assert "gm-ledger" in w.inner_html()
    assert page.evaluate("__gamester.info.start") == "snapshot"
    assert served.runtime_requests(since) == []


def test_after_a_first_visit_on_a_slow_link_the_game_starts_with_no_server(context, served):
    """A classroom whose first visit came over a slow link (the ordinary start's files kept, not the snapshot) and
    whose network then goes: the page comes from the service worker, the engine starts before the click from the
    files the browser holds, and the game plays."""
    page, _, _ = first_visit_on_a_slow_link(context, served)
    wait_site_kept(page, served)  # (the page's own files, sent to the service worker once the page has settled)
    page.close()
    no_network(context, served)

    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)  # (a file not kept)
    page.goto(served.url + "post-and-pair/")
    page.wait_for_function("() => __gamester.prestart && __gamester.prestart !== 'waiting'", timeout=BOOT_MS)
    assert page.evaluate("__gamester.prestart") == "started"
    w = open_widget(page, "pp-deal")
    assert page.evaluate(EARLY_TAKEN) == [1, True, True, True]
    assert "gm-ledger" in w.inner_html()
    assert page.evaluate("[__gamester.info.start, __gamester.info.times.why]") == ["ordinary", "held"]
    assert errors == []


def hold_back(served: Served, name: str) -> threading.Event:
    """Until the event returned is set, the server answers no request for a path ending in ``name`` (a stalled
    link for that one file: the request waits, as on a classroom's Wi-Fi that drops it)."""
    gate = threading.Event()
    made = served.httpd.RequestHandlerClass  # (functools.partial of the handler class, as make_server made it)

    class Held(made.func):
        def do_GET(self):
            if urlsplit(self.path).path.endswith(name):
                gate.wait(BOOT_MS / 1000)
            return super().do_GET()

    served.httpd.RequestHandlerClass = functools.partial(Held, *made.args, **made.keywords)
    return gate


def test_a_first_visit_whose_service_worker_came_late_starts_the_game_and_the_next_with_no_network(context, served):
    """A first visit on a link that stalls the service worker's script: the engine starts without it (it used to
    wait for the script as long as the link held it), so it fetches runtime.json and Pyodide's scripts past the
    service worker. Once the service worker comes and controls the page, the page sends it those with its own
    files, and the next visit starts the game with no network at all."""
    gate = hold_back(served, "/gamester-sw.js")
    page = context.new_page()
    page.goto(served.url + "post-and-pair/")
    try:
        assert boot(page)["start"] == "snapshot"
        # (its script still held back: the engine's worker was made without it, and fetched past it)
        assert page.evaluate("[navigator.serviceWorker.controller === null, __gamester.pastServiceWorker]") == \
            [True, True]
    finally:
        gate.set()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS)
    wait_site_kept(page, served)
    wait_held(page, fetched_at_start(served))
    # Each reached the server once: the service worker was sent only what the engine's worker did not keep itself,
    # and took Pyodide's scripts from the browser's HTTP cache.
    first = served.runtime_requests()
    assert len(first) == len(set(first)), first
    page.close()
    no_network(context, served)

    page = context.new_page()
    errors = play_post_and_pair(page, served)
    assert page.evaluate("__gamester.info.start") == "snapshot"
    assert errors == []


def play_post_and_pair(page, served: Served) -> list[str]:
    """Post and Pair's widget opened on ``page`` (at the game's page) and played to its ledger. Returns the errors the
    page reported meanwhile, page errors and console errors (a file missing offline, a snapshot not refused
    silently): the tests assert there are none."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(served.url + "post-and-pair/")
    w = open_widget(page, "pp-deal")
    assert "gm-ledger" in w.inner_html()
    return errors


def plays_the_ordinary_way(context, served: Served):
    """Post and Pair's widget played on a new page: it plays, from the ordinary start, and the page reports no error
    (a snapshot refused is refused silently). Returns the page."""
    page = context.new_page()
    errors = play_post_and_pair(page, served)
    assert page.evaluate("__gamester.info.start") == "ordinary"
    assert errors == []
    return page


def test_a_damaged_snapshot_is_refused_silently_and_the_ordinary_start_plays_and_a_changed_strategies_file_is_refused_in_a_sentence(
        context, served):
    """Two files of the build changed on their way to the browser (one engine start serves both): the snapshot, and
    Put's solved strategies (refused by their sha256 when a game reads them, in a sentence for the reader)."""
    name = served.manifest()["snapshot"]
    path = served.root / "assets" / "gamester" / name
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one byte of the interpreter's memory: its sha256 is no longer runtime.json's
    served.write(f"assets/gamester/{name}", bytes(data))
    entry = served.manifest()["external"]["games/put/data/stripped-28.json.gz"]
    path = served.root / "assets" / "gamester" / entry["file"]
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    served.write(f"assets/gamester/{entry['file']}", bytes(data))
    page = plays_the_ordinary_way(context, served)
    assert page.evaluate("__gamester.info.times.compiled") is True  # the compiled library still serves
    others = {u: sha for u, sha in fetched_at_start(served, "ordinary").items() if name not in u}
    wait_held(page, others)
    assert not any(name in url for url in held(page)), "the damaged snapshot was kept"

    reply = engine_call(page, put_play("equilibrium,equilibrium"))
    assert reply["ok"] is False
    assert reply["error"].startswith("The computer's solved strategies for Put could not be used: the copy this "
                                     "browser received is not the one the site was built with")
    assert not any(w in reply["error"] for w in (".bin", "sha", "data/", "hostfiles", "stripped", "Error"))
    assert not any(entry["file"] in url for url in held(page)), "the changed file was kept"


def test_a_snapshot_that_does_not_fit_its_length_is_refused_silently_and_the_ordinary_start_plays(context, served):
    """The worker hands Pyodide a buffer of runtime.json's snapshot_memory before the file has come, and puts the
    file's pages back into it: a file whose pages do not fill that length (here runtime.json says a page more) fails
    the instantiation that waits for it, and the start goes the ordinary way, saying nothing to the reader."""
    manifest = served.manifest()
    manifest["snapshot_memory"] += 4096
    served.set_manifest(manifest)
    plays_the_ordinary_way(context, served)


def test_a_new_builds_runtime_replaces_what_the_service_worker_held(context, served):
    page = context.new_page()
    page.goto(served.url + "post-and-pair/")
    boot(page)
    manifest = served.manifest()
    files = f"gamester/{manifest['snapshot_files']}"
    wait_held(page, fetched_at_start(served))

    # A new build: the engine's files beside the snapshot change (one more file in them), and runtime.json says so.
    path = served.root / "assets" / files
    data = path.read_bytes()
    with zipfile.ZipFile(path, "a") as z:
        z.writestr("gamester-new-build.txt", "a later build\n")
    new = path.read_bytes()
    assert new != data
    served.write(f"assets/{files}", new)
    sha = hashlib.sha256(new).hexdigest()
    manifest["snapshot_files_sha256"] = sha
    manifest["cache"][files] = sha
    served.set_manifest(manifest)

    since = len(served.log)
    page.reload()
    assert boot(page)["start"] == "snapshot"
    fetched = served.runtime_requests(since)
    assert [p for p in fetched if p.endswith(manifest["snapshot_files"])], "the new files were not fetched"
    assert [p for p in fetched if not p.endswith(manifest["snapshot_files"])] == []  # the rest stays held
    wait_held(page, {served.url + "assets/" + files: sha})
    assert held(page) == fetched_at_start(served)

    # A later build whose runtime.json gives the wasm another hash: the kept wasm is not used, the new one is fetched,
    # and the engine starts. (The same table, with the snapshot's hash changed, refuses the kept snapshot: the file
    # on the server no longer has that hash either, so the start is the ordinary one.)
    manifest = served.manifest()
    wasm = "pyodide/pyodide.asm.wasm"
    manifest["cache"][wasm] = "0" * 64
    manifest["snapshot_sha256"] = manifest["cache"]["gamester/" + manifest["snapshot"]] = "1" * 64
    served.set_manifest(manifest)
    since = len(served.log)
    page.reload()
    info = boot(page)
    assert info["start"] == "ordinary"
    asked = served.runtime_requests(since)
    assert any(p.endswith("/pyodide.asm.wasm") for p in asked), asked
    assert any(p.endswith("/" + manifest["snapshot"]) for p in asked), asked
    reply = page.evaluate("__gamester.call({op: 'ping'})")
    assert reply["ok"] is True


# Put's solved strategies (issue 30): files of their own, fetched only when a game reads them.
STRATEGIES = "/assets/gamester/data/"
PUT_PLAY = {"op": "run", "game": "put", "command": "play", "ruleset": "stripped-28", "args": {"seed": 3}}


def put_play(bots: str) -> dict:
    return {**PUT_PLAY, "args": {**PUT_PLAY["args"], "bots": bots}}


def engine_call(page, request: dict) -> dict:
    """The whole op in the page's engine: asked again with each reply's moves until done (a run answers in steps)."""
    return page.evaluate("""async (r) => { let x = await __gamester.call(r);
      while (x.ok && x.more) x = await __gamester.call({...r, moves: x.moves}); return x; }""", request)


def engine_here(request: dict) -> dict:
    """The same op in this process's engine (CPython), followed to its end as :func:`engine_call` does."""
    from gamester.hosts import web

    reply = json.loads(web.handle(json.dumps(request)))
    while reply.get("ok") and reply.get("more"):
        reply = json.loads(web.handle(json.dumps({**request, "moves": reply["moves"]})))
    return reply


def strategies_fetched(served: Served) -> list[str]:
    return [p for p, _ in served.log if STRATEGIES in p]


def strategies_are_fetched_only_by_a_put_game_against_the_solved_player_and_play_as_cpython(page, served: Served):
    """(On the page of the test above, its engine started.)"""
    w = open_widget(page, "pp-deal")  # a page of another game, its widget played
    assert "gm-ledger" in w.inner_html()
    assert strategies_fetched(served) == []
    other = engine_call(page, put_play("calculating,calculating"))  # Put against another computer player
    assert other["ok"], other
    assert strategies_fetched(served) == []

    want = engine_here(put_play("equilibrium,equilibrium"))
    assert want["result"]["actions"] != other["result"]["actions"]  # the strategies decide these moves
    got = engine_call(page, put_play("equilibrium,equilibrium"))
    assert got["ok"], got
    assert got["result"] == want["result"]  # the same moves as CPython for the same seed
    entry = served.manifest()["external"]["games/put/data/stripped-28.json.gz"]
    assert strategies_fetched(served) == [f"/a/sub/path/assets/gamester/{entry['file']}"]
    # The service worker keeps it by its hash, as it keeps the runtime.
    wait_held(page, {served.url + "assets/gamester/" + entry["file"]: entry["sha256"]})

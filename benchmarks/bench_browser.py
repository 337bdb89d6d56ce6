"""Widget figures from one Chromium run (printed, never asserted; ``nox -s bench``): every figure of issue #16.

    python benchmarks/bench_browser.py [--site DIR] [--port N] [--settlements N] [--repeat N] [--moves-only]

The site is built for the address the bench serves it at (``SITE_URL=http://127.0.0.1:8765/``: a deployed build
has its own address, and Material prefetches on hover only links its sitemap lists), unless ``--site DIR`` was
built so (into ``.cache/bench-site``, reused by ``--site .cache/bench-site``). Its gzip and brotli copies are written first (``gamester_site.precompress``, cached by content) and the bench server sends them as a static host
with precompressed files does; Chromium asks for br on http://127.0.0.1, so the wasm comes as its .br copy.

1. bare Pyodide boot: a module worker that only imports pyodide.mjs and awaits loadPyodide() (cold context);
2. click to first settled hand: a reader's click on the Post and Pair widget until the live rendering is on the
   page (cold context), and its ratio to (1) (goal <= 0.80); also a reader who points at the start button first
   (a real pointer over it), waits 400 ms and clicks: timed from the click and from the pointer;
3. widget ready after Material's instant navigation to a second widget page, as a share of the cold boot (goal
   <= 3%), clicking the site's own link without pointing at it first and after 300 ms over it (Material's
   navigation.instant.prefetch fetches on hover), broken down into Material fetching the page, parsing and swapping
   it in (until document$ emits) and our document$ handler until the widget is ready;
4. bytes on the wire after the click (encoded, per file; goal <= 7 MB), with what a br host, a gzip host and a host
   with no copies would send; and bytes before the first interaction, of which Pyodide's (goal 0);
5. engine time per settlement (``gamester.hosts.web.handle`` of a 6-hand Post and Pair show-down) in Pyodide
   against CPython here (goal <= 2.0): per call in the widget's worker (coarse timer) and as batches timed around
   the loop inside a worker of the bench's own (the figure judged);
6. click to first hand on an emulated 10 Mbit/s, 40 ms link against loopback (reported);
7. engine time to draw the card table after each reader move (the ``table`` op at every position of one whole game
   of each game), in Pyodide and in CPython (goal: median under 100 ms per move);
8. time per reader move in the live widget: a click on one of the table's buttons until the widget has drawn the
   new table, and until it is ready for the next move, over a whole game of each game (``--moves-only``: this
   part alone);
9. issue 30's start-up figures (``start_figures.py``; ``--start-only``: this part alone, on any built site): cold
   and warm first hands against a bare boot, bytes on the wire cold and warm, and which start the worker used; and
   (3) again as a ratio to the bare boot;
10. does the snapshot pay for itself (``crossover.py``; ``--crossover-only``: this part alone, on any built site):
   the cold first hand with the snapshot and without it (``--no-snapshot-site DIR``, a build with
   ``GAMESTER_SNAPSHOT=0``; else a copy of the site whose runtime.json names none) on loopback and on links of
   50, 20, 10 and 5 Mbit/s (``--speeds``), and the link speed above which the snapshot's start is the faster.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from gamester_site import precompress
from gamester_site.browser import (  # the browser tests' Chromium flags
    LAUNCH_ARGS,
    Link,
    cache_dir,
    serve_link,
)
from gamester_site.serve import serve_in_thread

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crossover import SPEEDS, crossover, print_crossover  # noqa: E402 (beside this script)
from start_figures import first_visits, print_first_visits, print_start, start_figures  # noqa: E402 (beside this script)

ROOT = Path(__file__).resolve().parents[1]


def dedicated_engine(browser) -> None:
    """Every context of ``browser`` with the engine in each page's dedicated worker (the browser's SharedWorker
    hidden), unless made with ``shared_engine=True`` (the start-up figures' reader contexts, ``start_figures``):
    Playwright sees neither a shared worker's requests (which these figures count) nor their end (so a page that
    starts one is never "networkidle"). A first start costs the same in either worker; only the warm start, which
    joins an engine already running, is the shared worker's, and its bytes are counted by the server."""
    make = browser.new_context

    def new_context(*args, shared_engine: bool = False, **kwargs):
        ctx = make(*args, **kwargs)
        if not shared_engine:
            ctx.add_init_script("delete window.SharedWorker;")
        return ctx

    browser.new_context = new_context


def free_port(wanted: int) -> int:
    """``wanted`` if nothing listens there on 127.0.0.1, else any free port."""
    import socket

    for port in (wanted, 0):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise OSError("no free port")


def site_dir(arg: str | None, base: str) -> Path:
    """A built site whose address (SITE_URL) is ``base``, where the bench serves it: Material follows and prefetches
    on hover only the links its sitemap.xml lists, and it lists pages at SITE_URL, as on the deployed site (a build
    without an address, like a classroom copy, has an empty sitemap: instant-anywhere.js still follows its links,
    but nothing is prefetched). ``--site DIR`` is used as it is when it was built for that address."""
    site = Path(arg or os.environ.get("GAMESTER_SITE", ROOT / "site"))
    sitemap = site / "sitemap.xml"
    if ((site / "assets" / "gamester" / "runtime.json").is_file() and sitemap.is_file()
            and f"<loc>{base}put/</loc>" in sitemap.read_text(encoding="utf-8")):
        return site
    site = ROOT / ".cache" / "bench-site"
    print(f"building the site for {base} into {site} ...", flush=True)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "--clean", "-d", str(site)], cwd=ROOT, check=True,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": base})
    return site


def settlement_requests(n: int) -> list[str]:
    """``n`` show-downs of six random hands (three cards each, one pack), as web API requests."""
    from gamester.cards import FULL_PACK, shuffled

    out = []
    for seed in range(n):
        deck = shuffled(FULL_PACK, random.Random(seed))
        hands = [" ".join(str(c) for c in deck[3 * i:3 * i + 3]) for i in range(6)]
        out.append(json.dumps({"op": "run", "game": "post-and-pair", "command": "settle", "args": {"hands": hands}}))
    return out


BARE_BOOT = """async (pyodideURL) => {
  const src = `import { loadPyodide } from "${pyodideURL}pyodide.mjs";
    const t = performance.now();
    await loadPyodide({ indexURL: "${pyodideURL}" });
    postMessage(performance.now() - t);`;
  const t0 = performance.now();
  const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
  const inWorker = await new Promise((ok, fail) => { w.onmessage = (e) => ok(e.data); w.onerror = fail; });
  const total = performance.now() - t0;
  w.terminate();
  return { total, inWorker };
}"""

# The click (a script's click on the widget's start button) until the live rendering is on the page; t0 is the
# page's clock at the click, so that a pointer's arrival (recorded by POINTER_WATCH) can be set against it.
CLICK_TO_LIVE = """(kind) => new Promise((resolve) => {
  const el = document.querySelector(`.gm-widget[data-widget='${kind}']`);
  const t0 = performance.now();
  el.addEventListener("gamester:rendered", () => resolve({ ms: performance.now() - t0, t0 }), { once: true });
  el.querySelector(".gm-start").click();
  setTimeout(() => resolve({ ms: NaN, t0 }), 120000);
})"""

POINTER_WATCH = """(kind) => {
  window.__pointerAt = null;
  const b = document.querySelector(`.gm-widget[data-widget='${kind}'] .gm-start`);
  b.addEventListener("pointerover", () => { if (window.__pointerAt === null) window.__pointerAt = performance.now(); });
}"""

# The page must not freeze while the engine boots: the longest gap between animation frames during the boot.
FRAMES_START = """() => { window.__gap = 0; let last = performance.now(); window.__frames = true;
  const tick = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t; if (window.__frames) requestAnimationFrame(tick); };
  requestAnimationFrame(tick); }"""
FRAMES_STOP = "() => { window.__frames = false; return window.__gap; }"

# Instant navigation, in three steps so that a real pointer can rest on the link between them: NAV_ARM marks the
# site's own link to ``href`` and starts watching (document$ emissions, the widget's data-engine, resource timing);
# NAV_CLICK clicks it; NAV_RESULT returns the page-clock times (click, document$ emitted, widget ready) and the
# resource timing entries of the page's address (Material's prefetch <link> and its own fetch).
# Installed before any script of a page runs: document$.subscribe calls made by our own scripts (javascripts/*.js,
# at their top level) get their handlers timed, per script, so that a navigation's document$ emission can be split
# into Material's subscribers (its components mounting on the new page) and ours.
TIME_OUR_HANDLERS = """(() => {
  const spent = (window.__ourHandlers = {});
  let subject;
  Object.defineProperty(window, "document$", { configurable: true, get() { return subject; }, set(v) {
    subject = v;
    const subscribe = v.subscribe;
    v.subscribe = function (obs, ...rest) {
      const src = (document.currentScript && document.currentScript.src) || "";
      const m = /\\/javascripts\\/([^/]+\\.js)$/.exec(src);
      if (!m || /\\/assets\\//.test(src) || typeof obs !== "function") return subscribe.call(this, obs, ...rest);
      const name = m[1];
      return subscribe.call(this, (d) => {
        const t = performance.now();
        try { return obs(d); } finally { (spent[name] = spent[name] || []).push(performance.now() - t); }
      }, ...rest);
    };
  } });
})();"""

NAV_ARM = """([href, kind]) => {
  performance.setResourceTimingBufferSize(100000);
  performance.clearResourceTimings();
  const a = [...document.querySelectorAll("a.md-nav__link, a.md-footer__link")].find((x) => x.href === href);
  if (!a) return false;
  a.dataset.benchNav = "1";
  const n = window.__nav = { href, t0: null, swap: null, ready: null, parse: null };
  // document$.next is where Material hands the new page to its subscribers (ours first): time it before them.
  if (!window.__benchWrapped) {
    window.__benchWrapped = true;
    const next = document$.next;
    document$.next = function (v) {
      const m = window.__nav, first = m && m.t0 !== null && m.swap === null;
      if (first) { m.swap = performance.now(); for (const k in (window.__ourHandlers || {})) window.__ourHandlers[k] = []; }
      const out = next.call(this, v);
      if (first) { m.nextEnd = performance.now(); m.ours = Object.fromEntries(Object.entries(window.__ourHandlers || {}).map(([k, xs]) => [k, xs.reduce((a, b) => a + b, 0)])); }
      return out;
    };
    const parse = DOMParser.prototype.parseFromString;
    DOMParser.prototype.parseFromString = function (text, type) {
      const t = performance.now(); const out = parse.call(this, text, type); const m = window.__nav;
      if (m && m.t0 !== null && m.parse === null && type === "text/html") m.parse = [t, performance.now(), text.length];
      return out;
    };
  }
  const sub = { unsubscribe() {} };
  const check = () => {
    if (n.ready === null && n.t0 !== null && location.href.startsWith(href)
        && document.querySelector(`.gm-widget[data-widget='${kind}'][data-engine='ready']`)) {
      n.ready = performance.now();
      mo.disconnect();
      sub.unsubscribe();
    }
  };
  const mo = new MutationObserver(check);
  mo.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-engine"] });
  n.check = check;
  return true;
}"""
NAV_CLICK = """() => { const a = document.querySelector("[data-bench-nav='1']"); window.__nav.t0 = performance.now();
  a.click(); window.__nav.check(); }"""
NAV_RESULT = """() => {
  const n = window.__nav;
  const entries = performance.getEntriesByType("resource").filter((e) => e.name === n.href).map((e) => ({
    type: e.initiatorType, start: e.startTime, end: e.responseEnd, transfer: e.transferSize, body: e.encodedBodySize }));
  return { t0: n.t0, swap: n.swap, nextEnd: n.nextEnd, ours: n.ours || {}, ready: n.ready, parse: n.parse, entries, same: window.__sameDocument === true, boots: __gamester.boots };
}"""

ENGINE_CALLS = """async (reqs) => {
  const ms = [];
  for (const r of reqs) {
    const reply = await __gamester.call(JSON.parse(r));
    if (!reply.ok) return { error: reply.error };
    ms.push(__gamester.lastCallMs);
  }
  return { ms };
}"""

# The engine timed inside a worker of the bench's own (the widget's worker times each call alone, with a clock that
# Chromium coarsens to 100 us when the page is not cross-origin isolated): the same Pyodide, the same wheel, the same
# handle(); the timer's step is measured, then each call alone, then whole batches around the loop.
ENGINE_BATCH = """async ([pyodideURL, gamesterURL, reqs, rounds]) => {
  const src = `import { loadPyodide } from "${pyodideURL}pyodide.mjs";
    onmessage = async (e) => {
      const { reqs, rounds } = e.data;
      const py = await loadPyodide({ indexURL: "${pyodideURL}" });
      const man = await (await fetch("${gamesterURL}runtime.json")).json();
      const whl = new Uint8Array(await (await fetch("${gamesterURL}" + man.wheel)).arrayBuffer());
      py.unpackArchive(whl, "wheel", { extractDir: py.runPython("import sysconfig; sysconfig.get_paths()['purelib']") });
      const handle = py.pyimport("gamester.hosts.web").handle;
      let step = Infinity, a = performance.now();
      for (let i = 0; i < 300000; i++) { const b = performance.now(); if (b > a) { step = Math.min(step, b - a); a = b; } }
      for (const r of reqs.slice(0, 20)) handle(r);
      const per = [];
      for (const r of reqs) { const t = performance.now(); handle(r); per.push(performance.now() - t); }
      const batches = [];
      for (let k = 0; k < rounds; k++) {
        const t = performance.now();
        for (const r of reqs) handle(r);
        batches.push((performance.now() - t) / reqs.length);
      }
      postMessage({ per, batches, step, isolated: self.crossOriginIsolated });
    };`;
  const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
  const out = await new Promise((ok, fail) => { w.onmessage = (e) => ok(e.data); w.onerror = (e) => fail(String(e.message || e)); w.postMessage({ reqs, rounds }); });
  w.terminate();
  return out;
}"""

WORKER_WASM_TIMING = """() => performance.getEntriesByType("resource").filter((e) => /\\.(wasm|zip)$/.test(e.name)).map((e) => ({
  name: e.name.split("/").pop(), ms: e.responseEnd - e.startTime, body: e.encodedBodySize }))"""


TABLE_GAMES = (("post-and-pair", 4, 1674), ("put", 2, 1), ("speculation", 4, 5))


def table_requests() -> dict[str, list[str]]:
    """For each game, one ``table`` request per position of a whole game played by the default bots."""
    from gamester.hosts import web

    out = {}
    for game, players, seed in TABLE_GAMES:
        r = json.loads(web.handle(json.dumps({"op": "bot", "game": game, "players": players, "seed": seed,
                                              "until": "end", "bots": []})))
        acts = r["actions"]
        reqs = []
        for k in range(len(acts) + 1):
            pos = {"game": game, "players": players, "seed": seed, "actions": acts[:k]}
            reqs.append(json.dumps({"op": "view", **pos, "seat": "current", "chances": True}))
        out[game] = reqs
    return out


# (page, widget kind, the word a preferred action starts with) -- the same choices as tests/browser/test_live.py
READER_GAMES = [("post-and-pair/", "pp-deal", ("seat", "match", "see", "show", "vye")), ("put/", "put-play", ()),
                ("speculation/", "spec-play", ("turn",))]

ONE_MOVE = """async ([kind, i]) => {
  const w = document.querySelector(`.gm-widget[data-widget='${kind}']`);
  const b = w.querySelectorAll('.gm-table-host button[data-action]')[i];
  const t0 = performance.now();
  const drawn = new Promise((r) => w.addEventListener('gamester:position', () => r(performance.now()), { once: true }));
  b.click();
  const t1 = await drawn;
  await new Promise((r) => setTimeout(r, 0));
  while (w.dataset.busy === '1') await new Promise((r) => setTimeout(r, 2));
  return { table: t1 - t0, ready: performance.now() - t0 };
}"""


def reader_moves(browser, base: str) -> dict[str, tuple[float, float, float, float, int]]:
    """Part 7: {kind: (table median, table worst, ready median, ready worst, moves)} over one whole game each."""
    out = {}
    ctx = browser.new_context(base_url=base, viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    for path, kind, prefer in READER_GAMES:
        page.goto(path)
        w = page.locator(f".gm-widget[data-widget='{kind}']").first
        w.locator(".gm-start").click()
        busy = "(el) => el.dataset.step !== undefined && el.dataset.busy !== '1' && el.querySelector('.gm-tbl')"
        page.wait_for_function(busy, arg=w.element_handle(), timeout=180_000)
        if w.locator("select[id$='-who']").input_value() != "0":
            w.locator("select[id$='-who']").select_option("0")
            page.wait_for_timeout(100)
            page.wait_for_function(busy, arg=w.element_handle(), timeout=60_000)
        table, ready = [], []
        for _ in range(400):
            if w.get_attribute("data-terminal") == "1":
                break
            actions = w.locator(".gm-table-host button[data-action]").evaluate_all(
                "(bs) => bs.map((b) => b.dataset.action)")
            if not actions:
                break
            pick = next((i for i, a in enumerate(actions) if a.split()[0] in prefer), 0)
            r = page.evaluate(ONE_MOVE, [kind, pick])
            table.append(r["table"])
            ready.append(r["ready"])
        if table:
            out[kind] = (statistics.median(table), max(table), statistics.median(ready), max(ready), len(table))
    ctx.close()
    return out


def print_moves(moves: dict) -> None:
    print("  time per reader move in the live widget (click to new table drawn / to ready for the next move)")
    for kind, (tm, tw, rm, rw, n) in moves.items():
        print(f"    {kind:10s} {n:3d} moves: table median {tm:6.0f} ms, worst {tw:6.0f} ms;"
              f"  ready median {rm:6.0f} ms, worst {rw:6.0f} ms (goal: median under 100 ms)")


def med(xs: list[float]) -> float:
    xs = [x for x in xs if x == x]
    return statistics.median(xs) if xs else float("nan")


def samples(xs: list[float]) -> str:
    return " ".join(f"{x:.0f}" for x in xs)


def visit_bytes(requests: list, site: Path, base: str) -> list[tuple[str, str, int, int, int, int]]:
    """(file, content-encoding, bytes on the wire, raw, .br, .gz) for each finished request of the site."""
    rows = []
    for req in requests:
        if not req.url.startswith(base):
            continue
        rel = req.url[len(base):].split("?")[0].split("#")[0]
        f = site / (rel + "index.html" if rel.endswith("/") or not rel else rel)
        raw = f.stat().st_size if f.is_file() else 0
        br = f.with_name(f.name + ".br")
        gz = f.with_name(f.name + ".gz")
        resp = req.response()
        if resp is not None and resp.from_service_worker:
            continue  # the page's side of a file the service worker fetched (its own request is counted)
        enc = (resp.headers.get("content-encoding") if resp else None) or "-"
        wire = req.sizes()["responseBodySize"]
        rows.append((rel or "index.html", enc, wire, raw, br.stat().st_size if br.is_file() else raw,
                     gz.stat().st_size if gz.is_file() else raw))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", help="a site built with SITE_URL=http://127.0.0.1:PORT/ (else one is built)")
    ap.add_argument("--port", type=int, default=8765, help="where to serve it (default 8765, or a free port)")
    ap.add_argument("--settlements", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3, help="cold boots of each kind, navigations (medians printed)")
    ap.add_argument("--moves-only", action="store_true", help="only part 8 (time per reader move)")
    ap.add_argument("--start-only", action="store_true", help="only part 9 (start-up: snapshot, second visit)")
    ap.add_argument("--no-first-visits", action="store_true",
                    help="with --start-only: not each game page's first visit (the cold and warm starts alone)")
    ap.add_argument("--crossover-only", action="store_true",
                    help="only part 10 (the snapshot's start against the ordinary one on slow links)")
    ap.add_argument("--no-snapshot-site", help="part 10: a site built with GAMESTER_SNAPSHOT=0 for the same address"
                    " (else a copy of --site whose runtime.json names no snapshot)")
    ap.add_argument("--speeds", default=",".join(str(s) for s in SPEEDS if s),
                    help="part 10: link speeds in Mbit/s, besides loopback (default %(default)s)")
    ap.add_argument("--shaping", choices=("server", "auto", "cdp"), default="server",
                    help="parts 6 and 10: how a slow link is made (server: by the bench server; auto: Chromium's "
                    "emulation where it reaches the worker, whose page loads stalled in some runs: see the README)")
    ns = ap.parse_args(argv)
    speeds = (None, *(float(x) if "." in x else int(x) for x in ns.speeds.split(",") if x.strip()))
    no_snap = Path(ns.no_snapshot_site) if ns.no_snapshot_site else None
    import shutil

    from playwright.sync_api import sync_playwright

    if not (shutil.which("chromium") or Path("/usr/bin/chromium").exists()):
        print("bench_browser: no Chromium here (apt-get install chromium); no browser figures")
        return 0
    port = free_port(ns.port)
    base = f"http://127.0.0.1:{port}/"
    site = Path(ns.site) if (ns.start_only or ns.crossover_only) and ns.site else site_dir(ns.site, base)
    t = time.perf_counter()
    packed = precompress.precompress(site, cache=cache_dir())
    print(f"precompressed copies of {site} ({time.perf_counter() - t:.1f} s; cached in {cache_dir()}):", flush=True)
    print("  " + precompress.report(packed, top=6).replace("\n", "\n  "), flush=True)
    httpd, base = serve_in_thread(site, port=port)
    f: dict = {}
    reqs = settlement_requests(ns.settlements)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=LAUNCH_ARGS)
            print(f"Chromium {browser.version}", flush=True)
            dedicated_engine(browser)
            if ns.moves_only:
                print("browser widgets (one Chromium run, site served on 127.0.0.1)")
                print_moves(reader_moves(browser, base))
                browser.close()
                return 0
            if ns.crossover_only:
                print_crossover(crossover(browser, site, CLICK_TO_LIVE, ns.repeat, no_snap, speeds, ns.shaping))
                browser.close()
                return 0
            if ns.start_only:
                print_start(start_figures(browser, site, BARE_BOOT, CLICK_TO_LIVE, ns.repeat))
                if not ns.no_first_visits:
                    print_first_visits(first_visits(browser, site, CLICK_TO_LIVE))
                browser.close()
                return 0

            def bare_boot() -> float:  # (no service worker: the site's would keep the files on their way)
                ctx = browser.new_context(base_url=base, service_workers="block")
                page = ctx.new_page()
                page.goto("404.html")
                ms = page.evaluate(BARE_BOOT, base + "assets/pyodide/")["total"]
                ctx.close()
                return ms

            def cold_click(point_first: bool = False, cdp_throttle: bool = False, url: str = base
                           ) -> tuple[float, float, list]:
                """(click to live, pointer to live, wasm/zip timings in the engine's worker) in a cold context."""
                ctx = browser.new_context(base_url=url, viewport={"width": 1280, "height": 900})
                page = ctx.new_page()
                if cdp_throttle:
                    cdp = ctx.new_cdp_session(page)
                    cdp.send("Network.enable")
                    cdp.send("Network.emulateNetworkConditions", {
                        "offline": False, "latency": 40, "downloadThroughput": 1.25e6, "uploadThroughput": 0.6e6})
                page.goto("post-and-pair/")
                pointer = float("nan")
                if point_first:
                    start = page.locator(".gm-widget[data-widget='pp-deal'] .gm-start").first
                    start.scroll_into_view_if_needed()
                    page.evaluate(POINTER_WATCH, "pp-deal")
                    start.hover()
                    page.wait_for_timeout(400)  # a reader's pointer-to-click time
                r = page.evaluate(CLICK_TO_LIVE, "pp-deal")
                if point_first:
                    at = page.evaluate("window.__pointerAt")
                    pointer = r["ms"] + r["t0"] - at if at is not None else float("nan")
                timings = []
                for w in page.workers:
                    try:
                        timings += w.evaluate(WORKER_WASM_TIMING)
                    except Exception:  # noqa: BLE001 (a worker gone)
                        pass
                ctx.close()
                return r["ms"], pointer, timings

            # 1-2. cold boots, bare, clicked, pointed at then clicked; alternated after one warm-up of the browser
            bare_boot()
            bare, click, pclick, ppointer = [], [], [], []
            for _ in range(ns.repeat):
                bare.append(bare_boot())
                click.append(cold_click()[0])
                c, ptr, _ = cold_click(point_first=True)
                pclick.append(c)
                ppointer.append(ptr)
            f["bare"], f["click"], f["pclick"], f["ppointer"] = bare, click, pclick, ppointer
            print("  cold boots done", flush=True)

            # 6. the same cold click on a 10 Mbit/s, 40 ms link: the bench server's (--shaping server, the default),
            # else Chromium's emulation where it reaches the worker
            wasm, need = None, 0.0
            if ns.shaping != "server":
                slow_ms, _, timings = cold_click(cdp_throttle=True)
                wasm = next((x for x in timings if x["name"].endswith(".wasm")), None)
                need = wasm["body"] / 1.25e6 * 1000 if wasm else float("nan")
                f["slow_method"] = "Chromium's emulation (CDP Network.emulateNetworkConditions on the page)"
                f["slow_wasm"] = (wasm, need)
                if wasm is None or wasm["ms"] < 0.8 * need:
                    got = f"{wasm['ms']:.0f} ms" if wasm else "no timing"
                    f["slow_cdp_unapplied"] = f"CDP emulation did not reach the worker (wasm {got}, needs {need:.0f} ms)"
            if wasm is None or wasm["ms"] < 0.8 * need:  # (the server's link; or the emulation did not reach it)
                slow_srv, slow_base = serve_link(site, Link(1.25e6, 0.040))
                try:
                    slow_ms, _, timings = cold_click(url=slow_base)
                finally:
                    slow_srv.shutdown()
                wasm = next((x for x in timings if x["name"].endswith(".wasm")), None)
                f["slow_method"] = "the bench server (40 ms per response, one shared 1.25 MB/s link)"
                f["slow_wasm"] = (wasm, wasm["body"] / 1.25e6 * 1000 if wasm else float("nan"))
            f["slow_ms"] = slow_ms
            print("  throttled boot done", flush=True)

            # 3-4. a reader's visit, cold: bytes before and after the click, then instant navigation
            ctx = browser.new_context(base_url=base, viewport={"width": 1280, "height": 900})
            finished: list = []
            ctx.on("requestfinished", lambda r: finished.append(r))
            ctx.add_init_script(TIME_OUR_HANDLERS)
            page = ctx.new_page()
            page.on("pageerror", lambda e: print(f"  page error: {e}", flush=True))
            page.goto("post-and-pair/")
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(500)  # the pointer never moved: no widget was approached
            before = list(finished)
            f["before"] = visit_bytes(before, site, base)
            page.evaluate("window.__sameDocument = true")
            page.evaluate(FRAMES_START)
            f["visit_click"] = page.evaluate(CLICK_TO_LIVE, "pp-deal")["ms"]
            f["max_frame_gap_ms"] = page.evaluate(FRAMES_STOP)
            f["stages"] = page.evaluate("__gamester.info.times")
            page.wait_for_load_state("networkidle")
            f["after"] = visit_bytes(finished[len(before):], site, base)

            def navigate(target: str, kind: str, point_ms: int) -> dict | None:
                if not page.evaluate(NAV_ARM, [base + target, kind]):
                    return None
                if point_ms:
                    link = page.locator("[data-bench-nav='1']").first
                    link.scroll_into_view_if_needed()
                    link.hover()
                    page.wait_for_timeout(point_ms)
                else:
                    page.mouse.move(1270, 890)  # away from every link
                page.evaluate(NAV_CLICK)
                page.wait_for_function("window.__nav.ready !== null", timeout=60_000)
                return page.evaluate(NAV_RESULT)

            nav: dict[str, list[dict]] = {"no pointer": [], "300 ms over the link": []}
            navigate("put/", "put-play", 0)  # warm-up of both pages (not counted)
            navigate("post-and-pair/", "pp-deal", 0)
            for _ in range(ns.repeat):
                for label, point in (("no pointer", 0), ("300 ms over the link", 300)):
                    r = navigate("put/", "put-play", point)
                    if r:
                        nav[label].append(r)
                    navigate("post-and-pair/", "pp-deal", 0)
            f["nav"] = nav
            navigate("put/", "put-play", 0)
            f["nav_click_to_live_ms"] = page.evaluate(CLICK_TO_LIVE, "put-play")["ms"]
            f["boots"] = page.evaluate("__gamester.boots")
            f["same_document"] = page.evaluate("window.__sameDocument === true")

            # 5. engine time per settlement: the widget's worker, call by call; then batches in a worker of our own
            res = page.evaluate(ENGINE_CALLS, reqs)
            if "error" in res:
                print(f"engine calls failed: {res['error']}")
            else:
                f["pyodide_settle_ms"] = statistics.median(res["ms"])
            try:
                f["batch"] = page.evaluate(ENGINE_BATCH, [base + "assets/pyodide/", base + "assets/gamester/",
                                                          reqs, 5])
            except Exception as ex:  # noqa: BLE001 (reported, not fatal)
                print(f"engine batch in a worker failed: {ex}")

            # 7. the card table per reader move
            for game, treqs in table_requests().items():
                res = page.evaluate(ENGINE_CALLS, treqs)
                if "error" in res:
                    print(f"table calls failed for {game}: {res['error']}")
                else:
                    f[f"pyodide_table_{game}"] = (statistics.median(res["ms"]), max(res["ms"]), len(treqs))
            ctx.close()
            print("  visit done", flush=True)
            moves = reader_moves(browser, base)
            f["start"] = start_figures(browser, site, BARE_BOOT, CLICK_TO_LIVE, ns.repeat)
            f["first_visits"] = first_visits(browser, site, CLICK_TO_LIVE)
            f["crossover"] = crossover(browser, site, CLICK_TO_LIVE, ns.repeat, no_snap, speeds, ns.shaping)
            browser.close()
    finally:
        httpd.shutdown()

    from gamester.hosts import web

    for r in reqs[:20]:  # warm up
        web.handle(r)
    times = []
    for r in reqs:
        t = time.perf_counter()
        web.handle(r)
        times.append((time.perf_counter() - t) * 1000)
    f["cpython_settle_ms"] = statistics.median(times)
    rounds = []
    for _ in range(5):
        t = time.perf_counter()
        for r in reqs:
            web.handle(r)
        rounds.append((time.perf_counter() - t) * 1000 / len(reqs))
    f["cpython_batch_ms"] = statistics.median(rounds)
    for game, treqs in table_requests().items():
        times = []
        for r in treqs:
            t = time.perf_counter()
            web.handle(r)
            times.append((time.perf_counter() - t) * 1000)
        f[f"cpython_table_{game}"] = (statistics.median(times), max(times), len(treqs))
    print_report(f, ns, moves)
    return 0


def print_report(f: dict, ns: argparse.Namespace, moves: dict) -> None:
    summary: list[tuple[str, str, str, str]] = []

    def row(figure: str, value: float, fmt: str, goal: str, met: bool | None) -> None:
        summary.append((figure, fmt.format(value), goal, "-" if met is None else ("yes" if met else "NO")))

    bare, click = med(f["bare"]), med(f["click"] + [f["visit_click"]])
    pclick, ppointer = med(f["pclick"]), med(f["ppointer"])
    print(f"\nbrowser widgets (one Chromium run, site served on 127.0.0.1 with its precompressed copies; "
          f"{ns.repeat} cold contexts of each kind)")
    print(f"  bare Pyodide boot (cold, median)             {bare:7.0f} ms   samples {samples(f['bare'])}")
    print(f"  click to first settled hand (cold, median)   {click:7.0f} ms   ratio {click / bare:.2f} (goal <= 0.80);"
          f" samples {samples(f['click'])} {f['visit_click']:.0f}")
    print(f"  pointer over the start button, 400 ms, click: from the click {pclick:7.0f} ms (ratio {pclick / bare:.2f}),"
          f" from the pointer {ppointer:.0f} ms (ratio {ppointer / bare:.2f});"
          f" samples {samples(f['pclick'])} / {samples(f['ppointer'])}")
    print(f"      longest main-thread frame gap during the boot: {f['max_frame_gap_ms']:.0f} ms (the page stays live)")
    print("      in the worker: Pyodide ready {pyodide:.0f} ms, engine imported {imported:.0f} ms, "
          "games loaded {ready:.0f} ms".format(**f["stages"]))
    row("click to first settled hand / bare Pyodide boot", click / bare, "{:.2f}", "<= 0.80", click / bare <= 0.80)
    row("  the same, pointer over the button 400 ms first", pclick / bare, "{:.2f}", "(<= 0.80)", pclick / bare <= 0.80)

    print(f"  widget ready after instant navigation to put/ (share of the cold click {click:.0f} ms;"
          f" same document: {f['same_document']}, boots: {f['boots']})")
    for label, runs in f["nav"].items():
        if not runs:
            print(f"    {label}: the link was not found")
            continue
        total, fetch, parse, swap, ours, pre, kinds = [], [], [], [], [], [], set()
        material, after, per_script = [], [], {}
        for r in runs:
            total.append(r["ready"] - r["t0"])
            kinds |= {e["type"] for e in r["entries"]}
            fetched = [e for e in r["entries"] if e["type"] != "link" and e["start"] >= r["t0"] - 1]
            prefetched = [e for e in r["entries"] if e["type"] == "link"]
            end = max((e["end"] for e in fetched), default=r["t0"])
            parsed = r["parse"] or [end, end, 0]
            fetch.append(parsed[0] - r["t0"])
            parse.append(parsed[1] - parsed[0])
            swap.append(r["swap"] - parsed[1])
            mine = sum(r["ours"].values())
            ours.append(mine)
            material.append(r["nextEnd"] - r["swap"] - mine)
            after.append(r["ready"] - r["nextEnd"])
            for k, v in r["ours"].items():
                per_script.setdefault(k, []).append(v)
            pre.append((prefetched[-1]["end"] - r["t0"], fetched[-1]["transfer"] if fetched else -1)
                       if prefetched else None)
        t = med(total)
        print(f"    {label:22s} {t:6.0f} ms = {100 * t / click:4.1f}% (goal <= 3%); samples {samples(total)}")
        print(f"      Material fetching the page {med(fetch):4.0f} ms | parsing it (DOMParser, {runs[-1]['parse'][2] if runs[-1]['parse'] else 0:,d}"
              f" characters) {med(parse):4.0f} ms | swapping it in until document$ emits {med(swap):4.0f} ms")
        print(f"      document$ subscribers: Material's (its components mounting on the new page, with the layout"
              f" they force) {med(material):4.0f} ms | ours {med(ours):4.0f} ms"
              f" ({', '.join(f'{k} {med(v):.0f}' for k, v in per_script.items())})"
              f" | then until the widget says ready {med(after):4.0f} ms")
        print(f"      resource timing entries of the page's address: {', '.join(sorted(kinds)) or 'none'}")
        if any(pre):
            p = [x for x in pre if x]
            print(f"      the prefetch <link> had finished {-med([x[0] for x in p]):.0f} ms before the click;"
                  f" Material's own fetch then moved {samples([x[1] for x in p])} bytes (0: from the cache)")
        row(f"widget ready after instant navigation ({label}) / cold", 100 * t / click, "{:.1f}%", "<= 3%",
            100 * t / click <= 3)
        row(f"  the same / bare Pyodide boot ({label})", t / bare, "{:.3f}", "report it", None)
    print(f"  click to live result on that page            {f['nav_click_to_live_ms']:7.0f} ms")

    before, after = f["before"], f["after"]
    pyo_before = sum(r[2] for r in before if "/pyodide/" in "/" + r[0])
    print(f"  bytes before the first interaction: {sum(r[2] for r in before)} on the wire in {len(before)} requests;"
          f" of which Pyodide's: {pyo_before} (goal 0)")
    row("Pyodide bytes before the first interaction", pyo_before, "{:.0f}", "0", pyo_before == 0)
    wire = sum(r[2] for r in after)
    print("  bytes after the click (per file: content-encoding, on the wire, raw; what a br / gzip host sends)")
    for name, enc, w, raw, br, gz in sorted(after, key=lambda r: -r[3]):
        print(f"    {name:44s} {enc:5s} {w:>10,d} {raw:>11,d}   br {br:>10,d}  gzip {gz:>10,d}")
    tot = [sum(r[i] for r in after) for i in (3, 4, 5)]
    print(f"    {'total (' + str(len(after)) + ' files)':44s} {'':5s} {wire:>10,d} {tot[0]:>11,d}"
          f"   br {tot[1]:>10,d}  gzip {tot[2]:>10,d}")
    print(f"    on the wire here {wire / 1e6:.2f} MB; a br host (HTTPS, or http://127.0.0.1) {tot[1] / 1e6:.2f} MB;"
          f" a gzip-only host (or plain http to another address) {tot[2] / 1e6:.2f} MB; no copies {tot[0] / 1e6:.2f} MB")
    row("bytes on the wire after the click (this run, MB)", wire / 1e6, "{:.2f}", "<= 7", wire <= 7e6)
    row("  the same from a gzip-only host (MB)", tot[2] / 1e6, "{:.2f}", "(<= 7)", tot[2] <= 7e6)

    cps, cpb = f["cpython_settle_ms"], f["cpython_batch_ms"]
    if "pyodide_settle_ms" in f:
        print(f"  engine time per settlement, call by call in the widget's worker (median of {ns.settlements}):"
              f" Pyodide {f['pyodide_settle_ms']:.3f} ms, CPython {cps:.3f} ms, ratio {f['pyodide_settle_ms'] / cps:.2f}")
    b = f.get("batch")
    if b:
        pb = statistics.median(b["batches"])
        print(f"  the worker's clock steps by {b['step'] * 1000:.0f} us (cross-origin isolated: {b['isolated']}), a"
              f" settlement takes ~{cps * 1000:.0f} us in CPython: one call alone is timed to +-{b['step'] * 1000:.0f} us")
        print(f"  engine time per settlement in batches of {ns.settlements} timed around the loop (median of 5):"
              f" Pyodide {pb:.3f} ms (call by call in that worker: median {statistics.median(b['per']):.3f} ms),"
              f" CPython {cpb:.3f} ms; ratio {pb / cpb:.2f} (goal <= 2.0; the figure judged)")
        row("Pyodide engine time / CPython per settlement (batch)", pb / cpb, "{:.2f}", "<= 2.0", pb / cpb <= 2.0)
    elif "pyodide_settle_ms" in f:
        r = f["pyodide_settle_ms"] / cps
        row("Pyodide engine time / CPython per settlement (per call)", r, "{:.2f}", "<= 2.0", r <= 2.0)

    wasm, need = f["slow_wasm"]
    if "slow_cdp_unapplied" in f:
        print(f"  {f['slow_cdp_unapplied']}")
    print(f"  click to first hand on a 10 Mbit/s, 40 ms link: {f['slow_ms']:.0f} ms = {f['slow_ms'] / click:.2f} x"
          f" loopback ({click:.0f} ms); throttled by {f['slow_method']}")
    if wasm:
        print(f"      the worker's wasm fetch took {wasm['ms']:.0f} ms for {wasm['body']:,d} bytes"
              f" (at least {need:.0f} ms on that link: the throttling reaches the worker)")
    row("click to first hand, 10 Mbit/s 40 ms / loopback", f["slow_ms"] / click, "{:.2f}", "report it", None)

    for game, _players, _seed in TABLE_GAMES:
        cp = f.get(f"cpython_table_{game}")
        py = f.get(f"pyodide_table_{game}")
        if cp:
            where = (f"Pyodide median {py[0]:.0f} ms, worst {py[1]:.0f} ms; " if py else "")
            print(f"  card table per move, {game} ({cp[2]} positions): {where}"
                  f"CPython median {cp[0]:.1f} ms, worst {cp[1]:.1f} ms (goal: median < 100 ms)")
    print_moves(moves)
    for fig, value, goal, met in print_start(f["start"]):
        row(fig, value, "{:.2f}", goal, met)
    print_first_visits(f["first_visits"])
    print_crossover(f["crossover"])

    print("\nsummary (issue #16; speed goals are reported, never asserted)")
    w = max(len(r[0]) for r in summary)
    print(f"  {'figure':{w}s} | {'this run':>9s} | {'goal':9s} | met?")
    for fig, val, goal, met in summary:
        print(f"  {fig:{w}s} | {val:>9s} | {goal:9s} | {met}")


if __name__ == "__main__":
    sys.exit(main())

"""Issue 30's start-up figures, for ``bench_browser.py`` (printed, never asserted): each a ratio measured in one run
in one Chromium, against a bare Pyodide boot in a cold context of the same browser.

- cold first hand: a cold context (empty caches, no service worker) opens the Post and Pair page and clicks the
  widget's start button, until the live rendering is on the page (goal <= 0.25 of a bare boot);
- warm first hand: the same context reloads the page and clicks again, and opens a shared link in a new tab and
  clicks there (goal <= 0.10 of the cold bare boot). Where the browser keeps a shared worker alive across a reload
  (SharedWorker's extendedLifetime: Chromium 148 on), both find the engine already running (start "running");
- warm first hand with a fresh engine: a new tab of the same context in which the browser's SharedWorker is hidden,
  so that the engine starts afresh in a dedicated worker from what the browser holds (the service worker's copies):
  the second visit of a browser without shared workers, or once the shared engine has gone (in one headless
  trial each in Chromium 156, 40 s but not 70 s after the site's last page was closed);
- warm first hand once the page has settled: the page again, and a new tab, clicked only once the engine that a
  second visit starts before the click (gamester-engine.js's prestart: the runtime held, a way to play on screen, the
  page idle) is ready; with how long after the page was opened it was ready (a reader who clicks sooner waits for
  the rest of that start);
- bytes on the wire: response bodies the server sent from the click on (cold, and each warm start), counted by the
  server itself, so that whatever the browser's caches or the service worker answered counts as nothing;
- which start the worker used (``__gamester.info.start``: "snapshot", "ordinary", or "running": an engine
  already running, which this page joined), and where a warm start's time
  goes (the worker's own marks, ``__gamester.info.times``: runtime.json read, snapshot read, interpreter restored,
  engine files unpacked, engine answering);
- the first visit of each game page (``first_visits``), cold, with the snapshot and without it (a copy of the site
  whose runtime.json names none: the ordinary start on the compiled library): bytes on the wire for the page and
  for the engine (from the click on its first live widget until the network is idle, Put's solved strategies
  counted apart), and the click to the first hand; then what the snapshot costs in bytes against the seconds it
  saves, and the link speed below which it no longer pays for itself on this machine.
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

from gamester_site.serve import Handler


class Counted:
    """The site served on 127.0.0.1 by the classroom server, counting the body bytes of every response."""

    def __init__(self, site: Path) -> None:
        self.sent: list[tuple[str, int]] = []
        self.last = [time.monotonic()]  # the server's last sign of work: a response begun, a chunk of one sent
        sent, lock, last = self.sent, threading.Lock(), self.last

        class Counting(Handler):
            def log_request(self, code="-", size="-") -> None:
                last[0] = time.monotonic()
                super().log_request(code, size)

            def copyfile(self, source, outputfile) -> None:
                n = 0
                while chunk := source.read(65536):
                    outputfile.write(chunk)
                    n += len(chunk)
                    last[0] = time.monotonic()
                with lock:
                    sent.append((self.path, n))

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(Counting, directory=str(site), prefix="/"))
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def mark(self) -> int:
        return len(self.sent)

    def quiet(self, idle_s: float = 1.0, limit_s: float = 120.0) -> None:
        """Until the server has had nothing to do for ``idle_s`` (Playwright's "networkidle" never comes for a page
        with a shared worker, whose requests it does not see end): what a start fetches after its first hand (the
        service worker keeping copies) is counted with it."""
        end = time.monotonic() + limit_s
        while time.monotonic() < end and time.monotonic() - self.last[0] < idle_s:
            time.sleep(0.05)

    def since(self, mark: int, until: int | None = None, having: str = "") -> int:
        return sum(n for p, n in self.sent[mark:until] if having in p)

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# Where a first hand's time goes, each phase's end in ms from the click (page and worker clocks put on one line by
# their performance.timeOrigin): the page starting its engine worker, the worker's script, runtime.json and
# pyodide.mjs, the wasm compiled and instantiated (with the snapshot's length known from runtime.json, before the
# snapshot has come), the snapshot read and its sha256 checked (beside the restore), the interpreter restored, the
# compiled library checked, the engine imported and answering, the page told, the first request's reply, the hand
# drawn.
PHASES_JS = """([t0, drawn]) => {
  const G = __gamester, t = (G.info && G.info.start !== "running" && G.info.times) || {}; // (joined: not its start)
  const click = performance.timeOrigin + t0, w = (k) => (k in t ? t.origin + t.first_line + t[k] - click : null);
  return { worker_created: G.workerAt - t0, worker_script: t.origin ? t.origin + t.first_line - click : null,
    pyodide_mjs: w("pyodide_mjs"), runtime_json: w("manifest_read"), wasm_compiled: w("wasm_compiled"),
    wasm_instantiated: w("wasm_instantiated"), snapshot_read: w("snapshot_fetched"),
    snapshot_checked: w("snapshot_checked"), restored: w("restored"),
    stdlib_checked: w("stdlib_checked"), engine_imported: w("imported"), engine_ready: w("ready"),
    page_ready: G.bootStart + G.bootMs - t0, first_call: G.firstCallAt - t0,
    first_reply: G.firstReply ? G.firstReply.at - t0 : null, python_ms: G.firstReply ? G.firstReply.ms : null,
    drawn, files: t.files || [] };
}"""
PHASE_KEYS = ("worker_created", "worker_script", "pyodide_mjs", "runtime_json", "wasm_compiled", "wasm_instantiated",
              "snapshot_read", "snapshot_checked", "restored", "stdlib_checked", "engine_imported", "engine_ready",
              "page_ready", "first_call", "first_reply", "drawn")


def start_figures(browser, site: Path, bare_boot_js: str, click_js: str, repeat: int) -> dict:
    """Cold and warm first hands, bare boots and bytes, ``repeat`` times alternated, on a server of its own."""
    srv = Counted(site)
    f: dict = {"bare": [], "cold": [], "reload": [], "tab": [], "fresh": [], "start": [], "bytes_cold": [],
               "bytes_reload": [], "bytes_tab": [], "bytes_fresh": [], "stages": {},
               "phases": {"cold": [], "reload": [], "tab": [], "fresh": [], "settled_reload": [], "settled_tab": []},
         "settled_reload": [], "settled_tab": [], "bytes_settled_reload": [], "bytes_settled_tab": [], "prestart": []}
    stages = f["stages"]
    try:
        def bare() -> float:  # no service worker: the site's would keep the files on their way
            ctx = browser.new_context(base_url=srv.base, service_workers="block")
            page = ctx.new_page()
            page.goto("404.html")
            ms = page.evaluate(bare_boot_js, srv.base + "assets/pyodide/")["total"]
            ctx.close()
            return ms

        def first_hand(page, url: str, kind: str) -> tuple[float, int, str]:
            page.goto(url)
            page.wait_for_load_state("load")
            mark = srv.mark()
            click = page.evaluate(click_js, "pp-deal")
            ms = click["ms"]
            f["phases"][kind].append(page.evaluate(PHASES_JS, [click["t0"], ms]))
            srv.quiet()
            info = page.evaluate("__gamester.info || {}")
            if info.get("start") != "running":  # (a running engine's marks are those of the start it joined)
                stages.setdefault(info.get("start", "ordinary"), []).append({**info.get("times", {}),
                                                                             "warm": kind != "cold"})
            return ms, srv.since(mark), info.get("start", "ordinary")

        bare()  # the browser warmed up once (not counted)
        for _ in range(repeat):
            f["bare"].append(bare())
            ctx = browser.new_context(base_url=srv.base, viewport={"width": 1280, "height": 900}, shared_engine=True)
            page = ctx.new_page()
            ms, sent, start = first_hand(page, "post-and-pair/", "cold")
            f["cold"].append(ms)
            f["bytes_cold"].append(sent)
            f["start"].append(start)
            ms, sent, start = first_hand(page, "post-and-pair/", "reload")  # a reload of the same address
            f["reload"].append(ms)
            f["bytes_reload"].append(sent)
            f["start"].append(start)
            tab = ctx.new_page()
            ms, sent, start = first_hand(tab, "post-and-pair/?shared=1", "tab")
            f["tab"].append(ms)
            f["bytes_tab"].append(sent)
            f["start"].append(start)
            fresh = ctx.new_page()  # a fresh engine from the browser's storage, as where no shared one is kept
            fresh.add_init_script("delete window.SharedWorker;")
            ms, sent, start = first_hand(fresh, "post-and-pair/?fresh=1", "fresh")
            f["fresh"].append(ms)
            f["bytes_fresh"].append(sent)
            f["start"].append(start)
            fresh.close()
            # A reader who clicks once the page has settled (on a second visit the engine starts before the click,
            # when the page is idle with a way to play on screen): the click, and how long after the page was
            # opened the engine was ready (from the page's navigation start).
            for kind, where in (("settled_reload", page), ("settled_tab", ctx.new_page())):
                where.goto("post-and-pair/" + ("?shared=2" if kind == "settled_tab" else ""))
                where.wait_for_load_state("load")
                where.evaluate("() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r)))")
                if where.evaluate("__gamester.prestart === undefined"):  # a site that never starts it early
                    continue
                where.wait_for_function("() => __gamester.prestart !== 'waiting'", timeout=120_000)
                why = where.evaluate("__gamester.prestart")
                if why == "started":
                    where.wait_for_function("() => __gamester.state === 'ready'", timeout=120_000)
                f["prestart"].append((why, where.evaluate("__gamester.bootStart + __gamester.bootMs"),
                                      where.evaluate("__gamester.bootMs")))
                mark = srv.mark()
                click = where.evaluate(click_js, "pp-deal")
                f[kind].append(click["ms"])
                f["phases"][kind].append(where.evaluate(PHASES_JS, [click["t0"], click["ms"]]))
                srv.quiet()
                f["bytes_" + kind].append(srv.since(mark))
            ctx.close()
    finally:
        srv.stop()
    return f


def print_start(f: dict) -> list[tuple[str, float, str, bool]]:
    """Print the figures; return the summary rows (figure, value, goal, met)."""
    med = statistics.median
    bare = med(f["bare"])
    cold, reload, tab = med(f["cold"]), med(f["reload"]), med(f["tab"])
    fresh = med(f["fresh"]) if f.get("fresh") else None
    print(f"\nstart-up (issue 30; {len(f['bare'])} cold contexts, each then reloaded and given a new tab)")
    print(f"  bare Pyodide boot (cold, median)          {bare:7.0f} ms   samples {_s(f['bare'])}")
    print(f"  cold first hand (click to live)           {cold:7.0f} ms   ratio {cold / bare:.2f} (goal <= 0.25);"
          f" samples {_s(f['cold'])}")
    print(f"  warm first hand, reload                   {reload:7.0f} ms   ratio {reload / bare:.2f} (goal <= 0.10);"
          f" samples {_s(f['reload'])}")
    print(f"  warm first hand, shared link in a new tab {tab:7.0f} ms   ratio {tab / bare:.2f} (goal <= 0.10);"
          f" samples {_s(f['tab'])}")
    if fresh is not None:
        print(f"  warm first hand, a fresh engine (storage) {fresh:7.0f} ms   ratio {fresh / bare:.2f} (goal <= 0.10);"
              f" samples {_s(f['fresh'])}")
    for kind, label in (("settled_reload", "the page again, clicked once settled"),
                        ("settled_tab", "a new tab, clicked once settled")):
        if f.get(kind):
            x = med(f[kind])
            print(f"  warm first hand, {label:31s} {x:5.0f} ms   ratio {x / bare:.2f} (goal <= 0.10);"
                  f" samples {_s(f[kind])}; bytes {med(f['bytes_' + kind]) / 1e6:.3f} MB")
    if f.get("prestart"):
        whys = [w for w, _, _ in f["prestart"]]
        ready = [r for w, r, _ in f["prestart"] if w == "started"]
        boot = [b for w, _, b in f["prestart"] if w == "started"]
        print(f"  engine started before the click: {', '.join(whys)}; ready {_s(ready)} ms after the page was opened"
              f" (its start took {_s(boot)} ms)")
    print(f"  bytes on the wire from the click: cold {med(f['bytes_cold']) / 1e6:.2f} MB, reload"
          f" {med(f['bytes_reload']) / 1e6:.3f} MB, new tab {med(f['bytes_tab']) / 1e6:.3f} MB"
          + (f", fresh engine {med(f['bytes_fresh']) / 1e6:.3f} MB" if f.get("bytes_fresh") else ""))
    starts = {s: f["start"].count(s) for s in sorted(set(f["start"]))}
    print(f"  starts used: {', '.join(f'{k} {v}' for k, v in starts.items())}")
    for start, runs in f["stages"].items():
        print(f"  in the worker ({start} start, from its first line; cold then warm runs): Python ready"
              f" {_s([t.get('pyodide', 0) for t in runs])} ms; engine answering {_s([t.get('ready', 0) for t in runs])} ms")
        warm = [t for t in runs if t.get("warm")]  # the starts from what the browser held
        marks = [k for k in ("manifest", "snapshot_fetched", "restored", "stdlib_checked", "engine_fetched", "unpacked",
                             "imported", "ready") if any(k in t for t in warm)]
        if warm and marks:
            print("    warm starts, median ms from the worker's first line: "
                  + ", ".join(f"{k} {med([t[k] for t in warm if k in t]):.0f}" for k in marks))
    print_phases(f["phases"])
    rows = [("cold first hand / bare boot", cold / bare, "<= 0.25", cold / bare <= 0.25),
            ("warm first hand (reload) / cold bare boot", reload / bare, "<= 0.10", reload / bare <= 0.10),
            ("warm first hand (new tab) / cold bare boot", tab / bare, "<= 0.10", tab / bare <= 0.10)]
    if fresh is not None:
        rows.append(("warm first hand (a fresh engine) / cold bare boot", fresh / bare, "<= 0.10", fresh / bare <= 0.10))
    return rows


def print_phases(phases: dict) -> None:
    """Each phase's end, ms from the click (median of the runs), for the cold start, the reload and the new tab; and
    each runtime file's fetch in the worker (start-end, ms from the worker's first line) in the last cold start and
    the last fresh engine."""
    med = statistics.median
    kinds = [k for k in ("cold", "reload", "tab", "fresh", "settled_reload", "settled_tab") if phases.get(k)]
    print("  where the first hand's time goes: each phase's end in ms from the click (median; "
          + " | ".join(kinds) + "; negative: before the click)")
    for k in PHASE_KEYS + ("python_ms",):
        cells = []
        for kind in kinds:
            xs = [r[k] for r in phases.get(kind, []) if r.get(k) is not None]
            cells.append(f"{med(xs):7.0f}" if xs else "      -")
        print(f"    {k:20s} {' | '.join(cells)}")
    for kind, what in (("cold", "the last cold start"), ("fresh", "the last fresh engine")):
        last = (phases.get(kind) or [{}])[-1]
        if last.get("files"):
            print(f"    files in the worker ({what}; ms from its first line: start-first byte-end, body bytes as encoded):")
            for e in last["files"]:
                t = [int(e[k]) for k in ("start", "first", "end")]  # (a -0 from the page comes as a float)
                print(f"      {e['name'][:40]:40s} {t[0]:5d}-{t[1]:5d}-{t[2]:5d} {int(e['body']):>11,d}")


def _s(xs: list[float]) -> str:
    return " ".join(f"{x:.0f}" for x in xs)


GAME_PAGES = ("post-and-pair/", "put/", "bone-ace/", "speculation/")
FIRST_LIVE = """() => { const b = document.querySelector(".gm-widget[data-widget] .gm-start");
  return b ? b.closest(".gm-widget").dataset.widget : null; }"""
SNAPSHOT_KEYS = ("snapshot", "snapshot_sha256", "snapshot_bytes", "snapshot_files", "snapshot_files_sha256",
                 "snapshot_stdlib", "snapshot_stdlib_sha256", "snapshot_wasm_data", "snapshot_memory",
                 "snapshot_link_mbit")


def site_copy(site: Path, dest: Path, edit) -> Path:
    """A copy of ``site`` whose runtime.json ``edit(manifest, folder)`` has changed (its precompressed copies gone)."""
    shutil.copytree(site, dest)
    path = dest / "assets" / "gamester" / "runtime.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    edit(manifest, path.parent)
    path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    for copy in (".br", ".gz"):
        path.with_name(path.name + copy).unlink(missing_ok=True)
    return dest


def without_snapshot(site: Path, dest: Path) -> Path:
    """A copy of ``site`` as a build with ``GAMESTER_SNAPSHOT=0`` would be: runtime.json names no snapshot (the worker
    then starts the ordinary way), and the files beside it are gone (the worker asks for the snapshot by its name
    before runtime.json comes, and would download it from a copy that still had it)."""
    def edit(manifest: dict, folder: Path) -> None:
        for key in ("snapshot", "snapshot_files", "snapshot_stdlib"):
            if manifest.get(key):
                manifest["cache"].pop(f"gamester/{manifest[key]}", None)
                for copy in ("", ".br", ".gz"):
                    (folder / (manifest[key] + copy)).unlink(missing_ok=True)
        for key in SNAPSHOT_KEYS:
            manifest.pop(key, None)
    return site_copy(site, dest, edit)


def first_visits(browser, site: Path, click_js: str) -> dict:
    """Each game page's first visit in a cold context, with and without the snapshot: {(start, page): figures}."""
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, root in (("snapshot", site), ("no snapshot", without_snapshot(site, Path(tmp) / "site"))):
            srv = Counted(root)
            try:
                for path in GAME_PAGES:
                    ctx = browser.new_context(base_url=srv.base, viewport={"width": 1280, "height": 900})
                    page = ctx.new_page()
                    start = srv.mark()
                    page.goto(path)
                    page.wait_for_load_state("networkidle")
                    kind = page.evaluate(FIRST_LIVE)
                    click = srv.mark()
                    ms = page.evaluate(click_js, kind)["ms"] if kind else float("nan")
                    page.wait_for_load_state("networkidle")
                    page.wait_for_timeout(1000)  # a computer player's first move may come after the first hand
                    page.wait_for_load_state("networkidle")
                    out[(label, path)] = {
                        "page": srv.since(start, click), "engine": srv.since(click), "ms": ms,
                        "strategies": srv.since(click, having="/assets/gamester/data/"),
                        "start": page.evaluate("(window.__gamester && __gamester.info || {}).start || null")}
                    ctx.close()
            finally:
                srv.stop()
    return out


def print_first_visits(v: dict, snapshot_bytes: int | None = None) -> None:
    print("\nfirst visit of each game page, cold (bytes on the wire as the server sent them; click to first hand)")
    print(f"  {'page':15} {'site':12} {'start used':11} {'page MB':>8} {'engine MB':>10} {'of which strategies':>20}"
          f" {'first hand':>11}")
    for (label, path), r in v.items():
        print(f"  {path:15} {label:12} {str(r['start']):11} {r['page'] / 1e6:8.2f} {r['engine'] / 1e6:10.2f}"
              f" {r['strategies'] / 1e6:20.2f} {r['ms']:9.0f} ms")
    snap = [r for (label, _), r in v.items() if label == "snapshot"]
    bare = [r for (label, _), r in v.items() if label == "no snapshot"]
    if not snap or not bare:
        return
    med = statistics.median
    extra = med(r["engine"] for r in snap) - med(r["engine"] for r in bare)
    saved = (med(r["ms"] for r in bare) - med(r["ms"] for r in snap)) / 1000
    print(f"  the snapshot costs {extra / 1e6:+.2f} MB on a first visit (median over the pages) and saves"
          f" {saved:.2f} s of the click to the first hand here (loopback)")
    if saved > 0 and extra > 0:
        print(f"  it pays for itself on a link faster than {extra * 8 / saved / 1e6:.1f} Mbit/s"
              " (its extra bytes take less time to arrive than it saves)")
    elif extra > 0:
        print("  it saves no time here: it does not pay for itself on a first visit")

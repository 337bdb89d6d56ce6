"""Widget figures from one Chromium run (printed, never asserted; ``nox -s bench``).

    python benchmarks/bench_browser.py [--site DIR] [--settlements N]

1. bare Pyodide boot: a module worker that only imports pyodide.mjs and awaits loadPyodide() (cold context);
2. click to first settled hand: a reader's click on the Post and Pair widget until the live rendering is on the
   page (cold context: the worker, Pyodide, our wheel, the render call), and its ratio to (1) (goal <= 1.10);
3. widget ready after instant navigation to a second widget page (goal <= 5% of the cold boot), and click to live
   result there;
4. bytes fetched before the first interaction, and how many of them are Pyodide's (goal 0);
5. engine time per settlement (``gamester.web.handle`` of a 6-hand Post and Pair show-down), in Pyodide inside the
   worker against CPython here (goal <= 2.5x);
6. engine time to draw the card table after each reader move (the ``table`` op at every position of one whole game
   of each game, for the seat to act, chances included), median and worst, in Pyodide and in CPython (goal: median
   under 100 ms per move; the widget adds its own DOM time to this);
7. time per reader move in the live widget: a click on one of the table's buttons until the widget has drawn the
   new table (its ``gamester:position`` event), and until it is ready for the next move (the computer's answers
   drawn too), median and worst over a whole game of each game, the reader playing seat 0
   (``--moves-only`` runs this part alone).

The site is ``$GAMESTER_SITE`` or ``./site`` (built first if it lacks the widget runtime).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gamester_site.browser import LAUNCH_ARGS, serve  # the browser tests' server and Chromium flags

ROOT = Path(__file__).resolve().parents[1]


def site_dir(arg: str | None) -> Path:
    site = Path(arg or os.environ.get("GAMESTER_SITE", ROOT / "site"))
    if not (site / "assets" / "gamester" / "runtime.json").is_file():
        site = Path(tempfile.mkdtemp(prefix="gamester-site-"))
        print(f"building the site into {site} ...", flush=True)
        subprocess.run(["mkdocs", "build", "-q", "-d", str(site)], cwd=ROOT, check=True,
                       env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return site


def settlement_requests(n: int) -> list[str]:
    """``n`` show-downs of six random hands (three cards each, one pack), as web API requests."""
    from gamester.cards import FULL_PACK, shuffled

    out = []
    for seed in range(n):
        deck = shuffled(FULL_PACK, random.Random(seed))
        hands = [" ".join(str(c) for c in deck[3 * i:3 * i + 3]) for i in range(6)]
        out.append(json.dumps({"op": "settle", "game": "post-and-pair", "hands": hands}))
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

CLICK_TO_LIVE = """(kind) => new Promise((resolve) => {
  const el = document.querySelector(`.gm-widget[data-widget='${kind}']`);
  const t0 = performance.now();
  el.addEventListener("gamester:rendered", () => resolve(performance.now() - t0), { once: true });
  el.querySelector(".gm-start").click();
  setTimeout(() => resolve(NaN), 120000);
})"""

# The page must not freeze while the engine boots: the longest gap between animation frames during the boot.
FRAMES_START = """() => { window.__gap = 0; let last = performance.now(); window.__frames = true;
  const tick = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t; if (window.__frames) requestAnimationFrame(tick); };
  requestAnimationFrame(tick); }"""
FRAMES_STOP = "() => { window.__frames = false; return window.__gap; }"

NAVIGATE = """([href, kind]) => new Promise((resolve) => {
  const t0 = performance.now();
  let swapped = null, first = true;
  const sub = document$.subscribe(() => { if (first) { first = false; return; } if (swapped === null) swapped = performance.now(); });
  const a = document.createElement("a");
  a.href = href;
  document.body.append(a);
  const poll = () => {
    const w = location.href.startsWith(href) && document.querySelector(`.gm-widget[data-widget='${kind}'][data-engine='ready']`);
    if (w) {
      const t = performance.now();
      sub.unsubscribe();
      resolve({ ms: t - t0, afterSwap: swapped === null ? null : t - swapped, same: window.__sameDocument === true, boots: __gamester.boots });
    }
    else requestAnimationFrame(poll);
  };
  a.click();
  poll();
})"""

ENGINE_CALLS = """async (reqs) => {
  const ms = [];
  for (const r of reqs) {
    const reply = await __gamester.call(JSON.parse(r));
    if (!reply.ok) return { error: reply.error };
    ms.push(__gamester.lastCallMs);
  }
  return { ms };
}"""


TABLE_GAMES = (("post-and-pair", 4, 1674), ("put", 2, 1), ("speculation", 4, 5))


def table_requests() -> dict[str, list[str]]:
    """For each game, one ``table`` request per position of a whole game played by the default bots."""
    from gamester import web

    out = {}
    for game, players, seed in TABLE_GAMES:
        r = json.loads(web.handle(json.dumps({"op": "bot", "game": game, "players": players, "seed": seed,
                                              "until": "end", "bots": []})))
        acts = r["actions"]
        reqs = []
        for k in range(len(acts) + 1):
            pos = {"game": game, "players": players, "seed": seed, "actions": acts[:k]}
            cur = json.loads(web.handle(json.dumps({"op": "view", **pos})))["current"]
            reqs.append(json.dumps({"op": "table", **pos, "seat": 0 if cur is None else cur, "chances": True}))
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site")
    ap.add_argument("--settlements", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=2, help="cold boots of each kind (medians are printed)")
    ap.add_argument("--moves-only", action="store_true", help="only part 7 (time per reader move)")
    ns = ap.parse_args(argv)
    import shutil

    from playwright.sync_api import sync_playwright

    if not (shutil.which("chromium") or Path("/usr/bin/chromium").exists()):
        print("bench_browser: no Chromium here (apt-get install chromium); no browser figures")
        return 0
    site = site_dir(ns.site)
    httpd, base = serve(site)
    figures: dict[str, float | int | str] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=LAUNCH_ARGS)
            if ns.moves_only:
                print("browser widgets (one Chromium run, site served on 127.0.0.1)")
                print_moves(reader_moves(browser, base))
                browser.close()
                return 0
            def bare_boot() -> float:
                ctx = browser.new_context(base_url=base)
                page = ctx.new_page()
                page.goto("404.html")
                ms = page.evaluate(BARE_BOOT, base + "assets/pyodide/")["total"]
                ctx.close()
                return ms

            def cold_click() -> float:
                ctx = browser.new_context(base_url=base)
                page = ctx.new_page()
                page.goto("post-and-pair/")
                ms = page.evaluate(CLICK_TO_LIVE, "pp-deal")
                ctx.close()
                return ms

            # 1-2. cold boots, bare and through the widget, alternated (after one warm-up of the browser)
            bare_boot()
            bare, click = [], []
            for _ in range(ns.repeat):
                bare.append(bare_boot())
                click.append(cold_click())
            figures["bare_boot_ms"] = statistics.median(bare)
            figures["bare_samples"] = " ".join(f"{x:.0f}" for x in bare)
            figures["click_samples"] = " ".join(f"{x:.0f}" for x in click)

            # 3-4. a reader's visit, cold
            ctx = browser.new_context(base_url=base)
            seen: list[tuple[str, int]] = []
            ctx.on("response", lambda r: seen.append((r.url, int(r.headers.get("content-length") or 0))))
            page = ctx.new_page()
            page.on("pageerror", lambda e: print(f"  page error: {e}", flush=True))
            page.goto("post-and-pair/")
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(500)
            before = list(seen)
            figures["bytes_before_interaction"] = sum(n for _, n in before)
            figures["pyodide_bytes_before_interaction"] = sum(n for u, n in before if "/assets/pyodide/" in u)
            figures["requests_before_interaction"] = len(before)
            page.evaluate("window.__sameDocument = true")
            page.evaluate(FRAMES_START)
            click.append(page.evaluate(CLICK_TO_LIVE, "pp-deal"))
            figures["click_to_settled_ms"] = statistics.median(click)
            figures["max_frame_gap_ms"] = page.evaluate(FRAMES_STOP)
            stages = page.evaluate("__gamester.info.times")
            figures["engine_bytes_after_click"] = sum(n for u, n in seen[len(before):])
            nav = page.evaluate(NAVIGATE, [base + "put/", "put-play"])
            figures["nav_widget_ready_ms"] = nav["ms"]
            figures["nav_same_document"] = str(nav["same"])
            figures["nav_after_swap_ms"] = nav["afterSwap"] if nav["afterSwap"] is not None else float("nan")
            figures["boots"] = nav["boots"]
            figures["nav_click_to_live_ms"] = page.evaluate(CLICK_TO_LIVE, "put-play")

            # 5. engine time per settlement
            reqs = settlement_requests(ns.settlements)
            res = page.evaluate(ENGINE_CALLS, reqs)
            if "error" in res:
                print(f"engine calls failed: {res['error']}")
            else:
                figures["pyodide_settle_ms"] = statistics.median(res["ms"])

            # 6. the card table per reader move
            tables = table_requests()
            for game, treqs in tables.items():
                res = page.evaluate(ENGINE_CALLS, treqs)
                if "error" in res:
                    print(f"table calls failed for {game}: {res['error']}")
                else:
                    figures[f"pyodide_table_{game}"] = (statistics.median(res["ms"]), max(res["ms"]), len(treqs))
            ctx.close()
            moves = reader_moves(browser, base)
            browser.close()
    finally:
        httpd.shutdown()

    from gamester import web

    for r in reqs[:20]:  # warm up
        web.handle(r)
    times = []
    for r in reqs:
        t = time.perf_counter()
        web.handle(r)
        times.append((time.perf_counter() - t) * 1000)
    figures["cpython_settle_ms"] = statistics.median(times)
    for game, treqs in table_requests().items():
        times = []
        for r in treqs:
            t = time.perf_counter()
            web.handle(r)
            times.append((time.perf_counter() - t) * 1000)
        figures[f"cpython_table_{game}"] = (statistics.median(times), max(times), len(treqs))

    f = figures
    print("browser widgets (one Chromium run, site served on 127.0.0.1)")
    print(f"  bare Pyodide boot (cold, median)         {f['bare_boot_ms']:8.0f} ms   samples {f['bare_samples']}")
    print(f"  click to first settled hand (cold, med.) {f['click_to_settled_ms']:8.0f} ms"
          f"   ratio {f['click_to_settled_ms'] / f['bare_boot_ms']:.2f} (goal <= 1.10); samples {f['click_samples']}"
          f" {click[-1]:.0f}")
    print(f"      longest main-thread frame gap during the boot: {f['max_frame_gap_ms']:.0f} ms (the page stays live)")
    print("      in the worker: Pyodide ready {pyodide:.0f} ms, engine imported {imported:.0f} ms, "
          "games loaded {ready:.0f} ms".format(**stages))
    print(f"  widget ready after instant navigation    {f['nav_widget_ready_ms']:8.0f} ms"
          f"   {100 * f['nav_widget_ready_ms'] / f['click_to_settled_ms']:.1f}% of the cold boot (goal <= 5%);"
          f" same document: {f['nav_same_document']}; boots: {f['boots']}")
    print(f"      of which after Material swapped the page in: {f['nav_after_swap_ms']:.0f} ms"
          " (the rest is Material fetching and parsing the page)")
    print(f"  click to live result on that page        {f['nav_click_to_live_ms']:8.0f} ms")
    print(f"  bytes before the first interaction       {f['bytes_before_interaction']:8d}"
          f"   of which Pyodide's: {f['pyodide_bytes_before_interaction']} (goal 0);"
          f" {f['requests_before_interaction']} requests")
    print(f"  bytes fetched after the click            {f['engine_bytes_after_click']:8d}")
    if "pyodide_settle_ms" in f:
        print(f"  engine time per settlement (median of {ns.settlements}): Pyodide {f['pyodide_settle_ms']:.3f} ms,"
              f" CPython {f['cpython_settle_ms']:.3f} ms, ratio "
              f"{f['pyodide_settle_ms'] / f['cpython_settle_ms']:.2f} (goal <= 2.5)")
    for game, _players, _seed in TABLE_GAMES:
        cp = f.get(f"cpython_table_{game}")
        py = f.get(f"pyodide_table_{game}")
        if cp:
            where = (f"Pyodide median {py[0]:.0f} ms, worst {py[1]:.0f} ms; " if py else "")
            print(f"  card table per move, {game} ({cp[2]} positions): {where}"
                  f"CPython median {cp[0]:.1f} ms, worst {cp[1]:.1f} ms (goal: median < 100 ms)")
    print_moves(moves)
    return 0


if __name__ == "__main__":
    sys.exit(main())

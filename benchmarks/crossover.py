"""Does the start-up snapshot pay for itself on a first visit? (issue 30; for ``bench_browser.py``, printed, never
asserted.)

The same cold first hand (a new context, no cache, no service worker yet: the Post and Pair page opened and left
until the network is idle, then the widget's start button clicked until the live rendering is on the page) on a
copy of the site that always starts from the snapshot (its runtime.json's ``snapshot_link_mbit`` 0), on a copy of it
without the snapshot (``--no-snapshot-site DIR``, a build with ``GAMESTER_SNAPSHOT=0``; else a copy whose
runtime.json names no snapshot, which starts the same way), and on the site as built, whose first visit takes the
snapshot only on a link of at least ``snapshot_link_mbit`` (timed from the wasm's download), at several link speeds,
alternated in one browser run, ``repeat`` times each; medians.

A link speed is made one of two ways, said in the output:

- the bench server itself (``--shaping server``, the default): every response waits one round trip before its
  head, and all bodies share one link of that rate (as in ``bench_browser.py``'s part 6);
- with ``--shaping auto`` or ``cdp``, Chromium's own emulation (CDP ``Network.emulateNetworkConditions`` on the
  page: download rate and latency), when it reaches the engine's worker: checked once, on the slowest link, before
  the runs that count, against the bytes the server sent from the click on (a first hand that took less than 80% of
  the time those bytes need at that rate was not throttled; ``auto`` then falls back to the server's link). Page
  loads under the emulation stalled in some runs (the README's start-up notes), so it is not the default.

Then the crossover: the link speed at which the first two starts take the same time (what ``snapshot_link_mbit``
should be). The first hand's time on a link of
rate r is close to a + b / r (a: the work, b: the bytes), so the difference between the two starts is a straight
line in 1 / r; it is fitted by least squares to the medians (loopback at 1 / r = 0) and solved for zero.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from start_figures import site_copy, without_snapshot

from gamester_site.browser import Link, serve_link

SPEEDS = (None, 50, 20, 10, 5)  # Mbit/s; None: loopback, unthrottled
LATENCY_MS = 30
PAGE = "post-and-pair/"
WIDGET = "pp-deal"


class Served:
    """A site served on 127.0.0.1 by the classroom server over a :class:`Link` whose speed is set between runs."""

    def __init__(self, site: Path) -> None:
        self.link = Link()
        self.httpd, self.base = serve_link(site, self.link)
        self.sent = self.link.sent

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def always_snapshot(site: Path, dest: Path) -> Path:
    """A copy of ``site`` whose first visit takes the snapshot on any link (runtime.json's ``snapshot_link_mbit`` 0)."""
    return site_copy(site, dest, lambda manifest, folder: manifest.update(snapshot_link_mbit=0))


def crossover(browser, site: Path, click_js: str, repeat: int, no_snapshot_site: Path | None = None,
              speeds: tuple = SPEEDS, method: str = "server") -> dict:
    """{"runs": {(label, speed): [(ms, bytes, start used), ...]}, "method": how the link was made}."""
    runs: dict = {}
    state = {"method": "server" if method == "server" else "cdp", "switched": None}
    with tempfile.TemporaryDirectory() as tmp:
        bare = no_snapshot_site or without_snapshot(site, Path(tmp) / "site")
        links = {"snapshot": Served(always_snapshot(site, Path(tmp) / "always")), "no snapshot": Served(bare),
                 "as built": Served(site)}
        try:
            def once(label: str, mbit: float | None, calibrate: bool = False) -> tuple[float, int, str]:
                served = links[label]
                rate = mbit * 1e6 / 8 if mbit else None
                ctx = browser.new_context(base_url=served.base, viewport={"width": 1280, "height": 900})
                page = ctx.new_page()
                if rate and state["method"] == "cdp":
                    cdp = ctx.new_cdp_session(page)
                    cdp.send("Network.enable")
                    cdp.send("Network.emulateNetworkConditions", {
                        "offline": False, "latency": LATENCY_MS, "downloadThroughput": rate,
                        "uploadThroughput": rate})
                elif rate:
                    served.link.set(mbit, LATENCY_MS)
                try:
                    page.goto(PAGE)
                    page.wait_for_load_state("networkidle")
                    mark = len(served.sent)
                    ms = page.evaluate(click_js, WIDGET)["ms"]
                    page.wait_for_load_state("networkidle")
                    sent = sum(served.sent[mark:])
                    start = page.evaluate("(window.__gamester && __gamester.info || {}).start || null")
                finally:
                    served.link.set(None)
                    ctx.close()
                if calibrate and state["method"] == "cdp" and ms < 0.8 * sent / rate * 1000:
                    if method == "cdp":
                        raise RuntimeError("Chromium's network emulation did not reach the engine's worker")
                    state["method"] = "server"
                    state["switched"] = (f"Chromium's emulation did not slow the worker's fetches ({ms:.0f} ms for"
                                         f" {sent / 1e6:.2f} MB at {mbit} Mbit/s): the bench server shapes the link")
                    return once(label, mbit)
                return ms, sent, start

            # The browser warmed up once, and the way to make a slow link chosen on the slowest (not counted).
            once("snapshot", min(s for s in speeds if s), calibrate=True)
            for i in range(repeat):
                for mbit in speeds:
                    order = ("snapshot", "no snapshot", "as built")
                    order = order if i % 2 == 0 else order[::-1]
                    for label in order:
                        runs.setdefault((label, mbit), []).append(once(label, mbit))
                print(f"  crossover: round {i + 1} of {repeat} done", flush=True)
        finally:
            for served in links.values():
                served.stop()
    return {"runs": runs, "method": state["method"], "switched": state["switched"], "speeds": speeds,
            "latency_ms": LATENCY_MS, "repeat": repeat}


def fit_crossover(points: list[tuple[float | None, float]]) -> float | None:
    """Given (Mbit/s, snapshot ms - no snapshot ms), loopback's speed None (1 / speed = 0), the Mbit/s at which the
    difference is zero (a straight line in 1 / speed, by least squares), or None when the line never crosses at a
    positive speed."""
    xs = [1 / s if s else 0.0 for s, _ in points]
    ys = [d for _, d in points]
    if len(xs) < 2:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    if sxx == 0:
        return None
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    icept = my - slope * mx
    if slope <= 0 or icept >= 0:
        return None  # the snapshot is never slower (or never faster) at any speed
    return slope / -icept


def print_crossover(c: dict) -> float | None:
    med = statistics.median
    runs = c["runs"]
    how = ("Chromium's emulation (CDP Network.emulateNetworkConditions)" if c["method"] == "cdp"
           else "the bench server (a round trip before each response, one shared link)")
    print(f"\ndoes the snapshot pay for itself? cold first hand (click to first hand, Post and Pair), {c['repeat']}"
          f" runs each, alternated, medians; links made by {how}, {c['latency_ms']} ms latency")
    if c.get("switched"):
        print(f"  ({c['switched']})")
    print(f"  {'link':>10} {'snapshot ms':>12} {'MB':>6} {'no snapshot ms':>15} {'MB':>6} {'snapshot saves':>15}"
          f" {'as built ms':>12} {'MB':>6} {'start':>8}   samples (snapshot | none | as built)")
    points = []
    for mbit in c["speeds"]:
        a, b, d = runs.get(("snapshot", mbit)), runs.get(("no snapshot", mbit)), runs.get(("as built", mbit)) or []
        if not a or not b:
            continue
        ta, tb = med(r[0] for r in a), med(r[0] for r in b)
        ba, bb = med(r[1] for r in a), med(r[1] for r in b)
        starts = {r[2] for r in a} | {r[2] for r in b}
        name = f"{mbit} Mbit/s" if mbit else "loopback"
        built = (f"{med(r[0] for r in d):12.0f} {med(r[1] for r in d) / 1e6:6.2f} "
                 f"{'/'.join(sorted({str(r[2]) for r in d})):>8}") if d else f"{'':>28}"
        print(f"  {name:>10} {ta:12.0f} {ba / 1e6:6.2f} {tb:15.0f} {bb / 1e6:6.2f} {tb - ta:+13.0f} ms {built}"
              f"   {' '.join(f'{r[0]:.0f}' for r in a)} | {' '.join(f'{r[0]:.0f}' for r in b)}"
              f" | {' '.join(f'{r[0]:.0f}' for r in d)}"
              + ("" if starts <= {"snapshot", "ordinary"} else f"  starts {sorted(map(str, starts))}"))
        points.append((mbit, ta - tb))
    cross = fit_crossover(points)
    if cross is None:
        diffs = [d for s, d in points if s]
        if diffs and all(d < 0 for d in diffs):
            print("  the snapshot's start is faster at every speed measured")
        elif diffs and all(d > 0 for d in diffs):
            print("  the snapshot's start is slower at every speed measured: it does not pay for itself on a first"
                  " visit")
        else:
            print("  no clear crossover in these figures")
    else:
        print(f"  crossover: the snapshot's start is the faster one on a link faster than about {cross:.0f} Mbit/s"
              " (difference fitted as a straight line in 1 / speed)")
    return cross

"""Frames an idle page draws (figures, printed, never asserted; ``nox -s bench``).

    python benchmarks/bench_idle_frames.py [--site DIR] [--seconds S]

Every page of the site with a set of tabs, at 390 and 1280 px, in Chromium: loaded, left alone until its first idle
time after load, then traced for ``--seconds`` (default 3). Printed: the frames Chromium began (``BeginFrame``) in
the trace's last second and in all. A page at rest draws the few frames of its load's end and then none; the fault
that ``tests/browser/test_idle_pages.py`` checks the cause of (an IntersectionObserver watching an element inside a
block ``content-visibility: auto`` may skip) drew one at every refresh of the screen, some 60 a second. A span of
time is what this measures, so it is a figure here, not a test: a loaded machine draws fewer frames of a fault, and
a load's end can run late.

The site is ``--site``, or ``$GAMESTER_SITE``, or ``./site`` (built with the README's command); without one it is
built into ``.cache/idle-site``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from gamester_site.browser import LAUNCH_ARGS, serve

ROOT = Path(__file__).resolve().parents[1]


def site_dir(arg: str | None) -> Path:
    site = Path(arg or os.environ.get("GAMESTER_SITE", ROOT / "site"))
    if (site / "index.html").is_file():
        return site
    site = ROOT / ".cache" / "idle-site"
    print(f"building the site into {site} ...", flush=True)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "--clean", "-d", str(site)], cwd=ROOT, check=True,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return site


def with_tabs(site: Path) -> list[str]:
    return sorted(p.parent.relative_to(site).as_posix() + "/" for p in site.glob("**/index.html")
                  if "pyodide" not in p.parts and 'class="tabbed-set' in p.read_text(encoding="utf-8"))


def frames(browser, url: str, width: int, seconds: float) -> tuple[int, int]:
    """The frames begun in the last second of the trace, and in all."""
    ctx = browser.new_context(viewport={"width": width, "height": 900})
    ctx.add_init_script("delete window.SharedWorker;")  # (as the browser tests: a page's own dedicated worker)
    page = ctx.new_page()
    try:
        page.goto(url)
        page.wait_for_load_state("load")
        page.evaluate("() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r)))")
        browser.start_tracing(page=page, categories=["devtools.timeline",
                                                     "disabled-by-default-devtools.timeline.frame"])
        page.wait_for_timeout(seconds * 1000)
        events = json.loads(browser.stop_tracing())["traceEvents"]
    finally:
        ctx.close()
    end = max(e["ts"] for e in events if e.get("ts"))
    begun = [e["ts"] for e in events if e.get("name") == "BeginFrame"]
    return sum(1 for t in begun if end - t < 1_000_000), len(begun)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", help="a built site (default: $GAMESTER_SITE or ./site, else one is built)")
    ap.add_argument("--seconds", type=float, default=3.0, help="how long each idle page is traced (default 3)")
    ns, _ = ap.parse_known_args()  # (nox -s bench passes its arguments to every bench script)
    from playwright.sync_api import sync_playwright

    site = site_dir(ns.site)
    server, base = serve(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=LAUNCH_ARGS)
            print(f"# Frames an idle page draws (Chromium {browser.version}; {ns.seconds:g} s traced after the "
                  "page's first idle time; about 60 a second is a page drawing at every refresh)")
            print(f"{'page':<32} {'width':>5} {'last second':>11} {'in all':>6}")
            for path in with_tabs(site):
                for width in (390, 1280):
                    last, total = frames(browser, base + path, width, ns.seconds)
                    print(f"{path or '/':<32} {width:>5} {last:>11} {total:>6}", flush=True)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()

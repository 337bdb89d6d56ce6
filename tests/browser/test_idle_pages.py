"""A chapter page left open does not keep the browser drawing.

Chromium 156 drew a frame at every refresh of the screen (some 60 a second) on Put's and Bone-Ace's chapters (at 390
and 1280 px) and on Post and Pair's at 390 px, for as long as they were open and idle: Material watches each set of tabs (the edition's
Diplomatic and Reading) with an IntersectionObserver, and those sets were inside a block the page may skip while it
is off screen (``content-visibility: auto``, extra.css). The first test checks that cause on every page with tabs, at
390 and 1280 px (no element any IntersectionObserver watches lies inside such a block); the second, the symptom, in
Chromium's own trace.
"""

from __future__ import annotations

import json

import pytest
from conftest import SITE

pytestmark = pytest.mark.browser

# Each element any IntersectionObserver of the page is asked to watch, from before the page's own scripts.
WATCHED = """(() => {
  const watched = window.__gmWatched = [];
  const observe = IntersectionObserver.prototype.observe;
  IntersectionObserver.prototype.observe = function (target, ...rest) {
    watched.push(target);
    return observe.call(this, target, ...rest);
  };
})();"""

# The watched elements inside a block that content-visibility: auto may skip (an ancestor's, not their own: a block
# that is skipped still has its own box, which is all an observer reads).
INSIDE_SKIPPED = """() => {
  const out = [];
  for (const t of window.__gmWatched) {
    if (!t.isConnected) continue;
    for (let a = t.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).contentVisibility === 'auto') {
        out.push(`${t.tagName.toLowerCase()}.${[...t.classList].join('.')} inside ${a.tagName.toLowerCase()}.${[...a.classList].join('.')}`);
        break;
      }
    }
  }
  return out;
}"""

WITH_TABS = sorted(p.parent.relative_to(SITE).as_posix() + "/" for p in SITE.glob("**/index.html")
                   if "pyodide" not in p.parts and 'class="tabbed-set' in p.read_text(encoding="utf-8"))


def settled(page, path: str) -> None:
    """The page loaded, and Material's components mounted on it (they are, by its first idle time after load)."""
    page.goto(path)
    page.wait_for_load_state("load")
    page.evaluate("() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r)))")


def test_no_element_an_observer_watches_is_inside_a_block_the_page_may_skip(fresh):
    assert {"put/", "bone-ace/", "post-and-pair/"} <= set(WITH_TABS), WITH_TABS
    page = fresh(WATCHED)
    found = {}
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 844})
        for path in WITH_TABS:
            settled(page, path)
            assert page.evaluate("() => window.__gmWatched.length") > 0, path  # (Material's tabs are watched)
            if bad := page.evaluate(INSIDE_SKIPPED):
                found[f"{path} at {width} px"] = bad[:3]
    assert not found, found


@pytest.mark.parametrize(("path", "width", "height"), [("put/", 1280, 900), ("post-and-pair/", 390, 844)])
def test_an_idle_chapter_stops_drawing_frames(fresh, path, width, height):
    """Chromium's trace of the page left alone for 3 s from its first idle time after load. The fault drew a frame at
    every refresh of the screen (some 60 a second) for as long as the page was open; the end of a page's load draws
    a few and stops (within 0.3 s here; under a CI run's load, 9 still came 1.0-1.15 s in). So the check is the
    trace's last second: fewer than 20 frames. It counts over a span of time rather than waiting on an event: a
    loaded machine may draw fewer frames of a fault, and a load's last frames would have to run on for 2 s to fail
    a page at rest. The cause itself is checked without a clock, above."""
    page = fresh()
    page.set_viewport_size({"width": width, "height": height})
    settled(page, path)
    browser = page.context.browser
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline.frame"])
    page.wait_for_timeout(3000)
    events = json.loads(browser.stop_tracing())["traceEvents"]
    end = max(e["ts"] for e in events if e.get("ts"))
    frames = [e["ts"] for e in events if e.get("name") == "BeginFrame"]
    late = [round((end - t) / 1000) for t in frames if end - t < 1_000_000]
    assert len(late) < 20, (f"{len(late)} frames drawn in the last second of 3 s on {path} at {width} px, the page "
                            f"idle ({len(frames)} in all)")

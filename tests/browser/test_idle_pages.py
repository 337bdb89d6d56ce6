"""A chapter page left open does not keep the browser drawing.

Chromium 156 drew a frame at every refresh of the screen (some 60 a second) on Put's and Bone-Ace's chapters (at 390
and 1280 px) and on Post and Pair's at 390 px, for as long as they were open and idle: Material watches each set of
tabs (the edition's Diplomatic and Reading) with an IntersectionObserver, and those sets were inside a block the page
may skip while it is off screen (``content-visibility: auto``, extra.css). The test checks that cause on every page
with tabs, at 390 and 1280 px (no element any IntersectionObserver watches lies inside such a block), with no clock:
it reads where the watched elements are once the page has settled. The symptom, frames counted in Chromium's trace
of an idle page, is a span of time and so a figure, not a test: ``benchmarks/bench_idle_frames.py``
(``nox -s bench``).
"""

from __future__ import annotations

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

"""axe-core on every page of the built site, in the light and the dark scheme, at 1280 and 390 px.

Our content (Material's ``.md-content`` article: the edition, the examples, the widgets as printed) must have no
critical or serious violation. Material's own chrome (header, navigation, search, footer) is checked too, but only
reported: it is printed, and written with every violation to ``test-artifacts/axe-pages.json``.
"""

from __future__ import annotations

import axe  # tests/browser/axe.py (pytest puts a test's folder without __init__.py on sys.path)
import pytest
from conftest import SITE  # noqa: E402

pytestmark = pytest.mark.browser

PAGES = sorted(str(p.parent.relative_to(SITE)).replace(".", "") + "/" if p.parent != SITE else ""
               for p in SITE.glob("**/index.html") if "assets" not in p.parts)
OURS = ".md-content"
RESULTS: dict[str, dict] = {}


@pytest.fixture(scope="module")
def page(axe_page):
    yield axe_page
    if RESULTS:
        path = axe.dump("axe-pages.json", RESULTS)
        print(f"\naxe results for every page: {path}")


def test_the_site_has_pages():
    assert len(PAGES) >= 5, PAGES


@pytest.mark.parametrize("width", (1280, 390))
@pytest.mark.parametrize("scheme", ("default", "slate"))
@pytest.mark.parametrize("path", PAGES or ["(no site)"])
def test_no_serious_violation_in_our_content(page, base_url, path, scheme, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(base_url + path)
    page.wait_for_load_state("load")
    axe.set_scheme(page, scheme)
    ours = axe.run(page, {"include": [[OURS]]})
    chrome = axe.run(page, {"exclude": [[OURS]]})
    RESULTS[f"{path or '/'} {scheme} {width}"] = {"ours": ours, "material": chrome}
    print(f"\n{path or '/'} [{scheme}, {width} px] ours: {axe.count(ours) or 'none'}; Material's chrome: "
          f"{axe.count(chrome) or 'none'}")
    if axe.serious(chrome):
        print("  Material (reported, not ours):\n  " + axe.describe(axe.serious(chrome), 2).replace("\n", "\n  "))
    bad = axe.serious(ours)
    assert not bad, axe.describe(bad)


WIDE = """() => { const out = []; const w = document.documentElement.clientWidth;
  for (const el of document.querySelectorAll('.md-content *')) {
    const r = el.getBoundingClientRect();
    if (r.right > w + 1 && !el.closest('pre, .md-typeset__table, .gm-t-scroll, table, .tabbed-labels, .highlight'))
      out.push(el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') +
               ' right=' + Math.round(r.right));
  }
  return [document.documentElement.scrollWidth, w, out.slice(0, 8)]; }"""


@pytest.mark.parametrize("path", PAGES or ["(no site)"])
def test_nothing_runs_off_a_phone_screen(page, base_url, path):
    """At 390 px the page does not scroll sideways, and nothing of our content runs past the screen's edge (wide
    code, tables and the widget's ledgers scroll inside their own boxes)."""
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(base_url + path)
    page.wait_for_load_state("load")
    scroll, width, wide = page.evaluate(WIDE)
    assert scroll <= width + 1 and not wide, (scroll, width, wide)

"""axe-core on every page of the built site, in the light and the dark scheme, at 1280 and 390 px.

Our content (Material's ``.md-content`` article: the edition, the examples, the widgets as printed) must have no
critical or serious violation: every rule at each width in the light scheme, and in the dark scheme the rules a
colour scheme can change (axe.COLOUR_RULES: the rest read markup and layout, which the scheme leaves as they are).
Material's own chrome (header, navigation, search, footer) is checked too, once a page (1280 px, light), but only
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


# One load a page, at 390 px (the phone measure below is taken on it as loaded), its every block laid out for good
# (axe.show_all): the light scheme, the dark, then the window widened to 1280 px (the page keeps its dark scheme), and
# the light again. A page loaded at 390 px and widened is laid out as one loaded at 1280 px: every element's box,
# colours and font, measured on every page of the site when this order was chosen (the other way round is not:
# Material's sidebar keeps the taller height of the wide screen).
VARIANTS = [("default", 390), ("slate", 390), ("slate", 1280), ("default", 1280)]
WIDEST = 1280
LOADED: dict[str, str] = {}  # the address of the page as loaded for the axe checks
PHONE_WIDTH = 390
PHONE: dict[str, list] = {}  # path -> WIDE measured on the page just loaded at 390 px (900 high), before anything else


@pytest.mark.parametrize(("scheme", "width"), VARIANTS, ids=[f"{s}-{w}" for s, w in VARIANTS])
@pytest.mark.parametrize("path", PAGES or ["(no site)"])
def test_no_serious_violation_in_our_content(page, base_url, path, scheme, width):
    if LOADED.get("page") != path or page.url != base_url + path:
        LOADED.pop("page", None)
        page.set_viewport_size({"width": PHONE_WIDTH, "height": 900})
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        PHONE[path] = page.evaluate(WIDE)  # as test_nothing_runs_off_a_phone_screen loads it: measured for it
        axe.show_all(page)
        LOADED["page"] = path
    if page.viewport_size["width"] != width:
        axe.resize(page, width)
    axe.set_scheme(page, scheme)
    # The light scheme is checked by every rule at each width; the dark one, switched on the same page as laid out,
    # differs only in its colours: checked by the colour rules. At 1280 px in the light scheme one run checks the whole
    # page, Material's chrome (reported) and ours (asserted) told apart by where each node is.
    whole = (scheme, width) == ("default", WIDEST)
    if whole:
        ours, chrome = axe.run(page, None, None, split=OURS)
    else:
        ours, chrome = axe.run(page, {"include": [[OURS]]}, None if scheme == "default" else axe.COLOUR_RULES), []
    RESULTS[f"{path or '/'} {scheme} {width}"] = {"ours": ours, "material": chrome}
    checked = "every rule" if scheme == "default" else "the colour rules"
    material = (axe.count(chrome) or "none") if whole else "checked at 1280 px, light"
    print(f"\n{path or '/'} [{scheme}, {width} px] ours ({checked}): {axe.count(ours) or 'none'}; "
          f"Material's chrome: {material}")
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
    if path not in PHONE:  # (not measured by the test above: it did not run, or not before this one)
        LOADED.pop("page", None)
        page.set_viewport_size({"width": PHONE_WIDTH, "height": 900})
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        PHONE[path] = page.evaluate(WIDE)
    scroll, width, wide = PHONE[path]
    assert scroll <= width + 1 and not wide, (scroll, width, wide)


@pytest.mark.parametrize("scheme", ("default", "slate"))
def test_a_focused_or_hovered_link_keeps_its_contrast(page, base_url, scheme):
    """A link in our content, focused from the keyboard and under the pointer, is still at least 4.5:1 against the
    page (Material's accent colour for hovered links, #526cfe, is 4.3:1 on white and 3.8:1 on the dark ground)."""
    LOADED.pop("page", None)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base_url + "put/")
    page.wait_for_load_state("load")
    axe.set_scheme(page, scheme)
    link = page.locator(".md-content .md-typeset p a:not(.md-button)").first
    link.focus()
    link.hover()
    ratio = page.evaluate("""(el) => {
      const rgb = (s) => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
      const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92
                                                             : ((v + 0.055) / 1.055) ** 2.4; });
                           return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const fg = lum(rgb(getComputedStyle(el).color));
      const bg = lum(rgb(getComputedStyle(document.body).backgroundColor));
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05); }""", link.element_handle())
    assert ratio >= 4.5, f"{scheme}: a focused link at {ratio:.2f}:1"

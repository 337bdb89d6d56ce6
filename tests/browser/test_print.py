"""Print: a game page prints whole (the print stylesheet leaves the site's navigation off), and "Print the handout"
prints the game's handout alone, on at most two pages of A4 and of Letter (Chromium's own PDF printing, pages
counted), light in the dark scheme too, with no engine ids in it; from its Teach page and from the game page alike.
print() is stubbed; page.pdf prints as the browser would (and, as it does, ends the print-only state afterwards).
Each game page is loaded once for the three tests of it (the game_page fixture). (axe checks the Teach pages, the
handout's preview and its button among them, in test_a11y.py: every page in both schemes at 1280 and 390 px.)"""

from __future__ import annotations

import math
import re

import axe  # tests/browser/axe.py (its screenshots' folder)
import pytest
from classroom import STUB, module_context, pdf_pages, set_scheme, teach_games  # tests/browser/classroom.py

pytestmark = pytest.mark.browser

GAMES = teach_games()   # every game with a Teach page, from the registry
# What a reader must not see: clause or passage ids (pp.showdown.pair-royal, cotton1674.pp.4.s8), settings strings.
IDS = re.compile(r"\b[a-z]+\d*\.[a-z]+[a-z0-9-]*\.[a-z0-9.-]+\b|\b[a-z-]+\(\w+=|\bseed\b")


@pytest.fixture(scope="module")
def reader(browser, base_url, traffic):
    """One context for the module's game pages: print() stubbed, no WebAssembly (nothing printed needs the engine,
    and a page without it shows what paper shows)."""
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    context.add_init_script(STUB)
    context.add_init_script("delete window.WebAssembly;")
    yield context
    context.close()


@pytest.fixture(scope="module")
def teacher(browser, base_url, traffic):
    """One context for the module's Teach pages: print() stubbed, the engine there (a tab a game: a new context for
    each page only loaded the site's files again)."""
    context = module_context(browser, base_url, traffic, STUB)
    yield context
    context.close()


@pytest.fixture
def teach_tab(teacher):
    page = teacher.new_page()
    yield page
    page.close()


@pytest.fixture(scope="module")
def game_page(request, reader):
    """The game's page (the parameter), loaded once for the tests of that game; each test sets its own viewport."""
    page = reader.new_page()
    page.goto(f"{request.param}/")
    yield page
    page.close()


def shown(page, selector: str) -> list[bool]:
    return page.eval_on_selector_all(selector, "(els) => els.map((e) => e.offsetParent !== null || "
                                               "getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0)")






def print_handout(page) -> None:
    page.evaluate("window.__printedWith = null")
    page.get_by_role("button", name="Print the handout").click()
    page.wait_for_function("() => window.__printedWith")
    assert "gm-handout" in page.evaluate("window.__printedWith")


def handout_pages(page, sizes=("A4", "Letter")) -> dict[str, int]:
    out = {}
    for size in sizes:
        print_handout(page)
        out[size] = pdf_pages(page.pdf(format=size, print_background=True))
    return out


@pytest.mark.parametrize("game_page", GAMES, indirect=True)
def test_a_game_page_prints_whole_without_the_site_navigation(game_page):
    page = game_page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.emulate_media(media="print")
    assert all(shown(page, ".md-content__inner > .gm-editorial"))
    assert not any(shown(page, ".md-sidebar")) and not any(shown(page, ".md-header"))
    assert not any(shown(page, ".gm-handout-link"))
    page.emulate_media(media="no-override")   # (page.pdf prints an emulated screen as a screen)


A4_PX = (794, 1123)   # A4 in CSS pixels (96 a inch): what Chromium lays out a page.pdf page on (no margins)
# What paper adds that the screen folds away: Material opens every details block to print (each deal's record,
# every note), which the screen keeps closed. A game page prints on no more pages than its on-screen content, cut into
# A4 pages, would fill, plus this share.
OPENED_ON_PAPER = 1.25


@pytest.mark.parametrize("game_page", GAMES, indirect=True)
def test_a_game_page_prints_on_no_more_pages_than_its_content_needs(game_page):
    """Issue 33: Put's rulesets table ran over 7 pages with one word a line, and the Put page printed 32 pages. Portrait
    A4 (no landscape): the wide tables reflow within the page in smaller type, nothing interactive prints, and the
    page count is bounded by what the on-screen content needs."""
    page = game_page
    game = page.url.rstrip("/").rsplit("/", 1)[1]
    page.set_viewport_size({"width": A4_PX[0], "height": A4_PX[1]})
    # (measured once the page's own requests are over and two frames have been drawn at this width: under load, a
    # measure taken at once found Speculation's content 8 A4 pages tall, where it is 9 and prints on 11)
    page.wait_for_load_state("networkidle")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    screen = page.evaluate("document.querySelector('.md-content__inner').getBoundingClientRect().height")
    needed = math.ceil(screen / A4_PX[1])
    printed = pdf_pages(page.pdf(format="A4", print_background=True))
    print(f"\nprint {game}: {printed} A4 pages; its on-screen content at A4's width fills {needed}")
    assert printed <= needed * OPENED_ON_PAPER, (printed, needed)
    page.emulate_media(media="print")
    # nothing that works only on a screen: the entries to play and to project, the live widgets, buttons
    for part in (".gm-play-entry", ".gm-present-entry", ".gm-widget", ".md-content button", ".md-button"):
        assert not any(shown(page, part)), part
    # every table fits the page's width, reads in type of 7 pt or more, and no cell is squeezed to a word a line
    tables = page.evaluate("""() => [...document.querySelectorAll('.md-content table')].filter((t) => t.getClientRects().length)
        .map((t) => { const r = t.getBoundingClientRect(); const cells = [...t.querySelectorAll('td')];
          return { cls: t.className, width: r.width, page: document.querySelector('.md-content__inner').getBoundingClientRect().width,
                   height: r.height, least: Math.min(...cells.map((c) => parseFloat(getComputedStyle(c).fontSize))),
                   narrow: Math.min(...cells.filter((c) => c.textContent.trim().length > 40).map((c) => c.getBoundingClientRect().width)) }; })""")
    assert tables
    for t in tables:
        assert t["width"] <= t["page"] + 1, t
        assert t["least"] >= 7 * 96 / 72 - 0.01, t                  # 7 pt
        assert t["narrow"] >= 120, t                                  # a cell of prose has room for a few words a line
        if "gm-rulesets" in t["cls"]:
            assert t["height"] <= A4_PX[1], t                         # the rulesets on one page, not seven
    page.emulate_media(media="no-override")


@pytest.mark.parametrize("game", GAMES)
def test_the_handout_prints_on_two_pages_at_most(teach_tab, game):
    page = teach_tab
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"teach/{game}/")
    sheet = page.locator("section.gm-handout-sheet")
    text = sheet.text_content()
    assert "The rules in brief" in text and "A worked example" in text and "Words" in text
    assert not IDS.search(text), IDS.search(text).group(0)
    assert sheet.locator(".gm-handout-words dt").count() >= 3
    pages = handout_pages(page, ("Letter",))
    # In the dark scheme it prints light (dark text on white paper), on A4 too.
    set_scheme(page, "slate")
    print_handout(page)
    page.emulate_media(media="print")
    fg, bg = page.evaluate("""() => { const s = document.querySelector('body > .gm-print-sheet');
        return [getComputedStyle(s.querySelector('h2')).color, getComputedStyle(document.body).backgroundColor]; }""")
    assert fg in ("rgb(0, 0, 0)", "rgba(0, 0, 0, 0.87)"), fg
    assert bg == "rgb(255, 255, 255)", bg
    assert not any(shown(page, ".md-content"))                       # the handout alone
    pages["A4"] = pdf_pages(page.pdf(format="A4", print_background=True))
    print(f"handout {game} from its Teach page: {pages}")
    assert all(1 <= n <= 2 for n in pages.values()), pages
    page.emulate_media(media="screen")   # (page.pdf prints the emulated media: screen only after this)
    # On screen: a preview that reads at 390 px, in both schemes (axe: test_a11y.py, on every page).
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        for scheme in ("default", "slate"):
            set_scheme(page, scheme)
            if axe.wanted(width, scheme):
                axe.SCREENS.mkdir(parents=True, exist_ok=True)
                sheet.screenshot(path=str(axe.SCREENS / f"handout-{game}-{width}-{scheme}.png"))


@pytest.mark.parametrize("game_page", GAMES, indirect=True)
def test_the_game_pages_print_the_handout_button_prints_the_same_sheet(game_page):
    """The copy printed is the Teach page's handout, word for word (the Teach page's test prints it on A4 and Letter);
    printed here on A4."""
    page = game_page
    page.set_viewport_size({"width": 1280, "height": 720})
    pages = handout_pages(page, ("A4",))   # fetched from the Teach page, then printed
    print(f"handout from the game page {page.url}: {pages}")
    assert all(1 <= n <= 2 for n in pages.values()), pages
    print_handout(page)
    copy = page.locator("body > .gm-print-sheet section.gm-handout-sheet")
    assert copy.count() == 1 and "A worked example" in copy.text_content()
    teach = page.evaluate("""async () => { const a = document.querySelector('.gm-handout-link a[href$="#handout"]');
        const doc = new DOMParser().parseFromString(await (await fetch(a.href)).text(), 'text/html');
        return doc.querySelector('section.gm-handout-sheet').textContent; }""")
    assert " ".join(copy.text_content().split()) == " ".join(teach.split())   # the Teach page's sheet
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")  # after printing, the page is whole again
    assert page.locator("body > .gm-print-sheet").count() == 0
    assert "gm-print-only" not in page.evaluate("document.documentElement.className")

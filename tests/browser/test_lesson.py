"""A lesson a teacher can give tomorrow, on each game's Teach page: a 50-minute plan whose stages follow each other
from 0 to 50 minutes (starter, reading the source, playing, discussing, plenary), what to prepare, differentiation;
history questions quoting the edition's sources with their citations; gambling and bluffing framed for a class; and,
for a game with a chapter in Cotton, the source to read aloud with its words, printed alone on one page of A4 and of
Letter (Chromium's own PDF printing, pages counted). Screenshots of the plan and the extract at 1280 and 390 px,
light and dark, go to test-artifacts/screens/. (axe checks the Teach pages, the plan and the extract among them, in
test_a11y.py: every page of the site in both schemes at 1280 and 390 px.) Each Teach page is loaded once for the
tests of its game (the teach_page fixture)."""

from __future__ import annotations

import itertools
import re

import axe  # tests/browser/axe.py (its screenshots' folder)
import pytest
from classroom import STUB, pdf_pages, set_scheme, teach_games  # tests/browser/classroom.py

pytestmark = pytest.mark.browser

GAMES = teach_games()
STAGES = ("Starter", "Reading the source", "Playing", "Discussing", "Plenary")
WITH_EXTRACT = ("post-and-pair", "put", "bone-ace")   # the games with a chapter in Cotton's book


@pytest.fixture(scope="module")
def teacher(browser, base_url, traffic):
    """One context for the module's Teach pages, print() stubbed."""
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    context.add_init_script(STUB)
    yield context
    context.close()


@pytest.fixture(scope="module")
def teach_page(request, teacher):
    """The game's Teach page (the parameter), loaded once at 1280 x 900 for the tests of that game."""
    page = teacher.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"teach/{request.param}/")
    yield page
    page.close()


@pytest.mark.parametrize("teach_page", GAMES, indirect=True)
def test_the_teach_page_has_a_fifty_minute_lesson_plan(teach_page):
    page = teach_page
    plan = page.locator("h2#a-lesson-plan-50-minutes")
    assert plan.count() == 1
    rows = plan.evaluate("""h => { let n = h.nextElementSibling;   // the first table after the heading
        while (n && !(n.matches('table') || n.querySelector('table'))) n = n.nextElementSibling;
        const t = n && (n.matches('table') ? n : n.querySelector('table'));
        return t ? [...t.tBodies[0].rows].map(tr => [...tr.cells].map(c => c.textContent.trim())) : []; }""")
    assert [r[1] for r in rows] == list(STAGES), rows
    # The timings run on from each other, 0 to 50 minutes, with no gap.
    spans = [tuple(int(x) for x in re.fullmatch(r"(\d+)-(\d+) min", r[0]).groups()) for r in rows]
    assert spans[0][0] == 0 and spans[-1][1] == 50 and all(a[1] == b[0] for a, b in itertools.pairwise(spans)), spans
    text = page.locator(".md-content__inner").text_content()
    for needed in ("By the end of the lesson pupils can", "Prepare.", "Differentiation.", "Support", "Stretch"):
        assert needed in text, needed
    # History questions and gambling: the word is on the page, and the guidance it links to is there.
    assert page.locator("h2[id^=history-gaming-and-gambling]").count() == 1
    assert "gambling" in text.lower()
    quotes = page.locator("h2[id^=history] ~ ol:first-of-type a.gm-quote-inline")
    assert quotes.count() >= 3
    # each history question quotes with its citation (author, date, locator) linked to the bibliography
    cited = page.eval_on_selector_all(
        "h2[id^=history] ~ ol:first-of-type > li",
        "lis => lis.map(li => li.querySelectorAll('a.gm-quote-inline').length === 0 || "
        "[...li.querySelectorAll('a[href*=bibliography]')].some(a => /\\d{4}/.test(a.textContent)))")
    assert cited and all(cited), cited
    assert page.locator("a[href$='index/#gambling-and-bluffing-with-a-class'], "
                        "a[href*='#gambling-and-bluffing-with-a-class']").count() >= 1


def test_the_teaching_index_frames_gambling_and_bluffing(fresh):
    page = fresh()
    page.goto("teach/")
    sec = page.locator("h2#gambling-and-bluffing-with-a-class")
    assert sec.count() == 1
    text = page.locator(".md-content__inner").text_content()
    for needed in ("Play for nothing", "Bluffing", "What makes gambling different", "safeguarding"):
        assert needed in text, needed


@pytest.mark.parametrize("teach_page", [g for g in WITH_EXTRACT if g in GAMES], indirect=True)
def test_the_source_to_read_aloud_prints_on_one_page(teach_page):
    page = teach_page
    game = page.url.rstrip("/").rsplit("/", 1)[1]
    sheet = page.locator("section.gm-extract-sheet")
    assert sheet.count() == 1
    assert sheet.locator("blockquote.gm-quote").count() >= 2
    assert sheet.locator(".gm-extract-words dt").count() >= 8
    assert sheet.locator(".gm-extract-words dd").count() == sheet.locator(".gm-extract-words dt").count()
    pages = {}
    for size in ("A4", "Letter"):
        page.evaluate("window.__printedWith = null")
        page.get_by_role("button", name="Print the extract").click()
        page.wait_for_function("() => window.__printedWith")
        assert "gm-extract" in page.evaluate("window.__printedWith")
        pages[size] = pdf_pages(page.pdf(format=size, print_background=True))
    print(f"extract {game}: {pages}")
    assert pages == {"A4": 1, "Letter": 1}, pages
    axe.SCREENS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        for scheme in ("default", "slate"):
            set_scheme(page, scheme)
            name = "light" if scheme == "default" else "dark"
            if not axe.wanted(width, scheme):
                continue
            for what, sel in (("plan", "h2#a-lesson-plan-50-minutes"), ("extract", "section.gm-extract-sheet")):
                page.locator(sel).evaluate("e => e.scrollIntoView()")
                page.screenshot(path=str(axe.SCREENS / f"lesson-{what}-{game}-{width}-{name}.png"))

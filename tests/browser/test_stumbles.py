"""The stumbles a newcomer still met (issue #31), each with its check: the site search, the dotted glossary words on a
phone, a page opened by a link (its top, and the first Tab to "Skip to content"), rule links in logs and ledgers,
"Play again" after the result, what is in view at 390 px (the choices, the new hand after "Play again", Bone-Ace's
seat on the desktop, its cards inside their seats), a citation said once, "Another deal" as a button and "Deal and
settle" taking the reader to the new deal. Screenshots go to test-artifacts/screens/stumble-*.png.
"""

from __future__ import annotations

import json
import re

import axe  # tests/browser/axe.py
import pytest
from conftest import SITE
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_widgets_live import idle, moved, visit

pytestmark = pytest.mark.browser

IN_VIEW = """(n) => { const r = n.getBoundingClientRect(); const head = document.querySelector('.md-header');
  const top = head ? head.getBoundingClientRect().bottom : 0;
  return r.height > 0 && r.top >= top - 1 && r.bottom <= innerHeight + 1; }"""


def shoot(page, name: str, el=None) -> None:
    axe.SCREENS.mkdir(parents=True, exist_ok=True)
    (el or page).screenshot(path=str(axe.SCREENS / f"stumble-{name}.png"))


def open_game(page, base_url, path, width, height):
    page.set_viewport_size({"width": width, "height": height})
    visit(page, base_url, "glossary/")
    visit(page, base_url, path)
    page.locator(".gm-play-entry a[data-gm-play]").click()
    w = page.locator("#play")
    idle(page, w)
    return w


# -- the site search ----------------------------------------------------------------------------------------------
def test_the_search_index_holds_no_printed_example_and_each_glossary_term_apart():
    docs = json.loads((SITE / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    flooded = [d["location"] for d in docs if "deal 1 of" in d["text"] or "deal 1 of" in d["title"]]
    assert not flooded, flooded
    vye = [d for d in docs if d["location"].endswith("glossary/#vye")]
    assert vye and vye[0]["title"].lower().startswith("vye"), vye


def test_the_search_index_is_asked_for_once_the_reader_reaches_for_search(fresh):
    """Material asks for its search index (0.74 MB, built into an index in a worker) as every page loads;
    search-when-asked.js holds that request back until the reader reaches for search. A page that has loaded and
    gone idle has not asked for it; Material's "/" key (which puts the focus in the search field) asks for it once,
    and what was typed while it came is searched."""
    page = fresh()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/search/search_index.json" in r.url else None)
    page.goto("put/")
    page.wait_for_load_state("load")
    page.evaluate("() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r)))")
    assert asked == []
    page.keyboard.press("/")
    page.keyboard.type("vye")
    page.locator(".md-search-result__item a").first.wait_for()
    assert re.search(r"\d+ matching documents?", page.locator(".md-search-result__meta").inner_text())
    assert len(asked) == 1, asked


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_searching_a_glossary_term_finds_its_entry_first(live, base_url, width, height, scheme):
    page = live
    page.set_viewport_size({"width": width, "height": height})
    visit(page, base_url, "put/")
    axe.set_scheme(page, scheme)
    label = page.locator("label.md-header__button[for='__search']")
    toggle = page.locator("#__search")
    box = page.locator("input.md-search__input")
    # On a phone the search opens by the header's button (its label toggles #__search). Once, in a loaded run, the
    # box never came into view after the tap (the search not open; why, not found): the
    # reader taps again, as this does, at most twice more, when the box has not taken a click after 15 s.
    for attempt in range(3):
        if label.is_visible() and not toggle.is_checked():
            label.click()
        try:
            box.click(timeout=15_000)
            break
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
    for term, want in (("vye", "glossary/#vye"), ("trump", None)):
        box.fill("")
        box.type(term)
        first = page.locator(".md-search-result__item a").first
        first.wait_for()
        page.wait_for_function("(t) => document.querySelector('.md-search-result__meta').textContent.match(/\\d/) "
                               "&& document.querySelector('input.md-search__input').value === t", arg=term)
        if axe.wanted(width, scheme):
            shoot(page, f"search-{term}-{width}-{'dark' if scheme == 'slate' else 'light'}")
        texts = page.locator(".md-search-result__item").all_text_contents()
        assert not any("deal 1 of" in t for t in texts), texts[:3]
        if want:  # the first result, and within it the entry (Material lists a page, then its sections)
            hrefs = page.locator(".md-search-result__item").first.locator("a").evaluate_all(
                "(as) => as.map((a) => a.getAttribute('href'))")
            assert any(h.split("?")[0].endswith("glossary/") and h.endswith(want.split("/")[-1]) for h in hrefs), hrefs
    page.keyboard.press("Escape")


# -- the dotted glossary words on a phone -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def phone(browser, base_url, traffic):
    """A touch phone's browser, one for the module (each test a tab of its own)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    traffic.attach(context)
    yield context
    context.close()


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_a_tap_on_a_dotted_word_shows_what_it_means(phone, scheme):
    page = phone.new_page()
    try:
        page.goto("post-and-pair/")
        axe.set_scheme(page, scheme)
        word = page.locator(".md-typeset p abbr[title]").first
        word.scroll_into_view_if_needed()
        word.tap()
        tip = page.locator(".gm-abbr-tip")
        assert tip.is_visible() and tip.text_content() == word.get_attribute("title")
        assert page.evaluate(IN_VIEW, tip.element_handle())
        if axe.wanted(390, scheme):
            shoot(page, f"glossary-tap-390-{'dark' if scheme == 'slate' else 'light'}")
        page.locator("h1").tap()
        assert tip.count() == 0, "a tap elsewhere closes it"
    finally:
        page.close()


# -- a page opened by a link ------------------------------------------------------------------------------------
def test_a_page_opened_by_a_link_starts_at_the_top_with_skip_to_content_first(live, base_url):
    page = live
    page.set_viewport_size({"width": 390, "height": 844})
    for i in range(4):
        visit(page, base_url, "")
        # (scrolled on every frame until it holds: the page just opened may still put itself at its top once)
        page.wait_for_function("() => { if (scrollY <= 300) window.scrollTo(0, document.body.scrollHeight / 2); "
                               "return scrollY > 300; }")
        page.locator(".md-content a[href$='put/']").first.click()
        page.wait_for_url("**/put/")
        page.wait_for_function("() => document.querySelector('.gm-play-entry')")
        page.wait_for_function("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
        assert page.evaluate("() => scrollY") == 0, f"navigation {i + 1}: the page kept the last one's scroll"
        assert page.evaluate(IN_VIEW, page.locator(".gm-play-entry a").element_handle())
    page.set_viewport_size({"width": 1280, "height": 900})
    visit(page, base_url, "glossary/")
    page.locator(".md-nav a.md-nav__link[href$='put/']").first.click()
    page.wait_for_url("**/put/")
    page.wait_for_function("() => document.querySelector('.gm-play-entry')")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('a.md-skip')"), \
        page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")


# -- the live table ---------------------------------------------------------------------------------------------
def finish(page, w):
    if w.get_attribute("data-terminal") != "1":  # (a deal of Bone-Ace may end as it is dealt)
        step = w.get_attribute("data-step")
        w.get_by_role("button", name=re.compile("to the end$")).click()
        moved(page, w, step)
    page.wait_for_function("(el) => el.dataset.terminal === '1' && el.dataset.busy !== '1'", arg=w.element_handle())
    page.wait_for_function("() => window.__gamester.passages")  # the passages behind the rules, fetched at the end


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_rule_links_read_as_text_and_play_again_follows_the_result(live, base_url, width, height):
    page = live
    w = open_game(page, base_url, "put/", width, height)
    finish(page, w)
    page.evaluate("() => document.querySelectorAll('#play details').forEach((d) => { d.open = true; })")
    links = w.locator(".gm-table-host a.gm-clause")
    assert links.count() > 3
    styles = links.evaluate_all("(as) => as.map((a) => { const s = getComputedStyle(a); return [s.fontFamily, "
                                "parseFloat(s.fontSize), s.wordBreak]; })")
    assert not [s for s in styles if "mono" in s[0].lower() or s[1] < 12 or s[2] == "break-all"], styles[:3]
    # No word of a rule link broken across two lines.
    broken = links.evaluate_all("""(as) => as.filter((a) => { const t = a.firstChild; if (!t || t.nodeType !== 3) return false;
      const words = [...t.textContent.matchAll(/\\S+/g)];
      return words.some((m) => { const r = document.createRange(); r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].map((q) => Math.round(q.top))); return lines.size > 1; }); })
      .map((a) => a.textContent)""")
    assert not broken, broken
    # "Play again" comes straight after who won: in view with it, and the next Tab from the result.
    again = w.get_by_role("button", name="Play again")
    head = w.locator(".gm-play .gm-t-headline")
    assert page.evaluate(IN_VIEW, again.element_handle()) and page.evaluate(IN_VIEW, head.element_handle())
    assert page.evaluate("() => document.activeElement.matches('#play .gm-t-headline')"), "the end has the focus"
    for _tab in range(4):  # (the rule that decided the game, and its passages, are linked after who won: was 27)
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent") == "Play again":
            break
    assert page.evaluate("() => document.activeElement.textContent") == "Play again"
    shoot(page, f"play-again-{width}")
    # After "Play again" the reader's new hand is on the screen with the choices.
    step = w.get_attribute("data-step")
    again.click()
    moved(page, w, step)
    idle(page, w)
    you = w.locator(".gm-table-host li.gm-seat-you, .gm-table-host .gm-mine")
    assert any(page.evaluate(IN_VIEW, you.nth(i).element_handle()) for i in range(you.count()))
    # And no citation twice in a row.
    finish(page, w)
    twice = w.locator(".gm-table-host a.gm-passage").evaluate_all(
        "(as) => as.filter((a) => { const n = a.previousElementSibling; return n && n.matches('a.gm-passage') "
        "&& n.textContent === a.textContent; }).length")
    assert twice == 0


@pytest.mark.parametrize(("path", "width", "height"), [("bone-ace/", 390, 844), ("speculation/", 390, 844),
                                                       ("bone-ace/", 1280, 900)])
def test_the_readers_seat_prompt_and_every_choice_are_in_view(live, base_url, path, width, height):
    page = live
    w = open_game(page, base_url, path, width, height)
    for _ in range(6):
        if w.get_attribute("data-terminal") == "1":
            break
        choices = w.locator(".gm-table-host .gm-t-choices button[data-action]")
        if not choices.count():
            break
        shown = [page.evaluate(IN_VIEW, choices.nth(i).element_handle()) for i in range(choices.count())]
        assert all(shown), f"choices below the screen: {choices.all_text_contents()} {shown}"
        you = w.locator(".gm-table-host li.gm-seat-you, .gm-table-host .gm-mine")
        assert any(page.evaluate(IN_VIEW, you.nth(i).element_handle()) for i in range(you.count()))
        shoot(page, f"choices-{path.strip('/')}-{width}")
        if w.locator(".gm-odds-field").count():  # "Show my chances" is offered where the reader decides
            assert w.locator(".gm-table-host .gm-t-choices + .gm-odds-field").count() == 1
        step = w.get_attribute("data-step")
        choices.last.click()
        moved(page, w, step)


def test_bone_ace_cards_stay_inside_their_seats_at_390(live, base_url):
    page = live
    w = open_game(page, base_url, "bone-ace/", 390, 844)
    w.locator("select[id$='-who']").select_option("bots")
    idle(page, w)
    finish(page, w)
    out = w.evaluate("""(el) => [...el.querySelectorAll('.gm-table-host li.gm-seat')].flatMap((seat) => {
      const b = seat.getBoundingClientRect();
      return [...seat.querySelectorAll('.gm-face')].filter((c) => { const r = c.getBoundingClientRect();
        return r.right > b.right + 0.5 || r.left < b.left - 0.5; }).map((c) => c.getAttribute('aria-label')); })""")
    shoot(page, "bone-ace-end-390", w.locator(".gm-table-host .gm-t-felt"))
    assert not out, out


def test_another_deal_is_a_button_and_deal_and_settle_shows_the_new_deal(live, base_url):
    page = live
    w = open_game(page, base_url, "post-and-pair/", 390, 844)
    settings = w.locator("details.gm-settings")
    if settings.get_attribute("open") is None:  # (a summary's click toggles: it may be open from an earlier test)
        settings.locator("> summary").click()
    another = w.get_by_role("button", name="Another deal")
    border = another.evaluate("(b) => parseFloat(getComputedStyle(b).borderTopWidth)")
    assert border >= 1, "'Another deal' looks like plain text"
    shoot(page, "another-deal-390", w.locator("details.gm-settings"))
    page.evaluate("(el) => { el.__dealt = 0; el.addEventListener('gamester:position', () => { el.__dealt += 1; }); }",
                  w.element_handle())
    w.get_by_role("button", name="Deal and settle").click()
    page.wait_for_function("(el) => el.__dealt > 0 && el.dataset.busy !== '1'", arg=w.element_handle())
    idle(page, w)
    table = w.locator(".gm-table-host .gm-tbl")
    top = table.evaluate("(t) => t.getBoundingClientRect().top")
    assert top < 844, "the new deal is drawn out of sight"

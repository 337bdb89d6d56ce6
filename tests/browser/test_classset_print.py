"""Class sets on paper: 28 sheets printed one, two or four to a page, the page count said before printing and the
same as Chromium's PDF (A4 and Letter), the answer key on pages of its own; no two sheets of a set hold the same
exercise, nor the same apart from the suits (or the order the cards are named in); the choice letters print whole
at the left margin, as the key names them. A set of 30 Speculation "trumps" exercises (issue 33: it held two
identical sheets) is among them. print() is stubbed; page.pdf prints as the browser would."""

from __future__ import annotations

import json
import math

import pytest
from classroom import STUB, pdf_pages, teach_games  # tests/browser/classroom.py
from test_classroom import make  # the class-set form filled and made, waiting on its message

pytestmark = pytest.mark.browser

GAMES = teach_games()
PUPILS = 28

# Each sheet's exercise as the test reads it off the page: the words with each card named replaced by "#", the
# cards as ranks with the suits renamed by first appearance (ranks sorted), and the choices (a card named in a
# choice renamed the same way). Written here apart from the script's own check, in another language.
SAMENESS = """(sheets) => sheets.map((s) => {
  const cards = [...s.querySelectorAll('.gm-card')].map((c) => { const t = c.textContent.trim();
    return {label: c.getAttribute('aria-label') || t, rank: t.slice(0, -1), suit: t.slice(-1)}; });
  const choices = [...s.querySelectorAll('.gm-sheet-choices li')].map((li) => li.textContent.replace(/^[A-Z]\\.\\s*/, ''));
  let words = [...s.children].filter((c) => !c.matches('.gm-sheet-head, .gm-sheet-foot, .gm-sheet-choices'))
    .map((c) => c.textContent).join(' ');
  return {cards, choices, words};
})"""


def signature(sheet: dict) -> str:
    cards = sorted(sheet["cards"], key=lambda c: c["rank"])
    suits: dict[str, str] = {}
    for c in cards:
        if c["suit"] not in suits:
            suits[c["suit"]] = chr(97 + len(suits))
    name = {c["label"]: c["rank"] + suits[c["suit"]] for c in cards}
    words = sheet["words"]
    for label in sorted(name, key=len, reverse=True):
        words = words.replace(label, "#")
    for c in cards:
        words = words.replace(c["rank"] + c["suit"], "#")
    return json.dumps([" ".join(words.split()), [name[c["label"]] for c in cards],
                       [name.get(ch, ch) for ch in sheet["choices"]]])


@pytest.fixture(scope="module")
def teacher(browser, base_url, traffic):
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    traffic.attach(context)
    context.add_init_script(STUB)
    page = context.new_page()
    yield page
    context.close()


def printed_pages(page, button: str, size: str) -> int:
    page.evaluate("window.__printedWith = null")
    page.get_by_role("button", name=button).click()
    page.wait_for_function("() => window.__printedWith")
    assert "gm-classset-printing" in page.evaluate("window.__printedWith")
    n = pdf_pages(page.pdf(format=size))
    done_printing(page)
    return n


def done_printing(page) -> None:
    """Printing ends the print-only state (handout.js, on afterprint), and Chromium fires afterprint some time after
    page.pdf returns: wait for it, or it would end the next print's state too."""
    page.wait_for_function("() => !document.documentElement.classList.contains('gm-print-only')")


@pytest.mark.parametrize("game", GAMES)
def test_a_class_set_of_28_prints_1_2_or_4_sheets_a_page_as_it_says(teacher, game):
    page = teacher
    page.goto(f"teach/{game}/")
    form = make(page, PUPILS, 1)
    assert f"{PUPILS} sheets, numbers 1 to {PUPILS} made" in form.locator(".gm-classset-message").inner_text()
    sheets = page.locator(".gm-classset-output .gm-sheet")
    assert sheets.count() == PUPILS
    sigs = [signature(s) for s in sheets.evaluate_all(SAMENESS)]
    assert len(set(sigs)) == PUPILS, [i + 1 for i, s in enumerate(sigs) if sigs.count(s) > 1]
    report = {}
    for k in (1, 2, 4):
        form.get_by_label("Sheets a printed page").select_option(str(k))
        want = math.ceil(PUPILS / k)
        said = page.locator(".gm-classset-pages").inner_text()
        assert f"The sheets take {want} printed pages" in said, said
        assert page.get_by_role("button", name=f"Print the sheets ({want} printed pages)").count() == 1
        for size in ("A4", "Letter"):
            got = printed_pages(page, f"Print the sheets ({want} printed pages)", size)
            assert got == want, (k, size, got, want)
        # The choice letters print whole: every letter's box starts inside the page.
        page.get_by_role("button", name=f"Print the sheets ({want} printed pages)").click()
        page.emulate_media(media="print")
        lefts = page.eval_on_selector_all("body > .gm-print-sheet .gm-sheet-letter",
                                          "els => els.map(e => e.getBoundingClientRect().left)")
        page.emulate_media(media="no-override")   # (page.pdf prints an emulated screen as a screen)
        page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")   # (no PDF was printed: end it here)
        done_printing(page)
        assert lefts and min(lefts) >= 0, min(lefts)
        key = printed_pages(page, "Print the answer key", "A4")
        total = printed_pages(page, "Print the class set", "A4")
        assert total == want + key, (k, total, want, key)
        report[k] = (want, key)
    print(f"\nclass set of {PUPILS}, {game}: sheets a page -> (sheet pages, key pages) {report}")


def test_thirty_speculation_trumps_sheets_are_thirty_different_exercises(teacher):
    if "speculation" not in GAMES:
        pytest.skip("no Speculation Teach page")
    page = teacher
    page.goto("teach/speculation/")
    form = page.locator("form.gm-classset.gm-enhanced")
    form.wait_for()
    form.get_by_label("Kind of exercise").select_option("trumps")
    form = make(page, 30, 1)
    message = form.locator(".gm-classset-message").inner_text()
    if "too few different questions" in message:   # a kind that cannot fill the set says so, and makes no set
        assert page.locator(".gm-classset-output .gm-sheet").count() == 0
        return
    sheets = page.locator(".gm-classset-output .gm-sheet")
    assert sheets.count() == 30
    sigs = [signature(s) for s in sheets.evaluate_all(SAMENESS)]
    assert len(set(sigs)) == 30

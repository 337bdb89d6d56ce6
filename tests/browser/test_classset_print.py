"""Class sets, in Chromium: a set of 30 sheets per game made in the browser (numbered, each sheet a different exercise,
the answer key in the same order, the same sheets when made again, a bad count refused keeping the set made
before; axe finds nothing critical or serious in the form and the sheets (the whole set at 1280 px, light; the form
and the first sheets and answers at 390 px and in the dark), screenshots at 390 and 1280 px, light and dark), then printed one, two or four to a page: the page count said before printing and the same as Chromium's PDF
(Letter for the sheets alone, A4 for the sheets then the key), the answer key on pages of its own; no two sheets of a
set hold the same exercise, nor the same apart from the suits (or the order the cards are named in); the choice
letters print whole at the left margin, as the key names them. A set of 30 Speculation "trumps" exercises (issue 33:
it held two identical sheets) is among them. print() is stubbed; page.pdf prints as the browser would.

Each game's set is made once (the class_set fixture) and both tests of the game use it: making a set is the engine's
work, 30 questions, and the two tests ask of the same set what they asked of two (30 and 28 sheets) before.
"""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

import axe  # tests/browser/axe.py
import pytest
from classroom import STUB, pdf_pages, set_scheme, teach_games  # tests/browser/classroom.py

pytestmark = pytest.mark.browser

GAMES = teach_games()
PUPILS, FIRST = 30, 4100   # 30 sheets a page: 30 pages; two a page: 15; four a page: 8, the last one half full
BOOT_MS = 120_000

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
    """One page for the class sets of every game: print() stubbed."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    traffic.attach(context)
    context.add_init_script(STUB)
    page = context.new_page()
    yield page
    context.close()


def make(page, pupils: int, first: int, twice: bool = False):
    """The class-set form filled and made, waiting on its message (made, or why not)."""
    form = page.locator("form.gm-classset.gm-enhanced")
    form.wait_for()
    form.get_by_label("Pupils").fill(str(pupils))
    form.get_by_label("First sheet number").fill(str(first))
    button = form.get_by_role("button", name="Make the class set")
    button.click()
    if twice:
        button.click(force=True)   # a second click while making (the button is disabled: nothing is lost)
    page.wait_for_function("() => { const m = document.querySelector('.gm-classset-message');"
                           " return !document.querySelector('.gm-classset [aria-busy]') && m && / made, and the answer key|could not|must be|too few/.test(m.textContent); }",
                           timeout=BOOT_MS)
    return form


SHEETS = "(els) => els.map((e) => e.innerText)"
# What axe reads: the form and the whole set (sheets, key, print buttons), or the form and the set's head, its first
# three sheets and the key's first three answers.
WHOLE = {"include": [[".gm-classset"], [".gm-classset-output"]]}
FIRST_SHEETS = {"include": [[".gm-classset"], [".gm-classset-head"], [".gm-classset-sheets > .gm-sheet:nth-child(-n+3)"],
                            [".gm-sheet-answers > li:nth-child(-n+3)"], [".gm-sheet-key > h3"]]}


@pytest.fixture(scope="module", params=GAMES)
def class_set(request, teacher):
    """The game's class set of 30 (sheets 4100 to 4129), made once on its Teach page for the tests of that game
    (pytest runs them one after the other: the fixture is the module's); ``again()`` makes it again if a test
    left the page without it."""
    game, page = request.param, teacher

    def again(twice: bool = False):
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(f"teach/{game}/")
        make(page, PUPILS, FIRST, twice=twice)

    again(twice=True)
    made = SimpleNamespace(game=game, page=page,
                           sheets=page.locator(".gm-classset-output .gm-sheet").evaluate_all(SHEETS))

    def ensure():
        on = page.url.rstrip("/").endswith(f"teach/{game}")
        if not on or page.locator(".gm-classset-output .gm-sheet").evaluate_all(SHEETS) != made.sheets:
            again()
        set_scheme(page, "default")
        page.set_viewport_size({"width": 1280, "height": 900})
        return page.locator("form.gm-classset.gm-enhanced")

    made.ensure = ensure
    return made


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


def test_a_class_set_of_30_is_numbered_keyed_and_made_again_the_same(class_set):
    """(Made with a second click while making: nothing is lost.)"""
    axe.need_axe()
    page, first = class_set.page, FIRST
    form = class_set.ensure()
    assert "30 sheets, numbers 4100 to 4129 made" in form.locator(".gm-classset-message").inner_text()
    out = page.locator(".gm-classset-output")
    numbers = [int(n) for n in out.locator(".gm-sheet").evaluate_all("(els) => els.map((e) => e.dataset.number)")]
    assert numbers == list(range(first, first + 30))                 # 30 sheets, 30 different numbers, in order
    questions = out.locator(".gm-sheet").evaluate_all("(els) => els.map((e) => e.textContent)")
    assert len(set(q.split("Sheet number", 1)[1] for q in questions)) == 30
    assert out.locator(".gm-sheet-answers > li").count() == 30       # the key: every sheet's answer and why
    assert out.locator(".gm-sheet-answers > li a.gm-clause").count() >= 30
    key_numbers = out.locator(".gm-sheet-answers > li").evaluate_all("(els) => els.map((e) => +e.dataset.number)")
    assert key_numbers == numbers

    game = class_set.game
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        for scheme in ("default", "slate"):
            set_scheme(page, scheme)
            # the whole set once (1280 px, light, every rule: one run reads all 30 sheets' markup and colours); at
            # 390 px and in the dark the form and the first sheets and answers (the same markup, drawn again at the
            # width or in the scheme: their cards of both colours, choices, letters, links), the dark by the rules
            # its colours change (axe.COLOUR_RULES)
            whole = (width, scheme) == (1280, "default")
            bad = axe.serious(axe.run(page, WHOLE if whole else FIRST_SHEETS, None if scheme == "default" else axe.COLOUR_RULES))
            assert not bad, (width, scheme, axe.describe(bad))
            if not axe.wanted(width, scheme):  # (one scheme a width unless GAMESTER_SCREENSHOTS=1)
                continue
            axe.SCREENS.mkdir(parents=True, exist_ok=True)
            page.locator("form.gm-classset").screenshot(path=str(axe.SCREENS / f"classset-{game}-{width}-{scheme}.png"))
            # the first sheet, and the key's first answer (not the whole set: 30 sheets and the key, a picture some
            # 20 million pixels tall)
            out.locator(".gm-sheet").first.screenshot(path=str(axe.SCREENS / f"classset-sheets-{game}-{width}-{scheme}.png"))
            out.locator(".gm-sheet-answers > li").first.screenshot(
                path=str(axe.SCREENS / f"classset-key-{game}-{width}-{scheme}.png"))
    set_scheme(page, "default")
    page.set_viewport_size({"width": 1280, "height": 900})

    # a sheet whose number drew its exercise first time is the same made alone: the first sheet of the set
    sheets_before = class_set.sheets
    make(page, 1, first)
    assert page.locator(".gm-classset-output .gm-sheet").count() == 1
    assert page.locator(".gm-classset-output .gm-sheet").inner_text() == sheets_before[0]
    # bad input: a clear error, and the set made before is kept
    make(page, 41, 1)
    msg = form.locator(".gm-classset-message")
    assert "from 1 to 40" in msg.inner_text() and msg.evaluate("(e) => e.classList.contains('gm-quiz-error')")
    assert page.locator(".gm-classset-output .gm-sheet").count() == 1
    # the same set made again gives the same sheets (a sheet is drawn from its number, and again from the next of its
    # seeds where an earlier sheet of the set has its exercise: the next test checks they all differ)
    make(page, 30, first)
    assert out.locator(".gm-sheet").evaluate_all(SHEETS) == sheets_before


def test_a_class_set_of_30_prints_1_2_or_4_sheets_a_page_as_it_says(class_set):
    """Each group of sheets on a page of its own, then the key: Letter's PDF of the sheets alone has as many pages
    as said, and A4's PDF of the sheets then the key has as many as said plus the key's own (the key starts on a
    page of its own, so that is the sheets' count on A4 too)."""
    page, game = class_set.page, class_set.game
    form = class_set.ensure()
    assert f"{PUPILS} sheets, numbers {FIRST} to {FIRST + PUPILS - 1} made" in form.locator(".gm-classset-message").inner_text()
    sheets = page.locator(".gm-classset-output .gm-sheet")
    assert sheets.count() == PUPILS
    sigs = [signature(s) for s in sheets.evaluate_all(SAMENESS)]
    assert len(set(sigs)) == PUPILS, [FIRST + i for i, s in enumerate(sigs) if sigs.count(s) > 1]
    key = printed_pages(page, "Print the answer key", "A4")   # the key alone (the same at 1, 2 or 4 sheets a page)
    assert key >= 1
    report = {}
    for k in (1, 2, 4):
        form.get_by_label("Sheets a printed page").select_option(str(k))
        want = math.ceil(PUPILS / k)
        said = page.locator(".gm-classset-pages").inner_text()
        assert f"The sheets take {want} printed pages" in said, said
        assert page.get_by_role("button", name=f"Print the sheets ({want} printed pages)").count() == 1
        got = printed_pages(page, f"Print the sheets ({want} printed pages)", "Letter")
        assert got == want, (k, "Letter", got, want)
        # The choice letters print whole: every letter's box starts inside the page.
        page.get_by_role("button", name=f"Print the sheets ({want} printed pages)").click()
        page.emulate_media(media="print")
        lefts = page.eval_on_selector_all("body > .gm-print-sheet .gm-sheet-letter",
                                          "els => els.map(e => e.getBoundingClientRect().left)")
        page.emulate_media(media="no-override")   # (page.pdf prints an emulated screen as a screen)
        page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")   # (no PDF was printed: end it here)
        done_printing(page)
        assert lefts and min(lefts) >= 0, min(lefts)
        total = printed_pages(page, "Print the class set", "A4")
        assert total == want + key, (k, "A4", total, want, key)     # the sheets on as many A4 pages, then the key
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

"""A class period, in Chromium: the projector view of a printed example (stepped by keyboard at 1280 x 720, large
text, without WebAssembly, reached by a button and by its address), and a class set of 30 sheets per game made in
the browser, printed one sheet per page then the key (Chromium's own PDF printing, pages counted). axe finds nothing
critical or serious in either; screenshots at 390 and 1280 px, light and dark."""

from __future__ import annotations

import re

import axe  # tests/browser/axe.py
import pytest
from classroom import STUB, pdf_pages, set_scheme, teach_games  # tests/browser/classroom.py

pytestmark = pytest.mark.browser

GAMES = teach_games()   # every game with a Teach page, from the registry
BOOT_MS = 120_000






def smallest_text(page, selector: str) -> float:
    """The smallest computed font size, in px, of any element of ``selector`` that holds visible text."""
    return page.evaluate("""(sel) => {
        let least = Infinity;
        for (const el of document.querySelector(sel).querySelectorAll('*')) {
          const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
          if (!own || !el.getClientRects().length) continue;
          least = Math.min(least, parseFloat(getComputedStyle(el).fontSize));
        }
        return least; }""", selector)


# -- the projector ---------------------------------------------------------------------------------------------------
NO_WASM = """delete window.WebAssembly;
window.__gmKeys = [];   // the keys the page was given, for the message of a failed check
document.addEventListener("keydown", (ev) => window.__gmKeys.push(ev.key), true);"""


@pytest.fixture
def no_wasm(fresh):
    """A page whose browser has no WebAssembly: the projector's steps are the page's own."""
    return fresh(init_script=NO_WASM)


def leave(page, at_once: bool = False) -> None:
    """Escape leaves the projector (and full screen with it); then nothing of it is left. ``at_once``: the view is
    gone as soon as the key is handled, before anything else runs."""
    page.keyboard.press("Escape")
    if at_once:
        assert page.locator(".gm-present").count() == 0
    try:
        page.locator(".gm-present").wait_for(state="detached", timeout=10_000)
        page.wait_for_function("() => !document.fullscreenElement", timeout=10_000)
    except Exception as e:  # say what the page saw
        seen = page.evaluate("""() => ({keys: window.__gmKeys.slice(-5), hash: location.hash,
            full: !!document.fullscreenElement, opened: window.__gamesterPresent})""")
        raise AssertionError(f"Escape did not leave the projector: {seen}") from e


@pytest.mark.parametrize("game", GAMES)
def test_projector_steps_a_printed_example_by_keyboard(no_wasm, fresh, game):
    axe.need_axe()
    page = no_wasm
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{game}/")
    opener = page.get_by_role("button", name=re.compile("^Show on a projector: this example")).first
    tpl = page.locator("template.gm-present-steps").first
    steps, moves = int(tpl.get_attribute("data-steps")), int(tpl.get_attribute("data-moves"))
    assert steps >= 5 and moves <= steps - 1
    opener.focus()
    page.keyboard.press("Enter")
    view = page.get_by_role("dialog", name=re.compile(": projector$"))
    view.wait_for()
    assert page.evaluate("location.hash") == "#projector-1"       # the address a teacher can bookmark
    assert view.get_attribute("data-step") == "0"
    # no apparatus in it: no settings, no move log, no ledger, no choices
    for apparatus in (".gm-t-log", ".gm-t-choices", ".gm-ledger", "table.gm-rulesets", "select", "input"):
        assert view.locator(apparatus).count() == 0, apparatus
    counts, said = [], []
    for i in range(1, steps):
        page.keyboard.press("ArrowRight" if i % 2 else "Space")
        counts.append(int(view.get_attribute("data-step")))
        # each step's sentence is announced, and it names the move (a move that ends a deal and deals the next has
        # two steps: the deal's end with its last card, then the next deal)
        said.append(view.locator(".gm-present-count").inner_text())
        assert re.match(rf"Move \d+ of {moves}\b", said[-1]), said[-1]
    assert counts == list(range(1, steps))                          # first to last, one step a key
    numbers = [int(re.match(r"Move (\d+)", s).group(1)) for s in said]
    assert numbers[-1] == moves and all(b - a in (0, 1) for a, b in zip([0, *numbers], numbers, strict=False)), numbers
    assert sum(1 for s in said if "(the next deal)" in s) == sum(1 for a, b in zip([0, *numbers], numbers, strict=False) if a == b)
    page.keyboard.press("ArrowRight")                                # past the end: stays at the end
    assert view.get_attribute("data-step") == str(steps - 1)
    assert view.locator(".gm-tbl[data-over='1']").count() == 1       # the last step is the end of the example
    assert view.locator(".gm-face:not(.gm-back)").count() > 0       # cards drawn face up: the ones the rules show
    page.keyboard.press("ArrowLeft")
    assert view.get_attribute("data-step") == str(steps - 2)
    page.keyboard.press("Home")
    assert view.get_attribute("data-step") == "0"
    # before the first move no hand is face up that the rules keep hidden (the first deal's cards are face down)
    assert view.locator(".gm-seat .gm-face.gm-back").count() > 0
    page.keyboard.press("End")
    assert view.get_attribute("data-step") == str(steps - 1)
    least = smallest_text(page, ".gm-present")
    assert least >= 20, f"text of {least} px on the projector"     # (test_projector_fit: every step)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    leave(page, at_once=True)
    assert page.evaluate("() => document.activeElement.classList.contains('gm-present-open')")   # focus returns
    assert page.evaluate("location.hash") == ""
    # the address alone opens it (a bookmark, opened in a new window), still without WebAssembly; Escape leaves it
    page = fresh(init_script=NO_WASM)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{game}/#projector-1")
    page.get_by_role("dialog", name=re.compile(": projector$")).wait_for()
    assert page.evaluate("typeof WebAssembly") == "undefined"
    leave(page)
    assert page.evaluate("location.hash") == ""
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 720 if width > 400 else 844})
        for scheme in ("default", "slate"):
            if page.locator(".gm-present").count():
                leave(page)
            set_scheme(page, scheme)
            page.get_by_role("button", name=re.compile("^Show on a projector: this example")).first.click()
            page.get_by_role("dialog", name=re.compile(": projector$")).wait_for()
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            bad = axe.serious(axe.run(page, ".gm-present"))
            assert not bad, (width, scheme, axe.describe(bad))
            axe.SCREENS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(axe.SCREENS / f"projector-{game}-{width}-{scheme}.png"))


# -- a class set -----------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def teacher(browser, base_url, traffic):
    """One page for the class sets of every game: the engine boots once."""
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    context.add_init_script(STUB)
    page = context.new_page()
    yield page
    context.close()


def make(page, pupils: int, first: int, twice: bool = False):
    form = page.locator("form.gm-classset.gm-enhanced")
    form.wait_for()
    form.get_by_label("Pupils").fill(str(pupils))
    form.get_by_label("First sheet number").fill(str(first))
    button = form.get_by_role("button", name="Make the class set")
    button.click()
    if twice:
        button.click(force=True)   # a second click while making (the button is disabled: nothing is lost)
    page.wait_for_function("() => { const m = document.querySelector('.gm-classset-message');"
                           " return !document.querySelector('.gm-classset [aria-busy]') && m && / made, and the answer key|could not|must be/.test(m.textContent); }",
                           timeout=BOOT_MS)
    return form


@pytest.mark.parametrize("game", GAMES)
def test_class_set_of_30_prints_one_sheet_a_page_then_the_key(teacher, game):
    axe.need_axe()
    page = teacher
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"teach/{game}/")
    first = 4100
    form = make(page, 30, first, twice=True)
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
    # the same set made again gives the same sheets (a sheet is drawn from its number, and again from the next of its
    # seeds where an earlier sheet of the set has its exercise: test_classset_print.py checks they all differ)
    sheets_before = out.locator(".gm-sheet").evaluate_all("(els) => els.map((e) => e.innerText)")
    make(page, 30, first)
    assert out.locator(".gm-sheet").evaluate_all("(els) => els.map((e) => e.innerText)") == sheets_before
    # a sheet whose number drew its exercise first time is the same made alone: the first sheet of the set
    make(page, 1, first)
    assert page.locator(".gm-classset-output .gm-sheet").count() == 1
    assert page.locator(".gm-classset-output .gm-sheet").inner_text() == sheets_before[0]
    # bad input: a clear error, and the set made before is kept
    make(page, 41, 1)
    msg = form.locator(".gm-classset-message")
    assert "from 1 to 40" in msg.inner_text() and msg.evaluate("(e) => e.classList.contains('gm-quiz-error')")
    assert page.locator(".gm-classset-output .gm-sheet").count() == 1

    make(page, 30, first)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        for scheme in ("default", "slate"):
            set_scheme(page, scheme)
            bad = axe.serious(axe.run(page, {"include": [[".gm-classset"], [".gm-classset-output"]]}))
            assert not bad, (width, scheme, axe.describe(bad))
            axe.SCREENS.mkdir(parents=True, exist_ok=True)
            page.locator("form.gm-classset").screenshot(path=str(axe.SCREENS / f"classset-{game}-{width}-{scheme}.png"))
            out.screenshot(path=str(axe.SCREENS / f"classset-sheets-{game}-{width}-{scheme}.png"))
    set_scheme(page, "default")

    form.get_by_label("Sheets a printed page").select_option("1")   # one sheet a page (2 and 4: test_classset_print)
    printed = page.get_by_role("button", name="Print the class set")
    printed.click()
    assert "gm-classset-printing" in page.evaluate("window.__printedWith")
    total = pdf_pages(page.pdf(format="A4"))
    page.wait_for_function("() => !document.documentElement.classList.contains('gm-print-only')")  # (afterprint)
    page.get_by_role("button", name="Print the answer key").click()   # the key alone
    key = pdf_pages(page.pdf(format="A4"))
    print(f"class set {game}: 30 sheets and the key print on {total} A4 pages, the key alone on {key}")
    assert key >= 1 and total == 30 + key, (total, key)               # each sheet on one page, then the key


# -- two pupils, two first deals --------------------------------------------------------------------------------------
# The session's pages draw the same repeatable sequence in place of Math.random (conftest: a run deals the same games
# every time); a pupil's browser draws its own. Saved before conftest's script replaces it, put back after.
OWN_RANDOM = ("window.__gmOwnRandom = Math.random;", "Math.random = window.__gmOwnRandom;")


def test_two_pupils_pressing_play_get_different_first_deals(browser, base_url, traffic):
    """Issue 33 (the first-five-minutes fix of issue 31): every pupil of a class used to get the same first deal. Two
    pupils' pages (two browser contexts, as two machines) press Play on the Put page: each gets a new deal number of
    its own browser's drawing (1 to 999,999: the same twice once in a million runs), and different cards."""
    from test_first_wait import deal_of
    from test_widgets_live import idle

    pupils = []
    for _ in range(2):
        context = browser.new_context(base_url=base_url)
        context.add_init_script(OWN_RANDOM[0])
        traffic.attach(context)
        context.add_init_script(OWN_RANDOM[1])
        pupils.append(context)
    pages = [c.new_page() for c in pupils]
    try:
        for page in pages:
            page.goto("put/")
            assert page.evaluate("Math.random === window.__gmOwnRandom")   # the browser's own, not the repeatable one
            page.locator(".gm-play-entry a[data-gm-play]").click()
        deals = []
        for page in pages:
            w = page.locator("#play")
            idle(page, w)
            deals.append(deal_of(w))
        numbers = [re.search(r"Deal number ([\d,]+)", said).group(1) for said, _cards in deals]
        print(f"\nfirst deals of two pupils: {numbers}")
        assert numbers[0] != numbers[1], deals
        assert deals[0][1] != deals[1][1], deals                            # their cards differ too
    finally:
        for c in pupils:
            c.close()

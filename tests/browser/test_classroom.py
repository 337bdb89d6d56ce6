"""A class period, in Chromium: the projector view of a printed example (stepped by keyboard at 1280 x 720, large
text, without WebAssembly, reached by a button and by its address; axe finds nothing critical or serious in it;
screenshots at 390 and 1280 px, light and dark), and two pupils pressing Play. The class set of 30 sheets per game,
made in the browser and printed one, two or four sheets a page then the key, is test_classset_print.py's."""

from __future__ import annotations

import re

import axe  # tests/browser/axe.py
import pytest
from classroom import module_context, set_scheme, teach_games  # tests/browser/classroom.py

pytestmark = pytest.mark.browser

GAMES = teach_games()   # every game with a Teach page, from the registry


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


@pytest.fixture(scope="module")
def teachers_browser(browser, base_url, traffic):
    """A browser without WebAssembly, one for the module: each game's page in a tab of its own, and a bookmark opened
    in a new window of it (a new browser for each page only loaded the site's files again)."""
    context = module_context(browser, base_url, traffic, NO_WASM)
    yield context
    context.close()


@pytest.fixture
def no_wasm(teachers_browser):
    """A page whose browser has no WebAssembly: the projector's steps are the page's own."""
    page = teachers_browser.new_page()
    yield page
    for tab in teachers_browser.pages:  # this test's tabs and windows
        tab.close()


def leave(page, at_once: bool = False) -> None:
    """Escape leaves the projector (and full screen with it); then nothing of it is left. ``at_once``: the view is
    gone as soon as the key is handled, before anything else runs."""
    page.keyboard.press("Escape")
    if at_once:
        assert page.locator(".gm-present").count() == 0
    try:
        page.locator(".gm-present").wait_for(state="detached", timeout=120_000)  # events; the bound ends a hang
        page.wait_for_function("() => !document.fullscreenElement", timeout=120_000)
    except Exception as e:  # say what the page saw
        seen = page.evaluate("""() => ({keys: window.__gmKeys.slice(-5), hash: location.hash,
            full: !!document.fullscreenElement, opened: window.__gamesterPresent})""")
        raise AssertionError(f"Escape did not leave the projector: {seen}") from e


# The view's step and sentence each time it goes to a step (it sets data-step last, after the sentence): watched by a
# MutationObserver, so that the steps a run of keys went through are read back in one call.
READ_STEPS = """() => { window.__gmRead = []; const v = document.querySelector('.gm-present');
  new MutationObserver(() => window.__gmRead.push([v.dataset.step, v.querySelector('.gm-present-count').innerText]))
    .observe(v, {attributes: true, attributeFilter: ['data-step']}); }"""


@pytest.mark.parametrize("game", GAMES)
def test_projector_steps_a_printed_example_by_keyboard(no_wasm, game):
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
    # each step's sentence is announced, and it names the move (a move that ends a deal and deals the next has two
    # steps: the deal's end with its last card, then the next deal): the step and its sentence, read each time the
    # view goes to a step (one step a key: as many as the keys), all fetched after the last key
    page.evaluate(READ_STEPS)
    for i in range(1, steps):
        page.keyboard.press("ArrowRight" if i % 2 else "Space")
    read = page.evaluate("() => window.__gmRead.splice(0)")
    assert len(read) == steps - 1, read
    counts = [int(step) for step, _ in read]
    said = [sentence for _, sentence in read]
    for sentence in said:
        assert re.match(rf"Move \d+ of {moves}\b", sentence), sentence
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
    page = page.context.new_page()
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
            # every rule in the light scheme; in the dark the rules its colours change (axe.COLOUR_RULES)
            bad = axe.serious(axe.run(page, ".gm-present", None if scheme == "default" else axe.COLOUR_RULES))
            assert not bad, (width, scheme, axe.describe(bad))
            if axe.wanted(width, scheme):
                axe.SCREENS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(axe.SCREENS / f"projector-{game}-{width}-{scheme}.png"))


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

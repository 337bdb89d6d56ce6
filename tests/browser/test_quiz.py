""""Another question" on a Teach page, in Chromium: the engine boots on the click, the question arrives with its
cards, the reader answers by keyboard, the verdict is announced and the explanation links its clauses; a bad call
says so beside the button; axe finds nothing critical or serious in it; screenshots at 390 and 1280 px."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCREENS = Path(os.environ.get("GAMESTER_ARTIFACTS", ROOT / "test-artifacts")) / "screens"
BOOT_MS = 120_000
STEP_MS = 30_000
PAGE = "teach/put/"


def axe_serious(page, selector: str) -> list[dict]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async (sel) => (await axe.run(sel, {resultTypes: ['violations']})).violations
        .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))""", selector)
    return [v for v in found if v["impact"] in ("critical", "serious")]


def set_scheme(page, scheme: str) -> None:
    """Material's light (``default``) or dark (``slate``) scheme, its colour fades off (axe measures final colours)."""
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    page.evaluate("""(s) => new Promise((done) => { document.body.setAttribute('data-md-color-scheme', s);
                       requestAnimationFrame(() => requestAnimationFrame(done)); })""", scheme)


def ask(page, quiz):
    """Press "Another question" from the keyboard; the question gets the focus."""
    old = quiz.locator(".gm-quiz-question").evaluate_all("(els) => els.map(e => e.textContent).join()")
    quiz.get_by_role("button", name="Another question").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("([el, old]) => { const q = el.querySelector('.gm-quiz-question');"
                           " return q && q.textContent !== old && document.activeElement === q; }",
                           arg=[quiz.element_handle(), old], timeout=BOOT_MS)
    return quiz.locator(".gm-quiz-question")


@pytest.fixture
def own_page(browser, base_url, traffic):
    """A context of its own, with its own record of requests: the session's record counts the engine's bytes for
    the widget tests, which expect their own first boot."""
    mine = type(traffic)()   # conftest's Traffic: aborts and records any request that leaves 127.0.0.1
    context = browser.new_context(base_url=base_url)
    mine.attach(context)
    page = context.new_page()
    page.traffic = mine
    yield page
    context.close()


def test_another_question_answered_by_keyboard_and_explained(own_page, base_url):
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed at {AXE}: run npm ci")
    page = own_page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base_url + PAGE)
    quiz = page.locator(".gm-quiz.gm-enhanced").first
    quiz.wait_for()
    # (its text, not innerText: below the fold the block is not rendered yet, and innerText needs a rendering)
    intro = quiz.locator(".gm-quiz-intro").text_content()   # what a page without script says: no tool's name
    assert "printed exercises" in intro and "gamester" not in intro

    q = ask(page, quiz)
    # the cards drawn and named: a trick question shows the two cards played, the others a hand or more (the kind is
    # the engine's draw from a fresh seed, so the test meets every kind in time)
    assert q.locator(".gm-card[aria-label]").count() >= 2
    choices = quiz.locator(".gm-quiz-choices button")
    names = choices.all_inner_texts()
    assert len(names) >= 2 and all(re.fullmatch(r"[A-Z][A-Za-z0-9 ,:'()-]+", n) for n in names), names

    page.keyboard.press("Tab")                                                 # from the question to the first choice
    assert page.evaluate("() => document.activeElement.parentElement.className") == "gm-quiz-choices"
    chosen = page.evaluate("() => document.activeElement.textContent")
    page.keyboard.press("Enter")
    verdict = quiz.locator(".gm-quiz-verdict")
    page.wait_for_function("(el) => document.activeElement === el && el.textContent", arg=verdict.element_handle(),
                           timeout=STEP_MS)
    assert verdict.get_attribute("aria-live") == "polite"
    answer = quiz.locator(".gm-quiz-choices button.gm-right").inner_text().rstrip(" ✓")
    text = verdict.inner_text()
    assert text == (f"Right: {answer}." if chosen == answer else f"Not quite: you chose {chosen}; the answer is {answer}.")
    assert all(choices.nth(i).is_disabled() for i in range(choices.count()))
    # The live question speaks a reader's words: no command-line flags, no passage ids (issue #21).
    card = quiz.locator(".gm-quiz-card").text_content()
    assert not re.search(r"--[a-z]|\bseed\b|[a-z]+\d{4}\.[a-z]+\.\d", card), card

    links = quiz.locator(".gm-quiz-explanation a.gm-clause")
    assert links.count() >= 1
    href = links.first.get_attribute("href")
    assert href.startswith("../") and "//" not in href                        # relative to the page, no host
    target = urljoin(page.url, href)
    assert target.startswith(base_url + "clauses/#")
    anchor = target.split("#", 1)[1]
    clauses = page.evaluate("(u) => fetch(u).then(r => r.text())", target.split("#")[0])
    assert f'id="{anchor}"' in clauses

    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        for scheme in ("default", "slate"):
            set_scheme(page, scheme)
            bad = axe_serious(page, ".gm-quiz")
            assert not bad, (width, scheme, bad)
            SCREENS.mkdir(parents=True, exist_ok=True)
            quiz.screenshot(path=str(SCREENS / f"quiz-{width}-{scheme}.png"))
    set_scheme(page, "default")

    seed = q.locator(".gm-quiz-label").inner_text()
    q = ask(page, quiz)                                                        # a fresh seed, the same engine
    assert q.locator(".gm-quiz-label").inner_text() != seed
    assert page.evaluate("() => window.__gamester.boots") == 1

    quiz.evaluate("(el) => { el.dataset.game = 'no-such-game'; }")           # a bad call: said beside the button
    quiz.get_by_role("button", name="Another question").click()
    msg = quiz.locator(".gm-quiz-bar .gm-quiz-error")
    msg.wait_for(timeout=STEP_MS)
    assert "unknown game 'no-such-game'" in msg.inner_text()
    assert page.traffic.count("pyodide.asm.wasm") == 1                        # one engine for the visit
    assert not page.traffic.foreign, page.traffic.foreign[:5]                # no request left 127.0.0.1

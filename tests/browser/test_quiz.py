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
STEP_MS = 180_000  # a wait for an engine step (an event): the bound only ends a hang
PAGE = "teach/put/"


# The rules a colour scheme can change (the rest read markup and layout, which a scheme leaves as they are): all a
# second scheme at the same width is checked by (as axe.COLOUR_RULES in tests/browser/axe.py).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def axe_serious(page, selector: str, rules: list[str] | None = None) -> list[dict]:
    """axe's critical and serious violations in ``selector``: by every rule, or by ``rules`` alone where given."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async ([sel, rules]) => (await axe.run(sel, Object.assign({resultTypes: ['violations']},
          rules ? {runOnly: {type: 'rule', values: rules}} : {}))).violations
        .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))""", [selector, rules])
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
    given = [chosen]
    if verdict.inner_text().startswith(f"Not {chosen}. Try again"):   # a second try before the answer is shown
        assert quiz.locator(".gm-quiz-explanation").is_hidden() and quiz.locator("button.gm-right").count() == 0
        page.keyboard.press("Shift+Tab")                                    # from the verdict back to a choice left
        assert page.evaluate("() => document.activeElement.parentElement.className") == "gm-quiz-choices"
        given.append(page.evaluate("() => document.activeElement.textContent"))
        page.keyboard.press("Enter")
        page.wait_for_function("(el) => !/Try again/.test(el.textContent)", arg=verdict.element_handle(), timeout=STEP_MS)
    answer = quiz.locator(".gm-quiz-choices button.gm-right").inner_text().rstrip(" ✓")
    text = verdict.inner_text()
    if given[-1] == answer:
        assert text == (f"Right: {answer}." if len(given) == 1 else f"Right at the second try: {answer}.")
    else:
        assert text == f"Not quite: you chose {', then '.join(given)}; the answer is {answer}."
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
            bad = axe_serious(page, ".gm-quiz", None if scheme == "default" else COLOUR_RULES)   # the dark: its colours
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


# -- two tries, then the reason; the pupil's record ------------------------------------------------------------------
def answer_until_done(page, quiz) -> dict:
    """Answer the question shown by pressing its choices in order until the answer is shown: what was given, whether
    the explanation stayed hidden until then, and the verdict."""
    verdict = quiz.locator(".gm-quiz-verdict")
    choices = quiz.locator(".gm-quiz-choices button")
    given, hidden_between = [], True
    for i in range(choices.count()):
        given.append(choices.nth(i).inner_text())
        choices.nth(i).click()
        page.wait_for_function("(el) => document.activeElement === el && el.textContent", arg=verdict.element_handle(),
                               timeout=STEP_MS)
        if not verdict.inner_text().startswith("Not " + given[-1] + ". Try again"):
            break
        hidden_between = hidden_between and quiz.locator(".gm-quiz-explanation").is_hidden() \
            and quiz.locator("button.gm-right").count() == 0 and choices.nth(i).is_disabled()
        page.evaluate("(el) => { el.textContent = ''; }", verdict.element_handle())   # (to wait on the next verdict)
    return {"given": given, "verdict": verdict.inner_text(), "hidden_between": hidden_between,
            "answer": quiz.locator(".gm-quiz-choices button.gm-right").inner_text().rstrip(" ✓")}


def test_two_tries_then_the_reason_and_a_one_page_record_printed_or_saved(own_page, base_url):
    """Issue 33: a limit of tries (two) before an exercise shows its answer and explanation; and proof of work without
    accounts: the questions answered on the page, printed as one page or saved as a small HTML file, with the name the
    pupil typed, the date, each exercise with the answers given, right or wrong and the mark. No request leaves the
    machine (the session's traffic check), and the file is made in the page."""
    from classroom import STUB, pdf_pages  # tests/browser/classroom.py

    page = own_page
    page.add_init_script(STUB)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base_url + PAGE)
    quiz = page.locator(".gm-quiz.gm-enhanced").first
    quiz.wait_for()
    assert quiz.locator(".gm-record").is_hidden()                  # nothing to record before a question is finished
    done = []
    # questions until one was answered wrong at the first try (the engine draws each from a fresh seed)
    while len(done) < 3 or not any(len(d["given"]) > 1 for d in done):
        assert len(done) < 12, done
        ask(page, quiz)
        d = answer_until_done(page, quiz)
        done.append(d)
        assert len(d["given"]) <= 2, d                              # two tries at most
        assert d["hidden_between"], d                               # the reason only once the tries are over
        assert not quiz.locator(".gm-quiz-explanation").is_hidden()
        right = d["given"][-1] == d["answer"]
        d["mark"] = (3 - len(d["given"])) if right else 0
        d["word"] = ("Right" if len(d["given"]) == 1 else "Right at the second try") if right else "Wrong"
    total, most = sum(d["mark"] for d in done), 2 * len(done)
    record = quiz.locator(".gm-record")
    marks = f"{total} {'mark' if total == 1 else 'marks'} of {most}"   # (11 marks, 1 mark)
    assert f"{len(done)} questions answered: {marks}." in record.inner_text()
    record.get_by_label("Your name").fill("Ada Byron")
    for scheme in ("default", "slate"):
        set_scheme(page, scheme)
        assert not axe_serious(page, ".gm-record", None if scheme == "default" else COLOUR_RULES), scheme
        SCREENS.mkdir(parents=True, exist_ok=True)
        record.screenshot(path=str(SCREENS / f"quiz-record-1280-{scheme}.png"))
    set_scheme(page, "default")

    def check(text: str) -> None:
        assert "Ada Byron" in text
        assert re.search(r"Date: \d{1,2} [A-Z][a-z]+ \d{4}", text), text
        for d in done:
            assert ", then ".join(d["given"]) in text and d["word"] in text and f"{d['mark']} of 2" in text
        assert f"Total: {total} mark" in text and f"of {most}" in text

    record.get_by_role("button", name="Print my record").click()
    assert "gm-record-printing" in page.evaluate("window.__printedWith")
    sheet = page.locator("body > .gm-print-sheet .gm-record-sheet")
    check(sheet.inner_text())
    assert pdf_pages(page.pdf(format="A4", print_background=True)) == 1   # one page
    record.get_by_role("button", name="Print my record").click()         # (printing ended the print-only copy)
    page.emulate_media(media="print")
    sheet.screenshot(path=str(SCREENS / "quiz-record-printed.png"))
    page.emulate_media(media="screen")
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    with page.expect_download() as info:
        record.get_by_role("button", name="Save my record").click()
    download = info.value
    assert re.fullmatch(r"record-ada-byron-\d{4}-\d\d-\d\d\.html", download.suggested_filename)
    saved = Path(download.path()).read_text(encoding="utf-8")
    assert saved.startswith("<!doctype html>") and "<script" not in saved and "http" not in saved
    check(re.sub(r"<[^>]+>", " ", saved).replace("  ", " "))
    assert not page.traffic.foreign

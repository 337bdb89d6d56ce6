"""The widgets end to end in Chromium: boot on first use, each widget, parity with the build, instant navigation,
permalinks (good and hostile), the no-WebAssembly fallback, and no request leaving 127.0.0.1.

Tests share one page (``shared``) and run in file order: the first boots the engine, the rest reuse it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_widgets_live import visit  # tests/browser is on sys.path (no __init__.py)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

BOOT_MS = 120_000
STEP_MS = 180_000  # a wait for an engine step (an event): the bound only ends a hang


def widget(page, kind: str):
    return page.locator(f".gm-widget[data-widget='{kind}']").first


def open_widget(page, kind: str):
    w = widget(page, kind)
    w.locator(".gm-start").click()
    w.locator("xpath=.").and_(page.locator("[data-live='1']")).wait_for(timeout=BOOT_MS)
    return w


# Material's instant navigation rewrites the page's links to absolute URLs; compare with links resolved.
RESOLVE = """(html) => { const d = document.createElement('div'); d.innerHTML = html;
  d.querySelectorAll('a[href]').forEach((a) => a.setAttribute('href', a.href)); return d.innerHTML; }"""


def static_and_live(w) -> tuple[str, str]:
    static, live = w.evaluate("(el) => [el.__gm.staticHTML, el.querySelector('.gm-widget-static').innerHTML]")
    return w.page.evaluate(RESOLVE, static), w.page.evaluate(RESOLVE, live)


def idle(page, w) -> None:
    page.wait_for_function("(el) => el.dataset.step !== undefined && el.dataset.busy !== '1'",
                           arg=w.element_handle(), timeout=STEP_MS)


def moved(page, w, step: str | None) -> None:
    """Wait until the widget has left ``step`` and finished its engine calls (bots may move after the reader)."""
    page.wait_for_function("([el, s]) => el.dataset.step !== s && el.dataset.busy !== '1'",
                           arg=[w.element_handle(), step], timeout=STEP_MS)


def assert_the_build_would_print(page, w, kind: str, not_seed: str) -> None:
    """Play deals a new deal (issue #31), not the printed one: the whole game worked out in the browser for it is
    what the site build (CPython) prints for that deal, to the byte."""
    from gamester import render

    args = w.evaluate("(el) => el.__gm.lastArgs")
    assert args["seed"] != not_seed, "Play deals a new deal"
    _static, live = static_and_live(w)
    expect = render.render(kind, {k: str(v) for k, v in args.items()})
    assert live == page.evaluate(RESOLVE, browser_html(page, expect))


def browser_html(page, html: str) -> str:
    """``html`` as the browser serialises it (so CPython's rendering compares with the DOM's)."""
    return page.evaluate("(h) => { const t = document.createElement('template'); t.innerHTML = h; "
                         "return t.innerHTML; }", html)


def test_no_pyodide_byte_before_the_first_interaction(fresh, traffic):
    page = fresh()
    start = len(traffic.urls)  # (the traffic of earlier tests in this session is not this page's)
    kept = len(traffic.worker_urls)  # and what the service worker fetched of its own accord (to keep) counts too
    page.goto("post-and-pair/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".gm-widget .gm-start").count() >= 3
    # every widget set up (the script's scan is over): whatever the script starts by itself has started by now
    page.wait_for_function("() => [...document.querySelectorAll('.gm-widget')].every((el) => el.__gm)")
    urls = traffic.urls[start:] + traffic.worker_urls[kept:]
    assert not [u for u in urls if "/assets/pyodide/" in u or "gamester-worker" in u or ".whl" in u]
    assert page.evaluate("__gamester.boots") == 0


def test_pp_deal_boots_once_and_equals_the_build(shared, traffic):
    page = shared
    start = len(traffic.urls)  # (other tests' fresh pages boot engines of their own)
    page.goto("post-and-pair/")
    page.evaluate("window.__sameDocument = true")
    w = open_widget(page, "pp-deal")
    _static, live = static_and_live(w)
    assert "gm-ledger" in live and "data-clause" in live
    assert w.evaluate("(el) => el.__gm.args.seed") == "1674"
    assert_the_build_would_print(page, w, "pp-deal", not_seed="1674")
    assert page.evaluate("__gamester.boots") == 1
    assert traffic.count("pyodide.asm.wasm", since=start) == 1


def test_pp_deal_live_result_for_another_seed_is_cpythons(shared):
    from gamester import render

    page = shared
    w = widget(page, "pp-deal")
    w.locator("details.gm-settings > summary").click()  # a playing widget folds its settings below the table
    w.locator("input[id$='-seed']").fill("42")
    w.locator("input[id$='-players']").fill("6")
    w.locator("button[type='submit']").click()
    page.wait_for_function("(el) => el.querySelector('.gm-example').dataset.args.includes('42')",
                           arg=w.element_handle(), timeout=STEP_MS)
    live = w.evaluate("(el) => el.querySelector('.gm-widget-static').innerHTML")
    expect = render.render("pp-deal", {"players": "6", "ruleset": "reconstruction", "seed": "42"})
    assert page.evaluate(RESOLVE, live) == page.evaluate(RESOLVE, browser_html(page, expect))
    # The address follows once the new deal's position is drawn (the reader plays a seat from the start, so the
    # table is drawn for that seat after the printed example).
    page.wait_for_function("() => location.search.includes('seed=42') && location.search.includes('players=6')",
                           timeout=STEP_MS)


def test_pp_deal_step_through_with_the_reader_deciding_every_seat(shared):
    page = shared
    w = widget(page, "pp-deal")
    idle(page, w)
    w.locator("select[id$='-who']").select_option("all")
    w.evaluate("async (el) => { await el.__gm.play.queue; }")  # the change is done: every engine call it queued
    idle(page, w)
    # Keyboard: a move chosen with Enter leaves the focus on the next choice, not lost at the top of the page.
    page.wait_for_function("(el) => el.querySelector('.gm-table-host button[data-action]')", arg=w.element_handle(),
                           timeout=STEP_MS)
    step = w.get_attribute("data-step")
    w.locator(".gm-table-host button[data-action]").first.focus()
    page.keyboard.press("Enter")
    moved(page, w, step)
    assert w.evaluate("(el) => el.contains(document.activeElement) && document.activeElement !== document.body")
    for _ in range(60):
        if w.get_attribute("data-terminal") == "1":
            break
        step = w.get_attribute("data-step")
        moves = w.locator(".gm-table-host button[data-action]")
        assert moves.count() > 0, "the reader should have a choice"
        # Prefer staying in and matching, so that the deal reaches a show-down.
        labels = moves.evaluate_all("(bs) => bs.map((b) => b.dataset.action)")
        pick = next((i for i, t in enumerate(labels) if t.split()[0] in ("seat", "match", "see", "show")), 0)
        moves.nth(pick).click()
        moved(page, w, step)
    assert w.get_attribute("data-terminal") == "1"
    result = w.locator(".gm-table-host")
    assert result.locator("table.gm-t-ledger tr").count() > 1
    hrefs = result.locator("a.gm-clause").evaluate_all("(as) => as.map((a) => a.getAttribute('href'))")
    assert hrefs and all(re.fullmatch(r"\.\./clauses/#pp\.[a-z0-9._-]+", h) for h in hrefs), hrefs
    # ... and, where the site maps the clause to a passage, the sentence that justifies it.
    passages = result.locator("a.gm-passage").evaluate_all("(as) => as.map((a) => a.getAttribute('href'))")
    assert passages and all(h.startswith("../") and "#" in h for h in passages), passages
    # Back steps through the same actions.
    w.get_by_role("button", name="◀ Back").click()
    page.wait_for_function("(el) => el.dataset.terminal === '0'", arg=w.element_handle(), timeout=STEP_MS)


def test_pp_deal_bots_play_to_the_end(shared):
    page = shared
    w = widget(page, "pp-deal")
    w.locator("select[id$='-who']").select_option("bots")
    w.get_by_role("button", name="Computer plays to the end").click()
    page.wait_for_function("(el) => el.dataset.terminal === '1'", arg=w.element_handle(), timeout=STEP_MS)
    assert w.locator(".gm-table-host table.gm-t-ledger").count() >= 1


def test_pp_settle_reports_bad_cards_then_settles(shared):
    page = shared
    w = open_widget(page, "pp-settle")
    static, live = static_and_live(w)
    assert live == static
    area = w.locator("textarea")
    area.fill("QH QX QC\nKS KH KD")
    w.locator("button[type='submit']").click()
    err = w.locator(".gm-error")
    err.filter(has_text="QX").wait_for(timeout=STEP_MS)
    area.fill("QH QD QC\nKS KH KD\nQH 2C 3C")
    w.locator("button[type='submit']").click()
    err.filter(has_text="QH").wait_for(timeout=STEP_MS)
    area.fill("AH AD AC\nKS KH KD\n2C 3C 4C")
    w.locator("button[type='submit']").click()
    page.wait_for_function("(el) => el.querySelector('.gm-example').dataset.args.includes('AH AD AC')",
                           arg=w.element_handle(), timeout=STEP_MS)
    assert w.locator(".gm-error").inner_text().strip() == ""
    assert w.locator(".gm-widget-static .gm-ledger").count() == 1
    assert w.locator(".gm-card[aria-label='Ace of Hearts']").count() >= 1


def test_pp_compare_shows_both_rulesets_and_their_differences(shared):
    page = shared
    w = open_widget(page, "pp-compare")
    static, live = static_and_live(w)
    assert live == static
    cols = w.locator(".gm-widget-static .gm-col")
    assert cols.count() == 2
    assert w.locator(".gm-widget-static .gm-diff").count() == 1


def test_instant_navigation_keeps_the_engine(shared, traffic):
    page = shared
    wasm = traffic.count("pyodide.asm.wasm")
    page.locator("a.md-nav__link[href$='put/']").first.click()
    page.wait_for_url(re.compile(r"/put/"))
    w = widget(page, "put-play")
    page.wait_for_function("(el) => el.dataset.engine === 'ready'", arg=w.element_handle(), timeout=STEP_MS)
    assert page.evaluate("window.__sameDocument") is True, "instant navigation should not reload the page"
    assert page.evaluate("__gamester.boots") == 1
    assert traffic.count("pyodide.asm.wasm") == wasm
    # The page left behind must not leak its permalink into this one.
    assert "game=post-and-pair" not in page.url
    assert w.locator(".gm-error").inner_text().strip() == ""


def test_put_whole_game_against_the_computer_with_odds(shared):
    page = shared
    w = open_widget(page, "put-play")
    assert_the_build_would_print(page, w, "put-play", not_seed="3")
    assert w.locator("select[id$='-who']").input_value() == "0"
    idle(page, w)
    saw_odds = False
    assert w.locator(".gm-t-chances").count() == 0, "chances only when the reader asks for them"
    w.get_by_label("Show my chances when I decide").check()
    idle(page, w)
    for _ in range(400):
        if w.get_attribute("data-terminal") == "1":
            break
        step = w.get_attribute("data-step")
        moves = w.locator(".gm-table-host button[data-action]")
        assert moves.count(), "playing seat 0, the reader is to act whenever the game waits (the computer answers)"
        saw_odds |= w.locator(".gm-t-chances").count() > 0
        moves.first.click()
        moved(page, w, step)
    assert w.get_attribute("data-terminal") == "1"
    assert saw_odds, "the odds from SPEC.analysis should be shown beside the reader's decisions"


def test_speculation_deal_with_chances_beside_decisions(shared, base_url):
    page = shared
    visit(page, base_url, "speculation/")
    w = open_widget(page, "spec-play")
    assert_the_build_would_print(page, w, "spec-play", not_seed="5")
    idle(page, w)
    w.locator("select[id$='-who']").select_option("0")
    w.evaluate("async (el) => { await el.__gm.play.queue; }")  # the change is done: every engine call it queued
    idle(page, w)
    saw_odds = False
    w.get_by_label("Show my chances when I decide").check()
    idle(page, w)
    for _ in range(300):
        if w.get_attribute("data-terminal") == "1":
            break
        step = w.get_attribute("data-step")
        moves = w.locator(".gm-table-host button[data-action]")
        assert moves.count(), "playing seat 0, the reader is to act whenever the game waits (the bots answer)"
        saw_odds |= w.locator(".gm-t-chances").count() > 0
        moves.last.click()
        moved(page, w, step)
    assert w.get_attribute("data-terminal") == "1"
    assert saw_odds
    assert page.evaluate("__gamester.boots") == 1


def test_a_permalink_restores_game_ruleset_seed_and_step(shared, base_url):
    page = shared
    visit(page, base_url, "put/?w=0&game=put&seed=11&step=2&who=0")
    w = widget(page, "put-play")
    page.wait_for_function("(el) => el.dataset.step !== undefined", arg=w.element_handle(), timeout=BOOT_MS)
    assert page.evaluate("__gamester.boots") == 1
    assert w.locator("input[id$='-seed']").input_value() == "11"
    acts = w.evaluate("(el) => el.__gm.play.acts")
    assert isinstance(acts, list)
    assert int(w.get_attribute("data-step")) == min(2, len(acts))
    assert w.locator(".gm-error").inner_text().strip() == ""


def test_a_link_sent_to_someone_opens_the_same_position_on_a_fresh_page(fresh):
    # A teacher's link, opened cold: the engine starts by itself (the link asks for a live position).
    page = fresh()
    page.goto("post-and-pair/?w=0&game=post-and-pair&players=5&seed=99&ruleset=cotton-1674&step=1&who=all")
    w = widget(page, "pp-deal")
    page.wait_for_function("(el) => el.dataset.step === '0' || el.dataset.step === '1'", arg=w.element_handle(),
                           timeout=BOOT_MS)
    assert w.locator("input[id$='-seed']").input_value() == "99"
    assert w.locator("input[id$='-players']").input_value() == "5"
    assert w.locator("select[id$='-ruleset']").input_value() == "cotton-1674"
    assert w.locator("select[id$='-who']").input_value() == "all"
    assert "seed&quot;: &quot;99" in w.locator(".gm-example").evaluate("(e) => e.outerHTML") or \
        '"seed": "99"' in w.locator(".gm-example").get_attribute("data-args")
    assert w.locator(".gm-error").inner_text().strip() == ""


def test_cards_have_text_alternatives_and_controls_have_labels(shared, base_url):
    page = shared
    visit(page, base_url, "post-and-pair/")
    w = open_widget(page, "pp-deal")
    cards = w.locator(".gm-card")
    assert cards.count() > 0
    assert all(re.fullmatch(r"(Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Knave|Queen|King|Ace) of "
                            r"(Spades|Hearts|Diamonds|Clubs)|a face-down card", a or "")
               for a in cards.evaluate_all("(cs) => cs.map((c) => c.getAttribute('aria-label'))"))
    unlabeled = w.evaluate("(el) => Array.from(el.querySelectorAll('input, select, textarea'))"
                           ".filter((i) => !(i.id && el.querySelector(`label[for='${i.id}']`))).length")
    assert unlabeled == 0
    # Keyboard: the seed field and the submit button are reachable and work with Enter. Once the first hand is drawn
    # (data-live comes with the example, before the table: a seed typed sooner could be overwritten by the deal's),
    # the settings opened by Enter (unless open), and the seed field holding the focus.
    idle(page, w)
    w.locator("details.gm-settings > summary").focus()
    if not w.locator("details.gm-settings").evaluate("(d) => d.open"):
        page.keyboard.press("Enter")
    page.wait_for_function("(el) => el.querySelector('details.gm-settings').open", arg=w.element_handle())
    seed = w.locator("input[id$='-seed']")
    seed.focus()
    page.wait_for_function("(el) => document.activeElement === el", arg=seed.element_handle())
    page.keyboard.press("Control+A")
    page.keyboard.type("16747")
    page.keyboard.press("Enter")
    page.wait_for_function("(el) => el.querySelector('.gm-example').dataset.args.includes('\"seed\": \"16747\"')",
                           arg=w.element_handle(), timeout=STEP_MS)


def test_a_well_formed_but_wrong_permalink_gets_the_engines_message(shared, base_url):
    page = shared
    visit(page, base_url, "put/?w=0&seed=1&options=evil%3D1")
    w = widget(page, "put-play")
    w.locator(".gm-error").filter(has_text="evil").wait_for(timeout=STEP_MS)
    assert page.evaluate("__gamester.boots") == 1
    assert page.dialogs == []


def test_a_permalink_longer_than_the_engines_limit_names_the_limit(shared, base_url):
    """Issue #24: the script refused more than 2,000 moves while Speculation allows 6,000; the limit is now the
    engine's (the games op's limits.actions), so only a link past it is refused, and the message says it."""
    page = shared
    # Straight from the Put page, where the test before followed a link of its own: a second link to the same page
    # by instant navigation is read too (it was not, and this test had to leave the page first).
    visit(page, base_url, "put/?w=0&seed=1&acts=" + "~".join(["x"] * 6001))
    w = widget(page, "put-play")
    w.locator(".gm-error").filter(has_text="at most 6,000").wait_for(timeout=STEP_MS)
    assert page.dialogs == []


HOSTILE = [
    "?w=0&seed=%3Cscript%3Ealert(1)%3C/script%3E",
    "?w=0&ruleset=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "?w=0&players=99999999999999999999999",
    "?w=0&seed=1&options=evil%3D%3Cb%3Ex%3C/b%3E",
    "?w=0&seed=1&bots=%3C/textarea%3E%3Cscript%3Ealert(1)%3C/script%3E",  # a field the widget's game declares
    "?w=0&seed=1&who=%3Csvg%20onload%3Dalert(1)%3E&evil=1",
    "?w=0&seed=1&acts=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&step=1",
    "?w=0&game=%27%3Balert(1)%2F%2F",
]


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_permalinks_are_inert_and_explained(shared, query):
    page = shared
    page.goto("post-and-pair/" + query)
    w = widget(page, "pp-deal")
    err = w.locator(".gm-error")
    err.wait_for(state="visible", timeout=BOOT_MS)
    page.wait_for_function("(el) => el.textContent.trim().length > 0", arg=err.element_handle(), timeout=BOOT_MS)
    text = err.inner_text()
    assert len(text) > 10
    assert page.dialogs == []
    assert page.locator("img[src='x'], svg[onload], b:text('x')").count() == 0
    assert page.evaluate("document.querySelectorAll('[onerror], [onload]').length") == 0
    assert page.evaluate("__gamester.boots") == 0, "a link that cannot be right should not start the engine"
    assert page.evaluate("document.querySelectorAll('script:not([src])').length") == \
        page.evaluate("Array.from(document.scripts).filter((s) => !s.src).length")


def test_a_permalink_with_5000_unknown_fields_gets_one_short_message(shared):
    """Issue #13: the message sums the unknown fields up instead of naming each (it was 113,922 characters)."""
    page = shared
    page.goto("put/?w=0&" + "&".join(f"x{i}=1" for i in range(5000)))
    w = widget(page, "put-play")
    err = w.locator(".gm-error").filter(has_text="unknown fields")
    err.wait_for(timeout=BOOT_MS)
    text = err.inner_text()
    assert "5,000 unknown fields, e.g. “x0”, “x1”, “x2”" in text and len(text) < 300, text


def test_no_webassembly_keeps_the_printed_example_with_a_message(fresh):
    page = fresh("delete window.WebAssembly;")
    page.goto("post-and-pair/")
    w = widget(page, "pp-deal")
    w.locator(".gm-error").filter(has_text="could not start").wait_for(timeout=STEP_MS)
    said = w.locator(".gm-error > p").first.inner_text()
    assert said.startswith("The live engine could not start: this browser lacks a feature it needs"), said
    assert "WebAssembly" not in said  # (the browser's feature is named only in the fold, for whoever looks after it)
    assert "WebAssembly" in w.locator(".gm-error details.gm-error-detail p").text_content()
    assert w.locator(".gm-error a").count() == 0  # (no network to blame)
    assert w.locator(".gm-widget-static .gm-ledger").count() == 1
    assert w.locator(".gm-start").is_disabled()
    assert page.evaluate("__gamester.boots") == 0


def test_boot_failure_keeps_the_printed_example_with_a_message(fresh):
    page = fresh()
    page.context.route("**/assets/pyodide/pyodide.asm.wasm", lambda r: r.fulfill(status=404, body="gone"))
    page.goto("post-and-pair/")
    w = widget(page, "pp-settle")
    w.locator(".gm-start").click()
    w.locator(".gm-error").filter(has_text="could not start").wait_for(timeout=BOOT_MS)
    assert w.locator(".gm-widget-static .gm-ledger").count() == 1
    # In a reader's words, the cause named plainly; the browser's own message folded away for whoever looks after
    # the computer (its words are Pyodide's and the wasm file's: never in the sentence a reader reads first).
    said = w.locator(".gm-error > p").first.inner_text()
    assert said.startswith("The live engine could not start: this browser could not fetch its files"), (
        said, page.evaluate("__gamester.error"))
    assert not re.search(r"wasm|pyodide|worker|404", said, re.I), said
    detail = w.locator(".gm-error details.gm-error-detail")
    assert detail.locator("summary").inner_text() == "What the browser reported"
    assert detail.get_attribute("open") is None
    assert detail.locator("p").text_content().strip() == page.evaluate("__gamester.error")
    # Opened, it stays open when the engine's state is told again (each widget redraws then: it used to be rebuilt).
    detail.locator("summary").click()
    page.evaluate("() => __gamester.listeners.forEach((f) => f())")
    assert detail.get_attribute("open") == ""


def test_nothing_left_127_0_0_1(traffic):
    assert traffic.urls, "no traffic was recorded"
    assert not traffic.foreign, traffic.foreign[:5]
    assert json.dumps(traffic.urls).count("://") == len(traffic.urls)

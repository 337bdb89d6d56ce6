"""Print: a game page prints whole (today's print stylesheet), and its "Print the handout" link prints the rules in
brief and the worked examples without the apparatus. Checked under Chromium's print media, with print() stubbed."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

STUB = "window.print = () => { window.__printedWith = document.documentElement.className; };"


def shown(page, selector: str) -> list[bool]:
    return page.eval_on_selector_all(selector, "(els) => els.map((e) => e.offsetParent !== null || "
                                               "getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0)")


@pytest.mark.parametrize("path", ["put/", "post-and-pair/", "speculation/"])
def test_print_the_handout_keeps_the_brief_and_the_worked_examples_only(fresh, path):
    page = fresh(init_script=STUB)
    page.goto(path)
    link = page.get_by_role("button", name="Print the handout")
    assert link.count() == 1
    # Printing the page as it is: the whole page, the apparatus included (the period text or the accounts).
    page.emulate_media(media="print")
    assert all(shown(page, ".md-content__inner > .gm-editorial"))
    assert not any(shown(page, ".gm-handout-link"))
    page.emulate_media(media="screen")
    link.click()
    assert "gm-handout" in page.evaluate("window.__printedWith")
    page.emulate_media(media="print")
    examples = shown(page, ".md-content__inner > .gm-static:not(.gm-compare-block)")
    assert examples and all(examples)
    assert all(shown(page, ".md-content__inner > h1"))
    for apparatus in (".gm-text", ".gm-editorial", ".gm-widget", "table.gm-rulesets", ".gm-cite", ".gm-compare-block",
                      ".md-sidebar", ".md-header"):
        assert not any(shown(page, apparatus)), apparatus
    assert all(shown(page, ".gm-brief"))  # the "Rules in brief" section, where the page has one
    headings = page.eval_on_selector_all(".md-content__inner > :is(h2, h3, h4)",
                                         "(els) => els.filter((e) => getComputedStyle(e).display !== 'none')"
                                         ".map((e) => e.textContent.trim())")
    assert headings and not [h for h in headings if "notes" in h.lower() or "text" in h.lower()], headings
    # After printing, the page is whole again.
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert all(shown(page, ".md-content__inner > .gm-editorial"))

"""The citation blocks (BibTeX and CSL-JSON under "Cite this ..."): plain text a reader can copy with one button."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser


def test_copy_buttons_copy_the_bibtex_and_the_csl_json(fresh):
    page = fresh()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("put/")
    cite = page.locator("details.gm-cite").first
    cite.locator("summary").click()
    bib, csl = cite.locator("button.gm-copy").all()
    assert bib.is_visible() and bib.inner_text() == "Copy BibTeX"
    bib.click()
    page.wait_for_function("() => document.querySelector('button.gm-copy').textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()").startswith("@book{cotton1674,")
    assert page.locator("#gm-copy-status[role='status']").text_content() == "BibTeX copied."
    csl.click()
    data = json.loads(page.evaluate("navigator.clipboard.readText()"))
    assert data["id"] == "cotton1674"
    # Material does not treat them as code blocks or tab sets: nothing of its own is mounted in them.
    assert page.locator(".gm-cite .md-code__nav, .gm-cite .tabbed-set").count() == 0


def test_an_open_citation_reads_well_at_both_widths_and_in_both_schemes(fresh):
    import axe  # tests/browser/axe.py

    axe.need_axe()
    page = fresh()
    page.goto("post-and-pair/")
    cite = page.locator("details.gm-cite").first
    cite.locator("summary").click()
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        for scheme in ("default", "slate"):
            page.evaluate("(s) => document.body.setAttribute('data-md-color-scheme', s)", scheme)
            cite.scroll_into_view_if_needed()
            # every rule in the light scheme; in the dark the rules its colours change (axe.COLOUR_RULES)
            bad = axe.serious(axe.run(page, ".gm-cite", None if scheme == "default" else axe.COLOUR_RULES))
            assert not bad, (width, scheme, bad)
            # Nothing overflows: long BibTeX lines wrap inside the block.
            assert cite.evaluate("(el) => [...el.querySelectorAll('pre')].every((p) => p.scrollWidth <= p.clientWidth)")
            if axe.wanted(width, scheme):
                axe.SCREENS.mkdir(parents=True, exist_ok=True)
                cite.screenshot(path=str(axe.SCREENS / f"cite-{width}-{'light' if scheme == 'default' else 'dark'}.png"))

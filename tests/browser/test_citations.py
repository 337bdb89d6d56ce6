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
    csl.click()
    data = json.loads(page.evaluate("navigator.clipboard.readText()"))
    assert data["id"] == "cotton1674"
    # Material does not treat them as code blocks or tab sets: nothing of its own is mounted in them.
    assert page.locator(".gm-cite .md-code__nav, .gm-cite .tabbed-set").count() == 0

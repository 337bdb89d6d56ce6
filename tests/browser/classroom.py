"""What the classroom's browser tests share (test_classroom, test_classset_print, test_print and others): pages
counted in Chromium's PDF, and the colour scheme set as Material sets it."""

from __future__ import annotations

import re

STUB = "window.print = () => { window.__printedWith = document.documentElement.className; };"


def pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF that Chromium wrote: the root of its page tree counts them all."""
    counts = [int(n) for n in re.findall(rb"/Type\s*/Pages\s*/Count\s+(\d+)", pdf)]
    assert counts, "no page tree in the PDF"
    return max(counts)


def set_scheme(page, scheme: str) -> None:
    """Material's light (``default``) or dark (``slate``) scheme, its colour fades off (axe measures final colours)."""
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    page.evaluate("""(s) => new Promise((done) => { document.body.setAttribute('data-md-color-scheme', s);
                       requestAnimationFrame(() => requestAnimationFrame(done)); })""", scheme)


def teach_games() -> list[str]:
    """Every registered game with a Teach page (docs/teach/<page>.md), as the engine names it: the registry's list."""
    from pathlib import Path

    from gamester import all_games

    docs = Path(__file__).resolve().parents[2] / "docs" / "teach"
    return sorted(n for n, s in all_games().items() if (docs / f"{s.site.page.strip('/')}.md").is_file())


def module_context(browser, base_url: str, traffic, script: str):
    """A context for a test module's tabs (a tab a page: a new context for each only loaded the site's files again),
    its requests watched by ``traffic`` and ``script`` run in every page before the page's own."""
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    context.add_init_script(script)
    return context

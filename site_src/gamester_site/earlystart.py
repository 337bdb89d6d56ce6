"""The engine started from the ``<head>`` of the pages that have a way to play (issue 30).

After a build, each page with a live game widget (the one ``markers`` marks ``id="play"``) gets
``javascripts/gamester-early.js`` inline at the top of its ``<head>``, with the page's way to the site's root in
``data-root``: on a second visit it starts the engine's worker while the page itself is still loading (it decides
for itself whether the browser holds the runtime; see the script). No other page gets it. Inline, and before the
stylesheets, because a script after a stylesheet waits for it, and a script of its own would wait for a request.
Run by ``runtime.stage`` (so by every builder); running it again on a page that has it changes nothing.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

SCRIPT = "javascripts/gamester-early.js"
PLAY_WIDGET = re.compile(r'<div class="gm-widget" id="play"')
CHARSET = re.compile(r"<meta charset=[\"']?utf-8[\"']?\s*/?>", re.IGNORECASE)
MARK = "data-gamester-early"


def tag(root: str, code: str) -> str:
    """The inline script for a page whose way to the site's root is ``root`` ("../", or "./" at the root)."""
    code = "\n".join(line for line in code.strip().splitlines() if not line.lstrip().startswith("//"))
    return f'<script {MARK} data-root="{html.escape(root)}">\n{code}\n</script>'


def mark_pages(site: Path) -> list[Path]:
    """Put the early start into every page of ``site`` with a live game widget; return those pages."""
    source = site / SCRIPT
    if not source.is_file():
        return []
    code = source.read_text(encoding="utf-8")
    if "</script" in code.lower():
        raise ValueError(f"{SCRIPT} cannot go inline: it contains </script")
    marked = []
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if MARK in text or not PLAY_WIDGET.search(text):
            continue
        depth = len(page.relative_to(site).parts) - 1
        at = CHARSET.search(text)
        head = text.find("<head>")
        if at is None and head < 0:
            continue
        cut = at.end() if at else head + len("<head>")
        page.write_text(text[:cut] + "\n" + tag("../" * depth or "./", code) + text[cut:], encoding="utf-8")
        marked.append(page)
    return marked

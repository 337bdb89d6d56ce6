"""The apparatus on each game page: "Rules in brief" (``brief GAME``, from docs/data/brief.yml, each rule tagged
with the weakest status of its clauses) and "Cite this edition" (``cite-edition``)."""

from __future__ import annotations

import json
import re
from html import escape as e
from typing import Any

from gamester_site.blocks import base_of, cite_body, status_badge
from gamester_site.store import EditionError, brief, cache, clause, md_inline


def weakest_status(clause_ids: list[str]) -> str:
    from gamester.clauses import STATUSES

    found = []
    for cid in clause_ids:
        c = clause(cid)
        if c is None:
            raise EditionError(f"rules in brief: unknown clause {cid!r}")
        found.append(c.status)
    if not found:
        raise EditionError("rules in brief: every rule names at least one clause")
    return max(found, key=STATUSES.index)


def m_brief(text: str, page: Any) -> str:
    """"Rules in brief": the game in one screen of plain English, each rule tagged with the weakest status of the
    clauses it summarises (linked to the first of them). Wrapped in ``.gm-brief`` (printed on its own)."""
    game = text.strip()
    data = brief().get(game)
    if not data:
        raise EditionError(f"docs/data/brief.yml has no entry for {game!r}")
    base = base_of(page)
    items = []
    for r in data.get("rules") or []:
        cids = [str(c) for c in r.get("clauses") or []]
        status = weakest_status(cids)
        items.append(f'<li><span class="gm-brief-rule">{md_inline(str(r["text"]))}</span> '
                     f'<a class="gm-brief-status" href="{base}clauses/#{e(cids[0])}" '
                     f'title="Status of this rule; the clauses page says why">{status_badge(status)}</a></li>')
    if not items:
        raise EditionError(f"docs/data/brief.yml: {game!r} has no rules")
    return (f'<div class="gm-brief" role="region" aria-labelledby="gm-brief-{e(game)}">'
            f'<h2 id="gm-brief-{e(game)}">Rules in brief</h2>'
            f'<p>{md_inline(str(data.get("intro", "")))}</p><ol>{"".join(items)}</ol>'
            '<p class="gm-brief-key"><small>Each rule is tagged <strong>attested</strong> (a period text says it), '
            "<strong>reconstructed</strong> (a modern account says it) or <strong>conjectural</strong> (nobody "
            "says it; we chose). The full text, our reading and every clause follow below.</small></p></div>")


def edition_title() -> str:
    """The edition as a work: "Gamester: an edition of A, B and C, ..." with the title each game declares."""
    from gamester import games

    titles = [sp.title for sp in games().values()]
    listed = " and ".join(filter(None, [", ".join(titles[:-1]), titles[-1]]))
    return f"Gamester: an edition of {listed}, with a working model of their rules"


def _site_url() -> str:
    return str(cache.get("site_url") or "")


def page_url(page: Any) -> str:
    """The page's address for a citation: the configured ``site_url`` plus the page's path when one is set and is
    not a loopback address; otherwise the path relative to the site root. The widget script replaces it with the
    address the reader actually used (so nothing about the host is baked in)."""
    url = page.url or ""
    site = _site_url()
    host = re.sub(r"^[a-z]+://([^/:]+).*$", r"\1", site) if site else ""
    if site and host not in ("127.0.0.1", "localhost", "0.0.0.0", "::1", ""):
        return site.rstrip("/") + "/" + url
    return url or "./"


def m_cite_edition(text: str, page: Any) -> str:
    """"Cite this edition": the edition as a citable work, in BibTeX and CSL-JSON, with this page's address."""
    import datetime

    year = datetime.date.today().year
    url = page_url(page)
    title = str(getattr(page, "title", "") or "").strip()
    slot = f'<span class="gm-page-url">{e(url)}</span>'
    bib = ("@misc{gamester-edition,\n  author       = {{The Gamester project}},\n"
           f"  title        = {{{e(edition_title())}}},\n"
           + (f"  shorttitle   = {{Gamester: {e(title)}}},\n" if title else "")
           + f"  year         = {{{year}}},\n  howpublished = {{Digital edition and rules engine}},\n"
           f"  url          = {{{slot}}},\n"
           "  note         = {Period texts from the Text Creation Partnership transcriptions (CC0)}\n}")
    csl = ('{\n  "id": "gamester-edition",\n  "type": "webpage",\n'
           f'  "title": {e(json.dumps((title + ": " if title else "") + edition_title(), ensure_ascii=False))},\n'
           '  "container-title": "Gamester",\n  "author": [{"literal": "The Gamester project"}],\n'
           f'  "issued": {{"date-parts": [[{year}]]}},\n  "URL": "{slot}"\n}}')
    return ('<details class="gm-cite gm-cite-edition"><summary>Cite this edition</summary>'
            + cite_body(bib, csl)
            + "<p><small>The address is that of this page as you opened it. The period texts are cited from "
              "their own books: see “Cite this chapter” and each paragraph.</small></p></details>")

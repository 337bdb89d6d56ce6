"""The glossary, from one data file, ``docs/data/glossary.yml``: every page gets its terms as Markdown abbreviations
(Material shows them as tooltips with ``content.tooltips``; appended by ``gamester_site.extension`` after the markers
expand), and the Glossary page lists them (the ``<!-- glossary -->`` marker), each period word with its passage."""

from __future__ import annotations

import re
from html import escape as e
from typing import Any

from gamester_site.blocks import base_of
from gamester_site.places import passage_href
from gamester_site.store import EditionError, edition, glossary, md, need, paragraph_of, passage, resolve


def abbreviations() -> str:
    lines = []
    for t in glossary():
        short = " ".join(str(t["short"]).split()).replace("]", ")")
        for term in [t["term"], *(t.get("aliases") or [])]:
            lines.append(f"*[{term}]: {short}")
    return "\n".join(lines)


def glossary_source(t: dict) -> tuple[str, str] | None:
    """A glossary entry's period passage: (passage id, the quoted words), the words checked against the
    transcription (the build fails on a quotation that is not in its passage)."""
    pid, words = t.get("passage"), t.get("quote")
    if not pid:
        return None
    if not words:
        raise EditionError(f"glossary term {t['term']!r} names passage {pid} but quotes nothing from it")
    from edition.tei import normalise_for_match as norm

    _, unit = resolve(str(pid))
    p = passage(paragraph_of(str(pid)))
    if norm(str(words)) not in norm(str(unit or need(p, "reading_text", str(pid)))):
        raise EditionError(f"glossary term {t['term']!r}: {words!r} is not in passage {pid}")
    return str(pid), str(words)


def m_glossary(text: str, page: Any) -> str:
    base = base_of(page)
    items = []
    for t in sorted(glossary(), key=lambda t: str(t["term"]).lower()):
        term = str(t["term"])
        aid = re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-")
        also = t.get("aliases") or []
        src = glossary_source(t)
        where = ""
        if src:
            pid, words = src
            loc = edition().locate(pid)["locator"]
            where = (f'<p class="gm-gloss-src"><small>\u201c{e(words)}\u201d \u2014 '
                     f'<a href="{base}{e(passage_href(pid))}">{e(pid)}</a>, {e(loc)}</small></p>')
        items.append(f'<dt id="{e(aid)}">{e(term)}'
                     + (f' <small>({e(", ".join(map(str, also)))})</small>' if also else "")
                     + f'</dt><dd>{md(str(t.get("long") or t["short"]))}{where}</dd>')
    return '<dl class="gm-glossary">' + "".join(items) + "</dl>"

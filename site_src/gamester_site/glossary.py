"""The glossary, from one data file, ``docs/data/glossary.yml``: every page gets its terms as Markdown abbreviations
(Material shows them as tooltips with ``content.tooltips``; appended by ``gamester_site.extension`` after the markers
expand), and the Glossary page lists them (the ``<!-- glossary -->`` marker), each period word with its passage."""

from __future__ import annotations

import re
from html import escape as e
from typing import Any

from gamester_site.blocks import base_of
from gamester_site.places import passage_href, passage_label
from gamester_site.store import EditionError, glossary, md, need, paragraph_of, passage, resolve

#: Terms that are also everyday words in another sense: the tooltip goes on these phrases only, never on the bare
#: word. "show" the verb ("the rulesets show how...") is not the show of the hands; a player's seat ("Seat 2",
#: "the seat to his left") is not the Seat, the third stake, which the period text and our prose capitalise
#: ("stake at the Seat"). A glossary entry may give its own list under ``match``.
SENSES: dict[str, tuple[str, ...]] = {
    "show": ("a show", "the show", "A show", "The show", "no show"),
    "seat": ("the Seat", "his Seat", "a Seat", "The Seat", "each Seat"),
}


def match_forms(t: dict) -> list[str]:
    """The words or phrases of the pages that get this entry's tooltip: the term and its aliases, except that a
    term with another everyday sense (:data:`SENSES`, or the entry's own ``match``) is matched only in the phrases
    that fix the sense; its unambiguous aliases ("show-down") are kept."""
    forms = [str(x) for x in [t["term"], *(t.get("aliases") or [])]]
    phrases = t.get("match") or SENSES.get(str(t["term"]).lower())
    if not phrases:
        return forms
    bare = str(t["term"]).lower()
    kept = [f for f in forms if f.lower() != bare]
    # "the show-down" is matched whole, or "the show" would take the tooltip from inside it
    longer = [p[: len(p) - len(bare)] + f for p in phrases if p.lower().endswith(bare)
              for f in kept if f.lower().startswith(bare)]
    return longer + [str(x) for x in phrases] + kept


def abbreviations() -> str:
    lines = []
    for t in glossary():
        short = " ".join(str(t["short"]).split()).replace("]", ")")
        for term in match_forms(t):
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
            where = (f'<p class="gm-gloss-src"><small>\u201c{e(words)}\u201d \u2014 '
                     f'<a href="{base}{e(passage_href(pid))}">{e(passage_label(pid))}</a></small></p>')
        items.append(f'<dt id="{e(aid)}">{e(term)}'
                     + (f' <small>({e(", ".join(map(str, also)))})</small>' if also else "")
                     + f'</dt><dd>{md(str(t.get("long") or t["short"]))}{where}</dd>')
    return '<dl class="gm-glossary">' + "".join(items) + "</dl>"

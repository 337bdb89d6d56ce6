"""The glossary, from the shared words (``docs/data/glossary.yml``) and each game's own
(``sources/games/<game>/glossary.yml``, merged by :func:`gamester_site.store.glossary`): every page gets its terms as
Markdown abbreviations (Material shows them as tooltips with ``content.tooltips``; appended by
``gamester_site.extension`` after the markers expand), and the Glossary page lists them (the ``<!-- glossary -->`` marker), each period word with its passage."""

from __future__ import annotations

import re
from html import escape as e
from typing import Any

from gamester_site.blocks import base_of
from gamester_site.places import passage_href
from gamester_site.store import EditionError, edition, glossary, md, need, paragraph_of, passage, resolve

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


_PB = re.compile(r'<span class="pb" data-page="([^"]*)" data-image="([^"]*)">.*?</span>', re.S)


def words_locator(pid: str, words: str) -> str:
    """Where the quoted words themselves stand: the page (or pages) in force at their first and last letter, from
    the page breaks inside the passage's reading HTML; the unit's own locator when they cannot be placed (a
    sentence that runs over a page break is "pp. 131-132", but words after the break are on p. 132 alone)."""
    import html as _html

    from edition.tei import normalise_for_match as norm

    loc = edition().locate(pid)
    p = passage(paragraph_of(pid))
    raw = str(need(p, "reading_html", pid))
    start = edition().locate(paragraph_of(pid))
    pages, text = [(0, start["page"], start["image"])], ""
    pos = 0
    for m in _PB.finditer(raw):
        text += norm(_html.unescape(re.sub(r"<[^>]+>", "", raw[pos:m.start()]))) + " "
        pages.append((len(text), m.group(1) or None, m.group(2)))
        pos = m.end()
    text += norm(_html.unescape(re.sub(r"<[^>]+>", "", raw[pos:])))
    text = re.sub(r" (?= )", "", text)
    i = text.find(norm(words))
    if i < 0 or len(pages) == 1:
        return str(loc["locator"])
    at = lambda k: [pg for off, pg, _ in pages if off <= k][-1]  # noqa: E731
    first, last = at(i), at(i + len(norm(words)) - 1)
    if not first:
        return str(loc["locator"])
    return f"p. {first}" if first == last or not last else f"pp. {first}-{last}"


def source_label(pid: str) -> str:
    """The work a passage comes from, as a reader cites it: author and date (never the passage id)."""
    t = edition().texts[passage(paragraph_of(pid)).text_id]
    author = str(t.author).replace(" (attributed)", "")
    return f"{author}, {t.date}"


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
            loc = words_locator(pid, words)
            where = (f'<p class="gm-gloss-src"><small>\u201c{e(words)}\u201d \u2014 '
                     f'<a href="{base}{e(passage_href(pid))}">{e(source_label(pid))}</a>, {e(loc)}</small></p>')
        # Each term is a heading with its id: the site search makes each entry a result of its own, titled by the
        # term, so a search for a term finds its entry first (one list of every entry was one long result).
        items.append(f'<div class="gm-gloss-entry"><h3 class="gm-gloss-term" id="{e(aid)}">{e(term)}'
                     + (f' <small>({e(", ".join(map(str, also)))})</small>' if also else "")
                     + f'</h3><div class="gm-gloss-def">{md(str(t.get("long") or t["short"]))}{where}</div></div>')
    return '<div class="gm-glossary">' + "".join(items) + "</div>"

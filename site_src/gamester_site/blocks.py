"""Small HTML pieces the markers share: marker arguments, Material content tabs, locators, status badges, and
citation blocks (BibTeX and CSL-JSON) and links."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import escape as e
from typing import Any

from gamester_site.store import EditionError, bib_keys, cache, edition, g


def args_of(text: str) -> dict[str, str]:
    from gamester.render import parse_marker_args

    return parse_marker_args(text)


_tab_counter = [0]


def tabs(items: list[tuple[str, str]], searched: tuple[int, ...] | None = None) -> str:
    """Material content tabs (alternate style) as HTML; labels are linked across the page by Material.

    ``searched``: the blocks (by their place) that go into the site search, and not the labels (they name ways of
    showing one text: "Diplomatic", "Reading"); by default every block and label (a variant's name).
    ``data-search-exclude`` is Material's mark for what its search index leaves out."""
    _tab_counter[0] += 1
    n = _tab_counter[0]
    inputs = "".join(f'<input {"checked " if i == 0 else ""}id="__tabbed_gm{n}_{i + 1}" name="__tabbed_gm{n}" '
                     f'type="radio">' for i in range(len(items)))
    labels = "".join(f'<label for="__tabbed_gm{n}_{i + 1}">{e(lab)}</label>' for i, (lab, _) in enumerate(items))
    unsearched = " data-search-exclude" if searched is not None else ""  # (the labels)
    blocks = "".join(f'<div class="tabbed-block"{"" if searched is None or i in searched else " data-search-exclude"}>'
                      f"{body}</div>" for i, (_, body) in enumerate(items))
    return (f'<div class="tabbed-set tabbed-alternate" data-tabs="{n}:{len(items)}">{inputs}'
            f'<div class="tabbed-labels"{unsearched}>{labels}</div><div class="tabbed-content">{blocks}</div></div>')


def locator(p: Any) -> str:
    page, image = g(p, "page"), g(p, "image")
    parts = []
    if page:
        parts.append(f"p. {e(str(page))}")
    if image:
        parts.append(f"image {e(str(image))}")
    pages = g(p, "pages") or []
    more = [str(x[0]) for x in pages if isinstance(x, (list, tuple)) and x and x[0] and str(x[0]) != str(page)]
    if more:
        parts[0:1] = [f"pp. {e(str(page))}–{e(more[-1])}"] if page else parts[0:1]
    return ", ".join(parts)


def status_badge(status: str, label: str | None = None) -> str:
    return f'<span class="gm-status gm-status-{e(status)}">{e(label or status)}</span>'


_cite_counter = [0]


def cite_body(bib: str, csl: str, locator: str = "") -> str:
    """BibTeX and CSL-JSON (already escaped) one after the other, each with a copy button the page script shows.

    Plain ``<pre>`` rather than Material's code blocks and content tabs: Material mounts every code block and tab
    set on a page at each instant navigation (a layout each, and a clipboard check), and a page carries one of
    these per cited passage, folded away (issue 16)."""
    _cite_counter[0] += 1
    n = _cite_counter[0]
    out = []
    for fmt, body in (("BibTeX", bib), ("CSL-JSON", csl)):
        pid = f"gm-cite{n}-{fmt.split('-')[0].lower()}"
        out.append(f'<p class="gm-cite-head"><strong>{fmt}</strong> <button type="button" class="gm-copy" '
                   f'data-copy="{pid}" hidden>Copy {fmt}</button></p><pre class="gm-code" id="{pid}">{body}</pre>')
        if fmt == "BibTeX" and locator:
            out.append(f"<p><small>Locator: {e(locator)}</small></p>")
    return "".join(out)


def cite_block(key: str, loc: str, label: str) -> str:
    ed = edition()
    try:
        bib = ed.bibtex(key)
        csl = ed.csl_json(key, loc)
    except (KeyError, LookupError, ValueError) as ex:
        raise EditionError(f"cannot cite {key!r} at {loc!r}: {ex}") from None
    from gamester_site.apparatus import edition_meta  # here: apparatus imports this module

    # the edition's version in every citation of a period text (issue 32): where the text and locator were read
    via = f"Text and locator as given by the Gamester edition, version {edition_meta()['version']}"
    if not isinstance(csl, str):
        csl = dict(csl)
        csl["note"] = via + (". " + csl["note"] if csl.get("note") else "")
        csl = json.dumps(csl, indent=2, ensure_ascii=False)
    # (left out of the site search: each is the whole entry of the book again, and a word of its title found them all)
    return (f'<details class="gm-cite" data-search-exclude><summary>{e(label)}</summary>'
            f'{cite_body(e(with_field(with_pages(bib, loc), "addendum", via)), e(csl), loc)}</details>')


def with_field(bib: str, name: str, value: str) -> str:
    """The BibTeX entry with one more field (before its closing brace)."""
    body = bib.rstrip()
    if not body.endswith("}") or re.search(rf"^\s*{name}\s*=", bib, re.M | re.I):
        return bib
    head = body[:-1].rstrip()
    sep = "" if head.endswith(",") else ","
    indent = "\t" if "\n\t" in head else "  "
    return f"{head}{sep}\n{indent}{name} = {{{value}}}\n}}\n"


def with_pages(bib: str, loc: str) -> str:
    """The BibTeX entry with the cited pages in its ``pages`` field ("p. 151" -> ``{151}``, "pp. 150-151" ->
    ``{150--151}``); an image or section locator, which BibTeX has no field for, leaves the entry as it is."""
    m = re.fullmatch(r"pp?\.\s*(\d+)(?:\s*[-–]\s*(\d+))?", (loc or "").strip())
    if not m or re.search(r"^\s*pages\s*=", bib, re.M | re.I):
        return bib
    pages = m.group(1) + (f"--{m.group(2)}" if m.group(2) else "")
    body = bib.rstrip()
    if not body.endswith("}"):
        return bib
    head = body[:-1].rstrip()
    sep = "" if head.endswith(",") else ","
    indent = "\t" if "\n\t" in head else "  "
    return f"{head}{sep}\n{indent}pages = {{{pages}}}\n}}\n"


def reference(key: str) -> str:
    try:
        return str(edition().render_reference(key))
    except (KeyError, LookupError, ValueError) as ex:
        raise EditionError(f"unknown bibliography key {key!r}: {ex}") from None


def _author_dates() -> dict[str, str]:
    """Every bibliography key's in-text form without brackets, from the CSL citation (``(Cotton, 1674)`` ->
    "Cotton, 1674"). An anonymous work is named by its short title, an attributed name by the name alone
    ("Hoyle (attributed)"), and two works that would read alike get a, b after the date."""
    from html import unescape

    if "author-date" in cache:
        return cache["author-date"]
    ed = edition()
    out: dict[str, str] = {}
    for key in sorted(bib_keys()):
        raw = unescape(re.sub(r"<[^>]+>", "", str(ed.render_citation(key)))).strip()
        label = raw.removeprefix("(").removesuffix(")")
        entry = ed.bib.entries.get(key, {}) if hasattr(ed, "bib") else {}
        author = str(entry.get("author", "")).strip()
        if author == "Anonymous":
            label = label.replace("Anonymous", str(entry.get("shorttitle") or entry.get("title") or author), 1)
        m = re.fullmatch(r"([^,]+), [^,(]+ \(([^)]+)\)", author)
        if m:  # "Hoyle, Edmond (attributed)": the family name and the qualification
            label = label.replace(author, f"{m.group(1)} ({m.group(2)})", 1)
        out[key] = label
    seen: dict[str, list[str]] = {}
    for key, label in out.items():
        seen.setdefault(label, []).append(key)
    for label, keys in seen.items():
        if len(keys) > 1:
            for letter, key in zip("abcdefghij", sorted(keys), strict=False):
                out[key] = f"{label}{letter}"
    cache["author-date"] = out
    return out


def author_date(key: str) -> str:
    """"Cotton, 1674": how a reader sees a citation of ``key`` (never the key itself)."""
    try:
        return _author_dates()[key]
    except KeyError:
        raise EditionError(f"unknown bibliography key {key!r}") from None


def cite_link(key: str, loc: str, base: str) -> str:
    """An in-text citation, author and date linked to the bibliography entry: "Cotton, 1674, p. 150"."""
    return f'<a href="{base}bibliography/#{e(key)}">{e(author_date(key))}</a>' + (f", {e(loc)}" if loc else "")


_KEY_LINK = re.compile(r"\[([A-Za-z][\w-]*)\]\(((?:\.\./)*bibliography\.md#([A-Za-z][\w-]*))\)")
_RULE_LINK = re.compile(r"\[`([a-z][a-z0-9]*(?:\.[a-z0-9-]+)+)`\]\(((?:\.\./)*clauses\.md#([a-z][a-z0-9.-]*))\)")


def _links_named(pattern: re.Pattern, markdown: str, name: Callable[[str], str | None]) -> str:
    """The Markdown links ``pattern`` finds (its groups: the link's text, its target, the target's anchor) whose text
    is their anchor, given ``name(text)`` as their text where that is not None."""

    def sub(m: re.Match) -> str:
        text, target, anchor = m.group(1), m.group(2), m.group(3)
        said = name(text) if text == anchor else None
        return m.group(0) if said is None else f"[{said}]({target})"

    return pattern.sub(sub, markdown)


def key_links(markdown: str) -> str:
    """Markdown links whose text is the bibliography key they point to (``[humours1763](bibliography.md#humours1763)``)
    are given the citation's author and date as their text (``[Shadwell, 1763](...)``)."""
    keys = bib_keys()
    return _links_named(_KEY_LINK, markdown, lambda k: author_date(k) if k in keys else None)


def rule_links(markdown: str) -> str:
    """Markdown links to a clause whose text is the clause's id set as code
    (``[`put.three.rules`](clauses.md#put.three.rules)``) are given the clause's title as their text
    (``[how three play](clauses.md#put.three.rules)``): ids are for the data and the engine, titles for readers."""
    return _links_named(_RULE_LINK, markdown, clause_title)


def rule_link(cid: str, base: str) -> str:
    """A link to clause ``cid``'s entry on the Clauses page, its title its text (no quotation marks: on our pages
    those mark the words of a period text); an id the engine does not register is left as it is, set as code (the
    site's link check then finds no entry for it)."""
    title = clause_title(cid)
    if title is None:
        return f'<a href="{base}clauses/#{e(cid)}"><code>{e(cid)}</code></a>'
    return f'<a href="{base}clauses/#{e(cid)}">{e(title)}</a>'


def base_of(page: Any) -> str:
    return "../" * (page.url or "").count("/")


def note_refs(html: str, base: str) -> str:
    """"see note seed-dates", "See note rump-riddle-date" and "(see jewel-replie)" in reader text: the note's id
    becomes a link to the note on the editorial page, named by the note's title (ids are for the data, titles for
    readers)."""
    notes = edition().notes
    if isinstance(notes, dict):
        notes = [({"id": k, **v} if isinstance(v, dict) else v) for k, v in notes.items()]
    titles = {str(g(n, "id", default="")): str(g(n, "title", default="")) for n in notes}

    def link(m: re.Match) -> str:
        nid = m.group(2)
        if nid not in titles:
            return m.group(0)
        return f'{m.group(1)}the note <a href="{base}editorial/#note-{e(nid)}">{e(titles[nid] or nid)}</a>'

    return re.sub(r"(\b[Ss]ee )(?:note )?([a-z0-9]+(?:-[a-z0-9]+)+)\b", link, html)


def clause_title(cid: str) -> str | None:
    """What a reader sees of clause ``cid``: its short title, or its statement where it has none; None for an id the
    engine does not register."""
    from gamester.clauses import lookup

    c = lookup(cid)
    return None if c is None else c.title or c.statement


def clause_titles() -> dict[str, str]:
    """Clause id -> what a reader sees of it (:func:`clause_title`), for every clause."""
    from gamester.clauses import all_clauses

    return {c.id: c.title or c.statement for c in all_clauses()}


def clause_refs(text: str, base: str) -> str:
    """A clause's note (plain text) as HTML for readers: another clause named by its id ("see pp.stake.one-counter")
    becomes that clause's short title, linked to its entry on the Clauses page (:func:`rule_link`; ids are for the
    data and the engine, titles for readers)."""
    titles = clause_titles()
    if not titles:
        return e(text)
    ids = re.compile(r"(?<![\w./#-])(" + "|".join(sorted(map(re.escape, titles), key=len, reverse=True))
                     + r")(?![\w-])")
    out, at = [], 0
    for m in ids.finditer(text):
        cid = m.group(1)
        out += [e(text[at:m.start()]), rule_link(cid, base)]
        at = m.end()
    return "".join(out) + e(text[at:])

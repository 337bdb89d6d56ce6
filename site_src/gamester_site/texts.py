"""The markers that quote the edition: a period text paragraph by paragraph (``text``), one passage (``passage``),
period words inside a sentence of page prose (``quote``), the literary timeline (``citations``), the passages cited elsewhere (``referenced-passages``), the witness
comparisons (``witnesses``), the bibliography and ``cite-this``."""

from __future__ import annotations

import re
from html import escape as e
from typing import Any

from gamester_site.blocks import (
    args_of,
    author_date,
    base_of,
    cite_block,
    locator,
    note_refs,
    reference,
    rule_link,
    status_badge,
    tabs,
)
from gamester_site.places import (
    anchor_units,
    in_reading_order,
    on_game_page,
    passage_href,
    passage_label,
    quoted_passages,
)
from gamester_site.store import (
    EditionError,
    bib_keys,
    clause,
    clause_entry_passages,
    clause_map,
    clauses_for_paragraph,
    edition,
    g,
    md,
    md_inline,
    need,
    paragraph_of,
    passage,
    pid_of,
    readings,
    resolve,
    text_passages,
)


def m_text(text: str, page: Any) -> str:
    """A period text paragraph by paragraph, each beside our reading, its clauses and its variants."""
    text_id = text.strip().split()[0] if text.strip() else ""
    if not text_id:
        raise EditionError("text needs a text id, e.g. <!-- text cotton1674.pp -->")
    base = base_of(page)
    ours = readings()
    out = []
    for p in text_passages(text_id):
        pid = pid_of(p)
        kind = g(p, "kind", default="p")
        dip = need(p, "diplomatic_html", pid)
        rea = need(p, "reading_html", pid)
        loc = locator(p)
        if kind == "head":
            # A heading is one plain line (the diplomatic form); the switch belongs to the paragraphs. Where the
            # reading text of a heading differs, it is given underneath.
            same = re.sub(r"<[^>]+>", "", str(dip)).strip() == re.sub(r"<[^>]+>", "", str(rea)).strip()
            extra = "" if same else f'<span class="gm-head-reading">Reading: {rea}</span>'
            out.append(f'<div class="gm-head" id="{e(pid)}"><p role="heading" aria-level="3">{dip}{extra}</p></div>')
            continue
        r = ours.get(pid) or {}
        cids = clauses_for_paragraph(pid)
        cl_html = "".join(
            f'<li>{rule_link(c, base)} '
            f'{status_badge(clause(c).status) if clause(c) else status_badge("unknown")}'
            f'{" — " + e(clause(c).statement) if clause(c) else ""}</li>' for c in cids)
        variants = r.get("variants") or []
        var_html = ""
        if variants:
            var_html = "<h3>Variants</h3>" + tabs([(str(v.get("label", "?")), md(str(v.get("text", ""))))
                                                   for v in variants])
        reading = md(r["reading"]) if r.get("reading") else '<p class="gm-missing">No modern reading yet.</p>'
        cite_loc = edition().locate(pid)["locator"] or pid  # "pp. 150-151" for a paragraph over a page break
        key = text_id.split(".")[0]
        cite = cite_block(key, cite_loc, "Cite this paragraph") if key in bib_keys() else ""
        out.append(
            f'<section class="gm-para" id="{e(pid)}">'
            f'<div class="gm-para-text"><p class="gm-loc"><a class="gm-permalink" href="#{e(pid)}" '
            f'title="Permanent link to this paragraph">¶ {e(str(g(p, "n", default="")))}</a> · {loc}</p>'
            f'{tabs([("Diplomatic", dip), ("Reading", anchor_units(p, str(rea)))], searched=(1,))}{cite}</div>'
            f'<div class="gm-para-notes"><h3>Our reading</h3>{reading}'
            + (f"<h3>Clauses it grounds</h3><ul class=\"gm-clauses\">{cl_html}</ul>" if cids else
               '<p class="gm-noclause"><small>No engine clause rests on this paragraph.</small></p>')
            + f"{var_html}</div></section>")
    key = ('<p class="gm-text-key"><small><strong>Diplomatic</strong>: the spelling and characters of the print, '
           "with the line breaks of the transcription (the keyers' lines, not checked against the page images). "
           "<strong>Reading</strong>: the same words with broken words rejoined and the lines run together. "
           "A link to a sentence or a verse line opens it in the Reading tab.</small></p>")
    return '<div class="gm-text">' + key + "".join(out) + "</div>"


def m_passage(text: str, page: Any) -> str:
    pid = text.strip()
    p = passage(pid)
    return (f'<blockquote class="gm-quote" id="{e(paragraph_of(pid))}">{anchor_units(p)}'
            f'<p class="gm-loc"><small>{e(passage_label(pid))}</small></p></blockquote>')


def bibliography_order() -> list[str]:
    """The bibliography's keys in the order a reader looks for them: by the name each reference begins with (as
    rendered: "Anonymous" files under A), then by date, then by title."""
    entries = edition().bib.entries

    def sort_key(k: str) -> tuple[str, str, str]:
        shown = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", reference(k))).strip()  # as the reader sees it
        name = re.split(r" \(", shown, maxsplit=1)[0]
        return (name.lower(), str(entries[k].get("year", "")), str(entries[k].get("title", "")).lower())

    return sorted(bib_keys(), key=sort_key)


def _status_note(key: str) -> str:
    """The entry's note (what it is, what was checked) as the reader sees it, beside the reference: other entries
    named in it read as citations, and an online source without a recorded access date says so."""
    entry = edition().bib.entries[key]
    note = str(entry.get("note", "")).strip()
    keys = sorted(bib_keys(), key=len, reverse=True)
    if note and keys:
        pattern = re.compile(r"(?<![\w/#.-])(" + "|".join(map(re.escape, keys)) + r")(?![\w-])")
        note = pattern.sub(lambda m: f"[{author_date(m.group(1))}](#{m.group(1)})", note)
    if entry.get("url") and not entry.get("urldate") and entry.get("ENTRYTYPE") == "online":
        note = (note + " " if note else "") + "The date the editors read this page was not recorded."
    return f'<p class="gm-bib-status">{md_inline(note)}</p>' if note else ""


def m_quote(text: str, page: Any) -> str:
    """Period words inside page prose, taken from the transcription: ``quote PID words="..." [cite=yes]``.

    The words must occur in the reading text of passage, sentence or line PID (after the edition's one
    normalisation, as for every quotation); they are printed in curly quotes and linked to the passage, and with
    ``cite=yes`` followed by the in-text citation with the unit's locator. An inline marker: no block around it.
    """
    from edition.tei import normalise_for_match

    pid, _, rest = text.strip().partition(" ")
    a = args_of(rest)
    unknown = set(a) - {"words", "cite"}
    if not pid or "words" not in a or unknown:
        raise ValueError('quote needs a passage id and words="...", e.g. <!-- quote cotton1674.put.4.s1 '
                         'words="This Game consists very much in daring" -->' +
                         (f" (unknown argument {sorted(unknown)[0]!r})" if unknown else ""))
    p, unit = resolve(pid)
    source = normalise_for_match(str(unit if unit is not None else g(p, "reading_text", default="")))
    words = normalise_for_match(a["words"])
    at = source.find(words)
    if not words or at < 0:
        raise ValueError(f"the words {a['words']!r} do not occur in the transcription of {pid}")
    out = (f'“<a class="gm-quote-inline" href="{base_of(page)}{e(passage_href(pid))}">'
           f"{e(source[at:at + len(words)])}</a>”")
    if a.get("cite") not in (None, "yes"):
        raise ValueError(f"quote: cite=yes or nothing, not cite={a['cite']!r}")
    if a.get("cite") == "yes":
        ed = edition()
        key = ed.texts[str(g(p, "text_id"))].bib
        cited = ed.render_citation(key, ed.locate(pid)["locator"] or None).strip()
        if cited.startswith("(") and cited.endswith(")"):
            cited = cited[1:-1]
        out += f' (<a href="{base_of(page)}bibliography/#{e(key)}">{cited}</a>)'
    return out


def m_bibliography(text: str, page: Any) -> str:
    items = []
    for key in bibliography_order():
        items.append(f'<li id="{e(key)}"><p>{reference(key)}</p>{_status_note(key)}'
                     f'{cite_block(key, "", "Cite this work")}</li>')
    return '<ol class="gm-bib">' + "".join(items) + "</ol>"


def m_cite_this(text: str, page: Any) -> str:
    a = args_of(text)
    if "key" not in a:
        raise EditionError("cite-this needs key=... (and locator=...)")
    return cite_block(a["key"], a.get("locator", ""), a.get("label", "Cite this page"))


_PLACE = re.compile(r"[,;]?\s*\b(?:pp?\.|images?)\s*\d+(?:[-–]\d+)?")


def where_in_book(text_locator: str, where: dict) -> str:
    """A citation's locator, said once: the part of the book (the extract's locator without its page or image
    numbers) and then where the quoted unit itself stands (``edition.locate``: the sentence or line, not the
    start of its paragraph), e.g. "character 17, 'An old Colledge Butler'; image 39" (not "images 37-39; image
    37") or "...the Bishop's reply; p. 302, image 165" (not "p. 302; p. 302, image 165")."""
    book = _PLACE.sub("", text_locator or "")
    book = re.sub(r"\(\s*[;,]?\s*", "(", book)
    book = re.sub(r"\(\s*\)", "", book).strip(" ,;")
    page, image, image_end = where.get("page"), where.get("image"), where.get("image_end")
    spot = str(where.get("locator") or "")
    if page and image:
        spot += f", image {image}" + (f"-{image_end}" if image_end not in (None, image) else "")
    elif not spot and (image or image_end):
        spot = f"image {image or image_end}"
    return "; ".join(x for x in (book, spot) if x)


def m_citations(text: str, page: Any) -> str:
    """The literary timeline: each citation quoted from its transcription by passage id, with locator."""
    base = base_of(page)
    cits = edition().citations
    if isinstance(cits, dict):
        cits = list(cits.values())
    if not cits:
        raise EditionError("the edition gives no citations (sources/citations.*)")
    rows, seen, units_seen = [], set(), set()
    order = {pid: k for k, pid in enumerate(in_reading_order([str(g(c, "passage")) for c in cits
                                                              if g(c, "passage", default=None)]))}

    def when(c: Any) -> tuple:  # by year, then (one text cited several times, e.g. Davies) in the text's order
        return (int(g(c, "year", default=0) or 0), order.get(str(g(c, "passage", default="")), 10**6),
                str(g(c, "id", default="")))

    for c in sorted(cits, key=when):
        cid = str(need(c, "id", "a citation"))
        pid = g(c, "passage", default=None)
        date, who, work = g(c, "date", default=""), g(c, "author", default=""), g(c, "work", default="")
        key = str(g(c, "bib", "key", default=""))
        tells = str(g(c, "tells", default=""))
        cl = g(c, "clauses", default=[]) or []
        note = g(c, "note", default="")
        anchors = f' id="cit-{e(cid)}"'
        if pid:
            p, unit = resolve(str(pid))
            t = edition().texts.get(g(p, "text_id", default=""))
            loc = e(where_in_book(str(g(t, "locator", default="")) if t is not None else "", edition().locate(str(pid))))
            para = paragraph_of(str(pid))
            whole = anchor_units(p, seen=units_seen)
            body = (e(unit).replace("\n", "<br>") if unit else whole)
            words = g(c, "quote", default="")
            if words:
                from edition.tei import normalise_for_match as norm

                if norm(str(words)) not in norm(str(need(p, "reading_text", str(pid)))):
                    raise EditionError(f"citation {cid}: its quoted words are not in passage {pid}")
                shown = e(str(words)).replace("\n", "<br>")
                quote = (f'<blockquote class="gm-quote">{shown}</blockquote>'
                         f'<p class="gm-loc"><small>{loc}</small></p>'
                         f'<details class="gm-context"><summary>The whole passage</summary>'
                         f'<blockquote class="gm-quote">{whole}</blockquote></details>')
            else:
                quote = (f'<blockquote class="gm-quote">{body}</blockquote>'
                         f'<p class="gm-loc"><small>{loc}</small></p>')
                if unit:
                    quote += (f'<details class="gm-context"><summary>The whole passage</summary>'
                              f'<blockquote class="gm-quote">{whole}</blockquote></details>')
            target = "" if para in seen else f'<span class="gm-anchor" id="{e(para)}"></span>'
            seen.add(para)
        else:
            loc, target = "", ""
            quote = ('<p class="gm-unquoted"><small>Not quoted: the edition has no transcription of this '
                     "passage.</small></p>")
        cl_html = "; ".join(rule_link(x, base) for x in cl)  # (a title may hold a comma)
        bib = f'<a href="{base}bibliography/#{e(key)}">{e(author_date(key))}</a>' if key else ""
        rows.append(
            f'<section class="gm-cit"{anchors}>{target}<h2 class="gm-cit-date">{e(str(date))}</h2>'
            f'<p class="gm-cit-work"><strong>{e(str(who))}</strong>, <em>{e(str(work))}</em> · {bib}</p>'
            f"{quote}<p class=\"gm-cit-tells\">{md_inline(tells)}</p>"
            + (f"<p><small>Bears on: {cl_html}</small></p>" if cl else "")
            + (f'<p class="gm-note"><small>{note_refs(md_inline(str(note)), base)}</small></p>' if note else "")
            + "</section>")
    return '<div class="gm-timeline">' + "".join(rows) + "</div>"


def _timeline_paragraphs() -> set[str]:
    return {paragraph_of(str(g(c, "passage"))) for c in edition().citations if g(c, "passage")}


def m_referenced_passages(text: str, page: Any) -> str:
    """Every passage that a clause, a note or page prose (the ``quote`` marker) cites and no other page shows,
    quoted with its anchor."""
    ed = edition()
    wanted: set[str] = {paragraph_of(p) for p in quoted_passages()}
    for entry in clause_map().values():
        wanted.update(paragraph_of(p) for p in clause_entry_passages(entry))
    for n in ed.notes:
        wanted.update(paragraph_of(str(p)) for p in (g(n, "passages", default=[]) or []))
    # and the passages the glossary quotes (its links need an anchor too)
    from gamester_site.store import glossary

    wanted.update(paragraph_of(str(t["passage"])) for t in glossary() if t.get("passage"))
    wanted -= _timeline_paragraphs()
    wanted = {p for p in wanted if not on_game_page(p)}
    out = []
    for pid in sorted(wanted):
        p = passage(pid)
        t = ed.texts.get(g(p, "text_id", default=""))
        title = f'{g(t, "author", default="")}, {g(t, "short_title", default="")}' if t is not None else ""
        out.append(f'<section class="gm-cit" id="{e(pid)}"><p class="gm-cit-work">{e(title)}</p>'
                   f'<blockquote class="gm-quote">{anchor_units(p)}</blockquote>'
                   f'<p class="gm-loc"><small>{e(passage_label(pid, source=False))}</small></p></section>')
    return "".join(out) or "<p>None: every passage cited elsewhere is shown above or on a game page.</p>"


def _word_summary(counts: dict[str, Any], a_label: str, b_label: str) -> str:
    """"Words marked: 157 in 1687 (118 long s, ...) and 158 in 1674 (...), in 145 changes." (words, not runs)."""
    def one(words: dict[str, int], label: str) -> str:
        parts = ", ".join(f"{n} {k}" for k, n in words.items() if k != "all")
        return f"{words.get('all', 0)} in {label}" + (f" ({parts})" if parts else "")

    wa, wb = counts.get("words_a") or {}, counts.get("words_b") or {}
    n_changes = sum(int(counts.get(op, 0)) for op in ("replace", "insert", "delete"))
    if not wa.get("all") and not wb.get("all"):
        return "No word differs."
    return (f"Words marked: {one(wb, b_label)} and {one(wa, a_label)}, in {n_changes} "
            f"change{'s' if n_changes != 1 else ''} (a change is a run of adjacent differing words).")


def m_witnesses(text: str, page: Any) -> str:
    """The witness comparisons (``edition.witnesses()``): line by line, side by side, changed words marked."""
    ws = edition().witnesses()
    if not ws:
        raise EditionError("the edition gives no witness comparison")
    base = base_of(page)
    out = []
    for w in ws:
        title = str(need(w, "title", "a witness comparison"))
        wid = str(g(w, "id", default=re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")))
        a, b = need(w, "a", title), need(w, "b", title)
        rows = need(w, "rows", title)
        counts = g(w, "counts", default={}) or {}
        summary = _word_summary(counts, str(g(a, "label", default="A")), str(g(b, "label", default="B")))
        trs = "".join(
            f'<tr class="{"gm-same" if r.get("same") else "gm-changed"}"><td>{r.get("a_html", "")}</td>'
            f'<td>{r.get("b_html", "")}</td></tr>' for r in rows)
        note = g(w, "note", default="")
        ab = f'<a href="{base}bibliography/#{e(str(g(a, "bib", default="")))}">{e(str(g(a, "label", default="A")))}</a>'
        bb = f'<a href="{base}bibliography/#{e(str(g(b, "bib", default="")))}">{e(str(g(b, "label", default="B")))}</a>'
        out.append(
            f'<section class="gm-witness" id="{e(wid)}"><h3>{e(title)}</h3>'
            f'<p><small>{e(summary)}</small></p>'
            + (f"<p><small>{note_refs(md_inline(str(note)), base)}</small></p>" if note else "")
            + f'<div class="gm-static"><table class="gm-witness-table"><thead><tr><th>{ab}</th><th>{bb}</th></tr>'
            f"</thead><tbody>{trs}</tbody></table></div></section>")
    return "".join(out)

"""The site's data at build time: the edition (the ``edition`` package), our readings and the glossary, and the
markers that draw on them (registered in :data:`MARKERS`, expanded by ``markers.py``).

Nothing here decides a rule (the engine does) or types a quotation (the edition derives every quoted word from the
TEI of record). Where the edition package is missing or incomplete the build fails with :class:`EditionError`
naming what is missing, never silently.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from html import escape as e
from typing import Any

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DOCS = os.path.join(ROOT, "docs")
DATA = os.path.join(DOCS, "data")


class EditionError(Exception):
    """The edition package or its data is missing something a page needs."""


_state: dict[str, Any] = {}


def reset(config: Any = None) -> None:
    _state.clear()
    if config is not None:
        try:
            _state["site_url"] = config.get("site_url") or ""
        except AttributeError:
            pass


# -- data files ----------------------------------------------------------------------------------------------------
def _yaml(name: str) -> Any:
    path = os.path.join(DATA, name)
    key = "yaml:" + name
    if key not in _state:
        try:
            with open(path, encoding="utf-8") as f:
                _state[key] = yaml.safe_load(f)
        except OSError as ex:
            raise EditionError(f"cannot read {os.path.relpath(path, ROOT)}: {ex.strerror}") from None
    return _state[key]


def glossary() -> list[dict]:
    g = _yaml("glossary.yml")
    if not isinstance(g, list) or not all(isinstance(t, dict) and "term" in t and "short" in t for t in g):
        raise EditionError("docs/data/glossary.yml must be a list of {term, short, long?, aliases?}")
    return g


def readings() -> dict[str, dict]:
    r = _yaml("readings.yml")
    if not isinstance(r, dict):
        raise EditionError("docs/data/readings.yml must map passage ids to {reading, variants?}")
    return r


def _md(text: str) -> str:
    """A short Markdown snippet as HTML (for readings inside generated blocks)."""
    import markdown

    return markdown.markdown(text or "", extensions=["abbr", "attr_list"])


# -- the edition ---------------------------------------------------------------------------------------------------
def edition() -> Any:
    if "edition" not in _state:
        try:
            import edition as ed_pkg  # site_src/edition (the sources engineer's package)
        except ImportError as ex:
            raise EditionError(f"the edition package (site_src/edition) cannot be imported: {ex}") from None
        if not hasattr(ed_pkg, "load"):
            raise EditionError("site_src/edition has no load(): the sources package is not finished")
        _state["edition"] = ed_pkg.load()
    return _state["edition"]


def g(obj: Any, *names: str, default: Any = None) -> Any:
    """The first of ``names`` present on ``obj`` (a mapping or an object)."""
    for n in names:
        if isinstance(obj, dict):
            if n in obj and obj[n] is not None:
                return obj[n]
        elif getattr(obj, n, None) is not None:
            return getattr(obj, n)
    return default


def need(obj: Any, name: str, what: str) -> Any:
    v = g(obj, name)
    if v is None:
        raise EditionError(f"the edition gives no {name!r} for {what}")
    return v


def passage(pid: str) -> Any:
    ed = edition()
    try:
        p = ed.passage(pid)
    except (KeyError, LookupError, ValueError) as ex:
        raise EditionError(f"unknown passage id {pid!r}: {ex}") from None
    if p is None:
        raise EditionError(f"unknown passage id {pid!r}")
    return p


def text_passages(text_id: str) -> list[Any]:
    ed = edition()
    texts = ed.texts
    t = texts.get(text_id) if isinstance(texts, dict) else None
    if t is None:
        known = ", ".join(sorted(texts)) if isinstance(texts, dict) else "?"
        raise EditionError(f"unknown text {text_id!r}: the edition's texts are {known}")
    ps = g(t, "passages", default=None)
    if ps is None and isinstance(t, list):
        ps = t
    if ps is None:
        raise EditionError(f"text {text_id!r} lists no passages")
    if isinstance(ps, dict):
        ps = list(ps.values())
    return [passage(p) if isinstance(p, str) else p for p in ps]


def pid_of(p: Any) -> str:
    return str(need(p, "id", "a passage"))


def clause_map() -> dict[str, Any]:
    cm = edition().clause_map
    if isinstance(cm, list):
        cm = {str(g(x, "clause", "id")): x for x in cm}
    return cm


def clause_entry_passages(entry: Any) -> list[str]:
    ps = g(entry, "passages", "passage_ids", default=[]) or []
    out = []
    for p in ps:
        pid = p if isinstance(p, str) else g(p, "id", "passage", default=None)
        if pid:
            out.append(str(pid))
    return out


def paragraph_of(pid: str) -> str:
    """``cotton1674.pp.3.s2`` -> ``cotton1674.pp.3`` (sentence and line ids belong to their paragraph)."""
    return re.sub(r"\.(s|l)\d+$", "", pid)


# -- where each passage is shown --------------------------------------------------------------------------------
def _doc_pages() -> list[tuple[str, str]]:
    """(URL, Markdown) of every page under docs/, in MkDocs' order (index first, then by name, folder by folder)."""
    found = []
    for dirpath, dirnames, filenames in os.walk(DOCS):
        dirnames[:] = [d for d in dirnames if d not in ("hooks", "data", "__pycache__")]
        for name in filenames:
            if name.endswith(".md"):
                rel = os.path.relpath(os.path.join(dirpath, name), DOCS).replace(os.sep, "/")
                found.append(rel)

    def key(rel: str) -> tuple:
        parts = rel.split("/")
        return (*parts[:-1], parts[-1] != "index.md", parts[-1])

    out = []
    for rel in sorted(found, key=key):
        stem = rel.removesuffix(".md")
        url = stem.removesuffix("index") if stem == "index" or stem.endswith("/index") else stem + "/"
        with open(os.path.join(DOCS, rel), encoding="utf-8") as f:
            out.append((url, f.read()))
    return out


def scan_pages() -> dict[str, str]:
    """Which page shows which text (from the ``<!-- text X -->`` markers), so links to a passage find its page."""
    where: dict[str, str] = {}
    for url, src in _doc_pages():
        src = re.sub(r"^(```|~~~)[^\n]*\n.*?^\1[ \t]*$|`[^`\n]+`", "", src, flags=re.S | re.M)
        for m in re.finditer(r"<!--\s(text|passage)\s+(\S+)", src):
            where.setdefault(m.group(2), url)
    return where


def _where() -> dict[str, str]:
    if "where" not in _state:
        _state["where"] = scan_pages()
    return _state["where"]


def passage_href(pid: str) -> str:
    """The page (from the site root) and anchor of a passage: its game page, else the Citations timeline."""
    where = _where()
    para = paragraph_of(pid)
    # A sentence or verse line has its own anchor wherever its paragraph is shown (see anchor_units).
    for key in (pid, para):
        if key in where:
            return f"{where[key]}#{pid}"
    parts = para.split(".")
    for i in range(len(parts) - 1, 0, -1):
        prefix = ".".join(parts[:i])
        if prefix in where:
            return f"{where[prefix]}#{pid}"
    return f"citations/#{pid}"


_TOKEN = re.compile(r"(<[^>]+>)")


def anchor_units(p: Any, html_text: str | None = None, seen: set[str] | None = None) -> str:
    """The passage's reading HTML with an empty anchor (``<a class="gm-unit" id="SID">``) before the first word of
    each sentence and verse line, so that a sentence or line id links to that sentence or line. Words are counted
    as in the reading text (whitespace and ``<br>`` separate words; other tags do not), and the units run over the
    end of it (a speaker's name may precede them). ``seen``: ids already on the page (each is placed once)."""
    html_text = need(p, "reading_html", pid_of(p)) if html_text is None else html_text
    full = str(need(p, "reading_text", pid_of(p)))
    units = list(g(p, "lines", default=[]) or []) + list(g(p, "sentences", default=[]) or [])
    seen = set() if seen is None else seen
    starts: dict[int, list[str]] = {}
    for group in (list(g(p, "lines", default=[]) or []), list(g(p, "sentences", default=[]) or [])):
        n_words = [len(str(u).split()) for _, u in group]
        k = len(full.split()) - sum(n_words)
        for (uid, _), n in zip(group, n_words, strict=True):
            if n and uid not in seen:
                starts.setdefault(k, []).append(uid)
            k += n
    if not units or not starts:
        return html_text
    out, word, in_word, skip = [], 0, False, 0
    for part in _TOKEN.split(html_text):
        if not part:
            continue
        if part.startswith("<"):
            # page-break markers and side notes are not words of the reading text: skip what they contain
            if skip:
                skip += 1 if part.startswith("<span") else -1 if part.startswith("</span") else 0
            elif re.match(r'<span class="(pb|margin-note)"', part):
                skip, in_word = 1, False
            if re.match(r"<br\b", part):
                in_word = False
            out.append(part)
            continue
        if skip:
            out.append(part)
            continue
        for ch in re.split(r"(\s+)", part):
            if not ch:
                continue
            if ch.isspace():
                in_word = False
            else:
                if not in_word:
                    for uid in starts.pop(word, []):
                        out.append(f'<a class="gm-unit" id="{e(uid)}"></a>')
                        seen.add(uid)
                    word += 1
                in_word = True
            out.append(ch)
    if starts:  # the words did not line up: put the remaining anchors at the start rather than lose them
        lead = "".join(f'<a class="gm-unit" id="{e(u)}"></a>' for us in starts.values() for u in us)
        seen.update(u for us in starts.values() for u in us)
        return lead + "".join(out)
    return "".join(out)


def clause_passages() -> dict[str, list[list[str]]]:
    """clause id -> [[passage id, href from the site root], ...] (for ``gamester.render``)."""
    if "clause_passages" not in _state:
        out: dict[str, list[list[str]]] = {}
        try:
            cm = clause_map()
        except EditionError:
            cm = {}
        for cid, entry in cm.items():
            out[cid] = [[pid, passage_href(pid)] for pid in clause_entry_passages(entry)]
        _state["clause_passages"] = out
    return _state["clause_passages"]


def write_assets(site_dir: str) -> None:
    write_downloads(site_dir)
    path = os.path.join(site_dir, "assets", "gamester")
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "clause-passages.json"), "w", encoding="utf-8") as f:
        json.dump(clause_passages(), f, ensure_ascii=False, sort_keys=True, indent=0)


# -- marker helpers ------------------------------------------------------------------------------------------------
def args_of(text: str) -> dict[str, str]:
    from gamester.render import parse_marker_args

    return parse_marker_args(text)


_tab_counter = [0]


def tabs(items: list[tuple[str, str]]) -> str:
    """Material content tabs (alternate style) as HTML; labels are linked across the page by Material."""
    _tab_counter[0] += 1
    n = _tab_counter[0]
    inputs = "".join(f'<input {"checked " if i == 0 else ""}id="__tabbed_gm{n}_{i + 1}" name="__tabbed_gm{n}" '
                     f'type="radio">' for i in range(len(items)))
    labels = "".join(f'<label for="__tabbed_gm{n}_{i + 1}">{e(lab)}</label>' for i, (lab, _) in enumerate(items))
    blocks = "".join(f'<div class="tabbed-block">{body}</div>' for _, body in items)
    return (f'<div class="tabbed-set tabbed-alternate" data-tabs="{n}:{len(items)}">{inputs}'
            f'<div class="tabbed-labels">{labels}</div><div class="tabbed-content">{blocks}</div></div>')


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


def _clause(cid: str) -> Any:
    from gamester.clauses import all_clauses

    if "clauses" not in _state:
        _state["clauses"] = {c.id: c for c in all_clauses()}
    return _state["clauses"].get(cid)


def clauses_for_paragraph(para: str) -> list[str]:
    inv = _state.get("inv")
    if inv is None:
        inv = {}
        for cid, entry in clause_map().items():
            for pid in clause_entry_passages(entry):
                inv.setdefault(paragraph_of(pid), []).append(cid)
        _state["inv"] = inv
    return sorted(set(inv.get(para, [])))


def cite_block(key: str, loc: str, label: str) -> str:
    ed = edition()
    try:
        bib = ed.bibtex(key)
        csl = ed.csl_json(key, loc)
    except (KeyError, LookupError, ValueError) as ex:
        raise EditionError(f"cannot cite {key!r} at {loc!r}: {ex}") from None
    if not isinstance(csl, str):
        csl = json.dumps(csl, indent=2, ensure_ascii=False)
    return (f'<details class="gm-cite"><summary>{e(label)}</summary>'
            + tabs([("BibTeX", f"<pre><code>{e(bib)}</code></pre><p><small>Locator: {e(loc)}</small></p>"),
                    ("CSL-JSON", f"<pre><code>{e(csl)}</code></pre>")]) + "</details>")


def _ref(key: str) -> str:
    try:
        return str(edition().render_reference(key))
    except (KeyError, LookupError, ValueError) as ex:
        raise EditionError(f"unknown bibliography key {key!r}: {ex}") from None


def cite_link(key: str, loc: str, base: str) -> str:
    return f'<a href="{base}bibliography/#{e(key)}">{e(key)}</a>, {e(loc)}'


def base_of(page: Any) -> str:
    return "../" * (page.url or "").count("/")


# -- markers -------------------------------------------------------------------------------------------------------
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
            f'<li><a href="{base}clauses/#{e(c)}"><code>{e(c)}</code></a> '
            f'{status_badge(_clause(c).status) if _clause(c) else status_badge("unknown")}'
            f'{" — " + e(_clause(c).statement) if _clause(c) else ""}</li>' for c in cids)
        variants = r.get("variants") or []
        var_html = ""
        if variants:
            var_html = "<h3>Variants</h3>" + tabs([(str(v.get("label", "?")), _md(str(v.get("text", ""))))
                                                   for v in variants])
        reading = _md(r["reading"]) if r.get("reading") else '<p class="gm-missing">No modern reading yet.</p>'
        cite_loc = edition().locate(pid)["locator"] or pid  # "pp. 150-151" for a paragraph over a page break
        key = text_id.split(".")[0]
        cite = cite_block(key, cite_loc, "Cite this paragraph") if key in bib_keys() else ""
        out.append(
            f'<section class="gm-para" id="{e(pid)}">'
            f'<div class="gm-para-text"><p class="gm-loc"><a class="gm-permalink" href="#{e(pid)}" '
            f'title="Permanent link to this paragraph">¶ {e(pid)}</a> · {loc}</p>'
            f'{tabs([("Diplomatic", dip), ("Reading", anchor_units(p, str(rea)))])}{cite}</div>'
            f'<div class="gm-para-notes"><h3>Our reading</h3>{reading}'
            + (f"<h3>Clauses it grounds</h3><ul class=\"gm-clauses\">{cl_html}</ul>" if cids else
               '<p class="gm-noclause"><small>No engine clause rests on this paragraph.</small></p>')
            + f"{var_html}</div></section>")
    key = ('<p class="gm-text-key"><small><strong>Diplomatic</strong>: the spelling and characters of the print, '
           "with the line breaks of the transcription (the keyers' lines, not checked against the page images). "
           "<strong>Reading</strong>: the same words with broken words rejoined and the lines run together. "
           "Sentence ids (…<code>.s2</code>) link to their sentence in the Reading tab.</small></p>")
    return '<div class="gm-text">' + key + "".join(out) + "</div>"


def m_passage(text: str, page: Any) -> str:
    pid = text.strip()
    p = passage(pid)
    return (f'<blockquote class="gm-quote" id="{e(paragraph_of(pid))}">{anchor_units(p)}'
            f'<p class="gm-loc"><small>{e(pid)} · {locator(p)}</small></p></blockquote>')


def bib_keys() -> set[str]:
    b = edition().bibliography
    if isinstance(b, dict):
        return set(b)
    return {str(g(x, "key", "id")) for x in b}


def m_bibliography(text: str, page: Any) -> str:
    items = []
    for key in sorted(bib_keys()):
        items.append(f'<li id="{e(key)}"><p>{_ref(key)}</p>'
                     f'<p><small><code>{e(key)}</code></small></p>{cite_block(key, "", "Cite this work")}</li>')
    return '<ol class="gm-bib">' + "".join(items) + "</ol>"


def m_cite_this(text: str, page: Any) -> str:
    a = args_of(text)
    if "key" not in a:
        raise EditionError("cite-this needs key=... (and locator=...)")
    return cite_block(a["key"], a.get("locator", ""), a.get("label", "Cite this page"))


def resolve(pid: str) -> tuple[Any, str | None]:
    """A passage, sentence or line id -> (its passage, the unit's text or None for a whole passage)."""
    ed = edition()
    if hasattr(ed, "resolve"):
        try:
            p, unit = ed.resolve(pid)
        except (KeyError, LookupError, ValueError) as ex:
            raise EditionError(f"unknown passage id {pid!r}: {ex}") from None
        return p, (unit if paragraph_of(pid) != pid else None)
    return passage(pid), None


def m_citations(text: str, page: Any) -> str:
    """The literary timeline: each citation quoted from its transcription by passage id, with locator."""
    base = base_of(page)
    cits = edition().citations
    if isinstance(cits, dict):
        cits = list(cits.values())
    if not cits:
        raise EditionError("the edition gives no citations (sources/citations.*)")
    rows, seen, units_seen = [], set(), set()
    for c in sorted(cits, key=lambda c: (int(g(c, "year", default=0) or 0), str(g(c, "id", default="")))):
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
            loc = "; ".join(x for x in (e(str(g(t, "locator", default=""))) if t is not None else "", locator(p)) if x)
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
                         f'<p class="gm-loc"><small>{e(str(pid))} · {loc}</small></p>'
                         f'<details class="gm-context"><summary>The whole passage</summary>'
                         f'<blockquote class="gm-quote">{whole}</blockquote></details>')
            else:
                quote = (f'<blockquote class="gm-quote">{body}</blockquote>'
                         f'<p class="gm-loc"><small>{e(str(pid))} · {loc}</small></p>')
                if unit:
                    quote += (f'<details class="gm-context"><summary>The whole passage</summary>'
                              f'<blockquote class="gm-quote">{whole}</blockquote></details>')
            target = "" if para in seen else f'<span class="gm-anchor" id="{e(para)}"></span>'
            seen.add(para)
        else:
            loc, target = "", ""
            quote = ('<p class="gm-unquoted"><small>Not quoted: the edition has no transcription of this '
                     "passage.</small></p>")
        cl_html = " ".join(f'<a href="{base}clauses/#{e(x)}"><code>{e(x)}</code></a>' for x in cl)
        bib = f'<a href="{base}bibliography/#{e(key)}">{e(key)}</a>' if key else ""
        rows.append(
            f'<section class="gm-cit"{anchors}>{target}<h2 class="gm-cit-date">{e(str(date))}</h2>'
            f'<p class="gm-cit-work"><strong>{e(str(who))}</strong>, <em>{e(str(work))}</em> · {bib}</p>'
            f"{quote}<p class=\"gm-cit-tells\">{_md_inline(tells)}</p>"
            + (f"<p><small>Bears on: {cl_html}</small></p>" if cl else "")
            + (f'<p class="gm-note"><small>{note_refs(_md_inline(str(note)), base)}</small></p>' if note else "")
            + "</section>")
    _state["cited_passages"] = seen
    _state["cited_units"] = units_seen
    return '<div class="gm-timeline">' + "".join(rows) + "</div>"


def _timeline_paragraphs() -> set[str]:
    return {paragraph_of(str(g(c, "passage"))) for c in edition().citations if g(c, "passage")}


def _on_game_page(pid: str) -> bool:
    where = _where()
    parts = paragraph_of(pid).split(".")
    return any(".".join(parts[:i]) in where for i in range(len(parts), 0, -1))


def m_referenced_passages(text: str, page: Any) -> str:
    """Every passage that a clause or a note cites and no other page shows, quoted with its anchor."""
    ed = edition()
    wanted: set[str] = set()
    for entry in clause_map().values():
        wanted.update(paragraph_of(p) for p in clause_entry_passages(entry))
    for n in ed.notes:
        wanted.update(paragraph_of(str(p)) for p in (g(n, "passages", default=[]) or []))
    wanted -= _timeline_paragraphs()
    wanted = {p for p in wanted if not _on_game_page(p)}
    out = []
    for pid in sorted(wanted):
        p = passage(pid)
        t = ed.texts.get(g(p, "text_id", default=""))
        title = f'{g(t, "author", default="")}, {g(t, "short_title", default="")}' if t is not None else ""
        out.append(f'<section class="gm-cit" id="{e(pid)}"><p class="gm-cit-work">{e(title)}</p>'
                   f'<blockquote class="gm-quote">{anchor_units(p)}</blockquote>'
                   f'<p class="gm-loc"><small>{e(pid)} · {locator(p)}</small></p></section>')
    return "".join(out) or "<p>None: every passage cited elsewhere is shown above or on a game page.</p>"


def _md_inline(text: str) -> str:
    h = _md(text)
    return h[3:-4] if h.startswith("<p>") and h.endswith("</p>") and h.count("<p>") == 1 else h


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
        kinds = counts.get("kinds", {}) if isinstance(counts, dict) else {}
        summary = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) or "none"
        trs = "".join(
            f'<tr class="{"gm-same" if r.get("same") else "gm-changed"}"><td>{r.get("a_html", "")}</td>'
            f'<td>{r.get("b_html", "")}</td></tr>' for r in rows)
        note = g(w, "note", default="")
        ab = f'<a href="{base}bibliography/#{e(str(g(a, "bib", default="")))}">{e(str(g(a, "label", default="A")))}</a>'
        bb = f'<a href="{base}bibliography/#{e(str(g(b, "bib", default="")))}">{e(str(g(b, "label", default="B")))}</a>'
        out.append(
            f'<section class="gm-witness" id="{e(wid)}"><h3>{e(title)}</h3>'
            f'<p><small>Changed words by kind: {e(summary)}. Marked words differ between the witnesses; '
            'hover a mark for the kind of change.</small></p>'
            + (f"<p><small>{note_refs(_md_inline(str(note)), base)}</small></p>" if note else "")
            + f'<div class="gm-static"><table class="gm-witness-table"><thead><tr><th>{ab}</th><th>{bb}</th></tr>'
            f"</thead><tbody>{trs}</tbody></table></div></section>")
    return "".join(out)


def _diff_html(ops: list) -> str:
    parts = []
    for op in ops:
        tag = g(op, "op", "tag", default=op[0] if isinstance(op, (list, tuple)) else "equal")
        a = g(op, "a", "left", default=op[1] if isinstance(op, (list, tuple)) and len(op) > 1 else "")
        b = g(op, "b", "right", default=op[2] if isinstance(op, (list, tuple)) and len(op) > 2 else "")
        a = " ".join(a) if isinstance(a, list) else str(a)
        b = " ".join(b) if isinstance(b, list) else str(b)
        if tag == "equal":
            parts.append(e(a))
        else:
            if a:
                parts.append(f'<del title="first witness">{e(a)}</del>')
            if b:
                parts.append(f'<ins title="second witness">{e(b)}</ins>')
    return '<p class="gm-diff-text">' + " ".join(parts) + "</p>"


def m_clauses(text: str, page: Any) -> str:
    from gamester import games
    from gamester.clauses import all_clauses

    base = base_of(page)
    prefix = text.strip()
    try:
        cm = clause_map()
    except EditionError:
        cm = None
    groups: dict[str, list] = {}
    for c in all_clauses(prefix):
        groups.setdefault(c.id.split(".")[0], []).append(c)
    if not groups:
        raise EditionError(f"the engine registers no clause with prefix {prefix!r}")
    titles = {sp.clause_prefix.rstrip("."): sp.title for sp in games().values()}
    out = []
    for gname, cl in groups.items():
        out.append(f'<h2 id="clauses-{e(gname)}">{e(titles.get(gname, gname))}</h2>')
        for c in cl:
            cites = "; ".join(cite_link(x.key, x.locator, base) for x in c.citations)
            entry = cm.get(c.id) if cm else None
            pids = clause_entry_passages(entry) if entry is not None else []
            ps = ", ".join(f'<a href="{base}{e(passage_href(p))}">{e(p)}</a>' for p in pids)
            note = c.note or (g(entry, "note", default="") if entry is not None else "")
            mapnote = g(entry, "note", default="") if entry is not None else ""
            out.append(
                f'<div class="gm-clause-entry" id="{e(c.id)}"><p><a class="gm-permalink" href="#{e(c.id)}">'
                f'<code>{e(c.id)}</code></a> {status_badge(c.status)}</p><p>{e(c.statement)}</p>'
                f'<p><small>Sources: {cites}</small></p>'
                + (f"<p><small>Passages: {ps}</small></p>" if ps else
                   ("<p><small>Passages: none in the period texts (see the note).</small></p>" if cm else
                    "<p><small>Passages: the clause map is not available.</small></p>"))
                + (f'<p class="gm-note"><small>Note: {e(note)}</small></p>' if note else "")
                + (f'<p class="gm-note"><small>Editors: {e(str(mapnote))}</small></p>'
                   if mapnote and mapnote != note else "")
                + "</div>")
    return "".join(out)


def m_rulesets(text: str, page: Any) -> str:
    from gamester import get_game

    base = base_of(page)
    spec = get_game(text.strip())
    rows = []
    for p in spec.presets.values():
        cites = "; ".join(cite_link(c.key, c.locator, base) for c in p.citations)
        dflt = " (default)" if p.name == spec.default_preset else ""
        # the weakest status among what the ruleset follows and its fillings decides (Preset.label)
        status, label = getattr(p, "derived_status", p.status), getattr(p, "label", p.status)
        rows.append(f"<tr><td><code>{e(p.name)}</code>{dflt}</td><td>{status_badge(status, label)}</td>"
                    f"<td>{e(p.summary)}<br><small>{cites}</small></td></tr>")
    opts = []
    for s in spec.options.specs():
        cl = f'<a href="{base}clauses/#{e(s.clause)}"><code>{e(s.clause)}</code></a>' if s.clause else ""
        vals = {p.name: getattr(p.options, s.name) for p in spec.presets.values()}
        per = ", ".join(f"{e(k)}: <code>{e(str(v))}</code>" for k, v in vals.items())
        opts.append(f"<tr><td><code>{e(s.name)}</code></td><td><code>{e(s.allowed())}</code></td>"
                    f"<td>{e(s.help)} {cl}<br><small>{per}</small></td></tr>")
    return ('<table class="gm-rulesets"><thead><tr><th>Ruleset</th><th>Status</th><th>What it follows</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>'
            '<table class="gm-options"><thead><tr><th>Option</th><th>Values</th><th>Meaning and clause</th></tr>'
            f'</thead><tbody>{"".join(opts)}</tbody></table>')


def _note_games() -> dict[str, tuple[str, str, str]]:
    """game -> (clause prefix, period chapter's text id, seed account's bibliography key), as each game declares."""
    from gamester import games

    return {sp.name: (sp.clause_prefix, sp.chapter, sp.seed_key) for sp in games().values()}


def _note_matches(n: Any, game: str) -> bool:
    prefix, text_id, seed = _note_games()[game]
    clauses = [str(x) for x in (g(n, "clauses", default=[]) or [])]
    pids = [str(x) for x in (g(n, "passages", default=[]) or [])]
    bibs = g(n, "bib", default=[]) or []
    bibs = [bibs] if isinstance(bibs, str) else [str(b) for b in bibs]
    topics = g(n, "topics", "games", default=[]) or []
    topics = [topics] if isinstance(topics, str) else list(topics)
    return (game in topics or any(c.startswith(prefix) for c in clauses)
            or bool(text_id) and any(p.startswith(text_id + ".") for p in pids) or seed in bibs)


def note_refs(html: str, base: str) -> str:
    """"see note seed-dates" and "(see jewel-replie)" in reader text: the note's id becomes a link to the note on
    the editorial page, named by the note's title (ids are for the data, titles for readers)."""
    notes = edition().notes
    if isinstance(notes, dict):
        notes = [({"id": k, **v} if isinstance(v, dict) else v) for k, v in notes.items()]
    titles = {str(g(n, "id", default="")): str(g(n, "title", default="")) for n in notes}

    def link(m: re.Match) -> str:
        nid = m.group(2)
        if nid not in titles:
            return m.group(0)
        return f'{m.group(1)}the note <a href="{base}editorial/#note-{e(nid)}">{e(titles[nid] or nid)}</a>'

    return re.sub(r"(\bsee )(?:note )?([a-z0-9]+(?:-[a-z0-9]+)+)\b", link, html)


def m_notes(text: str, page: Any) -> str:
    """Editorial notes as admonitions: ``notes`` (all), ``notes game=put`` or ``notes id=...``."""
    a = args_of(text)
    unknown = set(a) - {"game", "id"}
    if unknown:
        raise ValueError(f"unknown argument {sorted(unknown)[0]!r} for notes: expected game=... or id=...")
    if a.get("game") and a["game"] not in _note_games():
        raise ValueError(f"unknown game {a['game']!r} for notes: expected {', '.join(_note_games())}")
    notes = edition().notes
    if isinstance(notes, dict):
        notes = [({"id": k, **v} if isinstance(v, dict) else v) for k, v in notes.items()]
    base = base_of(page)
    out = []
    for n in notes:
        nid = str(g(n, "id", default=""))
        if a.get("id") and nid != a["id"]:
            continue
        if a.get("game") and not _note_matches(n, a["game"]):
            continue
        title = g(n, "title", default=nid)
        body = g(n, "body", "text", "note", default="")
        refs = []
        for pid in g(n, "passages", default=[]) or []:
            refs.append(f'<a href="{base}{e(passage_href(str(pid)))}">{e(str(pid))}</a>')
        for cid in g(n, "clauses", default=[]) or []:
            refs.append(f'<a href="{base}clauses/#{e(str(cid))}"><code>{e(str(cid))}</code></a>')
        out.append(f'<div class="admonition note gm-editorial" id="note-{e(nid)}"><p class="admonition-title">'
                   f'Editorial note: {e(str(title))}</p>{note_refs(_md(str(body)), base)}'
                   + (f'<p><small>See: {", ".join(refs)}</small></p>' if refs else "") + "</div>")
    if not out:
        raise EditionError(f"no editorial note matches {text.strip()!r} (sources: the edition's notes)")
    return "".join(out)


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
                     + f'</dt><dd>{_md(str(t.get("long") or t["short"]))}{where}</dd>')
    return '<dl class="gm-glossary">' + "".join(items) + "</dl>"




# -- the apparatus: rules in brief, cite this edition, downloads -------------------------------------------------
def brief() -> dict[str, Any]:
    b = _yaml("brief.yml")
    if not isinstance(b, dict):
        raise EditionError("docs/data/brief.yml must map game names to {intro, rules: [{text, clauses}]}")
    return b


def weakest_status(clause_ids: list[str]) -> str:
    from gamester.clauses import STATUSES

    found = []
    for cid in clause_ids:
        c = _clause(cid)
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
        items.append(f'<li><span class="gm-brief-rule">{_md_inline(str(r["text"]))}</span> '
                     f'<a class="gm-brief-status" href="{base}clauses/#{e(cids[0])}" '
                     f'title="Status of this rule; the clauses page says why">{status_badge(status)}</a></li>')
    if not items:
        raise EditionError(f"docs/data/brief.yml: {game!r} has no rules")
    return (f'<div class="gm-brief" role="region" aria-labelledby="gm-brief-{e(game)}">'
            f'<h2 id="gm-brief-{e(game)}">Rules in brief</h2>'
            f'<p>{_md_inline(str(data.get("intro", "")))}</p><ol>{"".join(items)}</ol>'
            '<p class="gm-brief-key"><small>Each rule is tagged <strong>attested</strong> (a period text says it), '
            "<strong>reconstructed</strong> (a modern account says it) or <strong>conjectural</strong> (nobody "
            "says it; we chose). The full text, our reading and every clause follow below.</small></p></div>")


EDITION_TITLE = "Gamester: an edition of Post and Pair, Put and Speculation, with a working model of their rules"


def _site_url() -> str:
    return str(_state.get("site_url") or "")


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
           f"  title        = {{{e(EDITION_TITLE)}}},\n"
           + (f"  shorttitle   = {{Gamester: {e(title)}}},\n" if title else "")
           + f"  year         = {{{year}}},\n  howpublished = {{Digital edition and rules engine}},\n"
           f"  url          = {{{slot}}},\n"
           "  note         = {Period texts from the Text Creation Partnership transcriptions (CC0)}\n}")
    csl = ('{\n  "id": "gamester-edition",\n  "type": "webpage",\n'
           f'  "title": {e(json.dumps((title + ": " if title else "") + EDITION_TITLE, ensure_ascii=False))},\n'
           '  "container-title": "Gamester",\n  "author": [{"literal": "The Gamester project"}],\n'
           f'  "issued": {{"date-parts": [[{year}]]}},\n  "URL": "{slot}"\n}}')
    return ('<details class="gm-cite gm-cite-edition"><summary>Cite this edition</summary>'
            + tabs([("BibTeX", f"<pre><code>{bib}</code></pre>"), ("CSL-JSON", f"<pre><code>{csl}</code></pre>")])
            + "<p><small>The address is that of this page as you opened it. The period texts are cited from "
              "their own books: see “Cite this chapter” and each paragraph.</small></p></details>")


# Files offered for download: copied or written into the built site (``downloads/``) by :func:`write_downloads`,
# listed on each game page and on the Data page, and checked by tests/site.
RECORD_CASES = {"post-and-pair": (4, 1674), "put": (2, 3), "speculation": (4, 5)}


def download_files() -> list[dict[str, Any]]:
    """Every download: ``path`` (under the site root), ``what``, ``kind``, ``games`` (the game pages that list it;
    empty means the Data page only), and either ``src`` (a file of sources/ copied byte for byte) or ``make`` (a
    function returning the text)."""
    if "downloads" in _state:
        return _state["downloads"]
    ed = edition()
    out: list[dict[str, Any]] = []
    chapter_games = {"cotton1674.pp": ["post-and-pair"], "cotton1687.pp": ["post-and-pair"],
                     "cotton1674.put": ["put"], "cotton1687.put": ["put"]}
    for t in ed.texts.values():
        name = os.path.basename(str(t.file))
        out.append({"path": f"downloads/tei/{name}", "kind": "TEI (XML)", "src": os.path.join(ed.root, t.file),
                    "what": f"{t.author}, {t.short_title} ({t.date}): TCP {t.tcp} extract, CC0",
                    "games": chapter_games.get(t.id, [])})
    every = ["post-and-pair", "put", "speculation"]
    out.append({"path": "downloads/bibliography.bib", "kind": "BibTeX", "games": every,
                "src": os.path.join(ed.root, "bibliography.bib"), "what": "The bibliography"})
    out.append({"path": "downloads/bibliography.csl.json", "kind": "CSL-JSON", "games": every,
                "what": "The bibliography as CSL-JSON items",
                "make": lambda: json.dumps([ed.csl_json(k) for k in sorted(bib_keys())], indent=1,
                                           ensure_ascii=False)})
    out.append({"path": "downloads/clause-map.json", "kind": "JSON", "games": every,
                "what": "Every rule clause: statement, status, citations, the passages it rests on, the editors' note",
                "make": _clause_map_json})
    out.append({"path": "downloads/notes.json", "kind": "JSON", "games": every,
                "what": "The editorial notes", "make": lambda: json.dumps(ed.notes, indent=1, ensure_ascii=False)})
    out.append({"path": "downloads/citations.json", "kind": "JSON", "games": [],
                "what": "The literary citations, with passage ids and quotations",
                "make": lambda: json.dumps(ed.citations, indent=1, ensure_ascii=False)})
    for game, (players, seed) in RECORD_CASES.items():
        out.append({"path": f"downloads/records/{game}-seed{seed}.json", "kind": "JSON record", "games": [game],
                    "what": f"A whole game played by the engine's bots ({players} players, seed {seed}); "
                            "replay it with gamester.replay",
                    "make": (lambda game=game, players=players, seed=seed: _record(game, players, seed))})
    _state["downloads"] = out
    return out


def _clause_map_json() -> str:
    from gamester.clauses import all_clauses

    cm = clause_map()
    rows = []
    for c in all_clauses():
        entry = cm.get(c.id) or {}
        rows.append({**c.to_json(), "passages": clause_entry_passages(entry),
                     "sources": list(entry.get("sources") or []), "editors_note": entry.get("note", ""),
                     "notes": list(entry.get("notes") or [])})
    return json.dumps(rows, indent=1, ensure_ascii=False)


def _record(game: str, players: int, seed: int) -> str:
    from gamester.cli import run

    data, _, _ = run(["play", game, "--players", str(players), "--seed", str(seed), "--json"])
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True)


def write_downloads(site_dir: str) -> None:
    import shutil

    for f in download_files():
        dest = os.path.join(site_dir, *f["path"].split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if "src" in f:
            shutil.copyfile(f["src"], dest)
        else:
            with open(dest, "w", encoding="utf-8") as fh:
                fh.write(f["make"]() + "\n")


def _download_list(files: list[dict[str, Any]], base: str) -> str:
    rows = "".join(f'<li><a href="{base}{e(f["path"])}" download>{e(f["path"].rsplit("/", 1)[-1])}</a> '
                   f'<small>({e(f["kind"])})</small>: {e(f["what"])}</li>' for f in files)
    return f'<ul class="gm-downloads">{rows}</ul>'


def m_downloads(text: str, page: Any) -> str:
    """``downloads game=put``: that game's files; ``downloads`` alone: every file (the Data page)."""
    a = args_of(text)
    game = a.get("game")
    files = [f for f in download_files() if not game or game in f["games"]]
    if not files:
        raise EditionError(f"no downloads for {game!r}")
    return _download_list(files, base_of(page))


MARKERS: dict[str, Callable[[str, Any], str]] = {
    "text": m_text, "passage": m_passage, "bibliography": m_bibliography, "cite-this": m_cite_this,
    "citations": m_citations, "witnesses": m_witnesses, "clauses": m_clauses, "rulesets": m_rulesets,
    "notes": m_notes, "glossary": m_glossary, "referenced-passages": m_referenced_passages,
    "brief": m_brief, "cite-edition": m_cite_edition, "downloads": m_downloads,
}

"""Where each passage is shown: the page of every text (from the pages' ``<!-- text -->`` and ``<!-- passage -->``
markers), the link to any passage, sentence or line, the anchors inside a reading, and the clause -> passage links
the engine's renderings and the widgets use."""

from __future__ import annotations

import os
import re
from html import escape as e
from typing import Any

from gamester_site.store import (
    DOCS,
    EditionError,
    cache,
    clause_entry_passages,
    clause_map,
    edition,
    g,
    need,
    paragraph_of,
    pid_of,
    resolve,
)


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
        return (tuple(parts[:-1]), parts[-1] != "index.md", parts[-1])  # as MkDocs sorts: by folder, index first

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
        if url.startswith("teach/"):
            continue  # a Teach page's extract to read aloud is a copy: links to a passage go to its edition page
        src = re.sub(r"^(```|~~~)[^\n]*\n.*?^\1[ \t]*$|`[^`\n]+`", "", src, flags=re.S | re.M)
        for m in re.finditer(r"<!--\s(text|passage)\s+(\S+)", src):
            where.setdefault(m.group(2), url)
    return where


def quoted_passages() -> set[str]:
    """The passage, sentence and line ids that page prose quotes through ``<!-- quote PID ... -->``."""
    if "quoted" not in cache:
        found: set[str] = set()
        for _url, src in _doc_pages():
            src = re.sub(r"^(```|~~~)[^\n]*\n.*?^\1[ \t]*$|`[^`\n]+`", "", src, flags=re.S | re.M)
            found.update(m.group(1) for m in re.finditer(r"<!--\squote\s+(\S+)", src))
        cache["quoted"] = found
    return cache["quoted"]


def shown_where() -> dict[str, str]:
    if "where" not in cache:
        cache["where"] = scan_pages()
    return cache["where"]


def passage_href(pid: str) -> str:
    """The page (from the site root) and anchor of a passage: its game page, else the Citations timeline."""
    where = shown_where()
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


def passage_label(pid: str, source: bool = True) -> str:
    """How a reader sees a reference to a passage, sentence or line: "Cotton, 1674, p. 151, ¶ 4, sentence 6"
    (``source=False``: "p. 151, ¶ 4, sentence 6", where the work is named already). Never the id itself."""
    from gamester_site.blocks import author_date

    ed = edition()
    p = ed.passage(paragraph_of(pid))
    t = ed.texts.get(str(g(p, "text_id", default="")))
    parts = []
    if source and t is not None:
        parts.append(author_date(t.bib))
    loc = ed.locate(pid)["locator"]
    if loc:
        parts.append(loc)
    n = g(p, "n", default=None)
    m = re.search(r"\.(s|l)(\d+)$", pid)
    where = (f"¶ {n}" if n else "heading") + (f", {'sentence' if m.group(1) == 's' else 'line'} {m.group(2)}"
                                              if m else "")
    parts.append(where)
    return ", ".join(parts)


def in_reading_order(pids: list[str]) -> list[str]:
    """Passage, sentence and line ids of one list in the order a reader meets them: the texts in the order the list
    first names them, and within a text by paragraph, then sentence or line (``davies1605.2``, ``davies1605.5.l2``,
    ``davies1605.7.l1``: the poem's order, whatever order the data lists them in)."""

    ed = edition()
    position: dict[str, int] = cache.setdefault("passage_position", {})
    if not position:
        for t in ed.texts.values():
            for k, p in enumerate(t.passages):
                position[p.id] = k

    def text_of(pid: str) -> str:
        p = ed.passage(paragraph_of(pid)) if paragraph_of(pid) in position else None
        return str(g(p, "text_id", default=paragraph_of(pid).rsplit(".", 1)[0])) if p is not None else pid

    first: dict[str, int] = {}
    for pid in pids:
        first.setdefault(text_of(pid), len(first))

    def key(pid: str) -> tuple:
        m = re.search(r"\.(s|l)(\d+)$", pid)
        return (first[text_of(pid)], position.get(paragraph_of(pid), 10**6), m.group(1) if m else "", int(m.group(2)) if m else 0)

    return sorted(pids, key=key)


def passage_locator(pid: str) -> str:
    """A passage as a reader cites it: "Cotton, 1674, p. 132" (author, year and the printed page of the sentence
    or passage, in the edition's citation style). The same words on printed examples and in the live widget."""

    ed = edition()
    try:
        p, _unit = resolve(pid)
        where = ed.locate(pid).get("locator") or p.locator
        key = ed.texts[p.text_id].bib
        return ed.render_citation(key, where).strip().strip("()")
    except (EditionError, KeyError, LookupError, AttributeError, ValueError) as ex:
        raise EditionError(f"no reader's locator for passage {pid!r}: {ex}") from None

def clause_passages() -> dict[str, list[list[str]]]:
    """clause id -> [[passage id, href from the site root, locator], ...] (for ``gamester.render``; the locator is
    the reader's words for the passage, "Cotton, p. 132")."""
    if "clause_passages" not in cache:
        out: dict[str, list[list[str]]] = {}
        try:
            cm = clause_map()
        except EditionError:
            cm = {}
        for cid, entry in cm.items():
            out[cid] = [[pid, passage_href(pid), passage_locator(pid)]
                        for pid in in_reading_order(clause_entry_passages(entry))]
        cache["clause_passages"] = out
    return cache["clause_passages"]


def on_game_page(pid: str) -> bool:
    where = shown_where()
    parts = paragraph_of(pid).split(".")
    return any(".".join(parts[:i]) in where for i in range(len(parts), 0, -1))

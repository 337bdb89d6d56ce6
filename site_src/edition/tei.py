"""Read a TCP TEI extract and cut it into passages, with a diplomatic and a reading rendering of each.

Everything a page shows of a period text is derived here from the TEI of record (``sources/tcp/*.xml``); nothing is
typed twice.

Passages (document order, numbered from 1 per text; the number is part of the stable id ``<text>.<n>``):

- ``p`` (prose paragraph), ``lg`` (stanza / line group), ``sp`` (a speech: speaker + lines or prose),
  ``stage`` (stage direction), ``list`` (a list, e.g. the Contents), and ``lines`` (a run of ``<l>`` not wrapped in
  ``<lg>``, e.g. a poem keyed without stanzas: one passage for the run);
- headings (``<head>`` outside those blocks) are passages of kind ``head`` with ids ``<text>.h<k>`` (numbered
  separately, so that paragraph numbers match the printed paragraphs: ``cotton1674.pp.3`` is Cotton's third
  paragraph of Post and Pair).

Renderings:

- *diplomatic*: the line breaks the transcription records (TCP keeps the keyed lines inside ``<p>``; every ``<l>``
  is a line; they have not been checked against the page images, and some Phase 2 texts record none),
  original spelling and characters (long s, ``▪``, combining abbreviation strokes), ``<hi>`` as italics, the
  line-end hyphen shown (``-``), illegible characters shown with TCP's own marks (``•`` one letter, ``〈◊〉`` a
  word) in a ``gap`` span, page breaks as ``[p. 151 | image 84]`` markers, margin notes as ``[margin: …]``.
- *reading*: the same words with line-end hyphens joined (``da-|ring`` → ``daring``), the printed lines of prose
  joined with a space, whitespace normalised; verse keeps one line per ``<l>`` (``\\n`` in the plain text, ``<br>``
  in HTML). Spelling is untouched. Page breaks and margin notes are left out of the plain reading text.

Sentences: the reading text of a passage is split after ``.``, ``?`` or ``!`` when followed by whitespace and an
upper-case letter, unless the word that ends with the full stop is a single letter (``M.``, ``A. M.``) or one of
``ABBREVIATIONS``. Sentence ids are ``<passage>.s<k>``; verse lines also get ids ``<passage>.l<k>``.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

TEI_NS = "http://www.tei-c.org/ns/1.0"
_NS = "{" + TEI_NS + "}"

BLOCKS = {"p", "lg", "sp", "stage", "list"}
CONTAINERS = {"div", "body", "root", "front", "back", "text", "group"}
ABBREVIATIONS = {"viz.", "Ch.", "St.", "pag.", "p.", "Mr.", "Mris.", "sc.", "ibid.", "i.e.", "e.g.", "cap."}

PB_SENTINEL = "\ue000"  # marks a page break inside the reading renderer's plain text (never published)

_FACS = re.compile(r"tcp:(?P<vid>[^:]+):(?P<image>\d+)")


class TEIError(ValueError):
    """A transcription that cannot be read (malformed XML, an element this reader does not know)."""


@dataclass
class Line:
    """One printed line (diplomatic) as HTML fragments, or a page-break marker line."""

    html: list[str] = field(default_factory=list)
    pb: tuple[str | None, int | None] | None = None  # (printed page, image) for a page-break marker line
    is_verse: bool = False
    speaker: bool = False
    head: bool = False  # a heading inside a line group or list: not a verse line


@dataclass
class RawPassage:
    kind: str
    n: int | None              # paragraph number (None for headings)
    h: int | None              # heading number (headings only)
    page: str | None           # printed page in force where the passage starts
    image: int | None          # page image (facs) in force where the passage starts
    pages: list[tuple[str | None, int | None]]  # every (page, image) the passage touches, in order
    diplomatic_html: str
    reading_html: str
    reading_text: str
    lines: list[str]           # verse lines (reading text), empty for prose
    speaker: str | None = None
    word_pages: list[tuple[str | None, int | None]] = field(default_factory=list)  # (page, image) per word


def provenance_comment(xml_text: str) -> str:
    """The XML comment at the top of a TCP extract (raises TEIError if it is missing)."""
    m = re.match(r"\s*<!--(.*?)-->", xml_text, re.S)
    if not m:
        raise TEIError("the extract has no provenance comment at the top")
    return m.group(1).strip()


def parse_provenance(comment: str) -> dict[str, str]:
    """Repo, file, commit, lines and licence from a provenance comment."""
    out: dict[str, str] = {}
    m = re.search(r"Source: GitHub (\S+), file (\S+), commit ([0-9a-f]{40})", comment)
    if m:
        out["repo"], out["file"], out["commit"] = m.group(1), m.group(2).rstrip(","), m.group(3)
    m = re.search(r"Lines (\d+)-(\d+) of", comment)
    if m:
        out["lines"] = f"{m.group(1)}-{m.group(2)}"
    m = re.search(r"Licence \(header <availability>\): (.*)", comment)
    if m:
        out["licence"] = m.group(1).strip()
    m = re.search(r"Identifiers: (.*)", comment)
    if m:
        out["identifiers"] = m.group(1).strip()
    return out


def parse_fragment(xml_text: str) -> ET.Element:
    """Wrap an extract in a TEI-namespaced root and parse it."""
    body = re.sub(r"^\s*<!--.*?-->", "", xml_text, count=1, flags=re.S)
    try:
        return ET.fromstring(f'<root xmlns="{TEI_NS}">{body}</root>')
    except ET.ParseError as e:
        raise TEIError(f"not well-formed: {e}") from None


def _tag(el: ET.Element) -> str:
    return el.tag.removeprefix(_NS) if isinstance(el.tag, str) else ""


def _facs(el: ET.Element) -> int | None:
    m = _FACS.search(el.get("facs", ""))
    return int(m.group("image")) if m else None


class _Renderer:
    """Renders one block in one mode ("diplomatic" or "reading") into lines of HTML and plain text."""

    def __init__(self, mode: str, page: tuple[str | None, int | None]):
        self.mode = mode
        self.lines: list[Line] = [Line()]
        self.text_lines: list[list[str]] = [[]]
        self.join_next = False  # after a line-end hyphen (reading): swallow the next whitespace
        self.page = page
        self.pages: list[tuple[str | None, int | None]] = [page]
        self.prose_break_pending = False
        self.stack: list[tuple[str, str]] = []   # open inline elements (open html, close html)
        self.reopen: list[tuple[str, str]] = []  # elements to reopen at the start of the next line
        self.side_notes: list[str] = []  # marginal notes (reading HTML), set after the line they stand beside

    # -- output primitives
    def _cur(self) -> Line:
        return self.lines[-1]

    def emit(self, fragment_html: str, plain: str) -> None:
        if self.prose_break_pending:
            self.prose_break_pending = False
            if self.mode == "diplomatic":
                self.newline()
            else:
                self._space()
        if self.reopen:
            self._cur().html.extend(o for o, _ in self.reopen)
            self.reopen = []
        self._cur().html.append(fragment_html)
        self.text_lines[-1].append(plain)

    def open(self, open_html: str, close_html: str) -> None:
        """Open an inline element; if a printed line ends inside it, it is closed there and reopened after."""
        self.emit(open_html, "")
        self.stack.append((open_html, close_html))

    def close(self) -> None:
        open_html, close_html = self.stack.pop()
        if self.reopen:
            # the line broke inside the element and nothing has been written since: nothing to close here
            self.reopen = [x for x in self.reopen if x != (open_html, close_html)] if self.reopen else []
            return
        self._cur().html.append(close_html)

    def _space(self) -> None:
        if self.join_next:
            return
        cur = self.text_lines[-1]
        if cur and not cur[-1].endswith(" "):
            self._cur().html.append(" ")
            cur.append(" ")

    def flush_side_notes(self) -> None:
        if self.side_notes:
            self._cur().html.extend(self.side_notes)
            self.side_notes = []

    def newline(self, verse: bool = False) -> None:
        self.prose_break_pending = False
        self.flush_side_notes()
        if self.stack and not self.reopen and self._cur().html:
            self._cur().html.extend(c for _, c in reversed(self.stack))
            self.reopen = list(self.stack)
        if self._cur().html or self._cur().pb:
            self._cur().is_verse = self._cur().is_verse or verse
            self.lines.append(Line())
            self.text_lines.append([])

    def text(self, s: str | None, verse: bool) -> None:
        if not s:
            return
        # split into words and whitespace runs; a whitespace run with a newline is a printed line break in prose
        for part in re.split(r"(\s+)", s):
            if not part:
                continue
            if part.isspace():
                if "\n" in part and not verse:
                    if self.join_next:
                        continue  # hyphen then newline: the word continues on the next line
                    self.prose_break_pending = True
                elif not self.join_next:
                    if self.prose_break_pending:
                        continue
                    self._space()
                continue
            self.join_next = False
            self.emit(html.escape(part, quote=False), part)

    def pb(self, el: ET.Element) -> None:
        page = (el.get("n"), _facs(el))
        self.page = page
        self.pages.append(page)
        n, image = page
        label = f"[{'p. ' + n + ' | ' if n else ''}image {image}]" if image is not None else f"[p. {n}]"
        marker = (f'<span class="pb" data-page="{html.escape(n or "")}" data-image="{image if image is not None else ""}"'
                  f'>{html.escape(label)}</span>')
        if self.mode == "diplomatic":
            self.prose_break_pending = False
            self.newline()
            self._cur().pb = page
            self._cur().html.append(marker)
            self.newline()
        else:
            # reading: a discreet marker in the HTML; in the plain text a sentinel (removed before the text is
            # published) that lets each word, sentence and line be given the page it starts on
            self._cur().html.append(marker)
            self.text_lines[-1].append(PB_SENTINEL)


def _render_inline(r: _Renderer, el: ET.Element, verse: bool) -> None:
    """Render the children (and text) of a mixed-content element."""
    r.text(el.text, verse)
    for child in el:
        _render_node(r, child, verse)
        r.text(child.tail, verse)


def _render_node(r: _Renderer, el: ET.Element, verse: bool) -> None:  # noqa: C901 (one branch per element)
    t = _tag(el)
    if t == "hi":
        r.open("<i>", "</i>")
        _render_inline(r, el, verse)
        r.close()
    elif t == "g":
        ref = el.get("ref", "")
        if ref == "char:EOLhyphen":
            if r.mode == "diplomatic":
                r.emit('<span class="eol-hyphen">-</span>', "-")
            else:
                r.join_next = True
        else:  # char:punc (▪), char:cmbAbbrStroke (combining macron) ...: keep the character as keyed
            r.join_next = False
            ch = el.text or ""
            r._cur().html.append(f'<span class="g" data-ref="{html.escape(ref)}">{html.escape(ch)}</span>')
            r.text_lines[-1].append(ch)
    elif t == "gap":
        desc = "".join(d.text or "" for d in el.iter(_NS + "desc")) or "〈◊〉"
        extent = el.get("extent", "")
        r.join_next = False
        r.emit(f'<span class="gap" title="illegible in the TCP copy{": " + html.escape(extent) if extent else ""}">'
               f"{html.escape(desc)}</span>", desc)
        # a gap continues the word it stands in: no space is implied by the gap itself
    elif t == "pb":
        r.pb(el)
    elif t == "note":
        if r.mode == "diplomatic":
            r.open('<span class="margin-note">', "</span>")
            r.emit("[margin: ", "[margin: ")
            _render_inline(r, el, True)
            r.emit("]", "]")
            r.close()
        else:
            # reading HTML keeps the note as a side note; the plain reading text leaves it out
            sub = _Renderer("reading", r.page)
            _render_inline(sub, el, True)
            note_html = " ".join("".join(x.html) for x in sub.lines if x.html).strip()
            # named, and set after the words of the line it stands beside (a side note on a wide screen, its
            # own line below on a narrow one), so that it is never read as part of the line
            r.side_notes.append(f'<span class="margin-note" role="note"><span class="margin-note-label">In the '
                                f'margin: </span>{note_html}</span>')
    elif t in ("seg", "abbr"):
        cls = "initial" if el.get("rend") == "decorInit" else t
        r.open(f'<span class="{cls}">', "</span>")
        _render_inline(r, el, verse)
        r.close()
    elif t == "figure":
        for child in el:
            if _tag(child) == "head":
                r.open('<span class="figure-head">', "</span>")
                _render_inline(r, child, verse)
                r.close()
    elif t == "stage":  # a stage direction inside a line
        r.open('<span class="stage">', "</span>")
        _render_inline(r, el, verse)
        r.close()
    elif t == "desc":
        pass
    else:
        raise TEIError(f"unknown inline element <{t}>")


def _render_block(el: ET.Element, mode: str, page: tuple[str | None, int | None]) -> _Renderer:
    """Render a block element (p, lg, sp, stage, list, head, or a synthetic run of <l>)."""
    r = _Renderer(mode, page)
    t = _tag(el)
    if t in ("p", "stage", "head", "item"):
        _render_inline(r, el, verse=False)
        r.flush_side_notes()
    elif t in ("lg", "lines", "sp", "list"):
        for child in el:
            ct = _tag(child)
            if ct == "l":
                r.prose_break_pending = False
                r.join_next = False
                _render_inline(r, child, verse=True)
                r.newline(verse=True)
            elif ct in ("speaker", "head"):  # a speech prefix or a stanza heading: its own line, marked
                setattr(r._cur(), ct, True)
                r.open(f'<span class="{ct}">', "</span>")
                _render_inline(r, child, verse=True)
                r.close()
                r.newline()
            elif ct in ("p", "item", "stage"):
                if ct == "stage":
                    r.open('<span class="stage">', "</span>")
                _render_inline(r, child, verse=False)
                if ct == "stage":
                    r.close()
                r.newline()
            elif ct == "pb":
                r.pb(child)
            elif ct == "lg":
                sub = _render_block(child, mode, r.page)
                r.lines.extend(sub.lines)
                r.text_lines.extend(sub.text_lines)
                r.pages.extend(sub.pages[1:])
                r.page = sub.page
                r.lines.append(Line())
                r.text_lines.append([])
            else:
                raise TEIError(f"unknown element <{ct}> inside <{t}>")
    else:
        raise TEIError(f"unknown block <{t}>")
    return r


def _clean(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def _words(raw_lines: list[str]) -> list[list[tuple[str, int]]]:
    """Per reading line, its words with the index (into the renderer's ``pages``) of the page each starts on."""
    k = 0
    out = []
    for raw in raw_lines:
        words = []
        for token in raw.split():
            lead = len(token) - len(token.lstrip(PB_SENTINEL))
            word = token.replace(PB_SENTINEL, "")
            if word:
                words.append((word, k + lead))
            k += token.count(PB_SENTINEL)
        out.append(words)
    return out


def _finish(dip: _Renderer, rea: _Renderer, verse: bool) -> tuple[str, str, str, list[str], list]:
    # diplomatic: one printed line per <span class="line">, page-break markers as their own lines
    out = []
    for line in dip.lines:
        if not line.html:
            continue
        body = "".join(line.html).strip()
        if line.pb:
            out.append(body)
        else:
            cls = "line speaker-line" if line.speaker else "line"
            out.append(f'<span class="{cls}">{body}</span>')
    diplomatic_html = "<br>\n".join(out)
    # reading: prose is one flow; verse one line per <l>
    raw = ["".join(t) for t in rea.text_lines]
    rlines = [(_clean("".join(h.html)), _clean(t.replace(PB_SENTINEL, ""))) for h, t in zip(rea.lines, raw, strict=True)]
    rlines = [(h, t) for h, t in rlines if h]
    if verse:
        reading_html = "<br>\n".join(h for h, _ in rlines)
        text_lines = [t for _, t in rlines if t]
        reading_text = "\n".join(text_lines)
        kept = [x for x in rea.lines if _clean("".join(x.html))]
        verse_lines = [t for (_, t), line in zip(rlines, kept, strict=True) if t and not line.speaker and not line.head]
    else:
        reading_html = _clean(" ".join(h for h, _ in rlines))
        reading_text = _clean(" ".join(t for _, t in rlines))
        verse_lines = []
    word_pages = [rea.pages[i] for line in _words(raw) for _, i in line]
    if len(word_pages) != len(reading_text.split()):
        raise TEIError(f"page tracking lost count of words in {reading_text[:60]!r}")
    return diplomatic_html, reading_html, reading_text, verse_lines, word_pages


def passages(xml_text: str, start_page: str | None = None, start_image: int | None = None) -> list[RawPassage]:
    """Cut an extract into passages in document order (see the module docstring)."""
    root = parse_fragment(xml_text)
    out: list[RawPassage] = []
    state = {"page": (start_page, start_image), "n": 0, "h": 0}

    def add(el: ET.Element, kind: str) -> None:
        verse = kind in ("lg", "lines", "sp", "list")
        dip = _render_block(el, "diplomatic", state["page"])
        rea = _render_block(el, "reading", state["page"])
        d_html, r_html, r_text, vlines, word_pages = _finish(dip, rea, verse)
        if not r_text and not vlines:
            # a block with no words (e.g. only a page break): keep the page it carries, make no passage
            state["page"] = dip.page
            return
        if kind == "head":
            state["h"] += 1
            n, h = None, state["h"]
        else:
            state["n"] += 1
            n, h = state["n"], None
        speaker = None
        if kind == "sp":
            sp = el.find(_NS + "speaker")
            speaker = _clean("".join(sp.itertext())) if sp is not None else None
        first_page = state["page"]
        # a page break before any words of the block: the passage starts on the new page
        lead = _leading_pb(el)
        if lead is not None:
            first_page = lead
        pages = [first_page] + [p for p in dip.pages[1:] if p != first_page]
        out.append(RawPassage(kind, n, h, first_page[0], first_page[1], _dedupe(pages), d_html, r_html, r_text,
                              vlines, speaker, word_pages))
        state["page"] = dip.page

    def walk(container: ET.Element) -> None:
        run: list[ET.Element] = []

        def flush() -> None:
            if run:
                lines_el = ET.Element("lines")
                lines_el.extend(run)
                add(lines_el, "lines")
                run.clear()

        for child in container:
            t = _tag(child)
            if t == "l":
                run.append(child)
                continue
            flush()
            if t == "pb":
                state["page"] = (child.get("n"), _facs(child))
            elif t in BLOCKS:
                add(child, t)
            elif t == "head":
                add(child, "head")
            elif t in CONTAINERS:
                walk(child)
            elif t == "figure":
                continue
            else:
                raise TEIError(f"unknown element <{t}> at block level")
        flush()

    walk(root)
    return out


def _leading_pb(el: ET.Element) -> tuple[str | None, int | None] | None:
    """A <pb> that comes before any text in a block (e.g. ``<p><pb n="133"/>Some of the Cheats``)."""
    for node in el.iter():
        if node is el:
            if (el.text or "").strip():
                return None
            continue
        t = _tag(node)
        if t == "pb":
            return (node.get("n"), _facs(node))
        if t in ("speaker",):
            continue
        if (node.text or "").strip():
            return None
        if (node.tail or "").strip():
            return None
    return None


def _dedupe(pages: list[tuple[str | None, int | None]]) -> list[tuple[str | None, int | None]]:
    out: list[tuple[str | None, int | None]] = []
    for p in pages:
        if not out or out[-1] != p:
            out.append(p)
    return out


_SENT_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z&])")


def split_sentences(text: str) -> list[str]:
    """Split a reading text into sentences (deterministic; see the module docstring)."""
    flat = _clean(text)
    if not flat:
        return []
    out: list[str] = []
    start = 0
    for m in _SENT_END.finditer(flat):
        before = flat[start:m.start()]
        last = before.rsplit(" ", 1)[-1]
        if re.fullmatch(r"[A-Za-z]\.", last) or last in ABBREVIATIONS:
            continue
        out.append(before)
        start = m.end()
    out.append(flat[start:])
    return [s for s in out if s]


def normalise_for_match(s: str) -> str:
    """The one normalisation applied before checking that quoted words occur in a transcription.

    Unicode NFC, then every run of whitespace (spaces, line ends) becomes one space, then leading and trailing
    space is stripped. Nothing else: spelling, long s, case, punctuation and TCP's illegible marks must match.
    """
    import unicodedata

    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()

"""``edition``: the Gamester edition's sources (``sources/``) as Python objects, for the site's build code
(``gamester_site``) and the tests.

The data of record lives in ``sources/`` (TEI transcriptions, a manifest, a BibTeX file, citations, the clause map,
editorial notes). This package reads it, derives everything else (passages, readings, sentences, witness
comparisons, rendered references) and checks it. It never writes prose or quotations of its own.

Import: an installed package (``pip install -e .`` installs it beside ``gamester`` and ``gamester_site``), so the
site's build code and the tests simply ``import edition``. Requires bibtexparser 2 and citeproc-py
only for the bibliography (imported lazily); everything else is stdlib.

API (stable; the site codes against it)::

    ed = edition.load()                  # cached; edition.load(root, fresh=True) to reread
    ed.texts                             # {text_id: Text}: id, file, bib, tcp, repo, commit, licence, author,
                                         #   short_title, date, year, pages, locator, stc, provenance (comment),
                                         #   passages (list[Passage]: every block in document order, headings
                                         #   included as kind "head"), paragraphs (the same without headings),
                                         #   headings (only the headings)
    ed.passage("cotton1674.pp.3")        # -> Passage; KeyError if unknown. Accepts heading ids ("….h1") too.
    p.id, p.text_id, p.n, p.kind         # kind: p | lg | lines | sp | stage | list | head
    p.page, p.image, p.pages             # printed page (str or None) and page image (int or None) where the
                                         #   passage starts; pages = every (page, image) it touches
    p.diplomatic_html, p.reading_html, p.reading_text, p.diplomatic_text
    p.sentences                          # [(sid, text)], sid = "<pid>.s<k>"
    p.lines                              # verse only: [(lid, text)], lid = "<pid>.l<k>"
    p.speaker                            # speeches only
    p.unit_pages                         # {sid or lid: {"page", "image", "page_end", "image_end"}}
    ed.passages                          # {passage id: Passage} (a copy)
    ed.resolve("cotton1674.pp.3.s2")     # -> (Passage, unit text) for a passage, sentence or line id
    ed.locate("cotton1674.pp.4.s3")      # -> {"page", "image", "page_end", "image_end", "locator"}: where a
                                         #   passage, sentence or line starts and ends ("pp. 150-151")
    ed.bibliography                      # {key: dict of BibTeX fields + "ENTRYTYPE", "ID"}
    ed.render_reference(key) -> str      # HTML, CSL style sources/csl/harvard-cite-them-right.csl via citeproc-py
    ed.render_citation(key, locator=None) -> str   # short in-text form, e.g. "(Cotton, 1674, p. 150)"
    ed.bibtex(key) -> str                # the entry as BibTeX (for "cite this")
    ed.csl_json(key, locator=None) -> dict         # CSL-JSON item (+ "locator"/"label" when given)
    ed.citations                         # [dict]: id, date, year, author, work, bib, passage, quote, tells,
                                         #   clauses, status ("quoted" | "not-found"), note
    ed.clause_map                        # {clause_id: dict}: passages, sources, notes (note ids)
    ed.notes                             # [dict]: id, title, body, passages, clauses, bib, quotes
    ed.witnesses()                       # [dict] word-level comparisons, see ``edition.witnesses``
    ed.check() -> list[str]              # problems; [] means the sources are consistent

Quotation rule: a quoted string (``quote`` in citations, ``quotes`` in notes) must occur in the reading text of the
passage it names after ``edition.tei.normalise_for_match`` on both sides (Unicode NFC, whitespace runs to one space;
nothing else), so spelling, long s, case, punctuation and illegible marks must match the transcription.
Verse line ends are whitespace (a line break or a space), never `` / `` (a virgule is only matched where the print
has one, as in Barlow and Roye).

Command line: ``python3 -m edition check`` prints problems (exit 1 if any);
``... -m edition write-passages`` regenerates ``sources/passages.json`` (the register of passage ids: review the
diff; a test fails when the derivation changes an id, a page, an image or a text); ``... -m edition
draft-clause-map`` prints stubs for engine clauses the map lacks; ``... -m edition passages TEXT_ID`` lists ids.
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import games, tei

__all__ = ["Edition", "Passage", "Text", "load", "ROOT", "SOURCES"]

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "sources"


@dataclass
class Passage:
    id: str
    text_id: str
    n: int | None
    kind: str
    page: str | None
    image: int | None
    pages: list[tuple[str | None, int | None]]
    diplomatic_html: str
    reading_html: str
    reading_text: str
    sentences: list[tuple[str, str]] = field(default_factory=list)
    lines: list[tuple[str, str]] = field(default_factory=list)
    speaker: str | None = None
    unit_pages: dict[str, dict[str, Any]] = field(default_factory=dict)  # sid / lid -> page, image, *_end

    @property
    def locator(self) -> str:
        """A human locator: "p. 151" or "image 84" (printed page preferred)."""
        if self.page:
            return f"p. {self.page}"
        return f"image {self.image}" if self.image is not None else ""

    @property
    def diplomatic_text(self) -> str:
        """The diplomatic rendering as plain text: one printed line per line, page breaks as ``[p. n | image i]``."""
        lines = re.split(r"<br>\n?", self.diplomatic_html)
        return "\n".join(html.unescape(re.sub(r"<[^>]+>", "", x)) for x in lines)

    def digest(self) -> str:
        """A short hash of the reading text (recorded in passages.json so that a change of text is noticed)."""
        return hashlib.sha1(self.reading_text.encode("utf-8")).hexdigest()[:12]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "text_id": self.text_id, "n": self.n, "kind": self.kind, "page": self.page,
            "image": self.image, "pages": [list(p) for p in self.pages], "speaker": self.speaker,
            "reading_text": self.reading_text, "reading_html": self.reading_html,
            "diplomatic_text": self.diplomatic_text,
            "diplomatic_html": self.diplomatic_html, "sentences": [list(s) for s in self.sentences],
            "lines": [list(x) for x in self.lines],
        }


@dataclass
class Text:
    id: str
    file: str
    bib: str
    tcp: str
    repo: str
    commit: str
    licence: str
    author: str
    short_title: str
    date: str
    year: int
    pages: str
    locator: str
    stc: str
    provenance: str
    passages: list[Passage]  # every block in document order, headings included (kind "head")
    meta: dict[str, Any]

    @property
    def paragraphs(self) -> list[Passage]:
        """The numbered passages (``<text>.<n>``), without headings."""
        return [p for p in self.passages if p.kind != "head"]

    @property
    def headings(self) -> list[Passage]:
        return [p for p in self.passages if p.kind == "head"]

    @property
    def path(self) -> Path:
        return SOURCES / self.file


def _unit_pages(word_pages, units, full_text) -> dict[str, dict[str, Any]]:
    """Where each sentence or line starts and ends, from the page of every word of the passage's reading text.

    The units run in order over the end of the reading text (a speaker or heading line may precede them)."""
    n_words = [len(u.split()) for _, u in units]
    offset = len(full_text.split()) - sum(n_words)
    if offset < 0 or len(word_pages) != len(full_text.split()):
        return {}
    out = {}
    for (uid, _), n in zip(units, n_words, strict=True):
        if n:
            (page, image), (page_end, image_end) = word_pages[offset], word_pages[offset + n - 1]
            out[uid] = {"page": page, "image": image, "page_end": page_end, "image_end": image_end}
        offset += n
    return out


def _build_text(meta: dict[str, Any], root: Path) -> Text:
    path = root / meta["file"]
    xml_text = path.read_text(encoding="utf-8")
    raw = tei.passages(xml_text, meta.get("start_page"), meta.get("start_image"))
    tid = meta["id"]
    blocks: list[Passage] = []
    for rp in raw:
        pid = f"{tid}.h{rp.h}" if rp.kind == "head" else f"{tid}.{rp.n}"
        p = Passage(pid, tid, rp.n, rp.kind, rp.page, rp.image, rp.pages, rp.diplomatic_html, rp.reading_html,
                    rp.reading_text, speaker=rp.speaker)
        if rp.kind != "head":
            # sentences run over the words of the passage proper: verse lines (no speaker, no heading) or prose
            body = "\n".join(rp.lines) if rp.lines else rp.reading_text
            if rp.speaker and body.startswith(rp.speaker):
                body = body[len(rp.speaker):]
            p.sentences = [(f"{pid}.s{k}", s) for k, s in enumerate(tei.split_sentences(body), 1)]
            p.lines = [(f"{pid}.l{k}", s) for k, s in enumerate(rp.lines, 1)]
            p.unit_pages = _unit_pages(rp.word_pages, p.sentences, rp.reading_text) | \
                _unit_pages(rp.word_pages, p.lines, rp.reading_text)
        blocks.append(p)
    known = {"id", "file", "bib", "tcp", "repo", "commit", "licence", "author", "short_title", "date", "year",
             "pages", "locator", "stc"}
    return Text(**{k: meta.get(k, "") for k in known}, provenance=tei.provenance_comment(xml_text),
                passages=blocks, meta=dict(meta))


class Edition:
    """Everything in ``sources/``; build with :func:`load`."""

    def __init__(self, root: Path = SOURCES, *, drafting: bool = False):
        self.root = Path(root)
        manifest = tomllib.loads((self.root / "texts.toml").read_text(encoding="utf-8"))
        self.manifest: list[dict[str, Any]] = manifest["text"]
        self.texts: dict[str, Text] = {}
        for meta in self.manifest:
            if meta["id"] in self.texts:
                raise ValueError(f"texts.toml: text id {meta['id']!r} appears twice")
            self.texts[meta["id"]] = _build_text(meta, self.root)
        self._passages: dict[str, Passage] = {}
        self._units: dict[str, tuple[Passage, str]] = {}
        for t in self.texts.values():
            for p in t.passages:
                self._passages[p.id] = p
                self._units[p.id] = (p, p.reading_text)
                for sid, s in p.sentences + p.lines:
                    self._units[sid] = (p, s)
        self.citations: list[dict[str, Any]] = self._load_list("citations.toml", "citation")
        self.notes: list[dict[str, Any]] = self._load_list("notes.toml", "note")
        # every game's clause map (sources/games/<game>/clause_map.toml), merged; which game's file holds each
        self.clause_map, self.clause_game = games.clause_maps(self.root, drafting=drafting)
        self._bib = None

    # -- loading helpers
    def _load_toml(self, name: str) -> dict[str, Any] | None:
        path = self.root / name
        if not path.exists():
            return None
        return tomllib.loads(path.read_text(encoding="utf-8"))

    def _load_list(self, name: str, table: str) -> list[dict[str, Any]]:
        data = self._load_toml(name)
        return list(data.get(table, [])) if data else []

    # -- passages
    @property
    def passages(self) -> dict[str, Passage]:
        return dict(self._passages)

    def passage(self, pid: str) -> Passage:
        try:
            return self._passages[pid]
        except KeyError:
            raise KeyError(f"unknown passage id {pid!r}") from None

    def resolve(self, ref: str) -> tuple[Passage, str]:
        """A passage, sentence (``.s<k>``) or verse line (``.l<k>``) id -> (passage, that unit's reading text)."""
        try:
            return self._units[ref]
        except KeyError:
            raise KeyError(f"unknown passage, sentence or line id {ref!r}") from None

    def locate(self, ref: str) -> dict[str, Any]:
        """Page and image where a passage, sentence or line starts and ends: ``{"page", "image", "page_end",
        "image_end", "locator"}``; ``locator`` is "p. 150", "pp. 150-151" or "image 60" (for citing)."""
        p, _ = self.resolve(ref)
        if ref in p.unit_pages:
            loc = dict(p.unit_pages[ref])
        else:
            last = p.pages[-1] if p.pages else (p.page, p.image)
            loc = {"page": p.page, "image": p.image, "page_end": last[0], "image_end": last[1]}
        if loc["page"]:
            same = loc["page_end"] in (None, loc["page"])
            loc["locator"] = f"p. {loc['page']}" if same else f"pp. {loc['page']}-{loc['page_end']}"
        elif loc["image"] is not None:
            same = loc["image_end"] in (None, loc["image"])
            loc["locator"] = f"image {loc['image']}" if same else f"images {loc['image']}-{loc['image_end']}"
        else:
            loc["locator"] = ""
        return loc

    def passage_register(self) -> list[dict[str, Any]]:
        """The register written to ``sources/passages.json``: every id with its page, image and text digest."""
        out = []
        for t in self.texts.values():
            for p in t.passages:
                dip = hashlib.sha1(p.diplomatic_text.encode("utf-8")).hexdigest()[:12]
                out.append({"id": p.id, "kind": p.kind, "page": p.page, "image": p.image, "digest": p.digest(),
                            "diplomatic_digest": dip,
                            "sentences": len(p.sentences), "lines": len(p.lines)})
        return out

    # -- bibliography
    @property
    def bib(self):
        if self._bib is None:
            from .bib import Bibliography

            self._bib = Bibliography(self.root / "bibliography.bib", self.root / "csl" / "harvard-cite-them-right.csl")
        return self._bib

    @property
    def bibliography(self) -> dict[str, dict[str, Any]]:
        return self.bib.entries

    def render_reference(self, key: str) -> str:
        return self.bib.render_reference(key)

    def render_citation(self, key: str, locator: str | None = None) -> str:
        return self.bib.render_citation(key, locator)

    def bibtex(self, key: str) -> str:
        return self.bib.bibtex(key)

    def csl_json(self, key: str, locator: str | None = None) -> dict[str, Any]:
        return self.bib.csl_json(key, locator)

    # -- witnesses and checks
    def witnesses(self) -> list[dict[str, Any]]:
        from .witnesses import compare_all

        return compare_all(self)

    def check(self) -> list[str]:
        from .checks import check

        return check(self)


@functools.lru_cache(maxsize=4)
def _load(root: str) -> Edition:
    return Edition(Path(root))


def load(root: Path | str = SOURCES, fresh: bool = False) -> Edition:
    """The edition (cached per root directory)."""
    if fresh:
        _load.cache_clear()
    return _load(str(Path(root).resolve()))


def dump_register(ed: Edition) -> str:
    return json.dumps(ed.passage_register(), indent=1, ensure_ascii=False) + "\n"

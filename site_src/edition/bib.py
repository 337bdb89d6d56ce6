"""The bibliography: ``sources/bibliography.bib`` read with bibtexparser 2, rendered with citeproc-py and a CSL style.

Reading fails loudly (:class:`BibliographyError`) on any malformed block (``failed_blocks``), a duplicate key, or an
entry without the fields the site needs (:data:`REQUIRED`). Rendering is done by citeproc-py (a maintained CSL
processor) with the CSL style shipped in ``sources/csl/`` (Cite Them Right, Harvard author-date, CC BY-SA 3.0,
from the CSL styles repository as shipped with citeproc-py); no citation formatting is written by hand here, except
that the catalogue numbers (STC / Wing / ESTC, TCP id), which CSL has no variables for, are appended as a plain
list after the rendered reference.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

#: Fields the site needs: a title, a date, someone to file the entry under.
REQUIRED = (("title",), ("year", "date", "cataloguedate"), ("author", "editor"))
#: A ``date`` biblatex can read: ISO 8601 / EDTF level 1 (a year, month or day; ``?`` uncertain, ``~`` approximate,
#: ``%`` both; ``X`` for unspecified digits; a range with ``/``).
EDTF = re.compile(r"(?:\d{2}[\dX]{2}(?:-\d{2}(?:-\d{2})?)?[?~%]?)(?:/(?:\d{2}[\dX]{2}(?:-\d{2}(?:-\d{2})?)?[?~%]?)?)?")
IDENTIFIERS = (("stc", "STC"), ("wing", "Wing"), ("estc", "ESTC"), ("tcp", "TCP"), ("isbn", "ISBN"))
_TYPES = {"book": "book", "misc": "document", "incollection": "chapter", "article": "article-journal",
          "online": "webpage", "manual": "book"}


class BibliographyError(ValueError):
    """The .bib file is malformed, has a duplicate key, or an entry lacks a field the site needs."""


def _strip_braces(s: str) -> str:
    return s.replace("{", "").replace("}", "")


def _names(value: Any) -> list[dict[str, str]]:
    out = []
    for n in value if isinstance(value, list) else [value]:
        if hasattr(n, "last"):
            last = _strip_braces(" ".join(n.von + n.last))
            given = _strip_braces(" ".join(n.first))
            if not given:
                out.append({"literal": last})
            else:
                d = {"family": last, "given": given}
                if n.jr:
                    d["suffix"] = " ".join(n.jr)
                out.append(d)
        else:
            out.append({"literal": _strip_braces(str(n))})
    return out


def _split_locator(locator: str | None) -> tuple[str | None, str | None]:
    """"p. 150" -> ("page", "150"); "pp. 131-137" -> ("page", "131-137"); "Settlement" -> ("section", ...)."""
    if not locator:
        return None, None
    m = re.fullmatch(r"pp?\.\s*(.+)", locator.strip())
    if m:
        return "page", m.group(1)
    m = re.fullmatch(r"(?:image|img\.)\s*(.+)", locator.strip())
    if m:
        return "folio", "image " + m.group(1)
    m = re.fullmatch(r"(?:sig\.|sigs\.)\s*(.+)", locator.strip())
    if m:
        return "folio", "sig. " + m.group(1)
    return "section", locator.strip()


class Bibliography:
    def __init__(self, bib_path: Path, csl_path: Path):
        import bibtexparser
        from bibtexparser import middlewares

        self.path = Path(bib_path)
        self.csl_path = Path(csl_path)
        text = self.path.read_text(encoding="utf-8")
        raw = bibtexparser.parse_string(text)  # keep the raw entries for bibtex()
        if raw.failed_blocks:
            details = "; ".join(f"line {b.start_line + 1}: {type(b).__name__}: {getattr(b, 'error', '')}"
                                for b in raw.failed_blocks)
            raise BibliographyError(f"{self.path.name}: {len(raw.failed_blocks)} malformed block(s): {details}")
        lib = bibtexparser.parse_string(
            text, append_middleware=[middlewares.SeparateCoAuthors(), middlewares.SplitNameParts()])
        seen: set[str] = set()
        for e in raw.entries:
            if e.key in seen:
                raise BibliographyError(f"{self.path.name}: duplicate key {e.key!r}")
            seen.add(e.key)
        self._raw = {e.key: e for e in raw.entries}
        self._parsed = {e.key: e for e in lib.entries}
        self.entries: dict[str, dict[str, Any]] = {}
        problems = []
        for key, e in self._raw.items():
            fields = {f.key.lower(): f.value for f in e.fields}
            for alternatives in REQUIRED:
                if not any(fields.get(a, "").strip() for a in alternatives):
                    problems.append(f"{key}: missing {' or '.join(alternatives)}")
            for f in ("date", "year"):
                v = _strip_braces(fields.get(f, "")).strip()
                if v and not EDTF.fullmatch(v):
                    problems.append(f"{key}: {f} {v!r} is not a date biblatex reads (ISO 8601/EDTF); put the "
                                    f"catalogue's form in cataloguedate")
            self.entries[key] = {"ID": key, "ENTRYTYPE": e.entry_type.lower(),
                                 **{k: _strip_braces(v) for k, v in fields.items()}}
        if problems:
            raise BibliographyError(f"{self.path.name}: " + "; ".join(problems))
        self._style = None

    def __contains__(self, key: str) -> bool:
        return key in self.entries

    def _entry(self, key: str) -> dict[str, Any]:
        try:
            return self.entries[key]
        except KeyError:
            raise KeyError(f"unknown bibliography key {key!r}") from None

    # -- exports
    def bibtex(self, key: str) -> str:
        """The entry as BibTeX text, exactly as kept in the file (fields in file order)."""
        self._entry(key)
        import bibtexparser

        lib = bibtexparser.Library([self._raw[key]])
        return bibtexparser.write_string(lib).strip() + "\n"

    def csl_json(self, key: str, locator: str | None = None) -> dict[str, Any]:
        e = self._entry(key)
        p = self._parsed[key]
        item: dict[str, Any] = {"id": key, "type": _TYPES.get(e["ENTRYTYPE"], "document"), "title": e["title"]}
        for bib_field, csl_field in (("author", "author"), ("editor", "editor")):
            if bib_field in p.fields_dict:
                item[csl_field] = _names(p.fields_dict[bib_field].value)
        if e.get("year", "").strip().isdigit():
            item["issued"] = {"date-parts": [[int(e["year"])]]}
            shown = self.catalogue_date(key)
            if shown:  # the catalogue's form, brackets and query kept: "[1605?]". Literal alone, since a CSL
                # processor given date-parts as well prints those and drops the brackets and the query
                item["issued"] = {"literal": shown}
                if "?" in shown:
                    item["issued"]["circa"] = True
        for bib_field, csl_field in (("publisher", "publisher"), ("address", "publisher-place"),
                                     ("shorttitle", "title-short"), ("url", "URL"), ("volume", "volume"),
                                     ("isbn", "ISBN"), ("howpublished", "publisher"), ("note", "note"),
                                     ("volumes", "number-of-volumes"),
                                     ("edition", "edition")):
            if e.get(bib_field):
                item[csl_field] = e[bib_field]
        m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", e.get("urldate", "").strip())
        if m:  # when the editors read the online copy (BibTeX urldate, CSL accessed)
            item["accessed"] = {"date-parts": [[int(m.group(1)), int(m.group(2)), int(m.group(3))]]}
        ids = self.identifiers(key)
        if ids:
            item["number"] = "; ".join(ids)
        if locator:
            label, loc = _split_locator(locator)
            item["locator"], item["label"] = loc, label
        return item

    def catalogue_date(self, key: str) -> str | None:
        """The date as the catalogues give it when it is not a plain year ("[1605?]", "1640 [i.e. 1641]"), else
        None. The ``year`` field sorts and feeds CSL; this form is what a reader sees."""
        e = self._entry(key)
        year, date = e.get("year", "").strip(), e.get("cataloguedate", "").strip()
        return date if year and date and date != year and year in date else None

    def _show_date(self, key: str, out: str) -> str:
        shown = self.catalogue_date(key)
        if not shown:
            return out
        year = self.entries[key]["year"].strip()
        return re.sub(rf"(?<![\d\[]){year}(?![\d\]?])", lambda m: shown, out, count=1)

    def identifiers(self, key: str) -> list[str]:
        e = self._entry(key)
        return [f"{label} {e[f]}" for f, label in IDENTIFIERS if e.get(f)]

    # -- rendering (citeproc-py)
    def _processor(self, keys: list[str]):
        from citeproc import CitationStylesBibliography, CitationStylesStyle, formatter
        from citeproc.source.json import CiteProcJSON

        if self._style is None:
            self._style = CitationStylesStyle(str(self.csl_path), validate=False)
        items = []
        for k in keys:
            it = self.csl_json(k)
            it.pop("note", None)  # the style would not print it; the site shows notes itself
            it.pop("number", None)
            if "issued" in it:  # the year for the processor; the catalogue's form is put back by _show_date
                it["issued"] = {"date-parts": [[int(self.entries[k]["year"])]]}
            items.append(it)
        return CitationStylesBibliography(self._style, CiteProcJSON(items), formatter.html)

    def render_reference(self, key: str) -> str:
        """The full reference as HTML (citeproc-py + CSL), followed by the catalogue numbers."""
        from citeproc import Citation, CitationItem

        self._entry(key)
        bib = self._processor([key])
        bib.register(Citation([CitationItem(key)]))
        body = self._show_date(key, "".join(str(x) for x in bib.bibliography()))
        if self.entries[key].get("authortype", "").strip() == "attributed":  # "[Cotton, C.] (1674)"
            body = re.sub(r"^(.+?)( \()", lambda m: f"[{m.group(1)}]{m.group(2)}", body, count=1)
        ids = self.identifiers(key)
        if ids:
            body += ' <span class="bib-ids">' + html.escape("; ".join(ids)) + "</span>"
        return f'<span class="csl-entry" data-key="{html.escape(key)}">{body}</span>'

    def render_citation(self, key: str, locator: str | None = None) -> str:
        """The short in-text citation as HTML, e.g. ``(Cotton, 1674, p. 150)``.

        Page locators go through CSL (label "page"). CSL has no label for a page image or a section name of an
        unpaginated modern account, so such a locator is added after the date as given: ``(Anonymous, no date,
        Truc)``.
        """
        from citeproc import Citation, CitationItem, Locator

        self._entry(key)
        bib = self._processor([key])
        label, loc = _split_locator(locator)
        item = CitationItem(key, locator=Locator("page", loc)) if label == "page" else CitationItem(key)
        cit = Citation([item])
        bib.register(cit)
        out = self._show_date(key, str(bib.cite(cit, lambda item: None)))
        if loc and label != "page" and out.endswith(")"):
            out = out[:-1] + ", " + html.escape(locator.strip()) + ")"
        return out

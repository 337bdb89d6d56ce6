"""The site's data at build time, read once per build: the data files under docs/data/ (glossary, readings, rules
in brief), the edition (the ``edition`` package) and lookups into it, and the engine's clauses.

Nothing here decides a rule (the engine does) or types a quotation (the edition derives every quoted word from the
TEI of record). Where the edition package is missing or incomplete the build fails with :class:`EditionError`
naming what is missing, never silently. :func:`reset` starts a build afresh (``mkdocs serve`` rebuilds).
"""

from __future__ import annotations

import os
import re
from typing import Any

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DOCS = os.path.join(ROOT, "docs")
DATA = os.path.join(DOCS, "data")


class EditionError(Exception):
    """The edition package or its data is missing something a page needs."""


cache: dict[str, Any] = {}


def reset(config: Any = None) -> None:
    cache.clear()
    if config is not None:
        try:
            cache["site_url"] = config.get("site_url") or ""
            extra = config.get("extra") or {}
            cache["editors"] = list(((extra.get("edition") or {}) if hasattr(extra, "get") else {}).get("editors")
                                    or [])
        except AttributeError:
            pass


# -- data files ----------------------------------------------------------------------------------------------------
def data_file(name: str) -> Any:
    path = os.path.join(DATA, name)
    key = "yaml:" + name
    if key not in cache:
        try:
            with open(path, encoding="utf-8") as f:
                cache[key] = yaml.safe_load(f)
        except OSError as ex:
            raise EditionError(f"cannot read {os.path.relpath(path, ROOT)}: {ex.strerror}") from None
    return cache[key]


def glossary() -> list[dict]:
    g = data_file("glossary.yml")
    if not isinstance(g, list) or not all(isinstance(t, dict) and "term" in t and "short" in t for t in g):
        raise EditionError("docs/data/glossary.yml must be a list of {term, short, long?, aliases?}")
    return g


def readings() -> dict[str, dict]:
    r = data_file("readings.yml")
    if not isinstance(r, dict):
        raise EditionError("docs/data/readings.yml must map passage ids to {reading, variants?}")
    return r


def md(text: str) -> str:
    """A short Markdown snippet as HTML (for readings inside generated blocks)."""
    import markdown

    return markdown.markdown(text or "", extensions=["abbr", "attr_list"])


# -- the edition ---------------------------------------------------------------------------------------------------
def edition() -> Any:
    if "edition" not in cache:
        try:
            import edition as ed_pkg  # site_src/edition (the sources engineer's package)
        except ImportError as ex:
            raise EditionError(f"the edition package (site_src/edition) cannot be imported: {ex}") from None
        if not hasattr(ed_pkg, "load"):
            raise EditionError("site_src/edition has no load(): the sources package is not finished")
        cache["edition"] = ed_pkg.load()
    return cache["edition"]


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


def clause(cid: str) -> Any:
    from gamester.clauses import all_clauses

    if "clauses" not in cache:
        cache["clauses"] = {c.id: c for c in all_clauses()}
    return cache["clauses"].get(cid)


def clauses_for_paragraph(para: str) -> list[str]:
    inv = cache.get("inv")
    if inv is None:
        inv = {}
        for cid, entry in clause_map().items():
            for pid in clause_entry_passages(entry):
                inv.setdefault(paragraph_of(pid), []).append(cid)
        cache["inv"] = inv
    return sorted(set(inv.get(para, [])))


def bib_keys() -> set[str]:
    b = edition().bibliography
    if isinstance(b, dict):
        return set(b)
    return {str(g(x, "key", "id")) for x in b}


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


def md_inline(text: str) -> str:
    h = md(text)
    return h[3:-4] if h.startswith("<p>") and h.endswith("</p>") and h.count("<p>") == 1 else h


def brief() -> dict[str, Any]:
    b = data_file("brief.yml")
    if not isinstance(b, dict):
        raise EditionError("docs/data/brief.yml must map game names to {intro, rules: [{text, clauses}]}")
    return b

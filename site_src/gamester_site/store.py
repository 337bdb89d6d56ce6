"""The site's data at build time, read once per build: each game's data files (``sources/games/<game>/``: readings,
rules in brief, glossary, site.yml; see :mod:`edition.games`) merged with the shared ones under docs/data/ (the
glossary's shared words, readings of texts that are no game's chapter), the edition (the ``edition`` package) and
lookups into it, and the engine's clauses.

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
GAMES = os.path.join(ROOT, "sources", "games")


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
def _yaml(path: str, key: str) -> Any:
    if key not in cache:
        try:
            with open(path, encoding="utf-8") as f:
                cache[key] = yaml.safe_load(f)
        except OSError as ex:
            raise EditionError(f"cannot read {os.path.relpath(path, ROOT)}: {ex.strerror}") from None
        except yaml.YAMLError as ex:
            raise EditionError(f"{os.path.relpath(path, ROOT)} is not YAML: {ex}") from None
    return cache[key]


def data_file(name: str) -> Any:
    """A shared data file of docs/data/ (``None`` when empty)."""
    return _yaml(os.path.join(DATA, name), "yaml:" + name)


def game_file(game: str, name: str) -> Any:
    """A game's own data file, ``sources/games/<game>/<name>`` (``None`` when the game has none)."""
    path = os.path.join(game_dirs()[game], name)
    if not os.path.exists(path):
        return None
    return _yaml(path, f"yaml:{game}/{name}")


def game_dirs() -> dict[str, str]:
    """Every registered game's data folder, in the registry's order (unknown folders are refused)."""
    if "game_dirs" not in cache:
        from edition.games import GameDataError
        from edition.games import game_dirs as find

        try:
            cache["game_dirs"] = {n: str(p) for n, p in find(os.path.dirname(GAMES)).items()}
        except GameDataError as ex:
            raise EditionError(str(ex)) from None
    return cache["game_dirs"]


def _rel(game: str, name: str) -> str:
    return f"sources/games/{game}/{name}"


def glossary() -> list[dict]:
    """The shared words (docs/data/glossary.yml) and every game's own, each term defined once."""
    if "glossary" in cache:
        return cache["glossary"]
    out: list[dict] = []
    where: dict[str, str] = {}
    for rel, g in [("docs/data/glossary.yml", data_file("glossary.yml"))] + \
            [(_rel(n, "glossary.yml"), game_file(n, "glossary.yml")) for n in game_dirs()]:
        if g is None:
            continue
        if not isinstance(g, list) or not all(isinstance(t, dict) and "term" in t and "short" in t for t in g):
            raise EditionError(f"{rel} must be a list of {{term, short, long?, aliases?}}")
        for t in g:
            term = str(t["term"])
            if term in where:
                raise EditionError(f"{rel}: the term {term!r} is defined in {where[term]} too (a term is defined "
                                   "once: a word of more than one game goes in docs/data/glossary.yml)")
            where[term] = rel
            out.append(t)
    cache["glossary"] = out
    return out


def _chapter_prefix(game: str) -> str:
    from gamester import get_game

    ch = get_game(game).site.chapter
    return ch + "." if ch else ""


def readings() -> dict[str, dict]:
    """Readings by passage id: each game's of its chapter, and docs/data/readings.yml's of the other texts."""
    if "readings" in cache:
        return cache["readings"]
    shared = data_file("readings.yml") or {}
    if not isinstance(shared, dict):
        raise EditionError("docs/data/readings.yml must map passage ids to {reading, variants?}")
    chapters = {n: _chapter_prefix(n) for n in game_dirs()}
    for pid in shared:
        game = next((n for n, pre in chapters.items() if pre and str(pid).startswith(pre)), None)
        if game:
            raise EditionError(f"docs/data/readings.yml: {pid} is a paragraph of {game}'s chapter; its reading "
                               f"belongs in {_rel(game, 'readings.yml')}")
    out = dict(shared)
    for n, pre in chapters.items():
        r = game_file(n, "readings.yml") or {}
        if not isinstance(r, dict):
            raise EditionError(f"{_rel(n, 'readings.yml')} must map passage ids to {{reading, variants?}}")
        for pid in r:
            if not pre or not str(pid).startswith(pre):
                raise EditionError(f"{_rel(n, 'readings.yml')}: {pid} is not a paragraph of the game's chapter "
                                   f"({pre + '*' if pre else 'it has none'}); readings of other texts go in "
                                   "docs/data/readings.yml")
        out.update(r)
    cache["readings"] = out
    return out


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
    """Each game's Rules in brief (``sources/games/<game>/brief.yml``), by game name (games without one left out)."""
    out = {}
    for n in game_dirs():
        b = game_file(n, "brief.yml")
        if b is None:
            continue
        if not isinstance(b, dict):
            raise EditionError(f"{_rel(n, 'brief.yml')} must be {{intro, rules: [{{text, clauses}}], after?}}")
        out[n] = b
    return out


#: The fields a game's site.yml may give (:mod:`edition.games`).
SITE_FIELDS = ("record", "order", "family", "home")


def site(game: str) -> dict[str, Any]:
    """How the site lists a game: its ``sources/games/<game>/site.yml`` (empty when it has none)."""
    s = game_file(game, "site.yml") or {}
    rel = _rel(game, "site.yml")
    if not isinstance(s, dict):
        raise EditionError(f"{rel} must map {', '.join(SITE_FIELDS)} to their values")
    unknown = sorted(set(s) - set(SITE_FIELDS))
    if unknown:
        raise EditionError(f"{rel}: unknown field {unknown[0]!r} (a game's site.yml gives {', '.join(SITE_FIELDS)})")
    rec = s.get("record")
    if rec is not None and not (isinstance(rec, dict) and set(rec) == {"players", "seed"}
                                and all(isinstance(v, int) and not isinstance(v, bool) for v in rec.values())):
        raise EditionError(f"{rel}: record must be {{players: N, seed: N}} (whole numbers)")
    if "order" in s and (isinstance(s["order"], bool) or not isinstance(s["order"], int)):
        raise EditionError(f"{rel}: order must be a whole number")
    if "family" in s and not (isinstance(s["family"], str) and s["family"]):
        raise EditionError(f"{rel}: family must be a name, e.g. fools-game")
    return s

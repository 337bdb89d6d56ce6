"""Consistency checks over ``sources/``: :func:`check` returns a list of problems (empty = good).

What is checked:

- provenance: every transcription opens with its TCP provenance comment naming the repository, the commit and the
  CC0 licence statement, and these agree with ``texts.toml``;
- the passage register: ``sources/passages.json`` equals what the derivation gives now (ids, pages, images, text
  digests), so a change of derivation cannot silently move an id;
- bibliography keys: every key named by the manifest, the citations, the notes, the clause map and the engine's
  clause citations exists in ``bibliography.bib``;
- passage ids: every passage, sentence or line id named anywhere resolves;
- quotations: every quoted string occurs in the passage it names, after ``tei.normalise_for_match`` (only that);
- the clause map: every engine clause (``gamester.all_clauses()``) is in the map and every map entry names a real
  clause, with passages (for an attested clause) and real bibliography keys and note ids (the status and the
  note are the engine's alone);
- locators: where the engine cites a transcribed book by page, the passages the map gives lie on that page.
"""

from __future__ import annotations

import json
import re
from typing import Any

from . import tei
from .games import game_of_clause_file

#: The TCP's two wordings of the CC0 waiver (Phase I headers; the later Phase 2 headers, e.g. B02403).
CC0 = ("Creative Commons 0 1.0 Universal", "CC0 1.0 Public Domain Dedication")
ID_FIELDS = ("id",)


def engine_clauses() -> dict[str, Any] | None:
    """``{id: Clause}`` from the engine in this tree, or None if it cannot be imported."""
    try:
        import gamester
    except ImportError:
        return None
    return {c.id: c for c in gamester.all_clauses()}


def check_provenance(ed) -> list[str]:
    problems = []
    for t in ed.texts.values():
        prov = tei.parse_provenance(t.provenance)
        where = f"{t.file}"
        if prov.get("repo") != t.repo:
            problems.append(f"{where}: provenance names repo {prov.get('repo')!r}, texts.toml says {t.repo!r}")
        if prov.get("commit") != t.commit:
            problems.append(f"{where}: provenance names commit {prov.get('commit')!r}, texts.toml says {t.commit!r}")
        if not any(w in prov.get("licence", "") for w in CC0):
            problems.append(f"{where}: provenance lacks the CC0 licence statement")
        if t.tcp and t.tcp not in prov.get("identifiers", "") and t.tcp not in prov.get("repo", ""):
            problems.append(f"{where}: TCP id {t.tcp!r} not in the provenance comment")
        if not t.passages:
            problems.append(f"{where}: no passages")
    return problems


def check_register(ed) -> list[str]:
    path = ed.root / "passages.json"
    if not path.exists():
        return ["sources/passages.json is missing: run `python3 -m edition write-passages`"]
    recorded = {r["id"]: r for r in json.loads(path.read_text(encoding="utf-8"))}
    current = {r["id"]: r for r in ed.passage_register()}
    problems = []
    for pid in recorded.keys() - current.keys():
        problems.append(f"passage id {pid} is in passages.json but the derivation no longer produces it")
    for pid in current.keys() - recorded.keys():
        problems.append(f"passage id {pid} is new: review and record it (write-passages)")
    for pid in recorded.keys() & current.keys():
        if recorded[pid] != current[pid]:
            diff = {k: (recorded[pid].get(k), current[pid].get(k)) for k in current[pid]
                    if recorded[pid].get(k) != current[pid].get(k)}
            problems.append(f"passage {pid} changed: {diff}")
    return problems


def _quote_problem(ed, ref: str, quote: str, where: str) -> str | None:
    try:
        _, unit = ed.resolve(ref)
    except KeyError:
        return f"{where}: unknown passage id {ref!r}"
    if tei.normalise_for_match(quote) not in tei.normalise_for_match(unit):
        return f"{where}: the words {quote!r} do not occur in {ref} (reading text: {unit[:120]!r}...)"
    return None


def _entries(items, file: str, fields: tuple[str, ...], problems: list[str]):
    """Yield ``(entry, where)`` for each entry of a data file, after checking its id is unique and its fields set."""
    seen = set()
    for item in items:
        iid = item.get("id", "?")
        where = f"{file} [{iid}]"
        if iid in seen:
            problems.append(f"{where}: duplicate id")
        seen.add(iid)
        for f in fields:
            if not item.get(f):
                problems.append(f"{where}: missing {f}")
        yield item, where


def _unknown_clauses(item, where: str, clauses: dict[str, Any] | None, problems: list[str]) -> None:
    if clauses is not None:
        for k in item.get("clauses", []):
            if k not in clauses:
                problems.append(f"{where}: unknown engine clause {k!r}")


def check_citations(ed, clauses: dict[str, Any] | None) -> list[str]:
    problems: list[str] = []
    fields = ("id", "date", "author", "work", "bib", "tells", "status")
    for c, where in _entries(ed.citations, "citations.toml", fields, problems):
        if c.get("bib") and c["bib"] not in ed.bibliography:
            problems.append(f"{where}: unknown bibliography key {c['bib']!r}")
        status = c.get("status")
        if status == "quoted":
            if not c.get("passage") or not c.get("quote"):
                problems.append(f"{where}: a quoted citation needs passage and quote")
            else:
                p = _quote_problem(ed, c["passage"], c["quote"], where)
                if p:
                    problems.append(p)
        elif status == "not-found":
            if c.get("quote") or c.get("passage"):
                problems.append(f"{where}: a not-found citation must not carry a quotation or passage")
            if not c.get("note"):
                problems.append(f"{where}: a not-found citation needs a note saying what was searched")
        else:
            problems.append(f"{where}: status must be 'quoted' or 'not-found', not {status!r}")
        _unknown_clauses(c, where, clauses, problems)
    return problems


def check_notes(ed, clauses: dict[str, Any] | None) -> list[str]:
    problems: list[str] = []
    for n, where in _entries(ed.notes, "notes.toml", ("id", "title", "body"), problems):
        for ref in n.get("passages", []):
            try:
                ed.resolve(ref)
            except KeyError:
                problems.append(f"{where}: unknown passage id {ref!r}")
        for q in n.get("quotes", []):
            p = _quote_problem(ed, q.get("passage", ""), q.get("text", ""), where)
            if p:
                problems.append(p)
        for k in n.get("bib", []):
            if k not in ed.bibliography:
                problems.append(f"{where}: unknown bibliography key {k!r}")
        _unknown_clauses(n, where, clauses, problems)
    return problems


def check_clause_map(ed, clauses: dict[str, Any] | None) -> list[str]:
    problems = []
    if clauses is None:
        return ["the engine (gamester) cannot be imported: the clause map cannot be checked"]
    cmap = ed.clause_map
    owner = getattr(ed, "clause_game", {})
    for cid in sorted(clauses.keys() - cmap.keys()):
        problems.append(f"engine clause {cid} is not in {game_of_clause_file(owner, cid)}")
    for cid in sorted(cmap.keys() - clauses.keys()):
        problems.append(f"{game_of_clause_file(owner, cid)} names {cid}, which the engine does not register")
    note_ids = {n["id"] for n in ed.notes}
    for cid in sorted(cmap.keys() & clauses.keys()):
        entry, c = cmap[cid], clauses[cid]
        where = f"{game_of_clause_file(owner, cid)} [clause.\"{cid}\"]"
        for ref in entry.get("passages", []):
            try:
                ed.resolve(ref)
            except KeyError:
                problems.append(f"{where}: unknown passage id {ref!r}")
        if c.status == "attested" and not entry.get("passages"):
            problems.append(f"{where}: an attested clause must name the passage(s) it rests on")
        if c.status != "attested" and not c.note:
            problems.append(f"engine clause {cid}: a {c.status} clause needs a note")
        for k in entry.get("sources", []):
            if k not in ed.bibliography:
                problems.append(f"{where}: unknown bibliography key {k!r}")
        for k in entry.get("notes", []):
            if k not in note_ids:
                problems.append(f"{where}: unknown editorial note {k!r}")
    return problems


def check_engine_citations(ed, clauses: dict[str, Any] | None) -> list[str]:
    if clauses is None:
        return []
    return [f"engine clause {c.id} cites unknown bibliography key {cit.key!r}"
            for c in clauses.values() for cit in c.citations if cit.key not in ed.bibliography]


_PAGES = re.compile(r"pp?\.\s*(\d+)(?:\s*[-–]\s*(\d+))?")


def _page_set(first: str | None, last: str | None) -> set[int]:
    if not (first and first.isdigit()):
        return set()
    a = int(first)
    b = int(last) if last and last.isdigit() else a
    return set(range(a, b + 1))


def check_locators(ed, clauses: dict[str, Any] | None) -> list[str]:
    """Where the engine cites a transcribed book by page ("cotton1674, p. 151") and the clause map names passages
    of that book, the passages must lie on the cited pages (at least one of them), so that a wrong page in the
    engine, or a wrong passage in the map, is caught."""
    if clauses is None:
        return []
    problems = []
    text_bib = {t.id: t.bib for t in ed.texts.values()}
    for cid, c in clauses.items():
        entry = ed.clause_map.get(cid)
        if entry is None:
            continue
        for cit in c.citations:
            if cit.key not in text_bib.values():
                continue
            m = _PAGES.fullmatch(cit.locator.strip())
            if not m:
                if cit.locator.strip().startswith("p"):
                    problems.append(f"engine clause {cid}: locator {cit.locator!r} for {cit.key} does not parse")
                continue
            cited = _page_set(m.group(1), m.group(2))
            have: set[int] = set()
            for ref in entry.get("passages", []):
                try:
                    p, _ = ed.resolve(ref)
                except KeyError:
                    continue
                if text_bib.get(p.text_id) == cit.key:
                    loc = ed.locate(ref)
                    have |= _page_set(loc["page"], loc["page_end"])
            if have and not cited & have:
                problems.append(f"engine clause {cid} cites {cit.key}, {cit.locator}, but the passages the clause "
                                f"map gives for it are on p. {', '.join(map(str, sorted(have)))}")
    return problems


def check_manifest(ed) -> list[str]:
    problems = []
    for t in ed.texts.values():
        if t.bib not in ed.bibliography:
            problems.append(f"texts.toml [{t.id}]: unknown bibliography key {t.bib!r}")
        for f in ("file", "bib", "tcp", "repo", "commit", "licence", "author", "short_title", "date", "year",
                  "pages", "locator"):
            if not getattr(t, f):
                problems.append(f"texts.toml [{t.id}]: missing {f}")
    return problems


def check(ed) -> list[str]:
    try:
        _ = ed.bibliography
    except ValueError as e:  # BibliographyError: nothing else can be trusted
        return [str(e)]
    clauses = engine_clauses()
    return (check_manifest(ed) + check_provenance(ed) + check_register(ed) + check_citations(ed, clauses)
            + check_notes(ed, clauses) + check_clause_map(ed, clauses) + check_engine_citations(ed, clauses)
            + check_locators(ed, clauses) + check_clause_quotations(ed, clauses) + check_reading_quotations(ed))


#: A quotation inside a clause note or a reading: single or curly quotation marks whose opening mark does not follow,
#: and whose closing mark does not precede, a letter (so that "turn'd" and "Adversaries'" are not taken for marks).
_QUOTED = re.compile(r"(?<![\w\u017f])['‘“]([^'‘’“”]*?(?:\w['’]\w[^'‘’“”]*?)*)['’”](?![\w\u017f])")


def quotations(text: str) -> list[str]:
    """The period words quoted in a clause note or a reading (between '...', ‘...’ or “...”)."""
    return [m.group(1) for m in _QUOTED.finditer(text or "") if m.group(1).strip()]


def _quote_in_any(ed, refs: list[str], quote: str) -> bool:
    """``quote`` is in one of ``refs``: each part of it between ellipses ("...") in one passage, in order, and a
    letter or word the note adds in square brackets ("please[s]") left out before matching."""
    parts = [tei.normalise_for_match(re.sub(r"\[[^\]]*\]", "", x)) for x in re.split(r"\.\.\.|…", quote)]
    parts = [x for x in parts if x]
    for ref in refs:
        try:
            _, unit = ed.resolve(ref)
        except KeyError:
            continue
        text, at = tei.normalise_for_match(unit), 0
        for x in parts:
            at = text.find(x, at)
            if at < 0:
                break
            at += len(x)
        else:
            return True
    return False


def check_clause_quotations(ed, clauses: dict[str, Any] | None) -> list[str]:
    """Every quotation in a clause note (the engine's, shown on the Clauses page) occurs verbatim, after the same normalisation as the pages' quotations, in one of the passages the clause
    map gives for that clause, or failing that in another passage of the edition (a note may quote a text it does
    not rest on, to say why)."""
    problems = []
    owner = getattr(ed, "clause_game", {})
    for cid, entry in sorted(ed.clause_map.items()):
        refs = entry.get("passages", [])
        notes = [clauses[cid].note or ""] if clauses is not None and cid in clauses else []
        for q in dict.fromkeys(q for note in notes for q in quotations(note)):
            if not (_quote_in_any(ed, refs, q) or _quote_in_any(ed, list(ed.passages), q)):
                problems.append(f"{game_of_clause_file(owner, cid)} [clause.\"{cid}\"]: the note quotes {q!r}, "
                                f"which is not in its passages {refs}")
    return problems


def check_reading_quotations(ed) -> list[str]:
    """Every quotation in a game's readings (sources/games/*/readings.yml, docs/data/readings.yml) occurs verbatim in
    the paragraph the reading is keyed to, or failing that in another passage of the edition (a reading may quote
    a sister chapter, as the Post and Pair readings quote Gleek)."""
    import yaml  # PyYAML, which MkDocs needs anyway; the readings are YAML

    problems = []
    files = sorted((ed.root / "games").glob("*/readings.yml"))
    shared = ed.root.parent / "docs" / "data" / "readings.yml"
    for path in files + ([shared] if shared.exists() else []):
        game = path.parent.name
        for pid, r in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            texts = [r.get("reading", "")] + [v.get("text", "") for v in r.get("variants", [])]
            for t in texts:
                for q in quotations(t):
                    if not (_quote_in_any(ed, [pid], q) or _quote_in_any(ed, list(ed.passages), q)):
                        problems.append(f"{game}/readings.yml [{pid}]: quotes {q!r}, which is not in {pid}")
    return problems

"""The files offered for download and the data files the widgets fetch: written into the built site by
:func:`write_assets` (``downloads/``, ``assets/gamester/clause-passages.json``), listed by the ``downloads``
marker on each game page and on the Data page."""

from __future__ import annotations

import json
import os
import re
from html import escape as e
from typing import Any

from edition import teidoc
from gamester_site.blocks import args_of, base_of
from gamester_site.places import clause_passages
from gamester_site.store import (
    EditionError,
    bib_keys,
    cache,
    clause_entry_passages,
    clause_map,
    edition,
    game_dirs,
    site,
)

CORPUS = "downloads/tei/gamester-texts.teicorpus.xml"


def record_cases() -> dict[str, tuple[int, int]]:
    """game -> (players, seed) of the whole game offered for download, from each game's ``record`` in
    sources/games/<game>/site.yml (games without one offer none)."""
    out = {}
    for game in game_dirs():
        rec = site(game).get("record")
        if rec:
            out[game] = (rec["players"], rec["seed"])
    return out


def chapter_games(text_id: str) -> list[str]:
    """The games whose period chapter a text is, in any edition of the book: a game declares its chapter's text id
    (``GameSpec.chapter``), and a text with the same id but for the year is the same chapter in another edition."""
    from gamester import all_games

    def undated(tid: str) -> str:
        return re.sub(r"\d+", "", tid)

    return [sp.name for sp in all_games().values() if sp.site.chapter and undated(sp.site.chapter) == undated(text_id)]


def download_files() -> list[dict[str, Any]]:
    """Every download (copied or written into the built site by :func:`write_downloads`, and checked by
    tests/site): ``path`` (under the site root), ``what``, ``kind``, ``games`` (the game pages that list it;
    empty means the Data page only), and either ``src`` (a file of sources/ copied byte for byte) or ``make`` (a
    function returning the text)."""
    from gamester import all_games

    if "downloads" in cache:
        return cache["downloads"]
    ed = edition()
    out: list[dict[str, Any]] = []
    for t in ed.texts.values():
        name = os.path.basename(str(t.file))
        out.append({"path": f"downloads/tei/{name}", "kind": "TEI P5 (XML)",
                    "make": (lambda t=t: teidoc.document(t).rstrip("\n")),
                    "what": f"{t.author}, {t.short_title} ({t.date}): TCP {t.tcp} extract, CC0",
                    "games": chapter_games(t.id)})
    every = list(all_games())
    from edition import apparatus
    from gamester_site.apparatus import edition_meta

    version = edition_meta()["version"]
    for pid in apparatus.COTTON_PAIRS:
        a_id = next(p["a"][0] for p in apparatus.PAIRS if p["id"] == pid)
        out.append({"path": f"downloads/tei/apparatus-{pid}.xml", "kind": "TEI P5 (XML)",
                    "make": (lambda pid=pid: apparatus.document(ed, pid, version).rstrip("\n")),
                    "what": f"{ed.texts[a_id].short_title}: the 1674 and 1687 printings collated, with a critical "
                            "apparatus (listWit, app, supplied readings) and the site's paragraph and sentence ids",
                    "games": chapter_games(a_id)})
    out.append({"path": "downloads/gap-register.json", "kind": "JSON",
                "games": chapter_games("cotton1674.boneace") + chapter_games("cotton1674.put"),
                "what": "The gap and emendation register: every letter or word TCP could not read in Cotton's "
                        "chapters, what 1687 prints there and what the edition supplies",
                "make": lambda: json.dumps(apparatus.gap_register(ed), indent=1, ensure_ascii=False)})
    out.append({"path": CORPUS, "kind": "TEI P5 teiCorpus (XML)", "games": every,
                "what": f"All {len(ed.texts)} period texts of the edition in one TEI corpus file, each with its header",
                "make": lambda: teidoc.corpus(ed).rstrip("\n")})
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
    for game, (players, seed) in record_cases().items():
        out.append({"path": f"downloads/records/{game}-seed{seed}.json", "kind": "JSON record", "games": [game],
                    "what": f"A whole game played by the engine's bots ({players} players, seed {seed}); "
                            "replay it with gamester.replay",
                    "make": (lambda game=game, players=players, seed=seed: _record(game, players, seed))})
    cache["downloads"] = out
    return out


def _clause_map_json() -> str:
    from gamester.clauses import all_clauses

    cm = clause_map()
    rows = []
    for c in all_clauses():
        entry = cm.get(c.id) or {}
        rows.append({**c.to_json(), "passages": clause_entry_passages(entry),
                     "sources": list(entry.get("sources") or []),
                     "notes": list(entry.get("notes") or [])})
    return json.dumps(rows, indent=1, ensure_ascii=False)


def _record(game: str, players: int, seed: int) -> str:
    from gamester.hosts.cli import run

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


def write_assets(site_dir: str) -> None:
    write_downloads(site_dir)
    path = os.path.join(site_dir, "assets", "gamester")
    os.makedirs(path, exist_ok=True)
    # Each passage carries a reader's locator ("Cotton, 1674, p. 132"): the widget shows it as the link's text.
    out = clause_passages()
    with open(os.path.join(path, "clause-passages.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, sort_keys=True, indent=0)



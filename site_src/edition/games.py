"""Each game's own data: ``sources/games/<game>/``, one folder per game the engine registers (named as the engine
names it: ``post-and-pair``), holding the game's part of the edition and of the site:

- ``clause_map.toml`` (required): its clauses -> the passages they rest on (``[clause."pp.stake.post"]``: passages,
  sources, notes), read here into :attr:`edition.Edition.clause_map`; a clause's statement, status, title and note
  are the engine's (its ``rules.py`` and ``titles.py``), written once there, and an entry that repeats them is refused;
- ``readings.yml``: our readings of its chapter's paragraphs, keyed by passage id (``reading``, ``variants``);
- ``brief.yml``: its Rules in brief (``intro``, ``rules: [{text, clauses}]``, ``after``);
- ``glossary.yml``: its own words (entries as in ``docs/data/glossary.yml``, which keeps the words games share);
- ``site.yml``: how the site lists it (``record: {players, seed}``, the whole game offered for download;
  ``order``, its place among the games in the navigation; ``family``, e.g. ``fools-game``; ``home``, its entry
  on the Home page, required).

The YAML files are the site's (``gamester_site.store`` reads them); this module finds the folders and reads the
clause maps. A folder for a game the engine does not register, a registered game without its clause map, and a
clause in another game's map (its id not under the game's clause prefix) are errors (:class:`GameDataError`), so
that the build stops on them with the file to fix.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

#: The files a game's folder may hold (anything else there is an error: a misspelt name would be ignored).
FILES = ("clause_map.toml", "readings.yml", "brief.yml", "glossary.yml", "site.yml")


#: What a clause map never repeats: the engine's clause holds it (one copy of each fact).
ENGINE_FIELDS = ("status", "note", "title", "statement")


class GameDataError(ValueError):
    """A game's data folder is missing, unknown, or holds something that belongs elsewhere."""


def registered() -> dict[str, Any]:
    """The engine's games by name (their :class:`gamester.registry.GameSpec`)."""
    try:
        import gamester
    except ImportError as ex:  # pragma: no cover - the engine is installed beside the edition
        raise GameDataError(f"the engine (gamester) cannot be imported, so no game's data can be read: {ex}") from None
    return gamester.all_games()


def game_dirs(root: Path, *, drafting: bool = False) -> dict[str, Path]:
    """``root/games/<game>`` for every registered game, in the registry's order; refuses a folder (or a stray file)
    under ``root/games`` that names no registered game, a file there that is not one of :data:`FILES`, and a game
    with no clause map (unless ``drafting``: the stubs of a new game's map are drafted from the others)."""
    where = Path(root) / "games"
    specs = registered()
    found = {p.name: p for p in sorted(where.iterdir())} if where.is_dir() else {}
    for name, p in found.items():
        rel = f"sources/games/{name}"
        if name not in specs:
            raise GameDataError(f"{rel}: no game is called {name!r} (the engine's games are {', '.join(specs)}); "
                                "a game's folder is named as the engine names it")
        if not p.is_dir():
            raise GameDataError(f"{rel} must be a folder of the game's data files")
        stray = sorted(f.name for f in p.iterdir() if f.name not in FILES and not f.name.startswith("."))
        if stray:
            raise GameDataError(f"{rel}/{stray[0]}: not a game data file (a game's folder holds {', '.join(FILES)})")
    missing = [n for n in specs if not (where / n / "clause_map.toml").is_file()]
    if missing and not drafting:
        raise GameDataError(f"sources/games/{missing[0]}/clause_map.toml is missing: every game maps its clauses "
                            "to the passages they rest on (start from `python3 -m edition draft-clause-map`)")
    return {n: where / n for n in specs}


def clause_maps(root: Path, *, drafting: bool = False) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """Every game's clause map merged: (clause id -> entry, clause id -> the game whose map holds it). A clause in
    the wrong game's map (not under its :attr:`~gamester.registry.GameSpec.clause_prefix`) is refused. When
    ``drafting``, a game without a map counts as one that maps nothing yet."""
    if (Path(root) / "clause_map.toml").exists():
        raise GameDataError("sources/clause_map.toml: clause maps are kept per game now; move its entries to "
                            "sources/games/<game>/clause_map.toml")
    specs = registered()
    merged: dict[str, dict[str, Any]] = {}
    owner: dict[str, str] = {}
    for name, d in game_dirs(root, drafting=drafting).items():
        rel = f"sources/games/{name}/clause_map.toml"
        if drafting and not (d / "clause_map.toml").is_file():
            continue
        try:
            data = tomllib.loads((d / "clause_map.toml").read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as ex:
            raise GameDataError(f"{rel}: not TOML: {ex}") from None
        extra = sorted(set(data) - {"clause"})
        if extra:
            raise GameDataError(f"{rel}: unknown table [{extra[0]}] (a clause map holds [clause.\"ID\"] tables)")
        prefix = specs[name].clause_prefix
        for cid, entry in (data.get("clause") or {}).items():
            kept = sorted(set(entry) & set(ENGINE_FIELDS))
            if kept:
                raise GameDataError(f"{rel} [clause.\"{cid}\"]: {kept[0]} is the engine's (the clause in "
                                    f"engine/gamester/games/{name.replace('-', '_')}/rules.py, or titles.py); it is "
                                    "kept there only, and the site reads it from the engine")
            if prefix and not cid.startswith(prefix):
                other = next((n for n, sp in specs.items() if sp.clause_prefix and cid.startswith(sp.clause_prefix)),
                             None)
                home = f"sources/games/{other}/clause_map.toml" if other else f"no game (ids start {prefix!r} here)"
                raise GameDataError(f"{rel}: clause {cid!r} is not {specs[name].title}'s; it belongs in {home}")
            if cid in merged:  # pragma: no cover - prefixes differ, so only a prefix-less game can collide
                raise GameDataError(f"{rel}: clause {cid!r} is mapped by {owner[cid]} too")
            merged[cid], owner[cid] = entry, name
    return merged, owner


def game_of_clause_file(owner: dict[str, str], cid: str) -> str:
    """Where a clause's entry is (or belongs), for messages: ``sources/games/put/clause_map.toml``."""
    name = owner.get(cid)
    if name is None:
        specs = registered()
        name = next((n for n, sp in specs.items() if sp.clause_prefix and cid.startswith(sp.clause_prefix)), "<game>")
    return f"sources/games/{name}/clause_map.toml"

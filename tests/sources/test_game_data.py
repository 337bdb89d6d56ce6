"""Each game's data folder (``sources/games/<game>/``, :mod:`edition.games`, and the site's readers in
:mod:`gamester_site.store`): one folder per registered game, merged into the edition and the site, and a clear error
for a folder or an entry that is in the wrong place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from edition import games as gd
from gamester import all_games

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "sources"


@pytest.fixture
def root(tmp_path):
    """A copy of the games' folders (and nothing else of sources/) to break."""
    shutil.copytree(SOURCES / "games", tmp_path / "games")
    return tmp_path


def test_every_registered_game_has_its_folder_and_nothing_else_is_there():
    assert sorted(p.name for p in (SOURCES / "games").iterdir()) == sorted(all_games())
    assert list(gd.game_dirs(SOURCES)) == list(all_games())


def test_the_merged_clause_map_holds_each_game_s_clauses_from_its_own_file(ed):
    for cid, game in ed.clause_game.items():
        assert cid.startswith(all_games()[game].clause_prefix), (cid, game)
    assert set(ed.clause_game.values()) == set(all_games())


def test_a_folder_for_an_unknown_game_is_refused(root):
    (root / "games" / "piquet").mkdir()
    (root / "games" / "piquet" / "clause_map.toml").write_text("")
    with pytest.raises(gd.GameDataError, match=r"sources/games/piquet: no game is called 'piquet'"):
        gd.game_dirs(root)


def test_a_misspelt_file_in_a_game_folder_is_refused(root):
    (root / "games" / "put" / "reading.yml").write_text("{}")
    with pytest.raises(gd.GameDataError, match=r"sources/games/put/reading.yml: not a game data file"):
        gd.game_dirs(root)


def test_a_game_without_its_clause_map_is_refused(root):
    (root / "games" / "speculation" / "clause_map.toml").unlink()
    with pytest.raises(gd.GameDataError, match=r"sources/games/speculation/clause_map.toml is missing"):
        gd.game_dirs(root)


def test_a_clause_in_another_game_s_map_is_refused(root):
    with open(root / "games" / "put" / "clause_map.toml", "a", encoding="utf-8") as f:
        f.write('\n[clause."pp.stake.extra"]\npassages = []\nsources = []\n')
    with pytest.raises(gd.GameDataError, match=r"clause 'pp.stake.extra' is not Put's; it belongs in "
                                               r"sources/games/post-and-pair/clause_map.toml"):
        gd.clause_maps(root)


@pytest.mark.parametrize("field", ["status", "note"])
def test_a_map_that_repeats_the_engine_s_status_or_note_is_refused(root, field):
    """One copy of each fact: a clause's status and note are the engine's (its rules.py); the map never repeats them,
    so the two cannot drift apart."""
    path = root / "games" / "put" / "clause_map.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('[clause."put.deal.shuffle"]\n', f'[clause."put.deal.shuffle"]\n{field} = "x"\n', 1),
                    encoding="utf-8")
    with pytest.raises(gd.GameDataError, match=rf'put/clause_map.toml \[clause."put.deal.shuffle"\]: {field} is the '
                                               r"engine's \(the clause in engine/gamester/games/put/rules.py"):
        gd.clause_maps(root)


def test_the_old_shared_clause_map_is_refused(root):
    (root / "clause_map.toml").write_text("")
    with pytest.raises(gd.GameDataError, match="kept per game now"):
        gd.clause_maps(root)


@pytest.fixture
def site_store(root, tmp_path, monkeypatch):
    """The site's readers pointed at the copy, with shared data files of the test's own."""
    from gamester_site import store

    data = tmp_path / "data"
    data.mkdir()
    (data / "glossary.yml").write_text("- {term: stake, short: a stake}\n")
    (data / "readings.yml").write_text("{}\n")
    monkeypatch.setattr(store, "GAMES", str(root / "games"))
    monkeypatch.setattr(store, "DATA", str(data))
    saved = dict(store.cache)
    store.cache.clear()
    yield store, root, data
    store.cache.clear()
    store.cache.update(saved)


def test_site_data_merges_every_game_s_files(site_store):
    store, _, _ = site_store
    assert set(store.brief()) == {n for n in all_games() if (SOURCES / "games" / n / "brief.yml").exists()}
    terms = [t["term"] for t in store.glossary()]
    assert terms[0] == "stake" and "pair-royal" in terms and "Putt-Card" in terms
    assert "cotton1674.put.1" in store.readings() and "cotton1674.pp.4" in store.readings()


def test_a_term_defined_twice_is_refused(site_store):
    store, _, data = site_store
    (data / "glossary.yml").write_text("- {term: Putt-Card, short: a card}\n")
    with pytest.raises(store.EditionError, match=r"sources/games/put/glossary.yml: the term 'Putt-Card' is defined "
                                                 r"in docs/data/glossary.yml too"):
        store.glossary()


def test_a_reading_in_the_wrong_place_is_refused(site_store):
    store, root, data = site_store
    (data / "readings.yml").write_text("cotton1674.put.1: {reading: x}\n")
    with pytest.raises(store.EditionError, match=r"cotton1674.put.1 is a paragraph of put's chapter; its reading "
                                                 r"belongs in sources/games/put/readings.yml"):
        store.readings()
    store.cache.clear()
    (data / "readings.yml").write_text("{}\n")
    (root / "games" / "put" / "readings.yml").write_text("cotton1674.pp.1: {reading: x}\n")
    with pytest.raises(store.EditionError, match=r"sources/games/put/readings.yml: cotton1674.pp.1 is not a "
                                                 r"paragraph of the game's chapter"):
        store.readings()


def test_site_yml_fields_are_checked(site_store):
    store, root, _ = site_store
    assert store.site("put")["record"] == {"players": 2, "seed": 3}
    (root / "games" / "put" / "site.yml").write_text("record: {players: 2}\n")
    store.cache.clear()
    with pytest.raises(store.EditionError, match=r"sources/games/put/site.yml: record must be \{players: N, seed: N"):
        store.site("put")
    store.cache.clear()
    (root / "games" / "put" / "site.yml").write_text("familly: fools-game\n")
    with pytest.raises(store.EditionError, match=r"unknown field 'familly'"):
        store.site("put")


def test_a_missing_clause_map_is_drafted_by_the_command_its_error_names(tmp_path):
    """The error for a game without a clause map names ``python3 -m edition draft-clause-map``; that command reads
    the edition without the missing map (it would otherwise stop on the same error) and drafts every clause."""
    from edition import Edition
    from edition.__main__ import draft_clause_map

    shutil.copytree(SOURCES, tmp_path / "sources")
    game = next(iter(all_games()))
    (tmp_path / "sources" / "games" / game / "clause_map.toml").unlink()
    with pytest.raises(gd.GameDataError, match="draft-clause-map"):
        Edition(tmp_path / "sources")
    stubs = draft_clause_map(Edition(tmp_path / "sources", drafting=True))
    mapped = Edition(SOURCES).clause_game
    assert stubs.startswith(f"# ---- for sources/games/{game}/clause_map.toml")
    assert stubs.count("[clause.") == sum(1 for g in mapped.values() if g == game)

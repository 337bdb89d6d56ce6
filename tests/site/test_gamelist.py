"""Every list of games on the site comes from the registry (gamester_site.gamelist): the navigation, the Home
page's cards, a family's members. A game registered here only for the test shows that a new game needs no edit of
mkdocs.yml or of any page but its own."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
import yaml

from gamester import all_games, registry
from gamester_site import gamelist, store

ROOT = Path(__file__).resolve().parents[2]


def mkdocs_nav() -> list:
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # !ENV and friends
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)["nav"]


def _pages(nav) -> list[str]:
    return gamelist._srcs(nav)


def test_mkdocs_yml_names_no_game_page():
    named = {f"{sp.site.page.strip('/')}.md" for sp in all_games().values()}
    named |= {f"teach/{sp.site.page.strip('/')}.md" for sp in all_games().values()}
    assert not set(_pages(mkdocs_nav())) & named


def test_the_nav_gets_every_game_page_and_teach_page_in_the_site_order():
    store.reset()
    nav = gamelist.add_to_nav(mkdocs_nav())
    section = next(v for item in nav for k, v in item.items() if k == "The games")
    order = [p.src for p in gamelist.game_pages()]
    assert [next(iter(x.values())) for x in section] == order
    assert [next(iter(x)) for x in section] == [all_games()[p.name].title for p in gamelist.game_pages()]
    flat = _pages(nav)
    teach = flat.index("teach/index.md")
    want = [p.teach for p in gamelist.game_pages() if p.teach]
    assert want and flat[teach + 1: teach + 1 + len(want)] == want
    declared = [gamelist.site(p.name).get("order") for p in gamelist.game_pages()]
    ranked = [o for o in declared if o is not None]
    assert ranked == sorted(ranked) and declared[:len(ranked)] == ranked   # site.yml's order, then the rest


def test_a_nav_that_lists_a_game_page_is_refused():
    store.reset()
    with pytest.raises(store.EditionError, match="lists put.md: game pages come from the registry"):
        gamelist.add_to_nav([{"The games": []}, {"Put": "put.md"}])
    with pytest.raises(store.EditionError, match="no empty section for the game pages"):
        gamelist.add_to_nav([{"Home": "index.md"}])


@pytest.fixture
def toy_game(tmp_path, monkeypatch):
    """A fourth game, registered for this test only, with its page, its Teach page and its data folder."""
    put = all_games()["put"]
    spec = dataclasses.replace(put, name="toy", title="Aardvark Toy", clause_prefix="toy.",
                               site=dataclasses.replace(put.site, page="toy/", chapter=""))
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs, ignore=shutil.ignore_patterns("javascripts", "stylesheets", "assets"))
    (docs / "toy.md").write_text("# Toy\n")
    (docs / "teach" / "toy.md").write_text("# Toy\n")
    shutil.copytree(ROOT / "sources" / "games", tmp_path / "games")
    (tmp_path / "games" / "toy").mkdir()
    (tmp_path / "games" / "toy" / "clause_map.toml").write_text("")
    (tmp_path / "games" / "toy" / "site.yml").write_text("family: fools-game\nhome: A game of one card.\n")
    monkeypatch.setattr(store, "DOCS", str(docs))
    monkeypatch.setattr(store, "GAMES", str(tmp_path / "games"))
    monkeypatch.setitem(registry._GAMES, "toy", spec)
    store.reset()
    yield spec
    store.reset()


def test_a_new_game_is_in_the_nav_the_home_page_and_its_family(toy_game):
    nav = gamelist.add_to_nav(mkdocs_nav())
    section = next(v for item in nav for k, v in item.items() if k == "The games")
    assert section[-1] == {"Aardvark Toy": "toy.md"}     # no order in its site.yml: after the ordered games
    flat = _pages(nav)
    assert "teach/toy.md" in flat and flat.index("teach/toy.md") < flat.index("numbers.md")

    class Page:
        class file:
            src_uri = "index.md"

    cards = gamelist.m_games("", Page)
    assert "-   **[Aardvark Toy](toy.md)**\n\n    A game of one card." in cards
    assert cards.index("[Post and Pair](post-and-pair.md)") < cards.index("[Aardvark Toy]")

    class PP:
        class file:
            src_uri = "post-and-pair.md"

    family = gamelist.m_family("fools-game", PP)
    assert family.startswith("Of the family, this edition also gives ") and family.endswith(" [Aardvark Toy](toy.md).")
    assert "post-and-pair.md" not in family                     # the page's own game is not listed on its page
    see = gamelist.m_family('fools-game lead="See"', Page)
    assert see.startswith("See [Post and Pair](post-and-pair.md)") and see.endswith("[Aardvark Toy](toy.md).")


def test_a_game_without_its_page_is_named(toy_game):
    (Path(store.DOCS) / "toy.md").unlink()
    with pytest.raises(store.EditionError, match=r"docs/toy.md is missing: Aardvark Toy's page"):
        gamelist.game_pages()


def test_the_family_marker_says_nothing_when_the_page_s_game_is_alone(monkeypatch):
    store.reset()
    alone = [p for p in gamelist.game_pages() if p.family != "fools-game" or p.name == "post-and-pair"]
    monkeypatch.setattr(gamelist, "game_pages", lambda: alone)

    class PP:
        class file:
            src_uri = "post-and-pair.md"

    assert gamelist.m_family("fools-game", PP) == ""
    with pytest.raises(store.EditionError, match="no game declares family: piquet"):
        gamelist.m_family("piquet", PP)
    store.reset()


def test_the_built_nav_and_home_page_list_every_game(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    for sp in all_games().values():
        assert f'href="{sp.site.page}"' in home, sp.name                       # the Home page's card and the nav
        teach = site / "teach" / sp.site.page / "index.html"
        if (ROOT / "docs" / "teach" / f"{sp.site.page.strip('/')}.md").exists():
            assert teach.is_file() and f'href="teach/{sp.site.page}"' in home, sp.name


def test_the_numbers_page_shows_every_table_a_game_declares():
    import re

    text = (ROOT / "docs" / "numbers.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"<!-- numbers (\S+) -->", text))
    for sp in all_games().values():
        missing = sorted(set(sp.site.numbers) - shown)
        assert not missing, f"{sp.title} declares numbers {missing} that docs/numbers.md does not show"


def test_the_data_page_offers_every_game_s_record(site):
    data = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    for sp in all_games().values():
        rec = store.site(sp.name).get("record")
        if rec:
            assert f"downloads/records/{sp.name}-seed{rec['seed']}.json" in data, sp.name


def test_the_build_stops_on_a_misplaced_game_folder_naming_it(tmp_path, monkeypatch):
    import importlib.util

    from mkdocs.exceptions import PluginError

    spec = importlib.util.spec_from_file_location("gamester_hook", ROOT / "docs" / "hooks" / "gamester.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    shutil.copytree(ROOT / "sources" / "games", tmp_path / "games")
    (tmp_path / "games" / "bone_ace").mkdir()      # the package's spelling, not the game's
    from gamester_site import markers

    saved = markers.raise_as  # the hook sets MkDocs' error type for the markers: put it back for other tests
    try:
        with monkeypatch.context() as m:
            m.setattr(store, "GAMES", str(tmp_path / "games"))
            with pytest.raises(PluginError, match=r"sources/games/bone_ace: no game is called 'bone_ace'"):
                hook.on_config({"nav": mkdocs_nav(), "site_url": "", "extra": {}})
        config = hook.on_config({"nav": mkdocs_nav(), "site_url": "", "extra": {}})
        assert {"Put": "put.md"} in next(v for item in config["nav"] for k, v in item.items() if k == "The games")
    finally:
        markers.raise_as = saved
        store.reset()

"""What only MkDocs needs (Zensical ignores ``hooks:``; everything else is in ``gamester_site``):

- the navigation gets every game's page and Teach page from the registry (``gamester_site.gamelist``);
- a bad marker stops ``mkdocs build`` cleanly with MkDocs' own error type (the extension raises it);
- site data is read afresh on every (re)build, and ``mkdocs serve`` rebuilds when the engine or site code changes;
- the browser runtime is staged after every build (``mkdocs serve`` builds into a fresh folder). Other builders run
  the same step as ``python -m gamester_site.runtime SITE_DIR``;
- Material's search index reads each page with a space after its blocks and cells (``gamester_site.searchtext``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import CombinedEvent, event_priority

from gamester_site import gamelist, markers, runtime, searchtext, store

ROOT = Path(__file__).resolve().parents[2]


def on_config(config: Any) -> Any:
    markers.raise_as = PluginError
    markers.missing.clear()
    store.reset(config)
    try:  # each game's data folder and clause map: a misplaced file stops the build here, naming it
        store.game_dirs()
        store.edition()
    except (store.EditionError, ValueError) as ex:
        raise PluginError(str(ex)) from None
    if config["nav"]:  # the game pages and Teach pages, from the registry (mkdocs.yml names no game); a config
        try:           # without a nav lets MkDocs list every page itself
            config["nav"] = gamelist.add_to_nav(config["nav"])
        except store.EditionError as ex:
            raise PluginError(str(ex)) from None
    return config


_BUILT: dict[int, str] = {}  # a page's content as built, while Material's search plugin reads the spaced text


@event_priority(100)  # before Material's search plugin (0) reads the page
def _spaced_for_search(context: Any, page: Any, **kwargs: Any) -> None:
    _BUILT[id(page)] = page.content
    page.content = searchtext.spaced(page.content)


@event_priority(-100)  # after it
def _as_built(context: Any, page: Any, **kwargs: Any) -> None:
    built = _BUILT.pop(id(page), None)
    if built is not None:
        page.content = searchtext.as_built(built)


on_page_context = CombinedEvent(_spaced_for_search, _as_built)


def on_post_build(config: Any) -> None:
    if markers.missing and config.get("strict"):  # also under -q, which keeps the warnings from strict's count
        raise PluginError(f"{len(markers.missing)} marker(s) lack source data; the first: {markers.missing[0]}")
    try:
        runtime.stage(config["site_dir"])
    except runtime.StagingError as ex:
        raise PluginError(str(ex)) from None


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    for path in (ROOT / "engine" / "gamester", ROOT / "site_src", ROOT / "docs" / "data", ROOT / "sources"):
        if path.is_dir():
            server.watch(str(path))
    return server

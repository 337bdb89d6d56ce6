"""What only MkDocs needs (Zensical ignores ``hooks:``; everything else is in ``gamester_site``):

- the navigation gets every game's page and Teach page from the registry (``gamester_site.gamelist``);
- a bad marker stops ``mkdocs build`` cleanly with MkDocs' own error type (the extension raises it);
- site data is read afresh on every (re)build, and ``mkdocs serve`` rebuilds when the engine or site code changes;
- the browser runtime is staged after every build (``mkdocs serve`` builds into a fresh folder). Other builders run
  the same step as ``python -m gamester_site.runtime SITE_DIR``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from gamester_site import gamelist, markers, runtime, store

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

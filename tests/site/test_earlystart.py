"""The early start (gamester_site.earlystart): the pages with a live game widget, and only those, carry
gamester-early.js inline at the top of their <head>, before any stylesheet, with their way to the site's root."""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")  # a site-build test: not for the Pyodide run of the suite

from gamester_site import earlystart  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HEAD = '<html><head>\n<meta charset="utf-8">\n<link rel="stylesheet" href="x.css"></head><body>{}</body></html>'
PLAY = '<div class="gm-widget" id="play" data-widget="pp-deal"></div>'


def test_only_pages_with_a_way_to_play_get_it_once(tmp_path):
    (tmp_path / "javascripts").mkdir()
    (tmp_path / "javascripts" / "gamester-early.js").write_text("// a comment\n(() => {})();\n", encoding="utf-8")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "index.html").write_text(HEAD.format(PLAY), encoding="utf-8")
    (tmp_path / "index.html").write_text(HEAD.format('<div class="gm-widget" data-widget="x"></div>'), encoding="utf-8")
    (tmp_path / "play.html").write_text(HEAD.format(PLAY), encoding="utf-8")
    assert earlystart.mark_pages(tmp_path) == [tmp_path / "game" / "index.html", tmp_path / "play.html"]
    game = (tmp_path / "game" / "index.html").read_text(encoding="utf-8")
    assert game.index('<meta charset="utf-8">') < game.index("<script data-gamester-early") < game.index("<link")
    assert 'data-root="../"' in game and "(() => {})();" in game and "a comment" not in game
    assert 'data-root="./"' in (tmp_path / "play.html").read_text(encoding="utf-8")
    assert "gamester-early" not in (tmp_path / "index.html").read_text(encoding="utf-8")
    assert earlystart.mark_pages(tmp_path) == []  # again: nothing changes
    assert (tmp_path / "game" / "index.html").read_text(encoding="utf-8") == game


def test_the_built_site(site):
    marked = {p.relative_to(site).as_posix() for p in site.rglob("*.html") if earlystart.MARK in p.read_text("utf-8")}
    playing = {p.relative_to(site).as_posix() for p in site.rglob("*.html")
               if earlystart.PLAY_WIDGET.search(p.read_text("utf-8"))}
    assert marked == playing and "post-and-pair/index.html" in marked and "index.html" not in marked
    page = (site / "post-and-pair" / "index.html").read_text("utf-8")
    assert page.count(earlystart.MARK) == 1
    assert page.index(earlystart.MARK) < page.index('rel="stylesheet"')
    assert "</script" not in (ROOT / "docs" / earlystart.SCRIPT).read_text("utf-8").lower()


def test_the_build_mark_names_the_engine_and_changes_with_it(tmp_path):
    """The build's mark, in the engine module's BUILD and in each early start's data-build (the shared engine's
    worker is named by it): the same for the same runtime and worker script, another for another."""
    (tmp_path / "javascripts").mkdir()
    (tmp_path / "javascripts" / "gamester-early.js").write_text("(() => {})();\n", encoding="utf-8")
    engine = 'const A = 1;\nconst BUILD = "";\nconst B = 2;\n'
    (tmp_path / "javascripts" / "gamester-engine.js").write_text(engine, encoding="utf-8")
    (tmp_path / "javascripts" / "gamester-worker.js").write_text("// the worker\n", encoding="utf-8")
    (tmp_path / "assets" / "gamester").mkdir(parents=True)
    (tmp_path / "assets" / "gamester" / "runtime.json").write_text('{"sha256": "1"}\n', encoding="utf-8")
    (tmp_path / "play.html").write_text(HEAD.format(PLAY), encoding="utf-8")
    earlystart.mark_pages(tmp_path)
    mark = earlystart.build_mark(tmp_path)
    assert len(mark) == 16 and int(mark, 16) >= 0
    assert (tmp_path / "javascripts" / "gamester-engine.js").read_text(encoding="utf-8") == \
        engine.replace('BUILD = ""', f'BUILD = "{mark}"')
    assert f'data-build="{mark}"' in (tmp_path / "play.html").read_text(encoding="utf-8")
    earlystart.mark_pages(tmp_path)  # again: the same mark
    assert f'BUILD = "{mark}"' in (tmp_path / "javascripts" / "gamester-engine.js").read_text(encoding="utf-8")
    # A new runtime (or a new worker script) is another engine: another mark, written over the old.
    (tmp_path / "assets" / "gamester" / "runtime.json").write_text('{"sha256": "2"}\n', encoding="utf-8")
    assert earlystart.build_mark(tmp_path) != mark
    (tmp_path / "assets" / "gamester" / "runtime.json").write_text('{"sha256": "1"}\n', encoding="utf-8")
    (tmp_path / "javascripts" / "gamester-worker.js").write_text("// another worker\n", encoding="utf-8")
    new = earlystart.build_mark(tmp_path)
    assert new != mark
    (tmp_path / "javascripts" / "gamester-worker-files.js").write_text("// its module\n", encoding="utf-8")
    assert earlystart.build_mark(tmp_path) != new  # (the module the worker imports is the engine too)
    assert earlystart.mark_engine(tmp_path, new)
    assert f'BUILD = "{new}"' in (tmp_path / "javascripts" / "gamester-engine.js").read_text(encoding="utf-8")


def test_the_built_engine_and_pages_carry_the_same_mark(site):
    engine = (site / earlystart.ENGINE).read_text("utf-8")
    mark = earlystart.build_mark(site)
    assert f'\nconst BUILD = "{mark}";\n' in engine
    assert f'data-build="{mark}"' in (site / "post-and-pair" / "index.html").read_text("utf-8")
    # The source keeps the line the build writes into.
    assert '\nconst BUILD = "";\n' in (ROOT / "docs" / earlystart.ENGINE).read_text("utf-8")


def _held_in(page: str) -> list:
    return json.loads(html.unescape(re.search(r' data-held="([^"]*)"', page).group(1)))


def test_what_is_held_is_this_builds_files_by_their_sha256(tmp_path):
    """The files a second visit must hold for the engine to start before the reader asks, each with the sha256 this
    build's runtime.json gives it (in each early start's data-held and the engine module's HELD): every file a start
    asks for, Pyodide's (the wasm first) with the snapshot and the two files beside it, or with the compiled library
    and the wheel, by their exact names."""
    (tmp_path / "javascripts").mkdir()
    (tmp_path / "javascripts" / "gamester-early.js").write_text("(() => {})();\n", encoding="utf-8")
    engine = 'const BUILD = "";\nconst A = 1;\nconst HELD = [];\n'
    (tmp_path / "javascripts" / "gamester-engine.js").write_text(engine, encoding="utf-8")
    (tmp_path / "assets" / "gamester").mkdir(parents=True)
    runtime = tmp_path / "assets" / "gamester" / "runtime.json"
    table = {"pyodide/pyodide.mjs": "e" * 64, "pyodide/pyodide.asm.wasm": "a" * 64, "gamester/snap.bin": "b" * 64,
             "gamester/files.zip": "f" * 64, "gamester/part.zip": "9" * 64, "gamester/lib.zip": "c" * 64,
             "gamester/gamester-9-py3-none-any.whl": "d" * 64, "gamester/data/x.bin": "0" * 64}
    manifest = {"snapshot": "snap.bin", "snapshot_files": "files.zip", "snapshot_stdlib": "part.zip",
                "stdlib": "lib.zip", "wheel": "gamester-9-py3-none-any.whl", "cache": table}
    runtime.write_text(json.dumps(manifest), encoding="utf-8")
    (tmp_path / "play.html").write_text(HEAD.format(PLAY), encoding="utf-8")
    earlystart.mark_pages(tmp_path)
    pyodide = [["pyodide/pyodide.asm.wasm", "a" * 64], ["pyodide/pyodide.mjs", "e" * 64]]
    both = [[*pyodide, ["gamester/snap.bin", "b" * 64], ["gamester/files.zip", "f" * 64],
             ["gamester/part.zip", "9" * 64]],
            [*pyodide, ["gamester/lib.zip", "c" * 64], ["gamester/gamester-9-py3-none-any.whl", "d" * 64]]]
    assert earlystart.held_sets(tmp_path) == both
    assert _held_in((tmp_path / "play.html").read_text(encoding="utf-8")) == both
    assert f"\nconst HELD = {json.dumps(both)};\n" in (tmp_path / "javascripts" / "gamester-engine.js").read_text("utf-8")
    # A build without a snapshot: the ordinary start's set alone; a set with a file the table does not give: left out.
    del manifest["snapshot_files"]
    runtime.write_text(json.dumps(manifest), encoding="utf-8")
    assert earlystart.held_sets(tmp_path) == both[1:]
    del table["gamester/lib.zip"]
    runtime.write_text(json.dumps(manifest), encoding="utf-8")
    assert earlystart.held_sets(tmp_path) == []
    # No runtime (or one that cannot be read): nothing is held, so nothing starts before the reader asks.
    runtime.write_text("{", encoding="utf-8")
    assert earlystart.held_sets(tmp_path) == []
    assert earlystart.mark_engine(tmp_path, "0" * 16, [])
    assert "\nconst HELD = [];\n" in (tmp_path / "javascripts" / "gamester-engine.js").read_text("utf-8")
    assert "data-held" not in earlystart.tag("./", "(() => {})();", "0" * 16, [])
    # A site staged again over a new runtime: each page's tag is this build's (one tag, no older held files left).
    manifest["cache"] = {**table, "gamester/lib.zip": "7" * 64}
    runtime.write_text(json.dumps(manifest), encoding="utf-8")
    assert earlystart.mark_pages(tmp_path) == [tmp_path / "play.html"]
    page = (tmp_path / "play.html").read_text(encoding="utf-8")
    assert page.count(earlystart.MARK) == 1 and _held_in(page) == earlystart.held_sets(tmp_path)
    assert ["gamester/lib.zip", "7" * 64] in _held_in(page)[0] and "c" * 64 not in page
    assert earlystart.mark_pages(tmp_path) == []  # (and again: nothing changes)


def test_the_built_pages_and_engine_hold_the_files_as_built(site):
    held = earlystart.held_sets(site)
    assert held and all(files[0][0] == earlystart.WASM for files in held)
    for files in held:
        for name, sha in files:
            assert hashlib.sha256((site / "assets" / name).read_bytes()).hexdigest() == sha, name
    assert _held_in((site / "post-and-pair" / "index.html").read_text("utf-8")) == held
    assert f"\nconst HELD = {json.dumps(held)};\n" in (site / earlystart.ENGINE).read_text("utf-8")
    # The source keeps the line the build writes into.
    assert "\nconst HELD = [];\n" in (ROOT / "docs" / earlystart.ENGINE).read_text("utf-8")

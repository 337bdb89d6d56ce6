"""The early start (gamester_site.earlystart): the pages with a live game widget, and only those, carry
gamester-early.js inline at the top of their <head>, before any stylesheet, with their way to the site's root."""

from __future__ import annotations

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

"""Markers: an unknown marker or a bad argument stops the build with a message naming the page; the expansion is a
Python-Markdown extension that needs no MkDocs (so Zensical runs it too)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import markdown
import pytest

from gamester_site import markers, store
from gamester_site.extension import PageRef, url_of
from sitehtml import ROOT


def _page(name: str = "games/bad-page.md") -> PageRef:
    return PageRef(name, url_of(name))


def convert(text: str, page: str = "games/bad-page.md") -> str:
    return markdown.Markdown(extensions=["gamester_site.extension", "abbr", "md_in_html"],
                             extension_configs={"gamester_site.extension": {"page": page}}).convert(text)


@pytest.mark.parametrize(("marker", "says"), [
    ("<!-- exmaple post-and-pair seed=1 -->", "unknown marker 'exmaple'"),
    ("<!-- example post-and-pair seed=abc -->", "seed"),
    ("<!-- example post-and-pair seed=1 colour=red -->", "colour"),
    ("<!-- example chess seed=1 -->", "chess"),
    ("<!-- example post-and-pair hands=\"QH QD|QH KS\" -->", "QH"),
    ("<!-- widget pp-frobnicate seed=1 -->", "pp-frobnicate"),
    ("<!-- compare put seed=1 rulesets=a,b -->", "compare"),
    ("<!-- example put seed=1 ruleset=no-such-ruleset -->", "no-such-ruleset"),
    ("<!-- example post-and-pair seed=1 seed=2 -->", "twice"),
])
def test_bad_marker_fails_naming_the_page(marker: str, says: str) -> None:
    with pytest.raises(markers.MarkerBuildError) as info:
        convert(f"# Title\n\n{marker}\n")
    msg = str(info.value)
    assert msg.startswith("games/bad-page.md: marker"), msg
    reason = msg.split("-->:", 1)[1]        # the reason, after the echo of the marker itself
    assert says in reason, msg


def test_a_play_entry_leads_to_the_pages_first_playing_widget() -> None:
    """Issue #21: one control at the top of a game page reaches its live game (``#play``); only the first widget that
    plays a game gets the id, and an entry on a page without one fails the build."""
    html = convert("# Put\n\n<!-- play-entry -->\n\n<!-- widget pp-settle hands=\"QH QD QC|KS KH KD\" -->\n\n"
                   "<!-- widget put-play seed=3 players=2 -->\n\n<!-- widget spec-play seed=5 players=4 -->\n")
    assert html.count('id="play"') == 1 and html.count('href="#play"') == 1
    assert html.index('href="#play"') < html.index('id="play" data-widget="put-play"')
    with pytest.raises(markers.MarkerBuildError) as info:
        convert("# Title\n\n<!-- play-entry -->\n\n<!-- widget pp-settle hands=\"QH QD QC|KS KH KD\" -->\n")
    assert "no widget that plays a game" in str(info.value) and "put-play" in str(info.value)


def test_markers_in_code_are_left_alone() -> None:
    md = "```markdown\n<!-- exmaple post-and-pair seed=1 -->\n```\n\nand `<!-- nonsense -->` inline\n"
    assert markers.expand_all(md, _page()) == md


def test_the_extension_expands_markers_with_links_relative_to_the_page() -> None:
    """Plain Python-Markdown, no MkDocs: a widget's data-base and the glossary's abbreviations come out."""
    term = str(store.glossary()[0]["term"])
    html = convert(f"# T\n\n<!-- widget pp-settle hands=\"QH QD QC|KS KH KD\" -->\n\nA {term} here.\n", "put.md")
    assert 'data-widget="pp-settle"' in html and 'data-base="../"' in html
    assert f"<abbr title=" in html and f">{term}</abbr>" in html
    home = convert("<!-- widget pp-settle hands=\"QH QD QC|KS KH KD\" -->\n", "index.md")
    assert 'data-base=""' in home


def test_page_urls_follow_directory_urls() -> None:
    assert [url_of(s) for s in ("index.md", "put.md", "a/index.md", "a/b.md")] == ["", "put/", "a/", "a/b/"]


def test_no_mkdocs_import_in_the_site_code() -> None:
    """What Zensical must run imports nothing of MkDocs (only docs/hooks/ may)."""
    for py in (ROOT / "site_src").rglob("*.py"):
        text = py.read_text(encoding="utf-8")
        assert "import mkdocs" not in text and "from mkdocs" not in text, py


def test_a_real_build_with_a_bad_marker_fails(tmp_path: pathlib.Path) -> None:
    """The whole pipeline (mkdocs + our hooks) refuses the page and names it."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Fine\n", encoding="utf-8")
    (docs / "broken.md").write_text("# Broken\n\n<!-- example post-and-pair seed=1 players=99 -->\n",
                                    encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(textwrap.dedent("""\
        site_name: t
        docs_dir: docs
        hooks:
          - {ROOT}/docs/hooks/gamester.py
        markdown_extensions: [gamester_site.extension, abbr, attr_list, md_in_html]
        """).format(ROOT=ROOT), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "out")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert proc.returncode != 0
    assert "broken.md" in proc.stderr and "players" in proc.stderr, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]  # MkDocs' own error type: a clean stop


def test_a_quiet_strict_build_stops_on_missing_source_data(tmp_path: pathlib.Path) -> None:
    """A marker whose data is missing is a warning and a placeholder; under ``--strict -q`` (which keeps warnings
    from strict mode's count) the hook stops the build all the same, naming it."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Gaps\n\n<!-- brief chess -->\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(textwrap.dedent("""\
        site_name: t
        docs_dir: docs
        hooks:
          - {ROOT}/docs/hooks/gamester.py
        markdown_extensions: [gamester_site.extension, abbr, attr_list, md_in_html]
        """).format(ROOT=ROOT), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "out")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert proc.returncode != 0, proc.stderr[-2000:]
    assert "1 marker(s) lack source data" in proc.stderr and "sources/games/chess/brief.yml" in proc.stderr, \
        proc.stderr[-2000:]


def test_glossary_tooltips_attach_to_the_game_sense_only() -> None:
    """"show" the verb is not the show of the hands; a player's seat ("Seat 2") is not the Seat, the third stake."""
    import re

    import markdown

    html = markdown.Markdown(extensions=["abbr", "gamester_site.extension"]).convert(
        "The rulesets show how it works. At a show the best hand wins; the show-down. "
        "Seat 2 deals, and the seat to his left. Then stake at the Seat.")
    tips = {m.group(2): m.group(1) for m in re.finditer(r'<abbr title="([^"]*)">([^<]+)</abbr>', html)}
    assert "show" not in tips and "Seat" not in tips and "seat" not in tips
    assert {"a show", "the show-down", "the Seat"} <= set(tips)
    assert tips["a show"] == tips["the show-down"] and tips["the Seat"].startswith("In Post and Pair, the third stake")

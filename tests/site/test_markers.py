"""Markers: an unknown marker or a bad argument stops the build with a message naming the page."""

from __future__ import annotations

import importlib.util
import os
import pathlib
import subprocess
import sys
import textwrap
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from sitehtml import ROOT


@pytest.fixture(scope="module")
def markers():
    spec = importlib.util.spec_from_file_location("gm_markers", ROOT / "site_src" / "gamester_site" / "markers.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.on_config({})
    return mod


def _page(name: str = "games/bad-page.md") -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=name), url=name.removesuffix(".md") + "/")


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
def test_bad_marker_fails_naming_the_page(markers, marker: str, says: str) -> None:
    with pytest.raises(PluginError) as info:
        markers.on_page_markdown(f"# Title\n\n{marker}\n", page=_page(), config={}, files=None)
    msg = str(info.value)
    assert msg.startswith("games/bad-page.md: marker"), msg
    reason = msg.split("-->:", 1)[1]        # the reason, after the echo of the marker itself
    assert says in reason, msg


def test_markers_in_code_are_left_alone(markers) -> None:
    md = "```markdown\n<!-- exmaple post-and-pair seed=1 -->\n```\n\nand `<!-- nonsense -->` inline\n"
    assert markers.on_page_markdown(md, page=_page(), config={}, files=None) == md


def test_a_real_build_with_a_bad_marker_fails(tmp_path: pathlib.Path) -> None:
    """The whole pipeline (mkdocs + our hooks) refuses the page and names it."""
    docs = tmp_path / "docs"
    docs.mkdir()
    os.symlink(ROOT / "docs" / "hooks", docs / "hooks")
    os.symlink(ROOT / "docs" / "data", docs / "data")
    (docs / "index.md").write_text("# Fine\n", encoding="utf-8")
    (docs / "broken.md").write_text("# Broken\n\n<!-- example post-and-pair seed=1 players=99 -->\n",
                                    encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(textwrap.dedent("""\
        site_name: t
        docs_dir: docs
        exclude_docs: |
          hooks/
          data/
        hooks:
          - {ROOT}/site_src/gamester_site/markers.py
          - {ROOT}/site_src/gamester_site/glossary.py
        markdown_extensions: [abbr, attr_list, md_in_html]
        """).format(ROOT=ROOT), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "out")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert proc.returncode != 0
    assert "broken.md" in proc.stderr and "players" in proc.stderr, proc.stderr[-2000:]

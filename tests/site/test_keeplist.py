"""gamester_site/keeplist.py: the list of what a browser keeps when a reader asks to keep the whole site for use
offline (the Teach page's button, gamester-keep.js)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")  # a site-build test: not for the Pyodide run of the suite

from gamester_site import keeplist  # noqa: E402


def write(root: Path, rel: str, data: bytes = b"x") -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def test_pages_by_their_address_files_by_their_path_and_what_is_not_kept(tmp_path):
    for rel in ("index.html", "put/index.html", "teach/put/index.html", "404.html", "javascripts/a.js",
                "javascripts/a.js.br", "javascripts/a.js.gz", "assets/javascripts/bundle.js",
                "assets/javascripts/bundle.js.map", "assets/javascripts/lunr/min/lunr.fr.min.js",
                "assets/pyodide/pyodide.mjs", "assets/pyodide/python_stdlib.zip", "assets/gamester/runtime.json",
                "assets/gamester/clause-passages.json", "sitemap.xml", "gamester-sw.js"):
        write(tmp_path, rel)
    write(tmp_path, "assets/gamester/engine.whl", b"12345")
    runtime = {"gamester/engine.whl": "0" * 64, "pyodide/pyodide.mjs": "1" * 64}
    listed = keeplist.write(tmp_path, runtime)
    assert listed["pages"] == ["", "put/", "teach/put/"]
    assert listed["files"] == ["404.html", "assets/gamester/clause-passages.json", "assets/javascripts/bundle.js",
                               "assets/pyodide/python_stdlib.zip", "javascripts/a.js"]
    assert listed["bytes"] == 8
    assert (listed["runtime_files"], listed["runtime_bytes"]) == (2, 6)
    assert json.loads((tmp_path / "assets" / "gamester" / keeplist.NAME).read_text()) == listed
    # Written again: the list does not list itself, and the same build has the same mark.
    assert keeplist.write(tmp_path, runtime) == listed
    # A page changed, or a runtime file's hash: another build.
    write(tmp_path, "put/index.html", b"y")
    changed = keeplist.write(tmp_path, runtime)
    assert changed["build"] != listed["build"] and changed["pages"] == listed["pages"]
    assert keeplist.write(tmp_path, {**runtime, "gamester/engine.whl": "2" * 64})["build"] != changed["build"]


def test_the_built_sites_list_holds_every_page_and_only_files_that_are_there(site):
    listed = json.loads((site / "assets" / "gamester" / keeplist.NAME).read_text())
    built = sorted(p.relative_to(site).as_posix()[:-len("index.html")] for p in site.rglob("index.html"))
    assert sorted(listed["pages"]) == built
    for rel in listed["files"]:
        assert (site / rel).is_file(), rel
        assert not rel.endswith((".gz", ".br", ".map")), rel
    table = json.loads((site / "assets" / "gamester" / "runtime.json").read_text())["cache"]
    assert not {f"assets/{n}" for n in table} & set(listed["files"])
    assert listed["runtime_files"] == len(table)
    assert "javascripts/gamester-keep.js" in listed["files"]
    # Every script and style the pages may load (the search's index too, where it is a file of its own).
    for folder in ("javascripts", "stylesheets", "assets/stylesheets", "assets/javascripts",
                   "assets/javascripts/workers", "assets/images", "search"):
        found = [p for p in (site / folder).glob("*") if p.is_file() and p.suffix in (".js", ".css", ".json", ".png")]
        assert found, folder
        for p in found:
            assert p.relative_to(site).as_posix() in listed["files"], p

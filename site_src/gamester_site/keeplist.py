"""What a browser keeps when a reader asks it to keep the whole site for use without a network (the Teach page's
"Keep the site in this browser": ``docs/javascripts/gamester-keep.js``, and the service worker ``gamester-sw.js``).

Written after every build, beside ``runtime.json``, as ``assets/gamester/site-files.json``: every page of the built
site (by its address relative to the site's root: ``""``, ``"put/"`` ...) and every other file a page may ask for
(scripts, styles, the search index, the downloads), each relative to the root; and how many bytes they take, with
the runtime files that ``runtime.json``'s table names (kept by their sha256, so not listed here); and ``build``, a
sha256 over every listed file's path and bytes and the table, which the page keeps once this build is kept whole,
so that a later visit can tell this build from an older one kept before. Left out: the precompressed copies
(``.gz``, ``.br``: the same files, chosen by the server), the source maps, the search languages other than English
(the site is in English: Material's search asks for none of them), the sitemap, the service worker's own script (the
browser fetches it itself), ``runtime.json`` (the page sends it apart, to be read first) and this list. Pyodide's
files that the table does not name are listed (its own standard library, which a start reads only when the compiled
one lacks a module, or fails).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

NAME = "site-files.json"
_SKIP_SUFFIXES = (".gz", ".br", ".map")
_SKIP_UNDER = ("assets/javascripts/lunr/",)
_SKIP = ("sitemap.xml", "gamester-sw.js", "assets/gamester/runtime.json", f"assets/gamester/{NAME}")


def site_files(site: Path, runtime: dict[str, str]) -> dict:
    """The list for the built site in ``site``; ``runtime``: ``runtime.json``'s table (path under ``assets/`` ->
    sha256), whose files are left to it."""
    pages: list[str] = []
    files: list[str] = []
    size = 0
    build = hashlib.sha256(json.dumps(sorted(runtime.items())).encode())
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if (rel.endswith(_SKIP_SUFFIXES) or rel.startswith(_SKIP_UNDER) or rel in _SKIP
                or (rel.startswith("assets/") and rel[len("assets/"):] in runtime)):
            continue
        if path.name == "index.html":
            pages.append(rel[:-len("index.html")])
        else:
            files.append(rel)
        data = path.read_bytes()
        size += len(data)
        build.update(f"\n{rel}\n{hashlib.sha256(data).hexdigest()}".encode())
    runtime_bytes = sum((site / "assets" / name).stat().st_size for name in runtime)
    return {"build": build.hexdigest(), "pages": pages, "files": files, "bytes": size, "runtime_files": len(runtime),
            "runtime_bytes": runtime_bytes}


def write(site: Path, runtime: dict[str, str]) -> dict:
    """Write the list (:func:`site_files`) to ``assets/gamester/site-files.json``; returns it."""
    listed = site_files(site, runtime)
    (site / "assets" / "gamester" / NAME).write_text(json.dumps(listed, indent=1) + "\n", encoding="utf-8")
    return listed


__all__ = ["NAME", "site_files", "write"]

"""The engine started from the ``<head>`` of the pages that have a way to play (issue 30).

After a build, each page with a live game widget (the one ``markers`` marks ``id="play"``) gets
``javascripts/gamester-early.js`` inline at the top of its ``<head>``, with the page's way to the site's root in
``data-root``: on a second visit it starts the engine's worker while the page itself is still loading (it decides
for itself whether the browser holds the runtime; see the script). No other page gets it. Inline, and before the
stylesheets, because a script after a stylesheet waits for it, and a script of its own would wait for a request.
Run by ``runtime.stage`` (so by every builder); running it again puts this build's tag in place of the one a page
has (a site staged again over a new runtime), and changes nothing where the two are the same.

The build's mark (:func:`build_mark`: the runtime's manifest and the engine worker's script, hashed) goes into
``data-build`` and into the built ``gamester-engine.js``: the engine's worker is named by it, so that where the
browser shares one worker between the site's pages (and keeps it across a reload) a page joins only an engine of its
own build, and a new build starts a new one.

What the browser must hold for the engine to start before the reader asks (:func:`held_sets`: the runtime files, each
under this build's sha256) goes into ``data-held`` and into the built ``gamester-engine.js`` (its ``HELD``), so that
neither the early start nor the page's prestart takes an older build's copies for held: with them, a start fetches
this build's files from the network, which is for the reader's first request to do, not for a page's load.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path

SCRIPT = "javascripts/gamester-early.js"
PLAY_WIDGET = re.compile(r'<div class="gm-widget" id="play"')
CHARSET = re.compile(r"<meta charset=[\"']?utf-8[\"']?\s*/?>", re.IGNORECASE)
MARK = "data-gamester-early"
TAG = re.compile(r"<script data-gamester-early[^>]*>.*?</script>", re.DOTALL)
ENGINE = "javascripts/gamester-engine.js"
WORKER = "javascripts/gamester-worker.js"
WORKER_MODULES = (WORKER, "javascripts/gamester-worker-files.js")  # the worker's script and the module it imports
RUNTIME = "assets/gamester/runtime.json"
BUILD_LINE = re.compile(r'^const BUILD = "[0-9a-f]*";$', re.MULTILINE)
HELD_LINE = re.compile(r"^const HELD = .*;$", re.MULTILINE)
WASM = "pyodide/pyodide.asm.wasm"


def build_mark(site: Path) -> str:
    """This build's engine, in 16 hex digits: the runtime it starts (``runtime.json``, which holds every file's
    sha256) and the worker's scripts that start it."""
    digest = hashlib.sha256()
    for rel in (RUNTIME, *WORKER_MODULES):
        p = site / rel
        digest.update(p.read_bytes() if p.is_file() else b"")
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def held_sets(site: Path) -> list[list[list[str]]]:
    """The runtime files the browser must hold for the engine to start without the network, as ``[name, sha256]``
    pairs under ``assets/`` (runtime.json's cache table): every file a start from storage asks for, Pyodide's own
    (the wasm first) with the start-up snapshot and the two files beside it, or with the ordinary start's compiled
    library and engine wheel (what a first visit on a slow link keeps instead). Either set is enough; ``[]`` when the
    build has no runtime (then nothing starts before the reader asks)."""
    try:
        manifest = json.loads((site / RUNTIME).read_text(encoding="utf-8"))
        table = manifest.get("cache") or {}
    except (OSError, ValueError, AttributeError):
        return []
    pyodide = [WASM, *sorted(n for n in table if n.startswith("pyodide/") and n != WASM)]
    sets = []
    for keys in (("snapshot", "snapshot_files", "snapshot_stdlib"), ("stdlib", "wheel")):
        names = [manifest.get(k) for k in keys]
        files = [*pyodide, *(f"gamester/{n}" for n in names if isinstance(n, str) and n)]
        if len(files) == len(pyodide) + len(keys) and all(isinstance(table.get(f), str) for f in files):
            sets.append([[f, table[f]] for f in files])
    return sets


def mark_engine(site: Path, build: str, held: list[list[list[str]]] | None = None) -> bool:
    """Write ``build`` into the built ``gamester-engine.js`` (its ``const BUILD``), and ``held`` (:func:`held_sets`)
    into its ``const HELD``; False if it has no ``BUILD`` line."""
    p = site / ENGINE
    if not p.is_file():
        return False
    text = p.read_text(encoding="utf-8")
    new, n = BUILD_LINE.subn(f'const BUILD = "{build}";', text, count=1)
    new = HELD_LINE.sub(lambda _: f"const HELD = {json.dumps(held or [])};", new, count=1)
    if n and new != text:
        p.write_text(new, encoding="utf-8")
    return bool(n)


def tag(root: str, code: str, build: str = "", held: list[list[list[str]]] | None = None) -> str:
    """The inline script for a page whose way to the site's root is ``root`` ("../", or "./" at the root)."""
    code = "\n".join(line for line in code.strip().splitlines() if not line.lstrip().startswith("//"))
    mark = f' data-build="{html.escape(build)}"' if build else ""
    if held:
        mark += f' data-held="{html.escape(json.dumps(held, separators=(",", ":")))}"'
    return f'<script {MARK} data-root="{html.escape(root)}"{mark}>\n{code}\n</script>'


def mark_pages(site: Path) -> list[Path]:
    """Put the early start into every page of ``site`` with a live game widget, and the build's mark and held files
    into it and into the engine module; return the pages written."""
    build = build_mark(site)
    held = held_sets(site)
    if not mark_engine(site, build, held):
        build = ""  # (an engine module without the line names its worker plainly: the early start does the same)
    source = site / SCRIPT
    if not source.is_file():
        return []
    code = source.read_text(encoding="utf-8")
    if "</script" in code.lower():
        raise ValueError(f"{SCRIPT} cannot go inline: it contains </script")
    marked = []
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if not PLAY_WIDGET.search(text):
            continue
        new = tag("../" * (len(page.relative_to(site).parts) - 1) or "./", code, build, held)
        if MARK in text:  # (staged before: this build's tag in place of that one)
            old = TAG.search(text)
            if old is None:
                continue  # (not a tag this module wrote: left as it is)
            now = text[:old.start()] + new + text[old.end():]
        else:
            at = CHARSET.search(text)
            head = text.find("<head>")
            if at is None and head < 0:
                continue
            cut = at.end() if at else head + len("<head>")
            now = text[:cut] + "\n" + new + text[cut:]
        if now != text:
            page.write_text(now, encoding="utf-8")
            marked.append(page)
    return marked

"""Puts the browser runtime into a built site: Pyodide (from npm) and our engine as a pure-Python wheel.

A step of its own, run after either builder: ``python -m gamester_site.runtime SITE_DIR`` (after ``zensical build``),
or :func:`stage` from the MkDocs hook's ``on_post_build`` (``mkdocs build`` and ``mkdocs serve``). No MkDocs import.

:func:`stage` copies the five files a page needs from ``node_modules/pyodide`` into ``assets/pyodide/`` and
builds ``engine/gamester`` into ``assets/gamester/gamester-<version>-py3-none-any.whl`` with :mod:`zipfile` (a plain
wheel needs no build backend: this takes milliseconds and works offline, under ``mkdocs build`` and ``mkdocs
serve``). ``assets/gamester/runtime.json`` tells the worker which files to fetch::

    {"pyodide": "314.0.7", "wheel": "gamester-0.1.0-py3-none-any.whl", "sha256": "...", "version": "0.1.0"}

It also writes ``assets/gamester/clause-passages.json`` (clause id -> the passages behind it, for the widgets).
Nothing is downloaded: if ``node_modules/pyodide`` is missing the build fails and says ``npm ci``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import logging
import os
import re
import shutil
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("mkdocs.gamester_site.runtime")


class StagingError(Exception):
    """The runtime cannot be put into the site (the message says what to do)."""


ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ENGINE_DIR = ROOT / "engine" / "gamester"
# A fixed timestamp keeps the wheel byte-for-byte reproducible (zip entries carry dates).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def engine_version() -> str:
    text = (ENGINE_DIR / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.M)
    if not m:
        raise StagingError("pyodide_runtime: engine/gamester/__init__.py has no __version__")
    return m.group(1)


def engine_files() -> list[Path]:
    out = []
    for p in sorted(ENGINE_DIR.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".typed", ".json", ".txt"):
            out.append(p)
    return out


def build_wheel(dest_dir: Path) -> tuple[str, str]:
    """Write the engine wheel into ``dest_dir``; return (filename, sha256 hex)."""
    version = engine_version()
    name = f"gamester-{version}-py3-none-any.whl"
    dist_info = f"gamester-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for p in engine_files():
        arc = "gamester/" + p.relative_to(ENGINE_DIR).as_posix()
        entries.append((arc, p.read_bytes()))
    entries.append((f"{dist_info}/METADATA", (
        "Metadata-Version: 2.1\nName: gamester\n"
        f"Version: {version}\nSummary: Rules engine for the card games of Cotton's Compleat Gamester (1674)\n"
        "Requires-Python: >=3.11\nLicense: MIT\n").encode()))
    entries.append((f"{dist_info}/WHEEL", (
        b"Wheel-Version: 1.0\nGenerator: gamester-site-hook\nRoot-Is-Purelib: true\nTag: py3-none-any\n")))
    entries.append((f"{dist_info}/top_level.txt", b"gamester\n"))
    record_lines = []
    for arc, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{arc},sha256={digest},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in entries:
            info = zipfile.ZipInfo(arc, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    data = buf.getvalue()
    dest_dir.mkdir(parents=True, exist_ok=True)
    for old in dest_dir.glob("gamester-*.whl"):
        old.unlink()
    (dest_dir / name).write_bytes(data)
    return name, hashlib.sha256(data).hexdigest()


def pyodide_version() -> str:
    try:
        return json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, KeyError, ValueError) as e:
        raise StagingError(f"pyodide_runtime: cannot read {PYODIDE_DIR}/package.json ({e}); run `npm ci`") from None


def copy_pyodide(dest: Path) -> None:
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_DIR / f).is_file()]
    if missing:
        raise StagingError(f"pyodide_runtime: {', '.join(missing)} missing from {PYODIDE_DIR}: run `npm ci`")
    dest.mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_FILES:
        src, dst = PYODIDE_DIR / f, dest / f
        # Skip unchanged files (mkdocs serve rebuilds often; the wasm is 9.6 MB).
        if dst.is_file() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
            continue
        shutil.copy2(src, dst)


def stage(site_dir: str | os.PathLike) -> dict:
    """Put Pyodide, the engine wheel, ``runtime.json`` and ``clause-passages.json`` into ``site_dir``."""
    site = Path(site_dir)
    copy_pyodide(site / "assets" / "pyodide")
    wheel, sha = build_wheel(site / "assets" / "gamester")
    manifest = {"pyodide": pyodide_version(), "wheel": wheel, "sha256": sha, "version": engine_version(),
                "files": list(PYODIDE_FILES)}
    (site / "assets" / "gamester" / "runtime.json").write_text(json.dumps(manifest, indent=1) + "\n",
                                                             encoding="utf-8")
    from gamester_site.downloads import write_assets

    write_assets(str(site))
    log.debug("runtime: %s and Pyodide %s in %s", wheel, manifest["pyodide"], site / "assets")
    return manifest


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m gamester_site.runtime SITE_DIR  (after a build: puts Pyodide and the engine in)",
              file=sys.stderr)
        return 2
    if not Path(args[0]).is_dir():
        print(f"gamester_site.runtime: no built site at {args[0]}", file=sys.stderr)
        return 2
    try:
        manifest = stage(args[0])
    except StagingError as ex:
        print(ex, file=sys.stderr)
        return 2
    print(f"staged Pyodide {manifest['pyodide']} and {manifest['wheel']} into {args[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

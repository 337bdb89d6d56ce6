"""Precompressed copies of a built site's files: ``FILE.gz`` (gzip level 9) and ``FILE.br`` (brotli quality 11).

    python -m gamester_site.precompress SITE_DIR [--cache DIR]   # writes the copies, prints raw/gzip/brotli sizes

Hosts that can serve a precompressed copy (nginx ``gzip_static on`` and ngx_brotli's ``brotli_static on``, Caddy
``precompressed br gzip``, Apache with mod_rewrite rules, the classroom ``serve.py``) then send the 9.6 MB wasm as
about 2.4 MB (brotli) or 3.2 MB (gzip) without compressing it on every request; hosts that compress on the fly
(GitHub Pages, most CDNs) ignore the copies. A copy is kept only where it saves at least a tenth (our wheel, a zip,
never does), and a stale copy of a file that no longer gains is removed.

Brotli at quality 11 is slow (about 36 s for the wasm on one core), so every compressed output is kept in a cache
folder (``.cache/precompressed/`` by default, git-ignored) under the SHA-256 of its input: a rebuild of an unchanged
runtime takes no time. The brotli codec is Google's ``brotli`` package (requirements/dev.txt); where it is missing,
Node's built-in ``zlib.brotliCompressSync`` does the same work (Node is needed for npm anyway). Neither copy carries
a timestamp or a file name, so the same site gives the same bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SUFFIXES = (".wasm", ".mjs", ".js", ".css", ".html", ".json", ".xml", ".svg", ".zip", ".txt", ".whl", ".map", ".bin")
MIN_BYTES = 4096
MIN_SAVING = 0.10
GZIP_LEVEL = 9
BROTLI_QUALITY = 11
DEFAULT_CACHE = Path(".cache/precompressed")
ENCODINGS = (("gzip", ".gz"), ("br", ".br"))

_NODE_BROTLI = """
const zlib = require("zlib");
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const raw = Buffer.concat(chunks);
  process.stdout.write(zlib.brotliCompressSync(raw, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: @QUALITY@,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 22,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
});
""".replace("@QUALITY@", str(BROTLI_QUALITY))


def brotli_codec() -> str:
    """Which brotli compressor this machine has: "brotli" (the PyPI package) or "node"; raises if neither."""
    try:
        import brotli  # noqa: F401
        return "brotli"
    except ImportError:
        if shutil.which("node"):
            return "node"
    raise RuntimeError("no brotli compressor: pip install brotli (requirements/dev.txt), or install Node")


def gzip_bytes(raw: bytes) -> bytes:
    return gzip.compress(raw, compresslevel=GZIP_LEVEL, mtime=0)


def brotli_bytes(raw: bytes) -> bytes:
    if brotli_codec() == "brotli":
        import brotli
        return brotli.compress(raw, quality=BROTLI_QUALITY, lgwin=22)
    done = subprocess.run(["node", "-e", _NODE_BROTLI], input=raw, capture_output=True, check=True)
    return done.stdout


def _compressed(raw: bytes, encoding: str, cache: Path | None) -> bytes:
    """``raw`` compressed, from the cache when this input was compressed before (same codec settings)."""
    tag = f"gzip{GZIP_LEVEL}" if encoding == "gzip" else f"br{BROTLI_QUALITY}"
    entry = None
    if cache is not None:
        entry = cache / f"{hashlib.sha256(raw).hexdigest()}.{tag}"
        if entry.is_file():
            return entry.read_bytes()
    packed = gzip_bytes(raw) if encoding == "gzip" else brotli_bytes(raw)
    if entry is not None:
        cache.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=cache, prefix=".part-")  # atomic: parallel builds share the cache
        with os.fdopen(fd, "wb") as f:
            f.write(packed)
        os.replace(tmp, entry)
    return packed


def precompress(site: Path, min_bytes: int = MIN_BYTES, cache: Path | None = DEFAULT_CACHE,
                ) -> list[tuple[str, int, int, int]]:
    """Write ``.gz`` and ``.br`` copies; return (path, raw, gzip, brotli bytes) for every file considered, largest
    first (the sizes of the compressed forms whether or not a copy was kept)."""
    rows = []
    for f in sorted(site.rglob("*")):
        if not f.is_file() or f.suffix not in SUFFIXES or f.stat().st_size < min_bytes:
            continue
        raw = f.read_bytes()
        sizes = []
        for encoding, suffix in ENCODINGS:
            packed = _compressed(raw, encoding, cache)
            copy = f.with_name(f.name + suffix)
            if len(packed) <= (1 - MIN_SAVING) * len(raw):
                if not (copy.is_file() and copy.read_bytes() == packed):
                    copy.write_bytes(packed)
            elif copy.exists():
                copy.unlink()
            sizes.append(len(packed))
        rows.append((f.relative_to(site).as_posix(), len(raw), sizes[0], sizes[1]))
    rows.sort(key=lambda r: (-r[1], r[0]))
    return rows


def report(rows: list[tuple[str, int, int, int]], top: int = 8) -> str:
    def pct(n: int, raw: int) -> str:
        return f"({n / raw:4.0%})" if n <= (1 - MIN_SAVING) * raw else "(none)"

    lines = [f"{'file':<44} {'raw':>10} {'gzip':>17} {'brotli':>17}"]
    for path, raw, gz, br in rows[:top]:
        lines.append(f"{path:<44} {raw / 1e6:>8.2f}MB {gz / 1e6:>8.2f}MB {pct(gz, raw):>6}"
                     f" {br / 1e6:>8.2f}MB {pct(br, raw):>6}")
    raw_all = sum(r[1] for r in rows)
    gz_all, br_all = sum(r[2] for r in rows), sum(r[3] for r in rows)
    if raw_all:
        lines.append(f"{'all ' + str(len(rows)) + ' files considered':<44} {raw_all / 1e6:>8.2f}MB"
                     f" {gz_all / 1e6:>8.2f}MB ({gz_all / raw_all:4.0%}) {br_all / 1e6:>8.2f}MB ({br_all / raw_all:4.0%})")
    lines.append("(none): no copy written, it would save less than a tenth")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    cache: Path | None = DEFAULT_CACHE
    if "--cache" in args:
        i = args.index("--cache")
        if i + 1 >= len(args):
            args = []
        else:
            cache = Path(args[i + 1])
            del args[i:i + 2]
    if "--no-cache" in args:
        args.remove("--no-cache")
        cache = None
    if len(args) != 1 or not Path(args[0], "index.html").is_file():
        print("usage: python -m gamester_site.precompress SITE_DIR [--cache DIR | --no-cache]"
              "  (a built site, with index.html)", file=sys.stderr)
        return 2
    try:
        brotli_codec()
    except RuntimeError as ex:
        print(f"precompress: {ex}", file=sys.stderr)
        return 2
    print(report(precompress(Path(args[0]), cache=cache)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

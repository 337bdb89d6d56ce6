"""Precompressed copies of a built site's largest files: ``FILE.gz`` beside ``FILE`` (stdlib gzip, level 9).

    python -m gamester_site.precompress SITE_DIR      # writes the copies and prints raw and gzip sizes

Hosts that can serve a precompressed copy (nginx ``gzip_static on``, Caddy ``precompressed gzip``, Apache with
mod_rewrite rules, the classroom ``serve.py``) then send the wasm at about a third of its size without compressing
it on every request; hosts that compress on the fly (GitHub Pages, most CDNs) ignore the copies. A copy is kept only
where it saves at least a tenth. The copies carry no timestamp, so the same site gives the same bytes.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

SUFFIXES = (".wasm", ".mjs", ".js", ".css", ".html", ".json", ".xml", ".svg", ".zip", ".txt", ".whl")
MIN_BYTES = 4096


def precompress(site: Path, min_bytes: int = MIN_BYTES) -> list[tuple[str, int, int]]:
    """Write ``.gz`` copies; return (path, raw bytes, gzip bytes) for every file considered, largest first."""
    rows = []
    for f in sorted(site.rglob("*")):
        if not f.is_file() or f.suffix not in SUFFIXES or f.stat().st_size < min_bytes:
            continue
        raw = f.read_bytes()
        packed = gzip.compress(raw, compresslevel=9, mtime=0)
        gz = f.with_name(f.name + ".gz")
        if len(packed) <= 0.9 * len(raw):
            gz.write_bytes(packed)
        elif gz.exists():
            gz.unlink()
        rows.append((f.relative_to(site).as_posix(), len(raw), len(packed)))
    rows.sort(key=lambda r: -r[1])
    return rows


def report(rows: list[tuple[str, int, int]], top: int = 8) -> str:
    lines = [f"{'file':<44} {'raw':>10} {'gzip':>10}"]
    for path, raw, packed in rows[:top]:
        lines.append(f"{path:<44} {raw / 1e6:>8.2f}MB {packed / 1e6:>8.2f}MB  ({packed / raw:.0%})")
    raw_all, packed_all = sum(r[1] for r in rows), sum(r[2] for r in rows)
    lines.append(f"{'all ' + str(len(rows)) + ' files considered':<44} {raw_all / 1e6:>8.2f}MB {packed_all / 1e6:>8.2f}MB"
                 f"  ({packed_all / raw_all:.0%})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or not Path(args[0], "index.html").is_file():
        print("usage: python -m gamester_site.precompress SITE_DIR  (a built site, with index.html)", file=sys.stderr)
        return 2
    print(report(precompress(Path(args[0]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

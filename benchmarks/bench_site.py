"""Site build figures (printed, never asserted): the full `mkdocs build --strict` time, pages and bytes.

Goal: the whole build in <= 15 s on two cores. Run by `nox -s bench`, or `python benchmarks/bench_site.py [RUNS]`.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def build(out: pathlib.Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0"}
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)], cwd=ROOT,
                          env=env, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if proc.returncode != 0:
        sys.exit(f"bench_site: the strict build failed:\n{proc.stderr[-3000:]}")
    return dt


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "site"
        for _ in range(runs):
            times.append(build(out))
        pages = [p for p in out.rglob("index.html")]
        html_bytes = sum(p.stat().st_size for p in out.rglob("*.html"))
        all_bytes = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        examples = sum(p.read_text(encoding="utf-8").count('class="gm-example"') for p in pages)
    print(f"site build (mkdocs build --strict, {os.cpu_count()} cores): "
          + ", ".join(f"{t:.2f} s" for t in times) + f"; best {min(times):.2f} s (goal <= 15 s)")
    print(f"site: {len(pages)} pages, {examples} engine renderings, HTML {html_bytes / 1e6:.2f} MB, "
          f"all files {all_bytes / 1e6:.1f} MB")


if __name__ == "__main__":
    main()

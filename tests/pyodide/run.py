"""The engine's test suite inside Pyodide under Node, and the CPython/Pyodide parity check (``nox -s pyodide``).

What ``pyodide venv`` would do, offline (pyodide-build cannot: its commands download a cross-build environment from
the internet, and its newest releases need Python >= 3.12): pure wheels of
pytest and hypothesis for CPython 3.14 are fetched once with ``pip download`` into ``.cache/pyodide-wheels``, our
engine is built into a wheel exactly as the site build does (site_src/gamester_site/runtime.py), all of them are
unpacked into Pyodide's site-packages, and ``pytest.main`` runs ``tests/engine`` (hosts included) there. Then both
hosts play the same games (tests/pyodide/parity.py: every game, 200 seeds) and their record hashes must agree.

    python tests/pyodide/run.py            # tests + parity
    python tests/pyodide/run.py --parity-only / --tests-only / --seeds 50 / -- -k cards   (extra pytest args)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CACHE = ROOT / ".cache" / "pyodide-wheels"
PYODIDE = ROOT / "node_modules" / "pyodide"
TEST_PACKAGES = ("pytest", "hypothesis")


def pinned(name: str) -> str:
    text = (ROOT / "requirements" / "dev.txt").read_text(encoding="utf-8")
    m = re.search(rf"^{name}==(\S+)", text, re.M | re.I)
    return f"{name}=={m.group(1)}" if m else name


def test_wheels() -> list[Path]:
    """Pure wheels of pytest, hypothesis and their dependencies for CPython 3.14 (downloaded once)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    have = {p.name.split("-")[0].lower() for p in CACHE.glob("*.whl")}
    if not all(p in have for p in TEST_PACKAGES):
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                        "--python-version", "3.14", "--only-binary=:all:", "--platform", "any",
                        "-d", str(CACHE), *[pinned(p) for p in TEST_PACKAGES]], check=True)
    return sorted(CACHE.glob("*.whl"))


def engine_wheel(dest: Path) -> Path:
    from gamester_site import runtime

    name, _ = runtime.build_wheel(dest)
    return dest / name


def cpython_digests(wheel: Path, seeds: int) -> subprocess.Popen:
    """Start CPython on the very wheel Pyodide gets (so an edit in between cannot make a false difference)."""
    src = wheel.parent / "cpython"
    zipfile.ZipFile(wheel).extractall(src)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(HERE)]), "PYTHONHASHSEED": "0"}
    code = f"import json, time, parity; t = time.perf_counter(); d = parity.digests({seeds}); " \
           "print(json.dumps({'digests': d, 's': time.perf_counter() - t}))"
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True, cwd=wheel.parent)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--parity-only", action="store_true")
    ap.add_argument("--tests-only", action="store_true")
    ap.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    ns = ap.parse_args(argv)
    if not (PYODIDE / "pyodide.mjs").is_file():
        print("node_modules/pyodide is missing: run `npm ci`", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        tmpd = Path(tmp)
        wheels = [engine_wheel(tmpd / "engine")] + ([] if ns.parity_only else test_wheels())
        targets = [p for p in ("tests/engine",) if (ROOT / p).is_dir()]
        cfg = {
            "pyodide": str(PYODIDE), "wheels": [str(w) for w in wheels], "tests_dir": str(ROOT / "tests"),
            "pyproject": str(ROOT / "pyproject.toml"),
            "pytest_args": None if ns.parity_only else [
                *[f"/repo/{t}" for t in targets], "-q", "-p", "no:cacheprovider", "-m", "not slow",
                "--rootdir", "/repo", *ns.pytest_args],
            "parity_seeds": 0 if ns.tests_only else ns.seeds,
            "out": str(tmpd / "out.json"),
        }
        (tmpd / "cfg.json").write_text(json.dumps(cfg))
        cpy = None if ns.tests_only else cpython_digests(wheels[0], ns.seeds)
        proc = subprocess.run(["node", str(HERE / "run.mjs"), str(tmpd / "cfg.json")], cwd=ROOT)
        cpy_out = json.loads(cpy.communicate()[0]) if cpy else None
        if proc.returncode != 0 or not (tmpd / "out.json").is_file():
            print(f"pyodide: the Node run failed (exit {proc.returncode})", file=sys.stderr)
            return 1
        out = json.loads((tmpd / "out.json").read_text())
    print(f"pyodide: {out['python'].split()[0]} booted in {out['boot_ms'] / 1000:.1f} s; "
          f"gamester from {out['gamester_file']}")
    status = 0
    if "pytest_exit" in out:
        print(f"pyodide: pytest {' '.join(targets)} exit {out['pytest_exit']} in {out['pytest_ms'] / 1000:.1f} s")
        status |= out["pytest_exit"] != 0
    if "digests" in out:
        mine, cpy_s = cpy_out["digests"], cpy_out["s"]
        theirs = out["digests"]
        if sorted(mine) != sorted(theirs):
            print(f"parity: FAIL: games differ: CPython {sorted(mine)} vs Pyodide {sorted(theirs)}")
            status = 1
        for game in sorted(mine):
            a, b = mine[game], theirs.get(game, [])
            bad = [s for s in range(len(a)) if s >= len(b) or a[s] != b[s]]
            if bad:
                print(f"parity: FAIL {game}: {len(bad)} of {len(a)} seeds differ, first seed {bad[0]}")
                status = 1
            else:
                print(f"parity: {game}: {len(a)} seeds, identical records on CPython and Pyodide")
        if not mine:
            print("parity: no games registered yet")
        print(f"parity: {out['parity_ms'] / 1000:.1f} s in Pyodide, {cpy_s:.1f} s in CPython")
    print(f"pyodide: done in {time.perf_counter() - t0:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())

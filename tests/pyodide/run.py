"""The engine's test suite inside Pyodide under Node, and the CPython/Pyodide parity check (``nox -s pyodide``).

What ``pyodide venv`` would do, offline (pyodide-build cannot: its commands download a cross-build environment from
the internet, and its newest releases need Python >= 3.12): pure wheels of
pytest and hypothesis for CPython 3.14 are fetched once with ``pip download`` into ``.cache/pyodide-wheels``, our
engine is built into a wheel exactly as the site build does (site_src/gamester_site/runtime.py), all of them are
unpacked into Pyodide's site-packages, and ``pytest.main`` runs ``tests/engine`` (hosts included) there. Then both
hosts play the same games (tests/pyodide/parity.py: every game, 200 seeds) and their record hashes must agree.

What Pyodide runs is what shows the engine behaves the same on the other host, not the property search again: the
engine's fast tests (``-m "not slow and not heavy"``: a ``heavy`` test's subject is a long computation of the same
Python, run on CPython by ``nox -s tests``; each has a short counterpart in the fast tests, and the parity games
compare whole games of every game, preset and bot), each property test with a fifth of its examples
(tests/pyodide/fewer_examples.py).

The test files are shared out among ``--jobs`` Node processes (one per core, at most 4), and the parity games run in
one more, all at once: each boots its own Pyodide, so no test sees another's state.

    python tests/pyodide/run.py            # tests + parity
    python tests/pyodide/run.py --parity-only / --tests-only / --seeds 50 / --jobs 1 / --fresh / -- -k cards

CPython's digests depend only on the wheel's bytes, parity.py, the interpreter's version and the seeds: they are kept
in .cache/parity-cpython under a hash of those four, and a later run on the same engine compares Pyodide's against
them instead of playing the 800 games on CPython again (``--fresh`` plays them anyway).
"""

from __future__ import annotations

import argparse
import hashlib
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
#: CPython's parity digests of a wheel, by cpython_key: the same engine is not played again on CPython (about 30 s of
#: CPU for 200 seeds, most of it Put's three-handed odds) when only the docs, the site or the tests changed.
DIGESTS = ROOT / ".cache" / "parity-cpython"
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


def cpython_key(wheel: Path, seeds: int) -> str:
    """What CPython's parity digests are a function of: the wheel's bytes (build_wheel writes the same bytes for the
    same engine files), tests/pyodide/parity.py, the interpreter's version and the number of seeds."""
    h = hashlib.sha256()
    for part in (wheel.read_bytes(), (HERE / "parity.py").read_bytes(), sys.version.encode(), str(seeds).encode()):
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()


def cpython_digests(wheel: Path, seeds: int) -> subprocess.Popen:
    """Start CPython on the very wheel Pyodide gets (so an edit in between cannot make a false difference)."""
    src = wheel.parent / "cpython"
    zipfile.ZipFile(wheel).extractall(src)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(HERE)]), "PYTHONHASHSEED": "0"}
    code = f"import json, time, parity; t = time.perf_counter(); d = parity.digests({seeds}); " \
           "print(json.dumps({'digests': d, 's': time.perf_counter() - t}))"
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True, cwd=wheel.parent)


def shards(jobs: int) -> list[list[str]]:
    """The test files of tests/engine in ``jobs`` groups of about equal size (largest first, each to the smallest)."""
    files = sorted((ROOT / "tests" / "engine").rglob("test_*.py"), key=lambda f: (-f.stat().st_size, f))
    groups: list[tuple[int, list[str]]] = [(0, []) for _ in range(max(1, min(jobs, len(files))))]
    for f in files:
        size, names = min(groups, key=lambda g: g[0])
        groups[groups.index((size, names))] = (size + f.stat().st_size, [*names, f"/repo/{f.relative_to(ROOT)}"])
    return [sorted(names) for _, names in groups if names]


def node(cfg: dict, path: Path) -> subprocess.Popen:
    """One Node process running Pyodide on ``cfg`` (written to ``path``); its output goes to ``path``.log."""
    path.write_text(json.dumps(cfg))
    with open(path.with_suffix(".log"), "w") as log:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(["node", str(HERE / "run.mjs"), str(path)], cwd=ROOT, stdout=log,
                                stderr=subprocess.STDOUT)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--parity-only", action="store_true")
    ap.add_argument("--tests-only", action="store_true")
    ap.add_argument("--fresh", action="store_true",
                    help="play the parity games on CPython even if this wheel's digests were kept by an earlier run")
    ap.add_argument("--jobs", type=int, default=min(os.cpu_count() or 1, 4),  # each Pyodide holds a few hundred MB
                    help="Node processes for the tests (default: one per core, at most 4)")
    ap.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    ns = ap.parse_args(argv)
    if not (PYODIDE / "pyodide.mjs").is_file():
        print("node_modules/pyodide is missing: run `npm ci`", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        tmpd = Path(tmp)
        wheels = [engine_wheel(tmpd / "engine")] + ([] if ns.parity_only else test_wheels())
        targets = ["tests/engine"]
        base = {"pyodide": str(PYODIDE), "wheels": [str(w) for w in wheels], "tests_dir": str(ROOT / "tests"),
                "pyproject": str(ROOT / "pyproject.toml"), "pytest_args": None, "parity_seeds": 0}
        jobs: list[tuple[str, Path, subprocess.Popen]] = []
        if not ns.tests_only:
            cfg = tmpd / "parity.json"
            jobs.append(("parity", cfg, node({**base, "wheels": [str(wheels[0])], "parity_seeds": ns.seeds,
                                              "out": str(tmpd / "parity.out")}, cfg)))  # the engine alone
        if not ns.parity_only:
            for i, files in enumerate(shards(ns.jobs)):
                cfg = tmpd / f"tests{i}.json"
                args = [*files, "-q", "-o", "addopts=-ra --strict-markers -p no:cacheprovider", "-m",
                        "not slow and not heavy", "-p", "fewer_examples", "--rootdir", "/repo",
                        *ns.pytest_args]  # addopts: not pyproject's (no xdist in Pyodide)
                jobs.append((f"tests {i + 1}", cfg, node({**base, "pytest_args": args, "out": str(tmpd / f"{i}.out")},
                                                         cfg)))
        cpy, cpy_out, key = None, None, None
        if not ns.tests_only:
            key = cpython_key(wheels[0], ns.seeds)
            kept = DIGESTS / f"{key}.json"
            if kept.is_file() and not ns.fresh:
                cpy_out = {**json.loads(kept.read_text(encoding="utf-8")), "kept": True}
            else:
                cpy = cpython_digests(wheels[0], ns.seeds)
        outs = []
        for name, cfg, proc in jobs:
            proc.wait()
            log = cfg.with_suffix(".log").read_text()
            result = Path(json.loads(cfg.read_text())["out"])
            print(f"--- pyodide, {name} ---\n{log.rstrip()}" if log.strip() else f"--- pyodide, {name}: done")
            if proc.returncode != 0 or not result.is_file():
                print(f"pyodide: the Node run ({name}) failed (exit {proc.returncode})", file=sys.stderr)
                return 1
            outs.append(json.loads(result.read_text()))
        if cpy:
            cpy_out = json.loads(cpy.communicate()[0])
            if cpy.returncode == 0:
                DIGESTS.mkdir(parents=True, exist_ok=True)
                (DIGESTS / f"{key}.json").write_text(json.dumps(cpy_out), encoding="utf-8")
    out = {k: v for o in outs for k, v in o.items() if k not in ("pytest_exit", "pytest_ms")}
    tests = [o for o in outs if "pytest_exit" in o]
    if tests:
        codes = [o["pytest_exit"] for o in tests]  # 5: no test of a group was selected (-k), an error only in all
        bad = [c for c in codes if c not in (0, 5)]
        out["pytest_exit"] = bad[0] if bad else 0 if 0 in codes else 5
        out["pytest_ms"] = max(o["pytest_ms"] for o in tests)
    print(f"pyodide: {out['python'].split()[0]} booted in {out['boot_ms'] / 1000:.1f} s; "
          f"gamester from {out['gamester_file']}")
    status = 0
    if "pytest_exit" in out:
        print(f"pyodide: pytest {' '.join(targets)} exit {out['pytest_exit']} in {out['pytest_ms'] / 1000:.1f} s "
              f"({len(tests)} processes)")
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
        kept = " (digests CPython gave for this very wheel in an earlier run, .cache/parity-cpython)" \
            if cpy_out.get("kept") else ""
        print(f"parity: {out['parity_ms'] / 1000:.1f} s in Pyodide, {cpy_s:.1f} s in CPython{kept}")
    print(f"pyodide: done in {time.perf_counter() - t0:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())

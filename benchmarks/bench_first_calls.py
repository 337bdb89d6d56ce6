"""First calls: the CPU time of a request that is the first of its process (nothing cached yet), per op, in
CPython and in Pyodide under Node (a fresh interpreter for each request, as a reader's first click after the
engine has booted), with the same request asked again for contrast. Figures only, never asserted (issue #24: the
stated bound, about 0.4 s per request, is a bound on the bots' steps; see the closing line).

    python benchmarks/bench_first_calls.py [--no-pyodide] [--engine DIR]

The requests are the slowest first calls found for each op (the issue's probe and benchmarks/bench_limits.py):
three-handed Put's odds (the sampled first trick), the widest Post and Pair and Speculation positions, an exercise.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from node_pyodide import node_script  # beside this script

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

PP_LONG = "cotton-1674(deals=29,vye_max=100,revyes=20)"
REQUESTS = [
    {"op": "games"},
    {"op": "render", "kind": "put-play", "args": {"seed": "1", "players": "3"}},
    {"op": "compare", "game": "put", "rulesets": ["cotton-1674", "reconstruction"], "args": {"players": 3}},
    {"op": "new", "game": "put", "players": 3, "seed": 1, "seat": "current", "chances": True},
    {"op": "view", "game": "put", "players": 3, "seed": 1, "seat": 0, "chances": True},
    {"op": "analysis", "game": "put", "players": 4, "seed": 1},
    {"op": "quiz", "game": "put", "seed": 1, "kind": "put"},
    {"op": "bot", "until": "end", "game": "post-and-pair", "ruleset": PP_LONG, "players": 17, "seed": 5},
    {"op": "new", "game": "speculation", "players": 10, "seed": 4, "ruleset": "pool-variants(deals=10)",
     "seat": "current", "chances": True},
    {"op": "run", "game": "post-and-pair", "command": "settle",
     "args": {"hands": ["QH QD QC", "KS KH KD", "AS 10S 9S", "2C 3C 4C"]}},
]

# Run in a fresh interpreter: import the engine, then time the request twice (CPU time, and the reply's size).
PY_SIDE = r"""
import json, sys, time
t = time.process_time()
from gamester.hosts import web
imp = time.process_time() - t
req = REQ
out = {"import_ms": imp * 1000}
for key in ("first_ms", "again_ms"):
    t = time.process_time()
    reply = web.handle(req)
    out[key] = (time.process_time() - t) * 1000
out["ok"] = json.loads(reply)["ok"]
out["chars"] = len(reply)
RESULT = json.dumps(out)
"""

NODE_SIDE = node_script(r"""
py.globals.set("REQ", cfg.request);
py.runPython(cfg.py_side);
process.stdout.write(py.globals.get("RESULT"));
""")


def cpython(req: str, engine: Path) -> dict:
    code = PY_SIDE.replace("REQ", repr(req)) + "\nprint(RESULT)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(engine), "PYTHONHASHSEED": "0"})
    return json.loads(out.stdout)


def pyodide(req: str, wheel: Path, tmp: Path) -> dict:
    cfg = {"pyodide": str(ROOT / "node_modules" / "pyodide"), "wheel": str(wheel), "request": req,
           "py_side": PY_SIDE.replace("req = REQ", "req = REQ")}
    (tmp / "cfg.json").write_text(json.dumps(cfg), encoding="utf-8")
    out = subprocess.run(["node", str(tmp / "run.mjs"), str(tmp / "cfg.json")], capture_output=True, text=True,
                         check=True, cwd=tmp)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--engine", type=Path, default=ROOT / "engine", help="the engine/ directory to measure")
    ns = ap.parse_args()
    node = shutil.which("node") and (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists()
    use_pyodide = bool(node) and not ns.no_pyodide
    print(f"bench_first_calls: the first request of a fresh interpreter, CPU ms (CPython "
          f"{platform.python_version()}{', Pyodide under Node' if use_pyodide else ''}; then the same again)")
    worst: dict[str, tuple[float, str]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-first-") as t:
        tmp = Path(t)
        wheel = None
        if use_pyodide:
            from bench_engine_pyodide import engine_wheel

            wheel = engine_wheel(tmp / "wheel", ns.engine if ns.engine != ROOT / "engine" else None)
            (tmp / "run.mjs").write_text(NODE_SIDE, encoding="utf-8")
        for r in REQUESTS:
            req = json.dumps(r)
            what = req if len(req) <= 90 else req[:87] + "..."
            c = cpython(req, ns.engine)
            line = f"  CPython {c['first_ms']:7.0f} (again {c['again_ms']:6.0f})"
            if wheel is not None:
                p = pyodide(req, wheel, tmp)
                line += f"  Pyodide {p['first_ms']:7.0f} (again {p['again_ms']:6.0f})"
                key = r["op"]
                if p["first_ms"] > worst.get(key, (-1.0, ""))[0]:
                    worst[key] = (p["first_ms"], what)
            print(f"{line}  {c['chars']:>9,} chars  {'' if c['ok'] else 'refused '}{what}")
    if worst:
        print("worst first call per op in Pyodide: " + ", ".join(f"{k} {v[0]:.0f} ms" for k, v in worst.items()))
    print("The bots' step is Limits.bot_moves moves (a long run pauses and says 'more'); "
          "a single request's first call is bounded by the limits, not by 0.4 s: see the figures above.")


if __name__ == "__main__":
    main()

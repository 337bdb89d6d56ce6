"""Engine time per settlement in Pyodide (under Node) against CPython here, with a profile of both (figures only).

    python benchmarks/bench_engine_pyodide.py [--settlements N] [--passes P] [--top K] [--engine DIR]

``--engine DIR`` measures the ``gamester`` package in DIR instead of ``engine/`` (to compare two versions, e.g.
``git archive HEAD~3 engine | tar -x -C /tmp/old`` and ``--engine /tmp/old/engine``).

The requests are those of part 5 of bench_browser.py: ``{"op": "run", "game": "post-and-pair", "command": "settle", "args": {"hands": [six
3-card hands from one shuffled pack]}``, one per seed 0..N-1, answered by ``gamester.hosts.web.handle``.

1. Median time per settlement in CPython (this interpreter, timed around ``handle`` as bench_browser.py does) and in
   Pyodide (npm ``node_modules/pyodide`` under Node, our engine unpacked from the same wheel the site ships, timed
   from JavaScript around the call of the ``handle`` proxy, as the browser's worker does; and again inside Python,
   which leaves out the JS<->Python bridge), and the ratio.
2. A cProfile of ``P`` passes over the requests in both: own time (tottime) per settlement by function, side by
   side, sorted by Pyodide time, with the Pyodide/CPython ratio of each (the functions that lose most in wasm stand
   out). The profiler's own cost per call is larger in wasm, so many tiny calls look worse than they are: read
   the ratios against the ratio of the whole profile, printed as "all".

Node runs the very wasm and stdlib the browser's worker runs, so its figure is a proxy for the browser's: on a quiet
machine a module worker in headless Chromium gave medians within about 10% of Node's (main's engine: 1.2 ms against
1.31 ms in Node, first pass). But a worker's ``performance.now()`` is coarsened to 0.1 ms (the page is not
cross-origin isolated), so each call's time there is a multiple of 0.1 ms: at half a millisecond a call, the
browser's median moves the ratio in steps of about 0.4. On a shared 2-core machine every figure here varies by
10-50% from run to run: compare versions with several alternating runs (``--engine``) and their best figures.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from node_pyodide import node_script  # beside this script

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"

# The Python side, run in both interpreters: times handle() from Python, then profiles it.
PY_SIDE = r'''
import cProfile, json, pstats, statistics, time
from gamester.hosts import web

def _key(path, line, name):
    # Our modules by path and line; the standard library (3.11 here, 3.14 in Pyodide: other lines) and generated
    # code (dataclasses' <string>) by module and name, so that both interpreters give the same keys.
    p = path.replace("\\", "/")
    i = p.rfind("/gamester/")
    if i >= 0:
        return f"{p[i + 1:]}:{line}({name})"
    if p == "~":
        return name
    parts = p.split("/")
    lib = [j for j, x in enumerate(parts) if x.startswith("python3")]
    return f"{'/'.join(parts[lib[-1] + 1:]) if lib else p}({name})"

def py_times(reqs):
    out = []
    for r in reqs:
        t = time.perf_counter()
        web.handle(r)
        out.append((time.perf_counter() - t) * 1000)
    return out

def profile(reqs, passes):
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(passes):
        for r in reqs:
            web.handle(r)
    prof.disable()
    st = pstats.Stats(prof)
    n = passes * len(reqs)
    out = {}
    for k, v in st.stats.items():
        a = out.setdefault(_key(*k), [0, 0.0, 0.0])
        a[0] += v[1]
        a[1] += v[2] * 1000 / n
        a[2] += v[3] * 1000 / n
    return out
'''

NODE_SIDE = node_script(r'''
const handle = py.pyimport("gamester.hosts.web").handle;  // as docs/javascripts/gamester-worker.js does
const reqs = cfg.requests;
for (const r of reqs.slice(0, 20)) handle(r);  // warm up, as bench_browser.py does for CPython
function jsTimes() {
  const ms = [];
  for (const r of reqs) {
    const t = performance.now();
    const reply = handle(r);
    ms.push(performance.now() - t);
    if (!JSON.parse(reply).ok) throw new Error(reply);
  }
  return ms;
}
const js = [];
for (let i = 0; i < cfg.rounds; i++) js.push(jsTimes());
py.runPython(cfg.py_side);
py.globals.set("reqs", py.toPy(reqs));
const inner = [];
for (let i = 0; i < cfg.rounds; i++) inner.push(JSON.parse(py.runPython("json.dumps(py_times(reqs))")));
const prof = JSON.parse(py.runPython(`json.dumps(profile(reqs, ${cfg.passes}))`));
const version = py.runPython("import sys; sys.version.split()[0]");
writeFileSync(cfg.out, JSON.stringify({ js, inner, prof, version }));
process.exit(0);
''')


def settlement_requests(n: int) -> list[str]:
    """The very requests bench_browser.py times (it sits beside this script)."""
    from bench_browser import settlement_requests as requests

    return requests(n)


def engine_wheel(dest: Path, engine: Path | None) -> Path:
    try:
        from gamester_site import runtime
    except ImportError:
        sys.path.insert(0, str(ROOT / "site_src"))
        from gamester_site import runtime
    if engine is not None:
        runtime.ENGINE_DIR = engine / "gamester"
    name, _ = runtime.build_wheel(dest)
    return dest / name


def run_pyodide(reqs: list[str], passes: int, rounds: int, engine: Path | None) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-engine-pyodide-") as tmp:
        tmpd = Path(tmp)
        wheel = engine_wheel(tmpd / "wheel", engine)
        (tmpd / "run.mjs").write_text(NODE_SIDE, encoding="utf-8")
        cfg = {"pyodide": str(PYODIDE), "wheel": str(wheel), "requests": reqs, "passes": passes, "rounds": rounds,
               "py_side": PY_SIDE, "out": str(tmpd / "out.json")}
        (tmpd / "cfg.json").write_text(json.dumps(cfg), encoding="utf-8")
        subprocess.run(["node", str(tmpd / "run.mjs"), str(tmpd / "cfg.json")], check=True, cwd=tmpd)
        return json.loads((tmpd / "out.json").read_text(encoding="utf-8"))


def run_cpython(reqs: list[str], passes: int, rounds: int) -> dict:
    env: dict = {}
    exec(compile(PY_SIDE, "<bench>", "exec"), env)
    for r in reqs[:20]:  # warm up, as bench_browser.py does
        env["web"].handle(r)
    outer = [env["py_times"](reqs) for _ in range(rounds)]
    return {"outer": outer, "prof": env["profile"](reqs, passes)}


def print_profile(cp: dict, pyo: dict, top: int) -> None:
    total_c = sum(v[1] for v in cp.values())
    total_p = sum(v[1] for v in pyo.values())
    print(f"\n  own time per settlement under cProfile (ms), top {top} by Pyodide time; "
          f"all: CPython {total_c:.3f}, Pyodide {total_p:.3f}, ratio {total_p / total_c:.2f}")
    print(f"  {'CPython':>8s} {'Pyodide':>8s} {'ratio':>6s} {'calls':>7s}  function")
    keys = sorted(set(cp) | set(pyo), key=lambda k: -pyo.get(k, [0, 0, 0])[1])
    for k in keys[:top]:
        c = cp.get(k, [0, 0.0, 0.0])
        p = pyo.get(k, [0, 0.0, 0.0])
        ratio = f"{p[1] / c[1]:6.2f}" if c[1] > 0 else "     -"
        print(f"  {c[1]:8.4f} {p[1]:8.4f} {ratio} {p[0]:7d}  {k}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--settlements", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=5, help="timed passes over the requests (at least 2)")
    ap.add_argument("--passes", type=int, default=3, help="passes over the requests under the profiler")
    ap.add_argument("--top", type=int, default=30, help="functions shown in the profile")
    ap.add_argument("--engine", type=Path, help="a directory holding another gamester package to measure")
    ns, _ = ap.parse_known_args(argv)  # nox -s bench passes its arguments to every benchmark
    ns.rounds = max(2, ns.rounds)
    if not (PYODIDE / "pyodide.mjs").is_file() or not shutil.which("node"):
        print("bench_engine_pyodide: needs node and node_modules/pyodide (`npm ci`); skipped")
        return 0
    if ns.engine is not None:
        ns.engine = ns.engine.resolve()
        if not (ns.engine / "gamester" / "__init__.py").is_file():
            print(f"bench_engine_pyodide: no gamester package in {ns.engine}", file=sys.stderr)
            return 2
        sys.path.insert(0, str(ns.engine))
    reqs = settlement_requests(ns.settlements)
    cp = run_cpython(reqs, ns.passes, ns.rounds)
    pyo = run_pyodide(reqs, ns.passes, ns.rounds, ns.engine)
    med = statistics.median

    def later(runs: list[list[float]]) -> float:  # the least disturbed of the later passes (a shared machine)
        return min(med(r) for r in runs[1:])

    c_ms, c2_ms = med(cp["outer"][0]), later(cp["outer"])
    js_ms, js2_ms, in_ms = med(pyo["js"][0]), later(pyo["js"]), later(pyo["inner"])
    import gamester

    print(f"gamester from {Path(gamester.__file__).parent}")
    print(f"engine time per settlement, median of {ns.settlements} (gamester.hosts.web.handle, settle, 6 hands):")
    print("the first pass over the requests after 20 warm-up calls (what bench_browser.py measures), and the best")
    print(f"median of {ns.rounds - 1} later passes (the hands' table warm; less disturbed by a shared machine)")
    cpy, pyd = f"CPython {platform.python_version()} here", f"Pyodide {pyo['version']} in Node"
    rows = [(f"{cpy}, first pass", c_ms, ""), (f"{pyd}, first pass, from JS", js_ms, f"ratio {js_ms / c_ms:.2f}"),
            (f"{cpy}, later passes", c2_ms, ""),
            (f"{pyd}, later passes, from JS", js2_ms, f"ratio {js2_ms / c2_ms:.2f}"),
            (f"{pyd}, later passes, in Python", in_ms,
             f"ratio {in_ms / c2_ms:.2f} (the JS<->Python bridge: {js2_ms - in_ms:.3f} ms a call)")]
    for label, ms, note in rows:
        print(f"  {label:48s} {ms:7.3f} ms   {note}")
    for label, runs in (("CPython", cp["outer"]), ("Pyodide from JS", pyo["js"]), ("Pyodide in Python", pyo["inner"])):
        print(f"    medians pass by pass, {label + ':':18s} {' '.join(f'{med(r):.3f}' for r in runs)}")
    print_profile(cp["prof"], pyo["prof"], ns.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())

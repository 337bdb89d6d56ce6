"""Memory over a long session: games played through the web API as the live widget plays them (a reader at seat
0 asking for the odds at each of his turns, the bots moving until he is to act, the table drawn each time), every
game in turn with fresh seeds, and the process's memory printed as it goes. Figures only, never asserted (issue
#24's goal: a flat line after warm-up, less than 64 MB of growth over 500 games).

    python benchmarks/bench_memory.py [--games 500] [--every 50]

CPython: the resident set (``/proc/self/statm``; the peak from ``resource``) and the engine's caches' entries.
Pyodide (``--pyodide N``: N games, in npm Pyodide under Node, the engine from the site's wheel): the wasm memory
(``HEAP8.length``), which only ever grows, so its last figure is also the peak.
"""

from __future__ import annotations

import argparse
import html
import json
import platform
import random
import re
import sys
import time
from typing import Any

from gamester import all_games
from gamester.hosts import web

try:
    import resource
except ImportError:  # Pyodide, Windows
    resource = None  # type: ignore[assignment]


def rss_mb() -> float:
    if sys.platform == "emscripten":
        from js import gamesterHeapMB  # set by NODE_SIDE below

        return float(gamesterHeapMB())
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * 4096 / 2**20
    except OSError:
        return float("nan")


def peak_mb() -> float:
    if resource is None or sys.platform == "emscripten":
        return rss_mb()
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def call(req: dict[str, Any]) -> dict[str, Any]:
    r = json.loads(web.handle(json.dumps(req)))
    if not r["ok"]:
        raise SystemExit(f"refused: {req['op']}: {r['error']}")
    return r


def legal(r: dict) -> list[str]:
    """The reader's choices, as the widget reads them: the buttons of the reply's table."""
    return [html.unescape(a) for a in re.findall(r'data-action="([^"]*)"', r["html"])]


def play_one(game: str, seed: int, players: int | None = None) -> int:
    """One game as the widget plays it (the reader at seat 0 picks a seeded legal move); the requests made."""
    spec = all_games()[game]
    pos: dict[str, Any] = {"game": game, "players": players or spec.default_players or spec.player_range[0], "seed": seed,
                           "ruleset": spec.default_preset, "base": "../", "chances": True}
    pick = random.Random(seed)
    r = call({"op": "new", **pos, "seat": 0})
    n = 1
    while not r["terminal"]:
        acts = r["actions"]
        n += 1
        if r["current"] == 0:
            r = call({"op": "apply", **pos, "actions": acts, "seat": 0, "action": pick.choice(legal(r))})
        else:
            bots = [None] + ["default"] * (pos["players"] - 1)
            r = call({"op": "bot", **pos, "actions": acts, "seat": 0, "until": "human", "bots": bots})
            while r["more"]:
                r = call({"op": "bot", **pos, "actions": r["actions"], "seat": 0, "until": "human", "bots": bots})
                n += 1
        n += 1
    call({"op": "view", **pos, "actions": r["actions"], "seat": 0})
    return n + 1


def cache_entries() -> int:
    """Entries held by every functools cache in the engine (each bounded by maxsize)."""
    total = 0
    for name, mod in list(sys.modules.items()):
        if not name.startswith("gamester"):
            continue
        for obj in vars(mod).values():
            info = getattr(obj, "cache_info", None)
            if callable(info):
                total += info().currsize
    return total


def session(n_games: int, every: int, out=print) -> dict[str, float]:
    names = sorted(all_games())
    t0 = time.process_time()
    start = rss_mb()
    warm = None
    requests = 0
    for i in range(n_games):
        spec = all_games()[names[i % len(names)]]  # each game in turn, with two, three and four players in turn
        players = min(spec.player_range[1], spec.player_range[0] + (i // len(names)) % 3)
        requests += play_one(spec.name, 1000 + i, players)
        if i + 1 == min(every, n_games):
            warm = rss_mb()
        if (i + 1) % every == 0 or i + 1 == n_games:
            out(f"  {i + 1:5d} games {requests:7d} requests  rss {rss_mb():7.1f} MB  peak {peak_mb():7.1f} MB  "
                f"cache entries {cache_entries():8d}  cpu {time.process_time() - t0:7.1f} s")
    end = rss_mb()
    return {"start": start, "warm": warm or end, "end": end, "peak": peak_mb(), "growth": end - (warm or end)}


NODE_SIDE = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
const cfg = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(cfg.pyodide, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: cfg.pyodide + path.sep });
globalThis.gamesterHeapMB = () => py._module.HEAP8.length / 2 ** 20;
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(readFileSync(cfg.wheel)), "wheel", { extractDir: site });
py.runPython("import importlib; importlib.invalidate_caches()");
py.FS.writeFile("/tmp/bench_memory.py", readFileSync(cfg.script));
py.runPython(`import sys; sys.path.insert(0, "/tmp"); import bench_memory as b
f = b.session(${cfg.games}, ${cfg.every})
print(f"Pyodide: start {f['start']:.1f} MB, after warm-up {f['warm']:.1f} MB, end (= peak) {f['end']:.1f} MB; "
      f"growth after warm-up {f['growth']:.1f} MB (goal: under 64 MB)")`);
"""


def run_pyodide(n_games: int, every: int, engine=None) -> None:
    import subprocess
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_engine_pyodide import PYODIDE, engine_wheel

    with tempfile.TemporaryDirectory(prefix="bench-memory-") as t:
        tmp = Path(t)
        wheel = engine_wheel(tmp / "wheel", engine)
        (tmp / "run.mjs").write_text(NODE_SIDE, encoding="utf-8")
        cfg = {"pyodide": str(PYODIDE), "wheel": str(wheel), "script": __file__, "games": n_games, "every": every}
        (tmp / "cfg.json").write_text(json.dumps(cfg), encoding="utf-8")
        print(f"bench_memory: {n_games} games in Pyodide under Node (the wasm heap)", flush=True)
        subprocess.run(["node", str(tmp / "run.mjs"), str(tmp / "cfg.json")], check=True, cwd=tmp)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--every", type=int, default=50)
    ap.add_argument("--pyodide", type=int, default=0, metavar="N", help="also N games in Pyodide under Node")
    ap.add_argument("--engine", default=None, help="Pyodide: the engine/ directory to measure (default: ours)")
    ns = ap.parse_args()
    if ns.pyodide:
        from pathlib import Path

        run_pyodide(ns.pyodide, ns.every, Path(ns.engine) if ns.engine else None)
    print(f"bench_memory: {ns.games} games through gamester.hosts.web ({platform.python_implementation()} "
          f"{platform.python_version()}), games in turn: {', '.join(sorted(all_games()))}, "
          "with 2, 3 and 4 players in turn")
    f = session(ns.games, ns.every)
    print(f"start {f['start']:.1f} MB, after warm-up ({ns.every} games) {f['warm']:.1f} MB, end {f['end']:.1f} MB, "
          f"peak {f['peak']:.1f} MB; growth after warm-up {f['growth']:.1f} MB (goal: under 64 MB)")


if __name__ == "__main__":
    main()

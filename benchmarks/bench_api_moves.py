"""A move through the web API, early and late in a long game, for every registered game (figures, never asserted).

    python benchmarks/bench_api_moves.py [--moves N] [--repeat R] [--game NAME]

What a reader's move costs the engine in the live widget: ``gamester.hosts.web.handle`` of an ``apply`` request
as the play widget (``docs/javascripts/gamester-play.js``, ``move``) sends it: the position's game, rules, players
and seed, ``open`` (the name the last reply gave the open game, so the game's actions are not sent), one more
action, the table drawn for seat 0, and ``log_from`` (the log entries the last table holds), so that only the move's
new log entries, its action and the table's parts that changed are sent back (the widget puts the parts together).
Timed around ``handle`` alone (each request's JSON is made before it, untimed, from the last reply's name and log
count). The game comes from the registry, never named here: its
whole-number options at the top of their ranges (the live limits, which keep a widget's games shorter, are lifted
for the bench, as they are not what is measured), played by random bots: the first game that lasts ``--moves`` +
``--repeat`` moves, trying the presets (the default first), then the number of players (the game's usual, then
more, then fewer), then five seeds.

1. Per-move API time at moves 10, 100 and N = 1,000: the open game is made at that move by one ``view`` (not
   timed), then ``--repeat`` moves are applied in turn, each on the state the last reply left (as the widget does);
   the fastest is shown (the least disturbed on a shared machine), and move N against move 10 (goal <= 1.5). A game whose rules end every game before move
   1,000 (at any number of players) is measured at its longest game's last moves, and N says which.
2. The first ``--moves`` moves through the API, a ``new`` request and then one ``apply`` request a move, against the
   engine alone (``new_state`` and ``apply`` of the same actions, the fastest of three); goal: within 10 times. A game whose games are
   shorter chains them (the next seeds, same rules and players): ``games`` says how many. ``reply B``: the characters
   of an ``apply`` reply, on average over those moves. The API's figure is its first such run in the process (what
   a reader's first game costs: the drawings and namings the host keeps between games are not made yet; the
   snapshot the site starts from holds only those of each game's first position); ``warm``: the ratio again for the
   fastest of two more runs, as the engine's is taken (the host's caches full).
3. The same games' rules, players and seeds played as a reader plays them in the widget, against the computer: the
   reader (seat 0) moves by one ``apply`` (a random legal action, chosen outside the timing), and then the computer's
   seats move by one ``bot`` request, ``until: "human"``, the random bot at each of them (``gamester-play.js``'s
   ``autoAdvance``; asked again while the reply says ``more``), each reply drawn once. Timed around ``handle``, the
   first ``--moves`` moves in all, against the engine alone applying the same actions (the fastest of three). The
   computer's choices are made inside the API's time and not in the engine's, so this ratio is, if anything, high.
   It is not the issue's measure (2.), which draws the table after every move; it is what a reader's game costs.

Then the same tables again in the browser's interpreter: this script run whole in npm Pyodide under Node (the
wasm and the standard library the site's worker runs; the engine this script imports, unpacked from a wheel made
as the site's is), timed inside Python as above (a move's JSON passing between the worker's JavaScript and Python
is left out). Skipped without node or ``node_modules/pyodide``; ``--no-pyodide`` leaves it out, ``--pyodide`` runs it alone.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from node_pyodide import node_script  # beside this script

from gamester.hosts import web
from gamester.registry import GameSpec, all_games
from gamester.state import RandomBot, bot_move


def _play(spec: GameSpec, opts: Any, players: int, seed: int, moves: int) -> list[str]:
    state = spec.new_state(opts, players, seed)
    bot = RandomBot(seed)
    while not state.is_terminal() and len(state.history) < moves:
        state.apply(bot.choose(state, state.current_player()))
    return list(state.history)


def long_games(spec: GameSpec, moves: int) -> list[tuple[dict[str, Any], list[str]]]:
    """Games of at least ``moves`` moves in all (see the module doc): the first game is the first of ``moves`` moves
    or, when the rules end every game sooner, the longest found; then more seeds of it, chained, until ``moves``."""
    values = {s.name: str(s.range[1]) for s in spec.options.specs() if s.range}
    first = spec.default_players or spec.player_range[0]
    best: tuple[Any, int, int, list[str]] = (None, 0, 0, [])
    for preset in sorted(spec.presets, key=lambda p: p != spec.default_preset):
        opts = spec.options_for(preset, values)
        allowed = spec.allowed_players(opts)  # (Truc is for two)
        for players in sorted(allowed, key=lambda n: (n < first, abs(n - first))):
            for seed in range(5):
                actions = _play(spec, opts, players, seed, moves)
                if len(actions) > len(best[3]):
                    best = (opts, players, seed, actions)
            if len(best[3]) >= moves:
                break
        if len(best[3]) >= moves:
            break
    opts, players, seed, actions = best
    out = [({"game": spec.name, "ruleset": opts.to_string(), "players": players, "seed": seed}, actions)]
    while sum(len(a) for _, a in out) < moves:
        seed += 1
        out.append(({**out[0][0], "seed": seed}, _play(spec, opts, players, seed, moves)))
    return out


def _request(op: str, pos: dict[str, Any], actions: list[str], **more: Any) -> str:
    return json.dumps({"op": op, **pos, "actions": actions, "seat": 0, **more})


def _sent(r: dict[str, Any]) -> str:
    """The reply's table as far as it sends it: its html, or the parts it sends (a part in pieces, the pieces it
    sends; null or a number for what the client holds), joined (the log's part, always sent whole, is all the bench reads)."""
    return r.get("html") or "".join(p if isinstance(p, str) else "".join(x for x in p if isinstance(x, str))
                                    for p in r.get("parts") or [] if p)


def _handle(text: str) -> tuple[float, int, str, int]:
    """Seconds of one request, the log entries the table it drew holds (the next move's ``log_from``), the name
    of the open game (the next move's ``open``) and the reply's characters."""
    t = time.perf_counter()
    reply = web.handle(text)
    dt = time.perf_counter() - t
    r = json.loads(reply)
    if not r["ok"]:
        raise SystemExit(f"the API refused a move: {reply[:300]}")
    m = re.search(r'class="gm-t-log"><summary>[^<]*\((\d+)', _sent(r))
    return dt, int(m.group(1)) if m else 0, r["open"], len(reply)


def _move(pos: dict[str, Any], name: str, action: str, held: int) -> str:
    """An ``apply`` request as the widget sends it from the position on screen (no actions: the open game's name)."""
    return json.dumps({"op": "apply", **pos, "seat": 0, "open": name, "action": action, "log_from": held})


def per_move(pos: dict[str, Any], actions: list[str], at: int, repeat: int) -> float:
    """Seconds of one ``apply`` at moves ``at`` .. ``at + repeat - 1``, each on the kept state: the fastest (the
    machine is shared; the least disturbed of the moves)."""
    web.close_all()  # (the open games and their names: a name holds its game)
    _, held, name, _ = _handle(_request("view", pos, actions[:at]))
    times = []
    for k in range(at, at + repeat):
        dt, held, name, _ = _handle(_move(pos, name, actions[k], held))
        times.append(dt)
    return min(times)


def engine_alone(spec: GameSpec, pos: dict[str, Any], actions: list[str]) -> float:
    """Seconds for the engine alone to deal the game of ``pos`` and apply ``actions``: the fastest of three (the
    engine alone is quick, and the machine shared)."""
    opts = spec.parse_ruleset(pos["ruleset"])
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        state = spec.new_state(opts, pos["players"], pos["seed"])
        for a in actions:
            state.apply(a)
        runs.append(time.perf_counter() - t)
    return min(runs)


def whole(spec: GameSpec, games: list[tuple[dict[str, Any], list[str]]], moves: int) -> tuple[float, float, int]:
    """Seconds for the first ``moves`` moves of the games through the API (a ``new``, then one ``apply`` a move),
    and for the engine alone (``new_state`` and ``apply`` of the same actions); and the characters of the ``apply``
    replies in all."""
    web.close_all()
    api = engine = 0.0
    sent = 0
    left = moves
    for pos, actions in games:
        actions = actions[:left]
        left -= len(actions)
        dt, held, name, _ = _handle(json.dumps({"op": "new", **pos, "seat": 0}))
        api += dt
        for action in actions:  # the next request names the last reply's game and log count: made here, not timed
            dt, held, name, size = _handle(_move(pos, name, action, held))
            api += dt
            sent += size
        engine += engine_alone(spec, pos, actions)
    return api, engine, sent


def as_read(spec: GameSpec, games: list[tuple[dict[str, Any], list[str]]], moves: int) -> tuple[float, float, int, int]:
    """Seconds for the first ``moves`` moves played as the widget plays against the computer (see the module doc),
    and for the engine alone; the requests made and the games played."""
    web.close_all()
    api = engine = 0.0
    requests = played = 0
    pos = dict(games[0][0])
    while played < moves:
        players = pos["players"]
        bots = [None] + ["random"] * (players - 1)
        mirror = spec.new_state(spec.parse_ruleset(pos["ruleset"]), players, pos["seed"])
        dt, held, name, _ = _handle(json.dumps({"op": "new", **pos, "seat": 0}))
        api += dt
        requests += 1
        while played + len(mirror.history) < moves and not mirror.is_terminal():
            seat = mirror.seat_to_act()
            if seat == 0:
                action = bot_move(spec.make_bot, "random", mirror)  # the reader's choice: not timed
                dt, held, name, _ = _handle(_move(pos, name, action, held))
                mirror.apply(action)
            else:
                t = time.perf_counter()
                reply = web.handle(json.dumps({"op": "bot", **pos, "seat": 0, "open": name, "until": "human",
                                               "bots": bots, "log_from": held}))
                dt = time.perf_counter() - t
                r = json.loads(reply)
                if not r["ok"]:
                    raise SystemExit(f"the API refused the computer's moves: {reply[:300]}")
                name = r["open"]
                for _, a in r["moved"]:
                    mirror.apply(a)
                if not r["more"]:
                    m = re.search(r'class="gm-t-log"><summary>[^<]*\((\d+)', _sent(r))
                    held = int(m.group(1)) if m else 0
            api += dt
            requests += 1
        actions = list(mirror.history)
        played += len(actions)
        engine += engine_alone(spec, pos, actions)
        pos["seed"] += 1
    return api, engine, requests, int(pos["seed"] - games[0][0]["seed"])


ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"

# This script and the one it imports, run in Pyodide with the same arguments (the output is Pyodide's, which Node
# prints as it comes).
NODE_SIDE = node_script(r'''
py.globals.set("cfg", py.toPy(cfg));
py.runPython(`
import os, runpy, sys
os.makedirs("/bench", exist_ok=True)
for name, text in cfg["files"].items():
    with open("/bench/" + name, "w", encoding="utf-8") as f:
        f.write(text)
sys.path.insert(0, "/bench")
sys.argv = list(cfg["argv"])
runpy.run_path("/bench/bench_api_moves.py", run_name="__main__")
`);
process.exit(0);
''', quiet=False)


def in_pyodide(argv: list[str]) -> None:
    """The tables again, this script run in Pyodide under Node with ``argv`` (see the module doc)."""
    if not (PYODIDE / "pyodide.mjs").is_file() or not shutil.which("node"):
        print("# (not in Pyodide: no node or no node_modules/pyodide)")
        return
    sys.path.insert(0, str(ROOT / "site_src"))
    import gamester
    from gamester_site import runtime

    runtime.ENGINE_DIR = Path(gamester.__file__).parent  # (the engine this process imports: PYTHONPATH's)
    with tempfile.TemporaryDirectory(prefix="bench-api-pyodide-") as tmp:
        tmpd = Path(tmp)
        name, _ = runtime.build_wheel(tmpd / "wheel")
        (tmpd / "run.mjs").write_text(NODE_SIDE, encoding="utf-8")
        here = Path(__file__).parent
        cfg = {"pyodide": str(PYODIDE), "wheel": str(tmpd / "wheel" / name), "argv": argv,
               "files": {f: (here / f).read_text(encoding="utf-8") for f in ("bench_api_moves.py", "node_pyodide.py")}}
        (tmpd / "cfg.json").write_text(json.dumps(cfg), encoding="utf-8")
        sys.stdout.flush()
        subprocess.run(["node", str(tmpd / "run.mjs"), str(tmpd / "cfg.json")], check=True, cwd=tmpd)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--game", default=None, help="one registered game (default: every one)")
    ap.add_argument("--pyodide", action="store_true", help="only the tables in Pyodide (see the module doc)")
    ap.add_argument("--no-pyodide", action="store_true", help="not the tables in Pyodide")
    a, _ = ap.parse_known_args()
    here = sys.platform != "emscripten"
    again = ["bench_api_moves.py", "--no-pyodide", *[x for x in sys.argv[1:] if x not in ("--pyodide", "--no-pyodide")]]
    if a.pyodide and here:
        in_pyodide(again)
        return
    web._positions._bounded = lambda spec, opts, players: None  # the live limits are lifted (see the module doc)
    where = (f"Pyodide {sys.version.split()[0]}, wasm" if sys.platform == "emscripten" else
             f"CPython {platform.python_version()}, {platform.machine()}")
    print(f"# Moves through the web API ({where})")
    print(f"{'game':<15} {'players':>7} {'move 10':>9} {'move 100':>9} {'move N':>18} {'N/10':>6} "
          f"{'games':>5} {'API s':>8} {'engine s':>9} {'API/engine':>11} {'warm':>5} {'reply B':>8}")
    specs = [spec for name, spec in sorted(all_games().items()) if not a.game or name == a.game]
    found = {spec.name: long_games(spec, a.moves + a.repeat) for spec in specs}
    for spec in specs:
        games = found[spec.name]
        pos, actions = games[0]
        late = min(a.moves, len(actions) - a.repeat)
        ms = {k: per_move(pos, actions, k, a.repeat) * 1000 for k in (10, 100, late)}
        api, engine, sent = whole(spec, games, a.moves)
        warm = min(whole(spec, games, a.moves)[0] for _ in range(2))
        n_games = next(i for i in range(1, len(games) + 1) if sum(len(x) for _, x in games[:i]) >= a.moves)
        print(f"{spec.title:<15} {pos['players']:>7} {ms[10]:>7.2f}ms {ms[100]:>7.2f}ms "
              f"{f'{ms[late]:.2f}ms at {late:,}':>18} {ms[late] / ms[10]:>6.2f} {n_games:>5} {api:>8.2f} "
              f"{engine:>9.3f} {api / engine:>11.1f} {warm / engine:>5.1f} {sent / a.moves:>8,.0f}")
        sys.stdout.flush()
    print("goals: move 1,000 at most 1.5 x move 10; the whole game through the API within 10 x the engine alone")
    print()
    print(f"# As a reader plays against the computer ({where}; not the issue's measure: see the module doc, 3.)")
    print(f"{'game':<15} {'players':>7} {'moves':>6} {'requests':>8} {'games':>5} {'API s':>8} {'engine s':>9} "
          f"{'API/engine':>11}")
    for spec in specs:
        games = found[spec.name]
        api, engine, requests, n_games = as_read(spec, games, a.moves)
        print(f"{spec.title:<15} {games[0][0]['players']:>7} {a.moves:>6,} {requests:>8,} {n_games:>5} {api:>8.2f} "
              f"{engine:>9.3f} {api / engine:>11.1f}")
        sys.stdout.flush()
    if here and not a.no_pyodide:
        print()
        in_pyodide(again)


if __name__ == "__main__":
    main()

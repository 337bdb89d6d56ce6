"""Put solved: the shipped strategy files checked and measured (figures only).

    python benchmarks/bench_solver.py [--games N] [--skip-match] [--skip-check]

For every strategy file in the engine's data (written by ``gamester solve put --ruleset R``):

1. The file: its size, information sets, solve time and iterations (as recorded by the solver).
2. The check: the strategy *as read back from the file* (rounded, small actions dropped) against best
   responses computed afresh: exploitability per score (max) and over the whole game from 0-0, in chances of
   winning the game (the sum of the eldest's and the dealer's gains).
3. The values at 0-0 and 4-4 (the eldest's chance of the game), and the value of being eldest.
4. Puts and sees at 0-0: how often the eldest puts with each of the weakest and strongest hands, and how often the
   dealer sees a put, by hand.
5. Without putting, the equilibrium's values beside the engine's two models (open hands after the first card;
   Pav's closed hands), and what a best response gains against Pav's strategies.
6. The bot: a move's time (the first move loads the file), in CPython and in Pyodide (npm ``node_modules/pyodide``
   under Node, the engine unpacked from the wheel the site ships; skipped without node).
7. A seeded match of N games (default 20,000; seats alternating) of ``equilibrium`` against ``calculating`` and
   against ``bold``, for each ruleset with putting: the equilibrium's share of games won, with its standard error.
8. The solver's iteration (``--iteration``): the tree's size, the time to build it, and the milliseconds of one CFR+
   iteration, for Cotton's rules and the reconstruction's at 28 cards (``--full-pack`` adds the 52-card pack:
   some minutes and 5 GB).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from node_pyodide import node_script  # beside this script

from gamester import get_game
from gamester.games.put import strategy
from gamester.state import TERMINAL

SPEC = get_game("put")
ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"

NODE_SIDE = node_script(r'''
writeFileSync(cfg.out, py.runPython(cfg.py_side));
process.exit(0);
''')

PY_SIDE = r'''
import json, sys, time
from gamester import get_game
spec = get_game("put")
out = {"version": sys.version.split()[0]}
for text in RULESETS:
    opts = spec.options_for(text)
    state = spec.new_state(opts, 2, 7)
    t = time.perf_counter()
    spec.make_bot("equilibrium", 1).choose(state, state.current_player())
    first = time.perf_counter() - t
    t = time.perf_counter()
    for s in range(200):
        spec.make_bot("equilibrium", s).choose(state, state.current_player())
    out[text] = [first, (time.perf_counter() - t) / 200]
json.dumps(out)
'''


def pyodide_moves(rulesets: list[str]) -> dict | None:
    """The first and a later equilibrium move's time in Pyodide under Node (None without node or Pyodide)."""
    if not (PYODIDE / "pyodide.mjs").is_file() or not shutil.which("node"):
        return None
    sys.path.insert(0, str(ROOT / "site_src"))
    from gamester_site import runtime
    with tempfile.TemporaryDirectory(prefix="bench-solver-") as tmp:
        tmpd = Path(tmp)
        name, _ = runtime.build_wheel(tmpd / "wheel")
        (tmpd / "run.mjs").write_text(NODE_SIDE, encoding="utf-8")
        cfg = {"pyodide": str(PYODIDE), "wheel": str(tmpd / "wheel" / name), "out": str(tmpd / "out.json"),
               "py_side": f"RULESETS = {rulesets!r}\n" + PY_SIDE}
        (tmpd / "cfg.json").write_text(json.dumps(cfg), encoding="utf-8")
        subprocess.run(["node", str(tmpd / "run.mjs"), str(tmpd / "cfg.json")], check=True, cwd=tmpd)
        return json.loads((tmpd / "out.json").read_text(encoding="utf-8"))


def play(options, bots: list[str], seed: int) -> int:
    state = SPEC.new_state(options, 2, seed)
    seats = [SPEC.make_bot(b, seed * 2 + i) for i, b in enumerate(bots)]
    while state.current_player() != TERMINAL:
        p = state.current_player()
        state.apply(seats[p].choose(state, p))
    return state.winner


def match(options, other: str, games: int) -> tuple[float, float]:
    won = 0
    for g in range(games):
        me = g % 2
        bots = ["equilibrium", other] if me == 0 else [other, "equilibrium"]
        won += play(options, bots, 50_000 + g) == me
    p = won / games
    return p, math.sqrt(p * (1 - p) / games)


def check(name: str, data: dict) -> None:
    import numpy as np

    from gamester_solve import br, cfr, export, flat, solve, tree
    opts = SPEC.options_for(data["ruleset"])
    rules = tree.Rules.from_options(opts)
    t = time.perf_counter()
    f = flat.build(rules)
    lv = cfr.Levels(f)
    g = rules.game_points
    profiles = {(a, b): export.profile(f, data, a, b) for a in range(g) for b in range(g)}
    values = {tuple(map(int, k.split("-"))): v for k, v in data["values"].items()}
    per_score = {}
    for (a, b), sigma in profiles.items():
        per_score[(a, b)] = br.nash_conv(lv, sigma, br.payoffs(values, a, b, g))[0]
    worst = max(per_score.values())
    sol = solve.Solution(rules, f, lv, values=values, strategies=profiles)
    overall, parts = solve.overall_exploitability(sol)
    print(f"  check (the file read back, best responses afresh, {time.perf_counter() - t:.0f} s): exploitability "
          f"per score max {worst:.2e}; whole game from 0-0 {overall:.2e} (eldest gains {parts['eldest']:.2e}, "
          f"dealer {parts['dealer']:.2e})")
    deals = solve.along_the_game(sol)[(0, 0)]
    summed = solve.along_the_game(sol, per_score)[(0, 0)]
    print(f"  why the whole game exceeds one score: a game from 0-0 lasts {deals:.2f} deals on average, and the "
          f"per-score exploitabilities summed over its deals come to {summed:.2e} (the whole game's {overall:.2e})")
    for name, ag in data.get("against", {}).items():
        diff = [k for k, r in ag["per_score"].items() if max(r["best"]) > 1e-4]
        print(f"  against {name} (exact, from 0-0, seats alternating): the equilibrium's margin "
              f"{ag['equilibrium_margin']:+.4f}, a best response's {ag['best_margin']:+.4f}; the best response "
              f"gains at {len(diff)} of {len(ag['per_score'])} scores, most at "
              + max(ag["per_score"], key=lambda k: max(ag["per_score"][k]["best"]))
              + f" ({max(max(r['best']) for r in ag['per_score'].values()):+.4f})")
    if rules.betting == "none":
        from gamester.games.put.numbers_engine import engine_deal, game_chances
        from gamester.games.put.numbers_pav import pav_four_all
        from gamester_solve import pav
        eng = game_chances(engine_deal(rules.ranks, "win"), g)
        p44 = pav_four_all(rules.ranks, "win")
        print(f"  without putting at 4-4: equilibrium {values[(g - 1, g - 1)]:.6f}; the engine's open-hand model "
              f"{float(eng[(g - 1, g - 1)]):.6f}; Pav's closed hands {float(p44['p']):.6f}")
        print(f"  at 0-0: equilibrium {values[(0, 0)]:.6f}; open-hand model {float(eng[(0, 0)]):.6f}")
        sig = pav.profile(f, float(1 - p44["p"]), "win")
        u = br.payoffs(values, g - 1, g - 1, g)
        u[4] = float(p44["p"])  # Pav's own tie value: the other leads at four all
        base = cfr.value(lv, sig, u)
        be, _ = br.best_response(lv, sig, u, 0)
        bd, _ = br.best_response(lv, sig, u, 1)
        slot_player = f.infoset_player[f.slot_infoset]
        eq = profiles[(g - 1, g - 1)]
        mix_e = cfr.value(lv, np.where(slot_player == 0, eq, sig), u)
        mix_d = cfr.value(lv, np.where(slot_player == 1, eq, sig), u)
        print(f"  one deal at 4-4 against Pav's strategies (his tie value): Pav vs Pav {base:.6f} for the leader; "
              f"the equilibrium as leader {mix_e:.6f}, as follower {1 - mix_d:.6f} (Pav's follower "
              f"{1 - base:.6f}); a best response as leader {be:.6f}, as follower {bd:.6f}")


def put_table(data: dict) -> None:
    from gamester.games.put.numbers_solved import hands_by_strength, put_chance, see_chance
    hands = hands_by_strength(data)
    print("  at 0-0, by hand (weakest first, by the eldest's chance of the game with it): the eldest's chance of "
          "putting, the dealer's of seeing a put; then the eldest's put at 3-3 and 4-4")
    for h in hands[:12] + ["..."] + hands[-6:]:
        if h == "...":
            print("    ...")
            continue
        print(f"    {h:10s} game {data['hands'][h]['0-0'][0]:.3f}  put {put_chance(data, h, 0, 0):.4f}  see "
              f"{see_chance(data, h, 0, 0):.4f}  put 3-3 {put_chance(data, h, 3, 3):.3f}  put 4-4 "
              f"{put_chance(data, h, 4, 4):.3f}")
    for h in ("9 7 5", "10 9 7"):
        if h in data["hands"]:
            print(f"  Cotton's hand {h}: put {put_chance(data, h, 0, 0):.4f}")


def iteration(full_pack: bool) -> None:
    """How long one iteration of the solver takes on each tree (both players' updates), on this machine now."""
    import numpy as np

    from gamester_solve import cfr, flat, tree
    print(f"the solver's iteration: {platform.python_implementation()} {sys.version.split()[0]}, numpy "
          f"{np.__version__}, {platform.machine()}")
    rulesets = ["stripped-28", "reconstruction(pack=28)"] + (["cotton-1674"] if full_pack else [])
    for text in rulesets:
        t = time.perf_counter()
        f = flat.build(tree.Rules.from_options(SPEC.options_for(text)))
        lv = cfr.Levels(f)
        lv.sweep()
        built = time.perf_counter() - t
        solver = cfr.Solver(lv)
        u = np.array([1.0, 0.0, 0.6, 0.3, 0.45])
        solver.iterate(u, 1)
        n = 20 if f.n_nodes < 5_000_000 else 3
        t = time.perf_counter()
        solver.iterate(u, n)
        each = (time.perf_counter() - t) / n
        print(f"  {text}: {f.n_nodes:,} nodes, {len(f.keys):,} information sets; built in {built:.1f} s; "
              f"{1000 * each:.1f} ms an iteration", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--skip-match", action="store_true")
    ap.add_argument("--skip-check", action="store_true")
    ap.add_argument("--iteration", action="store_true", help="time the solver's iteration, and do nothing else")
    ap.add_argument("--full-pack", action="store_true", help="with --iteration: the 52-card pack too")
    ns = ap.parse_args()
    if ns.iteration:
        iteration(ns.full_pack)
        return
    print(f"Put solver benchmark: {platform.python_implementation()} {sys.version.split()[0]} on "
          f"{platform.machine()}")
    import gzip
    from importlib import resources
    index = strategy._index()
    moves = pyodide_moves(list(index))
    if moves:
        print(f"Pyodide {moves['version']} under Node: an equilibrium move, first (reads the file) / later (ms): "
              + "; ".join(f"{index[t]} {1000 * moves[t][0]:.0f} / {1000 * moves[t][1]:.2f}" for t in index))
    for text, name in index.items():
        raw = resources.files("gamester.games.put").joinpath("data", name).read_bytes()
        data = json.loads(gzip.decompress(raw))
        opts = SPEC.options_for(text)
        print(f"{name}: {text}")
        print(f"  file {len(raw):,} bytes gzip ({len(gzip.decompress(raw)):,} JSON); "
              f"{len(data['strategy']):,} information sets; solved in {data.get('solve_seconds')} s; iterations "
              f"per score {min(data['iterations'].values())}..{max(data['iterations'].values())}; "
              f"recorded exploitability max {max(data['exploitability'].values()):.2e}, whole game "
              + ("not computed" if data["overall_exploitability"] is None else f"{data['overall_exploitability']:.2e}"))
        v = data["values"]
        g = opts.game_points
        print(f"  the eldest's chance of the game: 0-0 {v['0-0']:.6f}; {g - 1}-{g - 1} {v[f'{g - 1}-{g - 1}']:.6f} "
              f"(the dealer's: {1 - v['0-0']:.6f}, {1 - v[f'{g - 1}-{g - 1}']:.6f})")
        if strategy.first_decisions_only(data):
            print(f"  a summary: the first decisions of {data['information_sets']:,} information sets (no check: "
                  "the rest of the strategy is not in the file)")
        elif not ns.skip_check:
            check(name, data)
        if opts.betting == "put":
            put_table(data)
        # a bot move
        state = SPEC.new_state(opts, 2, 7)
        strategy._load.cache_clear()
        bot = SPEC.make_bot("equilibrium", 1)
        t = time.perf_counter()
        bot.choose(state, state.current_player())
        cold = time.perf_counter() - t
        t = time.perf_counter()
        for s in range(200):
            SPEC.make_bot("equilibrium", s).choose(state, state.current_player())
        warm = (time.perf_counter() - t) / 200
        print(f"  a bot move: first {cold * 1000:.0f} ms (reads the file), then {warm * 1e6:.0f} us")
        if not ns.skip_match and opts.betting == "put":  # (without putting, the bots differ in card play only)
            for other in ("calculating", "bold"):
                t = time.perf_counter()
                p, se = match(opts, other, ns.games)
                print(f"  equilibrium vs {other}: {p:.4f} of {ns.games} games won (margin {p - 0.5:+.4f} +/- "
                      f"{se:.4f}), {time.perf_counter() - t:.0f} s", flush=True)


if __name__ == "__main__":
    main()

"""The whole game of two-handed Put solved: every score's deal game by CFR+, from the highest scores down, with
the deals that score nothing (which repeat at the same score with the roles swapped) solved as a fixed point."""

from __future__ import annotations

import os
import pathlib
import time
from dataclasses import dataclass, field

import numpy as np

from . import br, cfr, flat, tree

#: the goal for the whole game: what best responses gain from 0-0, in chances of winning the game
GOAL = 1e-4
#: the per-score target that meets it. A best response over the whole game collects a deal game's gain at every
#: deal it plays, so its gain from 0-0 is about the per-score gains summed along the deals of a game (seven or so
#: at five up, counting the deals that score nothing): at a per-score target of 5e-5 the whole game was 2.93e-4
TARGET = 1.2e-5
#: the most iterations a score's deal game is given (where the target is not met by then, the file says so)
MAX_ITER = 20000


@dataclass
class Solution:
    rules: tree.Rules
    f: flat.Flat
    lv: cfr.Levels
    values: dict[tuple[int, int], float] = field(default_factory=dict)
    strategies: dict[tuple[int, int], np.ndarray] = field(default_factory=dict)
    exploitability: dict[tuple[int, int], float] = field(default_factory=dict)
    iterations: dict[tuple[int, int], int] = field(default_factory=dict)
    overall: float | None = None
    seconds: float = 0.0
    target: float = 0.0          # the per-score exploitability asked for
    max_iter: int = 0


def scores_by_total(g: int) -> list[list[tuple[int, int]]]:
    return [[(a, t - a) for a in range(max(0, t - g + 1), min(t, g - 1) + 1)] for t in range(2 * g - 2, -1, -1)]


def solve(options, target: float = TARGET, chunk: int = 25, max_iter: int = MAX_ITER, log=print,
          work: pathlib.Path | None = None, save_every: float = 600.0) -> Solution:
    """Solve every score's deal game, from the highest scores down. With ``work`` (a folder), the state is saved
    there every ``save_every`` seconds and after each total of points, and a later call with the same folder and
    ruleset goes on from it (a long solve can be stopped and taken up again)."""
    t0 = time.time()
    rules = options if isinstance(options, tree.Rules) else tree.Rules.from_options(options)
    f = flat.build(rules)
    lv = cfr.Levels(f)
    sol = Solution(rules, f, lv, target=target, max_iter=max_iter)
    g = rules.game_points
    log(f"built: {f.n_nodes} nodes, {len(f.keys)} information sets, {f.n_slots} actions ({time.time() - t0:.1f} s)")
    stamp = f"{rules!r} slots={f.n_slots}"   # the target may change between parts: the regrets go on
    saved = _load(work, stamp, f) if work else None
    earlier = 0.0
    if saved:
        earlier = saved["seconds"]
        sol.values.update(saved["values"])
        sol.strategies.update(saved["strategies"])
        sol.exploitability.update(saved["exploitability"])
        sol.iterations.update(saved["iterations"])
        log(f"taken up from {work}: {len(saved['strategies'])} scores done, {earlier:.0f} s spent before")
    last_save = time.time()
    guess: dict[tuple[int, int], float] = {}
    warm: np.ndarray | None = saved["warm"] if saved else None
    for group in scores_by_total(g):
        if all(s in sol.strategies for s in group):
            continue
        for s in group:
            guess[s] = 0.5
        solvers = {}
        for s in group:
            solvers[s] = cfr.Solver(lv)
            if saved and s in saved["running"]:
                run = saved["running"][s]
                solvers[s].regret[:], solvers[s].avg[:], solvers[s].last[:] = run["regret"], run["avg"], run["last"]
                solvers[s].t = run["t"]
                guess[s] = run["guess"]
            elif warm is not None:
                solvers[s].regret[:] = warm
        if saved and saved["running"]:
            log(f"  going on with {', '.join(f'{a}-{b}' for a, b in group)} at iteration {solvers[group[0]].t}")
        done: dict[tuple[int, int], float] = {}
        while True:
            vals = {**sol.values, **guess}
            for s in group:
                u = br.payoffs(vals, *s, g)
                solvers[s].iterate(u, chunk)
                avg = solvers[s].average()
                guess[s] = cfr.value(lv, avg, u)
            vals = {**sol.values, **guess}
            worst = 0.0
            for s in group:
                avg = solvers[s].average()
                u = br.payoffs(vals, *s, g)
                nc = br.nash_conv(lv, avg, u)[0]
                moved = abs(cfr.value(lv, avg, u) - guess[s])
                done[s] = nc
                worst = max(worst, nc + 2 * moved)
            it = solvers[group[0]].t
            if work and time.time() - last_save > save_every:
                _save(work, stamp, sol, solvers, guess, warm, earlier + time.time() - t0)
                last_save = time.time()
                log(f"  {it} iterations, worst {worst:.2e} (saved, {time.time() - t0:.0f} s)")
            if worst < target or it >= max_iter:
                break
        for s in group:
            avg = solvers[s].average()
            sol.strategies[s] = avg
            sol.values[s] = guess[s]
            sol.iterations[s] = solvers[s].t
        # the final check, against the values just fixed
        for s in group:
            u = br.payoffs(sol.values, *s, g)
            sol.exploitability[s] = br.nash_conv(lv, sol.strategies[s], u)[0]
            log(f"  {s[0]}-{s[1]}: eldest {sol.values[s]:.6f}, exploitability {sol.exploitability[s]:.2e}, "
                f"{sol.iterations[s]} iterations ({time.time() - t0:.0f} s)")
        warm = solvers[group[-1]].regret.copy()
        saved = None
        if work:
            _save(work, stamp, sol, {}, {}, warm, earlier + time.time() - t0)
            last_save = time.time()
    sol.seconds = earlier + time.time() - t0
    return sol


STATE = "state.npz"


def _save(work: pathlib.Path, stamp: str, sol: Solution, solvers: dict, guess: dict, warm, seconds: float) -> None:
    """The solve so far, written whole to a new file and then put in place of the old one."""
    work.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, np.ndarray] = {"stamp": np.array(stamp), "seconds": np.array(seconds)}
    done = sorted(sol.strategies)
    arrays["done"] = np.array([[a, b, sol.iterations[(a, b)]] for a, b in done], dtype=np.int64).reshape(-1, 3)
    arrays["done_values"] = np.array([[sol.values[s], sol.exploitability[s]] for s in done]).reshape(-1, 2)
    for a, b in done:
        arrays[f"strategy_{a}_{b}"] = sol.strategies[(a, b)]
    running = sorted(solvers)
    arrays["running"] = np.array([[a, b, solvers[(a, b)].t] for a, b in running], dtype=np.int64).reshape(-1, 3)
    arrays["running_guess"] = np.array([guess[s] for s in running])
    for a, b in running:
        sv = solvers[(a, b)]
        arrays[f"regret_{a}_{b}"], arrays[f"avg_{a}_{b}"], arrays[f"last_{a}_{b}"] = sv.regret, sv.avg, sv.last
    if warm is not None:
        arrays["warm"] = warm
    tmp = work / (STATE + ".new.npz")
    np.savez(tmp, **arrays)
    os.replace(tmp, work / STATE)


def _load(work: pathlib.Path, stamp: str, f) -> dict | None:
    path = work / STATE
    if not path.exists():
        return None
    with np.load(path) as z:
        if str(z["stamp"]) != stamp:
            raise ValueError(f"{path} holds another solve ({z['stamp']}), not {stamp}: give another folder")
        out: dict = {"seconds": float(z["seconds"]), "values": {}, "strategies": {}, "exploitability": {},
                     "iterations": {}, "running": {}, "warm": z["warm"].copy() if "warm" in z else None}
        for (a, b, n), (v, x) in zip(z["done"], z["done_values"], strict=True):
            s = (int(a), int(b))
            out["values"][s], out["exploitability"][s], out["iterations"][s] = float(v), float(x), int(n)
            out["strategies"][s] = z[f"strategy_{a}_{b}"].copy()
        for (a, b, t), gs in zip(z["running"], z["running_guess"], strict=True):
            out["running"][(int(a), int(b))] = {"t": int(t), "guess": float(gs), "regret": z[f"regret_{a}_{b}"],
                                                "avg": z[f"avg_{a}_{b}"], "last": z[f"last_{a}_{b}"]}
        for run in out["running"].values():
            for k in ("regret", "avg", "last"):
                run[k] = run[k].copy()
    return out


def overall_exploitability(sol: Solution) -> tuple[float, dict]:
    """What best responses over the whole game gain from 0-0 (the sum of the eldest's and the dealer's gains)."""
    g = sol.rules.game_points
    w = br.game_best_response(sol.lv, sol.strategies, g)
    v = sol.values[(0, 0)]
    return w[(0, 0, 0)] + w[(0, 0, 1)] - 1.0, {"eldest": w[(0, 0, 0)] - v, "dealer": w[(0, 0, 1)] - (1 - v)}


def along_the_game(sol: Solution, per_score: dict[tuple[int, int], float] | None = None,
                   rounds: int = 500) -> dict[tuple[int, int], float]:
    """The sum of ``per_score`` (by default 1 a deal: the expected number of deals) over the deals of a game from
    each score, both players keeping to the solution: X(a, b) = x(a, b) + the chances of the deal's outcomes times
    X at the scores they lead to (the deal passes; a game outcome ends it). With the per-score exploitability for
    x, this is what best responses collect over a game if each gains its deal game's figure at every deal."""
    g = sol.rules.game_points
    x = per_score or {s: 1.0 for s in sol.strategies}
    chances = {s: cfr.outcome_chances(sol.lv, sigma) for s, sigma in sol.strategies.items()}
    out: dict[tuple[int, int], float] = {}

    def at(a: int, b: int) -> float:
        return 0.0 if a >= g or b >= g else out.get((a, b), 0.0)

    for group in scores_by_total(g):
        for _ in range(rounds):
            for a, b in group:
                c = chances[(a, b)]
                out[(a, b)] = x[(a, b)] + c[tree.POINT_E] * at(b, a + 1) + c[tree.POINT_D] * at(b + 1, a) + \
                    c[tree.NOTHING] * at(b, a)
    return out

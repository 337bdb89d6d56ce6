"""The whole game of two-handed Put solved: every score's deal game by CFR+, from the highest scores down, with
the deals that score nothing (which repeat at the same score with the roles swapped) solved as a fixed point."""

from __future__ import annotations

import os
import pathlib
import time
import zipfile
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


class _Local:
    """The deal games of one total of points, each with its CFR+ state, stepped here."""

    def __init__(self, lv: cfr.Levels) -> None:
        self.lv = lv
        self.solvers: dict[tuple[int, int], cfr.Solver] = {}

    def start(self, s, regret=None, avg=None, last=None, t: int = 0) -> None:
        sv = self.solvers[s] = cfr.Solver(self.lv)
        for mine, given in ((sv.regret, regret), (sv.avg, avg), (sv.last, last)):
            if given is not None:
                mine[:] = given
        sv.t = t

    def step(self, us: dict, chunk: int) -> dict:
        """``chunk`` iterations of each game against its payoffs; the value of each one's average strategy."""
        out = {}
        for s, u in us.items():
            self.solvers[s].iterate(u, chunk)
            out[s] = cfr.value(self.lv, self.solvers[s].average(), u)
        return out

    def check(self, us: dict) -> dict:
        """Each average strategy's exploitability and value against the payoffs given."""
        out = {}
        for s, u in us.items():
            avg = self.solvers[s].average()
            out[s] = (br.nash_conv(self.lv, avg, u)[0], cfr.value(self.lv, avg, u))
        return out

    def state(self, s) -> tuple:
        sv = self.solvers[s]
        return sv.regret.copy(), sv.avg.copy(), sv.last.copy(), sv.t, sv.average()

    def close(self) -> None:
        pass


def _serve(conn, lv: cfr.Levels) -> None:
    """A worker process: a :class:`_Local` of its own, run by the messages of :class:`_Workers`."""
    local = _Local(lv)
    while True:
        op, args = conn.recv()
        if op == "close":
            conn.close()
            return
        conn.send(getattr(local, op)(*args))


class _Workers:
    """The same as :class:`_Local`, the games shared out among worker processes forked after the tree is built
    (the tree's arrays are read only, so the processes share its memory: each adds only its games' own state and
    two arrays of the tree's size). Each step sends every worker its games, then waits for all."""

    def __init__(self, lv: cfr.Levels, n: int) -> None:
        import multiprocessing as mp
        ctx = mp.get_context("fork")
        self.conns, self.procs, self.home = [], [], {}
        for _ in range(n):
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(there, lv), daemon=True)
            proc.start()
            there.close()
            self.conns.append(here)
            self.procs.append(proc)

    def start(self, s, regret=None, avg=None, last=None, t: int = 0) -> None:
        k = self.home.setdefault(s, len(self.home) % len(self.conns))
        self.conns[k].send(("start", (s, regret, avg, last, t)))
        self.conns[k].recv()

    def _all(self, op: str, us: dict, *extra) -> dict:
        busy = []
        for k, conn in enumerate(self.conns):
            mine = {s: u for s, u in us.items() if self.home[s] == k}
            if mine:
                conn.send((op, (mine, *extra)))
                busy.append(conn)
        out = {}
        for conn in busy:
            out.update(conn.recv())
        return out

    def step(self, us: dict, chunk: int) -> dict:
        return self._all("step", us, chunk)

    def check(self, us: dict) -> dict:
        return self._all("check", us)

    def state(self, s) -> tuple:
        conn = self.conns[self.home[s]]
        conn.send(("state", (s,)))
        return conn.recv()

    def close(self) -> None:
        for conn in self.conns:
            try:
                conn.send(("close", ()))
            except (BrokenPipeError, OSError):
                pass
        for proc in self.procs:
            proc.join(timeout=10)


def solve(options, target: float = TARGET, chunk: int = 25, max_iter: int = MAX_ITER, log=print,
          work: pathlib.Path | None = None, save_every: float = 600.0, workers: int = 1) -> Solution:
    """Solve every score's deal game, from the highest scores down. With ``work`` (a folder), the state is saved
    there every ``save_every`` seconds and after each total of points, and a later call with the same folder and
    ruleset goes on from it (a long solve can be stopped and taken up again). With ``workers`` above 1 the games
    of each total of points are shared out among that many processes (where the system can fork)."""
    t0 = time.time()
    rules = options if isinstance(options, tree.Rules) else tree.Rules.from_options(options)
    f = flat.build(rules)
    lv = cfr.Levels(f)
    lv.sweep()   # made before any worker is forked, so that all share it
    sol = Solution(rules, f, lv, target=target, max_iter=max_iter)
    log(f"built: {f.n_nodes} nodes, {len(f.keys)} information sets, {f.n_slots} actions ({time.time() - t0:.1f} s)")
    stamp = f"{rules!r} slots={f.n_slots}"   # the target may change between parts: the regrets go on
    saved = _load(work, stamp, rules.game_points, f.n_slots) if work else None
    earlier = 0.0
    if saved:
        earlier = saved["seconds"]
        sol.values.update(saved["values"])
        sol.strategies.update(saved["strategies"])
        sol.exploitability.update(saved["exploitability"])
        sol.iterations.update(saved["iterations"])
        log(f"taken up from {work}: {len(saved['strategies'])} scores done, {earlier:.0f} s spent before")
    games = _Workers(lv, workers) if workers > 1 and _can_fork() else _Local(lv)
    try:
        _solve_scores(sol, games, saved, target, chunk, max_iter, log, work, save_every, stamp, earlier, t0)
    finally:
        games.close()
    sol.seconds = earlier + time.time() - t0
    return sol


def _can_fork() -> bool:
    import multiprocessing as mp
    return "fork" in mp.get_all_start_methods()


def _solve_scores(sol, games, saved, target, chunk, max_iter, log, work, save_every, stamp, earlier, t0) -> None:
    g = sol.rules.game_points
    last_save = time.time()
    guess: dict[tuple[int, int], float] = {}
    warm: np.ndarray | None = saved["warm"] if saved else None
    for group in scores_by_total(g):
        if all(s in sol.strategies for s in group):
            continue
        t = 0
        for s in group:
            guess[s] = 0.5
            if saved and s in saved["running"]:
                run = saved["running"][s]
                games.start(s, run["regret"], run["avg"], run["last"], run["t"])
                guess[s], t = run["guess"], run["t"]
            else:
                games.start(s, warm)
        if saved and saved["running"]:
            log(f"  going on with {', '.join(f'{a}-{b}' for a, b in group)} at iteration {t}")
        while True:
            vals = {**sol.values, **guess}
            guess.update(games.step({s: br.payoffs(vals, *s, g) for s in group}, chunk))
            t += chunk
            vals = {**sol.values, **guess}
            checked = games.check({s: br.payoffs(vals, *s, g) for s in group})
            worst = max(nc + 2 * abs(v - guess[s]) for s, (nc, v) in checked.items())
            if work and time.time() - last_save > save_every:
                _save(work, stamp, sol, {s: games.state(s) for s in group}, guess, warm, earlier + time.time() - t0)
                last_save = time.time()
                log(f"  {t} iterations, worst {worst:.2e} (saved, {time.time() - t0:.0f} s)")
            if worst < target or t >= max_iter:
                break
        states = {s: games.state(s) for s in group}
        for s in group:
            sol.strategies[s] = states[s][4]
            sol.values[s] = guess[s]
            sol.iterations[s] = states[s][3]
        # the final check, against the values just fixed
        final = games.check({s: br.payoffs(sol.values, *s, g) for s in group})
        for s in group:
            sol.exploitability[s] = final[s][0]
            log(f"  {s[0]}-{s[1]}: eldest {sol.values[s]:.6f}, exploitability {sol.exploitability[s]:.2e}, "
                f"{sol.iterations[s]} iterations ({time.time() - t0:.0f} s)")
        warm = states[group[-1]][0]
        saved = None
        if work:
            _save(work, stamp, sol, {}, {}, warm, earlier + time.time() - t0)
            last_save = time.time()


STATE = "state.npz"


def _save(work: pathlib.Path, stamp: str, sol: Solution, solvers: dict, guess: dict, warm,
          seconds: float) -> None:
    """The solve so far, written whole to a new file and then put in place of the old one."""
    work.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, np.ndarray] = {"stamp": np.array(stamp), "seconds": np.array(seconds)}
    done = sorted(sol.strategies)
    arrays["done"] = np.array([[a, b, sol.iterations[(a, b)]] for a, b in done], dtype=np.int64).reshape(-1, 3)
    arrays["done_values"] = np.array([[sol.values[s], sol.exploitability[s]] for s in done]).reshape(-1, 2)
    for a, b in done:
        arrays[f"strategy_{a}_{b}"] = sol.strategies[(a, b)]
    running = sorted(solvers)   # each running game's (regret, avg, last, t, average strategy)
    arrays["running"] = np.array([[a, b, solvers[(a, b)][3]] for a, b in running], dtype=np.int64).reshape(-1, 3)
    arrays["running_guess"] = np.array([guess[s] for s in running])
    for a, b in running:
        arrays[f"regret_{a}_{b}"], arrays[f"avg_{a}_{b}"], arrays[f"last_{a}_{b}"] = solvers[(a, b)][:3]
    if warm is not None:
        arrays["warm"] = warm
    tmp = work / (STATE + ".new.npz")
    np.savez(tmp, **arrays)
    os.replace(tmp, work / STATE)


def _load(work: pathlib.Path, stamp: str, g: int | None = None, n_slots: int | None = None) -> dict | None:
    """What :func:`_save` wrote (each array read from the file is a fresh copy), checked: a damaged state (a value
    that is not a chance, a score the game cannot have, a negative time, arrays of the wrong size) is refused, so
    a damaged solve is never taken up and written out as a strategy."""
    path = work / STATE
    if not path.exists():
        return None
    try:
        out = _read(path)
    except (OSError, KeyError, ValueError, TypeError, IndexError, zipfile.BadZipFile, EOFError) as e:
        raise ValueError(f"{path} is not a saved solve that can be read ({type(e).__name__}): remove it or give "
                         "another folder") from None
    if out["stamp"] != stamp:
        raise ValueError(f"{path} holds another solve ({out['stamp']}), not {stamp}: give another folder")
    wrong = _damage(out, g, n_slots)
    if wrong:
        raise ValueError(f"{path} is damaged ({wrong}): remove it or give another folder")
    return out


def _damage(out: dict, g: int | None, n_slots: int | None) -> str | None:
    """What is wrong with a saved solve read back, or None."""
    def chance(x) -> bool:
        return bool(np.isfinite(x)) and 0.0 <= x <= 1.0

    def array(x) -> bool:
        return isinstance(x, np.ndarray) and x.shape == (n_slots,) and bool(np.isfinite(x).all())

    if not (np.isfinite(out["seconds"]) and out["seconds"] >= 0):
        return f"a time of {out['seconds']} s"
    for s in [*out["values"], *out["running"]]:
        if g is not None and not (0 <= s[0] < g and 0 <= s[1] < g):
            return f"the score {s[0]}-{s[1]}, which a game to {g} cannot have"
    for s, v in out["values"].items():
        x, n = out["exploitability"][s], out["iterations"][s]
        if not chance(v):
            return f"the value {v} at {s[0]}-{s[1]}, not a chance"
        if not (np.isfinite(x) and x >= -1e-9) or n < 0:
            return f"an exploitability of {x} or {n} iterations at {s[0]}-{s[1]}"
        if n_slots is not None and not array(out["strategies"][s]):
            return f"the strategy at {s[0]}-{s[1]}"
    for s, run in out["running"].items():
        if not chance(run["guess"]) or run["t"] < 0:
            return f"the running value {run['guess']} or iteration {run['t']} at {s[0]}-{s[1]}"
        if n_slots is not None and not all(array(run[k]) for k in ("regret", "avg", "last")):
            return f"the running state at {s[0]}-{s[1]}"
    if n_slots is not None and out["warm"] is not None and not array(out["warm"]):
        return "the warm start"
    return None


def _read(path: pathlib.Path) -> dict:
    with np.load(path) as z:
        out: dict = {"stamp": str(z["stamp"]), "seconds": float(z["seconds"]), "values": {}, "strategies": {},
                     "exploitability": {}, "iterations": {}, "running": {},
                     "warm": z["warm"] if "warm" in z else None}
        for (a, b, n), (v, x) in zip(z["done"], z["done_values"], strict=True):
            s = (int(a), int(b))
            out["values"][s], out["exploitability"][s], out["iterations"][s] = float(v), float(x), int(n)
            out["strategies"][s] = z[f"strategy_{a}_{b}"]
        for (a, b, t), gs in zip(z["running"], z["running_guess"], strict=True):
            out["running"][(int(a), int(b))] = {"t": int(t), "guess": float(gs), "regret": z[f"regret_{a}_{b}"],
                                                "avg": z[f"avg_{a}_{b}"], "last": z[f"last_{a}_{b}"]}
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

"""Best responses, computed apart from the solver: the most a player can win against a fixed strategy of the other,
in the deal game (payoffs given) and over the whole game (the score game, both roles, the deal passing)."""

from __future__ import annotations

import numpy as np

from .cfr import Levels


def best_response(lv: Levels, sigma: np.ndarray, u_eldest: np.ndarray, p: int) -> tuple[float, np.ndarray]:
    """Player p's best chance of winning the game (its own chance: the dealer's is one minus the eldest's) against
    the other's strategy in ``sigma``, and p's best pure strategy (a 0/1 weight per slot; p's slots only)."""
    f = lv.f
    sw = lv.sweep()
    ext = np.append(sigma, 1.0)
    r = np.empty(sw.n)
    sw.reach(r, ext, 1 - p)                    # the other's reach (and chance), on the sweep's numbering
    opp = np.empty(f.n_nodes)
    opp[sw.old] = r
    u = u_eldest if p == 0 else 1.0 - u_eldest
    v = np.zeros(f.n_nodes)
    v[lv.term] = opp[lv.term] * u[lv.term_outcome]
    first_slot = f.slot_start[:-1]
    slot_index = np.arange(f.n_slots)
    pure = np.zeros(f.n_slots)
    sets = _sets(lv, p)
    for k, (idx, lo, hi, par, edge, is0, is1) in reversed(list(enumerate(lv.levels))):
        x = v[idx]
        mine = is0 if p == 0 else is1
        here = sets[k]
        if len(here):
            q = np.bincount(edge[mine], weights=x[mine], minlength=f.n_slots)
            top = np.maximum.reduceat(q, first_slot)[f.slot_infoset]
            cand = np.where(q >= top - 1e-15, slot_index, f.n_slots)
            chosen = np.minimum.reduceat(cand, first_slot)[here]
            best = np.zeros(f.n_slots)
            best[chosen] = 1.0
            pure[chosen] = 1.0
            x = np.where(mine, x * best[edge], x)
        v[lo:hi] += np.bincount(par, weights=x, minlength=hi - lo)
    return float(v[lv.roots].sum()), pure


def _sets(lv: Levels, p: int) -> list[np.ndarray]:
    """Per level, player p's information sets whose edges leave it (made once per tree)."""
    cache = lv.__dict__.setdefault("_br_sets", {})
    if p not in cache:
        f = lv.f
        cache[p] = [np.unique(f.slot_infoset[edge[is0 if p == 0 else is1]])
                    for idx, lo, hi, par, edge, is0, is1 in lv.levels]
    return cache[p]


def nash_conv(lv: Levels, sigma: np.ndarray, u_eldest: np.ndarray) -> tuple[float, float, float]:
    """(exploitability, the eldest's best response value, the dealer's): exploitability is the sum of what the
    two best responses gain over the profile's value, in chances of winning the game."""
    be, _ = best_response(lv, sigma, u_eldest, 0)
    bd, _ = best_response(lv, sigma, u_eldest, 1)
    return be + bd - 1.0, be, bd


def payoffs(values: dict[tuple[int, int], float], a: int, b: int, g: int) -> np.ndarray:
    """The eldest's chance of winning the game after each outcome of a deal at a (eldest) to b (dealer), given the
    chances ``values`` of the eldest at the later scores (the deal then passes: the dealer becomes the eldest)."""
    pe = 1.0 if a + 1 >= g else 1.0 - values[(b, a + 1)]
    pd = 0.0 if b + 1 >= g else 1.0 - values[(b + 1, a)]
    return np.array([1.0, 0.0, pe, pd, 1.0 - values[(b, a)]])


def game_best_response(lv: Levels, strategies: dict[tuple[int, int], np.ndarray], g: int,
                       tol: float = 1e-9) -> dict[tuple[int, int, int], float]:
    """Best responses over the whole game to the fixed ``strategies`` (one per score, for both players): for every
    score (eldest's points a, dealer's b) and role r of the responder (0 eldest, 1 dealer), the responder's best
    chance of winning the game when he may deviate at every score, the other keeping to the strategies."""
    return score_game(lambda a, b, r, u_eld: best_response(lv, strategies[(a, b)], u_eld, r)[0], g, tol)


def score_game(deal_value, g: int, tol: float = 1e-9, rounds: int = 200) -> dict[tuple[int, int, int], float]:
    """One player's chance of winning the game at every score (eldest's points a, dealer's b) and role r (0 eldest,
    1 dealer), where ``deal_value(a, b, r, u_eldest)`` is his chance given the eldest's payoff per outcome of the
    deal. Solved from the highest scores down; at each total of points, the deals that score nothing (which swap
    the roles at the same score) are a fixed point, iterated to ``tol``."""
    w: dict[tuple[int, int, int], float] = {}

    def nxt(a2: int, b2: int, r2: int) -> float:
        if a2 >= g:   # the new eldest has the game
            return 1.0 if r2 == 0 else 0.0
        if b2 >= g:   # the new dealer has it
            return 1.0 if r2 == 1 else 0.0
        return w.get((a2, b2, r2), 0.5)

    for t in range(2 * g - 2, -1, -1):
        scores = [(a, t - a) for a in range(max(0, t - g + 1), min(t, g - 1) + 1)]
        for _ in range(rounds):
            change = 0.0
            for a, b in scores:
                for r in (0, 1):
                    # next deal: the old dealer is eldest (b points), the old eldest dealer; the roles flip
                    resp = np.array([1.0 if r == 0 else 0.0, 1.0 if r == 1 else 0.0,
                                     nxt(b, a + 1, 1 - r), nxt(b + 1, a, 1 - r), nxt(b, a, 1 - r)])
                    val = deal_value(a, b, r, resp if r == 0 else 1.0 - resp)
                    change = max(change, abs(val - w.get((a, b, r), 2.0)))
                    w[(a, b, r)] = val
            if change < tol:
                break
    return w

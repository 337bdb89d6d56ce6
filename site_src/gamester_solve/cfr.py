"""Predictive CFR+ on the flat deal game (Farina, Kroer and Sandholm 2021: alternating updates, cumulative regrets
floored at zero, each strategy matched to them plus the last instantaneous regret, the average weighted by the
square of the iteration),
and the evaluation of a strategy profile. Payoffs are the eldest's chances of winning the game, one per terminal
outcome (:data:`tree.OUTCOMES`); the dealer's are one minus them.
"""

from __future__ import annotations

import numpy as np

from .flat import Flat


class Levels:
    """The edges grouped by the level (length of history) of their parent node, with the child nodes, the
    parents (as offsets into the parents' level ``lo .. hi``) and the edges' slots, split by who chose. All of an
    information set's nodes share a level, so a group holds every edge out of them (children may be several
    levels down, past forced moves)."""

    def __init__(self, f: Flat) -> None:
        self.f = f
        self.levels = []
        level = np.searchsorted(f.level_start, np.arange(f.n_nodes), side="right") - 1
        child = np.nonzero(f.parent >= 0)[0]
        plevel = level[f.parent[child]]
        order = np.argsort(plevel, kind="stable")
        child, plevel = child[order], plevel[order]
        bounds = np.searchsorted(plevel, np.arange(f.depth + 2))
        for d in range(f.depth + 1):
            idx = child[bounds[d]:bounds[d + 1]]
            if not len(idx):
                continue
            lo, hi = int(f.level_start[d]), int(f.level_start[d + 1])
            pp = f.parent_player[idx]
            self.levels.append((idx, lo, hi, f.parent[idx] - lo, f.edge[idx], pp == 0, pp == 1))
        self.term = np.nonzero(f.player < 0)[0]
        self.term_outcome = f.outcome[self.term].astype(np.int64)
        self.roots = np.nonzero(f.parent < 0)[0]


def regret_matching(f: Flat, regret: np.ndarray) -> np.ndarray:
    tot = np.add.reduceat(regret, f.slot_start[:-1])
    n = np.diff(f.slot_start)
    tot_s = np.repeat(tot, n)
    uni = 1.0 / np.repeat(n, n)
    return np.where(tot_s > 0, regret / np.where(tot_s > 0, tot_s, 1.0), uni)


def reaches(lv: Levels, sigma: np.ndarray, mult0: bool, mult1: bool, chance: bool = True) -> np.ndarray:
    """The chance (if chance) times the probabilities of player 0's edges (if mult0) and player 1's (if mult1),
    per node."""
    f = lv.f
    r = f.chance.copy() if chance else np.where(f.parent < 0, 1.0, 0.0)
    for idx, lo, _hi, par, edge, is0, is1 in lv.levels:
        x = r[lo + par]
        if mult0:
            x = np.where(is0, x * sigma[edge], x)
        if mult1:
            x = np.where(is1, x * sigma[edge], x)
        r[idx] = x
    return r


def values_below(lv: Levels, leaf: np.ndarray, sigma: np.ndarray | None, p: int | None) -> np.ndarray:
    """Sum over the terminals below each node of ``leaf`` times the probabilities of player p's edges on the way
    (every edge's if p is None; no edge's if sigma is None)."""
    f = lv.f
    v = np.zeros(f.n_nodes)
    v[lv.term] = leaf
    for idx, lo, hi, par, edge, is0, is1 in reversed(lv.levels):
        x = v[idx]
        if sigma is not None:
            if p is None:
                x = x * sigma[edge]
            else:
                x = np.where(is0 if p == 0 else is1, x * sigma[edge], x)
        v[lo:hi] += np.bincount(par, weights=x, minlength=hi - lo)
    return v


class Solver:
    """CFR+ state for one deal game (regrets and the average strategy), warm-startable across payoffs."""

    def __init__(self, lv: Levels) -> None:
        self.lv = lv
        f = lv.f
        self.regret = np.zeros(f.n_slots)
        self.avg = np.zeros(f.n_slots)
        self.last = np.zeros(f.n_slots)   # the last instantaneous regret: the prediction of predictive CFR+
        self.t = 0
        self.slot_player = f.infoset_player[f.slot_infoset]

    def reset_average(self) -> None:
        self.avg[:] = 0.0
        self.t = 0

    def iterate(self, u_eldest: np.ndarray, n: int) -> None:
        lv, f = self.lv, self.lv.f
        leaf_u = {0: u_eldest[lv.term_outcome], 1: -u_eldest[lv.term_outcome]}
        for _ in range(n):
            self.t += 1
            for p in (0, 1):
                sigma = regret_matching(f, np.maximum(self.regret + self.last, 0.0))
                opp = reaches(lv, sigma, p == 1, p == 0)
                v = values_below(lv, opp[lv.term] * leaf_u[p], sigma, p)
                # counterfactual value of each slot of p: the value of the child along it
                q = np.zeros(f.n_slots)
                for idx, _lo, _hi, _par, edge, is0, is1 in lv.levels:
                    m = is0 if p == 0 else is1
                    q += np.bincount(edge[m], weights=v[idx[m]], minlength=f.n_slots)
                mine = self.slot_player == p
                vi = np.add.reduceat(sigma * q, f.slot_start[:-1])
                inst = q - vi[f.slot_infoset]
                self.regret = np.where(mine, np.maximum(self.regret + inst, 0.0), self.regret)
                self.last = np.where(mine, inst, self.last)
                own = reaches(lv, sigma, p == 0, p == 1, chance=False)
                inf_reach = own[f.infoset_node]
                self.avg = np.where(mine, self.avg + float(self.t) ** 2 * inf_reach[f.slot_infoset] * sigma, self.avg)

    def average(self) -> np.ndarray:
        """The average strategy (where an infoset was never reached by its own player, the current one)."""
        return _normalise(self.lv.f, self.avg, regret_matching(self.lv.f, np.maximum(self.regret + self.last, 0)))


def _normalise(f: Flat, w: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    tot = np.repeat(np.add.reduceat(w, f.slot_start[:-1]), np.diff(f.slot_start))
    return np.where(tot > 0, w / np.where(tot > 0, tot, 1.0), fallback)


def value(lv: Levels, sigma: np.ndarray, u_eldest: np.ndarray) -> float:
    """The eldest's chance of winning the game under profile ``sigma``."""
    r = reaches(lv, sigma, True, True)
    return float(np.dot(r[lv.term], u_eldest[lv.term_outcome]))


def outcome_chances(lv: Levels, sigma: np.ndarray) -> np.ndarray:
    r = reaches(lv, sigma, True, True)
    return np.bincount(lv.term_outcome, weights=r[lv.term], minlength=5)


def hand_values(lv: Levels, sigma: np.ndarray, u_eldest: np.ndarray) -> np.ndarray:
    """The eldest's chance of winning the game given each pair of hands' deal (per root, in root order)."""
    v = values_below(lv, u_eldest[lv.term_outcome], sigma, None)
    return v[lv.f.root_node]


def by_hand(lv: Levels, sigma: np.ndarray, u_eldest: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The eldest's chance of the game given his own hand, and the dealer's given his, one entry per hand."""
    f = lv.f
    v = hand_values(lv, sigma, u_eldest)
    w = f.chance[f.root_node]
    n = len(f.hands)
    e_w = np.bincount(f.root_hands[:, 0], weights=w, minlength=n)
    d_w = np.bincount(f.root_hands[:, 1], weights=w, minlength=n)
    e = np.bincount(f.root_hands[:, 0], weights=w * v, minlength=n) / e_w
    d = np.bincount(f.root_hands[:, 1], weights=w * (1 - v), minlength=n) / d_w
    return e, d

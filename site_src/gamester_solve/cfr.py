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
        self._sweep: Sweep | None = None

    def sweep(self) -> Sweep:
        """The tree laid out for the solver's iteration (made once, on first use)."""
        if self._sweep is None:
            self._sweep = Sweep(self)
        return self._sweep


class Sweep:
    """The deal game's nodes renumbered breadth-first by the number of decisions above them, for the solver's
    passes: each level in the order of the nodes' parents (so the children of a level's decisions are the whole
    next level, each decision's children side by side). A pass down
    the tree is then a repeat of each decision's reach over its children, and a pass up a sum over each decision's
    run of children, both over contiguous memory; only the strategy (per slot, small) is gathered. (The best
    response keeps :class:`Levels`, where every node of an information set is at one level; here they need not be,
    since a forced move makes no node, and the iteration does not need them to be.)

    A player's own reach is reckoned over the information sets (perfect recall: it is the same at all the nodes of
    one), from the slot of his own previous decision."""

    def __init__(self, lv: Levels) -> None:
        f = lv.f
        n = f.n_slots
        dlev = np.zeros(f.n_nodes, dtype=np.int64)          # decisions above each node
        for idx, _lo, _hi, _par, _edge, _is0, _is1 in lv.levels:
            dlev[idx] = dlev[f.parent[idx]] + 1
        new = np.empty(f.n_nodes, dtype=np.int64)            # old node -> new position
        by_level = np.argsort(dlev, kind="stable")
        bounds = np.searchsorted(dlev[by_level], np.arange(dlev.max() + 2))
        start = 0
        self.blocks = []    # per level: (decisions lo, hi, next level lo, hi, children per decision, offsets)
        self.edge = []      # per level: the slot of each child's edge (children = the next level)
        self.edge_of = []   # per level: per player, the slot where that player chose the edge, else n
        old_order = []
        for k in range(len(bounds) - 1):
            nodes = by_level[bounds[k]:bounds[k + 1]]
            if k == 0:
                key_parent = np.zeros(len(nodes), dtype=np.int64)
                key_edge = np.zeros(len(nodes), dtype=np.int64)
            else:
                key_parent = new[f.parent[nodes]]
                key_edge = f.edge[nodes]
            order = np.lexsort((key_edge, key_parent))
            nodes = nodes[order]
            new[nodes] = start + np.arange(len(nodes))
            old_order.append(nodes)
            start += len(nodes)
        self.n = start
        self.old = np.concatenate(old_order)                 # new position -> old node
        lo = 0
        self.level_range = []
        for nodes in old_order:
            self.level_range.append((lo, lo + len(nodes)))
            lo += len(nodes)
        parent_new = np.where(f.parent[self.old] >= 0, new[np.maximum(f.parent[self.old], 0)], -1)
        edge_new = f.edge[self.old]
        pp_new = f.parent_player[self.old]
        for k in range(len(self.level_range) - 1):
            d_lo, d_hi = self.level_range[k]
            c_lo, c_hi = self.level_range[k + 1]
            counts = np.bincount(parent_new[c_lo:c_hi] - d_lo, minlength=d_hi - d_lo)   # 0 at terminals
            dec = np.nonzero(counts)[0]
            offsets = (np.cumsum(counts) - counts)[dec]
            self.blocks.append((d_lo, d_hi, c_lo, c_hi, counts, d_lo + dec, offsets))
            e = edge_new[c_lo:c_hi]
            ppk = pp_new[c_lo:c_hi]
            self.edge.append(e.astype(np.int32))
            self.edge_of.append((np.where(ppk == 0, e, n).astype(np.int32), np.where(ppk == 1, e, n).astype(np.int32)))
        r0_lo, r0_hi = self.level_range[0]
        self.chance = f.chance[self.old[r0_lo:r0_hi]]
        self.term = np.nonzero(f.player[self.old] < 0)[0]
        self.term_outcome = f.outcome[self.old[self.term]].astype(np.int64)
        self.chose = []
        for p in (0, 1):
            c = np.nonzero(pp_new == p)[0]
            self.chose.append((edge_new[c].astype(np.int32), c))
        # own reach: the information sets by depth, with their own player's previous slot
        own_slot = np.full((2, f.n_nodes), -1, dtype=np.int64)
        for idx, _lo, _hi, _par, edge, is0, is1 in lv.levels:
            for p, mine in ((0, is0), (1, is1)):
                own_slot[p, idx] = np.where(mine, edge, own_slot[p, f.parent[idx]])
        prev = own_slot[f.infoset_player.astype(np.int64), f.infoset_node]
        depth = np.searchsorted(f.level_start, f.infoset_node, side="right") - 1
        order = np.argsort(depth, kind="stable")
        b2 = np.searchsorted(depth[order], np.arange(f.depth + 2))
        self.inf_levels = [(order[b2[d]:b2[d + 1]], prev[order[b2[d]:b2[d + 1]]])
                           for d in range(f.depth + 1) if b2[d + 1] > b2[d]]

    def reach(self, r: np.ndarray, ext: np.ndarray, p: int) -> None:
        """Into r: the chance times player p's probabilities (ext: the strategy with a last entry 1), per node."""
        lo, hi = self.level_range[0]
        r[lo:hi] = self.chance
        for (d_lo, d_hi, c_lo, c_hi, counts, _dec, _off), eo in zip(self.blocks, self.edge_of, strict=True):
            r[c_lo:c_hi] = np.repeat(r[d_lo:d_hi], counts) * ext[eo[p]]

    def up(self, v: np.ndarray, ext: np.ndarray, p: int) -> None:
        """In v (terminals filled): each decision's value, its children's summed with player p's probabilities."""
        for (_d_lo, _d_hi, c_lo, c_hi, _counts, dec, off), eo in zip(reversed(self.blocks), reversed(self.edge_of), strict=True):
            v[dec] = np.add.reduceat(v[c_lo:c_hi] * ext[eo[p]], off)


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
        f = self.lv.f
        sw = self.lv.sweep()
        leaf_u = {0: u_eldest[sw.term_outcome], 1: -u_eldest[sw.term_outcome]}
        ext = np.empty(f.n_slots + 1)
        ext[-1] = 1.0
        r = np.empty(sw.n)
        v = np.empty(sw.n)
        for _ in range(n):
            self.t += 1
            for p in (0, 1):
                sigma = regret_matching(f, np.maximum(self.regret + self.last, 0.0))
                ext[:-1] = sigma
                sw.reach(r, ext, 1 - p)                  # the other's reach (and chance) at every node
                v[:] = 0.0
                v[sw.term] = r[sw.term] * leaf_u[p]      # p's counterfactual values, summed up with p's own play
                sw.up(v, ext, p)
                slots, child = sw.chose[p]               # each of p's slots: the value of the child along it
                q = np.bincount(slots, weights=v[child], minlength=f.n_slots)
                mine = self.slot_player == p
                vi = np.add.reduceat(sigma * q, f.slot_start[:-1])
                inst = q - vi[f.slot_infoset]
                self.regret = np.where(mine, np.maximum(self.regret + inst, 0.0), self.regret)
                self.last = np.where(mine, inst, self.last)
                inf_reach = own_reach(f, sw.inf_levels, sigma)
                self.avg = np.where(mine, self.avg + float(self.t) ** 2 * inf_reach[f.slot_infoset] * sigma, self.avg)

    def average(self) -> np.ndarray:
        """The average strategy (where an infoset was never reached by its own player, the current one)."""
        return _normalise(self.lv.f, self.avg, regret_matching(self.lv.f, np.maximum(self.regret + self.last, 0)))


def own_reach(f: Flat, inf_levels: list, sigma: np.ndarray) -> np.ndarray:
    """Each information set's reach by its own player's probabilities alone (1 at his first decision)."""
    reach = np.ones(len(f.keys))
    for sets, prev in inf_levels:
        has = prev >= 0
        reach[sets[has]] = reach[f.slot_infoset[prev[has]]] * sigma[prev[has]]
    return reach


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

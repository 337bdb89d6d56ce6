"""The deal game as flat numpy arrays: every node of every pair of hands, sorted by the length of the deal's history
(so all the nodes of an information set are at one level, and every parent is at a lower level than its children:
forced moves make no node, so a parent may be several actions up).

A node is a decision (of the eldest or the dealer, in one information set: role, own hand, public history) with
more than one legal action (forced moves are applied on the way, so they make no node), or a terminal (one of :data:`tree.OUTCOMES`). Each non-root node hangs from its parent by one edge, an (information
set, action) slot. Roots carry the chance of their pair of hands.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import tree


@dataclass
class Flat:
    rules: tree.Rules
    hands: list[tuple[int, ...]]
    n_nodes: int
    level_start: np.ndarray      # nodes whose history has d actions are level_start[d] .. level_start[d+1]
    parent: np.ndarray           # int64, -1 at the roots
    edge: np.ndarray             # the (infoset, action) slot from the parent, -1 at the roots
    parent_player: np.ndarray    # the player who chose the edge (0/1), -1 at the roots
    player: np.ndarray           # 0/1 at decisions, -1 at terminals
    outcome: np.ndarray          # 0..4 at terminals, -1 elsewhere
    chance: np.ndarray           # at the roots: the pair's chance; 0 elsewhere
    # information sets
    keys: list[tuple[int, int, str]]   # (role, hand index, history)
    actions: list[list[str]]
    slot_start: np.ndarray       # the slots of infoset i are slot_start[i] .. slot_start[i+1]
    slot_infoset: np.ndarray     # the infoset of each slot
    infoset_node: np.ndarray     # one node of each infoset (for the own reach, the same at all its nodes)
    infoset_player: np.ndarray
    root_node: np.ndarray        # the root of each pair of hands
    root_hands: np.ndarray       # (eldest's hand index, dealer's) of each root

    @property
    def n_slots(self) -> int:
        return len(self.slot_infoset)

    @property
    def depth(self) -> int:
        return len(self.level_start) - 2


def build(rules: tree.Rules) -> Flat:
    hs = tree.hands(rules)
    index = {h: i for i, h in enumerate(hs)}
    keys: list[tuple[int, int, str]] = []
    key_id: dict[tuple[int, int, str], int] = {}
    actions: list[list[str]] = []
    # per node: depth, parent, slot, parent player, player, outcome, chance
    rows: list[tuple[int, int, int, int, int, int, float]] = []
    slot_of: list[int] = []          # first slot of each infoset (filled when created)
    n_slot = 0
    roots: list[tuple[int, int, int]] = []
    for i1, h1 in enumerate(hs):
        for i2, h2 in enumerate(hs):
            w = tree.pair_weight(rules, h1, h2)
            if w == 0:
                continue
            stack = [(tree.DealState(rules, [list(h1), list(h2)]), -1, -1, -1, 0)]
            while stack:
                st, par, slot, pp, depth = stack.pop()
                while st.outcome is None and len(legal := st.legal()) == 1:  # a forced move is no decision
                    st.apply(legal[0])
                me = len(rows)
                if par < 0:
                    roots.append((me, i1, i2))
                if st.outcome is not None:
                    rows.append((len(st.history), par, slot, pp, -1, st.outcome, w if par < 0 else 0.0))
                    continue
                p = st.to_act
                legal = st.legal()
                key = (p, index[h1 if p == 0 else h2], ",".join(st.history))
                iid = key_id.get(key)
                if iid is None:
                    iid = key_id[key] = len(keys)
                    keys.append(key)
                    actions.append(legal)
                    slot_of.append(n_slot)
                    n_slot += len(legal)
                rows.append((len(st.history), par, slot, pp, p, -1, w if par < 0 else 0.0))
                base = slot_of[iid]
                for k, a in enumerate(legal):
                    c = st.copy()
                    c.apply(a)
                    stack.append((c, me, base + k, p, depth + 1))
    arr = np.array(rows, dtype=np.float64)
    depth = arr[:, 0].astype(np.int64)
    order = np.argsort(depth, kind="stable")
    new_pos = np.empty_like(order)
    new_pos[order] = np.arange(len(order))
    arr = arr[order]
    parent = arr[:, 1].astype(np.int64)
    parent = np.where(parent >= 0, new_pos[np.maximum(parent, 0)], -1)
    d_sorted = depth[order]
    level_start = np.searchsorted(d_sorted, np.arange(d_sorted.max() + 2))
    player = arr[:, 4].astype(np.int8)
    n_inf = len(keys)
    slot_start = np.array([*slot_of, n_slot], dtype=np.int64)
    slot_infoset = np.repeat(np.arange(n_inf), np.diff(slot_start))
    edge = arr[:, 2].astype(np.int64)
    # one node per infoset: the decision node whose key it is (any; own reach is the same at all of them)
    infoset_node = np.full(n_inf, -1, dtype=np.int64)
    dec = np.nonzero(player >= 0)[0]
    # infoset of a decision node = slot_infoset of any child's edge; children exist at every decision node
    child = np.nonzero(parent >= 0)[0]
    node_inf = np.full(len(parent), -1, dtype=np.int64)
    node_inf[parent[child]] = slot_infoset[edge[child]]
    infoset_node[node_inf[dec]] = dec
    return Flat(rules, hs, len(parent), level_start, parent, edge, arr[:, 3].astype(np.int8), player,
                arr[:, 5].astype(np.int8), arr[:, 6], keys, actions, slot_start, slot_infoset, infoset_node,
                np.array([k[0] for k in keys], dtype=np.int8), new_pos[np.array([r[0] for r in roots])],
                np.array([r[1:] for r in roots], dtype=np.int64))

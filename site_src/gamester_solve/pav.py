"""Pav's closed-hand model of play (the engine's :mod:`gamester.games.put.numbers_pav`) as a strategy profile of
the solver's deal game without putting: to check the tree against the engine's own figures, and to measure what a
best response gains against it."""

from __future__ import annotations

import numpy as np

from gamester.games.put.numbers_pav import _Closed

from . import tree
from .flat import Flat


def profile(f: Flat, tie_value: float, one_and_ties: str = "win") -> np.ndarray:
    """Every decision of the deal (card play only: ruleset without putting) as Pav's strategies for a tied deal
    worth ``tie_value`` to its leader play it (a won deal 1, a lost one 0)."""
    r = f.rules
    if r.betting != "none":
        raise ValueError("Pav's model has no puts: use a ruleset without putting")
    m = _Closed(r.ranks, tie_value, one_and_ties)
    sigma = np.zeros(f.n_slots)
    for i, (role, hand_i, hist) in enumerate(f.keys):
        hand = f.hands[hand_i]
        plays = [r.ranks - r.order.index(a.split()[1]) for a in hist.split(",")] if hist else []
        if len(plays) == 0:
            card = m.lead1(tuple(sorted(hand)))[0]
        elif len(plays) == 1:
            card = m.follow1(tuple(sorted(hand)), plays[0])
        else:
            c1, d1 = plays[0], plays[1]
            mine = list(hand)
            mine.remove(c1 if role == tree.ELDEST else d1)
            mine_t = tuple(sorted(mine))
            who = 0 if role == tree.ELDEST else 1
            card = m.lead2(who, mine_t, c1, d1) if len(plays) == 2 else m.follow2(who, mine_t, c1, d1, plays[2])
        want = f"play {r.name(card)}"
        lo = f.slot_start[i]
        sigma[lo + f.actions[i].index(want)] = 1.0
    return sigma

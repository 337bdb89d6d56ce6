"""The solved strategy as the engine's data file, and the file read back as a strategy profile (so that what is
measured is what ships).

The file (gzip-compressed JSON)::

    {"game": "put", "ruleset": "<the engine's ruleset string>",
     "values": {"A-B": p, ...},           # the eldest's chance of winning the game at A (eldest) to B (dealer)
     "strategy": {KEY: {ACTION: p, ...}}, # KEY = ROLE|A-B|HAND|HISTORY (see README)
     "exploitability": {"A-B": x, ...}, "overall_exploitability": x, "method": "...", ...}

ROLE is ``eldest`` or ``dealer``; A-B the acting player's points, then the other's; HAND the three dealt ranks
best first; HISTORY the deal's public actions (``put``, ``see``, ``refuse``, ``play R``, ``throw-up``),
comma-separated. Information sets with one legal action are left out, and so are those the acting player's own
strategy does not reach (his own earlier actions taken with a chance below :data:`REACH`), and actions whose
probability rounds to zero (at :data:`DIGITS` decimals); the rest are renormalised when read.
"""

from __future__ import annotations

import gzip
import json

import numpy as np

from . import tree
from .flat import Flat

DIGITS = 5
#: decisions the acting player's own strategy reaches with less than this chance are left out
REACH = 1e-5


def score_key(a: int, b: int) -> str:
    return f"{a}-{b}"


def info_key(f: Flat, i: int, a: int, b: int) -> str:
    role, hand, hist = f.keys[i]
    pts = (a, b) if role == tree.ELDEST else (b, a)
    return f"{tree.ROLES[role]}|{pts[0]}-{pts[1]}|{tree.hand_text(f.rules, f.hands[hand])}|{hist}"


def to_json(f: Flat, ruleset: str, values: dict, strategies: dict, meta: dict, first_only: bool = False) -> dict:
    """The file's dictionary. With ``first_only``, the strategy holds each deal's first decisions only (the
    eldest's, and the dealer's answer to a put made there: a summary), and ``information_sets`` counts what the
    whole strategy would hold."""
    from .cfr import Levels, reaches
    lv = Levels(f)
    strat: dict[str, dict[str, float]] = {}
    multi = np.diff(f.slot_start) > 1
    if first_only:
        first = np.array([(role, hist) in ((tree.ELDEST, ""), (tree.DEALER, "put")) for role, _h, hist in f.keys])
    whole = 0
    for (a, b), sigma in sorted(strategies.items()):
        # a decision the player's own strategy never leads to (his own earlier actions all but never taken) is
        # left out: whoever follows the file never meets it
        own = np.where(f.infoset_player == 0, reaches(lv, sigma, True, False, chance=False)[f.infoset_node],
                       reaches(lv, sigma, False, True, chance=False)[f.infoset_node])
        kept = multi & (own >= REACH)
        whole += int(kept.sum())
        for i in np.nonzero(kept & first if first_only else kept)[0]:
            lo = f.slot_start[i]
            probs = {act: round(float(sigma[lo + k]), DIGITS) for k, act in enumerate(f.actions[i])}
            strat[info_key(f, int(i), a, b)] = {k: v for k, v in probs.items() if v > 0}
    out = {"game": "put", "ruleset": ruleset,
           "values": {score_key(*s): round(v, 8) for s, v in sorted(values.items())},
           "strategy": strat, **meta}
    if first_only:
        out["information_sets"] = whole
    return out


def write(path, data: dict) -> int:
    """Write the file whole or not at all: JSON with no NaN or infinity (ValueError), to a new file put in place."""
    import os
    raw = json.dumps(data, separators=(",", ":"), sort_keys=False, allow_nan=False).encode()
    tmp = f"{path}.new"
    try:
        with open(tmp, "wb") as fh:
            fh.write(gzip.compress(raw, compresslevel=9, mtime=0))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
    return len(raw)


def read(path) -> dict:
    with gzip.open(path, "rb") as fh:
        return json.loads(fh.read())


def profile(f: Flat, data: dict, a: int, b: int) -> np.ndarray:
    """The file's strategy at score a-b as a slot vector (single-action sets 1, missing actions 0)."""
    sigma = np.ones(f.n_slots)
    strat = data["strategy"]
    multi = np.nonzero(np.diff(f.slot_start) > 1)[0]
    for i in multi:
        lo = f.slot_start[i]
        row = strat.get(info_key(f, int(i), a, b))
        if row is None:  # never reached by its own player's strategy: any action will do (uniform)
            row = {act: 1.0 for act in f.actions[i]}
        p = np.array([row.get(act, 0.0) for act in f.actions[i]])
        sigma[lo:lo + len(p)] = p / p.sum()
    return sigma

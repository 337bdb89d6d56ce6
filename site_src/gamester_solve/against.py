"""The engine's other players as fixed strategies over the solver's tree, and what a best response gains against
them over the whole game (exactly, by :func:`br.game_best_response`), beside what the equilibrium itself wins
against them.

A bot's strategy is read from the bot itself: at every information set of every score the engine's bot is asked
for its move in a game set up at that score, with that hand and that public history (the other's hand is any that
fits: the bots do not look at it). Where the bot draws a random number (a bluff) its random source is replaced by
a fixed draw, once just below its threshold and once above it, so that the move's chance is exact.

Pav's model has no puts: over a tree with putting it is taken to play his closed-hand cards, never to put, and to
see every put (so a put is always played out), each deal's strategies weighing a tie as his own chain of deals
does at that score (:func:`gamester.games.put.numbers_pav.pav_game`); in a seen deal a tie is weighed as it is
worth then (the deal passes at the same score).
"""

from __future__ import annotations

import numpy as np

from gamester.cards import Card
from gamester.games.put.numbers_pav import _Closed, pav_game
from gamester.games.put.state import PutState

from . import br, cfr, tree
from .flat import Flat

SUITS = "SHDC"


class _Draw:
    """A random source that gives one fixed number and counts the draws."""

    def __init__(self, x: float) -> None:
        self.x, self.n = x, 0

    def random(self) -> float:
        self.n += 1
        return self.x


def _roots_of(f: Flat) -> np.ndarray:
    """The root above every node."""
    root = np.arange(f.n_nodes)
    while True:
        up = np.where(f.parent[root] >= 0, f.parent[root], root)
        if np.array_equal(up, root):
            return root
        root = up


def deal_ranks(options, name, h1, h2, a: int = 0, b: int = 0) -> tuple[PutState, int]:
    """An engine game at a (eldest) to b (dealer) whose deal is the ranks h1 to the eldest and h2 to the dealer
    (``name`` gives a rank's text; suits given in turn), and the eldest's seat."""
    st = PutState(options, 2, 1)
    used: dict[int, int] = {}

    def cards(h):
        out = []
        for v in h:
            k = used.get(v, 0)
            used[v] = k + 1
            out.append(Card.parse(name(v) + SUITS[k]))
        return out

    e = st.this_deal["eldest"]
    st.hands[e], st.hands[1 - e] = cards(h1), cards(h2)
    st.score[e], st.score[1 - e] = a, b
    return st, e


def _state(options, f: Flat, h1, h2, a: int, b: int, history: str) -> tuple[PutState, int]:
    """A game at a (eldest) to b (dealer) whose deal is h1 to the eldest and h2 to the dealer, ``history`` played."""
    st, e = deal_ranks(options, f.rules.name, h1, h2, a, b)
    for act in history.split(",") if history else []:
        if act.startswith("play "):
            seat = st.current_player()
            card = next(c for c in st.hands[seat] if c.rank.text == act.split()[1])
            st.apply(f"play {card}")
        else:
            st.apply(act)
    return st, e


def _word(action: str) -> str:
    return f"play {Card.parse(action.split()[1]).rank.text}" if action.startswith("play ") else action


def bot_profiles(f: Flat, options, name: str, g: int) -> dict[tuple[int, int], np.ndarray]:
    """The engine's bot ``name`` as a strategy profile of the deal game at every score (both roles)."""
    from gamester.games.put.bots import BOTS
    root = _roots_of(f)
    pair = {int(r): tuple(h) for r, h in zip(f.root_node, f.root_hands, strict=True)}
    multi = [i for i in range(len(f.keys)) if len(f.actions[i]) > 1]
    # card play does not depend on the score (checked at 4-4 below); puts and answers to them do
    betting = [i for i in multi if any(a in ("put", "see", "refuse", "throw-up") for a in f.actions[i])]
    cards_only = [i for i in multi if i not in set(betting)]

    def probs(i: int, a: int, b: int) -> np.ndarray:
        i1, i2 = pair[int(root[f.infoset_node[i]])]
        role, _, hist = f.keys[i]
        st, e = _state(options, f, f.hands[i1], f.hands[i2], a, b, hist)
        seat = e if role == tree.ELDEST else 1 - e
        assert st.current_player() == seat
        bot = BOTS[name](0)
        out = np.zeros(len(f.actions[i]))
        lo_draw = _Draw(0.0)
        bot.rng = lo_draw
        low = _word(bot.choose(st, seat))
        if lo_draw.n == 0:
            out[f.actions[i].index(low)] = 1.0
            return out
        assert lo_draw.n == 1, "a bot that draws more than once per move"
        bot.rng = _Draw(1.0 - 1e-12)
        high = _word(bot.choose(st, seat))
        p = bot.bluff
        out[f.actions[i].index(low)] += p
        out[f.actions[i].index(high)] += 1 - p
        return out

    base = np.ones(f.n_slots)
    for i in cards_only:
        lo = f.slot_start[i]
        base[lo:lo + len(f.actions[i])] = probs(i, 0, 0)
    for i in cards_only[::50]:
        lo = f.slot_start[i]
        assert np.array_equal(base[lo:lo + len(f.actions[i])], probs(i, g - 1, g - 1)), "card play by the score"
    out = {}
    for a in range(g):
        for b in range(g):
            s = base.copy()
            for i in betting:
                lo = f.slot_start[i]
                s[lo:lo + len(f.actions[i])] = probs(i, a, b)
            out[(a, b)] = s
    return out


def pav_profiles(f: Flat, g: int, one_and_ties: str = "win") -> dict[tuple[int, int], np.ndarray]:
    """Pav's closed-hand strategies at every score (see the module's note for a tree with putting)."""
    r = f.rules
    chain = pav_game(r.ranks, g, one_and_ties)
    W = {k: float(v["p"]) for k, v in chain.items()}

    def at(a, b):
        if a >= g:
            return 1.0
        if b >= g:
            return 0.0
        return W[(a, b)]

    out = {}
    for a in range(g):
        for b in range(g):
            ww, wt, wl = 1 - at(b, a + 1), 1 - at(b, a), 1 - at(b + 1, a)
            models = {False: _Closed(r.ranks, (wt - wl) / (ww - wl), one_and_ties),
                      True: _Closed(r.ranks, 1 - at(b, a), one_and_ties)}   # a seen put: won 1, lost 0
            sigma = np.zeros(f.n_slots)
            for i, (role, hand_i, hist) in enumerate(f.keys):
                acts = f.actions[i]
                lo = f.slot_start[i]
                if "see" in acts:
                    sigma[lo + acts.index("see")] = 1.0
                    continue
                words = hist.split(",") if hist else []
                m = models["see" in words]
                plays = [r.ranks - r.order.index(w.split()[1]) for w in words if w.startswith("play ")]
                sigma[lo + acts.index(f"play {r.name(_pav_card(m, role, f.hands[hand_i], plays))}")] = 1.0
            out[(a, b)] = sigma
    return out


def _pav_card(m: _Closed, role: int, hand, plays: list[int]) -> int:
    if not plays:
        return m.lead1(tuple(sorted(hand)))[0]
    if len(plays) == 1:
        return m.follow1(tuple(sorted(hand)), plays[0])
    c1, d1 = plays[0], plays[1]
    mine = list(hand)
    mine.remove(c1 if role == tree.ELDEST else d1)
    who = 0 if role == tree.ELDEST else 1
    mine_t = tuple(sorted(mine))
    return m.lead2(who, mine_t, c1, d1) if len(plays) == 2 else m.follow2(who, mine_t, c1, d1, plays[2])


def game_values(lv: cfr.Levels, mine: dict, others: dict, g: int, tol: float = 1e-11) -> dict:
    """The chance of winning the game of a player who plays ``mine`` against one who plays ``others`` (both per
    score, each keeping to its own in either role): for every score (eldest's points a, dealer's b) and role r of
    the first player (0 eldest, 1 dealer). Solved as :func:`br.game_best_response` is, with no deviation."""
    slot_player = lv.f.infoset_player[lv.f.slot_infoset]

    def deal_value(a, b, r, u_eld):
        v = cfr.value(lv, np.where(slot_player == r, mine[(a, b)], others[(a, b)]), u_eld)
        return v if r == 0 else 1.0 - v

    return br.score_game(deal_value, g, tol, rounds=500)


def report(lv: cfr.Levels, values: dict, equilibrium: dict, others: dict, g: int) -> dict:
    """Against a fixed strategy ``others``: at every score, in chances of winning the game, what a best response
    over the whole game wins beyond the game's value (as eldest and as dealer), and what the equilibrium wins
    beyond it; and from 0-0 over the two seats (the first deal's eldest taken at random), the best response's and
    the equilibrium's margins (the chance of winning the game less one half)."""
    best = br.game_best_response(lv, others, g)
    eq = game_values(lv, equilibrium, others, g)
    per = {}
    for (a, b), v in sorted(values.items()):
        per[f"{a}-{b}"] = {"best_eldest": best[(a, b, 0)] - v, "best_dealer": best[(a, b, 1)] - (1 - v),
                           "eq_eldest": eq[(a, b, 0)] - v, "eq_dealer": eq[(a, b, 1)] - (1 - v)}
    return {"per_score": per,
            "best_margin": (best[(0, 0, 0)] + best[(0, 0, 1)]) / 2 - 0.5,
            "equilibrium_margin": (eq[(0, 0, 0)] + eq[(0, 0, 1)]) / 2 - 0.5}


#: the players a strategy file is measured against: the engine's bots by name, and Pav's model
OPPONENTS = ("calculating", "bold", "pav")


def annotate(path, names=OPPONENTS, log=print) -> dict:
    """Measure the strategy file at ``path`` (as read back) against each of ``names`` and write the figures into
    it, under ``"against"``: per score, in chances of winning the game beyond the game's value, what a best
    response wins as eldest and as dealer (``best``) and what the equilibrium wins (``equilibrium``); from 0-0,
    the margins over the two seats."""
    import time

    from gamester import get_game

    from . import export, flat
    data = export.read(path)
    opts = get_game("put").options_for(data["ruleset"])
    f = flat.build(tree.Rules.from_options(opts))
    lv = cfr.Levels(f)
    g = opts.game_points
    eq = {(a, b): export.profile(f, data, a, b) for a in range(g) for b in range(g)}
    values = {tuple(map(int, k.split("-"))): v for k, v in data["values"].items()}
    out = {}
    for name in names:
        t = time.time()
        prof = pav_profiles(f, g) if name == "pav" else bot_profiles(f, opts, name, g)
        rep = report(lv, values, eq, prof, g)
        out[name] = {"best_margin": round(rep["best_margin"], 6),
                     "equilibrium_margin": round(rep["equilibrium_margin"], 6),
                     "per_score": {k: {"best": [round(r["best_eldest"], 6), round(r["best_dealer"], 6)],
                                       "equilibrium": [round(r["eq_eldest"], 6), round(r["eq_dealer"], 6)]}
                                   for k, r in rep["per_score"].items()}}
        log(f"  against {name}: a best response's margin from 0-0 {rep['best_margin']:+.4f}, the "
            f"equilibrium's {rep['equilibrium_margin']:+.4f} ({time.time() - t:.0f} s)")
    data["against"] = out
    export.write(path, data)
    return out


if __name__ == "__main__":
    import sys
    for p in sys.argv[1:]:
        print(p)
        annotate(p)

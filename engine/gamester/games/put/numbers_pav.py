"""Put's numbers, part two: Pav's model (hands closed to the end, the unseen cards taken as uniformly dealt).

See :mod:`gamester.games.put.numbers` for the model in words; the hands, the deal's outcome and the chain of deals
to a game are in :mod:`.numbers_engine`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, partial
from typing import Any

from ...errors import RulesetError
from .numbers_engine import chance_at, deal_sign, draws, drop, engine_deal, game_chances, less, sign

#: Pav's published chance of the first leader winning from four all (52 cards, one trick and two ties nothing).
PAV_PUBLISHED_44 = 0.4522019143769842
#: Our own figure for it (``pav_four_all(13)``, about half a minute on CPython; stored for the site and recomputed
#: by the slow tests): the exact chance for the strategies found, and the leader's deal under them.
PAV_FULL_44 = {"p": Fraction(12941908, 28619755), "win": Fraction(9770303, 25448150),
               "tie": Fraction(37313, 299390), "lose": Fraction(893303, 1817725)}


# -- Pav's model: hands closed, the unseen cards taken as uniformly dealt ----------------------------------------
class _Closed:
    """The closed-hand strategies for one value ``r`` of a tied deal (a won deal 1, a lost one 0, both for the
    deal's leader; the other plays to make the same sum small). ``L`` is 0, the other 1."""

    def __init__(self, n_ranks: int, r: float, rule: str) -> None:
        self.counts = (4,) * n_ranks
        self.r, self.rule = r, rule
        self.u = {}
        for tl in range(4):
            for tf in range(4 - tl):
                o = deal_sign(tl, tf, rule)
                self.u[tl, tf] = 1.0 if o > 0 else (r if o == 0 else 0.0)
        self._f1: dict = {}
        self._l2: dict = {}
        self._f2: dict = {}

    def _pick(self, who: int, scored: list[tuple[int, float]]) -> int:
        """The card with the best sum for ``who`` (the leader maximises, the other minimises); lowest on a tie."""
        if who == 0:
            return min(scored, key=lambda cv: (-cv[1], cv[0]))[0]
        return min(scored, key=lambda cv: (cv[1], cv[0]))[0]

    def _end(self, c1: int, d1: int, lead2: int, x2: int, y2: int, x3: int, y3: int) -> tuple[int, int]:
        """Tricks won by (L, F): trick one c1 (L) against d1 (F); tricks two and three by ``lead2`` (the player
        leading trick two) with x2/x3, the other with y2/y3."""
        s1 = sign(c1, d1)
        s2, s3 = sign(x2, y2), sign(x3, y3)
        if lead2 == 1:
            s2, s3 = -s2, -s3
        return (s1 > 0) + (s2 > 0) + (s3 > 0), (s1 < 0) + (s2 < 0) + (s3 < 0)

    def follow2(self, who: int, mine: tuple[int, int], c1: int, d1: int, led: int) -> int:
        key = (who, mine, c1, d1, led)
        got = self._f2.get(key)
        if got is not None:
            return got
        lead2 = 1 - who
        rest = less(self.counts, *mine, c1, d1, led)
        scored = []
        for e in sorted(set(mine)):
            f = mine[1] if mine[0] == e else mine[0]
            s = 0.0
            for v, k in enumerate(rest, 1):
                if k:
                    s += k * self.u[self._end(c1, d1, lead2, led, e, v, f)]
            scored.append((e, s))
        got = self._f2[key] = self._pick(who, scored)
        return got

    def lead2(self, who: int, mine: tuple[int, int], c1: int, d1: int) -> int:
        key = (who, mine, c1, d1)
        got = self._l2.get(key)
        if got is not None:
            return got
        rest = less(self.counts, *mine, c1, d1)
        theirs_c1, theirs_d1 = c1, d1
        scored = []
        for a in sorted(set(mine)):
            b = mine[1] if mine[0] == a else mine[0]
            s = 0.0
            for h, w in draws(rest, 2):
                e = self.follow2(1 - who, h, theirs_c1, theirs_d1, a)
                f = h[1] if h[0] == e else h[0]
                s += w * self.u[self._end(c1, d1, who, a, e, b, f)]
            scored.append((a, s))
        got = self._l2[key] = self._pick(who, scored)
        return got

    def rest_of_deal(self, l_rest: tuple[int, int], f_rest: tuple[int, int], c1: int, d1: int) -> tuple[int, int]:
        """Tricks won by (L, F) when both play tricks two and three by their strategies."""
        if sign(c1, d1) >= 0:  # the leader won or tied the first trick: he leads again
            a = self.lead2(0, l_rest, c1, d1)
            e = self.follow2(1, f_rest, c1, d1, a)
            b = l_rest[1] if l_rest[0] == a else l_rest[0]
            f = f_rest[1] if f_rest[0] == e else f_rest[0]
            return self._end(c1, d1, 0, a, e, b, f)
        a = self.lead2(1, f_rest, c1, d1)
        e = self.follow2(0, l_rest, c1, d1, a)
        b = f_rest[1] if f_rest[0] == a else f_rest[0]
        f = l_rest[1] if l_rest[0] == e else l_rest[0]
        return self._end(c1, d1, 1, a, e, b, f)

    def follow1(self, hand: tuple[int, ...], c1: int) -> int:
        key = (hand, c1)
        got = self._f1.get(key)
        if got is not None:
            return got
        rest = less(self.counts, *hand, c1)
        scored = []
        for d in sorted(set(hand)):
            mine = drop(hand, d)
            s = 0.0
            for h, w in draws(rest, 2):
                s += w * self.u[self.rest_of_deal(h, mine, c1, d)]
            scored.append((d, s))
        got = self._f1[key] = self._pick(1, scored)
        return got

    def lead1(self, hand: tuple[int, ...]) -> tuple[int, list[tuple[tuple[int, ...], int, tuple[int, int]]]]:
        rest = less(self.counts, *hand)
        best = None
        for c in sorted(set(hand)):
            mine = drop(hand, c)
            s = 0.0
            played = []
            for h, w in draws(rest, 3):
                d = self.follow1(h, c)
                tricks = self.rest_of_deal(mine, drop(h, d), c, d)
                s += w * self.u[tricks]
                played.append((h, w, tricks))
            if best is None or s > best[0]:
                best = (s, c, played)
        return best[1], best[2]

    def deal(self) -> tuple[int, int, int, int]:
        """Integer tallies (win, tie, lose, total) of the leader over every pair of hands."""
        t = [0, 0, 0]
        for hand, wl in draws(self.counts, 3):
            _, played = self.lead1(hand)
            for _h, w, tricks in played:
                t[1 - deal_sign(*tricks, self.rule)] += wl * w
        return t[0], t[1], t[2], sum(t)


def pav_deal(n_ranks: int, tie_value: float, one_and_ties: str = "nothing") -> tuple[Fraction, Fraction, Fraction]:
    """The leader's exact (win, tie, lose) when both play Pav's closed-hand strategies for ``tie_value``."""
    w, t, lo, total = _Closed(n_ranks, tie_value, one_and_ties).deal()
    return Fraction(w, total), Fraction(t, total), Fraction(lo, total)


@lru_cache(maxsize=16)
def pav_four_all(n_ranks: int = 13, one_and_ties: str = "nothing", rounds: int = 30) -> dict[str, Any]:
    """The first leader's chance at four all (one deal decides; a tied deal gives the lead to the other at the same
    score), with the strategies and the value of a tie solved together.

    ``p = win + tie * (1 - p)`` for the strategies that take a tie to be worth ``1 - p``: iterate from one half;
    once the strategies repeat, ``p = (win + tie) / (1 + tie)`` exactly."""
    p = Fraction(1, 2)
    seen = []
    for _ in range(rounds):
        w, t, lo = pav_deal(n_ranks, float(1 - p), one_and_ties)
        new = (w + t) / (1 + t)
        seen.append(float(new))
        if new == p:
            return {"p": p, "win": w, "tie": t, "lose": lo, "iterations": len(seen), "path": seen}
        p = new
    raise RulesetError(f"Pav's model did not settle at four all in {rounds} rounds: {seen[-3:]}")


def pav_game(n_ranks: int = 13, target: int = 5, one_and_ties: str = "nothing", rounds: int = 30,
             start: dict[tuple[int, int], Fraction] | None = None) -> dict[tuple[int, int], dict[str, Any]]:
    """Pav's model over a whole game without putting: for every score ``(a, b)`` (the leader's points first), the
    leader's chance ``p`` and his deal (win, tie, lose) under the strategies for that score.

    At each score the players value a won, tied and lost deal by the chances of the scores they lead to (the other
    leading next): ``W_w = 1 - W[b, a+1]``, ``W_t = 1 - W[b, a]``, ``W_l = 1 - W[b+1, a]``, and choose their cards
    to make ``win W_w + tie W_t + lose W_l`` large (the leader) or small (the other), which is to weigh a tied
    deal ``r = (W_t - W_l) / (W_w - W_l)`` against a won one. A tie links ``(a, b)`` and ``(b, a)``: the two are
    iterated together until their strategies repeat, and then solved exactly (as :func:`game_chances` does).
    ``start``: first guesses (by default the engine model's chances), which change only how soon it settles."""
    if start is None:
        start = game_chances(engine_deal(n_ranks, one_and_ties), target)
    W: dict[tuple[int, int], Fraction] = {}
    out: dict[tuple[int, int], dict[str, Any]] = {}

    get = partial(chance_at, W, target)

    def r_for(a: int, b: int, guess: dict) -> float:
        ww, wl = 1 - get(b, a + 1), 1 - get(b + 1, a)
        wt = 1 - guess[b, a]
        return float((wt - wl) / (ww - wl))

    for total in range(2 * target - 2, -1, -1):
        for a in range(target):
            b = total - a
            if not 0 <= b < target or (a, b) in W:
                continue
            pair = [(a, b)] if a == b else [(a, b), (b, a)]
            guess = {k: start[k] for k in pair}
            last = None
            history: list[tuple[dict, dict]] = []
            for i in range(rounds):  # noqa: B007  (i is reported below)
                deals = {k: pav_deal(n_ranks, r_for(*k, guess), one_and_ties) for k in pair}
                if deals == last:
                    break
                if any(deals == d for d, _ in history):
                    ps = [float(g[a, b]) for _, g in history]
                    raise RulesetError(
                        f"Pav's model has no settled strategies at {a}-{b} with {4 * n_ranks} cards: the "
                        "strategies for a tie valued just above and just below a switching point alternate; the "
                        f"leader's chance lies between {min(ps):.4f} and {max(ps):.4f}")
                history.append((deals, guess))
                last = deals
                # with the deals fixed, W[a,b] = K1 - t1 W[b,a] and W[b,a] = K2 - t2 W[a,b] (one equation if a == b)
                (w1, t1, l1) = deals[a, b]
                k1 = w1 * (1 - get(b, a + 1)) + t1 + l1 * (1 - get(b + 1, a))
                if a == b:
                    guess = {(a, b): k1 / (1 + t1)}
                    continue
                (w2, t2, l2) = deals[b, a]
                k2 = w2 * (1 - get(a, b + 1)) + t2 + l2 * (1 - get(a + 1, b))
                x = (k1 - t1 * k2) / (1 - t1 * t2)
                guess = {(a, b): x, (b, a): k2 - t2 * x}
            else:
                raise RulesetError(f"Pav's model did not settle at {a}-{b} in {rounds} rounds")
            for k in pair:
                W[k] = guess[k]
                out[k] = {"p": guess[k], "win": last[k][0], "tie": last[k][1], "lose": last[k][2],
                          "iterations": i}
    return out


#: ``pav_game(13)`` (52 cards, five up, one trick and two ties nothing) takes some twenty minutes on CPython, so its
#: result is stored: the leader's deal (win, tie, lose) under the strategies found at each score ``(a, b)``; the
#: chances of the game follow from them exactly (:data:`PAV_GAME_52`, by :func:`game_chances`). The slow tests
#: recompute them.
PAV_DEALS_52: dict[tuple[int, int], tuple[Fraction, Fraction, Fraction]] = {
    (0, 0): (Fraction(387867, 1017926), Fraction(1634212, 12724075), Fraction(1783293, 3635450)),
    (0, 1): (Fraction(148891, 391510), Fraction(3295931, 25448150), Fraction(6237152, 12724075)),
    (0, 2): (Fraction(9702867, 25448150), Fraction(1630066, 12724075), Fraction(254799, 519350)),
    (0, 3): (Fraction(9670981, 25448150), Fraction(36131, 279650), Fraction(6244624, 12724075)),
    (0, 4): (Fraction(971729, 2544815), Fraction(3232421, 25448150), Fraction(12498439, 25448150)),
    (1, 0): (Fraction(387131, 1017926), Fraction(3295751, 25448150), Fraction(28222, 57575)),
    (1, 1): (Fraction(9708561, 25448150), Fraction(324851, 2544815), Fraction(12491079, 25448150)),
    (1, 2): (Fraction(9676973, 25448150), Fraction(3281669, 25448150), Fraction(6244754, 12724075)),
    (1, 3): (Fraction(285833, 748475), Fraction(461627, 3635450), Fraction(12498439, 25448150)),
    (1, 4): (Fraction(965117, 2544815), Fraction(66376, 508963), Fraction(95986, 195755)),
    (2, 0): (Fraction(9708561, 25448150), Fraction(324851, 2544815), Fraction(12491079, 25448150)),
    (2, 1): (Fraction(9679011, 25448150), Fraction(193771, 1496950), Fraction(6237516, 12724075)),
    (2, 2): (Fraction(138847, 363545), Fraction(645649, 5089630), Fraction(2500123, 5089630)),
    (2, 3): (Fraction(4827811, 12724075), Fraction(127348, 978775), Fraction(1248148, 2544815)),
    (2, 4): (Fraction(14789, 38675), Fraction(1606258, 12724075), Fraction(6252236, 12724075)),
    (3, 0): (Fraction(9679983, 25448150), Fraction(658627, 5089630), Fraction(6237516, 12724075)),
    (3, 1): (Fraction(4860293, 12724075), Fraction(3226661, 25448150), Fraction(12500903, 25448150)),
    (3, 2): (Fraction(39409, 103870), Fraction(3313697, 25448150), Fraction(6239624, 12724075)),
    (3, 3): (Fraction(4869409, 12724075), Fraction(1600492, 12724075), Fraction(6254174, 12724075)),
    (3, 4): (Fraction(9616673, 25448150), Fraction(1686691, 12724075), Fraction(191663, 391510)),
    (4, 0): (Fraction(4861343, 12724075), Fraction(3222689, 25448150), Fraction(500111, 1017926)),
    (4, 1): (Fraction(4828381, 12724075), Fraction(1655782, 12724075), Fraction(891416, 1817725)),
    (4, 2): (Fraction(974399, 2544815), Fraction(187849, 1496950), Fraction(12510727, 25448150)),
    (4, 3): (Fraction(9635641, 25448150), Fraction(1671823, 12724075), Fraction(12468863, 25448150)),
    (4, 4): (Fraction(9770303, 25448150), Fraction(37313, 299390), Fraction(893303, 1817725)),
}


#: The chances of the game under Pav's model (52 cards): ``(a, b) -> (p, win, tie, lose)``, from the stored deals.
PAV_GAME_52 = {k: (p, *PAV_DEALS_52[k]) for k, p in game_chances(PAV_DEALS_52, 5).items()}

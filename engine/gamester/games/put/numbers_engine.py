"""Put's numbers, part one: hands as rank values, the engine's model of a deal, and the chain of deals to a game.

Only the order of the ranks matters at Put (suits never do), so a hand is a sorted tuple of rank values (1 = the
lowest rank of the pack in use, up to 13 = the Three in the full pack) and the unseen cards are counts per rank.
The deal's result is always read by the engine's own :func:`gamester.games.put.state.deal_result`. See
:mod:`gamester.games.put.numbers` for the models and what they mean; :mod:`.numbers_pav` is Pav's model.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, partial
from math import comb
from typing import Any

from . import odds as put_odds
from .state import deal_result


# -- hands as rank values ---------------------------------------------------------------------------------------
@lru_cache(maxsize=64)  # every draw of k cards by rank: up to 455 (~70 kB) each
def draws(counts: tuple[int, ...], k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every ``k``-card hand from ``counts`` (index = rank value - 1) as (sorted values, number of card-level hands)."""
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(r: int, left: int, acc: tuple[int, ...], w: int) -> None:
        if left == 0:
            out.append((acc, w))
            return
        for v in range(r, len(counts)):
            for take in range(1, min(counts[v], left) + 1):
                rec(v + 1, left - take, acc + (v + 1,) * take, w * comb(counts[v], take))

    rec(0, k, (), 1)
    return tuple(out)


def less(counts: tuple[int, ...], *cards: int) -> tuple[int, ...]:
    c = list(counts)
    for v in cards:
        c[v - 1] -= 1
    return tuple(c)


def drop(hand: tuple[int, ...], v: int) -> tuple[int, ...]:
    i = hand.index(v)
    return hand[:i] + hand[i + 1:]


@lru_cache(maxsize=64)
def deal_sign(t_lead: int, t_follow: int, one_and_ties: str) -> int:
    """+1 the deal's leader wins, 0 nobody, -1 the other, by the engine's deal_result (and, under ``"nothing"``,
    a win needs two tricks)."""
    w = deal_result({0: t_lead, 1: t_follow})
    if w is not None and one_and_ties == "nothing" and max(t_lead, t_follow) < 2:
        w = None
    return 0 if w is None else (1 if w == 0 else -1)


def sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


# -- the engine's model: open hands after the first card ---------------------------------------------------------
@lru_cache(maxsize=100_000)  # open-hand values: ~250 B each, ~25 MB at most
def open_value(mine: tuple[int, ...], theirs: tuple[int, ...], me_lead: bool, table: int, mw: int, tw: int,
          rule: str) -> int:
    """Open-hand best play, +1/0/-1 for 'me' (used for ``one_and_ties="nothing"``; under ``"win"`` it agrees
    with :mod:`gamester.games.put.odds`, which the tests check)."""
    if not mine and table == 0:
        return deal_sign(mw, tw, rule)
    if table == 0:
        if me_lead:
            return max(open_value(drop(mine, c), theirs, True, c, mw, tw, rule) for c in set(mine))
        return min(open_value(mine, drop(theirs, c), False, c, mw, tw, rule) for c in set(theirs))
    if me_lead:  # they answer my card
        vals = []
        for d in set(theirs):
            s = sign(table, d)
            vals.append(open_value(mine, drop(theirs, d), s >= 0, 0, mw + (s > 0), tw + (s < 0), rule))
        return min(vals)
    vals = []
    for d in set(mine):
        s = sign(d, table)
        vals.append(open_value(drop(mine, d), theirs, s > 0, 0, mw + (s > 0), tw + (s < 0), rule))
    return max(vals)


def _engine_hand(hand: tuple[int, ...], counts: tuple[int, ...], rule: str) -> tuple[int, int, int, int]:
    """(win, tie, lose, total) for the leader holding ``hand``, his best first card, then open hands."""
    rest = less(counts, *hand)
    if rule == "win":
        tallies, _ = put_odds.odds(hand, 3, rest, True, 0, 0, 0, True)
        return tallies
    best = None
    opp = draws(rest, 3)
    total = sum(w for _, w in opp)
    for c in sorted(set(hand), reverse=True):
        t = [0, 0, 0]
        after = drop(hand, c)
        for h, w in opp:
            t[1 - open_value(after, h, True, c, 0, 0, rule)] += w
        key = (t[0] - t[2], t[0])
        if best is None or key > best[0]:
            best = (key, (t[0], t[1], t[2], total))
    return best[1]


@lru_cache(maxsize=16)
def engine_deal(n_ranks: int, one_and_ties: str = "win") -> tuple[Fraction, Fraction, Fraction]:
    """The leader's exact chances (win, tie, lose) of a deal under the engine's model."""
    counts = (4,) * n_ranks
    tw = tt = tl = 0
    denom = 0
    for hand, w in draws(counts, 3):
        a, b, c, total = _engine_hand(hand, counts, one_and_ties)
        tw, tt, tl, denom = tw + w * a * 1, tt + w * b, tl + w * c, denom + w * total
    return Fraction(tw, denom), Fraction(tt, denom), Fraction(tl, denom)


# -- the game: deals to game_points, the lead alternating --------------------------------------------------------
def chance_at(W: dict[tuple[int, int], Fraction], target: int, a: int, b: int) -> Fraction:
    """``W[a, b]``, or the chance of a game already won: 1 when the leader has ``target`` points, 0 when the other
    has."""
    if a >= target:
        return Fraction(1)
    if b >= target:
        return Fraction(0)
    return W[a, b]


def game_chances(deal: Any, target: int) -> dict[tuple[int, int], Fraction]:
    """``W[a, b]``: the chance that the player about to lead, with ``a`` points against ``b``, wins the game, when
    every deal gives the leader (win, tie, lose) (or, with a dict, the deal at each score) and the lead passes to the
    other after each deal.

    After a deal the other leads, so ``W[a,b] = w (1 - W[b,a+1]) + t (1 - W[b,a]) + l (1 - W[b+1,a])``; a tie
    links ``W[a,b]`` and ``W[b,a]``, a pair of linear equations solved together."""
    per_score = isinstance(deal, dict)
    W: dict[tuple[int, int], Fraction] = {}

    get = partial(chance_at, W, target)

    for total in range(2 * target - 2, -1, -1):
        for a in range(target):
            b = total - a
            if not 0 <= b < target or (a, b) in W:
                continue
            # W[a,b] = K1 - t1 W[b,a];  W[b,a] = K2 - t2 W[a,b]
            w1, t1, l1 = deal[a, b] if per_score else deal
            w2, t2, l2 = deal[b, a] if per_score else deal
            k1 = w1 * (1 - get(b, a + 1)) + t1 + l1 * (1 - get(b + 1, a))
            k2 = w2 * (1 - get(a, b + 1)) + t2 + l2 * (1 - get(a + 1, b))
            x = (k1 - t1 * k2) / (1 - t1 * t2)
            W[a, b] = x
            W[b, a] = k2 - t2 * x
    return W



"""Exact odds for a two-handed deal of Put (and of Truc, whose tricks follow the same rules).

The model, stated once so that the site can quote it:

1. **What the seat knows.** Its own cards, every card already played in the deal, and (in four-handed Put) the card
   it discarded. Every other card of the pack is *unseen*.
2. **The opponent's hand** is taken to be uniformly random among the sets of unseen cards of the right size. Suits
   never matter at Put, so hands are grouped by their ranks and weighted by the number of ways to pick the suits
   (``prod C(unseen of rank r, k_r)``); the weights are exact counts, so the odds are exact fractions of hands.
3. **Play from there** is solved by backward induction with both hands open: for each possible opponent hand, the
   seat plays to maximise and the opponent to minimise the result (+1 the seat wins the deal, 0 nobody does: "trick
   and tie" or every trick tied, -1 the opponent wins). Ties of rank tie the trick and the same player leads again.
4. **The seat's own next card is chosen before it sees the opponent's hand**: when the seat is to play, each of its
   cards is valued as the average over opponent hands, and the seat's chance is that of its best card (by chance of
   winning minus chance of losing). Later choices are made with the hands open (an upper bound on what a real player
   can do without seeing, which is why the figures are "with best play, open hands after this card").

The results are fractions of hands, ``win + tie + lose == 1``. The figures take no account of what a put or a see
says about the hand behind it: they are the odds from the cards alone.

Everything is cached by canonical key (the seat's ranks, the unseen rank counts, the table), so a whole game of
calls costs little; a cold call from the start of a deal with the full pack takes a few milliseconds on CPython.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

BASIS = ("exact over every hand the opponent might hold (uniform over the unseen cards, grouped by rank); "
         "best play by both sides, the seat choosing its next card without seeing, then hands open")


@lru_cache(maxsize=200_000)
def _value(mine: tuple[int, ...], theirs: tuple[int, ...], me_lead: bool, table: int, mw: int, tw: int) -> int:
    """Open-hand minimax: +1 / 0 / -1 for 'me'. ``table`` is the rank value already led (0 = none yet).

    ``mine`` and ``theirs`` are sorted rank values (higher is better); ``mw``/``tw`` tricks won so far. The deal has
    three tricks, so two tricks decide it at once.
    """
    if mw >= 2:
        return 1
    if tw >= 2:
        return -1
    if table == 0 and not mine:
        return (mw > tw) - (mw < tw)
    if table == 0:
        if me_lead:
            return max(_value(_drop(mine, c), theirs, True, c, mw, tw) for c in set(mine))
        return min(_value(mine, _drop(theirs, c), False, c, mw, tw) for c in set(theirs))
    # a card is on the table; the follower answers
    if me_lead:
        best = 2
        for d in set(theirs):
            rest = _drop(theirs, d)
            if table > d:
                v = _value(mine, rest, True, 0, mw + 1, tw)
            elif table < d:
                v = _value(mine, rest, False, 0, mw, tw + 1)
            else:
                v = _value(mine, rest, True, 0, mw, tw)
            if v < best:
                best = v
                if v == -1:
                    break
        return best
    best = -2
    for d in set(mine):
        v = _follow(mine, theirs, table, d, mw, tw)
        if v > best:
            best = v
            if v == 1:
                break
    return best


def _follow(mine: tuple[int, ...], theirs: tuple[int, ...], table: int, d: int, mw: int, tw: int) -> int:
    """Value after 'me' answers the opponent's led ``table`` card with ``d``."""
    rest = _drop(mine, d)
    if d > table:
        return _value(rest, theirs, True, 0, mw + 1, tw)
    if d < table:
        return _value(rest, theirs, False, 0, mw, tw + 1)
    return _value(rest, theirs, False, 0, mw, tw)


def _drop(hand: tuple[int, ...], c: int) -> tuple[int, ...]:
    i = hand.index(c)
    return hand[:i] + hand[i + 1:]


def _multisets(counts: tuple[int, ...], k: int, start: int = 0):
    """Every way to take ``k`` cards by rank from ``counts`` (index = rank value - 1): (ranks, weight)."""
    if k == 0:
        yield (), 1
        return
    for r in range(start, len(counts)):
        avail = counts[r]
        for take in range(1, min(avail, k) + 1):
            w = comb(avail, take)
            for rest, wr in _multisets(counts, k - take, r + 1):
                yield (r + 1,) * take + rest, w * wr


@lru_cache(maxsize=50_000)
def _hands(counts: tuple[int, ...], k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    return tuple((tuple(sorted(h)), w) for h, w in _multisets(counts, k))


@lru_cache(maxsize=50_000)
def odds(mine: tuple[int, ...], k: int, counts: tuple[int, ...], me_lead: bool, table: int, mw: int, tw: int,
         me_to_play: bool) -> tuple[tuple[int, int, int, int], tuple[tuple[int, tuple[int, int, int, int]], ...]]:
    """The seat's odds as integer tallies ``(win, tie, lose, total)`` of weighted opponent hands.

    ``mine``: the seat's rank values (sorted); ``k``: cards the opponent holds; ``counts``: unseen cards per rank
    value (index 0 = value 1); ``me_lead``: the seat leads the current (or next) trick; ``table``: the value led to
    the current trick (0 = none); ``me_to_play``: the seat plays the next card. Returns the tallies and, when the seat
    is to play, the tallies after each of its distinct cards.
    """
    hands = _hands(counts, k)
    total = sum(w for _, w in hands)

    def tally(fn) -> tuple[int, int, int, int]:
        t = [0, 0, 0]
        for h, w in hands:
            t[1 - fn(h)] += w
        return t[0], t[1], t[2], total

    if not me_to_play:
        return tally(lambda h: _value(mine, h, me_lead, table, mw, tw)), ()
    per: list[tuple[int, tuple[int, int, int, int]]] = []
    for c in sorted(set(mine), reverse=True):
        rest = _drop(mine, c)
        if table == 0:
            t = tally(lambda h, rest=rest, c=c: _value(rest, h, True, c, mw, tw))
        else:
            t = tally(lambda h, c=c: _follow(mine, h, table, c, mw, tw))
        per.append((c, t))
    best = max(per, key=lambda p: (p[1][0] - p[1][2], p[1][0]))
    return best[1], tuple(per)


def cache_clear() -> None:
    """Empty every cache (for benchmarks of cold calls)."""
    _value.cache_clear()
    _hands.cache_clear()
    odds.cache_clear()

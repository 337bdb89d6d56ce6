"""Exact odds for a deal of Put (and of Truc, whose tricks follow the same rules): two hands, three hands, four.

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
says about the hand behind it: they are the odds from the cards alone. The calculating bot also asks a second,
conditioned question (:func:`odds_given_strong`, :func:`odds_given_strong_late`): the same odds when the other's
hand is among the best part of the hands he might hold, as his put (or his readiness to see) suggests.

**Three in the deal** (:func:`odds3`): both opponents' hands are enumerated from the unseen cards, grouped by rank
with exact multiplicities, as above; each opponent plays to stop the seat winning (the two are taken as allies against
it, since three players are not a zero-sum pair). The first trick of a deal is estimated instead
(:func:`odds3_auto`, :func:`odds3_sampled`: 1,000 seeded deals, the sample size and standard error given with the
figures), because its exact enumeration takes about a second on CPython; from the second trick the figures are exact.
**Four hands** (two playing, each helped by a partner) use the two-handed model, which is then only an approximation:
it does not know that the other was given his partner's best card (``BASIS_FOUR`` says so with the figures).

Everything is cached by canonical key (the seat's ranks, the unseen rank counts, the table), so a whole game of
calls costs little; a cold call from the start of a deal with the full pack takes a few milliseconds on CPython.
The other hands are counted renumbered relative to the cards the seat can see in play (only the order and equality
of values matter to the play), each weighted by the card-level hands it stands for, and each of the seat's cards
is valued as the position after it, where a closed trick's cards no longer count (tests/engine/put/
test_odds_reference.py checks the tallies against the count over every rank pattern).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from operator import itemgetter

BASIS = ("exact over every hand the opponent might hold (uniform over the unseen cards, grouped by rank); "
         "best play by both sides, the seat choosing its next card without seeing, then hands open")

#: Four-handed Put: the two who play hold cards their partners chose, and the uniform model does not know it.
BASIS_FOUR = ("approximate, not exact, at four hands: " + BASIS + "; but the other player was given his partner's "
              "best card and laid out one of his own, so his hand is stronger than a uniform draw from the unseen "
              "cards (and the seat's own partner kept no card better than the one he gave), which the model does "
              "not take into account: these figures tend to overstate the seat's chance")

@lru_cache(maxsize=60_000)  # open-hand values: ~250 B each (key, link), so ~15 MB at most
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


@lru_cache(maxsize=128)  # every hand the other may hold: up to 455 hands (~70 kB) each
def _hands(counts: tuple[int, ...], k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    return tuple((tuple(sorted(h)), w) for h, w in _multisets(counts, k))


@lru_cache(maxsize=4_096)  # tallies per card (a few hundred bytes each)
def odds(mine: tuple[int, ...], k: int, counts: tuple[int, ...], me_lead: bool, table: int, mw: int, tw: int,
         me_to_play: bool) -> tuple[tuple[int, int, int, int], tuple[tuple[int, tuple[int, int, int, int]], ...]]:
    """The seat's odds as integer tallies ``(win, tie, lose, total)`` of weighted opponent hands.

    ``mine``: the seat's rank values (sorted); ``k``: cards the opponent holds; ``counts``: unseen cards per rank
    value (index 0 = value 1); ``me_lead``: the seat leads the current (or next) trick; ``table``: the value led to
    the current trick (0 = none); ``me_to_play``: the seat plays the next card. Returns the tallies and, when the seat
    is to play, the tallies after each of its distinct cards.

    Each card's tallies are those of the position after it (:func:`_open2`); once the card closes a trick, the two
    cards of that trick leave the position, so the other's hands are counted relative to the seat's remaining cards
    alone (fewer renumbered hands, each standing for more: the same integer tallies as over every hand by rank).
    """
    if not me_to_play:
        return _open2(mine, k, counts, me_lead, table, mw, tw), ()
    per: list[tuple[int, tuple[int, int, int, int]]] = []
    for c in sorted(set(mine), reverse=True):
        rest = _drop(mine, c)
        if table == 0:  # the seat leads c; the other answers
            t = _open2(rest, k, counts, True, c, mw, tw)
        elif c > table:  # the seat's answer closes the trick, and takes it: the seat leads next
            t = _open2(rest, k, counts, True, 0, mw + 1, tw)
        else:  # the other takes the trick (or it is tied) and leads next
            t = _open2(rest, k, counts, False, 0, mw, tw + (c < table))
        per.append((c, t))
    best = max(per, key=lambda p: (p[1][0] - p[1][2], p[1][0]))
    return best[1], tuple(per)


@lru_cache(maxsize=8_192)  # tallies: four integers each (~200 B with the key)
def _open2(mine: tuple[int, ...], k: int, counts: tuple[int, ...], me_lead: bool, table: int, mw: int,
           tw: int) -> tuple[int, int, int, int]:
    """Tallies ``(win, tie, lose, total)`` of the open-hand value (:func:`_value`) over every hand of ``k`` unseen
    cards the other may hold, arguments as :func:`odds`. The hands are those of :func:`_triples` (the second
    opponent dealt none): renumbered relative to the seat's cards and the card on the table, since :func:`_value`
    asks only the order and equality of values, each weighted by the card-level hands it stands for."""
    fixed = tuple(sorted(set(mine) | ({table} if table else set())))
    pos = {v: i for i, v in enumerate(fixed)}
    pick_m = _picker([pos[v] for v in mine])
    ti = pos[table] if table else None
    value = _value
    t = [0, 0, 0]
    total = 0
    for fx, h, _none, w in _triples(_profile(fixed, counts), k, 0):
        t[1 - value(pick_m(fx), h, me_lead, 0 if ti is None else fx[ti], mw, tw)] += w
        total += w
    return t[0], t[1], t[2], total


def _tally_over(hands, mine, me_lead, table, mw, tw, me_to_play):
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
    _value3.cache_clear()
    _value3_key.cache_clear()
    _triples.cache_clear()
    _open2.cache_clear()
    _spell.cache_clear()
    _open3.cache_clear()
    odds3.cache_clear()
    odds3_sampled.cache_clear()
    _hands.cache_clear()
    odds.cache_clear()
    odds_given_strong.cache_clear()
    odds_given_strong_late.cache_clear()


# -- what a put says about the hand behind it ---------------------------------------------------------------------
# The strength of a three-card hand at the start of a deal, from its holder's side: (win - lose) with the odds
# above, as the eldest about to lead. The tables for the 13-, 8- and 7-rank packs (455, 120 and 84 rank patterns;
# seconds to compute in a browser) are stored here, 3 hex digits per hand, value + 1000 in thousandths, in the
# order of ``_hands((4,) * n, 3)``; tests/engine/test_put_odds.py recomputes them.
_STRENGTH_52 = (
    "00b00e01401d02903704705a0700890a400801702203004105406a08309e0bb0db00d03605006d08c0ae0d30fa12415001e06e"
    "09e0d010513d1771b41f40420c61121611b320725e2b80811451b522829d3153900e01f228d32a3ca46c1672d43a046f54021e"
    "3f24f75fe30a5536974326fe59f75600000100400800e01601f02b03804705706900004b0580700910bc0f012e1751c6220043"
    "0640800a70d71101531a01f625504f0960c910514a19a1f22552c006e0e91381911f325f2d43530a71631d62522d8367400102"
    "20b2a834f4004ba1842e83b748f57123540150861931b55d6a343f7025a675803203804705e07e0a70d81131551a11f50270ce"
    "0e610e1471911eb2562d135d0c10f212015f1ae20e27e2ff3900d41391841df24b2c73543f11001a72152943233c347414e243"
    "2db38543f5091c43133de4b95a42694205236363445706b245b7095b675c0a70b20cd0f813217c1d523e2b733f0941851a71e1"
    "23229a31a3b24621721b51f524c2ba3403dd49218c2102732ed37f4294ea1c72983263cb48855c2293564154ec5da2bb450547"
    "65638358c6c34877125cf76215216218a1c721b2863083a044e13826228f2da3433cb47153624a29e2ef35e3ec49856226a30d"
    "3884224da5b12b33b045d52961232b4905756793d85b26d74c271e5f076922523b26e2bf32d3b946252920635838f3eb46d514"
    "5e033939f4024895366083614224b656f64d3b84e05ad69e4445e26ed50e72d61b77231232d36c3d04595055d72f0458499507"
    "5a16674344ab51f5bf68b4635425ee6c64c761b70656873e64d77d40b42b4774ee59065e3e85545a061f6d252b5b36386f0560"
    "65e7225d375268978a50352858060a6c64e063f6967266106aa74064d7696cd7985eb6156797165ca70b76c6d678271a7a86b5"
    "6e57556987aa76f7ba75478973c7cd7ba7a97d0"
)


_STRENGTH_8 = (
    "0250370560830bc10301806409d0e41381990320ff1832142b208821930a40913f3d555627965645a70400100501202804706e"
    "09e0000e612a1a024731e0c01631f42b53a70fc2633614901994045932b866b47f70f08d0ac0f616c20e2dc06f2482c038b4a9"
    "2053003e85242644645dd34768d4d07221bf1f828035747c18c4014ae5d03a24f46344246bd54d73f3523a546b5a13135cc6ad"
    "5506fa5f57644ff56d66f4bd7626ca7926817086447c97907617d0"
)
_STRENGTH_7 = (
    "0350520840ca1250210990f51651ea0491902613480d334f4cf1f56113e86e400100801d0400710af00013f1aa26536f102205"
    "2eb41e16139b52f25a6334246f50bd0ee16422032109430f3ce5112a54335a533c6694a471524a2a437c4d120653364549c6b5"
    "56b7424384bc5f53e873b67677d6186c55ca7c677a73c7d0"
)
_STORED = {13: _STRENGTH_52, 8: _STRENGTH_8, 7: _STRENGTH_7}


def _compute_strengths(n_ranks: int) -> dict[tuple[int, ...], float]:
    counts = (4,) * n_ranks
    out = {}
    for h, _w in _hands(counts, 3):
        rem = list(counts)
        for v in h:
            rem[v - 1] -= 1
        (w, _t, lo, total), _ = odds(h, 3, tuple(rem), True, 0, 0, 0, True)
        out[h] = round((w - lo) / total * 1000) / 1000
    return out


@lru_cache(maxsize=8)
def strengths(n_ranks: int) -> dict[tuple[int, ...], float]:
    """Every three-card rank pattern's strength (win - lose, -1 .. 1) for its holder at the start of a deal."""
    stored = _STORED.get(n_ranks)
    if stored is None:
        return _compute_strengths(n_ranks)
    hands = _hands((4,) * n_ranks, 3)
    return {h: (int(stored[3 * i:3 * i + 3], 16) - 1000) / 1000 for i, (h, _w) in enumerate(hands)}


@lru_cache(maxsize=64)
def floor_for(n_ranks: int, share: float) -> float:
    """The strength above which lie the best ``share`` of all three-card hands (weighted by their suit choices)."""
    table = strengths(n_ranks)
    weighted = sorted(((table[h], w) for h, w in _hands((4,) * n_ranks, 3)), reverse=True)
    total = sum(w for _, w in weighted)
    run = 0
    for s, w in weighted:
        run += w
        if run >= share * total:
            return s
    return -1.0


@lru_cache(maxsize=512)  # as odds(), a few hundred bytes each
def odds_given_strong(mine: tuple[int, ...], counts: tuple[int, ...], me_lead: bool, table: int, mw: int, tw: int,
                      me_to_play: bool, n_ranks: int, share: float):
    """As :func:`odds` for a three-card opponent whose hand is among the best ``share`` of hands (what a put or a
    see suggests): the hands below that strength are left out. Falls back to every hand if none is left."""
    floor = floor_for(n_ranks, share)
    table_s = strengths(n_ranks)
    keep = tuple((h, w) for h, w in _hands(counts, 3) if table_s[h] >= floor)
    if not keep:
        return odds(mine, 3, counts, me_lead, table, mw, tw, me_to_play)
    return _tally_over(keep, mine, me_lead, table, mw, tw, me_to_play)


@lru_cache(maxsize=512)  # as odds(), a few hundred bytes each
def odds_given_strong_late(mine: tuple[int, ...], k: int, counts: tuple[int, ...], played: tuple[int, ...],
                           me_lead: bool, table: int, mw: int, tw: int, me_to_play: bool, share: float):
    """As :func:`odds_given_strong` later in a deal, when the other holds ``k`` <= 2 cards: each hand the other
    might hold is rated by the other's own exact odds (from what *he* has seen: ``played`` counts the cards played
    so far per rank value), and only the best ``share`` of them (by weight) are kept."""
    hands = _hands(counts, k)
    rated = []
    for h, w in hands:
        theirs_counts = list(played)
        for v in h:
            theirs_counts[v - 1] -= 1
        (a, _b, c, t), _ = odds(h, len(mine), tuple(theirs_counts), not me_lead, table, tw, mw, not me_to_play)
        rated.append(((a - c) / t, h, w))
    rated.sort(reverse=True)
    total = sum(w for _, _, w in rated)
    keep, run = [], 0
    for _s, h, w in rated:
        if run >= share * total:
            break
        keep.append((h, w))
        run += w
    return _tally_over(tuple(keep), mine, me_lead, table, mw, tw, me_to_play)


# -- three hands ----------------------------------------------------------------------------------------------
# The same model with three players in the deal (put.three.rules): the seat's two opponents' hands are taken to be
# uniformly random among the ways to deal the unseen cards to them, grouped by rank with exact multiplicities
# (``C(u_r, a_r) * C(u_r - a_r, b_r)`` per rank), and play is solved with the hands open. Three players are not a
# zero-sum pair, so the model says what the opponents want: each opponent plays to stop the *seat* winning (the two
# are treated as allies against the seat: the cautious, "paranoid" reading), and the result is the seat's (+1 wins
# the deal, 0 nobody does, -1 another player does). A trick goes to the single highest card; a shared highest card
# ties it and its leader leads again.

BASIS_THREE = ("exact over every pair of hands the two opponents might hold (uniform over the unseen cards, grouped "
               "by rank with exact multiplicities); the seat choosing its next card without seeing, then hands open, "
               "each opponent playing to stop the seat winning (the two taken as allies against it)")


def _compress(*groups: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The same groups with the rank values renumbered 1.. in order (only their order and equality matter)."""
    ranks = sorted({v for g in groups for v in g})
    m = {v: i + 1 for i, v in enumerate(ranks)}
    return tuple(tuple(m[v] for v in g) for g in groups)


def _deal_result3(won: tuple[int, int, int]) -> int:
    best = max(won)
    if best == 0 or won.count(best) > 1:
        return 0
    return 1 if won[0] == best else -1


@lru_cache(maxsize=50_000)  # three-handed open-hand values: ~300 B each, ~15 MB at most
def _value3(hands: tuple[tuple[int, ...], ...], leader: int, table: tuple[int, ...], won: tuple[int, int, int]) -> int:
    """Open-hand value for player 0 (+1 / 0 / -1). ``hands`` in seat order (0 = the seat, then clockwise),
    ``leader`` of the current trick, ``table`` the values played to it so far (from the leader on)."""
    if max(won) >= 2:
        return 1 if won[0] >= 2 else -1
    if not table and not hands[leader]:
        return _deal_result3(won)
    mover = (leader + len(table)) % 3
    me = mover == 0
    best = -2 if me else 2
    hand = hands[mover]
    for c in set(hand):
        v = _after3(hands, leader, table, won, mover, c)
        if me:
            if v > best:
                best = v
                if v == 1:
                    break
        elif v < best:
            best = v
            if v == -1:
                break
    return best


def _after3(hands, leader, table, won, mover, c) -> int:
    """Value after ``mover`` plays ``c`` to the trick."""
    hm = hands[mover]
    i = hm.index(c)
    hm = hm[:i] + hm[i + 1:]
    h = (hm, hands[1], hands[2]) if mover == 0 else (hands[0], hm, hands[2]) if mover == 1 else \
        (hands[0], hands[1], hm)
    t = table + (c,)
    if len(t) < 3:  # within a trick the values stay as they are; they are renumbered between tricks
        return _value3(h, leader, t, won)
    top = max(t)
    if t.count(top) > 1:
        return _value3_key(h, leader, (), won)
    w = (leader + t.index(top)) % 3
    return _value3_key(h, w, (), (won[0] + (w == 0), won[1] + (w == 1), won[2] + (w == 2)))


@lru_cache(maxsize=50_000)  # the same, renumbered: ~300 B each, ~15 MB at most
def _value3_key(hands, leader, table, won) -> int:
    """:func:`_value3` with the values renumbered first (so that positions alike up to renumbering share a value)."""
    *hs, tb = _compress(*hands, table)
    return _value3(tuple(hs), leader, tb, won)


def _profile(fixed: tuple[int, ...], counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """What a deal of the unseen cards to the two opponents depends on: for each rank value, lowest first, that is
    placed (in ``fixed``) or has unseen cards, ``(1 if placed else 0, unseen cards of it)``. A rank neither placed nor
    unseen can hold no card of the deal and places nothing, so it is left out: positions that differ only by such
    ranks share their deals."""
    placed = set(fixed)
    return tuple((1 if v in placed else 0, u) for v, u in enumerate(counts, 1) if u or v in placed)


@lru_cache(maxsize=64)  # renumbered deals to two opponents: up to ~10,000 (~1 MB) each
def _triples(profile: tuple[tuple[int, int], ...], ka: int, kb: int):
    """Every deal of ``ka`` and ``kb`` unseen cards to the two opponents, renumbered (only the order and equality of
    values matter), with its weight: the number of card-level deals it stands for, ``prod C(u_r, a_r) *
    C(u_r - a_r, b_r)`` summed over the rank patterns that renumber alike. ``profile`` (:func:`_profile`) says, rank
    by rank, whether a value is already placed (the seat's cards and those on the table) and how many of it are
    unseen. Yields ``(placed values renumbered, a, b, weight)``.

    Built rank by rank (a small dynamic programme), so the 205,800 rank patterns of a 52-card deal are never
    listed one by one: they fold into some ten thousand renumbered deals."""
    n = len(profile)
    memo: dict[tuple[int, int, int], dict[tuple, int]] = {}

    def f(r: int, ka: int, kb: int) -> dict[tuple, int]:
        """The deals of the ranks from ``r`` up, each as a chain ``(level, rest)`` of the levels it uses (a rank
        holding nothing of the deal and placing nothing is no level), mapped to its weight."""
        if r == n:
            return {(): 1} if ka == kb == 0 else {}
        key = (r, ka, kb)
        if key in memo:
            return memo[key]
        m, u = profile[r]
        # a rank not placed whose cards all stay unseen adds no level: those deals are the next ranks' as they are
        out: dict[tuple, int] = {} if m else dict(f(r + 1, ka, kb))
        for x in range(min(ka, u) + 1):
            cx = comb(u, x)
            for y in range(min(kb, u - x) + 1):
                if not (m or x or y):
                    continue
                w = cx * comb(u - x, y)
                lvl = (m, x, y)
                for k, v in f(r + 1, ka - x, kb - y).items():
                    kk = (lvl, k)
                    out[kk] = out.get(kk, 0) + v * w
        memo[key] = out
        return out

    return tuple((*_spell(chain), w) for chain, w in f(0, ka, kb).items())


@lru_cache(maxsize=16_384)  # one renumbered deal each (~300 B): the same few thousand recur from position to position
def _spell(chain: tuple) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """A deal as :func:`_triples` chains its levels, spelt out: (placed values, a's values, b's values), the levels
    numbered 1, 2, .. from the lowest."""
    fx: list[int] = []
    a: list[int] = []
    b: list[int] = []
    i = 0
    while chain:
        (m, x, y), chain = chain
        i += 1
        if m:
            fx.append(i)
        if x:
            a += [i] * x
        if y:
            b += [i] * y
    return tuple(fx), tuple(a), tuple(b)


def _picker(indices: list[int]):
    """``lambda seq: tuple(seq[i] for i in indices)``, quicker."""
    if not indices:
        return lambda seq: ()
    if len(indices) == 1:
        i = indices[0]
        return lambda seq: (seq[i],)
    return itemgetter(*indices)


@lru_cache(maxsize=4_096)  # tallies: four integers each (~200 B with the key)
def _open3(mine: tuple[int, ...], ka: int, kb: int, counts: tuple[int, ...], leader: int, table: tuple[int, ...],
           won: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """Tallies ``(win, tie, lose, total)`` of the open-hand value (:func:`_value3`) over every deal to the two
    opponents: the seat's odds once every choice left is made with the hands open. Arguments as :func:`odds3`."""
    fixed = tuple(sorted(set(mine) | set(table)))
    triples = _triples(_profile(fixed, counts), ka, kb)
    pos = {v: i for i, v in enumerate(fixed)}
    pick_m = _picker([pos[v] for v in mine])
    pick_t = _picker([pos[v] for v in table])
    value = _value3
    t = [0, 0, 0]
    total = 0
    for fx, a, b, w in triples:
        t[1 - value((pick_m(fx), a, b), leader, pick_t(fx), won)] += w
        total += w
    return t[0], t[1], t[2], total


def _played3(mine, ka, kb, counts, leader, table, won, c):
    """The position (as :func:`odds3` takes it) after the seat plays ``c``: within the trick, the card joins the
    table; when it is the trick's third card, the trick is settled (its highest card alone takes it, its leader
    leads again on a tie) and its cards, now seen by all and beyond any deal's reach, leave the position."""
    rest = _drop(mine, c)
    t = table + (c,)
    if len(t) < 3:
        return rest, ka, kb, counts, leader, t, won
    top = max(t)
    if t.count(top) > 1:
        return rest, ka, kb, counts, leader, (), won
    w = (leader + t.index(top)) % 3
    return rest, ka, kb, counts, w, (), (won[0] + (w == 0), won[1] + (w == 1), won[2] + (w == 2))


@lru_cache(maxsize=1_024)  # tallies per card (a few hundred bytes each)
def odds3(mine: tuple[int, ...], ka: int, kb: int, counts: tuple[int, ...], leader: int, table: tuple[int, ...],
          won: tuple[int, int, int]):
    """Three-handed odds as integer tallies ``(win, tie, lose, total)``, and per card when the seat is to play.

    ``ka``/``kb``: cards held by the next player clockwise and the one after; ``leader`` and ``won`` in the same
    order (0 = the seat); ``table``: the values played to the current trick from its leader on; ``counts``: the
    unseen cards per rank value.

    Each card's tallies are those of the position after it (:func:`_played3`, :func:`_open3`): the deals to the
    opponents are the same ones (the seat's card was never unseen), and once the card closes a trick the cards of that
    trick no longer matter, so the deals are counted relative to the seat's remaining cards alone (fewer renumbered
    deals, each standing for more card-level deals: the same integer tallies)."""
    if (leader + len(table)) % 3 != 0:
        return _open3(mine, ka, kb, counts, leader, table, won), ()
    per = tuple((c, _open3(*_played3(mine, ka, kb, counts, leader, table, won, c)))
                for c in sorted(set(mine), reverse=True))
    best = max(per, key=lambda p: (p[1][0] - p[1][2], p[1][0]))
    return best[1], per


#: When the two opponents hold more than this many cards between them, :func:`odds3_auto` samples instead of
#: enumerating: the first trick of a three-handed deal has some 9,800 renumbered deals (52 cards), 7,400 (32) and
#: 4,900 (28), up to about a second cold on CPython (a quarter to a third of one at the median); from the second trick on
#: (four cards or fewer) the odds are exact (see benchmarks/bench_put.py).
EXACT3_CARDS = 4
#: Deals sampled by :func:`odds3_sampled` (the standard error of a chance near one half is then 0.016).
SAMPLES3 = 1_000


def odds3_auto(mine: tuple[int, ...], ka: int, kb: int, counts: tuple[int, ...], leader: int,
               table: tuple[int, ...], won: tuple[int, int, int]):
    """:func:`odds3` where it is quick, else :func:`odds3_sampled`: ``(tallies, per card, samples or None)``."""
    if ka + kb <= EXACT3_CARDS:
        return (*odds3(mine, ka, kb, counts, leader, table, won), None)
    return (*odds3_sampled(mine, ka, kb, counts, leader, table, won, SAMPLES3), SAMPLES3)


def basis_sampled(samples: int, se_win: float | None = None) -> str:
    """What sampled three-handed odds rest on (with the standard error of the win chance, when given)."""
    se = f"standard error of the win chance {se_win:.3f}; " if se_win is not None else "standard errors given; "
    return (f"estimated, not exact: {samples} deals of the unseen cards to the two opponents, drawn at random "
            f"(seeded by the position, so the same position gives the same figures); {se}each deal then solved as "
            f"in the exact model: " + BASIS_THREE.split("; ", 1)[1])


@lru_cache(maxsize=256)  # tallies per card from sampled deals (a few hundred bytes each)
def odds3_sampled(mine: tuple[int, ...], ka: int, kb: int, counts: tuple[int, ...], leader: int,
                  table: tuple[int, ...], won: tuple[int, int, int], samples: int = SAMPLES3):
    """As :func:`odds3`, estimated from ``samples`` deals of the unseen cards to the two opponents, drawn with a
    generator seeded from the position itself (so the same position always gives the same figures). Returns the
    tallies (counts of sampled deals) as :func:`odds3` does."""
    import random
    import zlib

    rng = random.Random(zlib.crc32(repr((mine, ka, kb, counts, leader, table, won, samples)).encode()))
    unseen = [v + 1 for v, n in enumerate(counts) for _ in range(n)]
    draws = []
    for _ in range(samples):
        cards = rng.sample(unseen, ka + kb)
        draws.append((tuple(sorted(cards[:ka])), tuple(sorted(cards[ka:]))))
    mover = (leader + len(table)) % 3

    def tally(fn) -> tuple[int, int, int, int]:
        t = [0, 0, 0]
        for a, b in draws:
            t[1 - fn(a, b)] += 1
        return t[0], t[1], t[2], samples

    if mover != 0:
        return tally(lambda a, b: _value3_key((mine, a, b), leader, table, won)), ()
    per = []
    for c in sorted(set(mine), reverse=True):  # the same sampled deals for every card (a fair comparison)
        per.append((c, tally(lambda a, b, c=c: _after3((mine, a, b), leader, table, won, 0, c))))
    best = max(per, key=lambda p: (p[1][0] - p[1][2], p[1][0]))
    return best[1], tuple(per)

"""Post and Pair: what a hand holds for each dish and for the trump count, as small integer keys."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...cards import (
    FULL_PACK,
    Card,
)
from .rules import PostAndPairOptions

GAME = "post-and-pair"
MIN_PLAYERS, MAX_PLAYERS = 2, 17  # 52 cards, three each
DISHES = ("post", "pair", "seat")  # the Seat stakes lie before each player; we keep them together as a "dish"
VYES = "vyes"

# ================================================================================================================
# 1. Hands
# ================================================================================================================
# Card numbers follow FULL_PACK: suit s = i // 13 (S H D C), rank r = i % 13 (0 = Two ... 8 = Ten, 9 = Knave,
# 10 = Queen, 11 = King, 12 = Ace).
POST_POINTS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1)    # at Post the Ace counts 1 (pp.post.flush)
COUNT_POINTS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)  # in the trump count the Ace counts 11
PAIR_BY_POINTS = COUNT_POINTS                                   # Aces best, then points, courts equal (pp.pair.best)
PAIR_BY_RANK = tuple(range(1, 14))                              # A K Q J 10 .. 2 (pp.pair.rank-order)
PAIR_BY_SORT = (1,) * 13                                        # all alike: the eldest wins (pp.pair.same-sort)
TRUMP_RANK = tuple(range(1, 14))                                # Ace of trumps best, then K .. 2 (pp.trump.order)
ACE = 12

BIT_BY_ID = {id(c): 1 << i for i, c in enumerate(FULL_PACK)}
_INDEX = {str(c): i for i, c in enumerate(FULL_PACK)}


def card_index(c: Card) -> int:
    return _INDEX[str(c)]


# A hand entry: the keys a show-down compares, for one hand under one combination of the options that matter.
ROYAL, PAIR, POST, POST_SUIT, SUIT_POINTS, TRUMPS, SUITS_HELD = range(7)


def hand_entry(cards: Sequence[int], pair_rank: str, over_21: str, ten_ace: str) -> tuple[int, ...]:
    """The show-down keys of a hand of card numbers (two or three cards); 0 means "none".

    ``ROYAL``/``PAIR``: the Pair-royal's or Pair's key; ``POST``: ``64 * cards + 2 * points`` (twice the points,
    so that 20½ is a whole number); ``POST_SUIT``; ``SUIT_POINTS``: the trump-count points of each suit packed 8
    bits a suit; ``TRUMPS``: the best trump rank (1-13) the hand holds in each suit, packed 4 bits a suit;
    ``SUITS_HELD``: a 4-bit mask of the suits held.
    """
    by_rank = {"points": PAIR_BY_POINTS, "sort": PAIR_BY_SORT}.get(pair_rank, PAIR_BY_RANK)
    royal = pair = post = 0
    post_suit = -1
    if len(cards) == 3:  # the usual hand, without the loops below: at most one Pair and one two-card Post
        c0, c1, c2 = cards
        s0, r0 = divmod(c0, 13)
        s1, r1 = divmod(c1, 13)
        s2, r2 = divmod(c2, 13)
        if r0 == r1 == r2:
            royal = by_rank[r0]
        elif r0 == r1 or r0 == r2:
            pair = by_rank[r0]
        elif r1 == r2:
            pair = by_rank[r1]
        if s0 == s1 == s2:
            post, post_suit = _three_card_post((r0, r1, r2), over_21), s0
        elif s0 == s1:
            post, post_suit = _two_card_post(r0, r1, ten_ace), s0
        elif s0 == s2:
            post, post_suit = _two_card_post(r0, r2, ten_ace), s0
        elif s1 == s2:
            post, post_suit = _two_card_post(r1, r2, ten_ace), s1
    else:
        ranks = [i % 13 for i in cards]
        suits = [i // 13 for i in cards]
        for a in range(len(cards)):
            for b in range(a + 1, len(cards)):
                if ranks[a] == ranks[b]:
                    pair = by_rank[ranks[a]]
                if suits[a] == suits[b]:
                    post, post_suit = _two_card_post(ranks[a], ranks[b], ten_ace), suits[a]
    suit_points = trumps = held = 0
    for i in cards:
        suit_points += _CARD_POINTS[i]
        held |= _CARD_SUIT_BIT[i]
        t, mask = _CARD_TRUMP[i]  # the card's trump rank in its suit's 4 bits, and those bits
        if t > trumps & mask:
            trumps = (trumps & ~mask) | t
    return (royal, pair, post, post_suit, suit_points, trumps, held)


def _three_card_post(ranks: Sequence[int], over_21: str) -> int:
    pts = sorted(POST_POINTS[r] for r in ranks)
    if sum(pts) <= 21:
        twice = 2 * sum(pts)
    elif over_21 == "two-highest":
        twice = 2 * (pts[1] + pts[2])
    else:
        twice = 41
    return 3 * 64 + twice


def _two_card_post(ra: int, rb: int, ten_ace: str) -> int:
    pts = POST_POINTS[ra] + POST_POINTS[rb]
    if ten_ace == "21" and pts == 11 and ACE in (ra, rb):
        pts = 21
    return 2 * 64 + 2 * pts


# Per card number: its trump-count points in its suit's 8 bits, its suit's bit, its trump rank in its suit's 4 bits.
_CARD_POINTS = tuple(COUNT_POINTS[i % 13] << (8 * (i // 13)) for i in range(52))
_CARD_SUIT_BIT = tuple(1 << (i // 13) for i in range(52))
_CARD_TRUMP = tuple((TRUMP_RANK[i % 13] << (4 * (i // 13)), 15 << (4 * (i // 13))) for i in range(52))


_TABLES: dict[tuple[str, str, str], dict[int, tuple[int, ...]]] = {}


def hand_table(options: PostAndPairOptions) -> dict[int, tuple[int, ...]]:
    """Hand entries by card bit-mask, filled as hands are met (at most C(52,3) + C(52,2) of them)."""
    key = (options.pair_rank, options.post_over_21, options.ten_ace)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = {}
    return t


def table_entry(table: dict, mask: int, options: PostAndPairOptions) -> tuple[int, ...]:
    e = table.get(mask)
    if e is None:
        cards = []
        m = mask
        while m:  # the card numbers of the set bits, lowest first
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        e = table[mask] = hand_entry(cards, options.pair_rank, options.post_over_21, options.ten_ace)
    return e


def cards_mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << card_index(c)
    return m


def post_points_text(key: int) -> str:
    twice = key % 64
    return f"{twice // 2}½" if twice % 2 else str(twice // 2)

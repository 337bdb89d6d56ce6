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
TRUMP_RANK = tuple(range(1, 14))                                # Ace of trumps best, then K .. 2 (pp.trump.order)
ACE = 12

_BIT_BY_ID = {id(c): 1 << i for i, c in enumerate(FULL_PACK)}
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
    ranks = [i % 13 for i in cards]
    suits = [i // 13 for i in cards]
    by_rank = PAIR_BY_POINTS if pair_rank == "points" else PAIR_BY_RANK
    royal = pair = 0
    if len(cards) == 3 and ranks[0] == ranks[1] == ranks[2]:
        royal = by_rank[ranks[0]]
    else:
        for a in range(len(cards)):
            for b in range(a + 1, len(cards)):
                if ranks[a] == ranks[b]:
                    pair = by_rank[ranks[a]]
    post = 0
    post_suit = -1
    if len(cards) == 3 and suits[0] == suits[1] == suits[2]:
        pts = sorted(POST_POINTS[r] for r in ranks)
        if sum(pts) <= 21:
            twice = 2 * sum(pts)
        elif over_21 == "two-highest":
            twice = 2 * (pts[1] + pts[2])
        else:
            twice = 41
        post, post_suit = 3 * 64 + twice, suits[0]
    else:
        for a in range(len(cards)):
            for b in range(a + 1, len(cards)):
                if suits[a] == suits[b]:
                    pts = POST_POINTS[ranks[a]] + POST_POINTS[ranks[b]]
                    if ten_ace == "21" and pts == 11 and ACE in (ranks[a], ranks[b]):
                        pts = 21
                    post, post_suit = 2 * 64 + 2 * pts, suits[a]
    suit_points = trumps = held = 0
    for r, s in zip(ranks, suits, strict=True):
        suit_points += COUNT_POINTS[r] << (8 * s)
        held |= 1 << s
        if TRUMP_RANK[r] > (trumps >> (4 * s)) & 15:
            trumps = (trumps & ~(15 << (4 * s))) | (TRUMP_RANK[r] << (4 * s))
    return (royal, pair, post, post_suit, suit_points, trumps, held)


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
        cards = [i for i in range(52) if mask >> i & 1]
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

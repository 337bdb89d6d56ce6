"""Post and Pair: the show-down's decisions (trumps, the winner of each dish) from hand keys."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import RulesetError
from . import rules
from .hands import POST_SUIT, SUIT_POINTS, TRUMPS
from .rules import PostAndPairOptions


@dataclass(frozen=True)
class Stakes:
    """What lies on the table at a show: each position's counters in each dish, and any carried from before.

    ``carried`` is ``(post, pair, seat)``: counters left in the dishes by an earlier deal (``pp.vye.dealer-pass-
    double``). The default, :meth:`standard`, is one counter each to Post, Pair and Seat, no vyes.
    """

    post: tuple[int, ...]
    pair: tuple[int, ...]
    seat: tuple[int, ...]
    vyes: tuple[int, ...]
    carried: tuple[int, int, int] = (0, 0, 0)

    @classmethod
    def standard(cls, n: int) -> Stakes:
        return cls((1,) * n, (1,) * n, (1,) * n, (0,) * n)

    def dishes(self) -> tuple[int, int, int, int]:
        """Totals in the Post, Pair, Seat dishes and the vyes."""
        return (sum(self.post) + self.carried[0], sum(self.pair) + self.carried[1],
                sum(self.seat) + self.carried[2], sum(self.vyes))


class Decision:
    """Who wins what at a show (positions; -1 for nobody), and why the trump suit is what it is."""

    __slots__ = ("royal", "pair", "post", "trump", "trump_rule", "trump_pos", "suit_points")

    def __init__(self, royal: int, pair: int, post: int, trump: int, trump_rule: str, trump_pos: int,
                 suit_points: int) -> None:
        self.royal, self.pair, self.post = royal, pair, post
        self.trump, self.trump_rule, self.trump_pos = trump, trump_rule, trump_pos
        self.suit_points = suit_points


def _suit_pts(packed: int, s: int) -> int:
    return (packed >> (8 * s)) & 255


def _top_suit(packed: int, allowed: int, entries: Sequence[tuple], live: Sequence[int], tie: str) -> int:
    """The allowed suit with most points; ties per ``trump_tie`` (pp.trump.tie / pp.trump.tie-suit-order)."""
    best = -1
    tied: list[int] = []
    for s in range(4):
        if allowed >> s & 1:
            p = (packed >> (8 * s)) & 255
            if p > best:
                best, tied = p, [s]
            elif p == best:
                tied.append(s)
    if len(tied) == 1 or tie == "suit-order":
        return tied[0]
    for p in live:  # the eldest player still in who holds a tied suit: his highest card of them decides
        t = entries[p][TRUMPS]
        top, suit = 0, -1
        for s in tied:
            r = (t >> (4 * s)) & 15
            if r > top:
                top, suit = r, s
        if suit >= 0:
            return suit
    return tied[0]


def _tied_suits(packed: int, allowed: int) -> list[int]:
    pts = [_suit_pts(packed, s) for s in range(4) if allowed >> s & 1]
    top = max(pts)
    return [s for s in range(4) if allowed >> s & 1 and _suit_pts(packed, s) == top]


def decide(entries: Sequence[tuple], live: Sequence[int], options: PostAndPairOptions, turnup: int = -1) -> Decision:
    """The heart of the show-down: compare the keys of the hands still in (``live``, eldest first).

    ``turnup``: the suit (0-3, S H D C) of the card turned up after the deal, needed when ``options.trump`` is
    ``turn-up`` (pp.trump.turn-up) and ignored otherwise.

    Ties go to the elder hand (pp.showdown.elder-wins-ties) because only a strictly better key replaces the best
    so far, and ``live`` runs from the eldest.
    """
    total = held = 0
    best_royal = best_pair = best_post = 0
    royal = pair = post = -1
    for e in entries:  # the trump count takes in every hand dealt, folded ones too
        total += e[SUIT_POINTS]
    for p in live:     # the dishes go to hands still in, the eldest first on ties
        r, pr, po, _, _, _, h = entries[p]
        held |= h
        if pr > best_pair:
            best_pair, pair = pr, p
        if po > best_post:
            best_post, post = po, p
        if r > best_royal:
            best_royal, royal = r, p
    if options.trump == "turn-up" and not 0 <= turnup <= 3:
        raise RulesetError("trump=turn-up needs the card turned up after the deal: play a deal, or give the "
                           "turned-up card")
    if options.trump == "turn-up" and held >> turnup & 1:
        trump, rule = turnup, rules.TRUMP_TURN_UP
    elif options.trump == "best-post" and post >= 0:
        trump, rule = entries[post][POST_SUIT], rules.TRUMP_BEST_POST
    else:
        s0, s1, s2, s3 = total & 255, (total >> 8) & 255, (total >> 16) & 255, total >> 24
        top = max(s0, s1, s2, s3)
        if (s0 == top) + (s1 == top) + (s2 == top) + (s3 == top) == 1:
            trump = 0 if s0 == top else 1 if s1 == top else 2 if s2 == top else 3
        else:
            trump = _top_suit(total, 15, entries, live, options.trump_tie)
        rule = {"suit-count": rules.TRUMP_SUIT_COUNT, "best-post": rules.TRUMP_NO_POST}.get(
            options.trump, rules.TRUMP_TURN_UP_ABSENT)
        if not held >> trump & 1:
            if post >= 0:
                trump, rule = entries[post][POST_SUIT], rules.TRUMP_ABSENT
            else:
                trump, rule = _top_suit(total, held, entries, live, options.trump_tie), rules.SEAT_NO_TRUMP
    shift = 4 * trump
    best = 0
    trump_pos = -1
    for p in live:
        t = (entries[p][TRUMPS] >> shift) & 15
        if t > best:
            best, trump_pos = t, p
    return Decision(royal, pair, post, trump, rule, trump_pos, total)

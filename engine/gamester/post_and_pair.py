"""Post and Pair: the whole game, after Cotton (1674, ch. XXIII) and the modern reconstruction.

Read top to bottom:

1. **Hands**: what a hand holds for each dish (Pair-royal, Pair, Post) and for the trump count, precomputed per
   hand as small integer keys so that a show-down is a few comparisons (:func:`hand_entry`).
2. **Show-down**: :func:`settle` settles given hands (seat order, first = eldest) and returns a
   :class:`Settlement`: trump, winners, net per seat, box, and a :class:`~gamester.ledger.Ledger` whose every line
   names its clause and gives a plain-English reason. The ledger and the reasons are built when first asked for,
   from the same decisions, so bulk settlement stays fast.
3. **The game**: :class:`PostAndPairState`: staking, the Seat, vying, parting or showing, deal after deal.
4. **Bots**, the **CLI** handlers, and the ``SPEC`` that registers the game.

Seats: in a deal, position 0 is the eldest hand (left of the dealer) and the last position is the dealer. In a game
of several deals the seats keep their numbers and the deal passes to the left (``pp.deal.rotate``).
Rules and their sources live in :mod:`gamester.post_and_pair_rules`.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import (
    FULL_PACK,
    RANK_NAMES,
    RANK_PLURALS,
    SUIT_NAMES,
    SUITS,
    Card,
    check_distinct,
    format_cards,
    parse_cards,
    shuffled,
)
from .errors import IllegalActionError, NotationError, RulesetError
from .game import TERMINAL, Bot, RandomBot, State, play_out
from .ledger import BOX, Ledger, Line
from .post_and_pair_rules import (
    DEAL_ROTATE,
    PAIR_BEST,
    PAIR_NONE_TRUMP,
    PAIR_RANK_ORDER,
    POST_FLUSH,
    POST_NONE,
    POST_NONE_CARRY,
    POST_OVER_21,
    POST_OVER_21_HALF,
    POST_TEN_ACE,
    POST_TEN_ACE_11,
    POST_THREE_BEATS_TWO,
    PRESETS,
    SEAT_BEST_TRUMP,
    SEAT_NO_TRUMP,
    SETTLE_ODD_BOX,
    SETTLE_PART,
    SHOWDOWN_ELDER,
    SHOWDOWN_FOLDED,
    SHOWDOWN_ORDER,
    SHOWDOWN_PAIR_ROYAL,
    SHOWDOWN_PAIR_ROYAL_ACES,
    SHOWDOWN_PAIR_ROYAL_POINTS,
    STAKE_ABANDON,
    STAKE_ALONE,
    STAKE_NONE,
    STAKE_PAIR,
    STAKE_POST,
    STAKE_SEAT,
    TRUMP_ABSENT,
    TRUMP_BEST_POST,
    TRUMP_NO_POST,
    TRUMP_ORDER,
    TRUMP_SUIT_COUNT,
    TRUMP_TIE,
    TRUMP_TIE_SUIT_ORDER,
    VYE_DEALER,
    VYE_DEALER_CHOICE,
    VYE_DEALER_DOUBLE,
    VYE_DEALER_PLAY_OUT,
    VYE_ELDEST_PASS,
    VYE_LIMIT,
    VYE_MATCH,
    VYE_ONE_CHANCE,
    VYE_ROLES,
    VYE_UNMATCHED,
    PostAndPairOptions,
    preset_name,
)
from .registry import GameSpec, register

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


def _table(options: PostAndPairOptions) -> dict[int, tuple[int, ...]]:
    """Hand entries by card bit-mask, filled as hands are met (at most C(52,3) + C(52,2) of them)."""
    key = (options.pair_rank, options.post_over_21, options.ten_ace)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = {}
    return t


def _entry(table: dict, mask: int, options: PostAndPairOptions) -> tuple[int, ...]:
    e = table.get(mask)
    if e is None:
        cards = [i for i in range(52) if mask >> i & 1]
        e = table[mask] = hand_entry(cards, options.pair_rank, options.post_over_21, options.ten_ace)
    return e


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << card_index(c)
    return m


def post_points_text(key: int) -> str:
    twice = key % 64
    return f"{twice // 2}½" if twice % 2 else str(twice // 2)


# ================================================================================================================
# 2. The show-down
# ================================================================================================================
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


def decide(entries: Sequence[tuple], live: Sequence[int], options: PostAndPairOptions) -> Decision:
    """The heart of the show-down: compare the keys of the hands still in (``live``, eldest first).

    Ties go to the elder hand (pp.showdown.elder-wins-ties) because only a strictly better key replaces the best
    so far, and ``live`` runs from the eldest.
    """
    total = held = 0
    best_royal = best_pair = best_post = 0
    royal = pair = post = -1
    if len(live) == len(entries):
        for p, (r, pr, po, _, pts, _, h) in enumerate(entries):
            total += pts
            held |= h
            if pr > best_pair:
                best_pair, pair = pr, p
            if po > best_post:
                best_post, post = po, p
            if r > best_royal:
                best_royal, royal = r, p
    else:
        for e in entries:
            total += e[SUIT_POINTS]
        for p in live:
            r, pr, po, _, _, _, h = entries[p]
            held |= h
            if pr > best_pair:
                best_pair, pair = pr, p
            if po > best_post:
                best_post, post = po, p
            if r > best_royal:
                best_royal, royal = r, p
    if options.trump == "best-post" and post >= 0:
        trump, rule = entries[post][POST_SUIT], TRUMP_BEST_POST
    else:
        s0, s1, s2, s3 = total & 255, (total >> 8) & 255, (total >> 16) & 255, total >> 24
        top = max(s0, s1, s2, s3)
        if (s0 == top) + (s1 == top) + (s2 == top) + (s3 == top) == 1:
            trump = 0 if s0 == top else 1 if s1 == top else 2 if s2 == top else 3
        else:
            trump = _top_suit(total, 15, entries, live, options.trump_tie)
        rule = TRUMP_SUIT_COUNT if options.trump == "suit-count" else TRUMP_NO_POST
        if not held >> trump & 1:
            if post >= 0:
                trump, rule = entries[post][POST_SUIT], TRUMP_ABSENT
            else:
                trump, rule = _top_suit(total, held, entries, live, options.trump_tie), SEAT_NO_TRUMP
    shift = 4 * trump
    best = 0
    trump_pos = -1
    for p in live:
        t = (entries[p][TRUMPS] >> shift) & 15
        if t > best:
            best, trump_pos = t, p
    return Decision(royal, pair, post, trump, rule, trump_pos, total)


class Settlement:
    """The result of a show: ``trump`` (a suit letter), ``winners``, ``net`` per seat, ``box``, and the ledger.

    ``ledger`` (every counter paid in and out, each line with its clause and reason) and ``notes`` (the decisions
    that move no counters: the trump suit, the order, folded hands) are built on first use from the same
    decision that gave ``winners`` and ``net``.
    """

    __slots__ = ("options", "hands", "live", "seats", "decision", "stakes", "dishes", "trump", "winners", "net",
                 "box", "carried_out", "_entries", "_payins", "_ledger", "_notes")

    def __init__(self, options: PostAndPairOptions, hands: Sequence[Sequence[Card]], live: Sequence[int],
                 entries: Sequence[tuple], decision: Decision, stakes: Stakes | None, dishes: tuple[int, ...],
                 seats: Sequence[int] | None = None, payins: bool = True) -> None:
        self.options, self.hands, self.live, self._entries = options, hands, live, entries
        self.decision, self.stakes, self.dishes = decision, stakes, dishes
        self.seats = seats
        self._payins = payins
        self._ledger: Ledger | None = None
        self._notes: list[tuple[str, str]] | None = None
        d = decision
        n = len(hands)
        self.trump = SUITS[d.trump] if d.trump >= 0 else None
        post_d, pair_d, seat_d, vye_d = dishes
        if d.royal >= 0:
            w_pair = w_post = w_seat = d.royal
        else:
            w_pair = d.pair if d.pair >= 0 else d.trump_pos
            w_post = d.post if d.post >= 0 else (d.trump_pos if options.no_post == "best-trump" else -1)
            w_seat = d.trump_pos
        if not payins:  # winnings only (the caller keeps its own ledger of what was paid in)
            net = [0] * n
        elif stakes is None:
            net = [-3] * n
        else:
            net = [-(a + b + c + v) for a, b, c, v in zip(stakes.post, stakes.pair, stakes.seat, stakes.vyes,
                                                             strict=True)]
        net[w_pair] += pair_d
        net[w_seat] += seat_d + vye_d
        if w_post >= 0:
            net[w_post] += post_d
            self.carried_out = 0
        else:
            self.carried_out = post_d
        if seats is not None:
            remapped = [0] * len(net)
            for p, s in enumerate(seats):
                remapped[s] = net[p]
            net = remapped
            w_pair, w_seat = seats[w_pair], seats[w_seat]
            w_post = seats[w_post] if w_post >= 0 else -1
        self.net = net
        self.box = 0
        self.winners = {"pair": w_pair, "post": w_post if w_post >= 0 else None, "seat": w_seat}

    # -- the explanation ---------------------------------------------------------------------------------------
    def _seat(self, p: int) -> int:
        return self.seats[p] if self.seats is not None else p

    @property
    def ledger(self) -> Ledger:
        if self._ledger is None:
            led = Ledger()
            if self._payins and self.stakes is not None:
                _pay_ins(led, self.stakes, self._seat)
            elif self._payins:
                _pay_ins(led, Stakes.standard(len(self.hands)), self._seat)
            for line in self.payout_lines():
                led.lines.append(line)
            self._ledger = led
        return self._ledger

    @property
    def notes(self) -> list[tuple[str, str]]:
        if self._notes is None:
            self.payout_lines()
        return self._notes

    def payout_lines(self) -> list[Line]:
        """The lines that empty the dishes, each with its clause and reason (also fills ``notes``)."""
        return _explain(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.options.to_string(),
            "follows": preset_name(self.options),
            "hands": [format_cards(h) for h in self.hands],
            "folded": [self._seat(p) for p in range(len(self.hands)) if p not in self.live],
            "trump": self.trump,
            "winners": dict(self.winners),
            "pair_royal": self._seat(self.decision.royal) if self.decision.royal >= 0 else None,
            "ledger": self.ledger.to_json(),
            "notes": [{"clause": c, "reason": r} for c, r in self.notes],
            "net": list(self.net),
            "box": self.box,
            "carried": self.carried_out,
        }

    def explain(self) -> str:
        """A readable account of the show-down, ledger line by ledger line."""
        out = []
        follows = preset_name(self.options)
        out.append(f"Ruleset: {follows or 'custom'}: {self.options.to_string()}")
        for p, h in enumerate(self.hands):
            tag = "" if p in self.live else "  (folded)"
            role = " (eldest)" if p == 0 else (" (dealer)" if p == len(self.hands) - 1 else "")
            out.append(f"  seat {self._seat(p)}{role}: {format_cards(h)}{tag}")
        for c, r in self.notes:
            out.append(f"Note [{c}]: {r}")
        out.append("Ledger:")
        for ln in self.ledger:
            out.append(f"  {ln.payer} -> {ln.payee}: {ln.counters}  [{ln.clause}] {ln.reason}")
        out.append("Net: " + ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(self.net)) + f"; box {self.box}"
                   + (f"; {self.carried_out} left on the table" if self.carried_out else ""))
        return "\n".join(out)


def _pay_ins(led: Ledger, stakes: Stakes, seat_of) -> None:
    for p in range(len(stakes.post)):
        s = seat_of(p)
        led.pay(s, "post", stakes.post[p], "post", STAKE_POST, f"seat {s} stakes at Post")
        led.pay(s, "pair", stakes.pair[p], "pair", STAKE_PAIR, f"seat {s} stakes at Pair")
        led.pay(s, "seat", stakes.seat[p], "seat", STAKE_SEAT, f"seat {s} stakes the Seat")
        led.pay(s, VYES, stakes.vyes[p], "vye", VYE_MATCH, f"seat {s} has vyed {stakes.vyes[p]}")


def _check_options(options: Any) -> PostAndPairOptions:
    if isinstance(options, PostAndPairOptions):
        return options
    if options is None:
        return PostAndPairOptions()
    if isinstance(options, str):
        return SPEC.parse_ruleset(options)
    raise RulesetError(f"options for {GAME} must be a ruleset string or PostAndPairOptions, not {options!r}")


def _read_hands(hands: Sequence[Any]) -> list[tuple[Card, ...]]:
    """Hands as tuples of cards; strings are parsed. Raises NotationError naming the bad hand."""
    out = []
    for i, h in enumerate(hands):
        if isinstance(h, str):
            cards = parse_cards(h)
        else:
            try:
                items = list(h)
            except TypeError:
                raise NotationError(f"hand {i + 1} must be cards such as 'KS JS AS', not {h!r}") from None
            cards = tuple(c if isinstance(c, Card) else Card.parse(c) for c in items)
            parse_cards(format_cards(cards))  # duplicates within the hand
        if len(cards) != 3:
            raise NotationError(f"hand {i + 1} ({format_cards(cards) or 'empty'}) has {len(cards)} cards; "
                                "each hand at Post and Pair has 3")
        out.append(cards)
    return out


def _check_seats(n: int, folded: Iterable[Any]) -> frozenset[int]:
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RulesetError(f"Post and Pair is for {MIN_PLAYERS} to {MAX_PLAYERS} hands, not {n}")
    out = set()
    for f in folded:
        if isinstance(f, bool) or not isinstance(f, int) or not 0 <= f < n:
            raise RulesetError(f"folded seat {f!r} is not a seat: seats are 0 (eldest) to {n - 1} (dealer)")
        out.add(f)
    if len(out) == n:
        raise RulesetError("every seat is folded: at least one player must stay in for a show")
    return frozenset(out)


_ALL_LIVE = [tuple(range(n)) for n in range(MAX_PLAYERS + 1)]


def settle(options: Any, hands: Sequence[Any], folded: Iterable[int] = (), stakes: Stakes | None = None
           ) -> Settlement:
    """Settle a show-down of ``hands`` (seat order, first = eldest; each three cards, or a hand string).

    Every player has staked (by default one counter each to Post, Pair and Seat, no vyes; or ``stakes``);
    ``folded`` seats dropped out after staking: their cards count towards the trump suit and they win nothing.
    Raises NotationError for a bad card or hand, RulesetError for a bad option, seat or number of hands.
    """
    opts = options if type(options) is PostAndPairOptions else _check_options(options)
    n = len(hands)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RulesetError(f"Post and Pair is settled for {MIN_PLAYERS} to {MAX_PLAYERS} hands, not {n}")
    table = _table(opts)
    bits = _BIT_BY_ID
    try:  # the fast path: hands of three of the pack's own Card objects, no card twice
        masks = [bits[id(a)] | bits[id(b)] | bits[id(c)] for a, b, c in hands]
        if sum(masks).bit_count() != 3 * n:  # equal only if every hand has 3 cards and no two hands overlap
            raise KeyError
        cards = tuple(hands)
    except (KeyError, TypeError, ValueError):
        cards = _read_hands(hands)
        check_distinct(cards)
        masks = [_mask(h) for h in cards]
    get = table.get
    entries = [get(m) for m in masks]
    if None in entries:
        entries = [_entry(table, m, opts) for m in masks]
    if folded:
        out = _check_seats(n, folded)
        live = tuple(p for p in range(n) if p not in out)
    else:
        live = _ALL_LIVE[n]
    if stakes is None:
        dishes = (n, n, n, 0)
    else:
        if not all(len(x) == n for x in (stakes.post, stakes.pair, stakes.seat, stakes.vyes)):
            raise RulesetError(f"stakes are given for the wrong number of seats (there are {n} hands)")
        dishes = stakes.dishes()
    d = decide(entries, live, opts)
    return Settlement(opts, cards, live, entries, d, stakes, dishes)


# -- the words of the explanation ------------------------------------------------------------------------------
def _rank_of(cards: Sequence[Card], count: int) -> str:
    ranks = [c.rank.text for c in cards]
    for r in ranks:
        if ranks.count(r) >= count:
            return r
    raise AssertionError("no such set")


def _royal_words(cards) -> str:
    return f"three {RANK_PLURALS[_rank_of(cards, 3)]}"


def _pair_words(cards) -> str:
    return f"two {RANK_PLURALS[_rank_of(cards, 2)]}"


def _post_cards(cards, suit: int) -> list[Card]:
    return [c for c in cards if c.suit.letter == SUITS[suit]]


def _post_words(cards, key: int, suit: int) -> str:
    flush = _post_cards(cards, suit)
    size = "three" if key // 64 == 3 else "two"
    pts = post_points_text(key)
    raw = sum(POST_POINTS[card_index(c) % 13] for c in flush)
    extra = ""
    if key // 64 == 3 and raw > 21:
        extra = f", counted {pts} from {raw}"
        return f"a three-card Post in {SUIT_NAMES[SUITS[suit]]} ({format_cards(flush)}{extra})"
    return f"a {size}-card Post of {pts} in {SUIT_NAMES[SUITS[suit]]} ({format_cards(flush)})"


def _post_clause(cards, key: int, suit: int, options: PostAndPairOptions) -> str:
    """The clause that values this Post: over 21, a Ten-Ace, or the plain flush."""
    flush = _post_cards(cards, suit)
    raw = sum(POST_POINTS[card_index(c) % 13] for c in flush)
    if len(flush) == 3 and raw > 21:
        return POST_OVER_21 if options.post_over_21 == "two-highest" else POST_OVER_21_HALF
    if len(flush) == 2 and raw == 11 and any(c.rank.text == "A" for c in flush):
        return POST_TEN_ACE if options.ten_ace == "21" else POST_TEN_ACE_11
    return POST_FLUSH


def _runner_up(entries, live, field: int, winner: int) -> int:
    best, pos = 0, -1
    for p in live:
        if p != winner and entries[p][field] > best:
            best, pos = entries[p][field], p
    return pos


def _card_words(c: Card) -> str:
    return f"the {RANK_NAMES[c.rank.text]} of {SUIT_NAMES[c.suit.letter]}"


def _best_trump_card(cards, suit: int) -> Card | None:
    best = None
    for c in cards:
        if c.suit.letter == SUITS[suit] and (best is None or c.rank.index > best.rank.index):
            best = c
    return best


def _explain(st: Settlement) -> list[Line]:
    """Payout lines and notes for a settlement (see :class:`Settlement`)."""
    o, d, hands, live, entries = st.options, st.decision, st.hands, st.live, st._entries
    seat = st._seat
    notes: list[tuple[str, str]] = []
    lines: list[Line] = []
    post_d, pair_d, seat_d, vye_d = st.dishes
    rank_clause = PAIR_BEST if o.pair_rank == "points" else PAIR_RANK_ORDER

    def pay(dish: str, counters: int, to: int, clause: str, reason: str) -> None:
        if counters:
            lines.append(Line(dish, seat(to), counters, dish if dish != VYES else "vye", clause, reason))

    def who(p: int) -> str:
        return f"seat {seat(p)}"

    # The trump suit (decided first, though it is used last).
    suit = SUITS[d.trump]
    pts = ", ".join(f"{SUIT_NAMES[s]} {_suit_pts(d.suit_points, i)}" for i, s in enumerate(SUITS))
    tied = _tied_suits(d.suit_points, 15)
    if d.trump_rule in (TRUMP_SUIT_COUNT, TRUMP_NO_POST):
        lead = "no Post is shown, so " if d.trump_rule == TRUMP_NO_POST else ""
        notes.append((d.trump_rule, f"Trumps: {lead}{SUIT_NAMES[suit]} count most points over all the cards "
                                    f"dealt, folded hands included ({pts}; court cards 10, Ace 11)"))
        if len(tied) > 1:
            names = " and ".join(SUIT_NAMES[SUITS[s]] for s in tied)
            if o.trump_tie == "eldest":
                notes.append((TRUMP_TIE, f"Trumps: {names} tie on points; {SUIT_NAMES[suit]} win, as the suit "
                                         "of the highest such card held by the eldest player still in"))
            else:
                notes.append((TRUMP_TIE_SUIT_ORDER, f"Trumps: {names} tie on points; {SUIT_NAMES[suit]} win "
                                                    "in the order Spades, Hearts, Diamonds, Clubs"))
    elif d.trump_rule == TRUMP_BEST_POST:
        notes.append((TRUMP_BEST_POST, f"Trumps: {SUIT_NAMES[suit]}, the suit of the best Post shown ({who(d.post)})"))
    elif d.trump_rule == TRUMP_ABSENT:
        counted = _top_suit(d.suit_points, 15, entries, live, o.trump_tie)
        notes.append((TRUMP_ABSENT, f"Trumps: {SUIT_NAMES[SUITS[counted]]} count most points ({pts}) but no "
                                    f"player still in holds one, so {SUIT_NAMES[suit]}, the suit of the best Post "
                                    f"shown ({who(d.post)}), are trumps"))
    else:
        notes.append((SEAT_NO_TRUMP, f"Trumps: no player still in holds a card of the suit with most points "
                                     f"({pts}) and no Post is shown, so {SUIT_NAMES[suit]}, the best-counted suit "
                                     "that a player still in holds, are trumps"))
    notes.append((TRUMP_ORDER, "The Ace of trumps is the best card, then the King, and so down to the Two"))
    folded = [p for p in range(len(hands)) if p not in live]
    if folded:
        names = ", ".join(who(p) for p in folded)
        notes.append((SHOWDOWN_FOLDED, f"{names} dropped out: their cards counted towards the trump suit, but "
                                       "they win nothing"))
    notes.append((SHOWDOWN_ORDER, "The stakes are settled in turn: Pair, then Post, then the Seat and vyes"))

    t = d.trump_pos
    tcard = _best_trump_card(hands[t], d.trump)
    trump_words = f"{_card_words(tcard)} ({who(t)}) is the best trump still in"
    overall = [(c.rank.index, p) for p in range(len(hands)) for c in hands[p] if c.suit.letter == suit]
    if overall:
        top_rank, top_p = max(overall)
        if top_p not in live:
            c = next(c for c in hands[top_p] if c.suit.letter == suit and c.rank.index == top_rank)
            trump_words += f" ({_card_words(c)} lies in the folded hand of {who(top_p)})"

    if d.royal >= 0:  # a Pair-royal sweeps the table
        w = d.royal
        words = _royal_words(hands[w])
        rival = _runner_up(entries, live, ROYAL, w)
        why = f"{words} ({who(w)}) win everything"
        if rival >= 0:
            rw = _royal_words(hands[rival])
            if entries[w][ROYAL] == entries[rival][ROYAL]:
                why = f"{words} ({who(w)}) beat {rw} ({who(rival)}); equal points, and the " \
                      f"{words.split()[1]} were elder"
                notes.append((SHOWDOWN_ELDER, f"Pair-royal: {why}"))
            elif _rank_of(hands[w], 3) == "A":
                why = f"{words} ({who(w)}) beat {rw} ({who(rival)}); three Aces cannot be beaten"
                notes.append((SHOWDOWN_PAIR_ROYAL_ACES, f"Pair-royal: {why}"))
            elif o.pair_rank == "points":
                why = f"{words} ({who(w)}) beat {rw} ({who(rival)}) on points"
                notes.append((SHOWDOWN_PAIR_ROYAL_POINTS, f"Pair-royal: {why}"))
            else:
                why = f"{words} ({who(w)}) beat {rw} ({who(rival)}) in the order of the cards"
                notes.append((PAIR_RANK_ORDER, f"Pair-royal: {why}"))
        elif _rank_of(hands[w], 3) == "A":
            notes.append((SHOWDOWN_PAIR_ROYAL_ACES, "Pair-royal: three Aces cannot be beaten"))
        for dish, amount in (("pair", pair_d), ("post", post_d), ("seat", seat_d), (VYES, vye_d)):
            label = {"pair": "the Pair dish", "post": "the Post dish", "seat": "the Seat", VYES: "the vyes"}[dish]
            pay(dish, amount, w, SHOWDOWN_PAIR_ROYAL, f"Pair-royal takes {label}: {why}")
        st._notes = notes
        return lines

    # The Pair dish.
    if d.pair >= 0:
        w = d.pair
        words = _pair_words(hands[w])
        rival = _runner_up(entries, live, PAIR, w)
        if rival < 0:
            clause, reason = rank_clause, f"Pair: {words} ({who(w)}), the only Pair shown"
        else:
            rw = _pair_words(hands[rival])
            if entries[w][PAIR] == entries[rival][PAIR]:
                clause = SHOWDOWN_ELDER
                reason = f"Pair: {words} beat {rw}; equal points, and the {words.split()[1]} were elder " \
                         f"({who(w)} against {who(rival)})"
            elif o.pair_rank == "points" and _rank_of(hands[w], 2) == "A":
                clause, reason = PAIR_BEST, f"Pair: {words} ({who(w)}) beat {rw} ({who(rival)}); a pair of Aces " \
                                            "is the best Pair"
            elif o.pair_rank == "points":
                clause = PAIR_BEST
                reason = f"Pair: {words} ({entries[w][PAIR] * 2} points, {who(w)}) beat {rw} " \
                         f"({entries[rival][PAIR] * 2} points, {who(rival)})"
            else:
                clause = PAIR_RANK_ORDER
                reason = f"Pair: {words} ({who(w)}) beat {rw} ({who(rival)}) in the order of the cards"
        pay("pair", pair_d, w, clause, reason)
    else:
        pay("pair", pair_d, t, PAIR_NONE_TRUMP, f"Pair: nobody still in holds a Pair, so the best trump takes "
                                                f"the Pair dish: {trump_words}")

    # The Post dish.
    if d.post >= 0:
        w = d.post
        key = entries[w][POST]
        words = _post_words(hands[w], key, entries[w][POST_SUIT])
        own = _post_clause(hands[w], key, entries[w][POST_SUIT], o)
        rival = _runner_up(entries, live, POST, w)
        if rival < 0:
            clause, reason = own, f"Post: {words} ({who(w)}), the only Post shown"
        else:
            rkey = entries[rival][POST]
            rw = _post_words(hands[rival], rkey, entries[rival][POST_SUIT])
            if key == rkey:
                clause = SHOWDOWN_ELDER
                reason = f"Post: {words} ({who(w)}) beats {rw} ({who(rival)}); equal points, and {who(w)} was elder"
            elif key // 64 > rkey // 64:
                clause = POST_THREE_BEATS_TWO
                reason = f"Post: {words} ({who(w)}) beats {rw} ({who(rival)}); any three-card Post beats any " \
                         "two-card Post"
            else:
                clause = own
                reason = f"Post: {words} ({who(w)}) beats {rw} ({who(rival)})"
        pay("post", post_d, w, clause, reason)
    elif o.no_post == "best-trump":
        pay("post", post_d, t, POST_NONE, f"Post: nobody still in holds a Post, so the best trump takes the Post "
                                          f"dish: {trump_words}")
    else:
        notes.append((POST_NONE_CARRY, f"Post: nobody still in holds a Post, so the Post dish ({post_d}) stays "
                                       "on the table for the next deal"))

    # The Seat and the vyes.
    pay("seat", seat_d, t, SEAT_BEST_TRUMP, f"Seat: {trump_words}; {SUIT_NAMES[suit]} are trumps")
    pay(VYES, vye_d, t, SEAT_BEST_TRUMP, f"Vyes: {trump_words}; {SUIT_NAMES[suit]} are trumps")
    st._notes = notes
    return lines


# ================================================================================================================
# 3. The game
# ================================================================================================================
class Phase(StrEnum):
    SEAT = "seat"    # on two cards, each player in turn stakes the Seat or abandons
    VYE = "vye"      # on three cards: pass, vye, drop; then match, re-vye or fold
    PART = "part"    # the players still in agree to part stakes, or one asks for a show
    OVER = "over"


IN, ABANDONED, DROPPED, FOLDED = "in", "abandoned", "dropped", "folded"


class PostAndPairState(State):
    """A game of Post and Pair: ``options.deals`` deals, the deal passing to the left each time.

    Actions: ``seat`` / ``abandon``; ``pass`` (the eldest hand, or the dealer when all the elder passed),
    ``vye N``, ``drop``; after a vye ``match``, ``revye N``, ``fold``; under ``dealer_pass=choice`` the dealer's
    ``play out`` / ``double``; at the end ``part`` / ``show``.
    """

    game = GAME

    def __init__(self, options: PostAndPairOptions, players: int, seed: int) -> None:
        options = _check_options(options)
        SPEC.check_players(players)
        super().__init__(options, players, seed)
        self.deals: list[dict[str, Any]] = []
        self.carry = {"post": 0, "pair": 0, "seat": 0}
        self.dealer = players - 1
        self._phase = Phase.SEAT
        self._start_deal()

    # -- the deal ------------------------------------------------------------------------------------------------
    def _start_deal(self) -> None:
        n = self.players
        self.order = [(self.dealer + 1 + k) % n for k in range(n)]  # eldest .. dealer
        deck = shuffled(FULL_PACK, self.rng)
        self.hands: dict[int, list[Card]] = {s: [] for s in self.order}
        for _ in range(2):  # two cards each, one at a time from the eldest
            for s in self.order:
                self.hands[s].append(deck.pop())
        self.deck = deck
        self.status = {s: IN for s in self.order}
        self.ledger = Ledger()
        self.carried_in = dict(self.carry)
        self.table = dict(self.carry)
        self.table[VYES] = 0
        self.deal_actions: list[list[Any]] = []
        self.deal_notes: list[tuple[str, str]] = []
        for s in self.order:
            self._pay(s, "post", 1, STAKE_POST, f"seat {s} stakes one counter at Post")
        for s in self.order:
            self._pay(s, "pair", 1, STAKE_PAIR, f"seat {s} stakes one counter at Pair")
        self.note(DEAL_ROTATE, f"seat {self.dealer} deals; seat {self.order[0]} is the eldest hand")
        self._phase = Phase.SEAT
        self.turn = 0  # index into self.order (SEAT) or self.seated (VYE, PART)

    def _pay(self, seat: int, dish: str, counters: int, clause: str, reason: str) -> None:
        self.ledger.pay(seat, dish, counters, "vye" if dish == VYES else dish, clause, reason)
        self.table[dish] += counters

    def note(self, clause: str, reason: str) -> None:
        self.deal_notes.append((clause, reason))

    def _live(self) -> list[int]:
        return [s for s in self.seated if self.status[s] == IN]

    # -- the state-machine interface -------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self._phase.value

    def current_player(self) -> int:
        if self._phase == Phase.OVER:
            return TERMINAL
        if self._phase == Phase.SEAT:
            return self.order[self.turn]
        return self.seated[self.turn]

    def _legal(self) -> list[str]:
        if self._phase == Phase.SEAT:
            return ["seat", "abandon"]
        if self._phase == Phase.PART:
            return ["part", "show"]
        vyes = [f"vye {k}" for k in range(1, self.options.vye_max + 1)]
        if not self.opened:
            if self.turn == 0:
                return ["pass", *vyes]
            if self.turn < len(self.seated) - 1:
                return [*vyes, "drop"]
            if self.options.dealer_pass == "choice":
                return [*vyes, "play out", "double"]
            return [*vyes, "pass"]
        acts = ["match"]
        if self.raises < self.options.revyes:
            acts += [f"revye {k}" for k in range(1, self.options.vye_max + 1)]
        return [*acts, "fold"]

    def _apply(self, action: str) -> None:
        seat = self.current_player()
        self.deal_actions.append([seat, action])
        if self._phase == Phase.SEAT:
            self._apply_seat(seat, action)
        elif self._phase == Phase.VYE:
            self._apply_vye(seat, action)
        else:
            self._apply_part(seat, action)

    def _apply_seat(self, seat: int, action: str) -> None:
        if action == "seat":
            self._pay(seat, "seat", 1, STAKE_SEAT, f"seat {seat} stakes the Seat on two cards")
        else:
            self.status[seat] = ABANDONED
            self.note(STAKE_ABANDON, f"seat {seat} abandons two cards and loses the Post and Pair stakes")
        self.turn += 1
        if self.turn < len(self.order):
            return
        self.seated = [s for s in self.order if self.status[s] == IN]
        for s in self.seated:  # the third card
            self.hands[s].append(self.deck.pop())
        if not self.seated:
            self.note(STAKE_NONE, "nobody stakes the Seat: the stakes stay on the table for the next deal")
            return self._end_deal("no-seat", carry=True)
        if len(self.seated) == 1:
            return self._take_unseen(self.seated[0], STAKE_ALONE, "the only player to stake the Seat")
        if self.seated[0] != self.order[0] or self.seated[-1] != self.order[-1]:
            self.note(VYE_ROLES, f"seat {self.seated[0]} vyes as the eldest hand and seat {self.seated[-1]} "
                                 "as the dealer")
        self._phase = Phase.VYE
        self.turn = 0
        self.opened = False
        self.bet = 0
        self.raises = 0
        self.contrib = {s: 0 for s in self.seated}
        self.eldest_passed = False

    def _apply_vye(self, seat: int, action: str) -> None:
        word, _, num = action.partition(" ")
        last = len(self.seated) - 1
        if not self.opened:
            if word == "vye":
                k = int(num)
                clause = VYE_DEALER if self.turn == last else VYE_ONE_CHANCE
                self.opened, self.bet = True, k
                self.contrib[seat] = k
                self._pay(seat, VYES, k, clause, f"seat {seat} vyes {k}")
                return self._next_responder()
            if word == "pass" and self.turn == 0:
                self.eldest_passed = True
                self.note(VYE_ELDEST_PASS, f"seat {seat}, the eldest hand, passes and may come in again")
                self.turn += 1
                return None
            if word == "drop":
                self.status[seat] = DROPPED
                self.note(VYE_ONE_CHANCE, f"seat {seat} does not vye and drops out")
                self.turn += 1
                return None
            # The dealer, when all the elder players passed.
            if word == "double" or (word == "pass" and self.options.dealer_pass == "double"):
                clause = VYE_DEALER_CHOICE if word == "double" else VYE_DEALER_DOUBLE
                self.note(clause, f"nobody vyes and the dealer (seat {seat}) doubles: the stakes stay on the "
                                  "table for the next deal")
                return self._end_deal("doubled", carry=True)
            clause = VYE_DEALER_CHOICE if word == "play" else VYE_DEALER_PLAY_OUT
            self.note(clause, f"nobody vyes and the dealer (seat {seat}) plays it out: the hands are shown")
            return self._show()
        # After a vye: match, re-vye or fold.
        clause = VYE_ELDEST_PASS if (seat == self.seated[0] and self.eldest_passed) else VYE_MATCH
        if word == "fold":
            self.status[seat] = FOLDED
            self.note(clause, f"seat {seat} folds")
            live = self._live()
            if len(live) == 1:
                return self._take_unseen(live[0], VYE_UNMATCHED, "nobody matches the vye")
        elif word == "match":
            owe = self.bet - self.contrib[seat]
            self.contrib[seat] = self.bet
            self._pay(seat, VYES, owe, clause, f"seat {seat} matches the vye of {self.bet}")
        else:
            k = int(num)
            owe = self.bet - self.contrib[seat] + k
            self.bet += k
            self.raises += 1
            self.contrib[seat] = self.bet
            self._pay(seat, VYES, owe, clause, f"seat {seat} re-vyes {k}, to {self.bet}")
            if self.raises == self.options.revyes:
                self.note(VYE_LIMIT, f"the limit of {self.options.revyes} re-vyes is reached")
        return self._next_responder()

    def _next_responder(self) -> None:
        m = len(self.seated)
        for step in range(1, m + 1):
            i = (self.turn + step) % m
            s = self.seated[i]
            if self.status[s] == IN and self.contrib[s] < self.bet:
                self.turn = i
                return
        self._phase = Phase.PART  # everyone still in has matched
        self.turn = self.seated.index(self._live()[0])

    def _apply_part(self, seat: int, action: str) -> None:
        if action == "show":
            self.note(SETTLE_PART, f"seat {seat} will not part stakes: the cards are shown")
            return self._show()
        live = self._live()
        later = [s for s in live if self.seated.index(s) > self.turn]
        if later:
            self.turn = self.seated.index(later[0])
            return None
        self._part(live)

    # -- ending a deal -------------------------------------------------------------------------------------------
    def _gather(self, to: str | int, clause: str, reason: str) -> None:
        for dish in ("post", "pair", "seat", VYES):
            amount = self.table[dish]
            if amount:
                self.ledger.pay(dish, to, amount, "vye" if dish == VYES else dish, clause, reason)
                self.table[dish] = 0

    def _take_unseen(self, seat: int, clause: str, why: str) -> None:
        self._gather(seat, clause, f"seat {seat} takes every stake unseen: {why}")
        self._end_deal("unseen", winners={"pair": seat, "post": seat, "seat": seat})

    def _part(self, live: list[int]) -> None:
        total = sum(self.table.values())
        self._gather("pool", SETTLE_PART, "the players still in agree to part stakes")
        share, odd = divmod(total, len(live))
        for s in live:
            self.ledger.pay("pool", s, share, "part", SETTLE_PART,
                            f"seat {s} takes an equal share, {share} of {total}")
        self.ledger.pay("pool", BOX, odd, "part", SETTLE_ODD_BOX,
                        f"{odd} odd counter{'s' if odd != 1 else ''} of {total} go to the box")
        self._end_deal("parted")

    def _show(self) -> None:
        positions = self.order
        hands = [tuple(self.hands[s]) for s in positions]
        live_seats = set(self._live())
        live = tuple(p for p, s in enumerate(positions) if s in live_seats)
        table = _table(self.options)
        entries = [_entry(table, _mask(h), self.options) for h in hands]
        dishes = (self.table["post"], self.table["pair"], self.table["seat"], self.table[VYES])
        d = decide(entries, live, self.options)
        st = Settlement(self.options, hands, live, entries, d, None, dishes, seats=positions, payins=False)
        for ln in st.payout_lines():
            self.ledger.lines.append(ln)
            self.table[ln.payer] -= ln.counters
        self.deal_notes.extend(st.notes)
        self._end_deal("show", winners=dict(st.winners), trump=st.trump, shown=sorted(live_seats))

    def _end_deal(self, outcome: str, carry: bool = False, winners: dict | None = None, trump: str | None = None,
                  shown: list[int] | None = None) -> None:
        if carry:  # everything stays where it lies: the dishes, with the vyes (if any) kept with the Seat
            self.table["seat"] += self.table[VYES]
            self.table[VYES] = 0
        self.carry = {k: self.table[k] for k in DISHES}
        net = self.ledger.net(self.players)
        box = self.ledger.balance(BOX)
        self.deals.append({
            "dealer": self.dealer,
            "eldest": self.order[0],
            "hands": [format_cards(self.hands[s]) for s in range(self.players)],
            "actions": self.deal_actions,
            "outcome": outcome,
            "shown": shown or [],
            "trump": trump,
            "winners": winners or {"pair": None, "post": None, "seat": None},
            "ledger": self.ledger.to_json(),
            "notes": [{"clause": c, "reason": r} for c, r in self.deal_notes],
            "net": net,
            "box": box,
            "carried_in": self.carried_in,
            "carried_out": dict(self.carry),
        })
        if len(self.deals) < self.options.deals:
            self.dealer = (self.dealer + 1) % self.players
            self._start_deal()
        else:
            self._phase = Phase.OVER

    # -- views and records ---------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see: its own cards, the others' card counts, the table; ``None`` sees all."""
        over = self._phase == Phase.OVER
        hands: dict[str, Any] = {}
        if not over:
            for s in self.order:
                hands[str(s)] = format_cards(self.hands[s]) if seat is None or s == seat else len(self.hands[s])
        deals = []
        for d in self.deals:
            d = dict(d)
            if seat is not None:
                d["hands"] = [h if s == seat or s in d["shown"] else len(h.split())
                              for s, h in enumerate(d["hands"])]
            deals.append(d)
        out: dict[str, Any] = {
            "game": GAME, "ruleset": self.options.to_string(), "follows": preset_name(self.options),
            "phase": self.phase, "deal": len(self.deals) + (0 if over else 1), "players": self.players,
            "dealer": self.dealer, "to_act": None if over else self.current_player(),
            "legal": self.legal_actions() if (seat is None or (not over and self.current_player() == seat)) else [],
            "hands": hands, "deals": deals, "net": self.totals()[0],
        }
        if not over:
            out.update({"order": self.order, "status": {str(s): v for s, v in self.status.items()},
                        "table": dict(self.table), "bet": getattr(self, "bet", 0),
                        "vyed": {str(s): v for s, v in getattr(self, "contrib", {}).items()},
                        "carried_in": self.carried_in})
        return out

    def totals(self) -> tuple[list[int], int]:
        net = [0] * self.players
        box = 0
        for d in self.deals:
            for i, v in enumerate(d["net"]):
                net[i] += v
            box += d["box"]
        return net, box

    def summary(self) -> dict[str, Any]:
        net, box = self.totals()
        return {"follows": preset_name(self.options), "deals": self.deals, "net": net, "box": box,
                "left_on_table": dict(self.carry)}


def new_state(options: PostAndPairOptions, players: int, seed: int) -> PostAndPairState:
    return PostAndPairState(options, players, seed)


# ================================================================================================================
# 4. Bots
# ================================================================================================================
def hand_strength(cards: Sequence[Card], options: PostAndPairOptions | None = None) -> float:
    """A rough 0..1 value of a hand seen alone: Pair-royals, then Pairs, Posts and high cards."""
    opts = options or PostAndPairOptions()
    e = _entry(_table(opts), _mask(cards), opts)
    if e[ROYAL]:
        return 1.0
    s = 0.0
    if e[PAIR]:
        s = max(s, 0.5 + 0.3 * e[PAIR] / 13)
    if e[POST]:
        size, twice = divmod(e[POST], 64)
        s = max(s, (0.35 if size == 3 else 0.15) + 0.3 * twice / 42)
    top = max(TRUMP_RANK[card_index(c) % 13] for c in cards)
    return max(s, 0.05 + 0.3 * top / 13)


class _HeuristicBot(Bot):
    boldness = 0.0  # added to the hand's strength
    bluff = 0.0     # chance of vying on anything

    def choose(self, state: PostAndPairState, seat: int) -> str:
        legal = state.legal_actions()
        s = hand_strength(state.hands[seat], state.options) + self.boldness
        roll = self.rng.random()
        if state.phase == Phase.SEAT:
            return "seat" if s > 0.3 or roll < 0.3 + self.boldness else "abandon"
        if state.phase == Phase.PART:
            return "show" if s > 0.6 - self.boldness / 2 else "part"
        vyes = [a for a in legal if a.startswith("vye ")]
        revyes = [a for a in legal if a.startswith("revye ")]
        if vyes:
            if s > 0.62 or roll < self.bluff:
                return vyes[min(len(vyes) - 1, int(s * len(vyes)))]
            if "double" in legal:
                return "double" if s < 0.4 else "play out"
            for a in ("pass", "drop"):
                if a in legal:
                    return a
            return legal[-1]
        if revyes and (s > 0.8 or roll < self.bluff / 2):
            return revyes[min(len(revyes) - 1, int(s * len(revyes)))]
        return "match" if s > 0.5 or roll < self.bluff else "fold"


class CautiousBot(_HeuristicBot):
    """Stakes and vyes only on good cards; parts stakes rather than show a middling hand."""

    name = "cautious"


class BoldBot(_HeuristicBot):
    """Cotton's 'daring' gamester: vyes and re-vyes on indifferent cards and seldom folds."""

    name = "bold"
    boldness = 0.2
    bluff = 0.35


BOTS = {"random": RandomBot, "cautious": CautiousBot, "bold": BoldBot}
DEFAULT_BOTS = ("bold", "cautious")  # seat i plays DEFAULT_BOTS[i % 2]


# ================================================================================================================
# 5. The command line (see gamester.cli)
# ================================================================================================================
def _bots_for(ns: argparse.Namespace, players: int, seed: int) -> list[Bot]:
    names: list[str] = []
    for item in getattr(ns, "bots", None) or []:
        names += [x.strip() for x in item.split(",") if x.strip()]
    if not names:
        names = [DEFAULT_BOTS[i % 2] for i in range(players)]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise RulesetError(f"--bots names {len(names)} bots for {players} players: give one, or one per seat")
    return [SPEC.make_bot(name, seed * 31 + i) for i, name in enumerate(names)]


def _players_and_seed(ns: argparse.Namespace) -> tuple[int, int]:
    players = getattr(ns, "players", None)
    seed = getattr(ns, "seed", None)
    return SPEC.check_players(4 if players is None else players), (0 if seed is None else seed)


def _play(options: PostAndPairOptions, ns: argparse.Namespace) -> PostAndPairState:
    players, seed = _players_and_seed(ns)
    state = PostAndPairState(options, players, seed)
    return play_out(state, _bots_for(ns, players, seed))


def deal_text(d: dict[str, Any]) -> str:
    lines = [f"Dealer: seat {d['dealer']}; eldest hand: seat {d['eldest']}"]
    for s, h in enumerate(d["hands"]):
        lines.append(f"  seat {s}: {h}")
    lines.append("Actions: " + "; ".join(f"seat {s} {a}" for s, a in d["actions"]))
    lines.append(f"Outcome: {d['outcome']}" + (f"; trumps {SUIT_NAMES[d['trump']]}" if d["trump"] else ""))
    for n in d["notes"]:
        lines.append(f"  note [{n['clause']}] {n['reason']}")
    for ln in d["ledger"]:
        lines.append(f"  {ln['from']} -> {ln['to']}: {ln['counters']}  [{ln['clause']}] {ln['reason']}")
    lines.append("Net: " + ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(d["net"])) + f"; box {d['box']}")
    left = sum(d["carried_out"].values())
    if left:
        lines.append(f"Left on the table for the next deal: {left}")
    return "\n".join(lines)


def cli_deal(options: PostAndPairOptions, ns: argparse.Namespace) -> tuple[Any, str]:
    """``gamester deal post-and-pair``: one deal played by the default bots, settled."""
    state = _play(options.replace(deals=1), ns)
    rec = state.to_record()
    d = rec["deals"][0]
    data = {k: rec[k] for k in ("game", "ruleset", "follows", "seed", "players", "actions")}
    data.update(d)
    head = f"Post and Pair, {state.players} players, seed {state.seed}, ruleset {rec['follows'] or 'custom'}" \
           f" ({rec['ruleset']})"
    return data, head + "\n" + deal_text(d)


def cli_settle(options: PostAndPairOptions, ns: argparse.Namespace) -> tuple[Any, str]:
    """``gamester settle post-and-pair --hand ... [--folded SEAT]...``."""
    hands = list(getattr(ns, "hand", None) or [])
    players = getattr(ns, "players", None)
    if players is not None and players != len(hands):
        raise RulesetError(f"--players {players} but {len(hands)} --hand given")
    if len(hands) < MIN_PLAYERS:
        raise RulesetError(f"give at least {MIN_PLAYERS} hands with --hand (got {len(hands)})")
    st = settle(options, hands, getattr(ns, "folded", None) or ())
    return st.to_json(), st.explain()


def cli_play(options: PostAndPairOptions, ns: argparse.Namespace) -> tuple[Any, str]:
    """``gamester play post-and-pair``: a whole game, as a record."""
    deals = getattr(ns, "deals", None)
    if deals is not None:
        options = options.with_options({"deals": str(deals)})
    state = _play(options, ns)
    rec = state.to_record()
    parts = [f"Post and Pair, {state.players} players, seed {state.seed}, {len(rec['deals'])} deal(s), ruleset "
             f"{rec['follows'] or 'custom'} ({rec['ruleset']})"]
    for i, d in enumerate(rec["deals"], 1):
        parts.append(f"--- deal {i} ---\n{deal_text(d)}")
    parts.append("Totals: " + ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(rec["net"])) + f"; box {rec['box']}")
    return rec, "\n".join(parts)


SPEC = register(GameSpec(
    name=GAME,
    title="Post and Pair",
    options=PostAndPairOptions,
    presets=PRESETS,
    default_preset="reconstruction",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    new_state=new_state,
    bots=BOTS,
    cli={"deal": cli_deal, "settle": cli_settle, "play": cli_play},
))

__all__ = ["SPEC", "BOTS", "Phase", "PostAndPairOptions", "PostAndPairState", "Settlement", "Stakes", "decide",
           "hand_entry", "hand_strength", "settle", "IllegalActionError"]

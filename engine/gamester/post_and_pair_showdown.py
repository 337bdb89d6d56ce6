"""Post and Pair: the show-down, fast and explained.

Read top to bottom:

1. **Hands**: what a hand holds for each dish (Pair-royal, Pair, Post) and for the trump count, as small integer
   keys computed once per hand (:func:`hand_entry`), so that a show-down is a few comparisons.
2. **The show-down**: :func:`settle` settles given hands (seat order, first = eldest) and returns a
   :class:`Settlement`: trump, winners, net per seat, box, and a :class:`~gamester.ledger.Ledger` whose every line
   names its clause and gives a plain-English reason. The ledger and its reasons are built when first asked for,
   from the same :class:`Decision` that gave the winners, so bulk settlement stays fast and the ledger is the
   same whenever it is built.

The game itself (staking, vying, deal after deal), the bots and the CLI are in :mod:`gamester.post_and_pair`;
the clauses, options and rulesets in :mod:`gamester.post_and_pair_rules` (imported here as ``rules``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import post_and_pair_rules as rules
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
)
from .errors import NotationError, RulesetError
from .ledger import Ledger, Line
from .post_and_pair_rules import PRESETS, PostAndPairOptions, preset_name
from .rulesets import parse_ruleset

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
        trump, rule = entries[post][POST_SUIT], rules.TRUMP_BEST_POST
    else:
        s0, s1, s2, s3 = total & 255, (total >> 8) & 255, (total >> 16) & 255, total >> 24
        top = max(s0, s1, s2, s3)
        if (s0 == top) + (s1 == top) + (s2 == top) + (s3 == top) == 1:
            trump = 0 if s0 == top else 1 if s1 == top else 2 if s2 == top else 3
        else:
            trump = _top_suit(total, 15, entries, live, options.trump_tie)
        rule = rules.TRUMP_SUIT_COUNT if options.trump == "suit-count" else rules.TRUMP_NO_POST
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
            elif self._payins:  # one counter each to Post, Pair and Seat: the same (immutable) lines every time
                for p in range(len(self.hands)):
                    led.lines.extend(_standard_pay_ins(self._seat(p)))
            led.lines.extend(self.payout_lines())
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


@functools.cache
def _standard_pay_ins(s: int) -> tuple[Line, Line, Line]:
    return (Line(s, "post", 1, "post", rules.STAKE_POST, f"seat {s} stakes at Post"),
            Line(s, "pair", 1, "pair", rules.STAKE_PAIR, f"seat {s} stakes at Pair"),
            Line(s, "seat", 1, "seat", rules.STAKE_SEAT, f"seat {s} stakes the Seat"))


def _pay_ins(led: Ledger, stakes: Stakes, seat_of) -> None:
    for p in range(len(stakes.post)):
        s = seat_of(p)
        led.pay(s, "post", stakes.post[p], "post", rules.STAKE_POST, f"seat {s} stakes at Post")
        led.pay(s, "pair", stakes.pair[p], "pair", rules.STAKE_PAIR, f"seat {s} stakes at Pair")
        led.pay(s, "seat", stakes.seat[p], "seat", rules.STAKE_SEAT, f"seat {s} stakes the Seat")
        led.pay(s, VYES, stakes.vyes[p], "vye", rules.VYE_MATCH, f"seat {s} has vyed {stakes.vyes[p]}")


def check_options(options: Any) -> PostAndPairOptions:
    """Options as given, or read from a ruleset string; ``None`` is the default ruleset."""
    if isinstance(options, PostAndPairOptions):
        return options
    if options is None:
        return PostAndPairOptions()
    if isinstance(options, str):
        return parse_ruleset(GAME, PostAndPairOptions(), PRESETS, options)
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
    opts = options if type(options) is PostAndPairOptions else check_options(options)
    n = len(hands)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RulesetError(f"Post and Pair is settled for {MIN_PLAYERS} to {MAX_PLAYERS} hands, not {n}")
    table = hand_table(opts)
    bits = _BIT_BY_ID
    try:  # the fast path: hands of three of the pack's own Card objects, no card twice
        masks = [bits[id(a)] | bits[id(b)] | bits[id(c)] for a, b, c in hands]
        if sum(masks).bit_count() != 3 * n:  # equal only if every hand has 3 cards and no two hands overlap
            raise KeyError
        cards = tuple(hands)
    except (KeyError, TypeError, ValueError):
        cards = _read_hands(hands)
        check_distinct(cards)
        masks = [cards_mask(h) for h in cards]
    get = table.get
    entries = [get(m) for m in masks]
    if None in entries:
        entries = [table_entry(table, m, opts) for m in masks]
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
    """``"two-card Post of 20 in Spades (KS QS)"``, ``"three-card Post in Spades (KS QS JS) counted 20 of 30"``."""
    flush = _post_cards(cards, suit)
    pts = post_points_text(key)
    raw = sum(POST_POINTS[card_index(c) % 13] for c in flush)
    suit_name = SUIT_NAMES[SUITS[suit]]
    if key // 64 == 3 and raw > 21:
        return f"three-card Post in {suit_name} ({format_cards(flush)}) counted {pts} from {raw}"
    size = "three" if key // 64 == 3 else "two"
    return f"{size}-card Post of {pts} in {suit_name} ({format_cards(flush)})"


def _post_clause(cards, key: int, suit: int, options: PostAndPairOptions) -> str:
    """The clause that values this Post: over 21, a Ten-Ace, or the plain flush."""
    flush = _post_cards(cards, suit)
    raw = sum(POST_POINTS[card_index(c) % 13] for c in flush)
    if len(flush) == 3 and raw > 21:
        return rules.POST_OVER_21 if options.post_over_21 == "two-highest" else rules.POST_OVER_21_HALF
    if len(flush) == 2 and raw == 11 and any(c.rank.text == "A" for c in flush):
        return rules.POST_TEN_ACE if options.ten_ace == "21" else rules.POST_TEN_ACE_11
    return rules.POST_FLUSH


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
    rank_clause = rules.PAIR_BEST if o.pair_rank == "points" else rules.PAIR_RANK_ORDER

    def pay(dish: str, counters: int, to: int, clause: str, reason: str) -> None:
        if counters:
            lines.append(Line(dish, seat(to), counters, dish if dish != VYES else "vye", clause, reason))

    def who(p: int) -> str:
        return f"seat {seat(p)}"

    # The trump suit (decided first, though it is used last).
    suit = SUITS[d.trump]
    pts = ", ".join(f"{SUIT_NAMES[s]} {_suit_pts(d.suit_points, i)}" for i, s in enumerate(SUITS))
    tied = _tied_suits(d.suit_points, 15)
    if d.trump_rule in (rules.TRUMP_SUIT_COUNT, rules.TRUMP_NO_POST):
        lead = "no Post is shown, so trumps are counted: " if d.trump_rule == rules.TRUMP_NO_POST else ""
        among = "all the cards dealt, folded hands included" if len(live) < len(hands) else "all the cards dealt"
        notes.append((d.trump_rule, f"Trumps: {lead}{SUIT_NAMES[suit]} count most points over {among} ({pts}; "
                                    "court cards 10, Ace 11)"))
        if len(tied) > 1:
            names = " and ".join(SUIT_NAMES[SUITS[s]] for s in tied)
            if o.trump_tie == "eldest":
                notes.append((rules.TRUMP_TIE, f"Trumps: {names} tie on points; {SUIT_NAMES[suit]} win, as the suit "
                                         "of the highest such card held by the eldest player still in"))
            else:
                notes.append((rules.TRUMP_TIE_SUIT_ORDER, f"Trumps: {names} tie on points; {SUIT_NAMES[suit]} win "
                                                    "in the order Spades, Hearts, Diamonds, Clubs"))
    elif d.trump_rule == rules.TRUMP_BEST_POST:
        notes.append((rules.TRUMP_BEST_POST, f"Trumps: {SUIT_NAMES[suit]}, the suit of the best Post shown ({who(d.post)})"))
    elif d.trump_rule == rules.TRUMP_ABSENT:
        counted = _top_suit(d.suit_points, 15, entries, live, o.trump_tie)
        notes.append((rules.TRUMP_ABSENT, f"Trumps: {SUIT_NAMES[SUITS[counted]]} count most points ({pts}) but no "
                                    f"player still in holds one, so {SUIT_NAMES[suit]}, the suit of the best Post "
                                    f"shown ({who(d.post)}), are trumps"))
    else:
        notes.append((rules.SEAT_NO_TRUMP, f"Trumps: no player still in holds a card of the suit with most points "
                                     f"({pts}) and no Post is shown, so {SUIT_NAMES[suit]}, the best-counted suit "
                                     "that a player still in holds, are trumps"))
    notes.append((rules.TRUMP_ORDER, "The Ace of trumps is the best card, then the King, and so down to the Two"))
    folded = [p for p in range(len(hands)) if p not in live]
    if folded:
        names = ", ".join(who(p) for p in folded)
        notes.append((rules.SHOWDOWN_FOLDED, f"{names} dropped out: their cards counted towards the trump suit, but "
                                       "they win nothing"))
    notes.append((rules.SHOWDOWN_ORDER, "The Pair dish is decided first, then the Post dish, then the Seat and the vyes"))

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
                notes.append((rules.SHOWDOWN_ELDER, f"Pair-royal: {why}"))
            elif _rank_of(hands[w], 3) == "A":
                why = f"{words} ({who(w)}) beat {rw} ({who(rival)}); three Aces cannot be beaten"
                notes.append((rules.SHOWDOWN_PAIR_ROYAL_ACES, f"Pair-royal: {why}"))
            elif o.pair_rank == "points":
                why = f"{words} ({who(w)}) beat {rw} ({who(rival)}) on points"
                notes.append((rules.SHOWDOWN_PAIR_ROYAL_POINTS, f"Pair-royal: {why}"))
            else:
                why = f"{words} ({who(w)}) beat {rw} ({who(rival)}) in the order of the cards"
                notes.append((rules.PAIR_RANK_ORDER, f"Pair-royal: {why}"))
        elif _rank_of(hands[w], 3) == "A":
            notes.append((rules.SHOWDOWN_PAIR_ROYAL_ACES, "Pair-royal: three Aces cannot be beaten"))
        for dish, amount in (("pair", pair_d), ("post", post_d), ("seat", seat_d), (VYES, vye_d)):
            label = {"pair": "the Pair dish", "post": "the Post dish", "seat": "the Seat", VYES: "the vyes"}[dish]
            cl = rules.SHOWDOWN_PAIR_ROYAL_VYES if dish == VYES else rules.SHOWDOWN_PAIR_ROYAL
            pay(dish, amount, w, cl, f"Pair-royal takes {label}: {why}")
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
                clause = rules.SHOWDOWN_ELDER
                reason = f"Pair: {words} beat {rw}; equal points, and the {words.split()[1]} were elder " \
                         f"({who(w)} against {who(rival)})"
            elif o.pair_rank == "points" and _rank_of(hands[w], 2) == "A":
                clause, reason = rules.PAIR_BEST, f"Pair: {words} ({who(w)}) beat {rw} ({who(rival)}); a pair of Aces " \
                                            "is the best Pair"
            elif o.pair_rank == "points":
                clause = rules.PAIR_BEST
                reason = f"Pair: {words} ({entries[w][PAIR] * 2} points, {who(w)}) beat {rw} " \
                         f"({entries[rival][PAIR] * 2} points, {who(rival)})"
            else:
                clause = rules.PAIR_RANK_ORDER
                reason = f"Pair: {words} ({who(w)}) beat {rw} ({who(rival)}) in the order of the cards"
        pay("pair", pair_d, w, clause, reason)
    else:
        pay("pair", pair_d, t, rules.PAIR_NONE_TRUMP, f"Pair: nobody still in holds a Pair, so the best trump takes "
                                                f"the Pair dish: {trump_words}")

    # The Post dish.
    if d.post >= 0:
        w = d.post
        key = entries[w][POST]
        words = _post_words(hands[w], key, entries[w][POST_SUIT])
        own = _post_clause(hands[w], key, entries[w][POST_SUIT], o)
        rival = _runner_up(entries, live, POST, w)
        if rival < 0:
            clause, reason = own, f"Post: {who(w)}'s {words} is the only Post shown"
        else:
            rkey = entries[rival][POST]
            rw = _post_words(hands[rival], rkey, entries[rival][POST_SUIT])
            if key == rkey:
                clause = rules.SHOWDOWN_ELDER
                reason = f"Post: {who(w)}'s {words} beats {who(rival)}'s {rw}; equal points, and " \
                         f"{who(w)} was elder"
            elif key // 64 > rkey // 64:
                clause = rules.POST_THREE_BEATS_TWO
                reason = f"Post: {who(w)}'s {words} beats {who(rival)}'s {rw}; a Post of three cards " \
                         "outranks every Post of two"
            else:
                clause = own
                reason = f"Post: {who(w)}'s {words} beats {who(rival)}'s {rw}"
        pay("post", post_d, w, clause, reason)
    elif o.no_post == "best-trump":
        pay("post", post_d, t, rules.POST_NONE, f"Post: nobody still in holds a Post, so the best trump takes the Post "
                                          f"dish: {trump_words}")
    else:
        notes.append((rules.POST_NONE_CARRY, f"Post: nobody still in holds a Post, so the Post dish ({post_d}) stays "
                                       "on the table for the next deal"))

    # The Seat and the vyes.
    pay("seat", seat_d, t, rules.SEAT_BEST_TRUMP, f"Seat: {trump_words}; {SUIT_NAMES[suit]} are trumps")
    pay(VYES, vye_d, t, rules.SEAT_BEST_TRUMP, f"Vyes: {trump_words}; {SUIT_NAMES[suit]} are trumps")
    st._notes = notes
    return lines

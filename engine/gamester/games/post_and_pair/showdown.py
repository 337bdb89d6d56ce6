"""Post and Pair: the show-down, fast and explained (:func:`settle` -> :class:`Settlement`)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from ...cards import (
    SUITS,
    Card,
    check_distinct,
    format_cards,
    parse_cards,
)
from ...errors import NotationError, RulesetError
from ...ledger import Ledger, Line
from ...options import parse_ruleset
from . import narrate, rules
from .decide import Decision, Stakes, decide
from .hands import BIT_BY_ID, GAME, MAX_PLAYERS, MIN_PLAYERS, VYES, cards_mask, hand_table, table_entry
from .reasons import _explain
from .rules import PRESETS, PostAndPairOptions, preset_name


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
            "dealer": self._seat(len(self.hands) - 1), "eldest": self._seat(0),  # the hands are given eldest first
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
        """A readable account of the show-down, ledger line by ledger line (:func:`narrate.settle_text`)."""
        return narrate.settle_text(self.to_json())


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


def _pack_masks(hands: Sequence[Any]) -> list[int] | None:
    """The hands' card bit masks, if each hand is three of the pack's own Card objects and no card is in two
    hands (the masks' bits add up to three a hand only if no two overlap); else ``None``."""
    bits = BIT_BY_ID
    try:
        masks = [bits[id(a)] | bits[id(b)] | bits[id(c)] for a, b, c in hands]
    except (KeyError, TypeError, ValueError):
        return None
    return masks if sum(masks).bit_count() == 3 * len(hands) else None


def settle(options: Any, hands: Sequence[Any], folded: Iterable[int] = (), stakes: Stakes | None = None,
           turnup: Any = None) -> Settlement:
    """Settle a show-down of ``hands`` (seat order, first = eldest; each three cards, or a hand string).

    ``turnup``: the card turned up after the deal (a Card or its notation, e.g. "7H"), needed under
    ``trump=turn-up`` (pp.trump.turn-up); it may not be in any hand.

    Every player has staked (by default one counter each to Post, Pair and Seat, no vyes; or ``stakes``);
    ``folded`` seats dropped out after staking: their cards count towards the trump suit and they win nothing.
    Raises NotationError for a bad card or hand, RulesetError for a bad option, seat or number of hands.
    """
    opts = options if type(options) is PostAndPairOptions else check_options(options)
    n = len(hands)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RulesetError(f"Post and Pair is settled for {MIN_PLAYERS} to {MAX_PLAYERS} hands, not {n}")
    table = hand_table(opts)
    # The fast path: hands of three of the pack's own Card objects, no card twice (hands as text are read first).
    masks = None if isinstance(hands[0], str) else _pack_masks(hands)
    if masks is not None:
        cards = tuple(hands)
    else:
        cards = _read_hands(hands)  # three cards each, none twice in a hand
        masks = _pack_masks(cards)  # cards read from text are the pack's own
        if masks is None:
            check_distinct(cards)  # names a card in two hands
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
    d = decide(entries, live, opts, _turnup_suit(turnup, cards) if turnup is not None else -1)
    return Settlement(opts, cards, live, entries, d, stakes, dishes)


def _turnup_suit(turnup: Any, cards: Sequence[Sequence[Card]]) -> int:
    """The suit index (S H D C = 0-3) of the turned-up card; NotationError for a bad card or one held in a hand."""
    card = turnup if isinstance(turnup, Card) else Card.parse(str(turnup))
    if any(str(c) == str(card) for h in cards for c in h):
        raise NotationError(f"the turned-up card {card} is also in a hand")
    return "SHDC".index(card.suit.letter)

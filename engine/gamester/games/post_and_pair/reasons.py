"""Post and Pair: the paying-out lines of a show-down, each with its clause and reason in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import (
    RANK_NAMES,
    RANK_PLURALS,
    SUIT_NAMES,
    SUITS,
    Card,
)
from ...ledger import Line
from ...words import and_words
from . import rules
from .decide import _suit_pts, _tied_suits, _top_suit
from .hands import PAIR, POST, POST_POINTS, POST_SUIT, ROYAL, VYES, card_index, post_points_text
from .rules import PostAndPairOptions


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
    """``"two-card Post of 20 in Spades (King and Queen)"``, ``"three-card Post in Spades (King, Queen and Knave)
    counted 20 from 30"``: the cards by name, never in the engine's notation."""
    flush = _post_cards(cards, suit)
    named = and_words([RANK_NAMES[c.rank.text] for c in flush])
    pts = post_points_text(key)
    raw = sum(POST_POINTS[card_index(c) % 13] for c in flush)
    suit_name = SUIT_NAMES[SUITS[suit]]
    if key // 64 == 3 and raw > 21:
        return f"three-card Post in {suit_name} ({named}) counted {pts} from {raw}"
    size = "three" if key // 64 == 3 else "two"
    return f"{size}-card Post of {pts} in {suit_name} ({named})"


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


def _explain(st: Any) -> list[Line]:
    """Payout lines and notes for a settlement (see :class:`Settlement`)."""
    o, d, hands, live, entries = st.options, st.decision, st.hands, st.live, st._entries
    seat = st._seat
    notes: list[tuple[str, str]] = []
    lines: list[Line] = []
    post_d, pair_d, seat_d, vye_d = st.dishes
    rank_clause = {"points": rules.PAIR_BEST, "sort": rules.PAIR_SAME_SORT}.get(o.pair_rank, rules.PAIR_RANK_ORDER)

    def pay(dish: str, counters: int, to: int, clause: str, reason: str) -> None:
        if counters:
            lines.append(Line(dish, seat(to), counters, dish if dish != VYES else "vye", clause, reason))

    def who(p: int) -> str:
        return f"seat {seat(p)}"

    # The trump suit (decided first, though it is used last).
    suit = SUITS[d.trump]
    pts = ", ".join(f"{SUIT_NAMES[s]} {_suit_pts(d.suit_points, i)}" for i, s in enumerate(SUITS))
    tied = _tied_suits(d.suit_points, 15)
    if d.trump_rule == rules.TRUMP_TURN_UP:
        notes.append((rules.TRUMP_TURN_UP, f"Trumps: {SUIT_NAMES[suit]}, the suit of the card turned up after the deal"))
    elif d.trump_rule in (rules.TRUMP_SUIT_COUNT, rules.TRUMP_NO_POST, rules.TRUMP_TURN_UP_ABSENT):
        lead = {rules.TRUMP_NO_POST: "no Post is shown, so trumps are counted: ",
                rules.TRUMP_TURN_UP_ABSENT: "nobody still in holds the turned-up suit, so trumps are counted: "
                }.get(d.trump_rule, "")
        among = "all the cards dealt, folded hands included" if len(live) < len(hands) else "all the cards dealt"
        if len(tied) > 1:  # say the tie once, then how it is broken (not "Hearts count most" and then a tie)
            names = " and ".join(SUIT_NAMES[SUITS[s]] for s in tied)
            notes.append((d.trump_rule, f"Trumps: {lead}{names} tie for most points over {among} ({pts}; "
                                        "court cards 10, Ace 11)"))
            if o.trump_tie == "eldest":
                notes.append((rules.TRUMP_TIE, f"Trumps: of the tied suits, {SUIT_NAMES[suit]} win, as the suit "
                                         "of the highest such card held by the eldest player still in"))
            else:
                notes.append((rules.TRUMP_TIE_SUIT_ORDER, f"Trumps: of the tied suits, {SUIT_NAMES[suit]} win "
                                                    "in the order Spades, Hearts, Diamonds, Clubs"))
        else:
            notes.append((d.trump_rule, f"Trumps: {lead}{SUIT_NAMES[suit]} count most points over {among} ({pts}; "
                                        "court cards 10, Ace 11)"))
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
                # equal only by the ranking in use (courts ten, or no ranking at all): the result rests on it
                sort = o.pair_rank == "sort"
                why = f"{words} ({who(w)}) beat {rw} ({who(rival)}); {'the same sort' if sort else 'equal points'}, " \
                      f"and the {words.split()[1]} were elder"
                notes.append((rules.PAIR_SAME_SORT if sort else rules.SHOWDOWN_PAIR_ROYAL_POINTS, f"Pair-royal: {why}"))
                notes.append((rules.SHOWDOWN_ELDER, "Pair-royal: of two equal Pair-royals the elder carries it"))
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
                same = _rank_of(hands[w], 2) == _rank_of(hands[rival], 2)
                # two Pairs of one rank are equal under any reading; Knaves equal to Kings only by points
                clause = rules.SHOWDOWN_ELDER if same else rank_clause
                how = "the same rank" if same else "the same sort" if o.pair_rank == "sort" else "equal points"
                reason = f"Pair: {words} beat {rw}; {how}, and the " \
                         f"{words.split()[1]} were elder ({who(w)} against {who(rival)})"
                if not same:
                    notes.append((rules.SHOWDOWN_ELDER, "Pair: of two equal Pairs the elder carries it"))
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
                # Posts are equal by their points, which are the modern account's (courts ten): its clause
                clause = own
                notes.append((rules.SHOWDOWN_ELDER, "Post: of two equal Posts the elder carries it"))
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

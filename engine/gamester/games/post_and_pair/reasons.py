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


class _Ctx:
    """What the explanation of one settlement reads: the options, the decision, the hands and the entries, how a
    seat is named, and the trump in words."""

    def __init__(self, st: Any) -> None:
        self.st, self.o, self.d, self.hands, self.live, self.entries = (
            st, st.options, st.decision, st.hands, st.live, st._entries)
        self.suit = SUITS[self.d.trump]
        self.rank_clause = {"points": rules.PAIR_BEST, "sort": rules.PAIR_SAME_SORT}.get(self.o.pair_rank,
                                                                                        rules.PAIR_RANK_ORDER)

    def who(self, p: int) -> str:
        return f"seat {self.st._seat(p)}"


def _trump_notes(c: _Ctx) -> list[tuple[str, str]]:
    """How the trump suit was decided (decided first, though it is used last)."""
    d, o, suit, live = c.d, c.o, c.suit, c.live
    pts = ", ".join(f"{SUIT_NAMES[s]} {_suit_pts(d.suit_points, i)}" for i, s in enumerate(SUITS))
    if d.trump_rule == rules.TRUMP_TURN_UP:
        return [(rules.TRUMP_TURN_UP, f"Trumps: {SUIT_NAMES[suit]}, the suit of the card turned up after the deal")]
    if d.trump_rule in (rules.TRUMP_SUIT_COUNT, rules.TRUMP_NO_POST, rules.TRUMP_TURN_UP_ABSENT):
        return _counted_notes(c, pts)
    if d.trump_rule == rules.TRUMP_BEST_POST:
        return [(rules.TRUMP_BEST_POST, f"Trumps: {SUIT_NAMES[suit]}, the suit of the best Post shown "
                                        f"({c.who(d.post)})")]
    if d.trump_rule == rules.TRUMP_ABSENT:
        counted = _top_suit(d.suit_points, 15, c.entries, live, o.trump_tie)
        return [(rules.TRUMP_ABSENT, f"Trumps: {SUIT_NAMES[SUITS[counted]]} count most points ({pts}) but no "
                                     f"player still in holds one, so {SUIT_NAMES[suit]}, the suit of the best Post "
                                     f"shown ({c.who(d.post)}), are trumps")]
    return [(rules.SEAT_NO_TRUMP, f"Trumps: no player still in holds a card of the suit with most points "
                                  f"({pts}) and no Post is shown, so {SUIT_NAMES[suit]}, the best-counted suit "
                                  "that a player still in holds, are trumps")]


def _counted_notes(c: _Ctx, pts: str) -> list[tuple[str, str]]:
    """Trumps counted over the cards dealt: the suit with most points, or a tie and how it is broken."""
    d, suit = c.d, c.suit
    tied = _tied_suits(d.suit_points, 15)
    lead = {rules.TRUMP_NO_POST: "no Post is shown, so trumps are counted: ",
            rules.TRUMP_TURN_UP_ABSENT: "nobody still in holds the turned-up suit, so trumps are counted: "
            }.get(d.trump_rule, "")
    among = "all the cards dealt, folded hands included" if len(c.live) < len(c.hands) else "all the cards dealt"
    if len(tied) <= 1:
        return [(d.trump_rule, f"Trumps: {lead}{SUIT_NAMES[suit]} count most points over {among} ({pts}; "
                               "court cards 10, Ace 11)")]
    # say the tie once, then how it is broken (not "Hearts count most" and then a tie)
    names = " and ".join(SUIT_NAMES[SUITS[s]] for s in tied)
    notes = [(d.trump_rule, f"Trumps: {lead}{names} tie for most points over {among} ({pts}; "
                            "court cards 10, Ace 11)")]
    if c.o.trump_tie == "eldest":
        notes.append((rules.TRUMP_TIE, f"Trumps: of the tied suits, {SUIT_NAMES[suit]} win, as the suit "
                                       "of the highest such card held by the eldest player still in"))
    else:
        notes.append((rules.TRUMP_TIE_SUIT_ORDER, f"Trumps: of the tied suits, {SUIT_NAMES[suit]} win "
                                                  "in the order Spades, Hearts, Diamonds, Clubs"))
    return notes


def _trump_words(c: _Ctx) -> str:
    """``"the King of Spades (seat 2) is the best trump still in"``, with a better one folded, if any."""
    t = c.d.trump_pos
    words = f"{_card_words(_best_trump_card(c.hands[t], c.d.trump))} ({c.who(t)}) is the best trump still in"
    overall = [(x.rank.index, p) for p in range(len(c.hands)) for x in c.hands[p] if x.suit.letter == c.suit]
    if overall:
        top_rank, top_p = max(overall)
        if top_p not in c.live:
            x = next(x for x in c.hands[top_p] if x.suit.letter == c.suit and x.rank.index == top_rank)
            words += f" ({_card_words(x)} lies in the folded hand of {c.who(top_p)})"
    return words


def _royal_why(c: _Ctx, notes: list[tuple[str, str]]) -> str:
    """Why the Pair-royal sweeps (its rival, if any, and the rule against it); the notes said on the way."""
    o, hands, entries, w, who = c.o, c.hands, c.entries, c.d.royal, c.who
    words = _royal_words(hands[w])
    rival = _runner_up(entries, c.live, ROYAL, w)
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
    return why


def _pair_reason(c: _Ctx, w: int, rival: int, notes: list[tuple[str, str]]) -> tuple[str, str]:
    """The clause and reason of the Pair dish won by ``w`` against its best rival (``-1``: none)."""
    o, hands, entries, who = c.o, c.hands, c.entries, c.who
    words = _pair_words(hands[w])
    if rival < 0:
        return c.rank_clause, f"Pair: {words} ({who(w)}), the only Pair shown"
    rw = _pair_words(hands[rival])
    if entries[w][PAIR] == entries[rival][PAIR]:
        same = _rank_of(hands[w], 2) == _rank_of(hands[rival], 2)
        # two Pairs of one rank are equal under any reading; Knaves equal to Kings only by points
        how = "the same rank" if same else "the same sort" if o.pair_rank == "sort" else "equal points"
        if not same:
            notes.append((rules.SHOWDOWN_ELDER, "Pair: of two equal Pairs the elder carries it"))
        return (rules.SHOWDOWN_ELDER if same else c.rank_clause,
                f"Pair: {words} beat {rw}; {how}, and the {words.split()[1]} were elder ({who(w)} against "
                f"{who(rival)})")
    if o.pair_rank == "points" and _rank_of(hands[w], 2) == "A":
        return rules.PAIR_BEST, f"Pair: {words} ({who(w)}) beat {rw} ({who(rival)}); a pair of Aces is the best Pair"
    if o.pair_rank == "points":
        return rules.PAIR_BEST, (f"Pair: {words} ({entries[w][PAIR] * 2} points, {who(w)}) beat {rw} "
                                 f"({entries[rival][PAIR] * 2} points, {who(rival)})")
    return rules.PAIR_RANK_ORDER, f"Pair: {words} ({who(w)}) beat {rw} ({who(rival)}) in the order of the cards"


def _post_reason(c: _Ctx, w: int, rival: int, notes: list[tuple[str, str]]) -> tuple[str, str]:
    """The clause and reason of the Post dish won by ``w`` against ``rival`` (``-1``: none)."""
    entries, hands, who = c.entries, c.hands, c.who
    key = entries[w][POST]
    words = _post_words(hands[w], key, entries[w][POST_SUIT])
    own = _post_clause(hands[w], key, entries[w][POST_SUIT], c.o)
    if rival < 0:
        return own, f"Post: {who(w)}'s {words} is the only Post shown"
    rkey = entries[rival][POST]
    rw = _post_words(hands[rival], rkey, entries[rival][POST_SUIT])
    if key == rkey:
        # Posts are equal by their points, which are the modern account's (courts ten): its clause
        notes.append((rules.SHOWDOWN_ELDER, "Post: of two equal Posts the elder carries it"))
        return own, f"Post: {who(w)}'s {words} beats {who(rival)}'s {rw}; equal points, and {who(w)} was elder"
    if key // 64 > rkey // 64:
        return rules.POST_THREE_BEATS_TWO, (f"Post: {who(w)}'s {words} beats {who(rival)}'s {rw}; a Post of three "
                                            "cards outranks every Post of two")
    return own, f"Post: {who(w)}'s {words} beats {who(rival)}'s {rw}"


def _explain(st: Any) -> list[Line]:
    """Payout lines and notes for a settlement (see :class:`Settlement`)."""
    c = _Ctx(st)
    d, live, entries = c.d, c.live, c.entries
    lines: list[Line] = []
    post_d, pair_d, seat_d, vye_d = st.dishes

    def pay(dish: str, counters: int, to: int, clause: str, reason: str) -> None:
        if counters:
            lines.append(Line(dish, st._seat(to), counters, dish if dish != VYES else "vye", clause, reason))

    notes = _trump_notes(c)
    notes.append((rules.TRUMP_ORDER, "The Ace of trumps is the best card, then the King, and so down to the Two"))
    folded = [p for p in range(len(c.hands)) if p not in live]
    if folded:
        counted = c.d.trump_rule in (rules.TRUMP_SUIT_COUNT, rules.TRUMP_NO_POST, rules.TRUMP_TURN_UP_ABSENT)
        notes.append((rules.SHOWDOWN_FOLDED, f"{', '.join(c.who(p) for p in folded)} dropped out: "
                                             + ("their cards counted towards the trump suit, but " if counted else "")
                                             + "they win nothing"))
    notes.append((rules.SHOWDOWN_ORDER, "The Pair dish is decided first, then the Post dish, then the Seat and the vyes"))
    t, trump_words = d.trump_pos, _trump_words(c)
    if d.royal >= 0:  # a Pair-royal sweeps the table
        why = _royal_why(c, notes)
        for dish, amount in (("pair", pair_d), ("post", post_d), ("seat", seat_d), (VYES, vye_d)):
            label = {"pair": "the Pair dish", "post": "the Post dish", "seat": "the Seat", VYES: "the vyes"}[dish]
            cl = rules.SHOWDOWN_PAIR_ROYAL_VYES if dish == VYES else rules.SHOWDOWN_PAIR_ROYAL
            pay(dish, amount, d.royal, cl, f"Pair-royal takes {label}: {why}")
        st._notes = notes
        return lines
    if d.pair >= 0:
        pay("pair", pair_d, d.pair, *_pair_reason(c, d.pair, _runner_up(entries, live, PAIR, d.pair), notes))
    else:
        pay("pair", pair_d, t, rules.PAIR_NONE_TRUMP, f"Pair: nobody still in holds a Pair, so the best trump takes "
                                                      f"the Pair dish: {trump_words}")
    if d.post >= 0:
        pay("post", post_d, d.post, *_post_reason(c, d.post, _runner_up(entries, live, POST, d.post), notes))
    elif c.o.no_post == "best-trump":
        pay("post", post_d, t, rules.POST_NONE, f"Post: nobody still in holds a Post, so the best trump takes the Post "
                                                f"dish: {trump_words}")
    else:
        notes.append((rules.POST_NONE_CARRY, f"Post: nobody still in holds a Post, so the Post dish ({post_d}) stays "
                                             "on the table for the next deal"))
    # The Seat and the vyes.
    pay("seat", seat_d, t, rules.SEAT_BEST_TRUMP, f"Seat: {trump_words}; {SUIT_NAMES[c.suit]} are trumps")
    pay(VYES, vye_d, t, rules.SEAT_BEST_TRUMP, f"Vyes: {trump_words}; {SUIT_NAMES[c.suit]} are trumps")
    st._notes = notes
    return lines


# -- every rival, for an exercise's explanation ----------------------------------------------------------------
def rivals(st: Any, dish: str) -> list[tuple[str, str]]:
    """A sentence for each player still in whom the winner of ``dish`` (``pair``, ``post`` or ``seat``) beats,
    with the clause that decides against that player, eldest first; the winner's own reason is the ledger line's.
    Empty where the dish goes to the best trump for want of a Pair or a Post."""
    c = _Ctx(st)
    d = c.d
    if d.royal >= 0:  # the other Pair-royal, if any, is in the ledger line's reason; the rest lose whatever they hold
        w = d.royal
        rival = _runner_up(c.entries, c.live, ROYAL, w)
        rest = [p for p in c.live if p not in (w, rival)]
        if not rest:
            return []
        names = and_words([c.who(p) for p in rest])
        return [(rules.SHOWDOWN_PAIR_ROYAL, f"Pair-royal: {_royal_words(c.hands[w])} ({c.who(w)}) beat {names} "
                                            "whatever they hold: a Pair-royal wins the Post, the Pair and the Seat")]
    if dish == "seat":
        return _trump_rivals(c)
    w, field = (d.pair, PAIR) if dish == "pair" else (d.post, POST)
    if w < 0:
        return []
    out: list[tuple[str, str]] = []
    none = [p for p in c.live if p != w and not c.entries[p][field]]
    for p in c.live:
        if p != w and c.entries[p][field]:
            scratch: list[tuple[str, str]] = []
            clause, reason = (_pair_reason if dish == "pair" else _post_reason)(c, w, p, scratch)
            if scratch:  # equal: the elder carries it
                clause = scratch[-1][0]
            out.append((clause, reason))
    if none:
        kind = "Pair" if dish == "pair" else "Post"
        names = and_words([c.who(p) for p in none])
        out.append((c.rank_clause if dish == "pair" else rules.POST_FLUSH,
                    f"{kind}: {names} show{'s' if len(none) == 1 else ''} no {kind} at all"))
    return out


def _trump_rivals(c: _Ctx) -> list[tuple[str, str]]:
    """The Seat: each other player still in, with his best trump (or none) below the winner's."""
    t = c.d.trump_pos
    best = _best_trump_card(c.hands[t], c.d.trump)
    out, none = [], []
    for p in c.live:
        if p == t:
            continue
        mine = _best_trump_card(c.hands[p], c.d.trump)
        if mine is None:
            none.append(p)
        else:
            out.append((rules.TRUMP_ORDER, f"Seat: {_card_words(best)} ({c.who(t)}) is above {c.who(p)}'s best "
                                           f"trump, {_card_words(mine)}"))
    if none:
        names = and_words([c.who(p) for p in none])
        out.append((rules.SEAT_BEST_TRUMP, f"Seat: {names} hold{'s' if len(none) == 1 else ''} no trump at all"))
    return out

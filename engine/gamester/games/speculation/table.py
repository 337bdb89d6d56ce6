"""Speculation at the table: the seats with their roles from the deal's record, each seat's turned cards face up and
its unturned cards face down (nobody looks at his own, by the rules), the turn-up, the best trump and its holder,
the pool, and any sale in progress with its bids.

The words for each move are here; who pays and takes what, and why, comes from the engine's own ledger (its reasons
and clause ids). Nothing here decides a rule.
"""

from __future__ import annotations

import weakref
from typing import Any

from ...cards import SUIT_NAMES, format_cards
from ...table import (
    Chance,
    Choice,
    End,
    LedgerRow,
    LogEntry,
    Pile,
    Pot,
    Seat,
    Table,
    ahead,
    card_name,
    counters_end,
    kept_for,
    log_groups,
    said_apart,
    seat_label,
)
from .narrate import PARTIES
from .rules import (
    AUCTION,
    HAND_SALE,
    HIDDEN_SALE,
    PEEK,
    PLAY_ORDER,
    RESALE,
    STAKE,
    TURNUP,
    TURNUP_SALE,
)
from .state import SpeculationState

WHAT = {"turn-up": "the turn-up, face down", "card": "the card it is his turn to turn, unseen",
        "hand": "all his unturned cards, unseen", "best": "the best trump"}


def roles(dealer: int, n: int) -> dict[int, str]:
    return {(dealer + 1) % n: "eldest", dealer: "dealer"}


def label(seat: Any, rl: dict[int, str]) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool):
        return seat_label(seat, rl.get(seat, ""))
    return {"pool": "the pool", None: "nobody"}.get(seat, str(seat))


def _about(x: float) -> str:
    """A price in counters as a reader says it: ``about 2 counters``, ``about half a counter``."""
    if x < 0.25:
        return "next to nothing"
    if x < 0.75:
        return "about half a counter"
    k = round(x)
    return f"about {k} counter" + ("" if k == 1 else "s")


def _reason(who: str, reason: str) -> str:
    first = reason.split(" ", 1)[0]
    return f"{who} {reason}" if first in ("holds", "buys", "looked") else f"{who}: {reason}"


def _deal_start(state: SpeculationState, d: dict[str, Any]) -> list[LogEntry]:
    """How deal ``d`` began (its facts, :meth:`SpeculationState.log`): the deal, the turn-up, the stakes, what the
    pool carried in."""
    rl = roles(d["dealer"], state.players)
    out = [LogEntry(f"deal {d['number']}: {label(d['dealer'], rl)} deals three cards each, face down, and turns up "
                    "the next card face down", TURNUP, starts_deal=True),
           LogEntry(f"every player stakes {state.options.stake} to the pool, the dealer twice as much", STAKE)]
    if d["carried_in"]:
        out.append(LogEntry(f"{d['carried_in']} counters are in the pool from the last deal"))
    return out


def _changes(n: int, d: dict[str, Any]) -> list[LogEntry]:
    """What a deal showed (its facts, :meth:`SpeculationState.log`): cards turned, offers, payments, a pool that
    stays."""
    rl = roles(d["dealer"], n)
    g: list[LogEntry] = []
    for shown_by, c in d["exposures"]:
        if c == d["turnup"]:
            g.append(LogEntry(f"the turn-up is the {card_name(c)}: {SUIT_NAMES[c[-1]]} are trumps", TURNUP))
        elif shown_by is None:
            g.append(LogEntry(f"the spare hand shows the {card_name(c)}"))
        else:
            g.append(LogEntry(f"{label(shown_by, rl)} turns the {card_name(c)}", PLAY_ORDER))
    for o in d["offers"]:
        what = WHAT.get(o["what"], o["what"])
        if o["result"] == "sold":
            g.append(LogEntry(f"{label(o['buyer'], rl)} buys {what} from {label(o['seller'], rl)} for "
                              f"{o['price']}", {"turn-up": TURNUP_SALE, "card": HIDDEN_SALE,
                                                "hand": HAND_SALE, "best": RESALE}[o["what"]]))
        elif o["result"] == "no bids":
            g.append(LogEntry(f"nobody bids: {label(o['seller'], rl)} keeps it", AUCTION))
    for ln in d["lines"]:
        if ln.clause in (STAKE,) or ln.stake == "sale":
            continue
        who = label(ln.payee if ln.payer == "pool" else ln.payer, rl)
        g.append(LogEntry(_reason(who, ln.reason), ln.clause))
    if d["stays"]:
        g.append(LogEntry(d["stays"]))
    return g


#: Offers in words (the best trump is offered by its name).
OFFERS = {k: v for k, v in WHAT.items() if k != "best"}
#: Auction moves in words, after the seat's name.
AUCTION_WORDS = {"no-bid": "does not bid", "accept": "accepts the best bid", "refuse": "refuses the best bid"}


def _move(who: str, action: str, phase: str) -> LogEntry | None:
    """A player's move in words ("turn" is said by the card it shows)."""
    verb, _, arg = action.partition(" ")
    if verb == "keep":
        sale = phase == "turn-up-sale"
        return LogEntry(f"{who} keeps the turn-up" if sale else f"{who} keeps the best trump",
                        TURNUP_SALE if sale else RESALE)
    if verb == "offer":
        what = OFFERS[arg] if arg in OFFERS else f"the {card_name(arg)}"
        return LogEntry(f"{who} offers for sale {what}", AUCTION)
    if verb == "bid":
        return LogEntry(f"{who} bids {arg}", AUCTION)
    if verb in AUCTION_WORDS:
        return LogEntry(f"{who} {AUCTION_WORDS[verb]}", AUCTION)
    if verb == "peek":
        return LogEntry(f"{who} looks at his cards out of turn", PEEK)
    return None


def _words(state: SpeculationState, ev: dict[str, Any]) -> list[LogEntry]:
    """One event of the game's own log (:meth:`SpeculationState.log`) in sentences: the first deal's start, or a
    move and what it showed (and the next deal's start)."""
    if "action" not in ev:
        return _deal_start(state, ev["start"])
    n = state.players
    d = ev["changes"]
    said = _move(label(ev["seat"], roles(d["dealer"], n)), ev["action"], ev["phase"])
    g = ([said] if said else []) + _changes(n, d)
    if "start" in ev:
        g += _deal_start(state, ev["start"]) + _changes(n, ev["start"])
    return g


def _choices(state: SpeculationState, legal: list[str]) -> list[Choice]:
    """The buttons for ``legal``: the same lists recur move after move (the bids on offer), so each list's buttons
    are made once for what they read (the peek's penalty, the best bid; bounded: emptied when full), and a button
    that reads nothing else (a bid, a turn) is made once (:data:`_CHOICE`); a new list each time, the buttons
    shared (never changed)."""
    high = state.auction["high"][1] if state.auction and state.auction["high"] else 0
    key = (tuple(legal), state.options.peek_penalty, high)
    kept = _CHOICES.get(key)
    if kept is None:
        if len(_CHOICES) >= 256:
            _CHOICES.clear()
        pen = state.options.peek_penalty
        one = _CHOICE.get
        kept = _CHOICES[key] = [one(a) or _make_choice(a, pen, high) for a in legal]
    return list(kept)


_CHOICES: dict[tuple, list[Choice]] = {}
#: The buttons that read nothing but their action, each made once (bounded: emptied when full).
_CHOICE: dict[str, Choice] = {}


#: The buttons whose words are fixed, by their action.
_LABELS = {"keep": "Keep it", "offer turn-up": "Offer the turn-up for sale",
           "offer card": "Offer this card for sale, unseen", "offer hand": "Offer all my unturned cards",
           "turn": "Turn my card", "no-bid": "No bid", "refuse": "Refuse"}


def _make_choice(a: str, pen: int, high: int) -> Choice:
    verb, _, arg = a.partition(" ")
    if a == "peek":
        return Choice(f"Look at my cards (costs {pen}, and forfeits the pool)", a,
                      hint=f"You pay {pen} into the pool and see your unturned cards; if you then hold the "
                           "best trump, you cannot take the pool: it stays for the next deal.")
    if a == "accept":
        return Choice(f"Sell for {high}", a)
    if a in _LABELS:
        c = Choice(_LABELS[a], a)
    elif verb == "offer":
        c = Choice(f"Offer the {card_name(arg)} for sale", a)
    elif verb == "bid":
        c = Choice(f"Bid {arg}", a)
    else:
        c = Choice(a.capitalize(), a)
    if len(_CHOICE) >= 1024:
        _CHOICE.clear()
    _CHOICE[a] = c
    return c


def _question(state: SpeculationState, reader: int | None, cp: int, names: dict[int, str], offered: bool = False
              ) -> tuple[str, str]:
    """What happens next, in words: ``cp`` to act, ``names`` each seat's label in this deal (``offered``: the
    sentence just said already names the offer)."""
    you = reader is not None and cp == reader
    who = names[cp]
    lab = "Your choices" if you else f"Choices for {who}"
    ph = state.phase
    d = state.deal
    if ph == "turn-up-sale":
        return ("Will you keep the turn-up, or offer it for sale before it is turned?" if you
                else f"{who} to keep the turn-up or offer it for sale."), lab
    if ph == "chief":
        best = card_name(str(d.best))
        return (f"You hold the best trump, the {best}. Keep it, or offer it for sale?" if you
                else f"{who} holds the best trump, the {best}: he may keep it or sell it."), lab
    if ph == "turn":  # the question offers what the choices offer, no more
        legal = state.legal_actions()
        other = [w for a, w in (("offer card", "sell it unseen"), ("offer hand", "sell all your unturned cards"),
                                ("peek", "look at your cards")) if a in legal]
        ask = ("Your turn: turn your next card" + (", or " + ", or ".join(other) + "?" if other else ".")) if you \
            else f"{who} to turn a card."
        return ask, lab
    a = state.auction
    seller = names[a["seller"]]
    what = WHAT.get(a["what"], a["what"])
    high = a["high"]
    hi = f"The best bid so far is {high[1]}, by {names[high[0]]}." if high else "Nobody has bid yet."
    if ph == "bid":
        on_sale = "" if offered else f"{seller} offers {what}. "
        return (f"{on_sale}{hi} " + ("What will you bid?" if you else f"{who} to bid.")), lab
    return (f"The best bid for {what} is {high[1]}, by {names[high[0]]}. "
            + ("Will you sell?" if you else f"{who} to sell or refuse.")), lab


def _seat(state: SpeculationState, d: Any, s: int, shown: list[str], holds: bool, mine: bool, net: int,
          seat: int | None, rl: dict[int, str], over: bool) -> dict[str, Any]:
    """Seat ``s`` as ``seat`` sees it, the fields of its :class:`Seat`: its cards turned face up, how many it has
    still to turn, what it holds (``mine``: whether ``seat`` sees its unturned cards); whether it is to act is
    :func:`table`'s to say."""
    unturned = d.hidden[s]
    peeked = s in d.peeked
    status = []
    if holds:
        status.append("holds the best trump")
    if peeked:
        status.append("looked out of turn: cannot take the pool")
    if mine and unturned:
        status.append("unturned: " + ", ".join(card_name(str(c)) for c in unturned))
    if over and d.winner == s:
        status.append("takes the pool")
    best = str(d.best) if d.best else None
    return {"index": s, "roles": [rl[s]] if s in rl else [], "you": seat == s, "cards": shown,
            "hidden": len(unturned), "cards_label": "Face up" if shown else "", "best": [best] if best and holds else [],
            "status": status, "counters": [("Balance", f"{net:+d}" if net else "0")]}


def _seats(state: SpeculationState, d: Any, seat: int | None, rl: dict[int, str], over: bool,
           was: list[tuple[tuple, list[Any]]], owner: dict[str, int | None]) -> list[tuple[tuple, list[Any]]]:
    """Each seat as ``seat`` sees it: what it is drawn from, and its fields with its :class:`Seat` not to act and
    to act (each made when first asked for); a seat drawn from what it was drawn from at the last table (``was``)
    is that table's. ``owner``: who holds each card of the deal now (:func:`_owners`)."""
    n = state.players
    sees = state.observer(seat)
    net = state.net()
    shown_by: dict[int, list[str]] = {s: [] for s in range(n)}
    for sh, c in d.exposures:  # (one pass for every seat) a sold card is drawn with its buyer
        shown_by.get(owner.get(c, sh), []).append(c)
    holder = d.owner.get(d.best) if d.best is not None else None
    out = []
    for s in range(n):
        mine = sees.hand(s)
        shows = (tuple(shown_by[s]), d.best if holder == s else None, tuple(d.hidden[s]) if mine else None,
                 net[s], len(d.hidden[s]), s in d.peeked, over and d.winner == s)
        if s < len(was) and was[s][0] == shows:
            out.append(was[s])
        else:
            out.append((shows, [_seat(state, d, s, shown_by[s], holder == s, mine, net[s], seat, rl, over), None, None]))
    return out


def _owners(d: Any) -> dict[str, int | None]:
    """Who holds each card of deal ``d`` (``None``: the pool), by the card's text, as its exposures write it: a card
    changes hands only when a sale closes (it is then in the deal's offers), so a table keeps this by the count of
    offers closed (see :func:`table`)."""
    return {str(c): s for c, s in d.owner.items()}


def _centre(state: SpeculationState, d: Any, seat: int | None, names: dict[int, str], was: tuple
            ) -> tuple[list[Pile], Pot, tuple]:
    """The turn-up, the best trump so far and the spare hand; the pool; and what they are drawn from (the next
    table's ``was``: piles or a pool drawn from the same as the last table's are that table's)."""
    sees = state.observer(seat)
    holder = d.owner.get(d.turnup)
    turn_up = str(d.turnup) if sees.turn_up() else None
    best = str(d.best) if d.best else None
    ch = state.chief() if best else None
    spare = format_cards(d.spare) if d.spare is not None and sees.spare() else None
    shows = (turn_up, d.turnup_shown, holder, best, ch, spare, d.spare_shown)
    pool = (d.pool(), d.carried_in)
    centre = was[2] if was and was[0] == shows else _piles(state, d, names, *shows)
    pot = was[3] if was and was[1] == pool else Pot("Pool", pool[0], note=f"{d.carried_in} from the last deal"
                                                                              if d.carried_in else "")
    return centre, pot, (shows, pool, centre, pot)


def _piles(state: SpeculationState, d: Any, names: dict[int, str], turn_up: str | None, shown: bool,
           holder: int | None, best: str | None, ch: int | None, spare: str | None, spare_shown: bool
           ) -> list[Pile]:
    """The piles in the middle (:func:`_centre`), drawn from what they show: the turn-up as the reader sees it
    (``turn_up``: ``None`` face down; ``shown``: turned) and its ``holder``, the best trump and the chief hand
    (``ch``), the spare hand as the reader sees it (``spare``) and whether it is shown."""
    centre = []
    hold = "belongs to the pool" if holder is None else f"held by {names[holder]}"
    if turn_up and shown:
        tr = state.trump_shown()
        centre.append(Pile("Turn-up", [("", turn_up)], note=f"{SUIT_NAMES[tr]} are trumps; {hold}",
                           best=[best] if best == turn_up else []))
    elif turn_up:
        centre.append(Pile("Turn-up (still face down to the players)", [("", turn_up)], note=hold))
    else:
        centre.append(Pile("Turn-up", [], hidden=1, note=f"face down; {hold}"))
    if best:
        centre.append(Pile("Best trump so far", [("", best)], best=[best],
                           note=f"{names[ch]} is the chief hand" if ch is not None else "the pool holds it"))
    if d.spare is not None:
        if spare:
            centre.append(Pile("Spare hand", [("", c) for c in spare.split()],
                               note="shown" if spare_shown else "face down to the players"))
        else:
            centre.append(Pile("Spare hand", [], hidden=3, note="face down"))
    return centre


def _sale(state: SpeculationState, a: dict[str, Any], seat: int | None, names: dict[int, str], was: tuple | None
          ) -> tuple:
    """What is for sale, with its bids; the best bid: ``(pile, pot)`` (no pot before a bid), and what the next
    table of the same sale starts from (``was``, this one's): the offer (its seller and cards are the sale's
    own, drawn once), the bids said so far, the best bid's pot: a bid adds its words to those of the bids before it."""
    if was is not None and was[0] is a:  # (the sale is the same object while it lasts: its bids are only added)
        _, title, plays, hidden, n, bids, high, pot = was
    else:
        cards = [str(c) for c in a["cards"]] if state.observer(seat).offered(a) else []
        seller = names[a["seller"]]
        if cards:
            title, plays, hidden = f"For sale by {seller}", [("", c) for c in cards], 0
        else:
            title, plays, hidden = f"For sale by {seller}: {WHAT[a['what']]}", [], 1 if a["what"] in ("turn-up",
                                                                                                     "card") else 2
        n, bids, high, pot = 0, "", None, None
    for x, b in a["bids"][n:]:
        said = f"{names[x]} {'bids ' + str(b) if b is not None else 'does not bid'}"
        bids = f"{bids}; {said}" if bids else said
    if a["high"] != high:
        high = a["high"]
        pot = Pot("Best bid", high[1], note=f"by {names[high[0]]}")
    pile = Pile(title, plays, hidden=hidden, note=bids or "no bids yet")
    return pile, pot, (a, title, plays, hidden, len(a["bids"]), bids, high, pot)


def _end(state: SpeculationState) -> End:
    """The end of the game: who came out ahead, each deal's pool, every counter that moved."""
    n = state.players
    rec = state.to_record()
    outcome = state.outcome()
    head, winners = ahead(outcome), list(outcome.winners)
    lines = []
    rows = []
    for dd in rec["deals"]:
        rlx = roles(dd["dealer"], n)
        w = dd["winner"]
        best = card_name(dd["best"]) if dd.get("best") else "no card"
        lines.append(f"Deal {dd['deal']}: " + (f"{label(w, rlx)} takes the pool with the {best}." if w is not None
                                               else (dd.get("pool_stays") or "the pool stays") + "."))
        for ln in dd["ledger"]:
            rows.append(LedgerRow(ln["from"], ln["to"], ln["counters"], ln["stake"], ln["reason"], ln["clause"],
                                  dd["deal"]))
    if rec.get("pool_left"):
        lines.append(f"{rec['pool_left']} counters are left in the pool.")
    return counters_end(head + ".", lines, rows, n, winners)


def _chances(analysis: dict[str, Any] | None, seat: int | None, cp: int | None, rl: dict[int, str]) -> list[Chance]:
    """Each seat's chance of taking the pool, and of what is on offer winning, from what ``seat`` can see."""
    chances = []
    if analysis:
        for sx in analysis.get("seats") or []:
            if seat is None or sx["seat"] == seat:
                who = "Your" if sx["seat"] == seat else label(sx["seat"], rl) + "'s"
                chances.append(Chance(f"{who} chance of taking the pool", sx.get("takes_pool")))
        off = analysis.get("on_offer")
        if off and cp == seat:
            words = {"turn-up": "the turn-up", "card": "your next card", "hand": "the cards on sale",
                     "best": "the best trump"}
            chances.append(Chance(f"Chance that {words.get(off['what'], 'it')} wins", off.get("chance"),
                                  note=f"(a fair price: {_about(off['fair_price'])})"))
    return chances


class _Drawn:
    """What one reader's last table of a state was drawn from, and its parts (see :func:`table`)."""

    __slots__ = ("ver", "rl", "names", "head", "seats", "row", "cp", "centre", "pool", "middle", "owners", "sale",
                 "for_sale")

    def __init__(self) -> None:
        self.ver: tuple = ()
        self.row: list[Seat] | None = None
        self.sale: tuple = ()
        self.for_sale: tuple | None = None
        self.middle: tuple = ()
        self.seats: list[tuple[tuple, list[Any]]] = []


#: Per state and reader, its last table's parts and what they were drawn from (:class:`_Drawn`): read, never changed.
_DRAWN: weakref.WeakKeyDictionary[SpeculationState, dict[int | None, _Drawn]] = weakref.WeakKeyDictionary()


def table(state: SpeculationState, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    """The table of ``state`` as ``seat`` sees it. A move changes little of it: its heading, seats and middle are
    drawn again only when what they are drawn from has changed since this reader's last table of this state (the
    deal; its cards turned, offers closed, ledger lines and looks out of turn; the sale and its bids), and a seat
    that shows the same as it did is the last table's (the same object)."""
    n = state.players
    d = state.deal
    cp = state.seat_to_act()
    over = cp is None
    k = kept_for(_DRAWN, state, seat, _Drawn)
    ver = (d, len(d.exposures), len(d.offers), len(d.ledger.lines), len(d.peeked), over)
    if k.ver != ver:
        if not k.ver or k.ver[0] is not d:
            k.rl = roles(d.dealer, n)
            k.names = {s: label(s, k.rl) for s in range(n)}
            k.head = (f"{state.title}: deal {d.number} of {state.total_deals}",
                      f"{k.names[d.dealer]} deals; {k.names[(d.dealer + 1) % n]} turns first. Nobody looks at his "
                      "own cards: each is seen only when it is turned.")
            k.seats, k.middle, k.owners = [], (), (-1, {})  # (the seats' names are the deal's: drawn again)
        if k.owners[0] != len(d.offers):
            k.owners = (len(d.offers), _owners(d))
        k.seats = _seats(state, d, seat, k.rl, over, k.seats, k.owners[1])
        k.row = None
        k.centre, k.pool, k.middle = _centre(state, d, seat, k.names, k.middle)
        k.ver = ver
    rl, names = k.rl, k.names
    a = state.auction
    sale = (ver, a is None, len(a["bids"]) if a else 0)
    if k.sale != sale:
        k.for_sale = _sale(state, a, seat, names, k.for_sale and k.for_sale[2]) if a else None
        k.sale = sale
    centre, money = list(k.centre), [k.pool]
    if k.for_sale is not None:
        centre.append(k.for_sale[0])
        if k.for_sale[1] is not None:
            money.append(k.for_sale[1])
    if k.row is None or k.cp != cp:  # the seats to act then and now are drawn again, or all with the seats
        marked = range(n) if k.row is None else [x for x in (k.cp, cp) if x is not None]
        if k.row is None:
            k.row = [None] * n
        for s in marked:
            i = 2 if cp == s else 1
            drawn = k.seats[s][1]
            if drawn[i] is None:
                drawn[i] = Seat(**drawn[0], to_act=i == 2)
            k.row[s] = drawn[i]
        k.cp = cp
    seats = list(k.row)
    groups, log = log_groups(state, lambda ev: _words(state, ev))
    end = None
    if over:
        end = _end(state)
        prompt = f"The game is over. {end.headline}"
        lab, between = "", ""
    else:
        last = groups[-1] if len(groups) > 1 else []
        question, lab = _question(state, seat, cp, names, any(" offers for sale " in x.text for x in last))
        between, said = said_apart(last)
        prompt = (said + " " + question).strip()
    chances = _chances(analysis, seat, cp, rl) if not over else []
    show_choices = not over and (seat is None or seat == cp)
    title, sub = k.head
    return Table(title=title, subtitle=sub, seats=seats, centre=centre, money=money,
                 money_title="In the middle of the table", prompt=prompt, between=between,
                 choices=_choices(state, state.legal_actions()) if show_choices else [], choices_label=lab,
                 chances=chances, chances_title="Chances, from what you can see" if chances else "",
                 log=log, end=end, game=state.game, reader=seat, to_act=cp, parties=PARTIES)


__all__ = ["roles", "table"]

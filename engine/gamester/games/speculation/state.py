"""Speculation: the state machine (deals, turning, trading, the pool)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ...cards import (
    FULL_PACK,
    Card,
    format_cards,
    shuffled,
    stripped_pack,
)
from ...errors import RulesetError
from ...ledger import Ledger
from ...state import TERMINAL, Outcome, State
from .observer import SpeculationObserver
from .odds import COURT
from .rules import (
    AUCTION,
    AUCTION_ORDER,
    BUYER_LEFT,
    CARRY,
    CHIEF,
    COURT_POOL,
    COURT_RULE,
    DEAL,
    DEALS,
    GAME,
    HAND_SALE,
    HAND_SHOWN,
    HIDDEN_SALE,
    KNAVE_FIVE,
    MAX_PLAYERS,
    NO_LOOK,
    PACK_32,
    PACK_52,
    PEEK,
    PEEK_HOW,
    PLAY_ORDER,
    PLAYERS,
    POOL,
    RANKING,
    RESALE,
    ROUND,
    SPARE,
    SPARE_DEAL,
    STAKE,
    TURNUP,
    TURNUP_AFTER,
    TURNUP_POOL,
    TURNUP_SALE,
    WIN,
    SpeculationOptions,
)


class Phase(StrEnum):
    TURNUP_SALE = "turn-up-sale"   # the dealer: keep | offer turn-up
    WINDOW = "chief"               # the chief hand: keep | offer <card>
    TURN = "turn"                  # the turner: turn | offer card | offer hand | peek
    BID = "bid"                    # each other seat once: bid N | no-bid
    ACCEPT = "accept"              # the seller: accept | refuse
    OVER = "over"


def _rank(c: Card) -> int:
    return c.rank.index


def _name(c: Card) -> str:
    return f"the {c.name}"


class _Deal:
    """One deal's cards, owners, exposures, sales and ledger."""

    def __init__(self, number: int, dealer: int, carried_in: int) -> None:
        self.number = number
        self.dealer = dealer
        self.carried_in = carried_in
        self.ledger = Ledger()
        self.hands: list[list[Card]] = []
        self.hidden: list[list[Card]] = []
        self.spare: list[Card] | None = None
        self.spare_shown = False
        self.turnup: Card | None = None
        self.turnup_shown = False
        self.owner: dict[Card, int | None] = {}
        self.exposures: list[list] = []
        self.best: Card | None = None
        self.pointer = 0
        self.peeked: list[int] = []
        self.offers: list[dict] = []
        self.passed = False
        self.winner: int | None = None
        self.win_card: Card | None = None
        self.carried_out: int | None = None
        self.window_pending = False
        self.stays = ""
        self.rules: list[str] = []  # the clause ids applied in this deal, in first-use order
        self.turn_offers_left: set[str] = {"card", "hand"}

    def pool(self) -> int:
        return self.carried_in + self.ledger.balance(POOL)

    @property
    def done(self) -> bool:
        return self.carried_out is not None


class SpeculationState(State):
    game = GAME
    title = "Speculation"
    player_range = (2, 10)
    observer_class = SpeculationObserver
    options: SpeculationOptions

    def __init__(self, options: SpeculationOptions, players: int, seed: int) -> None:
        if not isinstance(options, SpeculationOptions):
            raise RulesetError(f"speculation needs SpeculationOptions, not {type(options).__name__}")
        hi = MAX_PLAYERS[options.pack]
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= hi:
            raise RulesetError(f"Speculation with the {options.pack}-card pack is for 2 to {hi} players, "
                               f"not {players!r} ({PLAYERS})")
        super().__init__(options, players, seed)
        self.total_deals = options.deals or players
        self.pack = FULL_PACK if options.pack == "52" else stripped_pack("2 3 4 5 6".split())
        self.deals: list[_Deal] = []
        self._phase = Phase.OVER
        self.turner = 0
        self.auction: dict[str, Any] | None = None
        self._start_deal(0)

    # -- helpers ----------------------------------------------------------------------------------------------
    @property
    def deal(self) -> _Deal:
        return self.deals[-1]

    @property
    def phase(self) -> str:
        return self._phase.value

    def trump_shown(self) -> str | None:
        d = self.deal
        return d.turnup.suit.letter if d.turnup_shown else None

    def chief(self) -> int | None:
        """The seat holding the best trump shown so far (None: nobody, or the pool holds it)."""
        d = self.deal
        return None if d.best is None else d.owner.get(d.best)

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _rule(self, *ids: str) -> None:
        for cid in ids:
            if cid not in self.deal.rules:
                self.deal.rules.append(cid)

    def _pays_to_pool(self, seat: int, counters: int, clause_id: str, reason: str) -> None:
        self.deal.ledger.pay(seat, POOL, counters, "pool", clause_id, reason)

    # -- dealing ----------------------------------------------------------------------------------------------
    def _start_deal(self, k: int) -> None:
        n = self.players
        carried = self.deals[-1].carried_out if self.deals else 0
        dealer = (n - 1 + k) % n
        d = _Deal(k + 1, dealer, carried)
        self.deals.append(d)
        o = self.options
        self._rule(PACK_52 if o.pack == "52" else PACK_32, RANKING, PLAYERS, STAKE, DEAL, TURNUP, NO_LOOK)
        if o.spare_hand == "on":
            self._rule(SPARE, SPARE_DEAL)
        if o.turnup_pool == "on":
            self._rule(TURNUP_POOL)
        for s in range(n):
            if s == dealer:
                self._pays_to_pool(s, 2 * o.stake, STAKE, f"the dealer's double stake ({2 * o.stake}) to the pool")
            else:
                self._pays_to_pool(s, o.stake, STAKE, f"stake of {o.stake} to the pool")
        cards = self._shuffle()
        order = [(dealer + 1 + i) % n for i in range(n)]
        d.hands = [[] for _ in range(n)]
        spare: list[Card] = []
        pos = 0
        for _ in range(3):
            for s in order:
                d.hands[s].append(cards[pos])
                pos += 1
            if o.spare_hand == "on":
                spare.append(cards[pos])
                pos += 1
        d.spare = spare if o.spare_hand == "on" else None
        d.turnup = cards[pos]
        d.hidden = [list(h) for h in d.hands]
        for s, h in enumerate(d.hands):
            for c in h:
                d.owner[c] = s
        for c in spare:
            d.owner[c] = None
        d.owner[d.turnup] = None if o.turnup_pool == "on" else dealer
        d.pointer = self._left(dealer)
        if o.turnup_pool == "on":
            self._turn_up()
        else:
            self._phase = Phase.TURNUP_SALE

    def _shuffle(self) -> list[Card]:
        """The shuffled pack for a new deal (tests override this to rig a deal)."""
        return shuffled(self.pack, self.rng)

    # -- exposing cards ---------------------------------------------------------------------------------------
    def _expose(self, c: Card, shown_by: int | None, payer: int | None) -> bool:
        """Turn ``c`` face up; charge any Knave/Five penalty to ``payer``. True if it is a new best trump."""
        d = self.deal
        d.exposures.append([shown_by, str(c)])
        if self.options.knave_five == "on" and c.rank.text in ("J", "5") and payer is not None:
            self._pays_to_pool(payer, 1, KNAVE_FIVE, f"{_name(c)} turned up: one counter to the pool")
        trump = self.trump_shown()
        if trump is not None and c.suit.letter == trump and (d.best is None or _rank(c) > _rank(d.best)):
            if d.best is not None:
                self._rule(CHIEF)
            d.best = c
            return True
        return False

    def _turn_up(self) -> None:
        d = self.deal
        holder = d.owner[d.turnup]
        d.turnup_shown = True
        self._expose(d.turnup, holder, holder)
        d.best = d.turnup
        if self.options.court_turnup == "deal-passes" and d.turnup.rank.text in COURT:
            d.passed = True
            self._rule(COURT_RULE if holder is not None else COURT_POOL)
            self._finish_deal()
            return
        d.window_pending = holder is not None and self.options.turnup_sale == "before-or-after"
        if self.options.resale == "any-turn":
            d.window_pending = True
        self._advance()

    # -- the flow of a deal -----------------------------------------------------------------------------------
    def _window_allowed(self) -> bool:
        d = self.deal
        chief = self.chief()
        if chief is None:
            return False
        if d.best == d.turnup and self.options.turnup_sale == "before":
            self._rule(TURNUP_AFTER)
            return False
        return True

    def _next_turner(self) -> int:
        d = self.deal
        chief = self.chief()
        self._rule(PLAY_ORDER, ROUND)
        for i in range(self.players):
            s = (d.pointer + i) % self.players
            if d.hidden[s] and s != chief:
                return s
        assert chief is not None and d.hidden[chief]
        return chief

    def _advance(self) -> None:
        d = self.deal
        if not any(d.hidden):
            self._finish_deal()
            return
        if d.window_pending and self._window_allowed():
            self._phase = Phase.WINDOW
            return
        d.window_pending = False
        self.turner = self._next_turner()
        d.turn_offers_left = {"card", "hand"}
        self._phase = Phase.TURN

    def _after_exposure(self, new_best: bool) -> None:
        d = self.deal
        d.window_pending = self.options.resale == "any-turn" or new_best
        self._advance()

    def _finish_deal(self) -> None:
        d = self.deal
        if d.spare is not None and not d.passed:
            d.spare_shown = True
            for c in d.spare:
                self._expose(c, None, None)
        win = d.turnup if d.passed else d.best
        d.win_card = win
        holder = d.owner[win]
        pool = d.pool()
        if holder is None:
            why = ("the spare hand holds" if d.spare and win in d.spare else "the pool's own turn-up is")
            d.winner = None
            d.carried_out = pool
            self._rule(SPARE if why.startswith("the spare") else TURNUP_POOL, CARRY)
            d.stays = f"{why} {_name(win)}, the best trump: the pool stays"
        elif holder in d.peeked:
            d.winner = None
            d.carried_out = pool
            self._rule(PEEK, CARRY)
            d.stays = f"seat {holder} holds {_name(win)} but looked at a card out of turn: the pool stays"
        else:
            d.winner = holder
            if d.passed:
                reason = f"{_name(win)} turned up, a court card: the deal passes and its holder takes the pool"
                cl = COURT_RULE
            else:
                reason = f"holds {_name(win)}, the best trump in play: takes the pool"
                cl = WIN
            self._rule(cl)
            d.ledger.pay(POOL, holder, pool, "pool", cl, reason)
            d.carried_out = 0
            d.stays = ""
        self.auction = None
        if len(self.deals) < self.total_deals:
            self._start_deal(len(self.deals))
        else:
            self._rule(DEALS)
            self._phase = Phase.OVER

    # -- auctions ---------------------------------------------------------------------------------------------
    def _open_auction(self, seller: int, what: str, cards: list[Card], back: Phase) -> None:
        queue = [(seller + i) % self.players for i in range(1, self.players)]
        self._rule(AUCTION, AUCTION_ORDER,
                   {"turn-up": TURNUP_SALE, "card": HIDDEN_SALE, "hand": HAND_SALE, "best": RESALE}[what])
        if what == "hand":
            self._rule(HAND_SHOWN)
        self.auction = {"seller": seller, "what": what, "cards": cards, "queue": queue, "bids": [],
                        "high": None, "back": back}
        self._phase = Phase.BID

    def _close_auction(self, sold: bool) -> None:
        a = self.auction
        assert a is not None
        d = self.deal
        self.auction = None
        seller, what, cards = a["seller"], a["what"], a["cards"]
        buyer, price = (a["high"] if sold else (None, None))
        result = "sold" if sold else ("refused" if a["high"] else "no bids")
        d.offers.append({"seller": seller, "what": what, "cards": [str(c) for c in cards],
                         "bids": [list(b) for b in a["bids"]], "result": result, "buyer": buyer, "price": price})
        if sold:
            desc = {"turn-up": "the face-down turn-up", "card": "an unturned card", "hand": "unturned cards",
                    "best": _name(cards[0])}[what]
            cl = {"turn-up": TURNUP_SALE, "card": HIDDEN_SALE, "hand": HAND_SALE, "best": RESALE}[what]
            d.ledger.pay(buyer, seller, price, "sale", cl, f"buys {desc} from seat {seller} for {price}")
        if what == "turn-up":
            if sold:
                d.owner[d.turnup] = buyer
                d.pointer = self._left(buyer)
                self._rule(BUYER_LEFT)
            self._turn_up()
        elif what == "best":
            if sold:
                d.owner[cards[0]] = buyer
                d.pointer = self._left(buyer)
                self._rule(BUYER_LEFT)
            d.window_pending = False
            self._advance()
        elif sold:  # unturned card(s): turned at once, in the seller's place in the order
            new = False
            for c in cards:
                d.hidden[seller].remove(c)
                if self._expose(c, seller, buyer):
                    d.owner[c] = buyer
                    new = True
            d.pointer = self._left(buyer if new else seller)
            self._after_exposure(new)
        else:  # an unsold offer at a turn: back to the turner, without that offer
            d.turn_offers_left.discard(what)
            self._phase = Phase.TURN

    def bid_cap(self) -> int:
        return max(1, self.deal.pool())

    # -- the state-machine interface --------------------------------------------------------------------------
    def current_player(self) -> int:
        p = self._phase  # (asked many times a move: the commonest phases first)
        if p is Phase.BID:
            return self.auction["queue"][0]
        if p is Phase.TURN:
            return self.turner
        if p is Phase.ACCEPT:
            return self.auction["seller"]
        if p is Phase.OVER:
            return TERMINAL
        if p is Phase.TURNUP_SALE:
            return self.deal.owner[self.deal.turnup]
        return self.chief()

    def _can_sell_hand(self, seat: int) -> bool:
        d = self.deal
        rule = self.options.hand_sale
        if len(d.hidden[seat]) < 2 or "hand" not in d.turn_offers_left:
            return False
        chief_last = seat == self.chief()
        unturned = len(d.hidden[seat]) == 3
        return (rule in ("chief", "both") and chief_last) or (rule in ("unturned", "both") and unturned)

    def _legal(self) -> list[str]:
        p = self._phase
        d = self.deal
        if p == Phase.TURNUP_SALE:
            return ["keep", "offer turn-up"]
        if p == Phase.WINDOW:
            return ["keep", f"offer {d.best}"]
        if p == Phase.TURN:
            s = self.turner
            out = ["turn"]
            if "card" in d.turn_offers_left:
                out.append("offer card")
            if self._can_sell_hand(s):
                out.append("offer hand")
            if len(d.hidden[s]) >= 2 and s not in d.peeked:
                out.append("peek")
            return out
        if p == Phase.BID:
            high = self.auction["high"][1] if self.auction["high"] else 0
            return ["no-bid", *map("bid {}".format, range(high + 1, self.bid_cap() + 1))]
        if p == Phase.ACCEPT:
            return ["accept", "refuse"]
        return []

    def _apply(self, action: str) -> None:
        p = self._phase
        d = self.deal
        if p == Phase.TURNUP_SALE:
            if action == "keep":
                self._turn_up()
            else:
                self._open_auction(self.current_player(), "turn-up", [d.turnup], p)
        elif p == Phase.WINDOW:
            if action == "keep":
                d.window_pending = False
                self._advance()
            else:
                self._open_auction(self.chief(), "best", [d.best], p)
        elif p == Phase.TURN:
            s = self.turner
            if action == "turn":
                c = d.hidden[s].pop(0)
                new = self._expose(c, s, s)
                d.pointer = self._left(s)
                self._after_exposure(new)
            elif action == "offer card":
                self._open_auction(s, "card", [d.hidden[s][0]], p)
            elif action == "offer hand":
                self._open_auction(s, "hand", list(d.hidden[s]), p)
            else:  # peek
                d.peeked.append(s)
                self._rule(PEEK, PEEK_HOW)
                self._pays_to_pool(s, self.options.peek_penalty, PEEK,
                                   f"looked at a card out of turn: {self.options.peek_penalty} to the pool, "
                                   "and cannot take the pool this deal")
        elif p == Phase.BID:
            a = self.auction
            seat = a["queue"].pop(0)
            if action == "no-bid":
                a["bids"].append((seat, None))
            else:
                n = int(action.split()[1])
                a["bids"].append((seat, n))
                a["high"] = (seat, n)
                if n >= self.bid_cap():  # nobody can bid more: the others are not asked
                    a["queue"].clear()
            if not a["queue"]:
                if a["high"] is None:
                    self._close_auction(False)
                else:
                    self._phase = Phase.ACCEPT
        elif p == Phase.ACCEPT:
            self._close_auction(action == "accept")

    # -- its own log (State.log, which the table words); a deal's facts: past nexp cards, noff offers, nled lines --
    def _facts(self, d: _Deal, nexp: int = 0, noff: int = 0, nled: int = 0) -> dict[str, Any]:
        return {"number": d.number, "dealer": d.dealer, "carried_in": d.carried_in, "turnup": str(d.turnup),
                "exposures": d.exposures[nexp:], "offers": [dict(o) for o in d.offers[noff:]],
                "lines": d.ledger.lines[nled:], "stays": d.stays if d.done and d.winner is None else ""}

    def _opening(self) -> dict[str, Any]:
        return {"start": self._facts(self.deal)}

    def _before(self) -> tuple:
        return (d := self.deal), len(d.exposures), len(d.offers), len(d.ledger.lines), len(self.deals), self.phase

    def _event(self, seat: int, action: str, before: tuple) -> dict[str, Any]:
        ev = {"seat": seat, "action": action, "phase": before[5], "changes": self._facts(*before[:4])}
        return {**ev, "start": self._facts(self.deal)} if len(self.deals) > before[4] else ev

    # -- views and records ------------------------------------------------------------------------------------
    def pool(self) -> int:
        """Counters in the pool now."""
        return self.deal.pool()

    def sees(self, seat: int | None, owner_seat: int) -> bool:
        """Whether ``seat`` can see ``owner_seat``'s unturned cards (only after looking: a peek): its observer's."""
        return self.observer(seat).hand(owner_seat)

    def dealer_and_eldest(self) -> tuple[int, int]:
        return self.deal.dealer, self._left(self.deal.dealer)

    def held(self) -> list[list[Card]]:
        return [list(h) for h in self.deal.hidden]

    def outcome(self) -> Outcome:
        """Counters won or lost over the deals; what is in the pool is elsewhere. The winners are the seats that
        came out ahead."""
        net = self.net()
        over = self.is_terminal()
        ended = ""
        if over:
            n = len(self.deals)
            ended = f"after {n} deal{'s' if n != 1 else ''}" + (", with counters left in the pool" if self.pool() else "")
        return Outcome(tuple(net), "counter", Outcome.ahead(net) if over else (), over, ended,
                       elsewhere=(("the pool", self.pool()),) if self.pool() else ())

    def view(self, seat: int | None = None) -> dict[str, Any]:
        d = self.deal
        cur = self.current_player()
        sees = self.observer(seat)
        seats = []
        net = self.net()
        owner = {str(c): s for c, s in d.owner.items()}
        shown_by: dict[int, list[str]] = {s: [] for s in range(self.players)}
        for sh, c in d.exposures:  # (one pass for every seat) a sold card is drawn with its buyer
            shown_by.get(owner.get(c, sh), []).append(c)
        holder = d.owner.get(d.best) if d.best is not None else None
        for s in range(self.players):
            seats.append({"seat": s, "shown": shown_by[s], "unturned": len(d.hidden[s]),
                          "cards": format_cards(d.hidden[s]) if sees.hand(s) else None,
                          "peeked": s in d.peeked, "net": net[s],
                          "holds": [str(d.best)] if d.best is not None and holder == s else []})
        auction = None
        if self.auction is not None:
            a = self.auction
            visible = sees.offered(a)
            auction = {"seller": a["seller"], "what": a["what"],
                       "cards": [str(c) for c in a["cards"]] if visible else None,
                       "bids": [list(b) for b in a["bids"]], "high": list(a["high"]) if a["high"] else None,
                       "to_bid": list(a["queue"])}
        v = {"game": GAME, "ruleset": self.options.to_string(), "phase": self.phase, "seat": seat,
             "deal": d.number, "deals": self.total_deals, "dealer": d.dealer, "pool": d.pool(),
             "carried_in": d.carried_in,
             "turn_up": str(d.turnup) if sees.turn_up() else None,
             "turn_up_shown": d.turnup_shown, "turn_up_holder": d.owner.get(d.turnup),
             "trump": self.trump_shown(), "best": str(d.best) if d.best else None, "chief": self.chief(),
             "seats": seats, "exposures": [list(e) for e in d.exposures], "auction": auction,
             "spare": None if d.spare is None else {
                 "cards": format_cards(d.spare) if sees.spare() else None,
                 "shown": d.spare_shown},
             "legal": self.legal_actions() if (seat is None or seat == cur) else [],
             "over": cur == TERMINAL, **self.common_view(seat)}
        return v

    def net(self) -> list[int]:
        """Each seat's counters won or lost over the deals (:meth:`gamester.state.State.deals_net`)."""
        return self.deals_net()

    def _deal_record(self, d: _Deal) -> dict[str, Any]:
        holders = {str(c): s for c, s in d.owner.items()}
        net = d.ledger.net(self.players)
        rec = {
            "deal": d.number, "dealer": d.dealer, "eldest": self._left(d.dealer),
            "hands": [format_cards(h) for h in d.hands],
            "spare": None if d.spare is None else format_cards(d.spare),
            "turn_up": str(d.turnup), "trump": d.turnup.suit.letter,
            "exposures": [list(e) for e in d.exposures],
            "offers": [dict(o) for o in d.offers],
            "sales": [{"seller": o["seller"], "buyer": o["buyer"], "what": o["what"], "cards": o["cards"],
                       "price": o["price"]} for o in d.offers if o["result"] == "sold"],
            "peeks": list(d.peeked),
            "passed": d.passed,
            "holders": holders,
            "best": str(d.win_card) if d.win_card else None,
            "winner": d.winner,
            "complete": d.done,
            "ledger": d.ledger.to_json(),
            "clauses": list(d.rules),
            "net": net,
            "carried_in": d.carried_in,
            "carried_out": d.carried_out if d.done else None,
        }
        if d.done and d.winner is None:
            rec["pool_stays"] = d.stays
        return rec

    def summary(self) -> dict[str, Any]:
        last = self.deals[-1]
        return {"deals": [self._deal_record(d) for d in self.deals], "net": self.net(),
                "pool_left": last.carried_out if self.is_terminal() else None}




def new_state(options: SpeculationOptions, players: int, seed: int) -> SpeculationState:
    return SpeculationState(options, players, seed)

"""Post and Pair: the state machine (stakes, the Seat, vying, parting or a show, deal after deal)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ...cards import (
    FULL_PACK,
    Card,
    format_cards,
    shuffled,
)
from ...ledger import BOX, Ledger
from ...state import TERMINAL, Outcome, State
from . import rules
from .decide import decide
from .hands import DISHES, GAME, MAX_PLAYERS, MIN_PLAYERS, VYES, cards_mask, hand_table, table_entry
from .observer import PostAndPairObserver
from .rules import PostAndPairOptions, preset_name
from .showdown import Settlement, check_options


class Phase(StrEnum):
    SEAT = "seat"    # on two cards, each player in turn stakes the Seat or abandons
    VYE = "vye"      # on three cards: pass, vye, drop; then match, re-vye or fold
    PART = "part"    # the players still in agree to part stakes, or one asks for a show
    OVER = "over"


IN, ABANDONED, DROPPED, FOLDED = "in", "abandoned", "dropped", "folded"
#: Where the stakes lie, in words (for :meth:`PostAndPairState.outcome`).
WHERE = {"post": "the Post dish", "pair": "the Pair dish", "seat": "the Seat"}


class PostAndPairState(State):
    """A game of Post and Pair: ``options.deals`` deals, the deal passing to the left each time.

    Actions: ``seat`` / ``abandon``; ``pass`` (the eldest hand, or the dealer when all the elder passed),
    ``vye N``, ``drop``; after a vye ``match``, ``revye N``, ``fold``; under ``dealer_pass=choice`` the dealer's
    ``play out`` / ``double``; at the end ``part`` / ``show``.
    """

    game = GAME
    title = "Post and Pair"
    player_range = (MIN_PLAYERS, MAX_PLAYERS)
    observer_class = PostAndPairObserver

    def __init__(self, options: PostAndPairOptions, players: int, seed: int) -> None:
        options = check_options(options)
        super().__init__(options, players, seed)
        self.deals: list[dict[str, Any]] = []
        self.carry = {"post": 0, "pair": 0, "seat": 0}
        self.note_next: tuple[str, str] | None = None  # said at the start of the next deal
        self.dealer = players - 1
        self._phase = Phase.SEAT
        self._start_deal()

    # -- the deal ------------------------------------------------------------------------------------------------
    def _start_deal(self) -> None:
        n = self.players
        self.order = [(self.dealer + 1 + k) % n for k in range(n)]  # eldest .. dealer
        deck = shuffled(FULL_PACK, self.rng)
        self.turnup: Card | None = None  # the card turned up after the deal (trump=turn-up only)
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
        self.bet = 0  # nobody has vyed in this deal yet (the last deal's vye and what each put to it are over)
        self.contrib: dict[int, int] = {}
        for s in self.order:
            self._pay(s, "post", 1, rules.STAKE_POST, f"seat {s} stakes one counter at Post")
        for s in self.order:
            self._pay(s, "pair", 1, rules.STAKE_PAIR, f"seat {s} stakes one counter at Pair")
        self.note(rules.STAKE_SUM, "each stake is one counter: Post and Pair into their dishes, the Seat in front "
                                   "of each player")
        self.note(rules.DEAL_ROTATE, f"seat {self.dealer} deals; seat {self.order[0]} is the eldest hand")
        if getattr(self, "note_next", None):
            self.note(*self.note_next)
            self.note_next = None
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
            self._pay(seat, "seat", 1, rules.STAKE_SEAT, f"seat {seat} stakes the Seat on two cards")
        else:
            self.status[seat] = ABANDONED
            self.note(rules.STAKE_ABANDON, f"seat {seat} abandons two cards and loses the Post and Pair stakes")
        self.turn += 1
        if self.turn < len(self.order):
            return
        self.seated = [s for s in self.order if self.status[s] == IN]
        for s in self.seated:  # the third card
            self.hands[s].append(self.deck.pop())
        if self.options.trump == "turn-up" and self.seated:  # the next card is turned up, as at Ruff
            self.turnup = self.deck.pop()
            self.note(rules.TRUMP_TURN_UP, f"the {self.turnup.name} is turned up: its suit is trumps")
        if not self.seated:
            self.note(rules.STAKE_NONE, "nobody stakes the Seat: the stakes stay on the table for the next deal")
            return self._end_deal("no-seat", carry=True)
        if len(self.seated) == 1:
            return self._take_unseen(self.seated[0], rules.STAKE_ALONE, "the only player to stake the Seat")
        if self.seated[0] != self.order[0] or self.seated[-1] != self.order[-1]:
            self.note(rules.VYE_ROLES, f"seat {self.seated[0]} vyes first, in the eldest hand's place, and seat "
                                 f"{self.seated[-1]} last, in the dealer's place")
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
                clause = rules.VYE_DEALER if self.turn == last else rules.VYE_ONE_CHANCE
                self.opened, self.bet = True, k
                self.contrib[seat] = k
                self._pay(seat, VYES, k, clause, f"seat {seat} vyes {k}")
                return self._next_responder()
            if word == "pass" and self.turn == 0:
                self.eldest_passed = True
                self.note(rules.VYE_ELDEST_PASS, f"seat {seat}, the eldest hand, passes and may come in again")
                self.turn += 1
                return None
            if word == "drop":
                self.status[seat] = DROPPED
                self.note(rules.VYE_ONE_CHANCE, f"seat {seat} does not vye and drops out")
                self.turn += 1
                return None
            # The dealer, when all the elder players passed.
            if word in ("double", "play"):
                self.note(rules.VYE_DEALER_CHOICE, f"nobody vyes and the dealer (seat {seat}) chooses to "
                          + ("double it" if word == "double" else "play it out"))
            if word == "double" or (word == "pass" and self.options.dealer_pass == "double"):
                self.note(rules.VYE_DEALER_DOUBLE, f"nobody vyes and the dealer (seat {seat}) doubles: the stakes "
                                                   "stay on the table for the next deal")
                return self._end_deal("doubled", carry=True)
            self.note(rules.VYE_DEALER_PLAY_OUT, f"nobody vyes and the dealer (seat {seat}) plays it out: the "
                                                 "hands are shown")
            return self._show()
        # After a vye: match, re-vye or fold.
        clause = rules.VYE_ELDEST_PASS if (seat == self.seated[0] and self.eldest_passed) else rules.VYE_MATCH
        if word == "fold":
            self.status[seat] = FOLDED
            self.note(clause, f"seat {seat} folds")
            live = self._live()
            if len(live) == 1:
                return self._take_unseen(live[0], rules.VYE_UNMATCHED, "nobody matches the vye")
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
                self.note(rules.VYE_LIMIT, f"the limit of {self.options.revyes} re-vyes is reached")
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
            self.note(rules.SETTLE_PART_EQUAL, f"seat {seat} will not part stakes: the cards are shown")
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
        self._gather("pool", rules.SETTLE_PART, "the players still in agree to part stakes")
        share, odd = divmod(total, len(live))
        for s in live:
            self.ledger.pay("pool", s, share, "part", rules.SETTLE_PART_EQUAL,
                            f"seat {s} takes an equal share, {share} of {total}")
        odds = f"{odd} odd counter{'s' if odd != 1 else ''} of {total}"
        if self.options.odd == "eldest":
            self.ledger.pay("pool", live[0], odd, "part", rules.SETTLE_ODD_ELDEST,
                            f"{odds} go to seat {live[0]}, the eldest hand still in")
        else:
            self.ledger.pay("pool", BOX, odd, "part", rules.SETTLE_ODD_BOX, f"{odds} go to the box")
        self._end_deal("parted")

    def _show(self) -> None:
        positions = self.order
        hands = [tuple(self.hands[s]) for s in positions]
        live_seats = set(self._live())
        live = tuple(p for p, s in enumerate(positions) if s in live_seats)
        table = hand_table(self.options)
        entries = [table_entry(table, cards_mask(h), self.options) for h in hands]
        dishes = (self.table["post"], self.table["pair"], self.table["seat"], self.table[VYES])
        d = decide(entries, live, self.options, "SHDC".index(self.turnup.suit.letter) if self.turnup else -1)
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
            **({"turnup": str(self.turnup)} if self.turnup else {}),
            "winners": winners or {"pair": None, "post": None, "seat": None},
            "ledger": self.ledger.to_json(),
            "notes": [{"clause": c, "reason": r} for c, r in self.deal_notes],
            "net": net,
            "box": box,
            "carried_in": self.carried_in,
            "carried_out": dict(self.carry),
        })
        # Stakes that lie over are played for at the next deal, with its fresh stakes on top (pp.stake.none,
        # pp.vye.dealer-pass-double: the modern account's reading of Cotton's "double it"), so a game does not end
        # with them on the table: it goes on for them, at most once round the table more (then, rarely, what still
        # lies there is left).
        lying = sum(self.carry.values())
        over_time = len(self.deals) - self.options.deals
        if len(self.deals) < self.options.deals or (lying and over_time < self.players):
            if len(self.deals) >= self.options.deals:
                why = rules.VYE_DEALER_DOUBLE if outcome == "doubled" else rules.STAKE_NONE
                self.note_next = (why, f"{lying} counters lie on the table: another deal is played for them, with "
                                       "its fresh stakes on top")
            self.dealer = (self.dealer + 1) % self.players
            self._start_deal()
        else:
            self._phase = Phase.OVER

    # -- its own log (State.log: what the table words) ------------------------------------------------------------
    def _opening(self) -> dict[str, Any]:
        return {"start": (self.dealer, self.order[0], dict(self.carried_in))}

    def _before(self) -> tuple:
        return (self.dealer, self.order[0], getattr(self, "bet", 0), len(self.deals), len(self.deal_notes),
                len(self.ledger.lines))

    def _event(self, seat: int, action: str, before: tuple) -> dict[str, Any]:
        """The action, the notes and ledger lines it added, and the end of the deal (and the next one's start)."""
        dealer, eldest, bet, ndeals, nnotes, nlines = before
        ev: dict[str, Any] = {"seat": seat, "action": action, "dealer": dealer, "eldest": eldest, "bet": bet}
        if len(self.deals) > ndeals:  # the deal ended with this action
            d = self.deals[-1]
            ev.update(notes=d["notes"][nnotes:], lines=d["ledger"][nlines:], over=(len(self.deals), d["outcome"]))
            if self._phase != Phase.OVER:
                ev.update(self._opening())
        else:
            ev.update(notes=[{"clause": c, "reason": r} for c, r in self.deal_notes[nnotes:]],
                      lines=[ln.to_json() for ln in self.ledger.lines[nlines:]])
        return ev

    # -- views and records ---------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see: its own cards, the others' card counts, the table; ``None`` sees all.

        Past deals show every hand if they ended in a show (the trump count takes in every card dealt, folded
        hands too), and otherwise only the seat's own.
        """
        over = self._phase == Phase.OVER
        sees = self.observer(seat)
        # A deal ended stays as it ended: each reader's view of it is made once and kept (a view at move 1,000
        # costs what it cost at move 10, not one copy of every past deal's hands).
        kept = self.__dict__.setdefault("_deal_views", {}).setdefault(seat, [])
        for d in self.deals[len(kept):]:
            d = dict(d)
            if not sees.everything:
                d["hands"] = [h if sees.deal_hand(d, s) else len(h.split()) for s, h in enumerate(d["hands"])]
            kept.append(d)
        deals = list(kept)
        out: dict[str, Any] = {
            "game": GAME, "ruleset": self.options.to_string(), "follows": preset_name(self.options),
            "phase": self.phase, "deal": len(self.deals) + (0 if over else 1), "players": self.players,
            "dealer": self.dealer,
            "legal": self.legal_actions() if (seat is None or (not over and self.current_player() == seat)) else [],
            "deals": deals, "net": self.totals()[0], **self.common_view(seat),
        }
        if not over:
            out.update({"order": self.order, "status": {str(s): v for s, v in self.status.items()},
                        "table": dict(self.table), "bet": getattr(self, "bet", 0),
                        "vyed": {str(s): v for s, v in getattr(self, "contrib", {}).items()},
                        "carried_in": self.carried_in})
            if self.turnup:  # face up on the table: everyone sees it
                out["turnup"] = str(self.turnup)
        return out

    def dealer_and_eldest(self) -> tuple[int, int]:
        return self.dealer, self.order[0]

    def held(self) -> list[list[Card]]:
        return [self.hands.get(s, []) for s in range(self.players)]

    def outcome(self) -> Outcome:
        """Counters won or lost over the deals played; the box's odd counters and what lies on the table after
        the last deal played are elsewhere. The winners are the seats that came out ahead."""
        net, box = self.totals()
        lying = tuple((f"left on {WHERE[k]}", v) for k, v in self.carry.items() if v)
        over = self._phase == Phase.OVER
        ended = ""
        if over:
            n = len(self.deals)
            ended = f"after {n} deal{'s' if n != 1 else ''}" + (", with stakes left on the table" if lying else "")
        return Outcome(tuple(net), "counter", Outcome.ahead(net) if over else (), over, ended,
                       elsewhere=((("the box", box),) if box else ()) + lying)

    def totals(self) -> tuple[list[int], int]:
        """Each seat's counters won or lost over the deals played, and the box's: a deal played never changes, so
        the sums so far are kept and a move adds only the deals played since."""
        k, net, box = self.__dict__.get("_totals", (0, [0] * self.players, 0))
        if k < len(self.deals):
            net = list(net)
            for d in self.deals[k:]:
                for i, v in enumerate(d["net"]):
                    net[i] += v
                box += d["box"]
            self._totals = (len(self.deals), net, box)
        return list(net), box

    def summary(self) -> dict[str, Any]:
        net, box = self.totals()
        return {"follows": preset_name(self.options), "deals": self.deals, "net": net, "box": box,
                "left_on_table": dict(self.carry)}


def new_state(options: PostAndPairOptions, players: int, seed: int) -> PostAndPairState:
    return PostAndPairState(options, players, seed)

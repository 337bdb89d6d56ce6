"""Bone-Ace: the state machine (the lift for the deal, the deal, the Bone's settlement, drawing to one and thirty,
the Game's settlement). The only choices are the players' ``draw`` and ``stand``; everything else follows from the
cards, and is settled by the state as soon as it is decided.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ...cards import FULL_PACK, Card, format_cards, shuffled
from ...errors import RulesetError
from ...ledger import Ledger
from ...state import TERMINAL, Outcome, State
from . import rules as R
from .observer import BoneAceObserver
from .rules import BONE, GAME, POT, BoneAceOptions, bone_value, is_bone_ace, total

STAKES = "stakes"   # the heap the stakes make before it is halved (split=pooled)
PARTY_WORDS = {STAKES: "the stakes", BONE: "the Bone's dish", POT: "the Game's dish"}


class Phase(StrEnum):
    DRAW = "draw"       # the player to draw: draw | stand
    OVER = "over"


def lift_value(c: Card, rank: str = "king-high") -> int:
    """A card's place in the lift for the deal, the Aces where they rank for the Bone: least with Kings high
    (ba.lift.order), greatest with Aces high (ba.lift.ace-high)."""
    if rank == "ace-high":
        return c.rank.index
    return 0 if c.rank.text == "A" else c.rank.index + 1


class _Deal:
    """One deal: its cards, who is out or has stood, the Bone and the Game, and its ledger."""

    def __init__(self, number: int, dealer: int, players: int) -> None:
        self.number = number
        self.dealer = dealer
        self.eldest = (dealer + 1) % players
        self.order = [(self.eldest + i) % players for i in range(players)]  # eldest first, the dealer last
        self.down: list[list[Card]] = [[] for _ in range(players)]
        self.up: list[Card | None] = [None] * players
        self.drawn: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.ledger = Ledger()
        self.rules: list[str] = []
        self.out: list[int] = []        # passed one and thirty, in the order they did
        self.stood: list[int] = []      # stood (or the stock ran out on them), in order
        self.to_draw: int | None = None
        self.bone: dict[str, Any] = {}
        self.game: dict[str, Any] = {}
        self.done = False

    def cards(self, s: int) -> list[Card]:
        up = [self.up[s]] if self.up[s] is not None else []
        return self.down[s] + up + self.drawn[s]

    def still_in(self) -> list[int]:
        return [s for s in self.order if s not in self.out]

    def active(self) -> list[int]:
        return [s for s in self.order if s not in self.out and s not in self.stood]


class BoneAceState(State):
    game = GAME
    title = "Bone-Ace"
    player_range = (2, R.MAX_PLAYERS)
    observer_class = BoneAceObserver
    options: BoneAceOptions

    def __init__(self, options: BoneAceOptions, players: int, seed: int) -> None:
        if not isinstance(options, BoneAceOptions):
            raise RulesetError(f"bone-ace needs BoneAceOptions, not {type(options).__name__}")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= R.MAX_PLAYERS:
            raise RulesetError(f"Bone-Ace is for 2 to {R.MAX_PLAYERS} players (three cards each from the 52, "
                               f"{R.PLAYERS_BOUND}), not {str(players)[:40]!r}")
        super().__init__(options, players, seed)
        self.total_deals = options.deals or players
        self.deals: list[_Deal] = []
        self.lifts: list[dict[str, str]] = []
        self.first_dealer = self._lift()
        self._start_deal(self.first_dealer)

    # -- helpers ----------------------------------------------------------------------------------------------
    @property
    def deal(self) -> _Deal:
        return self.deals[-1]

    @property
    def phase(self) -> str:
        return (Phase.OVER if self.deal.done else Phase.DRAW).value

    def _rule(self, *ids: str) -> None:
        for cid in ids:
            if cid not in self.deal.rules:
                self.deal.rules.append(cid)

    def total_of(self, seat: int) -> int:
        return total(self.deal.cards(seat), self.options.ace)

    def _ace_rule(self) -> str:
        return {"one-or-eleven": R.ACE_EITHER, "one": R.ACE_ONE, "eleven": R.ACE_ELEVEN}[self.options.ace]

    # -- the lift, the stakes and the deal --------------------------------------------------------------------
    def _lift(self) -> int:
        """Every player lifts a card; the least deals; the tied lift again from what is left (ba.lift.*)."""
        pack = shuffled(FULL_PACK, self.rng)
        who = list(range(self.players))
        while True:
            got = {s: pack.pop() for s in who}
            self.lifts.append({str(s): str(c) for s, c in got.items()})
            least = min(lift_value(c, self.options.rank) for c in got.values())
            who = [s for s, c in got.items() if lift_value(c, self.options.rank) == least]
            if len(who) == 1 or len(pack) < len(who):
                return who[0]

    def _deal_pack(self) -> list[Card]:
        """A shuffled pack for a deal, dealt from its end (``pop``); tests replace it with a rigged one."""
        return shuffled(FULL_PACK, self.rng)

    def _stake(self) -> None:
        o, d = self.options, self.deal
        if o.split == "each":
            self._rule(R.STAKE, R.STAKE_AMOUNT, R.SPLIT_EACH)
            half = o.stake // 2
            for s in d.order:
                d.ledger.pay(s, BONE, half, BONE, R.SPLIT_EACH, f"stakes {half} on the Bone")
                d.ledger.pay(s, POT, o.stake - half, POT, R.SPLIT_EACH, f"stakes {o.stake - half} on the Game")
        else:
            self._rule(R.STAKE, R.STAKE_AMOUNT, R.SPLIT_POOL)
            for s in d.order:
                d.ledger.pay(s, STAKES, o.stake, STAKES, R.STAKE_AMOUNT, f"stakes {o.stake}")
            heap = o.stake * self.players
            d.ledger.pay(STAKES, BONE, heap // 2, BONE, R.SPLIT_POOL, f"half of the {heap} staked is for the Bone")
            d.ledger.pay(STAKES, POT, heap - heap // 2, POT, R.SPLIT_POOL,
                         f"the other {heap - heap // 2} remain for the Game")

    def _start_deal(self, dealer: int) -> None:
        d = _Deal(len(self.deals) + 1, dealer, self.players)
        self.deals.append(d)
        self._rule(R.PLAYERS, R.PLAYERS_BOUND, R.PACK)
        lift_order = R.LIFT_ACE_HIGH if self.options.rank == "ace-high" else R.LIFT_ORDER
        self._rule(*((R.LIFT, lift_order) if d.number == 1 else (R.NEXT_DEAL,)))
        self._rule(R.ELDEST, R.DEAL, R.DEALS)
        self._stake()
        pack = self._deal_pack()
        for s in d.order:
            d.down[s] = [pack.pop(), pack.pop()]
            d.up[s] = pack.pop()
        d.stock = pack
        self._settle_bone()
        self._rule(R.PIPS, R.COURTS, self._ace_rule())
        dealt = [s for s in d.order if self.total_of(s) == 31]
        if dealt:
            self._rule(R.AT_ONCE)
            if len(dealt) > 1:
                self._rule(R.TURNED_TIE)
            self._win_game([dealt[0]], R.AT_ONCE, "thirty-one dealt",
                           "turns up one and thirty and wins the Game at once")
            return
        self._rule(R.DRAW_TURN if self.options.draw == "in-turn" else R.DRAW_ROUND, R.FACE_UP)
        d.to_draw = d.order[0]
        self._advance(d.order[0], stay=True)

    # -- the Bone ---------------------------------------------------------------------------------------------
    def _settle_bone(self) -> None:
        o, d = self.options, self.deal
        self._rule(R.BONE_BIGGEST, R.BONE_TURNED if o.bone_cards == "turned" else R.BONE_ALL)
        shown = {s: ([d.up[s]] if o.bone_cards == "turned" else d.down[s] + [d.up[s]]) for s in d.order}
        ace_holder = next((s for s in d.order if any(is_bone_ace(c) for c in shown[s])), None)
        by_rank: dict[str, list[int]] = {}
        for s in d.order:
            by_rank.setdefault(d.up[s].rank.text, []).append(s)
        sets = [(r, ss) for r, ss in by_rank.items() if len(ss) >= 3]
        if sets and (ace_holder is None or o.bone_ace == "below-three"):
            self._rule(R.THREE)
            if ace_holder is not None:
                self._rule(R.THREE_OVER_BONE)
            rank, holders = max(sets, key=lambda x: bone_value(d.up[x[1][0]], o.rank))
            if o.three == "eldest-holder":
                self._rule(R.THREE_HOLDER)
                winner = holders[0]
                why = f"is the eldest of those who turned up three {d.up[winner].rank.plural}"
            else:
                self._rule(R.THREE_TABLE)
                winner = d.order[0]
                why = f"is the eldest hand, and three {d.up[holders[0]].rank.plural} are turned up"
            d.bone = {"winner": winner, "how": "three", "card": None, "rank": rank, "holders": holders}
            clause_id = R.THREE_HOLDER if o.three == "eldest-holder" else R.THREE_TABLE
        elif ace_holder is not None:
            self._rule(R.BONE_ACE)
            if sets:
                self._rule(R.BONE_OVER_THREE)
            winner, clause_id = ace_holder, R.BONE_ACE
            why = "holds the Bone-Ace, the Ace of Diamonds, which wins all other cards"
            d.bone = {"winner": winner, "how": "bone-ace", "card": "AD"}
        else:
            self._rule(R.RANK_ACE_HIGH if o.rank == "ace-high" else R.RANK_KING_HIGH)
            best = {s: max(shown[s], key=lambda c: bone_value(c, o.rank)) for s in d.order}
            top = max(bone_value(c, o.rank) for c in best.values())
            tied = [s for s in d.order if bone_value(best[s], o.rank) == top]
            winner, clause_id = tied[0], R.BONE_BIGGEST
            why = f"has the biggest card, the {best[winner].name}"
            if len(tied) > 1:
                self._rule(R.BONE_TIE)
                clause_id = R.BONE_TIE
                why += ", and is the eldest of those holding its equal"
            d.bone = {"winner": winner, "how": "biggest", "card": str(best[winner]), "tied": tied}
        d.ledger.pay(BONE, winner, d.ledger.balance(BONE), BONE, clause_id, f"carries the Bone: {why}")

    # -- drawing and the Game ---------------------------------------------------------------------------------
    def _win_game(self, winners: list[int], clause_id: str, how: str, why: str) -> None:
        d = self.deal
        pot = d.ledger.balance(POT)
        if len(winners) == 1:
            d.ledger.pay(POT, winners[0], pot, POT, clause_id, why)
        else:
            share, odd = divmod(pot, len(winners))
            for k, s in enumerate(winners):
                extra = 1 if k < odd else 0
                d.ledger.pay(POT, s, share + extra, POT, clause_id,
                             why + (" (and one odd counter, as the eldest of them)" if extra else ""))
        d.game = {"winners": winners, "how": how, "totals": [self.total_of(s) for s in range(self.players)]}
        d.to_draw = None
        d.done = True
        if len(self.deals) < self.total_deals:
            self._start_deal((d.dealer + 1) % self.players)

    def _settle_nearest(self) -> None:
        d = self.deal
        self._rule(R.NEAREST)
        still = d.still_in()
        best = max(self.total_of(s) for s in still)
        tied = [s for s in still if self.total_of(s) == best]
        if len(tied) == 1:
            self._win_game(tied, R.NEAREST, "nearest", f"is nearest to one and thirty, with {best}")
        elif self.options.tie == "eldest":
            self._rule(R.TIE_ELDEST)
            self._win_game(tied[:1], R.TIE_ELDEST, "nearest, eldest",
                           f"is nearest to one and thirty, with {best}, and the eldest of those who have it")
        else:
            self._rule(R.TIE_DIVIDE)
            self._win_game(tied, R.TIE_DIVIDE, "divided", f"divides the Game, with {best}")

    def _advance(self, after: int, stay: bool = False) -> None:
        """Find the next player to draw (after the seat ``after`` that just acted; ``stay``: from that seat
        itself, as at the start and when he may draw again), or settle."""
        d = self.deal
        while True:
            still = d.still_in()
            active = d.active()
            if len(still) == 1 and still[0] in active:
                self._rule(R.LAST_LEFT)
                self._win_game(still, R.LAST_LEFT, "last left",
                               "is the only one not past one and thirty, and wins the Game without drawing")
                return
            if not active:
                self._settle_nearest()
                return
            if (stay or self.options.draw == "in-turn") and after in active:
                nxt = after
            else:
                k = d.order.index(after)
                ring = d.order[k + 1:] + d.order[:k + 1]
                nxt = next(s for s in ring if s in active)
            if not d.stock:
                self._rule(R.STOCK_OUT)
                for s in active:
                    d.stood.append(s)
                continue
            d.to_draw = nxt
            return

    def current_player(self) -> int:
        d = self.deal
        return TERMINAL if d.done or d.to_draw is None else d.to_draw

    def _legal(self) -> list[str]:
        return ["draw", "stand"]

    def _apply(self, action: str) -> None:
        d = self.deal
        s = d.to_draw
        assert s is not None
        if action == "stand":
            d.stood.append(s)
            self._advance(s)
            return
        d.drawn[s].append(d.stock.pop())
        t = self.total_of(s)
        if t == 31:
            self._win_game([s], R.AT_ONCE, "thirty-one drawn", "draws to one and thirty and wins the Game at once")
        elif t > 31:
            self._rule(R.OVER)
            d.out.append(s)
            self._advance(s)
        else:
            self._advance(s)

    # -- its own log (State.log: what the table words) ---------------------------------------------------------
    def _opening(self) -> dict[str, Any]:
        return {"deals": [(d, list(d.ledger.lines)) for d in self.deals]}

    def _before(self) -> tuple:
        d = self.deal
        return d, len(self.deals), len(d.ledger.lines), R.STOCK_OUT in d.rules

    def _event(self, seat: int, action: str, before: tuple) -> dict[str, Any]:
        """The action with the count it left, the stock spent by it, the payments it caused and the deals it began
        (each deal with its ledger's lines then: its dealer, eldest and number never change)."""
        d, ndeals, nled, spent = before
        return {"seat": seat, "action": action, "deal": d, "total": total(d.cards(seat), self.options.ace),
                "drew": str(d.drawn[seat][-1]) if action != "stand" else None,
                "spent": not spent and R.STOCK_OUT in d.rules, "lines": d.ledger.lines[nled:],
                "deals": [(x, list(x.ledger.lines)) for x in self.deals[ndeals:]]}

    # -- views and records ------------------------------------------------------------------------------------
    def dealer_and_eldest(self) -> tuple[int, int]:
        return self.deal.dealer, self.deal.eldest

    def held(self) -> list[list[Card]]:
        return [self.deal.cards(s) for s in range(self.players)]

    def outcome(self) -> Outcome:
        """Counters won or lost over the deals; what lies on the dishes of a deal in play is elsewhere. The winners
        are the seats that came out ahead."""
        net = self.net()
        over = self.is_terminal()
        n = len(self.deals)
        lying = [(PARTY_WORDS[p], self.deal.ledger.balance(p)) for p in (STAKES, BONE, POT)]
        return Outcome(tuple(net), "counter", Outcome.ahead(net) if over else (), over,
                       f"after {n} deal{'s' if n != 1 else ''}" if over else "",
                       elsewhere=tuple((w, k) for w, k in lying if k))

    def net(self) -> list[int]:
        """Each seat's counters won or lost over the deals (:meth:`gamester.state.State.deals_net`)."""
        return self.deals_net()

    def shown(self, s: int) -> list[str]:
        """What every player sees of seat ``s``: the turned-up card and the cards drawn (its observer's public)."""
        return [str(c) for c in self.observer(None).public(s)]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        d = self.deal
        cur = self.current_player()
        net = self.net()
        sees = self.observer(seat)
        seats = []
        for s in range(self.players):
            mine = sees.hand(s)
            seats.append({"seat": s, "shown": self.shown(s), "hidden": 0 if mine else 2,
                          "cards": format_cards(d.cards(s)) if mine else None,
                          "total": self.total_of(s) if sees.total(s) else None,
                          "out": s in d.out, "stood": s in d.stood, "net": net[s]})
        return {"game": GAME, "ruleset": self.options.to_string(), "phase": self.phase, "seat": seat,
                "deal": d.number, "deals": self.total_deals, "dealer": d.dealer, "eldest": d.eldest,
                "stock": len(d.stock), "bone": dict(d.bone), "game_result": dict(d.game),
                "dishes": {BONE: d.ledger.balance(BONE), POT: d.ledger.balance(POT)}, "seats": seats,
                "legal": self.legal_actions() if (seat is None or seat == cur) else [],
                "over": cur == TERMINAL, **self.common_view(seat)}

    def _deal_record(self, d: _Deal) -> dict[str, Any]:
        empty = {BONE: 0, POT: 0}
        return {"deal": d.number, "dealer": d.dealer, "eldest": d.eldest,
                "hands": [format_cards(d.down[s] + [d.up[s]]) for s in range(self.players)],
                "turned": [str(d.up[s]) for s in range(self.players)],
                "drawn": [format_cards(x) for x in d.drawn],
                "totals": [total(d.cards(s), self.options.ace) for s in range(self.players)],
                "out": list(d.out), "stood": list(d.stood), "bone": dict(d.bone), "result": dict(d.game),
                "complete": d.done, "ledger": d.ledger.to_json(), "clauses": list(d.rules),
                "net": d.ledger.net(self.players), "carried_in": dict(empty),
                "carried_out": dict(empty) if d.done else None}

    def summary(self) -> dict[str, Any]:
        return {"first_dealer": self.first_dealer, "lifts": [dict(x) for x in self.lifts],
                "deals": [self._deal_record(d) for d in self.deals], "net": self.net()}


def new_state(options: BoneAceOptions, players: int, seed: int) -> BoneAceState:
    return BoneAceState(options, players, seed)

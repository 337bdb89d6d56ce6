"""Put: the state machine (a whole game of Put or Truc: the cut, deals, tricks, puts, the score)."""

from __future__ import annotations

from enum import StrEnum
from itertools import product
from typing import Any

from ...cards import (
    Card,
    format_cards,
    pack,
    shuffled,
)
from ...errors import IllegalActionError, NotationError, RulesetError
from ...ledger import Ledger
from ...state import TERMINAL, Outcome, State
from .rules import (
    ALL_TIED,
    FIVE_UP,
    FOUR_PARTNERS,
    HIGHER_WINS,
    NO_PUT_MOST,
    NO_PUT_POINT,
    ONE_AND_TIES,
    PUT_ANY_LEAD,
    PUT_ELDEST,
    PUT_GAME,
    PUT_REFUSED,
    PUT_SEEN,
    RUBBER,
    RUBBER_DEAL,
    THROW_UP,
    TIE_TRICK,
    TRUC_DOUBLE,
    TRUC_GAME,
    TRUC_POINT,
    UNPUT_GAME,
    UNPUT_POINT,
    WIN_DEAL,
    PutOptions,
)


class Phase(StrEnum):
    EXCHANGE = "exchange"
    PLAY = "play"
    ANSWER_PUT = "answer-put"
    ANSWER_DOUBLE = "answer-double"
    OVER = "over"


def deal_result(won: dict[int, int]) -> int | None:
    """The seat that wins the deal from tricks won by the seats still in it, or None (trick and tie, all tied)."""
    best = max(won.values())
    top = [s for s, n in won.items() if n == best]
    return top[0] if best > 0 and len(top) == 1 else None


class PutState(State):
    """A whole game of Put (or Truc): deals until five up, a won put, or the game points."""

    game = "put"
    returns_key = "score"
    title = "Put"
    player_range = (2, 4)

    def __init__(self, options: PutOptions, players: int, seed: int) -> None:
        super().__init__(options, players, seed)
        o = options
        if o.betting == "double" and players != 2:
            raise RulesetError(f"Truc (betting=double) is for 2 players here, not {players}")
        self.partners = players == 4
        self.order = o.order
        self.strength = {r: len(self.order) - i for i, r in enumerate(self.order)}
        self.pack = pack(self.order)
        self.ledger = Ledger()
        self.score = [0] * self.sides
        self.deals: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []  # the finished games of a rubber (rubber > 1)
        self.games_won = [0] * self.sides
        self.winner: int | None = None
        self._phase = Phase.PLAY
        self._cut()
        self._start_deal()

    # -- helpers ---------------------------------------------------------------------------------------------
    @property
    def sides(self) -> int:
        return 2 if self.partners else self.players

    def side(self, seat: int) -> int:
        return seat % 2 if self.partners else seat

    def value(self, c: Card) -> int:
        return self.strength[c.rank.text]

    def _clockwise(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    def _cut(self) -> None:
        deck = shuffled(self.pack, self.rng)
        pos = 0
        contenders = list(range(self.players))
        self.cut: list[list[list[Any]]] = []
        while True:
            rnd = []
            for s in contenders:
                rnd.append([s, deck[pos]])
                pos += 1
            self.cut.append([[s, str(c)] for s, c in rnd])
            best = max(self.value(c) for _, c in rnd)
            contenders = [s for s, c in rnd if self.value(c) == best]
            if len(contenders) == 1 or pos + len(contenders) > len(deck):
                break
        self.first_dealer = contenders[0]
        self.dealer = self.first_dealer

    def _start_deal(self) -> None:
        n = self.players
        if self.deals:
            self.dealer = (self.dealer + 1) % n
        deck = shuffled(self.pack, self.rng)
        order = self._clockwise(self.dealer + 1)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(3 * n):
            self.hands[order[i % n]].append(deck[i])
        self.this_deal: dict[str, Any] = {  # the record of the deal being played (the last of self.deals)
            "number": len(self.deals) + 1, "dealer": self.dealer, "eldest": order[0],
            "hands": [format_cards(h) for h in self.hands], "tricks": [], "puts": [], "throw_ups": [],
            "points": [], "result": None}
        if self.options.rubber > 1:
            self.this_deal["game"] = len(self.games) + 1
        self.deals.append(self.this_deal)
        self.tricks_won = [0] * n
        self.trick: list[tuple[int, Card]] = []
        self.played: list[Card] = []
        self.put_by: int | None = None
        self.put_seen = False
        self.answerers: list[int] = []
        self.value_now = 1
        self.last_doubler: int | None = None
        self.doubler: int | None = None
        self.discarded: dict[int, Card] = {}
        self.received: dict[int, Card] = {}
        self.leader = (self.dealer + 1) % n
        if self.options.betting == "double":
            self.this_deal["doubles"] = []
        if self.partners:
            d = self.dealer
            self.active = [s in (d, (d + 1) % n) for s in range(n)]
            self.exchange_queue = [((d + 3) % n, "give"), ((d + 2) % n, "give"), ((d + 1) % n, "discard"),
                                   (d, "discard")]
            self.this_deal["playing"] = [(d + 1) % n, d]
            self.this_deal["exchange"] = []
            self._phase = Phase.EXCHANGE
        else:
            self.active = [True] * n
            self.exchange_queue = []
            self._phase = Phase.PLAY
        self.to_act = self.leader

    def _next_in_trick(self) -> int | None:
        played = {s for s, _ in self.trick}
        for s in self._clockwise(self.leader):
            if self.active[s] and s not in played:
                return s
        return None

    def active_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.active[s]]

    # -- the state machine -----------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self._phase == Phase.OVER:
            return TERMINAL
        if self._phase == Phase.EXCHANGE:
            return self.exchange_queue[0][0]
        if self._phase == Phase.ANSWER_PUT:
            return self.answerers[0]
        return self.to_act

    @property
    def phase(self) -> str:
        return self._phase.value

    def _can_put(self) -> bool:
        o = self.options
        if o.betting != "put" or self.put_by is not None or self.trick:
            return False
        return o.put_at == "any-lead" or not self.played

    def _can_double(self, s: int) -> bool:
        return (self.options.betting == "double" and self.last_doubler != s
                and self.value_now < self.options.game_points)

    def _legal(self) -> list[str]:
        if self._phase == Phase.EXCHANGE:
            seat, kind = self.exchange_queue[0]
            hand = self.hands[seat]
            if kind == "give":
                top = max(self.value(c) for c in hand)
                return [f"give {c}" for c in self.best_first(hand) if self.value(c) == top]
            return [f"discard {c}" for c in self.best_first(hand)]
        if self._phase == Phase.ANSWER_PUT:
            return ["see", "refuse"]
        if self._phase == Phase.ANSWER_DOUBLE:
            return ["accept", "refuse"]
        s = self.to_act
        acts = [f"play {c}" for c in self.best_first(self.hands[s])]
        if self._can_put():
            acts.append("put")
        if self._can_double(s):
            acts.append("double")
        if self.options.throw_up == "allowed" and not self.put_seen:
            acts.append("throw-up")
        return acts

    def best_first(self, cards: list[Card]) -> list[Card]:
        """Best first; equal ranks in suit order S H D C (a stable display order)."""
        return sorted(cards, key=lambda c: (-self.value(c), "SHDC".index(c.suit.letter)))

    def apply(self, action: str) -> None:
        """As :meth:`State.apply`, reading the card of ``play``/``give``/``discard`` in any notation (``play TH``)."""
        if isinstance(action, str):
            parts = action.split()
            if len(parts) == 2 and parts[0] in ("play", "give", "discard"):
                try:
                    action = f"{parts[0]} {Card.parse(parts[1])}"
                except NotationError as e:
                    raise NotationError(f"action {action!r}: {e}") from None
        super().apply(action)

    def _apply(self, action: str) -> None:
        verb, _, arg = action.partition(" ")
        s = self.current_player()
        if verb == "give":
            c = Card.parse(arg)
            partner = (s + 2) % self.players
            self.hands[s].remove(c)
            self.hands[partner].append(c)
            self.received[partner] = c
            self.this_deal["exchange"].append({"seat": s, "gives": str(c), "to": partner, "clause": FOUR_PARTNERS})
            self._after_exchange_step()
        elif verb == "discard":
            c = Card.parse(arg)
            self.hands[s].remove(c)
            self.discarded[s] = c
            self.this_deal["exchange"].append({"seat": s, "discards": str(c), "clause": FOUR_PARTNERS})
            self._after_exchange_step()
        elif verb == "play":
            self._play(s, Card.parse(arg))
        elif verb == "put":
            self.put_by = s
            self.this_deal["puts"].append({"seat": s, "trick": len(self.this_deal["tricks"]) + 1, "answers": [],
                                   "clause": PUT_ANY_LEAD if self.played else PUT_ELDEST})
            self.answerers = [x for x in self._clockwise(s + 1) if self.active[x] and x != s]
            self._phase = Phase.ANSWER_PUT
        elif verb == "see":
            self.this_deal["puts"][-1]["answers"].append([s, "see"])
            self.answerers.pop(0)
            self._after_answer()
        elif verb == "refuse" and self._phase == Phase.ANSWER_PUT:
            self.this_deal["puts"][-1]["answers"].append([s, "refuse"])
            self.active[s] = False
            self.answerers.pop(0)
            self._after_answer()
        elif verb == "double":
            self.doubler = s
            self.this_deal["doubles"].append({"seat": s, "trick": len(self.this_deal["tricks"]) + 1, "from": self.value_now,
                                      "answer": None})
            self._phase = Phase.ANSWER_DOUBLE
            self.to_act = self._opponent(s)
        elif verb == "accept":
            self.this_deal["doubles"][-1]["answer"] = "accept"
            self.value_now *= 2
            self.last_doubler = self.doubler
            self.to_act = self.doubler
            self._phase = Phase.PLAY
        elif verb == "refuse":  # a double refused
            self.this_deal["doubles"][-1]["answer"] = "refuse"
            doubler = self.doubler
            self._score(doubler, self.value_now, TRUC_DOUBLE,
                        f"seat {s} threw in rather than play for {self.value_now * 2}; seat {doubler} scores "
                        f"{self.value_now}")
            self._end_deal({"kind": "double-refused", "winner": doubler})
        elif verb == "throw-up":
            self._throw_up(s)
        else:  # pragma: no cover - _legal lists every verb handled above
            raise IllegalActionError(f"unhandled action {action!r}")

    def _opponent(self, s: int) -> int:
        return next(x for x in self.active_seats() if x != s)

    def _after_exchange_step(self) -> None:
        self.exchange_queue.pop(0)
        if not self.exchange_queue:
            self._phase = Phase.PLAY
            self.to_act = self.leader

    def _after_answer(self) -> None:
        if self.answerers:
            return
        putter = self.put_by
        if any(a == "see" for _, a in self.this_deal["puts"][-1]["answers"]):
            self.put_seen = True
            self._phase = Phase.PLAY
            self.to_act = putter
            return
        self._score(putter, 1, PUT_REFUSED, f"seat {putter} put and was not seen: one point")
        self._end_deal({"kind": "put-refused", "winner": putter})

    def _throw_up(self, s: int) -> None:
        self.this_deal["throw_ups"].append({"seat": s, "trick": len(self.this_deal["tricks"]) + 1})
        self.active[s] = False
        left = self.active_seats()
        if len(left) == 1:
            w = left[0]
            pts = self.value_now if self.options.betting == "double" else 1
            self._score(w, pts, THROW_UP, f"seat {s} threw up his cards: seat {w} scores {pts}")
            self._end_deal({"kind": "thrown-up", "winner": w})
            return
        if s == self.leader and not self.trick:
            self.leader = next(x for x in self._clockwise(s + 1) if self.active[x])
        self._continue_trick()

    def _play(self, s: int, c: Card) -> None:
        self.hands[s].remove(c)
        self.played.append(c)
        self.trick.append((s, c))
        self._continue_trick()

    def _continue_trick(self) -> None:
        nxt = self._next_in_trick()
        if nxt is not None:
            self.to_act = nxt
            return
        plays = [(s, c) for s, c in self.trick if self.active[s]]
        top = max(self.value(c) for _, c in plays)
        best = [s for s, c in plays if self.value(c) == top]
        winner = best[0] if len(best) == 1 else None
        self.this_deal["tricks"].append({"plays": [[s, str(c)] for s, c in self.trick], "winner": winner,
                                 "clause": HIGHER_WINS if winner is not None else TIE_TRICK})
        self.trick = []
        if winner is not None:
            self.tricks_won[winner] += 1
            self.leader = winner
        elif not self.active[self.leader]:
            self.leader = next(x for x in self._clockwise(self.leader + 1) if self.active[x])
        if self._decided():
            self._finish_deal()
        else:
            self.to_act = self.leader

    def _decided(self) -> bool:
        left = 3 - len(self.this_deal["tricks"])
        seats = self.active_seats()
        now = {s: self.tricks_won[s] for s in seats}
        if left == 0:
            return True
        outcomes = set()
        for assign in product([None, *seats], repeat=left):
            won = dict(now)
            for x in assign:
                if x is not None:
                    won[x] += 1
            outcomes.add(deal_result(won))
            if len(outcomes) > 1:
                return False
        return True

    def _finish_deal(self) -> None:
        o = self.options
        w = deal_result({s: self.tricks_won[s] for s in self.active_seats()})
        if w is None:
            kind = "trick-and-tie" if any(self.tricks_won[s] for s in self.active_seats()) else "all-tied"
            self._end_deal({"kind": kind, "winner": None,
                            "clause": WIN_DEAL if kind == "trick-and-tie" else ALL_TIED})
            return
        ties = sum(1 for t in self.this_deal["tricks"] if t["winner"] is None)
        how = f"{self.tricks_won[w]} trick{'s' if self.tricks_won[w] > 1 else ''}" + (
            f" and {ties} tie{'s' if ties > 1 else ''}" if ties else "")
        deal_clause = ONE_AND_TIES if self.tricks_won[w] == 1 else WIN_DEAL
        if o.betting == "double":
            self._score(w, self.value_now, TRUC_POINT, f"seat {w} won the deal ({how}): {self.value_now}")
            self._end_deal({"kind": "won", "winner": w, "clause": deal_clause})
        elif o.betting == "none":
            self._score(w, 1, NO_PUT_POINT, f"seat {w} won most tricks ({how}): one point")
            self._end_deal({"kind": "won", "winner": w, "clause": NO_PUT_MOST})
        elif self.put_seen:
            self._end_deal({"kind": "put-won", "winner": w, "clause": PUT_SEEN}, game_to=w)
        elif o.unput_deal == "game":
            self._end_deal({"kind": "won-outright", "winner": w, "clause": UNPUT_GAME}, game_to=w)
        else:
            self._score(w, 1, UNPUT_POINT, f"seat {w} won the deal ({how}) without a put: one point")
            self._end_deal({"kind": "won", "winner": w, "clause": deal_clause})

    def _score(self, seat: int, pts: int, clause_id: str, reason: str) -> None:
        self.ledger.pay("stock", seat, pts, "points", clause_id, reason)
        self.score[self.side(seat)] += pts
        self.this_deal["points"].append({"seat": seat, "points": pts, "clause": clause_id, "reason": reason})

    def _end_deal(self, result: dict[str, Any], game_to: int | None = None) -> None:
        self.this_deal["result"] = result
        if self.trick:  # the deal ended in the middle of a trick (a refusal or a throw-up): keep what was played
            self.this_deal["unfinished_trick"] = [[s, str(c)] for s, c in self.trick]
        target = self.options.game_points
        game_winner = None
        if game_to is not None:
            game_winner = game_to
            self.game_by = PUT_GAME if result["kind"] == "put-won" else UNPUT_GAME
        else:
            leaders = [x for x in range(self.sides) if self.score[x] >= target]
            if leaders:
                game_winner = result["winner"]
                self.game_by = TRUC_GAME if self.options.betting == "double" else FIVE_UP
        if game_winner is not None and self.options.rubber > 1:
            side = self.side(game_winner)
            self.games_won[side] += 1
            first = self.games[-1]["deals"][1] + 1 if self.games else 1
            self.games.append({"number": len(self.games) + 1, "deals": [first, len(self.deals)],
                               "score": [self.seat_score(s) for s in range(self.players)],
                               "winner": game_winner, "won_by": self.game_by})
            if self.games_won[side] < self.options.rubber:  # the rubber goes on: a new game from nothing
                self.score = [0] * self.sides
                game_winner = None
        if game_winner is not None:
            self.winner = game_winner
            self._phase = Phase.OVER
            return
        self._start_deal()

    # -- its own log (State.log: what the table words) --------------------------------------------------------
    def _opening(self) -> dict[str, Any]:
        return {"cut": self.cut, "first_dealer": self.first_dealer, "dealer": self.deals[0]["dealer"]}

    def _before(self) -> tuple:
        d = self.this_deal
        return (d, len(d["tricks"]), len(d["points"]), len(d["puts"]), not self.trick, len(self.deals),
                self.value_now, self.phase)

    def _event(self, seat: int, action: str, before: tuple) -> dict[str, Any]:
        """The action as it stood (leading, the phase, the deal's value), and what it caused: tricks, points, the
        deal's result, the game's end or the next deal."""
        d, nt, npts, nputs, leading, ndeals, value, phase = before
        ev: dict[str, Any] = {
            "seat": seat, "action": action, "dealer": d["dealer"], "leading": leading, "phase": phase,
            "value": value, "put": d["puts"][nputs]["clause"] if len(d["puts"]) > nputs else "",
            "exchange": (d.get("exchange") or [{}])[-1].get("clause", ""),
            "tricks": [(nt + i, t) for i, t in enumerate(d["tricks"][nt:], 1)], "points": d["points"][npts:]}
        r = d.get("result")
        if r is not None and (len(self.deals) > ndeals or self.is_terminal() or self.this_deal is not d):
            ev["result"] = (d["number"], r)
        if self.is_terminal():
            ev["won"] = (self.winner, self.game_by)
        elif self.this_deal is not d:
            ev["next"] = (self.this_deal["number"], self.this_deal["dealer"])
        return ev

    # -- views and records -----------------------------------------------------------------------------------
    def seat_score(self, seat: int) -> int:
        return self.score[self.side(seat)]

    def dealer_and_eldest(self) -> tuple[int, int]:
        return self.this_deal["dealer"], self.this_deal["eldest"]

    def held(self) -> list[list[Card]]:
        return [self.best_first(h) for h in self.hands]

    def outcome(self) -> Outcome:
        """Points scored towards the game (the last game's, in a rubber); the winner, with his partner."""
        score = tuple(self.seat_score(s) for s in range(self.players))
        if self.winner is None:
            return Outcome(score, "point", zero_sum=False)
        side = self.side(self.winner)
        winners = tuple(s for s in range(self.players) if self.side(s) == side)
        ended = {PUT_GAME: "by a put seen and won", UNPUT_GAME: "by a deal played out and won",
                 FIVE_UP: f"{self.options.game_points} points up", TRUC_GAME: f"{self.options.game_points} points up"
                 }[self.game_by]
        if self.options.rubber > 1:
            ended = f"the rubber, {self.options.rubber} games won; the last {ended}"
        return Outcome(score, "point", winners, True, ended, self.game_by, zero_sum=False)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        cp = self.seat_to_act()
        v: dict[str, Any] = {
            "game": self.game, "ruleset": self.options.to_string(), "players": self.players, "phase": self.phase,
            "current": cp, "dealer": self.dealer, "deal": len(self.deals),
            "score": [self.seat_score(s) for s in range(self.players)], "winner": self.winner,
            "ranking": " ".join(self.order), "active": self.active_seats(),
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [[s, str(c)] for s, c in self.trick], "tricks": self.this_deal["tricks"],
            "tricks_won": list(self.tricks_won), "leader": self.leader,
            "put": ({"seat": self.put_by, "seen": self.put_seen, "answers": self.this_deal["puts"][-1]["answers"]}
                    if self.put_by is not None else None),
        }
        if self.options.betting == "double":
            v["value"] = self.value_now
            v["last_doubler"] = self.last_doubler
        if self.options.rubber > 1:
            v["games_won"] = [self.games_won[self.side(s)] for s in range(self.players)]
            v["game"] = len(self.games) + (0 if self.is_terminal() else 1)
        if self.partners:
            v["partners"] = [[0, 2], [1, 3]]
            v["playing"] = self.this_deal["playing"]
        if len(self.deals) > 1 or self.is_terminal():  # how the last finished deal went (no hidden hands)
            last = self.deals[-1] if self.is_terminal() else self.deals[-2]
            v["last_deal"] = {k: last[k] for k in ("number", "dealer", "tricks", "puts", "throw_ups", "result",
                                                   "points", "doubles") if k in last}
        if self.observer(seat).everything:
            v["hands"] = [format_cards(self.best_first(h)) for h in self.hands]
            v["dealt"] = self.this_deal["hands"]
        else:
            if not 0 <= seat < self.players:
                raise NotationError(f"seat {seat!r}: Put here has seats 0 .. {self.players - 1}")
            v["seat"] = seat
            v["hand"] = format_cards(self.best_first(self.hands[seat]))
            if seat in self.received:
                v["received"] = str(self.received[seat])
            if seat in self.discarded:
                v["discarded"] = str(self.discarded[seat])
            given = [e["gives"] for e in self.this_deal.get("exchange", []) if e.get("seat") == seat and "gives" in e]
            if given:
                v["gave"] = given[0]
        v["legal"] = self.legal_actions() if (seat is None or seat == cp) else []
        v.update(self.common_view(seat))
        return v

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "cut": self.cut, "first_dealer": self.first_dealer, "deals": self.deals,
            "score": [self.seat_score(s) for s in range(self.players)], "winner": self.winner,
            "ledger": self.ledger.to_json()}
        if self.partners:
            out["partners"] = [[0, 2], [1, 3]]
            out["winning_side"] = None if self.winner is None else [self.winner % 2, self.winner % 2 + 2]
        if self.winner is not None:
            out["won_by"] = self.game_by
        if self.options.rubber > 1:  # "score" is the last game's; each finished game is listed here
            out["rubber"] = {"games_to_win": self.options.rubber, "clause": RUBBER, "next_deal_clause": RUBBER_DEAL,
                             "games": self.games,
                             "games_won": [self.games_won[self.side(s)] for s in range(self.players)]}
        return out


def new_state(options: PutOptions, players: int, seed: int) -> PutState:
    if not isinstance(options, PutOptions):
        raise RulesetError(f"options for put must be PutOptions, not {type(options).__name__}")
    return PutState(options, players, seed)

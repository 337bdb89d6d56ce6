"""A tiny registered game for testing ``gamester.hosts.web`` without depending on the real games' rules.

High card: each seat is dealt one card; in turn each may ``bet`` (one counter to the pot) or ``pass``; then the
highest card among the bettors takes the pot (the elder wins ties). Seat 0 is eldest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamester import clauses, registry
from gamester.cards import FULL_PACK, shuffled
from gamester.clauses import cite, clause
from gamester.ledger import Ledger
from gamester.options import Options, Preset, option
from gamester.registry import Command, GameSpec, Param
from gamester.state import TERMINAL, Bot, Outcome, RandomBot, State

BET = clause("toy.bet", "A bettor puts one counter in the pot.", "conjectural", cite("cotton1674", "p. 150"),
             note="a test fixture, not a rule of any game")
WIN = clause("toy.win", "The highest bettor takes the pot.", "conjectural", cite("cotton1674", "p. 150"),
             note="a test fixture, not a rule of any game")


@dataclass(frozen=True)
class ToyOptions(Options):
    GAME = "toy"
    stake: int = option(1, range=(1, 5), help="counters per bet", clause=BET)
    ties: str = option("elder", choices=("elder", "split"), help="who wins a tie", clause=WIN)


class ToyState(State):
    game = "toy"

    def __init__(self, options: ToyOptions, players: int, seed: int) -> None:
        super().__init__(options, players, seed)
        deck = shuffled(FULL_PACK, self.rng)
        self.hands = [deck[i] for i in range(players)]
        self.bets: list[bool] = []
        self.ledger = Ledger()

    def current_player(self) -> int:
        return TERMINAL if len(self.bets) == self.players else len(self.bets)

    @property
    def phase(self) -> str:
        return "over" if self.is_terminal() else "betting"

    def _legal(self) -> list[str]:
        return ["bet", "pass"]

    def _apply(self, action: str) -> None:
        seat = len(self.bets)
        self.bets.append(action == "bet")
        if action == "bet":
            self.ledger.pay(seat, "pot", self.options.stake, "bet", BET, f"seat {seat} bets")
        if self.is_terminal():
            bettors = [s for s in range(self.players) if self.bets[s]]
            if bettors:
                best = max(bettors, key=lambda s: (self.hands[s].rank.index, -s))
                self.ledger.pay("pot", best, self.options.stake * len(bettors), "bet", WIN,
                                f"seat {best} holds the highest card")

    def outcome(self) -> Outcome:
        net = self.ledger.net(self.players)
        pot = self.ledger.balance("pot")
        return Outcome(tuple(net), "counter", Outcome.ahead(net) if self.is_terminal() else (), self.is_terminal(),
                       elsewhere=(("the pot", pot),) if pot else ())

    def dealer_and_eldest(self) -> tuple[int, int]:
        return self.players - 1, 0  # one deal, dealt by the last seat

    def held(self) -> list[list]:
        return [[c] for c in self.hands]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {**self.common_view(seat), "hands": [str(c) if seat is None or seat == i or self.is_terminal() else None
                          for i, c in enumerate(self.hands)], "bets": list(self.bets)}

    def summary(self) -> dict[str, Any]:
        return {"hands": [str(c) for c in self.hands], "ledger": self.ledger.to_json(),
                "net": self.ledger.net(self.players)}


class BoldBot(Bot):
    name = "bold"

    def choose(self, state: State, seat: int) -> str:
        return "bet"


def _analysis(state: ToyState, seat: int) -> dict:
    rank = state.hands[seat].rank.index
    return {"chance_best": round(rank / 12, 4)}


def _deal(options, *, players, seed):  # the parameters _DEAL declares
    state = ToyState(options, players, seed)
    while not state.is_terminal():
        state.apply("bet")
    rec = state.to_record()
    return rec, f"toy deal {rec['hands']}"


_DEAL = Command(_deal, (Param.players(2, 6, 2), Param.seed()), "one deal, every seat betting", compares=True)

SPEC = GameSpec(
    name="toy", title="Toy high card", options=ToyOptions,
    presets={"plain": Preset("plain", ToyOptions(), "conjectural", (cite("cotton1674", "p. 150"),), "defaults"),
             "double": Preset("double", ToyOptions(stake=2), "conjectural", (cite("cotton1674", "p. 150"),),
                              "two a bet")},
    default_preset="plain", player_range=(2, 6), new_state=ToyState,
    bots={"random": RandomBot, "bold": BoldBot}, commands={"deal": _DEAL}, analysis=_analysis)



def install() -> None:
    """Register the toy game (tests only; :func:`uninstall` removes it and its clauses again)."""
    registry._GAMES[SPEC.name] = SPEC
    for c in _SAVED:
        clauses._REGISTRY[c.id] = c


def uninstall() -> None:
    registry._GAMES.pop(SPEC.name, None)
    for cid in (BET, WIN):
        clauses._REGISTRY.pop(cid, None)


_SAVED = [clauses.get_clause(BET), clauses.get_clause(WIN)]
uninstall()  # nothing stays registered until a test asks for it

"""Last counter as a state machine: the toss, then each turn's take, until the heap is empty."""

from __future__ import annotations

from typing import Any

from gamester.ledger import Ledger
from gamester.state import TERMINAL, Bot, Outcome, RandomBot, Shape, State

from .rules import LAST, TAKE, LastCounterOptions


class LastCounterState(State):
    game, title, player_range = "last-counter", "Last counter", (2, 2)
    # One whole game (no deals), no dealer or eldest hand, and nothing hidden: both players see the heap.
    shape = Shape(rounds="game", roles=(), open=True)

    def __init__(self, options: LastCounterOptions, players: int, seed: int) -> None:
        super().__init__(options, players, seed)
        self.first = self.rng.randrange(2)   # the toss: the only chance in the game
        self.left = options.heap
        self.takes: list[tuple[int, int]] = []
        self.ledger = Ledger()

    @property
    def phase(self) -> str:
        return "over" if self.left == 0 else "taking"

    def current_player(self) -> int:
        return TERMINAL if self.left == 0 else (self.first + len(self.takes)) % 2

    def _legal(self) -> list[str]:
        return [f"take {k}" for k in range(1, min(self.options.most, self.left) + 1)]

    def _apply(self, action: str) -> None:
        seat, k = self.current_player(), int(action.split()[1])
        self.left -= k
        self.takes.append((seat, k))
        if self.left == 0:
            self.ledger.pay(1 - seat, seat, self.options.stake, "stake", LAST, "takes the last counter")

    # the game's own log, worded by its table
    def _opening(self) -> Any:
        return {"first": self.first, "heap": self.options.heap}

    def _event(self, seat: int, action: str, before: Any) -> Any:
        return {"seat": seat, "took": int(action.split()[1]), "left": self.left, "clause": TAKE}

    def outcome(self) -> Outcome:
        net = self.ledger.net(self.players)
        over = self.is_terminal()
        return Outcome(tuple(net), "counter", Outcome.ahead(net) if over else (), over,
                       "the last counter taken" if over else "", LAST if over else "")

    def held(self) -> list[list[Any]]:
        return [[], []]   # no cards: the heap is in the middle, seen by both

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {**self.common_view(seat), "left": self.left, "first": self.first,
                "takes": [list(t) for t in self.takes]}

    def summary(self) -> dict[str, Any]:
        return {"heap": self.options.heap, "first": self.first, "takes": [list(t) for t in self.takes],
                "ledger": self.ledger.to_json(), "net": self.returns()}


class WiseBot(Bot):
    """Leaves the heap a multiple of one more than a turn's most, when it can; else takes one."""

    name = "wise"
    title = "leaves the heap where the other cannot win, when it can"

    def choose(self, state: State, seat: int) -> str:
        k = state.left % (state.options.most + 1)
        return f"take {k or 1}"


BOTS = {"random": RandomBot, "wise": WiseBot}

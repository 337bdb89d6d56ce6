"""Games as state machines (after OpenSpiel and boardgame.io).

A game state has a phase, a current player (a seat, or ``TERMINAL``), ``legal_actions()`` and ``apply(action)``.
Actions are short strings (``"vye 2"``, ``"pass"``, ``"put"``, ``"play QS"``), so records are plain JSON and the
widgets need no parser of their own.

Chance is not a node of the game tree (the choice asked for in issue #10; OpenSpiel's ``CHANCE`` player is gone).
A state owns a ``random.Random(seed)`` and deals from it whenever the rules call for a deal, so that:
- a record stays ``{"game", "ruleset", "seed", "players", "actions"}`` (plus the game's summary), every action in
  it is a player's, and :func:`gamester.registry.replay` rebuilds the same state on CPython and Pyodide alike
  (``random.Random`` with an integer seed gives the same shuffle on both);
- no host, bot or widget ever has to act for chance, or be told which outcomes chance has;
- what a seat may not know stays inside the state, and the views (:meth:`State.view`) decide what is shown.
The price: a search cannot enumerate deals through the state; the odds modules enumerate hidden cards themselves.

Every state also gives :meth:`State.outcome`, one :class:`Outcome` in every game (after python-chess): the returns
per seat with their unit (counters or points), the winners as a tuple of seats, how the game ended in the game's own
words, and where the counters not with a seat lie; :meth:`State.returns` is its returns (the same numbers as the
record's ``returns_key`` field). It gives views that share three keys across games: ``to_act`` (the seat to act,
or ``None``), ``hands`` (per seat: the cards as text where the viewer may see them, else how many) and ``roles``
(``{"3": "dealer", "0": "eldest"}``: read from the deal being played, never from the seat number).

Games are not all dealt alike: each state class declares its :class:`Shape`, what its rounds are (deals, each in
the record's ``deals``, or one whole game), which roles its seats take (a dealer and an eldest hand only where the
game has them) and whether every seat sees everything (a game of perfect information, shown open).
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from .errors import IllegalActionError, NotationError, RulesetError
from .options import Options

TERMINAL = -2
UNITS = ("counter", "point")
ROUNDS = ("deal", "game")


@dataclass(frozen=True)
class Shape:
    """How a game is played out, declared by its state class (:attr:`State.shape`) and read by the core, the hosts
    and the tests instead of assuming a dealt card game.

    ``rounds``: ``"deal"``, a game of deals, each recorded under the record's ``deals`` (with its roles); or
    ``"game"``, one whole game, recorded as one. ``roles``: the roles its seats take in a round, as the round
    records them (``("dealer", "eldest")``; none for a game where nobody deals or leads by right).
    ``open``: a game of perfect information, where every seat sees every hand (the views hide nothing).
    """

    rounds: str = "deal"
    roles: tuple[str, ...] = ("dealer", "eldest")
    open: bool = False

    def __post_init__(self) -> None:
        if self.rounds not in ROUNDS:
            raise ValueError(f"a game's rounds are {' or '.join(ROUNDS)}, not {self.rounds!r}")

    @property
    def dealt(self) -> bool:
        return self.rounds == "deal"


@dataclass(frozen=True)
class Outcome:
    """What came of a game, or of it so far: the same shape in every game.

    ``returns``: per seat, what it won (+) or lost (-) over the game, in ``unit`` (``"counter"``: counters that
    changed hands; ``"point"``: points scored towards the game). ``winners``: the seats that won the game (both
    partners of a side; none while it is being played, or when nobody came out ahead). ``ended``: how it ended, in
    the game's words ("" while it is being played), and ``clause`` the rule that decided it, if one did.
    ``elsewhere``: the counters that lie with no seat, each with the game's name for where (``("the box", 1)``,
    ``("the pool", 4)``). ``zero_sum``: counters only change hands, so the returns and ``elsewhere`` sum to zero;
    points are not zero-sum.
    """

    returns: tuple[int, ...]
    unit: str
    winners: tuple[int, ...] = ()
    finished: bool = False
    ended: str = ""
    clause: str = ""
    elsewhere: tuple[tuple[str, int], ...] = ()
    zero_sum: bool = True

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"an outcome counts {' or '.join(UNITS)}, not {self.unit!r}")
        if any(not 0 <= w < len(self.returns) for w in self.winners):
            raise ValueError(f"winners {self.winners} are not all seats of {len(self.returns)}")
        if self.zero_sum and sum(self.returns) + sum(n for _, n in self.elsewhere) != 0:
            raise ValueError(f"counters not conserved: returns {self.returns}, elsewhere {self.elsewhere}")

    @staticmethod
    def ahead(returns: list[int] | tuple[int, ...]) -> tuple[int, ...]:
        """The seats that came out ahead: those with the most, if that is more than nothing."""
        top = max(returns, default=0)
        return tuple(s for s, v in enumerate(returns) if v == top) if top > 0 else ()

    def to_json(self) -> dict[str, Any]:
        return {"returns": list(self.returns), "unit": self.unit, "winners": list(self.winners),
                "finished": self.finished, "ended": self.ended, "clause": self.clause,
                "elsewhere": [list(x) for x in self.elsewhere], "zero_sum": self.zero_sum}


class Observer:
    """What one seat may see of a state, kept apart from the state (OpenSpiel's observers): the state's view
    (:meth:`State.view`), the game's card table and the tests' referees all ask the game's observer, so that what a
    seat is shown is decided in one place. ``seat`` ``None`` sees everything (tests, a teacher at the front).

    The core's rule is that of most card games: a seat sees its own hand and no other, and every hand when the game
    says its hands are open (:attr:`Shape.open`). A game whose players see
    less or more (Speculation's do not look at their own cards; Bone-Ace shows every hand at the end) subclasses
    this and names its class in :attr:`State.observer_class`. Questions on what is not a hand (a card face down on
    the table, another seat's exchange) are the game observer's own methods."""

    def __init__(self, state: State, seat: int | None) -> None:
        self.state = state
        self.seat = seat

    @property
    def everything(self) -> bool:
        """Whether this observer sees the whole state (no seat)."""
        return self.seat is None

    def own(self, owner: int) -> bool:
        """Whether it sees what only ``owner`` knows of his own play (what he was given, what he laid aside)."""
        return self.seat is None or self.seat == owner

    def hand(self, owner: int) -> bool:
        """Whether it sees the cards ``owner`` holds (:meth:`State.held`)."""
        return self.own(owner) or self.state.shape.open

    def public(self, owner: int) -> list[Any]:
        """The cards of ``owner``'s hand that lie face up for every seat (Bone-Ace's turned-up card and draws); the
        rest of a hand is seen only where :meth:`hand` says so."""
        return []


class State(ABC):
    """Common machinery; subclasses implement ``_legal``, ``_apply``, ``current_player`` and the views."""

    game: str = ""
    returns_key: str = "net"   # the record field that shows :meth:`returns` (Put: "score")
    title: str = ""
    player_range: tuple[int, int] = (1, 99)  # the fewest and most seats (each game sets its own)
    shape: Shape = Shape()     # a dealt card game with a dealer and an eldest hand, unless the game says otherwise
    observer_class: type[Observer] = Observer   # what a seat may see (a game with its own rule names its class)

    def __init__(self, options: Options, players: int, seed: int) -> None:
        lo, hi = self.player_range
        if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
            raise RulesetError(f"{self.title or self.game} is for {lo} to {hi} players, not {str(players)[:40]!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise NotationError(f"the deal number must be a whole number 0 .. 2**63-1, got {str(seed)[:40]!r}")
        self.options = options
        self.players = players     # how many seats this game has: a count, within the class's player_range
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[str] = []
        self.events: list[Any] = []   # the game's own log (see :meth:`log`)

    # -- the state-machine interface -------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL``."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """The current phase's name (an enum value in each game)."""

    @abstractmethod
    def _legal(self) -> list[str]:
        """Legal actions for the current player (empty when terminal)."""

    @abstractmethod
    def _apply(self, action: str) -> None:
        """Apply an action already known to be legal."""

    def seat_to_act(self) -> int | None:
        """The seat to act, or ``None`` once the game is over (:meth:`current_player` says :data:`TERMINAL`)."""
        cp = self.current_player()
        return None if cp == TERMINAL else cp

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    #: The legal actions at a step, as last listed (``(len(history), actions)``): a host asks for them more than
    #: once a move (its view, its table's buttons and prompt, then the next move's check), and they are listed once.
    _legal_kept: tuple[int, list[str]] | None = None

    def legal_actions(self) -> list[str]:
        kept = self._legal_kept
        if kept is None or kept[0] != len(self.history):
            kept = self._legal_kept = (len(self.history), [] if self.is_terminal() else self._legal())
        return list(kept[1])

    def apply(self, action: str) -> None:
        """Apply ``action`` for the current player; an illegal one raises and changes nothing."""
        if not isinstance(action, str):
            raise NotationError(f"an action is a string such as 'pass', not {str(action)[:60]!r}")
        action = " ".join(action.split())
        if self.is_terminal():
            raise IllegalActionError(f"action {action[:60]!r}: the game is over; state: {self.state_string()}")
        kept = self._legal_kept
        legal = kept[1] if kept is not None and kept[0] == len(self.history) else self._legal()
        if action not in legal:
            raise IllegalActionError(
                f"action {action[:60]!r} is not legal for seat {self.current_player()} in phase {self.phase}; "
                f"legal: {', '.join(legal) or 'none'}; state: {self.state_string()}")
        seat = self.current_player()
        if not self.events:
            self.events.append(self._opening())
        before = self._before()
        self._apply(action)
        self.history.append(action)
        self.events.append(self._event(seat, action, before))

    # -- the game's own log: what its table puts into words, kept as it plays (nothing replays a game to say it) ---
    def log(self) -> list[Any]:
        """What happened, as plain data in the game's own shape: the opening (how the game began), then one event
        per action, in the order played. Each is made when it happens, from what the action changed, and never
        changes after; a game's table words them (:func:`gamester.table.log_groups`)."""
        if not self.events:
            self.events.append(self._opening())
        return self.events

    def _opening(self) -> Any:
        """The log's first event, made from the state before any action (a game that keeps a log overrides it)."""
        return None

    def _before(self) -> Any:
        """What :meth:`_event` needs of the state as it was before an action (counts, the deal then played)."""
        return None

    def _event(self, seat: int, action: str, before: Any) -> Any:
        """The event of ``action`` by ``seat``, from ``before`` (:meth:`_before`) and the state after it."""
        return None

    @abstractmethod
    def outcome(self) -> Outcome:
        """What came of the game: final once :meth:`is_terminal`, the running totals before."""

    def returns(self) -> list[int]:
        """Per seat, the counters (or points) won or lost over the game (:attr:`Outcome.returns`): always the
        numbers of the record's ``returns_key`` field."""
        return list(self.outcome().returns)

    # -- views and records -----------------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: everything, for tests and show-downs), as JSON-ready data, with the
        keys every game shares (:meth:`common_view`)."""

    def dealer_and_eldest(self) -> tuple[int, int] | None:
        """The dealer and the eldest hand of the deal being played (or the last one), as that deal records them; a
        game whose :attr:`shape` has no such roles keeps the default, ``None``."""
        return None

    @abstractmethod
    def held(self) -> list[list[Any]]:
        """Per seat, the cards in hand now (the views hide what a seat may not see)."""

    def observer(self, seat: int | None) -> Observer:
        """What ``seat`` may see of this state (``None``: everything): the game's :attr:`observer_class`."""
        return self.observer_class(self, seat)

    def may_see(self, viewer: int | None, owner: int) -> bool:
        """Whether ``viewer`` (``None``: everybody, as in tests) may see the cards ``owner`` holds (the observer's
        :meth:`Observer.hand`; in an open game, :attr:`Shape.open`, everybody sees everything)."""
        return self.observer(viewer).hand(owner)

    def roles(self) -> dict[str, str]:
        """Seat (as text) -> its role in the round being played: the dealer and the eldest hand of a dealt game
        (:meth:`dealer_and_eldest`); a game with other roles overrides this, one with none gives ``{}``."""
        both = self.dealer_and_eldest()
        if both is None:
            return {}
        dealer, eldest = both
        return {str(eldest): "eldest", str(dealer): "dealer"}

    def common_view(self, seat: int | None) -> dict[str, Any]:
        """The keys every game's view has: ``to_act``, ``hands`` (text where ``seat`` may see, else a count) and
        ``roles``."""
        sees = self.observer(seat)
        hands: list[Any] = []
        for s, cards in enumerate(self.held()):
            hands.append(" ".join(map(str, cards)) if sees.hand(s) else len(cards))
        return {"to_act": self.seat_to_act(), "hands": hands, "roles": self.roles()}

    def deals_net(self) -> list[int]:
        """Each seat's counters won or lost over the deals, for a game whose ``deals`` each keep a ``ledger`` (the
        last one the deal in play): the finished deals' sum is kept (their ledgers no longer change), so a move
        adds only the deal in play."""
        deals: list[Any] = self.deals
        k, tot = getattr(self, "_net_done", (0, [0] * self.players))
        for d in deals[k:-1]:  # deals finished since (every deal but the last is finished)
            tot = [a + b for a, b in zip(tot, d.ledger.net(self.players), strict=True)]
        self._net_done = (len(deals) - 1, tot)
        return [a + b for a, b in zip(tot, deals[-1].ledger.net(self.players), strict=True)]

    def summary(self) -> dict[str, Any]:
        """Game-specific record fields (deals, ledger, score ...); subclasses extend."""
        return {}

    def to_record(self) -> dict[str, Any]:
        rec = {"game": self.game, "ruleset": self.options.to_string(), "seed": self.seed,
               "players": self.players, "actions": list(self.history)}
        rec.update(self.summary())
        return rec

    def state_string(self) -> str:
        """A compact replayable description for error messages."""
        return json.dumps({"game": self.game, "ruleset": self.options.to_string(), "seed": self.seed,
                           "players": self.players, "actions": self.history}, separators=(",", ":"))


class Bot(ABC):
    """A seeded computer player. ``name`` is what ``--bots`` and the widgets call it."""

    name: str = ""
    title: str = ""   # how it plays, in a reader's words (a settings form's choice): "plays at random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State, seat: int) -> str:
        """One of ``state.legal_actions()`` for ``seat`` (the current player)."""


class RandomBot(Bot):
    """Chooses uniformly among the legal actions: the baseline every game registers as ``random``."""

    name = "random"
    title = "plays at random"

    def choose(self, state: State, seat: int) -> str:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def bot_seed(seed: int, step: int, seat: int) -> int:
    """The seed of the bot that makes move ``step`` (the number of actions before it) for ``seat`` in a game dealt
    from ``seed``. The ONE bot-seeding rule: the CLI, the site's printed examples and the web API's bots all make
    a fresh bot per move with this seed, so the same seed and bot names give the same game everywhere, and a
    widget can let the bots finish any position (even one a reader has played into) exactly as the engine would."""
    return (seed * 1_000_003 + step * 1_009 + seat * 7 + 1) % 2**63


def bot_move(make_bot: Callable[[str, int], Bot], name: str, state: State) -> str:
    """The action bot ``name`` chooses for the seat to act (seeded by :func:`bot_seed`)."""
    seat = state.current_player()
    return make_bot(name, bot_seed(state.seed, len(state.history), seat)).choose(state, seat)


#: A host's budget of bot moves for the work in hand (``gamester.hosts.web_steps``: a request answered in steps), or
#: ``None``: its ``move(make_bot, name, state)`` gives each move :func:`play_bots` makes (replaying the moves of the
#: earlier steps, then asking the bots) and stops the work, by raising, once the step's moves are made.
BOT_BUDGET: ContextVar[Any] = ContextVar("gamester_bot_budget", default=None)


def play_bots(state: State, make_bot: Callable[[str, int], Bot], names: list[str],
              stop: Callable[[], bool] | None = None, max_steps: int = 100_000) -> State:
    """Let the bot ``names[seat]`` move for each seat (seeded by :func:`bot_seed`) until the game ends or
    ``stop()`` is true (each move through the :data:`BOT_BUDGET` in force, if any)."""
    budget = BOT_BUDGET.get()
    for _ in range(max_steps):
        if state.is_terminal() or (stop is not None and stop()):
            return state
        name = names[state.current_player()]
        state.apply(bot_move(make_bot, name, state) if budget is None else budget.move(make_bot, name, state))
    raise RuntimeError(f"game did not end within {max_steps} actions; state: {state.state_string()}")


def play_out(state: State, bots: list[Bot], max_steps: int = 100_000) -> State:
    """Let ``bots[seat]`` act until the game ends."""
    for _ in range(max_steps):
        p = state.current_player()
        if p == TERMINAL:
            return state
        state.apply(bots[p].choose(state, p))
    raise RuntimeError(f"game did not end within {max_steps} actions; state: {state.state_string()}")

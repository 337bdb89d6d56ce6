"""Every registered game as an OpenSpiel game: the engine's own state behind OpenSpiel's interface.

Nothing here knows a rule. The state is the engine's (``spec.new_state``), and so are the legal actions, their
effect, the returns (:meth:`gamester.state.State.returns`) and what each seat may see (the game's one observer,
:meth:`gamester.state.State.view`). What OpenSpiel needs and the engine does not have is made here, from it:

* Chance. The engine deals from its seeded ``random.Random`` inside ``apply`` (chance is no node of its tree).
  Here the deal is chance's: while the engine runs, :data:`gamester.cards.SHUFFLER` asks this state for each
  shuffle's order, and when chance has not chosen it yet the step is undone (it ran on a copy) and the state
  becomes a chance node that deals the pack from the top, one card an outcome (uniform over the cards left, so
  every order of the pack is equally likely, as the engine's shuffle makes it). When the whole order is chosen
  the step runs again with it. A chance outcome is a card's place in the full pack (:data:`CARDS`).
* Action numbers. An engine action is text (``"play QS"``, ``"vye 2"``); OpenSpiel's is a number. A player's
  action is its place in the engine's list of legal actions (0, 1, ...), and ``action_to_string`` gives the
  engine's text.
* Perfect recall. An information state is what the seat has seen: its view after every step of the game, and
  its own actions, in order.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pyspiel

from .. import all_games, get_game
from ..cards import FULL_PACK, SHUFFLER, Card
from ..errors import RulesetError
from ..registry import GameSpec
from ..state import State

#: The chance outcomes: every card of the full pack, by its place here.
CARDS: tuple[Card, ...] = FULL_PACK
_CARD_ID = {c: i for i, c in enumerate(CARDS)}
#: The most legal actions a position may have (checked as the game runs: a game that exceeds it says so).
MAX_ACTIONS = 128
#: The longest game OpenSpiel is told of (player and chance actions); the engine's games end long before.
MAX_LENGTH = 100_000
PREFIX = "gamester_"


def short_name(spec: GameSpec) -> str:
    """OpenSpiel's name of a registered game: ``gamester_`` and its name with ``_`` for ``-``."""
    return PREFIX + spec.name.replace("-", "_")


_SHARED_CARDS = {id(c): c for c in CARDS}


def copy_engine(state: State) -> State:
    """A copy of an engine state that shares what never changes (the cards, the options) and the seeded ``rng``
    (which the adapters do not deal from): five to ten times quicker than a plain deep copy."""
    memo = {**_SHARED_CARDS, id(state.options): state.options, id(state.rng): state.rng}
    return copy.deepcopy(state, memo)


class Held:
    """An engine state held by an OpenSpiel state: OpenSpiel copies its states with ``copy.deepcopy``, which
    comes here (:func:`copy_engine`)."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo) -> Held:
        return Held(None if self.state is None else copy_engine(self.state))


class _NeedShuffle(Exception):
    """The engine asked for a shuffle that chance has not dealt yet."""

    def __init__(self, cards: list[Card]) -> None:
        super().__init__(f"a shuffle of {len(cards)} cards")
        self.cards = cards


def _run_with_orders(orders: list[list[Card]], step):
    """Run ``step()`` with each shuffle taking the next of ``orders``; a shuffle beyond them raises
    :class:`_NeedShuffle`."""
    used = iter(orders)

    def shuffler(cards: list[Card]) -> list[Card]:
        order = next(used, None)
        if order is None:
            raise _NeedShuffle(cards)
        if sorted(map(_CARD_ID.__getitem__, order)) != sorted(map(_CARD_ID.__getitem__, cards)):
            raise RuntimeError("the engine shuffled another pack when the step ran again")
        return list(order)

    token = SHUFFLER.set(shuffler)
    try:
        return step()
    finally:
        SHUFFLER.reset(token)


def game_type(spec: GameSpec) -> pyspiel.GameType:
    lo, hi = spec.player_range
    return pyspiel.GameType(
        short_name=short_name(spec), long_name=f"Gamester: {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi, min_num_players=lo,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"ruleset": spec.default_preset, "options": "", "players": spec.seats()})


class EngineGame(pyspiel.Game):
    """A registered game under a ruleset (a preset's name or a ruleset string), with option overrides
    (``"k=v,k=v"``) and a number of players: OpenSpiel's parameters ``ruleset``, ``options``, ``players``."""

    def __init__(self, spec: GameSpec, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.spec = spec
        ruleset = str(params.get("ruleset", spec.default_preset))
        self.gamester_options = spec.options_for(ruleset, str(params.get("options", "")) or None)
        self.players = spec.check_players(int(params.get("players", spec.seats())))
        if self.players not in spec.allowed_players(self.gamester_options):
            raise RulesetError(f"{spec.title} under {ruleset} is not for {self.players} players")
        info = pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=len(CARDS),
                                num_players=self.players, min_utility=-1e9, max_utility=1e9, utility_sum=None,
                                max_game_length=MAX_LENGTH)
        super().__init__(game_type(spec), info, params)

    def new_initial_state(self) -> EngineState:
        return EngineState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        return ViewObserver(iig_obs_type, params)


class EngineState(pyspiel.State):
    """A position: the engine's state once dealt, and, while chance deals, the step waiting for it."""

    def __init__(self, game: EngineGame) -> None:
        super().__init__(game)
        self._name = game.spec.name  # the name, not the spec: a state is copied, a spec holds modules
        self._options = game.gamester_options
        self._n = game.players
        self._held = Held(None)              # the engine's state (None until the first deal is made)
        self._step: str | None = None       # the player's action waiting for chance (None: the first deal)
        self._orders: list[list[Card]] = []  # the pack orders chance has dealt for the waiting step
        self._pack: list[Card] = []          # the cards of the shuffle being dealt
        self._dealt: list[Card] = []         # ... and those dealt so far, from the top
        self._seen: list[list[str]] = [[] for _ in range(self._n)]
        self._waiting = True
        self._run()

    @property
    def engine(self) -> State | None:
        """The engine's state (None until the first deal is made)."""
        return self._held.state

    # -- running the engine ---------------------------------------------------------------------------------
    def _run(self) -> None:
        """Run the waiting step with the orders dealt so far: done, or waiting for another shuffle."""
        if self._step is None:
            step = lambda: get_game(self._name).new_state(self._options, self._n, 0)  # noqa: E731
        else:
            trial = copy_engine(self.engine)
            action = self._step

            def step() -> State:
                trial.apply(action)
                return trial
        try:
            done = _run_with_orders(self._orders, step)
        except _NeedShuffle as need:
            self._pack, self._dealt, self._waiting = need.cards, [], True
            return
        self._held.state, self._step, self._orders, self._waiting = done, None, [], False
        for seat in range(self._n):
            seen = json.dumps(done.view(seat), sort_keys=True, separators=(",", ":"))
            if not self._seen[seat] or self._seen[seat][-1] != seen:
                self._seen[seat].append(seen)

    def current_player(self) -> int:
        if self._waiting:
            return pyspiel.PlayerId.CHANCE
        if self.engine.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.engine.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        n = len(self.engine.legal_actions())
        if n > MAX_ACTIONS:
            raise RuntimeError(f"{n} legal actions: more than the {MAX_ACTIONS} this adapter numbers")
        return list(range(n))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(_CARD_ID[c] for c in self._pack if c not in set(self._dealt))
        return [(i, 1.0 / len(left)) for i in left]

    def _apply_action(self, action: int) -> None:
        if self._waiting:
            self._dealt.append(CARDS[action])
            if len(self._dealt) == len(self._pack) - 1:  # the last card is where it must be
                self._dealt += [c for c in self._pack if c not in set(self._dealt)]
            if len(self._dealt) == len(self._pack):
                self._orders.append(self._dealt)
                self._pack, self._dealt = [], []
                self._run()
            return
        text = self.engine.legal_actions()[action]
        self._seen[self.engine.current_player()].append(f"I: {text}")
        self._step = text
        self._run()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS[action]}"
        return self.engine.legal_actions()[action]

    def is_terminal(self) -> bool:
        return not self._waiting and self.engine.is_terminal()

    def returns(self) -> list[float]:
        """The engine's returns (counters or points over the game) at the end; nothing before (OpenSpiel's
        terminal reward model: the engine's running totals are in the observation)."""
        if not self.is_terminal():
            return [0.0] * self._n
        return [float(x) for x in self.engine.returns()]

    def information_state_string(self, player: int | None = None) -> str:
        return "\n".join(self._seen[self.current_player() if player is None else player])

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return "" if self.engine is None else json.dumps(self.engine.view(seat), sort_keys=True,
                                                         separators=(",", ":"))

    def __str__(self) -> str:
        if self.engine is None:
            return "(dealing)"
        return json.dumps(self.engine.view(None), sort_keys=True, separators=(",", ":"))


class ViewObserver:
    """The game's one observer as OpenSpiel's: strings only (a game's view has no fixed shape)."""

    def __init__(self, iig_obs_type=None, params=None) -> None:
        if params:
            raise ValueError(f"this observer takes no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: EngineState, player: int) -> None:
        pass

    def string_from(self, state: EngineState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def game_class(name: str) -> type[EngineGame]:
    """The class OpenSpiel makes the game with (a class: a registered closure crashes pyspiel at exit)."""

    def __init__(self, params=None):
        EngineGame.__init__(self, get_game(name), params)

    return type(f"EngineGame_{name.replace('-', '_')}", (EngineGame,), {"__init__": __init__})


def register_all() -> list[str]:
    """Register every game of the engine's registry with OpenSpiel (once); their short names."""
    names = []
    for spec in all_games().values():
        name = short_name(spec)
        if name not in pyspiel.registered_names():
            pyspiel.register_game(game_type(spec), game_class(spec.name))
        names.append(name)
    return names

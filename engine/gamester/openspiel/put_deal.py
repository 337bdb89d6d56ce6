"""Cotton's Put, one deal at a given score, as OpenSpiel's game ``gamester_put_deal``: the game the project solved.

The deal game of two-handed Put as the solver (``gamester solve put``) defines it: chance deals the eldest and the
dealer a hand of three ranks each (suits never count in Put), with the chance one shuffled pack gives that pair;
then the engine's own :class:`PutState` plays the deal (its legal actions, in the shipped strategy's words: one
``play R`` per rank held); the deal ends when the engine starts the next one or ends the game. The returns are
the chances of winning the game from the score the deal leads to (the shipped file's values, the deal then
passing), so they sum to one: the eldest's chance and the dealer's. An information state is the engine's key of
the decision (:func:`gamester.games.put.strategy.key`: role, score, dealt ranks, the deal's public actions), the
very key of the shipped strategy, which :func:`shipped_policy` reads into an OpenSpiel ``TabularPolicy``.

Parameters: ``ruleset`` (a solved one: ``stripped-28``, ``without-putting(pack=28)``), ``eldest`` and ``dealer``
(their points before the deal).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import comb
from typing import Any

import numpy as np
import pyspiel

from .. import get_game
from ..cards import SUITS, Card, pack
from ..errors import RulesetError
from ..games.put import strategy
from ..games.put.state import PutState
from .engine import Held

NAME = "gamester_put_deal"
#: Every action of the deal game, by number: the bets, then a play of each rank (best first, as many as the
#: largest pack has).
BETS = ("put", "see", "refuse", "throw-up")
MAX_RANKS = 13
PARAMS = {"ruleset": "stripped-28", "eldest": 0, "dealer": 0}
ELDEST, DEALER = 0, 1

GAME_TYPE = pyspiel.GameType(
    short_name=NAME, long_name="Cotton's Put: one deal at a given score",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2, min_num_players=2,
    provides_information_state_string=True, provides_information_state_tensor=False,
    provides_observation_string=True, provides_observation_tensor=True,
    parameter_specification=PARAMS)


def rank_hands(order: tuple[str, ...]) -> tuple[list[tuple[str, ...]], Counter]:
    """Every hand of three ranks the pack can deal, best first, and how many cards of each rank it holds."""
    suits = Counter(c.rank.text for c in pack(order))
    hands = [h for h in combinations_with_replacement(order, 3) if all(Counter(h)[r] <= suits[r] for r in h)]
    return hands, suits


def pair_chance(h1: tuple[str, ...], h2: tuple[str, ...], suits: Counter) -> float:
    """The chance that one shuffled pack deals the ranks ``h1`` to the eldest and ``h2`` to the dealer."""
    c1, c2 = Counter(h1), Counter(h2)
    ways = 1
    for r in set(c1) | set(c2):
        if c1[r] + c2[r] > suits[r]:
            return 0.0
        ways *= comb(suits[r], c1[r]) * comb(suits[r] - c1[r], c2[r])
    n = sum(suits.values())
    return ways / (comb(n, 3) * comb(n - 3, 3))


class PutDealGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**PARAMS, **(params or {})}
        spec = get_game("put")
        self.options = spec.options_for(str(p["ruleset"]))
        self.score = (int(p["eldest"]), int(p["dealer"]))
        self.data = strategy.solved(self.options.to_string())
        if self.data is None:
            raise RulesetError(f"no solved strategy ships for {p['ruleset']}: solved are "
                               + ", ".join(strategy.available()))
        g = self.options.game_points
        if not all(0 <= x < g for x in self.score):
            raise RulesetError(f"a score is 0 to {g - 1} points each, not {self.score[0]}-{self.score[1]}")
        self.values = {tuple(map(int, k.split("-"))): v for k, v in self.data["values"].items()}
        self.order = tuple(self.options.order)
        self.hands, suits = rank_hands(self.order)
        self.pairs = [(h1, h2, w) for h1 in self.hands for h2 in self.hands
                      if (w := pair_chance(h1, h2, suits)) > 0]
        self.actions = [*BETS, *(f"play {r}" for r in self.order)]
        self.action_id = {a: i for i, a in enumerate(self.actions)}
        info = pyspiel.GameInfo(num_distinct_actions=len(BETS) + MAX_RANKS, max_chance_outcomes=len(self.pairs),
                                num_players=2, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=12)
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> PutDealState:
        return PutDealState(self)

    def deal(self, pair: int) -> tuple[PutState, int]:
        """The engine's game at this score whose deal is the pair's ranks (suits given in turn), and the
        eldest's seat."""
        h1, h2, _ = self.pairs[pair]
        st = PutState(self.options, 2, 1)
        used: Counter = Counter()

        def cards(h: tuple[str, ...]) -> list[Card]:
            out = []
            for r in h:
                out.append(Card.parse(r + SUITS[used[r]]))
                used[r] += 1
            return out

        e = st.this_deal["eldest"]
        st.hands[e], st.hands[1 - e] = cards(h1), cards(h2)
        st.this_deal["hands"] = [" ".join(map(str, h)) for h in st.hands]
        st.score[e], st.score[1 - e] = self.score
        return st, e

    def make_py_observer(self, iig_obs_type=None, params=None) -> DealObserver:
        return DealObserver(self, iig_obs_type, params)


class PutDealState(pyspiel.State):
    def __init__(self, game: PutDealGame) -> None:
        super().__init__(game)
        self.pair: int | None = None
        self.words: list[str] = []          # the deal's actions, in the strategy file's words
        self._held = Held(None)
        self._eldest = 0

    @property
    def engine(self) -> PutState | None:
        return self._held.state

    @property
    def _engine(self) -> PutState | None:
        return self._held.state

    def _over(self) -> bool:
        st = self._engine
        return st is not None and (len(st.deals) > 1 or st.is_terminal())

    def current_player(self) -> int:
        if self._engine is None:
            return pyspiel.PlayerId.CHANCE
        if self._over():
            return pyspiel.PlayerId.TERMINAL
        return ELDEST if self._engine.current_player() == self._eldest else DEALER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, w) for i, (_, _, w) in enumerate(self.get_game().pairs)]

    def _legal_actions(self, player: int) -> list[int]:
        ids = self.get_game().action_id
        return sorted(ids[w] for w in strategy.words(self._engine))

    def _apply_action(self, action: int) -> None:
        game = self.get_game()
        if self._engine is None:
            self.pair = action
            self._held.state, self._eldest = game.deal(action)
            return
        word = game.actions[action]
        self._engine.apply(strategy.engine_action(self._engine, word))
        self.words.append(word)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.get_game()
        if player == pyspiel.PlayerId.CHANCE:
            h1, h2, _ = game.pairs[action]
            return f"deal {' '.join(h1)} to the eldest, {' '.join(h2)} to the dealer"
        return game.actions[action]

    def is_terminal(self) -> bool:
        return self._over()

    def eldest_chance(self) -> float:
        """The eldest's chance of winning the game once the deal is over (read from the engine's state)."""
        st, e = self._engine, self._eldest
        if st.winner is not None:
            return 1.0 if st.winner == e else 0.0
        nxt = st.this_deal["eldest"]  # the deal has passed: the next eldest and his score first
        v = self.get_game().values[(st.seat_score(nxt), st.seat_score(1 - nxt))]
        return v if nxt == e else 1.0 - v

    def returns(self) -> list[float]:
        if not self._over():
            return [0.0, 0.0]
        u = self.eldest_chance()
        return [u, 1.0 - u]

    def information_state_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        return strategy.key(self._engine, self._eldest if player == ELDEST else 1 - self._eldest)

    def observation_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        seat = self._eldest if player == ELDEST else 1 - self._eldest
        view = self._engine.view(seat)
        held = sorted((Card.parse(c) for c in view["hand"].split()), key=self._engine.value, reverse=True)
        trick = [c.rank.text for _, c in self._engine.trick]
        return (f"{('eldest', 'dealer')[player]}|{self._engine.seat_score(seat)}-"
                f"{self._engine.seat_score(1 - seat)}|holds {' '.join(c.rank.text for c in held)}|"
                f"trick {' '.join(trick)}|won {self._engine.tricks_won[seat]}-"
                f"{self._engine.tricks_won[1 - seat]}|put {'seen' if self._engine.put_seen else bool(self._engine.put_by is not None)}")

    def __str__(self) -> str:
        if self._engine is None:
            return "(dealing)"
        return self.information_state_string(ELDEST) + " / " + self.information_state_string(DEALER)


class DealObserver:
    """What a player sees of the deal, as OpenSpiel's observer: the string above, and a tensor of fixed shape (the
    ranks held, the rank led to him, the tricks won by each, whether a put is made and seen, his role)."""

    def __init__(self, game: PutDealGame, iig_obs_type=None, params=None) -> None:
        if params:
            raise ValueError(f"this observer takes no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.order = game.order
        r = len(self.order)
        pieces = [("held", r), ("led", r), ("won", 2 * 4), ("put", 2), ("role", 2)]
        self.tensor = np.zeros(sum(n for _, n in pieces), np.float32)
        self.dict = {}
        at = 0
        for name, n in pieces:
            self.dict[name] = self.tensor[at:at + n]
            at += n

    def set_from(self, state: PutDealState, player: int) -> None:
        self.tensor.fill(0)
        st = state.engine
        if st is None:
            return
        seat = state._eldest if player == ELDEST else 1 - state._eldest
        for c in st.hands[seat]:
            self.dict["held"][self.order.index(c.rank.text)] += 1
        for s, c in st.trick:
            if s != seat:
                self.dict["led"][self.order.index(c.rank.text)] = 1
        won = self.dict["won"].reshape(2, 4)
        won[0, min(st.tricks_won[seat], 3)] = 1
        won[1, min(st.tricks_won[1 - seat], 3)] = 1
        self.dict["put"][0] = st.put_by is not None
        self.dict["put"][1] = st.put_seen
        self.dict["role"][player] = 1

    def string_from(self, state: PutDealState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def shipped_policy(game: PutDealGame, states: dict[str, PutDealState] | None = None):
    """The shipped strategy at the game's score as an OpenSpiel ``TabularPolicy`` (``open_spiel.python.policy``):
    each information state's row from the file (renormalised; a decision the file leaves out, one with a single
    legal action or one its player's own strategy never reaches, is uniform). ``states``: one state per
    information state (:func:`information_states`), found by walking the tree when not given."""
    from open_spiel.python import policy as os_policy

    states = states if states is not None else information_states(game)
    pol = os_policy.TabularPolicy(game, states=states)
    rows = game.data["strategy"]
    for key, st in states.items():
        legal = st.legal_actions()
        row = rows.get(key) or {}
        p = np.array([row.get(game.actions[a], 0.0) for a in legal])
        p = p / p.sum() if p.sum() > 0 else np.full(len(legal), 1.0 / len(legal))
        probs = pol.policy_for_key(key)
        probs[:] = 0.0
        probs[legal] = p
    return pol


def information_states(game: PutDealGame) -> dict[str, PutDealState]:
    """One state of every information state of the deal game (a walk of the whole tree)."""
    out: dict[str, PutDealState] = {}
    stack = [game.new_initial_state().child(a) for a, _ in game.new_initial_state().chance_outcomes()]
    while stack:
        st = stack.pop()
        if st.is_terminal():
            continue
        out.setdefault(st.information_state_string(), st)
        stack.extend(st.child(a) for a in st.legal_actions())
    return out


def register() -> str:
    if NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, PutDealGame)
    return NAME

"""Cotton's Put, one deal at a given score, as OpenSpiel's game ``gamester_put_deal``: the game the project solved
(registered by :func:`gamester.openspiel.register`; needs ``open-spiel``, so the engine never imports it and the
browser's wheel leaves it out).

The deal game of two-handed Put as the solver (``gamester solve put``) defines it: chance deals the eldest and the
dealer a hand of three ranks each (suits never count in Put), with the chance one shuffled pack gives that pair;
then the engine's own :class:`PutState` plays the deal (its legal actions, in the shipped strategy's words: one
``play R`` per rank held); the deal ends when the engine starts the next one or ends the game. The returns are
the chances of winning the game from the score the deal leads to (the shipped file's values, the deal then
passing), so they sum to one: the eldest's chance and the dealer's. An information state is the engine's key of
the decision (:func:`gamester.games.put.strategy.key`: role, score, dealt ranks, the deal's public actions), the
very key of the shipped strategy, which :func:`shipped_policy` reads into an OpenSpiel ``TabularPolicy``.

Parameters: ``ruleset`` (a solved one: ``stripped-28``, ``without-putting(pack=28)``), ``eldest`` and ``dealer``
(their points before the deal), ``every`` (1: every pair of hands; k: a sample of the game for quick checks, every
k-th pair with the chances of those kept scaled to sum to one).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import comb
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from ... import get_game
from ...cards import SUITS, Card, pack
from ...errors import RulesetError
from . import strategy
from .state import PutState

NAME = "gamester_put_deal"
#: Every action of the deal game, by number: the bets, then a play of each rank (best first, as many as the
#: largest pack has).
BETS = ("put", "see", "refuse", "throw-up")
MAX_RANKS = 13
PARAMS = {"ruleset": "stripped-28", "eldest": 0, "dealer": 0, "every": 1}
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


class Node(NamedTuple):
    player: int                  # ELDEST, DEALER or OpenSpiel's TERMINAL
    legal: tuple[int, ...]
    eldest: float                # at a terminal: the eldest's chance of winning the game
    keys: tuple[str, str]        # the eldest's and the dealer's information state (the file's keys)


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
        pairs = [(h1, h2, w) for h1 in self.hands for h2 in self.hands if (w := pair_chance(h1, h2, suits)) > 0]
        every = int(p["every"])
        if every < 1:
            raise RulesetError(f"every is a whole number from 1, not {every}")
        kept = pairs[::every]
        total = sum(w for _, _, w in kept)
        self.pairs = [(h1, h2, w / total) for h1, h2, w in kept]
        self.actions = [*BETS, *(f"play {r}" for r in self.order)]
        self.action_id = {a: i for i, a in enumerate(self.actions)}
        self._nodes: dict[tuple[int, tuple[str, ...]], Node] = {}
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

    def _position(self, pair: int, words: tuple[str, ...]) -> tuple[PutState, int]:
        """The engine's state after ``words`` in the deal of ``pair``, and the eldest's seat. (Played afresh: a
        copy of the position before costs as much as the deal and its few actions.)"""
        st, e = self.deal(pair)
        for w in words:
            st.apply(strategy.engine_action(st, w))
        return st, e

    def replay(self, pair: int, words: tuple[str, ...]) -> tuple[PutState, int]:
        """The engine's state after ``words`` in the deal of ``pair``, and the eldest's seat."""
        return self._position(pair, words)

    def node(self, pair: int, words: tuple[str, ...]) -> Node:
        """What the engine says of a position (asked once, then kept)."""
        got = self._nodes.get((pair, words))
        if got is None:
            st, e = self._position(pair, words)
            keys = ("", "")
            if len(st.deals) > 1 or st.is_terminal():  # the deal is over
                player, legal, u = pyspiel.PlayerId.TERMINAL, (), self._eldest_chance(st, e)
            else:
                player, u = (ELDEST if st.current_player() == e else DEALER), 0.0
                legal = tuple(sorted(self.action_id[w] for w in strategy.words(st)))
                keys = (strategy.key(st, e), strategy.key(st, 1 - e))
            got = self._nodes[(pair, words)] = Node(player, legal, u, keys)
        return got

    def _eldest_chance(self, st: PutState, e: int) -> float:
        """The eldest's chance of winning the game once the deal is over, from the engine's state: the game's
        winner, or the shipped value at the score the deal leaves, the deal passing."""
        if st.winner is not None:
            return 1.0 if st.winner == e else 0.0
        nxt = st.this_deal["eldest"]  # the next deal's eldest (the deal has passed), his points first
        v = self.values[(st.seat_score(nxt), st.seat_score(1 - nxt))]
        return v if nxt == e else 1.0 - v

    def make_py_observer(self, iig_obs_type=None, params=None) -> DealObserver:
        return DealObserver(self, iig_obs_type, params)


class PutDealState(pyspiel.State):
    """A position of the deal: the pair of hands chance dealt and the actions since, in the file's words. What the
    engine makes of them (whose turn, the legal actions, the keys, the result) is asked of the engine once per
    position and kept by the game (:meth:`PutDealGame.node`), so that OpenSpiel's walks of the tree, which copy
    states at every step, copy two small values."""

    def __init__(self, game: PutDealGame) -> None:
        super().__init__(game)
        self.pair: int | None = None
        self.words: tuple[str, ...] = ()

    def _node(self) -> Node:
        return self.get_game().node(self.pair, self.words)

    @property
    def engine(self) -> PutState | None:
        """The engine's state of this position (made afresh: the deal, then the actions)."""
        return None if self.pair is None else self.get_game().replay(self.pair, self.words)[0]

    def current_player(self) -> int:
        if self.pair is None:
            return pyspiel.PlayerId.CHANCE
        return self._node().player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, w) for i, (_, _, w) in enumerate(self.get_game().pairs)]

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._node().legal)

    def _apply_action(self, action: int) -> None:
        if self.pair is None:
            self.pair = action
        else:
            self.words = (*self.words, self.get_game().actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.get_game()
        if player == pyspiel.PlayerId.CHANCE:
            h1, h2, _ = game.pairs[action]
            return f"deal {' '.join(h1)} to the eldest, {' '.join(h2)} to the dealer"
        return game.actions[action]

    def is_terminal(self) -> bool:
        return self.pair is not None and self._node().player == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        u = self._node().eldest
        return [u, 1.0 - u]

    def information_state_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        return self._node().keys[player]

    def observation_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        st, e = self.get_game()._position(self.pair, self.words)
        seat = e if player == ELDEST else 1 - e
        held = sorted(st.hands[seat], key=st.value, reverse=True)
        trick = " ".join(c.rank.text for _, c in st.trick)
        put = "seen" if st.put_seen else "made" if st.put_by is not None else "none"
        return (f"{('eldest', 'dealer')[player]}|{st.seat_score(seat)}-{st.seat_score(1 - seat)}|holds "
                f"{' '.join(c.rank.text for c in held)}|trick {trick}|won {st.tricks_won[seat]}-"
                f"{st.tricks_won[1 - seat]}|put {put}")

    def __str__(self) -> str:
        if self.pair is None:
            return "(dealing)"
        return " / ".join(self._node().keys)


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
        if state.pair is None:
            return
        st, e = state.get_game()._position(state.pair, state.words)
        seat = e if player == ELDEST else 1 - e
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


def information_states(game) -> dict[str, pyspiel.State]:
    """One state of every information state of the deal game (a walk of the whole tree)."""
    return walk(game)[1]


def walk(game) -> tuple[dict[str, int], dict[str, pyspiel.State]]:
    """A walk of the whole tree of the deal game (or of OpenSpiel's cached copy of it,
    ``pyspiel.convert_to_cached_tree(game)``, whose later walks stay in C++): how many chance nodes, pairs of
    hands, decisions, decisions with a choice and terminals it has, and one state of every information state."""
    counts = {"chance": 1, "pairs": 0, "decisions": 0, "choices": 0, "terminals": 0}
    states: dict[str, pyspiel.State] = {}
    root = game.new_initial_state()
    stack = [root.child(a) for a, _ in root.chance_outcomes()]
    counts["pairs"] = len(stack)
    while stack:
        st = stack.pop()
        if st.is_terminal():
            counts["terminals"] += 1
            continue
        legal = st.legal_actions()
        counts["decisions"] += 1
        counts["choices"] += len(legal) > 1
        states.setdefault(st.information_state_string(), st)
        stack.extend(st.child(a) for a in legal)
    return counts, states


def register() -> list[str]:
    """Register the deal game with OpenSpiel (once); its name."""
    if NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, PutDealGame)
    return [NAME]

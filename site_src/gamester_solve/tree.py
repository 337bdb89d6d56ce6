"""The deal of two-handed Put as a game tree over pairs of rank hands, built from the engine's rules.

The two-handed rules, as :class:`gamester.games.put.state.PutState` implements them (the definition this module
follows; ``tests/solver/test_tree_vs_engine.py`` checks every line of every deal of the 28-card pack against it):

* Deal: three cards each from one pack (52 cards, or 28 with the Four to the Nine stripped); suits never count, so
  a hand is a multiset of ranks. The eldest (the player after the dealer) leads to the first trick; the deal passes
  to the other player after every deal, including a deal that scores nothing.
* Tricks: any card may be led and any card played to it; the higher rank wins and leads next; equal ranks tie the
  trick and the same player leads again. Two tricks, or one trick and two ties, win the deal; one trick each and a
  tie ("trick and tie") or three ties win nothing. The deal stops as soon as the cards left cannot change who wins.
* ``cotton-1674`` and ``stripped-28``: only before the first card of the deal may the player to lead (the eldest)
  put. The dealer sees or refuses. Refused: the putter scores one point and the deal ends. Seen: the deal is played
  out and its winner wins the game; a seen deal that nobody wins scores nothing. A deal played without a put scores
  one point to its winner. Five points up is the game. No throwing up.
* ``reconstruction``: whoever is about to lead to any trick may put, once a deal; either player may throw up his
  cards at his turn to play (not once a put is seen, and not while answering a put): the other scores one point and
  the deal ends. A deal played out, put or no put, wins the game outright. Five points up is the game.
* ``without-putting``: every deal is played out; its winner scores one point; five up.

A terminal of the tree is one of five outcomes (:data:`OUTCOMES`): the game to the eldest or the dealer, a point to
either, or nothing (the deal is dealt again with the roles swapped).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product
from math import comb

ELDEST, DEALER = 0, 1
ROLES = ("eldest", "dealer")
#: terminal outcomes: game to the eldest, game to the dealer, a point to the eldest, a point to the dealer, nothing
GAME_E, GAME_D, POINT_E, POINT_D, NOTHING = range(5)
OUTCOMES = ("game-eldest", "game-dealer", "point-eldest", "point-dealer", "nothing")


@dataclass(frozen=True)
class Rules:
    """The two-handed rules of one ruleset, read from :class:`PutOptions`."""

    order: tuple[str, ...]      # ranks best first, in the engine's notation
    betting: str                # "put" or "none"
    put_at: str                 # "first-lead" or "any-lead"
    throw_up: bool
    unput_game: bool            # a deal played out without a put wins the game
    game_points: int
    suits: int = 4

    @classmethod
    def from_options(cls, o) -> Rules:
        if o.betting not in ("put", "none"):
            raise ValueError(f"the solver covers Put with or without putting, not betting={o.betting}")
        if o.rubber != 1:
            raise ValueError("the solver covers a single game (rubber=1)")
        return cls(tuple(o.order), o.betting, o.put_at, o.throw_up == "allowed", o.unput_deal == "game",
                   o.game_points)

    @property
    def ranks(self) -> int:
        return len(self.order)

    def name(self, v: int) -> str:
        """The engine's notation of rank value ``v`` (1 = the lowest)."""
        return self.order[self.ranks - v]


def hands(rules: Rules) -> list[tuple[int, ...]]:
    """Every hand as a tuple of rank values best first (1 = the lowest rank)."""
    out = [tuple(sorted(h, reverse=True))
           for h in combinations_with_replacement(range(1, rules.ranks + 1), 3)]
    return sorted({h for h in out if max(Counter(h).values()) <= rules.suits}, reverse=True)


def pair_weight(rules: Rules, h1: tuple[int, ...], h2: tuple[int, ...]) -> float:
    """The chance that the eldest is dealt rank hand ``h1`` and the dealer ``h2`` from one shuffled pack."""
    c1, c2 = Counter(h1), Counter(h2)
    ways = 1
    for r in set(c1) | set(c2):
        a, b = c1[r], c2[r]
        if a + b > rules.suits:
            return 0.0
        ways *= comb(rules.suits, a) * comb(rules.suits - a, b)
    n = rules.suits * rules.ranks
    return ways / (comb(n, 3) * comb(n - 3, 3))


def deal_result(won: tuple[int, int]) -> int | None:
    """As the engine's: the player with more tricks (at least one), or None."""
    if won[0] == won[1] or max(won) == 0:
        return None
    return 0 if won[0] > won[1] else 1


def decided(won: tuple[int, int], left: int) -> bool:
    if left == 0:
        return True
    outs = set()
    for assign in product((None, 0, 1), repeat=left):
        w = list(won)
        for x in assign:
            if x is not None:
                w[x] += 1
        outs.add(deal_result((w[0], w[1])))
        if len(outs) > 1:
            return False
    return True


@dataclass
class DealState:
    """The deal in progress (the solver's own copy of the engine's two-handed state machine)."""

    rules: Rules
    hands: list[list[int]]
    history: list[str] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks: int = 0
    won: list[int] = field(default_factory=lambda: [0, 0])
    leader: int = ELDEST
    to_act: int = ELDEST
    played: int = 0
    put_by: int | None = None
    put_seen: bool = False
    answering: bool = False
    outcome: int | None = None

    def copy(self) -> DealState:
        return DealState(self.rules, [list(h) for h in self.hands], list(self.history), list(self.trick),
                         self.tricks, list(self.won), self.leader, self.to_act, self.played, self.put_by,
                         self.put_seen, self.answering, self.outcome)

    def legal(self) -> list[str]:
        r = self.rules
        if self.answering:
            return ["see", "refuse"]
        s = self.to_act
        acts = [f"play {r.name(v)}" for v in sorted(set(self.hands[s]), reverse=True)]
        if r.betting == "put" and self.put_by is None and not self.trick and (
                r.put_at == "any-lead" or not self.played):
            acts.append("put")
        if r.throw_up and not self.put_seen:
            acts.append("throw-up")
        return acts

    def apply(self, action: str) -> None:
        r = self.rules
        s = self.to_act
        self.history.append(action)
        if action == "put":
            self.put_by = s
            self.answering = True
            self.to_act = 1 - s
        elif action == "see":
            self.answering = False
            self.put_seen = True
            self.to_act = self.put_by
        elif action == "refuse":
            self.outcome = POINT_E if self.put_by == ELDEST else POINT_D
        elif action == "throw-up":
            self.outcome = POINT_D if s == ELDEST else POINT_E
        else:
            v = r.ranks - r.order.index(action.split()[1])
            self.hands[s].remove(v)
            self.played += 1
            self.trick.append((s, v))
            if len(self.trick) == 1:
                self.to_act = 1 - s
                return
            (p1, v1), (p2, v2) = self.trick
            self.trick = []
            self.tricks += 1
            if v1 != v2:
                w = p1 if v1 > v2 else p2
                self.won[w] += 1
                self.leader = w
            self.to_act = self.leader
            if decided((self.won[0], self.won[1]), 3 - self.tricks):
                self._finish()

    def _finish(self) -> None:
        r = self.rules
        w = deal_result((self.won[0], self.won[1]))
        if w is None:
            self.outcome = NOTHING
        elif r.betting == "put" and (self.put_seen or r.unput_game):
            self.outcome = GAME_E if w == ELDEST else GAME_D
        else:
            self.outcome = POINT_E if w == ELDEST else POINT_D


def hand_text(rules: Rules, h: tuple[int, ...]) -> str:
    return " ".join(rules.name(v) for v in h)


def lines(rules: Rules, h1: tuple[int, ...], h2: tuple[int, ...]):
    """Every line of play of the deal: ``(actions, outcome)``, depth first in the order of the legal actions."""
    stack = [DealState(rules, [list(h1), list(h2)])]
    while stack:
        st = stack.pop()
        if st.outcome is not None:
            yield st.history, st.outcome
            continue
        for a in reversed(st.legal()):
            c = st.copy()
            c.apply(a)
            stack.append(c)

"""Put: the bots (equilibrium, calculating, cautious, bold, random)."""

from __future__ import annotations

from ...cards import (
    Card,
)
from ...state import Bot, RandomBot
from . import strategy
from .analysis import analysis, odds_against_strong
from .state import Phase, PutState


# -- bots -----------------------------------------------------------------------------------------------------
def _need(state: PutState, seat: int) -> tuple[int, int]:
    target = state.options.game_points
    me = state.seat_score(seat)
    them = max(state.score[x] for x in range(state.sides) if x != state.side(seat))
    return target - me, target - them


GAMMA = 1.0


def _game_chance(need_me: int, need_them: int) -> float:
    """A rough chance of winning the game from the points each side still needs."""
    if need_them <= 0:
        return 0.0
    if need_me <= 0:
        return 1.0
    return need_them ** GAMMA / (need_me ** GAMMA + need_them ** GAMMA)


class _PutBot(Bot):
    """Shared card play: heuristics (win cheaply, else throw the lowest); subclasses decide puts and answers."""

    put_at = 0.8       # put when the chance of winning the deal is at least this
    see_at = 0.55      # see when the chance is at least this
    bluff = 0.0        # chance of putting whatever the cards
    throw_at = 0.0     # throw up (where allowed) below this chance
    exact_play = False

    def choose(self, state: PutState, seat: int) -> str:
        legal = state.legal_actions()
        ph = state.phase
        if ph == Phase.EXCHANGE:
            if legal[0].startswith("give"):
                return legal[0]
            return legal[-1]  # discard the lowest (legal is best first)
        info = analysis(state, seat, estimate=False)  # the bots do without sampled odds (too slow for playouts)
        p = info["win"]
        if p is None:
            p = self._strength(state, seat)
            lose = 1 - p
        else:
            lose = info["lose"]
        if ph == Phase.ANSWER_PUT:
            return "see" if self._see(state, seat, p, lose) else "refuse"
        if ph == Phase.ANSWER_DOUBLE:
            return "accept" if p - lose >= -0.5 + (0.25 if self.see_at > 0.5 else 0.0) else "refuse"
        if "put" in legal and self._put(state, seat, p, lose):
            return "put"
        if "double" in legal and p - lose >= (0.5 if self.see_at > 0.5 else 0.3):
            return "double"
        if "throw-up" in legal and self._throw(state, seat, p, lose):
            return "throw-up"
        plays = [a for a in legal if a.startswith("play ")]
        if self.exact_play and info.get("cards"):
            cards = info["cards"]
            return max(plays, key=lambda a: (cards[a]["win"] - cards[a]["lose"], cards[a]["win"], -plays.index(a)))
        return self._heuristic_play(state, seat, plays)

    def _strength(self, state: PutState, seat: int) -> float:
        """Without exact odds: the mean rank of the hand, scaled 0..1."""
        hand = state.hands[seat]
        if not hand:
            return 0.5
        top = len(state.order)
        return sum(state.value(c) - 1 for c in hand) / (len(hand) * (top - 1))

    def _heuristic_play(self, state: PutState, seat: int, plays: list[str]) -> str:
        cards = [(state.value(Card.parse(a.split()[1])), a) for a in plays]  # best first
        if not state.trick:
            return cards[0][1]  # lead the best
        top = max(state.value(c) for _, c in state.trick)
        beating = [x for x in cards if x[0] > top]
        if beating:
            return beating[-1][1]  # the cheapest winner
        equal = [x for x in cards if x[0] == top]
        if equal:
            return equal[0][1]
        return cards[-1][1]

    def _put(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        return p >= self.put_at or self.rng.random() < self.bluff

    def _see(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        need_me, need_them = _need(state, seat)
        if need_them <= 1:
            return True  # refusing would give the game away
        return p >= self.see_at

    def _throw(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        return p < self.throw_at and _need(state, seat)[1] > 1


class CautiousBot(_PutBot):
    """Puts only on very good cards, sees only on good ones, never bluffs."""

    name = "cautious"
    title = "cautious: puts only on very good cards"
    put_at = 0.8
    see_at = 0.6
    throw_at = 0.1


class BoldBot(_PutBot):
    """Puts often and sometimes on very bad cards, as Cotton's 'right Gamester' does (put.strategy.bluff)."""

    name = "bold"
    title = "bold: puts often, sometimes on bad cards"
    put_at = 0.5
    see_at = 0.35
    bluff = 0.3


class CalculatingBot(_PutBot):
    """Plays each card by the exact odds, and puts, sees, doubles and throws up by weighing them against the
    score (a put signals a good hand, so it sees only with a margin)."""

    name = "calculating"
    title = "weighs the odds of the deal against the score (exact at two hands)"
    exact_play = True
    see_at = 0.55
    bluff = 0.05

    #: a put or a see says the hand behind it is good: the uniform odds are lowered by this much when the other
    #: has put (answering) or would see (putting)
    signal = 0.1
    #: the share of hands the other is taken to put with, and to see with, where the exact odds can be conditioned
    puts_with = 0.35
    throw_margin = 0.15  # throw up only when clearly worse off playing on (measured: see benchmarks/bench_put.py)
    sees_with = 0.5

    def _values(self, state: PutState, seat: int, p: float, lose: float) -> dict[str, float]:
        """Rough chances of winning the game after each choice, from the deal odds and the points still needed."""
        a, b = _need(state, seat)
        tie = max(0.0, 1 - p - lose)
        g = _game_chance
        for_game = state.put_seen or state.options.unput_deal == "game"
        play = p + tie * g(a, b) if for_game else p * g(a - 1, b) + lose * g(a, b - 1) + tie * g(a, b)
        ps = max(0.0, p - self.signal)
        return {"play": play, "throw": g(a, b - 1), "refused": g(a - 1, b),
                "seen": ps + tie * g(a, b), "see": ps + tie * g(a, b)}

    def _put(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        v = self._values(state, seat, p, lose)
        strong = odds_against_strong(state, seat, self.sees_with)
        if strong is not None:  # the other sees only with a good hand: weigh the seen put against those
            v["seen"] = self._values(state, seat, strong[0] + self.signal, strong[1])["seen"]
        if min(v["seen"], v["refused"]) >= v["play"] - 0.02 and p >= 0.5:
            return True
        return p < 0.25 and self.rng.random() < self.bluff

    def _see(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        strong = odds_against_strong(state, seat, self.puts_with)
        if strong is not None:  # the putter is taken to hold one of the best hands
            p, lose = strong[0] + self.signal, strong[1]
        v = self._values(state, seat, p, lose)
        return v["see"] >= v["throw"]

    def _throw(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        if state.options.betting != "put":
            return False
        v = self._values(state, seat, p, lose)
        return v["throw"] > v["play"] + self.throw_margin


class EquilibriumBot(CalculatingBot):
    """Samples the solved equilibrium of two-handed Put (the strategy files of :mod:`.strategy`, written by the
    solver); where no solved strategy covers the game (another ruleset, more players) it plays as ``calculating``,
    and so it does after each deal's first decisions where only a summary of the strategy ships."""

    name = "equilibrium"
    title = "plays the solved strategy of two-handed Put where the edition carries it, else by the odds"

    def choose(self, state: PutState, seat: int) -> str:
        probs = strategy.probabilities(state, seat)
        if probs is None:
            return super().choose(state, seat)
        x = self.rng.random()
        acc = 0.0
        pick = None
        for word, p in probs.items():
            if p <= 0:
                continue
            pick = word
            acc += p
            if x < acc:
                break
        return strategy.engine_action(state, pick)


class PutRandomBot(RandomBot):
    """Uniform over the legal actions (the baseline)."""


#: The strongest first (the widgets' default opponent is the first bot that is not ``random``): ``equilibrium``,
#: which plays as ``calculating`` wherever no solved strategy covers the game.
BOTS = {"equilibrium": EquilibriumBot, "calculating": CalculatingBot, "cautious": CautiousBot, "bold": BoldBot,
        "random": PutRandomBot}

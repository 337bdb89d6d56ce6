"""Post and Pair: the bots (random, cautious, bold)."""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import (
    Card,
)
from ...state import Bot, RandomBot
from .hands import PAIR, POST, ROYAL, TRUMP_RANK, card_index, cards_mask, hand_table, table_entry
from .rules import PostAndPairOptions
from .state import Phase, PostAndPairState


def hand_strength(cards: Sequence[Card], options: PostAndPairOptions | None = None) -> float:
    """A rough 0..1 value of a hand seen alone: Pair-royals, then Pairs, Posts and high cards."""
    opts = options or PostAndPairOptions()
    e = table_entry(hand_table(opts), cards_mask(cards), opts)
    if e[ROYAL]:
        return 1.0
    s = 0.0
    if e[PAIR]:
        s = max(s, 0.5 + 0.3 * e[PAIR] / 13)
    if e[POST]:
        size, twice = divmod(e[POST], 64)
        s = max(s, (0.35 if size == 3 else 0.15) + 0.3 * twice / 42)
    top = max(TRUMP_RANK[card_index(c) % 13] for c in cards)
    return max(s, 0.05 + 0.3 * top / 13)


class _HeuristicBot(Bot):
    boldness = 0.0  # added to the hand's strength
    bluff = 0.0     # chance of vying on anything

    def choose(self, state: PostAndPairState, seat: int) -> str:
        legal = state.legal_actions()
        s = hand_strength(state.hands[seat], state.options) + self.boldness
        roll = self.rng.random()
        if state.phase == Phase.SEAT:
            return "seat" if s > 0.3 or roll < 0.3 + self.boldness else "abandon"
        if state.phase == Phase.PART:
            return "show" if s > 0.6 - self.boldness / 2 else "part"
        vyes = [a for a in legal if a.startswith("vye ")]
        revyes = [a for a in legal if a.startswith("revye ")]
        if vyes:
            if s > 0.62 or roll < self.bluff:
                return vyes[min(len(vyes) - 1, int(s * len(vyes)))]
            if "double" in legal:
                return "double" if s < 0.4 else "play out"
            for a in ("pass", "drop"):
                if a in legal:
                    return a
            return legal[-1]
        if revyes and (s > 0.8 or roll < self.bluff / 2):
            return revyes[min(len(revyes) - 1, int(s * len(revyes)))]
        return "match" if s > 0.5 or roll < self.bluff else "fold"


class CautiousBot(_HeuristicBot):
    """Stakes and vyes only on good cards; parts stakes rather than show a middling hand."""

    name = "cautious"
    title = "cautious: vyes only on good cards, and parts rather than show a middling hand"


class BoldBot(_HeuristicBot):
    """Cotton's 'daring' gamester: vyes and re-vyes on indifferent cards and seldom folds."""

    name = "bold"
    title = "bold: vyes on middling cards and seldom folds"
    boldness = 0.2
    bluff = 0.35


BOTS = {"random": RandomBot, "cautious": CautiousBot, "bold": BoldBot}
DEFAULT_BOTS = ("bold", "cautious")  # seat i plays DEFAULT_BOTS[i % 2]

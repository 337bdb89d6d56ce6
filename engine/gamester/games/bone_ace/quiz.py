"""Bone-Ace's exercises (see :mod:`gamester.quiz`), at two levels: who carries the Bone, from the cards turned up
(the first thing decided at the table), and who wins the Game, from a deal the cautious computer players have drawn
to the end (the cards counted and compared with one and thirty).

A draw whose answer turns on a tie settled by the eldest hand, or on a spent stock, is refused: the answer must
follow from the cards and the rule named, not from the fine print.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import RANK_PLURALS, Card
from ...errors import RulesetError
from ...quiz import card_words, exercise, first, intended
from ...state import play_out
from ...words import player
from . import rules as R
from .bots import CautiousBot
from .state import BoneAceState

KINDS = {"bone": "who carries the Bone, from the cards turned up",
         "game": "who wins the Game, counting to one and thirty"}
#: Two levels of each kind (for a host that offers levels: ``make(..., level=2)``).
LEVELS = {"bone": {1: "the biggest card plainly wins", 2: "the Ace of Diamonds or three of a kind decide it"},
          "game": {1: "four players, nobody past one and thirty",
                   2: "six players, some past one and thirty or one and thirty made"}}


def _options(ruleset: Any) -> R.BoneAceOptions:
    from ...registry import get_game
    return get_game(R.GAME).options_for(ruleset) if ruleset else R.COTTON


def _roles(st: BoneAceState) -> dict[str, Any]:
    d = st.deal
    return {"players": st.players, "dealer": d.dealer, "eldest": d.eldest, "order": list(d.order)}


def _names(st: BoneAceState) -> list[str]:
    d = st.deal
    return [player(s, players=st.players, role="eldest" if s == d.eldest else "dealer" if s == d.dealer else "")
            for s in range(st.players)]


def _bone(st: BoneAceState, name: str, seed: int, kind: str, i: int, level: int) -> dict[str, Any] | None:
    d, o = st.deal, st.options
    if R.BONE_TIE in d.rules or (d.bone["how"] == "biggest") != (level == 1):
        return None
    w = d.bone["winner"]
    names = _names(st)
    if o.bone_cards == "turned":
        hands = [str(d.up[s]) for s in range(st.players)]
        q = "Each player has turned up one card (shown below). Who carries the Bone?"
    else:
        hands = [" ".join(str(c) for c in d.down[s] + [d.up[s]]) for s in range(st.players)]
        q = "Each player shows the three cards dealt to him, the third turned up (below). Who carries the Bone?"
    why: list[tuple[str, str]] = [(R.STAKE, "The Bone is one half of the stake, and is decided first.")]
    how = d.bone["how"]
    if how == "three":
        plural = RANK_PLURALS[d.bone["rank"]]
        if o.three == "eldest-holder":
            why.append((R.THREE_HOLDER, f"Three {plural} are turned up: the eldest of the players who turned "
                                        f"them, {names[w]}, wins it."))
        else:
            why.append((R.THREE_TABLE, f"Three {plural} are turned up, so the eldest hand, {names[w]}, wins it."))
    elif how == "bone-ace":
        why.append((R.BONE_ACE, f"{names[w].capitalize()} holds the Ace of Diamonds, the Bone-Ace, which wins all "
                                "other cards."))
    else:
        order = "Aces high" if o.rank == "ace-high" else "Kings high and Aces low"
        why.append((R.RANK_ACE_HIGH if o.rank == "ace-high" else R.RANK_KING_HIGH,
                    f"With {order}, the biggest card is {card_words(Card.parse(d.bone['card']))}"
                    f", held by {names[w]}."))
    choices = [n[:1].upper() + n[1:] for n in names]
    ex = exercise(R.GAME, name, seed, kind, q, hands, choices, choices[w], w, why, i)
    ex["position"] = _roles(st)
    return ex


def _game(st: BoneAceState, name: str, seed: int, kind: str, i: int, level: int) -> dict[str, Any] | None:
    d, o = st.deal, st.options
    if any(c in d.rules for c in (R.TIE_ELDEST, R.TIE_DIVIDE, R.STOCK_OUT, R.TURNED_TIE)):
        return None
    plain = not d.out and d.game["how"] == "nearest"
    if plain != (level == 1):
        return None
    ws = d.game["winners"]
    w = ws[0]
    names = _names(st)
    hands = [" ".join(str(c) for c in d.cards(s)) for s in range(st.players)]
    q = ("The deal is drawn to the end: below, each player's three dealt cards and what he drew. Who wins the Game?")
    ace = {"one-or-eleven": "one or eleven", "one": "one", "eleven": "eleven"}[o.ace]
    counts = "; ".join(f"{names[s]} {st.total_of(s)}" for s in range(st.players))
    why: list[tuple[str, str]] = [(R.COURTS, f"Courts count ten, other cards their pips, an Ace {ace}: {counts}.")]
    how = d.game["how"]
    if how.startswith("thirty-one"):
        why.append((R.AT_ONCE, f"{names[w].capitalize()} made one and thirty and won at once."))
    elif how == "last left":
        why.append((R.LAST_LEFT, f"Everyone else passed one and thirty, so {names[w]} wins."))
    else:
        if d.out:
            why.append((R.OVER, "Past one and thirty is out: " + ", ".join(names[s] for s in d.out) + "."))
        rest = "Of the rest, " if d.out else ""
        why.append((R.NEAREST, f"{rest}{names[w]} is nearest to one and thirty, with {st.total_of(w)}."))
    choices = [n[:1].upper() + n[1:] for n in names]
    ex = exercise(R.GAME, name, seed, kind, q, hands, choices, choices[w], w, why, i)
    ex["position"] = {**_roles(st), "totals": [st.total_of(s) for s in range(st.players)]}
    return ex


def make(seed: int, kind: str, ruleset: Any = None, level: int = 1) -> dict[str, Any]:
    """One exercise of ``kind`` at ``level`` (1 or 2) from ``seed`` (the game's ``make_quiz``)."""
    if level not in (1, 2):
        raise RulesetError(f"the level of an exercise is 1 or 2, not {str(level)[:20]!r}")
    o = _options(ruleset).with_options({"deals": "1"})
    name = o.to_string()

    # A fixed table per kind and level, and the answer drawn first (gamester.quiz.intended): over any 40 numbers
    # every player is the answer as often as any other (40 // players or one more).
    players = {("bone", 1): 5, ("bone", 2): 6, ("game", 1): 4, ("game", 2): 6}.get((kind, level), 5)
    target = intended(R.GAME, kind, level, seed, players)

    def attempt(rng: random.Random, i: int) -> dict[str, Any] | None:
        st = BoneAceState(o, players, rng.randrange(10 ** 9))
        if kind == "bone":
            ex = _bone(st, name, seed, kind, i, level)
        else:
            play_out(st, [CautiousBot(rng.randrange(10 ** 9)) for _ in range(players)])
            ex = _game(st, name, seed, kind, i, level)
        return ex if ex is not None and ex["answer_seat"] == target else None

    ex = first(R.GAME, kind if level == 1 else f"{kind}:L{level}", seed, attempt, level,
               f"choice {chr(65 + target)}")
    ex["level"] = level
    return ex


def seats(ex: dict[str, Any]) -> list[str]:
    """A label for each hand an exercise shows: "Player 1 (eldest)" ... "Player 5 (dealer)"."""
    pos = ex.get("position") or {}
    n = int(pos.get("players") or len(ex.get("hands") or []))
    role = {pos.get("eldest"): "eldest", pos.get("dealer"): "dealer"}
    return [player(s, players=n, role=role.get(s, "")) for s in range(n)]

"""Speculation's exercises (see :mod:`gamester.quiz`): which card now shown is the best trump and who holds it, and
whether a price offered for the best trump shown is above its fair price, from positions the bots play to.

A price equal to the fair price is refused; so are positions where the deal is over, the turn-up not yet shown, an
auction under way, or (for a price) nobody left who has not looked at a card.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import SUIT_NAMES, Card
from ...quiz import card_words, cards_words, exercise, first
from .analysis import best_trump_chance
from .bots import BOTS
from .numbers import options_for
from .rules import GAME
from .state import SpeculationState

KINDS = {"best": "which card now shown is the best trump, and who holds it",
         "price": "whether a price offered for a card is above its fair price"}


def _state(o, rng: random.Random):
    players = rng.randint(3, 6)
    st = SpeculationState(o, players, rng.randrange(10 ** 9))
    bots = [BOTS["cautious"](rng.randrange(10 ** 9)) for _ in range(players)]
    stop = rng.randint(3, players + 3)
    steps = 0
    while not st.is_terminal() and len(st.deal.exposures) < stop and steps < 500:
        seat = st.current_player()
        st.apply(bots[seat].choose(st, seat))
        steps += 1
    if st.is_terminal() or st.deal.done or not st.deal.turnup_shown or st.auction is not None:
        return None
    return st


def _holder_words(st, c: Card) -> tuple[str, int | None]:
    owner = st.deal.owner[c]
    return ("the pool" if owner is None else f"seat {owner}"), owner


def _position(st, shown: list[Card]) -> dict[str, Any]:
    """What the exercise shows, as data (for checking): players, the turn-up, each card face up and its holder."""
    d = st.deal
    return {"players": st.players, "turnup": str(d.turnup),
            "shown": [[str(c), d.owner[c]] for c in shown]}


def _best(st, shown: list[Card], name: str, seed: int, kind: str, i: int) -> dict[str, Any] | None:
    d = st.deal
    if len(shown) < 3:
        return None
    trump = d.turnup.suit.letter
    choices = []
    for c in shown:
        who, _ = _holder_words(st, c)
        choices.append(f"{card_words(c)[4:]} ({who})")
    best = d.best
    who, owner = _holder_words(st, best)
    answer = choices[shown.index(best)]
    q = (f"{len(shown)} cards are face up (the choices below); the turn-up is {card_words(d.turnup)}. "
         "Which of them is the best trump now, and who holds it?")
    why = [("spec.deal.turn-up", f"The turn-up, {card_words(d.turnup)}, makes {SUIT_NAMES[trump]} "
                                 "trumps."),
           ("spec.pack.ranking", "Ace is highest, then King, Queen, Knave, Ten and down to the Two."),
           ("spec.play.chief", f"Of the trumps shown {card_words(best)} is the highest, so {who} "
                               "holds the best trump; cards of other suits are worth nothing.")]
    ex = exercise(GAME, name, seed, kind, q, None, choices, answer, owner, why, i)
    ex["position"] = _position(st, shown)
    return ex


def _price(st, shown: list[Card], name: str, seed: int, kind: str, i: int, rng: random.Random
           ) -> dict[str, Any] | None:
    """An outsider's view of the best trump now shown, offered for sale by its holder."""
    d = st.deal
    trump = d.turnup.suit.letter
    holder = d.owner[d.best]
    if holder is None:
        return None
    viewer = next((s for s in range(st.players) if s != holder and s not in d.peeked), None)
    if viewer is None:
        return None
    ch = best_trump_chance(st, viewer)
    key = next(k for k in ch if len(k) > 1 and k[-1] == str(d.best))
    p = ch[key]
    pool = d.pool()
    fair = p * pool
    price = rng.randint(1, max(1, pool))
    if price == fair:
        return None
    above = price > fair
    answer = "Above the fair price" if above else "Below the fair price"
    q = (f"The pool holds {pool} counters. {SUIT_NAMES[trump]} are trumps and the best trump shown is "
         f"{card_words(d.best)}, held by seat {holder}; {len(shown)} cards are face up "
         f"({cards_words(shown)}). Seat {holder} offers it for {price} counter{'s' if price != 1 else ''}. Is that "
         f"above or below its fair price for seat {viewer}, who has not looked at any card?")
    why = [("spec.win.best-trump", "The holder of the best trump when every card is turned takes the pool."),
           ("spec.deal.no-looking", "Nobody looks at a card before it is turned, so every unseen card is as "
                                    "likely as any other to lie in each unturned place."),
           ("spec.sale.best", f"The {card_words(d.best)[4:]} stays best with chance {p} "
                              f"({100 * float(p):.1f}%); times the pool of {pool}, its fair price is "
                              f"{float(fair):.2f} counters, so {price} is "
                              f"{'above' if above else 'below'} it.")]
    ex = exercise(GAME, name, seed, kind, q, None, ["Above the fair price", "Below the fair price"], answer, None,
                  why, i)
    ex["position"] = {**_position(st, shown), "viewer": viewer, "chance": str(p), "pool": pool, "price": price}
    return ex


def make(seed: int, kind: str, ruleset: Any = None) -> dict[str, Any]:
    """One exercise of ``kind`` from ``seed`` (the game's ``GameSpec.make_quiz``)."""
    o = options_for(ruleset)
    name = o.to_string()

    def attempt(rng: random.Random, i: int) -> dict[str, Any] | None:
        st = _state(o, rng)
        if st is None:
            return None
        shown = [Card.parse(c) for _, c in st.deal.exposures]
        if kind == "best":
            return _best(st, shown, name, seed, kind, i)
        return _price(st, shown, name, seed, kind, i, rng)

    return first(GAME, kind, seed, attempt)

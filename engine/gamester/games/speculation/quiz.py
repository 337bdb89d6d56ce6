"""Speculation's exercises (see :mod:`gamester.quiz`): which suit is trumps, which card now shown is the best trump
and who holds it, what the best trump shown is worth in counters, and whether a price offered for it is above its
fair price; from positions the bots play to, answered by the engine's exact odds
(:func:`~gamester.games.speculation.analysis.best_trump_chance`).

The answer each number is built to have (a suit, a place in the list of choices, above or below) comes first
(:func:`gamester.quiz.intended`); then positions are drawn until one has it. A price equal to the fair price is
refused; so are positions where the deal is over, the turn-up not yet shown, an auction under way, or (for a price)
nobody left who has not looked at a card.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import SUIT_NAMES, Card
from ...quiz import card_words, cards_words, exercise, first, intended
from .analysis import best_trump_chance
from .bots import BOTS
from .numbers import options_for
from .rules import GAME
from .state import SpeculationState

KINDS = {"trumps": "which suit is trumps",
         "best": "which card now shown is the best trump, and who holds it",
         "worth": "what the best trump shown is worth, in counters",
         "price": "whether a price offered for a card is above its fair price"}
LEVELS = {
    "trumps": {1: "the turn-up alone", 2: "the turn-up among other cards face up, higher cards of other suits too"},
    "best": {1: "three or four players, three cards to choose from",
             2: "five or six players, five cards to choose from, higher cards of other suits among them"},
    "worth": {1: "three or four players", 2: "five or six players: more unturned cards to weigh"},
    "price": {1: "a price far from the fair price (half of it or less, or half as much again or more)",
              2: "a price close to the fair price (within a quarter of it)"},
}
_CHOICES = {"trumps": 4, "worth": 4, "price": 2}
_BEST_CHOICES = {1: 3, 2: 5}


def _state(o, rng: random.Random, level: int = 1, kind: str = "best"):
    if kind == "trumps" and level == 1:  # just after the deal: the turn-up is all that is shown
        st = SpeculationState(o, rng.randint(3, 6), rng.randrange(10 ** 9))
        bots = [BOTS["cautious"](rng.randrange(10 ** 9)) for _ in range(st.players)]
        steps = 0
        while not st.is_terminal() and not st.deal.turnup_shown and steps < 50:
            st.apply(bots[st.current_player()].choose(st, st.current_player()))
            steps += 1
        return st if st.deal.turnup_shown and not st.is_terminal() and not st.deal.done else None
    players = rng.randint(3, 4) if level == 1 else rng.randint(5, 6)
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


def _trumps(st, shown: list[Card], name: str, seed: int, kind: str, level: int, i: int, target: int
            ) -> dict[str, Any] | None:
    d = st.deal
    trump = d.turnup.suit.letter
    if "SHDC".index(trump) != target:
        return None
    others = [c for c in shown if c != d.turnup and c.suit.letter != trump]
    if level == 2 and not any(c.rank.index > d.turnup.rank.index for c in others):
        return None  # level 2: a higher card of another suit is face up too
    face = [c for c in shown if c != d.turnup]
    q = (f"Speculation, {st.players} players. The turn-up is {card_words(d.turnup)}"
         + (f"; these cards are face up as well: {cards_words(face)}" if face and level == 2 else "")
         + ". Which suit is trumps?")
    why = [("spec.deal.turn-up", f"The top card left in the stock is turned up, and its suit is trumps: "
                                 f"{card_words(d.turnup)} makes {SUIT_NAMES[trump]} trumps.")]
    if level == 2:
        why.append(("spec.play.chief", "The cards turned since count only for the best trump: a card of another "
                                       "suit, however high, is worth nothing and does not change the trumps."))
    ex = exercise(GAME, name, seed, kind, q, None, [SUIT_NAMES[x] for x in "SHDC"], SUIT_NAMES[trump], None, why, i)
    ex["position"] = _position(st, shown)
    return ex


def _best(st, shown: list[Card], name: str, seed: int, kind: str, level: int, i: int, target: int,
          rng: random.Random) -> dict[str, Any] | None:
    d = st.deal
    k = _BEST_CHOICES[level]
    trump = d.turnup.suit.letter
    best = d.best
    others = [c for c in shown if c != best]
    if best is None or len(others) < k - 1:
        return None
    picked = rng.sample(others, k - 1)
    higher = [c for c in picked if c.suit.letter != trump and c.rank.index > best.rank.index]
    if level == 2 and not higher:
        return None  # level 2: a higher card of another suit is among the choices
    offered = picked[:target] + [best] + picked[target:]
    choices = [f"{card_words(c)[4:]} ({_holder_words(st, c)[0]})" for c in offered]
    who, owner = _holder_words(st, best)
    q = (f"Speculation, {st.players} players; the turn-up is {card_words(d.turnup)}. {len(shown)} cards are face up, "
         "among them those below. Which of all the cards face up is the best trump now, and who holds it?")
    why = [("spec.deal.turn-up", f"The turn-up, {card_words(d.turnup)}, makes {SUIT_NAMES[trump]} "
                                 "trumps."),
           ("spec.pack.ranking", "Ace is highest, then King, Queen, Knave, Ten and down to the Two.")]
    for c in picked:
        if c.suit.letter == trump:
            why.append(("spec.pack.ranking", f"The {card_words(best)[4:]} is a higher trump than {card_words(c)}."))
        else:
            why.append(("spec.play.chief", f"The {card_words(c)[4:]} is not a trump: a card of another suit is "
                                           "worth nothing, however high."))
    why.append(("spec.play.chief", f"Of the trumps shown {card_words(best)} is the highest, so {who} "
                                   "holds the best trump."))
    ex = exercise(GAME, name, seed, kind, q, None, choices, choices[target], owner, why, i)
    ex["position"] = _position(st, shown)
    return ex


def _viewer_chance(st):
    """The best trump shown, its holder, a player who has not looked at any card, and his exact chance that the
    card stays best (``None`` where the position has none)."""
    d = st.deal
    if d.best is None:
        return None
    holder = d.owner[d.best]
    if holder is None:
        return None
    viewer = next((s for s in range(st.players) if s != holder and s not in d.peeked), None)
    if viewer is None:
        return None
    ch = best_trump_chance(st, viewer)
    key = next(k for k in ch if len(k) > 1 and k[-1] == str(d.best))
    return holder, viewer, ch[key], d.pool()


def _on_sale(st, shown: list[Card], holder: int) -> str:
    """The position in words: the pool, the trumps, the best trump shown and its holder, the cards face up."""
    d = st.deal
    return (f"The pool holds {d.pool()} counters. {SUIT_NAMES[d.turnup.suit.letter]} are trumps and the best trump "
            f"shown is {card_words(d.best)}, held by seat {holder}; {len(shown)} cards are face up "
            f"({cards_words(shown)}).")


def _odds_why(st, p, pool: int) -> list[tuple[str, str]]:
    d = st.deal
    return [("spec.win.best-trump", "The holder of the best trump when every card is turned takes the pool."),
            ("spec.deal.no-looking", "Nobody looks at a card before it is turned, so every unseen card is as "
                                     "likely as any other to lie in each unturned place."),
            ("spec.sale.best", f"The {card_words(d.best)[4:]} stays best with chance {p} "
                               f"({100 * float(p):.1f}%); times the pool of {pool}, its fair price is "
                               f"{float(p * pool):.2f} counters")]


def _worth(st, shown: list[Card], name: str, seed: int, kind: str, level: int, i: int, target: int
           ) -> dict[str, Any] | None:
    got = _viewer_chance(st)
    if got is None:
        return None
    holder, viewer, p, pool = got
    fair = p * pool
    r = round(fair)
    step = max(1, round(pool / 8))
    if target and r - target * step < 0:
        step = r // target  # a small price: the choices below it closer together
    values = [r + (j - target) * step for j in range(4)]
    if step < 1 or abs(fair - r) * 2 >= step or (fair - r) * 2 in (1, -1):
        return None  # no clear nearest choice
    choices = [f"About {v} counter{'s' if v != 1 else ''}" for v in values]
    q = (f"Speculation, {st.players} players. {_on_sale(st, shown, holder)} What is that card worth to seat "
         f"{viewer}, who has not looked at any card: its fair price, to the nearest whole counter?")
    why = _odds_why(st, p, pool)
    why[-1] = (why[-1][0], why[-1][1] + f", about {r}.")
    ex = exercise(GAME, name, seed, kind, q, None, choices, choices[target], None, why, i)
    ex["position"] = {**_position(st, shown), "viewer": viewer, "chance": str(p), "pool": pool}
    return ex


def _price(st, shown: list[Card], name: str, seed: int, kind: str, level: int, i: int, target: int,
           rng: random.Random) -> dict[str, Any] | None:
    """An outsider's view of the best trump now shown, offered for sale by its holder."""
    got = _viewer_chance(st)
    if got is None:
        return None
    holder, viewer, p, pool = got
    fair = p * pool
    lo_b, hi_b = (fair * 3 / 2, pool) if target == 0 else (1, fair / 2)
    if level == 2:
        lo_b, hi_b = (fair, fair * 5 / 4) if target == 0 else (fair * 3 / 4, fair)
    prices = [x for x in range(1, pool + 1) if lo_b <= x <= hi_b and x != fair]
    if not prices:
        return None
    price = rng.choice(prices)
    above = price > fair
    answer = "Above the fair price" if above else "Below the fair price"
    q = (f"{_on_sale(st, shown, holder)} Seat {holder} offers it for {price} counter{'s' if price != 1 else ''}. Is that "
         f"above or below its fair price for seat {viewer}, who has not looked at any card?")
    why = _odds_why(st, p, pool)
    why[-1] = (why[-1][0], why[-1][1] + f", so {price} is {'above' if above else 'below'} it.")
    ex = exercise(GAME, name, seed, kind, q, None, ["Above the fair price", "Below the fair price"], answer, None,
                  why, i)
    ex["position"] = {**_position(st, shown), "viewer": viewer, "chance": str(p), "pool": pool, "price": price}
    return ex


def make(seed: int, kind: str, ruleset: Any = None, level: int = 1) -> dict[str, Any]:
    """One exercise of ``kind`` from ``seed`` (the game's ``GameSpec.make_quiz``)."""
    o = options_for(ruleset)
    name = o.to_string()
    target = intended(GAME, kind, level, seed, _CHOICES.get(kind) or _BEST_CHOICES[level])

    def attempt(rng: random.Random, i: int) -> dict[str, Any] | None:
        st = _state(o, rng, level, kind)
        if st is None:
            return None
        shown = [Card.parse(c) for _, c in st.deal.exposures]
        if kind == "trumps":
            return _trumps(st, shown, name, seed, kind, level, i, target)
        if kind == "best":
            return _best(st, shown, name, seed, kind, level, i, target, rng)
        if kind == "worth":
            return _worth(st, shown, name, seed, kind, level, i, target)
        return _price(st, shown, name, seed, kind, level, i, target, rng)

    return first(GAME, kind, seed, attempt, level, f"choice {chr(65 + target)}")

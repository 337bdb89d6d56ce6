"""Put's exercises (see :mod:`gamester.quiz`): who wins a deal of two open hands with best play, and whether
putting now wins more points on average than playing on; answered by the engine's exact odds
(:mod:`gamester.games.put.odds`) and its open-hand solver (:mod:`.numbers_engine`).

A deal whose result turns on what one trick and two ties count is refused, and so is a put worth exactly as much
as playing on.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ...cards import RANK_NAMES, Card, format_cards, pack, shuffled
from ...errors import RulesetError
from ...quiz import cards_words, exercise, first
from . import odds as put_odds
from .numbers import options_for
from .numbers_engine import drop as _drop
from .numbers_engine import open_value as _open

GAME = "put"
KINDS = {"deal": "who wins a deal of two open hands with best play",
         "put": "whether putting now wins more points on average than playing on",
         "equilibrium": "whether the eldest should put with this hand at this score, as the solved game plays it"}


def seats(ex: dict[str, Any]) -> list[str]:
    """The label of each hand an exercise shows: both hands of a deal, or the leader's alone."""
    return ["Seat 0 (eldest)", "Seat 1 (dealer)"] if len(ex["hands"] or []) == 2 else ["Seat 0"]


def _put_value(o, mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """+1 / 0 / -1 for the leader: the engine's odds over the one hand the other holds (hands open)."""
    counts = [0] * len(o.order)
    for v in theirs:
        counts[v - 1] += 1
    (w, t, lo, total), _ = put_odds.odds(tuple(sorted(mine)), 3, tuple(counts), True, 0, 0, 0, True)
    return 1 if w else (-1 if lo else 0)


def _best_line(mine: tuple[int, ...], theirs: tuple[int, ...], rule: str) -> list[tuple[int, int, int]]:
    """One line of best play (both hands open): (leader of the trick, the leader's card, the other's card)."""
    line = []
    me_lead, mw, tw = True, 0, 0
    while mine and max(mw, tw) < 2:
        target = _open(mine, theirs, me_lead, 0, mw, tw, rule)
        if me_lead:
            c = next(c for c in sorted(set(mine), reverse=True)
                     if _open(_drop(mine, c), theirs, True, c, mw, tw, rule) == target)
            rest_m = _drop(mine, c)
            d = next(d for d in sorted(set(theirs)) if _open(
                rest_m, _drop(theirs, d), (c >= d), 0, mw + (c > d), tw + (c < d), rule) == target)
            line.append((0, c, d))
            mine, theirs = rest_m, _drop(theirs, d)
            s = (c > d) - (c < d)
        else:
            d = next(d for d in sorted(set(theirs), reverse=True)
                     if _open(mine, _drop(theirs, d), False, d, mw, tw, rule) == target)
            rest_t = _drop(theirs, d)
            c = next(c for c in sorted(set(mine)) if _open(
                _drop(mine, c), rest_t, (c > d), 0, mw + (c > d), tw + (c < d), rule) == target)
            line.append((1, d, c))
            mine, theirs = _drop(mine, c), rest_t
            s = (c > d) - (c < d)
        mw, tw = mw + (s > 0), tw + (s < 0)
        if s != 0:
            me_lead = s > 0
    return line


def _val(o, c: Card) -> int:
    return len(o.order) - o.order.index(c.rank.text)


def _deal(o, rng: random.Random, seed: int, kind: str, i: int) -> dict[str, Any] | None:
    deck = shuffled(pack(o.order), rng)
    h0, h1 = sorted(deck[0:6:2], key=lambda c: -_val(o, c)), sorted(deck[1:6:2], key=lambda c: -_val(o, c))
    mine, theirs = tuple(sorted(_val(o, c) for c in h0)), tuple(sorted(_val(o, c) for c in h1))
    v = _put_value(o, mine, theirs)
    if v != _open(mine, theirs, True, 0, 0, 0, "nothing"):
        return None  # the result turns on what one trick and two ties count
    name = {v_: r for r, v_ in ((r, len(o.order) - k) for k, r in enumerate(o.order))}
    words = lambda x: RANK_NAMES[name[x]]  # noqa: E731
    why: list[tuple[str, str]] = [("put.trick.higher-wins", "The higher card wins a trick and its winner leads "
                                   "to the next.")]
    order = " ".join(o.order)
    why.append(("put.pack.ranks", f"The cards rank {order}, best first; suits do not count."))
    for leader, a, b in _best_line(mine, theirs, "win"):
        other = 1 - leader
        res = "ties the trick" if a == b else ("wins the trick" if (b > a) else "loses the trick")
        clause = "put.trick.tie" if a == b else "put.trick.higher-wins"
        why.append((clause, f"Seat {leader} leads the {words(a)}; seat {other} answers with the {words(b)} and "
                            f"{res}."))
    result = {1: ("Seat 0 (eldest, leads)", 0, "put.deal.two-tricks", "Seat 0 wins the deal."),
              -1: ("Seat 1 (dealer)", 1, "put.deal.two-tricks", "Seat 1 wins the deal."),
              0: ("Neither (trick and tie)", None, "put.deal.two-tricks", "Neither player wins the deal.")}[v]
    why.append((result[2], result[3] + " No other play by either side does better for him."))
    choices = ["Seat 0 (eldest, leads)", "Seat 1 (dealer)", "Neither (trick and tie)"]
    q = ("Both hands are shown. Seat 0, the eldest, leads to the first trick. With best play by both, who wins "
         "the deal?")
    return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(h0), format_cards(h1)], choices, result[0],
                    result[1], why, i)


def _put(o, rng: random.Random, seed: int, kind: str, i: int) -> dict[str, Any] | None:
    if o.betting != "put":
        raise RulesetError(f"ruleset {o.to_string()} has no putting (betting={o.betting}): choose one with "
                           "betting=put for exercises of kind 'put'")
    g = o.game_points
    a, b = rng.randrange(g), rng.randrange(g)
    deck = shuffled(pack(o.order), rng)
    hand = sorted(deck[:3], key=lambda c: -_val(o, c))
    mine = tuple(sorted(_val(o, c) for c in hand))
    counts = [4] * len(o.order)
    for v in mine:
        counts[v - 1] -= 1
    (w, t, lo, total), _ = put_odds.odds(mine, 3, tuple(counts), True, 0, 0, 0, True)
    pw, pl = Fraction(w, total), Fraction(lo, total)
    seen_gain, seen_loss = g - a, g - b
    deal_points = (1, 1) if o.unput_deal == "point" else (g - a, g - b)
    put_ev = pw * seen_gain - pl * seen_loss
    play_ev = pw * deal_points[0] - pl * deal_points[1]
    if put_ev == play_ev:
        return None
    answer = "Put" if put_ev > play_ev else "Play on"
    q = (f"Seat 0 leads the first trick at a score of {a} to {b} (seat 0's points first; {g} is the game) and "
         f"holds the {cards_words(hand)}. If the other sees any put, which wins more points on average for seat 0: "
         "putting now, or playing on without a put?")
    pct = lambda x: f"{100 * float(x):.1f}%"  # noqa: E731
    why = [("put.put.seen", f"A put that is seen is played for the game: winning it is worth the {seen_gain} "
                            f"points seat 0 lacks, losing it the {seen_loss} the other lacks."),
           ("put.score.unput-point" if o.unput_deal == "point" else "put.score.unput-game",
            "Without a put, the deal is worth " + ("one point to its winner." if o.unput_deal == "point" else
                                                   "the game to its winner.")),
           ("put.deal.two-tricks", f"With these cards seat 0 wins the deal {pct(pw)} of the time and loses it "
                                   f"{pct(pl)} (the engine's odds: best first card, then best play)."),
           ("put.put.eldest", f"On average a put is worth {float(put_ev):+.2f} points to seat 0 and playing on "
                              f"{float(play_ev):+.2f}, so the answer is: {answer.lower()}.")]
    return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(hand)], ["Put", "Play on"], answer, None,
                    why, i)


def make(seed: int, kind: str, ruleset: Any = None) -> dict[str, Any]:
    """One exercise of ``kind`` from ``seed`` (the game's ``GameSpec.make_quiz``); Cotton's rules by default."""
    o = options_for(ruleset if ruleset is not None else "cotton-1674")
    if o.betting == "double" or o.ranking != "put":
        raise RulesetError(f"exercises for Put need the Put ranking and no doubling, not {o.to_string()}")
    if kind == "equilibrium":
        o = options_for(ruleset if ruleset is not None else "stripped-28")
        return first(GAME, kind, seed, lambda rng, i: _equilibrium(o, rng, seed, kind, i))
    if kind == "put" and o.betting == "put" and (o.unput_deal == "game" or o.game_points == 1):
        # Refused before any draw: here a deal won without a put is worth what a seen put is, so the two choices
        # always come to the same points and no draw can give a question with one answer.
        worth = "the game" if o.unput_deal == "game" else "the one point that is the game"
        raise RulesetError(f"ruleset {o.to_string()} makes no exercises of kind 'put': a deal won without a put is "
                           f"worth {worth}, as much as a put that is seen, so putting never changes the points; "
                           "choose one with unput_deal=point and game_points of 2 or more")
    build = _deal if kind == "deal" else _put
    return first(GAME, kind, seed, lambda rng, i: build(o, rng, seed, kind, i))


def _equilibrium(o, rng: random.Random, seed: int, kind: str, i: int) -> dict[str, Any] | None:
    """Should the eldest put? The answer is the solved equilibrium's (``gamester solve put``), with its frequency
    when it mixes; a draw where it puts about half the time (0.4 to 0.6) gives no clear answer and is skipped."""
    from .strategy import solved
    data = solved(o.to_string())
    if data is None:
        raise RulesetError(f"exercises of kind 'equilibrium' need a solved ruleset; {o.to_string()} is not solved "
                           "(the 28-card pack with Cotton's rules is: ruleset stripped-28)")
    if o.betting != "put":
        raise RulesetError(f"ruleset {o.to_string()} has no putting: exercises of kind 'equilibrium' ask about puts")
    g = o.game_points
    a, b = rng.randrange(g), rng.randrange(g)
    hand = sorted(shuffled(pack(o.order), rng)[:3], key=lambda c: -_val(o, c))
    row = data["strategy"].get(f"eldest|{a}-{b}|{' '.join(c.rank.text for c in hand)}|")
    if row is None:
        return None
    p = row.get("put", 0.0)
    if 0.4 <= p <= 0.6:
        return None
    answer = "Put" if p > 0.5 else "Play without putting"
    times = round(100 * p)
    freq = ("always" if p > 0.995 else "never" if p < 0.005 else f"{times} times in 100")
    q = (f"Two-handed Put with {o.pack} cards. Seat 0, the eldest, is about to lead the first card at a score of "
         f"{a} to {b} (seat 0's points first; {g} is the game) and holds the {cards_words(hand)}. Playing as well as "
         "the game allows against a player who does the same, should he put?")
    mixed = 0.005 < p < 0.995
    why = [("put.put.eldest", "The eldest may put before he leads; the other then sees it or refuses it."),
           ("put.put.refused", "A put refused is one point to the putter and ends the deal."),
           ("put.put.seen", "A put seen is played for the game."),
           ("put.strategy.bluff" if mixed or p > 0.5 else "put.put.eldest",
            f"In the solved game the eldest with these cards at {a} to {b} puts {freq}"
            + (": a player who always did the same with them would be read and punished, so the answer is "
               f"the more frequent choice, {answer.lower()}." if mixed else f", so the answer is: {answer.lower()}."))]
    return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(hand)], ["Put", "Play without putting"],
                    answer, None, why, i)

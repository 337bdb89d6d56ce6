"""Put's exercises (see :mod:`gamester.quiz`), each answered by the engine: who takes a trick (the rules' order
and ties), what a played deal scores (replayed by the engine's own state), who wins a deal of two open hands with
best play and whether putting now wins more points on average than playing on (the engine's exact odds,
:mod:`gamester.games.put.odds`, and its open-hand solver, :mod:`.numbers_engine`), and whether the eldest should put
or the dealer see a put, as the solved game plays it (:mod:`.strategy`).

The answer each number is built to have comes first (:func:`gamester.quiz.intended`); then deals are drawn until
one has it. Refused at level 1: a deal whose result turns on what one trick and two ties count, a put worth exactly
as much as playing on, a solved answer that mixes; at level 2 these are asked, with the rule that settles them.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...cards import RANK_NAMES, RANK_PLURALS, Card, format_cards, pack, shuffled
from ...errors import RulesetError
from ...quiz import card_words, cards_words, exercise, first, intended
from . import odds as put_odds
from .numbers import options_for
from .numbers_engine import drop as _drop
from .numbers_engine import open_value as _open
from .state import PutState
from .strategy import often, solved

GAME = "put"
KINDS = {"trick": "who takes this trick",
         "score": "what a deal that has been played scores",
         "deal": "who wins a deal of two open hands with best play",
         "put": "whether putting now wins more points on average than playing on",
         "see": "whether the dealer should see the eldest's put, as the solved game plays it",
         "equilibrium": "whether the eldest should put with this hand at this score, as the solved game plays it"}
LEVELS = {
    "trick": {1: "two players: two cards, the higher wins or they tie",
              2: "three players: three cards, a shared highest card ties the trick"},
    "score": {1: "a deal of three tricks with no tie: who scores",
              2: "a deal with tied tricks: one trick and two ties, trick and tie, all tied"},
    "deal": {1: "open hands whose result does not turn on what ties count",
             2: "open hands that share a rank, so that a trick can be tied: the rules on ties count"},
    "put": {1: "at the start of a game (no score yet)", 2: "at any score, which changes what a put is worth"},
    "see": {1: "hands the solved game always sees or always refuses",
            2: "hands the solved game sometimes sees and sometimes refuses"},
    "equilibrium": {1: "hands the solved game always puts or never puts with",
                    2: "hands the solved game puts with only some of the time"},
}


def seats(ex: dict[str, Any]) -> list[str]:
    """The label of each hand an exercise shows."""
    n = len(ex["hands"] or [])
    if ex["kind"] == "trick":
        return ["Seat 0 (leads)"] + [f"Seat {s}" for s in range(1, n)]
    if ex["kind"] == "see":
        return ["Seat 1 (dealer)"]
    return ["Seat 0 (eldest)", "Seat 1 (dealer)"] if n == 2 else ["Seat 0 (eldest)"]


def _rank_list(o) -> str:
    names = [RANK_NAMES[r] for r in o.order]
    return f"{names[0]} (best), " + ", ".join(names[1:-1]) + f" and {names[-1]} (meanest)"


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


# -- who takes this trick ----------------------------------------------------------------------------------------
def _trick_choices(n: int) -> list[str]:
    return ["Seat 0 (who led)"] + [f"Seat {s}" for s in range(1, n)] + ["Nobody: the trick is tied"]


def _trick(o, rng: random.Random, seed: int, kind: str, level: int, i: int, target: int) -> dict[str, Any] | None:
    n = 2 if level == 1 else 3
    cards = shuffled(pack(o.order), rng)[:n]
    vals = [_val(o, c) for c in cards]
    top = max(vals)
    best = [s for s in range(n) if vals[s] == top]
    won = best[0] if len(best) == 1 else n
    if won != target:
        return None
    rank = lambda s: RANK_NAMES[cards[s].rank.text]  # noqa: E731
    plays = "; ".join(f"seat {s} {'leads' if s == 0 else 'plays'} {card_words(cards[s])}"
                      for s in range(n))
    q = f"{'Two' if n == 2 else 'Three'}-handed Put. {plays}. Who takes the trick?"
    three = "put.three.rules"
    why: list[tuple[str, str]] = [("put.pack.ranks", f"The cards rank {_rank_list(o)}."),
                                  ("put.pack.suits", "Suits do not count: only the ranks are compared.")]
    if won < n:
        for r in range(n):
            if r != won:
                why.append(("put.trick.higher-wins" if n == 2 else three,
                            f"Seat {won}'s {rank(won)} beats seat {r}'s {rank(r)}, a lower card"
                            + (", so the higher card wins the trick." if n == 2 else
                               ": at three hands the single highest card takes the trick.")))
    else:
        tied = " and ".join(f"seat {s}'s" for s in best)
        why.append(("put.trick.tie" if n == 2 else three,
                    f"{tied[0].upper()}{tied[1:]} {RANK_PLURALS[cards[best[0]].rank.text]} are of the same rank"
                    + (": two cards of the same rank tie the trick, won by nobody, and seat 0, who led, leads "
                       "again." if n == 2 else ", the highest in the trick: a shared highest card ties it, and "
                       "nobody takes it.")))
        for r in range(n):
            if r not in best:
                why.append((three, f"Seat {r}'s {rank(r)} is lower than both, so it cannot take the trick."))
    choices = _trick_choices(n)
    ex = exercise(GAME, o.to_string(), seed, kind, q, [format_cards([c]) for c in cards], choices,
                  choices[won], won if won < n else None, why, i)
    ex["position"] = {"plays": [str(c) for c in cards]}  # in seat order, seat 0 leading (for checking)
    return ex


# -- what does this deal score -----------------------------------------------------------------------------------
def _score_choices(o, level: int) -> list[str]:
    gain = "wins the game" if o.betting == "put" and o.unput_deal == "game" else "scores one point"
    out = [f"Seat 0 (eldest) {gain}", f"Seat 1 (dealer) {gain}"]
    return out + ["Nobody scores"] if level == 2 else out


def _played(o, rng: random.Random, level: int) -> PutState | None:
    """A two-handed deal played out by chance (no put): at level 2 the second to a trick matches the rank led
    when he can, so that ties come up."""
    st = PutState(o, 2, rng.randrange(10 ** 9))
    while len(st.deals) == 1 and not st.is_terminal():
        plays = [a for a in st.legal_actions() if a.startswith("play ")]
        if not plays:
            return None
        if level == 2 and st.trick:
            led = st.value(st.trick[0][1])
            same = [a for a in plays if st.value(Card.parse(a.split()[1])) == led]
            plays = same or plays
        st.apply(rng.choice(plays))
    return st


def _score(o, rng: random.Random, seed: int, kind: str, level: int, i: int, target: int) -> dict[str, Any] | None:
    if o.betting == "double":
        raise RulesetError("exercises of kind 'score' are for Put, not Truc's doubling")
    st = _played(o, rng, level)
    if st is None:
        return None
    d = st.deals[0]
    ties = sum(1 for t in d["tricks"] if t["winner"] is None)
    if (level == 1) != (ties == 0):
        return None
    eldest = d["eldest"]
    me = lambda s: 0 if s == eldest else 1  # noqa: E731  (the eldest is shown first)
    w = d["result"]["winner"]
    got = 2 if w is None else me(w)
    if got != target:
        return None
    rank = lambda c: RANK_NAMES[Card.parse(c).rank.text]  # noqa: E731
    lines, why = [], [("put.trick.higher-wins", "The higher card wins a trick and its winner leads to the next.")]
    for k, t in enumerate(d["tricks"], 1):
        (a, ca), (b, cb) = t["plays"]
        lines.append(f"trick {k}: seat {me(a)} leads the {rank(ca)}, seat {me(b)} plays the {rank(cb)}")
        if t["winner"] is None:
            why.append(("put.trick.tie", f"Trick {k} is tied: {rank(ca)} against {rank(cb)}, won by nobody; seat "
                                         f"{me(a)}, who led it, leads again."))
        else:
            lo = cb if t["winner"] == a else ca
            why.append(("put.trick.higher-wins", f"Trick {k}: seat {me(t['winner'])}'s "
                        f"{rank(ca if t['winner'] == a else cb)} beats the {rank(lo)}."))
    won = [sum(1 for t in d["tricks"] if t["winner"] == s) for s in (eldest, 1 - eldest)]
    if len(d["tricks"]) < 3:
        why.append(("put.deal.decided", "The third trick is not played: no card left in hand could change who "
                                        "wins the deal."))
    clause = d["result"]["clause"]
    if w is None:
        text = ("One trick each and the third tied: trick and tie, won by neither, so nobody scores."
                if clause == "put.deal.two-tricks" else "Every trick is tied, so nobody wins the deal or scores.")
    else:
        count = {1: "one", 2: "two", 3: "three"}
        how = f"{count[won[me(w)]]} trick{'s' if won[me(w)] > 1 else ''}" + (
            f", and {count[ties]} {'was' if ties == 1 else 'were'} tied" if ties else "")
        text = (f"Seat {me(w)} won {how}: " + ("one trick with the other two tied also wins the deal." if
                                              clause == "put.deal.one-and-two-ties" else "he wins the deal."))
    why.append((clause if clause in ("put.deal.one-and-two-ties", "put.deal.all-tied") else "put.deal.two-tricks",
                text))
    if w is not None:
        for pt in d["points"]:
            pts = "one point" if pt["points"] == 1 else f"{pt['points']} points"
            why.append((pt["clause"], f"So seat {me(pt['seat'])} scores {pts}: a deal played out without a put is "
                                      "worth one point to its winner."))
        if st.is_terminal() and not d["points"]:
            why.append(("put.score.unput-game", f"So seat {me(w)} wins the game: whoever wins a deal that is "
                                                "played out wins the game outright."))
    q = f"Two-handed Put, no put made. The deal is played out: {'; '.join(lines)}. What does the deal score?"
    hands = [d["hands"][eldest], d["hands"][1 - eldest]]
    choices = _score_choices(o, level)
    ex = exercise(GAME, o.to_string(), seed, kind, q, hands, choices, choices[got], None if w is None else got,
                  why, i)
    # the tricks as played, seat 0 the eldest (for checking)
    ex["position"] = {"tricks": [[[me(a), c] for a, c in t["plays"]] for t in d["tricks"]]}
    return ex


# -- who wins a deal of open hands ------------------------------------------------------------------------------
def _deal(o, rng: random.Random, seed: int, kind: str, level: int, i: int, target: int) -> dict[str, Any] | None:
    deck = shuffled(pack(o.order), rng)
    if level == 2:  # the dealer holds a card of a rank the eldest holds: a trick can be tied
        match = next(k for k in range(3, len(deck)) if deck[k].rank == deck[0].rank)
        deck[1], deck[match] = deck[match], deck[1]
    h0, h1 = sorted(deck[0:6:2], key=lambda c: -_val(o, c)), sorted(deck[1:6:2], key=lambda c: -_val(o, c))
    mine, theirs = tuple(sorted(_val(o, c) for c in h0)), tuple(sorted(_val(o, c) for c in h1))
    v = _put_value(o, mine, theirs)
    if {1: 0, -1: 1, 0: 2}[v] != target:
        return None
    line = _best_line(mine, theirs, "win")
    turns = v != _open(mine, theirs, True, 0, 0, 0, "nothing")
    tied = any(a == b for _, a, b in line)
    if level == 1 and (turns or tied):
        return None  # level 1: no tie in the best play; level 2: a tie can be made, and the rules on ties count
    name = {v_: r for r, v_ in ((r, len(o.order) - k) for k, r in enumerate(o.order))}
    words = lambda x: RANK_NAMES[name[x]]  # noqa: E731
    why: list[tuple[str, str]] = [("put.trick.higher-wins", "The higher card wins a trick and its winner leads "
                                   "to the next.")]
    why.append(("put.pack.ranks", f"The cards rank {_rank_list(o)}; suits do not count."))
    won = [0, 0]
    for leader, a, b in line:
        other = 1 - leader
        res = "ties the trick" if a == b else ("wins the trick" if (b > a) else "loses the trick")
        if a != b:
            won[other if b > a else leader] += 1
        clause = "put.trick.tie" if a == b else "put.trick.higher-wins"
        why.append((clause, f"Seat {leader} leads the {words(a)}; seat {other} answers with the {words(b)} and "
                            f"{res}" + ("; the leader leads again." if a == b else ".")))
    end = ("put.deal.one-and-two-ties" if v and max(won) == 1 else "put.deal.two-tricks")
    result = {1: ("Seat 0 wins the deal."), -1: ("Seat 1 wins the deal."),
              0: ("Neither player wins the deal: one trick each and a tie.")}[v]
    if end == "put.deal.one-and-two-ties":
        result = result[:-1] + ": one trick with the other two tied also wins the deal."
    why.append((end, result + " No other play by either side does better for him."))
    choices = ["Seat 0 (eldest, leads)", "Seat 1 (dealer)", "Neither (trick and tie)"]
    q = ("Both hands are shown. Seat 0, the eldest, leads to the first trick. With best play by both, who wins "
         "the deal?")
    return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(h0), format_cards(h1)], choices,
                    choices[target], None if v == 0 else target, why, i)


# -- put or play on ---------------------------------------------------------------------------------------------
def _put(o, rng: random.Random, seed: int, kind: str, level: int, i: int, target: int) -> dict[str, Any] | None:
    if o.betting != "put":
        raise RulesetError(f"ruleset {o.to_string()} has no putting (betting={o.betting}): choose one with "
                           "betting=put for exercises of kind 'put'")
    g = o.game_points
    a, b = (0, 0) if level == 1 else (rng.randrange(g), rng.randrange(g))
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
    if put_ev == play_ev or (put_ev < play_ev) != bool(target):
        return None
    answer = ["Put", "Play on"][target]
    q = (f"Seat 0 leads the first trick at a score of {a} to {b} (seat 0's points first; {g} is the game) and "
         f"holds the {cards_words(hand)}. If the other sees any put, which wins more points on average for seat 0: "
         "putting now, or playing on without a put?")
    pct = lambda x: f"{100 * float(x):.1f}%"  # noqa: E731
    why = [("put.put.seen", f"A put that is seen is played for the game: winning it is worth the {_pts(seen_gain)} "
                            f"seat 0 lacks, losing it the {_pts(seen_loss)} the other lacks."),
           ("put.score.unput-point" if o.unput_deal == "point" else "put.score.unput-game",
            "Without a put, the deal is worth " + ("one point to its winner." if o.unput_deal == "point" else
                                                   "the game to its winner.")),
           ("put.deal.two-tricks", f"With these cards seat 0 wins the deal {pct(pw)} of the time and loses it "
                                   f"{pct(pl)} (the engine's odds: best first card, then best play)."),
           ("put.put.eldest", f"On average a put is worth {float(put_ev):+.2f} points to seat 0 and playing on "
                              f"{float(play_ev):+.2f}, so the answer is: {answer.lower()}.")]
    return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(hand)], ["Put", "Play on"], answer, None,
                    why, i)


# -- the solved game: should the eldest put, should the dealer see ---------------------------------------------
def _solved_rows(o, kind: str, level: int, target: int) -> tuple[tuple[str, float], ...]:
    """The solved file's decisions of this kind whose answer is ``target`` (0: put / see) at this level."""
    return _rows(o.to_string(), o.betting, o.game_points, kind, level, target)


@lru_cache(maxsize=32)
def _rows(ruleset: str, betting: str, game_points: int, kind: str, level: int, target: int
          ) -> tuple[tuple[str, float], ...]:
    data = solved(ruleset)
    if data is None:
        raise RulesetError(f"exercises of kind {kind!r} need a solved ruleset; {ruleset} is not solved "
                           "(Cotton's rules are, with the full pack: ruleset cotton-1674, and with 28 cards: "
                           "stripped-28)")
    if betting != "put":
        raise RulesetError(f"ruleset {ruleset} has no putting: exercises of kind {kind!r} ask about puts")
    role, tail, act = ("eldest", "|", "put") if kind == "equilibrium" else ("dealer", "|put", "see")
    pointless = f"eldest|{game_points - 1}-"   # one point short, a put changes nothing for him
    out = []
    for k, row in data["strategy"].items():
        if not (k.startswith(role + "|") and k.endswith(tail)) or k.startswith(pointless):
            continue
        p = row.get(act, 0.0)
        pure = p < 0.005 or p > 0.995
        if 0.4 <= p <= 0.6 or pure != (level == 1) or (p > 0.5) != (target == 0):
            continue
        out.append((k, p))
    return tuple(sorted(out))


def _solved_hand(o, key: str, rng: random.Random) -> tuple[int, int, list[Card]]:
    _role, score, ranks, _h = key.split("|")
    a, b = (int(x) for x in score.split("-"))
    suits = list("SHDC")
    cards, used = [], set()
    for r in ranks.split():
        free = [s for s in suits if (r, s) not in used]
        s = rng.choice(free)
        used.add((r, s))
        cards.append(Card.parse(r + s))
    return a, b, cards


def _pts(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def _equilibrium(o, rng: random.Random, seed: int, kind: str, level: int, i: int, target: int
                 ) -> dict[str, Any] | None:
    """Should the eldest put? The solved equilibrium's answer (``gamester solve put``), with its frequency when it
    mixes (level 2); a decision where it puts about half the time (0.4 to 0.6) gives no clear answer."""
    rows = _solved_rows(o, kind, level, target)
    if not rows:
        return None
    key, p = rows[rng.randrange(len(rows))]
    a, b, hand = _solved_hand(o, key, rng)
    g = o.game_points
    answer = ["Put", "Play without putting"][target]
    q = (f"Two-handed Put with {o.pack} cards. Seat 0, the eldest, is about to lead the first card at a score of "
         f"{a} to {b} (seat 0's points first; {g} is the game) and holds the {cards_words(hand)}. Playing as well as "
         "the game allows against a player who does the same, should he put?")
    mixed = 0.005 < p < 0.995
    w, lo, pct = _deal_odds(o, hand, eldest=True)
    bluff = answer == "Put" and w < lo   # a put on cards more likely to lose the deal than win it
    why = [("put.put.eldest", "The eldest may put before he leads; the other then sees it or refuses it."),
           ("put.put.refused", f"A put refused is one point to the putter and ends the deal (the score would be "
                               f"{a + 1} to {b})."),
           ("put.put.seen", f"A put seen is played for the game: he wins the {_pts(g - a)} he lacks if he wins "
                            "the deal, and loses the game if he loses it."),
           ("put.deal.two-tricks", f"Against a hand dealt at random he would win the deal {pct(w)} of the time and "
                                   f"lose it {pct(lo)} (the engine's exact odds); but a dealer sees a put more often "
                                   "with good cards than with bad."),
           ("put.strategy.bluff" if bluff else "put.put.eldest",
            f"In the solved game the eldest with these cards at {a} to {b} {often('puts', p)}"
            + (": a player who always did the same with them would be read and punished, so the answer is "
               f"the more frequent choice, {answer.lower()}." if mixed else f", so the answer is: {answer.lower()}."))]
    return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(hand)], ["Put", "Play without putting"],
                    answer, None, why, i)


def _deal_odds(o, hand, *, eldest: bool):
    """The chances (in ways) that ``hand`` wins and loses the deal against a hand dealt at random from the rest of
    the pack (the engine's exact odds), and a function that words a chance as a percentage of all the ways."""
    mine = tuple(sorted(_val(o, c) for c in hand))
    counts = [4] * len(o.order)
    for v in mine:
        counts[v - 1] -= 1
    (w, _t, lo, total), _ = put_odds.odds(mine, 3, tuple(counts), eldest, 0, 0, 0, eldest)
    return w, lo, lambda x: f"{100 * x / total:.1f}%"


def _see(o, rng: random.Random, seed: int, kind: str, level: int, i: int, target: int) -> dict[str, Any] | None:
    """Should the dealer see the eldest's put? The solved game's answer, with the dealer's chances against a hand
    dealt at random (the engine's exact odds) for comparison."""
    rows = _solved_rows(o, kind, level, target)
    if not rows:
        return None
    key, p = rows[rng.randrange(len(rows))]
    b, a, hand = _solved_hand(o, key, rng)  # the dealer's points come first in the file's key
    g = o.game_points
    w, lo, pct = _deal_odds(o, hand, eldest=False)
    answer = ["See the put", "Refuse the put"][target]
    q = (f"Two-handed Put with {o.pack} cards, at a score of {a} to {b} (the eldest's points first; {g} is the "
         f"game). Seat 0, the eldest, puts before leading. Seat 1, the dealer, holds the {cards_words(hand)}. "
         "Playing as well as the game allows against a player who does the same, should he see the put?")
    mixed = 0.005 < p < 0.995
    why = [("put.put.refused", f"If he refuses, the eldest scores one point and the deal ends (the score would "
                               f"be {a + 1} to {b})."),
           ("put.put.seen", f"If he sees it, the deal is played out for the game: he wins the {_pts(g - b)} he "
                            f"lacks if he wins it, and loses the game if the eldest wins it."),
           ("put.deal.two-tricks", f"Against a hand dealt at random he would win the deal {pct(w)} of the time "
                                   f"and lose it {pct(lo)} (the engine's exact odds, the eldest leading); but the "
                                   "eldest puts more often with good cards than with bad."),
           ("put.strategy.bluff" if mixed else "put.put.seen",
            f"In the solved game the dealer with these cards at this score {often('sees the put', p)}"
            + (": a dealer who always did the same would be read, so the answer is the more frequent choice, "
               f"{answer.lower()}." if mixed else f", so the answer is: {answer.lower()}."))]
    return exercise(GAME, o.to_string(), seed, kind, q, [format_cards(hand)], ["See the put", "Refuse the put"],
                    answer, None, why, i)


_BUILD = {"trick": (_trick, None), "score": (_score, None), "deal": (_deal, 3), "put": (_put, 2),
          "see": (_see, 2), "equilibrium": (_equilibrium, 2)}


def _choices_count(o, kind: str, level: int) -> int:
    if kind == "trick":
        return 3 if level == 1 else 4
    if kind == "score":
        return len(_score_choices(o, level))
    if kind == "deal":  # trick and tie has a tied trick: asked at level 2 only (the choice is there at both)
        return 2 if level == 1 else 3
    return _BUILD[kind][1]


def make(seed: int, kind: str, ruleset: Any = None, level: int = 1) -> dict[str, Any]:
    """One exercise of ``kind`` from ``seed`` (the game's ``GameSpec.make_quiz``); Cotton's rules and the full pack
    by default. ``see`` and ``equilibrium`` are answered by the solved game (its summary covers these, each deal's
    first decisions)."""
    solved_kind = kind in ("see", "equilibrium")
    o = options_for(ruleset if ruleset is not None else "cotton-1674")
    if o.betting == "double" or o.ranking != "put":
        raise RulesetError(f"exercises for Put need the Put ranking and no doubling, not {o.to_string()}")
    if kind == "put" and o.betting == "put" and (o.unput_deal == "game" or o.game_points == 1):
        # Refused before any draw: here a deal won without a put is worth what a seen put is, so the two choices
        # always come to the same points and no draw can give a question with one answer.
        worth = "the game" if o.unput_deal == "game" else "the one point that is the game"
        raise RulesetError(f"ruleset {o.to_string()} makes no exercises of kind 'put': a deal won without a put is "
                           f"worth {worth}, as much as a put that is seen, so putting never changes the points; "
                           "choose one with unput_deal=point and game_points of 2 or more")
    if solved_kind:
        _solved_rows(o, kind, level, 0)  # a ruleset without a solved file: the error before any draw
    build = _BUILD[kind][0]
    k = _choices_count(o, kind, level)
    target = intended(GAME, kind, level, seed, k)
    return first(GAME, kind, seed, lambda rng, i: build(o, rng, seed, kind, level, i, target), level,
                 f"choice {chr(65 + target)}")

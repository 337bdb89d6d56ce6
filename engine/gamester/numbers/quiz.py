"""Exercises made from a seed, each answered by the engine itself.

``make(game, seed, kind=None, ruleset=None)`` returns a JSON-ready exercise: ``game``, ``ruleset``, ``seed``,
``kind``, ``question`` (plain English), ``hands``, ``choices``, ``answer`` (one of the choices), ``answer_seat``
(for a seat; else ``None``), ``explanation`` (sentences, each ``{"clause", "text"}``) and ``clauses``.

The same seed always gives the same exercise. Seeds for the deals are drawn from it in turn (``"GAME:KIND:SEED:i"``
for i = 0, 1, ...) until one gives an exercise whose answer is certain without the rules' fine print: no tie
settled by the eldest hand, no two suits equal for trumps, no deal whose result turns on what one trick and two
ties count, no price equal to the fair price.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..cards import FULL_PACK, RANK_NAMES, SUIT_NAMES, Card, format_cards, shuffled
from ..errors import RulesetError
from ..post_and_pair_showdown import check_options as pp_options
from ..post_and_pair_showdown import settle
from . import put as put_numbers
from . import speculation as spec_numbers

KINDS = {
    "post-and-pair": {"pair": "who takes the Pair dish", "post": "who takes the Post dish",
                      "seat": "who takes the Seat", "trumps": "which suit is trumps"},
    "put": {"deal": "who wins a deal of two open hands with best play",
            "put": "whether putting now wins more points on average than playing on"},
    "speculation": {"best": "which card now shown is the best trump, and who holds it",
                    "price": "whether a price offered for a card is above its fair price"},
}
ATTEMPTS = 500


def kinds(game: str) -> dict[str, str]:
    if game not in KINDS:
        raise RulesetError(f"no exercises for {game!r}: games with exercises are {', '.join(KINDS)}")
    return dict(KINDS[game])


def _rng(game: str, kind: str, seed: int, i: int) -> random.Random:
    return random.Random(f"{game}:{kind}:{seed}:{i}")


def _card_words(c: Card) -> str:
    return f"the {RANK_NAMES[c.rank.text]} of {SUIT_NAMES[c.suit.letter]}"


def _names(cards) -> str:
    words = [_card_words(c)[4:] for c in cards]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def _exercise(game: str, ruleset: str, seed: int, kind: str, question: str, hands: list[str] | None,
              choices: list[str], answer: str, answer_seat: int | None, explanation: list[tuple[str, str]],
              draw: int) -> dict[str, Any]:
    clauses: list[str] = []
    for c, _ in explanation:
        if c and c not in clauses:
            clauses.append(c)
    return {"game": game, "ruleset": ruleset, "seed": seed, "kind": kind, "draw": draw, "question": question,
            "hands": hands, "choices": choices, "answer": answer, "answer_seat": answer_seat,
            "explanation": [{"clause": c, "text": t} for c, t in explanation], "clauses": clauses}


# -- Post and Pair --------------------------------------------------------------------------------------------
_PP_DISH_WORDS = {"pair": "the Pair dish", "post": "the Post dish", "seat": "the Seat"}
_ELDER = "pp.showdown.elder-wins-ties"
_TRUMP_TIES = ("pp.trump.tie", "pp.trump.tie-suit-order")


def _seat_label(s: int, n: int) -> str:
    role = " (eldest)" if s == 0 else (" (dealer)" if s == n - 1 else "")
    return f"Seat {s}{role}"


def _pp_try(kind: str, o, rng: random.Random):
    n = rng.randint(3, 5)
    cards = shuffled(FULL_PACK, rng)[:3 * n]
    hands = [tuple(cards[3 * i:3 * i + 3]) for i in range(n)]
    st = settle(o, hands)
    notes = list(st.notes)
    note_clauses = {c for c, _ in notes}
    if note_clauses & set(_TRUMP_TIES):
        return None
    lines = [ln for ln in st.ledger.lines if ln.payer in ("pair", "post", "seat")]
    if kind == "trumps":
        suit = st.trump
        why = [(c, r) for c, r in notes if c.startswith("pp.trump.") and c != "pp.trump.order"]
        q = "Which suit is trumps at this show?"
        choices = [SUIT_NAMES[s] for s in "SHDC"]
        return n, hands, q, choices, SUIT_NAMES[suit], None, why
    line = next((ln for ln in lines if ln.payer == kind), None)
    if line is None or line.clause == _ELDER:
        return None
    if kind in ("pair", "post") and line.clause in ("pp.pair.none-trump", "pp.post.none"):
        return None  # a dish won by the best trump is a question about trumps (asked by the kind 'seat')
    if kind == "seat" and st.decision.royal >= 0:
        return None  # a Pair-royal sweeps: asked by 'pair' and 'post'
    winner = st.winners[kind]
    why = []
    if kind == "seat":
        why = [(c, r) for c, r in notes if c.startswith("pp.trump.") or c.startswith("pp.seat.")]
    why.append((line.clause, line.reason))
    q = f"Everyone stays in and the cards are shown. Who takes {_PP_DISH_WORDS[kind]}?"
    choices = [_seat_label(s, n) for s in range(n)]
    return n, hands, q, choices, choices[winner], winner, why


def _post_and_pair(seed: int, kind: str, ruleset: Any) -> dict[str, Any]:
    o = pp_options(ruleset)
    for i in range(ATTEMPTS):
        got = _pp_try(kind, o, _rng("post-and-pair", kind, seed, i))
        if got is None:
            continue
        n, hands, q, choices, answer, seat, why = got
        return _exercise("post-and-pair", o.to_string(), seed, kind, q, [format_cards(h) for h in hands], choices,
                         answer, seat, [(c, _sentence(r)) for c, r in why], i)
    raise RulesetError(f"no exercise of kind {kind!r} found from seed {seed} in {ATTEMPTS} draws")


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


# -- Put ------------------------------------------------------------------------------------------------------
def _put_value(o, mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """+1 / 0 / -1 for the leader: the engine's odds over the one hand the other holds (hands open)."""
    counts = [0] * len(o.order)
    for v in theirs:
        counts[v - 1] += 1
    (w, t, lo, total), _ = put_numbers.put_odds.odds(tuple(sorted(mine)), 3, tuple(counts), True, 0, 0, 0, True)
    return 1 if w else (-1 if lo else 0)


def _best_line(mine: tuple[int, ...], theirs: tuple[int, ...], rule: str) -> list[tuple[int, int, int]]:
    """One line of best play (both hands open): (leader of the trick, the leader's card, the other's card)."""
    line = []
    me_lead, mw, tw = True, 0, 0
    while mine and max(mw, tw) < 2:
        target = put_numbers._open(mine, theirs, me_lead, 0, mw, tw, rule)
        if me_lead:
            c = next(c for c in sorted(set(mine), reverse=True)
                     if put_numbers._open(put_numbers._drop(mine, c), theirs, True, c, mw, tw, rule) == target)
            rest_m = put_numbers._drop(mine, c)
            d = next(d for d in sorted(set(theirs)) if put_numbers._open(
                rest_m, put_numbers._drop(theirs, d), (c >= d), 0, mw + (c > d), tw + (c < d), rule) == target)
            line.append((0, c, d))
            mine, theirs = rest_m, put_numbers._drop(theirs, d)
            s = (c > d) - (c < d)
        else:
            d = next(d for d in sorted(set(theirs), reverse=True)
                     if put_numbers._open(mine, put_numbers._drop(theirs, d), False, d, mw, tw, rule) == target)
            rest_t = put_numbers._drop(theirs, d)
            c = next(c for c in sorted(set(mine)) if put_numbers._open(
                put_numbers._drop(mine, c), rest_t, (c > d), 0, mw + (c > d), tw + (c < d), rule) == target)
            line.append((1, d, c))
            mine, theirs = put_numbers._drop(mine, c), rest_t
            s = (c > d) - (c < d)
        mw, tw = mw + (s > 0), tw + (s < 0)
        if s != 0:
            me_lead = s > 0
    return line


def _put_deal(o, rng: random.Random, seed: int, kind: str, i: int) -> dict[str, Any] | None:
    deck = shuffled(put_numbers_pack(o), rng)
    h0, h1 = sorted(deck[0:6:2], key=lambda c: -_val(o, c)), sorted(deck[1:6:2], key=lambda c: -_val(o, c))
    mine, theirs = tuple(sorted(_val(o, c) for c in h0)), tuple(sorted(_val(o, c) for c in h1))
    v = _put_value(o, mine, theirs)
    if v != put_numbers._open(mine, theirs, True, 0, 0, 0, "nothing"):
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
    return _exercise("put", o.to_string(), seed, kind, q, [format_cards(h0), format_cards(h1)], choices, result[0],
                     result[1], why, i)


def _val(o, c: Card) -> int:
    return len(o.order) - o.order.index(c.rank.text)


def put_numbers_pack(o) -> tuple[Card, ...]:
    from ..cards import pack
    return pack(o.order)


def _put_put(o, rng: random.Random, seed: int, kind: str, i: int) -> dict[str, Any] | None:
    if o.betting != "put":
        raise RulesetError(f"ruleset {o.to_string()} has no putting (betting={o.betting}): choose one with "
                           "betting=put for exercises of kind 'put'")
    g = o.game_points
    a, b = rng.randrange(g), rng.randrange(g)
    deck = shuffled(put_numbers_pack(o), rng)
    hand = sorted(deck[:3], key=lambda c: -_val(o, c))
    mine = tuple(sorted(_val(o, c) for c in hand))
    counts = [4] * len(o.order)
    for v in mine:
        counts[v - 1] -= 1
    (w, t, lo, total), _ = put_numbers.put_odds.odds(mine, 3, tuple(counts), True, 0, 0, 0, True)
    pw, pl = Fraction(w, total), Fraction(lo, total)
    seen_gain, seen_loss = g - a, g - b
    deal_points = (1, 1) if o.unput_deal == "point" else (g - a, g - b)
    put_ev = pw * seen_gain - pl * seen_loss
    play_ev = pw * deal_points[0] - pl * deal_points[1]
    if put_ev == play_ev:
        return None
    answer = "Put" if put_ev > play_ev else "Play on"
    q = (f"Seat 0 leads the first trick at a score of {a} to {b} (seat 0's points first; {g} is the game) and "
         f"holds the {_names(hand)}. If the other sees any put, which wins more points on average for seat 0: "
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
    return _exercise("put", o.to_string(), seed, kind, q, [format_cards(hand)], ["Put", "Play on"], answer, None,
                     why, i)


def _put(seed: int, kind: str, ruleset: Any) -> dict[str, Any]:
    o = put_numbers.options_for(ruleset if ruleset is not None else "cotton-1674")
    if o.betting == "double" or o.ranking != "put":
        raise RulesetError(f"exercises for Put need the Put ranking and no doubling, not {o.to_string()}")
    make = _put_deal if kind == "deal" else _put_put
    for i in range(ATTEMPTS):
        got = make(o, _rng("put", kind, seed, i), seed, kind, i)
        if got is not None:
            return got
    raise RulesetError(f"no exercise of kind {kind!r} found from seed {seed} in {ATTEMPTS} draws")


# -- Speculation ----------------------------------------------------------------------------------------------
def _spec_state(o, rng: random.Random):
    from ..speculation import SPEC, SpeculationState
    players = rng.randint(3, 6)
    st = SpeculationState(o, players, rng.randrange(10 ** 9))
    bots = [SPEC.make_bot("cautious", rng.randrange(10 ** 9)) for _ in range(players)]
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


def _spec_position(st, shown: list[Card]) -> dict[str, Any]:
    """What the exercise shows, as data (for checking): players, the turn-up, each card face up and its holder."""
    d = st.deal
    return {"players": st.players, "turnup": str(d.turnup),
            "shown": [[str(c), d.owner[c]] for c in shown]}


def _spec(seed: int, kind: str, ruleset: Any) -> dict[str, Any]:
    from ..speculation import best_trump_chance
    o = spec_numbers.options_for(ruleset)
    name = o.to_string()
    for i in range(ATTEMPTS):
        rng = _rng("speculation", kind, seed, i)
        st = _spec_state(o, rng)
        if st is None:
            continue
        d = st.deal
        shown = [Card.parse(c) for _, c in d.exposures]
        trump = d.turnup.suit.letter
        if kind == "best":
            if len(shown) < 3:
                continue
            choices = []
            for c in shown:
                who, _ = _holder_words(st, c)
                choices.append(f"{_card_words(c)[4:]} ({who})")
            best = d.best
            who, owner = _holder_words(st, best)
            answer = choices[shown.index(best)]
            q = (f"{len(shown)} cards are face up (the choices below); the turn-up is {_card_words(d.turnup)}. "
                 "Which of them is the best trump now, and who holds it?")
            why = [("spec.deal.turn-up", f"The turn-up, {_card_words(d.turnup)}, makes {SUIT_NAMES[trump]} "
                                         "trumps."),
                   ("spec.pack.ranking", "Ace is highest, then King, Queen, Knave, Ten and down to the Two."),
                   ("spec.play.chief", f"Of the trumps shown {_card_words(best)} is the highest, so {who} "
                                       "holds the best trump; cards of other suits are worth nothing.")]
            ex = _exercise("speculation", name, seed, kind, q, None, choices, answer, owner, why, i)
            ex["position"] = _spec_position(st, shown)
            return ex
        # price: an outsider's view of the best trump now shown, offered for sale by its holder
        holder = d.owner[d.best]
        if holder is None:
            continue
        viewer = next((s for s in range(st.players) if s != holder and s not in d.peeked), None)
        if viewer is None:
            continue
        ch = best_trump_chance(st, viewer)
        key = next(k for k in ch if len(k) > 1 and k[-1] == str(d.best))
        p = ch[key]
        pool = d.pool()
        fair = p * pool
        price = rng.randint(1, max(1, pool))
        if price == fair:
            continue
        above = price > fair
        answer = "Above the fair price" if above else "Below the fair price"
        q = (f"The pool holds {pool} counters. {SUIT_NAMES[trump]} are trumps and the best trump shown is "
             f"{_card_words(d.best)}, held by seat {holder}; {len(shown)} cards are face up "
             f"({_names(shown)}). Seat {holder} offers it for {price} counter{'s' if price != 1 else ''}. Is that above "
             f"or below its fair price for seat {viewer}, who has not looked at any card?")
        why = [("spec.win.best-trump", "The holder of the best trump when every card is turned takes the pool."),
               ("spec.deal.no-looking", "Nobody looks at a card before it is turned, so every unseen card is as "
                                        "likely as any other to lie in each unturned place."),
               ("spec.sale.best", f"The {_card_words(d.best)[4:]} stays best with chance {p} "
                                  f"({100 * float(p):.1f}%); times the pool of {pool}, its fair price is "
                                  f"{float(fair):.2f} counters, so {price} is "
                                  f"{'above' if above else 'below'} it.")]
        ex = _exercise("speculation", name, seed, kind, q, None,
                       ["Above the fair price", "Below the fair price"], answer, None, why, i)
        ex["position"] = {**_spec_position(st, shown), "viewer": viewer, "chance": str(p), "pool": pool,
                          "price": price}
        return ex
    raise RulesetError(f"no exercise of kind {kind!r} found from seed {seed} in {ATTEMPTS} draws")


def make(game: str, seed: int, kind: str | None = None, ruleset: Any = None) -> dict[str, Any]:
    """One exercise (see the module doc). Unknown game or kind, or a ruleset that lacks what the kind asks about,
    raise :class:`~gamester.errors.RulesetError`."""
    ks = kinds(game)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RulesetError(f"seed must be a whole number 0 or more, not {seed!r}")
    if kind is None:
        kind = list(ks)[seed % len(ks)]
    if kind not in ks:
        raise RulesetError(f"unknown kind {kind!r} for {game}: the kinds are {', '.join(ks)}")
    if game == "post-and-pair":
        return _post_and_pair(seed, kind, ruleset)
    if game == "put":
        return _put(seed, kind, ruleset)
    return _spec(seed, kind, ruleset)


def text(ex: dict[str, Any]) -> str:
    """The exercise as plain text, answer last."""
    lines = [f"{ex['game']} exercise ({ex['kind']}), seed {ex['seed']}", ex["question"]]
    for s, h in enumerate(ex["hands"] or []):
        lines.append(f"  seat {s}: {h}")
    for k, c in enumerate(ex["choices"]):
        lines.append(f"  {chr(65 + k)}. {c}")
    lines.append(f"Answer: {ex['answer']}")
    for e in ex["explanation"]:
        lines.append(f"  [{e['clause']}] {e['text']}")
    return "\n".join(lines)

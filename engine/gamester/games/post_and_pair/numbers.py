"""Post and Pair in numbers: how often a hand holds each thing, and who takes the dishes at a show.

**One hand.** Every three-card hand of the game's pack (52 cards, ``C(52, 3) = 22,100`` hands, all equally likely)
is read by the engine's own :func:`~gamester.games.post_and_pair.hands.hand_entry`, and the hands of each sort are
counted: the chances are exact fractions.

**The show.** Who takes each dish among N players depends on every hand at once; ``C(52,3) * C(49,3)`` deals for
two players alone is too many to settle one by one in Python, so the show is estimated: seeded random deals, each
settled by the engine's own :func:`~gamester.games.post_and_pair.showdown.settle` (every player staying in, one counter
in each dish), with the sample size and the standard error of every figure. One show figure is also exact (the
chance that some hand holds a Pair-royal, and so sweeps the table), by inclusion and exclusion, so that the
estimate can be checked against it.

``gamester odds post-and-pair`` runs :func:`odds_command`; the Numbers page's tables and plot are at the end
(:data:`TABLES`).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, perm, sqrt
from typing import Any

from ...cards import FULL_PACK
from ...errors import RulesetError
from ...html import e, numbers_table, percent
from ...svg import line_chart
from .hands import MAX_PLAYERS, MIN_PLAYERS, PAIR, POST, ROYAL, hand_entry
from .rules import PostAndPairOptions
from .showdown import check_options, settle

PACK = len(FULL_PACK)
HAND_SORTS = ("pair-royal", "pair", "three-card-post", "two-card-post", "post-of-21", "nothing")
HAND_WORDS = {
    "pair-royal": "a Pair-royal (three cards of one rank)",
    "pair": "a Pair (two cards of one rank, not three)",
    "three-card-post": "a three-card Post (three cards of one suit)",
    "two-card-post": "a two-card Post (exactly two cards of one suit)",
    "post-of-21": "a Post counting 21 (the best Post)",
    "nothing": "no Pair and no Post (three ranks and three suits)",
}
#: What took a dish at a show: a Pair-royal sweeps; else the best Pair or Post (a Post of 21, the best there is,
#: counted apart); else the best trump (or nobody, when the Post dish stays on the table).
TAKERS = ("pair-royal", "pair", "post-of-21", "three-card-post", "two-card-post", "best-trump", "left-on-table")
TAKER_WORDS = {"pair-royal": "a Pair-royal", "pair": "the best Pair", "post-of-21": "a Post of 21",
               "three-card-post": "a three-card Post (not of 21)", "two-card-post": "a two-card Post (not of 21)", "best-trump": "the best trump", "left-on-table": "nobody (left "
               "for the next deal)"}
DISH_NAMES = ("pair", "post", "seat")
POSSIBLE = {"pair": ("pair-royal", "pair", "best-trump"),
            "post": ("pair-royal", "post-of-21", "three-card-post", "two-card-post", "best-trump", "left-on-table"),
            "seat": ("pair-royal", "best-trump")}
SAMPLES = 20_000
MAX_SAMPLES = 200_000  # deals sampled at most (about 15 s of CPU for 17 players; the standard error is then 0.1%)
METHOD_HAND = ("exact: every three-card hand of the 52-card pack (22,100 of them, equally likely) read by the "
               "engine's own hand keys, and counted")
METHOD_SHOW = ("estimated: {n:,} seeded random deals to {p} players, each settled by the engine (everyone staying "
               "in, one counter in each dish); each figure with its standard error (sqrt(p(1-p)/n))")


def _options(ruleset: Any) -> PostAndPairOptions:
    return check_options(ruleset)


def _sorts(e: tuple[int, ...]) -> set[str]:
    out = set()
    if e[ROYAL]:
        out.add("pair-royal")
    if e[PAIR]:
        out.add("pair")
    size, twice = divmod(e[POST], 64)
    if size == 3:
        out.add("three-card-post")
    elif size == 2:
        out.add("two-card-post")
    if e[POST] and twice == 42:
        out.add("post-of-21")
    if not e[ROYAL] and not e[PAIR] and not e[POST]:
        out.add("nothing")
    return out


@lru_cache(maxsize=8)
def hand_counts(pair_rank: str = "points", over_21: str = "two-highest", ten_ace: str = "21") -> dict[str, int]:
    """The number of three-card hands of each sort (out of ``C(52, 3)``) under the options that value a hand."""
    counts = dict.fromkeys(HAND_SORTS, 0)
    for cards in combinations(range(PACK), 3):
        for s in _sorts(hand_entry(cards, pair_rank, over_21, ten_ace)):
            counts[s] += 1
    return counts


def hand_chances(ruleset: Any = None) -> dict[str, Fraction]:
    """Exact chance that one hand is of each sort (a hand may be of two: a Pair and a two-card Post)."""
    o = _options(ruleset)
    total = comb(PACK, 3)
    return {k: Fraction(v, total) for k, v in hand_counts(o.pair_rank, o.post_over_21, o.ten_ace).items()}


def any_pair_royal(players: int) -> Fraction:
    """Exact chance that at least one of ``players`` hands is a Pair-royal (inclusion and exclusion).

    ``k`` given hands are all Pair-royals only in different ranks (a rank has four cards, two Pair-royals need six):
    ``(13)_k * 4**k`` ways, out of ``C(52,3) * C(49,3) * ...`` for the k hands.
    """
    _check_players(players)
    out = Fraction(0)
    for k in range(1, min(players, 13) + 1):
        ways = Fraction(perm(13, k) * 4 ** k)
        for i in range(k):
            ways /= comb(PACK - 3 * i, 3)
        out += (-1) ** (k + 1) * comb(players, k) * ways
    return out


def _check_players(players: Any) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesetError(f"Post and Pair is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    return players


def _taker(st, dish: str) -> str:
    """What sort of hand took ``dish`` in a settlement (from its decision, which names the winning positions)."""
    d = st.decision
    if d.royal >= 0:
        return "pair-royal"
    if dish == "pair":
        return "pair" if d.pair >= 0 else "best-trump"
    if dish == "post":
        if d.post >= 0:
            cards = [FULL_PACK.index(c) for c in st.hands[d.post]]
            o = st.options
            e = hand_entry(cards, o.pair_rank, o.post_over_21, o.ten_ace)
            if e[POST] % 64 == 42:
                return "post-of-21"
            return "three-card-post" if e[POST] // 64 == 3 else "two-card-post"
        return "best-trump" if st.winners["post"] is not None else "left-on-table"
    return "best-trump"


def _estimate(hits: int, n: int) -> dict[str, Any]:
    p = hits / n
    return {"p": round(p, 6), "se": round(sqrt(p * (1 - p) / n), 6)}


@lru_cache(maxsize=64)
def _show_tallies(options: PostAndPairOptions, players: int, samples: int, seed: int):
    rng = random.Random(seed * 1000 + players)
    takers = {d: dict.fromkeys(TAKERS, 0) for d in DISH_NAMES}
    eldest = dict.fromkeys(DISH_NAMES, 0)
    royal = 0
    for _ in range(samples):
        cards = rng.sample(FULL_PACK, 3 * players)
        hands = [tuple(cards[3 * i:3 * i + 3]) for i in range(players)]
        st = settle(options, hands)
        royal += st.decision.royal >= 0
        for dish in DISH_NAMES:
            takers[dish][_taker(st, dish)] += 1
            eldest[dish] += st.winners[dish] == 0
    return takers, eldest, royal


def show_odds(players: int, ruleset: Any = None, samples: int = SAMPLES, seed: int = 1674) -> dict[str, Any]:
    """Estimated chances at a show among ``players``: what sort of hand takes each dish, and how often the eldest
    does; with the exact chance of a Pair-royal on the table beside its estimate."""
    _check_players(players)
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise RulesetError(f"samples must be a whole number 1 to {MAX_SAMPLES:,}, not {str(samples)[:40]}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RulesetError(f"seed must be a whole number 0 or more, not {str(seed)[:40]}")
    o = _options(ruleset)
    takers, eldest, royal = _show_tallies(o, players, samples, seed)
    exact = any_pair_royal(players)
    return {
        "players": players,
        "samples": samples,
        "seed": seed,
        "method": METHOD_SHOW.format(n=samples, p=players),
        "dishes": {d: {t: _estimate(n, samples) for t, n in takers[d].items() if t in POSSIBLE[d]}
                   for d in DISH_NAMES},
        "eldest": {d: _estimate(eldest[d], samples) for d in DISH_NAMES},
        "fair_share": str(Fraction(1, players)),
        "pair_royal_on_table": {"exact": str(exact), "exact_float": round(float(exact), 6),
                                **_estimate(royal, samples)},
    }


def odds(players: int, ruleset: Any = None, samples: int = SAMPLES, seed: int = 1674) -> dict[str, Any]:
    """``gamester odds post-and-pair``: one hand's exact chances and the show among ``players``."""
    o = _options(ruleset)
    hand = hand_chances(o)
    return {
        "game": "post-and-pair",
        "ruleset": o.to_string(),
        "hand": {k: str(v) for k, v in hand.items()},
        "hand_float": {k: round(float(v), 6) for k, v in hand.items()},
        "hand_method": METHOD_HAND,
        "show": show_odds(players, o, samples, seed),
    }


def odds_text(data: dict[str, Any]) -> str:
    lines = [f"Post and Pair ({data['ruleset']})", "One hand (exact):"]
    for k, v in data["hand"].items():
        lines.append(f"  {HAND_WORDS[k]}: {v} = {100 * data['hand_float'][k]:.3f}%")
    show = data["show"]
    lines.append(f"The show among {show['players']} players ({show['method']}):")
    for d in DISH_NAMES:
        parts = ", ".join(f"{TAKER_WORDS[t]} {100 * e['p']:.1f}%" for t, e in show["dishes"][d].items())
        lines.append(f"  the {d.capitalize()} {'dish' if d != 'seat' else ''}".rstrip() + f" goes to: {parts}")
    for d in DISH_NAMES:
        e = show["eldest"][d]
        lines.append(f"  the eldest takes the {d.capitalize()}: {100 * e['p']:.1f}% (± {100 * e['se']:.1f})")
    pr = show["pair_royal_on_table"]
    lines.append(f"  some hand holds a Pair-royal: exact {100 * pr['exact_float']:.3f}%, estimated "
                 f"{100 * pr['p']:.3f}% (± {100 * pr['se']:.3f})")
    return "\n".join(lines)


def odds_command(ruleset: Any = None, players: int | None = None, **kw: Any) -> tuple[dict[str, Any], str]:
    """``gamester odds post-and-pair --players N [--samples S] [--seed N]`` (the game's ``GameSpec.odds``)."""
    if players is None:
        raise RulesetError("gamester odds post-and-pair needs --players N")
    data = odds(players, ruleset, **kw)
    return data, odds_text(data)


# -- the Numbers page -------------------------------------------------------------------------------------------
SHOW_SAMPLES = 8000
SHOW_SEED = 1674
SHOW_PLAYERS = range(2, 11)


def _one_in(p: Fraction) -> str:
    return f"1 in {round(1 / p):,}" if p else "never"


def hand_table(base: str) -> str:
    """``<!-- numbers pp-hand -->``: one hand's exact chances."""
    ch = hand_chances()
    rows = [[e(HAND_WORDS[k][0].upper() + HAND_WORDS[k][1:]), f"{v.numerator:,}/{v.denominator:,}",
             percent(float(v), 2), _one_in(v)] for k, v in ch.items()]
    return numbers_table(["One hand of three cards", "Exact chance", "Per cent", "About"], rows,
                         "One hand (exact: every one of the 22,100 hands counted)")


@lru_cache(maxsize=1)
def _shows() -> list[dict[str, Any]]:
    return [show_odds(n, samples=SHOW_SAMPLES, seed=SHOW_SEED) for n in SHOW_PLAYERS]


def _pm(x: dict[str, float]) -> str:
    return f"{100 * x['p']:.1f}% <small>± {100 * x['se']:.1f}</small>"


def show_tables(base: str) -> str:
    """``<!-- numbers pp-show -->``: how often the eldest takes each dish, and what takes it, for 2 to 10."""
    rows1, rows2 = [], []
    for s in _shows():
        n = s["players"]
        rows1.append([str(n), _pm(s["eldest"]["pair"]), _pm(s["eldest"]["post"]), _pm(s["eldest"]["seat"]),
                      percent(1 / n)])
        d = s["dishes"]
        rows2.append([str(n), percent(s["pair_royal_on_table"]["exact_float"], 2),
                      percent(d["pair"]["pair"]["p"]), percent(d["pair"]["best-trump"]["p"]),
                      percent(d["post"]["post-of-21"]["p"]), percent(d["post"]["three-card-post"]["p"]),
                      percent(d["post"]["two-card-post"]["p"]), percent(d["post"]["best-trump"]["p"])])
    t1 = numbers_table(["Players", "Pair dish", "Post dish", "Seat", "An even share"], rows1,
                       "How often the eldest hand takes each dish (estimated; ± one standard error)")
    t2 = numbers_table(["Players", "A Pair-royal sweeps (exact)", "Pair dish: best Pair", "Pair dish: best trump",
                        "Post dish: a Post of 21", "Post dish: other three-card Post",
                        "Post dish: other two-card Post", "Post dish: best trump"], rows2,
                       "What takes each dish (estimated, except the Pair-royal column)")
    return t1 + t2


def eldest_plot(base: str) -> str:
    """``<!-- numbers pp-plot -->``: the eldest hand's edge over an even share, by the number of players."""
    shows = _shows()
    series = [(f"{d.capitalize()} {'dish' if d != 'seat' else ''}".strip(),
               [(s["players"], 100 * (s["eldest"][d]["p"] - 1 / s["players"])) for s in shows])
              for d in ("pair", "post", "seat")]
    series.append(("An even share", [(s["players"], 0.0) for s in shows]))
    se = max(s["eldest"][d]["se"] for s in shows for d in ("pair", "post", "seat"))
    desc = "; ".join(f"{s['players']} players: Pair {percent(s['eldest']['pair']['p'])}, Post "
                     f"{percent(s['eldest']['post']['p'])}, Seat {percent(s['eldest']['seat']['p'])}, an even "
                     f"share {percent(1 / s['players'])}" for s in shows)
    return ('<figure class="gm-figure">' + line_chart(
        series, title="How much more than an even share the eldest hand takes, by the number of players",
        desc="Estimated from seeded deals settled by the engine. " + desc, x_label="Players",
        y_label="Edge over an even share (points)", x_ticks=list(range(2, 11)),
        y_ticks=[-2, -1, 0, 1, 2, 3], y_format=lambda v: f"{v:+g}" if v else "0", ident="pp-eldest")
        + f"<figcaption>The eldest hand's chance of taking each dish, less an even share (one in the number of "
          f"players), in percentage points: {SHOW_SAMPLES:,} seeded deals for each number of players, each settled "
          f"by the engine; each point is uncertain by up to {100 * se:.1f} (one standard error).</figcaption>"
          "</figure>")


TABLES = {"pp-hand": hand_table, "pp-show": show_tables, "pp-plot": eldest_plot}

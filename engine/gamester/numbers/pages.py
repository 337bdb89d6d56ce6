"""Build-time page content for the Teach and Numbers pages, as page markers (HTML made by the engine).

``MARKERS`` maps a marker name to ``fn(text, base) -> html``; the site's marker hook looks names up here:

``exercises GAME [count=12] [seed=N] [ruleset=R]``   printed exercises and, after a page break, the answer key
``numbers WHAT``    a table or plot: ``pp-hand``, ``pp-show``, ``pp-plot``, ``put-lead``, ``put-models``,
                    ``spec-price``
"""

from __future__ import annotations

import re
import shlex
from fractions import Fraction
from functools import lru_cache
from html import escape as e
from typing import Any

from ..errors import RulesetError
from ..html import card_html
from . import post_and_pair as ppn
from . import put as putn
from . import quiz
from . import speculation as specn
from .svg import line_chart

SHOW_SAMPLES = 8000
SHOW_SEED = 1674
SHOW_PLAYERS = range(2, 11)


def _args(text: str) -> tuple[list[str], dict[str, str]]:
    pos, kw = [], {}
    for tok in shlex.split(text or ""):
        if "=" in tok:
            k, v = tok.split("=", 1)
            kw[k] = v
        else:
            pos.append(tok)
    return pos, kw


def _int(kw: dict[str, str], key: str, default: int) -> int:
    try:
        return int(kw.get(key, default))
    except ValueError:
        raise RulesetError(f"{key}={kw[key]!r} is not a whole number") from None


def _pct(p: float, digits: int = 1) -> str:
    return f"{100 * p:.{digits}f}%"


def _one_in(p: Fraction) -> str:
    return f"1 in {round(1 / p):,}" if p else "never"


def _clause(cid: str, base: str) -> str:
    return f'<a class="gm-clause" href="{e(base)}clauses/#{e(cid)}">{e(cid)}</a>'


def _hand(text: str) -> str:
    return '<span class="gm-hand">' + " ".join(card_html(c) for c in text.split()) + "</span>"


# -- exercises ---------------------------------------------------------------------------------------------------
def exercises(text: str, base: str) -> str:
    pos, kw = _args(text)
    if len(pos) != 1:
        raise RulesetError("'exercises' needs one game: exercises post-and-pair|put|speculation [count=12] [seed=N]")
    game = pos[0]
    kinds = list(quiz.kinds(game))
    count, seed = _int(kw, "count", 12), _int(kw, "seed", 1)
    unknown = set(kw) - {"count", "seed", "ruleset"}
    if unknown:
        raise RulesetError(f"unknown argument(s) {', '.join(sorted(unknown))} for 'exercises'")
    exs = [quiz.make(game, seed + i, kinds[i % len(kinds)], kw.get("ruleset")) for i in range(count)]
    qs, answers = [], []
    for ex in exs:
        body = [f'<li class="gm-exercise"><p>{e(ex["question"])}</p>']
        if ex["hands"]:
            rows = "".join(f"<tr><th scope=\"row\">{e(_seat_name(ex, s))}</th><td>{_hand(h)}</td></tr>"
                           for s, h in enumerate(ex["hands"]))
            body.append(f'<table class="gm-ex-hands"><tbody>{rows}</tbody></table>')
        body.append('<ol class="gm-choices" type="A">' + "".join(f"<li>{e(c)}</li>" for c in ex["choices"])
                    + "</ol></li>")
        qs.append("".join(body))
        letter = chr(65 + ex["choices"].index(ex["answer"]))
        why = " ".join(f'{e(x["text"])} <small>({_clause(x["clause"], base)})</small>' for x in ex["explanation"])
        answers.append(f'<li><p><strong>{letter}. {e(ex["answer"])}</strong></p><p>{why}</p>'
                       f'<p><small>Made with <code>gamester quiz {e(game)} --seed {ex["seed"]} --kind '
                       f'{e(ex["kind"])}</code>.</small></p></li>')
    return (f'<ol class="gm-exercises">{"".join(qs)}</ol>'
            '<details class="gm-answer-key"><summary>Answer key (open it when you are ready)</summary>'
            f'<ol class="gm-answers">{"".join(answers)}</ol></details>')


def _seat_name(ex: dict[str, Any], s: int) -> str:
    n = len(ex["hands"])
    if ex["game"] == "put":
        return ["Seat 0 (eldest)", "Seat 1 (dealer)"][s] if n == 2 else "Seat 0"
    return quiz._seat_label(s, n)


# -- numbers -----------------------------------------------------------------------------------------------------
def _table(head: list[str], rows: list[list[str]], caption: str, numeric_from: int = 1) -> str:
    th = "".join(f'<th scope="col"{" class=gm-num" if i >= numeric_from else ""}>{h}</th>'
                 for i, h in enumerate(head))
    body = []
    for r in rows:
        cells = [f'<th scope="row">{r[0]}</th>'] + [f'<td class="gm-num">{c}</td>' for c in r[1:]]
        body.append("<tr>" + "".join(cells) + "</tr>")
    # A wide table scrolls sideways on a phone: the scrolling box is focusable (keyboard) and named.
    label = e(re.sub(r"<[^>]+>", "", caption), quote=True)
    return (f'<div class="gm-static" tabindex="0" role="region" aria-label="{label}"><table class="gm-numbers">'
            f'<caption>{caption}</caption><thead><tr>{th}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def _pp_hand(base: str) -> str:
    ch = ppn.hand_chances()
    rows = [[e(ppn.HAND_WORDS[k][0].upper() + ppn.HAND_WORDS[k][1:]), f"{v.numerator:,}/{v.denominator:,}", _pct(float(v), 2),
             _one_in(v)] for k, v in ch.items()]
    return _table(["One hand of three cards", "Exact chance", "Per cent", "About"], rows,
                  "One hand (exact: every one of the 22,100 hands counted)")


@lru_cache(maxsize=1)
def _shows() -> list[dict[str, Any]]:
    return [ppn.show_odds(n, samples=SHOW_SAMPLES, seed=SHOW_SEED) for n in SHOW_PLAYERS]


def _pm(x: dict[str, float]) -> str:
    return f"{100 * x['p']:.1f}% <small>± {100 * x['se']:.1f}</small>"


def _pp_show(base: str) -> str:
    rows1, rows2 = [], []
    for s in _shows():
        n = s["players"]
        rows1.append([str(n), _pm(s["eldest"]["pair"]), _pm(s["eldest"]["post"]), _pm(s["eldest"]["seat"]),
                      _pct(1 / n)])
        d = s["dishes"]
        rows2.append([str(n), _pct(s["pair_royal_on_table"]["exact_float"], 2),
                      _pct(d["pair"]["pair"]["p"]), _pct(d["pair"]["best-trump"]["p"]),
                      _pct(d["post"]["post-of-21"]["p"]), _pct(d["post"]["three-card-post"]["p"]),
                      _pct(d["post"]["two-card-post"]["p"]), _pct(d["post"]["best-trump"]["p"])])
    t1 = _table(["Players", "Pair dish", "Post dish", "Seat", "An even share"], rows1,
                "How often the eldest hand takes each dish (estimated; ± one standard error)")
    t2 = _table(["Players", "A Pair-royal sweeps (exact)", "Pair dish: best Pair", "Pair dish: best trump",
                 "Post dish: a Post of 21", "Post dish: other three-card Post", "Post dish: other two-card Post",
                 "Post dish: best trump"], rows2,
                "What takes each dish (estimated, except the Pair-royal column)")
    return t1 + t2


def _pp_plot(base: str) -> str:
    shows = _shows()
    series = [(f"{d.capitalize()} {'dish' if d != 'seat' else ''}".strip(),
               [(s["players"], 100 * (s["eldest"][d]["p"] - 1 / s["players"])) for s in shows])
              for d in ("pair", "post", "seat")]
    series.append(("An even share", [(s["players"], 0.0) for s in shows]))
    se = max(s["eldest"][d]["se"] for s in shows for d in ("pair", "post", "seat"))
    desc = "; ".join(f"{s['players']} players: Pair {_pct(s['eldest']['pair']['p'])}, Post "
                     f"{_pct(s['eldest']['post']['p'])}, Seat {_pct(s['eldest']['seat']['p'])}, an even share "
                     f"{_pct(1 / s['players'])}" for s in shows)
    return ('<figure class="gm-figure">' + line_chart(
        series, title="How much more than an even share the eldest hand takes, by the number of players",
        desc="Estimated from seeded deals settled by the engine. " + desc, x_label="Players",
        y_label="Edge over an even share (points)", x_ticks=list(range(2, 11)),
        y_ticks=[-2, -1, 0, 1, 2, 3], y_format=lambda v: f"{v:+g}" if v else "0", ident="pp-eldest")
        + f"<figcaption>The eldest hand's chance of taking each dish, less an even share (one in the number of "
          f"players), in percentage points: {SHOW_SAMPLES:,} seeded deals for each number of players, each settled "
          f"by the engine; each point is uncertain by up to {100 * se:.1f} (one standard error).</figcaption>"
          "</figure>")


@lru_cache(maxsize=1)
def _lead_grid() -> dict[tuple[int, int], Fraction]:
    return putn.game_chances(putn.engine_deal(13, "win"), 5)


def _put_lead(base: str) -> str:
    W = _lead_grid()
    rows = [[str(a)] + [_pct(float(W[a, b])) for b in range(5)] for a in range(5)]
    return _table(["Leader's points"] + [f"Other has {b}" for b in range(5)], rows,
                  "The chance that the player about to lead wins the game (the engine's model, Put without "
                  "putting, 52 cards, five up)")


def _put_models(base: str) -> str:
    win = putn.engine_deal(13, "win")
    nothing = putn.engine_deal(13, "nothing")
    rows = []
    for label, deal in (("Engine: best play, hands open after the first card; one trick and two ties wins", win),
                        ("The same, one trick and two ties counting nothing", nothing)):
        W = putn.game_chances(deal, 5)
        rows.append([e(label), _pct(float(deal[0])), _pct(float(deal[1])), _pct(float(deal[2])),
                     _pct(float(W[0, 0]), 2), _pct(float(W[4, 4]), 2)])
    pav = putn.PAV_FULL_44
    zero = putn.PAV_GAME_52.get((0, 0))
    rows.append(["Pav: hands closed throughout, each card chosen for the best chance of the game; one trick and "
                 "two ties counting nothing", _pct(float(pav["win"])), _pct(float(pav["tie"])),
                 _pct(float(pav["lose"])), _pct(float(zero[0]), 2) if zero else "not computed",
                 _pct(float(pav["p"]), 2)])
    return _table(["Model", "Leader wins a deal", "Tie", "Leader loses", "Leader wins the game from 0-0",
                   "From 4-4"], rows, "What the lead is worth under two models of play (52 cards)")


def _spec_price(base: str) -> str:
    t = specn.table()
    show = ["A", "K", "Q", "J", "10", "9", "8", "7"]
    rows = [[str(r["players"]), str(r["pool"]), f"{r['face_down_price']:.2f}"]
            + [f"{r['price_by_rank'][k]:.2f}" for k in show] for r in t["rows"]]
    return _table(["Players", "Pool", "Turn-up face down"] + [f"Turned up: {specn.rank_words(k)}" for k in show],
                  rows, "Fair price of the turn-up in counters (chance of ending as the best trump times the pool; "
                  "one-counter stakes, the handbook's rules)")


NUMBERS = {"pp-hand": _pp_hand, "pp-show": _pp_show, "pp-plot": _pp_plot, "put-lead": _put_lead,
           "put-models": _put_models, "spec-price": _spec_price}


def numbers(text: str, base: str) -> str:
    pos, kw = _args(text)
    if len(pos) != 1 or pos[0] not in NUMBERS or kw:
        raise RulesetError(f"'numbers' needs one of {', '.join(NUMBERS)} (got {text!r})")
    return NUMBERS[pos[0]](base)


MARKERS = {"exercises": exercises, "numbers": numbers}

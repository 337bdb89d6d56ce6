"""Put in numbers: what the lead of a deal is worth, from a given score, under two models of play.

Only the order of the ranks matters at Put (suits never do), so a hand is a sorted tuple of rank values (1 = the
lowest rank of the pack in use, up to 13 = the Three in the full pack) and the unseen cards are counts per rank.

**The engine's model** (``model="engine"``, :mod:`.numbers_engine`): the deal odds of :mod:`gamester.games.put.odds`: the leader chooses his
first card without seeing, then both play their best with the hands open. The leader's chances of winning, tying
and losing a deal are exact fractions over every pair of hands. The game is then a chain of deals without putting
(each deal a point to its winner, the lead alternating), solved exactly.

**Pav's model** (``model="pav"``, after Steven E. Pav's 2024 analysis of Put): every player keeps his hand closed
to the end. At each card he picks the one that gives him the best chance of winning the *game*, reckoning the
unseen cards as a uniformly random hand (he draws no inference from what the other has played) and expecting both
players to go on choosing the same way; among equally good cards he plays the lowest. A deal is then a fixed pair
of strategies, whose results are counted exactly over every pair of hands. Those strategies depend on what a tied
deal is worth, which depends on the strategies: at four all the value is found where the two agree (the chance
``p`` of the first leader is the one for which, valuing a tie at ``1 - p``, the strategies give ``p`` back), and
for that set of strategies the chance is exact (:mod:`.numbers_pav`). Pav's analysis stops there; :func:`pav_game` carries the same model
back over a whole game without putting, finding the strategies afresh at every score (where they never settle, it
says so and gives the range of the chance).

What a deal of one trick and two ties counts is a parameter (``one_and_ties``): ``"win"`` (the engine's rule,
clause ``put.deal.one-and-two-ties``) or ``"nothing"`` (Pav's). The deal's result is always read by the engine's
own :func:`gamester.games.put.state.deal_result`; under ``"nothing"`` a win needs two tricks.

Puts are not modelled: the chances are those of the game without putting (Cotton's variant, ruleset
``without-putting``), and of Cotton's game only at four all, where a put can change nothing (the winner of the
deal wins the game either way).

``gamester odds put`` runs :func:`odds_command`; the Numbers page's tables are at the end (:data:`TABLES`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...errors import RulesetError
from ...html import e, numbers_table, percent
from ...options import parse_int, parse_ruleset
from .numbers_engine import engine_deal, game_chances
from .numbers_pav import PAV_FULL_44, PAV_GAME_52, PAV_PUBLISHED_44, pav_four_all, pav_game
from .numbers_solved import TABLES as SOLVED_TABLES
from .rules import PRESETS, PutOptions

MODELS = ("engine", "pav")
ONE_AND_TIES = ("win", "nothing")
METHOD = {
    "engine": ("exact: every pair of hands; the leader chooses his first card without seeing the other's hand, "
               "then both play their best with the hands open (gamester.games.put.odds); deals without putting, each "
               "a point to its winner, the lead alternating"),
    "pav": ("exact for the strategies found: every pair of hands; each player, hands closed, plays the card that "
            "gives him the best chance of winning the game, taking the unseen cards as uniformly dealt (after "
            "S. E. Pav, 2024); the value of a tied deal and the strategies are solved together, score by score, "
            "in a game without putting"),
}


def options_for(ruleset: Any) -> PutOptions:
    if isinstance(ruleset, PutOptions):
        return ruleset
    if ruleset is None:
        return PRESETS["without-putting"].options
    return parse_ruleset("put", PutOptions(), PRESETS, ruleset)


def _check(o: PutOptions, score: tuple[int, int]) -> None:
    if o.betting == "double":
        raise RulesetError("the numbers for Put cover Put with or without putting (betting=put or none), not "
                           "Truc's doubling")
    g = o.game_points
    a, b = score
    if not (0 <= a < g and 0 <= b < g):
        raise RulesetError(f"score {a}-{b} is outside a game of {g} points: each side has 0 to {g - 1}")
    if o.betting == "put" and o.unput_deal == "game":
        raise RulesetError("with unput_deal=game every deal played out ends the game and only puts score points; "
                           "puts are not modelled: use ruleset without-putting")
    if o.betting == "put" and (a, b) != (g - 1, g - 1):
        raise RulesetError(f"puts are not modelled, so with putting only {g - 1}-{g - 1} (where a put changes "
                           "nothing) is computed: use ruleset without-putting for other scores")


def parse_score(text: str) -> tuple[int, int]:
    parts = str(text).split("-")
    try:
        if len(parts) != 2:
            raise RulesetError("not two numbers")
        return parse_int(parts[0], "score", 0, 99), parse_int(parts[1], "score", 0, 99)
    except RulesetError:  # ASCII digits only (the one reader of whole numbers): "٤-٤" is not 4-4
        raise RulesetError(f"cannot read score {str(text)[:40]!r}: write A-B in the digits 0-9, the leader's points "
                           "first (e.g. 4-4)") from None


def lead_value(score: str | tuple[int, int], ruleset: Any = None, model: str = "engine",
               one_and_ties: str | None = None) -> dict[str, Any]:
    """``gamester odds put``: the chance that the player to lead the next deal wins the game from ``score`` (his
    points first)."""
    o = options_for(ruleset)
    a, b = parse_score(score) if isinstance(score, str) else score
    _check(o, (a, b))
    if model not in MODELS:
        raise RulesetError(f"unknown model {model!r}: the models are {', '.join(MODELS)}")
    rule = one_and_ties or ("win" if model == "engine" else "nothing")
    if rule not in ONE_AND_TIES:
        raise RulesetError(f"one trick and two ties counts 'win' or 'nothing', not {rule!r}")
    n = len(o.order)
    out: dict[str, Any] = {"game": "put", "ruleset": o.to_string(), "score": f"{a}-{b}", "model": model,
                           "one_and_ties": rule, "method": METHOD[model]}
    g = o.game_points
    if model == "engine":
        deal = engine_deal(n, rule)
        W = game_chances(deal, g)
        p = W[a, b]
    else:
        if (n, g, rule, a, b) == (13, 5, "nothing", 4, 4):
            res = PAV_FULL_44
            out["stored"] = "computed by pav_four_all(13) (about half a minute); recomputed by the slow tests"
        elif (a, b) == (g - 1, g - 1):
            res = pav_four_all(n, rule)
            out["iterations"] = res["iterations"]
        elif (n, g, rule) == (13, 5, "nothing") and PAV_GAME_52:
            res = dict(zip(("p", "win", "tie", "lose"), PAV_GAME_52[a, b], strict=True))
            out["stored"] = "computed by pav_game(13) (some minutes); recomputed by the slow tests"
        else:
            res = pav_game(n, g, rule)[a, b]
        deal, p = (res["win"], res["tie"], res["lose"]), res["p"]
        if n == 13 and rule == "nothing" and (a, b) == (g - 1, g - 1) == (4, 4):
            out["published"] = PAV_PUBLISHED_44
            out["difference_from_published"] = float(p) - PAV_PUBLISHED_44
    out.update({"lead_wins": str(p), "lead_wins_float": round(float(p), 6),
                "deal": {k: str(v) for k, v in zip(("win", "tie", "lose"), deal, strict=True)},
                "deal_float": {k: round(float(v), 6) for k, v in zip(("win", "tie", "lose"), deal, strict=True)}})
    return out


def lead_value_text(d: dict[str, Any]) -> str:
    lines = [f"Put ({d['ruleset']}), score {d['score']}, {d['model']} model, one trick and two ties: "
             f"{d['one_and_ties']}",
             f"The player to lead wins the game: {d['lead_wins']} = {100 * d['lead_wins_float']:.2f}%",
             "One deal, for the leader: " + ", ".join(f"{k} {100 * v:.2f}%" for k, v in d["deal_float"].items()),
             f"Method: {d['method']}"]
    if "published" in d:
        lines.append(f"Pav's published figure: {100 * d['published']:.4f}%")
    return "\n".join(lines)


def odds_command(ruleset: Any = None, score: str | None = None, model: str | None = None,
                 one_and_ties: str | None = None) -> tuple[dict[str, Any], str]:
    """``gamester odds put --score A-B [--model engine|pav] [--one-and-ties win|nothing]`` (``GameSpec.odds``)."""
    if score is None:
        raise RulesetError("gamester odds put needs --score A-B (the leader's points first)")
    data = lead_value(score, ruleset, "engine" if model is None else model, one_and_ties)
    return data, lead_value_text(data)


# -- the Numbers page -------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _lead_grid() -> dict[tuple[int, int], Fraction]:
    return game_chances(engine_deal(13, "win"), 5)


def lead_table(base: str) -> str:
    """``<!-- numbers put-lead -->``: the leader's chance of the game from every score (the engine's model)."""
    W = _lead_grid()
    rows = [[str(a)] + [percent(float(W[a, b])) for b in range(5)] for a in range(5)]
    return numbers_table(["Leader's points"] + [f"Other has {b}" for b in range(5)], rows,
                         "The chance that the player about to lead wins the game (the engine's model, Put without "
                         "putting, 52 cards, five up)")


def models_table(base: str) -> str:
    """``<!-- numbers put-models -->``: what the lead is worth under the two models of play."""
    win = engine_deal(13, "win")
    nothing = engine_deal(13, "nothing")
    rows = []
    for label, deal in (("Engine: best play, hands open after the first card; one trick and two ties wins", win),
                        ("The same, one trick and two ties counting nothing", nothing)):
        W = game_chances(deal, 5)
        rows.append([e(label), percent(float(deal[0])), percent(float(deal[1])), percent(float(deal[2])),
                     percent(float(W[0, 0]), 2), percent(float(W[4, 4]), 2)])
    pav = PAV_FULL_44
    zero = PAV_GAME_52.get((0, 0))
    rows.append(["Pav: hands closed throughout, each card chosen for the best chance of the game; one trick and "
                 "two ties counting nothing", percent(float(pav["win"])), percent(float(pav["tie"])),
                 percent(float(pav["lose"])), percent(float(zero[0]), 2) if zero else "not computed",
                 percent(float(pav["p"]), 2)])
    return numbers_table(["Model", "Leader wins a deal", "Tie", "Leader loses", "Leader wins the game from 0-0",
                          "From 4-4"], rows, "What the lead is worth under two models of play (52 cards)")


TABLES = {"put-lead": lead_table, "put-models": models_table, **SOLVED_TABLES}

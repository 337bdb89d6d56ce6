"""The command line's thin adapter for the numbers (``gamester quiz``, ``gamester odds``); see :mod:`gamester.cli`.

    gamester quiz GAME --seed N [--ruleset R] [--kind K] [--json]
    gamester quiz GAME --list-kinds [--json]
    gamester odds post-and-pair --players N [--ruleset R] [--samples S] [--seed N] [--json]
    gamester odds put --score A-B [--ruleset R] [--model engine|pav] [--one-and-ties win|nothing] [--json]
    gamester odds speculation [--ruleset R] [--json]
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import RulesetError

COMMANDS = ("quiz", "odds")


def add_parsers(sub: Any, int_type: Any) -> None:
    q = sub.add_parser("quiz", help="an exercise made from a seed, answered and explained by the engine")
    q.add_argument("game", help="post-and-pair, put or speculation")
    q.add_argument("--seed", type=int_type, default=None)
    q.add_argument("--kind", default=None, help="the kind of exercise (see --list-kinds)")
    q.add_argument("--ruleset", default=None)
    q.add_argument("--list-kinds", action="store_true", help="list the kinds of exercise for GAME")
    q.add_argument("--json", action="store_true")
    o = sub.add_parser("odds", help="the numbers behind a game: exact chances, or estimates with their error")
    o.add_argument("game", help="post-and-pair, put or speculation")
    o.add_argument("--ruleset", default=None)
    o.add_argument("--players", type=int_type, default=None, help="post-and-pair: players at the show (2-17)")
    o.add_argument("--samples", type=int_type, default=None, help="post-and-pair: deals sampled for the show")
    o.add_argument("--seed", type=int_type, default=None, help="post-and-pair: seed of the sampled deals")
    o.add_argument("--score", default=None, help="put: the score, the leader's points first, e.g. 4-4")
    o.add_argument("--model", default="engine", help="put: engine (open hands after the first card) or pav")
    o.add_argument("--one-and-ties", default=None, help="put: one trick and two ties counts 'win' or 'nothing'")
    o.add_argument("--json", action="store_true")


def run(ns: argparse.Namespace) -> tuple[Any, str]:
    if ns.command == "quiz":
        return _quiz(ns)
    return _odds(ns)


def _quiz(ns: argparse.Namespace) -> tuple[Any, str]:
    from . import quiz
    if ns.list_kinds:
        ks = quiz.kinds(ns.game)
        return ks, "\n".join(f"{k}: {v}" for k, v in ks.items())
    if ns.seed is None:
        raise RulesetError("gamester quiz needs --seed N (or --list-kinds)")
    ex = quiz.make(ns.game, ns.seed, ns.kind, ns.ruleset)
    return ex, quiz.text(ex)


def _odds(ns: argparse.Namespace) -> tuple[Any, str]:
    if ns.game == "post-and-pair":
        from . import post_and_pair as pp
        if ns.players is None:
            raise RulesetError("gamester odds post-and-pair needs --players N")
        kw = {k: v for k, v in (("samples", ns.samples), ("seed", ns.seed)) if v is not None}
        data = pp.odds(ns.players, ns.ruleset, **kw)
        return data, pp.odds_text(data)
    if ns.game == "put":
        from . import put
        if ns.score is None:
            raise RulesetError("gamester odds put needs --score A-B (the leader's points first)")
        data = put.lead_value(ns.score, ns.ruleset, ns.model, ns.one_and_ties)
        return data, put.lead_value_text(data)
    if ns.game == "speculation":
        from . import speculation as sp
        data = sp.table(ns.ruleset)
        lines = [f"Speculation ({data['ruleset']}): fair price of the turn-up, in counters ({data['method']})"]
        for r in data["rows"]:
            lines.append(f"  {r['players']} players, pool {r['pool']}: face down {r['face_down_price']}; turned "
                         + ", ".join(f"{k} {v}" for k, v in r["price_by_rank"].items()))
        return data, "\n".join(lines)
    raise RulesetError(f"no odds for {ns.game!r}: the games are post-and-pair, put, speculation")

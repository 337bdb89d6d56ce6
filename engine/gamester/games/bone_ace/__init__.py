"""Bone-Ace (Cotton 1674, ch. XV): the game's declaration to the hosts."""

from __future__ import annotations

from typing import Any

from ...registry import CommandArgs, GameSpec, WidgetSpec
from . import narrate, quiz
from . import titles as _titles  # noqa: F401 (gives the clauses their short titles)
from .bots import BOTS, CautiousBot, analysis, draw_odds
from .rules import GAME, MAX_PLAYERS, PRESETS, BoneAceOptions, check_players
from .state import BoneAceState, Phase, new_state
from .table import table as draw_table


def _setup(options: BoneAceOptions, ns: CommandArgs) -> tuple[BoneAceOptions, int, int]:
    deals = getattr(ns, "deals", None)
    if deals is not None:
        options = options.with_options({"deals": str(deals)})
    players = ns.players if getattr(ns, "players", None) is not None else SPEC.default_players
    check_players(players)
    seed = ns.seed if getattr(ns, "seed", None) is not None else 0
    return options, players, seed


def cli_play(options: BoneAceOptions, ns: CommandArgs) -> tuple[Any, str]:
    """A whole sitting, played by the bots."""
    options, players, seed = _setup(options, ns)
    state = new_state(options, players, seed)
    SPEC.play_bots(state, ns.bots)
    rec = state.to_record()
    return rec, narrate.play_text(rec)


def cli_deal(options: BoneAceOptions, ns: CommandArgs) -> tuple[Any, str]:
    """One deal as dealt: the hands, the Bone, and each player's exact chance of passing one and thirty on one more
    card (from what he can see)."""
    options, players, seed = _setup(options, ns)
    state = new_state(options, players, seed)
    d = state.deals[0]
    over = []
    for s in range(players):
        over.append(round(float(draw_odds(state, s)["over"]), 4) if not d.done else None)
    rec = state.to_record()["deals"][0]
    out = {"game": GAME, "ruleset": options.to_string(), "seed": seed, "players": players, "dealer": d.dealer,
           "eldest": d.eldest, "hands": rec["hands"], "turned": rec["turned"], "totals": rec["totals"],
           "bone": rec["bone"], "over": [x if x is not None else 0.0 for x in over],
           "thirty_one": (d.game.get("winners") or [None])[0] if d.game.get("how") == "thirty-one dealt" else None}
    return out, narrate.deal_summary_text(out)


SPEC = GameSpec(
    name=GAME, title="Bone-Ace", options=BoneAceOptions, presets=PRESETS, default_preset="cotton-1674",
    players=(2, MAX_PLAYERS), new_state=new_state, bots=dict(BOTS), commands={"play": cli_play, "deal": cli_deal},
    narrator=narrate, table=draw_table, default_players=7, default_bots=("cautious",),
    page="bone-ace/", clause_prefix="ba.", chapter="cotton1674.boneace", seed_key="",
    widgets={"ba-play": WidgetSpec(
        "ba-play", "play", "Play a game", "Live: take your seat at Bone-Ace against the computer, with the chance of "
        "each draw.", play=True, args=("seed", "players", "ruleset", "options", "bots", "deals"), required=("seed",))},
    analysis=analysis, quiz_kinds=quiz.KINDS, make_quiz=quiz.make, quiz_seats=quiz.seats)

__all__ = ["BOTS", "PRESETS", "SPEC", "BoneAceOptions", "BoneAceState", "CautiousBot", "Phase", "analysis",
           "draw_odds", "new_state"]

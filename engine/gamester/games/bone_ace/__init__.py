"""Bone-Ace (Cotton 1674, ch. XV): the game's declaration to the hosts."""

from __future__ import annotations

from typing import Any

from ...registry import Command, GameSite, GameSpec, Limits, Param, WidgetSpec
from . import narrate, quiz
from . import titles as _titles  # noqa: F401 (gives the clauses their short titles)
from .bots import BOTS, CautiousBot, analysis, draw_odds
from .rules import GAME, PRESETS, BoneAceOptions, check_players
from .state import BoneAceState, Phase, new_state
from .table import table as draw_table


# -- the commands every host runs (gamester.commands) ------------------------------------------------------------
def play(options: BoneAceOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """A whole sitting played by the bots, as a record."""
    state = new_state(options, check_players(players), seed)
    SPEC.play_bots(state, bots)
    rec = state.to_record()
    return rec, narrate.play_text(rec)


def deal(options: BoneAceOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """One deal as dealt: the hands, the Bone, and each player's exact chance of passing one and thirty on one more
    card, from what he can see (no bot moves in it: ``bots`` is taken, as by every game's deal, and checked)."""
    SPEC.bot_names(bots, check_players(players))
    state = new_state(options, players, seed)
    d = state.deals[0]
    rec = state.to_record()["deals"][0]
    over = [0.0 if d.done else round(float(draw_odds(state, s)["over"]), 4) for s in range(players)]
    out = {"game": GAME, "ruleset": options.to_string(), "seed": seed, "players": players, "dealer": d.dealer,
           "eldest": d.eldest, "hands": rec["hands"], "turned": rec["turned"], "totals": rec["totals"],
           "bone": rec["bone"], "over": over,
           "thirty_one": d.game["winners"][0] if d.game.get("how") == "thirty-one dealt" else None}
    return out, narrate.deal_summary_text(out)


def _length(options: BoneAceOptions, players: int) -> int:
    """How long a sitting is, for the live examples' bounds: deals x players (deals 0: one per player)."""
    return (options.deals or players) * players


# What each command takes, declared once: the CLI's flags, the web API's checks, the widget's form and permalink.
_TAKES = (Param.players(*BoneAceState.player_range, 7), Param.seed(), Param.bots())
COMMANDS = {
    "play": Command(play, (*_TAKES, Param("deals", "Deals in the sitting (0 means each player deals once)", "whole",
                                          range=next(s.range for s in BoneAceOptions.specs() if s.name == "deals"),
                                          option=True)), "a whole sitting played by the bots"),
    "deal": Command(deal, _TAKES, "one deal as dealt, with the Bone and each player's chance of passing 31"),
}

SPEC = GameSpec(
    name=GAME, title="Bone-Ace", options=BoneAceOptions, presets=PRESETS, default_preset="cotton-1674",
    player_range=BoneAceState.player_range, new_state=new_state, default_players=7, bots=dict(BOTS),
    default_bots=("cautious",), commands=COMMANDS, analysis=analysis, clause_prefix="ba.",
    limits=Limits(length=_length, most_length=200, length_words="deals x players"),  # a live example's bounds
    site=GameSite(
        page="bone-ace/", chapter="cotton1674.boneace", narrator=narrate, table=draw_table,
        widgets={"ba-play": WidgetSpec(
            "ba-play", "play", "Play a game", "Take your seat at Bone-Ace against the computer, with the chance of "
            "each draw.", play=True, required=("seed",))},
        quiz_kinds=quiz.KINDS, quiz_levels=quiz.LEVELS, make_quiz=quiz.make, quiz_seats=quiz.seats),
)

__all__ = ["BOTS", "PRESETS", "SPEC", "BoneAceOptions", "BoneAceState", "CautiousBot", "Phase", "analysis",
           "draw_odds", "new_state"]

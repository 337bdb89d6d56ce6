"""Speculation: the game's declaration to the hosts."""

from __future__ import annotations

from typing import Any

from ...cards import (
    format_cards,
)
from ...registry import Command, GameSite, GameSpec, Limits, Param, WidgetSpec
from . import narrate, numbers, quiz
from . import titles as _titles  # noqa: F401 (gives the clauses their short titles)
from .analysis import analysis, best_trump_chance, offered_chance
from .bots import BOTS, CautiousBot, SpeculatorBot
from .odds import win_chances
from .rules import GAME, MAX_PLAYERS, PRESETS, SpeculationOptions, check_players
from .state import Phase, SpeculationState, new_state
from .table import table as draw_table


# -- the commands every host runs (gamester.commands) ------------------------------------------------------------
def play(options: SpeculationOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """A whole game played by the bots, as a record."""
    state = SpeculationState(options, check_players(options, players), seed)
    SPEC.play_bots(state, bots)
    rec = state.to_record()
    return rec, narrate.play_text(rec)


def deal(options: SpeculationOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """One deal as dealt, with each seat's chance (from the table's view) of holding the winning card (no bot
    moves in it: ``bots`` is taken, as by every game's deal, and checked)."""
    SPEC.bot_names(bots, check_players(options, players))
    state = SpeculationState(options, players, seed)
    d = state.deals[0]
    table = analysis(state, d.dealer) if len(state.deals) == 1 and not d.done else None
    # From nobody's view (nothing turned yet): the chance that each seat's hand holds the winner.
    known, unseen = [], list(state.pack)
    keys = [("turn-up",)] + [("hidden", s, i) for s in range(players) for i in range(3)]
    if d.spare is not None:
        keys += [("spare", i) for i in range(3)]
    ch = win_chances(known, keys, unseen, trump=None, turnup_key=("turn-up",),
                     court_passes=options.court_turnup == "deal-passes")
    per_seat = [float(sum(ch[("hidden", s, i)] for i in range(3))) for s in range(players)]
    out = {"game": GAME, "ruleset": options.to_string(), "seed": seed, "players": players, "dealer": d.dealer,
           "hands": [format_cards(h) for h in d.hands], "spare": None if d.spare is None else format_cards(d.spare),
           "turn_up": str(d.turnup), "trump": d.turnup.suit.letter,
           "chance_before_turn_up": {"turn_up": float(ch[("turn-up",)]), "seats": per_seat},
           "dealer_view": table}
    d2 = SpeculationState(options, players, seed)
    if d2.phase == Phase.TURNUP_SALE:
        d2.apply("keep")
    dd = d2.deals[0]
    out["passed"] = dd.passed
    return out, narrate.deal_summary_text(out)


# What each command takes, declared once: the CLI's flags, the web API's checks, the widget's form and permalink.
_TAKES = (Param.players(*SpeculationState.player_range, 4), Param.seed(), Param.bots())
COMMANDS = {
    "play": Command(play, (*_TAKES, Param("deals", "Deals in the game (0 means each player deals once)", "whole",
                                          range=next(s.range for s in SpeculationOptions.specs() if s.name == "deals"),
                                          option=True)), "a whole game played by the bots"),
    "deal": Command(deal, _TAKES, "one deal as dealt, with each seat's chance of the best trump"),
}


def _length(options: SpeculationOptions, players: int) -> int:
    """How long a game is, for the live examples' bounds: deals x players (deals 0: one per player)."""
    return (options.deals or players) * players


SPEC = GameSpec(
    limits=Limits(length=_length, most_length=100, length_words="deals x players"),  # a live example's bounds
    name=GAME, title="Speculation", options=SpeculationOptions, presets=PRESETS, default_preset="handbook",
    player_range=SpeculationState.player_range, new_state=new_state, bots=dict(BOTS), commands=COMMANDS,
    clause_prefix="spec.",
    default_players=4, default_bots=("speculator", "cautious"),
    analysis=analysis,
    odds=numbers.odds_command,
    site=GameSite(
    table=draw_table,
    narrator=narrate,
    page="speculation/", chapter="", account_key="seed-speculation",
    widgets={"spec-play": WidgetSpec(
        "spec-play", "play", "Play a game", "Deal, turn and trade with the computer, with the chance of each card being the best trump.",
        play=True, required=("seed",))},
    quiz_kinds=quiz.KINDS, quiz_levels=quiz.LEVELS, make_quiz=quiz.make, numbers=numbers.TABLES),
)

__all__ = ["BOTS", "MAX_PLAYERS", "PRESETS", "SPEC", "CautiousBot", "Phase", "SpeculationOptions", "SpeculationState", "SpeculatorBot",
           "analysis", "best_trump_chance", "new_state", "offered_chance"]

"""Speculation: the game's declaration to the hosts."""

from __future__ import annotations

from typing import Any

from ...cards import (
    format_cards,
)
from ...registry import CommandArgs, GameSite, GameSpec, Limits, WidgetSpec
from . import narrate, numbers, quiz
from . import titles as _titles  # noqa: F401 (gives the clauses their short titles)
from .analysis import analysis, best_trump_chance, offered_chance
from .bots import BOTS, CautiousBot, SpeculatorBot
from .odds import win_chances
from .rules import GAME, MAX_PLAYERS, PRESETS, SpeculationOptions, check_players
from .state import Phase, SpeculationState, new_state
from .table import table as draw_table


# -- CLI ---------------------------------------------------------------------------------------------------------
def _setup(options: SpeculationOptions, ns: CommandArgs) -> tuple[SpeculationOptions, int, int]:
    deals = getattr(ns, "deals", None)
    if deals is not None:
        options = options.with_options({"deals": str(deals)})
    players = check_players(options, SPEC.seats(ns.players))
    seed = ns.seed if ns.seed is not None else 0
    return options, players, seed


def cli_play(options: SpeculationOptions, ns: CommandArgs) -> tuple[Any, str]:
    options, players, seed = _setup(options, ns)
    state = SpeculationState(options, players, seed)
    SPEC.play_bots(state, ns.bots)
    rec = state.to_record()
    return rec, narrate.play_text(rec)


def cli_deal(options: SpeculationOptions, ns: CommandArgs) -> tuple[Any, str]:
    """One deal as dealt, with each seat's chance (from the table's view) of holding the winning card."""
    options, players, seed = _setup(options, ns)
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
    if d2._phase == Phase.TURNUP_SALE:
        d2.apply("keep")
    dd = d2.deals[0]
    out["passed"] = dd.passed
    return out, narrate.deal_summary_text(out)


SPEC = GameSpec(
    limits=Limits(deal_seats=100),  # a live example's bounds (see Limits)
    name=GAME, title="Speculation", options=SpeculationOptions, presets=PRESETS, default_preset="handbook",
    players=SpeculationState.player_range, new_state=new_state, bots=dict(BOTS),
    commands={"play": cli_play, "deal": cli_deal},
    clause_prefix="spec.",
    default_players=4, default_bots=("speculator", "cautious"),
    analysis=analysis,
    odds=numbers.odds_command,
    site=GameSite(
    table=draw_table,
    narrator=narrate,
    page="speculation/", chapter="", account_key="seed-speculation",
    widgets={"spec-play": WidgetSpec(
        "spec-play", "play", "Play a game", "Live: deal, turn and trade with the bots, with the chance of each card being best trump.",
        play=True, args=("seed", "players", "ruleset", "options", "bots", "deals"), required=("seed",))},
    quiz_kinds=quiz.KINDS, make_quiz=quiz.make, numbers=numbers.TABLES),
)

__all__ = ["BOTS", "MAX_PLAYERS", "PRESETS", "SPEC", "CautiousBot", "Phase", "SpeculationOptions", "SpeculationState", "SpeculatorBot",
           "analysis", "best_trump_chance", "new_state", "offered_chance"]

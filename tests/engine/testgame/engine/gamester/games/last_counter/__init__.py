"""Last counter: the game's declaration to the hosts (written by `gamester new-game`; fill in the rules)."""

from __future__ import annotations

from typing import Any

from gamester.registry import Command, GameSite, GameSpec, Param, WidgetSpec

from . import narrate
from .rules import GAME, PRESETS, LastCounterOptions
from .state import BOTS, LastCounterState
from .table import table as draw_table


def play(options: LastCounterOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """A whole game played by the bots, as a record and in plain words."""
    state = SPEC.play_bots(LastCounterState(options, SPEC.seats(players), seed), bots)
    rec = state.to_record()
    return rec, narrate.play_text(rec)


SPEC = GameSpec(
    name=GAME, title="Last counter", options=LastCounterOptions, presets=PRESETS, default_preset="standard",
    player_range=LastCounterState.player_range, new_state=LastCounterState, bots=dict(BOTS), default_bots=("wise",),
    commands={"play": Command(play, (Param.players(*LastCounterState.player_range, 2), Param.seed(), Param.bots()),
                              "a whole game played by the bots")},
    clause_prefix="last-counter.",
    site=GameSite(
        page="last-counter/", narrator=narrate, table=draw_table,
        widgets={"last-counter-play": WidgetSpec("last-counter-play", "play", "Play a game",
                                          "Live: take your seat at Last counter against the computer.", play=True,
                                          required=("seed",))}),
)

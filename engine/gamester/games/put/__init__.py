"""Put (Cotton 1674, ch. XVI): the game's declaration to the hosts."""

from __future__ import annotations

from typing import Any

from ...registry import Command, GameSite, GameSpec, Limits, Param, WidgetSpec
from . import narrate, numbers, quiz, solver
from . import odds as put_odds
from . import titles as _titles  # noqa: F401 (gives the clauses their short titles)
from .analysis import analysis, odds_against_strong, win_chance
from .bots import BOTS, CalculatingBot
from .narrate import deal_text
from .rules import PRESETS, PutOptions
from .state import Phase, PutState, deal_result, new_state
from .table import table as draw_table


# -- the commands every host runs (gamester.commands) ------------------------------------------------------------
def play(options: PutOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """A whole game played by the bots, as a record (a game is played until one side has it: its length is the
    option game_points or rubber, not a number of deals)."""
    state = new_state(options, players, seed)
    SPEC.play_bots(state, bots)
    rec = state.to_record()
    return rec, narrate.play_text(rec)


def deal(options: PutOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """The first deal played by the bots, with each seat's chances once the hands are dealt."""
    state = new_state(options, players, seed)
    bots = SPEC.bot_names(bots, players)
    odds = {}
    SPEC.play_bots(state, bots, lambda: state.phase != Phase.EXCHANGE)
    basis = None
    for s in state.active_seats():
        a = analysis(state, s)
        if a["win"] is not None:
            odds[str(s)] = {k: round(a[k], 4) for k in ("win", "tie", "lose")}
            odds[str(s)]["method"] = a["method"]
            if "samples" in a:  # a sampled estimate: its size and standard errors, per seat
                odds[str(s)]["samples"] = a["samples"]
                odds[str(s)]["standard_error"] = {k: round(v, 4) for k, v in a["standard_error"].items()}
                basis = put_odds.basis_sampled(a["samples"])
            else:
                basis = a["basis"]
    SPEC.play_bots(state, bots, lambda: len(state.deals) > 1 or state.is_terminal())
    d = state.deals[0]
    data = {"game": "put", "ruleset": options.to_string(), "seed": seed, "players": players,
            "first_dealer": state.first_dealer, "cut": state.cut, "deal": d, "odds_at_start": odds,
            "odds_basis": basis or put_odds.BASIS}
    return data, narrate.deal_summary_text(data)


# What each command takes, declared once: the CLI's flags, the web API's checks, the widget's form and permalink.
_TAKES = (Param.players(*PutState.player_range, 2), Param.seed(), Param.bots())
COMMANDS = {"play": Command(play, _TAKES, "a whole game played by the bots"),
            "deal": Command(deal, _TAKES, "the first deal played by the bots, with the chances")}
ODDS_PARAMS = (Param("score", "the score, the leader's points first, e.g. 4-4"),
               Param("model", "engine (open hands after the first card) or pav"),
               Param("one_and_ties", "one trick and two ties counts 'win' or 'nothing'"))


SPEC = GameSpec(
    limits=Limits(options=(("game_points", 21),), bot_moves=10),  # a live example's bounds (see Limits): its bots
    # think hard (three-handed, 200 moves took 3-8 s), so a bot run pauses every 10 moves
    name="put", title="Put", options=PutOptions, presets=PRESETS, default_preset="cotton-1674",
    player_range=PutState.player_range, new_state=new_state, bots=BOTS, commands=COMMANDS,
    clause_prefix="put.",
    tools={"solve": solver.SOLVE},   # gamester solve put (needs numpy and gamester_solve)
    default_players=2, default_bots=("equilibrium",),
    analysis=analysis,
    odds=numbers.odds_command,
    odds_params=ODDS_PARAMS,
    site=GameSite(
    table=draw_table,
    narrator=narrate,
    page="put/", chapter="cotton1674.put", account_key="seed-put",
    widgets={"put-play": WidgetSpec(
        "put-play", "play", "Play a game", "Play a whole game of Put against the computer.", play=True,
        required=("seed",))},
    quiz_kinds=quiz.KINDS, quiz_levels=quiz.LEVELS, make_quiz=quiz.make, quiz_seats=quiz.seats,
    numbers=numbers.TABLES),
)

__all__ = ["BOTS", "PRESETS", "SPEC", "CalculatingBot", "Phase", "PutOptions", "PutState", "analysis", "deal_result", "deal_text", "new_state",
           "odds_against_strong", "win_chance"]

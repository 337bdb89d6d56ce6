"""Post and Pair (Cotton 1674, ch. XXIII): the game's declaration to the hosts."""

from __future__ import annotations

from typing import Any

from ...errors import RulesetError
from ...registry import Command, GameSite, GameSpec, Limits, Param, WidgetSpec
from . import narrate, numbers, quiz
from . import titles as _titles  # noqa: F401 (gives the clauses their short titles)
from .analysis import analysis
from .bots import BOTS, DEFAULT_BOTS, hand_strength
from .decide import decide
from .hands import GAME, MAX_PLAYERS, MIN_PLAYERS, hand_entry
from .rules import PRESETS, PostAndPairOptions
from .showdown import Decision, Settlement, Stakes, settle
from .state import Phase, PostAndPairState, new_state
from .table import table as draw_table


def _play(options: PostAndPairOptions, players: int, seed: int, bots: tuple[str, ...]) -> PostAndPairState:
    return SPEC.play_bots(PostAndPairState(options, players, seed), bots)


def deal(options: PostAndPairOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """``gamester deal post-and-pair``: one deal played by the default bots, settled."""
    rec = _play(options.replace(deals=1), players, seed, bots).to_record()
    data = {k: rec[k] for k in ("game", "ruleset", "follows", "seed", "players", "actions")}
    data.update(rec["deals"][0])
    return data, narrate.deal_summary_text(data)


def settle_hands(options: PostAndPairOptions, *, hands: tuple[str, ...] = (),
                 folded: tuple[int, ...] = ()) -> tuple[Any, str]:
    """``gamester settle post-and-pair --hand ... [--folded SEAT]...``: a show-down of given hands."""
    if len(hands) < MIN_PLAYERS:
        raise RulesetError(f"give at least {MIN_PLAYERS} hands (got {len(hands)})")
    data = settle(options, list(hands), folded).to_json()
    return data, narrate.settle_text(data)  # st.explain(), without making the same data twice


def play(options: PostAndPairOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """``gamester play post-and-pair``: a whole game, as a record."""
    rec = _play(options, players, seed, bots).to_record()
    return rec, narrate.play_text(rec)


# What each command takes, declared once: the CLI's flags, the web API's checks, the widget's form and permalink.
PLAYERS = Param.players(*PostAndPairState.player_range, 4)
HANDS = Param("hands", "Hands, one player per line, eldest first", "hands", sep="|", flag="hand",
              most=MAX_PLAYERS, hint="Rank then suit: QH 10D AS (T or 10; ♠♥♦♣ accepted)")
FOLDED = Param("folded", "Players who dropped out", "seats", range=(0, MAX_PLAYERS - 1), most=MAX_PLAYERS,
               hint="Player numbers (the first hand is 1), comma-separated")
DEALS = Param("deals", "Deals in the game (the deal rotates)", "whole", option=True,
              range=next(s.range for s in PostAndPairOptions.specs() if s.name == "deals"))
COMMANDS = {
    "deal": Command(deal, (PLAYERS, Param.seed(), Param.bots()), "one deal played by the bots, settled",
                    compares=True),
    "settle": Command(settle_hands, (HANDS, FOLDED), "a show-down of given hands", compares=True),
    "play": Command(play, (PLAYERS, Param.seed(), Param.bots(), DEALS), "a whole game played by the bots"),
}
ODDS_PARAMS = (
    Param("players", f"players at the show ({MIN_PLAYERS}-{MAX_PLAYERS})", "whole"),
    Param("samples", f"deals sampled for the show (1-{numbers.MAX_SAMPLES:,})", "whole",
          range=(1, numbers.MAX_SAMPLES)),
    Param("seed", "seed of the sampled deals", "whole", range=(0, 2**63 - 1)),
)


def _length(options: PostAndPairOptions, players: int) -> int:
    """How long a game is, for the live examples' bounds: deals x players."""
    return options.deals * players


SPEC = GameSpec(
    limits=Limits(length=_length, most_length=500, length_words="deals x players"),  # a live example's bounds
    name=GAME, clause_prefix="pp.",
    title="Post and Pair",
    options=PostAndPairOptions,
    presets=PRESETS,
    default_preset="reconstruction",
    player_range=PostAndPairState.player_range,
    new_state=new_state,
    bots=BOTS,
    commands=COMMANDS,
    default_players=4, default_bots=DEFAULT_BOTS,
    analysis=analysis,
    odds=numbers.odds_command,
    odds_params=ODDS_PARAMS,
    site=GameSite(
    table=draw_table,
    narrator=narrate,
    page="post-and-pair/", chapter="cotton1674.pp", account_key="seed-postpair",
    widgets={w.kind: w for w in (
        WidgetSpec("pp-deal", "deal", "Deal and settle", "Play a deal against the computer, staking, vying and showing; the settings change the players, the rules and the deal.", play=True, max_players=10,
                   required=("seed",)),
        WidgetSpec("pp-settle", "settle", "Settle these hands", "Type the hands (as QH QD QC: rank, then suit) and see who takes each dish, under either set of rules.",
                   required=("hands",)),
        WidgetSpec("pp-compare", "compare", "Compare", "The same cards settled under two sets of rules side by side; what changes is marked.",
                   required=("rulesets",), one_of=("seed", "hands"), marker="compare"),
    )},
    quiz_kinds=quiz.KINDS, quiz_levels=quiz.LEVELS, make_quiz=quiz.make, quiz_seats=quiz.seats,
    numbers=numbers.TABLES),
)

__all__ = ["SPEC", "BOTS", "Decision", "Phase", "PostAndPairOptions", "PostAndPairState", "Settlement", "Stakes",
           "decide", "hand_entry", "hand_strength", "settle"]

"""Post and Pair (Cotton 1674, ch. XXIII): the game's declaration to the hosts."""

from __future__ import annotations

from typing import Any

from ...errors import RulesetError
from ...registry import CommandArgs, GameSite, GameSpec, Limits, Param, WidgetSpec
from . import narrate, numbers, quiz
from . import titles as _titles  # noqa: F401 (gives the clauses their short titles)
from .bots import BOTS, DEFAULT_BOTS, hand_strength
from .decide import decide
from .hands import GAME, MAX_PLAYERS, MIN_PLAYERS, hand_entry
from .rules import PRESETS, PostAndPairOptions
from .showdown import Decision, Settlement, Stakes, settle
from .state import Phase, PostAndPairState, new_state
from .table import table as draw_table


def _players_and_seed(ns: CommandArgs) -> tuple[int, int]:
    players = getattr(ns, "players", None)
    seed = getattr(ns, "seed", None)
    return SPEC.seats(players), (0 if seed is None else seed)


def _play(options: PostAndPairOptions, ns: CommandArgs) -> PostAndPairState:
    players, seed = _players_and_seed(ns)
    state = PostAndPairState(options, players, seed)
    return SPEC.play_bots(state, ns.bots)


def cli_deal(options: PostAndPairOptions, ns: CommandArgs) -> tuple[Any, str]:
    """``gamester deal post-and-pair``: one deal played by the default bots, settled."""
    state = _play(options.replace(deals=1), ns)
    rec = state.to_record()
    d = rec["deals"][0]
    data = {k: rec[k] for k in ("game", "ruleset", "follows", "seed", "players", "actions")}
    data.update(d)
    return data, narrate.deal_summary_text(data)


def cli_settle(options: PostAndPairOptions, ns: CommandArgs) -> tuple[Any, str]:
    """``gamester settle post-and-pair --hand ... [--folded SEAT]...``."""
    hands = list(ns.hands or [])
    players = getattr(ns, "players", None)
    if players is not None and players != len(hands):
        raise RulesetError(f"{players} players asked for, but {len(hands)} hands given")
    if len(hands) < MIN_PLAYERS:
        raise RulesetError(f"give at least {MIN_PLAYERS} hands (got {len(hands)})")
    st = settle(options, hands, getattr(ns, "folded", None) or ())
    data = st.to_json()
    return data, narrate.settle_text(data)  # st.explain(), without making the same data twice


def cli_play(options: PostAndPairOptions, ns: CommandArgs) -> tuple[Any, str]:
    """``gamester play post-and-pair``: a whole game, as a record."""
    deals = getattr(ns, "deals", None)
    if deals is not None:
        options = options.with_options({"deals": str(deals)})
    state = _play(options, ns)
    rec = state.to_record()
    return rec, narrate.play_text(rec)


SPEC = GameSpec(
    limits=Limits(deal_seats=500),  # a live example's bounds (see Limits)
    name=GAME, clause_prefix="pp.",
    title="Post and Pair",
    options=PostAndPairOptions,
    presets=PRESETS,
    default_preset="reconstruction",
    players=PostAndPairState.player_range,
    new_state=new_state,
    bots=BOTS,
    commands={"deal": cli_deal, "settle": cli_settle, "play": cli_play},
    default_players=4, default_bots=DEFAULT_BOTS,
    odds=numbers.odds_command,
    odds_params=(Param("players", f"players at the show ({MIN_PLAYERS}-{MAX_PLAYERS})", whole=True),
                 Param("samples", f"deals sampled for the show (1-{numbers.MAX_SAMPLES:,})", whole=True,
                       range=(1, numbers.MAX_SAMPLES)),
                 Param("seed", "seed of the sampled deals", whole=True, range=(0, 2**63 - 1))),
    site=GameSite(
    table=draw_table,
    narrator=narrate,
    page="post-and-pair/", chapter="cotton1674.pp", account_key="seed-postpair",
    widgets={w.kind: w for w in (
        WidgetSpec("pp-deal", "deal", "Deal and settle", "Live: change players, ruleset, options or seed, and step through staking, vying and the show-down.", play=True, max_players=10, args=("seed", "players", "ruleset", "options", "bots"),
                   required=("seed",)),
        WidgetSpec("pp-settle", "settle", "Settle these hands", "Live: type hands in card notation (e.g. QH QD QC) and settle them under any ruleset.",
                   args=("hands", "folded", "ruleset", "options"), required=("hands",)),
        WidgetSpec("pp-compare", "compare", "Compare", "Live: settle the same cards under two rulesets side by side; what changes is marked.",
                   args=("seed", "players", "hands", "folded", "rulesets", "options", "bots"), required=("rulesets",), one_of=("seed", "hands"), marker="compare"),
    )},
    quiz_kinds=quiz.KINDS, make_quiz=quiz.make, quiz_seats=quiz.seats,
    numbers=numbers.TABLES),
)

__all__ = ["SPEC", "BOTS", "Decision", "Phase", "PostAndPairOptions", "PostAndPairState", "Settlement", "Stakes",
           "decide", "hand_entry", "hand_strength", "settle"]

"""Bone-Ace (Cotton 1674, ch. XV): the game's declaration to the hosts."""

from __future__ import annotations

from ...registry import GameSpec
from .bots import BOTS, CautiousBot, analysis, draw_odds
from .rules import GAME, MAX_PLAYERS, PRESETS, BoneAceOptions
from .state import BoneAceState, Phase, new_state

SPEC = GameSpec(
    name=GAME, title="Bone-Ace", options=BoneAceOptions, presets=PRESETS, default_preset="cotton-1674",
    players=(2, MAX_PLAYERS), new_state=new_state, bots=dict(BOTS), default_players=7, default_bots=("cautious",),
    analysis=analysis, page="bone-ace/", clause_prefix="ba.", chapter="cotton1674.boneace")

__all__ = ["BOTS", "PRESETS", "SPEC", "BoneAceOptions", "BoneAceState", "CautiousBot", "Phase", "analysis",
           "draw_odds", "new_state"]

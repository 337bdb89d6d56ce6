"""Moved to :mod:`gamester.state` (and ``replay`` to :mod:`gamester.registry`); kept for old imports."""

from .registry import replay
from .state import TERMINAL, Bot, RandomBot, State, play_out

__all__ = ["TERMINAL", "Bot", "RandomBot", "State", "play_out", "replay"]

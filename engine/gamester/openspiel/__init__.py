"""Gamester's games in OpenSpiel (``pip install gamester[openspiel]``; needs ``open-spiel``, never the engine).

    >>> import pyspiel
    >>> from gamester import openspiel
    >>> names = openspiel.register()
"""

from __future__ import annotations

from .engine import register_all


def register() -> list[str]:
    return register_all()

"""Gamester's games in OpenSpiel: ``pip install gamester[openspiel]`` (the ``open-spiel`` wheel). Neither the engine
nor the browser imports this package (it is left out of the browser's wheel).

:func:`register` registers with ``pyspiel`` every game of the engine's registry (``gamester_put``,
``gamester_post_and_pair`` ...: :mod:`gamester.openspiel.engine`, parameters ``ruleset``, ``options``,
``players``) and Cotton's Put dealt once at a given score, the game the project solved (``gamester_put_deal``:
:mod:`gamester.openspiel.put_deal`, parameters ``ruleset``, ``eldest``, ``dealer``).
"""

from __future__ import annotations

from .engine import register_all


def register() -> list[str]:
    """Register every game with OpenSpiel (once); their OpenSpiel names."""
    from . import put_deal
    return [*register_all(), put_deal.register()]

"""Gamester's games in OpenSpiel: ``pip install gamester[openspiel]`` (the ``open-spiel`` wheel). Neither the engine
nor the browser imports this package, nor a game's own ``openspiel`` module (the browser's wheel leaves them out).

:func:`register` registers with ``pyspiel`` every game of the engine's registry (``gamester_put``,
``gamester_post_and_pair`` ...: :mod:`gamester.openspiel.engine`, parameters ``ruleset``, ``options``,
``players``), and the games a game's package adds in its own ``openspiel`` module (a ``register()`` giving their
names): Put adds Cotton's Put dealt once at a given score, the game the project solved (``gamester_put_deal``:
:mod:`gamester.games.put.openspiel`, parameters ``ruleset``, ``eldest``, ``dealer``, ``every``).
"""

from __future__ import annotations

import importlib
import importlib.util

from .. import all_games
from .engine import register_all


def register() -> list[str]:
    """Register every game with OpenSpiel (once); their OpenSpiel names."""
    names = register_all()
    for spec in all_games().values():
        module = f"{__package__.rsplit('.', 1)[0]}.games.{spec.name.replace('-', '_')}.openspiel"
        if importlib.util.find_spec(module) is not None:
            names += importlib.import_module(module).register()
    return names

"""The games: one package per game, found here and registered with :mod:`gamester.registry`.

A game is a subpackage of this package whose ``__init__`` defines ``SPEC``, a :class:`gamester.registry.GameSpec`
that declares everything a host needs (options, presets, player range, bots, commands, widgets, narrator, page).
Nothing outside the game's own package names it: adding a game is adding a package here (and its page).
"""

from __future__ import annotations

import importlib
import pkgutil

from ..registry import GameSpec, register


def _discover() -> list[GameSpec]:
    specs = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.ispkg and not info.name.startswith("_"):
            mod = importlib.import_module(f"{__name__}.{info.name}")
            specs.append(register(mod.SPEC))
    return specs


_discover()

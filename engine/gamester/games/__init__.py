"""The games: one package per game, found here and registered with :mod:`gamester.registry`.

A game is a subpackage of this package whose ``__init__`` defines ``SPEC``, a :class:`gamester.registry.GameSpec`:
what the game is (options, at least two presets, its players declared once by its state class, bots with a
``random`` one, commands with a ``play`` one, its clause prefix) and, in ``SPEC.site`` (a
:class:`gamester.registry.GameSite`), how the site presents it (page, chapter, modern account, widgets, a narrator
and a table adapter meeting the ``Narrator`` and ``TableAdapter`` protocols, exercises, numbers). Nothing outside
the game's own package names it: adding a game is adding a package here, its page and its data folder
(``sources/games/<game>/``). CONTRIBUTING.md says what each must give; tests/engine/test_contract.py checks it.
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

"""A game's own command-line commands: work that one game offers and no other host runs (Put's ``gamester solve``,
which needs numpy and a solver package outside the stdlib-only engine).

A game declares them in :attr:`gamester.registry.GameSpec.tools` (name -> :class:`Tool`); the command line lists
every declared name as a command taking ``GAME``, ``--ruleset``, ``--json`` and the flags the declarations give,
and hands a call to the declaring game's :attr:`Tool.run`. The core never names a game or imports what a tool
needs: the game's own module imports it when the command runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: what a flag takes: text, a number above zero, a whole number above zero, or nothing (a switch)
FLAG_KINDS = ("text", "above-zero", "whole-above-zero", "switch")


@dataclass(frozen=True)
class Flag:
    """One flag of a tool: ``--NAME`` (``_`` written ``-``), read by the command line into the keyword ``name``."""

    name: str
    help: str
    kind: str = "text"
    default: Any = None
    metavar: str = ""

    def __post_init__(self) -> None:
        if self.kind not in FLAG_KINDS:
            raise ValueError(f"flag {self.name!r}: unknown kind {self.kind!r} ({', '.join(FLAG_KINDS)})")


@dataclass(frozen=True)
class Tool:
    """A command of one game's own: ``run(game, ruleset, *, log, **flags)`` -> ``{"data": JSON-ready, "text":
    plain text}``, or a one-line :class:`gamester.errors.GamesterError`; ``log`` takes progress lines."""

    run: Callable[..., dict[str, Any]]
    help: str
    flags: tuple[Flag, ...] = ()

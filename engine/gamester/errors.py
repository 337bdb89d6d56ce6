"""The engine's short error family. Every error is a ``ValueError`` whose message names the bad input."""

from __future__ import annotations


class GamesterError(ValueError):
    """Base class: bad input to the engine (never a bug in it)."""


class NotationError(GamesterError):
    """A card, hand, action or record that does not parse."""


class IllegalActionError(GamesterError):
    """A well-formed action that is not legal in the current state."""


class RulesetError(GamesterError):
    """An unknown ruleset, option or value, or an inconsistent combination (players out of range, ...)."""

"""Which games the engine knows, and what each provides to the CLI, the site and the widgets."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesetError
from .game import Bot, State
from .rulesets import Options, Preset, parse_ruleset

#: Modules that define games; each calls :func:`register` on import.
GAME_MODULES = ("gamester.post_and_pair", "gamester.put", "gamester.speculation")


@dataclass(frozen=True)
class GameSpec:
    name: str                      # "post-and-pair": used in CLI commands, ruleset strings, records, URLs
    title: str                     # "Post and Pair"
    options: type[Options]         # the frozen options dataclass; its field defaults = the default preset
    presets: dict[str, Preset]     # named rulesets
    default_preset: str
    players: tuple[int, int]       # inclusive range of seats
    new_state: Callable[[Options, int, int], State]  # (options, players, seed) -> a fresh state
    bots: dict[str, Callable[[int], Bot]] = field(default_factory=dict)  # name -> factory(seed)
    # The CLI: command ("deal", "settle", "play", ...) -> handler(options, args) -> (json_object, text).
    cli: dict[str, Callable[[Options, Any], tuple[Any, str]]] = field(default_factory=dict)
    # Optional: analysis(state, seat) -> JSON-ready dict of exact chances for that seat's view (Put: chance of
    # winning the deal; Speculation: chance that each card is the best trump). The site shows it beside decisions.
    analysis: Callable[[State, int], dict[str, Any]] | None = None

    def parse_ruleset(self, text: str) -> Options:
        return parse_ruleset(self.name, self.options(), self.presets, text)

    def default_options(self) -> Options:
        return self.presets[self.default_preset].options

    def check_players(self, n: Any) -> int:
        lo, hi = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
            raise RulesetError(f"{self.title} is for {lo} to {hi} players, not {n!r}")
        return n

    def make_bot(self, name: str, seed: int) -> Bot:
        try:
            return self.bots[name](seed)
        except KeyError:
            raise RulesetError(f"unknown bot {name!r} for {self.name}: known bots are {', '.join(self.bots)}") from None


_GAMES: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.name] = spec
    return spec


def load_all() -> None:
    global _loaded
    if _loaded:
        return
    for mod in GAME_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:  # a game module that exists but fails to import is a bug: say so
                raise
    _loaded = True


def games() -> dict[str, GameSpec]:
    load_all()
    return dict(_GAMES)


def get_game(name: Any) -> GameSpec:
    load_all()
    if not isinstance(name, str) or name not in _GAMES:
        raise RulesetError(f"unknown game {name!r}: known games are {', '.join(sorted(_GAMES))}")
    return _GAMES[name]

"""Which games the engine knows, and what each provides to the CLI, the site and the widgets."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import NotationError, RulesetError
from .options import Options, Preset, parse_pairs, parse_ruleset
from .state import Bot, State


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

    def options_for(self, ruleset: str | None = None, overrides: Any = None) -> Options:
        """A ruleset string (or the default preset) with overrides in any form :func:`parse_pairs` reads: the
        one way every host turns its input into options."""
        opts = self.parse_ruleset(ruleset) if ruleset else self.default_options()
        pairs = parse_pairs(overrides)
        return opts.with_options(pairs) if pairs else opts

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


def register(spec: GameSpec) -> GameSpec:
    """Called by :mod:`gamester.games` for each game package it finds (a game never registers itself)."""
    if spec.name in _GAMES and _GAMES[spec.name] is not spec:
        raise ValueError(f"two games are called {spec.name!r}")
    _GAMES[spec.name] = spec
    return spec


def games() -> dict[str, GameSpec]:
    """Every game, by name (``import gamester`` has found them all: see :mod:`gamester.games`)."""
    return dict(_GAMES)


def get_game(name: Any) -> GameSpec:
    if not isinstance(name, str) or name not in _GAMES:
        raise RulesetError(f"unknown game {str(name)[:60]!r}: known games are {', '.join(sorted(_GAMES))}")
    return _GAMES[name]


def replay(record: dict[str, Any] | str) -> State:
    """Rebuild a state from a record (dict or JSON text): same ruleset, seed and actions, same state."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise NotationError(f"record is not JSON: {e}") from None
    if not isinstance(record, dict):
        raise NotationError("a record is a JSON object with game, ruleset, seed, players and actions")
    missing = [k for k in ("game", "ruleset", "seed", "players", "actions") if k not in record]
    if missing:
        raise NotationError(f"record lacks {', '.join(missing)}")
    spec = get_game(record["game"])
    options = spec.parse_ruleset(record["ruleset"])
    if not isinstance(record["actions"], list):
        raise NotationError("record actions must be a list of strings")
    state = spec.new_state(options, record["players"], record["seed"])
    for a in record["actions"]:
        state.apply(a)
    return state

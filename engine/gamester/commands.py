"""Host-neutral commands: what the CLI, the site's renderer and the web API all run, as plain data in and out.

Each function takes plain values (game name, ruleset string, option overrides in any form
:func:`gamester.options.parse_pairs` reads, whole numbers, lists of text) and returns a dict with ``data`` (the
JSON-ready result) and ``text`` (the same in plain words, as the CLI prints it). No argparse, no HTML, no game
names: a game's own commands are in its ``GameSpec.commands``.

    >>> run("post-and-pair", "settle", hands=["QH QD QC", "KS KH KD"])["data"]["winners"]
    {'pair': 0, 'post': 1, 'seat': 0}
"""

from __future__ import annotations

import json
from typing import Any

from . import quiz as _quiz
from . import records
from .clauses import all_clauses
from .errors import GamesterError, RulesetError
from .options import Options
from .registry import Command, GameSpec, all_games, check_params, get_game

_PLAIN_JSON = json.JSONEncoder(default=str)  # as json.dumps(data, default=str), without making one a call


def _spec(game: str | GameSpec) -> GameSpec:
    return game if isinstance(game, GameSpec) else get_game(game)


def command(game: str | GameSpec, name: str) -> Command:
    """One of a game's commands, or a one-line error naming the ones it has."""
    spec = _spec(game)
    cmd = spec.commands.get(name)
    if cmd is None:
        raise GamesterError(f"{spec.name} has no '{str(name)[:40]}' command (it has {', '.join(spec.commands)})")
    return cmd


def prepare(game: str | GameSpec, name: str, ruleset: str | None = None, options: Any = None,
            params: dict[str, Any] | None = None) -> tuple[Command, Options, dict[str, Any]]:
    """A command, its options (a ruleset string or the default preset, the overrides, and what its parameters set)
    and its parameters' values, each read by the parameter the game declares (``None`` is not given): a parameter
    the command does not declare is a one-line error. What :func:`run` does before running; the web API bounds the
    work with it first."""
    spec = _spec(game)
    cmd = command(spec, name)
    opts, values = cmd.prepare(spec.options_for(ruleset, options), params or {}, f"the {name} command of {spec.name}")
    return cmd, opts, values


def run(game: str | GameSpec, name: str, *, ruleset: str | None = None, options: Any = None,
        **params: Any) -> dict[str, Any]:
    """Run one of a game's commands (``deal``, ``settle``, ``play`` ...) with the parameters it declares:
    ``{"data", "text", "options", "seats"}``."""
    cmd, opts, values = prepare(game, name, ruleset, options, params)
    data, text = cmd.run(opts, **values)
    # Round-trip through JSON so that every host sees exactly the same plain data.
    return {"data": json.loads(_PLAIN_JSON.encode(data)), "text": text, "options": opts.to_string(),
            "seats": cmd.seats(values, _spec(game).default_players or _spec(game).player_range[0])}


def compared(game: str | GameSpec, given: Any) -> str:
    """Which of a game's commands a comparison runs: the first that may be compared (``Command.compares``) and
    declares every parameter given (Post and Pair: a seed deals, given hands are settled)."""
    spec = _spec(game)
    names = [k for k, v in (given or {}).items() if v is not None]
    for name, cmd in spec.commands.items():
        if cmd.compares and all(cmd.param(k) for k in names):
            return name
    words = ", ".join(names) or "nothing"
    raise RulesetError(f"{spec.name} has nothing to compare given {words}")


def compare(game: str | GameSpec, rulesets: list[str], *, options: Any = None, **params: Any) -> list[dict[str, Any]]:
    """The same deal (a seed, or given hands) under each ruleset: ``[{"ruleset", "options", "data", "text"}]``."""
    spec = _spec(game)
    if len(rulesets) < 2:
        raise RulesetError(f"a comparison needs at least two rulesets, got {', '.join(rulesets) or 'none'}")
    name = compared(spec, params)
    out = []
    for ruleset in rulesets:
        r = run(spec, name, ruleset=ruleset, options=options, **params)
        out.append({"ruleset": ruleset, **r})
    return out


def rulesets(game: str | GameSpec) -> dict[str, Any]:
    spec = _spec(game)
    data = {"game": spec.name, "default": spec.default_preset,
            "rulesets": [p.to_json() for p in spec.presets.values()],
            "options": [s.to_json() for s in spec.options.specs()]}
    lines = [f"{spec.title}: rulesets (default {spec.default_preset})"]
    for p in spec.presets.values():
        cites = "; ".join(str(c) for c in p.citations)
        lines.append(f"  {p.name} [{p.label}] {p.summary}")
        lines.append(f"      {p.options.to_string()}")
        lines.append(f"      sources: {cites}")
    lines.append("options:")
    for s in spec.options.specs():
        lines.append(f"  {s.name}={s.allowed()} (default {s.default}){': ' + s.help if s.help else ''}")
    return {"data": data, "text": "\n".join(lines)}


def clauses(game: str | GameSpec | None = None) -> dict[str, Any]:
    prefix = _spec(game).clause_prefix if game else ""
    cl = all_clauses(prefix)
    lines = []
    for c in cl:
        lines.append(f"{c.id} [{c.status}] {c.statement}")
        lines.append(f"    {'; '.join(str(x) for x in c.citations)}" + (f"  ({c.note})" if c.note else ""))
    return {"data": [c.to_json() for c in cl], "text": "\n".join(lines)}


def replay_record(text: str | bytes | dict) -> dict[str, Any]:
    """Replay a record (JSON text or a dict), check every field it claims (:func:`gamester.records.check`) and
    give the replay's record; an unfinished game is said to be so (``"unfinished": true`` and ``to_act``)."""
    checked = records.check(text)
    rec = checked.record
    body = json.dumps(rec, indent=2, ensure_ascii=False)
    if not checked.finished:
        body = (f"unfinished: the actions stop after {len(rec['actions'])} with seat {rec['to_act']} to act\n"
                + body)
    return {"data": rec, "text": body}


def demo(game: str | GameSpec, players: int = 4, seed: int = 1674) -> dict[str, Any]:
    """A short tour: one deal of ``game`` under each of its rulesets (its ``deal`` command, or a whole game by
    ``play`` where it has none: the contract asks only for ``play``), each with ``players`` or, where a ruleset is
    not played by so many (or so few), the nearest number it is played by."""
    spec = _spec(game)
    command = "deal" if "deal" in spec.commands else "play"
    parts = []
    for name, preset in spec.presets.items():
        allowed = spec.allowed_players(preset.options)
        n = min(allowed, key=lambda k: (abs(k - players), -k)) if allowed else players
        r = run(spec, command, ruleset=name, players=n, seed=seed)
        parts.append(f"=== ruleset {name} ({n} players) ===\n{r['text']}")
    return {"data": None, "text": "\n\n".join(parts)}


def _offering(game: str | GameSpec, offers: Any, none: str) -> GameSpec:
    """The game, if ``offers(spec)`` (else a one-line error naming the games that do)."""
    spec = game if isinstance(game, GameSpec) else all_games().get(game) if isinstance(game, str) else None
    if spec is None or not offers(spec):
        names = ", ".join(n for n, s in sorted(all_games().items()) if offers(s))
        shown = game.name if isinstance(game, GameSpec) else str(game)[:60]  # a name, never a GameSpec's repr
        raise RulesetError(none.format(game=shown) + names)
    return spec


def _quiz_spec(game: str | GameSpec) -> GameSpec:
    return _offering(game, lambda s: s.site.make_quiz is not None and s.site.quiz_kinds,
                     "no exercises for {game!r}: games with exercises are ")


def quiz_kinds(game: str | GameSpec) -> dict[str, Any]:
    """The kinds of exercise a game offers: ``{"data": {kind: what it asks}, "text"}`` (the text with the levels)."""
    spec = _quiz_spec(game)
    kinds = dict(spec.site.quiz_kinds)
    lines = []
    for k, v in kinds.items():
        lines.append(f"{k}: {v}")
        lines.extend(f"  level {n}: {t}" for n, t in _quiz.levels_of(spec, k).items())
    return {"data": kinds, "text": "\n".join(lines)}


def quiz(game: str | GameSpec, seed: int, kind: str | None = None, ruleset: str | None = None,
         level: int | None = None) -> dict[str, Any]:
    """One exercise made from ``seed`` (see :mod:`gamester.quiz`); no kind: the game's kinds in turn by seed;
    no level: level 1."""
    spec = _quiz_spec(game)
    ex = _quiz.make(spec, seed, kind, ruleset, level)
    return {"data": json.loads(json.dumps(ex)), "text": _quiz.text(ex, spec.site.quiz_kinds.get(ex["kind"], ""),
                                                                   _quiz.seat_labels(ex, spec.site.quiz_seats))}


def quiz_set(game: str | GameSpec, seed: int, count: int, kind: str | None = None, ruleset: str | None = None,
             level: int | None = None) -> dict[str, Any]:
    """A class set: ``count`` sheets numbered ``seed`` onwards (each the exercise :func:`quiz` gives for its
    number), then the answer key; the data is the list of exercises."""
    spec = _quiz_spec(game)
    exs = _quiz.class_set(spec, seed, count, kind, ruleset, level)
    title = spec.site.quiz_kinds.get(exs[0]["kind"], "") if kind else ""
    return {"data": json.loads(json.dumps(exs)), "text": _quiz.class_set_text(exs, title, spec.site.quiz_seats)}


def odds(game: str | GameSpec, ruleset: str | None = None, **params: Any) -> dict[str, Any]:
    """The numbers behind a game (exact chances, or estimates with their error), from the parameters its
    ``GameSpec.odds_params`` declares (``None`` is not given); a parameter the game does not take is an error."""
    spec = _offering(game, lambda s: s.odds is not None, "no odds for {game!r}: the games are ")
    given = check_params(spec.odds_params, params, f"the odds of {spec.name}")  # declared once, by the game
    data, text = spec.odds(ruleset, **given)
    return {"data": json.loads(json.dumps(data)), "text": text}

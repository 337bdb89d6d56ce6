"""The web API's ops that play games with bots for a printed example or a command (``render``, ``run``,
``compare``), answered in steps bounded in moves, as the live table's ``bot`` op is (:mod:`gamester.hosts.web`).

A whole game played by the bots can take many seconds (three-handed Put to 21 in a rubber of two, the reasoning bot:
1,905 moves, 12 to 24 s of CPU). One request makes at most ``limits.bot_moves`` of the game's bot moves; if the work
is not done, the reply says ``more`` and gives ``moves``, every bot move made so far, and the client asks again with
the same fields and those ``moves``. The work is then done again from its start with the moves given replayed through
the rules (each must be legal where it is played: the engine's ``apply``, no bot asked), and the bots asked for the
next ``limits.bot_moves``, so that a step's work is at most that many bot moves, the replay of at most
``limits.actions`` actions, and the work of the op that is not a bot's move (the same in each step). The last step's
reply is the whole op's reply, the same as one unbounded request gives (the bots are seeded by the position alone:
:func:`gamester.state.bot_seed`), so that a reply is the same on every machine and a step is never cut by a clock.

    >>> from gamester.state import BOT_BUDGET
    >>> BOT_BUDGET.get() is None     # outside a stepped request the bots play to the end, as in the CLI
    True
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

from .. import commands, render
from ..registry import GameSpec
from ..state import BOT_BUDGET, Bot, State, bot_move
from . import web_positions as _positions
from .web_fields import _TOKEN_RE, RequestError, _actions, _base, _field, _show, _str, _str_list
from .web_positions import _game, _options


class Paused(Exception):
    """The step's bot moves are made and the work goes on: raised through the op's work, caught by :func:`stepped`."""


class Budget:
    """The moves of one step: the ``given`` moves of the earlier steps first (replayed, no bot asked), then at most
    ``most`` moves the bots choose; ``moves`` every move made, in order (a continuation)."""

    def __init__(self, given: list[str], most: int) -> None:
        self.given = given
        self.most = most
        self.moves: list[str] = []
        self.fresh = 0

    def move(self, make_bot: Callable[[str, int], Bot], name: str, state: State) -> str:
        k = len(self.moves)
        if k < len(self.given):
            action = self.given[k]
        elif self.fresh >= self.most:
            raise Paused
        else:
            action = bot_move(make_bot, name, state)
            self.fresh += 1
        self.moves.append(action)
        return action


@contextmanager
def _budget(given: list[str], most: int):
    budget = Budget(given, most)
    token = BOT_BUDGET.set(budget)
    try:
        yield budget
    finally:
        BOT_BUDGET.reset(token)


def stepped(spec: GameSpec, req: dict, work: Callable[[], dict]) -> dict:
    """``work()`` (the op's reply) held to ``spec.limits.bot_moves`` fresh bot moves: the whole reply with ``more``
    false, or ``{"more": true, "moves": [...]}`` to ask again with (see the module doc). Moves given beyond those
    the work makes are refused (they would be silently left out)."""
    given = _actions(req, "moves", spec.limits.actions, "move")
    with _budget(given, spec.limits.bot_moves) as budget:
        try:
            out = work()
        except Paused:
            return {"more": True, "moves": budget.moves}
    if len(budget.moves) < len(given):
        raise RequestError(f"field 'moves' gives {len(given):,} moves; the work makes only {len(budget.moves):,}")
    return {**out, "more": False}


# -- the ops -------------------------------------------------------------------------------------------------------

def _op_render(req: dict) -> dict:
    kind = _str(req, "kind", limit=60)
    if not _TOKEN_RE.match(kind):
        raise RequestError(f"unknown widget kind {kind!r}")
    args = _field(req, "args", {})
    if not isinstance(args, dict):
        raise RequestError(f"field 'args' must be an object, not {_show(args)}")
    base = _base(req)
    spec = _render_bounded(kind, args)

    def work() -> dict:
        html = render.render(kind, args, base=base)
        if not isinstance(html, str):
            raise RequestError(f"render({kind!r}) gave no HTML")
        return {"kind": kind, "html": html}

    return {"kind": kind, **stepped(spec, req, work)}


def _render_bounded(kind: str, args: dict) -> GameSpec:
    """A widget's rendering (a whole game played by bots) is held to the game's live limits too."""
    a = render.check_args(kind, args)
    spec, w = render.widgets()[kind]
    values = render.params(kind, a)
    if w.command == "compare":
        values = {**values, "ruleset": a["rulesets"].split(",")[0].strip() or None}
        name = commands.compared(spec, {k: v for k, v in values.items() if k != "ruleset"})
    else:
        values = {**values, "ruleset": a.get("ruleset") or None}
        name = w.command
    _command_bounded(spec, name, values.pop("ruleset"), a.get("options"), values)
    return spec


def _command_bounded(spec: GameSpec, name: str, ruleset: str | None, options: Any, values: dict) -> None:
    """A command's work, held to the game's live limits: its options (with those its parameters set) and seats."""
    cmd, opts, checked = commands.prepare(spec, name, ruleset, options, values)
    _positions._bounded(spec, opts, cmd.seats(checked, spec.default_players or spec.player_range[0]))


def _args(req: dict) -> dict:
    args = _field(req, "args", {})
    if not isinstance(args, dict) or len(args) > 20:
        raise RequestError(f"field 'args' must be an object of a command's parameters, not {_show(args)}")
    return args


def _op_run(req: dict) -> dict:
    """One of a game's commands with the parameters it declares (the CLI's ``COMMAND GAME --json``), held to the
    live limits, in steps."""
    spec = _game(req)
    name = _str(req, "command", limit=40)
    opts = _options(spec, req)
    args = _args(req)
    _command_bounded(spec, name, opts.to_string(), None, args)  # (each name declared: checked before any **)

    def work() -> dict:
        r = commands.run(spec, name, ruleset=opts.to_string(), **args)
        return {"ruleset": r["options"], "result": r["data"], "text": r["text"]}

    return {"game": spec.name, "command": name, **stepped(spec, req, work)}


def _op_compare(req: dict) -> dict:
    spec = _game(req)
    rulesets = _str_list(req, "rulesets", limit=4)
    if len(rulesets) < 2:
        raise RequestError("field 'rulesets' must name two rulesets to compare")
    args = _args(req)
    for ruleset in rulesets:
        _command_bounded(spec, commands.compared(spec, args), ruleset, None, args)

    def work() -> dict:
        runs = commands.compare(spec, rulesets, **args)
        return {"players": runs[0]["seats"],
                "results": [{"ruleset": r["options"], "result": r["data"], "text": r["text"]} for r in runs]}

    return {"game": spec.name, **stepped(spec, req, work)}


__all__ = ["Budget", "Paused", "stepped"]

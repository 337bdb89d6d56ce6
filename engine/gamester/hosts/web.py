"""The fixed JSON API the browser widgets call (through Pyodide, in a Web Worker).

One entry point, :func:`handle`, takes a JSON request and returns a JSON reply; nothing a reader types is ever
executed, only looked up: the operation in a fixed table, the game in the registry, the ruleset through the game's
parser, actions against the state's legal list. Every reply is an object with ``"ok"``::

    >>> import json
    >>> json.loads(handle('{"op": "ping"}'))["ok"]
    True
    >>> json.loads(handle('{"op": "format disk"}'))["error"]
    "unknown op 'format disk': known ops are analysis, apply, bot, compare, games, new, ping, quiz, render, rulesets, run, view"

A game in progress travels as a *position* (game, ruleset, players, seed, the actions so far), the same fields as a
game record, so a permalink is just a position in the URL. The engine keeps the states of the open games
(:data:`MAX_OPEN`, by their record): a move applies one action to the state the last reply left, and only a position
not seen lately is replayed from its start.

Operations (fields other than ``op`` are listed; ``?`` marks optional ones):

- ``ping``: version and the games available.
- ``games``: every game's title, player range, presets, options, bots, limits, widgets and commands (each with the
  parameters it declares).
- ``rulesets`` ``{game}``: one game's entry of ``games``.
- ``render`` ``{kind, args}``: the build-time rendering of a widget marker (``gamester.render.render``), as HTML.
- ``new`` ``{game, ruleset?, options?, players?, seed?, seat?, base?, chances?}``: a fresh position. A position's
  reply (``new``, ``apply``, ``bot``, ``view``) is what the play widget draws, in one step: the actions, whose turn,
  the roles and the card table for ``seat`` as HTML (``gamester.table``; ``seat`` a number, ``"current"`` for the
  seat to act, or none for everything), with the game's chances for the seat when ``chances`` is true and the seat
  is to act. No reply is longer than :data:`MAX_REPLY`, and a field an op does not read is refused.
- ``apply`` ``{position..., action}``: the position after one more action (illegal: an error, nothing moves).
- ``bot`` ``{position..., bot?, until?, bots?}``: the position after the named bot moves for the current player;
  with ``until: "human"|"end"`` and ``bots: [name|"default"|null per seat]`` the bots move until a seat with
  ``null`` (a reader) is to act or the game ends, at most ``limits.bot_moves`` moves a reply (then ``more``).
- ``view`` ``{position...}``: the position as it is (a step back or forward).
- ``analysis`` ``{position..., seat?}``: the game's exact chances for that seat.
- ``run`` ``{game, command, ruleset?, options?, args?}``: one of the game's commands with the parameters it declares
  (the CLI's ``COMMAND GAME --json``), held to the live limits.
- ``compare`` ``{game, rulesets: [a, b], args?}``: the same deal under two rulesets (the command the args pick).
- ``quiz`` ``{game, kind?, level?, ruleset?, seed?, base?}``: one exercise (the CLI's ``quiz --json``; ``level``
  1 by default, ``seed`` 0) as ``exercise``, and ``html``: its ``question`` (hands drawn as cards) and
  ``explanation`` (clause links from ``base``). The same number, kind, level and ruleset give the same exercise
  as the CLI's ``quiz``, and sheet i of ``quiz --count N --seed S`` is this op's reply for ``seed`` S + i: a class
  set is N such calls. ``{list: true, game?}`` instead answers ``{"games": [{game, title, kinds: [{kind, title,
  levels: [{level, title}]}]}]}``: every game with exercises (or the one named), its kinds and their levels,
  titles in plain words for a form.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from typing import Any

from .. import __version__, commands, quiz, records, render
from ..errors import GamesterError, IllegalActionError, RulesetError
from ..options import Options, parse_int
from ..registry import GameSpec, Limits, all_games, get_game
from ..state import TERMINAL, State, bot_move, bot_seed
from ..table import render_table

#: Moves of the log a live table shows (the last ones): the reply stays a few hundred kilobytes however long the game.
LIVE_LOG = 200

MAX_REQUEST = 200_000        # characters of JSON (a position of limits.actions of the longest actions fits)
MAX_REPLY = 4_000_000        # characters of JSON in one reply (the longest table the limits allow: about 1.6 MB)
MAX_ACTIONS = Limits.actions  # actions in one position (the core's default; a game's own is spec.limits.actions)
MAX_TEXT = 200               # characters in one ruleset, action, hand, option value ...
MAX_SEED = 2**63 - 1
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_.-]{1,60}$")
# json.dumps with any option makes an encoder a call (in Pyodide that costs as much as a small reply): one each.
_REPLY_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_PLAIN_JSON = json.JSONEncoder(default=str)


class RequestError(GamesterError):
    """A request that is not well formed (wrong type, too long, missing field)."""


# -- field readers: each checks type and size and names the field in its message ------------------------------

def _field(req: dict, name: str, default: Any = ..., *, required: bool = False) -> Any:
    if name in req and req[name] is not None:
        return req[name]
    if required or default is ...:
        raise RequestError(f"request lacks the field {name!r}")
    return default


def _str(req: dict, name: str, default: Any = ..., *, limit: int = MAX_TEXT) -> Any:
    v = _field(req, name, default)
    if v is default and default is not ...:
        return v
    if not isinstance(v, str):
        raise RequestError(f"field {name!r} must be text, not {_show(v)}")
    if len(v) > limit:
        raise RequestError(f"field {name!r} is too long ({len(v)} characters; at most {limit})")
    return v


def _int(req: dict, name: str, default: Any = ..., *, lo: int = 0, hi: int = MAX_SEED) -> Any:
    v = _field(req, name, default)
    if v is default and default is not ...:
        return v
    if isinstance(v, str):   # seeds from URLs arrive as text: the one reader of whole numbers (ASCII digits)
        try:
            v = parse_int(v, name, lo, hi)
        except GamesterError:
            raise RequestError(f"field {name!r} must be a whole number between {lo} and {hi}, not {_show(v)}") from None
    if isinstance(v, bool) or not isinstance(v, int):
        raise RequestError(f"field {name!r} must be a whole number, not {_show(v)}")
    if not lo <= v <= hi:
        raise RequestError(f"field {name!r} must be between {lo} and {hi}, not {_show(v)}")
    return v


def _str_list(req: dict, name: str, default: Any = ..., *, limit: int = MAX_ACTIONS) -> Any:
    v = _field(req, name, default)
    if v is default and default is not ...:
        return v
    if not isinstance(v, list):
        raise RequestError(f"field {name!r} must be a list of text items, not {_show(v)}")
    if len(v) > limit:
        raise RequestError(f"field {name!r} has {len(v)} items; at most {limit}")
    for i, x in enumerate(v):
        if not isinstance(x, str) or len(x) > MAX_TEXT:
            raise RequestError(f"item {i} of field {name!r} must be text of at most {MAX_TEXT} characters, "
                               f"not {_show(x)}")
    return v


def _action(text: str, name: str) -> str:
    """An action as the engine writes it (single spaces, none around it); any other spacing is refused."""
    if text != " ".join(text.split()):
        raise RequestError(f"{name} {_show(text)} is not spaced as the engine writes actions")
    return text


def _one_line(message: str, limit: int = 600) -> str:
    """An error message as one line of at most ``limit`` characters (a state string can be long)."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[:limit - 3] + "..."


def _show(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


# -- games, options, positions --------------------------------------------------------------------------------

def _game(req: dict) -> GameSpec:
    name = _str(req, "game")
    return get_game(name)


def _options(spec: GameSpec, req: dict) -> Options:
    text = _str(req, "ruleset", None, limit=2000)
    extra = _field(req, "options", {})
    if not isinstance(extra, dict):
        raise RequestError(f"field 'options' must be an object of option names and values, not {_show(extra)}")
    if len(extra) > 50:
        raise RequestError("field 'options' has too many entries")
    pairs: dict[str, str] = {}
    for k, v in extra.items():
        if not isinstance(v, (str, int)) or isinstance(v, bool) or len(str(v)) > MAX_TEXT or len(k) > MAX_TEXT:
            raise RequestError(f"option {k[:60]!r} must have a short text or number value, not {_show(v)}")
        pairs[k] = str(v)
    return spec.options_for(text or None, pairs)


def _bounded(spec: GameSpec, opts: Options, players: int) -> None:
    """The live examples' bounds (:class:`gamester.registry.Limits`): refused here, before any work is done."""
    spec.limits.check(spec.title, opts, players)


def _players(spec: GameSpec, req: dict) -> int:
    n = _field(req, "players", spec.default_players or spec.players[0])
    if isinstance(n, str):
        try:
            n = parse_int(n, "players", 0, 999)
        except GamesterError:
            pass  # named by check_players
    return spec.check_players(n)


#: Open games kept between requests (the widget's positions, by their record): a move applies one action to the state
#: the last reply left, and only a record not seen lately is replayed from its start. Bounded: the least lately used
#: goes first. A state is taken out while a request works on it, and put back under its new record after.
MAX_OPEN = 16
_OPEN: OrderedDict[tuple, State] = OrderedDict()


def _key(spec: GameSpec, opts: Options, players: int, seed: int, actions: Any) -> tuple:
    return (spec.name, opts.to_string(), players, seed, tuple(actions))


def _keep(spec: GameSpec, state: State) -> None:
    """Keep ``state`` for the next request about it (see :data:`MAX_OPEN`)."""
    key = _key(spec, state.options, state.players, state.seed, state.history)
    _OPEN[key] = state
    _OPEN.move_to_end(key)
    while len(_OPEN) > MAX_OPEN:
        _OPEN.popitem(last=False)


def _position(req: dict) -> tuple[GameSpec, State]:
    """The state a request describes (game, ruleset/options, players, seed, actions): the one kept from the last
    reply about it, else replayed from the record. Put it back with :func:`_keep` once the request is answered."""
    spec = _game(req)
    opts = _options(spec, req)
    players = _players(spec, req)
    seed = _int(req, "seed", 0)
    actions = _str_list(req, "actions", [], limit=spec.limits.actions)
    for i, a in enumerate(actions):
        _action(a, f"action {i + 1} of the position")
    _bounded(spec, opts, players)
    state = _OPEN.pop(_key(spec, opts, players, seed, actions), None)
    if state is not None:
        return spec, state
    state = spec.new_state(opts, players, seed)
    for i, a in enumerate(actions):
        try:
            state.apply(a)
        except IllegalActionError as e:
            raise IllegalActionError(f"action {i + 1} of the position: {e}") from None
    return spec, state


def _seat(req: dict, state: State) -> int | None:
    """The seat whose table is drawn: a number, ``"all"`` (or none: everything shown) or ``"current"`` (the seat
    to act, everything at the end: a reader who plays every seat in turn)."""
    v = _field(req, "seat", None)
    if v is None or v == "all":
        return None
    if v == "current":
        return _current(state)
    if isinstance(v, str):  # a seat is a JSON number (the widget sends one): "1" or " 1" is refused, not read
        raise RequestError(f"field 'seat' must be a seat's number (0 to {state.players - 1}), \"current\" or "
                           f"\"all\", not {_show(v)}")
    return _int(req, "seat", None, lo=0, hi=state.players - 1)


def _base(req: dict) -> str:
    base = _str(req, "base", "../", limit=60)
    if not re.fullmatch(r"(\.\./){0,10}", base):
        raise RequestError(f"field 'base' must be a relative path such as '../', not {_show(base)}")
    return base


def _current(state: State) -> int | None:
    p = state.current_player()
    return None if p == TERMINAL else p


def _bool(req: dict, name: str) -> bool:
    v = _field(req, name, False)
    if not isinstance(v, bool):
        raise RequestError(f"field {name!r} must be true or false, not {_show(v)}")
    return v


def _reply(spec: GameSpec, state: State, req: dict, *, draw: bool = True) -> dict[str, Any]:
    """A position's reply: what the play widget draws, in one step: the record's fields, whose turn, the roles,
    and the card table for the request's seat (with the game's chances for that seat when ``chances`` is true and
    the seat is to act); not drawn (``html`` null) when ``draw`` is false: a bot run that goes on, whose next
    step the widget asks for at once. The state is kept for the next request (:func:`_keep`)."""
    seat = _seat(req, state)
    base = _base(req)
    cur = _current(state)
    chances = None
    if draw and _bool(req, "chances") and spec.analysis is not None and seat is not None and cur == seat:
        chances = _jsonable(spec.analysis(state, seat))
    out: dict[str, Any] = {
        "ruleset": state.options.to_string(),
        "players": state.players,
        "seed": state.seed,
        "actions": list(state.history),
        "step": len(state.history),
        "current": cur,
        "terminal": cur is None,
        "seat": seat,
        "roles": state.roles(),   # {"3": "dealer", "0": "eldest"}: the deal's own, for naming seats
        # A game without a table of its own (a test's toy) is still played through the API; the widget needs one.
        "html": None if spec.site.table is None or not draw else render_table(state, seat, analysis=chances, base=base,
                                                                             log_limit=LIVE_LOG),
    }
    _keep(spec, state)
    return out


def _jsonable(obj: Any) -> Any:
    """Round-trip through JSON so that tuples, cards and enums arrive as plain data (and fail here, not in JS)."""
    return json.loads(_PLAIN_JSON.encode(obj))


def _bot_names(spec: GameSpec, req: dict, players: int) -> list[str | None]:
    v = _field(req, "bots", None)
    if v is None:
        name = _str(req, "bot", None, limit=60)
        return spec.bot_names([] if name in (None, "", "default") else [name], players)
    if isinstance(v, str):
        v = [x.strip() or None for x in v.split(",")]
    if not isinstance(v, list) or len(v) > players:
        raise RequestError(f"field 'bots' must list at most {players} bot names (or null for a reader)")
    names: list[str | None] = []
    defaults = spec.bot_names([], players)
    for i, x in enumerate(v):
        if x is None or x == "" or x == "human":
            names.append(None)
        elif x == "default":  # the game's usual bot for this seat (as in the CLI and the printed example)
            names.append(defaults[i])
        elif isinstance(x, str) and _TOKEN_RE.match(x):
            if x not in spec.bots:
                raise RulesetError(f"unknown bot {x!r} for {spec.name}: known bots are {', '.join(spec.bots)}")
            names.append(x)
        else:
            raise RequestError(f"item {i} of field 'bots' must be a bot name or null, not {_show(x)}")
    while len(names) < players:
        names.append(names[-1] if names else defaults[len(names)])
    return names


# -- operations -----------------------------------------------------------------------------------------------

def _op_ping(req: dict) -> dict:
    return {"version": __version__, "games": sorted(all_games())}


def _game_info(spec: GameSpec) -> dict:
    return {
        "name": spec.name, "title": spec.title, "players": list(spec.players), "default": spec.default_preset,
        "presets": [p.to_json() for p in spec.presets.values()],
        "options": _live_options(spec),
        "bots": list(spec.bots), "default_bot": spec.bot_names([], 1)[0] if spec.bots else None,
        "default_bots": list(spec.default_bots), "bot_words": {n: b.title or n for n, b in spec.bots.items()},
        "analysis": spec.analysis is not None,
        "limits": spec.limits.to_json(),
        "commands": {name: c.to_json() for name, c in spec.commands.items()},
        "widgets": [w.to_json() for w in spec.site.widgets.values()],
    }


def _live_options(spec: GameSpec) -> list[dict]:
    """The options as a live example offers them: each range narrowed to the game's limits."""
    ranges = spec.limits.option_ranges(spec.options.specs())
    out = []
    for s in spec.options.specs():
        j = s.to_json()
        if s.name in ranges:
            j["range"] = list(ranges[s.name])
        out.append(j)
    return out


def _op_games(req: dict) -> dict:
    """Every game, with its widget kinds, verbs, limits, blurbs and commands (each with its parameters), so that
    the widget script needs no table of its own."""
    return {"games": [_game_info(s) for _, s in sorted(all_games().items())]}


def _op_rulesets(req: dict) -> dict:
    return _game_info(_game(req))


def _op_render(req: dict) -> dict:
    kind = _str(req, "kind", limit=60)
    if not _TOKEN_RE.match(kind):
        raise RequestError(f"unknown widget kind {kind!r}")
    args = _field(req, "args", {})
    if not isinstance(args, dict):
        raise RequestError(f"field 'args' must be an object, not {_show(args)}")
    base = _base(req)
    _render_bounded(kind, args)
    html = render.render(kind, args, base=base)
    if not isinstance(html, str):
        raise RequestError(f"render({kind!r}) gave no HTML")
    return {"kind": kind, "html": html}


def _render_bounded(kind: str, args: dict) -> None:
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


def _command_bounded(spec: GameSpec, name: str, ruleset: str | None, options: Any, values: dict) -> None:
    """A command's work, held to the game's live limits: its options (with those its parameters set) and seats."""
    cmd, opts, checked = commands.prepare(spec, name, ruleset, options, values)
    _bounded(spec, opts, cmd.seats(checked, spec.default_players or spec.players[0]))


def _op_new(req: dict) -> dict:
    spec = _game(req)
    opts = _options(spec, req)
    players = _players(spec, req)
    seed = _int(req, "seed", 0)
    _bounded(spec, opts, players)
    return _reply(spec, spec.new_state(opts, players, seed), req)


def _op_apply(req: dict) -> dict:
    spec, state = _position(req)
    state.apply(_action(_str(req, "action"), "action"))  # illegal: an error, and the state is not kept (the next request replays)
    return _reply(spec, state, req)


def _op_bot(req: dict) -> dict:
    """Bots move for the seat to act: once (``until: "one"``), or on until a reader's seat is to act or the game
    ends, at most ``limits.bot_moves`` moves a reply (then ``more``: the widget asks again from where it stopped,
    so a reply is the same on every machine)."""
    spec, state = _position(req)
    until = _str(req, "until", "one", limit=10)
    if until not in ("one", "human", "end"):
        raise RequestError(f"field 'until' must be one, human or end, not {until!r}")
    names = _bot_names(spec, req, state.players)
    usual = spec.bot_names([], state.players)
    moved: list[list] = []
    limit = 1 if until == "one" else spec.limits.bot_moves
    more = False
    while True:
        p = _current(state)
        if p is None:
            break
        name = names[p] if until == "human" else (names[p] or usual[p])
        if name is None:
            break
        if len(moved) >= limit:  # a long run goes in steps: the widget asks for the next
            more = until != "one"
            break
        action = bot_move(spec.make_bot, name, state)
        state.apply(action)
        moved.append([p, action])
        if len(state.history) > spec.limits.actions:  # the limits are set so that no allowed game gets here
            raise RequestError(f"the game ran past {spec.limits.actions} actions")
    out = _reply(spec, state, req, draw=not more)
    out["moved"] = moved
    out["more"] = more
    return out


def _op_view(req: dict) -> dict:
    spec, state = _position(req)
    return _reply(spec, state, req)


def _op_analysis(req: dict) -> dict:
    spec, state = _position(req)
    try:
        if spec.analysis is None:
            raise RulesetError(f"{spec.title} has no analysis")
        seat = _seat(req, state)
        if seat is None:
            seat = _current(state)
        if seat is None:
            raise IllegalActionError("the game is over: there is nothing left to analyse")
        return {"seat": seat, "analysis": _jsonable(spec.analysis(state, seat))}
    finally:
        _keep(spec, state)


def _args(req: dict) -> dict:
    args = _field(req, "args", {})
    if not isinstance(args, dict) or len(args) > 20:
        raise RequestError(f"field 'args' must be an object of a command's parameters, not {_show(args)}")
    return args


def _op_run(req: dict) -> dict:
    """One of a game's commands with the parameters it declares (the CLI's ``COMMAND GAME --json``), held to the
    live limits."""
    spec = _game(req)
    name = _str(req, "command", limit=40)
    opts = _options(spec, req)
    args = _args(req)
    _command_bounded(spec, name, opts.to_string(), None, args)  # (each name declared: checked before any **)
    r = commands.run(spec, name, ruleset=opts.to_string(), **args)
    return {"game": spec.name, "command": name, "ruleset": r["options"], "result": r["data"], "text": r["text"]}


def _op_compare(req: dict) -> dict:
    spec = _game(req)
    rulesets = _str_list(req, "rulesets", limit=4)
    if len(rulesets) < 2:
        raise RequestError("field 'rulesets' must name two rulesets to compare")
    args = _args(req)
    for ruleset in rulesets:
        _command_bounded(spec, commands.compared(spec, args), ruleset, None, args)
    runs = commands.compare(spec, rulesets, **args)
    return {"game": spec.name, "players": runs[0]["seats"],
            "results": [{"ruleset": r["options"], "result": r["data"], "text": r["text"]} for r in runs]}


def _op_quiz(req: dict) -> dict:
    """One exercise (the CLI's ``quiz --json``) and the engine's HTML of its question and explanation; or, with
    ``list``, the games' kinds and levels."""
    if _field(req, "list", False) is not False:
        if req["list"] is not True:
            raise RequestError(f"field 'list' must be true or left out, not {_show(req['list'])}")
        if set(req) - {"op", "id", "list", "game"}:
            raise RequestError("op 'quiz' with 'list' takes only 'game' besides")
        specs = [_game(req)] if "game" in req else [s for _, s in sorted(all_games().items())
                                                    if s.site.make_quiz is not None and s.site.quiz_kinds]
        for s in specs:
            commands.quiz_kinds(s)  # a game without exercises: the one-line error
        return {"games": [quiz.catalogue(s) for s in specs]}
    spec = _game(req)
    kind = _str(req, "kind", None, limit=60)
    if kind is not None and not _TOKEN_RE.match(kind):
        raise RequestError(f"field 'kind' must be a kind's name, not {_show(kind)}")
    ruleset = _str(req, "ruleset", None, limit=2000) or None
    seed = _int(req, "seed", 0)
    level = _int(req, "level", 1)
    base = _base(req)
    ex = commands.quiz(spec, seed, kind, ruleset, level)["data"]
    return {"exercise": ex, "html": {"question": quiz.question_html(ex, quiz.seat_labels(ex, spec.site.quiz_seats)),
                                     "explanation": quiz.explanation_html(ex, base)}}


# The fields each op reads (besides op and id): any other is refused, so that a misspelt field ("sead") or one the
# op does not read says so rather than being ignored.
_POSITION = ("game", "ruleset", "options", "players", "seed", "actions", "seat")
_DRAWN = (*_POSITION, "base", "chances")     # a position's reply draws its table
FIELDS: dict[str, tuple[str, ...]] = {
    "analysis": _POSITION, "apply": (*_DRAWN, "action"), "bot": (*_DRAWN, "until", "bot", "bots"),
    "compare": ("game", "rulesets", "args"), "games": (), "new": tuple(k for k in _DRAWN if k != "actions"),
    "ping": (), "quiz": ("game", "kind", "level", "ruleset", "seed", "base", "list"), "render": ("kind", "args", "base"),
    "rulesets": ("game",), "run": ("game", "command", "ruleset", "options", "args"), "view": _DRAWN,
}

OPS = {
    "analysis": _op_analysis, "apply": _op_apply, "bot": _op_bot, "compare": _op_compare, "games": _op_games,
    "new": _op_new, "ping": _op_ping, "quiz": _op_quiz, "render": _op_render, "rulesets": _op_rulesets,
    "run": _op_run, "view": _op_view,
}


def _known_fields(op: str, req: dict) -> None:
    takes = FIELDS[op]
    extra = [k for k in req if k not in takes and k not in ("op", "id")]
    if extra:
        more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
        known = ", ".join(takes) or "no other fields"
        raise RequestError(f"op {op!r} takes no field {_show(extra[0])}{more}: it takes {known}")


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON reply: ``{"ok": true, ...}`` or ``{"ok": false, "error": "..."}``.

    A request may carry an ``"id"`` (a number or short text), echoed in the reply so the caller can match them.
    """
    rid: Any = None
    req: dict = {}
    try:
        if not isinstance(request_json, str):
            raise RequestError("a request is JSON text")
        if len(request_json) > MAX_REQUEST:
            raise RequestError(f"request too long ({len(request_json)} characters; at most {MAX_REQUEST})")
        try:
            req = records.load_json(request_json, "request")
        except GamesterError as e:
            raise RequestError(str(e)) from None
        if not isinstance(req, dict):
            raise RequestError("a request is a JSON object with an 'op' field")
        rid = req.get("id")
        if not (rid is None or (isinstance(rid, (int, str)) and not isinstance(rid, bool) and len(str(rid)) <= 40)):
            rid = None
            raise RequestError("field 'id' must be a number or short text")
        op = _str(req, "op", limit=40)
        fn = OPS.get(op)
        if fn is None:
            raise RequestError(f"unknown op {op!r}: known ops are {', '.join(sorted(OPS))}")
        _known_fields(op, req)
        reply = {"ok": True, "op": op, **fn(req)}
    except GamesterError as e:
        reply = {"ok": False, "error": _one_line(str(e)), "kind": type(e).__name__}
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
        # Not a documented error: a bug in a game module or in this API. Say so rather than hang the widget.
        reply = {"ok": False, "error": f"internal error ({type(e).__name__}): {e}", "kind": "InternalError"}
    if rid is not None:
        reply["id"] = rid
    text = _REPLY_JSON.encode(reply)
    if len(text) > MAX_REPLY:  # bounded as the work is (by the limits), and refused whole if ever longer
        reply = {"ok": False, "kind": "RequestError",
                 "error": f"the reply would be {len(text):,} characters; at most {MAX_REPLY:,}"}
        if rid is not None:
            reply["id"] = rid
        text = _REPLY_JSON.encode(reply)
    return text


__all__ = ["OPS", "RequestError", "bot_seed", "handle"]

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

Every op's work is bounded, in moves (never in seconds, so that a reply is the same on every machine), by the game's
live limits (:class:`gamester.registry.Limits`, given by ``games``): options and seats within the live maxima; at
most ``limits.actions`` actions in a position, replayed only when the position is not kept; and at most
``limits.bot_moves`` moves of the game's bots a reply (10 for a game whose bots think hard, Put; 200 by default).
The ops that play bots, ``bot``, ``render``, ``run`` and ``compare``, stop there and say ``more``: the client asks
again from where they stopped (``bot``: the reply's ``actions``; the others: the same fields and the reply's
``moves``, the bots' moves so far, which the next step replays through the rules before the bots go on:
:mod:`gamester.hosts.web_steps`), and the last step gives what one unbounded request would. The other ops play no
bot: at most one position replayed and one table drawn (``analysis``: the game's own chances, bounded by its
options' limits; ``quiz``: one exercise).

Operations (fields other than ``op`` are listed; ``?`` marks optional ones):

- ``ping``: version and the games available.
- ``games``: every game's title, player range, presets, options, bots, limits, widgets and commands (each with the
  parameters it declares).
- ``rulesets`` ``{game}``: one game's entry of ``games``.
- ``render`` ``{kind, args, base?, moves?}``: the build-time rendering of a widget marker (``gamester.render.render``),
  as HTML, in steps: ``{more: true, moves}`` until the last, ``{more: false, html}``.
- ``new`` ``{game, ruleset?, options?, players?, seed?, seat?, base?, chances?}``: a fresh position. A position's
  reply (``new``, ``apply``, ``bot``, ``view``) is what the play widget draws, in one step: the actions, whose turn,
  the roles and the card table for ``seat`` as HTML (``gamester.table``; ``seat`` a number, ``"current"`` for the
  seat to act, or none for everything), with the game's chances for the seat when ``chances`` is true and the seat
  is to act. With ``log_from: n`` (the entries of the move log the client holds, from the last table it drew for
  the same reader) the table's log leaves out the entries before n and says from where it goes on (``data-log-from``):
  and its ``actions`` are only those after the request's own (``actions_from``: how many it had), so that a
  move's reply is as long at move 1,000 as at move 10. No reply is longer than :data:`MAX_REPLY`, and a
  field an op does not read is refused. Every position's reply names the open game it leaves (``open``).
- ``apply`` ``{position..., action}``: the position after one more action (illegal: an error, nothing moves).
  With ``open`` (the name the last reply gave) instead of ``actions``, the move is made on that open game, whose
  actions are neither sent nor read again (the reply's ``actions_from`` says how many it had); a game no longer
  kept at that step (left long ago, a restarted engine) is refused with the kind ``StaleGameError``, and the client
  sends the position's actions, replayed and checked as ever. The reply to a request with ``open`` has ``html``
  null and ``parts`` instead: the table's HTML in parts (their concatenation), each null where the part of the
  reply that named the game is the same, so that a move sends only the parts it changed (a seat, the prompt ...);
  a seat and the centre are lists of pieces (joined, the part), sent as a list with null for each piece held at
  the same place and a number for one held at another (:func:`gamester.table.changed_parts`).
- ``bot`` ``{position..., bot?, until?, bots?, open?}``: the position after the named bot moves for the current player
  (``open`` as for ``apply``);
  with ``until: "human"|"end"`` and ``bots: [name|"default"|null per seat]`` the bots move until a seat with
  ``null`` (a reader) is to act or the game ends, at most ``limits.bot_moves`` moves a reply (then ``more``).
- ``view`` ``{position...}``: the position as it is (a step back or forward).
- ``analysis`` ``{position..., seat?}``: the game's exact chances for that seat.
- ``run`` ``{game, command, ruleset?, options?, args?, moves?}``: one of the game's commands with the parameters it
  declares (the CLI's ``COMMAND GAME --json``), held to the live limits, in steps as ``render``.
- ``compare`` ``{game, rulesets: [a, b], args?, moves?}``: the same deal under two rulesets (the command the args
  pick), in steps as ``render``.
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
from typing import Any

from .. import __version__, commands, quiz, records
from ..errors import GamesterError, IllegalActionError, RulesetError
from ..registry import GameSpec, all_games
from ..state import bot_move, bot_seed
from . import web_positions as _positions
from .web_fields import (
    _TOKEN_RE,
    MAX_ACTIONS,
    MAX_REQUEST,
    MAX_SEED,
    MAX_TEXT,
    RequestError,
    _action,
    _base,
    _field,
    _int,
    _one_line,
    _show,
    _str,
)
from .web_positions import (
    LIVE_LOG,
    MAX_OPEN,
    _bot_names,
    _game,
    _jsonable,
    _keep,
    _options,
    _players,
    _position,
    _reply,
    _seat,
    close_all,
)
from .web_steps import _op_compare, _op_render, _op_run

_OPEN = _positions._OPEN   # the open games (gamester.hosts.web_positions), by their record
MAX_REPLY = 4_000_000        # characters of JSON in one reply (the longest table the limits allow: about 1.6 MB)
# json.dumps with any option makes an encoder a call (in Pyodide that costs as much as a small reply): one each.
_REPLY_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
# And the C encoder that _REPLY_JSON.encode makes at each call (with its markers, the containers being encoded, by
# which it refuses a reply that contains itself), made once: what encode does, less two calls and a closure a
# reply. Where there is no C encoder (or it is made otherwise), encode itself. (Its markers are shared by the replies:
# ``handle`` answers one request at a time, as every host calls it; two threads encoding at once could each take the
# other's containers for a cycle, and answer with an internal error.)
_MARKERS: dict = {}
try:
    _C_REPLY_JSON = json.encoder.c_make_encoder(
        _MARKERS, _REPLY_JSON.default, json.encoder.encode_basestring, None, _REPLY_JSON.key_separator,
        _REPLY_JSON.item_separator, False, False, True)
except TypeError:  # (None, or another signature)
    _C_REPLY_JSON = None


# -- operations -----------------------------------------------------------------------------------------------

def _op_ping(req: dict) -> dict:
    return {"version": __version__, "games": sorted(all_games())}


def _game_info(spec: GameSpec) -> dict:
    return {
        "name": spec.name, "title": spec.title, "players": list(spec.player_range), "default": spec.default_preset,
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


def _op_new(req: dict) -> dict:
    spec = _game(req)
    opts = _options(spec, req)
    players = _players(spec, req)
    seed = _int(req, "seed", 0)
    _positions._bounded(spec, opts, players)
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
        p = state.seat_to_act()
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
            seat = state.seat_to_act()
        if seat is None:
            raise IllegalActionError("the game is over: there is nothing left to analyse")
        return {"seat": seat, "analysis": _jsonable(spec.analysis(state, seat))}
    finally:
        _keep(spec, state)


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
_DRAWN = (*_POSITION, "base", "chances", "log_from")     # a position's reply draws its table
FIELDS: dict[str, tuple[str, ...]] = {
    "analysis": _POSITION, "apply": (*_DRAWN, "open", "action"), "bot": (*_DRAWN, "open", "until", "bot", "bots"),
    "compare": ("game", "rulesets", "args", "moves"), "games": (), "new": tuple(k for k in _DRAWN if k != "actions"),
    "ping": (), "quiz": ("game", "kind", "level", "ruleset", "seed", "base", "list"), "render": ("kind", "args", "base", "moves"),
    "rulesets": ("game",), "run": ("game", "command", "ruleset", "options", "args", "moves"), "view": _DRAWN,
}

OPS = {
    "analysis": _op_analysis, "apply": _op_apply, "bot": _op_bot, "compare": _op_compare, "games": _op_games,
    "new": _op_new, "ping": _op_ping, "quiz": _op_quiz, "render": _op_render, "rulesets": _op_rulesets,
    "run": _op_run, "view": _op_view,
}


# The same, with op and id, as sets: a request whose fields are all known passes in one look.
_TAKES = {op: frozenset((*takes, "op", "id")) for op, takes in FIELDS.items()}


def _known_fields(op: str, req: dict) -> None:
    if req.keys() <= _TAKES[op]:
        return
    takes = FIELDS[op]
    extra = [k for k in req if k not in takes and k not in ("op", "id")]
    if extra:
        more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
        known = ", ".join(takes) or "no other fields"
        raise RequestError(f"op {op!r} takes no field {_show(extra[0])}{more}: it takes {known}")


def _encode(reply: dict) -> str:
    """The reply as JSON (:data:`_REPLY_JSON`). Its cost is the parts' characters: the C encoder escapes a text a
    character at a time, some 30 instructions a character in CPython 3.11 (about 150,000 a move for Speculation's
    5 kB of new parts when a changed seat or centre was sent whole; some 3 kB since they go in pieces; against
    some 40,000 for the rest of the reply), so a move costs less here only by sending fewer characters.
    (Tried, and slower: a cache of each part's JSON by its text, then by the part itself (a part drawn again is the
    same string: nearly always), the rest encoded whole and the parts put in its place. It spared a quarter of the
    escaping for Speculation and Post and Pair, whose seats and choices come back, and under a tenth for Put and
    Bone-Ace; finding the kept parts, even in C (``map`` over the ids), cost some 300 instructions a part, more
    than it spared for those two, and a reply's members written here in Python cost more than the encoder's.)"""
    if _C_REPLY_JSON is None:
        return _REPLY_JSON.encode(reply)
    try:
        return "".join(_C_REPLY_JSON(reply, 0))
    except BaseException:
        _MARKERS.clear()  # (the containers it was in when it stopped: else taken for cycles in the next reply)
        raise


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
    text = _encode(reply)
    if len(text) > MAX_REPLY:  # bounded as the work is (by the limits), and refused whole if ever longer
        reply = {"ok": False, "kind": "RequestError",
                 "error": f"the reply would be {len(text):,} characters; at most {MAX_REPLY:,}"}
        if rid is not None:
            reply["id"] = rid
        text = _REPLY_JSON.encode(reply)
    return text


__all__ = ["LIVE_LOG", "MAX_ACTIONS", "MAX_OPEN", "MAX_REPLY", "MAX_REQUEST", "MAX_SEED", "MAX_TEXT", "OPS",
           "RequestError", "bot_seed", "close_all", "handle"]

"""The web API's positions (:mod:`gamester.hosts.web`): a game in progress as a request names it (game, ruleset,
players, seed, the actions so far), the open games kept between requests, and a position's reply (what the play
widget draws). Names no game."""

from __future__ import annotations

import itertools
import json
import secrets
from collections import OrderedDict
from typing import Any

from ..errors import GamesterError, IllegalActionError, RulesetError
from ..options import Options, parse_int
from ..registry import GameSpec, get_game
from ..state import State
from ..table import changed_parts, joined, render_table_parts
from .web_fields import _TOKEN_RE, MAX_TEXT, RequestError, _actions, _base, _bool, _field, _int, _show, _str

#: Moves of the log a live table shows (the last ones): the reply stays a few hundred kilobytes however long the game.
LIVE_LOG = 200
_PLAIN_JSON = json.JSONEncoder(default=str)


def _game(req: dict) -> GameSpec:
    name = _str(req, "game")
    return get_game(name)


def _options(spec: GameSpec, req: dict) -> Options:
    text = _str(req, "ruleset", None, limit=2000)
    extra = req.get("options")
    if extra is None:  # (the usual: the ruleset alone, read once by the game and kept)
        return spec.parse_ruleset(text) if text else spec.default_options()
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
    n = req.get("players")
    if type(n) is int:  # (the usual: checked at once)
        return spec.check_players(n)
    n = _field(req, "players", spec.default_players or spec.player_range[0])
    if isinstance(n, str):
        try:
            n = parse_int(n, "players", 0, 999)
        except GamesterError:
            pass  # named by check_players
    return spec.check_players(n)


#: Open games kept between requests (the widget's positions, by their record): a move applies one action to the state
#: the last reply left, and only a record not seen lately is replayed from its start. Bounded: the least lately used
#: goes first. A state is taken out while a request works on it, and put back under its new record after. Found by
#: the record's game, rules, seed, length and last action (a key that costs the same at move 1,000 as at move 10),
#: and taken only if its actions are the request's, every one (a list compared at once, never read item by item).
MAX_OPEN = 16
_OPEN: OrderedDict[tuple, State] = OrderedDict()


#: The open games by the name each position's reply gives it (``open``), with the actions it had then and the
#: table's parts that reply sent: a move from a named game need not send the game's actions (nor have them read and
#: compared), and its reply sends only the table's parts that changed. A name is good while its game is kept
#: (:data:`_OPEN`) at the step it named; else the request is refused with :class:`StaleGameError`, and the client
#: sends the position's actions, replayed and checked as ever. Names are unique to this run of the engine.
MAX_NAMED = 4 * MAX_OPEN
_NAMED: OrderedDict[str, tuple[State, int, list[str] | None]] = OrderedDict()
_RUN: str | None = None  # this run's mark, drawn at its first name (not at import: an engine started from the
_COUNT = itertools.count(1)  # site's start-up snapshot, where this module is imported already, draws its own)


class StaleGameError(RequestError):
    """A move from an open game (``open``) that is no longer kept at that step: send the position's actions."""


def _key(spec: GameSpec, opts: Options, players: int, seed: int, actions: Any) -> tuple:
    return (spec.name, opts.to_string(), players, seed, len(actions), actions[-1] if actions else None)


def _keep(spec: GameSpec, state: State) -> None:
    """Keep ``state`` for the next request about it (see :data:`MAX_OPEN`)."""
    key = _key(spec, state.options, state.players, state.seed, state.history)
    was = _OPEN.get(key)
    _OPEN[key] = state
    _OPEN.move_to_end(key)
    gone = [was] if was is not None and was is not state else []  # (the same game replayed afresh replaces its twin)
    while len(_OPEN) > MAX_OPEN:
        gone.append(_OPEN.popitem(last=False)[1])
    if gone:
        # A name is good only while its game is kept (see _NAMED): the names of a game let go go with it, so that
        # they do not hold its whole state (up to MAX_NAMED of them) for nothing until newer names push them out.
        for name in [n for n, named in _NAMED.items() if any(named[0] is g for g in gone)]:
            del _NAMED[name]


def close_all() -> None:
    """Let every open game go, with its names (a host's reset: a benchmark's next phase, a test's clean start, the
    end of the start-up snapshot's warm-up). Clearing :data:`_OPEN` alone would leave each game held by its names
    until newer names pushed them out. The next name is of a new run (:data:`_RUN`, drawn afresh)."""
    global _RUN
    _OPEN.clear()
    _NAMED.clear()
    _RUN = None


def _position(req: dict) -> tuple[GameSpec, State]:
    """The state a request describes (game, ruleset/options, players, seed, actions): the one kept from the last
    reply about it, else replayed from the record. Put it back with :func:`_keep` once the request is answered.
    A kept state's actions were read and applied when it was made: a request that names it exactly (one lookup of
    the whole list) is not read item by item again, and nothing is replayed."""
    spec = _game(req)
    opts = _options(spec, req)
    players = _players(spec, req)
    seed = _int(req, "seed", 0)
    _bounded(spec, opts, players)
    given = req.get("actions")
    if given is None and req.get("open") is not None:
        name = _str(req, "open", limit=60)
        named = _NAMED.get(name)
        state = named[0] if named is not None and len(named[0].history) == named[1] else None
        key = _key(spec, opts, players, seed, state.history) if state is not None else None
        if state is None or _OPEN.get(key) is not state:
            raise StaleGameError("the open game this move names is no longer kept: send the position's actions")
        del _OPEN[key]
        return spec, state
    if type(given) is list and len(given) <= spec.limits.actions:
        key = _key(spec, opts, players, seed, given)
        state = _OPEN.get(key) if type(key[-1]) in (str, type(None)) else None  # (other items: refused below)
        if state is not None and state.history == given:
            del _OPEN[key]
            return spec, state
    actions = _actions(req, "actions", spec.limits.actions, "action", " of the position")
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
    v = req.get("seat")
    if type(v) is int and 0 <= v < state.players:  # (the usual: a seat's number, as _int reads it below)
        return v
    v = _field(req, "seat", None)
    if v is None or v == "all":
        return None
    if v == "current":
        return state.seat_to_act()
    if isinstance(v, str):  # a seat is a JSON number (the widget sends one): "1" or " 1" is refused, not read
        raise RequestError(f"field 'seat' must be a seat's number (0 to {state.players - 1}), \"current\" or "
                           f"\"all\", not {_show(v)}")
    return _int(req, "seat", None, lo=0, hi=state.players - 1)


def _reply(spec: GameSpec, state: State, req: dict, *, draw: bool = True) -> dict[str, Any]:
    """A position's reply: what the play widget draws, in one step: the record's fields, whose turn, the roles,
    and the card table for the request's seat (with the game's chances for that seat when ``chances`` is true and
    the seat is to act); not drawn (``html`` null) when ``draw`` is false: a bot run that goes on, whose next
    step the widget asks for at once. The state is kept for the next request (:func:`_keep`)."""
    seat = _seat(req, state)
    base = _base(req)
    cur = state.seat_to_act()
    # A forward step from what the client holds (log_from given): only what the step added, the log's new entries
    # and the actions after the request's own (from actions_from), so that the reply does not grow with the game.
    log_from = _int(req, "log_from", None, hi=10**7)
    given = req.get("actions")
    name = _str(req, "open", None, limit=60)
    named = _NAMED.pop(name, None) if name is not None else None
    if isinstance(given, list):
        known = min(len(given), len(state.history))
    else:
        known = named[1] if named is not None and named[0] is state else 0
    chances = None
    if draw and _bool(req, "chances") and spec.analysis is not None and seat is not None and cur == seat:
        chances = _jsonable(spec.analysis(state, seat))
    out: dict[str, Any] = {
        "ruleset": state.options.to_string(),
        "players": state.players,
        "seed": state.seed,
        "actions": list(state.history) if log_from is None and name is None else state.history[known:],
        "step": len(state.history),
        "current": cur,
        "terminal": cur is None,
        "seat": seat,
        "roles": state.roles(),   # {"3": "dealer", "0": "eldest"}: the deal's own, for naming seats
    }
    # A game without a table of its own (a test's toy) is still played through the API; the widget needs one.
    parts = None if spec.site.table is None or not draw else render_table_parts(
        state, seat, analysis=chances, base=base, log_limit=LIVE_LOG, log_from=log_from, spec=spec)
    if name is None:
        out["html"] = None if parts is None else joined(parts)
    else:  # a move from an open game: the table's parts, null where the client's (that game's reply) are the same
        held = named[2] if named is not None else None
        out["html"] = None
        out["parts"] = None if parts is None else changed_parts(parts, held)
    if log_from is not None or name is not None:
        out["actions_from"] = known
    _keep(spec, state)
    out["open"] = _name(state, parts if name is not None else None)
    return out


def _name(state: State, parts: list[str] | None) -> str:
    """A name for the open game ``state`` at its step, and the table's parts its reply sent (see :data:`_NAMED`)."""
    global _RUN
    if _RUN is None:
        _RUN = secrets.token_hex(6)
    name = f"{_RUN}-{next(_COUNT)}"
    _NAMED[name] = (state, len(state.history), parts)
    while len(_NAMED) > MAX_NAMED:
        _NAMED.popitem(last=False)
    return name


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

"""The web API's reading of a request's fields (:mod:`gamester.hosts.web`): each reader checks a field's type and
size and names the field in its one-line message; nothing read is ever executed."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import GamesterError
from ..options import parse_int
from ..registry import Limits

MAX_REQUEST = 200_000        # characters of JSON (a position of limits.actions of the longest actions fits)
MAX_ACTIONS = Limits.actions  # actions in one position (the core's default; a game's own is spec.limits.actions)
MAX_TEXT = 200               # characters in one ruleset, action, hand, option value ...
MAX_SEED = 2**63 - 1
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_.-]{1,60}$")
_BASE_RE = re.compile(r"(\.\./){0,10}")  # a page's path to the site's root ("../" the usual)


class RequestError(GamesterError):
    """A request that is not well formed (wrong type, too long, missing field)."""


def _field(req: dict, name: str, default: Any = ..., *, required: bool = False) -> Any:
    v = req.get(name)  # (a field given as null is left out)
    if v is not None:
        return v
    if required or default is ...:
        raise RequestError(f"request lacks the field {name!r}")
    return default


# The readers below first take the usual value at once (a str, int or bool of JSON, within the bounds: what each
# reader returns for it); anything else goes through the checks, which return it or name what is wrong.

def _str(req: dict, name: str, default: Any = ..., *, limit: int = MAX_TEXT) -> Any:
    v = req.get(name)
    if type(v) is str and len(v) <= limit:
        return v
    v = _field(req, name, default)
    if v is default and default is not ...:
        return v
    if not isinstance(v, str):
        raise RequestError(f"field {name!r} must be text, not {_show(v)}")
    if len(v) > limit:
        raise RequestError(f"field {name!r} is too long ({len(v)} characters; at most {limit})")
    return v


def _int(req: dict, name: str, default: Any = ..., *, lo: int = 0, hi: int = MAX_SEED) -> Any:
    v = req.get(name)
    if type(v) is int and lo <= v <= hi:
        return v
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


def _bool(req: dict, name: str) -> bool:
    v = req.get(name)
    if v is None or v is False:
        return False
    if v is True:
        return True
    v = _field(req, name, False)
    if not isinstance(v, bool):
        raise RequestError(f"field {name!r} must be true or false, not {_show(v)}")
    return v


def _base(req: dict) -> str:
    base = req.get("base")
    if base is None:
        return "../"
    base = _str(req, "base", "../", limit=60)
    if base != "../" and not _BASE_RE.fullmatch(base):
        raise RequestError(f"field 'base' must be a relative path such as '../', not {_show(base)}")
    return base


def _actions(req: dict, name: str, limit: int, what: str, where: str = "") -> list[str]:
    """A list of actions (a position's, or the bots' moves of a stepped request), each as the engine writes it."""
    actions = _str_list(req, name, [], limit=limit)
    for i, a in enumerate(actions):
        _action(a, f"{what} {i + 1}{where}")
    return actions


__all__ = ["MAX_ACTIONS", "MAX_REQUEST", "MAX_SEED", "MAX_TEXT", "RequestError"]

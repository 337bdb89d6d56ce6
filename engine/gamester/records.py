"""A record is evidence: read it safely, replay it, and check every field it claims against the replay.

A record is ``{"game", "ruleset", "seed", "players", "actions"}`` (what is played) plus the fields the game's
:meth:`State.summary` adds (what came of it: ``net``, ``box``, ``score``, ``winner``, ``ledger``, ``deals`` with
their hands ...). :func:`check` replays the first part and compares every other field with the replay's record, so a
forged net, a changed hand (hands must be the seed's deal) or a claim about a game the actions do not reach is
named, in words, at its first difference::

    deal 2: the record says seat 1 won 4 counters; the actions give 3

The words for a field come from the game's narrator (``CLAIM_WORDS``, a mapping of field name to a template with
``{seat}`` and ``{value}``; ``CLAIM_LISTS``, a list field's name to a template with ``{n}`` for one of its items) and
fall back to :data:`CLAIM_WORDS` and :data:`CLAIM_LISTS` here. A record whose actions stop before the end is
not an error but is said to be unfinished (:attr:`Checked.finished`).

:func:`load_json` is the one reader of JSON from outside (a record file, a web request): numbers of at most
:data:`MAX_DIGITS` digits, nesting at most :data:`MAX_DEPTH` deep, each key once per object, else a
:class:`NotationError`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .errors import GamesterError, NotationError
from .registry import get_game, replay, unique_keys
from .state import State

MAX_DIGITS = 40       # digits in one JSON number (a seed is at most 19)
MAX_DEPTH = 64        # nesting of JSON arrays and objects (a record needs 6)
PLAYED = ("game", "ruleset", "seed", "players", "actions")

#: Default words for a claimed field: ``{seat}`` is the seat when the field is a list per seat. A game's narrator
#: adds its own fields' words as its ``CLAIM_WORDS``.
CLAIM_WORDS = {
    "net": "seat {seat} won {value} counters",
    "hands": "seat {seat} held {value}",
    "winner": "the winner is seat {value}",
}
#: Default words for an item of a claimed list, ``{n}`` counting from 1: every record has deals, and a game's deal
#: its ledger and notes. A game's narrator adds its own lists (tricks, offers ...) as its ``CLAIM_LISTS``.
CLAIM_LISTS = {"deals": "deal {n}", "ledger": "ledger line {n}", "notes": "notes item {n}"}


def load_json(text: str | bytes, what: str = "record") -> Any:
    """Parse JSON from outside, refusing what Python's own parser would crash on or take long over."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise NotationError(f"{what} is not UTF-8 text (byte {e.start} is 0x{text[e.start]:02x})") from None
    if text.count("[") + text.count("{") > MAX_DEPTH:  # else the nesting cannot be too deep
        depth = _depth(text)
        if depth > MAX_DEPTH:
            raise NotationError(f"{what} nests arrays or objects {depth} deep; at most {MAX_DEPTH}")
    try:
        if text.startswith("\ufeff"):  # json.loads's own first check, which the decoder leaves to it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        try:  # (the usual: one value, no space around it: what decode does, less its two calls and two searches)
            value, end = _SCAN(text, 0)
            if end == len(text):
                return value
        except StopIteration:  # (no value at the start: decode skips the space before it, or words the error)
            pass
        return _DECODER.decode(text)  # (and after it: decode checks that nothing but space follows)
    except json.JSONDecodeError as e:
        raise NotationError(f"{what} is not JSON: {e}") from None
    except RecursionError:
        raise NotationError(f"{what} nests arrays or objects too deep") from None
    except NotationError as e:  # from the number hooks
        raise NotationError(f"{what}: {e}") from None


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (a cheap upper bound, before :func:`json.loads`)."""
    stripped = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text) if '"' in text else text
    depth = best = 0
    for ch in re.findall(r"[\[\]{}]", stripped):
        depth = depth + 1 if ch in "[{" else depth - 1
        best = max(best, depth)
    return best


def _int(s: str) -> int:
    if len(s) > MAX_DIGITS and len(s.lstrip("-")) > MAX_DIGITS:
        raise NotationError(f"a number of {len(s.lstrip('-'))} digits ({s[:20]}...); at most {MAX_DIGITS}")
    return int(s)


def _float(s: str) -> float:
    if len(s) > MAX_DIGITS:
        raise NotationError(f"a number of {len(s)} characters ({s[:20]}...); at most {MAX_DIGITS}")
    return float(s)


def _constant(s: str) -> Any:
    raise NotationError(f"{s} is not a JSON number")


# json.loads makes one a call; a key given twice is refused (Python would keep the last value: a forged "net" put
# before the real one would go unseen).
_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant, object_pairs_hook=unique_keys)
_SCAN = _DECODER.scan_once  # the value at an index, and where it ends (what decode calls, after the space before it)


@dataclass
class Checked:
    """A record that replayed and whose every claimed field agrees with the replay."""

    state: State
    record: dict[str, Any]      # the replay's record, with ``unfinished`` and ``to_act`` when it is unfinished

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()


def annotated(state: State) -> dict[str, Any]:
    """The state's record, saying so when the game is not over."""
    rec = state.to_record()
    if not state.is_terminal():
        rec["unfinished"] = True
        rec["to_act"] = state.current_player()
    return rec


def check(record: dict[str, Any] | str | bytes) -> Checked:
    """Replay ``record`` and compare each field it claims; the first difference raises :class:`NotationError`."""
    if isinstance(record, (str, bytes)):
        record = load_json(record)
    actions = record.get("actions") if isinstance(record, dict) else None
    for i, a in enumerate(actions if isinstance(actions, list) else []):
        if isinstance(a, str) and a != " ".join(a.split()):  # canonical: the legal list's own spelling
            raise NotationError(f"action {i + 1} of the record, {a[:60]!r}, is not written as the engine writes "
                                f"actions: {' '.join(a.split())[:60]!r}")
    state = replay(record)
    got = annotated(state)
    spec = get_game(record["game"])
    words = {**CLAIM_WORDS, **(getattr(spec.site.narrator, "CLAIM_WORDS", {}) or {})}
    lists = {**CLAIM_LISTS, **(getattr(spec.site.narrator, "CLAIM_LISTS", {}) or {})}
    end = "" if state.is_terminal() else f" (the actions stop before the end: seat {state.current_player()} to act)"
    unknown = [k for k in record if k not in got and k not in PLAYED]
    if unknown:
        more = f" (and {len(unknown) - 1} more)" if len(unknown) > 1 else ""
        raise NotationError(f"the record claims a field {str(unknown[0])[:40]!r}{more} that this {spec.title} "
                            f"record does not have{end}")
    for key, claimed in record.items():
        if key in PLAYED:
            continue
        diff = _first_difference(claimed, got[key], [key])
        if diff is not None:
            path, c, a = diff
            raise NotationError(f"{_say(path, c, a, words, lists)}{end}")
    return Checked(state, got)


def _first_difference(claimed: Any, actual: Any, path: list) -> tuple[list, Any, Any] | None:
    if isinstance(claimed, dict) and isinstance(actual, dict):
        for k in list(actual) + [k for k in claimed if k not in actual]:
            if k not in claimed or k not in actual:
                return path + [k], claimed.get(k, _MISSING), actual.get(k, _MISSING)
            d = _first_difference(claimed[k], actual[k], path + [k])
            if d:
                return d
        return None
    if isinstance(claimed, list) and isinstance(actual, list):
        for i, (c, a) in enumerate(zip(claimed, actual, strict=False)):
            d = _first_difference(c, a, path + [i])
            if d:
                return d
        if len(claimed) != len(actual):
            return path, claimed, actual
        return None
    if type(claimed) is not type(actual) and not (_num(claimed) and _num(actual)):
        return path, claimed, actual
    return None if claimed == actual else (path, claimed, actual)


def _num(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


_MISSING = _Missing()


def _show(v: Any) -> str:
    if isinstance(v, list) and len(v) > 3:
        return f"{len(v)} items"
    text = v if isinstance(v, str) else repr(v) if isinstance(v, _Missing) else json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _say(path: list, claimed: Any, actual: Any, words: dict[str, str], lists: dict[str, str]) -> str:
    """``deal 2: the record says seat 1 won 4 counters; the actions give 3``."""
    where: list[str] = []
    field = ""
    seat = None
    i = 0
    while i < len(path):
        p = path[i]
        nxt = path[i + 1] if i + 1 < len(path) else None
        if isinstance(p, str) and isinstance(nxt, int) and p in lists:
            where.append(lists[p].format(n=nxt + 1))
            i += 2
            continue
        if isinstance(p, str) and isinstance(nxt, int) and i + 2 == len(path) and p in words:
            field, seat = p, nxt
            i += 2
            continue
        if isinstance(p, str):
            field = p if not field else f"{field}.{p}"
        else:
            field = f"{field}[{p}]"
        i += 1
    place = f"{', '.join(where)}: " if where else ""
    template = words.get(field)
    if template and ("{seat}" not in template or seat is not None) and not isinstance(claimed, (list, dict)):
        said = template.format(seat=seat, value=_show(claimed))
        said = re.sub(r"\b1 counters", "1 counter", re.sub(r"won -(\d+)", r"lost \1", said))
        given = f"seat {_show(actual)}" if "seat {value}" in template else _show(actual)
        return f"{place}the record says {said}; the actions give {given}"
    if isinstance(claimed, list) and isinstance(actual, list) and len(claimed) != len(actual):
        return (f"{place}the record lists {len(claimed)} {field or 'items'}; the actions give {len(actual)}")
    name = field or "the record"
    return f"{place}the record says {name} is {_show(claimed)}; the actions give {_show(actual)}"


__all__ = ["CLAIM_LISTS", "CLAIM_WORDS", "Checked", "GamesterError", "MAX_DEPTH", "MAX_DIGITS", "annotated", "check", "load_json"]

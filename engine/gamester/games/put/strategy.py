"""Put: the solved strategies shipped as data (``data/*.json.gz``, written by ``gamester solve put``), read here.

A file holds, for one ruleset of two-handed Put, the eldest's chance of winning the game at every score and the
equilibrium's probability of each action in every decision with more than one legal action, under the key
``ROLE|A-B|HAND|HISTORY`` (see the README): ROLE ``eldest`` or ``dealer``; A-B the acting player's points, then
the other's, before the deal; HAND the player's three dealt ranks best first; HISTORY the deal's public actions so
far, comma-separated (``put``, ``see``, ``refuse``, ``play R`` with the rank only, ``throw-up``).
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from importlib import resources
from typing import Any

from ... import hostfiles
from ...cards import RANK_NAMES, Card
from ...errors import GamesterError
from .state import Phase, PutState


@lru_cache(maxsize=1)
def _index() -> dict[str, str]:
    try:
        text = resources.files(__package__).joinpath("data", "index.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    return json.loads(text)


@lru_cache(maxsize=4)
def _load(name: str) -> dict[str, Any]:
    """A solved file: from the package (CPython), or where the site's wheel leaves them out, from the site on first
    use, checked by its sha256 (:mod:`gamester.hostfiles`); a copy that fails is refused in words for the reader."""
    try:
        raw = hostfiles.read_bytes(__package__, "data", name)
    except hostfiles.DataFileError as ex:
        why = ("the copy this browser received is not the one the site was built with, so it is not used"
               if ex.damaged else str(ex))
        raise GamesterError(f"The computer's solved strategies for Put could not be used: {why}. Reload the page "
                            "to fetch them again, or choose another computer player.") from None
    return json.loads(gzip.decompress(raw))


def solved(ruleset: str) -> dict[str, Any] | None:
    """The solved file of the ruleset string (``options.to_string()``), or None if there is none (or it is not
    in this build). It may be a summary (:func:`first_decisions_only`): the index lists one where the whole
    strategy is too large to ship but the game was solved to the goal, and then the bot and the advice cover each
    deal's first decisions (the eldest's put or lead, the dealer's answer to that put) and nothing after them."""
    name = _index().get(ruleset)
    if not name:
        return None
    try:
        return _load(name)
    except (FileNotFoundError, OSError):
        return None


def summary(name: str) -> dict[str, Any] | None:
    """A solved ruleset whose whole strategy is too large to ship: its values, exploitability and first decisions
    only (``data/NAME.summary.json.gz``, the strategy file's format with ``strategy`` cut to the eldest's first
    decision and the dealer's answer to a put made there). The Numbers page reads it; the bot does too where the
    index lists it (:func:`solved`), that is where every score was solved to the goal."""
    try:
        return _load(f"{name}.summary.json.gz")
    except (FileNotFoundError, OSError):
        return None


def first_decisions_only(data: dict[str, Any]) -> bool:
    """Whether a solved file is a summary: the values and each deal's first decisions, with the size of the whole
    strategy (``information_sets``) that was not shipped."""
    return "information_sets" in data


def available() -> list[str]:
    return sorted(_index())


def _rank(card: str) -> str:
    return Card.parse(card).rank.text


def history(state: PutState) -> list[str]:
    """The current deal's public actions, in the file's words."""
    d = state.this_deal
    put = d["puts"][0] if d["puts"] else None
    out: list[str] = []

    def put_at(k: int) -> None:
        if put and put["trick"] == k:
            out.append("put")
            out.extend(a for _, a in put["answers"])

    for k, tr in enumerate(d["tricks"], 1):
        put_at(k)
        out.extend(f"play {_rank(c)}" for _, c in tr["plays"])
    put_at(len(d["tricks"]) + 1)
    out.extend(f"play {c.rank.text}" for _, c in state.trick)
    return out


def key(state: PutState, seat: int) -> str:
    """The key of the decision ``seat`` faces now."""
    role = "eldest" if seat == state.this_deal["eldest"] else "dealer"
    dealt = [Card.parse(c) for c in state.this_deal["hands"][seat].split()]
    hand = " ".join(c.rank.text for c in sorted(dealt, key=lambda c: -state.value(c)))
    me, them = state.seat_score(seat), state.seat_score(1 - seat)
    return f"{role}|{me}-{them}|{hand}|{','.join(history(state))}"


def probabilities(state: PutState, seat: int) -> dict[str, float] | None:
    """The equilibrium's probability of each legal action (in the file's words: ``play K``, ``put``...), or None
    where no solved strategy covers the position (another ruleset, more than two players)."""
    if state.players != 2 or state.phase not in (Phase.PLAY, Phase.ANSWER_PUT):
        return None
    data = solved(state.options.to_string())
    if data is None:
        return None
    legal = words(state)
    if len(legal) == 1:
        return {legal[0]: 1.0}
    row = data["strategy"].get(key(state, seat))
    if row is None:
        return None
    total = sum(row.get(a, 0.0) for a in legal)
    if total <= 0:
        return None
    return {a: row.get(a, 0.0) / total for a in legal}


def words(state: PutState) -> list[str]:
    """The legal actions in the file's words (one ``play R`` per rank held)."""
    out: list[str] = []
    for a in state.legal_actions():
        w = f"play {_rank(a.split()[1])}" if a.startswith("play ") else a
        if w not in out:
            out.append(w)
    return out


def engine_action(state: PutState, word: str) -> str:
    """The engine's action for a word of the file (``play K`` becomes the first legal play of a King)."""
    if not word.startswith("play "):
        return word
    rank = word.split()[1]
    return next(a for a in state.legal_actions() if a.startswith("play ") and _rank(a.split()[1]) == rank)


def times(p: float) -> str:
    """A frequency in words: ``always``, ``never``, ``1 time in 3``, ``37 times in 100``."""
    if p > 0.995:
        return "always"
    if p < 0.005:
        return "never"
    for d in range(2, 11):
        n = round(p * d)
        if 0 < n < d and abs(n / d - p) < 0.01:
            return f"{n} time{'s' if n > 1 else ''} in {d}"
    return f"{round(100 * p)} times in 100"


def often(verb: str, p: float) -> str:
    """A verb with its frequency: "always puts", "never sees", "puts 1 time in 3"."""
    t = times(p)
    return f"{t} {verb}" if t in ("always", "never") else f"{verb} {t}"


def advice(state: PutState, seat: int) -> str | None:
    """What the solved game does in the seat's place, in a sentence (None where nothing is solved, or only one
    action is legal): "With these cards at 2-1 the solved game puts 1 time in 3."."""
    probs = probabilities(state, seat)
    if probs is None or len(probs) < 2:
        return None
    parts = []
    for word, verb in (("put", "puts"), ("see", "sees"), ("throw-up", "throws up")):
        if word in probs:
            parts.append(often(verb, probs[word]))
    plays = [(w, p) for w, p in probs.items() if w.startswith("play ") and p >= 0.005]
    if plays and not any(w in probs for w in ("put", "see")):
        parts += [often(f"plays the {RANK_NAMES[w.split()[1]]}", p) for w, p in plays]
    me, them = state.seat_score(seat), state.seat_score(1 - seat)
    return f"With these cards at {me}-{them} the solved game {' and '.join(parts)}."

"""The projector's steps of a printed example, made at build time (``docs/javascripts/gamester-present.js`` shows them).

A printed example of a whole game or a deal carries its record (ruleset, seed, actions). :func:`steps_html` replays
that record move by move and draws the engine's card table after each move (``gamester.table``), keeping only the table and its current sentence: no move log, no choices,
no chances, each hand face down until the rules show it, and at the end every hand and the result without its ledger (that is the printed example's). The steps sit in one
``<template>`` beside the example, inert until the projector view clones them, so the view works without
WebAssembly. An example without a record (a show-down of given hands, a comparison) has no steps.

Nothing here names a game: the record and the table come from the engine.
"""

from __future__ import annotations

import dataclasses
import re
from html import escape as e
from typing import Any

from gamester import registry
from gamester import render as grender
from gamester import table as gtable

_READBACK = re.compile(r' data-(?:seat|net|points|from|to|counters|clause|deal|winners)="[^"]*"')

#: A longer record is not stepped on a projector (no printed example comes near it; the page would grow too much).
MAX_STEPS = 400


def _record(data: dict[str, Any]) -> dict[str, Any] | None:
    """The replayable record of a ``render.compute`` result, or None when it has none."""
    if not data.get("results"):
        return None
    r = data["results"][0].get("data") or {}
    acts = r.get("actions")
    if not isinstance(acts, list) or not acts or not all(k in r for k in ("game", "ruleset", "seed", "players")):
        return None
    # A deal's record may list (seat, action) pairs; a record of moves lists the actions alone.
    actions = [a[-1] if isinstance(a, (list, tuple)) else a for a in acts]
    return {"game": r["game"], "ruleset": r["ruleset"], "seed": r["seed"], "players": r["players"],
            "actions": [str(a) for a in actions]}


def _public(state: Any) -> Any:
    """The table as the room sees it: each seat's cards as another player sees them (what the rules have shown:
    a card turned up, a hand shown), the rest (the middle, the sentence, the end) as the engine draws it for all."""
    t = gtable.table_for(state, None)
    if t.end is not None or state.players < 2:
        return t
    seats = [gtable.table_for(state, (s.index + 1) % state.players).seats[i] for i, s in enumerate(t.seats)]
    return dataclasses.replace(t, seats=[dataclasses.replace(s, you=False) for s in seats])


def _open(state: Any) -> Any:
    """The table for the teacher's view: every hand face up."""
    return gtable.table_for(state, None)   # (no reader: everything shown, as for a teacher at the front)


def _step(state: Any, base: str, every_hand: bool = False) -> str:
    return _drawn(_open(state) if every_hand else _public(state), base)


def _with_last_card(before: Any, after: Any, action: str) -> Any | None:
    """The table ``before`` a move that ended a deal and dealt the next (the table ``after`` says how the last deal
    ended: its ``between``), with that sentence as its own, and the card the move played laid on the pile in play
    and taken from its player's seat; None when the deal did not end.

    The engine draws the table after such a move as the new deal: without this step a class never sees the deal's
    last card. The card and the seat come from the engine's own table (the choice the move was, the seat to act); a
    move whose choice names no card (a card turned from the stock, unseen before) leaves the table as it was, and
    the sentence names the card."""
    if not after.between:
        return None
    ended = dataclasses.replace(before, prompt=after.between, to_act=None,
                                seats=[dataclasses.replace(s, to_act=False) for s in before.seats])
    card = next((c.card for c in before.choices if c.action == action and c.card), None)
    if card is None or before.to_act is None or not before.centre:
        return ended
    seats = []
    for s in ended.seats:
        if s.index == before.to_act:
            s = (dataclasses.replace(s, cards=[c for c in s.cards if c != card]) if card in s.cards
                 else dataclasses.replace(s, hidden=max(0, s.hidden - 1)))
            who = s.label
        seats.append(s)
    pile = before.centre[-1]
    pile = dataclasses.replace(pile, plays=[*pile.plays, (who, card)], note="the last card of the deal")
    return dataclasses.replace(ended, seats=seats, centre=[*before.centre[:-1], pile])


def _drawn(t: Any, base: str) -> str:
    end = dataclasses.replace(t.end, ledger=[], no_ledger="") if t.end is not None else None
    t = dataclasses.replace(t, log=[], choices=[], chances=[], chances_note="", end=end)
    # The numbers that tests read back stay on the printed example: a step is a picture of it, not a second copy.
    return _READBACK.sub("", gtable.render(t, base=base, level=2))


def steps(kind: str, args: dict[str, str], base: str) -> list[tuple[str, str, int]]:
    """The table after each move of the example ``kind``/``args`` (the first: before any move), as the room sees it
    and with every hand face up, and the number of the move; [] without a record or without a table drawing for its
    game. A move that ends a deal and deals the next has two steps: the deal's end with its last card on the table,
    then the new deal."""
    rec = _record(grender.compute(kind, args))
    if rec is None or registry.get_game(rec["game"]).site.table is None or len(rec["actions"]) > MAX_STEPS:
        return []
    state = registry.replay({**rec, "actions": []})
    out = [(_step(state, base), _step(state, base, True), 0)]
    for i, a in enumerate(rec["actions"], 1):
        room, every = _public(state), _open(state)
        state.apply(a)
        after = _public(state)
        ended = _with_last_card(room, after, a)
        ended_open = _with_last_card(every, after, a)
        if ended is not None and ended_open is not None:
            out.append((_drawn(ended, base), _drawn(ended_open, base), i))
        out.append((_step(state, base), _step(state, base, True), i))
    return out


def steps_html(kind: str, args: dict[str, str], base: str) -> str:
    """The inert ``<template>`` of an example's steps in a hidden ``<div>`` ("" when it has none), named by its game's
    title: the page puts it right after the example."""
    found = steps(kind, args, base)
    if not found:
        return ""
    title = grender.widgets()[kind][0].title
    # Each step as the room sees it, and (where it differs) with every hand face up, for the teacher's view.
    body = "".join(f'<div class="gm-present-step" data-step="{i}" data-move="{move}">{room}</div>'
                   + (f'<div class="gm-present-step gm-present-open-hands" data-step="{i}">{every}</div>'
                      if every != room else "")
                   for i, (room, every, move) in enumerate(found))
    # (in a block element of its own: Markdown leaves a <div> as it is, but would wrap a bare <template> in a <p>;
    # left out of the site search, like the printed example it steps through)
    return (f'<div class="gm-present-data" hidden><template class="gm-present-steps" data-search-exclude '
            f'data-steps="{len(found)}" data-moves="{found[-1][2]}" '
            f'data-title="{e(title)}">{body}</template></div>')

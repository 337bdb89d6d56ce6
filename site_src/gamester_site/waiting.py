"""The table a reader sees while the card engine starts: the live game's table, every card face down.

Pressing "Play against the computer" turns the widget into this table at once (the widget script puts it where the
printed example was and hides the example, whose hands and result would otherwise be the screen's whole content for
the seconds the engine takes to start). It is the engine's own drawing of an opening position (its seats and the
stakes on the table; who deals, and the seats' counters, are for the new deal to say) with every card face down, no
turn-up shown, no choices, no log and no end: nothing in it belongs to the deal the reader is about to get, which is
dealt from a new number. Built at site build time, in a ``<template>`` (inert, and left out of the search index).
Names no game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gamester import render as grender
from gamester import table as gtable

PROMPT = "Shuffling and dealing: the card engine is starting in your browser."


def waiting_html(kind: str, args: dict[str, Any], *, base: str = "../") -> str:
    """The face-down opening table of a playing widget (``""`` for a widget that does not play a game)."""
    spec, w = grender.widgets()[kind]
    if not w.play:
        return ""
    players = int(args.get("players") or 0) or None
    ruleset = args.get("ruleset")
    options = spec.options_for(str(ruleset)) if ruleset else spec.default_options()
    state = spec.new_state(options, spec.seats(players), 0)
    t = gtable.table_for(state, 0)
    seats = [replace(s, roles=[], cards=[], hidden=len(s.cards) + s.hidden, best=[], status=[], counters=[], to_act=False,
                     cards_label="")
             for s in t.seats]
    centre = [replace(p, plays=[], hidden=len(p.plays) + p.hidden, note="", best=[]) for p in t.centre]
    waiting = replace(t, subtitle="", seats=seats, centre=centre, prompt=PROMPT, between="", choices=[], chances=[],
                      chances_title="", chances_note="", log=[], end=None, to_act=None)
    html = gtable.render(waiting, base=base)
    return f'<template class="gm-waiting-table" data-search-exclude>{html}</template>'

"""The handout of a game (``handout GAME k=v ...`` on its Teach page): two printed pages at most, made at build time.

The rules in brief (the same data as the game page's "Rules in brief", without the status tags), one worked example
(the engine's static rendering of the example the marker names, e.g. ``handout put seed=10 players=2
ruleset=cotton-1674``) and a short glossary: the glossary's words that the rules or the example use. On screen it is
a preview with its own "Print the handout" button (docs/javascripts/handout.js); on paper, with print.css, it is all
that prints. The game page's "Print the handout" prints this same sheet. Nothing here names a game.
"""

from __future__ import annotations

import re
from html import escape as e

from gamester import registry
from gamester import render as grender
from gamester_site.glossary import match_forms
from gamester_site.store import EditionError, brief, glossary, md_inline

#: At most this many words in the handout's glossary (the first ones the rules use, then the example's).
MAX_WORDS = 10


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def words(text: str, limit: int = MAX_WORDS) -> list[dict]:
    """The glossary entries whose term or a form of it occurs in ``text`` (whole words), in the order they first
    occur, at most ``limit`` (case as written, as the pages' tooltips match)."""
    found = []
    for t in glossary():
        pos = [m.start() for f in match_forms(t)
               for m in [re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", text)] if m]
        if pos:
            found.append((min(pos), str(t["term"]).lower(), t))
    return [t for _p, _k, t in sorted(found, key=lambda x: (x[0], x[1]))[:limit]]


def handout_rules(game: str) -> list[dict]:
    """The rules the handout adds to the rules in brief (``handout: rules:`` in the game's brief.yml): what a table
    playing from the handout alone also needs (who deals first, who leads after a trick, ...)."""
    return list((brief().get(game) or {}).get("handout", {}).get("rules", []) or [])


def deal_needs(game: str) -> list[str]:
    """The game's own list of the rules a deal needs (``handout: deal_needs:``, clause ids): the handout must state
    each of them (tests/site/test_handout_rules.py)."""
    return list((brief().get(game) or {}).get("handout", {}).get("deal_needs", []) or [])


def handout(text: str, base: str) -> str:
    game, _, rest = (text or "").strip().partition(" ")
    spec = registry.get_game(game)
    data = brief().get(spec.name)
    if not data or not data.get("rules"):
        raise EditionError(f"the rules in brief have no entry for {spec.name!r}: the handout needs them")
    args = grender.parse_marker_args(rest)
    if not args:
        raise EditionError(f"'handout {spec.name}' needs its worked example: handout {spec.name} seed=N ...")
    kind = grender.marker_kind("example", spec.name, args)
    example = grender.render(kind, args, base=base)
    rules = "".join(f"<li>{md_inline(str(r['text']))}</li>" for r in (*data["rules"], *handout_rules(spec.name)))
    intro, after = md_inline(str(data.get("intro", ""))), md_inline(str(data.get("after", "")))
    plain = " ".join(str(x) for x in (data.get("intro", ""), *(r["text"] for r in (*data["rules"],
                                                                                   *handout_rules(spec.name))),
                                      data.get("after", "")))
    own = data.get("handout", {}).get("words", {}) or {}   # the game's own sense of a shared word
    gloss = "".join(f"<dt>{e(str(t['term']))}</dt><dd>{md_inline(str(own.get(t['term'], t['short'])))}</dd>"
                    for t in words(plain + " " + _text(example)))
    hid = "handout-title"
    return (f'<section class="gm-handout-sheet" id="handout" aria-labelledby="{hid}" data-game="{e(spec.name)}">'
            f'<h2 id="{hid}">{e(spec.title)}: the handout</h2>'
            f'<h3>The rules in brief</h3><p>{intro}</p><ol class="gm-handout-rules">{rules}</ol>'
            + (f"<p>{after}</p>" if after else "")
            + f'<h3>A worked example</h3><div class="gm-static gm-handout-example">{example}</div>'
            + (f'<h3>Words</h3><dl class="gm-handout-words">{gloss}</dl>' if gloss else "")
            + "</section>")


"""The card table's models drawn as HTML, part by part (:mod:`gamester.table` puts them together and keeps them):
a seat, its cards, a pile, a pot, a choice. Each writes its elements as :func:`gamester.html.h` would (every text
escaped, :class:`Markup` as it is), as strings rather than element by element: drawing the parts a move changed is
most of what the live table costs. Stdlib only."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .html import _ESCAPES, Markup, cap, card_back, card_face, h
from .words import card_name

# (the models, gamester.table's Seat, Pile, Pot and Choice, are read by their fields: that module imports this one)

#: The live table's parts as drawn lately (a seat, a pile, a pot, a choice, a text named for a reader), by all that
#: their drawing reads: a move changes a few, and the rest are not drawn again. Emptied when full.
_PARTS: dict[tuple, Any] = {}
PARTS_KEPT = 8192


def _part(key: tuple, make: Callable[..., Any], *args: Any) -> Any:
    """The part drawn for ``key``, kept (:data:`_PARTS`); ``make(*args)`` draws it when it is not (most parts of a
    move's table are as they were: they cost a look-up, and nothing is made for them)."""
    v = _PARTS.get(key)
    if v is None:
        if len(_PARTS) >= PARTS_KEPT:
            _PARTS.clear()
        v = _PARTS[key] = make(*args)
    return v


def _x(v: Any) -> str:
    """A child as :func:`gamester.html.h` writes it: :class:`Markup` as it is, other text escaped, ``None`` and
    ``False`` left out (the drawings below write their elements themselves: they are most of a move's work)."""
    t = type(v)
    if t is Markup:
        return v
    if t is str:
        return v.translate(_ESCAPES)
    if v is None or v is False:
        return ""
    return v if isinstance(v, Markup) else str(v).translate(_ESCAPES)


def _cards(cards: list[str], hidden: int, best: list[str] | None = None, label: str = "") -> Markup:
    best = best or []
    items = "".join([f"<li>{card_face(c, best=c in best)}</li>" for c in cards]) + _BACK_ITEM * hidden
    if not items:
        return _NO_CARDS
    if label:
        return Markup(f'<ul class="gm-t-cards" aria-label="{str(label).translate(_ESCAPES)}">{items}</ul>')
    return Markup(f'<ul class="gm-t-cards">{items}</ul>')


_BACK_ITEM = f"<li>{card_back()}</li>"
_NO_CARDS = h("p", {"class": "gm-t-none"}, "no cards")


def _chips(n: int) -> Markup:
    """Counters drawn as chips: at most 12, and a "+" for more (one of 14 drawings, each made once)."""
    if n <= 0:
        return Markup("")
    k = n if n < 13 else 13
    chips = _CHIPS.get(k)
    if chips is None:
        shown = min(n, 12)
        chips = _CHIPS[k] = h("span", {"class": "gm-chips", "aria-hidden": "true"},
                              [h("span", {"class": "gm-chip"})] * shown,
                              h("span", {"class": "gm-chip-more"}, "+") if n > shown else None)
    return chips


_CHIPS: dict[int, Markup] = {}  # (by the count up to 13: a finite few)


def _head_html(name: str, roles: list[str], you: bool, to_act: bool) -> Markup:
    roles_ = "".join([f' <span class="gm-role">{_x(r)}</span>' for r in roles])
    you_ = ' <span class="gm-you">you</span>' if you and name != "you" else ""
    turn = ' <span class="gm-turn-mark">to play</span>' if to_act else ""
    return Markup(f'<p class="gm-seat-name"><strong>{_x(cap(name))}</strong>{roles_}{you_}{turn}</p>')


def _seat_cards(cards: list[str], hidden: int, best: list[str], you: bool, name: str) -> Markup:
    what = "Your cards" if you else f"Cards of {name}"
    n_up = len(cards)
    bits = ([f"{n_up} face up"] if n_up else []) + ([f"{hidden} face down"] if hidden else [])
    return _cards(cards, hidden, best, f"{what}: {', '.join(bits)}" if bits else what)


def _status_html(status: list[str]) -> Markup:
    return Markup('<p class="gm-seat-status">' + "".join([f'<span class="gm-status-word">{_x(w)}</span>'
                                                          for w in status]) + "</p>")


def _counters_html(counters: list[tuple[str, str]]) -> Markup:
    return Markup('<dl class="gm-seat-counters">' + "".join([f"<div><dt>{_x(k)}</dt><dd>{_x(v)}</dd></div>"
                                                             for k, v in counters]) + "</dl>")


def _seat_html(s: Any, name: str, status: list[str], counters: list[tuple[str, str]]) -> Markup:
    """One seat (``s``, a :class:`gamester.table.Seat`, with its ``name``, ``status`` and ``counters`` as the reader
    reads them); its name, cards, status and counters each drawn once for what they show (:data:`_PARTS`): a move
    that changes one of them draws only that one again."""
    you, to_act, roles = s.you, s.to_act, s.roles
    cls = "gm-seat" + (" gm-seat-you" if you else "") + (" gm-seat-turn" if to_act else "")
    head = _part(("head", name, tuple(roles), you, to_act), _head_html, name, roles, you, to_act)
    cards = _part(("cards", tuple(s.cards), s.hidden, tuple(s.best), you, name), _seat_cards, s.cards, s.hidden,
                  s.best, you, name)
    status_ = _part(("status", tuple(status)), _status_html, status) if status else ""
    counters_ = _part(("counters", tuple(counters)), _counters_html, counters) if counters else ""
    label = f'<p class="gm-seat-cards-label">{_x(s.cards_label)}</p>' if s.cards_label else ""
    index = s.index
    mine = ' data-you="1"' if you else ""
    return Markup(f'<li class="{cls}" data-seat="{index if type(index) is int else _x(index)}" data-roles="'
                  f'{" ".join(roles).translate(_ESCAPES)}"{mine}>{head}{label}{cards}{status_}{counters_}</li>')


def _pile_html(p: Any, title: str, plays: list[tuple[str, str]], note: str) -> Markup:
    """A pile (``p``, a :class:`gamester.table.Pile`, with its ``title``, ``plays`` and ``note`` as the reader
    reads them)."""
    best = p.best
    items = "".join([f"<li>{card_face(c, best=c in best)}"
                     + (f'<span class="gm-who">{_x(cap(who))}</span></li>' if who else "</li>")
                     for who, c in plays]) + _BACK_ITEM * p.hidden
    cards = f'<ul class="gm-t-cards gm-t-played">{items}</ul>' if items else _NO_CARDS_YET
    note = f'<p class="gm-pile-note">{_x(note)}</p>' if note else ""
    return Markup(f'<div class="gm-pile"><p class="gm-pile-title">{_x(title)}</p>{cards}{note}</div>')


_NO_CARDS_YET = h("p", {"class": "gm-t-none"}, "no cards yet")


def _pot_html(p: Any, name: str, text: str, note: str) -> Markup:
    """A pot (``p``, a :class:`gamester.table.Pot`, with its ``name``, ``text`` and ``note`` as the reader reads
    them)."""
    n = p.counters
    num = data = ""
    if n is not None:
        num = (f'<span class="gm-pot-n">{_x(n)}</span> <span class="gm-pot-unit">'
               f'{"counter" if n == 1 else "counters"}</span>{_chips(n)}')
        data = f' data-counters="{str(n).translate(_ESCAPES)}"' if n is not False else ""
    text = f' <span class="gm-pot-text">{_x(text)}</span>' if text else ""
    note = f'<span class="gm-pot-note">{_x(note)}</span>' if note else ""
    return Markup(f'<li class="gm-pot"{data}><span class="gm-pot-name">{_x(name)}</span> {num}{text}{note}</li>')


def _choice_html(c: Any, scope: str = "") -> Markup:
    hint_id = f"gm-hint-{re.sub(r'[^a-z0-9]+', '-', (scope + ' ' + c.action).lower()).strip('-')}" if c.hint else None
    if c.card:
        button = h("button", {"type": "button", "class": "gm-choice gm-choice-card", "data-action": c.action,
                              "title": c.label, "aria-describedby": hint_id},
                   card_face(c.card, decorative=True), h("span", {"class": "gm-sr"}, card_name(c.card)))
    else:
        button = h("button", {"type": "button", "class": "gm-choice", "data-action": c.action,
                              "aria-describedby": hint_id}, c.label)
    if not c.hint:
        return button
    return h("span", {"class": "gm-choice-wrap"}, button, h("small", {"class": "gm-choice-hint", "id": hint_id}, c.hint))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")

"""The card table's models drawn as HTML, part by part (:mod:`gamester.table` puts them together and keeps them):
a seat, its cards, a pile, a pot, a choice; and the live table's parts kept from the last table drawn, and sent as
they changed (:func:`changed_parts`). Each writes its elements as :func:`gamester.html.h` would (every text
escaped, :class:`Markup` as it is), as strings rather than element by element: drawing the parts a move changed is
most of what the live table costs. Stdlib only."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .html import Markup, cap, card_back, card_face, e, h
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
        return e(v)
    if v is None or v is False:
        return ""
    return v if isinstance(v, Markup) else e(str(v))


def _cards(cards: list[str], hidden: int, best: list[str] | None = None, label: str = "") -> Markup:
    best = best or []
    items = "".join([f"<li>{card_face(c, best=c in best)}</li>" for c in cards]) + _BACK_ITEM * hidden
    if not items:
        return _NO_CARDS
    if label:
        return Markup(f'<ul class="gm-t-cards" aria-label="{e(str(label))}">{items}</ul>')
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


def _seat_html(s: Any, name: str, status: list[str], counters: list[tuple[str, str]]) -> list[str]:
    """One seat (``s``, a :class:`gamester.table.Seat`, with its ``name``, ``status`` and ``counters`` as the reader
    reads them), in its five pieces (joined, its list item): its start tag with its name line, the
    label of its cards, its cards, its status and its counters with the end tag ("" for what it lacks), each drawn
    once for what it shows (:data:`_PARTS`): a move that changes one of them draws, and a reply sends, only that one
    again (:func:`_seat_pieces` draws only the pieces whose fields changed)."""
    return [_seat_head_piece(s, name), _seat_label_piece(s.cards_label), _seat_cards_piece(s, name),
            _seat_status_piece(status), _seat_counters_piece(counters)]


def _seat_head_piece(s: Any, name: str) -> Markup:
    """A seat's start tag and name line: what its index, ``name``, roles, ``you`` and ``to_act`` show."""
    roles, you, to_act = s.roles, s.you, s.to_act
    return _part(("seat-head", s.index, name, tuple(roles), you, to_act), _seat_head, s.index, name, roles, you,
                 to_act)


def _seat_label_piece(label: str) -> str:
    return f'<p class="gm-seat-cards-label">{_x(label)}</p>' if label else ""


def _seat_cards_piece(s: Any, name: str) -> Markup:
    """A seat's cards: what its cards, hidden, best, ``you`` and ``name`` show."""
    return _part(("cards", tuple(s.cards), s.hidden, tuple(s.best), s.you, name), _seat_cards, s.cards, s.hidden,
                 s.best, s.you, name)


def _seat_status_piece(status: list[str]) -> str:
    return _part(("status", tuple(status)), _status_html, status) if status else ""


def _seat_counters_piece(counters: list[tuple[str, str]]) -> Markup:
    return _part(("counters-end", tuple(counters)), _counters_end, counters)


def _seat_head(index: Any, name: str, roles: list[str], you: bool, to_act: bool) -> Markup:
    """A seat's start tag (``<li>``, marked when it is the reader's or its turn) and its name line."""
    cls = "gm-seat" + (" gm-seat-you" if you else "") + (" gm-seat-turn" if to_act else "")
    mine = ' data-you="1"' if you else ""
    return Markup(f'<li class="{cls}" data-seat="{index if type(index) is int else _x(index)}" data-roles="'
                  f'{e(" ".join(roles))}"{mine}>{_head_html(name, roles, you, to_act)}')


def _counters_end(counters: list[tuple[str, str]]) -> Markup:
    """A seat's counters (if any) and its end tag."""
    return Markup(f"{_counters_html(counters)}</li>" if counters else "</li>")


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
        data = f' data-counters="{e(str(n))}"' if n is not False else ""
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


# -- a live table's parts: kept from the last table, and sent as they changed ------------------------------------
def _seat_name(s: Any, nm: Any) -> str:
    """The name a seat is drawn with: its own, or (the engine's "Seat N") as the naming ``nm`` gives it."""
    return s.name if s.name != f"Seat {s.index}" else nm(s.index, "")


def _frozen(fields: dict[str, Any]) -> dict[str, Any]:
    """A model's fields as they are now, kept apart from it (:func:`_kept`): its lists copied (a model's fields are
    plain values, or lists of them: strings and tuples of strings)."""
    return {k: v.copy() if type(v) is list else v for k, v in fields.items()}


def _changes(was: dict[str, Any], fields: dict[str, Any]) -> tuple[set[str], dict[str, Any]]:
    """The names of the ``fields`` (a model's) that differ from ``was`` (their copy when the model was last drawn),
    and a copy of them as they are now (:func:`_frozen`) made from ``was``, a field's list copied again only when it
    changed: a move changes a field or two of a model (the seat to act), and a copy of all of them costs as much as
    the rest of drawing it again."""
    if len(fields) != len(was):  # (a field added or gone: a copy of all; a model's fields are its class's)
        return set(fields) | set(was), _frozen(fields)
    now = was.copy()
    changed = set()
    g = was.get
    for k, v in fields.items():
        if v != g(k):
            changed.add(k)
            now[k] = v.copy() if type(v) is list else v
    return changed, now


def _kept(memo: dict, slot: Any, model: Any, draw: Callable[..., Any], *args: Any) -> Any:
    """The part of ``slot`` (a seat's place, a pile's ...) as :data:`gamester.table._LAST` drew it for its model
    when the model's fields are what they were then (one comparison of two dicts); else ``draw(*args)``, kept with a copy of them."""
    f = model.__dict__
    k = memo.get(slot)
    if k is None:
        now = _frozen(f)
    elif k[0] == f:
        return k[1]
    else:
        now = _changes(k[0], f)[1]
    v = draw(*args)
    memo[slot] = (now, v)
    return v


# The fields of a seat (gamester.table.Seat) that each of its pieces reads besides the naming (_seat_html).
_HEAD_FIELDS = frozenset(("index", "name", "roles", "you", "to_act"))
_CARDS_FIELDS = frozenset(("index", "name", "cards", "hidden", "best", "you"))


def _seat_pieces(memo: dict, slot: int, s: Any, nm: Any) -> list[str]:
    """The pieces of seat ``s`` (:func:`_seat_html`) as :data:`gamester.table._LAST` drew them for the seat in
    this place when its fields are what they were then (one comparison of two dicts); else the pieces whose fields
    changed drawn again (a move changes the seat to act, a seat's cards or its counters: not all of them), the others
    as they were, kept with a copy of the fields and the name drawn (which reads the seat's name and index alone)."""
    f = s.__dict__
    k = memo.get(slot)
    if k is None:
        name = _seat_name(s, nm)
        w = nm.text
        pieces = _seat_html(s, name, [w(x) for x in s.status], [(a, w(b)) for a, b in s.counters])
        memo[slot] = (_frozen(f), pieces, name)
        return pieces
    was, pieces, name = k
    if was == f:
        return pieces
    changed, now = _changes(was, f)
    pieces = pieces.copy()
    if "name" in changed or "index" in changed:
        name = _seat_name(s, nm)
    if not changed.isdisjoint(_HEAD_FIELDS):
        pieces[0] = _seat_head_piece(s, name)
    if "cards_label" in changed:
        pieces[1] = _seat_label_piece(s.cards_label)
    if not changed.isdisjoint(_CARDS_FIELDS):
        pieces[2] = _seat_cards_piece(s, name)
    if "status" in changed:
        w = nm.text
        pieces[3] = _seat_status_piece([w(x) for x in s.status])
    if "counters" in changed:
        w = nm.text
        pieces[4] = _seat_counters_piece([(a, w(b)) for a, b in s.counters])
    memo[slot] = (now, pieces, name)
    return pieces


def _centre_tags(h2: str, title: str, money: bool, middle: bool) -> tuple[str, str, str]:
    """The centre's tags around its pots and piles: before the pots, between them and the piles, after the piles."""
    return (f'<div class="gm-t-centre"><{h2} class="gm-t-h">{_x(title)}</{h2}>' + ('<ul class="gm-t-pots">' if money
                                                                                  else ""),
            ("</ul>" if money else "") + ('<div class="gm-t-piles">' if middle else ""),
            ("</div>" if middle else "") + "</div>")


def joined(parts: list[str | list[str]]) -> str:
    """A table's HTML from its parts (:func:`gamester.table.render_parts`): each part, or a part's pieces, one
    after the other."""
    return "".join([p if type(p) is not list else "".join(p) for p in parts])


def changed_parts(parts: list[str | list[str]], held: list[str | list[str]] | None) -> list[Any]:
    """The parts of a table (:func:`gamester.table.render_parts`) as a reply sends them to a client that holds
    the parts ``held`` (those of the last table it was sent, or None): the parts whole when it holds none or not as
    many; else, for each part, null when it is the same; a part in pieces whose held part is in pieces too, as the
    list of its pieces, each null when it is the held part's piece at the same place, a number ``k`` when it is the
    held part's piece ``k`` (a pot that moved up one place when the pot before it went), else the piece; any other
    part that changed, whole. (A part or piece is never null or a number itself, so the client puts them together by one
    rule: ``gamester-play.js``, ``hold``.)"""
    if held is None or len(held) != len(parts):
        return parts
    # (a part kept from the last table is the same object: "is" first, as the cheaper test)
    return [None if p is q or p == q else _changed_pieces(p, q) if type(p) is list and type(q) is list else p
            for p, q in zip(parts, held, strict=True)]


def _changed_pieces(pieces: list[str], held: list[str]) -> list[str | int | None]:
    """A part's pieces as :func:`changed_parts` sends them to a client that holds ``held``."""
    n = len(held)
    return [None if j < n and p == held[j] else held.index(p) if p in held else p for j, p in enumerate(pieces)]

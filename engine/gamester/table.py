"""The card table a reader sees: one game-neutral model and one renderer, for the printed page and the live widget.

Each game's adapter (``games/<game>/table.py``, declared as ``GameSpec.table``) turns a live state into a :class:`Table`; this
module draws any :class:`Table` as semantic HTML with :func:`render`. Nothing here knows a game: seats, cards, the
centre of the table (turn-up, trick, cards played), the money or the score (dishes, pool, points), what happens next
in words, the reader's choices as buttons, the moves in sentences linked to their clauses, and the end of the game
with its settlement ledger as a real table. The moves are the state's own log (:meth:`gamester.state.State.log`,
kept as the game is played), each event worded once per state and reader (:func:`log_groups`); :func:`render`
names and draws only the entries it shows, and keeps the live table's drawn entries, so that nothing replays a
game to describe it and a move costs the same at move 1,000 as at move 10.

    >>> t = Table(title="Put", seats=[Seat(0, roles=["dealer"], cards=["3S", "KH"], you=True),
    ...                               Seat(1, roles=["eldest"], hidden=2)],
    ...           prompt="Seat 1 (eldest) put. Will you see it, or refuse?",
    ...           choices=[Choice("See it", "see"), Choice("Refuse", "refuse")])
    >>> "Three of Spades" in render(t)
    True
    >>> chance_words(1 / 70), chance_words(0.4242)
    ('1 in 70', '42%')

Rules of the drawing: everything written into HTML goes through :func:`html.escape`; a card is drawn as a card face
(rank and suit symbol, red or black by class) with its name in words as its accessible name, a face-down card as a
back; a choice is ``<button type="button" data-action="...">`` whose accessible name is plain words (for a card,
its name, in a visually hidden span beside the drawn face, which is hidden from screen readers); the prompt sits in a polite live region (``role="status"``); headings start at ``level`` and go down one
step at most; wide tables scroll inside their own box, which can be reached by keyboard and has a name. Data keys
never reach the visible text; the numbers tests read back ride on ``data-`` attributes. Stdlib only (it runs in
Pyodide).
"""

from __future__ import annotations

import math
import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from .errors import RulesetError
from .html import LedgerRow, Markup, cap, card_back, card_face, e, h, ledger_table, rule_link
from .ledger import Ledger
from .registry import GameSpec, get_game
from .state import Outcome, State
from .table_html import (
    _PARTS,
    _centre_tags,
    _choice_html,
    _kept,
    _part,
    _pile_html,
    _pot_html,
    _seat_pieces,
    _signed,
    _x,
    changed_parts,
    joined,
)
from .words import Names, card_name, counters_words, sentence


# -- the model ---------------------------------------------------------------------------------------------------
@dataclass
class Seat:
    """One seat at the table. ``cards`` are face up (notation ``"QS"``), ``hidden`` is the count face down."""

    index: int
    name: str = ""
    roles: list[str] = field(default_factory=list)      # "dealer", "eldest" (from the deal's record)
    you: bool = False                                    # the reader's seat
    cards: list[str] = field(default_factory=list)      # face up, in display order
    hidden: int = 0                                       # face down
    cards_label: str = ""                                 # what the face-up cards are, if not a hand ("Turned")
    best: list[str] = field(default_factory=list)        # face-up cards to mark (the best trump ...)
    status: list[str] = field(default_factory=list)      # "folded", "stands", "to play" ...
    counters: list[tuple[str, str]] = field(default_factory=list)  # ("Points", "2 of 5")
    to_act: bool = False

    def __post_init__(self) -> None:
        if not self.name:
            self.name = f"Seat {self.index}"  # the engine's way; named for the reader when drawn (words.Names)

    @property
    def label(self) -> str:
        """``Seat 2 (dealer)``: the name with its roles, as prompts and the log write it."""
        return f"{self.name} ({', '.join(self.roles)})" if self.roles else self.name


@dataclass
class Pile:
    """Cards in the middle: the turn-up, a trick (who played what), the cards already played."""

    title: str
    plays: list[tuple[str, str]] = field(default_factory=list)  # (who, card); who may be ""
    hidden: int = 0
    note: str = ""
    best: list[str] = field(default_factory=list)


@dataclass
class Pot:
    """Counters or a score: a dish, the vyes, the pool, the box, points toward the game."""

    name: str
    counters: int | None = None     # drawn as counters when given
    text: str = ""                  # otherwise (or as well), in words: "2 of 5 points"
    note: str = ""


@dataclass
class Choice:
    """A button: ``label`` in plain words, the engine ``action`` it sends, a card when it is one, and a ``hint``
    shown beside it (what the choice means and risks, for a newcomer)."""

    label: str
    action: str
    card: str | None = None
    hint: str = ""


@dataclass
class LogEntry:
    text: str
    clause: str = ""
    starts_deal: bool = False   # the first words of a new deal (the prompt says the last deal's end apart)
    # Its list item as the live table last drew it, with what the drawing read (see :func:`_log_item`): an entry is
    # kept with its state and never changes, so it is drawn once while one reader's table is drawn (the live
    # widget's way: another reader's drawing takes its place). None until drawn: no container made for each entry.
    drawn: tuple[tuple, Markup] | None = field(default=None, compare=False, repr=False)


@dataclass
class Chance:
    label: str
    p: float | None
    note: str = ""


@dataclass
class End:
    """The end of the game: who won, in words; the ledger; each seat's total (which the ledger sums to)."""

    headline: str
    lines: list[str] = field(default_factory=list)
    ledger: list[LedgerRow] = field(default_factory=list)
    ledger_caption: str = "Every counter that moved, with the rule that moved it"
    totals: list[tuple[int, str, int]] = field(default_factory=list)  # (seat, name, net)
    totals_caption: str = "Counters won (+) or lost (−) by each player"
    winners: list[int] = field(default_factory=list)
    no_ledger: str = "Nothing was paid."
    unit: str = "counter"   # what the totals count: "counter" (data-net) or "point" (data-points)
    clause: str = ""        # the rule that decided the game, linked after the headline


def seat_label(seat: int, role: str = "") -> str:
    """A seat the engine's way, with its role in this deal: ``Seat 2 (dealer)``, ``Seat 0`` (the table names it
    for the reader when it is drawn: "You", "Player 2")."""
    return f"Seat {seat} ({role})" if role else f"Seat {seat}"


def counters_end(headline: str, lines: list[str], rows: list[LedgerRow], players: int,
                 winners: list[int]) -> End:
    """The end of a game settled in counters: each seat's total is what the ledger's rows add up to for it, so the
    totals shown are the ledger's by construction."""
    ledger = Ledger()
    for r in rows:
        ledger.pay(r.payer, r.payee, r.counters, r.stake, r.clause, r.reason)
    tot = ledger.net(players)
    return End(headline, lines, rows, totals=[(s, seat_label(s), tot[s]) for s in range(players)], winners=winners)


@dataclass
class Table:
    title: str
    subtitle: str = ""
    seats: list[Seat] = field(default_factory=list)
    centre: list[Pile] = field(default_factory=list)
    money: list[Pot] = field(default_factory=list)
    money_title: str = "On the table"
    prompt: str = ""
    between: str = ""           # how the last deal ended, said apart from the new deal's prompt
    choices: list[Choice] = field(default_factory=list)
    choices_label: str = "Your choices"
    chances: list[Chance] = field(default_factory=list)
    chances_title: str = ""
    chances_note: str = ""
    log: list[LogEntry] = field(default_factory=list)
    log_title: str = "The moves so far, with the rule behind each"
    end: End | None = None
    game: str = ""
    reader: int | None = None
    to_act: int | None = None
    parties: dict[str, str] = field(default_factory=dict)  # the game's names of what is not a seat ("the pool")


# -- words -------------------------------------------------------------------------------------------------------
def chance_words(p: float | None) -> str:
    """A chance as a reader reads it: ``"42%"``, ``"1 in 7"`` (below one in ten), ``"certain"``, ``"none"``."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "not known"
    if p <= 0:
        return "none"
    if p >= 1:
        return "certain"
    if p < 0.095:
        return f"1 in {max(11, round(1 / p)):,}"
    pct = round(p * 100)
    if pct >= 100:
        return "almost certain"
    return f"{pct}%"


def ahead(outcome: Outcome) -> str:
    """Who came out ahead over a game (:attr:`Outcome.winners`), in the engine's words (seats named for the
    reader when drawn): "Seat 2 comes out ahead, +3 counters", "Seats 0 and 3 come out ahead, +2 each", or "Nobody
    comes out ahead"."""
    winners = outcome.winners
    if not winners:
        return "Nobody comes out ahead"
    top = outcome.returns[winners[0]]
    if len(winners) == 1:
        return f"Seat {winners[0]} comes out ahead, {top:+d} {outcome.unit}{'s' if abs(top) != 1 else ''}"
    return "Seats " + ", ".join(map(str, winners[:-1])) + f" and {winners[-1]} come out ahead, {top:+d} each"


def said(entries: list[LogEntry]) -> str:
    """Log entries as one announcement: what just happened, in sentences."""
    return " ".join([sentence(x.text) for x in entries])


def said_apart(entries: list[LogEntry]) -> tuple[str, str]:
    """What the last action caused, as (the end of a deal, what follows): a deal that ended and the next one
    that began are two things to read, not one prompt."""
    for k, x in enumerate(entries):  # (the first entry that starts a deal: a table asks at every move)
        if x.starts_deal:
            if k:
                return said(entries[:k]), said(entries[k:])
            break
    return "", said(entries)


# -- the drawing -------------------------------------------------------------------------------------------------
def _with(obj: Any, **changes: Any) -> Any:
    """A copy of the model ``obj`` (a :class:`Table`, :class:`Seat` ...) with ``changes``: what
    :func:`dataclasses.replace` gives for these models (none checks its fields), without calling their ``__init__``
    again: the live table does it for every table it draws."""
    new = object.__new__(type(obj))
    new.__dict__ = {**obj.__dict__, **changes}
    return new


def _named_end(t: Table, nm: Names) -> End | None:
    """The table's end (if any) with every seat named for its reader (``nm``: :class:`gamester.words.Names`, which
    keeps the texts it named) in its headline, lines and totals."""
    if t.end is None:
        return None
    return _with(t.end, headline=_to_reader(t, nm.sentence(t.end.headline)),
                 lines=[nm.sentence(x) for x in t.end.lines],
                 totals=[(s, nm(s, "") if name == f"Seat {s}" else nm.text(name), n) for s, name, n in t.end.totals])


def _to_reader(t: Table, headline: str) -> str:
    """The end said to the reader who played and did not win: where they stand ("Player 2 comes out ahead, +2
    counters; you end on −1 counter"), unless the headline already speaks to them ("The computer wins ...")."""
    if t.reader is None or t.end is None or t.reader in t.end.winners or re.search(r"\b(you|the computer)\b",
                                                                                    headline, re.I):
        return headline
    mine = next((n for s, _, n in t.end.totals if s == t.reader), None)
    if mine is None:
        return headline
    unit = t.end.unit + ("" if abs(mine) == 1 else "s")
    said = f"you have {mine} {unit}" if t.end.unit == "point" else f"you end on {_signed(mine)} {unit}"
    return f"{headline.rstrip('.')}; {said}"


def _end_html(end: End, level: int, base: str, passages: dict | None, names: Names,
              ledger_limit: int | None = None) -> Markup:
    rows, caption = end.ledger, end.ledger_caption
    if ledger_limit and len(rows) > ledger_limit:  # a live table's reply stays small however long the game
        rows = rows[-ledger_limit:]
        caption += f" (the last {ledger_limit} of {len(end.ledger)} lines; the totals count them all)"
    return h("section", {"class": "gm-t-end", "aria-label": "The result"},
             h(f"h{level}", {"class": "gm-t-h"}, "The result"),
             h("p", {"class": "gm-t-headline", "data-winners": " ".join(map(str, end.winners))},
               h("strong", {}, end.headline), " " if end.clause else None,
               h("small", {}, rule_link(end.clause, base, passages)) if end.clause else None),
             h("ul", {"class": "gm-t-endlines"}, [h("li", {}, x) for x in end.lines]) if end.lines else None,
             h("table", {"class": "gm-t-totals"}, h("caption", {}, end.totals_caption),
               h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, "Player"),
                                h("th", {"scope": "col", "class": "gm-num"}, "Net"))),
               h("tbody", {}, [h("tr", {}, h("th", {"scope": "row"}, cap(name)),
                                 h("td", {"class": "gm-num", "data-seat": s,
                                          "data-net" if end.unit == "counter" else "data-points": n}, _signed(n)))
                               for s, name, n in end.totals]))
             if end.totals else None,
             ledger_table(rows, caption, base, passages, names) if rows else
             (h("p", {"class": "gm-t-none"}, end.no_ledger) if end.no_ledger else None))


def _log_item(x: LogEntry, names: Names, base: str, passages: dict | None, drawn: tuple) -> Markup:
    """One entry of the move log as a list item, its seats named for the reader. Without ``passages`` (the live
    table) the item is kept in the entry, with everything else its drawing reads (``drawn``: the reader, the seats,
    the game's parties, ``base``), so that drawing the table after a move draws only what the move added."""
    if passages is None and (kept := x.drawn) is not None and kept[0] == drawn:
        return kept[1]
    # (as h("li", {}, the sentence, " " if x.clause else "", the link) writes it: the log's new items are most of
    # what a move draws)
    item = Markup(f"<li>{e(sentence(names.text(x.text)))}{' ' if x.clause else ''}"
                  f"{_x(rule_link(x.clause, base, passages))}</li>")
    if passages is None:
        x.drawn = (drawn, item)
    return item


def _live_pile(p: Pile, w: Callable[[str], str]) -> Markup:
    return _pile_html(p, w(p.title), [(w(a), c) for a, c in p.plays], w(p.note))


def _live_pot(p: Pot, w: Callable[[str], str]) -> Markup:
    return _pot_html(p, w(p.name), w(p.text), w(p.note))


def _live_choice(c: Choice, w: Callable[[str], str], scope: str) -> Markup:
    return _choice_html(_with(c, label=w(c.label), hint=w(c.hint)), scope)


def _pile_part(p: Pile, w: Callable[[str], str], key: tuple) -> Markup:
    return _part((key, "pile", p.title, tuple(p.plays), p.hidden, p.note, tuple(p.best)), _live_pile, p, w)


def _pot_part(p: Pot, w: Callable[[str], str], key: tuple) -> Markup:
    return _part((key, "pot", p.name, p.counters, p.text, p.note), _live_pot, p, w)


def _text_part(memo: dict, slot: str, text: str, draw: Callable[[str], str], w: Callable[[str], str]) -> str:
    """A part that shows one text named for the reader (the prompt ...): as last drawn in this context when the
    engine's text is the same (not named again), else ``draw(named)``."""
    k = memo.get(slot)
    if k is not None and k[0] == text:
        return k[1]
    v = draw(w(text))
    memo[slot] = (text, v)
    return v


#: The live table's last drawing in each context (the game, the reader, the seats, the game's parties, ``base``
#: and the heading level: all that naming and drawing a part reads besides its model): each part with a copy of the
#: fields of the model it drew (a :class:`Seat`, a :class:`Pile` ..., by its place), so that the table after a move
#: compares each part's model with the last (one comparison of two dicts) and draws again only those that changed,
#: named for the reader only then. The naming (:class:`Names`) is kept with them. Bounded by the contexts drawn
#: lately (a reader of a game is one; a page of printed examples a few): emptied when full.
_LAST: dict[tuple, dict[Any, Any]] = {}
LAST_KEPT = 256


def _choices_part(t: Table, memo: dict, nm: Names, key: tuple) -> str:
    """The reader's choices: as last drawn when every choice, the label and the seat to act are the same."""
    scope = f"{t.game} {t.to_act}"
    now = tuple(map(_CHOICE_FIELDS, t.choices))  # (all that drawing them reads: plain values, kept as they are)
    k = memo.get("choices")
    if k is not None and k[0] == scope and k[1] == t.choices_label and k[2] == now:
        return k[3]
    # The same few lists of choices recur (the bids on offer ...): a list drawn lately is drawn again from here, by
    # all that its buttons read (each button's words, action, card and hint; the seat to act; the label; the naming).
    block = ("choices-block", key, scope, t.choices_label, now)
    v = _PARTS.get(block)
    if v is None:
        w = nm.text
        # Each button drawn lately for ``scope`` in this context, by all else it reads (``now``'s item); emptied when full.
        kept = memo.setdefault("buttons", {}).get(scope)
        if kept is None or len(kept) >= 1024:
            kept = memo["buttons"][scope] = {}
        buttons = [kept.get(f) or kept.setdefault(f, _live_choice(c, w, scope)) for f, c in zip(now, t.choices, strict=True)]
        label = w(t.choices_label)
        v = _part(("choices", label, tuple(buttons)), _choices_html, label, buttons)
        _part(block, lambda: v)
    memo["choices"] = (scope, t.choices_label, now, v)
    return v


_CHOICE_FIELDS = attrgetter("label", "action", "card", "hint")  # (all that drawing a Choice reads)


def _choices_html(label: str, buttons: list[Markup]) -> Markup:
    """The choices' block, as ``h("div", {"class": "gm-t-choices", "role": "group", "aria-label": label},
    h("p", {"class": "gm-t-choices-label"}, label), buttons)`` writes it (written out: a first game draws a new
    one at most of its reader's moves)."""
    return Markup(f'<div class="gm-t-choices" role="group" aria-label="{e(str(label))}"><p class="gm-t-choices-label">'
                  f'{_x(label)}</p>{"".join([_x(b) for b in buttons])}</div>')


def _centre_part(t: Table, memo: dict, nm: Names, key: tuple, h2: str) -> list[str]:
    """The middle of the table in its pieces: its heading (and the pots' list's start tag), each pot, the tags
    between the pots and the piles, each pile, and the end tags (each pot and pile kept by :func:`_kept`): as last
    drawn when they are."""
    w = nm.text
    piles = [_kept(memo, ("pile", i), p, _pile_part, p, w, key) for i, p in enumerate(t.centre)]
    pots = [_kept(memo, ("pot", i), p, _pot_part, p, w, key) for i, p in enumerate(t.money)]
    k = memo.get("centre")
    if k is not None and k[0] == piles and k[1] == pots and k[2] == t.money_title:
        return k[3]
    money, middle = bool(t.money), bool(t.centre)
    head, between, tail = _part(("centre", h2, t.money_title, money, middle), _centre_tags, h2, t.money_title,
                                money, middle)
    v = [head, *pots, between, *piles, tail]
    memo["centre"] = (piles, pots, t.money_title, v)
    return v


def render(t: Table, *, base: str = "../", passages: dict | None = None, level: int = 3,
           log_limit: int | None = None, log_from: int | None = None) -> str:
    """The HTML of a table: its parts (:func:`render_parts`) one after the other."""
    return joined(render_parts(t, base=base, passages=passages, level=level, log_limit=log_limit,
                               log_from=log_from))


def _open_tag(tag: str, attrs: dict[str, Any]) -> str:
    """The start tag that :func:`gamester.html.h` writes for ``tag`` and ``attrs``."""
    whole = h(tag, attrs)
    return whole[:-len(f"</{tag}>")]


def render_parts(t: Table, *, base: str = "../", passages: dict | None = None, level: int = 3,
                 log_limit: int | None = None, log_from: int | None = None) -> list[str | list[str]]:
    """The HTML of a table. ``base`` is the path from the page to the site root (clause links go to
    ``{base}clauses/#id``); ``passages`` maps a clause id to ``[[passage_id, href_from_site_root, locator], ...]``;
    ``level`` is the heading level of the table's title (its parts use ``level + 1``). Every seat is named for the
    table's reader (:class:`gamester.words.Names`). ``log_limit``: the move log and the end's ledger show only their
    last so many entries (the live widget's table, whose reply would otherwise grow with the whole game); the log's
    list says where it starts (``data-first``, ``start``), and each says how many there are in all. ``log_from``:
    the reader's page holds the log's entries before this one (the table of the last move, drawn for the same
    reader): the list leaves them out and says from where it goes on (``data-log-from``), so that a move sends only what
    it added however long the log. A part whose model is as the last table drawn in the same context had it is not
    drawn again (:data:`_LAST`).

    The parts, joined (:func:`joined`), are the table's HTML: as many for every table of a game (a part a table
    lacks is ""), so that a move's reply can send only the parts that changed (:mod:`gamester.hosts.web`'s
    ``open``). Each is a string, or a list of strings (its pieces, joined in order): each seat (its start tag and
    name line, its cards' label, its cards, its status, its counters and end tag:
    :func:`gamester.table_html._seat_html`) and the centre (its heading, each pot, the tags between, each pile, its
    end tags), so that a reply sends, of a part that changed, only the pieces that did. A part or piece drawn as
    the last table had it is the same string object (read them, never change them)."""
    level = max(2, min(5, int(level)))
    h1, h2 = f"h{level}", f"h{level + 1}"
    total = len(t.log)
    first = max(0, total - log_limit) if log_limit else 0
    parties = tuple(t.parties.items())
    key = (t.reader, len(t.seats), parties)  # all that naming a seat for the reader reads
    ctx = (t.game, key, base, level)
    memo = _LAST.get(ctx)
    if memo is None:
        if len(_LAST) >= LAST_KEPT:
            _LAST.clear()
        memo = _LAST[ctx] = {"names": Names(t.reader, len(t.seats), parties=t.parties)}
    names: Names = memo["names"]
    w = names.text
    seats = [_seat_pieces(memo, i, s, names) for i, s in enumerate(t.seats)]
    centre = _centre_part(t, memo, names, key, h2) if t.centre or t.money else ""
    choices = _choices_part(t, memo, names, key) if t.choices else ""
    chances = ""
    if t.chances:
        title = t.chances_title
        chances = h("div", {"class": "gm-t-chances"},
                    h("p", {"class": "gm-t-chances-title"}, h("strong", {}, title)) if title else None,
                    h("ul", {}, [h("li", {}, h("span", {"class": "gm-chance-label"}, f"{w(c.label)}:"), " ",
                                   h("span", {"class": "gm-chance"}, chance_words(c.p)),
                                   [" ", h("span", {"class": "gm-chance-note"}, w(c.note))] if c.note else None)
                                 for c in t.chances]),
                    h("p", {"class": "gm-t-chances-note"}, t.chances_note) if t.chances_note else None)
    log = ""
    if t.log:
        count = f"{total}" + (f"; the last {total - first} shown" if first else "")
        drawn = (*key, base)
        sent = first if log_from is None else max(first, min(log_from, total))
        attrs = (f' start="{first + 1}" data-first="{first}"' if first else "") + (
            f' data-log-from="{sent}"' if log_from is not None else "")
        items = "".join([_log_item(x, names, base, passages, drawn) for x in t.log[sent:]])
        log = Markup(f'<details class="gm-t-log"><summary>{_x(f"{t.log_title} ({count})")}</summary>'
                     f"<ol{attrs}>{items}</ol></details>")
    end = ""
    if t.end is not None:
        end = _end_html(_named_end(t, names), level + 1, base, passages, names, log_limit)
    # The table's parts (see the docstring: a seat and the centre in pieces).
    section = ("section", t.title, t.game, t.reader, t.to_act, bool(t.end))
    return [_part(section, _section_tag, *section[1:]),
            _part(("title", h1, t.title), h, h1, {"class": "gm-t-title"}, t.title),
            _text_part(memo, "sub", t.subtitle, _sub_html, w) if t.subtitle else "",
            _FELT, *seats, "</ul>", centre, "</div>",
            _text_part(memo, "between", t.between, _between_html, w) if t.between else "",
            _text_part(memo, "prompt", t.prompt, _prompt_html, w),
            choices, chances, end, log, "</section>"]


def _section_tag(title: str, game: str, reader: int | None, to_act: int | None, over: bool) -> str:
    """The table's start tag, as :func:`_open_tag` writes ``section`` with the attributes ``class`` "gm-tbl",
    ``aria-label`` the title, ``data-game``, ``data-reader`` and ``data-to-act`` (a seat's number, or "" for none)
    and ``data-over`` ("1" or "0"), each value escaped. Written out: a new deal or a new seat to act makes a new one
    at most moves of a first game, and :func:`gamester.html.h` costs some five times this for a tag it has not
    written."""
    return (f'<section class="gm-tbl" aria-label="{e(str(title))}" data-game="{e(str(game))}" data-reader="'
            f'{"" if reader is None else e(str(reader))}" data-to-act="{"" if to_act is None else e(str(to_act))}" '
            f'data-over="{"1" if over else "0"}">')


def _sub_html(text: str) -> str:
    return _part(("sub", text), h, "p", {"class": "gm-t-sub"}, text) if text else ""


def _between_html(text: str) -> str:
    # (as h("div", {... "data-deal-over": "1"}, the title, h("p", {}, text)) writes it: a deal's end is new text)
    return _part(("between", text), lambda: Markup(f"{_BETWEEN_START}<p>{_x(text)}</p></div>")) if text else ""


_BETWEEN_START = (_open_tag("div", {"class": "gm-t-between", "role": "status", "data-deal-over": "1"})
                  + h("p", {"class": "gm-t-between-title"}, h("strong", {}, "The last deal")))


def _prompt_html(text: str) -> str:
    # (not kept in _PARTS: a prompt is new at almost every move, and the last one drawn is kept by _text_part)
    return Markup(f'<p class="gm-t-prompt" role="status">{_x(text)}</p>')


_FELT = _open_tag("div", {"class": "gm-t-felt"}) + _open_tag("ul", {"class": "gm-t-seats", "aria-label": "The seats"})


# -- a live state -> its table (each game draws its own: GameSpec.table) --------------------------------------------
def table_for(state: State, seat: int | None = None, *, analysis: dict[str, Any] | None = None,
              spec: GameSpec | None = None) -> Table:
    """The table of ``state`` as ``seat`` sees it (``None``: everything shown, as for a teacher at the front).
    ``spec``: the game's, when the caller has it at hand (else it is found by the state's name)."""
    spec = spec or get_game(state.game)
    if spec.site.table is None:
        raise RulesetError(f"no table drawing for the game {state.game!r}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players):
        raise RulesetError(f"seat {seat!r}: this game has seats 0 .. {state.players - 1}")
    return spec.site.table(state, seat, analysis=analysis)


def end_html(state: State, *, base: str = "../", passages: dict | None = None, level: int = 4) -> str:
    """The end of a finished game exactly as the live table draws it (no reader: every player named "Player N"):
    the printed example of a whole game shows this, so the page and the widget say the result in the same words."""
    t = table_for(state, None)
    if t.end is None:
        return ""
    names = Names(t.reader, len(t.seats), parties=t.parties)
    return _end_html(_named_end(t, names), level, base, passages, names)


def render_table(state: State, seat: int | None = None, *, analysis: dict[str, Any] | None = None,
                 base: str = "../", passages: dict | None = None, level: int = 3,
                 log_limit: int | None = None, log_from: int | None = None, spec: GameSpec | None = None) -> str:
    return joined(render_table_parts(state, seat, analysis=analysis, base=base, passages=passages, level=level,
                                      log_limit=log_limit, log_from=log_from, spec=spec))


def render_table_parts(state: State, seat: int | None = None, *, analysis: dict[str, Any] | None = None,
                       base: str = "../", passages: dict | None = None, level: int = 3,
                       log_limit: int | None = None, log_from: int | None = None,
                       spec: GameSpec | None = None) -> list[str | list[str]]:
    """:func:`render_table` in its parts (:func:`render_parts`)."""
    return render_parts(table_for(state, seat, analysis=analysis, spec=spec), base=base, passages=passages,
                        level=level, log_limit=log_limit, log_from=log_from)


#: Per state and reader, the log worded so far: ``{reader: (groups, entries)}`` (see :func:`log_groups`).
_WORDED: weakref.WeakKeyDictionary[State, dict[Any, tuple[list[list[LogEntry]], list[LogEntry]]]] = \
    weakref.WeakKeyDictionary()


def kept_for(store: weakref.WeakKeyDictionary, state: State, reader: Any, make: Callable[[], Any]) -> Any:
    """What a game's tables keep for ``state`` and ``reader`` between moves, in ``store`` (a game's own
    ``WeakKeyDictionary``: it goes with its state): made by ``make()`` the first time it is asked for."""
    kept = store.get(state)
    if kept is None:
        kept = store[state] = {}
    k = kept.get(reader)
    if k is None:
        k = kept[reader] = make()
    return k


def log_groups(state: State, word: Callable[[Any], list[LogEntry]], reader: Any = None
               ) -> tuple[list[list[LogEntry]], list[LogEntry]]:
    """The state's own log (:meth:`gamester.state.State.log`) in words: one group of entries per event (group 0
    the opening, then one per action), and all the entries in order. ``word`` puts one event into words for
    ``reader`` (a game whose words are the same for every reader passes ``None``). Each event is worded once per
    state and reader and kept (events never change), so drawing the table after a move words only that move. The
    lists returned are the ones kept: read them, never change them."""
    events = state.log()
    groups, entries = _WORDED.setdefault(state, {}).setdefault(reader, ([], []))
    for ev in events[len(groups):]:
        g = word(ev)
        groups.append(g)
        entries.extend(g)
    return groups, entries


__all__ = ["Chance", "Choice", "End", "counters_end", "seat_label", "LedgerRow", "LogEntry", "Pile", "Pot", "Seat", "Table", "card_back",
           "card_face", "card_name", "chance_words", "counters_words", "ledger_table", "render",
           "changed_parts", "end_html", "joined", "kept_for", "log_groups", "render_parts", "render_table", "render_table_parts", "said", "said_apart", "sentence", "table_for"]

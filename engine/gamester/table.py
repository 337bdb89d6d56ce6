"""The card table a reader sees: one game-neutral model and one renderer, for the printed page and the live widget.

Each game's adapter (``games/<game>/table.py``, declared as ``GameSpec.table``) turns a live state into a :class:`Table`; this
module draws any :class:`Table` as semantic HTML with :func:`render`. Nothing here knows a game: seats, cards, the
centre of the table (turn-up, trick, cards played), the money or the score (dishes, pool, points), what happens next
in words, the reader's choices as buttons, the moves in sentences linked to their clauses, and the end of the game
with its settlement ledger as a real table.

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

import html
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .errors import NotationError, RulesetError
from .registry import get_game
from .state import State

e = html.escape


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
            self.name = f"Seat {self.index}"

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
    """A button: ``label`` in plain words, the engine ``action`` it sends, and a card when it is one."""

    label: str
    action: str
    card: str | None = None


@dataclass
class LogEntry:
    text: str
    clause: str = ""


@dataclass
class LedgerRow:
    payer: str
    payee: str
    counters: int
    stake: str
    reason: str
    clause: str = ""
    deal: int | None = None


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
    totals_caption: str = "Counters won (+) or lost (−) by each seat"
    winners: list[int] = field(default_factory=list)
    no_ledger: str = "Nothing was paid."


@dataclass
class Table:
    title: str
    subtitle: str = ""
    seats: list[Seat] = field(default_factory=list)
    centre: list[Pile] = field(default_factory=list)
    money: list[Pot] = field(default_factory=list)
    money_title: str = "On the table"
    prompt: str = ""
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


# -- words -------------------------------------------------------------------------------------------------------
def card_name(code: str) -> str:
    """``"9S"`` -> ``"Nine of Spades"``."""
    return Card.parse(code).name


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


def counters_words(n: int) -> str:
    return f"{n} counter" + ("" if n == 1 else "s")


def ahead(net: list[int]) -> tuple[str, list[int]]:
    """Who came out ahead over a game of counters, in words and as seats: "Seat 2 comes out ahead, +3 counters",
    "Seats 0 and 3 come out ahead, +2 each", or "Nobody comes out ahead" (no seat won anything; no seats)."""
    top = max(net)
    winners = [s for s, v in enumerate(net) if v == top] if top > 0 else []
    if not winners:
        return "Nobody comes out ahead", winners
    if len(winners) == 1:
        return f"Seat {winners[0]} comes out ahead, {top:+d} counters", winners
    return ("Seats " + ", ".join(map(str, winners[:-1])) + f" and {winners[-1]} come out ahead, {top:+d} each",
            winners)


_SEAT_NO = re.compile(r"\bseat (\d+)")


def sentence(text: str) -> str:
    """First letter up, seats named as the table names them, a full stop at the end (engine reasons are
    lower-case phrases: ``"seat 2 vyes 3"`` -> ``"Seat 2 vyes 3."``)."""
    t = _SEAT_NO.sub(r"Seat \1", text.strip())
    if not t:
        return t
    t = t[0].upper() + t[1:]
    return t if t[-1] in ".?!:" else t + "."


def said(entries: list[LogEntry]) -> str:
    """Log entries as one announcement: what just happened, in sentences."""
    return " ".join(sentence(x.text) for x in entries)


# -- the drawing -------------------------------------------------------------------------------------------------
def card_face(code: str, *, best: bool = False) -> str:
    """A card drawn face up: rank and suit symbol; its name in words is its accessible name."""
    try:
        c = Card.parse(code)
    except NotationError:
        return f'<span class="gm-face">{e(str(code))}</span>'
    colour = "gm-red" if c.suit.letter in "HD" else "gm-black"
    extra = " gm-face-best" if best else ""
    name = c.name + (", the best trump" if best else "")
    return (f'<span class="gm-face {colour}{extra}" role="img" aria-label="{e(name)}">'
            f'<span class="gm-face-rank" aria-hidden="true">{e(str(c.rank))}</span>'
            f'<span class="gm-face-suit" aria-hidden="true">{e(c.suit.symbol)}</span></span>')


def card_back() -> str:
    return '<span class="gm-face gm-back" role="img" aria-label="a card face down"></span>'


def _cards(cards: list[str], hidden: int, best: list[str] | None = None, label: str = "") -> str:
    items = [f"<li>{card_face(c, best=c in (best or []))}</li>" for c in cards]
    items += [f"<li>{card_back()}</li>"] * hidden
    if not items:
        return '<p class="gm-t-none">no cards</p>'
    lab = f' aria-label="{e(label)}"' if label else ""
    return f'<ul class="gm-t-cards"{lab}>{"".join(items)}</ul>'


def _chips(n: int) -> str:
    if n <= 0:
        return ""
    shown = min(n, 12)
    more = '<span class="gm-chip-more">+</span>' if n > shown else ""
    return '<span class="gm-chips" aria-hidden="true">' + '<span class="gm-chip"></span>' * shown + more + "</span>"


def clause_href(cid: str, base: str) -> str:
    return f"{base}clauses/#{cid}"


def _clause_links(cid: str, base: str, passages: dict | None) -> str:
    if not cid:
        return ""
    out = f'<a class="gm-clause" href="{e(clause_href(cid, base))}">{e(cid)}</a>'
    for item in (passages or {}).get(cid, [])[:2]:
        try:
            pid, href = str(item[0]), str(item[1])
        except (IndexError, TypeError, KeyError):
            continue
        out += (f' <a class="gm-passage" href="{e(base + href)}">the passage '
                f'<span class="gm-passage-id">{e(pid)}</span></a>')
    return f' <span class="gm-t-rule">(rule {out})</span>'


def _seat_html(s: Seat) -> str:
    cls = ["gm-seat"] + (["gm-seat-you"] if s.you else []) + (["gm-seat-turn"] if s.to_act else [])
    roles = "".join(f' <span class="gm-role">{e(r)}</span>' for r in s.roles)
    you = ' <span class="gm-you">you</span>' if s.you else ""
    turn = ' <span class="gm-turn-mark">to play</span>' if s.to_act else ""
    parts = [f'<p class="gm-seat-name"><strong>{e(s.name)}</strong>{roles}{you}{turn}</p>']
    what = "Your cards" if s.you else f"Cards of {s.name}"
    n_up, n_down = len(s.cards), s.hidden
    bits = ([f"{n_up} face up"] if n_up else []) + ([f"{n_down} face down"] if n_down else [])
    label = f"{what}: {', '.join(bits)}" if bits else what
    if s.cards_label:
        parts.append(f'<p class="gm-seat-cards-label">{e(s.cards_label)}</p>')
    parts.append(_cards(s.cards, s.hidden, s.best, label))
    if s.status:
        parts.append('<p class="gm-seat-status">' + "".join(
            f'<span class="gm-status-word">{e(w)}</span>' for w in s.status) + "</p>")
    if s.counters:
        parts.append('<dl class="gm-seat-counters">' + "".join(
            f"<div><dt>{e(k)}</dt><dd>{e(v)}</dd></div>" for k, v in s.counters) + "</dl>")
    you_attr = ' data-you="1"' if s.you else ""
    return (f'<li class="{" ".join(cls)}" data-seat="{s.index}" data-roles="{e(" ".join(s.roles))}"{you_attr}>'
            + "".join(parts) + "</li>")


def _pile_html(p: Pile) -> str:
    items = []
    for who, c in p.plays:
        w = f'<span class="gm-who">{e(who)}</span>' if who else ""
        items.append(f'<li>{card_face(c, best=c in p.best)}{w}</li>')
    items += [f"<li>{card_back()}</li>"] * p.hidden
    body = f'<ul class="gm-t-cards gm-t-played">{"".join(items)}</ul>' if items else \
        '<p class="gm-t-none">no cards yet</p>'
    note = f'<p class="gm-pile-note">{e(p.note)}</p>' if p.note else ""
    return f'<div class="gm-pile"><p class="gm-pile-title">{e(p.title)}</p>{body}{note}</div>'


def _pot_html(p: Pot) -> str:
    num = ""
    if p.counters is not None:
        num = (f'<span class="gm-pot-n">{p.counters}</span> <span class="gm-pot-unit">'
               f'{"counter" if p.counters == 1 else "counters"}</span>{_chips(p.counters)}')
    text = f' <span class="gm-pot-text">{e(p.text)}</span>' if p.text else ""
    note = f'<span class="gm-pot-note">{e(p.note)}</span>' if p.note else ""
    data = f' data-counters="{p.counters}"' if p.counters is not None else ""
    return (f'<li class="gm-pot"{data}><span class="gm-pot-name">{e(p.name)}</span> '
            f"{num}{text}{note}</li>")


def _choice_html(c: Choice) -> str:
    if c.card:
        name = card_name(c.card)
        return (f'<button type="button" class="gm-choice gm-choice-card" data-action="{e(c.action)}" '
                f'title="{e(c.label)}">{_face_inner(c.card)}<span class="gm-sr">{e(name)}</span></button>')
    return f'<button type="button" class="gm-choice" data-action="{e(c.action)}">{e(c.label)}</button>'


def _face_inner(code: str) -> str:
    c = Card.parse(code)
    colour = "gm-red" if c.suit.letter in "HD" else "gm-black"
    return (f'<span class="gm-face {colour}" aria-hidden="true"><span class="gm-face-rank">{e(str(c.rank))}</span>'
            f'<span class="gm-face-suit">{e(c.suit.symbol)}</span></span>')


def _scroll(inner: str, name: str) -> str:
    return f'<div class="gm-t-scroll" tabindex="0" role="region" aria-label="{e(name)}">{inner}</div>'


def ledger_table(rows: list[LedgerRow], caption: str, base: str, passages: dict | None) -> str:
    deals = any(r.deal is not None for r in rows)
    head = ('<tr>' + ('<th scope="col">Deal</th>' if deals else "") + '<th scope="col">From</th>'
            '<th scope="col">To</th><th scope="col" class="gm-num">Counters</th><th scope="col">For</th>'
            '<th scope="col">Why</th></tr>')
    body = []
    for r in rows:
        deal = f'<td class="gm-num">{r.deal}</td>' if deals else ""
        body.append(f'<tr data-counters="{r.counters}">{deal}<td>{e(r.payer)}</td><td>{e(r.payee)}</td>'
                    f'<td class="gm-num">{r.counters}</td><td>{e(r.stake)}</td>'
                    f'<td>{e(sentence(r.reason))}{_clause_links(r.clause, base, passages)}</td></tr>')
    # The caption stays in the table for assistive technology; its visible copy sits above the scrolling box, so a
    # narrow screen does not scroll the title away with the columns.
    table = (f'<table class="gm-t-ledger"><caption class="gm-sr">{e(caption)}</caption><thead>{head}</thead>'
             f'<tbody>{"".join(body)}</tbody></table>')
    return f'<p class="gm-t-caption" aria-hidden="true">{e(caption)}</p>' + _scroll(table, caption)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def _end_html(end: End, h: int, base: str, passages: dict | None) -> str:
    parts = [f'<h{h} class="gm-t-h">The result</h{h}>',
             f'<p class="gm-t-headline" data-winners="{e(" ".join(map(str, end.winners)))}">'
             f"<strong>{e(end.headline)}</strong></p>"]
    if end.lines:
        parts.append('<ul class="gm-t-endlines">' + "".join(f"<li>{e(sentence(x))}</li>" for x in end.lines) + "</ul>")
    if end.totals:
        rows = "".join(f'<tr data-seat="{s}" data-net="{n}"><th scope="row">{e(name)}</th>'
                       f'<td class="gm-num">{e(_signed(n))}</td></tr>' for s, name, n in end.totals)
        parts.append(f'<table class="gm-t-totals"><caption>{e(end.totals_caption)}</caption><thead><tr>'
                     f'<th scope="col">Seat</th><th scope="col" class="gm-num">Net</th></tr></thead>'
                     f"<tbody>{rows}</tbody></table>")
    if end.ledger:
        parts.append(ledger_table(end.ledger, end.ledger_caption, base, passages))
    elif end.no_ledger:
        parts.append(f'<p class="gm-t-none">{e(end.no_ledger)}</p>')
    return '<section class="gm-t-end" aria-label="The result">' + "".join(parts) + "</section>"


def render(t: Table, *, base: str = "../", passages: dict | None = None, level: int = 3) -> str:
    """The HTML of a table. ``base`` is the path from the page to the site root (clause links go to
    ``{base}clauses/#id``); ``passages`` maps a clause id to ``[[passage_id, href_from_site_root], ...]``;
    ``level`` is the heading level of the table's title (its parts use ``level + 1``)."""
    level = max(2, min(5, int(level)))
    h1, h2 = level, level + 1
    attrs = (f' data-game="{e(t.game)}" data-reader="{"" if t.reader is None else t.reader}"'
             f' data-to-act="{"" if t.to_act is None else t.to_act}"'
             f' data-over="{"1" if t.end else "0"}"')
    out = [f'<section class="gm-tbl" aria-label="{e(t.title)}"{attrs}>',
           f'<h{h1} class="gm-t-title">{e(t.title)}</h{h1}>']
    if t.subtitle:
        out.append(f'<p class="gm-t-sub">{e(t.subtitle)}</p>')
    out.append('<div class="gm-t-felt">')
    out.append('<ul class="gm-t-seats" aria-label="The seats">' + "".join(_seat_html(s) for s in t.seats) + "</ul>")
    if t.centre or t.money:
        out.append(f'<div class="gm-t-centre"><h{h2} class="gm-t-h">{e(t.money_title)}</h{h2}>')
        if t.money:
            out.append('<ul class="gm-t-pots">' + "".join(_pot_html(p) for p in t.money) + "</ul>")
        if t.centre:
            out.append('<div class="gm-t-piles">' + "".join(_pile_html(p) for p in t.centre) + "</div>")
        out.append("</div>")
    out.append("</div>")
    out.append(f'<p class="gm-t-prompt" role="status">{e(t.prompt)}</p>')
    if t.choices:
        out.append(f'<div class="gm-t-choices" role="group" aria-label="{e(t.choices_label)}">'
                   f'<p class="gm-t-choices-label">{e(t.choices_label)}</p>'
                   + "".join(_choice_html(c) for c in t.choices) + "</div>")
    if t.chances:
        title = f'<p class="gm-t-chances-title"><strong>{e(t.chances_title)}</strong></p>' if t.chances_title else ""
        items = "".join(f'<li><span class="gm-chance-label">{e(c.label)}:</span> '
                        f'<span class="gm-chance">{e(chance_words(c.p))}</span>'
                        + (f' <span class="gm-chance-note">{e(c.note)}</span>' if c.note else "") + "</li>"
                        for c in t.chances)
        note = f'<p class="gm-t-chances-note">{e(t.chances_note)}</p>' if t.chances_note else ""
        out.append(f'<div class="gm-t-chances">{title}<ul>{items}</ul>{note}</div>')
    if t.end:
        out.append(_end_html(t.end, h2, base, passages))
    if t.log:
        items = "".join(f"<li>{e(sentence(x.text))}{_clause_links(x.clause, base, passages)}</li>" for x in t.log)
        out.append(f'<details class="gm-t-log"><summary>{e(t.log_title)} '
                   f"({len(t.log)})</summary><ol>{items}</ol></details>")
    out.append("</section>")
    return "".join(out)


# -- a live state -> its table (each game draws its own: GameSpec.table) --------------------------------------------
def table_for(state: State, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    """The table of ``state`` as ``seat`` sees it (``None``: everything shown, as for a teacher at the front)."""
    spec = get_game(state.game)
    if spec.table is None:
        raise RulesetError(f"no table drawing for the game {state.game!r}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players):
        raise RulesetError(f"seat {seat!r}: this game has seats 0 .. {state.players - 1}")
    return spec.table(state, seat, analysis=analysis)


def render_table(state: State, seat: int | None = None, *, analysis: dict[str, Any] | None = None,
                 base: str = "../", passages: dict | None = None, level: int = 3) -> str:
    return render(table_for(state, seat, analysis=analysis), base=base, passages=passages, level=level)


def replay_steps(state: State) -> Iterator[tuple[int, str, State]]:
    """Replay ``state``'s actions from its seed: yields ``(seat, action, replayed)`` *before* each action; the
    caller notes what it needs, applies ``action`` to ``replayed`` itself and reads what changed."""
    spec = get_game(state.game)
    s = spec.new_state(state.options, state.players, state.seed)
    for a in state.history:
        p = s.current_player()
        n = len(s.history)
        yield p, a, s
        if len(s.history) != n + 1:
            raise RuntimeError("replay_steps: the caller must apply each action exactly once")


__all__ = ["Chance", "Choice", "End", "LedgerRow", "LogEntry", "Pile", "Pot", "Seat", "Table", "card_back",
           "card_face", "card_name", "chance_words", "counters_words", "ledger_table", "render",
           "render_table", "replay_steps", "said", "sentence", "table_for"]

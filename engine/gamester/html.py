"""HTML for readers: an escape-by-default builder and the pieces every game's narrator uses.

:func:`h` is the Python twin of the widget script's ``h()``: ``h("td", {"class": "gm-num"}, 3)`` escapes every
text child and attribute value; only :class:`Markup` (what ``h`` itself returns, or a narrator's own fragment)
passes unescaped. The pieces below (cards, seats with their roles, ledgers, facts, notes, the moves) write HTML
with :func:`html.escape` applied to every value. Nothing here names a game: a game's words (its dishes, its
results) live in its own ``narrate`` module and are passed in (``parties``).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from .clauses import lookup
from .errors import NotationError
from .words import (
    Names,
    and_words,
    card_name,
    clause_title,
    counters_words,
    passage_label,
    player,
    plural,
    sentence,
)

#: Every text written into HTML is escaped by :func:`html.escape` (``&``, ``<``, ``>``, ``"`` and ``'`` as entities).
#: (Its five replacements, each a scan in C, cost a fifth of one ``str.translate`` with a table of the five:
#: translate looks each character up in the table, and each one not in it raises a KeyError that it catches.)
e = html.escape

#: Re-exported for the games' narrators, which write their words through this module.
__all__ = ["LedgerRow", "Markup", "and_words", "cap", "card_back", "card_face", "card_html", "card_name", "cards_html",
           "clause_ref", "counters_text", "named", "deal_block", "facts_html", "h", "ledger_html", "ledger_table",
           "notes_html", "numbers_table", "percent", "rule_link", "seat_label", "seat_table", "seats_words",
           "suit_html"]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Markup(str):
    """Text that is already HTML (not escaped again by :func:`h`)."""


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Markup:
    """``<tag attrs>children</tag>``, every attribute value and every text child escaped; ``None`` and ``False``
    children and attributes are left out, lists are flattened."""
    # (a start tag drawn once is drawn again from here: the same few recur on every table; by the values' types
    # too, as True and 1, or False and 0, are equal keys but not the same attribute)
    key = (tag, *attrs.items(), *map(type, attrs.values())) if attrs else tag
    try:
        start = _STARTS.get(key)
    except TypeError:  # an attribute value that is not hashable: written as it is
        start = key = None
    if start is None:
        start = _start_tag(tag, attrs)
        if key is not None:
            if len(_STARTS) >= 4096:
                _STARTS.clear()
            _STARTS[key] = start
    end = "" if tag in _VOID else f"</{tag}>"
    if len(children) == 1:  # (the usual: one text or one drawn part)
        c = children[0]
        t = type(c)
        if t is Markup:
            return Markup(f"{start}{c}{end}")
        if t is str:
            return Markup(f"{start}{e(c)}{end}")
    out = [start]
    _add(out, children)
    out.append(end)
    return Markup("".join(out))


def _start_tag(tag: str, attrs: dict[str, Any] | None) -> str:
    if tag not in _TAGS:
        if not re.fullmatch(r"[a-z][a-z0-9]*", tag):
            raise ValueError(f"not a tag name: {tag!r}")
        _TAGS.add(tag)
    out = ["<", tag]
    if attrs:
        for k, v in attrs.items():
            if v is None or v is False:
                continue
            if v is True:
                out.append(f" {k}")
            else:
                out.append(f' {k}="{e(str(v))}"')
    out.append(">")
    return "".join(out)


_TAGS: set[str] = set()  # tag names already checked (the few the engine writes)
_VOID = frozenset(("br", "img", "input", "meta", "link", "hr"))
_STARTS: dict[Any, str] = {}  # start tags written lately, by tag and attributes (bounded: emptied when full)


def _add(out: list[str], children: Any) -> None:
    """Each child into ``out``: :class:`Markup` as it is, other text escaped, lists flattened, ``None``/``False``
    left out (:func:`h`)."""
    for c in children:
        t = type(c)
        if t is Markup:
            out.append(c)
        elif t is str:
            out.append(e(c))
        elif c is None or c is False:
            continue
        elif t is list or t is tuple or isinstance(c, (list, tuple)):
            if len(c) > 2 and set(map(type, c)) == _ONLY_MARKUP:  # (the seats, the buttons, the log's items)
                out += c
            else:
                _add(out, c)
        else:
            out.append(c if isinstance(c, Markup) else e(str(c)))


_ONLY_MARKUP = {Markup}


CARD_TOKEN = re.compile(r"^(10|[2-9TJQKA])([SHDC])$")


_TAG = re.compile(r"(<[^>]*>)")


def named(fragment: str, names: Names) -> Markup:
    """An HTML fragment with the seats in its text (not in its tags or attributes) named for the reader."""
    parts = _TAG.split(str(fragment))
    return Markup("".join(p if p.startswith("<") else names.text(p) for p in parts))


def card_face(code: Any, *, best: bool = False, inline: bool = False, decorative: bool = False) -> Markup:
    """The one drawing of a card face up (:func:`_card_face`), each kept once drawn (a few hundred at most)."""
    if type(code) is not str:
        return _card_face(code, best=best, inline=inline, decorative=decorative)
    key = (code, best, inline, decorative)
    face = _FACES.get(key)
    if face is None:
        if len(_FACES) >= 2048:
            _FACES.clear()
        face = _FACES[key] = _card_face(code, best=best, inline=inline, decorative=decorative)
    return face


_FACES: dict[tuple, Markup] = {}


def _card_face(code: Any, *, best: bool = False, inline: bool = False, decorative: bool = False) -> Markup:
    """The one drawing of a card face up: a card face (rank over suit, red or black) named in words for assistive
    technology; ``inline``, the small card written in a sentence; ``decorative``, hidden from assistive technology
    (a button that holds it says the name itself); ``best`` marks the best trump."""
    try:
        c = Card.parse(str(code))
    except NotationError:
        return h("span", {"class": "gm-card" if inline else "gm-face"}, str(code))
    red = c.suit.letter in "HD"
    if inline:
        return h("span", {"class": "gm-card gm-red" if red else "gm-card", "title": c.name, "aria-label": c.name},
                 str(c.rank), c.suit.symbol)
    cls = "gm-face " + ("gm-red" if red else "gm-black") + (" gm-face-best" if best else "")
    name = c.name + (", the best trump" if best else "")
    attrs = {"class": cls, "aria-hidden": "true"} if decorative else {"class": cls, "role": "img", "aria-label": name}
    return h("span", attrs, h("span", {"class": "gm-face-rank", "aria-hidden": "true"}, str(c.rank)),
             h("span", {"class": "gm-face-suit", "aria-hidden": "true"}, c.suit.symbol))


def card_back() -> Markup:
    return _BACK


_BACK = h("span", {"class": "gm-face gm-back", "role": "img", "aria-label": "a card face down"})


def card_html(text: Any) -> Markup:
    """One card in a sentence: ``<span class="gm-card gm-red" title="Queen of Hearts" ...>Q♥</span>``."""
    return card_face(text, inline=True)


def cards_html(cards: Any) -> Markup:
    if isinstance(cards, str):
        items = cards.split()
    elif isinstance(cards, list):
        items = [str(x) for x in cards]
    else:
        return Markup(e(str(cards)))
    return h("span", {"class": "gm-hand"}, Markup(" ".join(card_html(x) for x in items)))


def looks_like_cards(v: Any) -> bool:
    if isinstance(v, str):
        toks = v.split()
    elif isinstance(v, list) and all(isinstance(x, str) for x in v):
        toks = v
    else:
        return False
    return bool(toks) and all(CARD_TOKEN.match(t.upper()) for t in toks)


def seat_label(party: Any, players: int, parties: dict[str, str] | None, roles: dict[int, str] | None = None,
               reader: int | None = None) -> str:
    """A seat named for a reader (:func:`gamester.words.player`: "Player 1 (eldest)", "you"), with its role in
    this deal when known. ``roles`` maps seats to roles for one deal (from that deal's own record: the deal rotates,
    so the dealer is whoever the record says dealt it); without ``roles`` no role is claimed. Non-seat parties
    (dishes, the box, the stock, the pool) are named in words: ``parties`` is the game's own names for them."""
    if isinstance(party, bool) or not isinstance(party, int):
        if not isinstance(party, str):
            return str(party)
        return (parties or {}).get(party) or PARTY_NAMES.get(party, party.capitalize())
    return player(party, reader=reader, players=players, role=(roles or {}).get(party, ""))


PARTY_NAMES = {"box": "The box"}  # the core's one party that is not a seat; games add their own


def roles_of(d: dict, n: int) -> dict[int, str]:
    """Dealer and eldest hand of one deal, as its record gives them (``dealer`` and ``eldest``: every game's deal
    records both; the deal rotates, so the seat number says nothing)."""
    def seat(v: Any) -> int | None:
        return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < max(n, 1) else None

    dealer, eldest = seat(d.get("dealer")), seat(d.get("eldest"))
    out: dict[int, str] = {}
    if eldest is not None:
        out[eldest] = "eldest"
    if dealer is not None:
        out[dealer] = "dealer"
    return out


def seats_words(seats: list, roles: dict[int, str] | None = None) -> str:
    """[0, 2] -> ``Player 1 and Player 3``; [3] -> ``Player 4 (dealer)`` (escaped)."""
    seats = [s for s in seats if isinstance(s, int) and not isinstance(s, bool)]
    return e(Names(None, 0, roles).seats(seats))


STATUS_WORDS = {"reconstructed": "from a modern account", "conjectural": "our reading"}


def rule_link(cid: str, base: str, passages: dict | None = None, *, bracket: bool = True) -> Markup:
    """The one link to a rule, wherever the engine writes for a reader: the rule's short title (its statement on
    hover) linked to the Clauses page, then the passages behind it by a reader's locator ("Cotton, p. 132", from
    ``passages``: clause id -> ``[[passage id, href, locator], ...]``). Ids ride only in ``href`` and ``data-``.
    Without passages (the live table) each link is kept once drawn."""
    if passages is None:
        key = (cid, base, bracket)
        c = lookup(cid)
        kept = _LINKS.get(key)
        if kept is not None and kept[0] is c:
            return kept[1]
        if len(_LINKS) >= 2048:
            _LINKS.clear()
        link = _rule_link(cid, base, None, bracket=bracket)
        _LINKS[key] = (c, link)
        return link
    return _rule_link(cid, base, passages, bracket=bracket)


_LINKS: dict[tuple, tuple[Any, Markup]] = {}  # (the clause as registered, its link), by what the link reads


def _rule_link(cid: str, base: str, passages: dict | None = None, *, bracket: bool = True) -> Markup:
    if not cid:
        return Markup("")
    c = lookup(cid)
    st = c.status if c else "unknown"
    parts: list[Any] = [h("a", {"class": "gm-clause", "href": f"{base}clauses/#{cid}", "data-clause": cid,
                                "data-status": st, "title": c.statement if c else None}, clause_title(cid))]
    if st in STATUS_WORDS:
        parts += [" ", h("span", {"class": f"gm-status gm-status-{st}"}, STATUS_WORDS[st])]
    said: set[str] = set()  # two passages a reader finds on one page are cited once, not twice in a row (issue 31)
    for item in (passages or {}).get(cid, [])[:2]:
        if not isinstance(item, (list, tuple)) or len(item) < 2 or passage_label(item) in said:
            continue
        said.add(passage_label(item))
        parts += ["; ", h("a", {"class": "gm-passage", "href": f"{base}{item[1]}", "data-passage": str(item[0])},
                          passage_label(item))]
    inner = ["(", *parts, ")"] if bracket else parts
    return h("span", {"class": "gm-t-rule"}, inner)


def clause_ref(cid: str, base: str) -> Markup:
    """A rule in prose: its statement, then the link to it."""
    c = lookup(cid)
    return Markup(e(c.statement) + " " + h("small", {}, rule_link(cid, base))) if c else rule_link(cid, base)


def status(clause_id: str) -> str:
    c = lookup(clause_id)
    return c.status if c else "unknown"


@dataclass
class LedgerRow:
    """One counter movement for a reader: ``payer`` and ``payee`` are seats (numbers) or the game's parties
    (``"post"``, ``"pool"``); ``text`` is the game's own sentence for it (seats the engine's way, "Seat 2 scores
    1 point", named for the reader when drawn), else one is made from the parties' names."""

    payer: Any
    payee: Any
    counters: int
    stake: str
    reason: str
    clause: str = ""
    deal: int | None = None
    text: str = ""
    unit: str = "counter"


def _party(name: str) -> str:
    return name if name[:1].islower() else ("the " + name[0].lower() + name[1:] if not name.startswith("The ")
                                            else "the " + name[4:])


def ledger_sentence(r: LedgerRow, names: Names) -> str:
    if r.text:
        return names.sentence(r.text)
    frm, to = names(r.payer), names(r.payee)
    amount = plural(r.counters, r.unit)
    if isinstance(r.payee, int) and not isinstance(r.payer, int):
        return sentence(f"{to} {'take' if to == 'you' else 'takes'} {amount} from {_party(frm)}")
    if isinstance(r.payer, int) and not isinstance(r.payee, int):
        return sentence(f"{frm} {'pay' if frm == 'you' else 'pays'} {amount} into {_party(to)}")
    return sentence(f"{frm} {'pay' if frm == 'you' else 'pays'} {to} {amount}")


def ledger_table(rows: list[LedgerRow], caption: str, base: str, passages: dict | None, names: Names,
                 *, data_deal: int | None = None) -> Markup:
    """The one ledger a reader sees: each counter that moved as a sentence, and why (the reason in words and the
    rule behind it). Each row carries ``data-from/-to/-counters/-clause`` (and ``data-deal``, the deal's index from
    0: ``data_deal`` or the row's own deal) for tests to read back. A wide table scrolls in its own named, focusable box."""
    deals = any(r.deal is not None for r in rows)
    head = h("tr", {}, h("th", {"scope": "col"}, "Deal") if deals else None,
             h("th", {"scope": "col"}, "What moved"), h("th", {"scope": "col"}, "Why"))
    def deal_of(r: LedgerRow) -> str | None:  # data-deal is the deal's index from 0, as in the printed examples
        return str(data_deal) if data_deal is not None else (None if r.deal is None else str(r.deal - 1))

    body = [h("tr", {"data-from": str(r.payer), "data-to": str(r.payee), "data-counters": str(r.counters),
                     "data-clause": r.clause, "data-deal": deal_of(r)},
              h("td", {"class": "gm-num"}, r.deal) if deals else None,
              h("td", {}, ledger_sentence(r, names)),
              h("td", {}, names.sentence(r.reason), " " if r.clause else "", rule_link(r.clause, base, passages)))
            for r in rows]
    # The caption stays in the table for assistive technology; its visible copy sits above the scrolling box, so a
    # narrow screen does not scroll the title away with the columns.
    table = h("table", {"class": "gm-t-ledger gm-ledger"}, h("caption", {"class": "gm-sr"}, caption),
              h("thead", {}, head), h("tbody", {}, body))
    return Markup(h("p", {"class": "gm-t-caption", "aria-hidden": "true"}, caption)
                  + h("div", {"class": "gm-t-scroll", "tabindex": "0", "role": "region", "aria-label": caption}, table))


def ledger_html(lines: list[dict], players: int, parties: dict[str, str] | None, base: str, passages: dict | None,
                deal: int | None = None, roles: dict[int, str] | None = None,
                caption: str = "Every counter that moved, and why") -> Markup:
    """A record's ledger lines (``{"from", "to", "counters", "stake", "clause", "reason"}``) as :func:`ledger_table`."""
    if not lines:
        return h("p", {"class": "gm-empty"}, "No counters moved.")
    names = Names(None, players, roles, parties)
    rows = [LedgerRow(ln.get("from"), ln.get("to"), ln.get("counters", 0), str(ln.get("stake", "")),
                      str(ln.get("reason", "")), str(ln.get("clause", ""))) for ln in lines]
    return ledger_table(rows, caption, base, passages, names, data_deal=deal)


def hands_of(d: dict) -> list | None:
    for key in ("hands", "deal", "cards"):
        v = d.get(key)
        if isinstance(v, list) and v and all(looks_like_cards(h) or h in ([], "") for h in v):
            return v
        if isinstance(v, dict) and isinstance(v.get("hands"), list):
            return v["hands"]
    return None


def suit_html(v: Any) -> Markup:
    if isinstance(v, str) and v in SUIT_SYMBOLS:
        return h("span", {"class": "gm-suit gm-red" if v in "HD" else "gm-suit", "title": SUIT_NAMES[v]},
                 f"{SUIT_SYMBOLS[v]} {SUIT_NAMES[v]}")
    return Markup(e(str(v)))


def counters_text(k: Any) -> str:
    return counters_words(k)


def seat_table(n: int, hands: list | None, net: list | None, roles: dict[int, str], parties: dict[str, str] | None,
               deal: int | None, notes: dict[int, str] | None = None) -> Markup:
    head = h("tr", {}, h("th", {}, "Player"), h("th", {}, "Cards") if hands else None,
             h("th", {}, "Won or lost") if net else None)
    rows = []
    for i in range(n):
        cells = [h("td", {}, seat_label(i, n, parties, roles), Markup((notes or {}).get(i, "")))]
        if hands:
            cells.append(h("td", {}, cards_html(hands[i]) if i < len(hands) else ""))
        if net:
            v = net[i] if i < len(net) else 0
            sign = "+" if isinstance(v, int) and v > 0 else ""
            cells.append(h("td", {"class": "gm-num", "data-seat": i, "data-net": v, "data-deal": deal},
                           f"{sign}{v}"))
        rows.append(h("tr", {}, cells))
    return h("table", {"class": "gm-seats"}, h("thead", {}, head), h("tbody", {}, rows))


def facts_html(facts: list[tuple[str, str]]) -> str:
    if not facts:
        return ""
    return h("dl", {"class": "gm-facts"}, [[h("dt", {}, k), h("dd", {}, Markup(v))] for k, v in facts])


def notes_html(notes: Any, base: str, title: str = "How it was decided", players: int = 0,
               roles: dict[int, str] | None = None, passages: dict | None = None) -> Markup:
    if not isinstance(notes, list) or not notes:
        return Markup("")
    names = Names(None, players, roles)
    items = [h("li", {}, names.sentence(str(x.get("reason", ""))), " ",
               h("small", {}, rule_link(str(x.get("clause", "")), base, passages)))
             for x in notes if isinstance(x, dict)]
    return h("div", {"class": "gm-notes"}, h("p", {"class": "gm-notes-title"}, h("strong", {}, title)), h("ol", {}, items))


def deal_block(j: int, sub: dict, what: str, body: str) -> str:
    return h("details", {"class": "gm-deal", "open": j == 0}, h("summary", {}, f"Deal {j + 1}: {what}"), Markup(body))


def percent(p: float, digits: int = 1) -> str:
    """A chance as a percentage: ``percent(0.4522) == "45.2%"``."""
    return f"{100 * p:.{digits}f}%"


def numbers_table(head: list[str], rows: list[list[str]], caption: str, numeric_from: int = 1) -> str:
    """A table of figures (the Numbers page): ``head`` and ``caption`` are HTML, each row's first cell its header.
    A wide table scrolls sideways on a phone: the scrolling box is focusable (keyboard) and named."""
    th = [h("th", {"scope": "col", "class": "gm-num" if i >= numeric_from else None}, Markup(x))
          for i, x in enumerate(head)]
    body = [h("tr", {}, h("th", {"scope": "row"}, Markup(r[0])), [h("td", {"class": "gm-num"}, Markup(c)) for c in r[1:]])
            for r in rows]
    return h("div", {"class": "gm-static", "tabindex": "0", "role": "region", "aria-label": html.unescape(re.sub(r"<[^>]+>", "", caption))},
             h("table", {"class": "gm-numbers"}, h("caption", {}, Markup(caption)), h("thead", {}, h("tr", {}, th)),
               h("tbody", {}, body)))

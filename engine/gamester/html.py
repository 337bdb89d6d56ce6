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
from typing import Any

from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from .clauses import lookup
from .errors import NotationError

e = html.escape


class Markup(str):
    """Text that is already HTML (not escaped again by :func:`h`)."""


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Markup:
    """``<tag attrs>children</tag>``, every attribute value and every text child escaped; ``None`` and ``False``
    children and attributes are left out, lists are flattened."""
    if not re.fullmatch(r"[a-z][a-z0-9]*", tag):
        raise ValueError(f"not a tag name: {tag!r}")
    out = [f"<{tag}"]
    for k, v in (attrs or {}).items():
        if v is None or v is False:
            continue
        out.append(f' {k}' if v is True else f' {k}="{e(str(v))}"')
    out.append(">")

    def add(c: Any) -> None:
        if c is None or c is False:
            return
        if isinstance(c, (list, tuple)):
            for x in c:
                add(x)
        else:
            out.append(c if isinstance(c, Markup) else e(str(c)))

    add(list(children))
    if tag not in ("br", "img", "input", "meta", "link", "hr"):
        out.append(f"</{tag}>")
    return Markup("".join(out))


CARD_TOKEN = re.compile(r"^(10|[2-9TJQKA])([SHDC])$")


def card_html(text: str) -> str:
    """One card as ``<span class="gm-card gm-red" title="Queen of Hearts">Q♥</span>``."""
    try:
        c = Card.parse(str(text))
    except NotationError:
        return h("span", {"class": "gm-card"}, str(text))
    red = " gm-red" if c.suit.letter in "HD" else ""
    return h("span", {"class": f"gm-card{red}", "title": c.name, "aria-label": c.name}, str(c.rank), c.suit.symbol)


def cards_html(cards: Any) -> str:
    if isinstance(cards, str):
        items = cards.split()
    elif isinstance(cards, list):
        items = [str(x) for x in cards]
    else:
        return e(str(cards))
    return h("span", {"class": "gm-hand"}, Markup(" ".join(card_html(x) for x in items)))


def looks_like_cards(v: Any) -> bool:
    if isinstance(v, str):
        toks = v.split()
    elif isinstance(v, list) and all(isinstance(x, str) for x in v):
        toks = v
    else:
        return False
    return bool(toks) and all(CARD_TOKEN.match(t.upper()) for t in toks)


def seat_label(party: Any, players: int, parties: dict[str, str] | None, roles: dict[int, str] | None = None) -> str:
    """``Seat 2``, with its role in this deal when known: ``Seat 0 (eldest)``, ``Seat 3 (dealer)``.

    ``roles`` maps seats to roles for one deal (from that deal's own record: the deal rotates, so the dealer is
    whoever the record says dealt it). Without ``roles`` no role is claimed. Non-seat parties (dishes, the box,
    the stock, the pool) are named in words: ``parties`` is the game's own names for them."""
    if isinstance(party, bool) or not isinstance(party, int):
        if not isinstance(party, str):
            return str(party)
        return (parties or {}).get(party) or PARTY_NAMES.get(party, party.capitalize())
    label = f"Seat {party}"
    role = (roles or {}).get(party)
    return f"{label} ({role})" if role else label


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
    """[0, 2] -> ``Seats 0 and 2``; [3] -> ``Seat 3 (dealer)``."""
    seats = [s for s in seats if isinstance(s, int) and not isinstance(s, bool)]
    if not seats:
        return "nobody"
    if len(seats) == 1:
        return e(seat_label(seats[0], 0, None, roles))
    nums = [str(s) for s in seats]
    return "Seats " + e(", ".join(nums[:-1]) + " and " + nums[-1])


def clause_ref(cid: str, base: str) -> str:
    """A clause as a link with its statement, for prose."""
    c = lookup(cid)
    link = f'<a class="gm-clause" href="{e(base)}clauses/#{e(cid)}">{e(cid)}</a>'
    return f"{e(c.statement)} <small>({link})</small>" if c else link


def status(clause_id: str) -> str:
    c = lookup(clause_id)
    return c.status if c else "unknown"


def clause_link(cid: str, base: str, passages: dict | None) -> str:
    st = status(cid)
    out = (f'<a class="gm-clause" href="{e(base)}clauses/#{e(cid)}">{e(cid)}</a> '
           f'<span class="gm-status gm-status-{e(st)}">{e(st)}</span>')
    for item in (passages or {}).get(cid, [])[:3]:
        try:
            pid, href = item[0], item[1]
        except (IndexError, TypeError, KeyError):
            continue
        out += f' <a class="gm-passage" href="{e(base)}{e(str(href))}" title="the passage behind this clause">§&nbsp;{e(str(pid))}</a>'
    return out


def ledger_html(lines: list[dict], players: int, parties: dict[str, str] | None, base: str, passages: dict | None,
                deal: int | None = None, roles: dict[int, str] | None = None) -> str:
    if not lines:
        return '<p class="gm-empty">No counters moved.</p>'
    rows = []
    for ln in lines:
        cid = str(ln.get("clause", ""))
        rows.append(
            f'<tr data-from="{e(str(ln.get("from")))}" data-to="{e(str(ln.get("to")))}" '
            f'data-counters="{e(str(ln.get("counters")))}" data-clause="{e(cid)}"{deal_attr(deal)}>'
            f'<td>{e(seat_label(ln.get("from"), players, parties, roles))}</td>'
            f'<td>{e(seat_label(ln.get("to"), players, parties, roles))}</td>'
            f'<td class="gm-num">{e(str(ln.get("counters")))}</td>'
            f'<td>{e(str(ln.get("stake", "")))}</td>'
            f'<td>{e(str(ln.get("reason", "")))}<br><small>{clause_link(cid, base, passages)}</small></td></tr>')
    return ('<table class="gm-ledger"><thead><tr><th>From</th><th>To</th><th>Counters</th><th>Stake</th>'
            '<th>Why (clause and source)</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>")


def deal_attr(deal: int | None) -> str:
    return "" if deal is None else f' data-deal="{deal}"'


def hands_of(d: dict) -> list | None:
    for key in ("hands", "deal", "cards"):
        v = d.get(key)
        if isinstance(v, list) and v and all(looks_like_cards(h) or h in ([], "") for h in v):
            return v
        if isinstance(v, dict) and isinstance(v.get("hands"), list):
            return v["hands"]
    return None


def suit_html(v: Any) -> str:
    if isinstance(v, str) and v in SUIT_SYMBOLS:
        red = " gm-red" if v in "HD" else ""
        return f'<span class="gm-suit{red}" title="{e(SUIT_NAMES[v])}">{e(SUIT_SYMBOLS[v])} {e(SUIT_NAMES[v])}</span>'
    return e(str(v))


def card_name(text: Any) -> str:
    try:
        return Card.parse(str(text)).name
    except NotationError:
        return str(text)


def counters_text(k: Any) -> str:
    return f"{k} counter" + ("" if k == 1 else "s")


def seat_table(n: int, hands: list | None, net: list | None, roles: dict[int, str], parties: dict[str, str] | None, deal: int | None,
                notes: dict[int, str] | None = None) -> str:
    head = "<th>Seat</th>" + ("<th>Cards</th>" if hands else "") + ("<th>Net</th>" if net else "")
    rows = []
    for i in range(n):
        cells = f"<td>{e(seat_label(i, n, parties, roles))}{(notes or {}).get(i, '')}</td>"
        if hands:
            cells += f"<td>{cards_html(hands[i]) if i < len(hands) else ''}</td>"
        if net:
            v = net[i] if i < len(net) else 0
            sign = "+" if isinstance(v, int) and v > 0 else ""
            cells += (f'<td class="gm-num" data-seat="{i}" data-net="{e(str(v))}"{deal_attr(deal)}>'
                      f'{sign}{e(str(v))}</td>')
        rows.append(f"<tr>{cells}</tr>")
    return f'<table class="gm-seats"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def facts_html(facts: list[tuple[str, str]]) -> str:
    if not facts:
        return ""
    return h("dl", {"class": "gm-facts"}, [[h("dt", {}, k), h("dd", {}, Markup(v))] for k, v in facts])


def notes_html(notes: Any, base: str, title: str = "How it was decided") -> str:
    if not isinstance(notes, list) or not notes:
        return ""
    items = [h("li", {}, str(x.get("reason", "")), " ", h("small", {}, h(
                 "a", {"class": "gm-clause", "href": f"{base}clauses/#{x.get('clause', '')}"}, str(x.get("clause", "")))))
             for x in notes if isinstance(x, dict)]
    return h("div", {"class": "gm-notes"}, h("p", {"class": "gm-notes-title"}, h("strong", {}, title)), h("ol", {}, items))


def actions_html(acts: Any, roles: dict[int, str] | None = None) -> str:
    if not isinstance(acts, list) or not acts:
        return ""
    items = []
    for a in acts[:400]:
        if isinstance(a, list) and len(a) == 2 and isinstance(a[0], int):
            items.append(f"<li>{e(seat_label(a[0], 0, None, roles))}: {e(str(a[1]))}</li>")
        else:
            items.append(f"<li>{e(str(a))}</li>")
    return (f'<details class="gm-actions"><summary>The moves in the engine\'s notation ({len(acts)})</summary>'
            f'<ol>{"".join(items)}</ol></details>')


def and_words(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def deal_block(j: int, sub: dict, what: str, body: str) -> str:
    return h("details", {"class": "gm-deal", "open": j == 0}, h("summary", {}, f"Deal {j + 1}: {what}"), Markup(body))


def percent(p: float, digits: int = 1) -> str:
    """A chance as a percentage: ``percent(0.4522) == "45.2%"``."""
    return f"{100 * p:.{digits}f}%"


def numbers_table(head: list[str], rows: list[list[str]], caption: str, numeric_from: int = 1) -> str:
    """A table of figures (the Numbers page): ``head`` and ``caption`` are HTML, each row's first cell its header.
    A wide table scrolls sideways on a phone: the scrolling box is focusable (keyboard) and named."""
    th = "".join(f'<th scope="col"{" class=gm-num" if i >= numeric_from else ""}>{x}</th>'
                 for i, x in enumerate(head))
    body = []
    for r in rows:
        cells = [f'<th scope="row">{r[0]}</th>'] + [f'<td class="gm-num">{c}</td>' for c in r[1:]]
        body.append("<tr>" + "".join(cells) + "</tr>")
    label = e(re.sub(r"<[^>]+>", "", caption), quote=True)
    return (f'<div class="gm-static" tabindex="0" role="region" aria-label="{label}"><table class="gm-numbers">'
            f'<caption>{caption}</caption><thead><tr>{th}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')

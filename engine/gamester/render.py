"""HTML renderings of engine results: one renderer for both hosts.

The site's build-time hooks (CPython) and the browser widgets (Pyodide) call the *same* function with the *same*
arguments, so a live widget's first state and the static example printed on the page agree by construction.

    >>> from gamester import render
    >>> html = render.render("pp-settle", {"hands": "QH QD QC|KS KH KD"})      # doctest: +SKIP
    >>> data = render.compute("pp-settle", {"hands": "QH QD QC|KS KH KD"})     # doctest: +SKIP

API (stable; the widget worker relies on it):

``render(kind, args, *, base="../", passages=None) -> str``
    The HTML fragment for one example. ``kind`` is one of :data:`KINDS`; ``args`` is the dict of text values that
    the Markdown marker carried (``<!-- widget pp-deal seed=7 players=4 -->`` gives ``{"seed": "7", "players":
    "4"}``); the widget's ``data-args`` attribute holds exactly this dict as JSON. ``base`` is the relative path
    from the current page to the site root (the default ``"../"`` suits every game page, ``/post-and-pair/`` ...;
    the widget element carries it as ``data-base``); links to clauses point at ``{base}clauses/#{clause_id}``. ``passages`` optionally maps a clause
    id to ``[[passage_id, href_from_site_root], ...]`` (the site writes it to
    ``assets/gamester/clause-passages.json``) so each ledger line also links the sentence that justifies it.
    Widget markers are rendered at build time as exactly ``render(kind, args)`` (default base, no passages), so
    the widget's first live rendering is byte-for-byte the static one; plain ``example`` markers add passages.
``compute(kind, args) -> dict``
    The engine result behind a rendering, as JSON-ready data (``{"kind", "args", "game", "results": [...]}``),
    for tests and for widgets that want to draw it themselves.
``render_data(data, *, base="../", passages=None) -> str``
    The HTML for a ``compute`` result (``render`` is ``render_data(compute(kind, args), ...)``).
``marker_kind(verb, game, args) -> str``
    Which kind a page marker ``<!-- example GAME ... -->`` / ``<!-- compare GAME ... -->`` means.

Kinds and their arguments (all values are text, as written in a marker):

- ``pp-deal``: ``seed`` (required), ``players`` (default 4), ``ruleset`` (preset or ruleset string),
  ``options`` (``"k=v;k=v"`` overrides).  One Post and Pair deal, dealt from the seed and settled.
- ``pp-settle``: ``hands`` (required, ``"QH QD QC|KS KH KD|..."``, eldest first), ``folded`` (``"1,3"``),
  ``ruleset``, ``options``.  A show-down of given hands.
- ``pp-compare``: ``rulesets`` (required, comma-separated, >= 2) and either ``seed`` (+ ``players``) or ``hands``
  (+ ``folded``); ``options``.  The same deal settled under each ruleset, differences marked.
- ``put-play``, ``spec-play``: ``seed`` (required), ``players``, ``ruleset``, ``options``, ``bots`` (comma list),
  ``deals``.  A whole game played out by the bots.

What a rendering shows: seat tables whose roles (dealer, eldest hand) come from each deal's own record (the deal
rotates); the facts of a result in words; for Put, each deal's hands, every trick in order with its winner, the
puts and their answers and the points scored; for Speculation, each deal's turn-up, the order of turning, the
trading and the pool; for ``pp-compare``, a table of what differs between the rulesets and the steps of reasoning
that only one of them takes. Ledger rows carry ``data-from/-to/-counters/-clause`` (and ``data-deal``), net cells
``data-seat/-net``, so tests can read the numbers back.

Bad arguments raise :class:`~gamester.errors.RulesetError` or :class:`~gamester.errors.NotationError` (both
``ValueError``) with a message naming the argument. Everything written into HTML goes through
:func:`html.escape`. Stdlib only.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from . import commands
from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from .clauses import lookup
from .errors import NotationError, RulesetError
from .options import parse_int
from .registry import GameSpec, WidgetSpec, games, get_game

MAX_SEED = 2**63 - 1

e = html.escape


# -- arguments ---------------------------------------------------------------------------------------------------
def widgets() -> dict[str, tuple[GameSpec, WidgetSpec]]:
    """Every widget kind any game declares: kind -> (game, widget)."""
    return {w.kind: (spec, w) for spec in games().values() for w in spec.widgets.values()}


#: Compatibility names (the kinds are the games' own: see :func:`widgets`).
KINDS = tuple(widgets())
GAME_OF_KIND = {kind: spec.name for kind, (spec, _w) in widgets().items()}


def marker_kind(verb: str, game: str, args: dict[str, str]) -> str:
    """Which of ``game``'s widget kinds a page marker ``<!-- VERB GAME args -->`` means: the first whose marker
    verb is ``verb`` and whose required arguments are all given (``example post-and-pair hands=..`` is a
    show-down of those hands, ``example post-and-pair seed=..`` a deal)."""
    spec = get_game(game)
    kinds = [w for w in spec.widgets.values() if w.marker == verb]
    if not kinds:
        raise RulesetError(f"{spec.name} has no '{verb}' example")
    for w in kinds:
        if all(k in args for k in w.required) and (not w.one_of or any(k in args for k in w.one_of)):
            return w.kind
    return kinds[-1].kind  # check_args will say what is missing


def check_args(kind: str, args: Any) -> dict[str, str]:
    """Validate the argument names and shapes for ``kind`` (values are checked again by the engine)."""
    known = widgets()
    if kind not in known:
        raise RulesetError(f"unknown example kind {str(kind)[:40]!r}: expected one of {', '.join(sorted(known))}")
    w = known[kind][1]
    if not isinstance(args, dict):
        raise RulesetError(f"arguments for {kind} must be a mapping of names to text, not {type(args).__name__}")
    out: dict[str, str] = {}
    for k, v in args.items():
        if not isinstance(k, str) or k not in w.args:
            raise RulesetError(f"unknown argument {str(k)[:40]!r} for {kind}: expected {', '.join(sorted(w.args))}")
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise RulesetError(f"argument {k} for {kind} must be text, not {type(v).__name__}")
        v = str(v)
        if len(v) > 400:
            raise RulesetError(f"argument {k} for {kind} is too long ({len(v)} characters)")
        out[k] = v
    for k in w.required:
        if k not in out:
            raise RulesetError(f"{kind} needs the argument {k}=...")
    if w.one_of and sum(k in out for k in w.one_of) != 1:
        raise RulesetError(f"{kind} needs either {'=... or '.join(w.one_of)}=..., not both or neither")
    return out


def _params(spec: GameSpec, w: WidgetSpec, a: dict[str, str]) -> dict[str, Any]:
    """A marker's text arguments as the plain values :mod:`gamester.commands` takes."""
    lo, hi = spec.players
    hands = [h.strip() for h in a["hands"].split("|")] if "hands" in a else []
    players = len(hands) if hands else (spec.default_players or lo)
    if "players" in a:
        players = parse_int(a["players"], "players", lo, w.max_players or hi)
    folded = [parse_int(f, "folded", 0, 99) for f in a["folded"].split(",")] if a.get("folded", "").strip() else []
    return {"players": players, "seed": parse_int(a["seed"], "seed", 0, MAX_SEED) if "seed" in a else None,
            "hands": hands, "folded": folded, "bots": [b.strip() for b in a.get("bots", "").split(",") if b.strip()],
            "deals": parse_int(a["deals"], "deals", 1, 1000) if "deals" in a else None}


def compute(kind: str, args: dict[str, Any]) -> dict[str, Any]:
    """The engine result behind ``render(kind, args)`` (see the module doc)."""
    a = check_args(kind, args)
    spec, w = widgets()[kind]
    params = _params(spec, w, a)
    if w.command == "compare":
        names = [r.strip() for r in a["rulesets"].split(",") if r.strip()]
        if len(names) < 2:
            raise RulesetError(f"{kind} needs at least two rulesets, got {a['rulesets']!r}")
        results = [{"ruleset": r["ruleset"], "options": r["options"], "data": r["data"]}
                   for r in commands.compare(spec, names, options=a.get("options"), **params)]
    else:
        r = commands.run(spec, w.command, ruleset=a.get("ruleset"), options=a.get("options"), **params)
        results = [{"ruleset": a.get("ruleset") or spec.default_preset, "options": r["options"], "data": r["data"]}]
    return {"kind": kind, "args": a, "game": spec.name, "title": spec.title, "players": params["players"],
            "results": results}


# -- HTML --------------------------------------------------------------------------------------------------------
_CARD_TOKEN = re.compile(r"^(10|[2-9TJQKA])([SHDC])$")


def card_html(text: str) -> str:
    """One card as ``<span class="gm-card gm-red" title="Queen of Hearts">Q♥</span>``."""
    try:
        c = Card.parse(str(text))
    except NotationError:
        return f'<span class="gm-card">{e(str(text))}</span>'
    red = " gm-red" if c.suit.letter in "HD" else ""
    return (f'<span class="gm-card{red}" title="{e(c.name)}" aria-label="{e(c.name)}">'
            f'{e(str(c.rank))}{e(c.suit.symbol)}</span>')


def cards_html(cards: Any) -> str:
    if isinstance(cards, str):
        items = cards.split()
    elif isinstance(cards, list):
        items = [str(x) for x in cards]
    else:
        return e(str(cards))
    return '<span class="gm-hand">' + " ".join(card_html(x) for x in items) + "</span>"


def _looks_like_cards(v: Any) -> bool:
    if isinstance(v, str):
        toks = v.split()
    elif isinstance(v, list) and all(isinstance(x, str) for x in v):
        toks = v
    else:
        return False
    return bool(toks) and all(_CARD_TOKEN.match(t.upper()) for t in toks)


def seat_label(party: Any, players: int, game: str, roles: dict[int, str] | None = None) -> str:
    """``Seat 2``, with its role in this deal when known: ``Seat 0 (eldest)``, ``Seat 3 (dealer)``.

    ``roles`` maps seats to roles for one deal (from that deal's own record: the deal rotates, so the dealer is
    whoever the record says dealt it). Without ``roles`` no role is claimed. Non-seat parties (dishes, the box,
    the stock, the pool) are named in words."""
    if isinstance(party, bool) or not isinstance(party, int):
        return _PARTY_NAMES.get(str(party), str(party).capitalize()) if isinstance(party, str) else str(party)
    label = f"Seat {party}"
    role = (roles or {}).get(party)
    return f"{label} ({role})" if role else label


_PARTY_NAMES = {"post": "Post dish", "pair": "Pair dish", "seat": "Seat dish", "vyes": "Vyes", "box": "The box",
                "stock": "Score", "pool": "Pool"}


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


def _seats_words(seats: list, roles: dict[int, str] | None = None) -> str:
    """[0, 2] -> ``Seats 0 and 2``; [3] -> ``Seat 3 (dealer)``."""
    seats = [s for s in seats if isinstance(s, int) and not isinstance(s, bool)]
    if not seats:
        return "nobody"
    if len(seats) == 1:
        return e(seat_label(seats[0], 0, "", roles))
    nums = [str(s) for s in seats]
    return "Seats " + e(", ".join(nums[:-1]) + " and " + nums[-1])


def _clause_ref(cid: str, base: str) -> str:
    """A clause as a link with its statement, for prose."""
    c = lookup(cid)
    link = f'<a class="gm-clause" href="{e(base)}clauses/#{e(cid)}">{e(cid)}</a>'
    return f"{e(c.statement)} <small>({link})</small>" if c else link


def _status(clause_id: str) -> str:
    c = lookup(clause_id)
    return c.status if c else "unknown"


def _clause_link(cid: str, base: str, passages: dict | None) -> str:
    st = _status(cid)
    out = (f'<a class="gm-clause" href="{e(base)}clauses/#{e(cid)}">{e(cid)}</a> '
           f'<span class="gm-status gm-status-{e(st)}">{e(st)}</span>')
    for item in (passages or {}).get(cid, [])[:3]:
        try:
            pid, href = item[0], item[1]
        except (IndexError, TypeError, KeyError):
            continue
        out += f' <a class="gm-passage" href="{e(base)}{e(str(href))}" title="the passage behind this clause">§&nbsp;{e(str(pid))}</a>'
    return out


def ledger_html(lines: list[dict], players: int, game: str, base: str, passages: dict | None,
                deal: int | None = None, roles: dict[int, str] | None = None) -> str:
    if not lines:
        return '<p class="gm-empty">No counters moved.</p>'
    rows = []
    for ln in lines:
        cid = str(ln.get("clause", ""))
        rows.append(
            f'<tr data-from="{e(str(ln.get("from")))}" data-to="{e(str(ln.get("to")))}" '
            f'data-counters="{e(str(ln.get("counters")))}" data-clause="{e(cid)}"{_deal_attr(deal)}>'
            f'<td>{e(seat_label(ln.get("from"), players, game, roles))}</td>'
            f'<td>{e(seat_label(ln.get("to"), players, game, roles))}</td>'
            f'<td class="gm-num">{e(str(ln.get("counters")))}</td>'
            f'<td>{e(str(ln.get("stake", "")))}</td>'
            f'<td>{e(str(ln.get("reason", "")))}<br><small>{_clause_link(cid, base, passages)}</small></td></tr>')
    return ('<table class="gm-ledger"><thead><tr><th>From</th><th>To</th><th>Counters</th><th>Stake</th>'
            '<th>Why (clause and source)</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>")


def _deal_attr(deal: int | None) -> str:
    return "" if deal is None else f' data-deal="{deal}"'


def _hands_of(d: dict) -> list | None:
    for key in ("hands", "deal", "cards"):
        v = d.get(key)
        if isinstance(v, list) and v and all(_looks_like_cards(h) or h in ([], "") for h in v):
            return v
        if isinstance(v, dict) and isinstance(v.get("hands"), list):
            return v["hands"]
    return None


def _suit(v: Any) -> str:
    if isinstance(v, str) and v in SUIT_SYMBOLS:
        red = " gm-red" if v in "HD" else ""
        return f'<span class="gm-suit{red}" title="{e(SUIT_NAMES[v])}">{e(SUIT_SYMBOLS[v])} {e(SUIT_NAMES[v])}</span>'
    return e(str(v))


def _card_name(text: Any) -> str:
    try:
        return Card.parse(str(text)).name
    except NotationError:
        return str(text)


def _counters(k: Any) -> str:
    return f"{k} counter" + ("" if k == 1 else "s")


def _seat_table(n: int, hands: list | None, net: list | None, roles: dict[int, str], game: str, deal: int | None,
                notes: dict[int, str] | None = None) -> str:
    head = "<th>Seat</th>" + ("<th>Cards</th>" if hands else "") + ("<th>Net</th>" if net else "")
    rows = []
    for i in range(n):
        cells = f"<td>{e(seat_label(i, n, game, roles))}{(notes or {}).get(i, '')}</td>"
        if hands:
            cells += f"<td>{cards_html(hands[i]) if i < len(hands) else ''}</td>"
        if net:
            v = net[i] if i < len(net) else 0
            sign = "+" if isinstance(v, int) and v > 0 else ""
            cells += (f'<td class="gm-num" data-seat="{i}" data-net="{e(str(v))}"{_deal_attr(deal)}>'
                      f'{sign}{e(str(v))}</td>')
        rows.append(f"<tr>{cells}</tr>")
    return f'<table class="gm-seats"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def _facts(facts: list[tuple[str, str]]) -> str:
    if not facts:
        return ""
    return '<dl class="gm-facts">' + "".join(f"<dt>{e(k)}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>"


def _notes_html(notes: Any, base: str, title: str = "How it was decided") -> str:
    if not isinstance(notes, list) or not notes:
        return ""
    items = "".join(f'<li>{e(str(x.get("reason", "")))} <small><a class="gm-clause" href="{e(base)}clauses/#'
                    f'{e(str(x.get("clause", "")))}">{e(str(x.get("clause", "")))}</a></small></li>'
                    for x in notes if isinstance(x, dict))
    return f'<div class="gm-notes"><p class="gm-notes-title"><strong>{e(title)}</strong></p><ol>{items}</ol></div>'


def _actions_html(acts: Any, roles: dict[int, str] | None = None) -> str:
    if not isinstance(acts, list) or not acts:
        return ""
    items = []
    for a in acts[:400]:
        if isinstance(a, list) and len(a) == 2 and isinstance(a[0], int):
            items.append(f"<li>{e(seat_label(a[0], 0, '', roles))}: {e(str(a[1]))}</li>")
        else:
            items.append(f"<li>{e(str(a))}</li>")
    return (f'<details class="gm-actions"><summary>The moves in the engine\'s notation ({len(acts)})</summary>'
            f'<ol>{"".join(items)}</ol></details>')


# -- Post and Pair --------------------------------------------------------------------------------------------------
_DISHES = ("pair", "post", "seat")


def _pp_outcome(d: dict, roles: dict[int, str]) -> str | None:
    out = d.get("outcome")
    shown = d.get("shown") if isinstance(d.get("shown"), list) else []
    winners = d.get("winners") if isinstance(d.get("winners"), dict) else {}
    if out == "show":
        return f"Show-down: {_seats_words(shown, roles)} showed their cards."
    if out == "doubled":
        return ("Nobody vied and the dealer passed too: the stakes stay on the table and are doubled by the "
                "next deal's stakes.")
    if out == "unseen":
        who = next((v for v in winners.values() if isinstance(v, int)), None)
        return f"{_seats_words([who], roles)} took every stake unseen: nobody else was left in."
    if out == "no-seat":
        return "Nobody staked the Seat: the stakes stay on the table for the next deal."
    if out == "parted":
        return "The players still in agreed to part stakes: the table was shared out equally, odd counters to the box."
    return e(str(out)) if out is not None else None


def _dish_amounts(v: Any) -> str:
    if isinstance(v, dict):
        parts = [f"{k.capitalize()} {n}" for k, n in v.items() if n]
        return e(", ".join(parts)) + " counters" if parts else "nothing"
    if isinstance(v, int) and not isinstance(v, bool):
        return _counters(v) if v else "nothing"
    return e(str(v))


def _pp_html(d: dict, players: int, game: str, base: str, passages: dict | None, deal: int | None,
             compact: bool = False) -> str:
    hands = _hands_of(d)
    net = d.get("net") if isinstance(d.get("net"), list) else None
    n = len(hands) if hands else (len(net) if net else players)
    roles = roles_of(d, n)
    folded = set(d.get("folded") or []) if isinstance(d.get("folded"), list) else set()
    winners = d.get("winners") if isinstance(d.get("winners"), dict) else {}
    notes = {}
    for i in range(n):
        won = [k for k in _DISHES if winners.get(k) == i]
        note = " <small>(folded before the show)</small>" if i in folded else ""
        if won:
            note += f' <small class="gm-won">wins the {e(_and([w.capitalize() for w in won]))}</small>'
        notes[i] = note
    parts = [_seat_table(n, hands, net, roles, game, deal, notes) if (hands or net) else ""]
    facts: list[tuple[str, str]] = []
    oc = _pp_outcome(d, roles)
    if oc:
        facts.append(("What happened", oc))
    elif "carried" in d:
        live = [i for i in range(n) if i not in folded]
        facts.append(("What happened", f"Show-down of the hands of {_seats_words(live, roles)}."))
    if "trump" in d:
        t = d.get("trump")
        facts.append(("Trumps", _suit(t) if t else "none named: the cards were not shown"))
    if winners:
        facts.append(("Dishes won", "; ".join(
            f"{k.capitalize()}: {e(seat_label(winners[k], n, game, roles)) if isinstance(winners.get(k), int) else 'nobody'}"
            for k in _DISHES if k in winners)))
    if isinstance(d.get("pair_royal"), int) and not isinstance(d.get("pair_royal"), bool):
        facts.append(("Pair-royal", f"{e(seat_label(d['pair_royal'], n, game, roles))} holds three of a kind"))
    if "box" in d:
        facts.append(("To the box", _dish_amounts(d.get("box"))))
    if "carried_in" in d:
        facts.append(("Brought in from the last deal", _dish_amounts(d.get("carried_in"))))
    for key in ("carried_out", "carried"):
        if key in d:
            facts.append(("Left on the table for the next deal", _dish_amounts(d.get(key))))
    parts.append(_facts(facts))
    more = _notes_html(d.get("notes"), base)
    if isinstance(d.get("ledger"), list):
        more += ledger_html(d["ledger"], n, game, base, passages, deal, roles)
    if compact and more:
        more = (f'<details class="gm-more"><summary>How it was decided, and every counter that moved '
                f'({len(d.get("ledger") or [])} ledger lines)</summary>{more}</details>')
    parts.append(more)
    if isinstance(d.get("deals"), list) and deal is None:
        for j, sub in enumerate(d["deals"][:30]):
            if isinstance(sub, dict):
                parts.append(_deal_block(j, sub, f"dealt by {seat_label(sub.get('dealer'), n, game)}",
                                         _pp_html(sub, players, game, base, passages, j)))
    parts.append(_actions_html(d.get("actions"), roles))
    return "".join(parts)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _deal_block(j: int, sub: dict, what: str, body: str) -> str:
    return (f'<details class="gm-deal"{" open" if j == 0 else ""}><summary>Deal {j + 1}: {e(what)}</summary>'
            f"{body}</details>")


# -- Put ------------------------------------------------------------------------------------------------------------
_PUT_RESULTS = {
    "won": "{w} won the deal",
    "put-won": "{w} won the deal after a put that was seen: the game",
    "won-outright": "{w} won a deal played out without a put: the game",
    "put-refused": "{w} put and the other side would not see it",
    "double-refused": "{w} doubled and the other side would not play on",
    "thrown-up": "the other side threw up their cards: the deal to {w}",
    "trick-and-tie": "a trick each and a tie: nobody scores",
    "all-tied": "all three tricks tied: nobody scores",
}


def _put_side(seat: int, players: int, score_len: int) -> str:
    if score_len < players and score_len:  # partners: seats i and i + 2 score together
        return f"Seats {seat} and {seat + score_len}"
    return f"Seat {seat}"


def _put_deal_html(dd: dict, n: int, base: str, passages: dict | None) -> str:
    roles = roles_of(dd, n)
    rows = []
    events: dict[int, list[tuple[str, str]]] = {}
    for p in dd.get("puts") or []:
        ans = "; ".join(f"{seat_label(s, n, 'put', roles)} {'sees it' if a == 'see' else 'refuses'}"
                        for s, a in p.get("answers") or [])
        events.setdefault(p.get("trick", 0), []).append(
            ("Put", f"{e(seat_label(p.get('seat'), n, 'put', roles))} puts. {e(ans or 'No answer yet')}."))
    for x in dd.get("doubles") or []:
        frm = x.get("from")
        events.setdefault(x.get("trick", 0), []).append(
            ("Double", f"{e(seat_label(x.get('seat'), n, 'put', roles))} doubles the deal from {e(str(frm))} to "
                       f"{e(str(frm * 2 if isinstance(frm, int) else '?'))}: {e(str(x.get('answer') or 'no answer yet'))}."))
    for t in dd.get("throw_ups") or []:
        events.setdefault(t.get("trick", 0), []).append(
            ("Throw-up", f"{e(seat_label(t.get('seat'), n, 'put', roles))} throws up his cards."))
    tricks = dd.get("tricks") or []
    unfinished = dd.get("unfinished_trick")
    last = len(tricks) + (1 if unfinished or events.get(len(tricks) + 1) else 0)
    for i in range(1, last + 1):
        if i <= len(tricks):
            rows += [f'<tr class="gm-event"><th scope="row">{e(k)}</th><td colspan="2">{v}</td></tr>'
                     for k, v in events.get(i, [])]
            t = tricks[i - 1]
            plays = ", ".join(f"{e(seat_label(s, n, 'put', roles))} {card_html(c)}" for s, c in t.get("plays", []))
            w = t.get("winner")
            who = "tied" if w is None else f"{e(seat_label(w, n, 'put', roles))}"
            rows.append(f'<tr><th scope="row">Trick {i}</th><td>{plays}</td><td>{who}</td></tr>')
        else:
            if unfinished:
                plays = ", ".join(f"{e(seat_label(s, n, 'put', roles))} {card_html(c)}" for s, c in unfinished)
                rows.append(f'<tr><th scope="row">Trick {i}</th><td>{plays}</td><td>not finished</td></tr>')
            rows += [f'<tr class="gm-event"><th scope="row">{e(k)}</th><td colspan="2">{v}</td></tr>'
                     for k, v in events.get(i, [])]
    hands = dd.get("hands") if isinstance(dd.get("hands"), list) else None
    out = [_seat_table(n, hands, None, roles, "put", None)] if hands else []
    if dd.get("exchange"):
        ex = []
        for x in dd["exchange"]:
            if "gives" in x:
                ex.append(f"{e(seat_label(x.get('seat'), n, 'put', roles))} gives {cards_html(x['gives'])} to "
                          f"{e(seat_label(x.get('to'), n, 'put', roles))}")
            else:
                ex.append(f"{e(seat_label(x.get('seat'), n, 'put', roles))} lays out {cards_html(x.get('discards', ''))}")
        out.append("<p><small>Before play: " + "; ".join(ex) + ".</small></p>")
    if rows:
        out.append('<table class="gm-tricks"><thead><tr><th>Trick</th><th>Cards played, in order</th>'
                   f'<th>Won by</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
    r = dd.get("result") or {}
    if r:
        w = r.get("winner")
        text = _PUT_RESULTS.get(str(r.get("kind")), str(r.get("kind"))).format(
            w=seat_label(w, n, "put", roles) if w is not None else "nobody")
        text = text[:1].upper() + text[1:]
        cl = f' <small><a class="gm-clause" href="{e(base)}clauses/#{e(r["clause"])}">{e(r["clause"])}</a></small>' \
            if r.get("clause") else ""
        out.append(f'<p class="gm-outcome"><strong>Result:</strong> {e(text)}.{cl}</p>')
    pts = dd.get("points") or []
    if pts:
        out.append('<ul class="gm-points">' + "".join(
            f'<li><strong>{e(seat_label(p.get("seat"), n, "put", roles))}: +{e(str(p.get("points")))}</strong> '
            f'({e(str(p.get("reason", "")))}) <small>{_clause_link(str(p.get("clause", "")), base, passages)}</small></li>'
            for p in pts) + "</ul>")
    elif r and r.get("kind") not in ("put-won", "won-outright"):
        out.append('<p class="gm-empty"><small>No points scored in this deal.</small></p>')
    return "".join(out)


def _put_summary(dd: dict, n: int) -> str:
    r = dd.get("result") or {}
    w = r.get("winner")
    pts = sum(p.get("points", 0) for p in dd.get("points") or [] if isinstance(p.get("points"), int))
    what = {"trick-and-tie": "trick and tie", "all-tied": "all tied", "put-refused": "a put refused",
            "double-refused": "a double refused", "thrown-up": "cards thrown up",
            "put-won": "a put seen and won", "won-outright": "won outright"}.get(str(r.get("kind")), "")
    dealer = dd.get("dealer")
    bits = [f"Seat {dealer} deals" if isinstance(dealer, int) else "", what]
    if isinstance(w, int):
        bits.append(f"Seat {w} " + (f"+{pts}" if pts else "takes the game" if r.get("kind") in ("put-won", "won-outright")
                                   else "scores nothing"))
    return " · ".join(b for b in bits if b)


def _put_html(d: dict, players: int, base: str, passages: dict | None) -> str:
    n = int(d.get("players") or players)
    parts = []
    facts: list[tuple[str, str]] = []
    cut = d.get("cut")
    if isinstance(cut, list) and cut:
        rounds = ["; ".join(f"{e(seat_label(s, n, 'put'))} cut {card_html(c)}" for s, c in rnd) for rnd in cut]
        fd = d.get("first_dealer")
        facts.append(("Cut for the deal", " — then ".join(rounds)
                      + (f": {e(seat_label(fd, n, 'put'))} deals first" if isinstance(fd, int) else "")))
    score = d.get("score")
    if isinstance(score, list) and score:
        facts.append(("Final score", ", ".join(
            f"{e(_put_side(i, n, len(score)))}: {v} point{'s' if v != 1 else ''}" for i, v in enumerate(score))))
    w = d.get("winner")
    if "winner" in d:
        facts.append(("Winner", e(_put_side(w, n, len(score) if isinstance(score, list) else n))
                      if isinstance(w, int) else "nobody yet"))
    if d.get("won_by"):
        facts.append(("How the game was won", _clause_ref(str(d["won_by"]), base)))
    parts.append(_facts(facts))
    deals = [x for x in (d.get("deals") or [])[:30] if isinstance(x, dict)]
    for j, dd in enumerate(deals):
        parts.append(_deal_block(j, dd, _put_summary(dd, n), _put_deal_html(dd, n, base, passages)))
    if isinstance(d.get("ledger"), list) and d["ledger"]:
        parts.append(f'<details class="gm-ledger-all"><summary>The score sheet: every point in order '
                     f'({len(d["ledger"])})</summary>{ledger_html(d["ledger"], n, "put", base, passages)}</details>')
    parts.append(_actions_html(d.get("actions")))
    return "".join(parts)


# -- Speculation ----------------------------------------------------------------------------------------------------
def _spec_deal_html(dd: dict, n: int, base: str, passages: dict | None, deal: int) -> str:
    roles = roles_of(dd, n)
    hands = dd.get("hands") if isinstance(dd.get("hands"), list) else None
    net = dd.get("net") if isinstance(dd.get("net"), list) else None
    notes = {}
    if isinstance(dd.get("winner"), int):
        notes[dd["winner"]] = ' <small class="gm-won">takes the pool</small>'
    for s in dd.get("peeks") or []:
        if isinstance(s, int):
            notes[s] = notes.get(s, "") + " <small>(looked out of turn)</small>"
    parts = [_seat_table(n, hands, net, roles, "speculation", deal, notes)]
    facts: list[tuple[str, str]] = []
    if dd.get("turn_up"):
        facts.append(("Turn-up", f"{card_html(dd['turn_up'])}: trumps are {_suit(dd.get('trump'))}"))
    if dd.get("spare"):
        facts.append(("Spare hand", cards_html(dd["spare"])))
    if dd.get("carried_in"):
        facts.append(("Brought in from the last deal", _counters(dd["carried_in"])))
    exp = dd.get("exposures") or []
    if exp:
        facts.append(("Cards turned, in order", '<span class="gm-turns">' + " → ".join(
            f'<span class="gm-turn">{e(seat_label(s, n, "speculation"))}&nbsp;{card_html(c)}</span>'
            for s, c in exp) + "</span>"))
    offers = dd.get("offers") or []
    if offers:
        items = []
        for o in offers:
            what = "the turn-up" if o.get("what") == "turn-up" else (
                "the best trump" if o.get("what") == "best" else e(str(o.get("what"))))
            bids = [f"{e(seat_label(s, n, 'speculation', roles))} {('bids ' + str(b)) if b is not None else 'passes'}"
                    for s, b in o.get("bids") or []]
            if o.get("result") == "sold":
                end = (f"sold to {e(seat_label(o.get('buyer'), n, 'speculation', roles))} for "
                       f"{_counters(o.get('price'))}")
            else:
                end = "not sold" if o.get("result") == "refused" else e(str(o.get("result")))
            items.append(f"<li>{e(seat_label(o.get('seller'), n, 'speculation', roles))} offers {what} "
                         f"({cards_html(o.get('cards') or [])}): {', '.join(bids) or 'no bids'}; {end}.</li>")
        facts.append(("Trading", f'<ul class="gm-offers">{"".join(items)}</ul>'))
    if dd.get("passed"):
        facts.append(("The deal passes", "the turn-up is an Ace or a court card, so its holder takes the pool at "
                                         "once"))
    if dd.get("best"):
        w = dd.get("winner")
        who = (f"{e(seat_label(w, n, 'speculation', roles))} takes the pool" if isinstance(w, int)
               else e(str(dd.get("pool_stays") or "nobody takes the pool")))
        facts.append(("Best trump", f"{card_html(dd['best'])} ({e(_card_name(dd['best']))}): {who}"))
    if dd.get("carried_out"):
        facts.append(("Left in the pool for the next deal", _counters(dd["carried_out"])))
    parts.append(_facts(facts))
    if isinstance(dd.get("ledger"), list):
        parts.append(ledger_html(dd["ledger"], n, "speculation", base, passages, deal, roles))
    return "".join(parts)


def _spec_html(d: dict, players: int, base: str, passages: dict | None) -> str:
    n = int(d.get("players") or players)
    net = d.get("net") if isinstance(d.get("net"), list) else None
    deals = [x for x in (d.get("deals") or [])[:30] if isinstance(x, dict)]
    parts = []
    if net:
        parts.append('<p class="gm-caption"><small>Counters won or lost over the whole game:</small></p>'
                     + _seat_table(n, None, net, {}, "speculation", None))
    facts: list[tuple[str, str]] = [("Deals", str(len(d.get("deals") or [])))]
    if "pool_left" in d:
        pl = d.get("pool_left")
        facts.append(("Left in the pool at the end", _counters(pl) if pl else "nothing"))
    parts.append(_facts(facts))
    if isinstance(d.get("ledger"), list):
        parts.append(ledger_html(d["ledger"], n, "speculation", base, passages))
    for j, dd in enumerate(deals):
        w = dd.get("winner")
        what = (f"Seat {dd.get('dealer')} deals · turn-up {_card_name(dd.get('turn_up'))}"
                + (f" · Seat {w} takes the pool" if isinstance(w, int) else ""))
        parts.append(_deal_block(j, dd, what, _spec_deal_html(dd, n, base, passages, j)))
    parts.append(_actions_html(d.get("actions")))
    return "".join(parts)


def result_html(d: dict, players: int, game: str, base: str, passages: dict | None, *,
                deal: int | None = None, compact: bool = False) -> str:
    """One settled deal or played game, in words and tables for a reader."""
    if game == "put":
        return _put_html(d, players, base, passages)
    if game == "speculation":
        return _spec_html(d, players, base, passages)
    return _pp_html(d, players, game, base, passages, deal, compact)


def _ruleset_label(spec: Any, opts_string: str, name: str) -> str:
    """A preset's name, or the nearest preset and what differs from it: ``reconstruction, but ten_ace=11``."""
    try:
        presets = spec.presets
        opts = spec.parse_ruleset(opts_string)
    except (ValueError, AttributeError):
        return name
    best = None
    for p in presets.values():
        diff = [s.name for s in spec.options.specs() if getattr(p.options, s.name) != getattr(opts, s.name)]
        if best is None or len(diff) < len(best[1]):
            best = (p.name, diff)
    if best is None:
        return name
    if not best[1]:
        return best[0]
    return best[0] + ", but " + ", ".join(f"{k}={getattr(opts, k)}" for k in best[1])


def _compare_table(results: list[dict], labels: list[str]) -> tuple[str, list[str]]:
    """The outcome under each ruleset side by side (rows: trumps, each dish, each seat's net), differing rows
    marked; and the names of what differs, in words."""
    ds = [r["data"] for r in results]
    rows, changed = [], []

    def row(name: str, cells: list[str], keys: list[str]) -> None:
        differs = len(set(keys)) > 1
        if differs:
            changed.append(name)
        cls = ' class="gm-differs-row"' if differs else ""
        mark = ' <mark class="gm-differs">differs</mark>' if differs else ""
        rows.append(f"<tr{cls}><th scope=\"row\">{e(name)}{mark}</th>" + "".join(f"<td>{c}</td>" for c in cells)
                    + "</tr>")

    row("Trumps", [_suit(d.get("trump")) if d.get("trump") else "none" for d in ds],
        [json.dumps(d.get("trump")) for d in ds])
    for dish in _DISHES:
        vals = [(d.get("winners") or {}).get(dish) for d in ds]
        row(f"{dish.capitalize()} dish", [f"Seat {v}" if isinstance(v, int) else "nobody" for v in vals],
            [json.dumps(v) for v in vals])
    nets = [d.get("net") or [] for d in ds]
    for i in range(max((len(x) for x in nets), default=0)):
        vals = [x[i] if i < len(x) else 0 for x in nets]
        row(f"Seat {i}, counters", [f"{v:+d}" if isinstance(v, int) else e(str(v)) for v in vals],
            [str(v) for v in vals])
    if any(d.get("box") for d in ds):
        row("To the box", [_counters(d.get("box") or 0) for d in ds], [str(d.get("box")) for d in ds])
    head = "<th></th>" + "".join(f"<th>{e(lab)}</th>" for lab in labels)
    return (f'<table class="gm-compare-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            "</table>", changed)


def _only_notes(results: list[dict], labels: list[str], base: str) -> str:
    """The steps of reasoning (engine notes and paying-out lines) that one ruleset takes and the others do not."""
    def steps(d: dict) -> list[tuple[str, str]]:
        out = [(str(x.get("clause")), str(x.get("reason"))) for x in (d.get("notes") or []) if isinstance(x, dict)]
        out += [(str(x.get("clause")), str(x.get("reason"))) for x in (d.get("ledger") or [])
                if isinstance(x, dict) and not isinstance(x.get("from"), int)]  # payouts, not stakes
        return out

    sets = [steps(r["data"]) for r in results]
    items = []
    for i, (lab, mine) in enumerate(zip(labels, sets, strict=False)):
        others = {n for j, s in enumerate(sets) if j != i for n in s}
        own = list(dict.fromkeys(n for n in mine if n not in others))
        if own:
            items.append(f"<li>Under <em>{e(lab)}</em>:<ul>" + "".join(
                f'<li>{e(r)} <small>(<a class="gm-clause" href="{e(base)}clauses/#{e(c)}">{e(c)}</a>)</small></li>'
                for c, r in own[:6]) + "</ul></li>")
    return ('<p><small>Why: the steps each reading takes that the other does not.</small></p>'
            f'<ul class="gm-why">{"".join(items)}</ul>') if items else ""



def render_data(data: dict[str, Any], *, base: str = "../", passages: dict | None = None) -> str:
    kind, game, players = data["kind"], data["game"], data["players"]
    args_json = json.dumps(data["args"], sort_keys=True, ensure_ascii=False)
    head = (f'<div class="gm-example" data-kind="{e(kind)}" data-game="{e(game)}" data-args="{e(args_json)}">')
    results = data["results"]
    if kind == "pp-compare":
        spec = get_game(game)
        labels = [_ruleset_label(spec, r["options"], r["ruleset"]) for r in results]
        table, changed = _compare_table(results, labels)
        if changed:
            lead = ("<p><strong>What the readings change on these cards:</strong> "
                    + e(_and([c[:1].lower() + c[1:] for c in changed if not c.endswith(", counters")]
                             or ["the counters"])) + ".</p>")
        else:
            lead = ("<p><strong>On these cards the readings agree</strong>: the same dishes go to the same hands and "
                    "every counter ends in the same place.</p>")
        summary = f'<div class="gm-diff">{lead}{table}{_only_notes(results, labels, base)}</div>'
        cols = []
        for r, lab in zip(results, labels, strict=False):
            d = r["data"]
            cols.append(f'<section class="gm-col" data-ruleset="{e(r["ruleset"])}"><h4>{e(lab)}</h4>'
                        f'<p class="gm-options-string"><small><code>{e(r["options"])}</code></small></p>'
                        + f'{result_html(d, players, game, base, passages, compact=True)}</section>')
        return head + summary + '<div class="gm-compare">' + "".join(cols) + "</div></div>"
    r = results[0]
    cap = (f'<p class="gm-ruleset">Ruleset <strong>{e(r["ruleset"])}</strong>: '
           f'<code>{e(r["options"])}</code></p>')
    return head + cap + result_html(r["data"], players, game, base, passages) + "</div>"


def render(kind: str, args: dict[str, Any], *, base: str = "../", passages: dict | None = None) -> str:
    """The HTML for one example (see the module doc)."""
    return render_data(compute(kind, args), base=base, passages=passages)


def parse_marker_args(text: str) -> dict[str, str]:
    """``seed=1674 players=4 hands="QH QD QC|KS KH KD"`` -> a dict of text values (quotes ' or ")."""
    out: dict[str, str] = {}
    pos = 0
    text = text.strip()
    pat = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_-]*)=(\"[^\"]*\"|'[^']*'|[^\s\"']+)\s*")
    while pos < len(text):
        m = pat.match(text, pos)
        if not m:
            raise RulesetError(f"cannot read marker arguments at {text[pos:pos + 30]!r}: write name=value or "
                               "name=\"value with spaces\"")
        k, v = m.group(1), m.group(2)
        if v[:1] in "\"'":
            v = v[1:-1]
        if k in out:
            raise RulesetError(f"argument {k} given twice")
        out[k] = v
        pos = m.end()
    return out

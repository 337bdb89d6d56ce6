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

Bad arguments raise :class:`~gamester.errors.RulesetError` or :class:`~gamester.errors.NotationError` (both
``ValueError``) with a message naming the argument. Everything written into HTML goes through
:func:`html.escape`. Stdlib only.
"""

from __future__ import annotations

import argparse
import html
import json
import re
from typing import Any

from .cards import SUIT_SYMBOLS, Card
from .errors import NotationError, RulesetError

KINDS = ("pp-deal", "pp-settle", "pp-compare", "put-play", "spec-play")
GAME_OF_KIND = {"pp-deal": "post-and-pair", "pp-settle": "post-and-pair", "pp-compare": "post-and-pair",
                "put-play": "put", "spec-play": "speculation"}
_ALLOWED = {
    "pp-deal": {"seed", "players", "ruleset", "options", "bots"},
    "pp-settle": {"hands", "folded", "ruleset", "options"},
    "pp-compare": {"seed", "players", "hands", "folded", "rulesets", "options", "bots"},
    "put-play": {"seed", "players", "ruleset", "options", "bots", "deals"},
    "spec-play": {"seed", "players", "ruleset", "options", "bots", "deals"},
}
_REQUIRED = {"pp-deal": ("seed",), "pp-settle": ("hands",), "pp-compare": ("rulesets",),
             "put-play": ("seed",), "spec-play": ("seed",)}
_DEFAULT_PLAYERS = {"post-and-pair": 4, "put": 2, "speculation": 4}
MAX_SEED = 2**63 - 1

e = html.escape


# -- arguments ---------------------------------------------------------------------------------------------------
def marker_kind(verb: str, game: str, args: dict[str, str]) -> str:
    """``example post-and-pair seed=..`` -> ``pp-deal``; ``example post-and-pair hands=..`` -> ``pp-settle``;
    ``compare post-and-pair ..`` -> ``pp-compare``; ``example put ..`` -> ``put-play``; ``example speculation ..``
    -> ``spec-play``."""
    if game == "post-and-pair":
        if verb == "compare":
            return "pp-compare"
        return "pp-settle" if "hands" in args else "pp-deal"
    if verb == "compare":
        raise RulesetError(f"'compare' is only for post-and-pair, not {game!r}")
    if game == "put":
        return "put-play"
    if game == "speculation":
        return "spec-play"
    raise RulesetError(f"unknown game {game!r}: expected post-and-pair, put or speculation")


def check_args(kind: str, args: Any) -> dict[str, str]:
    """Validate the argument names and shapes for ``kind`` (values are checked again by the engine)."""
    if kind not in KINDS:
        raise RulesetError(f"unknown example kind {kind!r}: expected one of {', '.join(KINDS)}")
    if not isinstance(args, dict):
        raise RulesetError(f"arguments for {kind} must be a mapping of names to text, not {type(args).__name__}")
    out: dict[str, str] = {}
    for k, v in args.items():
        if not isinstance(k, str) or k not in _ALLOWED[kind]:
            raise RulesetError(f"unknown argument {str(k)[:40]!r} for {kind}: expected {', '.join(sorted(_ALLOWED[kind]))}")
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise RulesetError(f"argument {k} for {kind} must be text, not {type(v).__name__}")
        v = str(v)
        if len(v) > 400:
            raise RulesetError(f"argument {k} for {kind} is too long ({len(v)} characters)")
        out[k] = v
    for k in _REQUIRED[kind]:
        if k not in out:
            raise RulesetError(f"{kind} needs the argument {k}=...")
    if kind == "pp-compare" and ("seed" in out) == ("hands" in out):
        raise RulesetError("pp-compare needs either seed=... or hands=..., not both or neither")
    return out


def _int(name: str, text: str, lo: int, hi: int) -> int:
    t = text.strip()
    if not re.fullmatch(r"\d{1,19}", t) or not lo <= int(t) <= hi:
        raise RulesetError(f"argument {name}={text[:40]!r}: expected a whole number {lo}..{hi}")
    return int(t)


def _options(spec: Any, ruleset: str | None, options: str | None) -> Any:
    opts = spec.parse_ruleset(ruleset) if ruleset else spec.default_options()
    if options:
        pairs: dict[str, str] = {}
        for item in re.split(r"[;,]", options):
            if not item.strip():
                continue
            if "=" not in item:
                raise RulesetError(f"cannot read option {item.strip()!r}: write options=\"name=value;name=value\"")
            k, v = item.split("=", 1)
            pairs[k.strip()] = v.strip()
        opts = opts.with_options(pairs)
    return opts


def _namespace(spec: Any, a: dict[str, str]) -> argparse.Namespace:
    lo, hi = spec.players
    hands = [h.strip() for h in a["hands"].split("|")] if "hands" in a else []
    players = len(hands) if hands else _DEFAULT_PLAYERS.get(spec.name, lo)
    if "players" in a:
        players = _int("players", a["players"], lo, hi)
    folded = []
    if a.get("folded", "").strip():
        folded = [_int("folded", f, 0, 99) for f in a["folded"].split(",")]
    bots = [b.strip() for b in a.get("bots", "").split(",") if b.strip()]
    return argparse.Namespace(
        players=players, seed=_int("seed", a["seed"], 0, MAX_SEED) if "seed" in a else None,
        hand=hands, folded=folded, bots=bots,
        deals=_int("deals", a["deals"], 1, 1000) if "deals" in a else None,
        json=True, ruleset=a.get("ruleset"), option=[])


def _run(spec: Any, command: str, opts: Any, ns: argparse.Namespace) -> dict[str, Any]:
    handler = spec.cli.get(command)
    if handler is None:
        raise RulesetError(f"{spec.name} has no '{command}' command in the engine")
    data, _text = handler(opts, ns)
    if not isinstance(data, dict):
        raise RulesetError(f"{spec.name} {command} returned {type(data).__name__}, expected a JSON object")
    # Round-trip through JSON so that both hosts see exactly the same plain data.
    return json.loads(json.dumps(data))


def compute(kind: str, args: dict[str, Any]) -> dict[str, Any]:
    """The engine result behind ``render(kind, args)`` (see the module doc)."""
    from .registry import get_game

    a = check_args(kind, args)
    spec = get_game(GAME_OF_KIND[kind])
    ns = _namespace(spec, a)
    results = []
    if kind == "pp-compare":
        names = [r.strip() for r in a["rulesets"].split(",") if r.strip()]
        if len(names) < 2:
            raise RulesetError(f"pp-compare needs at least two rulesets, got {a['rulesets']!r}")
        command = "settle" if ns.hand else "deal"
        for name in names:
            opts = _options(spec, name, a.get("options"))
            ns.ruleset = name
            results.append({"ruleset": name, "options": opts.to_string(), "data": _run(spec, command, opts, ns)})
    else:
        command = {"pp-deal": "deal", "pp-settle": "settle"}.get(kind, "play")
        opts = _options(spec, a.get("ruleset"), a.get("options"))
        results.append({"ruleset": a.get("ruleset") or spec.default_preset, "options": opts.to_string(),
                        "data": _run(spec, command, opts, ns)})
    return {"kind": kind, "args": a, "game": spec.name, "title": spec.title, "players": ns.players,
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


def seat_label(party: Any, players: int, game: str) -> str:
    if isinstance(party, bool) or not isinstance(party, int):
        return str(party).capitalize() if isinstance(party, str) else str(party)
    label = f"Seat {party}"
    if game == "post-and-pair" or game == "speculation":
        if party == 0:
            label += " (eldest)"
        elif party == players - 1:
            label += " (dealer)"
    return label


def _status(clause_id: str) -> str:
    from .clauses import _REGISTRY  # the registry as it stands; a clause id the engine emits is registered

    c = _REGISTRY.get(clause_id)
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
                deal: int | None = None) -> str:
    if not lines:
        return '<p class="gm-empty">No counters moved.</p>'
    rows = []
    for ln in lines:
        cid = str(ln.get("clause", ""))
        rows.append(
            f'<tr data-from="{e(str(ln.get("from")))}" data-to="{e(str(ln.get("to")))}" '
            f'data-counters="{e(str(ln.get("counters")))}" data-clause="{e(cid)}"{_deal_attr(deal)}>'
            f'<td>{e(seat_label(ln.get("from"), players, game))}</td>'
            f'<td>{e(seat_label(ln.get("to"), players, game))}</td>'
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


def _scalar(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str) and v in SUIT_SYMBOLS:
        red = " gm-red" if v in "HD" else ""
        from .cards import SUIT_NAMES
        return f'<span class="gm-suit{red}" title="{e(SUIT_NAMES[v])}">{e(SUIT_SYMBOLS[v])} {e(SUIT_NAMES[v])}</span>'
    if _looks_like_cards(v):
        return cards_html(v)
    if isinstance(v, (dict, list)):
        return f"<code>{e(json.dumps(v, ensure_ascii=False))}</code>"
    return e(str(v))


_SEATLIKE = re.compile(r"(dealer|winner|seat|chief|eldest|holder|leader)$")
_SKIP = {"ledger", "net", "box", "hands", "deal", "actions", "deals", "game", "ruleset", "seed", "players",
         "winners", "trump", "folded", "history"}


def result_html(d: dict, players: int, game: str, base: str, passages: dict | None, *, depth: int = 0,
                deal: int | None = None) -> str:
    """One settled deal or played game."""
    parts: list[str] = []
    hands = _hands_of(d)
    net = d.get("net") if isinstance(d.get("net"), list) else None
    folded = set(d.get("folded") or []) if isinstance(d.get("folded"), list) else set()
    winners = d.get("winners") if isinstance(d.get("winners"), dict) else None
    n = len(hands) if hands else (len(net) if net else players)
    if hands or net:
        head = "<th>Seat</th>" + ("<th>Cards</th>" if hands else "") + ("<th>Net</th>" if net else "")
        rows = []
        for i in range(n):
            won = [k for k, s in (winners or {}).items() if s == i]
            note = " <small>(dropped out)</small>" if i in folded else ""
            if won:
                note += f' <small class="gm-won">wins {e(", ".join(won))}</small>'
            cells = f"<td>{e(seat_label(i, n, game))}{note}</td>"
            if hands:
                cells += f"<td>{cards_html(hands[i]) if i < len(hands) else ''}</td>"
            if net:
                v = net[i] if i < len(net) else 0
                sign = "+" if isinstance(v, int) and v > 0 else ""
                cells += (f'<td class="gm-num" data-seat="{i}" data-net="{e(str(v))}"{_deal_attr(deal)}>'
                          f'{sign}{e(str(v))}</td>')
            rows.append(f"<tr>{cells}</tr>")
        parts.append(f'<table class="gm-seats"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    facts = []
    if "trump" in d:
        facts.append(("Trump suit", _scalar(d.get("trump"))))
    if winners:
        facts.append(("Winners", ", ".join(f"{e(str(k))}: {e(seat_label(v, n, game)) if v is not None else 'nobody'}"
                                          for k, v in winners.items())))
    if "box" in d:
        facts.append(("To the box", e(str(d.get("box")))))
    for k, v in d.items():
        if k in _SKIP or (depth and k in ("kind",)):
            continue
        if _SEATLIKE.search(k) and isinstance(v, int) and not isinstance(v, bool):
            facts.append((k.replace("_", " ").capitalize(), e(seat_label(v, n, game))))
        elif isinstance(v, (str, int, float, bool)) or v is None or (isinstance(v, list) and len(v) <= 12
                                                                    and all(not isinstance(x, (dict, list)) for x in v)):
            facts.append((k.replace("_", " ").capitalize(), _scalar(v)))
    if facts:
        parts.append('<dl class="gm-facts">' + "".join(f"<dt>{e(k)}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>")
    if isinstance(d.get("ledger"), list):
        parts.append(ledger_html(d["ledger"], n, game, base, passages, deal))
    if isinstance(d.get("deals"), list) and depth == 0:
        for j, sub in enumerate(d["deals"][:30]):
            if isinstance(sub, dict):
                parts.append(f'<details class="gm-deal"><summary>Deal {j + 1}</summary>'
                             f'{result_html(sub, players, game, base, passages, depth=1, deal=j)}</details>')
    acts = d.get("actions") or d.get("history")
    if isinstance(acts, list) and acts:
        items = "".join(f"<li>{e(str(a))}</li>" for a in acts[:400])
        parts.append(f'<details class="gm-actions"><summary>Actions ({len(acts)})</summary><ol>{items}</ol></details>')
    return "".join(parts)


def _differs(results: list[dict]) -> list[str]:
    keys = ("trump", "winners", "net", "box")
    out = []
    for k in keys:
        vals = [json.dumps(r["data"].get(k), sort_keys=True) for r in results]
        if len(set(vals)) > 1:
            out.append(k)
    return out


def render_data(data: dict[str, Any], *, base: str = "../", passages: dict | None = None) -> str:
    kind, game, players = data["kind"], data["game"], data["players"]
    args_json = json.dumps(data["args"], sort_keys=True, ensure_ascii=False)
    head = (f'<div class="gm-example" data-kind="{e(kind)}" data-game="{e(game)}" data-args="{e(args_json)}">')
    results = data["results"]
    if kind == "pp-compare":
        diff = _differs(results)
        summary = ('<p class="gm-diff">The rulesets differ on: <strong>' + e(", ".join(diff)) + "</strong>.</p>"
                   if diff else '<p class="gm-diff">On this deal the rulesets agree.</p>')
        cols = []
        for r in results:
            d = r["data"]
            marks = " ".join(f'<mark class="gm-differs">{e(k)} differs</mark>' for k in diff)
            cols.append(f'<section class="gm-col" data-ruleset="{e(r["ruleset"])}"><h4>{e(r["ruleset"])}</h4>'
                        f'<p><code>{e(r["options"])}</code></p><p>{marks}</p>'
                        f'{result_html(d, players, game, base, passages)}</section>')
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

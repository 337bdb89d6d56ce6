"""HTML renderings of engine results: one renderer for both hosts.

The site's build-time hooks (CPython) and the browser widgets (Pyodide) call the *same* function with the *same*
arguments, so a live widget's first state and the static example printed on the page agree by construction.

    >>> from gamester import render
    >>> html = render.render(kind, args)      # doctest: +SKIP
    >>> data = render.compute(kind, args)     # doctest: +SKIP

API (stable; the widget worker relies on it):

``render(kind, args, *, base="../", passages=None) -> str``
    The HTML fragment for one example. ``kind`` is one of :func:`widgets`; ``args`` is the dict of text values that
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

Kinds and their arguments (all values are text, as written in a marker): each kind is a game's (its
``GameSpec.widgets``) and runs one of the game's commands, whose declared parameters (``gamester.registry.Param``)
are the kind's arguments, each read from its text by the parameter (a list in one text, its items separated as the
parameter says); besides them a kind takes ``ruleset`` (a preset or ruleset string) and ``options`` (``"k=v;k=v"``
overrides), and a comparison ``rulesets`` (comma-separated, two or more) instead of ``ruleset``. ``required`` and
``one_of`` of the kind say which must be given. ``<!-- example GAME ... -->`` picks the kind by its arguments.

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
from dataclasses import replace
from typing import Any

from . import commands
from .errors import RulesetError
from .html import Markup, h, named
from .registry import GameSpec, Param, WidgetSpec, all_games, get_game
from .words import Names

MAX_SEED = 2**63 - 1

e = html.escape


# -- arguments ---------------------------------------------------------------------------------------------------
def widgets() -> dict[str, tuple[GameSpec, WidgetSpec]]:
    """Every widget kind any game declares: kind -> (game, widget)."""
    return {w.kind: (spec, w) for spec in all_games().values() for w in spec.site.widgets.values()}


def marker_kind(verb: str, game: str, args: dict[str, str]) -> str:
    """Which of ``game``'s widget kinds a page marker ``<!-- VERB GAME args -->`` means: the first whose marker
    verb is ``verb`` and whose required arguments are all given (``example post-and-pair hands=..`` is a
    show-down of those hands, ``example post-and-pair seed=..`` a deal)."""
    spec = get_game(game)
    kinds = [w for w in spec.site.widgets.values() if w.marker == verb]
    if not kinds:
        raise RulesetError(f"{spec.name} has no '{verb}' example")
    for w in kinds:
        if all(k in args for k in w.required) and (not w.one_of or any(k in args for k in w.one_of)):
            return w.kind
    return kinds[-1].kind  # check_args will say what is missing


#: The arguments every kind takes besides its command's parameters: a ruleset (two or more, to compare) and options.
RULES_ARGS = ("ruleset", "options")
COMPARE_ARGS = ("rulesets", "options")


def widget_params(spec: GameSpec, w: WidgetSpec, args: Any = None) -> tuple[Param, ...]:
    """The parameters a kind takes, as its game's command declares them (a comparison: those of the command the
    arguments pick, or of every command it may compare), with the kind's own bound on players."""
    if w.command == "compare":
        given = {k: v for k, v in (args or {}).items() if k not in COMPARE_ARGS}
        names = [commands.compared(spec, given)] if given else [k for k, c in spec.commands.items() if c.compares]
    else:
        names = [w.command]
    out: dict[str, Param] = {}
    for name in names:
        for p in commands.command(spec, name).params:
            if p.name == "players" and w.max_players and p.range and w.max_players < p.range[1]:
                p = replace(p, range=(p.range[0], w.max_players))
            out.setdefault(p.name, p)
    return tuple(out.values())


def check_args(kind: str, args: Any) -> dict[str, str]:
    """Validate the argument names and shapes for ``kind`` (values are read by the parameters the game declares)."""
    known = widgets()
    if kind not in known:
        raise RulesetError(f"unknown example kind {str(kind)[:40]!r}: expected one of {', '.join(sorted(known))}")
    spec, w = known[kind]
    if not isinstance(args, dict):
        raise RulesetError(f"arguments for {kind} must be a mapping of names to text, not {type(args).__name__}")
    takes = (*(COMPARE_ARGS if w.command == "compare" else RULES_ARGS), *(p.name for p in widget_params(spec, w)))
    out: dict[str, str] = {}
    for k, v in args.items():
        if not isinstance(k, str) or k not in takes:
            raise RulesetError(f"unknown argument {str(k)[:40]!r} for {kind}: expected {', '.join(sorted(takes))}")
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


def params(kind: str, args: dict[str, str]) -> dict[str, Any]:
    """A marker's text arguments (checked by :func:`check_args`) as the values its command's parameters read."""
    spec, w = widgets()[kind]
    return {p.name: p.read(args[p.name]) for p in widget_params(spec, w, args) if p.name in args}


def compute(kind: str, args: dict[str, Any]) -> dict[str, Any]:
    """The engine result behind ``render(kind, args)`` (see the module doc)."""
    a = check_args(kind, args)
    spec, w = widgets()[kind]
    values = params(kind, a)
    if w.command == "compare":
        names = [r.strip() for r in a["rulesets"].split(",") if r.strip()]
        if len(names) < 2:
            raise RulesetError(f"{kind} needs at least two rulesets, got {a['rulesets']!r}")
        runs = commands.compare(spec, names, options=a.get("options"), **values)
        results = [{"ruleset": r["ruleset"], "options": r["options"], "data": r["data"]} for r in runs]
    else:
        runs = [commands.run(spec, w.command, ruleset=a.get("ruleset"), options=a.get("options"), **values)]
        results = [{"ruleset": a.get("ruleset") or spec.default_preset, "options": runs[0]["options"],
                    "data": runs[0]["data"]}]
    return {"kind": kind, "args": a, "game": spec.name, "title": spec.title, "players": runs[0]["seats"],
            "results": results}


def preset_words(name: str) -> str:
    """A ruleset's name as a reader reads it: ``cotton-1674`` -> ``Cotton 1674``, ``short-pack`` -> ``Short pack``
    (for a name no preset declares a title for)."""
    t = str(name).replace("-", " ").replace("_", " ").strip()
    return t[:1].upper() + t[1:]


def _option_words(spec: Any, value: Any) -> str:
    """An option's value in the words the game declares for it (its :func:`gamester.options.option` ``words``)."""
    return dict(spec.words).get(str(value), str(value))


def _ruleset_label(spec: Any, opts_string: str, name: str) -> str:
    """A ruleset in words: the nearest preset's title and what differs from it, each option by its label and each
    value by the words the game declares, never the settings string: ``Cotton's rules (1674), gaps filled, except
    deals in the game: 2``."""
    try:
        presets = spec.presets
        opts = spec.parse_ruleset(opts_string)
    except (ValueError, AttributeError):
        return preset_words(name)
    best = None
    for p in presets.values():
        diff = [s for s in spec.options.specs() if getattr(p.options, s.name) != getattr(opts, s.name)]
        if best is None or len(diff) < len(best[1]):
            best = (p, diff)
    if best is None:
        return preset_words(name)
    head = best[0].title or f"{preset_words(best[0].name)} rules"
    if not best[1]:
        return head
    return head + ", except " + "; ".join(
        f"{(s.label or s.name)[:1].lower()}{(s.label or s.name)[1:]}: {_option_words(s, getattr(opts, s.name))}"
        for s in best[1])


def render_data(data: dict[str, Any], *, base: str = "../", passages: dict | None = None) -> str:
    kind, game, players = data["kind"], data["game"], data["players"]
    spec, w = widgets()[kind]
    args_json = json.dumps(data["args"], sort_keys=True, ensure_ascii=False)
    attrs = {"class": "gm-example", "data-kind": kind, "data-game": game, "data-args": args_json}
    results = data["results"]
    if w.command == "compare":
        labels = [_ruleset_label(spec, r["options"], r["ruleset"]) for r in results]
        body = spec.site.narrator.compare_html(results, labels, players, base, passages)
        return h("div", attrs, named(body, Names(None, players)))
    r = results[0]
    cap = h("p", {"class": "gm-ruleset", "data-ruleset": r["options"]}, "Rules: ",
            h("strong", {}, _ruleset_label(spec, r["options"], r["ruleset"])), ".")
    end = ""
    if w.command == "play" and spec.site.table is not None and "actions" in r["data"]:
        # A whole game ends on the page as it ends at the live table: the same End, the same words.
        from .registry import replay
        from .table import end_html
        end = end_html(replay(r["data"]), base=base, passages=passages)
    body = spec.site.narrator.result_html(r["data"], players, base, passages, end=end) if end else \
        spec.site.narrator.result_html(r["data"], players, base, passages)
    return h("div", attrs, cap, named(body, Names(None, players)))


def render(kind: str, args: dict[str, Any], *, base: str = "../", passages: dict | None = None) -> str:
    """The HTML for one example (see the module doc)."""
    return render_data(compute(kind, args), base=base, passages=passages)


def widget_html(kind: str, args: dict[str, Any], *, base: str = "../") -> str:
    """A live example on a page: the element the widget script makes live (``data-widget`` its kind,
    ``data-spec`` what the game declares about it, ``data-args``), holding the static rendering (exactly
    ``render(kind, args, base=base)``, so the live and the printed first rendering are the same bytes) and the
    game's one-line note about it."""
    _spec, w = widgets().get(kind, (None, None))
    if w is None:
        raise RulesetError(f"unknown widget kind {str(kind)[:40]!r}: expected one of {', '.join(sorted(widgets()))}")
    html = render(kind, args, base=base)
    checked = check_args(kind, args)
    data = json.dumps(checked, sort_keys=True, ensure_ascii=False)
    spec_json = json.dumps({**w.to_json(), "params": [p.to_json() for p in widget_params(_spec, w, checked)]},
                           sort_keys=True, ensure_ascii=False)
    return h("div", {"class": "gm-widget", "data-widget": kind, "data-spec": spec_json, "data-args": data,
                     "data-base": base},
             h("div", {"class": "gm-widget-static"}, Markup(html)),
             h("p", {"class": "gm-widget-note"}, h("small", {}, f"{w.blurb} {_LIVE_NOTE[w.play]}")))


#: What a widget does live, beside the example printed when the site was built: a playing widget deals a new deal
#: at every Play (a link keeps its own), the others work the printed example out again.
_LIVE_NOTE = {
    True: "The example above was worked out when the site was built; each Play deals a new deal, with the card "
          "engine running in your browser (nothing leaves your machine).",
    False: "The example above was worked out when the site was built; the widget works it out again, or with "
           "your changes, with the card engine running in your browser (nothing leaves your machine).",
}


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

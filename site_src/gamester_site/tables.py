"""The markers that list the engine's rules: every clause with its sources and passages (``clauses``), a game's
rulesets and options (``rulesets``), and the editorial notes (``notes``). Games are named only as each declares
itself (:class:`gamester.registry.GameSpec`)."""

from __future__ import annotations

from html import escape as e
from typing import Any

from gamester.html import cap
from gamester_site.blocks import (
    args_of,
    base_of,
    cite_link,
    clause_refs,
    clause_title,
    clause_titles,
    note_refs,
    rule_link,
    status_badge,
)
from gamester_site.places import in_reading_order, passage_href, passage_label
from gamester_site.store import EditionError, clause_entry_passages, clause_map, edition, g, md


def m_clauses(text: str, page: Any) -> str:
    from gamester import all_games
    from gamester.clauses import all_clauses

    base = base_of(page)
    prefix = text.strip()
    try:
        cm = clause_map()
    except EditionError:
        cm = None
    groups: dict[str, list] = {}
    for c in all_clauses(prefix):
        groups.setdefault(c.id.split(".")[0], []).append(c)
    if not groups:
        raise EditionError(f"the engine registers no clause with prefix {prefix!r}")
    titles = {sp.clause_prefix.rstrip("."): sp.title for sp in all_games().values()}
    out = []
    for gname, cl in groups.items():
        out.append(f'<h2 id="clauses-{e(gname)}">{e(titles.get(gname, gname))}</h2>')
        for c in cl:
            cites = "; ".join(cite_link(x.key, x.locator, base) for x in c.citations)
            entry = cm.get(c.id) if cm else None
            pids = in_reading_order(clause_entry_passages(entry)) if entry is not None else []
            ps = "; ".join(f'<a href="{base}{e(passage_href(p))}">{e(passage_label(p))}</a>' for p in pids)
            note = c.note  # the engine's: the one copy (the clause map holds only passages, sources, note ids)
            out.append(
                f'<div class="gm-clause-entry" id="{e(c.id)}"><p><a class="gm-permalink" href="#{e(c.id)}">'
                f'<strong>{e(cap(clause_title(c.id) or c.id))}</strong></a> '
                f'{status_badge(c.status)}</p><p>{e(c.statement)}</p>'
                f'<p><small>Sources: {cites}</small></p>'
                + (f"<p><small>Passages: {ps}</small></p>" if ps else
                   ("<p><small>Passages: none in the period texts (see the note).</small></p>" if cm else
                    "<p><small>Passages: the clause map is not available.</small></p>"))
                + (f'<p class="gm-note"><small>Note: {clause_refs(note, base)}</small></p>' if note else "")
                + "</div>")
    return "".join(out)


def _said(s: Any, value: Any) -> str:
    """An option's value in a reader's words (the settings form's), or the number itself."""
    return dict(s.words).get(str(value), str(value))


def _choices(s: Any) -> str:
    """What an option may be, in a reader's words: its choices, or its range with any value that has words."""
    if s.choices is not None:
        return "; ".join(_said(s, c) for c in s.choices)
    lo, hi = s.range
    special = "; ".join(f"{k}: {v}" for k, v in s.words)
    return f"{lo} to {hi}" + (f" ({special})" if special else "")


def m_rulesets(text: str, page: Any) -> str:
    """A game's rulesets and options in a reader's words: titles, labels and choices as the settings form says them,
    clauses by their titles (the engine's keys stay in the data, the URL and the downloads)."""
    from gamester import get_game

    base = base_of(page)
    spec = get_game(text.strip())
    rows = []
    for p in spec.presets.values():
        cites = "; ".join(cite_link(c.key, c.locator, base) for c in p.citations)
        dflt = " (the default)" if p.name == spec.default_preset else ""
        # the weakest status among what the ruleset follows and its fillings decides (Preset.label)
        status, label = getattr(p, "derived_status", p.status), getattr(p, "label", p.status)
        rows.append(f"<tr><td>{e(p.title or p.name)}{dflt}</td><td>{status_badge(status, label)}</td>"
                    f"<td>{e(p.summary)}<br><small>{cites}</small></td></tr>")
    titles = clause_titles()
    opts = []
    for s in spec.options.specs():
        cl = (f' (the rule: <a href="{base}clauses/#{e(s.clause)}">{e(titles.get(s.clause, s.clause))}</a>)'
              if s.clause else "")
        by_value: dict[str, list[str]] = {}
        for p in spec.presets.values():
            by_value.setdefault(_said(s, getattr(p.options, s.name)), []).append(p.title or p.name)
        per = "<br>".join(f"<em>{e(v)}</em>: {e('; '.join(names))}" for v, names in by_value.items())
        opts.append(f"<tr><td>{e(s.label or s.name)}</td><td>{e(_choices(s))}</td>"
                    f"<td>{e(s.help)}{cl}<br><small>{per}</small></td></tr>")
    return ('<table class="gm-rulesets"><thead><tr><th>Ruleset</th><th>Status</th><th>What it follows</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>'
            '<table class="gm-options"><thead><tr><th>Setting</th><th>Choices</th><th>Meaning, the rule, and each '
            f'ruleset\'s choice</th></tr></thead><tbody>{"".join(opts)}</tbody></table>')


def _note_games() -> dict[str, tuple[str, str, str]]:
    """game -> (clause prefix, period chapter's text id, modern account's bibliography key), as each game declares."""
    from gamester import all_games

    return {sp.name: (sp.clause_prefix, sp.site.chapter, sp.site.account_key) for sp in all_games().values()}


def _note_matches(n: Any, game: str) -> bool:
    """Whether a note belongs on ``game``'s page: the games it names (``games``) if it names any; else each game
    whose clauses or chapter it names; else the game whose modern account it cites (one account may describe two
    games: the Put account's Hoyle-style text also covers Speculation, so its bibliography key alone decides only
    for a note that names neither clauses nor a chapter)."""
    specs = _note_games()
    topics = g(n, "topics", "games", default=[]) or []
    topics = [topics] if isinstance(topics, str) else list(topics)
    if topics:
        return game in topics
    clauses = [str(x) for x in (g(n, "clauses", default=[]) or [])]
    pids = [str(x) for x in (g(n, "passages", default=[]) or [])]

    def named(gm: str) -> bool:
        prefix, text_id, _ = specs[gm]
        return (any(c.startswith(prefix) for c in clauses)
                or bool(text_id) and any(p.startswith(text_id + ".") for p in pids))

    hits = [gm for gm in specs if named(gm)]
    if hits:
        return game in hits
    bibs = g(n, "bib", default=[]) or []
    bibs = [bibs] if isinstance(bibs, str) else [str(b) for b in bibs]
    return specs[game][2] in bibs


def m_notes(text: str, page: Any) -> str:
    """Editorial notes as admonitions: ``notes`` (all), ``notes game=put`` or ``notes id=...``."""
    a = args_of(text)
    unknown = set(a) - {"game", "id"}
    if unknown:
        raise ValueError(f"unknown argument {sorted(unknown)[0]!r} for notes: expected game=... or id=...")
    if a.get("game") and a["game"] not in _note_games():
        raise ValueError(f"unknown game {a['game']!r} for notes: expected {', '.join(_note_games())}")
    notes = edition().notes
    if isinstance(notes, dict):
        notes = [({"id": k, **v} if isinstance(v, dict) else v) for k, v in notes.items()]
    base = base_of(page)
    out = []
    for n in notes:
        nid = str(g(n, "id", default=""))
        if a.get("id") and nid != a["id"]:
            continue
        if a.get("game") and not _note_matches(n, a["game"]):
            continue
        title = g(n, "title", default=nid)
        body = g(n, "body", "text", "note", default="")
        refs = []
        for pid in in_reading_order([str(x) for x in g(n, "passages", default=[]) or []]):
            refs.append(f'<a href="{base}{e(passage_href(str(pid)))}">{e(passage_label(str(pid)))}</a>')
        for cid in g(n, "clauses", default=[]) or []:
            refs.append(rule_link(str(cid), base))
        out.append(f'<div class="admonition note gm-editorial" id="note-{e(nid)}"><p class="admonition-title">'
                   f'Editorial note: {e(str(title))}</p>{note_refs(md(str(body)), base)}'
                   + (f'<p><small>See: {"; ".join(refs)}</small></p>' if refs else "") + "</div>")
    if not out:
        raise EditionError(f"no editorial note matches {text.strip()!r} (sources: the edition's notes)")
    return "".join(out)

"""The apparatus on each game page: "Rules in brief" (``brief GAME``, from sources/games/GAME/brief.yml, each rule
tagged with the weakest status of its clauses) and "Cite this edition" (``cite-edition``)."""

from __future__ import annotations

import json
import re
from html import escape as e
from typing import Any

from gamester_site.blocks import base_of, cite_body, status_badge
from gamester_site.store import EditionError, brief, cache, clause, md_inline


def weakest_status(clause_ids: list[str]) -> str:
    from gamester.clauses import STATUSES

    found = []
    for cid in clause_ids:
        c = clause(cid)
        if c is None:
            raise EditionError(f"rules in brief: unknown clause {cid!r}")
        found.append(c.status)
    if not found:
        raise EditionError("rules in brief: every rule names at least one clause")
    return max(found, key=STATUSES.index)


def m_brief(text: str, page: Any) -> str:
    """"Rules in brief": the game in one screen of plain English, each rule tagged with the weakest status of the
    clauses it summarises (linked to the first of them). Wrapped in ``.gm-brief`` (printed on its own)."""
    game = text.strip()
    data = brief().get(game)
    if not data:
        raise EditionError(f"sources/games/{game}/brief.yml is missing: the page's <!-- brief {game} --> needs it")
    base = base_of(page)
    items = []
    for r in data.get("rules") or []:
        cids = [str(c) for c in r.get("clauses") or []]
        status = weakest_status(cids)
        items.append(f'<li><span class="gm-brief-rule">{md_inline(str(r["text"]))}</span> '
                     f'<a class="gm-brief-status" href="{base}clauses/#{e(cids[0])}" '
                     f'title="Status of this rule; the clauses page says why">{status_badge(status)}</a></li>')
    if not items:
        raise EditionError(f"sources/games/{game}/brief.yml gives no rules")
    return (f'<div class="gm-brief" role="region" aria-labelledby="gm-brief-{e(game)}">'
            f'<h2 id="gm-brief-{e(game)}">Rules in brief</h2>'
            f'<p>{md_inline(str(data.get("intro", "")))}</p><ol>{"".join(items)}</ol>'
            '<p class="gm-brief-key"><small>Each rule is tagged <strong>attested</strong> (a period text says it), '
            "<strong>reconstructed</strong> (a modern account says it) or <strong>conjectural</strong> (nobody "
            "says it; we chose). The full text, our reading and every clause follow below.</small></p></div>")


def edition_title() -> str:
    """The edition as a work: "Gamester: an edition of A, B and C, ..." with the title each game declares, in the
    site's order (each game's site.yml)."""
    from gamester_site.gamelist import game_pages

    titles = [p.title for p in game_pages()]
    listed = " and ".join(filter(None, [", ".join(titles[:-1]), titles[-1]]))
    return f"Gamester: an edition of {listed}, with a working model of their rules"


def _site_url() -> str:
    return str(cache.get("site_url") or "")


def published_url(page: Any) -> str:
    """The page's published address for a citation: the configured ``site_url`` (mkdocs.yml, from the SITE_URL
    environment variable) plus the page's path, or "" when none is configured or it is a loopback address. A copy
    served on 127.0.0.1 (the classroom bundle, ``serve``) is not the edition's address, so it is never cited."""
    site = _site_url()
    host = re.sub(r"^[a-z]+://([^/:]+|\[[^]]+\]).*$", r"\1", site) if site else ""
    if not site or host.strip("[]") in ("127.0.0.1", "localhost", "0.0.0.0", "::1", ""):
        return ""
    return site.rstrip("/") + "/" + (page.url or "")


def edition_meta() -> dict[str, Any]:
    """The edition as a citable work: its editors and version. The version is the package's
    (pyproject.toml); the editors are ``extra.edition.editors`` in mkdocs.yml when given, else the project as a
    corporate editor."""
    from importlib import metadata

    try:
        version = metadata.version("gamester")
    except metadata.PackageNotFoundError:  # a source checkout that was never installed: read pyproject.toml
        import os
        import tomllib

        from gamester_site.store import DOCS

        with open(os.path.join(os.path.dirname(DOCS), "pyproject.toml"), "rb") as f:
            version = str(tomllib.load(f)["project"]["version"])
    editors = [str(x) for x in (cache.get("editors") or [])] or ["The Gamester project"]
    return {"version": version, "editors": editors}


def _bib_names(names: list[str]) -> str:
    return " and ".join(n if "," in n or " " not in n.strip() else "{" + n + "}" for n in names)


def _csl_names(names: list[str]) -> list[dict[str, str]]:
    out = []
    for n in names:
        if "," in n:
            family, given = (x.strip() for x in n.split(",", 1))
            out.append({"family": family, "given": given})
        else:
            out.append({"literal": n})
    return out


def m_cite_edition(text: str, page: Any) -> str:
    """"Cite this edition": the edition as a citable work, in BibTeX and CSL-JSON: its editors, its version, the
    year of this build and the page's published address (omitted when no public address is configured)."""
    import datetime

    year = datetime.date.today().year
    url = published_url(page)
    meta = edition_meta()
    title = str(getattr(page, "title", "") or "").strip()
    bib = ("@misc{gamester-edition,\n"
           f"  editor       = {{{e(_bib_names(meta['editors']))}}},\n"
           f"  title        = {{{e(edition_title())}}},\n"
           + (f"  shorttitle   = {{Gamester: {e(title)}}},\n" if title else "")
           + f"  version      = {{{e(meta['version'])}}},\n"
           f"  year         = {{{year}}},\n  howpublished = {{Digital edition and rules engine}},\n"
           + (f"  url          = {{{e(url)}}},\n" if url else "")
           + "  note         = {Period texts from the Text Creation Partnership transcriptions (CC0)}\n}")
    item: dict[str, Any] = {"id": "gamester-edition", "type": "webpage",
                            "title": (title + ": " if title else "") + edition_title(),
                            "container-title": "Gamester", "editor": _csl_names(meta["editors"]),
                            "version": meta["version"], "issued": {"date-parts": [[year]]}}
    if url:
        item["URL"] = url
    csl = e(json.dumps(item, indent=2, ensure_ascii=False), quote=False)
    where = ("The address is this page's published address." if url else
             "This copy has no published address configured, so the citation gives none: add the address where "
             "you read the edition.")
    return ('<details class="gm-cite gm-cite-edition" data-search-exclude><summary>Cite this edition</summary>'
            + cite_body(bib, csl)
            + f"<p><small>{where} The period texts are cited from their own books: see “Cite this chapter” and "
              "each paragraph.</small></p></details>")

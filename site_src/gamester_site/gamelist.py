"""Every list of games on the site, from the engine's registry and each game's ``site.yml``: the navigation (game
pages and Teach pages, added to mkdocs.yml's by the hook), the Home page's list (``<!-- games -->``) and the
members of a family (``<!-- family NAME -->``, e.g. the Fool's Game on the Post and Pair page).

A game's page is ``docs/<page>.md`` (``GameSpec.page`` without its slash), its Teach page
``docs/teach/<page>.md`` when there is one; ``site.yml``'s ``order`` places it (lowest first, games without one
after them by title) and ``home`` is its entry on the Home page (Markdown, one short paragraph).
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass
from typing import Any

from gamester_site import store
from gamester_site.store import EditionError, game_dirs, site


@dataclass(frozen=True)
class GamePage:
    name: str           # as the engine names it: "post-and-pair"
    title: str          # "Post and Pair"
    src: str            # its page, relative to docs/: "post-and-pair.md"
    teach: str | None   # its Teach page ("teach/post-and-pair.md"), None when it has none
    family: str | None
    home: str           # its entry on the Home page (Markdown; "" for none)


def game_pages() -> list[GamePage]:
    """Every registered game's pages, in the site's order; a game without a page, or whose page is missing, is an
    error naming the file to write."""
    from gamester import all_games

    out: list[tuple[tuple[int, int, str], GamePage]] = []
    for name in game_dirs():
        spec = all_games()[name]
        s = site(name)
        stem = spec.site.page.strip("/")
        if not stem:
            raise EditionError(f"{spec.title} declares no page: set its page (\"{name}/\") and write docs/{name}.md")
        src = f"{stem}.md"
        if not os.path.isfile(os.path.join(store.DOCS, src)):
            raise EditionError(f"docs/{src} is missing: {spec.title}'s page (its page is {spec.site.page!r})")
        teach = f"teach/{stem}.md"
        page = GamePage(name, spec.title, src, teach if os.path.isfile(os.path.join(store.DOCS, teach)) else None,
                        s.get("family"), str(s.get("home") or ""))
        order = s.get("order")
        out.append(((0 if order is not None else 1, order or 0, spec.title), page))
    return [p for _, p in sorted(out, key=lambda x: x[0])]


# -- the navigation ------------------------------------------------------------------------------------------------
def add_to_nav(nav: list[Any]) -> list[Any]:
    """mkdocs.yml's nav with every game's pages added: the game pages fill the section left empty for them
    (``- The games: []``), and each Teach page follows the section's entry for ``teach/index.md``. A nav that
    already names a game page, or has no place for them, is an error (so that mkdocs.yml lists no game)."""
    pages = game_pages()
    named = {p.src for p in pages} | {p.teach for p in pages if p.teach}
    listed = [src for src in _srcs(nav) if src in named]
    if listed:
        raise EditionError(f"mkdocs.yml's nav lists {listed[0]}: game pages come from the registry (remove it)")
    games_done = teach_done = False

    def walk(items: list[Any]) -> list[Any]:
        nonlocal games_done, teach_done
        out: list[Any] = []
        for item in items:
            if isinstance(item, dict) and len(item) == 1:
                (title, value), = item.items()
                if value == [] and not games_done:
                    value, games_done = [{p.title: p.src} for p in pages], True
                elif isinstance(value, list):
                    value = walk(value)
                out.append({title: value})
                if value == "teach/index.md" or item == "teach/index.md":
                    out += [{p.title: p.teach} for p in pages if p.teach]
                    teach_done = True
            else:
                out.append(item)
                if item == "teach/index.md":
                    out += [{p.title: p.teach} for p in pages if p.teach]
                    teach_done = True
        return out

    new = walk(list(nav))
    if not games_done:
        raise EditionError("mkdocs.yml's nav has no empty section for the game pages (\"- The games: []\")")
    if not teach_done and any(p.teach for p in pages):
        raise EditionError("mkdocs.yml's nav does not list teach/index.md, which the Teach pages follow")
    return new


def _srcs(nav: Any) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, dict):
        return [s for v in nav.values() for s in _srcs(v)]
    if isinstance(nav, list):
        return [s for v in nav for s in _srcs(v)]
    return []


# -- markers -------------------------------------------------------------------------------------------------------
def _link(page: Any, src: str) -> str:
    """A Markdown link target from ``page`` to the docs file ``src`` (MkDocs resolves it and checks it)."""
    here = posixpath.dirname(str(getattr(getattr(page, "file", None), "src_uri", "") or "index.md"))
    return posixpath.relpath(src, here or ".")


def m_games(text: str, page: Any) -> str:
    """``<!-- games -->``: every game as an item of a Markdown list (inside the Home page's grid of cards): its
    title linked to its page, and its ``home`` text."""
    if text.strip():
        raise EditionError(f"'games' takes no arguments (got {text.strip()!r})")
    items = []
    for p in game_pages():
        if not p.home.strip():
            raise EditionError(f"sources/games/{p.name}/site.yml gives no home: the Home page's words for "
                               f"{p.title}")
        body = "\n".join("    " + line if line.strip() else "" for line in p.home.strip().splitlines())
        items.append(f"-   **[{p.title}]({_link(page, p.src)})**\n\n{body}")
    return "\n\n".join(items)


def m_family(text: str, page: Any) -> str:
    """``<!-- family NAME lead="..." -->``, inside a sentence: the other games declaring ``family: NAME`` in their
    site.yml, linked, after ``lead`` ("Of the family, this edition also gives [Bone-Ace](..)."); nothing when the
    page's game is the only one (the page's prose names the family without the marker)."""
    from gamester_site.blocks import args_of

    name, _, rest = text.strip().partition(" ")
    a = args_of(rest)
    if not name or "=" in name:
        raise EditionError(f"'family' needs the family's name, e.g. fools-game (got {text.strip()!r})")
    known = {p.family for p in game_pages() if p.family}
    if name not in known:
        raise EditionError(f"no game declares family: {name} in its site.yml (families: {', '.join(sorted(known))})")
    src = str(getattr(getattr(page, "file", None), "src_uri", ""))
    members = [p for p in game_pages() if p.family == name and p.src != src]
    if not members:
        return ""
    links = [f"[{p.title}]({_link(page, p.src)})" for p in members]
    listed = links[0] if len(links) == 1 else ", ".join(links[:-1]) + " and " + links[-1]
    return f"{a.get('lead', 'Of the family, this edition also gives')} {listed}."

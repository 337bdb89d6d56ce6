"""Parsing helpers for the built site's HTML (kept out of conftest so no two test folders share a module name)."""

from __future__ import annotations

import pathlib
from html.parser import HTMLParser

ROOT = pathlib.Path(__file__).resolve().parents[2]


class Page(HTMLParser):
    """The ids, links and example elements of one built page (stdlib parser, nothing to install)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []     # (tag, attribute, value)
        self.examples: list[dict[str, str]] = []
        self.widgets: list[dict[str, str]] = []
        self.ledger_rows: list[list[dict[str, str]]] = []   # per example, its ledger rows (data-* attributes)
        self.nets: list[list[tuple[str, str]]] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "name" in a:
            self.ids.add(a["name"])
        for attr in ("href", "src", "action", "poster", "data", "srcset", "formaction"):
            if attr in a:
                self.links.append((tag, attr, a[attr]))
        if "style" in a:
            self.styles.append(a["style"])
        if tag == "style":
            self._in_style = True
        cls = a.get("class", "").split()
        if "gm-example" in cls:
            self.examples.append(a)
            self.ledger_rows.append([])
            self.nets.append([])
        if "gm-widget" in cls:
            self.widgets.append(a)
        if tag == "tr" and "data-clause" in a and self.ledger_rows:
            self.ledger_rows[-1].append(a)
        if tag == "td" and "data-net" in a and self.nets:
            self.nets[-1].append((a.get("data-deal", ""), a["data-seat"], a["data-net"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)

def parse(path: pathlib.Path) -> Page:
    p = Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p

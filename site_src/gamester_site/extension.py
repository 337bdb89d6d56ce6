"""The site's Markdown extension: markers expand and the glossary's abbreviations are appended, in every builder.

Listed under ``markdown_extensions`` in mkdocs.yml (``- gamester_site.extension``), which both MkDocs and Zensical
run through Python-Markdown; it imports nothing from either. A preprocessor that runs first (priority 40, before
Python-Markdown's whitespace normaliser and raw-HTML stash and before ``pymdownx.snippets``) sees a page's Markdown
exactly as an ``on_page_markdown`` hook did.

A marker's HTML needs the page it is on (links are relative to it; errors name it). Python-Markdown does not pass a
page to extensions, so :func:`page_of` reads it from the processor each builder registers on the same Markdown
instance before converting: MkDocs' ``relpath`` tree processor (``.file``), Zensical's ``rendering_context``
preprocessor (``.page``). Outside either builder the page is the extension's ``page`` option (default the home page).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from gamester_site import glossary, markers
from gamester_site.blocks import key_links, rule_links
from gamester_site.store import DOCS


@dataclass(frozen=True)
class PageRef:
    """What a marker knows of its page: the source path (relative to the docs folder) and the URL from the root."""

    src_uri: str
    url: str

    @property
    def file(self) -> PageRef:  # ``page.file.src_uri``, as on an MkDocs page
        return self


def url_of(src_uri: str) -> str:
    """The page URL of a source path with directory URLs: ``index.md`` -> ``""``, ``put.md`` -> ``put/``."""
    stem = src_uri.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def page_of(md: Markdown, default: str = "index.md") -> PageRef:
    if "relpath" in md.treeprocessors:  # MkDocs
        f = getattr(md.treeprocessors["relpath"], "file", None)
        if f is not None and getattr(f, "src_uri", None):
            return PageRef(str(f.src_uri), str(f.url or ""))
    if "rendering_context" in md.preprocessors:  # Zensical
        p = getattr(md.preprocessors["rendering_context"], "page", None)
        if p is not None and getattr(p, "path", None):
            src = str(p.path).replace(os.sep, "/")
            docs = DOCS.replace(os.sep, "/").rstrip("/") + "/"
            src = src.removeprefix(docs).removeprefix("docs/")
            return PageRef(src, url_of(src))
    return PageRef(default, url_of(default))


class MarkerPreprocessor(Preprocessor):
    def __init__(self, md: Markdown, default_page: str) -> None:
        super().__init__(md)
        self.default_page = default_page

    def run(self, lines: list[str]) -> list[str]:
        page = page_of(self.md, self.default_page)
        # citations read "Author, date", and links to a rule its title, not keys or ids
        text = rule_links(key_links(markers.expand_all("\n".join(lines), page)))
        return (text + "\n\n" + glossary.abbreviations() + "\n").split("\n")


class GamesterExtension(Extension):
    def __init__(self, **kwargs: Any) -> None:
        self.config = {"page": ["index.md", "source path of the page, when no builder says (tests, plain Markdown)"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(MarkerPreprocessor(md, self.getConfig("page")), "gamester_markers", 40)
        md.registerExtension(self)


def makeExtension(**kwargs: Any) -> GamesterExtension:
    return GamesterExtension(**kwargs)

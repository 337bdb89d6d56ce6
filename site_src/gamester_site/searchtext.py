"""The pages as Material's search index reads them: a space after each closing tag that another tag follows at once,
but for the tags that mark words up inside a sentence.

Material's search plugin (``material/plugins/search``) keeps a page's text between the tags it drops, run together:
the cells of a table drawn without line breaks ("Ruleset", "Status", "What it says" became one word
"RulesetStatusWhat"), a paragraph's last word and the next heading ("it.Our reading"), the labels of a chart, the
choices of a list, a verse's lines. Neither word was then a term of its own in the index, and a search could miss
it. Only the text the index reads gets the spaces: ``docs/hooks/gamester.py`` hands Material this text just before
its search plugin reads the page, and gives the page back as built just after (a space between two tags could show
between two inline blocks). Zensical, which ignores MkDocs hooks, indexes the page as it is.
"""

from __future__ import annotations

import re

# Every closing tag but those that mark words up inside a sentence (a word may run on after one: "<i>Put</i>t").
_BLOCK_END = re.compile(r"(</(?!(?:a|abbr|b|cite|code|dfn|em|i|kbd|mark|q|s|samp|small|strong|sub|sup|u|var)>)"
                        r"[a-z][a-z0-9]*>)(?=<)")

# A line break (a verse's lines, a note under a sentence) with no space after it.
_BREAK = re.compile(r"(<br\s*/?>)(?=\S)")

# What Material's search plugin takes out of the page once it has read it (its on_page_context): done again on the
# page given back.
_SEARCH_ATTRS = re.compile(r"\s?data-search-\w+=\"[^\"]+\"")


def spaced(html: str) -> str:
    """``html`` with a space after each closing tag (of a block, a cell, a label, a line of a figure ...) that another
    tag follows at once, and after each line break that a word or a tag follows at once."""
    return _BREAK.sub(r"\1 ", _BLOCK_END.sub(r"\1 ", html))


def as_built(html: str) -> str:
    """The page as built, for the page given back after the index has read it (see the module doc)."""
    return _SEARCH_ATTRS.sub("", html)

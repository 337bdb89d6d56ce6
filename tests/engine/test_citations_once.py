"""A citation said once (issue 31: a newcomer met "a citation printed twice in a row" in the live table). Over
every registered game, several seeded games played by the bots and drawn for a seat: in no sentence, log entry,
ledger line or result do two rule links, or two passages cited, stand side by side with the same words. The
passages are given as the site gives them, including a rule that rests on two sentences of one page (in the
edition Bone-Ace's eldest hand: two passages, both "Cotton, 1674, p. 129")."""

from __future__ import annotations

from html.parser import HTMLParser
from itertools import pairwise

import pytest

import gamester  # noqa: F401  (registers every game)
from gamester import all_games
from gamester.clauses import all_clauses
from gamester.table import render_table

GAMES = sorted(g for g, spec in all_games().items() if spec.site.table is not None)
# Two passages on one page (said alike) and a third elsewhere, for every rule: the site's map has such rules.
PASSAGES = {c.id: [["cotton1674.x.1.s1", "put/#cotton1674.x.1.s1", "Cotton, 1674, p. 129"],
                   ["cotton1674.x.1.s2", "put/#cotton1674.x.1.s2", "Cotton, 1674, p. 129"],
                   ["cotton1674.x.2.s1", "put/#cotton1674.x.2.s1", "Cotton, 1674, p. 130"]] for c in all_clauses()}
LINKS = ("gm-clause", "gm-passage")
BLOCKS = {"li", "p", "td", "th", "dd", "dt", "caption", "summary", "h2", "h3", "h4", "h5", "div", "section"}


class _Citations(HTMLParser):
    """Each block's rule links and cited passages, in order: (block, [link words, ...]) for every block."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, list[str]]] = []
        self.blocks: list[tuple[str, list[str]]] = []
        self.link: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag in BLOCKS:
            self.stack.append((tag, []))
        elif tag == "a" and set((dict(attrs).get("class") or "").split()) & set(LINKS):
            self.link = []

    def handle_endtag(self, tag):
        if tag == "a" and self.link is not None and self.stack:
            self.stack[-1][1].append("".join(self.link).strip())
            self.link = None
        elif tag in BLOCKS and self.stack:
            self.blocks.append(self.stack.pop())

    def handle_data(self, data):
        if self.link is not None:
            self.link.append(data)


def twice_in_a_row(html: str) -> list[tuple[str, str]]:
    """Every pair of neighbouring rule links or citations in one block that say the same words."""
    p = _Citations()
    p.feed(html)
    p.close()
    return [(tag, a) for tag, links in p.blocks for a, b in pairwise(links) if a == b]


def test_the_check_finds_a_citation_twice_in_a_row():
    said = ('<li>Pays 1. <span class="gm-t-rule">(<a class="gm-clause" href="#x">a rule</a>; '
            '<a class="gm-passage" href="#a">Cotton, 1674, p. 129</a>; '
            '<a class="gm-passage" href="#b">Cotton, 1674, p. 129</a>)</span></li>')
    assert twice_in_a_row(said) == [("li", "Cotton, 1674, p. 129")]
    assert twice_in_a_row(said.replace("#b\">Cotton, 1674, p. 129", "#b\">Cotton, 1674, p. 130")) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("passages", [PASSAGES, None], ids=["printed", "live"])
def test_no_citation_twice_in_a_row_in_a_table(game, passages):
    spec = all_games()[game]
    players = spec.default_players or spec.player_range[0]
    cited = 0
    for seed in range(4):
        state = spec.new_state(spec.default_options(), players, seed)
        # The table during the game (its prompt and log) every few moves, never stopping the bots ...
        spec.play_bots(state, (), lambda st=state: len(st.history) % 7 == 0 and not _drawn_well(st, 0, passages))
        html = _drawn_well(state, 0, passages)  # ... and at the end: the result, its ledger and the whole log
        cited += html.count('class="gm-passage"' if passages else 'class="gm-clause"')
    assert cited, (game, "no rule was cited: nothing was checked")


def _drawn_well(state, seat: int, passages: dict | None) -> str:
    """The table drawn for ``seat``, asserted to cite nothing twice in a row."""
    html = render_table(state, seat, base="../", passages=passages)
    assert not twice_in_a_row(html), (state.game, state.seed, len(state.history), twice_in_a_row(html))
    return html

"""The first five minutes, again (issue 31): the words the live table gives a reader, read position by position over
whole games of every game and ruleset (and Post and Pair with trumps by the turned-up card), seat 1 reading. Each
pattern is a sentence the issue quotes; each check failed before its fix."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

import gamester
from gamester.registry import get_game
from gamester.table import render_table

#: (what the issue says, the pattern in the table's text)
QUOTED = [
    ("a word written twice", re.compile(r"\b(the|a|and|of|to) \1\b", re.I)),
    ("the count said twice", re.compile(r"\bcounts? (\d+)\. You count \1\.")),
    ("'his' that may be the reader's", re.compile(r"\bthe deal is his\b")),
    ("a card code in a sentence", re.compile(r"\b(?:10|[2-9JQKA])[SHDC] is turned up")),
    ("a role said twice", re.compile(r"\((eldest|dealer)\) is the \1 hand")),
    ("'as the dealer' of one who does not deal", re.compile(r"as the dealer\b")),
]


def texts(game: str, ruleset: str, players: int, seed: int, overrides: str | None = None):
    """The reader's text of every position of a game the usual bots play (seat 0 reads), with its state."""
    spec = get_game(game)
    st = spec.new_state(spec.options_for(ruleset, overrides), players, seed)
    names = spec.bot_names([], players)
    bots = [spec.make_bot(names[i], seed * 7 + i) for i in range(players)]
    while True:
        yield st, html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", render_table(st, 0))))
        if st.is_terminal():
            return
        p = st.current_player()
        st.apply(bots[p].choose(st, p))


#: Positions read per game, ruleset and number of players: seeds 1, 2 and 3, or as many of them as take no more than
#: this many steps of its bots' moves (:attr:`gamester.registry.Limits.bot_moves`: a game whose bots think hard
#: declares a short step, and is read over fewer seeds).
STEPS = 4


def cases():
    for name, spec in sorted(gamester.all_games().items()):
        lo, hi = spec.player_range
        for ruleset in spec.presets:
            allowed = spec.allowed_players(spec.options_for(ruleset))  # a ruleset may be for fewer players
            for players in sorted({max(lo, 2), min(hi, 4)} & set(allowed)):
                yield name, ruleset, players


@pytest.mark.heavy  # every position of up to 55 whole games read: about 6 s of one core (nox -s tests runs it)
@pytest.mark.parametrize(("game", "ruleset", "players"), list(cases()))
def test_the_tables_words_hold_none_of_the_quoted_defects(game, ruleset, players):
    found: Counter[str] = Counter()
    example: dict[str, str] = {}
    read, most = 0, STEPS * get_game(game).limits.bot_moves
    for seed in (1, 2, 3):
        positions = list(texts(game, ruleset, players, seed))
        if read and read + len(positions) > most:
            break
        read += len(positions)
        for _st, text in positions:
            for what, rx in QUOTED:
                if m := rx.search(text):
                    found[what] += 1
                    example.setdefault(what, text[max(0, m.start() - 80):m.end() + 40])
    assert not found, "\n".join(f"{what} ({n} positions): …{example[what]}…" for what, n in found.items())

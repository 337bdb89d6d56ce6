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
from gamester.table import render_table, table_for

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


def cases():
    for name, spec in sorted(gamester.all_games().items()):
        lo, hi = spec.players
        for ruleset in spec.presets:
            for players in sorted({max(lo, 2), min(hi, 4)} if name != "put" else {2}):
                yield name, ruleset, players


@pytest.mark.heavy  # every position of up to 55 whole games read: about 6 s of one core (nox -s tests runs it)
@pytest.mark.parametrize(("game", "ruleset", "players"), list(cases()))
def test_the_tables_words_hold_none_of_the_quoted_defects(game, ruleset, players):
    found: Counter[str] = Counter()
    example: dict[str, str] = {}
    for seed in (1,) if game == "put" else (1, 2, 3):  # (a game of Put is many deals)
        try:
            positions = list(texts(game, ruleset, players, seed))
        except gamester.errors.RulesetError:
            continue  # a ruleset for other numbers of players
        for _st, text in positions:
            for what, rx in QUOTED:
                if m := rx.search(text):
                    found[what] += 1
                    example.setdefault(what, text[max(0, m.start() - 80):m.end() + 40])
    assert not found, "\n".join(f"{what} ({n} positions): …{example[what]}…" for what, n in found.items())


def test_the_turned_up_card_is_named_in_words_and_drawn_on_the_table():
    seen = 0
    for seed in (1, 2, 3, 4, 5):
        for st, text in texts("post-and-pair", "reconstruction", 4, seed, "trump=turn-up"):
            turnup = getattr(st, "turnup", None)
            if turnup is None or st.is_terminal():
                continue
            assert f"{turnup.name} is turned up" in text
            piles = [p for p in table_for(st, 0).centre if str(turnup) in [c for _w, c in p.plays]]
            assert piles, f"the turned-up {turnup.name} is not drawn on the table"
            # The trumps were the turn-up's: no word of counting them over folded hands.
            assert "counted towards the trump suit" not in text
            seen += 1
    assert seen


def test_a_vye_passed_on_names_the_places_not_roles_the_players_do_not_have():
    """"You vye as the eldest hand and Player 3 as the dealer" was said when Player 4 dealt."""
    said = []
    for seed in range(1, 40):
        for _st, text in texts("post-and-pair", "reconstruction", 4, seed):
            said += re.findall(r"[^.]*in the dealer's place[^.]*\.", text)
        if said:
            break
    assert said and all("first" in s and "last" in s for s in said), said[:3]


def test_put_says_what_its_points_are_when_the_game_was_not_won_on_points():
    """"You win the game" above "Points scored ... You +1, The computer +2": the figures are the deals' points."""
    spec = get_game("put")
    checked = 0
    for seed in range(1, 60):
        st = spec.new_state(spec.options_for("cotton-1674"), 2, seed)
        spec.play_bots(st, ())
        end = table_for(st, 0).end
        if "points to" in end.headline:
            assert end.totals_caption == "Points scored by each player over the whole game"
            continue
        assert "before the one that won the game" in end.totals_caption, (seed, end.headline, end.totals_caption)
        checked += 1
    assert checked


def test_speculation_bots_do_not_offer_again_a_card_they_would_not_sell():
    """A sold card was offered and refused six times in one deal: the bots' doing (the rules allow an offer at
    every turn; a seat that turned the bids down would only turn them down again)."""
    spec = get_game("speculation")
    for seed in range(1, 40):
        st = spec.new_state(spec.default_options(), 4, seed)
        spec.play_bots(st, ())
        for d in st.to_record()["deals"]:
            refused = Counter((o["seller"], o["cards"][0]) for o in d["offers"]
                              if o["what"] == "best" and o["result"] != "sold")
            again = {k: n for k, n in refused.items() if n > 1}
            assert not again, (seed, d["offers"])

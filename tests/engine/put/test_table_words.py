"""Put's table in a reader's words: who leads and who deals, the chances shown, and what its end says of a game of
points. Moved here from the shared tests of the table (issues 21, 31 and 33), which name no game."""

from __future__ import annotations

import random
import re

import pytest
from test_reader_words import _end, _playout, text_of  # the shared tests' playouts, read as a reader would
from test_table import Tree  # the shared tests' HTML reader

from gamester.games.put.table import _no_points
from gamester.registry import get_game
from gamester.table import render_table, table_for

SPEC = get_game("put")


def test_put_seed_1_roles_come_from_the_deal_not_the_seat_number():
    # Put seed 1: seat 0 cuts the best card and deals, so seat 1 is the eldest hand (not seat 0).
    state = SPEC.new_state(SPEC.default_options(), 2, 1)
    assert state.to_record()["first_dealer"] == 0
    t = table_for(state, 1)
    assert t.seats[0].roles == ["dealer"] and t.seats[1].roles == ["eldest"]
    assert t.prompt.startswith("Your lead to trick 1")


def test_put_s_chances_read_as_percentages_or_one_in_n():
    state = SPEC.new_state(SPEC.default_options(), 2, 1)
    html = render_table(state, 1, analysis=SPEC.analysis(state, 1))
    tree = Tree(html).root
    shown = [c.text() for c in tree.find_all("span", cls="gm-chance")]
    assert shown and all(re.fullmatch(r"\d{1,2}%|1 in [\d,]+|none|certain|almost certain", c) for c in shown)


def test_put_says_what_its_points_are_when_the_game_was_not_won_on_points():
    """"You win the game" above "Points scored ... You +1, The computer +2": the figures are the deals' points."""
    checked = 0
    for seed in range(1, 60):
        st = SPEC.new_state(SPEC.options_for("cotton-1674"), 2, seed)
        SPEC.play_bots(st, ())
        end = table_for(st, 0).end
        if "points to" in end.headline:
            assert end.totals_caption == "Points scored by each player over the whole game"
            continue
        assert "before the one that won the game" in end.totals_caption, (seed, end.headline, end.totals_caption)
        checked += 1
    assert checked


def test_a_put_game_won_without_points_says_on_which_deal():
    assert _no_points(1).endswith("the game was won in one deal.")
    assert "won on deal 2" in _no_points(2) and "the deal before it scored nothing" in _no_points(2)
    assert "the 2 deals before it" in _no_points(3)
    assert "one deal" not in _no_points(2)


def test_a_put_game_won_on_its_second_deal_by_a_put_is_not_said_to_take_one_deal():
    """A played game: the first deal scores nothing (trick and tie or all tied), the second is won by a seen put."""
    for seed in range(400):
        st = SPEC.new_state(SPEC.default_options(), 2, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        t = table_for(st, None)
        if t.end is None or t.end.ledger:
            continue   # points were scored: the end lists them
        deals = st.to_record()["deals"]
        if len(deals) < 2:
            continue
        assert "in one deal" not in t.end.no_ledger and f"won on deal {len(deals)}" in t.end.no_ledger
        return
    pytest.skip("no game of 400 was won without points after more than one deal")


def test_against_one_computer_the_other_is_the_computer():
    st, t, out = _end("put", 5, 2)
    head = text_of(re.search(r'<p class="gm-t-headline".*?</p>', out).group(0)).strip()
    assert re.match(r"(You win|The computer wins) the game", head), head


def test_put_says_the_lead_once_and_explains_the_put():
    hinted = 0
    for seed in range(6):
        for _st, t, out in _playout("put", seed, 2):
            assert t.prompt.count(" led the ") + t.prompt.count(" leads the ") <= 1, t.prompt
            if any(c.action == "put" for c in t.choices):
                hint = re.search(r'class="gm-choice-hint"[^>]*>([^<]*)', out)
                assert hint and "game" in hint.group(1) and "point" in hint.group(1)
                hinted += 1
    assert hinted


def test_a_trick_won_by_a_three_says_why():
    said = []
    for seed in range(20):
        st, t, out = _end("put", seed, 2)
        said += [x.text for x in t.log if "the Three is the best card at Put" in x.text]
    assert said and all("wins trick" in x for x in said)

"""Post and Pair's explanations name every rival the winner beats and the rule against each (issue 22: the Post
dish of Seat 0's K♣ 6♣ 9♣ against Seat 1's A♠ Q♠ 3♠ and Seat 2's Q♣ J♣, once explained against Seat 1 alone)."""

from __future__ import annotations

import pytest

from gamester import commands
from gamester.games.post_and_pair.reasons import rivals
from gamester.games.post_and_pair.showdown import settle


def test_the_post_of_three_beats_a_two_card_post_of_more_points_and_says_why():
    st = settle(None, ["KC 6C 9C", "AS QS 3S", "3D QC JC"])
    assert st.winners["post"] == 0
    got = rivals(st, "post")
    assert [c for c, _ in got] == ["pp.post.over-21", "pp.post.three-beats-two"]
    assert "seat 1's three-card Post" in got[0][1]
    assert "seat 2's two-card Post of 20" in got[1][1] and "three cards outranks every Post of two" in got[1][1]


@pytest.mark.parametrize("kind", ["pair", "post", "seat"])
@pytest.mark.parametrize("level", [1, 2])
def test_every_other_player_is_named_in_the_explanation(kind, level, check_exercise):
    for seed in range(10):
        ex = commands.quiz("post-and-pair", seed, kind, None, level)["data"]
        check_exercise(ex)
        st = settle(ex["ruleset"], ex["hands"])
        assert ex["answer_seat"] == st.winners[kind]
        assert len(ex["hands"]) == (3 if level == 1 else 4)
        words = " ".join(e["text"] for e in ex["explanation"])
        for s in range(len(ex["hands"])):
            assert f"Player {s + 1}" in words, (seed, s, words)


def test_level_two_settles_ties_by_rule():
    clauses = set()
    for seed in range(40):
        for kind in ("pair", "post", "trumps"):
            clauses |= set(commands.quiz("post-and-pair", seed, kind, None, 2)["data"]["clauses"])
    assert clauses & {"pp.showdown.elder-wins-ties", "pp.trump.tie", "pp.trump.tie-suit-order"}


def test_a_pair_royal_names_everyone_it_sweeps():
    st = settle(None, ["KS KH KD", "QS QH 4C", "AS 10S 9D"])
    assert st.decision.royal == 0
    (clause, text), = rivals(st, "pair")
    assert clause == "pp.showdown.pair-royal" and "seat 1 and seat 2" in text

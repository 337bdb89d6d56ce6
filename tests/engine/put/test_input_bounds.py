"""Put's input read strictly and its work bounded (issue 24): a score in ASCII digits, an exercise its ruleset cannot
make refused before any draw, and Truc played by the two it is for. Moved here from tests/engine/hosts/
test_bounds.py, whose requests name no game."""

from __future__ import annotations

import pytest
from hosts.test_bounds import one_line_exit_2, refused  # the shared test's one-line error and refusal checks

from gamester import commands


@pytest.mark.parametrize("text", ["٤-٤", "４-４", "4-٤", "4 -4", "4-4\n", "+4-4", "4-4-4", "-4"])
def test_a_score_is_read_in_ascii_digits_only(capsys, text):
    one_line_exit_2(capsys, ["odds", "put", "--score", text], "cannot read score")


def test_a_quiz_kind_the_ruleset_cannot_make_is_refused_before_any_draw(monkeypatch):
    from gamester.games.put import quiz as put_quiz

    def no_draws(*a, **k):
        raise AssertionError("a draw was made")

    monkeypatch.setattr(put_quiz, "first", no_draws)
    for ruleset in ("reconstruction", "cotton-1674(game_points=1)"):
        refused({"op": "quiz", "game": "put", "seed": 1, "ruleset": ruleset, "kind": "put"},
                "makes no exercises of kind 'put'")


def test_demo_plays_truc_with_the_two_it_is_for():
    assert "=== ruleset truc (2 players) ===" in (commands.demo("put")["text"])

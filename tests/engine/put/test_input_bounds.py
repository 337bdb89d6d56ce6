"""Put's input read strictly and its work bounded (issue 24): a score in ASCII digits, an exercise its ruleset cannot
make refused before any draw, and Truc played by the two it is for. Moved here from tests/engine/hosts/
test_bounds.py, whose requests name no game."""

from __future__ import annotations

import json

import pytest
from hosts.test_bounds import one_line_exit_2, refused  # the shared test's one-line error and refusal checks

from gamester import commands
from gamester.hosts.cli import main


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


# Moved from tests/engine/hosts/test_cli_numbers.py, whose cases ask of every game with exercises or odds.
@pytest.mark.parametrize("argv, words", [
    (["quiz", "put", "--seed", "1", "--kind", "put", "--ruleset", "without-putting"], "no putting"),
    (["odds", "put", "--score", "7-2"], "outside a game"),
    (["odds", "put", "--score", "4-4", "--ruleset", "truc"], "Truc"),
    (["odds", "put", "--score", "2-2", "--model", "pav", "--ruleset", "cotton-1674"], "puts are not modelled"),
    (["odds", "put", "--score", "2-2", "--model", "nope"], "unknown model"),
    (["odds", "put", "--score", "2-2", "--one-and-ties", "half"], "one trick and two ties"),
    (["odds", "put", "--score", "4-4", "--samples", "10"], "no samples for the odds of put (it takes score, model, one-and-ties)"),
])
def test_put_s_odds_and_exercises_refuse_bad_input_in_one_line(capsys, argv, words):
    one_line_exit_2(capsys, argv, words)


def test_put_s_kinds_and_odds_as_json(capsys):
    assert main(["quiz", "put", "--list-kinds", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"trick", "score", "deal", "put", "see", "equilibrium"}
    assert main(["odds", "put", "--score", "4-4", "--ruleset", "without-putting(pack=28)", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["model"] == "engine" and "/" in d["lead_wins"]

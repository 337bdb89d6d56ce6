"""Bone-Ace through the hosts' ways in: the commands (play, deal) as the CLI runs them, the printed example and the
live table in a reader's words, and the exercises at their two levels."""

import json

import pytest

from gamester import RulesetError, commands, get_game, replay
from gamester.hosts.cli import main
from gamester.quiz import text as quiz_text
from gamester.render import render
from gamester.table import render_table

SPEC = get_game("bone-ace")


def test_play_and_deal_commands_give_data_and_words(capsys):
    assert main(["play", "bone-ace", "--players", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bone-Ace, 5 players, seed 1") and "the Bone: seat" in out
    assert main(["deal", "bone-ace", "--players", "4", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "bone-ace" and len(data["hands"]) == 4 and all(0 <= p <= 1 for p in data["over"])


def test_bad_players_is_a_one_line_error(capsys):
    assert main(["play", "bone-ace", "--players", "18"]) != 0
    err = capsys.readouterr().err.strip()
    assert "2 to 17 players" in err and "\n" not in err


def test_the_printed_example_and_the_table_name_players_for_a_reader():
    html = render("ba-play", {"seed": 1, "players": 5, "ruleset": "cotton-1674"})
    assert "Seat " not in html and "carries the Bone" in html and "Player 5 (dealer)" in html
    state = SPEC.new_state(SPEC.default_options(), 2, 3)
    t = render_table(state, 0)
    assert "Seat " not in t and ("the computer" in t or state.is_terminal())


def test_the_table_offers_draw_and_stand_with_the_exact_chance():
    state = SPEC.new_state(SPEC.default_options(), 5, 1)
    seat = state.current_player()
    a = SPEC.analysis(state, seat)
    t = render_table(state, seat, analysis=a)
    assert 'data-action="draw"' in t and 'data-action="stand"' in t
    assert f"{round(a['over'] * 100)}%" in t


@pytest.mark.parametrize("kind", ["bone", "game"])
def test_exercises_are_answered_by_the_engine(kind):
    for seed in range(6):
        ex = commands.quiz("bone-ace", seed, kind)["data"]
        assert ex["answer"] in ex["choices"] and ex["clauses"]
        assert ex == commands.quiz("bone-ace", seed, kind)["data"], "the same seed gives the same exercise"
        assert "Seat" not in quiz_text(ex).split("\n", 2)[1]
    with pytest.raises(RulesetError):
        commands.quiz("bone-ace", 1, "trumps")


def test_a_game_exercise_answer_is_the_seat_nearest_31():
    for seed in range(10):
        ex = commands.quiz("bone-ace", seed, "game")["data"]
        totals = ex["position"]["totals"]
        w = ex["answer_seat"]
        assert totals[w] <= 31 and all(t > 31 or t < totals[w] for s, t in enumerate(totals) if s != w)


def test_a_record_replays_with_its_summary():
    state = SPEC.new_state(SPEC.presets["other-reading"].options, 6, 9)
    SPEC.play_bots(state, ["cautious"])
    rec = state.to_record()
    assert replay(json.dumps(rec)).to_record() == rec


def test_each_kind_has_two_levels():
    from gamester.games.bone_ace import quiz
    for sd in range(4):
        assert quiz.make(sd, "bone", None, 1)["explanation"][-1]["clause"] == "ba.bone.king-high"  # the ruleset after Cotton: Aces low, as they count one (issue 32)
        assert quiz.make(sd, "bone", None, 2)["explanation"][-1]["clause"] in (
            "ba.bone.bone-ace", "ba.bone.three-eldest-holder")
        assert len(quiz.make(sd, "game", None, 1)["hands"]) <= 4
        hard = quiz.make(sd, "game", None, 2)
        assert hard["level"] == 2 and any(e["clause"] != "ba.game.nearest" for e in hard["explanation"][1:])
    with pytest.raises(RulesetError, match="level"):
        quiz.make(1, "bone", None, 3)

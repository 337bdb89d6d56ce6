"""``gamester quiz`` and ``gamester odds``: deterministic JSON per seed, the kinds listed, and bad input (an unknown
kind, a score outside the game, a ruleset without the option, a flag the game's odds do not take) exits 2 with
one line."""

import json
from dataclasses import replace

import pytest

from gamester import all_games, quiz, registry
from gamester.errors import RulesetError
from gamester.hosts.cli import main
from gamester.registry import Param

from . import toygame  # tests/engine/hosts/toygame.py

QUIZ_GAMES = sorted(n for n, s in all_games().items() if s.site.make_quiz and s.site.quiz_kinds)
ODDS_GAMES = sorted(n for n, s in all_games().items() if s.odds is not None)


def _not_taken():
    """(game, a parameter another game's odds take and its own do not, what its odds take): each game with odds."""
    every = {p.name for s in all_games().values() for p in s.odds_params}
    for name in ODDS_GAMES:
        takes = [p.name for p in all_games()[name].odds_params]
        for other in sorted(every - set(takes))[:1]:
            yield name, other, ", ".join(t.replace("_", "-") for t in takes) or "none"


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_json_is_deterministic_per_seed(capsys, game):
    outs = []
    for argv in (["quiz", game, "--seed", "5", "--json"], ["quiz", game, "--seed", "5", "--json"],
                 ["quiz", game, "--seed", "6", "--json"]):
        assert main(argv) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] != outs[2]
    ex = json.loads(outs[0])
    for key in ("game", "ruleset", "seed", "kind", "question", "hands", "choices", "answer", "answer_seat",
                "explanation", "clauses"):
        assert key in ex


@pytest.mark.parametrize("argv, words", [
    *[(["quiz", g, "--seed", "1", "--kind", "nope"], "unknown kind 'nope'") for g in QUIZ_GAMES],
    (["quiz", "chess", "--seed", "1"], "no exercises for 'chess'"),
    *[(["quiz", g], "needs --seed") for g in QUIZ_GAMES],
    *[(["odds", g, f"--{x.replace('_', '-')}", "3"], f"no {x} for the odds of {g} (it takes {takes})")
      for g, x, takes in _not_taken()],
    (["odds", "chess"], "no odds for 'chess'"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, words):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and words in err
    assert err.count("\n") == 1 and out == ""


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_list_kinds(capsys, game):
    assert main(["quiz", game, "--list-kinds", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == set(all_games()[game].site.quiz_kinds)


def _toy_quiz(seed, kind, ruleset):
    rng = quiz.draw_rng("toy", kind, seed, 0)
    a, b = rng.sample(range(2, 15), 2)
    choices = [f"Card {a}", f"Card {b}"]
    return quiz.exercise("toy", "toy()", seed, kind, "Which card is higher?", None, choices,
                         choices[b > a], None, [("toy.win", "The higher card wins.")], 0)


def _toy_odds(ruleset, cards=None):
    if cards is None:
        raise RulesetError("the toy's odds need cards")
    return {"cards": cards, "top": f"1/{cards}"}, f"the top card: 1 in {cards}"


def test_a_new_game_offers_exercises_and_odds_with_no_change_to_the_hosts(capsys):
    # A fourth game declares its exercises and its odds (with a parameter of its own) in its GameSpec; the CLI
    # offers them, the --cards flag included, and checks the flag against each game.
    spec = replace(toygame.SPEC, site=replace(toygame.SPEC.site, quiz_kinds={"high": "which card is higher"},
                                              make_quiz=_toy_quiz),
                   odds=_toy_odds, odds_params=(Param("cards", "cards in the pack", "whole"),))
    toygame.install()
    registry._GAMES["toy"] = spec
    try:
        assert main(["quiz", "toy", "--list-kinds", "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == {"high": "which card is higher"}
        assert main(["quiz", "toy", "--seed", "4", "--json"]) == 0
        ex = json.loads(capsys.readouterr().out)
        assert ex["kind"] == "high" and ex["seed"] == 4 and ex["answer"] in ex["choices"]
        assert main(["odds", "toy", "--cards", "13"]) == 0
        assert capsys.readouterr().out == "the top card: 1 in 13\n"
        for argv, words in ((["odds", "toy"], "need cards"), (["odds", "toy", "--cards", "x"], "whole number"),
                            *[(["odds", g, "--cards", "3"], f"no cards for the odds of {g}") for g in ODDS_GAMES],
                            (["quiz", "toy", "--seed", "1", "--kind", "low"], "unknown kind 'low'")):
            assert main(argv) == 2
            out, err = capsys.readouterr()
            assert words in err and err.count("\n") == 1 and out == "", argv
    finally:
        toygame.uninstall()
    assert main(["odds", "toy", "--cards", "13"]) == 2  # gone with the game
    assert "unrecognized arguments: --cards" in capsys.readouterr().err

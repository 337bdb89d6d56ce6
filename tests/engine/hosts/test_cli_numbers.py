"""``gamester quiz`` and ``gamester odds``: deterministic JSON per seed, the kinds listed, and bad input (an unknown
kind, a score outside the game, a ruleset without the option, a flag the game's odds do not take) exits 2 with
one line."""

import json
from dataclasses import replace

import pytest

from gamester import quiz, registry
from gamester.errors import RulesetError
from gamester.hosts.cli import main
from gamester.registry import Param

from . import toygame  # tests/engine/hosts/toygame.py


def test_json_is_deterministic_per_seed(capsys):
    outs = []
    for argv in (["quiz", "post-and-pair", "--seed", "5", "--json"], ["quiz", "post-and-pair", "--seed", "5",
                                                                      "--json"],
                 ["quiz", "post-and-pair", "--seed", "6", "--json"]):
        assert main(argv) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] != outs[2]
    ex = json.loads(outs[0])
    for key in ("game", "ruleset", "seed", "kind", "question", "hands", "choices", "answer", "answer_seat",
                "explanation", "clauses"):
        assert key in ex


@pytest.mark.parametrize("argv, words", [
    (["quiz", "put", "--seed", "1", "--kind", "nope"], "unknown kind 'nope'"),
    (["quiz", "chess", "--seed", "1"], "no exercises for 'chess'"),
    (["quiz", "put"], "needs --seed"),
    (["quiz", "put", "--seed", "1", "--kind", "put", "--ruleset", "without-putting"], "no putting"),
    (["odds", "put", "--score", "7-2"], "outside a game"),
    (["odds", "put", "--score", "4-4", "--ruleset", "truc"], "Truc"),
    (["odds", "put", "--score", "2-2", "--model", "pav", "--ruleset", "cotton-1674"], "puts are not modelled"),
    (["odds", "put", "--score", "2-2", "--model", "nope"], "unknown model"),
    (["odds", "put", "--score", "2-2", "--one-and-ties", "half"], "one trick and two ties"),
    (["odds", "post-and-pair", "--players", "40"], "2 to 17 players"),
    (["odds", "post-and-pair"], "needs --players"),
    (["odds", "speculation", "--players", "3"], "no players for the odds of speculation (it takes none)"),
    (["odds", "put", "--score", "4-4", "--samples", "10"], "no samples for the odds of put (it takes score, model, one-and-ties)"),
    (["odds", "chess"], "no odds for 'chess'"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, words):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and words in err
    assert err.count("\n") == 1 and out == ""


def test_list_kinds(capsys):
    assert main(["quiz", "put", "--list-kinds", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"trick", "score", "deal", "put", "see", "equilibrium"}


def test_odds_json(capsys):
    assert main(["odds", "post-and-pair", "--players", "3", "--samples", "300", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["hand"]["pair-royal"] == "1/425" and d["show"]["samples"] == 300
    assert main(["odds", "put", "--score", "4-4", "--ruleset", "without-putting(pack=28)", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["model"] == "engine" and "/" in d["lead_wins"]


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
                            (["odds", "put", "--score", "4-4", "--cards", "3"], "no cards for the odds of put"),
                            (["quiz", "toy", "--seed", "1", "--kind", "low"], "unknown kind 'low'")):
            assert main(argv) == 2
            out, err = capsys.readouterr()
            assert words in err and err.count("\n") == 1 and out == "", argv
    finally:
        toygame.uninstall()
    assert main(["odds", "toy", "--cards", "13"]) == 2  # gone with the game
    assert "unrecognized arguments: --cards" in capsys.readouterr().err

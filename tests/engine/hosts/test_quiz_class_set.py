"""Class sets and levels through every host (issue 22): sheet i of ``gamester quiz --count N --seed S`` is the web
op ``quiz``'s exercise for seed S + i, the answer key follows the sheets, the web op lists the kinds and levels,
and bad input (an unknown kind or level, a count of 0 or 41) gets one line."""

from __future__ import annotations

import json
import re

import pytest

from gamester import all_games, quiz
from gamester.clauses import all_clauses
from gamester.hosts import web
from gamester.hosts.cli import main

QUIZ_GAMES = sorted(n for n, s in all_games().items() if s.site.make_quiz and s.site.quiz_kinds)
GAME = QUIZ_GAMES[0]                                   # any game that makes exercises, and its first kind
KIND = next(iter(all_games()[GAME].site.quiz_kinds))
BEYOND = max(all_games()[GAME].site.quiz_levels[KIND]) + 1  # a level the kind does not have


def call(**req):
    return json.loads(web.handle(json.dumps(req)))


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_a_class_set_is_the_web_ops_exercises_number_by_number(game, capsys):
    spec = all_games()[game]
    kind = list(spec.site.quiz_kinds)[-1]
    assert main(["quiz", game, "--kind", kind, "--level", "2", "--seed", "100", "--count", "3", "--json"]) == 0
    sheets = json.loads(capsys.readouterr().out)
    assert isinstance(sheets, list) and [x["seed"] for x in sheets] == [100, 101, 102]
    for ex in sheets:
        r = call(op="quiz", game=game, kind=kind, level=2, seed=ex["seed"])
        assert r["ok"] and r["exercise"] == ex
        assert ex["level"] == 2
    assert len({x["question"] + str(x["hands"]) for x in sheets}) == 3


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_the_text_gives_every_sheet_then_the_key(capsys, game):
    kind = next(iter(all_games()[game].site.quiz_kinds))
    assert main(["quiz", game, "--kind", kind, "--seed", "7", "--count", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count("=== Sheet ") == 4 and "Exercise number 10" in out
    sheets, key = out.split("=== Answer key")
    assert "Answer:" not in sheets and key.count("Answer:") == 4
    title = all_games()[game].site.quiz_kinds[kind]
    assert f"{title} (level 1)" in sheets and f"({kind})" not in sheets     # the title, not the id
    assert not re.search(r"\b[Ss]eat \d", out)


def test_the_web_op_lists_each_games_kinds_and_levels():
    r = call(op="quiz", list=True)
    assert r["ok"] and [g["game"] for g in r["games"]] == QUIZ_GAMES
    for g in r["games"]:
        spec = all_games()[g["game"]]
        assert [k["kind"] for k in g["kinds"]] == list(spec.site.quiz_kinds)
        for k in g["kinds"]:
            assert k["title"] == spec.site.quiz_kinds[k["kind"]]
            assert [lv["level"] for lv in k["levels"]][:2] == [1, 2] and all(lv["title"] for lv in k["levels"])
    one = call(op="quiz", list=True, game=GAME)
    assert one["ok"] and [g["game"] for g in one["games"]] == [GAME]


@pytest.mark.parametrize(("argv", "says"), [
    (["quiz", GAME, "--seed", "1", "--kind", "nope"], "unknown kind 'nope'"),
    (["quiz", GAME, "--seed", "1", "--kind", KIND, "--level", str(BEYOND)], f"unknown level {BEYOND}"),
    (["quiz", GAME, "--seed", "1", "--count", "0"], "from 1 to 40, not 0"),
    (["quiz", GAME, "--seed", "1", "--count", "41"], "from 1 to 40, not 41"),
    (["quiz", GAME, "--seed", "-1", "--count", "2"], "whole number 0 or more"),
])
def test_bad_input_on_the_command_line_gets_one_line(argv, says, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err and "Traceback" not in err


@pytest.mark.parametrize(("req", "says"), [
    ({"game": GAME, "kind": KIND, "level": BEYOND}, f"unknown level {BEYOND}"),
    ({"game": GAME, "kind": KIND, "level": "two"}, "field 'level' must be a whole number"),
    ({"game": GAME, "kind": "nope"}, "unknown kind 'nope'"),
    ({"list": "yes"}, "field 'list' must be true"),
    ({"list": True, "seed": 3}, "takes only 'game'"),
    ({"game": GAME, "levle": 2}, "takes no field 'levle'"),
])
def test_bad_requests_to_the_web_op_get_one_line(req, says):
    r = call(op="quiz", **req)
    assert r["ok"] is False and says in r["error"] and "\n" not in r["error"], r


def test_class_sets_are_at_most_forty():
    assert quiz.MAX_COUNT == 40
    with pytest.raises(Exception, match="from 1 to 40"):
        quiz.class_set(all_games()[GAME], 0, 41, KIND)


# the words a reader sees: no clause ids, no rulesets' settings strings, no seat numbers from 0 (as test_reader_words)
PREFIXES = "|".join(sorted({c.id.split(".")[0] for c in all_clauses()}))   # every game's clause ids
NEVER = re.compile(rf"\b(?:{PREFIXES})\.[a-z0-9-]+\.[a-z0-9-]+|\b[Ss]eats? \d(?!\d*[♠♥♦♣])|[a-z-]+\([a-z_]+=")


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_every_kind_and_level_speaks_a_readers_words(game):
    spec = all_games()[game]
    for kind in spec.site.quiz_kinds:
        for level in quiz.levels_of(spec, kind):
            for seed in (0, 1, 2):
                r = call(op="quiz", game=game, kind=kind, level=level, seed=seed, base="../")
                ex = r["exercise"]
                shown = " ".join([r["html"]["question"], r["html"]["explanation"], *ex["choices"]])
                text = re.sub(r"<[^>]+>", " ", shown)
                assert not NEVER.findall(text), (kind, level, seed, NEVER.findall(text))

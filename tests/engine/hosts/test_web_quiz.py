"""The web API's ``quiz`` op (the live "Another question" on the Teach pages), on every game that makes exercises."""

from __future__ import annotations

import json
import re

import pytest

from gamester import all_games, commands
from gamester.hosts import web

QUIZ_GAMES = sorted(n for n, s in all_games().items() if s.site.make_quiz and s.site.quiz_kinds)


def call(**req):
    return json.loads(web.handle(json.dumps(req)))


def test_some_games_make_exercises():
    assert len(QUIZ_GAMES) >= 3


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_each_kind_is_the_cli_exercise_with_html(game):
    for kind in commands.quiz_kinds(game)["data"]:
        for seed in (0, 7, 4_294_967_295):
            r = call(op="quiz", game=game, kind=kind, seed=seed, base="../../")
            assert r["ok"], r
            ex = r["exercise"]
            assert ex == commands.quiz(game, seed, kind)["data"]       # the same exercise as `gamester quiz --json`
            assert ex["answer"] in ex["choices"] and len(set(ex["choices"])) == len(ex["choices"])
            assert call(op="quiz", game=game, kind=kind, seed=seed, base="../../") == r   # deterministic per seed
            q, why = r["html"]["question"], r["html"]["explanation"]
            assert ex["question"].split()[0] in q
            if ex["hands"]:
                assert q.count('class="gm-card') >= sum(len(h.split()) for h in ex["hands"])   # cards drawn as cards
            links = re.findall(r'href="([^"]*)"', why)
            assert links == [f"../../clauses/#{x['clause']}" for x in ex["explanation"]]   # relative, one per sentence
            assert "<script" not in q + why


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_seeds_differ_and_no_kind_takes_the_kinds_in_turn(game):
    kinds = list(commands.quiz_kinds(game)["data"])
    got = [call(op="quiz", game=game, seed=s)["exercise"] for s in range(len(kinds) * 2)]
    assert [x["kind"] for x in got] == [kinds[s % len(kinds)] for s in range(len(got))]
    assert len({x["question"] + str(x["hands"]) for x in got}) > 1


@pytest.mark.parametrize(("req", "says"), [
    ({"game": "no-such-game"}, "unknown game"),
    ({"game": QUIZ_GAMES[0], "kind": "no-such-kind"}, "unknown kind 'no-such-kind'"),
    ({"game": QUIZ_GAMES[0], "kind": "<b>"}, "field 'kind' must be a kind's name"),
    ({"game": QUIZ_GAMES[0], "seed": -1}, "field 'seed' must be between 0"),
    ({"game": QUIZ_GAMES[0], "seed": 2**64}, "field 'seed' must be between 0"),
    ({"game": QUIZ_GAMES[0], "seed": "ten"}, "field 'seed' must be a whole number"),
    ({"game": QUIZ_GAMES[0], "base": "https://example.org/"}, "field 'base' must be a relative path"),
    ({"game": QUIZ_GAMES[0], "ruleset": 3}, "field 'ruleset' must be text"),
    ({"game": QUIZ_GAMES[0], "ruleset": "no-such-ruleset"}, "no-such-ruleset"),
    ({}, "request lacks the field 'game'"),
])
def test_bad_requests_get_one_clear_error(req, says):
    r = call(op="quiz", **req)
    assert r["ok"] is False and says in r["error"] and "\n" not in r["error"], r
    assert r["kind"] != "InternalError"

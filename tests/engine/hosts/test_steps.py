"""Issue 36, "unbounded work in one request": ``render``, ``run`` and ``compare`` play games with bots, and one request
of Put's printed example with three players, 21 points and a rubber of two (all within the live limits, reachable
from a permalink) took 17-24 s of CPU. Every op's bot moves are now bounded as the live table's ``bot`` op is: at
most ``limits.bot_moves`` a reply, then ``more`` and the moves to ask again with (gamester.hosts.web_steps). Work is
counted (the bots' choices), never timed."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from gamester import all_games, commands, registry, render
from gamester.hosts import web

#: The permalink's example: Put's widget (put-play seed=3 on the Put page) with three players, 21 points and a
#: rubber of two, under the rules that make the longest game (no putting: 1,905 moves, 12-24 s in one request).
EXAMPLE = {"seed": "3", "players": "3", "ruleset": "without-putting", "options": "game_points=21;rubber=2"}
#: The same with the 28-card pack: 265 moves, quick enough to play twice in the fast suite.
SHORTER = {**EXAMPLE, "ruleset": "stripped-28"}


def call(**req) -> dict:
    r = json.loads(web.handle(json.dumps(req)))
    assert r["ok"], r
    return r


@pytest.fixture
def choices(monkeypatch):
    """Counts the choices every bot of every game makes (the work a step bounds): ``choices[0]``."""
    made = [0]
    for spec in all_games().values():
        for name, make in list(spec.bots.items()):
            def counted(seed, make=make):
                bot = make(seed)
                choose = bot.choose

                def counted_choose(state, seat):
                    made[0] += 1
                    return choose(state, seat)

                bot.choose = counted_choose
                return bot
            monkeypatch.setitem(spec.bots, name, counted)
    return made


@pytest.fixture
def remembered(monkeypatch):
    """Each bot's choice remembered by its position: the bot, its seed, the seat, and the game (its options, seats,
    deal and moves). A bot is made afresh for each move with :func:`gamester.state.bot_seed` and chooses by these
    alone, so a choice asked again at the same position is given again without the bot's work (a position never
    seen, or a bot seeded otherwise, is asked as usual). ``asked``: [choices made by a bot, choices given again].
    Requested before ``choices``, so that the choices it gives again are counted too."""
    memo: dict[tuple, str] = {}
    asked = [0, 0]
    for spec in all_games().values():
        for name, make in list(spec.bots.items()):
            def remembering(seed, make=make, name=name):
                bot = make(seed)
                choose = bot.choose

                def remembered_choose(state, seat):
                    key = (name, seed, seat, type(state).__name__, state.options.to_string(), state.players,
                           state.seed, tuple(state.history))
                    if key in memo:
                        asked[1] += 1
                    else:
                        asked[0] += 1
                        memo[key] = choose(state, seat)
                    return memo[key]

                bot.choose = remembered_choose
                return bot
            monkeypatch.setitem(spec.bots, name, remembering)
    return asked


def steps(op: dict, choices, game: str = "put") -> tuple[dict, int]:
    """The op asked again with each reply's moves until it is done: the last reply and the number of requests; each
    request's bot choices are at most the game's limits.bot_moves."""
    most = all_games()[game].limits.bot_moves
    r, n = call(**op), 1
    while r["more"]:
        assert 0 < choices[0] <= most and len(r["moves"]) > 0, (choices[0], most)
        choices[0] = 0
        r, n = call(**op, moves=r["moves"]), n + 1
    assert choices[0] <= most
    return r, n


@pytest.mark.parametrize("op", [
    {"op": "render", "kind": "put-play", "args": EXAMPLE},
    {"op": "run", "game": "put", "command": "play", "ruleset": EXAMPLE["ruleset"],
     "options": {"game_points": 21, "rubber": 2}, "args": {"players": 3, "seed": 3}},
])
def test_the_example_answers_within_the_bound_with_a_continuation(op, choices):
    spec = all_games()["put"]
    r = call(**op)
    assert r["more"] is True and "html" not in r and "result" not in r
    assert choices[0] == spec.limits.bot_moves == len(r["moves"])
    choices[0] = 0
    again = call(**op, moves=r["moves"])  # the next step replays the moves given (no bot asked) and makes 10 more
    assert again["more"] and again["moves"][:len(r["moves"])] == r["moves"]
    assert choices[0] == spec.limits.bot_moves and len(again["moves"]) == 2 * spec.limits.bot_moves


def test_the_steps_give_what_one_unbounded_render_gave(choices):
    whole = render.render("put-play", SHORTER)  # the build's rendering: one call, no bound
    choices[0] = 0
    r, n = steps({"op": "render", "kind": "put-play", "args": SHORTER, "base": "../"}, choices)
    assert r["html"] == whole and n > 20 and "moves" not in r


def test_the_steps_of_run_and_compare_give_what_one_unbounded_call_gave(choices, monkeypatch):
    pos = {"players": 3, "seed": 3}
    whole = commands.run("put", "play", ruleset="stripped-28", options="game_points=21;rubber=2", **pos)
    choices[0] = 0
    r, n = steps({"op": "run", "game": "put", "command": "play", "ruleset": "stripped-28(game_points=21,rubber=2)",
                  "args": pos}, choices)
    assert n > 20 and r["result"] == whole["data"] and r["text"] == whole["text"] and r["ruleset"] == whole["options"]
    # A comparison plays one game a ruleset: the steps run on from the first into the second (a game with a
    # comparison, its bound lowered to 3 moves a step so that each game takes several).
    game = next(n for n, s in sorted(all_games().items()) if any(c.compares for c in s.commands.values()))
    spec = all_games()[game]
    monkeypatch.setitem(registry._GAMES, game, replace(spec, limits=replace(spec.limits, bot_moves=3)))
    rulesets = list(spec.presets)[:2]
    both = commands.compare(game, rulesets, **pos)
    choices[0] = 0
    r, n = steps({"op": "compare", "game": game, "rulesets": rulesets, "args": pos}, choices, game)
    assert n > 2 and [x["result"] for x in r["results"]] == [x["data"] for x in both]


@pytest.mark.heavy  # the example itself: its bots' work (about 12 s on CPython) once, the replays of ~190 steps
def test_the_steps_of_the_example_give_what_one_unbounded_render_gave(remembered, choices):
    """The steps ask each bot at a position where the unbounded rendering asked it, with the same seed (so each
    choice is the one the rendering's bot made, given again: ``remembered``), every step within the bound, and end
    in the same page. SHORTER (above) asks its bots afresh in both."""
    whole = render.render("put-play", EXAMPLE)
    made = remembered[0]
    assert made > 1500 and remembered[1] == 0
    choices[0] = 0
    r, n = steps({"op": "render", "kind": "put-play", "args": EXAMPLE}, choices)
    assert r["html"] == whole and n > 150
    assert remembered[0] == made and remembered[1] >= made  # no position the rendering did not reach


def test_moves_that_are_not_the_games_are_refused_in_one_line(choices):
    op = {"op": "render", "kind": "put-play", "args": {"seed": "3"}}
    game = commands.run("put", "play", seed=3)["data"]["actions"]  # every move of the printed game is a bot's
    whole = render.render("put-play", {"seed": "3"})
    choices[0] = 0
    assert call(**op, moves=game)["html"] == whole and choices[0] == 0  # all given: done at once, no bot asked
    for moves, words in [(["play AS", *game], "IllegalActionError"), ([*game, game[-1]], "the work makes only"),
                         ([" " + game[0]], "move 1 ' "), ([game[0], 7], "item 1 of field 'moves'")]:
        r = json.loads(web.handle(json.dumps({**op, "moves": moves})))
        assert r["ok"] is False and r["kind"] != "InternalError" and "\n" not in r["error"], r
        assert words in r["error"] or words == r["kind"], r


def test_a_step_is_bounded_for_every_game_and_widget(choices):
    """Every widget kind's printed example, asked as the widget asks: each reply makes at most its game's
    limits.bot_moves bot choices, and the last gives the build's rendering."""
    for kind, (spec, _w) in sorted(render.widgets().items()):
        args = {"pp-settle": {"hands": "QH QD QC|KS KH KD"},
                "pp-compare": {"seed": "7", "players": "5", "rulesets": "reconstruction,cotton-1674"}}.get(
            kind, {"seed": "5", "players": str(spec.default_players or spec.player_range[0])})
        choices[0] = 0
        r = call(op="render", kind=kind, args=args)
        while r["more"]:
            assert choices[0] <= spec.limits.bot_moves, kind
            choices[0] = 0
            r = call(op="render", kind=kind, args=args, moves=r["moves"])
        assert choices[0] <= spec.limits.bot_moves and r["html"] == render.render(kind, args), kind

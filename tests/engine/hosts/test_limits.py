"""Bounded work (issue #13): the live examples' limits are one table (``registry.Limits``, each game's
``GameSpec.limits``), enforced by the engine, given to the widgets by the ``games`` op, and large enough that no game
the forms allow runs past them. Timings are not asserted here: ``benchmarks/bench_limits.py`` prints them."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from gamester import RulesetError, all_games, commands, registry
from gamester.hosts import web


def call(**req):
    return json.loads(web.handle(json.dumps(req)))


def refused(req_text: str, words: str) -> dict:
    r = json.loads(web.handle(req_text))
    assert r["ok"] is False and r["kind"] != "InternalError" and words in r["error"], r
    return r


@pytest.mark.parametrize("field", ["seed", "id", "players", "seat"])
def test_a_5000_digit_number_is_a_request_error(field):
    text = '{"op": "new", "game": "put", "' + field + '": ' + "9" * 5000 + "}"
    r = refused(text, "5000 digits")
    assert r["kind"] == "RequestError" and len(r["error"]) < 120


def test_numbers_in_text_are_ascii_digits_only():
    for seed in ["٤", "４", "4_0", "+4", " 4 4", " 44 ", "44\n", "\u00a044", "44\u00a0", "\t44"]:
        refused(json.dumps({"op": "new", "game": "put", "seed": seed}), "whole number")
    assert call(op="new", game="put", seed="44")["seed"] == 44


def test_long_games_are_refused_before_any_work():
    refused(json.dumps({"op": "bot", "game": "put", "ruleset": "put(game_points=99,rubber=2)", "until": "end"}),
            "game_points at most 21")
    refused(json.dumps({"op": "new", "game": "put", "options": {"game_points": 22}}), "longer than a live example")
    refused(json.dumps({"op": "render", "kind": "spec-play",
                        "args": {"seed": "1", "players": "10", "deals": "100"}}), "deals x players 1,000; at most 100")
    refused(json.dumps({"op": "render", "kind": "spec-play",
                        "args": {"seed": "1", "players": "10", "options": "deals=100"}}), "deals x players 1,000")
    refused(json.dumps({"op": "run", "game": "speculation", "command": "play",
                        "args": {"players": 10, "deals": 100}}), "deals x players 1,000")
    refused(json.dumps({"op": "render", "kind": "put-play", "args": {"seed": "1", "deals": "3"}}),
            "unknown argument 'deals' for put-play")  # Put takes no deals: its widget neither
    refused(json.dumps({"op": "apply", "game": "speculation", "players": 10, "options": {"deals": 100},
                        "actions": [], "action": "turn"}), "deals x players")


def test_odds_only_when_asked():
    pos = {"game": "put", "players": 3, "seed": 5, "seat": "current"}
    r = call(op="new", **pos)
    assert r["ok"] and "analysis" not in r and "gm-chance" not in r["html"]
    assert "gm-chance" in call(op="new", chances=True, **pos)["html"]
    assert call(op="new", chances="yes", **pos)["ok"] is False


def test_the_games_op_gives_the_limits_and_the_narrowed_ranges():
    info = {g["name"]: g for g in call(op="games")["games"]}
    for name, spec in all_games().items():
        g = info[name]
        assert g["limits"] == spec.limits.to_json()
        caps = dict(spec.limits.options)
        for o in g["options"]:
            if o["name"] in caps:
                assert o["range"][1] == caps[o["name"]]
    assert dict(info["put"]["limits"]["options"]) == {"game_points": 21}
    n = info["put"]["limits"]["actions"]  # the bound the games op announces is the one a position meets
    refused(json.dumps({"op": "view", "game": "put", "actions": ["play AS"] * (n + 1)}), f"at most {n}")


def _largest(spec, players):
    """The options a live example allows that make the longest games: each integer option at its live maximum,
    except those the game's length measure depends on (deals), each set to the value that makes the measure longest
    within what a live example plays (issue 36: this once lowered Post and Pair's vye_max and revyes, Speculation's
    peek_penalty and Bone-Ace's stake, none of which the measure counts), under each preset."""
    ranges = spec.limits.option_ranges(spec.options.specs())
    measure, most = spec.limits.length, spec.limits.most_length
    for preset in spec.presets.values():
        pairs = {k: str(hi) for k, (lo, hi) in ranges.items()}
        if measure is not None:
            for k, (lo, hi) in ranges.items():
                lengths = {v: measure(preset.options.with_options({**pairs, k: str(v)}), players)
                           for v in range(lo, hi + 1)}
                if lengths[lo] == lengths[hi]:
                    continue  # not counted by the measure: at its live maximum
                allowed = [(n, v) for v, n in lengths.items() if n <= most]
                pairs[k] = str(max(allowed)[1])
        yield preset.options.with_options(pairs)


def test_the_largest_options_are_the_live_maxima():
    """Every option the length measure does not count is at its live maximum (Post and Pair's vye_max 100 and
    revyes 20, Speculation's peek_penalty 10 and stake 3, Bone-Ace's stake 20 at 17 players), and the measure is
    as long as a live example plays."""
    for spec in all_games().values():
        ranges = spec.limits.option_ranges(spec.options.specs())
        for players in range(spec.player_range[0], spec.player_range[1] + 1):
            for opts in _largest(spec, players):
                spec.limits.check(spec.title, opts, players)
                counted = {"deals"} if spec.limits.length is not None else set()
                for k, (_lo, hi) in ranges.items():
                    if k not in counted:
                        assert getattr(opts, k) == hi, (spec.name, players, k, getattr(opts, k), hi)


def _longest(spec, seeds, bots) -> tuple[int, str]:
    """The longest game (actions) over every number of players, the largest options a form allows and ``seeds``."""
    longest, what = 0, ""
    for players in range(spec.player_range[0], spec.player_range[1] + 1):
        for opts in _largest(spec, players):
            spec.limits.check(spec.title, opts, players)
            for seed in seeds:
                try:
                    state = spec.new_state(opts, players, seed)
                except RulesetError:  # a combination the game itself refuses (the 32-card pack for 10 ...)
                    break
                spec.play_bots(state, bots)
                if len(state.history) > longest:
                    longest, what = len(state.history), f"{opts} players={players} seed={seed} bots={bots}"
    return longest, what


@pytest.mark.heavy  # 10 s in all: the longest game each form allows, at every number of players
@pytest.mark.parametrize("game", sorted(all_games()))
def test_no_game_the_forms_allow_runs_past_the_limits(game):
    """The longest games a form allows, at every number of players, played by random bots (which wander into the
    long lines: re-vyes, bids, puts), stay within the limit of a position's actions, so a widget never sees "the
    game ran past N actions" (issue #24: Put to 21 in a rubber of two, three-handed, reached 2,805 of 2,000)."""
    spec = all_games()[game]
    longest, what = _longest(spec, range(2), ("random",))
    assert 0 < longest <= spec.limits.actions, (longest, spec.limits.actions, what)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(all_games()))
def test_no_game_the_forms_allow_runs_past_the_limits_over_many_seeds(game):
    spec = all_games()[game]
    longest, what = _longest(spec, range(2, 60), ("random",))
    assert 0 < longest <= spec.limits.actions, (longest, spec.limits.actions, what)
    longest, what = _longest(spec, range(3), ())  # the game's own bots (slow at three-handed Put: ~9 s a game)
    assert 0 < longest <= spec.limits.actions, (longest, spec.limits.actions, what)


def test_the_issue_24_put_game_finishes_through_the_api():
    """The widget's request from issue #24, followed through ``more`` to the end (random bots: the same length of
    game as the calculating bot's, in a fraction of the time)."""
    pos = {"op": "bot", "until": "end", "game": "put", "ruleset": "without-putting(game_points=21,rubber=2)",
           "players": 3, "seed": 0, "bots": ["random"] * 3}
    for _ in range(1000):  # Put's bot runs pause every limits.bot_moves (10) moves
        r = call(**pos)
        assert r["ok"], r
        if not r["more"]:
            break
        pos["actions"] = r["actions"]
    assert r["terminal"] and len(r["actions"]) > 2_000


def test_the_longest_position_fits_in_one_request():
    """A position of as many actions as the limit allows, each as long as the game's longest action, is a request
    the web API reads (its size limit agrees with the action limit)."""
    for name, spec in all_games().items():
        state = spec.new_state(spec.default_options(), spec.player_range[1], 1)
        spec.play_bots(state, ("random",))
        longest = max(len(a) for a in state.history)
        req = json.dumps({"op": "view", "game": name, "actions": ["x" * longest] * spec.limits.actions,
                          "ruleset": "r" * 400, "players": 99, "seed": 2**63 - 1})
        assert len(req) <= web.MAX_REQUEST, (name, len(req))


@pytest.mark.parametrize("game", sorted(all_games()))
def test_a_long_bot_run_comes_in_steps_that_add_up_to_the_same_game(game, monkeypatch):
    """``bot until=end`` pauses after ``limits.bot_moves`` moves (here: after every move) and says ``more``; asking
    on gives the very game the CLI plays with the same seed and bots. A budget in moves: the same replies on every
    machine, however loaded (a budget in seconds failed test_web under ``-n 8``)."""
    spec = all_games()[game]
    monkeypatch.setitem(registry._GAMES, game, replace(spec, limits=replace(spec.limits, bot_moves=1)))
    players = spec.default_players or spec.player_range[0]
    pos = {"game": game, "players": players, "seed": 11, "until": "end", "actions": []}
    requests = 0
    while True:
        r = call(op="bot", **pos)
        requests += 1
        assert r["ok"] and len(r["moved"]) <= 1, r
        pos["actions"] = r["actions"]
        if not r["more"]:
            break
    assert r["terminal"] and requests == len(r["actions"]) + (0 if r["moved"] else 1)
    assert r["actions"] == commands.run(game, "play", players=players, seed=11)["data"]["actions"]

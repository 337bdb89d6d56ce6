"""Bounded work (issue #13): the live examples' limits are one table (``registry.Limits``, each game's
``GameSpec.limits``), enforced by the engine, given to the widgets by the ``games`` op, and large enough that no game
the forms allow runs past them. Timings are not asserted here: ``benchmarks/bench_limits.py`` prints them."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from gamester import RulesetError, all_games, commands, registry, render
from gamester.hosts import web


def call(**req):
    return json.loads(web.handle(json.dumps(req)))


def refused(req_text: str, words: str) -> dict:
    r = json.loads(web.handle(req_text))
    assert r["ok"] is False and r["kind"] != "InternalError" and words in r["error"], r
    return r


GAMES = sorted(all_games())
# Each game whose limits bound an option below its range, with the bound and the range's top (issue 34: the
# shared tests take their games from the registry and name none).
BOUNDED = [(g, k, hi, top) for g in GAMES for k, hi in all_games()[g].limits.options
           for top in [next(s.range[1] for s in all_games()[g].options.specs() if s.name == k)] if top > hi]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field", ["seed", "id", "players", "seat"])
def test_a_5000_digit_number_is_a_request_error(field, game):
    text = '{"op": "new", "game": ' + json.dumps(game) + ', "' + field + '": ' + "9" * 5000 + "}"
    r = refused(text, "5000 digits")
    assert r["kind"] == "RequestError" and len(r["error"]) < 120


@pytest.mark.parametrize("game", GAMES)
def test_numbers_in_text_are_ascii_digits_only(game):
    for seed in ["٤", "４", "4_0", "+4", " 4 4", " 44 ", "44\n", "\u00a044", "44\u00a0", "\t44"]:
        refused(json.dumps({"op": "new", "game": game, "seed": seed}), "whole number")
    assert call(op="new", game=game, seed="44")["seed"] == 44


def test_an_option_past_its_live_bound_is_refused_before_any_work():
    assert BOUNDED, "no registered game bounds an option below its range: nothing to test"
    for game, k, hi, top in BOUNDED:
        spec = all_games()[game]
        refused(json.dumps({"op": "bot", "game": game, "ruleset": f"{spec.default_preset}({k}={top})",
                            "until": "end"}), f"{k} at most {hi}")
        refused(json.dumps({"op": "new", "game": game, "options": {k: hi + 1}}), "longer than a live example")


def _too_long(spec):
    """(players, option, value, length): a game longer than a live example plays, by the game's length measure,
    made by one option at the top of its range and the most players (the rest at their defaults), or None."""
    if spec.limits.length is None:
        return None
    players, opts = spec.player_range[1], spec.default_options()
    for s in spec.options.specs():
        if s.range:
            n = spec.limits.length(opts.with_options({s.name: str(s.range[1])}), players)
            if n > spec.limits.most_length:
                return players, s.name, s.range[1], n
    return None


def test_a_game_longer_than_a_live_example_is_refused_before_any_work():
    """Through every door a live example has: a widget's arguments (the option as its parameter, or in its
    options), a command run, and a position."""
    doors = set()
    for game, spec in all_games().items():
        long = _too_long(spec)
        if long is None:
            continue
        players, k, v, n = long
        words = f"{spec.limits.length_words} {n:,}; at most {spec.limits.most_length:,}"
        for kind, w in spec.site.widgets.items():
            takes = {p.name for p in render.widget_params(spec, w)}
            if "players" not in takes or players > (w.max_players or players) or w.one_of \
                    or set(w.required) - {"seed", "players"}:
                continue  # a comparison, or a kind that needs arguments of its own
            if k in takes:
                refused(json.dumps({"op": "render", "kind": kind,
                                    "args": {"seed": "1", "players": str(players), k: str(v)}}), words)
                doors.add("widget parameter")
            refused(json.dumps({"op": "render", "kind": kind,
                                "args": {"seed": "1", "players": str(players), "options": f"{k}={v}"}}), words)
            doors.add("widget options")
        for name, cmd in spec.commands.items():
            if cmd.param("players") is not None and cmd.param(k) is not None and cmd.param(k).option:
                refused(json.dumps({"op": "run", "game": game, "command": name,
                                    "args": {"players": players, k: v}}), words)
                doors.add("command")
        refused(json.dumps({"op": "apply", "game": game, "players": players, "options": {k: v},
                            "actions": [], "action": "x"}), words)
        doors.add("position")
    assert doors == {"widget parameter", "widget options", "command", "position"}, doors


def test_a_widget_refuses_an_argument_its_command_does_not_take():
    """A parameter some game's command takes (``deals``, ``hand`` ...) is refused by a widget whose command
    does not take it, rather than quietly ignored."""
    names = {p.name for spec in all_games().values() for c in spec.commands.values() for p in c.params}
    checked = 0
    for spec in all_games().values():
        for kind, w in spec.site.widgets.items():
            rules = render.COMPARE_ARGS if w.command == "compare" else render.RULES_ARGS
            takes = {*rules, *(p.name for p in render.widget_params(spec, w))}
            for name in sorted(names - takes):
                refused(json.dumps({"op": "render", "kind": kind, "args": {name: "3"}}),
                        f"unknown argument '{name}' for {kind}")
                checked += 1
    assert checked, "no widget lacks a parameter another command takes: nothing to test"


@pytest.mark.parametrize("game", [g for g in GAMES if all_games()[g].analysis is not None])
def test_odds_only_when_asked(game):
    spec = all_games()[game]
    pos = {"game": game, "players": spec.default_players or spec.player_range[0], "seed": 5, "seat": "current"}
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
        n = g["limits"]["actions"]  # the bound the games op announces is the one a position meets
        refused(json.dumps({"op": "view", "game": name, "actions": ["x"] * (n + 1)}), f"at most {n}")
    assert any(info[g]["limits"]["options"] for g, *_ in BOUNDED)


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

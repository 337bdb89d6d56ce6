"""A move from an open game (issue 30): the play widget names the game the engine keeps (``open``, from the last
reply) instead of sending its actions, and the reply sends the table's parts, null where the parts of the reply it
names are the same. Put together as the widget does (``docs/javascripts/gamester-play.js``, ``move``), every table
is the one a request with the whole position draws, byte for byte; a name the engine no longer keeps at its step is
refused in one line, and the position sent whole is replayed and checked as ever."""

from __future__ import annotations

import json
import re

import pytest

from gamester import all_games
from gamester.hosts import web
from gamester.state import RandomBot

REAL = sorted(all_games())


def call(**req):
    return json.loads(web.handle(json.dumps(req)))


def ok(**req):
    r = call(**req)
    assert r["ok"] is True, r
    return r


def whole(**req):
    """The reply to the whole position, replayed apart from the open games (which it would otherwise take on)."""
    kept = list(web._OPEN.items())
    web._OPEN.clear()
    try:
        return ok(**req)
    finally:
        web._OPEN.clear()
        web._OPEN.update(kept)


def stale(**req) -> str:
    r = call(**req)
    assert r["ok"] is False and r["kind"] == "StaleGameError", r
    assert "\n" not in r["error"] and len(r["error"]) < 200
    return r["error"]


def joined(r: dict, held: list | None) -> list:
    """The reply's table parts with the held ones where it sends null (as the widget puts them together): a part
    in pieces (a list) with the held part's piece where it sends null (at the same place) or a number (its place)."""
    assert r["html"] is None and isinstance(r["parts"], list)
    assert held is not None or None not in r["parts"], "a null part, and no parts held"
    return [held[i] if p is None else [held[i][j] if x is None else held[i][x] if type(x) is int else x
                                       for j, x in enumerate(p)] if type(p) is list
            else p for i, p in enumerate(r["parts"])]


def html(parts: list) -> str:
    """The table's HTML from its parts (a part in pieces, its pieces joined)."""
    return "".join(p if type(p) is str else "".join(p) for p in parts)


@pytest.mark.parametrize("game", REAL)
@pytest.mark.parametrize("seat", [0, "current", None])
def test_moves_from_the_open_game_draw_the_table_a_whole_position_draws(game, seat):
    spec = all_games()[game]
    pos = {"game": game, "players": spec.default_players or spec.player_range[0], "seed": 7, "seat": seat}
    r = ok(op="new", **pos)
    acts, name, held, parts = r["actions"], r["open"], None, None
    state, bot = spec.new_state(spec.default_options(), pos["players"], 7), RandomBot(7)
    log = {} if seat == "current" else {"log_from": 0}  # (the widget sends log_from for a reader's own table)
    sent = 0
    while not state.is_terminal() and len(acts) < 150:
        action = bot.choose(state, state.current_player())
        state.apply(action)
        r = ok(op="apply", open=name, action=action, **pos, **log)
        w = whole(op="apply", actions=acts, action=action, **pos, **log)
        parts = joined(r, held)
        assert html(parts) == w["html"], (game, seat, len(acts))
        assert r["actions_from"] == len(acts) and r["actions"] == [action] and r["step"] == len(acts) + 1
        assert {k: r[k] for k in ("current", "terminal", "roles", "seat", "ruleset")} == \
            {k: w[k] for k in ("current", "terminal", "roles", "seat", "ruleset")}
        sent += sum(p is not None for p in r["parts"]) if held is not None else 0  # (the first: every part)
        acts, name, held = acts + r["actions"], r["open"], parts
        if "log_from" in log:  # the entries the table holds in all (its log's summary says)
            m = re.search(r'class="gm-t-log"><summary>[^<]*\((\d+)', w["html"])
            log["log_from"] = int(m.group(1)) if m else 0
    moves = len(acts)
    assert moves > 3 and sent < (moves - 1) * len(parts) * 0.8, (sent, moves, len(parts))  # only what changed


def test_a_bot_run_goes_on_from_the_open_game():
    spec = all_games()["put"] if "put" in all_games() else next(iter(all_games().values()))
    pos = {"game": spec.name, "players": spec.player_range[0], "seed": 3, "seat": 0}
    r = ok(op="new", **pos)
    acts, name, held = r["actions"], r["open"], None
    for _ in range(30):
        if r["terminal"]:
            break
        r = ok(op="bot", open=name, until="end", **pos)
        w = whole(op="bot", actions=acts, until="end", **pos)
        assert (r["actions_from"], r["moved"], r["more"]) == (len(acts), w["moved"], w["more"])
        assert acts + r["actions"] == w["actions"]
        if r["parts"] is not None:
            held = joined(r, held)
            assert html(held) == w["html"]
        acts, name = acts + r["actions"], r["open"]
    assert r["terminal"]


def test_a_name_not_kept_at_its_step_is_refused_and_the_whole_position_is_replayed():
    game = REAL[0]
    spec = all_games()[game]
    pos = {"game": game, "players": spec.default_players or spec.player_range[0], "seed": 2, "seat": 0}
    r = ok(op="new", **pos)
    state = spec.new_state(spec.default_options(), pos["players"], 2)
    legal = state.legal_actions()
    first = ok(op="apply", open=r["open"], action=legal[0], **pos)
    assert "names is no longer kept" in stale(op="apply", open=r["open"], action=legal[0], **pos)  # moved on since
    assert stale(op="apply", open="no such game", action=legal[0], **pos)
    assert stale(op="apply", open=first["open"], action=legal[0], **{**pos, "seed": 3})  # another deal's
    state.apply(legal[0])
    illegal = call(op="apply", open=first["open"], action="no such move", **pos)
    assert illegal["ok"] is False and illegal["kind"] != "StaleGameError"
    assert stale(op="apply", open=first["open"], action=state.legal_actions()[0], **pos)  # not kept after an error
    again = ok(op="apply", actions=first["actions"], action=state.legal_actions()[0], **pos)  # sent whole: replayed
    assert again["step"] == 2 and again["html"]
    for seed in range(100, 100 + web.MAX_OPEN + 1):  # other games push it out
        ok(op="new", **{**pos, "seed": seed})
    assert stale(op="apply", open=again["open"], action="x", **pos)
    assert "must be text" in call(op="apply", open=5, action="x", **pos)["error"]
    for op in ("view", "new", "analysis"):
        assert "takes no field 'open'" in call(op=op, open=again["open"], **pos)["error"]

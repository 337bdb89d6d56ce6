"""Put's own live bounds (issue 24): its game_points bound as the games op gives it, and the long game of issue 24
followed through the web API to the end. Moved here from tests/engine/hosts/test_limits.py, whose tests take their
games from the registry and name none (issue 34)."""

from __future__ import annotations

import json

from hosts.test_limits import call, refused  # the shared test's request and refusal checks

from gamester import all_games


def test_put_plays_to_21_at_most_in_a_live_example():
    info = {g["name"]: g for g in call(op="games")["games"]}
    assert dict(info["put"]["limits"]["options"]) == {"game_points": 21}
    assert all_games()["put"].limits.bot_moves == 10
    refused(json.dumps({"op": "bot", "game": "put", "ruleset": "put(game_points=99,rubber=2)", "until": "end"}),
            "game_points at most 21")
    n = info["put"]["limits"]["actions"]
    refused(json.dumps({"op": "view", "game": "put", "actions": ["play AS"] * (n + 1)}), f"at most {n}")


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

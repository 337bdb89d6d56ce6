"""Post and Pair's numbers and its longest games within bounds (issue 24): the odds' parameters bounded where they
are declared, and the longest game a form allows answered in replies of bounded size. Moved here from
tests/engine/hosts/test_bounds.py, whose requests name no game."""

from __future__ import annotations

import json
import re

from hosts.test_bounds import call, one_line_exit_2, refused  # the shared test's checks

from gamester import all_games
from gamester.hosts import web
from gamester.hosts.cli import main


def test_odds_parameters_are_bounded_where_they_are_declared(capsys):
    one_line_exit_2(capsys, ["odds", "post-and-pair", "--players", "3", "--seed", "-1"], "seed -1 is out of bounds")
    one_line_exit_2(capsys, ["odds", "post-and-pair", "--players", "3", "--samples", "100000000"],
                    "samples 100000000 is out of bounds")
    one_line_exit_2(capsys, ["odds", "post-and-pair", "--players", "3", "--samples", "0"], "out of bounds")
    spec = all_games()["post-and-pair"]
    bounds = {p.name: p.range for p in spec.odds_params}
    assert bounds["samples"][1] <= 1_000_000 and bounds["seed"][0] == 0
    assert main(["odds", "post-and-pair", "--players", "3", "--samples", "50", "--seed", "0"]) == 0


def test_replies_are_bounded_and_carry_what_the_widget_draws(monkeypatch):
    """Issue #24: bot until=end of the longest Post and Pair a form allows gave 2.35 MB (a view of it 2.32 MB): a
    position's reply is now its table (whose log and ledger show the last LIVE_LOG lines), no view or record, and
    no reply above MAX_REPLY."""
    pos = {"game": "post-and-pair", "ruleset": "cotton-1674(deals=29,vye_max=100,revyes=20)", "players": 17,
           "seed": 5}
    r = call({"op": "bot", "until": "end", "bots": ["random"], **pos})
    while r["more"]:
        assert len(r["moved"]) == all_games()["post-and-pair"].limits.bot_moves  # a budget in moves, not seconds
        r = call({"op": "bot", "until": "end", "bots": ["random"], **pos, "actions": r["actions"]})
    assert r["terminal"]
    lean = web.handle(json.dumps({"op": "view", **pos, "actions": r["actions"], "seat": 0}))
    assert len(lean) < 400_000 and "view" not in json.loads(lean)
    assert all(len(web.handle(json.dumps({"op": "bot", **pos, "actions": r["actions"][:k]}))) < 400_000
               for k in (0, len(r["actions"]) // 2))
    monkeypatch.setattr(web, "MAX_REPLY", len(lean) - 1000)  # a reply above the bound is refused whole
    refused({"op": "view", **pos, "actions": r["actions"], "seat": 0}, "at most")


def test_the_longest_table_the_limits_allow_fits_in_a_reply():
    """The table's log grew with the game: at the end of a 125-deal Post and Pair for four the reply was about
    1.6 MB. The live table now shows the last LIVE_LOG moves of its log and lines of its ledger (and says how many
    there are in all)."""
    spec = all_games()["post-and-pair"]
    opts = "post-and-pair(vye_max=100,revyes=20,deals=125)"
    state = spec.new_state(spec.parse_ruleset(opts), 4, 1)
    spec.play_bots(state, ("random",))
    text = web.handle(json.dumps({"op": "view", "game": "post-and-pair", "ruleset": opts, "players": 4, "seed": 1,
                                  "actions": state.history, "seat": 0}))
    reply = json.loads(text)
    assert reply["ok"] and len(text) < 400_000, len(text)
    log = reply["html"].split('class="gm-t-log"', 1)[1]
    assert log.count("<li>") == web.LIVE_LOG and f"the last {web.LIVE_LOG} shown" in log
    total = int(re.search(r"\((\d+); the last", log).group(1))
    assert re.search(r'data-first="(\d+)"', log).group(1) == str(total - web.LIVE_LOG)
    assert f"(the last {web.LIVE_LOG} of " in reply["html"]  # the ledger's caption


def test_post_and_pair_s_odds_need_players_within_its_range_and_give_json(capsys):
    """Moved from tests/engine/hosts/test_cli_numbers.py, whose cases ask of every game with odds."""
    one_line_exit_2(capsys, ["odds", "post-and-pair", "--players", "40"], "2 to 17 players")
    one_line_exit_2(capsys, ["odds", "post-and-pair"], "needs --players")
    assert main(["odds", "post-and-pair", "--players", "3", "--samples", "300", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["hand"]["pair-royal"] == "1/425" and d["show"]["samples"] == 300

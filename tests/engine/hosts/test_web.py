"""gamester.hosts.web, the JSON API the browser widgets call, tested on CPython.

Most tests use a toy game (tests/engine/hosts/toygame.py) so that they check the API, not a game's rules; the last ones run
over every real game registered, whatever has landed.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from test_reader_words import EXAMPLES  # every widget kind a seed makes, and its arguments

from gamester import all_games
from gamester.hosts import web
from gamester.hosts import web_positions as _positions
from gamester.registry import replay

from . import toygame  # tests/engine/hosts/toygame.py


@pytest.fixture(autouse=True)
def toy():
    toygame.install()
    yield
    toygame.uninstall()


def call(**req):
    out = web.handle(json.dumps(req))
    assert isinstance(out, str)
    return json.loads(out)


def ok(**req):
    r = call(**req)
    assert r["ok"] is True, r
    return r


def err(**req):
    r = call(**req)
    assert r["ok"] is False, r
    assert isinstance(r["error"], str) and r["error"]
    return r["error"]


POS = {"game": "toy", "players": 3, "seed": 5}
KIND = min(k for spec in all_games().values() for k in spec.site.widgets)  # any game's widget kind


def test_ping_and_games_describe_the_engine():
    r = ok(op="ping")
    assert r["version"] and "toy" in r["games"]
    g = {x["name"]: x for x in ok(op="games")["games"]}["toy"]
    assert g["players"] == [2, 6] and g["default"] == "plain"
    assert [p["name"] for p in g["presets"]] == ["plain", "double"]
    assert {o["name"] for o in g["options"]} == {"stake", "ties"}
    assert g["bots"] == ["random", "bold"] and g["default_bot"] == "bold" and g["analysis"] is True


def test_new_gives_what_the_widget_draws_and_nothing_it_does_not_read():
    r = ok(op="new", **POS)
    assert r["step"] == 0 and r["current"] == 0 and not r["terminal"]
    assert r["ruleset"] == "toy(stake=1,ties=elder)"
    assert set(r) == {"ok", "op", "ruleset", "players", "seed", "actions", "step", "current", "terminal", "seat",
                      "roles", "html", "open"}  # no view, legal moves, record or odds: the widget reads none of them
    assert 0 <= ok(op="analysis", **POS)["analysis"]["chance_best"] <= 1  # the odds only when asked (issue #13)


def test_apply_then_replay_matches_the_record():
    r = ok(op="apply", actions=["bet", "pass"], action="bet", **POS)
    assert r["terminal"] and r["actions"] == ["bet", "pass", "bet"]
    rec = replay({**POS, "ruleset": r["ruleset"], "actions": r["actions"]}).to_record()
    assert sum(rec["net"]) == 0  # the pot is emptied by the winner
    assert all(line["clause"] in ("toy.bet", "toy.win") for line in rec["ledger"])


def test_an_illegal_action_is_an_error_naming_it_and_changes_nothing():
    e = err(op="apply", action="fold", **POS)
    assert "'fold'" in e and "legal: bet, pass" in e
    e = err(op="apply", actions=["bet", "raise"], action="bet", **POS)
    assert "action 2" in e and "'raise'" in e


def test_bots_move_deterministically_until_a_reader_is_to_act():
    a = ok(op="bot", until="human", bots=["bold", None, "bold"], **POS)
    assert a["moved"] == [[0, "bet"]] and a["current"] == 1
    b = ok(op="bot", until="human", bots=["bold", None, "bold"], **POS)
    assert {**a, "open": ""} == {**b, "open": ""}  # (each reply names the open game it leaves: a name of its own)
    end = ok(op="bot", until="end", bots=[None, None, None], **POS)
    assert end["terminal"] and len(end["moved"]) == 3
    one = ok(op="bot", bot="random", **POS)
    assert len(one["moved"]) == 1 and one["step"] == 1


def test_run_and_compare_and_analysis():
    args = {"players": 3, "seed": 5}
    r = ok(op="compare", game="toy", rulesets=["plain", "double"], args=args)
    assert [x["ruleset"] for x in r["results"]] == ["toy(stake=1,ties=elder)", "toy(stake=2,ties=elder)"]
    assert r["results"][0]["result"]["hands"] == r["results"][1]["result"]["hands"] and r["players"] == 3
    assert ok(op="analysis", seat=2, **POS)["seat"] == 2
    assert ok(op="run", game="toy", command="deal", args=args)["result"] == r["results"][0]["result"]
    assert "no 'settle' command" in err(op="run", game="toy", command="settle", args={"hands": ["KS"]})
    # A parameter the command does not declare is refused, naming the ones it does.
    assert "no deals for the deal command of toy (it takes players, seed)" in err(
        op="run", game="toy", command="deal", args={"deals": 3})
    assert "players 9 is out of bounds" in err(op="run", game="toy", command="deal", args={"players": 9})
    for name in ("ruleset", "game", "options", "name"):  # names of the call itself: refused, not a crash
        r = call(op="run", game="toy", command="deal", args={name: "x"})
        assert r["kind"] == "RulesetError" and f"no {name} for the deal command of toy" in r["error"], r
    assert call(op="compare", game="toy", rulesets=["plain", "double"], args={"game": "x"})["kind"] == "RulesetError"


def test_options_and_rulesets_are_validated():
    assert ok(op="new", ruleset="double", options={"ties": "split"}, **POS)["ruleset"] == "toy(stake=2,ties=split)"
    assert ok(op="new", ruleset="toy(stake=3)", **POS)["ruleset"] == "toy(stake=3,ties=elder)"
    assert "unknown option 'evil'" in err(op="new", options={"evil": "1"}, **POS)
    assert "expected a whole number 1..5" in err(op="new", options={"stake": "99"}, **POS)
    assert "cannot read ruleset" in err(op="new", game="toy", ruleset="<script>alert(1)</script>")
    assert "'options' must be an object" in err(op="new", options=["stake=2"], **POS)


@pytest.mark.parametrize("req, needle", [
    ({"op": "nope"}, "unknown op 'nope'"),
    ({}, "lacks the field 'op'"),
    ({"op": 3}, "field 'op' must be text"),
    ({"op": "new", "game": "chess"}, "unknown game 'chess'"),
    ({"op": "new", "game": "toy", "seed": -1}, "between 0 and"),
    ({"op": "new", "game": "toy", "seed": 2**64}, "between 0 and"),
    ({"op": "new", "game": "toy", "seed": "1e99"}, "must be a whole number"),
    ({"op": "new", "game": "toy", "seed": True}, "must be a whole number"),
    ({"op": "new", "game": "toy", "players": 99}, "2 to 6 players"),
    ({"op": "new", "game": "toy", "players": "x"}, "2 to 6 players"),
    ({"op": "apply", "game": "toy", "actions": "bet", "action": "bet"}, "must be a list"),
    ({"op": "apply", "game": "toy", "actions": [1], "action": "bet"}, "item 0 of field 'actions'"),
    ({"op": "apply", "game": "toy", "actions": ["bet"] * 6001, "action": "bet"}, "at most 6000"),
    ({"op": "bot", "game": "toy", "bots": ["skynet"]}, "unknown bot 'skynet'"),
    ({"op": "bot", "game": "toy", "until": "forever"}, "one, human or end"),
    ({"op": "render", "kind": "../../etc", "args": {}}, "unknown widget kind"),
    ({"op": "render", "kind": KIND, "args": [], "base": "../"}, "'args' must be an object"),
    ({"op": "render", "kind": KIND, "args": {}, "base": "https://evil.example/"}, "'base' must be"),
    ({"op": "view", "game": "toy", "seat": 9}, "between 0 and"),
])
def test_bad_requests_get_a_clear_error(req, needle):
    e = err(**req)
    assert needle in e, e


@pytest.mark.parametrize("text", ["", "nul", "[1,2]", "\"op\"", "{" * 100_000, "[" * 5000 + "]" * 5000, None, 7])
def test_garbage_is_refused_without_raising(text):
    r = json.loads(web.handle(text))
    assert r["ok"] is False and r["error"]


def test_the_request_id_is_echoed():
    assert ok(op="ping", id=17)["id"] == 17
    assert call(op="nope", id="x")["id"] == "x"


def test_nothing_is_evaluated():
    # Text that Python would run if anything evaluated it: it only ever comes back inside an error message.
    for field in ("game", "ruleset", "action"):
        req = {"op": "apply", **POS, field: "__import__('os').system('false')"}
        assert call(**req)["ok"] is False


#: Every game the engine registers (not the hosts tests' toy games, registered for a test only).
REAL = sorted(g for g in all_games() if g != "toy")


def _seats(spec) -> int:
    """Three seats where the game is played by three, else the nearest count its range allows."""
    lo, hi = spec.player_range
    return min(max(lo, 3), hi)


@pytest.mark.parametrize("game", REAL)
def test_real_games_play_to_the_end_through_the_api(game):
    spec = all_games()[game]
    lo, hi = spec.player_range
    for seed in range(5):
        req = {"game": game, "players": min(max(lo, 3), hi), "seed": seed, "until": "end", "bots": []}
        r = ok(op="bot", **req)
        while r["more"]:  # a long run pauses after limits.bot_moves: ask on
            r = ok(op="bot", **req, actions=r["actions"])
        assert r["terminal"], r
        pos = {"game": game, "players": r["players"], "seed": seed, "ruleset": r["ruleset"]}
        record = replay({**pos, "actions": r["actions"]}).to_record()
        # Stepping one action at a time through the API gives the same end.
        acts: list[str] = []
        for a in r["actions"]:
            step = ok(op="apply", actions=acts, action=a, **pos)
            acts = step["actions"]
        assert step["terminal"] and replay({**pos, "actions": acts}).to_record() == record


@pytest.mark.parametrize("kind, args", list({k: a for k, a in reversed(EXAMPLES)}.items()))  # one a kind
def test_render_is_the_build_time_rendering(kind, args):
    render = pytest.importorskip("gamester.render")
    if kind not in render.widgets():
        pytest.skip(f"{kind} has not landed")
    r = ok(op="render", kind=kind, args=args)
    while r["more"]:  # a whole game played by the bots comes in steps of limits.bot_moves moves (test_steps.py)
        r = ok(op="render", kind=kind, args=args, moves=r["moves"])
    assert r["html"] == render.render(kind, args)
    assert "gm-example" in r["html"]
    assert "unknown argument" in err(op="render", kind=kind, args={**args, "evil": "<script>"})


def test_the_modules_examples_run():
    import doctest

    assert doctest.testmod(web).failed == 0


@pytest.mark.parametrize("game", REAL)
def test_table_is_the_card_table_for_a_seat(game):
    from gamester.table import render_table

    spec = all_games()[game]
    pos = {"game": game, "players": _seats(spec), "seed": 4}
    r = ok(op="view", **pos, seat=1)
    state = spec.new_state(spec.default_options(), pos["players"], 4)
    assert r["html"] == render_table(state, 1)
    assert r["seat"] == 1 and r["terminal"] is False and r["current"] == state.current_player()
    assert 'class="gm-tbl"' in r["html"]
    cur = state.current_player()
    assert ok(op="view", **pos, seat="current")["html"] == render_table(state, cur)  # a reader playing every seat
    if spec.analysis is not None:
        assert "gm-chance" in ok(op="view", **pos, seat=cur, chances=True)["html"]
        assert "gm-chance" not in ok(op="view", **pos, seat=cur)["html"]
    assert "between 0 and" in err(op="view", **pos, seat=9)
    assert "base" in err(op="view", **pos, base="http://elsewhere/")


@pytest.mark.parametrize("game", REAL)
def test_a_game_of_n_moves_costs_n_engine_actions_not_n_squared(game, monkeypatch):
    """The worker keeps the open games' states: a move through the API applies one action to the state the last
    reply left, and only a new record is replayed. Counted: every ``apply`` of the game's state class, whoever
    makes it (the API, the table drawing, anything else; no bot moves here, as bots look ahead on copies), so a
    table that replayed the game to word its log would fail it (see also tests/engine/test_constant_work.py)."""
    spec = all_games()[game]
    pos = {"game": game, "players": _seats(spec), "seed": 6, "seat": "current"}
    state = spec.new_state(spec.default_options(), pos["players"], pos["seed"])
    cls, applied = type(state), []
    original = cls.apply

    def counted(self, a):
        applied.append(a)
        return original(self, a)
    monkeypatch.setattr(cls, "apply", counted)
    web._OPEN.clear()
    r = ok(op="new", **pos)
    moves = 0
    while not r["terminal"] and moves < 150:  # a reader playing every seat in turn (no bot: bots look ahead)
        r = ok(op="apply", **pos, actions=r["actions"], action=_choices(r)[-1])
        moves += 1
    n = len(r["actions"])
    assert moves >= 2 and len(applied) == n, (len(applied), n)  # each action applied once, whatever the length
    # A record not seen lately is replayed from its start, once; seen again, it costs nothing more.
    web._OPEN.clear()
    before = len(applied)
    ok(op="view", **pos, actions=r["actions"])
    ok(op="view", **pos, actions=r["actions"])
    assert len(applied) - before == n


def _choices(r):
    """The reader's choices, as the widget reads them: the table's buttons (the API sends no list of its own)."""
    return [html.unescape(a) for a in re.findall(r'data-action="([^"]*)"', r["html"])]


def test_the_kept_games_are_bounded():
    web.close_all()
    assert not web._OPEN and not _positions._NAMED
    for seed in range(web.MAX_OPEN + 5):
        ok(op="new", game="toy", players=3, seed=seed)
    assert len(web._OPEN) == web.MAX_OPEN
    # A game let go takes its names with it: no name holds a game that is not kept (the names' own bound is 4 times
    # as many, and each would hold its whole game).
    kept = list(web._OPEN.values())
    assert all(any(s is k for k in kept) for s, _, _ in _positions._NAMED.values())
    assert len(_positions._NAMED) >= web.MAX_OPEN
    # An illegal move leaves nothing half-applied behind: the position is replayed afresh next time.
    r = ok(op="apply", **POS, actions=[], action="bet")
    assert "'fold'" in err(op="apply", **POS, actions=r["actions"], action="fold")
    assert ok(op="apply", **POS, actions=r["actions"], action="pass")["actions"] == ["bet", "pass"]


def test_an_open_games_name_is_of_its_run_drawn_at_the_first_name_and_afresh_after_a_reset():
    """The names of open games carry a mark of the engine's run, drawn when the first name is given, not when the
    module is imported: an engine started from the site's start-up snapshot (where this module is imported, and a
    game of each kind was opened and let go, close_all) draws its own, so that two engines started from one snapshot
    do not give the same names."""
    web.close_all()
    assert _positions._RUN is None
    first = ok(op="new", game="toy", players=3, seed=1)["open"]
    run = first.rsplit("-", 1)[0]
    assert re.fullmatch(r"[0-9a-f]{12}", run)
    assert ok(op="new", game="toy", players=3, seed=2)["open"].startswith(run + "-")
    web.close_all()
    assert _positions._RUN is None
    assert not ok(op="new", game="toy", players=3, seed=1)["open"].startswith(run + "-")


def test_a_game_without_odds_or_exercises_is_named_not_dumped():
    """commands._offering put str(GameSpec) (a few thousand characters of its fields) into the message."""
    from gamester import commands
    from gamester.errors import RulesetError

    for ask in (lambda: commands.odds(toygame.SPEC), lambda: commands.quiz_kinds(toygame.SPEC)):
        with pytest.raises(RulesetError) as e:
            ask()
        assert "'toy'" in str(e.value) and "GameSpec" not in str(e.value) and len(str(e.value)) < 200, str(e.value)


@pytest.mark.parametrize("game", REAL)
def test_a_step_that_sends_only_what_it_added_adds_up_to_the_whole_table(game):
    """Issue 30: with ``log_from`` (the entries the client's table holds) a move's reply sends the log's new entries
    and the actions after the request's own; the entries kept (from the live log's first on) and those sent are the
    whole table's log, and the actions so far and those sent are the whole game's."""
    import re

    from gamester.state import RandomBot

    spec = all_games()[game]
    pos = {"game": game, "players": spec.default_players or spec.player_range[0], "seed": 4, "seat": 0}
    r = ok(op="new", **pos)
    acts, bot = r["actions"], RandomBot(4)
    state = spec.new_state(spec.default_options(), pos["players"], 4)

    def items(html: str) -> tuple[int, int | None, list[str]]:
        ol = re.search(r'<ol([^>]*)>(.*?)</ol>', html.split('class="gm-t-log"', 1)[-1], re.S)
        if ol is None:
            return 0, None, []
        first, sent = re.search(r'data-first="(\d+)"', ol.group(1)), re.search(r'data-log-from="(\d+)"', ol.group(1))
        return int(first.group(1)) if first else 0, int(sent.group(1)) if sent else None, \
            re.findall(r"<li>.*?</li>", ol.group(2), re.S)

    kept_first, _, kept = items(r["html"])
    while not state.is_terminal() and len(acts) < 400:
        action = bot.choose(state, state.current_player())
        state.apply(action)
        held = kept_first + len(kept)
        step = ok(op="apply", actions=acts, action=action, log_from=held, **pos)
        whole = ok(op="apply", actions=acts, action=action, **pos)
        assert step["actions_from"] == len(acts) and step["actions"] == [action] and "actions_from" not in whole
        first, sent, new = items(step["html"])
        assert sent == max(first, held)
        merged = kept[first - kept_first:sent - kept_first] + new
        assert (first, merged) == items(whole["html"])[::2], len(acts)
        assert re.sub(r' data-log-from="\d+"|<li>.*?</li>', "", step["html"], flags=re.S) == \
            re.sub(r"<li>.*?</li>", "", whole["html"], flags=re.S)
        acts = acts + step["actions"]
        kept_first, kept = first, merged

"""Every move in constant work: a move through the web API late in a long game costs the engine what it costs at
move 10 (issue 30). Work is counted, never timed.

Counted per ``apply`` request (the table drawn for seat 0 with the live log, as the widget asks for it: the open
game's name instead of its actions, and ``log_from``, the entries its last table holds; the reply's table parts put
together as the widget does): every ``apply`` of the game's state class, whoever makes it (the API, the table,
anything else), every entry of the move log put into words (each :class:`gamester.table.LogEntry` made), every
element the table draws (:func:`gamester.table.h`: a part kept from an earlier move is not drawn again), the table's
parts the reply sends, the entries and actions it sends, and its length in characters. Each request must apply its
one action, word and send exactly the entries its move added to the log (the count the table gives) and send back
only its action, at moves 10 to 29 and at the 20 moves from move 1,000; the late replies be no longer than twice the
early ones, the elements drawn late no more than twice those drawn early (and 20 a move), and no late reply send
every part of the table: a table that replayed the game, worded, drew or sent its whole log or table again, or a
reply that echoed every action so far, fails at once.

The games come from the registry, never named here. Most games end well before 1,000 moves with their default
options, so each is played with its whole-number options at the top of their ranges, by random bots: the first game
of 1,020 moves found trying the presets (the default first), then the numbers of players (the game's usual, then
more, then fewer), then three seeds. A game whose rules end every such game sooner is measured over the last 20 moves
of the longest one found (a game of a few hundred moves at most), and the test says so if that is under 400 moves.
The live limits, which keep a widget's games shorter, are lifted here: they bound what one request may ask, and are
not what is measured. ``benchmarks/bench_api_moves.py`` times the same moves.
"""

from __future__ import annotations

import json
import re

import pytest

from gamester import all_games, table
from gamester.hosts import web
from gamester.registry import GameSpec
from gamester.state import RandomBot
from gamester.table import LogEntry

GAMES = sorted(all_games())
WINDOW = 20
LATE = 1000


def _play(spec: GameSpec, opts, players: int, seed: int, moves: int) -> list[str]:
    state = spec.new_state(opts, players, seed)
    bot = RandomBot(seed)
    while not state.is_terminal() and len(state.history) < moves:
        state.apply(bot.choose(state, state.current_player()))
    return list(state.history)


def long_game(spec: GameSpec, moves: int) -> tuple[dict, list[str]]:
    """The position fields and actions of the first game of ``moves`` moves found, or the longest (module doc)."""
    values = {s.name: str(s.range[1]) for s in spec.options.specs() if s.range}
    first = spec.default_players or spec.player_range[0]
    best: tuple = (None, 0, 0, [])
    for preset in sorted(spec.presets, key=lambda p: p != spec.default_preset):
        opts = spec.options_for(preset, values)
        for players in sorted(spec.allowed_players(opts), key=lambda n: (n < first, abs(n - first))):
            for seed in range(3):
                actions = _play(spec, opts, players, seed, moves)
                if len(actions) > len(best[3]):
                    best = (opts, players, seed, actions)
                if len(actions) >= moves:
                    opts, players, seed, actions = best
                    return {"game": spec.name, "ruleset": opts.to_string(), "players": players, "seed": seed}, actions
    opts, players, seed, actions = best
    return {"game": spec.name, "ruleset": opts.to_string(), "players": players, "seed": seed}, actions


def _logged(html: str) -> int:
    """How many entries the table's move log has in all (its summary says, when it shows only the last ones)."""
    m = re.search(r'class="gm-t-log"><summary>[^<]*\((\d+)', html)
    return int(m.group(1)) if m else 0


@pytest.mark.heavy
@pytest.mark.parametrize("game", GAMES)
def test_a_move_late_in_a_long_game_costs_what_it_costs_at_move_10(game, monkeypatch):
    spec = all_games()[game]
    pos, actions = long_game(spec, LATE + WINDOW)
    late = min(LATE, len(actions) - WINDOW)
    cls = type(spec.new_state(spec.parse_ruleset(pos["ruleset"]), pos["players"], pos["seed"]))
    if late < 400 and cls.shape.rounds == "game":  # one whole game, no deals to add: its own rules keep it short
        pytest.skip(f"{spec.title} is one short game ({len(actions)} moves at most): no late move to compare")
    assert late >= 400, f"{spec.title}: the longest game found has only {len(actions)} moves; make a longer one"
    applied, worded, drawn = [0], [0], [0]
    apply, init, draw = cls.apply, LogEntry.__init__, table.h

    def counted_apply(self, action):
        applied[0] += 1
        return apply(self, action)

    def counted_init(self, *args, **kwargs):
        worded[0] += 1
        init(self, *args, **kwargs)

    def counted_h(*args, **kwargs):
        drawn[0] += 1
        return draw(*args, **kwargs)

    monkeypatch.setattr(cls, "apply", counted_apply)
    monkeypatch.setattr(LogEntry, "__init__", counted_init)
    monkeypatch.setattr(table, "h", counted_h)  # every element the table draws (its parts kept once drawn)
    monkeypatch.setattr(web._positions, "_bounded", lambda spec, opts, players: None)  # the live limits (module doc)

    def handle(req: dict) -> tuple[dict, int]:
        text = web.handle(json.dumps({**pos, "seat": 0, **req}))
        r = json.loads(text)
        assert r["ok"], r
        return r, len(text)

    sent, elements, parts_sent = {}, {}, {}
    for start in (10, late):
        web._OPEN.clear()
        r, _ = handle({"op": "view", "actions": actions[:start]})  # the open game at that move (replayed: not counted)
        logged, name, parts = _logged(r["html"]), r["open"], None
        sent[start], elements[start], parts_sent[start] = [], [], []
        for k in range(start, start + WINDOW):
            applied[0] = worded[0] = drawn[0] = 0
            # As the widget asks (gamester-play.js, move): the open game's name, not its actions; the log it holds.
            r, size = handle({"op": "apply", "open": name, "action": actions[k], "log_from": logged})
            held = parts or [None] * len(r["parts"])
            parts = [held[i] if p is None else [held[i][j] if x is None else held[i][x] if type(x) is int else x
                                                for j, x in enumerate(p)]
                     if type(p) is list else p for i, p in enumerate(r["parts"])]  # (a part in pieces: a list)
            html = "".join(p if type(p) is str else "".join(p) for p in parts)
            now = _logged(html)
            shown = html.split('class="gm-t-log"', 1)[-1].count("<li>")
            assert (applied[0], worded[0], shown, r["actions"]) == (1, now - logged, now - logged, [actions[k]]), (
                f"{spec.title}, move {k + 1}: the request applied {applied[0]} actions (1 wanted), worded "
                f"{worded[0]} log entries and sent {shown} ({now - logged} new), and {len(r['actions'])} actions")
            end = re.search(r'<section class="gm-t-end".*?</section>', html, re.S)
            sent[start].append(size - (len(end.group(0)) if end else 0))  # (the end's tables: drawn once, at the end)
            if not end:
                elements[start].append(drawn[0])
            parts_sent[start].append(sum(p is not None for p in r["parts"]))
            logged, name = now, r["open"]
    # What a move sends (the reply's characters, the end's table apart) does not grow with the game: the position
    # and what the move added, never the log or the actions so far (6,000 to 60,000 characters at move 1,000 before),
    # nor the parts of the table it did not change; and what it draws (the elements of the parts that changed, the
    # log's new entries) does not grow either.
    assert max(sent[late]) <= 2 * max(sent[10]), (spec.title, sent)
    assert sum(elements[late]) <= 2 * sum(elements[10]) + 20 * WINDOW, (spec.title, elements)
    # (the first move after the view, whose reply was the whole table, gets every part; the others what changed)
    assert max(parts_sent[late][1:]) < len(parts), (spec.title, parts_sent)


@pytest.mark.parametrize("game", GAMES)
def test_the_log_worded_move_by_move_is_the_log_worded_at_the_end(game):
    """An event of the state's own log never changes once made (the table words each one once and keeps it): the
    table drawn after every move, for every seat in turn and for nobody, ends with the same log as the table of
    the same game replayed and drawn once at its end, when every event is worded late."""
    from gamester.registry import replay
    from gamester.table import render_table

    spec = all_games()[game]
    for players in sorted({spec.player_range[0], spec.default_players or spec.player_range[0]}):
        state = spec.new_state(spec.default_options(), players, 11)
        bot = RandomBot(11)
        while not state.is_terminal() and len(state.history) < 300:
            state.apply(bot.choose(state, state.current_player()))
            k = len(state.history) % (players + 1)
            render_table(state, None if k == players else k)
        for seat in [None, *range(players)]:
            assert render_table(state, seat) == render_table(replay(state.to_record()), seat), (game, players, seat)

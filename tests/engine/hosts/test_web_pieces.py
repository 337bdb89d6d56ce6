"""The parts a move's reply sends in pieces (issue 30): a seat and the centre of the table are lists of pieces
(``gamester.table.render_parts``), and a reply to a move from an open game sends, of such a part that changed, only
the pieces that changed (``gamester.table.changed_parts``; a piece held at another place by its number): a bid
that moves one pot sends that pot, not the pots beside it. ``test_web_open.py`` checks that the parts put together
are the whole table; this checks that no more is sent than changed, and the pieces' form."""

from __future__ import annotations

import json
import re

import pytest

from gamester import all_games
from gamester.hosts import web
from gamester.state import RandomBot
from gamester.table import changed_parts, joined, render_table_parts

REAL = sorted(all_games())


def ok(**req):
    r = json.loads(web.handle(json.dumps(req)))
    assert r["ok"] is True, r
    return r


def put_together(sent: list, held: list | None) -> list:
    """As the widget does (gamester-play.js, hold): null is the part, or the piece at the same place, held; a
    number the held piece of that place."""
    return [held[i] if p is None else [held[i][j] if x is None else held[i][x] if type(x) is int else x
                                       for j, x in enumerate(p)] if type(p) is list
            else p for i, p in enumerate(sent)]


def _moves(game: str, seat, moves: int = 120):
    """Each move's reply to a move from the open game (as the widget asks), with the parts held before it."""
    spec = all_games()[game]
    pos = {"game": game, "players": spec.default_players or spec.player_range[0], "seed": 11, "seat": seat}
    r = ok(op="new", **pos)
    name, held, logged = r["open"], None, 0
    state, bot = spec.new_state(spec.default_options(), pos["players"], 11), RandomBot(11)
    while not state.is_terminal() and len(state.history) < moves:
        action = bot.choose(state, state.current_player())
        state.apply(action)
        r = ok(op="apply", open=name, action=action, log_from=logged, **pos)
        yield r, held
        held = put_together(r["parts"], held)
        m = re.search(r'class="gm-t-log"><summary>[^<]*\((\d+)', "".join(p for p in held if type(p) is str))
        name, logged = r["open"], int(m.group(1)) if m else 0


@pytest.mark.parametrize("game", REAL)
@pytest.mark.parametrize("seat", [0, None])
def test_a_reply_sends_only_the_parts_and_pieces_that_changed(game, seat):
    pieces = 0
    for r, held in _moves(game, seat):
        if held is None:
            continue
        assert len(r["parts"]) == len(held)
        for p, q in zip(r["parts"], held, strict=True):
            if p is None:
                continue
            assert p != q, "a part sent that is the same as the one held"
            if type(p) is list and type(q) is list:
                for j, x in enumerate(p):
                    assert x is None or type(x) is int or x not in q, "a piece sent that the client holds"
                    assert x is not None or j < len(q)
                    assert type(x) is not int or 0 <= x < len(q)
                pieces += sum(type(x) is not str for x in p)
            else:
                assert type(p) is str or all(type(x) is str for x in p), "a part sent whole is all text"
    assert pieces, f"{game}: no part was sent in its pieces"


def test_a_move_that_changes_one_pot_sends_only_that_pot():
    game = next((g for g in ("speculation", "post-and-pair") if g in all_games()), None)
    if game is None:
        pytest.skip("no game with pots beside each other")
    found = []
    for r, held in _moves(game, 0, 300):
        if held is None:
            continue
        centre = next(i for i, p in enumerate(held) if type(p) is list and p[0].startswith('<div class="gm-t-centre"'))
        sent = r["parts"][centre]
        if type(sent) is not list:
            continue
        now = put_together([sent], [held[centre]])[0]
        pots = [j for j, x in enumerate(now) if x.startswith('<li class="gm-pot"')]
        sent_pots = [j for j in pots if type(sent[j]) is str]
        if len(pots) >= 2 and len(sent_pots) == 1:  # (the pile of cards for sale may change beside it)
            found.append(sent[sent_pots[0]])
            assert all(sent[j] is None or type(sent[j]) is int for j in pots if j not in sent_pots)
            assert type(sent[0]) is not str and type(sent[-1]) is not str, "the centre's tags sent again"
    assert found, f"{game}: no move changed one pot of several and sent it alone"


def test_the_pieces_joined_are_the_table_and_are_said_apart_from_what_is_held():
    spec = all_games()[REAL[0]]
    state = spec.new_state(spec.default_options(), spec.default_players or spec.player_range[0], 1)
    parts = render_table_parts(state, 0)
    assert joined(parts) == "".join(p if type(p) is str else "".join(p) for p in parts)
    seats = [p for p in parts if type(p) is list and p[0].startswith('<li class="gm-seat')]
    assert len(seats) == state.players and all(len(p) == 5 and p[-1].endswith("</li>") for p in seats)
    # changed_parts: whole when nothing (or not as many) is held; a list part with as many pieces, piece by piece
    assert changed_parts(["a", ["b", "c"]], None) == ["a", ["b", "c"]]
    assert changed_parts(["a", ["b", "c"]], ["a"]) == ["a", ["b", "c"]]
    assert changed_parts(["a", ["b", "c"]], ["a", ["b", "c"]]) == [None, None]
    assert changed_parts(["a", ["b", "d"]], ["x", ["b", "c"]]) == ["a", [None, "d"]]
    assert changed_parts(["a", ["b", "c", "d"]], ["a", ["b", "c"]]) == [None, [None, None, "d"]]
    assert changed_parts(["a", ["b", "d"]], ["a", ["b", "c", "d"]]) == [None, [None, 2]]  # (a piece gone before it)
    assert changed_parts(["a", ["b"]], ["a", "b"]) == [None, ["b"]]  # (held whole: sent whole)

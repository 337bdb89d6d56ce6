"""One observer per game (``State.observer``, after OpenSpiel's): what seat ``s`` may see of a state. The view, the
card table and the tests' referees all ask it; here random positions of every game are drawn for every reader, and
the cards of a hand the observer hides (all but those that lie face up for everyone, its ``public``) are never in
the view, never drawn face up on the table, and never face up in what the referee expects; a hand it shows is in
the view as it is held. A game that says its hands are open shows them all."""

from __future__ import annotations

import dataclasses

import pytest
from test_table import Tree, faces, referee  # tests/engine/test_table.py (the card table's own checks)

from gamester import Card, all_games, get_game
from gamester.state import Observer, RandomBot
from gamester.table import render_table

GAMES = sorted(all_games())


def positions(game: str, players: int, seed: int, every: int = 6):
    """Positions of one game played by random bots: every ``every``-th, and the end."""
    spec = get_game(game)
    state = spec.new_state(spec.default_options(), players, seed)
    bots = [RandomBot(seed * 7 + i) for i in range(players)]
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            yield state
        if state.is_terminal():
            return
        p = state.current_player()
        state.apply(bots[p].choose(state, p))
        step += 1


def check_agree(state) -> int:
    """Every reader (and nobody) against every seat: the view, the table and the referee hide what the observer
    hides. Returns how many hidden hands were checked."""
    held = [[Card.parse(str(c)).name for c in h] for h in state.held()]
    ref = referee(state.game)
    hidden = 0
    for reader in [None, *range(state.players)]:
        sees = state.observer(reader)
        view = state.view(reader)
        tree = Tree(render_table(state, reader)).root
        drawn = {int(x.attrs["data-seat"]): faces(x)[0] for x in tree.find_all("li", cls="gm-seat")}
        for s in range(state.players):
            shown = sees.hand(s)
            vh = view["hands"][s]
            assert isinstance(vh, str) == shown, (state.game, reader, s, vh, state.state_string())
            if shown:
                assert [Card.parse(c).name for c in vh.split()] == held[s]
                continue
            assert vh == len(held[s])
            public = {Card.parse(str(c)).name for c in sees.public(s)}
            for c in set(held[s]) - public:
                assert c not in drawn[s], (state.game, reader, s, c, state.state_string())
            if reader is not None:
                up, _ = ref.cards(state, reader, s)
                up = [Card.parse(c).name for c in (up.split() if isinstance(up, str) else up)]
                assert not set(up) & (set(held[s]) - public), (state.game, reader, s, up, state.state_string())
            hidden += len(set(held[s]) - public)
    return hidden


@pytest.mark.parametrize("game", GAMES)
def test_the_view_the_table_and_the_referee_hide_what_the_observer_hides(game):
    lo, hi = referee(game).PLAYERS
    counts = sorted({lo, min(hi, lo + 1)})
    hidden = sum(check_agree(state) for players, seed in zip(counts, (3, 1674), strict=False)
                 for state in positions(game, players, seed))
    spec = get_game(game)
    is_open = spec.new_state(spec.default_options(), lo, 1).shape.open
    assert (hidden == 0) if is_open else (hidden > 0)  # it met hidden hands in every game that hides any


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_one_observer(game):
    spec = get_game(game)
    state = spec.new_state(spec.default_options(), spec.seats(), 5)
    assert isinstance(state.observer(0), Observer) and state.observer(None).everything
    assert all(state.observer(None).hand(s) for s in range(state.players))


@pytest.mark.parametrize("game", GAMES)
def test_open_hands_are_shown_to_every_seat(game, monkeypatch):
    """A game that says its hands are open (``Shape.open``) shows every hand to every seat, in the view
    as in the observer; the same game with hidden hands shows some seat less."""
    spec = get_game(game)
    state = spec.new_state(spec.default_options(), spec.seats(), 5)
    closed = [state.view(r)["hands"] for r in range(state.players)]
    assert state.shape.open or any(isinstance(h, int) for hands in closed for h in hands)
    monkeypatch.setattr(type(state), "shape", dataclasses.replace(type(state).shape, open=True))
    for r in range(state.players):
        assert all(state.observer(r).hand(s) for s in range(state.players))
        assert state.view(r)["hands"] == state.view(None)["hands"]

"""Every registered game in OpenSpiel (gamester.openspiel): OpenSpiel's own random simulation test on every game and
ruleset, and random playouts checked step by step against the engine run apart with the same deals."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from gamester import all_games, get_game  # noqa: E402
from gamester.cards import SHUFFLER  # noqa: E402
from gamester.errors import RulesetError  # noqa: E402
from gamester.openspiel import register  # noqa: E402
from gamester.openspiel.engine import CARDS, short_name  # noqa: E402

NAMES = register()
CASES = [(spec.name, preset) for spec in all_games().values() for preset in spec.presets]


def test_every_registered_game_is_registered_with_openspiel():
    assert sorted(short_name(s) for s in all_games().values()) == sorted(n for n in NAMES if n != "gamester_put_deal")
    for spec in all_games().values():
        game = pyspiel.load_game(short_name(spec))
        t = game.get_type()
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert (t.min_num_players, t.max_num_players) == spec.player_range
        assert t.parameter_specification == {"ruleset": spec.default_preset, "options": "", "players": spec.seats()}
        assert game.num_players() == spec.seats()


def _playout(game, rng: random.Random):
    """A random game in OpenSpiel: the pack orders chance dealt, and at every player's turn (seat, legal actions
    as the engine's words, the chosen one); the returns."""
    state = game.new_initial_state()
    orders, order, steps = [], [], []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
            assert len({p for _, p in outcomes}) == 1  # every card left is as likely
            a = rng.choice([o for o, _ in outcomes])
            order.append(CARDS[a])
            state.apply_action(a)
            if not state.is_chance_node() or len(state.chance_outcomes()) > len(outcomes):
                orders.append(order)
                order = []
        else:
            seat = state.current_player()
            legal = [state.action_to_string(seat, a) for a in state.legal_actions()]
            a = rng.choice(state.legal_actions())
            steps.append((seat, legal, legal[a]))
            state.apply_action(a)
    return orders, steps, state.returns()


def _check_playouts(name: str, preset: str, games: int) -> None:
    """The engine, run apart with the pack orders chance dealt, gives the same seat to act, the same legal actions
    at every step and the same returns."""
    spec = get_game(name)
    game = pyspiel.load_game(short_name(spec), {"ruleset": preset})
    rng = random.Random(1674)
    for _ in range(games):
        orders, steps, returns = _playout(game, rng)
        given = iter(orders)

        def deal(cards, given=given):
            order = next(given)  # chance deals all but the last card, which is where it must be
            assert len(order) == len(cards) - 1 and set(order) < set(cards)
            return [*order, *[c for c in cards if c not in order]]

        token = SHUFFLER.set(deal)
        try:
            st = spec.new_state(spec.options_for(preset), spec.seats(), 0)
            for seat, legal, chosen in steps:
                assert st.current_player() == seat
                assert st.legal_actions() == legal
                st.apply(chosen)
        finally:
            SHUFFLER.reset(token)
        assert st.is_terminal()
        assert [float(x) for x in st.returns()] == returns


@pytest.mark.parametrize("name", sorted(all_games()))
def test_a_random_playout_is_the_engines(name):
    _check_playouts(name, get_game(name).default_preset, 1)


@pytest.mark.heavy
@pytest.mark.parametrize("name,preset", CASES)
def test_random_playouts_are_the_engines_under_every_ruleset(name, preset):
    _check_playouts(name, preset, 3)


def test_information_states_recall_and_hide():
    """A seat's information state grows with the game (perfect recall) and never shows another seat's hand."""
    game = pyspiel.load_game("gamester_put", {"ruleset": "stripped-28"})
    state = game.new_initial_state()
    rng = random.Random(7)
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    before = state.information_state_string(1)
    hidden = state.engine.view(0)["hand"]
    assert hidden not in state.information_state_string(1)
    assert state.observation_string(0) != state.observation_string(1)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(1).startswith(before)


def test_bad_parameters_say_what_is_wrong():
    with pytest.raises((RulesetError, pyspiel.SpielError, RuntimeError), match="ruleset|Put"):
        pyspiel.load_game("gamester_put", {"ruleset": "no-such-rules"})
    with pytest.raises((RulesetError, pyspiel.SpielError, RuntimeError), match="players"):
        pyspiel.load_game("gamester_put", {"players": 9})


@pytest.mark.heavy
@pytest.mark.parametrize("name,preset", CASES)
def test_openspiel_random_sim_test(name, preset):
    """OpenSpiel's own check of a game (legal actions, chance outcomes, clones, returns, information states)."""
    game = pyspiel.load_game(short_name(get_game(name)), {"ruleset": preset})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

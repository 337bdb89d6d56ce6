"""Cotton's Put dealt once at a score in OpenSpiel (gamester_put_deal): the game the project solved.

Fast: the chance of every pair of hands and the lines of play of a sample of pairs against the solver's own deal
tree (gamester_solve.tree), the information states against the shipped strategy's keys, the returns against the
shipped values. The whole tree's size, OpenSpiel's exploitability of the shipped strategy and its CFR+ are in
benchmarks/bench_openspiel.py (minutes: OpenSpiel walks a Python game of some 800,000 states)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
tree = pytest.importorskip("gamester_solve.tree")

from gamester import get_game  # noqa: E402
from gamester.errors import RulesetError  # noqa: E402
from gamester.games.put import openspiel as put_deal  # noqa: E402
from gamester.games.put import strategy  # noqa: E402
from gamester.openspiel import register  # noqa: E402

register()
RULES = tree.Rules.from_options(get_game("put").options_for("stripped-28"))


def _game(a=0, b=0, ruleset="stripped-28"):
    return pyspiel.load_game(put_deal.NAME, {"ruleset": ruleset, "eldest": a, "dealer": b})


def test_the_deal_is_the_solvers_pairs_of_hands_with_their_chances():
    game = _game()
    outcomes = game.new_initial_state().chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    solver = {(tree.hand_text(RULES, h1), tree.hand_text(RULES, h2)): tree.pair_weight(RULES, h1, h2)
              for h1 in tree.hands(RULES) for h2 in tree.hands(RULES) if tree.pair_weight(RULES, h1, h2) > 0}
    mine = {(" ".join(h1), " ".join(h2)): w for h1, h2, w in game.pairs}
    assert len(mine) == len(solver) == 6965
    assert all(abs(mine[k] - w) < 1e-15 for k, w in solver.items())


def _lines(state, words=()):
    if state.is_terminal():
        yield list(words), state.returns()
        return
    for a in state.legal_actions():
        yield from _lines(state.child(a), (*words, state.action_to_string(state.current_player(), a)))


@pytest.mark.parametrize("a,b", [(4, 4), (3, 1)])
def test_every_line_of_sampled_deals_is_the_solvers(a, b):
    """Every line of play and its outcome, for every 151st pair of hands: the same lines as the solver's tree, and
    the returns the solver's payoffs give (the eldest's chance of the game, the deal passing)."""
    game = _game(a, b)
    values = game.values
    pe = 1.0 if a + 1 >= 5 else 1.0 - values[(b, a + 1)]
    pd = 0.0 if b + 1 >= 5 else 1.0 - values[(b + 1, a)]
    payoff = [1.0, 0.0, pe, pd, 1.0 - values[(b, a)]]
    root = game.new_initial_state()
    index = {tuple(r.name(v) for v in h): h for r in [RULES] for h in tree.hands(RULES)}
    for k in range(0, len(game.pairs), 151):
        h1, h2, _ = game.pairs[k]
        mine = {tuple(w): ret for w, ret in _lines(root.child(k))}
        theirs = {tuple(line): o for line, o in tree.lines(RULES, index[h1], index[h2])}
        assert set(mine) == set(theirs), (h1, h2)
        for line, ret in mine.items():
            assert abs(ret[0] - payoff[theirs[line]]) < 1e-12 and abs(sum(ret) - 1) < 1e-12


def test_information_states_are_the_shipped_strategys_keys():
    game = _game(2, 3)
    st = game.new_initial_state().child(1234)
    key = st.information_state_string()
    assert key.startswith("eldest|2-3|") and key.endswith("|")
    assert key in game.data["strategy"]
    assert st.information_state_string(1).startswith("dealer|3-2|")
    assert key == strategy.key(st.engine, st.engine.current_player())  # the engine's own key
    # the dealer's key never shows the eldest's hand
    h1, h2, _ = game.pairs[1234]
    assert st.information_state_string(1).split("|")[2] == " ".join(h2)


def test_the_shipped_strategy_as_a_tabular_policy():
    """The policy's rows are the file's, on the states of a few deals (the whole tree is the bench's)."""
    game = _game(4, 4)
    root = game.new_initial_state()
    states = {}
    for k in (0, 500, 4000):
        stack = [root.child(k)]
        while stack:
            s = stack.pop()
            if not s.is_terminal():
                states.setdefault(s.information_state_string(), s)
                stack.extend(s.child(a) for a in s.legal_actions())
    pol = put_deal.shipped_policy(game, states)
    for key, s in states.items():
        got = pol.action_probabilities(s)
        row = game.data["strategy"].get(key)
        if row:
            total = sum(row.values())
            for a, p in got.items():
                assert abs(p - row.get(game.actions[a], 0.0) / total) < 1e-12
        assert abs(sum(got.values()) - 1) < 1e-12


def test_observation_tensor_has_a_fixed_shape():
    game = _game()
    st = game.new_initial_state().child(42)
    t0 = st.observation_tensor(0)
    assert len(t0) == len(st.observation_tensor(1)) == 7 + 7 + 8 + 2 + 2
    assert sum(t0[:7]) == 3  # three cards held


def test_bad_parameters_say_what_is_wrong():
    with pytest.raises((RulesetError, pyspiel.SpielError, RuntimeError), match="solved"):
        _game(ruleset="truc")
    with pytest.raises((RulesetError, pyspiel.SpielError, RuntimeError), match="score"):
        _game(5, 0)

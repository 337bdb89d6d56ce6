"""The whole deal game of Put at 28 cards in OpenSpiel, checked with OpenSpiel's own tools against the project's
solver (heavy: one walk of the Python game, some 365,000 states, then OpenSpiel's C++ on its cached copy).

At four all: the tree's size is the solver's; OpenSpiel's NashConv of the shipped strategy (``pyspiel.nash_conv``,
its own best responses) is the project's best response (``gamester_solve.br``) within 1e-6; and OpenSpiel's CFR+
heads for the project's value. The other scores, and CFR+ run on to the value, are benchmarks/bench_openspiel.py's."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from gamester import get_game  # noqa: E402
from gamester.openspiel import put_deal, register  # noqa: E402

pytestmark = pytest.mark.heavy
register()


@pytest.fixture(scope="module")
def solver():
    from gamester_solve import cfr, flat, tree
    f = flat.build(tree.Rules.from_options(get_game("put").options_for("stripped-28")))
    return f, cfr.Levels(f)


@pytest.fixture(scope="module")
def four_all():
    game = pyspiel.load_game(put_deal.NAME, {"ruleset": "stripped-28", "eldest": 4, "dealer": 4})
    cached = pyspiel.convert_to_cached_tree(game)
    counts, states = put_deal.walk(cached)
    return game, cached, counts, states


def test_the_tree_is_the_solvers(solver, four_all):
    """The solver leaves out moves with one legal action and has a root per pair of hands; so, counted alike,
    OpenSpiel's decisions with a choice and its terminals are the solver's nodes, and its information states
    with a choice the solver's."""
    f, _ = solver
    _, _, counts, states = four_all
    assert counts["chance"] == 1 and counts["pairs"] == len(f.root_node) == 6965
    assert counts["choices"] + counts["terminals"] == f.n_nodes
    assert sum(1 for s in states.values() if len(s.legal_actions()) > 1) == len(f.keys)


def test_openspiel_finds_the_projects_exploitability(solver, four_all):
    from open_spiel.python import policy as os_policy

    from gamester_solve import br, export
    f, lv = solver
    game, cached, _, states = four_all
    pol = os_policy.python_policy_to_pyspiel_policy(put_deal.shipped_policy(game, states))
    theirs = pyspiel.nash_conv(cached, pol)
    mine = br.nash_conv(lv, export.profile(f, game.data, 4, 4), br.payoffs(game.values, 4, 4, 5))[0]
    assert 0 < mine < 1e-4
    assert abs(theirs - mine) < 1e-6


def test_openspiel_cfr_plus_heads_for_the_projects_value(four_all):
    """A few iterations of OpenSpiel's CFR+ (the bench runs it to 1e-4 of the value): its average strategy's
    NashConv falls, and its value nears the project's 0.448205."""
    game, cached, _, _ = four_all
    solver = pyspiel.CFRPlusSolver(cached)
    gaps, done = [], 0
    for n in (5, 25):
        for _ in range(n - done):
            solver.evaluate_and_update_policy()
        done = n
        avg = solver.average_policy()
        gaps.append((pyspiel.nash_conv(cached, avg),
                     pyspiel.expected_returns(cached.new_initial_state(), avg, -1, True)[0]))
    assert gaps[1][0] < gaps[0][0]
    assert abs(gaps[1][1] - game.values[(4, 4)]) < 0.01

"""The deal game of Put at 28 cards in OpenSpiel, checked with OpenSpiel's own tools against the project's solver.

OpenSpiel walks the Python game once (``pyspiel.convert_to_cached_tree`` keeps it in C++ after that); the whole
game is some 800,000 states, minutes of walking, so the ``heavy`` tests take a sample of it (every 60th pair of
hands, chances scaled) and hold the solver's tree to the same sample; the whole game at four all is a ``slow`` test
(nox -s soak) and the bench's (benchmarks/bench_openspiel.py, every score and CFR+ run on to the value).

Checked: the tree's size is the solver's; OpenSpiel's NashConv of the shipped strategy (``pyspiel.nash_conv``, its
own best responses) is the project's best response's (``gamester_solve.br``) within 1e-6; OpenSpiel's CFR+ runs on
the game and its average strategy's NashConv falls."""

from __future__ import annotations

import dataclasses

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from gamester import get_game  # noqa: E402
from gamester.games.put import openspiel as put_deal  # noqa: E402
from gamester.openspiel import register  # noqa: E402

register()
SAMPLE = 60


@pytest.fixture(scope="module")
def solver():
    from gamester_solve import flat, tree
    return flat.build(tree.Rules.from_options(get_game("put").options_for("stripped-28")))


def restricted(f, game):
    """The solver's tree with chance only on the pairs of hands the game deals (their chances as the game's),
    how many nodes the kept pairs' subtrees have, and how many information sets with a choice they reach."""
    from gamester_solve import tree
    kept = {(" ".join(h1), " ".join(h2)): w for h1, h2, w in game.pairs}
    chance = np.zeros_like(f.chance)
    root_of = np.arange(f.n_nodes)
    for i, r in enumerate(f.root_node):
        h1, h2 = (tree.hand_text(f.rules, f.hands[k]) for k in f.root_hands[i])
        chance[r] = kept.get((h1, h2), 0.0)
    for d in range(len(f.level_start) - 1):
        lo, hi = f.level_start[d], f.level_start[d + 1]
        here = np.arange(lo, hi)
        has = f.parent[here] >= 0
        root_of[here[has]] = root_of[f.parent[here[has]]]
    inside = chance[root_of] > 0
    child = np.nonzero((f.parent >= 0) & inside)[0]
    sets = np.unique(f.slot_infoset[f.edge[child]])
    assert abs(chance.sum() - 1) < 1e-12
    return dataclasses.replace(f, chance=chance), int(inside.sum()), len(sets)


def check(f, game, a, b):
    from open_spiel.python import policy as os_policy

    from gamester_solve import br, cfr, export
    f2, nodes, sets = restricted(f, game)
    cached = pyspiel.convert_to_cached_tree(game)
    counts, states = put_deal.walk(cached)
    assert counts["pairs"] == len(game.pairs)
    assert counts["choices"] + counts["terminals"] == nodes
    assert sum(1 for s in states.values() if len(s.legal_actions()) > 1) == sets
    pol = os_policy.python_policy_to_pyspiel_policy(put_deal.shipped_policy(game, states))
    theirs = pyspiel.nash_conv(cached, pol)
    mine = br.nash_conv(cfr.Levels(f2), export.profile(f, game.data, a, b), br.payoffs(game.values, a, b, 5))[0]
    assert mine > 0
    assert abs(theirs - mine) < 1e-6
    return cached


@pytest.mark.heavy
@pytest.mark.parametrize("a,b", [(4, 4), (2, 3)])
def test_a_sample_of_the_deal_against_the_solver(solver, a, b):
    game = pyspiel.load_game(put_deal.NAME, {"eldest": a, "dealer": b, "every": SAMPLE})
    cached = check(solver, game, a, b)
    if (a, b) == (4, 4):
        cfr_plus = pyspiel.CFRPlusSolver(cached)
        gaps, done = [], 0
        for n in (10, 100):
            for _ in range(n - done):
                cfr_plus.evaluate_and_update_policy()
            done = n
            gaps.append(pyspiel.nash_conv(cached, cfr_plus.average_policy()))
        assert gaps[1] < gaps[0] / 4 and gaps[1] < 1e-2


@pytest.mark.slow
def test_the_whole_deal_at_four_all_against_the_solver(solver):
    game = pyspiel.load_game(put_deal.NAME, {"eldest": 4, "dealer": 4})
    check(solver, game, 4, 4)

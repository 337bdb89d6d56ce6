"""The solver, checked: chances of the deal, the best response against its own claim, convergence, the score
game against the engine's own chain of deals, and the tree against Pav's model as the engine computes it."""

from __future__ import annotations

from fractions import Fraction

import pytest

np = pytest.importorskip("numpy")

from gamester.games.put.numbers_engine import game_chances  # noqa: E402
from gamester.games.put.numbers_pav import pav_deal  # noqa: E402
from gamester.games.put.rules import PutOptions  # noqa: E402
from gamester_solve import br, cfr, flat, pav, solve, tree  # noqa: E402

#: a small pack (the four best ranks, four suits each) for the quick tests
SMALL = tree.Rules(("3", "2", "A", "K"), "put", "first-lead", False, False, 3)
SMALL_RECON = tree.Rules(("3", "2", "A", "K"), "put", "any-lead", True, True, 2)


@pytest.fixture(scope="module")
def small():
    f = flat.build(SMALL)
    return f, cfr.Levels(f)


def _random_profile(f, rng):
    return cfr.regret_matching(f, rng.random(f.n_slots) * (rng.random(f.n_slots) < 0.7))


@pytest.mark.parametrize("rules", [SMALL, SMALL_RECON, tree.Rules.from_options(PutOptions(pack="28"))],
                         ids=["small", "small-reconstruction", "28"])
def test_the_deals_chances_add_up_to_one(rules):
    hs = tree.hands(rules)
    assert len(hs) == {4: 20, 7: 84, 13: 455}[rules.ranks]
    total = sum(tree.pair_weight(rules, a, b) for a in hs for b in hs)
    assert total == pytest.approx(1.0, abs=1e-12)
    assert tree.pair_weight(rules, (4, 4, 4), (4, 4, 1)) == 0  # five Threes


def test_a_best_response_wins_what_it_claims_and_no_strategy_wins_more(small):
    f, lv = small
    rng = np.random.default_rng(1)
    u = np.array([1.0, 0.0, 0.6, 0.3, 0.45])
    slot_player = f.infoset_player[f.slot_infoset]
    for _ in range(3):
        sigma = _random_profile(f, rng)
        for p in (0, 1):
            best, pure = br.best_response(lv, sigma, u, p)
            played = np.where(slot_player == p, pure, sigma)
            v = cfr.value(lv, played, u)
            assert (v if p == 0 else 1 - v) == pytest.approx(best, abs=1e-12)
            for _ in range(5):
                other = np.where(slot_player == p, _random_profile(f, rng), sigma)
                w = cfr.value(lv, other, u)
                assert (w if p == 0 else 1 - w) <= best + 1e-12


def test_cfr_drives_the_exploitability_down(small):
    f, lv = small
    u = np.array([1.0, 0.0, 0.7, 0.2, 0.5])
    s = cfr.Solver(lv)
    s.iterate(u, 2)
    early = br.nash_conv(lv, s.average(), u)[0]
    s.iterate(u, 200)
    late, be, bd = br.nash_conv(lv, s.average(), u)
    assert late < 2e-4 < early
    v = cfr.value(lv, s.average(), u)
    assert be >= v - 1e-12 and bd >= 1 - v - 1e-12


def test_payoffs_at_the_edges_of_the_game():
    vals = {(a, b): 0.5 for a in range(5) for b in range(5)}
    vals[(4, 4)] = 0.4
    u = br.payoffs(vals, 4, 4, 5)
    assert list(u) == [1.0, 0.0, 1.0, 0.0, 0.6]
    vals[(2, 4)] = 0.3
    vals[(3, 3)] = 0.45
    assert list(br.payoffs(vals, 3, 2, 5)) == [1.0, 0.0, 0.7, 0.55, 0.5]


@pytest.mark.heavy  # 2.6 s: solves the small game to an exploitability of 2e-4
def test_the_whole_small_game_is_solved_and_a_best_response_gains_almost_nothing():
    sol = solve.solve(SMALL, target=2e-4, log=lambda m: None)
    assert set(sol.values) == {(a, b) for a in range(3) for b in range(3)}
    assert max(sol.exploitability.values()) < 2e-4
    assert all(0 < v < 1 for v in sol.values.values())
    overall, parts = solve.overall_exploitability(sol)
    assert -1e-9 < overall < 1e-3
    assert parts["eldest"] > -1e-9 and parts["dealer"] > -1e-9
    # with the same strategies, the score game's values are the deal-by-deal chances carried over the scores
    for (a, b), sigma in sol.strategies.items():
        u = br.payoffs(sol.values, a, b, 3)
        assert cfr.value(sol.lv, sigma, u) == pytest.approx(sol.values[(a, b)], abs=2e-4)


def test_the_score_game_agrees_with_the_engines_chain_of_deals(small):
    """A fixed deal strategy (here: a random one) gives the same chances of the game as the engine's
    game_chances, when every deal is worth a point to its winner (no puts are made: put probability zero)."""
    f, lv = small
    rng = np.random.default_rng(3)
    sigma = _random_profile(f, rng)
    for i, acts in enumerate(f.actions):  # never put: the deal is then a plain deal of points
        if "put" in acts:
            lo = f.slot_start[i]
            k = acts.index("put")
            row = sigma[lo:lo + len(acts)].copy()
            row[k] = 0
            sigma[lo:lo + len(acts)] = row / row.sum() if row.sum() else (np.arange(len(acts)) != k) / (
                len(acts) - 1)
    oc = cfr.outcome_chances(lv, sigma)
    assert oc[tree.GAME_E] == oc[tree.GAME_D] == 0
    deal = (Fraction(oc[tree.POINT_E]), Fraction(oc[tree.NOTHING]), Fraction(oc[tree.POINT_D]))
    expected = game_chances(deal, 3)
    vals: dict = {}
    for group in solve.scores_by_total(3):
        for _ in range(200):
            for s in group:
                vals[s] = cfr.value(lv, sigma, br.payoffs({**{k: 0.5 for k in group}, **vals}, *s, 3))
    for s, v in vals.items():
        assert v == pytest.approx(float(expected[s]), abs=1e-9)


@pytest.mark.heavy  # 2.7 s each: the 28-card pack's whole deal tree
@pytest.mark.parametrize("tie_value", [0.4, 0.55])
def test_pavs_strategies_in_the_solvers_tree_give_the_engines_figures(tie_value):
    """The 28-card pack without putting: Pav's closed-hand strategies played in the solver's deal tree give
    exactly the leader's (win, tie, lose) that the engine's own implementation of the model counts."""
    f = flat.build(tree.Rules.from_options(PutOptions(pack="28", betting="none")))
    lv = cfr.Levels(f)
    oc = cfr.outcome_chances(lv, pav.profile(f, tie_value, "win"))
    w, t, lo = pav_deal(7, tie_value, "win")
    assert oc[tree.POINT_E] == pytest.approx(float(w), abs=1e-12)
    assert oc[tree.NOTHING] == pytest.approx(float(t), abs=1e-12)
    assert oc[tree.POINT_D] == pytest.approx(float(lo), abs=1e-12)


@pytest.mark.heavy  # 3-5 s: the 28-card score game
def test_the_deals_of_a_game_are_counted_along_the_score_game():
    """At the last score every decided deal ends the game, so the expected number of deals there is 1 / (1 - the
    chance of a deal that scores nothing); from lower scores there are more deals, and a per-score figure summed
    along them scales with it."""
    sol = solve.solve(SMALL, target=2e-4, log=lambda m: None)
    g = SMALL.game_points
    deals = solve.along_the_game(sol)
    last = cfr.outcome_chances(sol.lv, sol.strategies[(g - 1, g - 1)])
    assert deals[(g - 1, g - 1)] == pytest.approx(1 / (1 - last[tree.NOTHING]), rel=1e-9)
    assert deals[(0, 0)] > deals[(1, 1)] > deals[(g - 1, g - 1)] >= 1
    twice = solve.along_the_game(sol, {s: 2.0 for s in sol.strategies})
    assert twice[(0, 0)] == pytest.approx(2 * deals[(0, 0)], rel=1e-9)


class _Stop(Exception):
    pass


@pytest.mark.heavy  # 8-15 s: two small solves, one stopped and taken up
def test_a_solve_stopped_part_way_goes_on_from_its_folder_to_the_same_answer(tmp_path):
    """A long solve is done in parts: stopped after its third save (part-way through a total of points), the same
    call with the same folder takes up the saved regrets and averages and ends exactly where an unbroken solve ends;
    a folder that holds another ruleset's solve is refused."""
    whole = solve.solve(SMALL, target=2e-4, log=lambda m: None)
    saves = []

    def stop_at_third(message):
        if "(saved" in message:
            saves.append(message)
            if len(saves) == 3:
                raise _Stop

    with pytest.raises(_Stop):
        solve.solve(SMALL, target=2e-4, log=stop_at_third, work=tmp_path, save_every=0)
    said = []
    again = solve.solve(SMALL, target=2e-4, log=said.append, work=tmp_path, save_every=0)
    assert any(m.startswith("taken up from") for m in said)
    assert any(m.startswith("  going on with") for m in said)
    assert again.values == whole.values
    assert again.iterations == whole.iterations
    for s in whole.strategies:
        assert np.array_equal(again.strategies[s], whole.strategies[s])
    # done: a third call solves nothing more
    said.clear()
    third = solve.solve(SMALL, target=2e-4, log=said.append, work=tmp_path)
    assert third.values == whole.values and not any("iterations (" in m for m in said)
    with pytest.raises(ValueError, match="holds another solve"):
        solve.solve(SMALL_RECON, target=2e-4, log=lambda m: None, work=tmp_path)
    (tmp_path / solve.STATE).write_bytes(b"not a saved solve")   # a damaged file: one clear error
    with pytest.raises(ValueError, match="is not a saved solve that can be read"):
        solve.solve(SMALL, target=2e-4, log=lambda m: None, work=tmp_path)


@pytest.mark.heavy  # 7-13 s: the small solve with forked workers
def test_worker_processes_give_the_same_solve_as_one():
    """The games of a total of points shared out among two forked processes are solved exactly as in one."""
    if not solve._can_fork():
        pytest.skip("this system cannot fork")
    one = solve.solve(SMALL, target=2e-4, log=lambda m: None)
    two = solve.solve(SMALL, target=2e-4, log=lambda m: None, workers=2)
    assert two.values == one.values and two.iterations == one.iterations
    assert two.exploitability == one.exploitability
    for s in one.strategies:
        assert np.array_equal(two.strategies[s], one.strategies[s])


@pytest.mark.parametrize("rules", [SMALL, SMALL_RECON], ids=["small", "small-reconstruction"])
def test_the_breadth_first_sweep_computes_what_the_levels_compute(rules):
    """The solver's iteration runs on a breadth-first copy of the tree (:class:`cfr.Sweep`): its reach and its sums
    upwards equal the level-by-level ones node for node, its own reach per information set equals the reach at
    the set's nodes, and its slot values equal the children's values, for either player."""
    f = flat.build(rules)
    lv = cfr.Levels(f)
    sw = lv.sweep()
    assert sorted(sw.old.tolist()) == list(range(f.n_nodes))          # a renumbering: every node once
    rng = np.random.default_rng(11)
    sigma = _random_profile(f, rng)
    ext = np.append(sigma, 1.0)
    leaf = rng.random(len(lv.term))
    at_old = np.zeros(f.n_nodes)
    at_old[lv.term] = leaf
    for p in (0, 1):
        r = np.empty(sw.n)
        sw.reach(r, ext, p)
        assert np.allclose(r, cfr.reaches(lv, sigma, p == 0, p == 1)[sw.old], rtol=0, atol=1e-15)
        v = np.zeros(sw.n)
        v[sw.term] = at_old[sw.old[sw.term]]
        sw.up(v, ext, p)
        below = cfr.values_below(lv, leaf, sigma, p)
        assert np.allclose(v, below[sw.old], rtol=0, atol=1e-12)
        own = cfr.reaches(lv, sigma, p == 0, p == 1, chance=False)[f.infoset_node]
        mine = f.infoset_player == p
        assert np.allclose(cfr.own_reach(f, sw.inf_levels, sigma)[mine], own[mine], rtol=0, atol=1e-15)
        slots, child = sw.chose[p]
        q = np.bincount(slots, weights=v[child], minlength=f.n_slots)
        expect = np.zeros(f.n_slots)
        for idx, _lo, _hi, _par, edge, is0, is1 in lv.levels:
            m = is0 if p == 0 else is1
            expect += np.bincount(edge[m], weights=below[idx[m]], minlength=f.n_slots)
        assert np.allclose(q, expect, rtol=0, atol=1e-12)

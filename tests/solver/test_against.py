"""The engine's other players as strategies over the solver's tree (gamester_solve.against): the bots read back
agree with the bots at the table, Pav's strategies at four all are the engine's, and the whole-game evaluation
agrees with the solver's own values."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from gamester import get_game  # noqa: E402
from gamester.games.put.numbers_pav import pav_four_all  # noqa: E402
from gamester.games.put.rules import PutOptions  # noqa: E402
from gamester.games.put.strategy import key  # noqa: E402
from gamester.state import TERMINAL  # noqa: E402
from gamester_solve import against, flat, pav, solve, tree  # noqa: E402

SMALL = tree.Rules(("3", "2", "A", "K"), "put", "first-lead", False, False, 3)


@pytest.mark.heavy  # 4-7 s: the shipped strategy against itself and a best response over the whole score game
def test_the_equilibrium_against_itself_wins_the_games_value_and_a_best_response_no_less():
    sol = solve.solve(SMALL, target=2e-4, log=lambda m: None)
    g = SMALL.game_points
    rep = against.report(sol.lv, sol.values, sol.strategies, sol.strategies, g)
    for row in rep["per_score"].values():
        assert abs(row["eq_eldest"]) < 2e-4 and abs(row["eq_dealer"]) < 2e-4
        assert row["best_eldest"] >= row["eq_eldest"] - 1e-12 and row["best_dealer"] >= row["eq_dealer"] - 1e-12
        assert row["best_eldest"] < 1e-3 and row["best_dealer"] < 1e-3
    assert abs(rep["equilibrium_margin"]) < 2e-4
    # against a player who never puts and refuses every put, the best response gains a lot
    naive = {}
    for s, sigma in sol.strategies.items():
        x = sigma.copy()
        for i, acts in enumerate(sol.f.actions):
            lo = sol.f.slot_start[i]
            if "put" in acts:
                x[lo:lo + len(acts)] = [0.0 if a == "put" else 1.0 / (len(acts) - 1) for a in acts]
            if "refuse" in acts:
                x[lo:lo + len(acts)] = [1.0 if a == "refuse" else 0.0 for a in acts]
        naive[s] = x
    assert against.report(sol.lv, sol.values, sol.strategies, naive, g)["best_margin"] > 0.05


@pytest.mark.heavy  # 3-5 s: Pav's closed-hand profiles over the 28-card deal tree at every score of a game of two
def test_pavs_strategies_at_four_all_are_the_engines():
    """One all in a game of two is four all in a game of five (the next deal decides; a tie gives the lead to the
    other at the same score: tests/engine/put/test_numbers.py), so the profiles of a game of two, its whole chain
    of scores solved, end at the four-all position, at a fifth of the cost of the 25 scores of a game of five."""
    f = flat.build(tree.Rules.from_options(PutOptions(pack="28", betting="none")))
    prof = against.pav_profiles(f, 2)
    assert sorted(prof) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    p44 = pav_four_all(7, "win")
    assert np.array_equal(prof[(1, 1)], pav.profile(f, float(1 - p44["p"]), "win"))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bold", "calculating"])
def test_a_bot_read_as_a_strategy_plays_as_the_bot_does_at_the_table(name):
    """Seeded games of the bot against itself: at every decision, the move made has a chance in the profile at
    that score (and the only move, where the profile gives one)."""
    spec = get_game("put")
    opts = PutOptions(pack="28")
    f = flat.build(tree.Rules.from_options(opts))
    prof = against.bot_profiles(f, opts, name, 5)
    index = {k: i for i, k in enumerate(f.keys)}
    hand_i = {tree.hand_text(f.rules, h): k for k, h in enumerate(f.hands)}
    checked = mixed = 0
    for seed in range(40):
        st = spec.new_state(opts, 2, seed)
        bots = [spec.make_bot(name, seed * 2 + i) for i in range(2)]
        while st.current_player() != TERMINAL:
            seat = st.current_player()
            act = bots[seat].choose(st, seat)
            if len({_w(a) for a in st.legal_actions()}) > 1:
                role, pts, hand, hist = key(st, seat).split("|")
                mine, other = map(int, pts.split("-"))
                r = tree.ROLES.index(role)
                score = (mine, other) if r == tree.ELDEST else (other, mine)
                i = index[(r, hand_i[hand], hist)]
                p = prof[score][f.slot_start[i] + f.actions[i].index(_w(act))]
                assert p > 0, (name, seed, hand, hist, act)
                checked += 1
                mixed += p < 1
            st.apply(act)
    assert checked > 500
    assert mixed > 0  # the bluffs: the bot's random draw read as a chance


def _w(a: str) -> str:
    from gamester.cards import Card
    return f"play {Card.parse(a.split()[1]).rank.text}" if a.startswith("play ") else a

"""The games in OpenSpiel: figures only (printed, never asserted).

    python benchmarks/bench_openspiel.py [--scores 4-4,0-0,2-3] [--cfr-iterations N] [--sims N]

1. OpenSpiel's random simulation test (``pyspiel.random_sim_test``) on every registered game and ruleset: its time.
2. Cotton's Put, one deal at 28 cards (``gamester_put_deal``): the tree's size from OpenSpiel's side (decisions with
   more than one legal action, terminals, information states) beside the project's solver tree, and the time of
   the walk.
3. At each score: OpenSpiel's NashConv of the shipped strategy (``exploitability.nash_conv``, its own best
   responses) beside the project's best response (``gamester_solve.br``, the file read back), and the times.
4. OpenSpiel's CFR+ (``pyspiel.CFRPlusSolver``, on OpenSpiel's cached copy of the tree) at 4-4: the value of its
   average strategy as the iterations go (to N at most, or until it is within 1e-5 of the project's value with a
   NashConv under 1e-4) beside the project's value, and its NashConv.
"""

from __future__ import annotations

import argparse
import sys
import time

import pyspiel

from gamester import all_games, get_game
from gamester.games.put import openspiel as put_deal
from gamester.openspiel import register
from gamester.openspiel.engine import short_name


def sims(n: int) -> None:
    if n <= 0:
        return
    for spec in all_games().values():
        for preset in spec.presets:
            game = pyspiel.load_game(short_name(spec), {"ruleset": preset})
            t = time.perf_counter()
            pyspiel.random_sim_test(game, num_sims=n, serialize=False, verbose=False)
            print(f"random_sim_test {spec.name} {preset}: {n} games in {time.perf_counter() - t:.1f} s")


def project(ruleset: str):
    from gamester_solve import cfr, flat, tree
    opts = get_game("put").options_for(ruleset)
    t = time.perf_counter()
    f = flat.build(tree.Rules.from_options(opts))
    lv = cfr.Levels(f)
    print(f"the project's solver tree: {f.n_nodes:,} nodes (decisions with a choice, and terminals), "
          f"{len(f.keys):,} information sets, {len(f.root_node):,} pairs of hands; built in "
          f"{time.perf_counter() - t:.1f} s")
    return f, lv


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scores", default="4-4,0-0,2-3,3-1,1-4")
    ap.add_argument("--cfr-iterations", type=int, default=3000)
    ap.add_argument("--sims", type=int, default=1)
    ns = ap.parse_args()
    import importlib.metadata as md
    print(f"OpenSpiel {md.version('open_spiel')}, Python {sys.version.split()[0]}")
    register()
    sims(ns.sims)
    sys.path.insert(0, "site_src")
    from gamester_solve import br, export
    ruleset = "stripped-28"
    f, lv = project(ruleset)
    from open_spiel.python import policy as os_policy
    for text in ns.scores.split(","):
        a, b = map(int, text.split("-"))
        game = pyspiel.load_game(put_deal.NAME, {"ruleset": ruleset, "eldest": a, "dealer": b})
        t = time.perf_counter()
        cached = pyspiel.convert_to_cached_tree(game)
        counts, states = put_deal.walk(cached)
        tw = time.perf_counter() - t
        keys = sum(1 for s in states.values() if len(s.legal_actions()) > 1)
        print(f"{a}-{b}: OpenSpiel walked the deal game ({1 + counts['decisions'] + counts['terminals']:,} "
              f"states: the chance node dealing {counts['pairs']:,} pairs of hands, {counts['decisions']:,} "
              f"decisions, {counts['terminals']:,} terminals) in {tw:.0f} s; decisions with a choice + terminals = "
              f"{counts['choices'] + counts['terminals']:,} (the solver's nodes: {f.n_nodes:,}); information "
              f"states with a choice {keys:,} (the solver's: {len(f.keys):,})")
        t = time.perf_counter()
        pol = os_policy.python_policy_to_pyspiel_policy(put_deal.shipped_policy(game, states))
        nc = pyspiel.nash_conv(cached, pol)
        to = time.perf_counter() - t
        t = time.perf_counter()
        mine = br.nash_conv(lv, export.profile(f, game.data, a, b), br.payoffs(game.values, a, b, 5))[0]
        tp = time.perf_counter() - t
        print(f"{a}-{b}: NashConv of the shipped strategy: OpenSpiel {nc:.4e} ({to:.1f} s), the project's best "
              f"response {mine:.4e} ({tp:.1f} s), difference {abs(nc - mine):.1e}; the file's own figure "
              f"(the solver's exact strategy) {game.data['exploitability'][text]:.4e}", flush=True)
        if (a, b) == (4, 4):
            cfr_plus(cached, game.values[(4, 4)], ns.cfr_iterations)


def cfr_plus(cached, value: float, most: int) -> None:
    t = time.perf_counter()
    solver = pyspiel.CFRPlusSolver(cached)
    done = 0
    for n in [k for k in (10, 30, 100, 300, 1000, 3000, 10000) if k < most] + [most]:
        for _ in range(n - done):
            solver.evaluate_and_update_policy()
        done = n
        avg = solver.average_policy()
        v = pyspiel.expected_returns(cached.new_initial_state(), avg, -1, True)[0]
        nc = pyspiel.nash_conv(cached, avg)
        print(f"CFR+ at 4-4: {n} iterations, the eldest's value {v:.6f} (the project's {value:.6f}, "
              f"difference {abs(v - value):.1e}), NashConv {nc:.2e}; {time.perf_counter() - t:.0f} s so far",
              flush=True)
        if abs(v - value) < 1e-5 and nc < 1e-4:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())

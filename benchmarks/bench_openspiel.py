"""The games in OpenSpiel: figures only (printed, never asserted).

    python benchmarks/bench_openspiel.py [--scores 4-4,0-0,2-3] [--cfr-iterations N] [--sims N]

1. OpenSpiel's random simulation test (``pyspiel.random_sim_test``) on every registered game and ruleset: its time.
2. Cotton's Put, one deal at 28 cards (``gamester_put_deal``): the tree's size from OpenSpiel's side (decisions with
   more than one legal action, terminals, information states) beside the project's solver tree, and the time of
   the walk.
3. At each score: OpenSpiel's NashConv of the shipped strategy (``exploitability.nash_conv``, its own best
   responses) beside the project's best response (``gamester_solve.br``, the file read back), and the times.
4. OpenSpiel's CFR+ (``pyspiel.CFRPlusSolver``, on OpenSpiel's cached copy of the tree) at 4-4: the value of its
   average strategy after N iterations beside the project's value, and its NashConv.
"""

from __future__ import annotations

import argparse
import sys
import time

import pyspiel
from open_spiel.python.algorithms import exploitability

from gamester import all_games, get_game
from gamester.openspiel import put_deal, register


def sims(n: int) -> None:
    if n <= 0:
        return
    for spec in all_games().values():
        for preset in spec.presets:
            game = pyspiel.load_game(f"gamester_{spec.name.replace('-', '_')}", {"ruleset": preset})
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


def walk(game) -> tuple[dict, dict]:
    """OpenSpiel's view of the tree: every state, counted; one state per information state."""
    counts = {"chance": 1, "decisions": 0, "choices": 0, "terminals": 0}
    states = {}
    root = game.new_initial_state()
    stack = [root.child(a) for a, _ in root.chance_outcomes()]
    while stack:
        st = stack.pop()
        if st.is_terminal():
            counts["terminals"] += 1
            continue
        legal = st.legal_actions()
        counts["decisions"] += 1
        counts["choices"] += len(legal) > 1
        states.setdefault(st.information_state_string(), st)
        stack.extend(st.child(a) for a in legal)
    return counts, states


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scores", default="4-4,0-0,2-3,3-1,1-4")
    ap.add_argument("--cfr-iterations", type=int, default=200)
    ap.add_argument("--sims", type=int, default=3)
    ns = ap.parse_args()
    import importlib.metadata as md
    print(f"OpenSpiel {md.version('open_spiel')}, Python {sys.version.split()[0]}")
    register()
    sims(ns.sims)
    sys.path.insert(0, "site_src")
    import numpy as np

    from gamester_solve import br, cfr, export
    ruleset = "stripped-28"
    f, lv = project(ruleset)
    for text in ns.scores.split(","):
        a, b = map(int, text.split("-"))
        game = pyspiel.load_game(put_deal.NAME, {"ruleset": ruleset, "eldest": a, "dealer": b})
        t = time.perf_counter()
        counts, states = walk(game)
        tw = time.perf_counter() - t
        keys = sum(1 for s in states.values() if len(s.legal_actions()) > 1)
        print(f"{a}-{b}: OpenSpiel walked {sum(counts.values()):,} states in {tw:.0f} s: {counts['choices']:,} "
              f"decisions with a choice + {counts['terminals']:,} terminals = "
              f"{counts['choices'] + counts['terminals']:,} (the solver's nodes: {f.n_nodes:,}); "
              f"{keys:,} information states with a choice (the solver's: {len(f.keys):,})")
        t = time.perf_counter()
        pol = put_deal.shipped_policy(game, states)
        nc = exploitability.nash_conv(game, pol, use_cpp_br=True)
        to = time.perf_counter() - t
        data = game.data
        values = game.values
        t = time.perf_counter()
        mine = br.nash_conv(lv, export.profile(f, data, a, b), br.payoffs(values, a, b, 5))[0]
        tp = time.perf_counter() - t
        print(f"{a}-{b}: NashConv of the shipped strategy: OpenSpiel {nc:.3e} ({to:.0f} s), the project's best "
              f"response {mine:.3e} ({tp:.1f} s), difference {abs(nc - mine):.1e}")
    game = pyspiel.load_game(put_deal.NAME, {"ruleset": ruleset, "eldest": 4, "dealer": 4})
    t = time.perf_counter()
    cached = pyspiel.convert_to_cached_tree(game)
    solver = pyspiel.CFRPlusSolver(cached)
    done = 0
    for n in sorted({10, 50, ns.cfr_iterations}):
        for _ in range(n - done):
            solver.evaluate_and_update_policy()
        done = n
        avg = solver.average_policy()
        v = pyspiel.expected_returns(cached.new_initial_state(), avg, -1, True)[0]
        nc = pyspiel.nash_conv(cached, avg)
        print(f"CFR+ at 4-4: {n} iterations, the eldest's value {v:.6f} (the project's {values[(4, 4)]:.6f}, "
              f"difference {abs(v - values[(4, 4)]):.1e}), NashConv {nc:.2e}; {time.perf_counter() - t:.0f} s so far")
    del np
    return 0


if __name__ == "__main__":
    sys.exit(main())

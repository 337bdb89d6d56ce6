"""Post and Pair show-down settlements per second (a figure, never an assertion).

    python benchmarks/bench_post_and_pair.py [--seconds S]

For 2, 4, 6 and 10 players: random deals (pre-dealt, so the shuffle is not timed) settled by
``gamester.games.post_and_pair.settle`` under the default ruleset, one counter each to Post, Pair and Seat. The first
figure is ``settle`` alone (best of repeated passes) (the ledger and its reasons are built only when asked for); the second also builds the
full ledger, reasons included, for every settlement.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from gamester.cards import FULL_PACK, shuffled
from gamester.games.post_and_pair import PostAndPairOptions, settle


def deals(players: int, count: int, seed: int = 1674) -> list[list[tuple]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = shuffled(FULL_PACK, rng)
        out.append([tuple(deck[3 * i:3 * i + 3]) for i in range(players)])
    return out


def rate(players: int, seconds: float, with_ledger: bool) -> float:
    """Settlements per CPU second of this process: the best of repeated passes over 2,000 deals (the machine
    may be shared; CPU time and the best pass are the least disturbed measures)."""
    options = PostAndPairOptions()
    pool = deals(players, 2000)
    for hands in pool:  # warm the per-hand tables, as a long run would
        settle(options, hands)
    best = float("inf")
    stop = time.perf_counter() + seconds
    while True:
        start = time.process_time()
        if with_ledger:
            for hands in pool:
                _ = settle(options, hands).ledger
        else:
            for hands in pool:
                settle(options, hands)
        best = min(best, time.process_time() - start)
        if time.perf_counter() >= stop:
            return len(pool) / best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0)
    ns = ap.parse_args()
    print(f"Post and Pair show-down settlements per CPU second ({platform.python_implementation()} "
          f"{sys.version.split()[0]}, {ns.seconds:g} s each)")
    for players in (2, 4, 6, 10):
        fast = rate(players, ns.seconds, False)
        full = rate(players, ns.seconds / 2, True)
        print(f"  {players:2d} players: {fast:10,.0f}/s settle   {full:9,.0f}/s with the full ledger and reasons")


if __name__ == "__main__":
    main()

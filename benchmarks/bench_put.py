"""Put: the exact-odds calculation's time per call, whole games per second, and how the bots fare (figures only).

    python benchmarks/bench_put.py [--games N]

1. Odds: ``gamester.games.put.analysis`` at the start of a deal (the call the site makes before a reader puts), cold
   (every cache emptied first: what the first call in a browser costs) and warm (what later calls in a game cost),
   for the 52-, 32- and 28-card packs.
   At three hands: the sampled first-trick odds, the exact later odds, and the exact first-trick enumeration
   that the sample stands in for.
2. Playouts: whole two-handed games per second for random bots (the engine alone) and calculating bots (with odds).
3. Bots: the calculating bot's share of games won against each other bot, seats alternating.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from gamester import get_game
from gamester.games import put
from gamester.games.put import odds as put_odds
from gamester.state import TERMINAL

SPEC = get_game("put")


def odds_times(preset: str, deals: int = 60) -> tuple[float, float, float]:
    """Median cold ms, max cold ms and median warm ms of analysis() at the start of ``deals`` deals."""
    cold, warm = [], []
    for seed in range(deals):
        state = SPEC.new_state(SPEC.presets[preset].options, 2, seed)
        seat = state.current_player()
        put_odds.cache_clear()
        t = time.perf_counter()
        SPEC.analysis(state, seat)
        cold.append(time.perf_counter() - t)
        t = time.perf_counter()
        SPEC.analysis(state, seat)
        warm.append(time.perf_counter() - t)
    return statistics.median(cold) * 1000, max(cold) * 1000, statistics.median(warm) * 1000


def odds3_times(preset: str, deals: int = 20) -> tuple[float, float, float, float]:
    """Three hands: median and worst cold ms at the start of a deal (sampled), and worst cold ms of the exact odds at
    the start of the second trick, with the exact enumeration's cold ms at the start of a deal for comparison."""
    start, later, exact = [], [], []
    for seed in range(deals):
        state = SPEC.new_state(SPEC.presets[preset].options, 3, seed)
        seat = state.current_player()
        put_odds.cache_clear()
        t = time.perf_counter()
        SPEC.analysis(state, seat)
        start.append(time.perf_counter() - t)
        if seed < 3:  # the exact enumeration that the sample stands in for
            pos = put.analysis.__globals__["_position"](state, seat)
            put_odds.cache_clear()
            t = time.perf_counter()
            put_odds.odds3(pos["mine"], pos["ka"], pos["kb"], pos["counts"], pos["leader"], pos["table"], pos["won"])
            exact.append(time.perf_counter() - t)
        for _ in range(3):  # the first trick, best cards first
            state.apply(next(a for a in state.legal_actions() if a.startswith("play")))
        if state.is_terminal() or len(state.deals) > 1 or not all(state.active):
            continue
        put_odds.cache_clear()
        t = time.perf_counter()
        a = SPEC.analysis(state, state.current_player())
        later.append(time.perf_counter() - t)
        assert a["method"] == "exact"
    return (statistics.median(start) * 1000, max(start) * 1000, max(later) * 1000,
            statistics.median(exact) * 1000)


def play(preset: str, bots: list[str], seed: int) -> int:
    state = SPEC.new_state(SPEC.presets[preset].options, 2, seed)
    seats = [SPEC.make_bot(b, seed * 2 + i) for i, b in enumerate(bots)]
    while state.current_player() != TERMINAL:
        p = state.current_player()
        state.apply(seats[p].choose(state, p))
    return state.winner


def games_per_second(preset: str, bot: str, games: int) -> float:
    t = time.perf_counter()
    for g in range(games):
        play(preset, [bot, bot], g)
    return games / (time.perf_counter() - t)


def share(preset: str, other: str, games: int) -> float:
    won = 0
    for g in range(games):
        me = g % 2
        bots = ["calculating", other] if me == 0 else [other, "calculating"]
        won += play(preset, bots, 10_000 + g) == me
    return won / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ns = ap.parse_args()
    print(f"Put benchmark: {platform.python_implementation()} {sys.version.split()[0]} on {platform.machine()}")
    print("odds at the start of a deal (analysis, ms): median cold / worst cold / median warm")
    for preset in ("cotton-1674", "stripped-32", "stripped-28", "truc"):
        mc, xc, mw = odds_times(preset)
        print(f"  {preset:14s} {mc:7.2f} / {xc:7.2f} / {mw:6.3f}")
    print("three hands, analysis cold (ms): first trick sampled median / worst; second trick exact worst; "
          "first trick exact (not used) median")
    for preset in ("cotton-1674", "stripped-32", "stripped-28"):
        ms, xs, xl, ex = odds3_times(preset)
        print(f"  {preset:14s} {ms:7.1f} / {xs:7.1f}; {xl:6.1f}; {ex:7.1f}")
    print("whole two-handed games per second")
    for preset in ("cotton-1674", "reconstruction", "truc"):
        for bot in ("random", "calculating"):
            print(f"  {preset:14s} {bot:12s} {games_per_second(preset, bot, ns.games):8.1f}")
    print(f"calculating bot's share of games won ({ns.games} games, seats alternating)")
    for preset in ("cotton-1674", "reconstruction", "truc"):
        row = ", ".join(f"vs {o} {share(preset, o, ns.games):.3f}" for o in ("random", "cautious", "bold"))
        print(f"  {preset:14s} {row}")


if __name__ == "__main__":
    main()

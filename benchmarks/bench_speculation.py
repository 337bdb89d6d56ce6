"""Speculation figures (printed, never asserted): deals per second by bot, and the time of one exact-chance call.

    python benchmarks/bench_speculation.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from gamester import get_game, play_out
from gamester.games.speculation import PRESETS, SpeculationState
from gamester.games.speculation.analysis import _best_trump_chance as best_trump_chance  # (uncached)


def deals_per_second(preset: str, bot: str, players: int, games: int) -> tuple[float, float]:
    spec = get_game("speculation")
    opts = PRESETS[preset].options
    deals = actions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        s = SpeculationState(opts, players, seed)
        play_out(s, [spec.make_bot(bot, seed * 10 + i) for i in range(players)])
        deals += len(s.deals)
        actions += len(s.history)
    dt = time.perf_counter() - t0
    return deals / dt, actions / dt


def chance_call(players: int, calls: int) -> dict[str, float]:
    """Mean seconds per exact-chance computation (uncached) at three moments of a deal."""
    spec = get_game("speculation")
    out = {}
    opts = PRESETS["hoyle"].options.replace(deals=1)
    s = SpeculationState(opts, players, 3)
    bots = [spec.make_bot("cautious", i) for i in range(players)]
    moments = {"turn-up face down": s}
    t0 = time.perf_counter()
    for _ in range(calls):
        best_trump_chance(s, 0)
    out["turn-up face down"] = (time.perf_counter() - t0) / calls
    steps = 0
    while not s.is_terminal():
        total_hidden = sum(len(h) for h in s.deal.hidden)
        if s.deal.turnup_shown and "start of play" not in moments:
            moments["start of play"] = s
            t0 = time.perf_counter()
            for _ in range(calls):
                best_trump_chance(s, 0)
            out["start of play"] = (time.perf_counter() - t0) / calls
        if total_hidden <= players and "late in the deal" not in moments:
            moments["late in the deal"] = s
            t0 = time.perf_counter()
            for _ in range(calls):
                best_trump_chance(s, 0)
            out["late in the deal"] = (time.perf_counter() - t0) / calls
        s.apply(bots[s.current_player()].choose(s, s.current_player()))
        steps += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    print(f"Speculation benchmark ({args.games} games per row; a game is one deal per player)")
    for preset in ("handbook", "hoyle", "pool-variants"):
        for bot in ("random", "cautious", "speculator"):
            for players in (4, 8):
                dps, aps = deals_per_second(preset, bot, players, args.games if bot == "random" else args.games // 4)
                print(f"  {preset:13} {bot:10} {players:2} players: {dps:8.0f} deals/s {aps:9.0f} actions/s")
    for players in (4, 10):
        for moment, sec in chance_call(players, 200).items():
            print(f"  best_trump_chance, {players:2} players, {moment:18}: {sec * 1e3:7.3f} ms per call")


if __name__ == "__main__":
    main()

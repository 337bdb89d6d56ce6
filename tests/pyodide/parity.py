"""The records both hosts must agree on: run by CPython (tests/pyodide/run.py) and inside Pyodide (run.mjs).

For every registered game and ``SEEDS`` seeds, one whole game is played by the game's own bots (rotating through
its presets, player counts and bots, so every one of them is exercised) and its JSON record is hashed. The two hosts
must produce the same list of hashes: same deals, same bot choices, same ledgers.
"""

from __future__ import annotations

import hashlib
import json

SEEDS = 200


def plan(spec, seed: int) -> tuple[str, int, list[str]]:
    presets = list(spec.presets)
    lo, hi = spec.player_range
    hi = min(hi, lo + 5)
    players = lo + seed % (hi - lo + 1)
    bots = list(spec.bots) or ["random"]
    names = [bots[(seed + seat) % len(bots)] for seat in range(players)]
    return presets[seed % len(presets)], players, names


def record(spec, seed: int) -> dict:
    from gamester.errors import RulesetError
    from gamester.state import bot_seed, play_out

    preset, players, names = plan(spec, seed)
    opts = spec.presets[preset].options
    lo, hi = spec.player_range
    # Some presets allow fewer seats than the game (Truc is two-handed): take the first count that works.
    for n in [players, *range(lo, hi + 1)]:
        try:
            state = spec.new_state(opts, n, seed)
            break
        except RulesetError:
            continue
    else:
        raise RulesetError(f"{spec.name} preset {preset}: no player count in {lo}..{hi} works")
    names = (names * n)[:n]
    bots = [spec.make_bot(b, bot_seed(seed, 0, seat)) for seat, b in enumerate(names)]
    play_out(state, bots)
    return state.to_record()


def digests(seeds: int = SEEDS) -> dict[str, list[str]]:
    from gamester import all_games

    out: dict[str, list[str]] = {}
    for name, spec in sorted(all_games().items()):
        out[name] = [hashlib.sha256(json.dumps(record(spec, s), sort_keys=True, ensure_ascii=False)
                                    .encode()).hexdigest()[:16] for s in range(seeds)]
    return out


def settle_timing(n: int = 300) -> float | None:
    """Seconds per Post and Pair deal, played and settled (for benchmarks/bench_browser.py), or None if absent."""
    import time

    from gamester import all_games, commands

    spec = all_games().get("post-and-pair")
    if spec is None or "deal" not in spec.commands:
        return None
    t = time.perf_counter()
    for seed in range(n):
        commands.run(spec, "deal", players=6, seed=seed)
    return (time.perf_counter() - t) / n


if __name__ == "__main__":
    print(json.dumps(digests()))

"""The worst requests the widgets can send: CPU time of ``web.handle`` per op over the largest inputs the live
limits allow (``registry.Limits``, each game's ``GameSpec.limits``). Figures only, never asserted (issue #13's goal
is about a second of CPU per request on the project's machine).

    python benchmarks/bench_limits.py [--seeds N]

For each game and player count: the longest options a form allows (each integer option at its live maximum, deals
as many as the game's length measure allows, under every preset), then ``new``, ``bot until=end`` (the whole game), ``view``
of the longest position, ``apply`` / ``bot`` one move / ``analysis`` at sampled positions along a game (with
``analysis: true``, as the play widget asks), every widget kind's ``render`` with the largest arguments, ``compare``
and ``settle``. Prints the slowest request per op, with what it was.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

from gamester import RulesetError, all_games
from gamester.hosts import web
from gamester.render import widgets

SLOWEST: dict[str, tuple[float, int, str]] = {}


def timed(req: dict[str, Any], what: str) -> dict:
    text = json.dumps(req)
    t = time.process_time()
    reply = web.handle(text)
    ms = (time.process_time() - t) * 1000
    r = json.loads(reply)
    op = req["op"] + ("" if req["op"] != "bot" else f" until={req.get('until', 'one')}")
    if ms > SLOWEST.get(op, (-1.0,))[0]:
        SLOWEST[op] = (ms, len(reply), what + ("" if r["ok"] else f" -> refused: {r['error'][:60]}"))
    return r


def largest(spec, players: int):
    ranges = spec.limits.option_ranges(spec.options.specs())
    for preset in spec.presets.values():
        pairs = {k: str(hi) for k, (lo, hi) in ranges.items()}
        for k, (lo, _hi) in ranges.items():  # an option the game's length measure bounds: as high as it allows
            while int(pairs[k]) > lo:
                try:
                    spec.limits.check(spec.title, preset.options.with_options(pairs), players)
                    break
                except RulesetError:
                    pairs[k] = str(int(pairs[k]) - 1)
        opts = preset.options.with_options(pairs)
        try:
            spec.limits.check(spec.title, opts, players)
            spec.new_state(opts, players, 0)
        except RulesetError:
            continue
        yield opts


def bench_game(spec, seeds: int, samples: int) -> None:
    for players in range(spec.player_range[0], spec.player_range[1] + 1):
        for opts in largest(spec, players):
            for seed in range(seeds):
                pos = {"game": spec.name, "ruleset": opts.to_string(), "players": players, "seed": seed}
                what = f"{opts.to_string()} x{players} seed {seed}"
                timed({"op": "new", "seat": "current", "chances": True, **pos}, what)
                r = timed({"op": "bot", "until": "end", **pos}, what)
                if not r["ok"]:
                    continue
                acts = r["actions"]
                timed({"op": "view", "actions": acts, **pos}, f"{what}, {len(acts)} actions")
                step = max(1, len(acts) // samples)
                for i in list(range(0, len(acts), step)) + [len(acts) - 1]:
                    p = {**pos, "actions": acts[:i]}
                    w = f"{what}, at action {i}"
                    timed({"op": "apply", "action": acts[i], "seat": "current", "chances": True, **p}, w)
                    timed({"op": "bot", "seat": "current", "chances": True, **p}, w)
                    if spec.analysis is not None:
                        timed({"op": "analysis", **p}, w)


def bench_renders() -> None:
    for kind, (spec, w) in sorted(widgets().items()):
        players = min(spec.player_range[1], w.max_players or spec.player_range[1])
        for opts in largest(spec, players):
            args: dict[str, str] = {}
            for a in w.args:
                if a == "seed":
                    args[a] = "12345"
                elif a == "players":
                    args[a] = str(players)
                elif a == "ruleset":
                    args[a] = opts.to_string()
                elif a == "deals" and "deals" in opts.to_json():
                    args[a] = str(opts.to_json()["deals"])
                elif a == "rulesets":
                    args[a] = ",".join(list(spec.presets)[:4])
                elif a == "hands":
                    args[a] = "|".join(["QH QD QC", "KS KH KD", "AS 2S 3S", "4H 5H 6H"][:players])
            for a in w.required:
                args.setdefault(a, "1")
            if w.one_of and not any(k in args for k in w.one_of):
                args[w.one_of[0]] = "12345"
            if w.one_of and all(k in args for k in w.one_of):
                args.pop(w.one_of[-1])
            timed({"op": "render", "kind": kind, "args": args}, f"{kind} {args}")


def bench_other() -> None:
    timed({"op": "games"}, "every game")
    for name, spec in all_games().items():
        timed({"op": "rulesets", "game": name}, name)
        rs = list(spec.presets)
        timed({"op": "compare", "game": name, "rulesets": rs[:4] if len(rs) > 1 else rs * 2,
               "args": {"players": spec.player_range[1], "seed": 99}}, f"{name} x{spec.player_range[1]}")
        if "settle" in spec.commands:
            hands = ["QH QD QC", "KS KH KD", "AS 2S 3S", "4H 5H 6H", "7C 8C 9C", "10D JD QS", "2H 3H 4D",
                     "5C 6C 7D", "8D 9D 10C", "JC JH JS"]
            timed({"op": "run", "game": name, "command": "settle", "args": {"hands": hands[:spec.player_range[1]], "folded": [1]}},
                  f"{name} with {spec.player_range[1]} hands")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=2, help="seeds per game, player count and options")
    ap.add_argument("--samples", type=int, default=8, help="positions sampled along each game")
    a = ap.parse_args()
    print(f"worst-case requests (CPU ms per web.handle call); {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, {a.seeds} seeds, {a.samples} positions per game")
    t = time.perf_counter()
    for spec in all_games().values():
        bench_game(spec, a.seeds, a.samples)
    bench_renders()
    bench_other()
    print(f"{'op':<16}{'slowest ms':>11}{'reply KB':>10}  request")
    for op, (ms, size, what) in sorted(SLOWEST.items(), key=lambda kv: -kv[1][0]):
        print(f"{op:<16}{ms:>11.0f}{size / 1024:>10.0f}  {what[:150]}")
    print(f"({time.perf_counter() - t:.0f} s in all)", file=sys.stderr)


if __name__ == "__main__":
    main()

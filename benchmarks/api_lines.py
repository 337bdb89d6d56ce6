"""The work of a whole game through the web API against the engine alone, counted in Python line events (the same
on every run, however loaded the machine): a deterministic companion to ``bench_api_moves.py``'s timings.

    PYTHONPATH=engine:site_src python benchmarks/api_lines.py [--game NAME] [--moves N]

The same games and requests as ``bench_api_moves.py``'s whole game (a ``new``, then one ``apply`` a move with
``open`` and ``log_from``); each line event inside ``web.handle`` is put to the innermost stage on the stack (the
request's JSON, finding the open game, the engine's ``apply``, the game's table model and view, wording the move,
drawing the table's markup, the reply's fields and JSON), and the engine alone is ``new_state`` and ``apply`` of the
same actions. A line event is not a fixed cost (a line may do little or much, in C), so the ratio is a guide, not
the timed one.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from typing import Any

import bench_api_moves as bench

from gamester import records
from gamester import table as tables
from gamester.hosts import web, web_positions
from gamester.registry import all_games

_LOG = re.compile(r'class="gm-t-log"><summary>[^<]*\((\d+)')


def _count(stages: dict[Any, str], run: Any) -> collections.Counter:
    """Line events while ``run()`` runs, by the innermost stage on the stack (``None``: outside every stage)."""
    counts: collections.Counter = collections.Counter()

    def line(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            f = frame
            while f is not None and f.f_code not in stages:
                f = f.f_back
            counts[stages[f.f_code] if f is not None else None] += 1
        return line

    sys.settrace(lambda frame, event, arg: line if event == "call" else None)
    try:
        run()
    finally:
        sys.settrace(None)
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=1000)
    ap.add_argument("--game", default=None, help="one registered game (default: every one)")
    a = ap.parse_args()
    web_positions._bounded = lambda spec, opts, players: None  # the live limits lifted, as in bench_api_moves
    for name, spec in sorted(all_games().items()):
        if a.game and name != a.game:
            continue
        games = bench.long_games(spec, a.moves)
        state_class = type(spec.new_state(spec.default_options(), spec.default_players or spec.player_range[0], 0))
        stages = {web.handle.__code__: "request checks", records.load_json.__code__: "request JSON",
                  web_positions._position.__code__: "the open game", state_class.apply.__code__: "engine apply",
                  web_positions._reply.__code__: "reply fields, parts compared, game kept",
                  tables.log_groups.__code__: "the move worded", tables.render_parts.__code__: "table markup",
                  web._encode.__code__: "reply JSON", state_class.view.__code__: "game view"}
        if spec.site.table is not None:
            stages[spec.site.table.__code__] = "game table model"
        web._OPEN.clear()

        def api(games: list = games) -> None:
            left = a.moves
            for pos, actions in games:
                actions = actions[:left]
                left -= len(actions)
                r = json.loads(web.handle(json.dumps({"op": "new", **pos, "seat": 0})))
                held, named = r["html"], r["open"]
                for action in actions:
                    m = _LOG.search(held or "")
                    text = bench._move(pos, named, action, int(m.group(1)) if m else 0)
                    r = json.loads(web.handle(text))
                    # (the log's part, a string, is always sent whole: the parts sent in pieces are not read)
                    held, named = "".join(p for p in r["parts"] if isinstance(p, str)), r["open"]

        def engine(games: list = games, spec: Any = spec) -> None:
            left = a.moves
            for pos, actions in games:
                actions = actions[:left]
                left -= len(actions)
                state = spec.new_state(spec.parse_ruleset(pos["ruleset"]), pos["players"], pos["seed"])
                for action in actions:
                    state.apply(action)

        counts = _count(stages, api)
        counts.pop(None, None)  # the client's side (the bench's JSON and log count), not the API's
        eng = sum(_count({}, engine).values())
        total = sum(counts.values())
        print(f"{spec.title}: API {total / a.moves:,.0f} line events a move, engine alone {eng / a.moves:,.0f}: "
              f"{total / eng:.1f} x")
        for stage, n in counts.most_common():
            print(f"  {n / a.moves:8.1f}  {stage}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

"""Every reply of the web API to long games played as the widget plays them, one a line, to compare two versions of
the engine byte for byte (a change made for speed must not change what the widget receives).

    PYTHONPATH=OLD/engine:OLD/site_src python benchmarks/api_replies.py old.txt
    PYTHONPATH=engine:site_src python benchmarks/api_replies.py new.txt
    cmp old.txt new.txt

or, when the replies' form changes on purpose (the table's parts sent otherwise), ``benchmarks/api_replies_compare.py
old.txt new.txt``: each reply's whole table, put together as the widget does, and every other field.

For every registered game (never named here), each preset with the whole-number options at the top of their ranges
(the live limits lifted, as in ``bench_api_moves.py``), up to three numbers of players, four seeds each drawn for a
different reader (seat 0, seat 1, everything, the seat to act): a ``new``, then an ``apply`` a move with ``open`` and
``log_from`` (the random bot's moves), now and then a step back (``view`` and ``apply`` by the actions), an illegal
move, a ``view`` of the whole position, and at the end the bots to the end. The open games' names are made the same
in every run (the run's token fixed).
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from gamester.hosts import web, web_positions
from gamester.registry import all_games
from gamester.state import RandomBot

_LOG = re.compile(r'class="gm-t-log"><summary>[^<]*\((\d+)')


def _held(r: dict[str, Any]) -> int:
    # (the log's part, a string, is always sent whole: the pieces of the parts sent in pieces are not read here)
    html = r.get("html") or "".join(p for p in r.get("parts") or [] if isinstance(p, str))
    m = _LOG.search(html)
    return int(m.group(1)) if m else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--moves", type=int, default=1200, help="moves a game and preset, shared by its seeds' games")
    a = ap.parse_args()
    web_positions._RUN = "run"
    web_positions._bounded = lambda spec, opts, players: None
    with open(a.out, "w", encoding="utf-8") as out:
        def send(req: dict[str, Any]) -> dict[str, Any]:
            reply = web.handle(json.dumps(req))
            out.write(reply + "\n")
            return json.loads(reply)

        for name, spec in sorted(all_games().items()):
            values = {s.name: str(s.range[1]) for s in spec.options.specs() if s.range}
            for preset in sorted(spec.presets):
                opts = spec.options_for(preset, values)
                for players in spec.allowed_players(opts)[:3]:
                    for seed, seat in ((1, 0), (2, 1), (3, None), (4, "current")):
                        pos = {"game": name, "ruleset": opts.to_string(), "players": players, "seed": seed}
                        state = spec.new_state(opts, players, seed)
                        bot = RandomBot(seed)
                        r = send({"op": "new", **pos, "seat": seat, **({"log_from": 0} if seed == 2 else {})})
                        held, named = _held(r), r["open"]
                        k = 0
                        while not state.is_terminal() and k < a.moves // (len(spec.presets) * 2):
                            action = bot.choose(state, state.current_player())
                            state.apply(action)
                            k += 1
                            r = send({"op": "apply", **pos, "seat": seat, "open": named, "action": action,
                                      "log_from": held})
                            if not r["ok"]:
                                break
                            held, named = _held(r), r["open"]
                            before = list(state.history[:-1])
                            if k % 97 == 0:  # a step back, then on again by the actions
                                send({"op": "view", **pos, "seat": seat, "actions": before, "log_from": 0})
                                r = send({"op": "apply", **pos, "seat": seat, "actions": before, "action": action})
                                held, named = _held(r), r["open"]
                            if k % 151 == 0:  # an illegal move, then the whole position
                                send({"op": "apply", **pos, "seat": seat, "open": named, "action": "nonsense",
                                      "log_from": held})
                                r = send({"op": "view", **pos, "seat": seat, "actions": list(state.history),
                                          "log_from": held})
                                held, named = _held(r), r["open"]
                        send({"op": "bot", **pos, "seat": seat, "open": named, "until": "end", "log_from": held})
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()

"""Regenerate the golden records (``nox -s golden``): seed -> whole-game JSON from the CLI's ``play``.

Review the diff like code: a changed golden record means a rule, a bot or the shuffle changed.
"""

from __future__ import annotations

import json
import pathlib

from gamester.hosts.cli import run
from gamester.registry import all_games

HERE = pathlib.Path(__file__).parent

CASES = {  # game -> (players, seeds)
    "post-and-pair": (4, (1, 2, 1674)),
    "put": (2, (1, 2, 1674)),
    "speculation": (5, (1, 2, 1674)),
}


def argv(game: str, players: int, seed: int) -> list[str]:
    return ["play", game, "--players", str(players), "--seed", str(seed), "--json"]


def cases():
    for game, (players, seeds) in CASES.items():
        if game in all_games():
            for seed in seeds:
                yield game, players, seed, HERE / f"{game}-seed{seed}.json"


def render(game: str, players: int, seed: int) -> str:
    data, _, _ = run(argv(game, players, seed))
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    for game, players, seed, path in cases():
        path.write_text(render(game, players, seed), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")

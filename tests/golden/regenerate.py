"""Golden transcripts: a whole game of every registered game, for a few fixed seeds, in plain lines.

Each file ``GAME-seedS.txt`` is what ``gamester play GAME --seed S`` prints (the game's default players, ruleset and
computer players): the ruleset, every deal's hands, the moves and the settlement, a few dozen lines a game, to be
read in review like code. A changed transcript means a rule, a bot, the shuffle or the game's words changed.

Regenerate them all (a new game gets its files; a file of a game no longer registered is removed)::

    nox -s golden
    # or, without nox, from the repository root:
    PYTHONPATH=engine python tests/golden/regenerate.py
"""

from __future__ import annotations

import contextlib
import io
import pathlib
from collections.abc import Iterator

from gamester.hosts.cli import main
from gamester.registry import all_games

HERE = pathlib.Path(__file__).parent
SEEDS = (1, 2, 1674)
COMMAND = "nox -s golden"


def argv(game: str, seed: int) -> list[str]:
    return ["play", game, "--seed", str(seed)]


def cases() -> Iterator[tuple[str, int, pathlib.Path]]:
    """(game, seed, file) for every registered game and every seed."""
    for game in sorted(all_games()):
        for seed in SEEDS:
            yield game, seed, HERE / f"{game}-seed{seed}.txt"


def render(game: str, seed: int) -> str:
    """The transcript, as the command line prints it (its exit status checked)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv(game, seed))
    if code != 0:
        raise RuntimeError(f"gamester {' '.join(argv(game, seed))} exited {code}: {err.getvalue().strip()}")
    return out.getvalue()


def stale() -> list[pathlib.Path]:
    """Transcripts in this folder that no case makes (a game renamed or removed, a seed dropped)."""
    made = {path for *_, path in cases()}
    return sorted(p for p in HERE.glob("*.txt") if p not in made)


if __name__ == "__main__":
    for game, seed, path in cases():
        path.write_text(render(game, seed), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")
    for path in stale():
        path.unlink()
        print(f"removed {path.relative_to(HERE.parent.parent)}")

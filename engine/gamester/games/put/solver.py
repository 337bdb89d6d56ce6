"""Put's own command, ``gamester solve put``: an equilibrium of two-handed Put with its exploitability, written as the
strategy file the equilibrium bot plays (``data/``). The solver lives outside the stdlib-only engine (it needs numpy):
the package ``gamester_solve`` is imported only when the command runs."""

from __future__ import annotations

import sys
from typing import Any

from ...errors import GamesterError
from ...tools import Flag, Tool


def _run(game: str, ruleset: str | None, *, log=None, out: str | None = None, target: float | None = None,
         max_iter: int | None = None, work: str | None = None, workers: int = 1, summary: bool = False,
         skip_overall: bool = False) -> dict[str, Any]:
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise GamesterError("gamester solve needs numpy, which is not installed (pip install numpy); the rest "
                            "of gamester does without it") from None
    try:
        from gamester_solve import command
    except ImportError:
        raise GamesterError("gamester solve needs the solver package gamester_solve, which is not installed") from None
    return command.run(game, ruleset, out, target=target, max_iter=max_iter, work=work, workers=workers,
                       summary=summary, skip_overall=skip_overall,
                       log=log or (lambda m: print(m, file=sys.stderr, flush=True)))


SOLVE = Tool(_run, "solve a game (an equilibrium with its exploitability) and write the strategy file into the "
                   "engine's data (needs numpy)", (
    Flag("out", "write the strategy file here instead"),
    Flag("target", "the exploitability to reach at every score, in chances of the game (default: the solver's)",
         "above-zero"),
    Flag("max_iter", "the most iterations a score is given (default: the solver's)", "whole-above-zero"),
    Flag("work", "save the solve here as it goes, and go on from what is saved there (a long solve in parts)",
         metavar="DIR"),
    Flag("summary", "write only the summary (values, exploitability, each deal's first decisions), for a strategy "
                    "too large to ship", "switch"),
    Flag("skip_overall", "leave out the whole game's best responses (long on the 52-card pack): per score only",
         "switch"),
    Flag("workers", "processes to share each total of points' deal games among (default 1)", "whole-above-zero",
         default=1),
))

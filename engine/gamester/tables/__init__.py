"""Per-game adapters: a live state and the reader's seat -> a :class:`gamester.table.Table`.

``table_for(state, seat)`` picks the adapter by the state's game; ``render_table(state, seat, ...)`` draws it.
Each adapter module is self-contained (it will move into ``games/<game>/`` beside its game) and defines
``table(state, seat=None, *, analysis=None) -> Table``. ``seat`` is the reader's seat (``None``: everything shown,
as for a teacher at the front of the class); ``analysis`` is the game's own analysis for that seat, if wanted.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

from ..errors import RulesetError
from ..game import State
from ..registry import get_game
from ..table import Table, render

#: game name -> adapter module (until each game's package carries its own)
ADAPTERS = {"post-and-pair": "gamester.tables.post_and_pair", "put": "gamester.tables.put",
            "speculation": "gamester.tables.speculation"}


def table_for(state: State, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    mod = ADAPTERS.get(state.game)
    if mod is None:
        raise RulesetError(f"no table drawing for the game {state.game!r}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players):
        raise RulesetError(f"seat {seat!r}: this game has seats 0 .. {state.players - 1}")
    return importlib.import_module(mod).table(state, seat, analysis=analysis)


def render_table(state: State, seat: int | None = None, *, analysis: dict[str, Any] | None = None,
                 base: str = "../", passages: dict | None = None, level: int = 3) -> str:
    return render(table_for(state, seat, analysis=analysis), base=base, passages=passages, level=level)


def replay_steps(state: State) -> Iterator[tuple[int, str, State]]:
    """Replay ``state``'s actions from its seed: yields ``(seat, action, replayed)`` *before* each action; the
    caller notes what it needs, applies ``action`` to ``replayed`` itself and reads what changed."""
    spec = get_game(state.game)
    s = spec.new_state(state.options, state.players, state.seed)
    for a in state.history:
        p = s.current_player()
        n = len(s.history)
        yield p, a, s
        if len(s.history) != n + 1:
            raise RuntimeError("replay_steps: the caller must apply each action exactly once")


__all__ = ["ADAPTERS", "render_table", "replay_steps", "table_for"]

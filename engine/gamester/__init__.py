"""gamester: the rules engine of the Gamester edition (Cotton, *The Compleat Gamester*, 1674).

Stdlib only; runs on CPython 3.11+ and on Pyodide's CPython 3.14. The core (cards, ledger, clauses, options, state,
registry, commands) names no game; each game is a package under :mod:`gamester.games`. The hosts are
:mod:`gamester.hosts.cli` (the command line) and :mod:`gamester.hosts.web` (the JSON API of the browser widgets).
"""

__version__ = "0.1.0"

from . import games as _games  # noqa: E402, F401  (finds and registers every game, and so every clause)
from .cards import Card, Rank, Suit, format_cards, pack, parse_cards, stripped_pack  # noqa: E402
from .clauses import Citation, Clause, all_clauses, get_clause  # noqa: E402
from .errors import GamesterError, IllegalActionError, NotationError, RulesetError  # noqa: E402
from .ledger import BOX, Ledger, Line  # noqa: E402
from .options import Options, Preset  # noqa: E402
from .registry import GameSpec, all_games, get_game, replay  # noqa: E402
from .state import TERMINAL, Bot, Outcome, State, play_out  # noqa: E402

__all__ = [
    "BOX", "Bot", "Card", "Citation", "Clause", "GameSpec", "GamesterError", "IllegalActionError", "Ledger",
    "Line", "NotationError", "Options", "Outcome", "Preset", "Rank", "RulesetError", "State", "Suit", "TERMINAL",
    "all_clauses", "all_games", "format_cards", "get_clause", "get_game", "pack", "parse_cards", "play_out",
    "replay", "stripped_pack",
]

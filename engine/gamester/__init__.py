"""gamester: the rules engine of the Gamester edition (Cotton, *The Compleat Gamester*, 1674).

Stdlib only; runs on CPython 3.11+ and on Pyodide's CPython 3.14. See ``gamester.cli`` for the command line and
``gamester.web`` for the JSON API the browser widgets call.
"""

from .cards import Card, Rank, Suit, format_cards, pack, parse_cards, stripped_pack
from .clauses import Citation, Clause, all_clauses, get_clause
from .errors import GamesterError, IllegalActionError, NotationError, RulesetError
from .game import TERMINAL, Bot, State, play_out, replay
from .ledger import BOX, Ledger, Line
from .registry import GameSpec, games, get_game
from .rulesets import Options, Preset

__version__ = "0.1.0"

__all__ = [
    "BOX", "Bot", "Card", "Citation", "Clause", "GameSpec", "GamesterError", "IllegalActionError", "Ledger",
    "Line", "NotationError", "Options", "Preset", "Rank", "RulesetError", "State", "Suit", "TERMINAL",
    "all_clauses", "format_cards", "games", "get_clause", "get_game", "pack", "parse_cards", "play_out",
    "replay", "stripped_pack",
]

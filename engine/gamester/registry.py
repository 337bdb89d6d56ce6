"""Which games the engine knows, and what each provides to the CLI, the site and the widgets."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .errors import NotationError, RulesetError
from .options import Options, OptionSpec, Preset, parse_pairs, parse_ruleset
from .state import Bot, State, play_bots


@dataclass(frozen=True)
class CommandArgs:
    """What a game's command (``deal``, ``settle``, ``play``) is given, by any host: plain values, no argparse.
    ``None`` or empty means the game's default."""

    players: int | None = None
    seed: int | None = None
    bots: tuple[str, ...] = ()      # bot names (items may be comma lists, as typed)
    deals: int | None = None
    hands: tuple[str, ...] = ()     # a show-down of given hands, eldest first
    folded: tuple[int, ...] = ()


#: A game command: (options, args) -> (JSON-ready data, the same in plain text).
Command = Callable[[Options, CommandArgs], tuple[Any, str]]


@dataclass(frozen=True)
class WidgetSpec:
    """One kind of live example a game offers on its page (``<!-- widget KIND ... -->``)."""

    kind: str                       # "pp-deal": the marker's and the element's data-widget name
    command: str                    # the game command it runs ("deal", "settle", "play"), or "compare"
    verb: str                       # the button: "Deal and settle"
    blurb: str                      # one line shown to readers above the controls
    play: bool = False              # whether the reader can step through the game (a position with actions)
    max_players: int | None = None  # a lower limit than the game's for this kind (None: the game's)
    args: tuple[str, ...] = ()      # the arguments the kind takes (marker and data-args)
    required: tuple[str, ...] = ()  # of which these must be given
    one_of: tuple[str, ...] = ()    # exactly one of these must be given
    marker: str = "example"         # the page marker that means this kind: <!-- example GAME ... --> or compare

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "command": self.command, "verb": self.verb, "blurb": self.blurb, "play": self.play,
                "max_players": self.max_players, "args": list(self.args), "required": list(self.required)}


@dataclass(frozen=True)
class Param:
    """One parameter of a game's ``odds`` (the CLI's ``--NAME``, with ``_`` written ``-``)."""

    name: str                       # "players": the keyword the game's odds function takes
    help: str                       # "players at the show (2-17)"
    whole: bool = False             # a whole number (else text)
    range: tuple[int, int] | None = None  # a whole number's bounds, inclusive: the one place they are set

    def check(self, value: Any) -> Any:
        """The value if it is of this parameter's kind and within its bounds, else a :class:`RulesetError`."""
        flag = "--" + self.name.replace("_", "-")
        if not self.whole:
            if not isinstance(value, str):
                raise RulesetError(f"{flag} must be text, not {str(value)[:40]!r}")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(f"{flag} must be a whole number, not {str(value)[:40]!r}")
        if self.range and not self.range[0] <= value <= self.range[1]:
            lo, hi = self.range
            raise RulesetError(f"{flag} {value} is out of bounds: a whole number {lo:,} to {hi:,}")
        return value


#: A game's numbers: (ruleset or None, **params) -> (JSON-ready data, the same in plain text).
Odds = Callable[..., tuple[Any, str]]


@dataclass(frozen=True)
class Limits:
    """How much one request from a live example (the web API: a widget, a permalink) may ask of the engine: the
    ONE table of bounds, with the core's defaults here and a game's own in its :attr:`GameSpec.limits`; the web
    API, the widget (the games op gives them) and the permalink read them from here. Chosen so that every request
    the widgets can send finishes within about a second of CPU (``benchmarks/bench_limits.py`` measures the
    slowest), and so that no game the widgets' forms allow runs past :attr:`actions`: tests/engine/hosts/
    test_limits.py plays the longest each form allows, at every number of players, with random bots (which take
    the long lines: re-vyes, bids). That is measured, not proved: a deal of Put can be tied again and again, so no
    count of actions bounds every game. The CLI and the printed pages are not bound by them."""

    actions: int = 6_000            # actions in one position (a game in progress, as a request or a permalink)
    options: tuple[tuple[str, int], ...] = ()   # (option, highest value a live example plays), below its range
    deal_seats: int | None = None   # deals x players at most (an option ``deals`` of 0 means one deal per seat)
    bot_seconds: float = 0.4        # bots playing on (until a reader or the end) pause after this long, and the
                                    # reply says ``more``: the widget asks again (each step the same seeded moves)
    # What 0.4 s bounds is that step, not every request: a request that is the first of its kind in a fresh engine
    # solves from nothing. benchmarks/bench_first_calls.py measures them: in Pyodide under Node the slowest are
    # three-handed Put's odds of the first trick (compare 0.83 s, table 0.62 s, new 0.56 s, render 0.51 s; the
    # same requests again 1-25 ms), the rest under 0.4 s; CPython takes about a third to a half of that.

    def option_ranges(self, specs: list[OptionSpec]) -> dict[str, tuple[int, int]]:
        """Each integer option's range as a live example allows it."""
        caps = dict(self.options)
        return {s.name: (s.range[0], min(s.range[1], caps.get(s.name, s.range[1]))) for s in specs if s.range}

    def check(self, title: str, options: Options, players: int) -> None:
        """Refuse (:class:`RulesetError`) options a live example does not play, naming the limit."""
        for name, hi in self.options:
            value = getattr(options, name, None)
            if isinstance(value, int) and value > hi:
                raise RulesetError(f"{title} with {name}={value} is longer than a live example plays ({name} at "
                                   f"most {hi}); the command line plays it")
        deals = getattr(options, "deals", None)
        if self.deal_seats is not None and isinstance(deals, int):
            if (deals or players) * players > self.deal_seats:
                raise RulesetError(f"{title} with {deals or players} deals for {players} players is longer than a "
                                   f"live example plays (deals x players at most {self.deal_seats}: here at most "
                                   f"{self.deal_seats // players} deals); the command line plays it")

    def to_json(self) -> dict[str, Any]:
        return {"actions": self.actions, "options": dict(self.options), "deal_seats": self.deal_seats,
                "bot_seconds": self.bot_seconds}


@runtime_checkable
class Narrator(Protocol):
    """The game in words (a game's ``narrate`` module): the one place its records become HTML, for the printed
    page and the widget alike. ``passages`` maps clause ids to the passages they rest on (``None``: no links)."""

    def result_html(self, record: dict[str, Any], players: int, base: str, passages: dict | None, *,
                    deal: int | None = None, compact: bool = False, end: str = "") -> str:
        """A record (``gamester play --json``) as the page shows it; ``end`` is the live table's end of the game
        when the page draws one, ``compact`` the short form a comparison's columns use."""
        ...


@runtime_checkable
class Comparing(Narrator, Protocol):
    """A narrator for a game with a ``compare`` widget: the same deal under several rulesets."""

    def compare_html(self, results: list[dict[str, Any]], labels: list[str], players: int, base: str,
                     passages: dict | None) -> str:
        ...


@runtime_checkable
class TableAdapter(Protocol):
    """The card table a reader sees: ``table(state, seat, analysis=...)`` -> a :class:`gamester.table.Table` (seat
    ``None``: every hand shown), drawn by :func:`gamester.table.render_table` for the page and the widget alike."""

    def __call__(self, state: State, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Any:
        ...


@dataclass(frozen=True)
class GameSite:
    """How the site presents a game (the edition, the pages, the widgets, teaching): nothing here is a rule."""

    page: str = ""                  # its page from the site root ("put/"): docs/put.md, docs/teach/put.md
    chapter: str = ""               # the edition text id of its period chapter ("cotton1674.put"; "" for none)
    account_key: str = ""           # the bibliography key of the modern account it reconstructs from
    widgets: dict[str, WidgetSpec] = field(default_factory=dict)   # its widget kinds, by kind
    narrator: Narrator | None = None    # its narrate module (a :class:`Comparing` one for a "compare" widget)
    table: TableAdapter | None = None   # its card table
    # Teaching (see gamester.quiz): the kinds of exercise (kind -> what it asks), make_quiz(seed, kind, ruleset) ->
    # an exercise (the kind already checked), and quiz_seats(exercise) -> a label for each hand it shows.
    quiz_kinds: dict[str, str] = field(default_factory=dict)
    make_quiz: Callable[[int, str, Any], dict[str, Any]] | None = None
    quiz_seats: Callable[[dict[str, Any]], list[str]] | None = None
    # The tables and plots of the Numbers page, by marker name (<!-- numbers NAME -->) -> html(base).
    numbers: dict[str, Callable[[str], str]] = field(default_factory=dict)


#: The fields of :class:`GameSite` that a :class:`GameSpec` still answers for, while the hosts move to ``spec.site``.
_SITE_FIELDS = ("page", "chapter", "widgets", "narrator", "table", "quiz_kinds", "make_quiz", "quiz_seats", "numbers")


@dataclass(frozen=True)
class GameSpec:
    """What a game is: its rules, players, bots, commands and numbers. How the site shows it is :attr:`site`.
    The contract a game package meets is written in :mod:`gamester.games`."""

    name: str                      # "post-and-pair": used in CLI commands, ruleset strings, records, URLs
    title: str                     # "Post and Pair"
    options: type[Options]         # the frozen options dataclass; its field defaults = the default preset
    presets: dict[str, Preset]     # named rulesets (at least two: the period text's and a fuller one)
    default_preset: str
    players: tuple[int, int]       # inclusive range of seats: the one declaration (the state class's own range)
    new_state: Callable[[Options, int, int], State]  # (options, players, seed) -> a fresh state
    default_players: int | None = None   # when a host is not told (None: the fewest the game allows)
    bots: dict[str, Callable[[int], Bot]] = field(default_factory=dict)  # name -> factory(seed)
    default_bots: tuple[str, ...] = ()   # seat i plays default_bots[i % len] unless told otherwise
    # Commands ("deal", "settle", "play", ...) run by every host through gamester.commands.
    commands: dict[str, Command] = field(default_factory=dict)
    # Optional: analysis(state, seat) -> JSON-ready dict of exact chances for that seat's view (Put: chance of
    # winning the deal; Speculation: chance that each card is the best trump). The site shows it beside decisions.
    analysis: Callable[[State, int], dict[str, Any]] | None = None
    # The numbers behind the game: odds(ruleset, **params) with the parameters it takes (gamester.commands.odds).
    odds: Odds | None = None
    odds_params: tuple[Param, ...] = ()
    limits: Limits = Limits()            # what one request from a live example may ask (the web API's bounds)
    clause_prefix: str = ""              # its clause ids' prefix ("put."): every clause it registers starts so
    site: GameSite = GameSite()          # how the site presents it

    def __getattr__(self, name: str) -> Any:
        # Read-only forwarding of the presentation fields (spec.narrator -> spec.site.narrator) for code written
        # before the split; new code reads ``spec.site``. Delete once every host reads it (see the MIGRATION list).
        if name in _SITE_FIELDS:
            return getattr(self.site, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def seats(self, players: int | None = None) -> int:
        """The number of players a command plays: ``players`` checked against :attr:`players`, or the game's
        default (:attr:`default_players`, else the fewest) when not given."""
        return self.check_players(self.players[0] if players is None and self.default_players is None
                                  else self.default_players if players is None else players)

    # Rulesets already read, by text: options are frozen, so a text is read once (a few hundred kept at most).
    _read: dict[str, Options] = field(default_factory=dict, init=False, repr=False, compare=False)

    def parse_ruleset(self, text: str) -> Options:
        if not isinstance(text, str):
            return parse_ruleset(self.name, self.options(), self.presets, text)
        opts = self._read.get(text)
        if opts is None:
            opts = parse_ruleset(self.name, self.options(), self.presets, text)
            if len(self._read) >= 256:
                self._read.clear()
            self._read[text] = opts
        return opts

    def default_options(self) -> Options:
        return self.presets[self.default_preset].options

    def options_for(self, ruleset: str | None = None, overrides: Any = None) -> Options:
        """A ruleset string (or the default preset) with overrides in any form :func:`parse_pairs` reads: the
        one way every host turns its input into options."""
        opts = self.parse_ruleset(ruleset) if ruleset else self.default_options()
        pairs = parse_pairs(overrides)
        return opts.with_options(pairs) if pairs else opts

    def allowed_players(self, options: Options) -> list[int]:
        """The numbers of players these options are played by (a game may narrow its range for some options:
        Truc is for two): each count in :attr:`players` that :attr:`new_state` accepts."""
        out = []
        for n in range(self.players[0], self.players[1] + 1):
            try:
                self.new_state(options, n, 0)
            except RulesetError:
                continue
            out.append(n)
        return out

    def check_players(self, n: Any) -> int:
        lo, hi = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
            raise RulesetError(f"{self.title} is for {lo} to {hi} players, not {str(n)[:40]!r}")
        return n

    def bot_names(self, given: Any, players: int) -> list[str]:
        """One bot name per seat from what a host was given (names, or items of comma-separated names; none
        gives :attr:`default_bots`): seat i plays ``names[i % len(names)]``. Unknown names, and a number of given
        names that does not divide the seats (one for all, one per seat, one per partnership), raise
        :class:`RulesetError`."""
        given = list(given or ())
        names = [x.strip() for item in given for x in str(item).split(",") if x.strip()]
        if given and not names:
            raise RulesetError(f"the bots {','.join(map(str, given))!r} names no bot: known bots are "
                               f"{', '.join(self.bots)}")
        if names and players % len(names):  # one for all, one per seat, or one per partnership
            raise RulesetError(f"{len(names)} bots for {players} players: name one bot, or one per seat")
        names = names or list(self.default_bots) or [next((b for b in self.bots if b != "random"), "random")]
        for n in names:
            if n not in self.bots:
                raise RulesetError(f"unknown bot {n[:40]!r} for {self.name}: known bots are {', '.join(self.bots)}")
        return [names[i % len(names)] for i in range(players)]

    def play_bots(self, state: State, names: Any = (), stop: Callable[[], bool] | None = None) -> State:
        """Play ``state`` on with bots (:meth:`bot_names` of ``names``), seeded by :func:`gamester.state.bot_seed`."""
        return play_bots(state, self.make_bot, self.bot_names(names, state.players), stop)

    def make_bot(self, name: str, seed: int) -> Bot:
        try:
            return self.bots[name](seed)
        except KeyError:
            raise RulesetError(f"unknown bot {name[:40]!r} for {self.name}: known bots are {', '.join(self.bots)}") from None


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Called by :mod:`gamester.games` for each game package it finds (a game never registers itself)."""
    if spec.name in _GAMES and _GAMES[spec.name] is not spec:
        raise ValueError(f"two games are called {spec.name!r}")
    _GAMES[spec.name] = spec
    return spec


def games() -> dict[str, GameSpec]:
    """Every game, by name (``import gamester`` has found them all: see :mod:`gamester.games`)."""
    return dict(_GAMES)


def get_game(name: Any) -> GameSpec:
    if not isinstance(name, str) or name not in _GAMES:
        raise RulesetError(f"unknown game {str(name)[:60]!r}: known games are {', '.join(sorted(_GAMES))}")
    return _GAMES[name]


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's members as a dict, refusing a key given twice (``json`` would keep the last silently): the
    ``object_pairs_hook`` of every reader of JSON from outside (:func:`gamester.records.load_json`, :func:`replay`)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise NotationError(f"the key {twice[:40]!r} is given twice in one object")
    return out


def replay(record: dict[str, Any] | str) -> State:
    """Rebuild a state from a record (dict or JSON text): same ruleset, seed and actions, same state."""
    if isinstance(record, str):
        try:
            record = json.loads(record, object_pairs_hook=unique_keys)
        except json.JSONDecodeError as e:
            raise NotationError(f"record is not JSON: {e}") from None
        except (ValueError, RecursionError) as e:  # a 5,000-digit number, nesting 2,000 deep
            raise NotationError(f"record is not JSON that can be read: {str(e)[:80]}") from None
    if not isinstance(record, dict):
        raise NotationError("a record is a JSON object with game, ruleset, seed, players and actions")
    missing = [k for k in ("game", "ruleset", "seed", "players", "actions") if k not in record]
    if missing:
        raise NotationError(f"record lacks {', '.join(missing)}")
    spec = get_game(record["game"])
    options = spec.parse_ruleset(record["ruleset"])
    if not isinstance(record["actions"], list):
        raise NotationError("record actions must be a list of strings")
    state = spec.new_state(options, record["players"], record["seed"])
    for a in record["actions"]:
        state.apply(a)
    return state

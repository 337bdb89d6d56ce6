"""Which games the engine knows, and what each provides to the CLI, the site and the widgets."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .errors import NotationError, RulesetError
from .options import Options, OptionSpec, Preset, parse_int, parse_pairs, parse_ruleset
from .state import Bot, State, play_bots
from .tools import Tool

MAX_SEED = 2**63 - 1
#: The kinds of value a parameter takes (see :class:`Param`).
PARAM_KINDS = {"whole": "a whole number", "text": "text", "hands": "a list of hands of cards, one per seat",
               "seats": "a list of seat numbers (0 is the first)", "names": "a list of bot names"}
_MAX_ITEMS = 20      # items in a list parameter, unless its range says otherwise
_MAX_TEXT = 400      # characters in one parameter's text


@dataclass(frozen=True)
class Param:
    """One parameter a game's command (or its ``odds``) takes, declared once by the game: the CLI makes a flag of it
    (``--NAME``, ``_`` written ``-``), the web API and the page markers read it, the widget makes a form field and a
    permalink field of it. Every host hands the value to :meth:`read`, which gives the plain value the command
    takes (a whole number, text, or a tuple) or a one-line :class:`RulesetError`."""

    name: str                       # "players": the keyword the command takes
    help: str                       # words for a reader: the form's label, the CLI's help ("players at the show")
    kind: str = "text"              # one of PARAM_KINDS
    range: tuple[int, int] | None = None  # a whole number's bounds (a seat list's: its seat numbers), inclusive
    default: Any = None             # when not given (None: the command decides, e.g. from the options)
    sep: str = ","                  # how a list's items are written in one text (a marker, a link, one flag)
    hint: str = ""                  # how to write it, for a form: "Rank then suit: QH 10D AS"
    flag: str = ""                  # the CLI's flag when not --NAME ("hand": --hand, given once per item)
    option: bool = False            # the value sets the game's option of the same name (``deals``)
    most: int = _MAX_ITEMS          # items in a list at most
    bounds: str = "a whole number {lo:,} to {hi:,}"  # a whole number's bounds in words, for its error

    def __post_init__(self) -> None:
        if self.kind not in PARAM_KINDS:
            raise ValueError(f"parameter {self.name!r}: unknown kind {self.kind!r} ({', '.join(PARAM_KINDS)})")

    @property
    def whole(self) -> bool:
        return self.kind == "whole"

    @property
    def listed(self) -> bool:
        return self.kind in ("hands", "seats", "names")

    def _bad(self, value: Any, what: str) -> RulesetError:
        return RulesetError(f"{self.name.replace('_', '-')} must be {what}, not {str(value)[:40]!r}")

    def read(self, value: Any) -> Any:
        """The value if it is of this parameter's kind and within its bounds (text from a marker, a link or the
        command line is read; a list may be one text of items separated by :attr:`sep`), else a RulesetError."""
        if self.kind == "whole":
            if isinstance(value, str):
                try:
                    value = parse_int(value, self.name, -MAX_SEED - 1, MAX_SEED)
                except RulesetError:
                    raise self._bad(value, "a whole number") from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._bad(value, "a whole number")
            if self.range and not self.range[0] <= value <= self.range[1]:
                lo, hi = self.range
                raise RulesetError(f"{self.name.replace('_', '-')} {value} is out of bounds: "
                                   + self.bounds.format(lo=lo, hi=hi))
            return value
        if self.kind == "text":
            if not isinstance(value, str):
                raise self._bad(value, "text")
            if len(value) > _MAX_TEXT:
                raise RulesetError(f"{self.name.replace('_', '-')} is too long ({len(value):,} characters; at most "
                                   f"{_MAX_TEXT})")
            return value
        items = value if isinstance(value, (list, tuple)) else [value]
        out: list[Any] = []
        for item in items:
            if isinstance(item, bool) or not isinstance(item, (str, int)) or len(str(item)) > _MAX_TEXT:
                raise self._bad(item, PARAM_KINDS[self.kind])
            parts = [item] if isinstance(item, int) else [x.strip() for x in item.split(self.sep)]
            out.extend(x for x in parts if x != "")
        if items and not out:  # "--bots ''": something was given, and it names nothing
            shown = self.sep.join(map(str, items))[:40]
            raise RulesetError(f"{self.name} {shown!r} names no " + ("bot" if self.kind == "names" else "item"))
        if len(out) > self.most:
            raise RulesetError(f"{self.name.replace('_', '-')} lists {len(out)} items; at most {self.most}")
        if self.kind == "seats":
            lo, hi = self.range or (0, 99)
            seats = []
            for x in out:
                try:
                    seats.append(parse_int(x, self.name, lo, hi))
                except RulesetError:
                    raise RulesetError(f"{self.name} seat {str(x)[:40]} is not a seat here (a seat number {lo} to "
                                       f"{hi})") from None
            return tuple(seats)
        return tuple(str(x) for x in out)

    def text(self, value: Any) -> str:
        """The value as one text (a marker's or a link's): the inverse of :meth:`read`."""
        return self.sep.join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "help": self.help, "kind": self.kind, "listed": self.listed,
                "range": list(self.range) if self.range else None, "default": self.default, "sep": self.sep,
                "hint": self.hint, "option": self.option}

    # The parameters most games' commands take (each game gives its own bounds and default).
    @staticmethod
    def players(lo: int, hi: int, default: int | None = None) -> Param:
        return Param("players", "Players", "whole", (lo, hi), default, bounds="{lo} to {hi} players")

    @staticmethod
    def seed() -> Param:
        return Param("seed", "Deal number (the same number, the same cards)", "whole", (0, MAX_SEED), 0,
                     bounds="a deal number {lo:,} to {hi:,}")

    @staticmethod
    def bots() -> Param:
        return Param("bots", "How the computer plays: bot names, one for all or one per seat", "names", most=20)


def check_params(params: tuple[Param, ...], given: dict[str, Any], what: str) -> dict[str, Any]:
    """The values ``given`` (``None`` is not given) read by their parameters, with the defaults of the rest; a name
    no parameter declares is a one-line :class:`RulesetError` naming the ones that are (``what``: "the play
    command of put")."""
    takes = {p.name: p for p in params}
    out = {}
    for k, v in given.items():
        if v is None:
            continue
        if k not in takes:
            words = ", ".join(t.replace("_", "-") for t in takes) or "none"
            raise RulesetError(f"no {k.replace('_', '-')[:40]} for {what} (it takes {words})")
        out[k] = takes[k].read(v)
    for p in params:
        if p.name not in out and p.default is not None:
            out[p.name] = p.default
    return out


@dataclass(frozen=True)
class Command:
    """One of a game's commands (``deal``, ``settle``, ``play`` ...), run by every host through
    :func:`gamester.commands.run`: ``run(options, **values)`` -> (JSON-ready data, the same in plain text), given a
    value for each of :attr:`params` that has one (read by :meth:`Param.read`, defaults filled in). A parameter with
    ``option=True`` is not passed: it has set the option of its name."""

    run: Callable[..., tuple[Any, str]]
    params: tuple[Param, ...] = ()
    help: str = ""                  # "one deal played by the bots, settled"
    compares: bool = False          # a comparison of rulesets may run it (the same deal under each)

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def prepare(self, options: Options, given: dict[str, Any], what: str) -> tuple[Options, dict[str, Any]]:
        """The options (with those the parameters set) and the values to call :attr:`run` with."""
        values = check_params(self.params, given, what)
        sets = {p.name: str(values.pop(p.name)) for p in self.params if p.option and p.name in values}
        return (options.with_options(sets) if sets else options), values

    def seats(self, values: dict[str, Any], default: int) -> int:
        """How many seats a call plays: one per hand of a ``hands`` parameter, else ``players`` (or ``default``)."""
        for p in self.params:
            if p.kind == "hands" and values.get(p.name):
                return len(values[p.name])
        n = values.get("players")
        return n if isinstance(n, int) else default

    def to_json(self) -> dict[str, Any]:
        return {"help": self.help, "params": [p.to_json() for p in self.params], "compares": self.compares}


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
    # How long a game these options make for so many players, in the game's own measure (Post and Pair: deals x
    # players), and the most a live example plays: the game gives the measure, the core only compares.
    length: Callable[[Options, int], int] | None = None
    most_length: int = 0
    length_words: str = ""          # the measure in words: "deals x players"
    bot_moves: int = 200            # bots playing on (until a reader or the end) pause after this many moves, and
                                    # the reply says ``more``: the widget asks again (the same seeded moves), so a
                                    # reply is the same on every machine. The slowest bot move the forms allow
                                    # (benchmarks/bench_first_calls.py) keeps a step under about half a second.

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
        if self.length is not None:
            n = self.length(options, players)
            if n > self.most_length:
                raise RulesetError(f"{title} for {players} players with these rules is longer than a live example "
                                   f"plays ({self.length_words} {n:,}; at most {self.most_length:,}); the command "
                                   f"line plays it")

    def to_json(self) -> dict[str, Any]:
        return {"actions": self.actions, "options": dict(self.options), "most_length": self.most_length or None,
                "bot_moves": self.bot_moves}


@dataclass(frozen=True)
class WidgetSpec:
    """One kind of live example a game offers on its page (``<!-- widget KIND ... -->``)."""

    kind: str                       # "pp-deal": the marker's and the element's data-widget name
    command: str                    # the game command it runs ("deal", "settle", "play"), or "compare"
    verb: str                       # the button: "Deal and settle"
    blurb: str                      # one line shown to readers above the controls
    play: bool = False              # whether the reader can step through the game (a position with actions)
    max_players: int | None = None  # a lower limit than the game's for this kind (None: the game's)
    required: tuple[str, ...] = ()  # of its arguments (the ruleset's and its command's parameters) these must be given
    one_of: tuple[str, ...] = ()    # exactly one of these must be given
    marker: str = "example"         # the page marker that means this kind: <!-- example GAME ... --> or compare

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "command": self.command, "verb": self.verb, "blurb": self.blurb, "play": self.play,
                "max_players": self.max_players, "required": list(self.required)}


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
    # Teaching (see gamester.quiz): the kinds of exercise (kind -> what it asks), make_quiz(seed, kind, ruleset, level=1)
    # -> an exercise (kind and level already checked), and quiz_seats(exercise) -> a label for each hand it shows.
    quiz_kinds: dict[str, str] = field(default_factory=dict)
    quiz_levels: dict[str, dict[int, str]] = field(default_factory=dict)   # kind -> {level: what it asks}, 1 and 2 at least
    make_quiz: Callable[[int, str, Any], dict[str, Any]] | None = None
    quiz_seats: Callable[[dict[str, Any]], list[str]] | None = None
    # The tables and plots of the Numbers page, by marker name (<!-- numbers NAME -->) -> html(base).
    numbers: dict[str, Callable[[str], str]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSpec:
    """What a game is: its rules, players, bots, commands and numbers. How the site shows it is :attr:`site`.
    The contract a game package meets is written in :mod:`gamester.games`."""

    name: str                      # "post-and-pair": used in CLI commands, ruleset strings, records, URLs
    title: str                     # "Post and Pair"
    options: type[Options]         # the frozen options dataclass; its field defaults = the default preset
    presets: dict[str, Preset]     # named rulesets (at least two: the period text's and a fuller one)
    default_preset: str
    player_range: tuple[int, int]  # the fewest and most seats: the state class's own player_range, declared once
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
    # Optional: commands of its own for the command line alone (gamester.tools; Put's "solve"), by name.
    tools: dict[str, Tool] = field(default_factory=dict)
    site: GameSite = GameSite()          # how the site presents it

    def seats(self, players: int | None = None) -> int:
        """The number of players a command plays: ``players`` checked against :attr:`players`, or the game's
        default (:attr:`default_players`, else the fewest) when not given."""
        return self.check_players(self.player_range[0] if players is None and self.default_players is None
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
        for n in range(self.player_range[0], self.player_range[1] + 1):
            try:
                self.new_state(options, n, 0)
            except RulesetError:
                continue
            out.append(n)
        return out

    def check_players(self, n: Any) -> int:
        lo, hi = self.player_range
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


def all_games() -> dict[str, GameSpec]:
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

"""``gamester new-game NAME``: a new game's files, ready to run, for a contributor to fill in with the game's rules.

:func:`write` makes, under a checkout's root, everything CONTRIBUTING.md ("Adding a game") lists and nothing else:

- ``engine/gamester/games/<pkg>/``: the package (``__init__.py`` with ``SPEC``; ``rules.py``, ``state.py``,
  ``narrate.py``, ``table.py``);
- ``docs/<name>.md``: the game's page, with every marker a game page needs;
- ``sources/games/<name>/``: its data (``clause_map.toml``, ``brief.yml``, ``site.yml``);
- ``tests/engine/<pkg>/``: its own tests and its table's ``referee.py``;
- ``tests/golden/<name>-seed<S>.txt``: the golden transcripts of the game as written.

The game written is a placeholder that is already a whole game, so that the files pass the contract at once
(tests/engine/test_contract.py): two players, a heap of counters, a coin tossed for who takes first, each in turn
taking one to three, and whoever takes the last wins the stake. Its only chance is the toss and both players see
everything (``Shape(rounds="game", roles=(), open=True)``). The contributor replaces its rules, words and clauses
with the game's own, keeping each file's part. Templates are :class:`string.Template` text: ``$name`` and the rest.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from string import Template

from .errors import GamesterError

NAME_RE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
SEEDS = (1, 2, 1674)  # the golden transcripts' seeds (tests/golden/regenerate.py)

_INIT = '''"""$title: the game's declaration to the hosts (written by `gamester new-game`; fill in the rules)."""

from __future__ import annotations

from typing import Any

from gamester.registry import Command, GameSite, GameSpec, Param, WidgetSpec

from . import narrate
from .rules import GAME, PRESETS, ${cls}Options
from .state import BOTS, ${cls}State
from .table import table as draw_table


def play(options: ${cls}Options, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[Any, str]:
    """A whole game played by the bots, as a record and in plain words."""
    state = SPEC.play_bots(${cls}State(options, SPEC.seats(players), seed), bots)
    rec = state.to_record()
    return rec, narrate.play_text(rec)


SPEC = GameSpec(
    name=GAME, title="$title", options=${cls}Options, presets=PRESETS, default_preset="$first_preset",
    player_range=${cls}State.player_range, new_state=${cls}State, bots=dict(BOTS), default_bots=("wise",),
    commands={"play": Command(play, (Param.players(*${cls}State.player_range, 2), Param.seed(), Param.bots()),
                              "a whole game played by the bots")},
    clause_prefix="$prefix",
    site=GameSite(
        page="$name/", narrator=narrate, table=draw_table,
        widgets={"$name-play": WidgetSpec("$name-play", "play", "Play a game",
                                          "Live: take your seat at $title against the computer.", play=True,
                                          required=("seed",))}),
)
'''

_RULES = '''"""$title's rules: each clause states one rule, cites the passage it rests on and says how sure it is
(attested, reconstructed, conjectural); the options and the presets (the period text's reading and a fuller one).

Written by `gamester new-game` as a placeholder that is already a whole game: replace it with the game's own."""

from __future__ import annotations

from dataclasses import dataclass

from gamester.clauses import cite, clause, set_titles
from gamester.options import Options, Preset, option

GAME = "$name"
SOURCE = cite("cotton1674", "p. 1")   # cite(the bibliography key, the locator) of the passage a clause rests on
NOTE = "a placeholder written by gamester new-game: replace it with the game's own rule and its source"

TOSS = clause("${prefix}toss", "A coin is tossed, and who wins the toss takes first.", "conjectural", SOURCE,
              note=NOTE)
TAKE = clause("${prefix}take", "In turn each player takes from the heap one counter or more, up to the most the "
              "rules allow.", "conjectural", SOURCE, note=NOTE)
LAST = clause("${prefix}last", "Who takes the last counter wins the stake from the other.", "conjectural", SOURCE,
              note=NOTE)
set_titles({TOSS: "a coin tossed for who takes first", TAKE: "taking from the heap in turn",
            LAST: "the last counter wins the stake"})


@dataclass(frozen=True)
class ${cls}Options(Options):
    GAME = "$name"
    heap: int = option(21, range=(5, 50), help="counters in the heap at the start", clause=TAKE,
                       label="Counters in the heap at the start")
    most: int = option(3, range=(2, 5), help="the most counters one turn takes", clause=TAKE,
                       label="Most counters taken in one turn")
    stake: int = option(1, range=(1, 10), help="counters the loser pays the winner", clause=LAST,
                        label="Counters the loser pays the winner")


PRESETS = {
    "$first_preset": Preset("$first_preset", ${cls}Options(), "conjectural", (SOURCE,),
                            "twenty-one counters, one to three a turn", title="Twenty-one counters, one to three a turn"),
    "short": Preset("short", ${cls}Options(heap=15, most=2), "conjectural", (SOURCE,),
                    "fifteen counters, one or two a turn", title="Fifteen counters, one or two a turn"),
}
'''

_STATE = '''"""$title as a state machine: the toss, then each turn's take, until the heap is empty."""

from __future__ import annotations

from typing import Any

from gamester.ledger import Ledger
from gamester.state import TERMINAL, Bot, Outcome, RandomBot, Shape, State

from .rules import LAST, TAKE, ${cls}Options


class ${cls}State(State):
    game, title, player_range = "$name", "$title", (2, 2)
    # One whole game (no deals), no dealer or eldest hand, and nothing hidden: both players see the heap.
    shape = Shape(rounds="game", roles=(), open=True)

    def __init__(self, options: ${cls}Options, players: int, seed: int) -> None:
        super().__init__(options, players, seed)
        self.first = self.rng.randrange(2)   # the toss: the only chance in the game
        self.left = options.heap
        self.takes: list[tuple[int, int]] = []
        self.ledger = Ledger()

    @property
    def phase(self) -> str:
        return "over" if self.left == 0 else "taking"

    def current_player(self) -> int:
        return TERMINAL if self.left == 0 else (self.first + len(self.takes)) % 2

    def _legal(self) -> list[str]:
        return [f"take {k}" for k in range(1, min(self.options.most, self.left) + 1)]

    def _apply(self, action: str) -> None:
        seat, k = self.current_player(), int(action.split()[1])
        self.left -= k
        self.takes.append((seat, k))
        if self.left == 0:
            self.ledger.pay(1 - seat, seat, self.options.stake, "stake", LAST, "takes the last counter")

    # the game's own log, worded by its table
    def _opening(self) -> Any:
        return {"first": self.first, "heap": self.options.heap}

    def _event(self, seat: int, action: str, before: Any) -> Any:
        return {"seat": seat, "took": int(action.split()[1]), "left": self.left, "clause": TAKE}

    def outcome(self) -> Outcome:
        net = self.ledger.net(self.players)
        over = self.is_terminal()
        return Outcome(tuple(net), "counter", Outcome.ahead(net) if over else (), over,
                       "the last counter taken" if over else "", LAST if over else "")

    def held(self) -> list[list[Any]]:
        return [[], []]   # no cards: the heap is in the middle, seen by both

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {**self.common_view(seat), "left": self.left, "first": self.first,
                "takes": [list(t) for t in self.takes]}

    def summary(self) -> dict[str, Any]:
        return {"heap": self.options.heap, "first": self.first, "takes": [list(t) for t in self.takes],
                "ledger": self.ledger.to_json(), "net": self.returns()}


class WiseBot(Bot):
    """Leaves the heap a multiple of one more than a turn's most, when it can; else takes one."""

    name = "wise"
    title = "leaves the heap where the other cannot win, when it can"

    def choose(self, state: State, seat: int) -> str:
        k = state.left % (state.options.most + 1)
        return f"take {k or 1}"


BOTS = {"random": RandomBot, "wise": WiseBot}
'''

_NARRATE = '''"""$title in words and HTML: the CLI's text, the printed examples and the widget's results."""

from __future__ import annotations

from typing import Any

from gamester.html import e, ledger_html, seat_table


def _moves(rec: dict[str, Any], who: str = "seat {}") -> list[str]:
    """Each take, with what it leaves: "seat 1 takes 3, leaving 18" (seats the engine's way, from 0; a reader's
    words with ``who="Player {}"`` and the seat counted from 1)."""
    left, out = rec["heap"], []
    for seat, k in rec["takes"]:
        left -= k
        out.append(f"{who.format(seat if who.startswith('seat') else seat + 1)} takes {k}, leaving {left}")
    return out


def play_text(rec: dict[str, Any]) -> str:
    """A whole game (``gamester play $name``) in plain words: the moves indented, the end not."""
    lines = [f"$title, seed {rec['seed']}, {rec['ruleset']}, a heap of {rec['heap']}",
             f"  seat {rec['first']} wins the toss and takes first"]
    lines += [f"  {x}" for x in _moves(rec)]
    lines.append(f"Net: {rec['net']}")
    return "\\n".join(lines)


def result_html(record: dict[str, Any], players: int, base: str, passages: dict | None, *,
                deal: int | None = None, compact: bool = False, end: str = "") -> str:
    """A record as the page shows it: ``end`` (the live table's end: who won, the ledger) when given, else the
    totals and the ledger; then who took first and the moves."""
    moves = "".join(f"<li>{e(x)}</li>" for x in _moves(record, "Player {}")) if not compact else ""
    told = end or (str(seat_table(players, None, record["net"], {}, None, None))
                   + str(ledger_html(record["ledger"], players, None, base, passages)))
    return (told + f'<p>Player {record["first"] + 1} wins the toss and takes first.</p>'
            + (f'<ol class="gm-moves">{moves}</ol>' if moves else ""))
'''

_TABLE = '''"""$title at the table: the heap, each player's takes, the reader's choices and the end with its ledger."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gamester.table import Choice, LedgerRow, LogEntry, Pot, Seat, Table, ahead, counters_end, log_groups

from .rules import LAST, TOSS
from .state import ${cls}State


def _words(ev: dict[str, Any]) -> list[LogEntry]:
    if "seat" not in ev:
        return [LogEntry(f"the coin falls for Seat {ev['first']}, who takes first from a heap of {ev['heap']}", TOSS)]
    out = [LogEntry(f"Seat {ev['seat']} takes {ev['took']}, leaving {ev['left']}", ev["clause"])]
    if ev["left"] == 0:
        out.append(LogEntry(f"Seat {ev['seat']} takes the last counter and wins the stake", LAST))
    return out


def table(state: ${cls}State, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    over = state.is_terminal()
    cp = None if over else state.current_player()
    _groups, log = log_groups(state, _words)
    seats = [Seat(s, you=seat == s, to_act=cp == s, status=["took first"] if s == state.first else [],
                  counters=[("Taken", str(sum(k for who, k in state.takes if who == s)))]) for s in range(2)]
    end, choices, prompt = None, [], ""
    if over:
        o = state.outcome()
        head = ahead(o)
        rows = [LedgerRow(ln.payer, ln.payee, ln.counters, ln.stake, ln.reason, ln.clause) for ln in state.ledger]
        # the core totals each seat from the ledger's rows (the table's totals are the ledger's by construction)
        end = replace(counters_end(head + ".", [], rows, 2, list(o.winners)), clause=LAST)
        prompt = f"The game is over. {head}."
    else:
        prompt = (log[-1].text + ". " if log else "") + f"Seat {cp} to take from the heap of {state.left}."
        if seat is None or seat == cp:
            choices = [Choice(f"Take {a.split()[1]}", a) for a in state.legal_actions()]
    return Table(title="$title", subtitle=f"{state.left} counters left in the heap", seats=seats,
                 money=[Pot("The heap", state.left)], prompt=prompt, choices=choices, log=log, end=end,
                 game=state.game, reader=seat, to_act=cp)
'''

_PAGE = '''# $title

<!-- play-entry -->

<!-- brief $name -->

Written by `gamester new-game`: replace this with the game's page (its period text, our reading of it, the
rulesets and examples). Each marker below is one a game page needs (CONTRIBUTING.md, "Adding a game").

## Rulesets

<!-- rulesets $name -->

## A whole game

<!-- example $name seed=1 -->

## A seat at the table

<!-- widget $name-play seed=1 -->

## Downloads

<!-- downloads game=$name -->

<!-- cite-edition -->
'''

_CLAUSE_MAP = '''# $title's clauses -> the passages they rest on (written by gamester new-game; see CONTRIBUTING.md). A clause's
# status, title and note are the engine's (rules.py, titles.py), written once there.
[clause."${prefix}last"]
passages = []
sources = ["cotton1674"]

[clause."${prefix}take"]
passages = []
sources = ["cotton1674"]

[clause."${prefix}toss"]
passages = []
sources = ["cotton1674"]
'''

_BRIEF = '''# Rules in brief at the top of the game's page (<!-- brief $name -->): one screen, in our words.
intro: "A placeholder game for two: replace it with the game's rules in brief."
rules:
  - text: "A coin is tossed, and who wins the toss takes first."
    clauses: [${prefix}toss]
  - text: "In turn each player takes one, two or three counters from a heap of twenty-one."
    clauses: [${prefix}take]
  - text: "Who takes the last counter wins the stake."
    clauses: [${prefix}last]
'''

_SITE = '''# How the site lists the game (every field: site_src/edition/games.py).
record: {players: 2, seed: 1}
order: 99
home: >-
  A placeholder game for two written by gamester new-game: replace this with the game's entry on the Home page.
'''

_REFEREE = '''"""What $title's table must show, from the state and record alone (for tests/engine/test_table.py): no roles,
no cards (the heap is in the middle), the record's net and ledger."""

#: (ruleset, players, seed, bots, heavy) walked position by position
CASES = [(None, 2, 1, None, False), ("short", 2, 2, ["wise"], False)]
#: players drawn by the property test, and whether its games are long enough to be heavy
PLAYERS, HEAVY_ANY = (2, 2), False


def roles(state):
    return None, None   # nobody deals: no dealer, no eldest hand


def cards(state, reader, s):
    return [], 0


def ledger_lines(state):
    return state.to_record()["ledger"]
'''

_TESTS = '''"""$title's own rules, each test a worked example (replace them with the game's, citing the sources)."""

from gamester import get_game


def test_the_toss_decides_who_takes_first_and_the_last_counter_wins():
    spec = get_game("$name")
    firsts = set()
    for seed in range(20):
        state = spec.new_state(spec.default_options(), 2, seed)
        firsts.add(state.current_player())
        spec.play_bots(state, ())
        rec = state.to_record()
        last = rec["takes"][-1][0]
        assert rec["net"][last] == spec.default_options().stake and sum(rec["net"]) == 0
    assert firsts == {0, 1}
'''


def names(name: str) -> dict[str, str]:
    """The template's words for a game called ``name``: its package, title, class and clause prefix."""
    if not isinstance(name, str) or not NAME_RE.fullmatch(name):
        raise GamesterError(f"a game's name is lower-case words joined by hyphens (wit-and-reason), not "
                            f"{str(name)[:40]!r}")
    words = name.split("-")
    return {"name": name, "pkg": name.replace("-", "_"), "title": " ".join(words).capitalize(),
            "cls": "".join(w.capitalize() for w in words), "prefix": name + ".",
            "first_preset": "standard"}


def files(name: str) -> dict[str, str]:
    """Every file the generator writes for ``name`` (the golden transcripts apart), by path from the root."""
    n = names(name)
    pkg, t = f"engine/gamester/games/{n['pkg']}", lambda text: Template(text).substitute(n)
    return {f"{pkg}/__init__.py": t(_INIT), f"{pkg}/rules.py": t(_RULES), f"{pkg}/state.py": t(_STATE),
            f"{pkg}/narrate.py": t(_NARRATE), f"{pkg}/table.py": t(_TABLE), f"docs/{name}.md": t(_PAGE),
            f"sources/games/{name}/clause_map.toml": t(_CLAUSE_MAP), f"sources/games/{name}/brief.yml": t(_BRIEF),
            f"sources/games/{name}/site.yml": t(_SITE), f"tests/engine/{n['pkg']}/__init__.py": "",
            f"tests/engine/{n['pkg']}/referee.py": t(_REFEREE), f"tests/engine/{n['pkg']}/test_rules.py": t(_TESTS)}


def load(root: Path, name: str):
    """The game package ``name`` under ``root``, imported as ``gamester.games.<pkg>`` (its clauses registered), not
    yet registered as a game: its ``SPEC`` is for :func:`gamester.registry.register`."""
    pkg = names(name)["pkg"]
    mod_name, where = f"gamester.games.{pkg}", Path(root) / "engine" / "gamester" / "games" / pkg
    if mod_name in sys.modules and Path(sys.modules[mod_name].__file__).parent == where:
        return sys.modules[mod_name]
    for k in [k for k in sys.modules if k == mod_name or k.startswith(mod_name + ".")]:
        del sys.modules[k]
    spec = importlib.util.spec_from_file_location(mod_name, where / "__init__.py", submodule_search_locations=[
        str(where)])
    mod = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = mod
    spec.loader.exec_module(mod)
    return mod


def transcript(game: str, seed: int) -> str:
    """What ``gamester play GAME --seed S`` prints: the golden transcript (tests/golden/regenerate.py's)."""
    from .commands import run

    return run(game, "play", seed=seed)["text"] + "\n"


def write(name: str, root: Path | str = ".", *, force: bool = False, transcripts: bool = True) -> list[Path]:
    """Write the new game's files under ``root`` (a checkout) and its golden transcripts (not with ``transcripts=
    False``: the engine's tests write the test game so); the paths written. A file already there is refused
    (``force``: written over), so that nothing of a game is lost."""
    from . import registry

    root = Path(root)
    made = files(name)
    if not force:
        there = [p for p in made if (root / p).exists()]
        if there or name in registry.all_games():
            raise GamesterError(f"{there[0] if there else name}: there is already a game called {name!r} "
                                "(choose another name, or --force to write over its files)")
    out = []
    for rel, text in made.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        out.append(path)
    if not transcripts:
        return out
    spec = load(root, name).SPEC
    registered = registry._GAMES.get(name)
    registry._GAMES[name] = spec   # for the transcripts only, then as it was
    try:
        for seed in SEEDS:
            path = root / "tests" / "golden" / f"{name}-seed{seed}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(transcript(name, seed), encoding="utf-8")
            out.append(path)
    finally:
        if registered is None:
            registry._GAMES.pop(name, None)
        else:
            registry._GAMES[name] = registered
    return out


def report(name: str, paths: list[Path], root: Path) -> str:
    """What the command prints: every file written, then what to do next."""
    lines = [f"wrote {len(paths)} files for the game {name}:"]
    lines += [f"  {p.relative_to(root)}" for p in paths]
    lines += ["next: fill in the rules (CONTRIBUTING.md, 'Adding a game'), then run the contract test",
              "      (pytest tests/engine/test_contract.py) and, when the game's words change, nox -s golden"]
    return "\n".join(lines)

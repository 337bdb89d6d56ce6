"""The contract a game meets, in one test: every requirement on a game (listed for newcomers in CONTRIBUTING.md,
"Adding a game") is checked here and nowhere else, each failing with a sentence that says what to add and where.

:func:`problems` checks a game's package (its ``SPEC``, its state class's shape, a game played out, its record,
narrator and table); :func:`file_problems` the files beside it under a checkout's root (its page and the markers a
game page needs, its data folder, its tests and referee, its golden transcripts). Checked for every registered
game; for the test game (the package part: it has no page here), which tests/engine/conftest.py has the generator
write into a temporary folder; for a game written by ``gamester new-game`` into a temporary root, which passes at
once, with its own tests; and for that game with each required part taken away in turn, reading the sentence each
gives. The invariants of many random playouts (ledgers that add
up, views, illegal actions) are tests/engine/test_conformance.py's; what the built site shows is tests/site's.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
import tomllib
from pathlib import Path

import pytest

from gamester import RulesetError, all_games, newgame, registry, replay
from gamester.clauses import all_clauses
from gamester.options import Options
from gamester.registry import Comparing, GameSpec, Narrator, Param
from gamester.state import TERMINAL, Shape, State
from gamester.table import Table

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
MOST_TITLE_WORDS = 10       # a rule's short title, where a reader meets a link to it
MOST_BRIEF_WORDS = 330      # the Rules in brief fit one screen
MOST_TRANSCRIPT_LINES = 400


def _playout(spec: GameSpec, players: int, seed: int) -> State:
    state = spec.new_state(spec.default_options(), players, seed)
    bots = [spec.make_bot("random", seed * 7 + i) for i in range(players)]
    for _ in range(50_000):
        if state.current_player() == TERMINAL:
            return state
        if not state.legal_actions():
            raise AssertionError(f"no legal action for seat {state.current_player()} in phase {state.phase}")
        state.apply(bots[state.current_player()].choose(state, state.current_player()))
    raise AssertionError("a game with random bots did not end in 50,000 actions")


def _ledgers(record: dict) -> list[tuple[int | None, list[dict]]]:
    out = [(None, record["ledger"])] if isinstance(record.get("ledger"), list) else []
    return out + [(i, d["ledger"]) for i, d in enumerate(record.get("deals") or []) if isinstance(d.get("ledger"), list)]


def _where(spec: GameSpec) -> str:
    return f"engine/gamester/games/{spec.name.replace('-', '_')}/"


def problems(spec: GameSpec) -> list[str]:  # noqa: C901 - one list of checks, read top to bottom
    """What ``spec`` (a game package's ``SPEC``) lacks of the contract, as sentences; empty when it meets it."""
    out: list[str] = []
    pkg = _where(spec)

    def say(text: str) -> None:
        out.append(f"{text} (in {pkg})")

    # -- what the game is
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", spec.name):
        say(f"SPEC.name {spec.name!r}: lower-case words joined by hyphens (it is in commands, records and URLs)")
    if not spec.title:
        say("SPEC.title: the game's name as readers write it (\"Post and Pair\")")
    if not (isinstance(spec.options, type) and issubclass(spec.options, Options)):
        say("SPEC.options: a frozen dataclass subclassing gamester.options.Options")
        return out
    if len(spec.presets) < 2:
        say(f"SPEC.presets: at least two named rulesets (the period text's reading and a fuller one); it has "
            f"{len(spec.presets)}")
    if spec.default_preset not in spec.presets:
        say(f"SPEC.default_preset {spec.default_preset!r} is not one of its presets {sorted(spec.presets)}")
    elif spec.presets[spec.default_preset].options != spec.options():
        say("SPEC.options: the options' field defaults must be the default preset's options")
    for p in spec.presets.values():
        if not p.citations:
            say(f"SPEC.presets[{p.name!r}]: cite what it follows (citations=(cite(KEY, LOCATOR),))")
        if spec.parse_ruleset(p.options.to_string()) != p.options:
            say(f"SPEC.presets[{p.name!r}]: its ruleset string {p.options.to_string()!r} does not read back")
        if not p.title:
            say(f"SPEC.presets[{p.name!r}]: a title a reader meets in the settings form (Preset(..., title=...))")
    for s in spec.options.specs():
        if not s.label:
            say(f"option {s.name}: a label a reader meets in the settings form (option(..., label=...))")
        elif s.choices is not None and set(dict(s.words)) != {str(c) for c in s.choices}:
            say(f"option {s.name}: words for each of its choices (option(..., words={{CHOICE: WORDS}}))")
    # -- players, declared once
    lo, hi = spec.player_range
    if not 1 <= lo <= hi:
        say(f"SPEC.player_range {spec.player_range}: (fewest, most) with 1 <= fewest <= most")
        return out
    if spec.default_players is not None and not lo <= spec.default_players <= hi:
        say(f"SPEC.default_players {spec.default_players} is outside player_range {spec.player_range}")
    # -- clauses, each with a short title
    prefix = spec.clause_prefix
    own = [c for c in all_clauses() if prefix and c.id.startswith(prefix)]
    if not prefix.endswith(".") or not own:
        say(f"SPEC.clause_prefix {prefix!r}: the prefix of the game's clause ids, ending in '.' (\"put.\"), with its "
            "clauses registered by gamester.clauses.clause(...) when the package is imported")
    for c in own:
        if not c.title or len(c.title.split()) > MOST_TITLE_WORDS:
            say(f"clause {c.id}: a short title of at most {MOST_TITLE_WORDS} words, the words of a link to it "
                "(gamester.clauses.set_titles({ID: TITLE}))")
            break
    for s in spec.options.specs():
        if s.clause and not s.clause.startswith(prefix):
            say(f"option {s.name}: its clause {s.clause} is not under the game's prefix {prefix!r}")
    # -- bots and commands
    if "random" not in spec.bots:
        say("SPEC.bots: include \"random\" (gamester.state.RandomBot), the baseline the tests and hosts play")
        return out
    for name, bot in spec.bots.items():
        if not getattr(bot, "title", ""):
            say(f"SPEC.bots[{name!r}]: a title saying how it plays, in a reader's words (class attribute title)")
    unknown = [b for b in spec.default_bots if b not in spec.bots]
    if unknown:
        say(f"SPEC.default_bots names {unknown}, which are not among its bots {sorted(spec.bots)}")
    if "play" not in spec.commands:
        say("SPEC.commands: a \"play\" command (options, players, seed, bots) -> (a record played by the bots, its "
            "text), which the golden transcripts print")
    # -- a game played out: states, records, rounds, ledgers
    try:
        state = _playout(spec, lo, 1)
    except (AssertionError, RulesetError) as ex:
        say(f"SPEC.new_state(options, {lo}, seed) played by random bots: {ex}")
        return out
    cls = type(state)
    if tuple(cls.player_range) != tuple(spec.player_range):
        say(f"SPEC.player_range {spec.player_range} and the state class's player_range {cls.player_range} differ: "
            "declare them once (player_range=YourState.player_range)")
    for cname, command in spec.commands.items():
        param = command.param("players")
        if param is not None and tuple(param.range) != tuple(spec.player_range):
            say(f"command {cname!r} takes players {param.range}, not the game's {spec.player_range}: "
                "Param.players(*YourState.player_range, default)")
    shape = cls.shape
    if not isinstance(shape, Shape):
        say(f"{cls.__name__}.shape: the game's shape, a gamester.state.Shape (rounds, roles, open)")
        return out
    record = json.loads(json.dumps(state.to_record()))
    for k in ("game", "ruleset", "seed", "players", "actions"):
        if k not in record:
            say(f"the record ({cls.__name__}.to_record()) lacks {k!r}")
    if record.get("game") != spec.name:
        say(f"the record's game is {record.get('game')!r}: {cls.__name__}.game must be {spec.name!r}")
        return out
    if replay(record).to_record() != record:
        say(f"the record does not replay to itself: {cls.__name__} must draw its chance only on its seeded self.rng")
    if state.returns() != record.get(state.returns_key):
        say(f"returns() is not the record's {state.returns_key!r}: {cls.__name__}.summary() must give what "
            "returns() gives")
    deals = record.get("deals")
    if shape.dealt and (not isinstance(deals, list) or not deals):
        say(f"the record has no 'deals': {cls.__name__}.summary() lists each deal as it was dealt (or declare "
            "shape = Shape(rounds=\"game\") for a game that is not dealt)")
    elif shape.dealt:
        for i, d in enumerate(deals):
            if not all(isinstance(d.get(r), int) for r in shape.roles):
                say(f"deal {i} of the record: give each role of the game's shape ({', '.join(shape.roles)}) as a "
                    f"seat (the table's roles come from them), or declare the roles it has in {cls.__name__}.shape")
                break
    if sorted(state.roles().values()) != sorted(shape.roles):
        say(f"{cls.__name__}.roles() gives {sorted(state.roles().values())}, not the roles of its shape "
            f"{list(shape.roles)}")
    if shape.open and any(isinstance(h, int) for h in state.view(0)["hands"]):
        say(f"{cls.__name__}.view(seat) hides a hand in an open game: an open game (shape open=True) hides nothing")
    ledgers = _ledgers(record)
    if not any(lines for _, lines in ledgers):
        say(f"the record has no ledger lines: every counter (or point) that moves is a line naming its clause "
            f"({cls.__name__}.summary()'s 'ledger', or each deal's)")
    for _, lines in ledgers:
        for ln in lines:
            if not str(ln.get("clause", "")).startswith(prefix):
                say(f"a ledger line names clause {ln.get('clause')!r}, not one of the game's ({prefix}...)")
                break
    if "play" in spec.commands:
        text = spec.commands["play"].run(spec.default_options(), **_play_args(spec))[1]
        lines = text.splitlines()
        if not 2 <= len(lines) <= MOST_TRANSCRIPT_LINES or lines[-1].startswith(" ") or lines[0].startswith(" "):
            say(f"the play command's text: a whole game in 2 to {MOST_TRANSCRIPT_LINES} lines, beginning and ending "
                "with an unindented line (the golden transcripts are this text)")
    # -- how the site presents it
    out.extend(site_problems(spec, record, ledgers, lo))
    return out


def _play_args(spec: GameSpec) -> dict:
    return {k: v for k, v in {"players": spec.seats(), "seed": 1}.items() if spec.commands["play"].param(k)}


def site_problems(spec: GameSpec, record: dict, ledgers: list, lo: int) -> list[str]:
    out: list[str] = []

    def say(text: str) -> None:
        out.append(f"{text} (in {_where(spec)})")

    site = spec.site
    if not site.page.endswith("/") or site.page.strip("/") != spec.name:
        say(f"SPEC.site.page {site.page!r}: the game's page, \"{spec.name}/\" (docs/{spec.name}.md)")
    if not isinstance(site.narrator, Narrator):
        say("SPEC.site.narrator: its narrate module, with result_html(record, players, base, passages, *, deal, "
            "compact, end) (gamester.registry.Narrator)")
    else:
        page = site.narrator.result_html(record, record["players"], "../", None)
        rows = re.findall(r"<tr[^>]*\bdata-from=[^>]*>", page)
        if not rows:
            say("SPEC.site.narrator.result_html shows no ledger row (gamester.html.ledger_html draws them)")
        else:
            per_deal = sum(len(lines) for i, lines in ledgers if i is not None)
            if sum("data-deal=" in r for r in rows) < per_deal:
                say("narrate.result_html: a deal's ledger rows must carry data-deal, the deal's index from 0 "
                    "(gamester.html.ledger_html(lines, ..., deal=i))")
    if not site.widgets:
        say("SPEC.site.widgets: at least one WidgetSpec, the live example on the game's page")
    for kind, w in site.widgets.items():
        if w.command != "compare" and w.command not in spec.commands:
            say(f"widget {kind}: its command {w.command!r} is not one of the game's commands {sorted(spec.commands)}")
        if w.command == "compare" and not isinstance(site.narrator, Comparing):
            say(f"widget {kind} compares rulesets: the narrator needs compare_html(results, labels, ...)")
    if site.table is None or not isinstance(site.table(spec.new_state(spec.default_options(), lo, 2), 0), Table):
        say("SPEC.site.table(state, seat): the game's card table, returning a gamester.table.Table")
    if site.quiz_kinds:  # exercises are optional; a game that offers them offers two levels of each
        if site.make_quiz is None:
            say("SPEC.site.make_quiz: the exercises its quiz_kinds name")
        for kind in site.quiz_kinds:
            if not {1, 2} <= set(site.quiz_levels.get(kind, {})):
                say(f"SPEC.site.quiz_levels[{kind!r}]: levels 1 and 2 of each kind of exercise")
    return out


#: The page markers a game page needs (docs/<game>.md), in words, with the pattern that finds each.
def page_markers(spec: GameSpec) -> list[tuple[str, str]]:
    n = re.escape(spec.name)
    kinds = "|".join(map(re.escape, spec.site.widgets)) or "(?!)"
    return [(f"<!-- brief {spec.name} -->, the Rules in brief, before any rulesets, text or example",
             rf"<!-- brief {n} -->"),
            (f"<!-- rulesets {spec.name} -->, its rulesets", rf"<!-- rulesets {n} -->"),
            (f"<!-- example {spec.name} seed=N -->, a worked example", rf"<!-- example {n}\b[^>]*-->"),
            (f"<!-- widget KIND seed=N -->, a live example of one of its widgets ({', '.join(spec.site.widgets)})",
             rf"<!-- widget (?:{kinds})\b[^>]*-->"),
            (f"<!-- downloads game={spec.name} -->, its downloads", rf"<!-- downloads game={n} -->"),
            ("<!-- cite-edition -->, how to cite the edition", r"<!-- cite-edition -->")]


def file_problems(spec: GameSpec, root: Path) -> list[str]:  # noqa: C901 - one list of checks
    """What the files beside the package lack under ``root`` (a checkout): page, data folder, tests, goldens."""
    out: list[str] = []
    say = out.append
    name, pkg = spec.name, spec.name.replace("-", "_")
    page = root / "docs" / f"{name}.md"
    if not page.is_file():
        say(f"docs/{name}.md: the game's page (gamester new-game writes one with every marker it needs)")
    else:
        text = page.read_text(encoding="utf-8")
        for what, rx in page_markers(spec):
            if not re.search(rx, text):
                say(f"docs/{name}.md: add the marker {what}")
        brief = re.search(rf"<!-- brief {re.escape(name)} -->", text)
        later = [m.start() for m in re.finditer(r"<!-- (?:rulesets|example|text|widget|compare) ", text)]
        if brief and later and min(later) < brief.start():
            say(f"docs/{name}.md: move <!-- brief {name} --> above every rulesets, text, example and widget marker")
    data = root / "sources" / "games" / name
    clause_map = data / "clause_map.toml"
    if not clause_map.is_file():
        say(f"sources/games/{name}/clause_map.toml: map each of its clauses to the passages it rests on "
            "([clause.\"ID\"] with status, passages, sources, note)")
    else:
        mapped = tomllib.loads(clause_map.read_text(encoding="utf-8")).get("clause", {})
        missing = [c.id for c in all_clauses(spec.clause_prefix) if c.id not in mapped]
        if missing:
            say(f"sources/games/{name}/clause_map.toml: add [clause.\"{missing[0]}\"] (and every clause of the game: "
                f"{len(missing)} missing)")
    out.extend(_brief_problems(spec, data / "brief.yml"))
    site_yml = data / "site.yml"
    if not site_yml.is_file() or not re.search(r"^home:", site_yml.read_text(encoding="utf-8"), re.M):
        say(f"sources/games/{name}/site.yml: how the site lists the game, with its 'home' entry (and 'record')")
    if not (root / "tests" / "engine" / pkg / "referee.py").is_file():
        say(f"tests/engine/{pkg}/referee.py: what the game's table must show, from its state and record alone "
            "(tests/engine/test_table.py reads it)")
    if not any((root / "tests" / "engine" / pkg).glob("test_*.py")):
        say(f"tests/engine/{pkg}/test_*.py: the tests of its own rules (worked examples, with their citations)")
    for seed in newgame.SEEDS:
        if not (root / "tests" / "golden" / f"{name}-seed{seed}.txt").is_file():
            say(f"tests/golden/{name}-seed{seed}.txt: its golden transcript (run nox -s golden and read the new files)")
            break
    return out


def _brief_problems(spec: GameSpec, path: Path) -> list[str]:
    yaml = pytest.importorskip("yaml")
    rel = f"sources/games/{spec.name}/brief.yml"
    if not path.is_file():
        return [f"{rel}: the Rules in brief (intro, rules: [{{text, clauses}}]), at the top of the game's page"]
    brief = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    rules = brief.get("rules") or []
    if not brief.get("intro") or not rules:
        return [f"{rel}: an intro and at least one rule, each rule with the clauses it summarises"]
    words = sum(len(str(r.get("text", "")).split()) for r in rules) + len(str(brief["intro"]).split())
    out = []
    if words >= MOST_BRIEF_WORDS:
        out.append(f"{rel}: the Rules in brief fit one screen, under {MOST_BRIEF_WORDS} words ({words} now)")
    for r in rules:
        bad = [c for c in r.get("clauses") or [None] if not (c and str(c).startswith(spec.clause_prefix))]
        if bad:
            out.append(f"{rel}: the rule {str(r.get('text'))[:40]!r} must name the game's clauses it summarises")
            break
    return out


# -- the registered games, the test game ----------------------------------------------------------------------------
SHIPPED = sorted(n for n in all_games() if (ROOT / _where(all_games()[n])).is_dir())


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_game_meets_the_contract(game):
    spec = all_games()[game]
    found = problems(spec) + (file_problems(spec, ROOT) if game in SHIPPED else [])
    assert not found, f"{game} does not meet the contract (CONTRIBUTING.md, 'Adding a game'):\n- " + "\n- ".join(found)


def test_the_test_game_is_what_the_generator_writes_now(test_game):
    """The test game is loaded from the files ``gamester new-game last-counter`` wrote when these tests started
    (tests/engine/conftest.py), not from a copy kept in the checkout."""
    module = importlib.import_module(test_game.new_state.__module__)
    root = Path(module.__file__).resolve().parents[4]
    for rel, text in newgame.files(test_game.name).items():
        assert (root / rel).read_text(encoding="utf-8") == text, rel
    assert not (ROOT / _where(test_game)).exists() and root != ROOT


def test_the_test_game_is_two_handed_open_and_tossed_for(test_game):
    state = test_game.new_state(test_game.default_options(), 2, 1)
    assert test_game.player_range == (2, 2) and type(state).shape == Shape(rounds="game", roles=(), open=True)
    assert state.roles() == {} and state.dealer_and_eldest() is None
    assert {test_game.new_state(test_game.default_options(), 2, s).current_player() for s in range(10)} == {0, 1}


# -- a generated game -------------------------------------------------------------------------------------------------
@pytest.fixture
def generated(tmp_path):
    """A game written by ``gamester new-game`` into a temporary root, registered for the test."""
    name = "coin-heap"
    paths = newgame.write(name, tmp_path)
    spec = newgame.load(tmp_path, name).SPEC
    registry._GAMES[name] = spec
    try:
        yield spec, tmp_path, paths
    finally:
        registry._GAMES.pop(name, None)
        from gamester import clauses
        for c in all_clauses(spec.clause_prefix):
            clauses._REGISTRY.pop(c.id, None)
            clauses._TITLES.pop(c.id, None)


def test_a_generated_game_meets_the_whole_contract_at_once(generated):
    spec, root, paths = generated
    assert problems(spec) == [] and file_problems(spec, root) == []
    rel = sorted(str(p.relative_to(root)) for p in paths)
    pkg = "coin_heap"
    allowed = (f"engine/gamester/games/{pkg}/", "docs/coin-heap.md", "sources/games/coin-heap/",
               f"tests/engine/{pkg}/", "tests/golden/coin-heap-seed")
    assert all(r.startswith(allowed) for r in rel), rel   # nothing outside its own package, page, data and tests
    assert (root / "tests" / "golden" / "coin-heap-seed1.txt").read_text(encoding="utf-8") == \
        newgame.transcript("coin-heap", 1)


def test_a_generated_game_passes_its_own_tests(generated):
    """The tests the generator writes beside the game (tests/engine/<game>/test_rules.py) pass as written."""
    _spec, root, _ = generated
    path = root / "tests" / "engine" / "coin_heap" / "test_rules.py"
    spec = importlib.util.spec_from_file_location("generated_coin_heap_test_rules", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tests = [f for name, f in vars(module).items() if name.startswith("test_") and callable(f)]
    assert tests
    for test in tests:
        test()


def test_the_generator_refuses_a_bad_name_and_an_existing_game(tmp_path):
    from gamester import GamesterError

    with pytest.raises(GamesterError, match="lower-case words"):
        newgame.write("Coin Heap", tmp_path)
    taken = min(all_games())  # a registered game's name
    with pytest.raises(GamesterError, match=f"already a game called '{taken}'"):
        newgame.write(taken, tmp_path)


#: Each required part of a generated game, taken away: (what is done, the words the sentence must hold).
FILES_TAKEN = [
    ("docs/coin-heap.md", "docs/coin-heap.md: the game's page"),
    ("sources/games/coin-heap/clause_map.toml", "sources/games/coin-heap/clause_map.toml: map each"),
    ("sources/games/coin-heap/brief.yml", "sources/games/coin-heap/brief.yml: the Rules in brief"),
    ("sources/games/coin-heap/site.yml", "sources/games/coin-heap/site.yml"),
    ("tests/engine/coin_heap/referee.py", "tests/engine/coin_heap/referee.py"),
    ("tests/engine/coin_heap/test_rules.py", "tests/engine/coin_heap/test_*.py"),
    ("tests/golden/coin-heap-seed2.txt", "tests/golden/coin-heap-seed2.txt: its golden transcript"),
]


@pytest.mark.parametrize(("path", "says"), FILES_TAKEN, ids=[p for p, _ in FILES_TAKEN])
def test_a_file_taken_away_is_named_with_what_to_add(generated, path, says):
    spec, root, _ = generated
    (root / path).unlink()
    found = file_problems(spec, root)
    assert len(found) == 1 and says in found[0], found


@pytest.mark.parametrize("marker", ["brief", "rulesets", "example", "widget", "downloads", "cite-edition"])
def test_a_page_marker_taken_away_is_named(generated, marker):
    spec, root, _ = generated
    page = root / "docs" / "coin-heap.md"
    page.write_text(re.sub(rf"<!-- {marker}\b[^>]*-->", "", page.read_text(encoding="utf-8")), encoding="utf-8")
    found = file_problems(spec, root)
    assert len(found) == 1 and found[0].startswith(f"docs/coin-heap.md: add the marker <!-- {marker}"), found


def test_a_clause_left_out_of_the_map_and_a_long_brief_are_named(generated):
    spec, root, _ = generated
    cmap = root / "sources" / "games" / "coin-heap" / "clause_map.toml"
    cmap.write_text(cmap.read_text(encoding="utf-8").split('[clause."coin-heap.take"]')[0], encoding="utf-8")
    brief = root / "sources" / "games" / "coin-heap" / "brief.yml"
    brief.write_text(brief.read_text(encoding="utf-8").replace("Who takes the last", "word " * 340 + "Who"),
                     encoding="utf-8")
    found = file_problems(spec, root)
    assert any('add [clause."coin-heap.take"]' in f for f in found), found
    assert any("fit one screen, under 330 words" in f for f in found), found


def _package_part_taken(spec: GameSpec):
    """Each part of the package taken away (a changed SPEC or state class) with the words its sentence holds."""
    r = dataclasses.replace
    play = spec.commands["play"]
    narrow = r(play, params=tuple(Param.players(1, 3, 2) if p.name == "players" else p for p in play.params))
    cls = type(spec.new_state(spec.default_options(), 2, 1))
    dealt = type("Dealt", (cls,), {"shape": Shape()})
    hidden = type("Hidden", (cls,), {"view": lambda self, seat=None: {**cls.view(self, seat), "hands": [0, 0]}})
    return [
        (r(spec, presets={k: v for k, v in list(spec.presets.items())[:1]}), "SPEC.presets: at least two"),
        (r(spec, player_range=(2, 5)), "declare them once (player_range=YourState.player_range)"),
        (r(spec, commands={"play": narrow}), "command 'play' takes players (1, 3)"),
        (r(spec, commands={}), "SPEC.commands: a \"play\" command"),
        (r(spec, bots={"wise": spec.bots["wise"]}), "SPEC.bots: include \"random\""),
        (r(spec, clause_prefix="other."), "SPEC.clause_prefix 'other.'"),
        (r(spec, presets={k: r(v, title="") for k, v in spec.presets.items()}), "a title a reader meets"),
        (r(spec, bots={**spec.bots, "wise": type("Untitled", (spec.bots["wise"],), {"title": ""})}),
         "SPEC.bots['wise']: a title saying how it plays"),
        (r(spec, site=r(spec.site, narrator=None)), "SPEC.site.narrator: its narrate module"),
        (r(spec, site=r(spec.site, page="cards/")), "SPEC.site.page 'cards/'"),
        (r(spec, site=r(spec.site, table=None)), "SPEC.site.table(state, seat)"),
        (r(spec, site=r(spec.site, widgets={})), "SPEC.site.widgets: at least one WidgetSpec"),
        (r(spec, site=r(spec.site, quiz_kinds={"k": "what"})), "SPEC.site.make_quiz"),
        (r(spec, new_state=dealt), "the record has no 'deals'"),
        (r(spec, new_state=hidden), "hides a hand in an open game"),
    ]


def test_each_part_of_the_package_taken_away_is_named_with_what_to_add_and_where(generated):
    spec = generated[0]
    for broken, says in _package_part_taken(spec):
        found = problems(broken)
        assert any(says in f for f in found), (says, found)
        assert all(f.endswith("(in engine/gamester/games/coin_heap/)") for f in found), found


def test_a_rule_without_a_short_title_is_named(generated):
    from gamester import clauses

    spec = generated[0]
    title = clauses._TITLES.pop("coin-heap.toss")
    try:
        assert any("clause coin-heap.toss: a short title" in f for f in problems(spec))
    finally:
        clauses._TITLES["coin-heap.toss"] = title


def test_the_command_line_writes_a_new_game(tmp_path, capsys):
    from gamester.hosts.cli import main

    try:
        assert main(["new-game", "coin-heap", "--root", str(tmp_path)]) == 0
        out = capsys.readouterr().out
        assert out.startswith("wrote 15 files for the game coin-heap:") and "docs/coin-heap.md" in out
        assert main(["new-game", "coin-heap", "--root", str(tmp_path)]) == 2
        assert "already a game called 'coin-heap'" in capsys.readouterr().err
    finally:
        from gamester import clauses
        for c in all_clauses("coin-heap."):
            clauses._REGISTRY.pop(c.id, None)
            clauses._TITLES.pop(c.id, None)


def test_the_tour_plays_a_game_with_no_deal_command(test_game):
    from gamester.commands import demo

    assert "deal" not in test_game.commands   # the contract asks only for play
    assert demo(test_game.name, players=3)["text"].count("=== ruleset ") == len(test_game.presets)

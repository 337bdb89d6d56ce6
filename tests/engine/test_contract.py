"""The contract a game package meets (written for newcomers in CONTRIBUTING.md, "Adding a game"), checked for every
registered game, and for the smallest game that meets it (tests/engine/high_card_game.py, registered only here).

:func:`problems` returns what a game lacks, each in a sentence that says what to add and where; the test prints
them all at once. The invariants of many random playouts (ledgers that add up, views, illegal actions) are
tests/engine/test_conformance.py's; the site's part (the game's page, its data folder) is tests/site's and
tests/sources'.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from gamester import RulesetError, all_games, replay
from gamester.clauses import all_clauses
from gamester.commands import demo
from gamester.html import ledger_html
from gamester.options import Options
from gamester.registry import Comparing, GameSpec, Narrator
from gamester.state import TERMINAL, State
from gamester.table import Table

HERE = Path(__file__).parent


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


def problems(spec: GameSpec) -> list[str]:  # noqa: C901 - one list of checks, read top to bottom
    """What ``spec`` (a game package's ``SPEC``) lacks of the contract, as sentences; empty when it meets it."""
    out: list[str] = []
    say = out.append
    # -- what the game is
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", spec.name):
        say(f"name {spec.name!r}: lower-case words joined by hyphens (it is in commands, records and URLs)")
    if not spec.title:
        say("title: the game's name as readers write it (\"Post and Pair\")")
    if not (isinstance(spec.options, type) and issubclass(spec.options, Options)):
        say("options: a frozen dataclass subclassing gamester.options.Options")
        return out
    if len(spec.presets) < 2:
        say(f"presets: at least two named rulesets (the period text's reading and a fuller one); it has "
            f"{len(spec.presets)}")
    if spec.default_preset not in spec.presets:
        say(f"default_preset {spec.default_preset!r} is not one of its presets {sorted(spec.presets)}")
    elif spec.presets[spec.default_preset].options != spec.options():
        say("the options' field defaults must be the default preset's options")
    for p in spec.presets.values():
        if not p.citations:
            say(f"preset {p.name}: cite what it follows (citations=(cite(KEY, LOCATOR),))")
        if spec.parse_ruleset(p.options.to_string()) != p.options:
            say(f"preset {p.name}: its ruleset string {p.options.to_string()!r} does not read back")
    # -- players, declared once
    lo, hi = spec.players
    if not 1 <= lo <= hi:
        say(f"players {spec.players}: (fewest, most) with 1 <= fewest <= most")
        return out
    if spec.default_players is not None and not lo <= spec.default_players <= hi:
        say(f"default_players {spec.default_players} is outside players {spec.players}")
    # -- clauses
    prefix = spec.clause_prefix
    own = [c for c in all_clauses() if prefix and c.id.startswith(prefix)]
    if not prefix.endswith(".") or not own:
        say(f"clause_prefix {prefix!r}: the prefix of the game's clause ids, ending in '.' (\"put.\"), with its "
            "clauses registered by gamester.clauses.clause(...) when the package is imported")
    for s in spec.options.specs():
        if s.clause and not s.clause.startswith(prefix):
            say(f"option {s.name}: its clause {s.clause} is not under the game's prefix {prefix!r}")
    # -- bots and commands
    if "random" not in spec.bots:
        say("bots: include \"random\" (gamester.state.RandomBot), the baseline the tests and hosts play")
        return out
    unknown = [b for b in spec.default_bots if b not in spec.bots]
    if unknown:
        say(f"default_bots names {unknown}, which are not among its bots {sorted(spec.bots)}")
    if "play" not in spec.commands:
        say("commands: a \"play\" command (options, args) -> (a record played by the bots, its text)")
    # -- a game played out: states, records, deals, ledgers
    try:
        state = _playout(spec, lo, 1)
    except (AssertionError, RulesetError) as ex:
        say(f"new_state(options, {lo}, seed) played by random bots: {ex}")
        return out
    if tuple(type(state).player_range) != tuple(spec.players):
        say(f"players {spec.players} and the state class's player_range {type(state).player_range} differ: declare "
            "them once (players=YourState.player_range)")
    for cname, command in spec.commands.items():
        param = command.param("players")
        if param is not None and tuple(param.range) != tuple(spec.players):
            say(f"command {cname!r} takes players {param.range}, not the game's {spec.players}: "
                "Param.players(*YourState.player_range, default)")
    record = json.loads(json.dumps(state.to_record()))
    for k in ("game", "ruleset", "seed", "players", "actions"):
        if k not in record:
            say(f"the record (State.to_record()) lacks {k!r}")
    if record.get("game") != spec.name:
        say(f"the record's game is {record.get('game')!r}: the state class's game must be {spec.name!r}")
        return out
    if replay(record).to_record() != record:
        say("the record does not replay to itself: dealing must draw only on the state's seeded self.rng")
    if state.returns() != record.get(state.returns_key):
        say(f"returns() is not the record's {state.returns_key!r}: summary() must give what returns() gives")
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        say("the record has no 'deals': summary() lists each deal as it was dealt")
    else:
        for i, d in enumerate(deals):
            if not (isinstance(d.get("dealer"), int) and isinstance(d.get("eldest"), int)):
                say(f"deal {i} of the record: give 'dealer' and 'eldest' as seats (the table's roles come from them)")
                break
    ledgers = _ledgers(record)
    if not any(lines for _, lines in ledgers):
        say("the record has no ledger lines: every counter (or point) that moves is a line naming its clause")
    for _, lines in ledgers:
        for ln in lines:
            if not str(ln.get("clause", "")).startswith(prefix):
                say(f"a ledger line names clause {ln.get('clause')!r}, not one of the game's ({prefix}...)")
                break
    # -- how the site presents it
    site = spec.site
    if not site.page.endswith("/") or site.page.strip("/") != spec.name:
        say(f"site.page {site.page!r}: the game's page, \"{spec.name}/\" (docs/{spec.name}.md)")
    if not isinstance(site.narrator, Narrator):
        say("site.narrator: its narrate module, with result_html(record, players, base, passages, *, deal, compact, "
            "end) (gamester.registry.Narrator)")
    else:
        page = site.narrator.result_html(record, record["players"], "../", None)
        rows = re.findall(r"<tr[^>]*\bdata-from=[^>]*>", page)
        if not rows:
            say("site.narrator.result_html shows no ledger row (gamester.html.ledger_html draws them)")
        else:
            per_deal = sum(len(lines) for i, lines in ledgers if i is not None)
            if sum("data-deal=" in r for r in rows) < per_deal:
                say("a deal's ledger rows must carry data-deal, the deal's index from 0 "
                    "(gamester.html.ledger_html(lines, ..., deal=i))")
    for kind, w in site.widgets.items():
        if w.command != "compare" and w.command not in spec.commands:
            say(f"widget {kind}: its command {w.command!r} is not one of the game's commands {sorted(spec.commands)}")
        if w.command == "compare" and not isinstance(site.narrator, Comparing):
            say(f"widget {kind} compares rulesets: the narrator needs compare_html(results, labels, ...)")
    if site.table is not None and not isinstance(site.table(spec.new_state(spec.default_options(), lo, 2), 0), Table):
        say("site.table(state, seat) must return a gamester.table.Table")
    return out


def load_high_card():
    """The module, loaded once (its clauses are declared on import) from beside this file, whatever the import mode."""
    import sys

    if "high_card_game" not in sys.modules:
        spec = importlib.util.spec_from_file_location("high_card_game", HERE / "high_card_game.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules["high_card_game"] = mod
        spec.loader.exec_module(mod)
    return sys.modules["high_card_game"]


@pytest.fixture
def high_card():
    mod = load_high_card()
    mod.install()
    yield mod
    mod.uninstall()


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_game_meets_the_contract(game):
    found = problems(all_games()[game])
    assert not found, f"{game} does not meet the contract (CONTRIBUTING.md, 'Adding a game'):\n- " + "\n- ".join(found)


def test_the_smallest_game_meets_the_contract(high_card):
    assert problems(high_card.SPEC) == []
    rec = high_card.SPEC.commands["play"].run(high_card.SPEC.default_options(), players=3, seed=4)[0]
    assert len(rec["deals"]) == 3 and sum(rec["net"]) == 0
    assert "high-card" in all_games()
    conformance = importlib.util.spec_from_file_location("conformance_checks", HERE / "test_conformance.py")
    checks = importlib.util.module_from_spec(conformance)
    conformance.loader.exec_module(checks)
    for seed in range(5):  # the conformance test's ledger invariants hold for it too
        assert checks.check_record(_playout(high_card.SPEC, 2 + seed % 5, seed).to_record()) > 0
    # the CLI's tour plays a game with no ``deal`` command (the contract asks only for ``play``)
    assert "deal" not in high_card.SPEC.commands
    assert demo("high-card", players=3)["text"].count("=== ruleset ") == len(high_card.SPEC.presets)


def test_the_contract_says_what_is_missing(high_card):
    import dataclasses

    base = high_card.SPEC
    one = dataclasses.replace(base, presets={"aces-high": base.presets["aces-high"]})
    assert any("at least two named rulesets" in p for p in problems(one))
    twice = dataclasses.replace(base, players=(2, 5))
    assert any("declare them once" in p for p in problems(twice))
    from gamester.registry import Param
    play = base.commands["play"]
    narrow = dataclasses.replace(play, params=tuple(Param.players(2, 3, 2) if p.name == "players" else p
                                                    for p in play.params))
    third = dataclasses.replace(base, commands={**base.commands, "play": narrow})
    assert any("command 'play' takes players (2, 3)" in p for p in problems(third))
    mute = dataclasses.replace(base, site=dataclasses.replace(base.site, narrator=None, page="cards/"))
    found = problems(mute)
    assert any("site.narrator" in p for p in found) and any("site.page 'cards/'" in p for p in found)
    def without_deals(rec, n, b, p, **kw):
        return "".join(str(ledger_html(d["ledger"], n, None, b, p)) for d in rec["deals"])

    plain = dataclasses.replace(base, site=dataclasses.replace(
        base.site, narrator=SimpleNamespace(result_html=without_deals)))
    assert any("must carry data-deal" in p for p in problems(plain))
    no_bot = dataclasses.replace(base, bots={})
    assert problems(no_bot) == ["bots: include \"random\" (gamester.state.RandomBot), the baseline the tests and "
                                "hosts play"]

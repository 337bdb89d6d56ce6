"""What the API, the CLI and ruleset strings take as canonical (issue 36): one spelling of an option at a time,
actions as the engine writes them, seats as numbers; anything else is refused in one line, as a record's duplicate
keys are, rather than tidied away."""

from __future__ import annotations

import json

import pytest

from gamester import all_games, commands
from gamester.errors import NotationError, RulesetError
from gamester.hosts import web
from gamester.hosts.cli import main


def call(**req):
    return json.loads(web.handle(json.dumps(req)))


def refused(words: str, **req) -> dict:
    r = call(**req)
    assert r["ok"] is False and r["kind"] != "InternalError" and words in r["error"], r
    return r


GAME = min(all_games())  # any game: the rules below are the hosts', not a game's


def _spaced() -> tuple[str, str]:
    """A game whose first position (seed 1) offers an action of two words, and that action."""
    for name, spec in sorted(all_games().items()):
        acts = [a for a in spec.new_state(spec.default_options(), spec.seats(), 1).legal_actions() if " " in a]
        if acts:
            return name, acts[0]
    raise AssertionError("no game offers an action of two words at its start")


def _underscored():
    return [(name, s.name) for name, spec in sorted(all_games().items()) for s in spec.options.specs() if "_" in s.name]


def test_every_option_with_an_underscore_is_one_option_under_both_spellings():
    found = _underscored()
    assert len(found) >= 10
    for game, name in found:
        spec = all_games()[game]
        value = str(getattr(spec.default_options(), name))
        other = name.replace("_", "-")
        with pytest.raises(RulesetError, match="given twice"):
            spec.options_for(None, {name: value, other: value})
        with pytest.raises(RulesetError, match="one option"):
            spec.parse_ruleset(f"{game}({name}={value},{other}={value})")
        with pytest.raises(RulesetError, match="one option"):
            spec.options_for(None, [f"{other}={value}", f"{name}={value}"])
        assert spec.options_for(None, {other: value}) == spec.options_for(None, {name: value})  # either alone


@pytest.mark.parametrize(("game", "name"), _underscored())
def test_both_spellings_in_the_api_and_the_cli(capsys, game, name):
    value, other = str(getattr(all_games()[game].default_options(), name)), name.replace("_", "-")
    refused("given twice", op="new", game=game, options={name: value, other: value})
    refused("given twice", op="new", game=game, ruleset=f"{game}({name}={value},{other}={value})")
    assert main(["play", game, "--seed", "1", "--option", f"{name}={value}", "--option", f"{other}={value}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"given twice (as '{name}' and '{other}': one option)" in err


@pytest.mark.parametrize("spell", [" {}", "{} ", "{0}  {1}", "{0}\t{1}", "{}\n"])
def test_an_action_not_written_as_the_engine_writes_it_is_refused(spell):
    game, act = _spaced()
    words = act.split(" ", 1)
    action = spell.format(*words) if "{1}" in spell else spell.format(act)
    assert call(op="apply", game=game, seed=1, action=act)["ok"]
    refused("is not spaced as the engine writes actions", op="apply", game=game, seed=1, action=action)
    refused("action 1 of the position", op="view", game=game, seed=1, actions=[action])


def test_a_record_with_an_action_in_another_spelling_is_refused():
    record = commands.run(GAME, "play", seed=3)["data"]
    commands.replay_record(json.dumps(record))
    record["actions"][2] = " " + record["actions"][2]
    with pytest.raises(NotationError, match="action 3 of the record"):
        commands.replay_record(json.dumps(record))


@pytest.mark.parametrize("seat", ["1", " 1", "1 ", 1.0, "one"])
def test_a_seat_is_a_number(seat):
    assert call(op="new", game=GAME, seed=1, seat=1)["seat"] == 1
    refused("field 'seat' must be", op="new", game=GAME, seed=1, seat=seat)


@pytest.mark.parametrize("field", ["seed", "players"])
def test_a_float_is_not_a_whole_number(field):
    refused("whole number" if field == "seed" else "not", op="new", game=GAME, **{field: 2.0})

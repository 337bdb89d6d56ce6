"""A ruleset's status is derived from its clauses: the weakest decides.

Each preset declares the status of what it follows (Cotton's text, a modern account) and the weaker clauses it
fills that source's gaps with (``Preset.fillings``). Here seeded games are played under every preset, and every
clause the engine applies (each ``clause`` named in the game's record: ledger lines, notes, points) is checked: one
weaker than the preset's own status must be declared among its fillings, so that the derived status and its label
("attested, with reconstructed and conjectural fillings") never claim more than the rules applied.
"""

from __future__ import annotations

import pytest

from gamester import all_games
from gamester.clauses import STATUSES, get_clause
from gamester.state import RandomBot, play_out

SEEDS = range(40)


def clauses_in(x, out: set[str]) -> set[str]:
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "clause" and isinstance(v, str):
                out.add(v)
            else:
                clauses_in(v, out)
    elif isinstance(x, list):
        for v in x:
            clauses_in(v, out)
    return out


def applied(spec, preset) -> set[str]:
    seen: set[str] = set()
    lo, hi = spec.player_range
    for seed in SEEDS:
        n = lo + seed % (min(hi, 5) - lo + 1)
        try:
            state = spec.new_state(preset.options, n, seed)
        except Exception:  # noqa: BLE001  (a player count this ruleset refuses, e.g. Truc at three)
            state = spec.new_state(preset.options, lo, seed)
        play_out(state, [RandomBot(seed * 7 + i) for i in range(state.players)])
        clauses_in(state.to_record(), seen)
    return seen


CASES = [(g.name, p.name) for g in all_games().values() for p in g.presets.values()]


@pytest.mark.parametrize("game, name", CASES)
def test_weaker_clauses_applied_are_declared_fillings(game, name):
    spec = all_games()[game]
    preset = spec.presets[name]
    weaker = {c for c in applied(spec, preset)
              if STATUSES.index(get_clause(c).status) > STATUSES.index(preset.status)}
    missing = sorted(weaker - set(preset.fillings))
    assert not missing, f"{game}:{name} applies {missing} but does not declare them among its fillings"
    assert STATUSES.index(preset.derived_status) >= max((STATUSES.index(get_clause(c).status) for c in weaker),
                                                         default=0)


def test_fillings_name_registered_clauses_weaker_than_the_preset():
    for g in all_games().values():
        for p in g.presets.values():
            for c in p.fillings:
                assert STATUSES.index(get_clause(c).status) > STATUSES.index(p.status), (g.name, p.name, c)

"""Golden records: the CLI's whole-game record for fixed seeds equals the checked-in JSON (nox -s golden)."""

import json

import pytest

from gamester import replay
from regenerate import cases, render

CASES = list(cases())


@pytest.mark.parametrize("game, players, seed, path", CASES, ids=[p.name for *_, p in CASES])
def test_golden_record(game, players, seed, path):
    if not path.exists():
        pytest.fail(f"{path.name} missing: run `nox -s golden` and review the new file")
    assert render(game, players, seed) == path.read_text(encoding="utf-8")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert replay(record).to_record() == record

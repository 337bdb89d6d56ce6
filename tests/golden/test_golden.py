"""Golden transcripts: for every registered game and fixed seeds, the command line's plain-text account of a whole
game equals the checked-in file exactly (see regenerate.py; ``nox -s golden`` writes them)."""

import difflib

import pytest

from regenerate import COMMAND, cases, render, stale

CASES = list(cases())


@pytest.mark.parametrize("game, seed, path", CASES, ids=[p.stem for *_, p in CASES])
def test_golden_transcript(game, seed, path):
    if not path.exists():
        pytest.fail(f"{path.name} missing: run `{COMMAND}` and review the new file")
    want, got = path.read_text(encoding="utf-8"), render(game, seed)
    diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), f"{path.name} (checked in)",
                                        f"{path.name} (the engine now)", n=1))
    assert got == want, f"the transcript changed; if that is meant, run `{COMMAND}` and review:\n{diff[:6000]}"


def test_every_transcript_belongs_to_a_registered_game():
    assert not stale(), f"no game or seed makes {[p.name for p in stale()]}: run `{COMMAND}`"


def test_a_transcript_is_a_whole_game():
    """An empty or cut file would compare equal to an engine that prints nothing: each holds the game's beginning
    and its end (an unindented line). What every game's transcript must be is the contract's
    (tests/engine/test_contract.py: a whole game, its moves indented, its end not, at most 400 lines)."""
    for _game, _seed, path in CASES:
        lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        assert 2 <= len(lines) <= 400, (path.name, len(lines))
        assert not lines[0].startswith(" ") and not lines[-1].startswith(" "), (path.name, lines[-1])

"""Tests of sources/ and the `edition` package (docs/hooks/edition)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT / "docs" / "hooks", ROOT / "engine"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import edition  # noqa: E402


@pytest.fixture(scope="session")
def ed():
    return edition.load(fresh=True)


@pytest.fixture(scope="session")
def engine_clauses():
    from edition.checks import engine_clauses

    clauses = engine_clauses()
    assert clauses is not None, "the engine (gamester) must import"
    return clauses

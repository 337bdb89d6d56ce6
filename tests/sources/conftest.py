"""Tests of sources/ and the `edition` package (site_src/edition)."""

import pytest

import edition


@pytest.fixture(scope="session")
def ed():
    return edition.load(fresh=True)


@pytest.fixture(scope="session")
def engine_clauses():
    from edition.checks import engine_clauses

    clauses = engine_clauses()
    assert clauses is not None, "the engine (gamester) must import"
    return clauses

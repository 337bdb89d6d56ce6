"""Fixtures shared by the engine's tests (which also run inside Pyodide)."""

import pytest

from gamester.clauses import all_clauses


@pytest.fixture(scope="session")
def check_exercise():
    """Checks an exercise's common shape (gamester.quiz): the answer is one of distinct choices, and every sentence
    of the explanation cites a clause the engine knows, listed once each under ``clauses``."""
    known = {c.id for c in all_clauses()}

    def check(ex):
        assert ex["answer"] in ex["choices"]
        assert len(set(ex["choices"])) == len(ex["choices"])
        assert ex["explanation"] and all(e["clause"] in known for e in ex["explanation"])
        assert ex["clauses"] == list(dict.fromkeys(e["clause"] for e in ex["explanation"]))

    return check

"""A pytest plugin for the Pyodide run of the engine's tests (tests/pyodide/run.py passes ``-p fewer_examples``):
each property test (hypothesis) tries a fifth of the examples it tries on CPython, and at least ten.

The property search itself is CPython's job (``nox -s tests`` runs every example); in Pyodide each property test
shows that the same code holds on the other host, on examples drawn as on CPython (the same strategies, the same
shrinking), at a fraction of the cost (Pyodide runs Python three to four times slower)."""

from __future__ import annotations

SHARE, AT_LEAST = 5, 10


def fewer(n: int) -> int:
    return max(min(n, AT_LEAST), n // SHARE)


def pytest_collection_modifyitems(items) -> None:
    from hypothesis import settings

    done: set[int] = set()
    for item in items:
        fn = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        if not getattr(fn, "is_hypothesis_test", False) or id(fn) in done:
            continue
        done.add(id(fn))  # (a parametrized test is one function for all its cases)
        # @given keeps the test's settings here and reads them when the test runs (hypothesis pinned in
        # requirements/dev.txt; a property test without them is left as it is).
        current = getattr(fn, "_hypothesis_internal_use_settings", None)
        if current is not None:
            fn._hypothesis_internal_use_settings = settings(current, max_examples=fewer(current.max_examples))

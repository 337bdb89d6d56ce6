"""The engine (``gamester``) and the site's build code (``gamester_site``, ``edition``) come from this checkout:
pyproject.toml's ``pythonpath`` puts ``engine`` and ``site_src`` first on ``sys.path`` (nox also installs them with
``pip install -e .``), and the same folders go first on ``PYTHONPATH`` here, so that a process a test starts
(``python -m gamester``) runs the same code. No test edits ``sys.path``. Which folders and markers make which suite:
pyproject.toml."""

import os
import pathlib

import pytest

_ROOT = pathlib.Path(__file__).resolve().parent.parent
_CODE = [str(_ROOT / d) for d in ("engine", "site_src") if (_ROOT / d).is_dir()]  # (none inside Pyodide's run)
os.environ["PYTHONPATH"] = os.pathsep.join([*_CODE, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))])

try:  # no hypothesis test waits on the clock: its 200 ms default deadline, and its health check of slow data
    # generation (too_slow: a second to make the first examples), fail on a loaded machine, not on a bug
    from hypothesis import HealthCheck, settings

    settings.register_profile("gamester", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("gamester")
except ImportError:  # pragma: no cover - hypothesis is in requirements/dev.txt; Pyodide's run installs it too
    pass

#: How much a ``heavy`` test weighs against a fast one when the files are shared out (a heavy test takes seconds,
#: most fast ones a tenth of one): see pytest_collection_modifyitems.
HEAVY_WEIGHT = 25


def _weight(items) -> int:
    return sum(HEAVY_WEIGHT if item.get_closest_marker("heavy") else 1 for item in items)


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected
def pytest_collection_modifyitems(config, items) -> None:
    """In a pytest-xdist worker (pyproject: ``--dist loadfile``), the heaviest files first (pyproject's addopts turns off xdist's
    own order, by number of tests alone, with ``--no-loadscope-reorder``): a file holds its worker until its last
    test, so a file of a few ``heavy`` tests handed out last kept one worker busy while the other had finished. Each
    file's tests keep their order; a run in one process (``-n 0``) is not reordered. Every worker collects the same
    items and orders them the same way, as xdist requires."""
    if not hasattr(config, "workerinput"):  # (a worker's own option says dist "no": xdist sets it so)
        return
    by_file: dict[str, list] = {}
    for item in items:
        by_file.setdefault(item.nodeid.split("::")[0], []).append(item)
    order = sorted(by_file.values(), key=_weight, reverse=True)  # stable: equal weights keep the collection's order
    items[:] = [item for group in order for item in group]


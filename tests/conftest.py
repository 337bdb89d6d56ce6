"""The engine (``gamester``) and the site's build code (``gamester_site``, ``edition``) come from this checkout:
pyproject.toml's ``pythonpath`` puts ``engine`` and ``site_src`` first on ``sys.path`` (nox also installs them with
``pip install -e .``), and the same folders go first on ``PYTHONPATH`` here, so that a process a test starts
(``python -m gamester``) runs the same code. No test edits ``sys.path``. Which folders and markers make which suite:
pyproject.toml."""

import os
import pathlib

_ROOT = pathlib.Path(__file__).resolve().parent.parent
_CODE = [str(_ROOT / d) for d in ("engine", "site_src") if (_ROOT / d).is_dir()]  # (none inside Pyodide's run)
os.environ["PYTHONPATH"] = os.pathsep.join([*_CODE, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))])

try:  # no hypothesis test waits on the clock: its 200 ms default deadline fails on a loaded machine, not on a bug
    from hypothesis import settings

    settings.register_profile("gamester", deadline=None)
    settings.load_profile("gamester")
except ImportError:  # pragma: no cover - hypothesis is in requirements/dev.txt; Pyodide's run installs it too
    pass

"""The engine (``gamester``) and the site's build code (``gamester_site``, ``edition``) come from this checkout:
pyproject.toml's ``pythonpath`` puts ``engine`` and ``site_src`` first on ``sys.path`` (nox also installs them with
``pip install -e .``), so no test edits ``sys.path``. Which folders and markers make which suite: pyproject.toml."""

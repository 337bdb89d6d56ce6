"""``gamester_site``: the site's build code (markers, glossary, site data), installed with ``pip install -e .``.

The rules engine (``gamester``, stdlib only) is a separate package; the Pyodide wheel holds only that one.
"""

"""Copies Pyodide and the engine wheel into the built site (owned by the widgets task)."""

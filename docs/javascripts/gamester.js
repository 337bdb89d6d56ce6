// Gamester widgets (see docs/hooks/pyodide_runtime.py)

"""The Node side that the benchmarks running the engine in npm Pyodide share (bench_engine_pyodide, bench_first_calls,
bench_solver): read the config named on the command line, boot Pyodide, unpack the engine's wheel into
site-packages, then run the benchmark's own lines. Not a benchmark itself (nox -s bench runs only bench_*.py)."""

from __future__ import annotations

_HEAD = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
const cfg = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(cfg.pyodide, "pyodide.mjs")).href);
"""

_WHEEL = r"""
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(readFileSync(cfg.wheel)), "wheel", { extractDir: site });
py.runPython("import importlib; importlib.invalidate_caches()");
"""


def node_script(tail: str, *, quiet: bool = True, after_boot: str = "") -> str:
    """The ES module Node runs: the shared boot (Pyodide's own output silenced unless ``quiet`` is false;
    ``after_boot`` runs before the wheel is unpacked), then ``tail``, which sees ``cfg`` and ``py``."""
    opts = "indexURL: cfg.pyodide + path.sep" + (", stdout: () => {}, stderr: () => {}" if quiet else "")
    return f"{_HEAD}const py = await loadPyodide({{ {opts} }});\n{after_boot}{_WHEEL}{tail.lstrip()}"

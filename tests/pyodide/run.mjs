// Runs Python inside Pyodide under Node for tests/pyodide/run.py (which prepares the wheels and reads the output).
//   node tests/pyodide/run.mjs CONFIG.json
// CONFIG: {pyodide: dir of node_modules/pyodide, wheels: [paths], tests_dir: host path of tests/,
//          pytest_args: [...] | null, parity_seeds: N | 0, out: host path for the JSON result}
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

process.on("uncaughtException", (e) => { console.error(String(e && e.message || e).slice(-3000)); process.exit(1); });
process.on("unhandledRejection", (e) => { console.error(String(e && e.message || e).slice(-3000)); process.exit(1); });
const cfg = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(cfg.pyodide, "pyodide.mjs")).href);
const t0 = performance.now();
const py = await loadPyodide({ indexURL: cfg.pyodide + path.sep });
const bootMs = performance.now() - t0;
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const w of cfg.wheels) {
  // A Node Buffer is refused: wrap it in a Uint8Array. extractDir keeps imports working after any chdir.
  py.unpackArchive(new Uint8Array(readFileSync(w)), "wheel", { extractDir: site });
}
// Only tests/ is mounted (at /repo/tests): tests/conftest.py's engine path does not exist here, so `gamester`
// is the wheel, exactly as in the browser.
py.FS.mkdirTree("/repo/tests");
py.FS.mount(py.FS.filesystems.NODEFS, { root: cfg.tests_dir }, "/repo/tests");
py.FS.writeFile("/repo/pyproject.toml", readFileSync(cfg.pyproject));  // pytest's markers and options
py.FS.mkdirTree("/work");
py.FS.chdir("/work");
const result = { boot_ms: bootMs, python: py.runPython("import sys; sys.version") };
py.runPython("import gamester, sys; sys.path.insert(0, '/repo/tests/pyodide')");
result.gamester_file = py.runPython("gamester.__file__");
if (cfg.pytest_args) {
  py.globals.set("pytest_args", py.toPy(cfg.pytest_args));
  const t = performance.now();
  result.pytest_exit = py.runPython(`
import os, subprocess
import pytest
os.environ["PYTHONHASHSEED"] = "0"

class _NoProcesses:  # Emscripten has no processes: a test that starts one is skipped, not failed
    def __init__(self, *a, **k):
        pytest.skip("starts a process, which Pyodide cannot")

subprocess.Popen = _NoProcesses
int(pytest.main(list(pytest_args)))
`);
  result.pytest_ms = performance.now() - t;
}
if (cfg.parity_seeds) {
  const t = performance.now();
  result.digests = JSON.parse(py.runPython(`import json, parity; json.dumps(parity.digests(${Number(cfg.parity_seeds)}))`));
  result.parity_ms = performance.now() - t;
  result.settle_s = py.runPython("import parity; parity.settle_timing()") ?? null;
}
writeFileSync(cfg.out, JSON.stringify(result));
process.exit(0);

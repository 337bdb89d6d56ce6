// A memory snapshot of a started interpreter with the engine imported and warmed, made at build time in Node with
// the npm Pyodide (issue 30): the browser's worker restores it instead of starting Python and importing the engine.
//
//   node snapshot.mjs PYODIDE_DIR STDLIB_ZIP WHEEL OUT_FILE
//
// STDLIB_ZIP is the compiled library the browser is given (bytecode.mjs's): the restored interpreter's zip importer
// keeps that file's table of contents in memory, so the browser must mount the very same bytes (runtime.json ties
// the two by their sha256). WHEEL is the engine wheel the site ships. Nothing that holds a JavaScript object is made
// before the snapshot (Pyodide can only restore references it can find again by their path from globalThis): the
// worker installs the finder of last resort (_gamester_stdlib) after the restore, and unpacks the engine's files
// that are not code (the file system is not in the snapshot; the code is, imported).
//
// Pyodide's snapshot (pyodide.asm.mjs, API.makeSnapshot / restoreSnapshot) is the wasm linear memory behind a
// header: a magic number, the hiwire table as JSON and the runtime's BUILD_ID, which restoreSnapshot compares with
// its own ("Snapshot build id mismatch"): a snapshot only loads into the very Pyodide build that made it.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlibPath, wheelPath, outFile] = process.argv.slice(2);
if (!pyodideDir || !stdlibPath || !wheelPath || !outFile) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR STDLIB_ZIP WHEEL OUT_FILE");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const quiet = { stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") };
const wheel = new Uint8Array(fs.readFileSync(wheelPath));
const options = { indexURL: pyodideDir + "/", stdLibURL: stdlibPath, ...quiet };

function install(py) {
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(wheel, "wheel", { extractDir: site });
  py.runPython("import importlib; importlib.invalidate_caches()");
}

// Warm: every engine module imported (as the bytecode corpus does), and one new game of every game drawn at its
// first position, so that what a first hand needs (the registry, each game's rules, the table's renderer, compiled
// patterns) is in memory. The open games are then dropped: a reader's first request finds nothing of ours. What the
// worker calls after the restore is imported too (random, _gamester_stdlib): a module imported after the restore is
// read from the zip, and every wasm function that reading runs for the first time is compiled there and then.
const WARM = String.raw`
import gc, importlib, json, pkgutil, random
import _gamester_stdlib  # (imported only: the worker installs its finder after the restore, with a JS function)
import gamester
from gamester.hosts import web

def warm():
    for m in pkgutil.walk_packages(gamester.__path__, "gamester."):
        if not m.name.endswith("__main__"):
            importlib.import_module(m.name)
    games = json.loads(web.handle(json.dumps({"op": "games"})))["games"]
    for g in games:
        players = max(2, g["players"][0])
        web.handle(json.dumps({"op": "new", "game": g["name"], "players": players, "seed": 1, "seat": 0}))
    web._OPEN.clear()
    gc.collect()
    return len(games)
`;

const t0 = performance.now();
const py = await loadPyodide({ ...options, _makeSnapshot: true });
install(py);
py.runPython(WARM);
const games = py.runPython("warm()");
const snapshot = py.makeMemorySnapshot();
const made = performance.now() - t0;

// Check: a fresh Pyodide restored from it answers as the engine, with nothing imported afresh.
const t1 = performance.now();
const check = await loadPyodide({ ...options, _loadSnapshot: snapshot.slice() });
install(check);
// The browser unpacks only the wheel's files that are not code beside a snapshot (runtime.py's engine-files.zip):
// the check has no engine code on disk either, so an engine module left out of the snapshot fails it.
check.runPython(String.raw`
import pathlib, sysconfig
for p in pathlib.Path(sysconfig.get_paths()["purelib"], "gamester").rglob("*"):
    if p.suffix in (".py", ".pyc"):
        p.unlink()
`);
const answer = JSON.parse(check.runPython(String.raw`
import json, sys
before = set(sys.modules)
import random, _gamester_stdlib
from gamester.hosts import web
reply = json.loads(web.handle(json.dumps({"op": "games"})))
json.dumps({"games": len(reply.get("games", [])), "imported": sorted(set(sys.modules) - before)})
`));
const restored = performance.now() - t1;
if (answer.games !== games || answer.imported.length) {
  console.error(`snapshot: the restored interpreter answered ${answer.games} games of ${games}; imported afresh: ` +
                `${answer.imported.join(", ") || "nothing"}`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length, games, made_ms: Math.round(made), restored_ms: Math.round(restored) }));

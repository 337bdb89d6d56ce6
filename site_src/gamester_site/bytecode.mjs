// Bytecode for the browser, compiled by Pyodide's own CPython 3.14 (the host's .pyc are refused: another magic
// number), at build time, in Node, offline: what `pyodide py-compile` would do if pyodide-build could run here.
//
//   node bytecode.mjs PYODIDE_DIR WHEEL OUT_DIR
//
// Writes into OUT_DIR:
//   stdlib.zip   the standard library trimmed to what the engine and Pyodide's own start-up can import, as
//                sourceless, unchecked hash-based .pyc (no timestamps: the same input gives the same bytes);
//   engine.zip   the engine's modules as gamester/**/__pycache__/NAME.<cache tag>.pyc, for the wheel;
//   report.json  what was kept, and the check below.
// The modules kept are those loaded while Pyodide starts, the worker installs the engine, every engine module is
// imported and a corpus of web requests runs (every op of every game and preset, built from the engine's own
// `games` answer: nothing here names a game), plus every standard module an engine module names in an import,
// wherever it stands. The library also gets `_gamester_stdlib`, a finder placed last on sys.meta_path: should a
// module outside the trimmed set ever be imported, it asks the worker once for Pyodide's full python_stdlib.zip
// and imports from it (a slower first time, never an ImportError). The trimmed library is then checked in a
// second, fresh Pyodide started from it: the corpus must run with no module fetched and nothing compiled.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, outDir] = process.argv.slice(2);
if (!pyodideDir || !wheelPath || !outDir) {
  console.error("usage: node bytecode.mjs PYODIDE_DIR WHEEL OUT_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const quiet = { stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") };
// A fixed hash seed: sets and dicts built while compiling come out in one order, so the bytes do too. No column
// ranges (PYTHONNODEBUGRANGES, as python -X no_debug_ranges): a traceback keeps its files and line numbers but not
// its ^^^ marks, and every code object is smaller, in the .pyc and so in the snapshot's memory. These tables hardly
// compress: without them the snapshot is 299 kB smaller with brotli (3,098,996 -> 2,799,701 bytes), the compiled
// library 241 kB and the wheel 132 kB. Checked below: a code object compiled here has no columns.
const env = { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" };
const wheel = new Uint8Array(fs.readFileSync(wheelPath));
fs.mkdirSync(outDir, { recursive: true });

function installWheel(py, extra) {
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(wheel, "wheel", { extractDir: site });
  if (extra) py.unpackArchive(extra, "zip", { extractDir: site });
  py.runPython("import importlib; importlib.invalidate_caches()");
  return site;
}

// The corpus: every op of every game, from the engine's own description of itself.
const CORPUS = String.raw`
import importlib, json, pkgutil
import gamester
from gamester.hosts import web

def corpus():
    for m in pkgutil.walk_packages(gamester.__path__, "gamester."):
        if not m.name.endswith("__main__"):
            importlib.import_module(m.name)
    ask = lambda **r: json.loads(web.handle(json.dumps(r)))
    ask(op="ping"); ask(op="format disk"); web.handle("{not json")
    n = 0
    for g in ask(op="games")["games"]:
        name, players = g["name"], max(2, g["players"][0])
        ask(op="rulesets", game=name)
        for w in g["widgets"]:
            ask(op="render", kind=w["kind"], args={"seed": 1})
        presets = [p["ruleset"] for p in g["presets"]]
        if len(presets) > 1:
            ask(op="compare", game=name, rulesets=presets[:2], players=players, seed=1)
        for ruleset in presets:
            for seed in (1,):
                end = ask(op="bot", game=name, ruleset=ruleset, players=players, seed=seed, until="end", bots=[])
                acts = end.get("actions", [])
                for k in sorted({0, len(acts) // 2, len(acts)}):
                    pos = dict(game=name, ruleset=ruleset, players=players, seed=seed, actions=acts[:k])
                    view = ask(op="view", **pos)
                    cur = view.get("current")
                    ask(op="table", seat=0 if cur is None else cur, chances=True, **pos)
                    ask(op="analysis", **pos)
                    ask(op="apply", action="no such move", **pos)
                ask(op="new", game=name, ruleset=ruleset, players=players, seed=seed, analysis=True)
                q = ask(op="quiz", game=name, ruleset=ruleset, seed=seed)
                hands = (q.get("exercise") or {}).get("hands")
                if isinstance(hands, list) and "settle" in g["commands"]:
                    ask(op="settle", game=name, ruleset=ruleset, hands=[" ".join(h) if isinstance(h, list) else str(h)
                                                                        for h in hands])
                    ask(op="settle", game=name, ruleset=ruleset, hands=["ZZ 1X"])
                n += 1
    return n
`;

// The finder of last resort, put into the trimmed library (its list of the other modules is filled in below).
const FINDER = String.raw`
"""Gamester's trimmed standard library: the modules the engine was seen to need, compiled. This finder comes
last on sys.meta_path: a standard module outside that set is found in Pyodide's full library, which install()'s
fetch(path) writes into the file system the first time one is asked for."""
import importlib.machinery, sys

REST = frozenset(__REST__)
FULL = "/lib/python-full-stdlib.zip"
fetches = []


class Finder:
    def __init__(self, fetch, trimmed):
        self.fetch, self.trimmed, self.ready = fetch, trimmed, False

    def find_spec(self, name, path=None, target=None):
        if name not in REST:
            return None
        if not self.ready:
            self.fetch(FULL)
            fetches.append(name)
            self.ready = True
        where = [FULL] if path is None else [p.replace(self.trimmed, FULL, 1) for p in path]
        return importlib.machinery.PathFinder.find_spec(name, where)


def install(fetch):
    trimmed = next(p for p in sys.path if p.endswith(".zip"))
    sys.meta_path.append(Finder(fetch, trimmed))
`;

// 1. Trace and compile, in a Pyodide started the stock way.
const py = await loadPyodide({ indexURL: pyodideDir + "/", env, ...quiet });
installWheel(py);
py.runPython(`import json; from gamester.hosts import web; web.handle(json.dumps({"op": "games"}))`);
py.runPython(CORPUS);
py.runPython("corpus()");
py.globals.set("OUT", "/tmp/gamester-bytecode");
py.globals.set("FINDER", FINDER);
py.runPython(String.raw`
import ast, importlib._bootstrap_external as bx, importlib.util, json, os, sys, sysconfig, zipfile

STDZIP = next(p for p in sys.path if p.endswith(".zip"))
SITE = sysconfig.get_paths()["purelib"]
DATE = (1980, 1, 1, 0, 0, 0)
# Stored, not deflated (issue 30): the host's brotli or gzip over the whole archive sends it smaller than deflating
# each file does (about 1.2 MB brotli, 1.5 MB gzip, against 1.56 MB deflated), and an import reads it without
# inflating. A host that compresses nothing sends 3.7 MB (and Pyodide's wasm, 9.6 MB): let the host compress.
PACK = {"compress_type": zipfile.ZIP_STORED}
src = zipfile.ZipFile(STDZIP)
names = sorted(n for n in src.namelist() if n.endswith(".py") and not n.startswith("site-packages/"))

def module_name(arc):
    mod = arc[:-3].replace("/", ".")
    return mod[:-9] if mod.endswith(".__init__") else mod

by_module = {module_name(n): n for n in names}
# (Modules frozen into the interpreter, such as os and io, carry a __file__ but need no file.)
loaded = {m for m, mod in list(sys.modules.items())
          if (getattr(mod, "__file__", None) or "").startswith(STDZIP + "/")
          and getattr(getattr(mod, "__spec__", None), "origin", None) != "frozen"}
engine_files = sorted(os.path.join(d, f) for d, _, fs_ in os.walk(os.path.join(SITE, "gamester"))
                      for f in fs_ if f.endswith(".py"))
named = set()
for f in engine_files:
    with open(f, "rb") as fh:
        for node in ast.walk(ast.parse(fh.read())):
            if isinstance(node, ast.Import):
                named.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                named.add(node.module)
                named.update(f"{node.module}.{a.name}" for a in node.names)
keep = loaded | {m for m in named if m in by_module}
for m in list(keep):  # a module needs its packages
    parts = m.split(".")
    keep.update(".".join(parts[:i]) for i in range(1, len(parts)))
keep = sorted(m for m in keep if m in by_module)
rest = sorted(set(by_module) - set(keep))

def pyc(data, filename):
    code = compile(data, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(bx._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))

os.makedirs(OUT, exist_ok=True)
with zipfile.ZipFile(OUT + "/stdlib.zip", "w", zipfile.ZIP_STORED) as z:
    for m in keep:
        arc = by_module[m]
        z.writestr(zipfile.ZipInfo(arc + "c", DATE), pyc(src.read(arc), STDZIP + "/" + arc), **PACK)
    finder = FINDER.replace("__REST__", repr(tuple(rest))).encode()
    z.writestr(zipfile.ZipInfo("_gamester_stdlib.pyc", DATE), pyc(finder, STDZIP + "/_gamester_stdlib.py"), **PACK)
tag = sys.implementation.cache_tag
with zipfile.ZipFile(OUT + "/engine.zip", "w", zipfile.ZIP_STORED) as z:
    for f in engine_files:
        d, base = os.path.split(os.path.relpath(f, SITE))
        with open(f, "rb") as fh:
            z.writestr(zipfile.ZipInfo(f"{d}/__pycache__/{base[:-3]}.{tag}.pyc", DATE), pyc(fh.read(), f))
with open(OUT + "/report.json", "w") as fh:
    json.dump({"python": sys.version.split()[0], "cache_tag": tag, "stdlib_modules": len(keep),
               "stdlib_modules_in_pyodide": len(by_module), "engine_modules": len(engine_files), "kept": keep}, fh)
`);
const outs = {};
for (const f of ["stdlib.zip", "engine.zip", "report.json"]) {
  outs[f] = py.FS.readFile(`/tmp/gamester-bytecode/${f}`);
  fs.writeFileSync(path.join(outDir, f), outs[f]);
}

// 2. Check, in a fresh Pyodide on the trimmed library with the finder installed as the worker installs it.
const check = await loadPyodide({ indexURL: pyodideDir + "/", env, stdLibURL: path.join(outDir, "stdlib.zip"), ...quiet });
const full = new Uint8Array(fs.readFileSync(path.join(pyodideDir, "python_stdlib.zip")));
check.globals.set("fetch_full", (where) => check.FS.writeFile(where, full));
check.runPython("import _gamester_stdlib; _gamester_stdlib.install(fetch_full)");
installWheel(check, outs["engine.zip"]);
check.runPython(CORPUS);
const result = JSON.parse(check.runPython(String.raw`
import json, os, sys, _gamester_stdlib
requests = corpus()
from_source = sorted(n for n, m in sys.modules.items()
                     if (getattr(m, "__file__", None) or "").endswith(".py")
                     and getattr(m.__spec__, "origin", None) != "frozen"
                     and not os.path.exists(getattr(m.__spec__, "cached", None) or "/nonexistent"))
import types
with_columns = sorted(n for n, m in sys.modules.items() if n.startswith(("gamester", "json"))
                      and any(p[2] is not None for f in vars(m).values() if isinstance(f, types.FunctionType)
                              for p in f.__code__.co_positions()))
json.dumps({"runs": requests, "fetched_for": _gamester_stdlib.fetches, "from_source": from_source,
            "with_columns": with_columns})
`));
const report = JSON.parse(new TextDecoder().decode(outs["report.json"]));
report.check = result;
fs.writeFileSync(path.join(outDir, "report.json"), JSON.stringify(report, null, 1) + "\n");
if (result.fetched_for.length || result.from_source.length || result.with_columns.length) {
  console.error(`bytecode: the trimmed library missed ${result.fetched_for.join(", ") || "nothing"}; ` +
                `compiled at run time: ${result.from_source.join(", ") || "nothing"}; ` +
                `compiled with column ranges: ${result.with_columns.join(", ") || "nothing"}`);
  process.exit(1);
}
console.log(JSON.stringify({ stdlib_modules: report.stdlib_modules, of: report.stdlib_modules_in_pyodide,
  engine_modules: report.engine_modules, corpus_runs: result.runs }));

// A memory snapshot of a started interpreter with the engine imported and warmed, made at build time in Node with
// the npm Pyodide (issue 30): the browser's worker restores it instead of starting Python and importing the engine.
//
//   node snapshot.mjs PYODIDE_DIR STDLIB_ZIP WHEEL OUT_FILE OUT_STDLIB
//
// STDLIB_ZIP is the compiled library (bytecode.mjs's) the interpreter starts on; WHEEL is the engine wheel the site
// ships. Once warmed, the interpreter has imported almost every module of that library (all but a handful), so a
// start from the snapshot does not need it: OUT_STDLIB is the library cut to the modules the snapshot has not
// imported (a few kB, in the same stored zip form), and it is written over the library in the interpreter's file
// system before the snapshot is taken, so that the zip importer's table of contents, which the snapshot keeps in
// memory, is that file's. The browser mounts OUT_STDLIB, the very same bytes (runtime.json ties the two by their
// sha256), when it starts from the snapshot, and the whole library for the ordinary start; a module in neither is
// fetched from Pyodide's full library, as in the ordinary start (_gamester_stdlib). Nothing that holds a JavaScript
// object is made before the snapshot (Pyodide can only restore references it can find again by their path from
// globalThis): the worker installs the finder of last resort (_gamester_stdlib) after the restore, and unpacks the
// engine's files that are not code (the file system is not in the snapshot; the code is, imported).
//
// Pyodide's snapshot (pyodide.asm.mjs, API.makeSnapshot / restoreSnapshot) is the wasm linear memory behind a
// header: a magic number, the hiwire table as JSON and the runtime's BUILD_ID, which restoreSnapshot compares with
// its own ("Snapshot build id mismatch"): a snapshot only loads into the very Pyodide build that made it.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlibPath, wheelPath, outFile, outStdlib] = process.argv.slice(2);
if (!pyodideDir || !stdlibPath || !wheelPath || !outFile || !outStdlib) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR STDLIB_ZIP WHEEL OUT_FILE OUT_STDLIB");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
process.argv = [process.argv[0], "snapshot.mjs"]; // (Pyodide's sys.argv: this script's arguments name the build's folders)
// The interpreter's entropy and clocks while it is made from fixed values (os.urandom, which Pyodide draws from
// node:crypto's randomFillSync here, seeds its random generators, and the times it reads go into what it keeps; bytes
// of both linger in memory it frees and uses again), so that the same sources make the same snapshot: a new build
// that changed none of them leaves a browser's copy good. Nothing drawn here outlives the build: every reader's
// interpreter is this one already, the worker seeds its random numbers afresh after the restore, and the open games'
// names are drawn there (gamester.hosts.web_positions).
const clock = performance.now.bind(performance); // (the real one: what making and checking it took, in the log)
{
  let x = 0x9e3779b9;
  createRequire(import.meta.url)("node:crypto").randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
      bytes[i] = x & 0xff;
    }
    return view;
  };
  Date.now = () => 1e12;
  globalThis.performance.now = () => 0;
}
const quiet = { stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") };
const wheel = new Uint8Array(fs.readFileSync(wheelPath));
// No column ranges in what the interpreter compiles while it warms (dataclasses' and named tuples' methods, made by
// exec at import), as in the compiled library (bytecode.mjs): smaller code in the snapshot's memory.
// And the same snapshot from the same sources, build after build (PYTHONHASHSEED, and warm()'s end): a browser that
// holds it keeps it across a new build that changed no engine file.
const options = { indexURL: pyodideDir + "/", stdLibURL: stdlibPath, env: { PYTHONNODEBUGRANGES: "1", PYTHONHASHSEED: "0" },
                  ...quiet };

function install(py) {
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(wheel, "wheel", { extractDir: site });
  py.runPython("import importlib; importlib.invalidate_caches()");
}

// Warm: every engine module imported (as the bytecode corpus does), and one new game of every game drawn at its first
// position and the example of each of its play widgets rendered (a reader's first request: its first render cost
// 5.1-13.6 ms in Node's Pyodide without this, 3.3-4.2 with it, five restores each), so that what a first hand needs
// (the registry, each game's rules, the table's renderer and the example's words, compiled patterns) is in memory. The
// example's computer players are the random ones: a thinking player keeps what it has worked out for the deal (Put's
// default player, its odds, added 1.2 MB to the snapshot as served), of no use to the next deal. The open games are
// then dropped: a reader's first request finds nothing of ours. What the worker calls after the restore is imported too
// (random, _gamester_stdlib): a module imported after the restore is read from the zip, and every wasm function that
// reading runs for the first time is compiled there and then.
const WARM = String.raw`
import gc, importlib, json, pkgutil, random, sys
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
        for w in g["widgets"]:  # (a play widget's first request: its example, dealt afresh)
            if w["play"] and "random" in g["bots"]:  # (the computer's players at random: see above)
                web.handle(json.dumps({"op": "render", "kind": w["kind"], "args": {"seed": "1", "bots": "random"},
                                       "base": "../"}))
    web.close_all()
    # The same bytes from the same sources: every random generator seeded alike, and no directory's time kept by the
    # import system (each finder reads its folder again on first use, as it would anyway: the restored file system is
    # made anew). The generators are the module's, which the worker seeds afresh for each reader after the restore,
    # and the library's: tempfile's names, secrets' (a SystemRandom, whose own state goes unused). Any other would be
    # held by the engine, whose numbers its seeds decide: the build stops rather than change them.
    library = [random._inst]
    for name, attr in (("secrets", "_sysrand"), ("tempfile", "_name_sequence")):
        held = getattr(sys.modules.get(name), attr, None)
        library.append(getattr(held, "_rng", held))
    for o in gc.get_objects():
        if isinstance(o, random.Random):
            if not any(o is x for x in library):
                raise RuntimeError(f"a random generator outlives the warm-up: {o!r}, held by "
                                   f"{[type(r).__name__ for r in gc.get_referrers(o)][:4]}")
            random.Random.seed(o, 0)
    importlib.invalidate_caches()
    gc.collect()
    return len(games)

def lighten():
    """Drop what the snapshot need not keep (each byte of it is on a first visit's wire): the docstrings of every
    function, class and module (nothing in the engine or its host reads one: no help(), no pydoc) and the type
    attribute cache (refilled on use). A function's docstring is its code's first constant: the code is replaced by
    a copy whose first constant is None, unless its bytecode loads that constant (a string used again in the
    body). Returns how many docstrings went."""
    import dis, inspect, sys, types
    flag = getattr(inspect, "CO_HAS_DOCSTRING", 0)  # (Python 3.14: set where the first constant is the docstring)
    loads0 = {bytes((op, 0)) for op in dis.hasconst}
    def first_constant_used(co):
        raw = co.co_code
        return any(raw[i:i + 2] in loads0 for i in range(0, len(raw), 2))
    gone = 0
    for o in gc.get_objects():
        if isinstance(o, types.FunctionType):
            co = o.__code__
            if co.co_flags & flag and not first_constant_used(co):
                o.__code__ = co.replace(co_consts=(None, *co.co_consts[1:]), co_flags=co.co_flags & ~flag)
            if o.__doc__ is not None:
                o.__doc__ = None
                gone += 1
        elif isinstance(o, (type, property, classmethod, staticmethod)) and isinstance(o.__doc__, str):
            if isinstance(o, type) and "__doc__" not in o.__dict__:
                continue  # (inherited, or a built-in type's own)
            try:
                o.__doc__ = None
                gone += 1
            except (AttributeError, TypeError):
                pass  # (a built-in type's)
    for m in list(sys.modules.values()):
        if isinstance(getattr(m, "__doc__", None), str):
            m.__doc__ = None
            gone += 1
    sys._clear_internal_caches()
    gc.collect()
    return gone

def cut_library():
    """Write over the compiled library the part of it no module imported so far comes from (each .pyc entry whose
    module is not in sys.modules, copied as it is), and have the zip importer read that file's table of contents.
    Returns the names kept."""
    import io, sys, zipfile
    path = next(p for p in sys.path if p.endswith(".zip"))
    keep = []
    with zipfile.ZipFile(path) as z:
        for info in z.infolist():
            name = info.filename.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
            if not info.filename.endswith(".pyc") or name not in sys.modules:
                keep.append((info, z.read(info)))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as out:
        for info, data in keep:
            out.writestr(info, data)
    with open(path, "wb") as f:
        f.write(buf.getvalue())
    sys.path_importer_cache[path].invalidate_caches()  # (the zip's table of contents, shared by its importers)
    sys.path_importer_cache[path]._get_files()
    gc.collect()
    return json.dumps({"path": path, "kept": [i.filename for i, _ in keep]})

`;

// The interpreter's freed memory still holds what was there (the dropped games, the build's own work): the snapshot
// is the whole wasm memory, so every free chunk is filled with zeros before it is taken, by allocating the free
// chunks from the largest size down, zeroing them, and freeing them all again (only memory below the heap's end
// when we began: the memory itself never grows). Zeros compress to almost nothing.
function zeroFreeMemory(M) {
  const size = M.HEAP8.length, end = M._sbrk(0), held = [];
  let zeroed = 0;
  for (let s = 1 << 20; s >= 16; s >>= 1) {
    for (;;) {
      const p = M._malloc(s);
      if (!p) break;
      if (p + s > end) {
        M._free(p);
        break;
      }
      M.HEAPU8.fill(0, p, p + s);
      held.push(p);
      zeroed += s;
    }
  }
  for (const p of held) M._free(p);
  M._malloc_trim(0);
  if (M.HEAP8.length !== size) throw new Error("the memory grew while its free chunks were zeroed");
  return zeroed;
}

// The wasm's own initial memory: its active data segments (Pyodide's static data, 3.2 MB), each at its constant
// offset, as the wasm's instantiation writes them into a fresh memory. Returns the image up to its last byte.
function initialMemory(b) {
  let i = 8;
  const leb = () => { let r = 0, s = 0, x; do { x = b[i++]; r += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80); return r; };
  const image = new Uint8Array(64 << 20);
  let end = 0;
  while (i < b.length) {
    const id = b[i++], size = leb(), next = i + size;
    if (id === 11) {
      for (let n = leb(); n > 0; n--) {
        const flags = leb();
        if (flags === 1) { i += leb(); continue; } // a passive segment: not in the initial memory
        if (flags === 2) leb(); // (its memory's index)
        if (b[i++] !== 0x41) throw new Error("a data segment whose offset is not a constant");
        let offset = 0, s = 0, x;
        do { x = b[i++]; offset |= (x & 0x7f) << s; s += 7; } while (x & 0x80);
        if (b[i++] !== 0x0b) throw new Error("a data segment's offset is not one i32.const");
        const len = leb();
        image.set(b.subarray(i, i + len), offset >>> 0);
        end = Math.max(end, (offset >>> 0) + len);
        i += len;
      }
    }
    i = next;
  }
  return image.subarray(0, end);
}

// bytes[head + k] ^= memory[k] for every k of memory: applied once at build time to store the snapshot as its
// difference from the wasm's initial memory, and once more in the browser (gamester-worker.js) to undo it.
function xorInto(bytes, head, memory) {
  let k = 0;
  if ((bytes.byteOffset + head) % 4 === 0 && memory.byteOffset % 4 === 0) {
    const n = memory.length >> 2;
    const a = new Int32Array(bytes.buffer, bytes.byteOffset + head, n);
    const m = new Int32Array(memory.buffer, memory.byteOffset, n);
    for (; k < n; k++) a[k] ^= m[k];
    k = n << 2;
  }
  for (; k < memory.length; k++) bytes[head + k] ^= memory[k];
}

// The snapshot is served without its 4 kB pages that are all zeros (some 19 of its 31.5 MB: memory the interpreter
// has not used, and the free chunks zeroed above): the browser then inflates and passes on, and the worker reads
// and hashes, some 12.5 MB rather than 31.5 (the brotli copy is about the same size either way). A header of four
// little-endian words (SPARSE, the snapshot's length, PAGE, the count of runs), each run of pages kept (its first
// page and how many), then those pages' bytes in turn. gamester-worker.js (fullSnapshot) puts it back together;
// ``whole`` below does the same for the check.
const PAGE = 4096, SPARSE = 0x315a4d47; // "GMZ1"
function sparse(b) {
  const runs = [];
  for (let p = 0; p * PAGE < b.length; p++) {
    const page = b.subarray(p * PAGE, (p + 1) * PAGE);
    if (page.every((v) => v === 0)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === p) last[1] += 1;
    else runs.push([p, 1]);
  }
  const kept = runs.reduce((n, [p, c]) => n + Math.min(c * PAGE, b.length - p * PAGE), 0);
  const out = new Uint8Array(16 + runs.length * 8 + kept);
  const v = new DataView(out.buffer);
  [SPARSE, b.length, PAGE, runs.length].forEach((w, k) => v.setUint32(k * 4, w, true));
  let at = 16 + runs.length * 8;
  runs.forEach(([p, c], k) => {
    v.setUint32(16 + k * 8, p, true);
    v.setUint32(20 + k * 8, c, true);
    const part = b.subarray(p * PAGE, Math.min(b.length, (p + c) * PAGE));
    out.set(part, at);
    at += part.length;
  });
  return out;
}
function whole(b) {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (v.getUint32(0, true) !== SPARSE || v.getUint32(8, true) !== PAGE) throw new Error("not a sparse snapshot");
  const out = new Uint8Array(v.getUint32(4, true));
  let at = 16 + v.getUint32(12, true) * 8;
  for (let k = 16; k < 16 + v.getUint32(12, true) * 8; k += 8) {
    const from = v.getUint32(k, true) * PAGE, n = Math.min(v.getUint32(k + 4, true) * PAGE, out.length - from);
    out.set(b.subarray(at, at + n), from);
    at += n;
  }
  if (at !== b.length) throw new Error("a sparse snapshot's runs do not fit it");
  return out;
}

const t0 = clock();
const py = await loadPyodide({ ...options, _makeSnapshot: true });
install(py);
py.runPython(WARM);
const games = py.runPython("warm()");
const docstrings = py.runPython("lighten()");
const cut = JSON.parse(py.runPython("cut_library()"));
const zeroed = zeroFreeMemory(py._module);
const snapshot = py.makeMemorySnapshot();
const library = py.FS.readFile(cut.path);
// Stored as its difference from the wasm's initial memory: Pyodide's static data, which pyodide.asm.wasm brings
// already, is mostly the same bytes in the snapshot, and a zero where it is (brotli cannot know the wasm's bytes).
const image = initialMemory(new Uint8Array(fs.readFileSync(path.join(pyodideDir, "pyodide.asm.wasm"))));
const head = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
const plain = snapshot.slice();
xorInto(snapshot, head, image);
const served = sparse(snapshot);
const made = clock() - t0;

// Check: a fresh Pyodide restored from it answers as the engine, with nothing imported afresh.
const t1 = clock();
// The difference is undone as the worker undoes it: once the wasm is instantiated (its fresh memory then holds the
// initial image), before Pyodide restores the snapshot into that memory.
fs.writeFileSync(outStdlib + ".check", library);
const diff = whole(served); // (as the worker has it: served without its pages of zeros, and put back together)
let undone = false;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (source, imports) {
  const out = await instantiate.call(WebAssembly, source, imports);
  const instance = out.instance || out;
  if (!undone) {
    const memory = Object.values(instance.exports).find((m) => m instanceof WebAssembly.Memory);
    xorInto(diff, head, new Uint8Array(memory.buffer, 0, image.length));
    undone = true;
  }
  return out;
};
const check = await loadPyodide({ ...options, stdLibURL: outStdlib + ".check", _loadSnapshot: diff });
WebAssembly.instantiate = instantiate;
fs.unlinkSync(outStdlib + ".check");
if (!undone || diff.length !== plain.length || !diff.every((v, k) => v === plain[k])) {
  console.error("snapshot: its difference from the wasm's initial memory was not undone to the snapshot taken");
  process.exit(1);
}
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
imported = sorted(set(sys.modules) - before)
import importlib
for name in ${JSON.stringify(cut.kept.filter((n) => n.endsWith(".pyc")))}:  # (the cut's modules import)
    importlib.import_module(name.removesuffix(".pyc").removesuffix("/__init__").replace("/", "."))
json.dumps({"games": len(reply.get("games", [])), "imported": imported})
`));
const restored = clock() - t1;
if (answer.games !== games || answer.imported.length) {
  console.error(`snapshot: the restored interpreter answered ${answer.games} games of ${games}; imported afresh: ` +
                `${answer.imported.join(", ") || "nothing"}`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, served);
fs.writeFileSync(outStdlib, library);
console.log(JSON.stringify({ bytes: served.length, memory: snapshot.length, games, made_ms: Math.round(made),
                             restored_ms: Math.round(restored), docstrings, zeroed, wasm_data: image.length,
                             library: { bytes: library.length, kept: cut.kept } }));

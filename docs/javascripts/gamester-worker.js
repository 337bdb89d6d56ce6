// Gamester engine worker: one Pyodide, our engine's wheel, and a JSON-in/JSON-out bridge to gamester.hosts.web.handle.
// Started (as a module worker) by gamester-engine.js on the reader's first interaction with a widget; it never runs
// anything but `gamester.hosts.web.handle(text)` with the JSON text it is sent.
// Where the browser can keep a shared worker alive for a while after its pages have gone (SharedWorker's
// extendedLifetime), the pages of the site share one, which a reload, a shared link in a new tab or another page of
// the same build joins already running (gamester-engine.js, engineWorker); elsewhere each page has its own
// dedicated worker, as before. The two speak the same messages: a shared worker answers each page on that page's own
// port, and tells every page how its start is going.
"use strict";

// The runtime's files put back together and kept (the snapshot's pages, its difference from the wasm, what a first
// start fetched), and Pyodide's small wasm modules compiled once per signature: a module of their own, asked for at
// once, beside everything else this worker fetches (a start without it goes the ordinary way).
const helpers = import(new URL("gamester-worker-files.js", import.meta.url).href);
helpers.then((h) => h.compileSmallModulesOnce(), () => {});

let handle = null, booting = null; // the Python function gamester.hosts.web.handle, once booted; the boot promise

// Where a start's time goes (for the benchmark and the console's performance panel): each phase is a
// performance.mark named "gamester:PHASE", and its time from this worker's first line is in the ready message's
// times. ``origin`` puts this worker's clock on the page's (performance.timeOrigin differs between the two).
const T0 = performance.now();
const times = { origin: performance.timeOrigin, first_line: Math.round(T0) };
function mark(k) {
  if (k in times) return;
  times[k] = Math.round(performance.now() - T0);
  try { performance.mark("gamester:" + k); } catch (e) { /* a browser without user timing */ }
}
// The runtime's files on a second visit: read straight from the service worker's storage (Cache Storage, where it
// keeps each file under the sha256 it checked), without a trip through the service worker (two to three times
// faster for the 31 MB snapshot here), when what it kept has the hash this build's runtime.json gives the file.
// Anything else is fetched as before (through the service worker, which keeps it).
const RUNTIME_CACHE = "gamester-runtime";
const HASH = "x-gamester-sha256";
let expected = null;    // url -> sha256, runtime.json's cache table, once read
const held = new Map(); // url -> the sha256 the kept copy that was used says it was checked against
async function fromStorage(url, sha) {
  if (!sha || !self.caches) return null;
  try {
    const r = await self.caches.match(url, { cacheName: RUNTIME_CACHE });
    return r && r.ok && r.headers.get(HASH) === sha ? r : null;
  } catch (e) {
    return null; // no storage here (an opaque origin, a browser that refuses it): as not held
  }
}

// The wasm is compiled from the moment the worker is asked to boot (WebAssembly.compileStreaming of its response,
// from the kept copy where there is one: Chromium can keep its compiled code beside it), alongside the snapshot's
// read, rather than once Pyodide has the snapshot in hand (loadPyodide waits for _loadSnapshot before it
// instantiates the wasm). Pyodide's own request for the wasm gets a stand-in, which its instantiateStreaming call
// instantiates from that compiled module; if the compile failed, the stand-in is fetched and compiled as before.
let wasm = null;        // { url, module: Promise<WebAssembly.Module | null>, kept: sha256 | null, standIn() }
const WASM_STANDIN = Symbol("the wasm, compiled already");
const realFetch = self.fetch.bind(self);
self.fetch = function (input, init) {
  const url = String((input && input.url) || input);
  if (wasm && url === wasm.url) return Promise.resolve(wasm.standIn());
  const p = (async () => (await fromStorage(url, expected && expected.get(url))) || directFetch(input, init))();
  p.then((r) => { if (r.headers.has(HASH)) held.set(url, r.headers.get(HASH)); }, () => {});
  return p;
};

// A start that finds a runtime file not held (a first visit, or a file a new build changed) fetches it straight from
// the network, not through the service worker: streamed on through the service worker's thread, and hashed and written
// to storage there while the start ran, a first visit's files came late, and the engine was ready some 0.3 s later
// (bench_browser.py, loopback; README). The request carries DIRECT, which gamester-sw.js does not answer (the browser
// then fetches it itself), and what came is put aside: the bytes themselves where this worker reads them whole (the
// wasm, the snapshot), else a copy of the response. Once the engine has answered its first request (or half a second
// after it is ready, if none comes), keepStart hashes each and keeps it in the service worker's storage exactly as the
// service worker keeps a file (under the sha256 runtime.json gives it, when its bytes have that hash), so that a second
// visit reads it from there. After that, every fetch goes through the service worker as before.
const DIRECT = "x-gamester-direct";
let aside = new Map(); // url -> { bytes, type } or { copy }: what the start fetched straight from the network
function directFetch(input, init, copy = true) {
  if (aside === null || !self.caches) return realFetch(input, init);
  const url = String((input && input.url) || input);
  const headers = new Headers((init && init.headers) || (input && input.headers) || undefined);
  headers.set(DIRECT, "1");
  return realFetch(input, { ...init, headers }).then((r) => {
    if (copy && aside !== null && r.ok && r.type === "basic" && !aside.has(url)) aside.set(url, { copy: r.clone() });
    trouble = r.ok ? (trouble.startsWith(`${leaf(url)}:`) ? "" : trouble) : `${leaf(url)}: HTTP ${r.status}`;
    return r;
  }, (e) => { // (a read the start gave up itself, as on a slow link, is no trouble)
    if (!e || e.name !== "AbortError") trouble = `${leaf(url)}: no answer from the network`;
    throw e;
  });
}
// The last runtime file fetched in vain here, and why, said with a runtime that could not be loaded (Pyodide says only
// "wasm instantiation failed!" for a missing wasm); forgotten once the file comes.
let trouble = "";
const leaf = (url) => url.split("/").pop();
function putAside(url, bytes, type) {
  if (aside !== null && !aside.has(url)) aside.set(url, { bytes, type });
}
const keeping = () => ({ expected, fromStorage, sha256hex, cacheName: RUNTIME_CACHE, hash: HASH }); // (helpers' keep)
let keepTimer = null;
function keepStartIn(ms) {
  if (aside === null) return;
  clearTimeout(keepTimer);
  keepTimer = setTimeout(keepStart, ms);
}
async function keepStart() {
  const files = aside;
  aside = null;
  if (files && files.size) helpers.then((h) => h.keep(files, keeping()), () => {}); // (not kept: fetched next time)
}

function compileWasm(url, fresh = false) {
  mark("wasm_asked");
  const found = fresh || !self.caches ? Promise.resolve(null)
    : self.caches.match(url, { cacheName: RUNTIME_CACHE }).then((r) => (r && r.ok ? r : null), () => null);
  let settle = null;
  const entry = { url, kept: null, standIn() {
    const r = new Response(null, { headers: { "Content-Type": "application/wasm" } });
    r[WASM_STANDIN] = true;
    return r;
  }, rate: new Promise((resolve) => { settle = resolve; }) }; // bytes a second, or null: not timed (helpers' linkRate)
  entry.meter = helpers.then((h) => h.linkMeter(entry.rate), () => null); // (its floor as the wasm comes)
  entry.module = found.then((r) => {
    entry.kept = r ? r.headers.get(HASH) : null;
    if (r || aside === null || !self.caches) {
      settle(null);
      return WebAssembly.compileStreaming(r || realFetch(url));
    }
    // (compiled as it comes from one branch of its body, read whole from the other to be kept, then timed; a kept
    // wasm of another build revalidated, as the browser may also hold the old one under the same address)
    const asked = performance.now();
    return directFetch(url, fresh ? { cache: "no-cache" } : undefined, false).then(async (resp) => {
      if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
      const [compiled, read] = resp.body.tee(), type = resp.headers.get("Content-Type");
      const coded = !/^(identity)?$/i.test((resp.headers.get("Content-Encoding") || "").trim());
      const meter = await entry.meter, h = meter && await helpers;
      const timed = meter && typeof TransformStream === "function" ? read.pipeThrough(meter.timed(asked, coded)) : read;
      const kept = new Response(timed).arrayBuffer().then((b) => {
        putAside(url, new Uint8Array(b), type);
        let rate = null;
        try { rate = h ? h.linkRate(url) : null; } catch (e) { /* not timed */ }
        settle(rate);
      });
      const wasmType = { headers: { "Content-Type": "application/wasm" } };
      return (await Promise.all([WebAssembly.compileStreaming(new Response(compiled, wasmType)), kept]))[0];
    });
  }).then((m) => { mark("wasm_compiled"); return m; }, (e) => {
    console.info(`Gamester: compiling the wasm when Pyodide asks for it (${e && e.message})`);
    return null;
  });
  entry.module.then(() => settle(null)); // (not timed, as where it failed; once timed, this does nothing)
  wasm = entry;
}
// Once runtime.json is read: its table, and a kept wasm of another build compiled afresh from the network.
function useTable(manifest, assets) {
  expected = new Map();
  for (const [name, sha] of Object.entries(manifest.cache || {})) {
    if (/^[A-Za-z0-9_./-]+$/.test(name) && !name.includes("..") && /^[0-9a-f]{64}$/.test(sha)) {
      expected.set(new URL(name, assets).href, sha);
    }
  }
  if (wasm) {
    const first = wasm, compiled = first.module;
    first.module = compiled.then((m) => {
      if (!first.kept || first.kept === expected.get(first.url)) return m;
      compileWasm(first.url, true);
      return wasm.module;
    });
  }
}
// The snapshot's difference from the wasm's initial memory (gamester-worker-files.js, undoDiff) is undone against that
// memory as the wasm's instantiation leaves it. Where runtime.json gives the snapshot's length (snapshot_memory),
// Pyodide is handed a buffer of that length at once, before the snapshot has come: Pyodide needs only its length to
// make its module and instantiate the wasm. Once instantiated, the fresh memory's first ``end`` bytes (3.8 MB) are
// copied aside and the instantiation returns at once: Pyodide then sets up its module (Emscripten's linking, its file
// system: some 50-70 ms in a CPU profile of a cold start) while the snapshot may still be on its way, and snapshotGate,
// which Pyodide awaits before it starts the interpreter and restores the snapshot (loadPyodide's fsInit), waits for it.
// It then puts only Pyodide's header into that buffer, and Pyodide's restore, which copies the buffer into the memory,
// gets the snapshot put there straight from the file instead (placeAtRestore, placeSnapshot: the pages it holds, its
// difference undone from the copy), rather than put together in the buffer, undone there, and copied whole (31.5 MB):
// 19-26 against 31-32 ms in Node; in Chromium the copy's 17 ms became 21, but the 9 ms of putting it together and the 5
// of undoing it went. (At 50 Mbit/s, from the snapshot read to the interpreter restored 57-67 ms against 117-124:
// README, on loopback too.) Otherwise (no length given) it is put together first, and undone in the memory before the
// instantiation returns.
let snapshotDiff = null; // { bytes, end, served?, init?, memory? } until undone
let unplace = () => {}; // (placeAtRestore's, until Pyodide's restore has come)
async function undoSnapshotDiff(instance) {
  if (!snapshotDiff) return;
  const d = snapshotDiff;
  const memory = Object.values(instance.exports).find((m) => m instanceof WebAssembly.Memory);
  if (d.served) {
    d.memory = memory;
    d.init = new Uint8Array(memory.buffer, 0, d.end).slice();
    return;
  }
  snapshotDiff = null;
  (await helpers).undoDiff(d.bytes, new Uint8Array(memory.buffer, 0, d.end));
}
// (a snapshot that cannot be put back fails the attempt, and this Pyodide is left waiting here, never to restore it)
async function snapshotGate() {
  const d = snapshotDiff;
  if (!d || !d.init) return;
  snapshotDiff = null;
  try {
    const b = await d.served, h = await helpers;
    h.snapshotHeader(b, d.bytes);
    unplace = h.placeAtRestore(b, d.bytes, d.memory, d.init);
    if (!unplace) { unplace = () => {}; h.undoDiff(h.fullSnapshot(b, d.bytes), d.init); }
  } catch (e) {
    if (attemptFailed) attemptFailed(e);
    await new Promise(() => {});
  }
}
if (typeof WebAssembly === "object" && WebAssembly.instantiateStreaming) {
  const stream = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    let response = await source;
    if (response && response[WASM_STANDIN]) {
      const module = await wasm.module;
      if (module) {
        const instance = await WebAssembly.instantiate(module, imports);
        mark("wasm_instantiated");
        await undoSnapshotDiff(instance);
        return { module, instance };
      }
      response = realFetch(wasm.url);
    }
    const out = await stream.call(WebAssembly, response, imports);
    mark("wasm_instantiated");
    await undoSnapshotDiff(out.instance);
    return out;
  };
}

const SHARED = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
const ports = new Set(); // a shared worker's pages (a port of a page that has gone takes a message and drops it)
// What every page waiting on the start is told (its progress); a reply goes to the page that asked.
let progress = null; // the last, for a page that connects while the start is under way (the first page too: a
                     // shared worker's script runs, and so starts, before its first page's port is connected)
function post(msg) {
  if (msg.type === "progress") progress = msg;
  if (!SHARED) self.postMessage(msg);
  else for (const port of ports) port.postMessage(msg);
}

async function fetchBytes(url, what) {
  const r = await fetch(url, { cache: "no-cache" });
  if (!r.ok) throw new Error(`${what}: HTTP ${r.status} for ${url}`);
  const bytes = new Uint8Array(await r.arrayBuffer());
  bytes.checked = r.headers.get(HASH); // (the sha256 that a copy the service worker kept was checked against)
  return bytes;
}

// Whether ``bytes`` (from fetchBytes) are those of ``sha``: a copy the service worker kept under that very hash was
// checked when it was kept, and is not hashed again on every start (31 MB for the snapshot).
async function matches(bytes, sha) {
  if (bytes.checked && bytes.checked === sha) return true;
  const digest = await sha256hex(bytes);
  return digest === null || digest === sha;
}

async function sha256hex(bytes) {
  if (!(self.crypto && self.crypto.subtle)) return null;
  const d = await self.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The standard library compiled to bytecode at build time: runtime.json names it, with its hash. Pyodide fetches it
// itself, alongside the wasm (no waiting for it first); its hash is checked once Python runs.
function compiledStdlib(manifest, assets) {
  if (!manifest.stdlib) return null;
  if (!/^[A-Za-z0-9_.-]+\.zip$/.test(manifest.stdlib) || !/^[0-9a-f]{64}$/.test(manifest.stdlib_sha256 || "")) {
    console.info("Gamester: booting with Pyodide's own standard library (runtime.json names no compiled one)");
    return null;
  }
  return new URL("gamester/" + manifest.stdlib, assets).href;
}

// The memory snapshot made at build time (site_src/gamester_site/snapshot.mjs): a started interpreter with the
// engine imported. Refused (the start then goes the ordinary way) unless its sha256 is runtime.json's. It only fits
// the compiled library it was made with, so it is used with that library alone.
// A page that cannot check a hash (plain HTTP to another machine has no crypto.subtle) does not fetch it at all, nor
// does a browser asked to save data, unless the service worker already holds it (the snapshot adds some 1.45 MB to a
// first use, worth it only on a fast link: see the README).
// A second visit reads the snapshot kept in storage while runtime.json is still being asked for (runtime.json names
// the snapshot, runtime.py's SNAPSHOT_NAME, and its hash): what was read early is used only if runtime.json names
// that file with the hash the kept copy was checked against; otherwise the snapshot is fetched as below.
// A start not holding it asks whether to fetch it (withoutSnapshot), then asks for it by that name (hashed below).
const SNAPSHOT_GUESS = "gamester/engine-snapshot.bin";
function readEarly(url, manifestP, assets) {
  if (!(self.crypto && self.crypto.subtle)) return null;
  const nav = self.navigator;
  const fetchToo = !(nav.connection && nav.connection.saveData);
  const stop = typeof AbortController === "function" ? new AbortController() : null;
  const kept = self.caches ? self.caches.match(url, { cacheName: RUNTIME_CACHE }).catch(() => null) : Promise.resolve(null);
  let decided = null;
  const why = new Promise((resolve) => { decided = resolve; }); // (as soon as it is known, not once it has come)
  const bytes = kept.then(async (r) => {
    if (!r || !r.ok || !r.headers.get(HASH)) {
      if (!fetchToo) return null;
      const no = await withoutSnapshot(manifestP, assets);
      decided(no);
      if (no) return null;
      r = await directFetch(url, { cache: "no-cache", signal: stop ? stop.signal : undefined }, false);
      if (!r.ok) return null;
    }
    // (read as a blob first: the browser takes it in without this worker's thread, which, read as an ArrayBuffer,
    // held it back for as long as that thread was busy setting up Pyodide; 493-499 against 494-528 ms, marks)
    const b = new Uint8Array(await (await r.blob()).arrayBuffer());
    b.checked = r.headers.get(HASH);
    if (!b.checked) putAside(url, b, r.headers.get("Content-Type")); // (left as they are: see fullSnapshot)
    return b;
  }).catch(() => null);
  kept.then((r) => { if (r && r.ok && r.headers.get(HASH)) decided(null); }).then(() => bytes).then(() => decided(null));
  return { url, bytes, why, giveUp: () => { if (stop) stop.abort(); } };
}

// Why a start that does not hold the snapshot goes the ordinary way, or null: it fetches the snapshot (helpers' whyNot).
async function withoutSnapshot(manifestP, assets) {
  const w = wasm, manifest = await manifestP.catch(() => null);
  const lib = manifest && manifest.snapshot ? compiledStdlib(manifest, assets) : null;
  return (await helpers).whyNot(w, manifest, lib, { assets, fromStorage, times });
}
// After a start from storage without the snapshot ("held"): it and the two files beside it, fetched and kept for the
// next start (helpers' keepForNext) once the engine has answered a request (a prestart fetches none). No Save-Data.
let fetchForNext = null;
function snapshotLater(manifest, assets) {
  if (self.navigator.connection && self.navigator.connection.saveData) return null;
  const urls = [manifest.snapshot, manifest.snapshot_files, manifest.snapshot_stdlib]
    .filter((n) => /^[A-Za-z0-9_.-]+\.(bin|zip)$/.test(n || "")).map((n) => new URL("gamester/" + n, assets).href);
  const get = (u) => realFetch(u, { headers: { [DIRECT]: "1" }, priority: "low" }); // (kept here, not by the SW too)
  return async () => (await helpers).keepForNext(urls, get, keeping());
}

async function snapshotBytes(manifest, assets, early) {
  if (!manifest.snapshot || !(self.crypto && self.crypto.subtle)) return null;
  if (early && (await early.why)) return null; // (the early read decided: withoutSnapshot)
  if (!/^[A-Za-z0-9_.-]+\.bin$/.test(manifest.snapshot) ||
      !/^[0-9a-f]{64}$/.test(manifest.snapshot_sha256 || "")) return null;
  const url = new URL("gamester/" + manifest.snapshot, assets);
  if (self.navigator.connection && self.navigator.connection.saveData) {
    let held = null;
    try {
      held = self.caches && await self.caches.match(url.href, { cacheName: "gamester-runtime" });
    } catch (e) { /* no storage: as not held */ }
    if (!held || held.headers.get("x-gamester-sha256") !== manifest.snapshot_sha256) return null;
  }
  // (asked for early: a copy kept under another hash is not used; one fresh from the network is hashed below)
  const kept = early && early.url === url.href
    ? early.bytes.then((b) => (b && (!b.checked || b.checked === manifest.snapshot_sha256) ? b : null))
    : Promise.resolve(null);
  // The bytes are handed on as soon as they are here, and their sha256 is worked out beside Pyodide's restore of
  // them (a copy taken at once, before the restore changes them: SubtleCrypto.digest copies what it is given; some
  // 10-25 ms for its 12.5 MB here, no longer before the restore): the start awaits ``verified`` before it uses the
  // interpreter, and starts the ordinary way if it fails.
  const p = kept.then((b) => b || fetchBytes(url, "snapshot")).then((bytes) => {
    bytes.verified = matches(bytes, manifest.snapshot_sha256);
    bytes.verified.catch(() => {});
    return bytes; // (as served: boot puts it back together, fullSnapshot)
  });
  p.catch(() => {}); // reported by the attempt that awaits it
  return { bytes: p }; // (not p itself: an async function's caller would wait for the whole download)
}

// Beside the snapshot: the engine wheel's files that are not code (runtime.py's engine-files.zip), checked by sha256.
function snapshotFiles(manifest, assets) {
  if (!/^[A-Za-z0-9_.-]+\.zip$/.test(manifest.snapshot_files || "") ||
      !/^[0-9a-f]{64}$/.test(manifest.snapshot_files_sha256 || "")) return null;
  const p = fetchBytes(new URL("gamester/" + manifest.snapshot_files, assets), "engine files").then(async (bytes) => {
    if (!(await matches(bytes, manifest.snapshot_files_sha256))) throw new Error("checksum mismatch (engine files)");
    return bytes;
  });
  p.catch(() => {}); // reported by the attempt that awaits it
  return p;
}

// Pyodide reports a runtime that cannot load (a missing or refused .wasm, a library Python cannot start from) on the
// console and may never settle its promise: the console is watched so that each attempt fails instead of waiting.
let attemptFailed = null;
let fatal = false; // Pyodide said it has failed for good (it says so on the console, then throws the cause)
let quiet = null; // what it says while a snapshot is restored (bad bytes may crash it): said if it passes its check
for (const level of ["error", "warn"]) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    if (quiet) quiet.push(() => original(...args)); else original(...args);
    const text = args.map(String).join(" ");
    if (/suffered a fatal error|fatally failed/i.test(text)) fatal = true;
    if (attemptFailed && /instantiation failed|Aborted\(|status code is not ok|failed to asynchronously prepare wasm|Fatal Python error/i.test(text)) {
      attemptFailed(new Error("the Python runtime could not be loaded: " + text.slice(0, 160) + (trouble ? ` (${trouble})` : "")));
    }
  };
}

async function attempt(loadPyodide, options) {
  const failed = new Promise((_, reject) => { attemptFailed = reject; });
  try {
    return await Promise.race([loadPyodide(options), failed]);
  } finally {
    attemptFailed = null;
    unplace();
  }
}

async function boot(assets) {
  const t0 = performance.now();
  mark("boot");
  const stage = (n, text) => post({ type: "progress", stage: n, of: 4, text, ms: performance.now() - t0 });
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  stage(1, "Starting the card engine in your browser (4 to 6 MB to fetch the first time)");
  const manifestP = realFetch(new URL("gamester/runtime.json", assets), { cache: "no-cache" }).then((r) => {
    if (!r.ok) throw new Error(`runtime.json: HTTP ${r.status}`); // (via the service worker: its copy offline)
    return r.json();
  });
  const pyodideURL = new URL("pyodide/", assets).href;
  if (typeof WebAssembly.compileStreaming === "function") compileWasm(new URL("pyodide.asm.wasm", pyodideURL).href);
  // Pyodide's JavaScript (1.25 MB), which loadPyodide imports only once it is called (after runtime.json): imported
  // now, beside runtime.json and the snapshot, so that its import then finds it loaded and compiled (a failure here
  // is Pyodide's own to report, when it imports it).
  import(new URL("pyodide.asm.mjs", pyodideURL).href).then(() => mark("asm_mjs"), () => {});
  const early = readEarly(new URL(SNAPSHOT_GUESS, assets).href, manifestP, assets);
  const [{ loadPyodide }, manifest] = await Promise.all([
    import(new URL("pyodide.mjs", pyodideURL).href).then((m) => { mark("pyodide_mjs"); return m; }),
    manifestP.then((m) => { mark("manifest_read"); return m; })]);
  mark("manifest");
  useTable(manifest, assets);
  // The engine: its wheel, or beside the snapshot (which holds every engine module imported) only the wheel's files
  // that are not code (a few kB). Either downloads while Pyodide starts.
  let wheelP = null;
  const engineWheel = () => {
    if (wheelP) return wheelP;
    if (!/^gamester-[A-Za-z0-9_.+-]+-py3-none-any\.whl$/.test(manifest.wheel || "")) {
      wheelP = Promise.reject(new Error("runtime.json names no engine wheel"));
    } else {
      wheelP = fetchBytes(new URL("gamester/" + manifest.wheel, assets), "engine wheel").then(async (bytes) => {
        if (manifest.sha256 && !(await matches(bytes, manifest.sha256))) throw new Error("engine wheel checksum mismatch");
        return bytes;
      });
    }
    wheelP.catch(() => {}); // reported when awaited below
    return wheelP;
  };
  const options = { indexURL: pyodideURL, stdout: () => {}, stderr: () => {} };
  const stdLibURL = compiledStdlib(manifest, assets);
  let pyodide = null;
  let engine = null; // the archive to unpack into site-packages
  times.start = "ordinary";
  const snapshot = stdLibURL ? ((await snapshotBytes(manifest, assets, early)) || {}).bytes : null;
  times.why = (snapshot ? null : early && (await early.why)) || undefined; // (why not the snapshot: withoutSnapshot)
  if (times.why === "held") fetchForNext = snapshotLater(manifest, assets);
  if (early && (!snapshot || new URL("gamester/" + manifest.snapshot, assets).href !== early.url)) early.giveUp();
  const filesP = snapshot ? snapshotFiles(manifest, assets) : null;
  if (!filesP) engineWheel();
  if (snapshot && filesP) {
    snapshot.then(() => mark("snapshot_fetched"), () => {});
    snapshot.then((b) => b.verified).then((ok) => { if (ok) mark("snapshot_checked"); }, () => {});
    try {
      const { fullSnapshot, snapshotStdlib } = await helpers;
      const [libURL, libSha] = snapshotStdlib(manifest, assets, stdLibURL);
      const end = manifest.snapshot_wasm_data, total = manifest.snapshot_memory;
      let bytes;
      if (end && (!Number.isInteger(end) || end <= 0 || !WebAssembly.instantiateStreaming)) {
        throw new Error("its difference from the wasm cannot be undone here");
      }
      if (end && Number.isInteger(total) && total > end) { // (handed over at once: see undoSnapshotDiff)
        const into = new Uint8Array(total);
        snapshotDiff = { bytes: into, end, served: snapshot }; // (reported by the gate that awaits it)
        bytes = Promise.resolve(into);
      } else {
        bytes = snapshot.then((b) => {
          const full = fullSnapshot(b);
          if (end) snapshotDiff = { bytes: full, end };
          return full;
        });
      }
      const fsInit = snapshotGate; // (Pyodide awaits it before it starts the interpreter: see undoSnapshotDiff)
      const checked = snapshot.then((b) => b.verified).catch(() => false), said = quiet = [];
      const settle = (ok) => { if (quiet !== said) return; quiet = null; if (ok) for (const f of said) f(); };
      checked.then((ok) => { if (ok) settle(true); }); // (else held until the attempt ends, and dropped)
      pyodide = await attempt(loadPyodide, { ...options, stdLibURL: libURL, _loadSnapshot: bytes, fsInit })
        .finally(() => checked.then(settle));
      if (!(await checked)) throw new Error("checksum mismatch");
      if (end && !(await bytes).undone) throw new Error("its difference from the wasm was not undone");
      mark("restored");
      await (await helpers).checkStdlib(pyodide, libSha, libURL, { held, sha256hex });
      mark("stdlib_checked");
      // The snapshot's interpreter was started at build time: its random numbers are reseeded for this reader.
      pyodide.pyimport("random").seed();
      pyodide.pyimport("_gamester_stdlib").install((await helpers).fullStdlib(pyodide, pyodideURL));
      engine = await filesP;
      times.start = "snapshot";
    } catch (e) {
      snapshotDiff = null;
      engineWheel();
      engine = null;
      fatal = false; // (a fatal error there was that interpreter's: the next start makes another)
      console.info(`Gamester: starting Python the ordinary way (the snapshot: ${e.message})`);
      pyodide = null;
    }
  }
  if (pyodide === null && stdLibURL) {
    try {
      pyodide = await attempt(loadPyodide, { ...options, stdLibURL });
      await (await helpers).checkStdlib(pyodide, manifest.stdlib_sha256, stdLibURL, { held, sha256hex });
      pyodide.pyimport("_gamester_stdlib").install((await helpers).fullStdlib(pyodide, pyodideURL));
    } catch (e) {
      console.info(`Gamester: booting with Pyodide's own standard library (the compiled one: ${e.message})`);
      pyodide = null;
    }
  }
  times.compiled = pyodide !== null;
  if (pyodide === null) pyodide = await attempt(loadPyodide, options);
  times.pyodide = performance.now() - T0;
  stage(2, "Fetching the rules of the games");
  const format = engine === null ? "wheel" : "zip";
  if (engine === null) engine = await engineWheel();
  mark("engine_fetched");
  stage(3, "Setting up the rules");
  const sitePackages = (pyodide._api && pyodide._api.sitePackages)
    || pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  if (format !== "zip" || !(await helpers).unpackStored(pyodide, engine, sitePackages)) {
    pyodide.unpackArchive(engine, format, { extractDir: sitePackages });
  }
  mark("unpacked");
  stage(4, "Almost ready");
  pyodide.pyimport("importlib").invalidate_caches();
  pyodide.pyimport("gamester.hostfiles").use((await helpers).hostFile(assets));
  const web = pyodide.pyimport("gamester.hosts.web");
  handle = web.handle;
  mark("imported");
  const hello = JSON.parse(handle(JSON.stringify({ op: "games" })));
  mark("ready");
  keepStartIn(500);
  // Each file's fetch (from the service worker's storage on a second visit), from the worker's first line.
  times.files = performance.getEntriesByType("resource").map((e) => ({ url: e.name, kept: !!aside && aside.has(e.name),
    name: e.name.split("/").pop(), start: Math.round(e.startTime - T0), first: Math.round(e.responseStart - T0),
    end: Math.round(e.responseEnd - T0), body: e.encodedBodySize }));
  return { version: manifest.version, pyodide: manifest.pyodide, start: times.start, times, games: hello.games || [] };
}

// The page names its engine worker "gamester-engine" (with its build's mark, gamester-engine.js's ENGINE_NAME) and
// tells it to boot at once: it starts from its name, without waiting for that message, which a page still busy
// loading (the early start, gamester-early.js) passes on only when its main thread is free (100-300 ms later,
// measured). Its assets are beside its own address, as the page's are beside the engine script's; the boot message
// then finds the boot under way.
if (/^gamester-engine\b/.test(self.name || "") && self.location) {
  booting = boot(new URL("../assets/", self.location.href).href);
  booting.catch(() => {}); // (reported when the boot message awaits it)
}

let started = 0; // the pages that have asked for the engine (a shared worker's later pages find it running)
// ``running``: the page's port was connected to a shared engine that had started already (its start "running").
async function onMessage(ev, answer, running = false) {
  const msg = ev.data || {};
  if (msg.type === "boot") {
    started += 1;
    if (!booting) booting = boot(msg.assets);
    try {
      const info = await booting;
      answer({ type: "ready", ...info, start: running ? "running" : info.start, pages: started });
    } catch (e) {
      answer({ type: "failed", error: String((e && e.message) || e) });
    }
    return;
  }
  if (msg.type === "call") {
    if (!handle && booting) await booting.catch(() => {}); // (a page's request sent with its boot message)
    const t = performance.now();
    let reply;
    let broken = false;
    try {
      if (!handle) throw new Error("the engine is not running");
      if (typeof msg.request !== "string") throw new Error("a request is JSON text");
      reply = handle(msg.request);
    } catch (e) {
      reply = JSON.stringify({ ok: false, error: "engine failure: " + String((e && e.message) || e) });
      broken = fatal || /fatally failed/i.test(String(e && e.message)); // (Pyodide's fatal error: nothing runs again)
    }
    answer({ type: "reply", id: msg.id, reply, ms: performance.now() - t });
    keepStartIn(0);
    const later = fetchForNext; // (snapshotLater's, run once)
    fetchForNext = null;
    if (later) later();
    if (broken && SHARED) { // every page is told, and the next one starts afresh rather than joining it
      post({ type: "broken" });
      self.close();
    }
  }
}

if (SHARED) {
  self.onconnect = (ev) => {
    const port = ev.ports[0];
    const running = handle !== null;
    ports.add(port);
    if (progress && !running) port.postMessage(progress);
    port.onmessage = (m) => {
      if (m.data && m.data.type === "leave") ports.delete(port); // a page that gave up on this engine
      else onMessage(m, (msg) => port.postMessage(msg), running);
    };
  };
} else {
  self.onmessage = (ev) => onMessage(ev, post);
}

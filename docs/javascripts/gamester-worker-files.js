// Gamester engine worker (gamester-worker.js): the runtime's files put back together and kept, and a few pieces of its
// start. No state of its own (but compileSmallModulesOnce's modules): the worker passes in what each needs.

// The snapshot as served leaves out its 4 kB pages that are all zeros (some 60% of it: the interpreter's memory it
// has not used), so that the browser has less to inflate and to pass on, and the worker and its storage less to read
// and to hash (snapshot.mjs, sparse): a header of four little-endian words (SPARSE, the snapshot's length, the
// page's length, the count of runs), each run of pages kept (its first page and how many), then those pages' bytes in
// turn. Put back in place into ``into`` (all zeros, runtime.json's snapshot_memory long) or a new buffer; ``b`` is
// left as it is. A file without the mark is whole.
export const SPARSE = 0x315a4d47; // "GMZ1"
export function fullSnapshot(b, into = null) {
  const { sparse, total, runs } = snapshotRuns(b, into ? into.length : null);
  if (!sparse && !into) return b;
  const out = into || new Uint8Array(total);
  for (const [from, n, at] of runs) out.set(b.subarray(at, at + n), from);
  return out;
}

// The snapshot is stored as its difference (XOR) from the wasm's initial memory (snapshot.mjs; runtime.json's
// snapshot_wasm_data: how many bytes into the memory it runs): Pyodide's static data, which pyodide.asm.wasm brings
// already, is not sent twice. Undone in place in ``bytes`` (the whole snapshot, after Pyodide's header) from ``init``,
// the fresh memory's first bytes, once the wasm is instantiated and before Pyodide restores the snapshot into it.
export function undoDiff(bytes, init) {
  const head = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true); // Pyodide's header's length
  xorInto(bytes.subarray(head, head + init.length), init);
  bytes.undone = true;
}
// dst[k] ^= src[k] for every k of dst, by words where both are aligned.
function xorInto(dst, src) {
  let k = 0;
  if (dst.byteOffset % 4 === 0 && src.byteOffset % 4 === 0) {
    const a = new Int32Array(dst.buffer, dst.byteOffset, dst.length >> 2);
    const m = new Int32Array(src.buffer, src.byteOffset, a.length);
    for (; k < a.length; k++) a[k] ^= m[k];
    k <<= 2;
  }
  for (; k < dst.length; k++) dst[k] ^= src[k];
}

// What a start fetched straight from the network (gamester-worker.js, directFetch): ``files``, url -> { bytes, type }
// or { copy } (a clone of the response), each kept in the service worker's storage exactly as the service worker
// keeps a file: under the sha256 runtime.json gives it (``expected``), when its bytes have that hash, with the hash
// in its headers; one already held under that hash, or not in the table, is left.
export async function keep(files, { expected, fromStorage, sha256hex, cacheName, hash }) {
  let cache = null;
  for (const [url, { bytes, type, copy }] of files) {
    const sha = expected && expected.get(url);
    try {
      if (!sha || (await fromStorage(url, sha))) {
        if (copy && copy.body) copy.body.cancel().catch(() => {});
        continue;
      }
      const body = bytes || new Uint8Array(await copy.arrayBuffer());
      if ((await sha256hex(body)) !== sha) continue; // (changed on its way, or since: not kept)
      cache = cache || await self.caches.open(cacheName);
      await cache.put(url, new Response(body, { headers: {
        "Content-Type": (copy ? copy.headers.get("Content-Type") : type) || "application/octet-stream", [hash]: sha } }));
    } catch (e) {
      /* not kept: the next start fetches it again */
    }
  }
}

// The engine's files beside the snapshot (a stored zip: runtime.py writes it uncompressed), written straight into
// the file system without running Python's zipfile; a zip that is not stored is unpacked by Pyodide as before.
export function unpackStored(pyodide, bytes, dest) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && v.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) return false;
  const count = v.getUint16(end + 10, true);
  const files = [];
  for (let i = 0, at = v.getUint32(end + 16, true); i < count; i++) {
    if (v.getUint32(at, true) !== 0x02014b50 || v.getUint16(at + 10, true) !== 0) return false;
    const size = v.getUint32(at + 20, true), nameLen = v.getUint16(at + 28, true);
    const local = v.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLen));
    if (name.startsWith("/") || name.split("/").includes("..") || v.getUint32(local, true) !== 0x04034b50) return false;
    const data = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    files.push([name, bytes.subarray(data, data + size)]);
    at += 46 + nameLen + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  for (const [name, data] of files) {
    const path = dest + "/" + name;
    if (name.endsWith("/")) { pyodide.FS.mkdirTree(path); continue; }
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
  return true;
}

// Once the wasm is instantiated, Pyodide's start (Emscripten's dynamic linking: reportUndefinedSymbols) puts some 260
// JavaScript functions into the wasm's function table, each wrapped in a wasm module of a few dozen bytes compiled
// for it (convertJsFunctionToWasm) whose bytes depend only on the function's signature. From this call on, such a
// module is compiled once per signature and used again for the others (a module holds no state: each function still
// gets an instance of its own): 3-5 ms less of every start, after the downloads (12-12.5 against 15.4-16.7 ms for
// those 260, medians of two runs of four cold starts, by performance marks put into a copy of pyodide.asm.mjs).
// Any other module is compiled as before.
export function compileSmallModulesOnce() {
  if (typeof WebAssembly !== "object" || typeof Proxy !== "function" || WebAssembly.Module.smallOnce) return;
  const Compile = WebAssembly.Module, small = new Map();
  WebAssembly.Module = new Proxy(Compile, { construct(target, args, newTarget) {
    const bytes = args[0];
    if (newTarget !== WebAssembly.Module || args.length !== 1 || !(bytes instanceof Uint8Array) || bytes.length > 64) {
      return Reflect.construct(target, args, newTarget === WebAssembly.Module ? target : newTarget);
    }
    const key = bytes.join();
    let module = small.get(key);
    if (!module) small.set(key, (module = new Compile(bytes)));
    return module;
  }, get: (target, key) => (key === "smallOnce" ? true : Reflect.get(target, key)) });
}

// The snapshot put straight into the wasm's memory, in place of Pyodide's copy of the whole of it (restoreSnapshot's
// HEAP8.set of the 31.5 MB buffer it was handed, after its set-up has run): ``b`` as served (sparse or whole, its
// memory XORed with the wasm's initial memory ``init`` up to init.length), ``heap`` the memory. Only the pages the
// file holds are written; below init.length the others are put back from ``init`` (the set-up may have written
// there); above it they must be zeros, and are read to see that they are, and cleared where they are not (the set-up
// ran on the stack and the heap), so that the fresh memory's untouched pages are never written: 12.5 MB written
// and 19 MB read, against the whole buffer put together (fullSnapshot), undone (undoDiff) and copied whole.
// snapshotHeader puts Pyodide's header (which it reads before the copy) into ``into``, and checks the file's runs.
function snapshotRuns(b, length = null) {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length < 16 || v.getUint32(0, true) !== SPARSE) {
    if (length !== null && b.length !== length) throw new Error("its length is not runtime.json's");
    return { sparse: false, total: b.length, runs: [[0, b.length, 0]] };
  }
  const total = v.getUint32(4, true), page = v.getUint32(8, true), count = v.getUint32(12, true);
  if (length !== null && total !== length) throw new Error("its length is not runtime.json's");
  const runs = [];
  let at = 16 + count * 8, last = 0;
  for (let r = 0, k = 16; r < count; r++, k += 8) {
    const from = v.getUint32(k, true) * page, n = Math.min(v.getUint32(k + 4, true) * page, total - from);
    if (n <= 0 || from < last || at + n > b.length || from % 8) throw new Error("its runs of pages do not fit it");
    runs.push([from, n, at]);
    at += n;
    last = from + n;
  }
  if (at !== b.length || !runs.length || runs[0][0] !== 0) throw new Error("its runs of pages do not fit it");
  return { sparse: true, total, runs };
}
export function snapshotHeader(b, into) {
  const { runs } = snapshotRuns(b, into.length);
  const at = runs[0][2], head = new DataView(b.buffer, b.byteOffset + at, 8).getUint32(4, true);
  if (head > runs[0][1] || head % 8) throw new Error("its header does not fit it");
  into.set(b.subarray(at, at + head));
  return head;
}
export function placeSnapshot(b, into, heap, init) {
  const { total, runs } = snapshotRuns(b, into.length), end = init.length;
  const head = new DataView(b.buffer, b.byteOffset + runs[0][2], 8).getUint32(4, true);
  const settle = (from, to) => { // file offsets: the memory's bytes the file leaves out
    const a = from - head, z = to - head;
    if (a < end) heap.set(init.subarray(a, Math.min(z, end)), a);
    let s = Math.max(a, end);
    for (; s < z && s % 4; s++) heap[s] = 0;
    if (s >= z) return;
    const w = new Int32Array(heap.buffer, heap.byteOffset + s, (z - s) >> 2), n = w.length;
    for (let p = 0; p < n; p += 1024) { // (4 kB at a time, only read unless it holds something)
      const q = Math.min(n, p + 1024);
      let any = 0;
      for (let j = p; j < q; j++) any |= w[j];
      if (any) w.fill(0, p, q);
    }
  };
  if ((total - head) % 4 || heap.byteOffset % 4 || heap.length < total - head) {
    throw new Error("it does not fit the memory");
  }
  let done = head;
  for (const [from, n, at] of runs) {
    if (from > done) settle(done, from);
    const skip = Math.max(0, head - from), m = from + skip - head, data = b.subarray(at + skip, at + n);
    heap.set(data, m);
    if (m < end) xorInto(heap.subarray(m, Math.min(end, m + data.length)), init.subarray(m)); // (its difference undone)
    done = Math.max(done, from + n);
  }
  if (done < total) settle(done, total);
  into.undone = true;
}

// Pyodide's restore copies the buffer it was handed (``into``) into the memory (HEAP8.set, an Int8Array's set): from
// this call on, that one copy puts the snapshot there itself instead (placeSnapshot), and any other is the typed
// arrays' own. Returns what takes this back (done by itself on that copy); null where something else has replaced
// Int8Array's set already (the buffer is then to be put together whole).
export function placeAtRestore(b, into, memory, init) {
  const proto = Int8Array.prototype, own = Object.getPrototypeOf(proto).set;
  if (Object.hasOwn(proto, "set")) return null;
  const undo = () => { if (Object.hasOwn(proto, "set")) delete proto.set; };
  proto.set = function (src, offset) {
    if (!src || src.buffer !== into.buffer || offset) return own.call(this, src, offset);
    undo();
    placeSnapshot(b, into, new Uint8Array(memory.buffer), init);
  };
  return undo;
}

// Called (synchronously, from Python) the first time the trimmed library lacks a module: Pyodide's full library is
// written into the file system. A worker may make a synchronous request; it happens once, if ever.
export function fullStdlib(pyodide, pyodideURL) {
  return (where) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", new URL("python_stdlib.zip", pyodideURL).href, false);
    xhr.responseType = "arraybuffer";
    xhr.send(null);
    if (xhr.status !== 200) throw new Error(`python_stdlib.zip: HTTP ${xhr.status}`);
    pyodide.FS.writeFile(String(where), new Uint8Array(xhr.response));
    console.info("Gamester: a module outside the compiled library was asked for; Pyodide's full library is loaded");
  };
}

// A start from the snapshot mounts only the part of the compiled library the snapshot has not imported (a few kB;
// runtime.json's snapshot_stdlib, made with the snapshot, whose zip importer knows that file's contents).
export function snapshotStdlib(manifest, assets, stdLibURL) {
  if (!/^[A-Za-z0-9_.-]+\.zip$/.test(manifest.snapshot_stdlib || "") ||
      !/^[0-9a-f]{64}$/.test(manifest.snapshot_stdlib_sha256 || "")) return [stdLibURL, manifest.stdlib_sha256];
  return [new URL("gamester/" + manifest.snapshot_stdlib, assets).href, manifest.snapshot_stdlib_sha256];
}

// -- the link a first visit's start has (gamester-worker.js, withoutSnapshot) ---------------------------------------

// The link's speed, from the wasm as it came from the network on a first visit (the start's first and largest
// download: 2.7 MB with brotli): its body's bytes on the wire over the time from its first byte to its last, as the
// browser's Resource Timing gives them (the network's times, not the worker's, which may be busy: the aim, not
// measured). Pyodide's script shares the link with it for a while (0.2 MB): the figure reads some 10% low. None (the
// snapshot then fetched as ever) where there are no figures: a response from the browser's HTTP cache (nothing on
// the wire), or another origin that does not give them.
export function linkRate(url) {
  const e = performance.getEntriesByName(url, "resource").pop();
  if (!e || !(e.encodedBodySize > 0) || !(e.transferSize > 0)) return null;
  const ms = e.responseEnd - e.responseStart;
  return ms > 0 ? e.encodedBodySize / (ms / 1000) : Infinity;
}

// A fast link is known sooner, as the wasm comes (``timed``: its body passed through): its bytes read so far over the
// time since it was asked for (the round trip and any wait of the worker's thread count against the link, never for
// it), as bytes on the wire at most WIRE_RATIO times fewer (1 for a body the host did not compress): a rate the link
// has at least, its floor. (The whole wasm is 3.5 times smaller with brotli at quality 11, its gzip 2.7; but its first
// megabytes compress further, up to 4.5 times at 1.75 MB.) ``atLeast(r)``: true once the floor reaches r, false if it
// has not when ``rate`` (the reading once the wasm has come) settles, so that the snapshot need not wait for the
// wasm's last byte on a fast link.
const WIRE_RATIO = 5;
export function linkMeter(rate) {
  let low = 0, done = false;
  const waiting = []; // [rate, resolve] of each atLeast not yet answered
  const floor = (r) => {
    low = Math.max(low, r);
    for (let i = waiting.length - 1; i >= 0; i--) {
      const [want, answer] = waiting[i];
      if (low >= want || done) {
        waiting.splice(i, 1);
        answer(low >= want);
      }
    }
  };
  rate.then(() => { done = true; floor(0); });
  return {
    atLeast: (r) => (low >= r || done ? Promise.resolve(low >= r) : new Promise((res) => waiting.push([r, res]))),
    timed(asked, encoded) {
      let n = 0;
      const ratio = encoded ? WIRE_RATIO : 1;
      return new TransformStream({
        transform(chunk, out) {
          n += chunk.byteLength;
          const s = (performance.now() - asked) / 1000;
          if (s > 0) floor(n / s / ratio);
          out.enqueue(chunk);
        },
      });
    },
  };
}

// Why a start that does not hold the snapshot goes the ordinary way (null: it fetches the snapshot, as it always did),
// given the worker's wasm entry ``w`` (its ``meter``, ``rate`` and ``kept``), runtime.json and the compiled library's
// address ``lib`` (null: none):
// - "no snapshot": runtime.json names none (a build without it) or could not be read.
// - "slow link": a first visit's wasm came slower (linkMeter's floor, then linkRate) than runtime.json's
//   snapshot_link_mbit (15 Mbit/s; 15 too where it gives none; 0: never, and no waiting for the wasm). Why 15:
//   runtime.py's SNAPSHOT_LINK_MBIT, and the README's start-up figures.
// - "held": the wasm, the compiled library and the engine wheel are held, with this build's hashes, and the snapshot
//   is not (an earlier start went the ordinary way): this start goes the ordinary way from storage, no byte fetched,
//   and fetches the snapshot afterwards for the next (keepForNext).
// A wasm held whose other files are not (a new build changed the engine) fetches the snapshot, as before.
export async function whyNot(w, manifest, lib, { assets, fromStorage, times }) {
  if (!manifest || !manifest.snapshot) return "no snapshot";
  const given = manifest.snapshot_link_mbit;
  const mbit = typeof given === "number" && given >= 0 ? given : 15;
  if (mbit === 0) return null;
  const meter = w && await w.meter;
  if (meter && await Promise.race([meter.atLeast(mbit * 1e6 / 8), w.rate.then(() => false)])) {
    times.link_mbit = `${mbit} or more`; // (known before the wasm's last byte)
    return null;
  }
  const rate = w ? await w.rate : null;
  if (rate !== null) {
    times.link_mbit = Number.isFinite(rate) ? Math.round(rate * 8 / 1e5) / 10 : "loopback";
    return rate * 8 / 1e6 < mbit ? "slow link" : null;
  }
  const wheel = /^[A-Za-z0-9_.+-]+\.whl$/.test(manifest.wheel || "") ? new URL("gamester/" + manifest.wheel, assets).href : null;
  if (!w || !w.kept || !lib || !wheel || w.kept !== (manifest.cache || {})["pyodide/pyodide.asm.wasm"]) return null;
  const [a, b] = await Promise.all([fromStorage(lib, manifest.stdlib_sha256), fromStorage(wheel, manifest.sha256)]);
  return a && b ? "held" : null;
}

// After a start from storage that went the ordinary way for want of the snapshot, once its engine has answered a
// request (the worker's onMessage): ``urls`` (the snapshot and the two files beside it)
// fetched by ``get`` straight from the network, past the service worker, and kept as a start keeps its own files
// (keep, with ``opts``), so that the next start restores the interpreter instead of starting it, whether or not the
// service worker controls the worker (a page reloaded past it). Nothing reads them now: they are for the next.
export async function keepForNext(urls, get, opts) {
  const files = new Map();
  for (const url of urls) {
    try {
      const r = await get(url);
      if (r.ok) files.set(url, { copy: r });
    } catch (e) { /* fetched by a later start */ }
  }
  try {
    await keep(files, opts);
  } catch (e) { /* fetched by a later start */ }
}

// The library Pyodide wrote into its file system is the one runtime.json names: the service worker's copy says the
// hash it was checked against when it was kept (``held``: url -> that hash); otherwise its bytes are hashed (no Python
// runs for it).
export async function checkStdlib(pyodide, sha, url, { held, sha256hex }) {
  if (held.get(url) === sha) return;
  const zip = pyodide.FS.readdir("/lib").find((f) => f.endsWith(".zip"));
  const digest = zip ? await sha256hex(pyodide.FS.readFile("/lib/" + zip)) : "none";
  if (digest && digest !== sha) throw new Error("checksum mismatch");
}

// A data file the engine wheel leaves out (gamester.hostfiles: Put's solved strategies), fetched when the engine first
// reads it, by a synchronous request (the engine's call is synchronous; a worker may make one, and the service worker
// answers it like any other); the engine checks its sha256 and words any failure for the reader.
export function hostFile(assets) {
  return (file) => {
    if (typeof file !== "string" || !/^[A-Za-z0-9_.\/-]+$/.test(file) || file.includes("..")) {
      throw new Error("not a file of this site");
    }
    const xhr = new XMLHttpRequest();
    xhr.open("GET", new URL("gamester/" + file, assets).href, false);
    xhr.responseType = "arraybuffer";
    try {
      xhr.send(null);
    } catch (e) {
      throw new Error("the site did not answer; is the network down?");
    }
    if (xhr.status !== 200) throw new Error(`the site answered with status ${xhr.status}`);
    return new Uint8Array(xhr.response);
  };
}

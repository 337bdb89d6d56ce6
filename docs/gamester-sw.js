// Gamester's service worker (issue 30): a second visit starts the engine from the browser's own storage, and a site
// opened once still starts the game with a flaky network or none. It sits at the site's root, so its scope is the
// site wherever it is served (any host, port or sub-path: it names none).
//
// - The runtime (Pyodide's files, the engine wheel, the compiled library, the start-up snapshot and the engine's
//   files beside it, Put's solved strategies) is kept in one cache by the sha256 that runtime.json's "cache" table
//   gives each file, once the file has passed through here (nothing is fetched ahead: a start from the snapshot never
//   asks for the wheel, a page whose games do not read the strategies never asks for them): served from there while
//   the table names the same hash, fetched (and kept only if its bytes have that hash) otherwise. A held copy says
//   its hash (x-gamester-sha256), so that the engine's worker need not hash it again. When a new runtime.json names
//   other files or other hashes, what no longer matches is deleted: a new build replaces what is held.
// - Everything else (pages, runtime.json, scripts, styles) is network-first: the network's answer is used and a
//   copy kept; the copy is used only when the network fails. A page is never served stale while the network works.
"use strict";

const RUNTIME = "gamester-runtime";
const SITE = "gamester-site";
const HASH = "x-gamester-sha256";
const SCOPE = self.registration.scope;
const MANIFEST = new URL("assets/gamester/runtime.json", SCOPE).href;
const ASSETS = new URL("assets/", SCOPE).href;

let table = null; // absolute URL -> sha256, from the latest runtime.json
let pruning = null; // the deletion of what the latest runtime.json no longer names (a new copy is kept after it)

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (ev) => ev.waitUntil(self.clients.claim()));

function bare(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  return u.href;
}

async function sha256hex(buf) {
  const d = await crypto.subtle.digest("SHA-256", buf);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

// runtime.json's table, made absolute: in use at once; the held runtime files it no longer names (or names with
// another hash) are then deleted (``later``: the fetch event's waitUntil, so that runtime.json's answer waits for none
// of it).
function useManifest(text, later = (p) => p) {
  let manifest;
  try { manifest = JSON.parse(text); } catch (e) { return null; }
  const next = {};
  for (const [name, sha] of Object.entries((manifest && manifest.cache) || {})) {
    if (/^[A-Za-z0-9_./-]+$/.test(name) && !name.includes("..") && /^[0-9a-f]{64}$/.test(sha)) {
      next[new URL(name, ASSETS).href] = sha;
    }
  }
  table = next;
  return later(pruning = (async () => {
    const cache = await caches.open(RUNTIME);
    for (const req of await cache.keys()) {
      const held = await cache.match(req);
      if (!held || next[req.url] !== held.headers.get(HASH)) await cache.delete(req);
    }
  })().catch(() => {}));
}

// The table for a request under assets/: the one this worker last read. A worker just started (the browser stops
// idle ones) reads runtime.json first, network first (an old build's table is never trusted while the network
// works), before it answers for any runtime file: the engine's files may be asked for before runtime.json is.
let loading = null;
async function currentTable() {
  if (table) return table;
  if (!loading) {
    loading = networkFirst(new Request(MANIFEST, { cache: "no-cache" })).catch(() => null);
  }
  await loading;
  return table || {};
}

// Network first; a good answer is kept for when the network fails (written after it is passed on: ``later`` is the
// fetch event's waitUntil). runtime.json's answer also updates the table before it is passed on.
async function networkFirst(request, later = (p) => p) {
  const key = request.mode === "navigate" ? bare(request.url) : request.url;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      if (bare(request.url) === MANIFEST) {
        const text = await response.clone().text();
        useManifest(text, later);
      }
      later(caches.open(SITE).then((cache) => cache.put(key, copy)).catch(() => {}));
    }
    return response;
  } catch (e) {
    const navigate = request.mode === "navigate";
    // (a page asked for by its file, ".../put/index.html", as the classroom copy's links name it, and kept by its
    // folder, ".../put/", as the whole site's keep names it: found by either)
    const held = await caches.match(key, { cacheName: SITE, ignoreSearch: navigate }) || (navigate &&
      key.endsWith("/index.html") ? await caches.match(key.slice(0, -10), { cacheName: SITE, ignoreSearch: true }) : undefined);
    // (offline, a worker just started takes its table from the kept runtime.json: else it has none, and answers
    // no runtime file from what it holds, Pyodide's scripts among them)
    if (held && bare(request.url) === MANIFEST && !table) useManifest(await held.clone().text(), later);
    if (held) return held;
    throw e;
  }
}

// A response passed on as it comes (the wasm compiles while it downloads) while a copy is read whole; ``keep`` then
// decides, with the bytes and the content type, whether and where the copy is kept (in the fetch event's waitUntil).
function passOn(ev, response, keep) {
  const type = response.headers.get("Content-Type") || "application/octet-stream";
  const [onward, copy] = response.body.tee();
  ev.waitUntil((async () => keep(await new Response(copy).arrayBuffer(), type))().catch(() => {}));
  return new Response(onward, { status: 200, headers: { "Content-Type": type } });
}

// A runtime file's bytes kept by their hash, only if they have the hash the table gives (after the pruning of what a
// new table no longer names, so that the copy is not deleted by it): whether they were.
async function keepRuntime(url, sha, body, type) {
  await pruning;
  if ((await sha256hex(body)) !== sha) return false;
  await (await caches.open(RUNTIME)).put(url, new Response(body, { headers: { "Content-Type": type, [HASH]: sha } }));
  return true;
}

// A runtime file: the held copy if it has the table's hash, else the network's (the browser's HTTP cache first:
// Pyodide's files may be cached long; but revalidated with the server when a copy of another hash is held, as a new
// build then changed the file under the same address and the HTTP cache may hold the old one), kept only if its bytes
// have that hash. One that has not is still passed on: the engine's worker checks what it uses and falls back.
async function runtimeFile(ev, sha) {
  const url = bare(ev.request.url);
  const held = await caches.match(url, { cacheName: RUNTIME });
  if (held && held.headers.get(HASH) === sha) return held;
  const response = await fetch(url, held ? { cache: "no-cache" } : {});
  if (!response.ok || !response.body) return response;
  return passOn(ev, response, (body, type) => keepRuntime(url, sha, body, type));
}

// A worker just started asks for Pyodide's scripts before this worker has read runtime.json (a first visit's engine):
// one not held is fetched at once, and only whether to keep it, and where (as runtimeFile or networkFirst would),
// waits for the table. Where the network fails or answers with an error, null: the request is answered as below.
async function beforeTable(ev, url) {
  if (table || !url.startsWith(ASSETS + "pyodide/") || (await caches.match(url, { cacheName: RUNTIME }))) return null;
  const response = await fetch(url).catch(() => null);
  if (!response || !response.ok) return null;
  if (!response.body || response.type !== "basic") return response;
  return passOn(ev, response, async (body, type) => {
    const sha = (await currentTable())[url];
    if (sha) return keepRuntime(url, sha, body, type);
    await pruning;
    await (await caches.open(SITE)).put(url, new Response(body, { headers: { "Content-Type": type } }));
  });
}

self.addEventListener("fetch", (ev) => {
  const request = ev.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE) || request.headers.has("range")) return;
  // A start's runtime file that the engine's worker fetches straight from the network and keeps itself
  // (gamester-worker.js, directFetch): not streamed through here while the start runs.
  if (request.headers.has("x-gamester-direct")) return;
  ev.respondWith((async () => {
    const url = bare(request.url);
    if (url !== MANIFEST && url.startsWith(ASSETS)) {
      const early = await beforeTable(ev, url);
      if (early) return early;
      const sha = (await currentTable())[url];
      if (sha) return runtimeFile(ev, sha);
    }
    return networkFirst(request, (p) => { ev.waitUntil(p); return p; });
  })());
});

// A runtime file kept as if it had passed through here, unless a copy with the table's hash is held: the copy the
// browser's HTTP cache holds (the engine's worker has just fetched it), else the network's, kept only if its bytes
// have the table's hash (keepRuntime). Whether it is held now. ``tick``: called for each megabyte read (a whole
// keep's page hears that a large file is still coming).
async function keepFile(url, sha, tick = null) {
  const held = await caches.match(url, { cacheName: RUNTIME });
  if (held && held.headers.get(HASH) === sha) return true;
  for (const cache of ["force-cache", "no-cache"]) {
    const response = await fetch(url, { cache });
    if (!response.ok || response.type !== "basic") return false;
    const type = response.headers.get("Content-Type") || "application/octet-stream";
    if (await keepRuntime(url, sha, await readAll(response, tick), type)) return true;
    // (not of the table's hash: an older copy in the HTTP cache, asked for again from the server)
  }
  return false;
}

// A response's bytes; ``tick()`` for each megabyte read, if given.
async function readAll(response, tick) {
  if (!tick || !response.body) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0, told = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size - told >= 1 << 20) { told = size; tick(); }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return out.buffer;
}

// A page that was loaded before this worker controlled it sends its own address and files (``urls``), to be kept as
// if they had passed through here (most come from the browser's HTTP cache); and, if its engine started before then,
// runtime.json and the files that start fetched past this worker and did not keep itself (``runtime``): runtime.json
// first, so that its table is read; each runtime file it names kept under its hash, no other file under assets/
// kept at all (without a table, none). Then the page is told ("kept").
// A reader who asks to keep the whole site (gamester-keep.js) sends it in parts, each a message with ``whole``: some
// pages and files (``urls``), or runtime.json with some of the runtime files its table names (``runtime``), each
// with its bytes where the page has read them (``bodies``; else fetched here). Then
// each page and file is asked for again (revalidated with the server: a copy kept from an older build is replaced),
// not skipped because a copy is held, Pyodide's own standard library among them (not in the table); and the page is
// told how it goes (``keeping``: how many of the part's files are done) and, at the end of the part, how many were
// kept, how many could not be (``failed``), and how many of those for want of storage (``full``).
// Whether a page's file (sent by a first visit's page: its resource entries) is the runtime's, which is kept under its
// hash or not at all, never among the pages: Pyodide's files, what the latest runtime.json names, and any other file
// but JSON under assets/gamester/ (the engine's files, the snapshot, Put's strategies: a page reads them only in the
// whole keep, gamester-keep.js, which sends their bytes; read with no network, as this worker may not have read
// runtime.json since it started).
function runtimeLike(url) {
  const u = bare(url);
  return u.startsWith(ASSETS + "pyodide/") || Boolean(table && table[u]) ||
    (u.startsWith(ASSETS + "gamester/") && !u.endsWith(".json"));
}

self.addEventListener("message", (ev) => {
  const data = ev.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const whole = data.whole === true;
  const id = typeof data.id === "string" ? data.id.slice(0, 60) : null;
  const tell = (m) => { if (ev.source) ev.source.postMessage(id ? { ...m, id } : m); };
  const inScope = (list) => [...new Set((Array.isArray(list) ? list : []).map(String))].filter((u) => u.startsWith(SCOPE));
  const count = { kept: 0, failed: 0, full: 0, done: 0 };
  // A runtime file the page has read itself (``bodies``: url -> {body, type}), as a whole keep reads each that is
  // not held: kept from those bytes if they have the table's hash, with no fetch here (gamester-keep.js, readRuntime).
  const bodies = whole && data.bodies && typeof data.bodies === "object" ? data.bodies : {};
  const given = (url) => {
    const b = Object.prototype.hasOwnProperty.call(bodies, url) ? bodies[url] : null;
    return b && b.body instanceof ArrayBuffer
      ? { body: b.body, type: typeof b.type === "string" ? b.type.slice(0, 100) : "application/octet-stream" } : null;
  };
  ev.waitUntil((async () => {
    const runtime = inScope(data.runtime).slice(0, 50);
    const site = inScope(data.urls).slice(0, 200);
    count.failed = inScope(data.runtime).length - runtime.length + inScope(data.urls).length - site.length;
    const writes = [];
    if (runtime.some((u) => bare(u) === MANIFEST)) {
      await networkFirst(new Request(MANIFEST, { cache: "no-cache" }), (p) => { writes.push(p); return p; })
        .catch(() => null);
    }
    const cache = await caches.open(SITE);
    const of = runtime.filter((u) => bare(u) !== MANIFEST).length + site.length;
    const step = (kept, e = null) => {
      if (kept) count.kept += 1; else count.failed += 1;
      if (e && e.name === "QuotaExceededError") count.full += 1;
      count.done += 1;
      if (whole) tell({ type: "keeping", done: count.done, of });
    };
    for (const url of runtime) {
      if (bare(url) === MANIFEST) continue; // (read above: kept as networkFirst keeps it)
      try {
        const sha = table ? table[bare(url)] : undefined;
        const read = given(url); // (null outside a whole keep: no bodies then)
        if (sha && read) step(await keepRuntime(bare(url), sha, read.body, read.type));
        else if (sha) step(await keepFile(bare(url), sha, whole ? () => tell({ type: "keeping", done: count.done, of }) : null));
        else if (!url.startsWith(ASSETS)) site.push(url); // (the worker's own scripts)
        else step(false);
      } catch (e) { step(false, e); /* kept next time */ }
    }
    for (const url of site) {
      try {
        if (!whole && (runtimeLike(url) || (await cache.match(url)))) continue;
        const response = await fetch(url, whole ? { cache: "no-cache" } : {});
        if (response.ok && response.type === "basic") {
          await cache.put(url, response);
          step(true);
        } else {
          step(false);
        }
      } catch (e) { step(false, e); /* kept next time */ }
    }
    await Promise.all(writes);
    return true;
  })().catch((e) => { count.failed += 1; if (e && e.name === "QuotaExceededError") count.full += 1; return false; })
    // (a first visit's page hears only of a list gone through: __gamester.siteKept; a whole keep's, in every case)
    .then((through) => { if (through || whole) tell({ type: "kept", kept: count.kept, failed: count.failed, full: count.full }); }));
});

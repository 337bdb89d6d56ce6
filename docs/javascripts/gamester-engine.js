// Gamester widgets: the engine. One Web Worker per visit (gamester-worker.js: Pyodide and our engine's wheel; shared by
// the site's pages and kept across a reload where the browser allows it: engineWorker), booted
// at the reader's first sign of using a widget (on a second visit, whose runtime the browser holds: from the <head> of
// a page with a live game, by gamester-early.js, whose worker this module takes over; otherwise once the page is
// idle with a way to play on screen: prestartWhenSeen) and kept across Material's instant navigation (an ES module is
// evaluated once per document). Every exchange is JSON text to and from gamester.hosts.web.handle; a call that gets
// no answer within CALL_TIMEOUT_S ends with a clear message and the worker is started afresh on the next call.
// Names no game.

const SRC = import.meta.url;
export const ASSETS = new URL("../assets/", SRC).href;
const WORKER_URL = new URL("gamester-worker.js", SRC).href;
// This build's mark (the build writes it here and into gamester-early.js's tag: gamester_site.earlystart), in the
// engine worker's name: a page joins a shared engine only of its own build, and a new build starts its own.
const BUILD = "";
export const ENGINE_NAME = BUILD ? `gamester-engine ${BUILD}` : "gamester-engine";
const BOOT_TIMEOUT_S = 180;
const CALL_TIMEOUT_S = 30; // the engine's limits keep every request the widgets send well under a second or two

// The engine's state, for the widgets and for tests (window.__gamester): boots, state, timings, the games op.
export const G = {
  boots: 0, state: "idle", info: null, error: null, bootMs: null, calls: 0, lastCallMs: null, timeouts: 0,
  callTimeoutMs: CALL_TIMEOUT_S * 1000, joinTimeoutMs: CALL_TIMEOUT_S * 1000, left: 0, games: {}, listeners: new Set(),
};
window.__gamester = G; // a handle for tests and the console, not a way between modules

let worker = null;
let bootPromise = null;
let seq = 0;
const pending = new Map(); // id -> {resolve, timer}

export function notify() { for (const f of G.listeners) { try { f(); } catch (e) { /* a widget gone with its page */ } } }

// The engine's worker: where the browser keeps a shared worker alive for a while after its pages have gone (Chromium
// 148 on: SharedWorker's extendedLifetime, known by the option being read; a bad address then stops the constructor
// before any worker is made), a shared one, which a reload, another page of the site or a new tab joins already
// running (gamester-worker.js); otherwise, or once a shared one has failed this page, a dedicated worker of its own.
let dedicatedOnly = false;
function keepsShared() {
  if (dedicatedOnly || typeof SharedWorker !== "function") return false;
  let read = false;
  try {
    new SharedWorker("http://[", { get extendedLifetime() { read = true; return true; } });
  } catch (e) { /* the bad address, as meant */ }
  return read;
}
export function engineWorker(url = WORKER_URL) {
  if (!keepsShared()) {
    const w = new Worker(url, { type: "module", name: ENGINE_NAME });
    w.shared = false;
    return w;
  }
  const sw = new SharedWorker(url, { type: "module", name: ENGINE_NAME, extendedLifetime: true });
  const port = sw.port;
  return { // (as much of a Worker as this module uses)
    shared: true,
    postMessage: (m) => port.postMessage(m),
    set onmessage(f) { port.onmessage = f; },
    set onerror(f) { sw.onerror = f; },
    // A page cannot end a shared worker (other pages may be using it): it leaves it, and starts no other shared
    // one (a worker that stopped answering would be found again by its name).
    terminate() { dedicatedOnly = true; port.postMessage({ type: "leave" }); port.close(); },
  };
}

export function supported() {
  return typeof WebAssembly === "object" && WebAssembly !== null && typeof Worker === "function";
}

function settle(id, reply) {
  const p = pending.get(id);
  if (!p) return;
  pending.delete(id);
  clearTimeout(p.timer);
  p.resolve(reply);
}

// The site's service worker (../gamester-sw.js, at the site's root: its scope is the site wherever it is served)
// keeps the runtime by its sha256 and the pages for when the network fails. Registered as soon as this module runs
// (the page parsed), not once it has loaded: a first visit's engine waits for it to control the page, and a reader
// who clicks at once waited some 100-375 ms for it (marks, bench_browser.py's cold starts); the page's files are sent
// to it to keep once the page has settled (quiet, below). Where the browser has none (or refuses it: a page on plain
// HTTP to another machine), everything works as before.
const SW_URL = new URL("../gamester-sw.js", SRC).href;
const SEARCH_INDEX = new URL("../search/search_index.json", SRC).href;
const PASSAGES = new URL("gamester/clause-passages.json", ASSETS).href;
let swReady = null;
const SW_WAIT_MS = 3000; // a worker still fetched or installing does not hold up the engine longer than this
function serviceWorker() {
  if (swReady) return swReady;
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return (swReady = Promise.resolve(false));
  const controls = sw.register(SW_URL).then(() => {
    if (sw.controller) return true;
    // The first visit: this page was loaded before the worker existed. Once it controls the page (it claims it at
    // once), the page's own address and files are sent to it to keep, and the engine's files pass through it.
    return new Promise((resolve) => {
      sw.addEventListener("controllerchange", () => {
        quiet().then(() => {
          // The page's own address, the search index and the clauses' passages (which a page asks for only once the
          // reader reaches for search or a live table's rule links: search-when-asked.js, gamester-kit.js; kept now
          // so that they work offline), and the page's files.
          const urls = [location.href, SEARCH_INDEX, PASSAGES, ...performance.getEntriesByType("resource").map((e) => e.name)];
          // An engine started before the worker controlled the page (its script came late: a flaky link) fetched
          // runtime.json, Pyodide's scripts and its own helpers past it: those too (``runtime``), so that the next
          // start works with no network; not the files that engine's worker keeps itself (``kept``).
          const files = G.pastServiceWorker && G.info && G.info.times && G.info.times.files;
          const runtime = Array.isArray(files) ? [new URL("gamester/runtime.json", ASSETS).href,
            ...files.filter((f) => !f.kept).map((f) => String(f.url))] : [];
          // (its answer, once it has gone through them all: G.siteKept, for tests and the console)
          sw.addEventListener("message", (ev) => {
            if (ev.data && ev.data.type === "kept" && !ev.data.id) { G.siteKept = true; notify(); } // (not a whole keep's)
          });
          if (sw.controller) sw.controller.postMessage({ type: "keep", urls, runtime });
        }).catch(() => {});
        resolve(true);
      }, { once: true });
    });
  }).catch(() => false);
  // (the register call itself waits for the worker's script: on a stalled link the engine does not wait for it)
  swReady = Promise.race([controls, new Promise((resolve) => setTimeout(() => resolve(false), SW_WAIT_MS))]);
  G.serviceWorker = swReady;
  return swReady;
}
const loaded = document.readyState === "complete" ? Promise.resolve()
  : new Promise((r) => window.addEventListener("load", r, { once: true }));
// When the page's files are sent to the service worker to keep (it reads each one and writes it to its cache): two
// seconds after the page has loaded, once no engine is starting and the browser is idle (that wait capped at 3 s). A
// reader who clicks "Play" within those two seconds then has the engine's start to themselves. With the files sent
// at load, the median cold first hand clicked at load was 655 ms, against 560 ms with no message at all (7
// alternated starts, one run).
const KEEP_AFTER_MS = 2000;
function quiet() {
  const later = () => new Promise((r) => setTimeout(r, KEEP_AFTER_MS));
  return loaded.then(later).then(() => new Promise((resolve) => {
    const idle = () => (self.requestIdleCallback
      ? requestIdleCallback(resolve, { timeout: 3000 }) : setTimeout(resolve, 0));
    if (G.state !== "booting") {
      idle();
      return;
    }
    const watch = () => {
      if (G.state === "booting") return;
      G.listeners.delete(watch);
      idle();
    };
    G.listeners.add(watch);
  }));
}
serviceWorker();

// Why the engine did not start, in a reader's words (``said``, a clause), from the error a start failed with; and
// whether a network that failed or was slow may be the cause (``network``: the page then says how to keep the site
// for use without one). The browser's own message is shown apart, for whoever looks after the computer.
export function startFailure(error) {
  const raw = String(error || "");
  if (raw.startsWith(UNSUPPORTED)) return { said: "this browser lacks a feature it needs, which newer browsers have", network: false };
  if (raw.startsWith(TIMED_OUT)) {
    const wait = BOOT_TIMEOUT_S % 60 ? `${BOOT_TIMEOUT_S} seconds` : `${BOOT_TIMEOUT_S / 60} minutes`;
    return { said: `it was not ready after ${wait} (the network may be slow, or the computer busy)`, network: true };
  }
  // (memory first: a runtime that could not be loaded also names the last file that failed, if any)
  if (/out of memory|\bOOM\b|Cannot enlarge memory|memory access out of bounds|RangeError/i.test(raw)) {
    return { said: "this browser ran short of memory for it", network: false };
  }
  if (/checksum/i.test(raw)) {
    return { said: "one of its files did not arrive as this version of the site made it (it may have been changed " +
      "on its way, or the site updated meanwhile)", network: false };
  }
  // (Chromium's "Failed to fetch", Firefox's "NetworkError ..." and "error loading dynamically imported module",
  // Safari's "Load failed" and "Importing a module script failed", a status the server answered, a worker whose
  // script never came)
  if (navigator.onLine === false || /fetch|network|load failed|loading dynamically imported|importing a module|status code|HTTP \d|worker could not start/i.test(raw)) {
    return { said: "this browser could not fetch its files (the network did not answer, or answered with an error)", network: true };
  }
  return { said: "this browser stopped it before it was ready", network: false };
}
const UNSUPPORTED = "this browser cannot run the live engine";
// (the error of a browser that lacks what the engine needs: the boot's, and a widget's that does not boot for it)
export const UNSUPPORTED_ERROR = `${UNSUPPORTED} (it lacks WebAssembly or Web Workers)`;
const TIMED_OUT = "the engine did not start within";

export function boot() {
  if (bootPromise) return bootPromise;
  bootPromise = new Promise((resolve, reject) => {
    if (!supported()) {
      reject(new Error(UNSUPPORTED_ERROR));
      return;
    }
    G.boots += 1;
    G.state = "booting";
    G.bootStart = performance.now();
    G.progress = { stage: 0, of: 4, text: "Starting the card engine in your browser" };
    notify();
    // A worker the page's <head> started (gamester-early.js) is taken over rather than a second one started.
    const early = earlyStart();
    if (early) {
      early.taken = true;
      early.decided.then((w) => {
        if (w) start(resolve, reject, early);
        else serviceWorker().then(() => start(resolve, reject));
      });
    } else {
      serviceWorker().then(() => start(resolve, reject));
    }
  });
  bootPromise.catch((e) => {
    G.state = "failed";
    G.error = String((e && e.message) || e);
    const said = `the live engine could not start: ${startFailure(G.error).said}`;
    for (const id of [...pending.keys()]) settle(id, { ok: false, error: said });
    notify();
  });
  return bootPromise;
}

function start(resolve, reject, early = null) {
  try {
    if (early) { // (booting since early.at, on this page's clock: the worker was made then, and told to boot)
      G.bootStart = G.workerAt = early.at;
      worker = early.worker;
    } else {
      G.workerAt = performance.now(); // (with the worker's own marks, where a start's time goes: the benchmark's)
      // (a worker made before the service worker controls the page fetches past it: serviceWorker's keep)
      G.pastServiceWorker = Boolean(navigator.serviceWorker) && !navigator.serviceWorker.controller;
      worker = engineWorker();
    }
  } catch (e) {
    reject(e);
    return;
  }
  const mine = worker;
  G.shared = Boolean(worker.shared);
  let heard = false;
  const onMessage = (ev) => {
    if (mine !== worker) return; // a worker given up on (a call timed out) says nothing more
    heard = true;
    const m = ev.data || {};
    if (m.type === "broken") { // a shared engine whose Python failed for good: it has closed itself
      restart("the card engine stopped working, so it has been restarted: try again");
      return;
    }
    if (m.type === "progress") {
      if (G.state !== "booting") return; // (a shared engine tells every page how a start goes)
      G.progress = m;
      notify();
    } else if (m.type === "ready") {
      G.bootMs = performance.now() - G.bootStart;
      G.info = m;
      for (const g of m.games || []) G.games[g.name] = g;
      G.state = "ready";
      resolve(m);
      notify();
    } else if (m.type === "failed") {
      reject(new Error(m.error || "the engine failed to start"));
    } else if (m.type === "reply") {
      G.lastCallMs = m.ms;
      if (!G.firstReply) G.firstReply = { at: performance.now(), ms: m.ms };
      const p = pending.get(m.id);
      // A reply later than the call's time counts as none, even when it comes in before the timer has run (the
      // two are separate tasks, in either order): the same call is late or not on every machine and every load.
      if (p && p.sent && performance.now() - p.sent > p.ms) {
        restart(late(p.ms));
        return;
      }
      let r;
      try { r = JSON.parse(m.reply); } catch (e) { r = { ok: false, error: "unreadable reply from the engine" }; }
      settle(m.id, r);
    }
  };
  const onError = (ev) => {
    ev.preventDefault();
    reject(new Error((ev && ev.message) || "the engine worker could not start"));
  };
  worker.onmessage = onMessage;
  worker.onerror = onError;
  if (early) {
    // What it said before this module ran, in order (its progress, perhaps that it is ready, or failed to load).
    for (const ev of early.messages.splice(0)) onMessage(ev);
    if (early.error) onError(early.error);
  } else {
    worker.postMessage({ type: "boot", assets: ASSETS });
  }
  for (const [id, p] of pending) send(id, p); // (the requests made while it starts: answered once it is ready)
  // A shared engine that says nothing at all when joined (busy for good in another page's request, or hung) is left
  // for a dedicated worker of this page's own; a healthy one answers at once (it replays its progress on connect).
  if (mine.shared) {
    setTimeout(() => {
      if (heard || mine !== worker || G.state !== "booting") return;
      G.left += 1;
      dedicatedOnly = true;
      mine.terminate();
      start(resolve, reject);
    }, G.joinTimeoutMs);
  }
  // A boot that neither finishes nor fails (a stalled download) is reported rather than waited on for ever.
  setTimeout(() => reject(new Error(`${TIMED_OUT} ${BOOT_TIMEOUT_S} seconds`)), BOOT_TIMEOUT_S * 1000);
}

function late(ms) {
  return `the card engine did not answer within ${Math.round(ms / 1000)} seconds, so it has been restarted: try again`;
}

// A call that gets no answer in time: the worker (busy for good, or lost) is ended, every call waiting on it is
// told, and the next call starts a fresh one, so the reader can simply try again.
function restart(error) {
  G.timeouts += 1;
  if (worker && worker.shared) dedicatedOnly = true; // (the early start's shared worker too)
  if (worker) worker.terminate();
  worker = null;
  bootPromise = null;
  G.state = "idle";
  for (const id of [...pending.keys()]) settle(id, { ok: false, error, timeout: true });
  notify();
}

// The boot starts at the first sign that the reader is about to use a widget: the mouse over it, keyboard focus in
// it, or a touch on it (not mere scrolling past: touch has no hover). Nothing is fetched on a page where the reader
// never comes near one, nor before a click when the browser asks to save data.
export function warmOnIntent(el) {
  const saveData = Boolean(navigator.connection && navigator.connection.saveData);
  const warm = (ev) => {
    if (G.state !== "idle") return;
    if (ev.type === "pointerover" && (ev.pointerType === "touch" || saveData)) return;
    if (ev.type === "focusin" && saveData) return;
    G.bootCause = ev.type;
    boot().catch(() => {});
  };
  for (const type of ["pointerover", "focusin", "pointerdown", "keydown"]) {
    el.addEventListener(type, warm, { passive: true });
  }
}

// A second visit (issue 30): when this browser already holds this build's runtime (the service worker kept the wasm
// and the start-up snapshot, or the ordinary start's files: HELD, and it controls this page), starting the engine
// costs no network byte, only about a second of one core and the worker's memory (some 40-60 MB: the interpreter's
// 31 MB memory and the compiled wasm). So on a page with a live game the page's <head> has started it already
// (gamester-early.js, with the same tests; earlyStart), and otherwise once the page has loaded and is idle, and a play
// widget is on screen, it is started quietly (as on a pointer over it: the widget says nothing until asked), and the
// reader's click finds it ready or nearly so.
// Never on a first visit (nothing held: no Pyodide byte is fetched before the first interaction), nor in a tab in
// the background, nor when the browser asks to save data or says it has little memory; once per page at most.
const RUNTIME_CACHE = "gamester-runtime";
// Held: every file of one of this build's sets (the build writes them here and into gamester-early.js's tag:
// gamester_site.earlystart's held_sets), all that a start asks for: Pyodide's files with the start-up snapshot and
// the two beside it, or with the ordinary start's compiled library and engine wheel (what a first visit on a slow
// link keeps instead: the worker's whyNot, "held"), each kept under the sha256 this build gives it, which the
// service worker checked it against. An older build's copies are not held: a start with them would fetch this
// build's files before the reader asked for anything.
const HELD = [];
async function runtimeHeld() {
  const sw = navigator.serviceWorker;
  if (!sw || !sw.controller || !Array.isArray(HELD) || !HELD.length) return false;
  for (const set of HELD) if (await runtimeHolds(set)) return true;
  return false;
}

// Whether the runtime cache holds every file of ``pairs`` ([name under assets/, sha256]) under that hash (the
// service worker checked each against it): also the Teach page's keep's check (gamester-keep.js).
export async function runtimeHolds(pairs) {
  try {
    if (!self.caches || !(await caches.has(RUNTIME_CACHE))) return false; // (caches.open would make an empty one)
    const c = await caches.open(RUNTIME_CACHE);
    const kept = async ([name, sha]) => {
      const r = await c.match(new URL(name, ASSETS).href);
      return Boolean(r && r.ok && r.headers.get("x-gamester-sha256") === sha);
    };
    return (await Promise.all(pairs.map(kept))).every(Boolean);
  } catch (e) {
    return false; // no storage here (an opaque origin, a browser that refuses it)
  }
}

// The worker gamester-early.js started from the page's <head> (a page with a way to play, on a second visit), if
// it is this module's own (the same assets) and not taken over yet: its `decided` gives the worker, or null when it
// started none (the runtime not held, the tab hidden).
function earlyStart() {
  const early = window.__gamesterEarly;
  return early && !early.taken && early.assets === ASSETS && early.decided ? early : null;
}
{
  const early = earlyStart();
  if (early) {
    early.decided.then((w) => {
      if (!w || early.taken || G.state !== "idle") return;
      G.prestart = "started";
      G.bootCause = "prestart";
      boot().catch(() => {});
    });
  }
}

let prestartSeen = null; // the IntersectionObserver of the current page's play widgets
let prestartPage = 0;    // one more for each page: what an earlier page scheduled does nothing
export function prestartWhenSeen(roots) {
  if (prestartSeen) prestartSeen.disconnect();
  prestartSeen = null;
  const page = ++prestartPage;
  const nav = navigator;
  if (G.state !== "idle" || !roots.length || !supported() || typeof IntersectionObserver !== "function") return;
  if ((nav.connection && nav.connection.saveData) || (nav.deviceMemory && nav.deviceMemory < 2)) {
    G.prestart = "declined";
    return;
  }
  G.prestart = "waiting"; // (G.prestart: for tests and the console, what became of it)
  const go = () => {
    if (page !== prestartPage) return;
    if (G.state !== "idle") { if (G.prestart === "waiting") G.prestart = "not needed"; return; }
    if (document.visibilityState !== "visible") {
      document.addEventListener("visibilitychange", go, { once: true });
      return;
    }
    runtimeHeld().then((yes) => {
      if (page !== prestartPage) return;
      if (G.state !== "idle") { if (G.prestart === "waiting") G.prestart = "not needed"; return; }
      if (!yes) { G.prestart = "not held"; return; }
      G.prestart = "started";
      G.bootCause = "prestart";
      boot().catch(() => {});
    });
  };
  const idle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(go, { timeout: 1000 }) : setTimeout(go, 200));
  const seen = prestartSeen = new IntersectionObserver((entries) => {
    if (!entries.some((en) => en.isIntersecting)) return;
    seen.disconnect();
    if (prestartSeen === seen) prestartSeen = null;
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
  for (const el of roots) seen.observe(el);
}

// One request to the engine: always resolves, with the engine's reply or {ok: false, error}. A request made while the
// engine starts goes to its worker at once, behind the boot message (start() sends those made before the worker
// was), and the worker answers it as soon as its engine is ready: the first hand then needs no message to the page
// and back after that (a reader's first click sends its deal with the start). Its time runs from the engine's ready.
export function call(req) {
  const id = ++seq;
  const p = { resolve: null, timer: null, sent: 0, ms: G.callTimeoutMs, request: JSON.stringify(req), to: null };
  const reply = new Promise((resolve) => { p.resolve = resolve; });
  pending.set(id, p);
  G.calls += 1;
  if (!G.firstCallAt) G.firstCallAt = performance.now();
  if (G.state === "booting") send(id, p);
  boot().then(() => {
    if (!pending.has(id)) return;
    p.sent = performance.now();
    p.timer = setTimeout(() => restart(late(p.ms)), p.ms);
    send(id, p);
  }, (e) => settle(id, { ok: false, error: String((e && e.message) || e) }));
  return reply;
}
function send(id, p) {
  if (!worker || p.to === worker) return;
  p.to = worker;
  worker.postMessage({ type: "call", id, request: p.request });
}
G.boot = boot;
G.call = call;

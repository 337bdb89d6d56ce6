// Gamester: "Keep the site in this browser" (the Teach page's [data-gm-keep] block). A reader who will be without a
// network (a classroom's Wi-Fi) asks the site's service worker (../gamester-sw.js) to keep every page and file of
// this build (assets/gamester/site-files.json, written by gamester_site.keeplist) and every runtime file runtime.json
// names, each runtime file under its sha256 (one the browser does not hold is read by this page and its bytes sent:
// readRuntime): this browser then opens the site's pages and starts its games with no
// network, though the reader never played before. It says how big that is before, how it goes, and what became of
// it; and, on a later visit, whether this build is kept whole (the list's ``build`` mark, remembered in this
// browser's local storage once a keep of it has ended with every file held), or an earlier one. Until the button is
// pressed, nothing is fetched but that list (4 kB) and nothing is kept. Names no game.
import { ASSETS, runtimeHolds } from "./gamester-engine.js";
import { h } from "./gamester-kit.js";

const LIST = new URL("gamester/site-files.json", ASSETS).href;
const MANIFEST = new URL("gamester/runtime.json", ASSETS).href;
const ROOT = new URL("../", ASSETS).href;
const SITE_CACHE = "gamester-site";
const MARK = "gamester-kept-build"; // (local storage: the build kept whole, by its list's mark)
const PART = 20; // pages and files a message (a runtime file is one message of its own: the snapshot is 12.6 MB)
// A part that says nothing for this long has stopped (the browser may stop its worker, or the link stall). (A test
// sets a shorter wait for a part: test_keep_offline.py, whose stalled file never comes until let go.)
const silentMs = () => (Number(self.__gamesterKeepSilentMs) > 0 ? Number(self.__gamesterKeepSilentMs) : 120000);

const megabytes = (n) => `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)} MB`;
const count = (n, one, many) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

function remembered() {
  try { return localStorage.getItem(MARK); } catch (e) { return null; }
}
function remember(build) {
  try { if (build) localStorage.setItem(MARK, build); else localStorage.removeItem(MARK); } catch (e) { /* none */ }
}

async function readJSON(url) {
  const signal = typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(30000) : undefined;
  const r = await fetch(url, { cache: "no-cache", signal });
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return r.json();
}

// The build's list, as absolute addresses (the list itself among them, to be read offline).
async function readList() {
  const list = await readJSON(LIST);
  return { ...list, urls: [...list.pages, ...list.files].map((p) => new URL(p, ROOT).href).concat(LIST) };
}

// Whether this browser holds every page and file of the list, and every runtime file of ``table`` (runtime.json's,
// name -> sha256) under its hash.
async function holds(list, table) {
  if (!self.caches || !(await caches.has(SITE_CACHE))) return false;
  const site = await caches.open(SITE_CACHE);
  for (const u of [...list.urls, MANIFEST]) if (!(await site.match(u))) return false;
  return runtimeHolds(Object.entries(table));
}

// The runtime.json table this browser keeps (offline, the network's is not there to read).
async function keptTable() {
  const r = self.caches && await caches.match(MANIFEST, { cacheName: SITE_CACHE });
  return r ? ((await r.json()).cache || {}) : null;
}

// The service worker that controls this page: it takes a page over as soon as it is active (it claims its clients),
// which on a first visit comes a moment after the page has loaded. Null if none comes (the browser refused it).
function controller(ms = 15000) {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve(sw.controller);
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); sw.removeEventListener("controllerchange", done); resolve(sw.controller); };
    const timer = setTimeout(done, ms);
    sw.addEventListener("controllerchange", done);
  });
}

// A runtime file read here, in the page, not by the service worker: a browser ends a service worker's event that runs
// on too long (5 minutes in Chromium, by our reading of it; not measured), which the 12.6 MB snapshot over a slow
// link would outlast, and a page's read is not bound by that (while the page stays open and in use). Fetched past
// the service worker (DIRECT, which gamester-sw.js leaves to the browser), the browser's HTTP cache first, then the
// server (a copy of another hash in the HTTP cache: an older build's). Its bytes and type once they have ``sha``;
// else ``{ failed }`` (no such file, or not of that hash), or ``{ stalled }`` when no byte came for silentMs() (each
// piece read starts that wait again). ``read(bytes)`` as they come.
const DIRECT = "x-gamester-direct";
async function readRuntime(url, sha, read) {
  for (const cache of ["force-cache", "no-cache"]) {
    const stop = new AbortController();
    let timer = null;
    const wait = () => { clearTimeout(timer); timer = setTimeout(() => stop.abort(), silentMs()); };
    try {
      wait();
      const r = await fetch(url, { cache, headers: { [DIRECT]: "1" }, signal: stop.signal });
      if (!r.ok || !r.body) return { failed: true };
      const type = r.headers.get("Content-Type") || "application/octet-stream";
      const reader = r.body.getReader();
      const chunks = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        wait();
        chunks.push(value);
        size += value.byteLength;
        read(size);
      }
      clearTimeout(timer); // (all came: the hashing below is no stall)
      const body = new Uint8Array(size);
      let at = 0;
      for (const c of chunks) { body.set(c, at); at += c.byteLength; }
      if ((await sha256hex(body)) === sha) return { body: body.buffer, type };
    } catch (e) {
      return stop.signal.aborted ? { stalled: true } : { failed: true };
    } finally {
      clearTimeout(timer);
    }
  }
  return { failed: true };
}

async function sha256hex(bytes) {
  const d = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// One part sent to the service worker: its answer ({kept, failed, full}), or null when it said nothing for
// silentMs() (``progress(done)`` on each file it reports).
function sendPart(worker, msg, progress, transfer = []) {
  const sw = navigator.serviceWorker;
  return new Promise((resolve) => {
    let timer = null;
    const end = (m) => { clearTimeout(timer); sw.removeEventListener("message", listen); resolve(m); };
    const ms = silentMs();
    const wait = () => { clearTimeout(timer); timer = setTimeout(() => end(null), ms); };
    const listen = (ev) => {
      const m = ev.data || {};
      if (m.id !== msg.id) return;
      if (m.type === "keeping") { wait(); progress(m.done); } else if (m.type === "kept") end(m);
    };
    sw.addEventListener("message", listen);
    wait();
    worker.postMessage(msg, transfer);
  });
}

// What the button has to say, on every block that shows it (a reader who leaves the page by the site's own links while
// the site is being kept, and comes back, finds it still going): one keep at a time in this page.
const state = { text: "", kept: false, busy: false, bytes: "", views: new Set() };
const show = () => { for (const v of state.views) v(); };
function say(text, kept = false) {
  if (text === state.text && kept === state.kept) return; // (a live region: a sentence said again is heard again)
  state.text = text;
  state.kept = kept;
  show();
}

export function mount(root) {
  if (root.__gmKeep) return;
  root.__gmKeep = true;
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext || !self.caches) {
    root.replaceChildren(h("p", { class: "gm-keep-status" },
      "This browser cannot keep a copy of the site here: that needs a browser that allows it, and the site reached " +
      "over https, or served by this computer itself. The classroom copy described below works without the internet."));
    return;
  }
  const about = h("p", { class: "gm-keep-about" }, "Reading what there is to keep…");
  const button = h("button", { type: "button", class: "md-button md-button--primary gm-keep-go", disabled: true },
    "Keep the site in this browser");
  const status = h("p", { class: "gm-keep-status", role: "status" });
  // (how much of a large file has come: beside the status line, not in it, so that a screen reader is not told it
  // again at every piece; read there when wanted)
  const bytes = h("p", { class: "gm-keep-bytes" });
  root.replaceChildren(about, h("p", {}, button), status, bytes);
  let list = null;
  const view = () => {
    if (!root.isConnected) { state.views.delete(view); return; }
    status.textContent = state.text;
    bytes.textContent = state.bytes;
    if (state.kept) root.dataset.kept = "1"; else delete root.dataset.kept;
    button.disabled = state.busy || !list;
  };
  state.views.add(view);
  view();

  readList().then(async (l) => {
    list = l;
    about.textContent = `This keeps ${count(l.pages.length, "page", "pages")}, the search and the card engine: ` +
      `${count(l.urls.length + l.runtime_files, "file", "files")}, about ${megabytes(l.bytes + l.runtime_bytes)} ` +
      "of this browser's storage (less to download where the server sends files compressed).";
    if (state.busy) return;
    const mark = remembered();
    const table = await keptTable().catch(() => null);
    const whole = table && (await holds(l, table).catch(() => false));
    if (mark === l.build && whole) {
      say("This version of the site is kept in this browser: with no network, its pages open here and its games " +
        "play. Press the button again to check it.", true);
    } else if (mark === l.build) {
      say("Part of this version of the site is kept in this browser, not all of it (the browser may have let some " +
        "go): press the button to keep it whole.");
    } else if (mark) {
      say("An earlier version of the site is kept in this browser, or part of one: press the button to keep this " +
        "version whole.");
    }
  }).catch(() => {
    about.textContent = "The list of the site's files could not be read: reload the page with a network to keep the site.";
  }).finally(view);

  button.addEventListener("click", () => {
    if (!list || state.busy) return;
    state.busy = true;
    keepAll(list).catch(() => {
      remember(null);
      say("The site could not be kept: the network did not answer. Press the button again with a network.");
    }).finally(() => { state.busy = false; show(); });
  });
}

async function keepAll(list) {
  say("Getting ready…");
  const sw = navigator.serviceWorker;
  // (a worker active already takes a page over at once: one that has not, a few seconds on, never will, as after a
  // reload that skipped it; one still being fetched or installed may take longer)
  const reg = sw.controller ? null : await sw.getRegistration().catch(() => null);
  const worker = await controller(reg && reg.active ? 3000 : 15000);
  if (!worker) {
    say(!reg
      ? "This browser has not let the site keep anything (it may block the storage of sites): the classroom copy " +
        "described below works without the internet."
      : reg.active
        ? "This page was loaded by a reload that skips what the browser keeps (Shift with reload does that): reload " +
          "it the ordinary way and press the button again."
        : "The browser is not ready to keep the site yet: wait a moment and press the button again.");
    return;
  }
  const table = (await readJSON(MANIFEST)).cache || {};
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => false);
  const base = `keep-${Date.now()}`;
  const parts = Object.entries(table).map(([n, sha]) => ({ urls: [], runtime: [MANIFEST, new URL(n, ASSETS).href], n, sha }));
  for (let i = 0; i < list.urls.length; i += PART) parts.push({ urls: list.urls.slice(i, i + PART), runtime: [] });
  const of = Object.keys(table).length + list.urls.length;
  let done = 0, kept = 0, failed = 0, full = 0;
  const stopped = () => {
    remember(null);
    say(`Keeping stopped after ${count(done, "file", "files")} of ${of} (the browser stopped it, or the ` +
      "network is too slow): press the button again to go on; what was kept stays kept.");
  };
  for (const [k, { n, sha, ...part }] of parts.entries()) {
    say(`Keeping the site: ${done} of ${of} files…`); // (at once: a part's first word may be a while coming)
    // A runtime file not held is read here, and its bytes sent with the part (see readRuntime).
    const bodies = {};
    if (n && !(await runtimeHolds([[n, sha]]))) {
      const url = part.runtime[1];
      const got = await readRuntime(url, sha, (bytes) => { state.bytes = `${megabytes(bytes)} of file ${done + 1} so far`; show(); });
      state.bytes = "";
      show();
      if (got.stalled) { stopped(); return; }
      if (got.failed) { failed += 1; done += 1; continue; }
      bodies[url] = { body: got.body, type: got.type };
    }
    const m = await sendPart(worker, { type: "keep", whole: true, id: `${base}-${k}`, ...part, bodies },
      (x) => say(`Keeping the site: ${done + x} of ${of} files…`), Object.values(bodies).map((b) => b.body));
    if (!m) { stopped(); return; }
    done += part.urls.length + part.runtime.length - (part.runtime.length ? 1 : 0);
    kept += m.kept;
    failed += m.failed;
    full += m.full;
  }
  if (failed) {
    remember(null);
    const other = failed - full;
    say((full ? `This browser's storage is full: ${count(full, "file was", "files were")} not kept for want of ` +
      "room (the browser's settings show what sites keep, and let you clear it). " : "") +
      (other ? `${count(other, "file", "files")} could not be kept (the network failed, or a file was not as ` +
        "this version of the site says it should be). " : "") +
      `${count(kept, "file was", "files were")} kept. Press the button again ` +
      (full ? "once there is room." : "with a network to keep the rest."));
    return;
  }
  if (await holds(list, table).catch(() => false)) {
    remember(list.build);
    say(`Kept: ${count(kept, "file", "files")}. With no network, this browser on this computer now opens ` +
      "the site's pages at the addresses its links use, and plays its games. A browser may let go of what it " +
      "keeps when its storage runs short or its history is cleared: press the button again before a lesson to " +
      "check.", true);
  } else {
    remember(null);
    say("The files were fetched, but the browser did not keep them all (its storage may be full). Press the " +
      "button again to try once more.");
  }
}

// Gamester: the engine started from the page's <head> on a second visit (issue 30). The build puts this script,
// inline, at the top of the <head> of each page that has a way to play (a live game widget), and of no other page
// (gamester_site.earlystart, with the page's way to the site's root in data-root). While the browser is still
// fetching and laying out the page, it starts the engine's worker, so that Python's restore from the start-up
// snapshot overlaps the page's own load; gamester-engine.js takes that worker over when it runs
// (window.__gamesterEarly).
// Only when the browser already holds this build's runtime (the service worker kept the wasm and the snapshot, or the
// ordinary start's files, under the sha256 this build gives them, and it controls this page): never on a first visit,
// in a tab in the background, when the browser asks to save data or says it has under 2 GB, or for a widget link
// (?w=, which decides for itself).
// Otherwise it does nothing, and the page's own prestart (gamester-engine.js) decides later, as before.
(() => {
  const script = document.currentScript;
  const nav = navigator;
  if (!script || window.__gamesterEarly || location.protocol === "file:") return;
  if (typeof WebAssembly !== "object" || WebAssembly === null || typeof Worker !== "function") return;
  if (!window.isSecureContext || !nav.serviceWorker || !nav.serviceWorker.controller || !self.caches) return;
  if ((nav.connection && nav.connection.saveData) || (nav.deviceMemory && nav.deviceMemory < 2)) return;
  if (location.search.includes("w=") || document.visibilityState !== "visible") return;
  // The same test as gamester-engine.js's runtimeHeld: every file of one of the build's sets (data-held: what a
  // start asks for, Pyodide's files with the start-up snapshot and the two beside it, or with the ordinary start's
  // compiled library and wheel) kept under this build's sha256, which the service worker checked it against. An
  // older build's copies are not held: with them the worker would fetch this build's files before the reader asked.
  let sets = [];
  try { sets = JSON.parse(script.dataset.held || "[]"); } catch (e) { /* as none */ }
  if (!Array.isArray(sets) || !sets.length) return;
  const assets = new URL((script.dataset.root || "./") + "assets/", location.href).href;
  const early = (window.__gamesterEarly = { assets, worker: null, messages: [], error: null });
  early.decided = (async () => {
    try {
      if (!(await caches.has("gamester-runtime"))) return null; // (caches.open would make an empty one)
      const c = await caches.open("gamester-runtime");
      const kept = async ([name, sha]) => {
        const r = await c.match(new URL(name, assets).href);
        return Boolean(r && r.ok && typeof sha === "string" && r.headers.get("x-gamester-sha256") === sha);
      };
      let held = false;
      for (const set of sets) {
        held = Array.isArray(set) && set.length > 0 && (await Promise.all(set.map(kept))).every(Boolean);
        if (held) break;
      }
      if (!held) return null;
    } catch (e) {
      return null; // no storage here
    }
    if (document.visibilityState !== "visible") return null;
    // gamester-engine.js's worker and its boot message; what the worker says before the engine module takes it over
    // is kept, in order, and handed on.
    early.at = performance.now();
    // Shared, and so found already running after a reload or in a new tab, where the browser keeps a shared worker
    // for a while after its pages have gone; under the name of this build: as gamester-engine.js's engineWorker.
    const url = new URL("../javascripts/gamester-worker.js", assets).href;
    const name = script.dataset.build ? "gamester-engine " + script.dataset.build : "gamester-engine";
    let keeps = false;
    try {
      if (typeof SharedWorker === "function") new SharedWorker("http://[", { get extendedLifetime() { keeps = true; return true; } });
    } catch (e) { /* the bad address, as meant: no worker is made */ }
    let w, port;
    if (keeps) {
      const sw = new SharedWorker(url, { type: "module", name, extendedLifetime: true });
      port = sw.port;
      w = { shared: true, sw, postMessage: (m) => port.postMessage(m), set onmessage(f) { port.onmessage = f; },
            set onerror(f) { sw.onerror = f; }, terminate() { port.postMessage({ type: "leave" }); port.close(); } };
    } else {
      w = port = new Worker(url, { type: "module", name });
      w.shared = false;
    }
    port.onmessage = (ev) => early.messages.push(ev);
    (keeps ? w.sw : w).onerror = (ev) => { ev.preventDefault(); early.error = ev; };
    w.postMessage({ type: "boot", assets });
    return (early.worker = w);
  })();
})();

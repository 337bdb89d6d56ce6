// Gamester engine worker: one Pyodide, our engine's wheel, and a JSON-in/JSON-out bridge to gamester.web.handle.
// Started (as a module worker) by gamester.js on the reader's first interaction with a widget; it never runs
// anything but `gamester.web.handle(text)` with the JSON text it is sent.
"use strict";

let handle = null;       // the Python function gamester.web.handle, once booted
let booting = null;      // the boot promise

function post(msg) { self.postMessage(msg); }

async function fetchBytes(url, what) {
  const r = await fetch(url, { cache: "no-cache" });
  if (!r.ok) throw new Error(`${what}: HTTP ${r.status} for ${url}`);
  return new Uint8Array(await r.arrayBuffer());
}

async function sha256hex(bytes) {
  if (!(self.crypto && self.crypto.subtle)) return null;
  const d = await self.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function boot(assets) {
  const t0 = performance.now();
  const times = {};
  const stage = (n, text) => post({ type: "progress", stage: n, of: 4, text, ms: performance.now() - t0 });
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  stage(1, "Loading the Python runtime (Pyodide, about 12 MB the first time)");
  const manifestP = fetch(new URL("gamester/runtime.json", assets), { cache: "no-cache" }).then((r) => {
    if (!r.ok) throw new Error(`runtime.json: HTTP ${r.status}`);
    return r.json();
  });
  // The engine wheel downloads while Pyodide compiles.
  const wheelP = manifestP.then((manifest) => {
    if (!/^gamester-[A-Za-z0-9_.+-]+-py3-none-any\.whl$/.test(manifest.wheel || "")) {
      throw new Error("runtime.json names no engine wheel");
    }
    return fetchBytes(new URL("gamester/" + manifest.wheel, assets), "engine wheel");
  });
  wheelP.catch(() => {}); // reported when awaited below
  const pyodideURL = new URL("pyodide/", assets).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href);
  // Pyodide reports a runtime that cannot load (a missing or refused .wasm) on the console and never settles its
  // promise: watch the console so that the page can say so instead of waiting for ever.
  const failed = new Promise((_, reject) => {
    for (const level of ["error", "warn"]) {
      const original = console[level].bind(console);
      console[level] = (...args) => {
        original(...args);
        const text = args.map(String).join(" ");
        if (/instantiation failed|Aborted\(|status code is not ok|failed to asynchronously prepare wasm/i.test(text)) {
          reject(new Error("the Python runtime could not be loaded: " + text.slice(0, 160)));
        }
      };
    }
  });
  const pyodide = await Promise.race([
    loadPyodide({ indexURL: pyodideURL, stdout: () => {}, stderr: () => {} }),
    failed,
  ]);
  times.pyodide = performance.now() - t0;
  stage(2, "Fetching the Gamester engine");
  const manifest = await manifestP;
  const wheel = await wheelP;
  const digest = await sha256hex(wheel);
  if (digest && manifest.sha256 && digest !== manifest.sha256) throw new Error("engine wheel checksum mismatch");
  stage(3, "Installing the engine");
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  stage(4, "Starting the engine");
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const web = pyodide.pyimport("gamester.hosts.web");
  handle = web.handle;
  times.imported = performance.now() - t0;
  const hello = JSON.parse(handle(JSON.stringify({ op: "games" })));
  times.ready = performance.now() - t0;
  return { version: manifest.version, pyodide: manifest.pyodide, times, games: hello.games || [], cards: hello.cards || {} };
}

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.type === "boot") {
    if (!booting) booting = boot(msg.assets);
    try {
      const info = await booting;
      post({ type: "ready", ...info });
    } catch (e) {
      post({ type: "failed", error: String((e && e.message) || e) });
    }
    return;
  }
  if (msg.type === "call") {
    const t = performance.now();
    let reply;
    try {
      if (!handle) throw new Error("the engine is not running");
      if (typeof msg.request !== "string") throw new Error("a request is JSON text");
      reply = handle(msg.request);
    } catch (e) {
      reply = JSON.stringify({ ok: false, error: "engine failure: " + String((e && e.message) || e) });
    }
    post({ type: "reply", id: msg.id, reply, ms: performance.now() - t });
  }
};

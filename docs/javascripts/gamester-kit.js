// Gamester widgets, part 1: the engine's worker, the DOM helpers and permalinks (part 2, gamester.js, makes the
// widgets). Loaded before gamester.js; both are loaded once per visit. Every exchange with the engine is JSON text
// to and from gamester.hosts.web.handle; everything written into the page is text or the engine's own escaped
// rendering passed through safeFragment(). This script names no game: kinds, verbs and card names are the engine's.
(() => {
  "use strict";
  if (window.__gamesterKit) return; // loaded once per visit
  const SRC = (document.currentScript && document.currentScript.src) || new URL("javascripts/gamester.js", document.baseURI).href;
  const ASSETS = new URL("../assets/", SRC).href;
  const SITE = new URL("../", SRC).href;
  const WORKER_URL = new URL("gamester-worker.js", SRC).href;

  // Widget kinds, their verbs and limits are the engine's (each widget element carries its data-spec; the
  // games op lists them all); card names come from the engine too. This script names no game.
  // The permalink fields (query string): anything else is reported and ignored.
  const LINK_FIELDS = ["w", "game", "ruleset", "options", "players", "seed", "hands", "folded", "rulesets", "bots",
    "deals", "acts", "step", "who"];
  const ACT_SEP = "~";
  const BOOT_TIMEOUT_S = 180;
  const shape = (re, why) => Object.assign(re, { why });
  const LINK_SHAPES = {
    game: shape(/^[a-z][a-z0-9-]{0,40}$/, "a game name"),
    ruleset: shape(/^[A-Za-z0-9_.,=;()-]{1,400}$/, "a ruleset name or game(option=value,...)"),
    options: shape(/^[A-Za-z0-9_.,=;-]{1,400}$/, "option=value pairs"),
    rulesets: shape(/^[A-Za-z0-9_.,=;()-]{1,800}$/, "ruleset names, comma-separated"),
    players: shape(/^\d{1,2}$/, "a small whole number"),
    seed: shape(/^\d{1,19}$/, "a whole number"),
    step: shape(/^\d{1,4}$/, "a small whole number"),
    deals: shape(/^\d{1,4}$/, "a small whole number"),
    folded: shape(/^[\d,]{1,60}$/, "seat numbers, comma-separated"),
    hands: shape(/^[0-9TJQKASHDCtjqkashdc♠♥♦♣♤♡♢♧ ,|]{1,400}$/u, "cards such as QH 10D, hands separated by |"),
    bots: shape(/^[A-Za-z0-9_,-]{1,200}$/, "bot names"),
    // A game's moves: as many as the engine's limits allow (games op: limits.actions, up to 6,000 moves of a few
    // characters each); the engine counts them after it has booted.
    acts: shape(/^[A-Za-z0-9 _.=+~-]{1,100000}$/, "moves separated by ~"),
    who: shape(/^(bots|all|\d{1,2})$/, "bots, all or a seat number"),
  };

  // ---- the engine (one worker per visit) -----------------------------------------------------------------
  const G = (window.__gamester = {
    boots: 0, state: "idle", info: null, error: null, bootMs: null, calls: 0, lastCallMs: null,
    games: {}, listeners: new Set(),
  });
  let worker = null;
  let bootPromise = null;
  let seq = 0;
  const pending = new Map();

  function notify() { for (const f of G.listeners) { try { f(); } catch (e) { /* a widget gone with its page */ } } }

  function supported() {
    return typeof WebAssembly === "object" && WebAssembly !== null && typeof Worker === "function";
  }

  function boot() {
    if (bootPromise) return bootPromise;
    bootPromise = new Promise((resolve, reject) => {
      if (!supported()) {
        reject(new Error("this browser cannot run the live engine (it lacks WebAssembly or Web Workers)"));
        return;
      }
      G.boots += 1;
      G.state = "booting";
      G.bootStart = performance.now();
      G.progress = { stage: 0, of: 4, text: "Starting the card engine in your browser" };
      notify();
      try {
        worker = new Worker(WORKER_URL, { type: "module", name: "gamester-engine" });
      } catch (e) {
        reject(e);
        return;
      }
      worker.onmessage = (ev) => {
        const m = ev.data || {};
        if (m.type === "progress") {
          G.progress = m;
          notify();
        } else if (m.type === "ready") {
          G.bootMs = performance.now() - G.bootStart;
          G.info = m;
          for (const g of m.games || []) G.games[g.name] = g;
          G.cards = m.cards || {};
          G.state = "ready";
          resolve(m);
          notify();
        } else if (m.type === "failed") {
          reject(new Error(m.error || "the engine failed to start"));
        } else if (m.type === "reply") {
          const p = pending.get(m.id);
          if (!p) return;
          pending.delete(m.id);
          G.lastCallMs = m.ms;
          let r;
          try { r = JSON.parse(m.reply); } catch (e) { r = { ok: false, error: "unreadable reply from the engine" }; }
          p(r);
        }
      };
      worker.onerror = (ev) => {
        ev.preventDefault();
        reject(new Error((ev && ev.message) || "the engine worker could not start"));
      };
      worker.postMessage({ type: "boot", assets: ASSETS });
      // A boot that neither finishes nor fails (a stalled download) is reported rather than waited on for ever.
      setTimeout(() => reject(new Error(`the engine did not start within ${BOOT_TIMEOUT_S} seconds`)), BOOT_TIMEOUT_S * 1000);
    });
    bootPromise.catch((e) => {
      G.state = "failed";
      G.error = String((e && e.message) || e);
      for (const p of pending.values()) p({ ok: false, error: G.error });
      pending.clear();
      notify();
    });
    return bootPromise;
  }

  // The boot starts at the first sign that the reader is about to use a widget: the mouse over it, keyboard focus in
  // it, or a touch on it (not mere scrolling past: touch has no hover). Nothing is fetched on a page where the
  // reader never comes near one, nor before a click when the browser asks to save data.
  function warmOnIntent(el) {
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

  async function call(req) {
    await boot();
    G.calls += 1;
    const id = ++seq;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      worker.postMessage({ type: "call", id, request: JSON.stringify(req) });
    });
  }
  G.boot = boot;
  G.call = call;

  // ---- DOM helpers: text only, never markup from data ----------------------------------------------------
  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "text") el.textContent = String(v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
    for (const kid of kids.flat(Infinity)) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(kid instanceof Node ? kid : String(kid));
    }
    return el;
  }

  // The engine's renderer escapes everything it writes; this drops anything active all the same.
  const DROP = "script,style,iframe,frame,object,embed,link,meta,base,form,input,button,textarea,select,svg,math,template,img,video,audio,source";
  // choices: keep the engine's own choice buttons (<button type="button" data-action>, no form attributes): the table's.
  function safeFragment(html, choices = false) {
    const t = document.createElement("template");
    t.innerHTML = String(html);
    const keep = (n) => choices && n.localName === "button" && n.getAttribute("type") === "button" && n.hasAttribute("data-action")
      && !["form", "formaction", "formmethod", "formtarget", "name", "value"].some((x) => n.hasAttribute(x));
    t.content.querySelectorAll(DROP).forEach((n) => { if (!keep(n)) n.remove(); });
    for (const el of t.content.querySelectorAll("*")) {
      for (const a of Array.from(el.attributes)) {
        const n = a.name.toLowerCase();
        if (n.startsWith("on") || n === "style" || n === "srcdoc" || n === "formaction" || n === "action") {
          el.removeAttribute(a.name);
        } else if ((n === "href" || n === "src" || n === "xlink:href") && /^\s*[a-z][a-z0-9+.-]*:/i.test(a.value)) {
          el.removeAttribute(a.name); // relative links only: no javascript:, data:, or other hosts
        }
      }
    }
    return t.content;
  }

  // Suit symbols and names, rank names: from the engine's games op (gamester.cards), once it has started.
  const suitOf = (k) => ((G.cards && G.cards.suits) || {})[k];
  const rankName = (r) => ((G.cards && G.cards.ranks) || {})[r] || r;
  const CARD_RE = /^(10|[2-9TJQKA])([SHDC])$/;
  function isCard(s) { return typeof s === "string" && CARD_RE.test(s.toUpperCase()); }
  function isCardList(v) {
    if (typeof v === "string") { const t = v.trim().split(/\s+/); return v.trim() !== "" && t.every(isCard); }
    return Array.isArray(v) && v.length > 0 && v.every((x) => isCard(x) || x === null || x === "??");
  }
  function cardEl(s) {
    if (s === null || s === "??" || s === "XX") {
      return h("span", { class: "gm-card gm-back", role: "img", "aria-label": "a face-down card", title: "face-down card" }, "🂠");
    }
    const m = CARD_RE.exec(String(s).toUpperCase());
    if (!m) return h("span", { class: "gm-card" }, String(s));
    const rank = m[1] === "T" ? "10" : m[1];
    const [sym, suit] = suitOf(m[2]) || [m[2], m[2]];
    const name = `${rankName(rank)} of ${suit}`;
    return h("span", { class: "gm-card" + ("HD".includes(m[2]) ? " gm-red" : ""), role: "img", "aria-label": name, title: name }, rank + sym);
  }
  function handEl(v) {
    const items = typeof v === "string" ? v.trim().split(/\s+/) : v;
    return h("span", { class: "gm-hand" }, items.map((c, i) => [i ? " " : "", cardEl(c)]));
  }
  function label(k) { return String(k).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()); }
  // In an analysis (odds), 0 and 1 under "win", "lose" ... are chances too; elsewhere only fractions are.
  function isProb(k, v, odds) {
    return typeof v === "number" && v >= 0 && v <= 1 && /chance|prob|^p_|win|tie|los|best|odds|equity/i.test(k) &&
      (odds || v !== Math.floor(v) || /chance|prob/i.test(k));
  }
  const isPlain = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  // Keys a view repeats from elsewhere in the widget (the controls, the move buttons).
  const SKIP_KEYS = new Set(["game", "ruleset", "legal", "players"]);

  // A generic, readable rendering of any JSON the engine returns (views, analyses, records).
  function dataEl(v, depth = 0, key = "", odds = false) {
    if (v === null || v === undefined) return h("span", { class: "gm-none" }, "—");
    if (typeof v === "boolean") return document.createTextNode(v ? "yes" : "no");
    if (typeof v === "number") {
      if (isProb(key, v, odds)) return h("span", { class: "gm-prob" }, `${(v * 100).toFixed(1)}%`);
      return document.createTextNode(String(v));
    }
    if (typeof v === "string") {
      if (isCardList(v)) return handEl(v);
      if (suitOf(v)) return h("span", { class: "gm-suit" + ("HD".includes(v) ? " gm-red" : "") }, `${suitOf(v)[0]} ${suitOf(v)[1]}`);
      return document.createTextNode(v);
    }
    if (depth > 6) return document.createTextNode("…");
    if (Array.isArray(v)) {
      if (isCardList(v)) return handEl(v);
      if (v.every((x) => x === null || typeof x !== "object") && v.length <= 20) {
        return h("span", {}, v.map((x, i) => [i ? ", " : "", dataEl(x, depth + 1, key, odds)]));
      }
      // A list of records with the same few fields (seats, positions): a table, one row each.
      const keys = [...new Set(v.flatMap((x) => (isPlain(x) ? Object.keys(x) : [])))];
      if (v.length && v.every(isPlain) && keys.length <= 10) {
        return h("table", { class: "gm-table" },
          h("thead", {}, h("tr", {}, keys.map((k) => h("th", { scope: "col" }, label(k))))),
          h("tbody", {}, v.slice(0, 200).map((x) => h("tr", {}, keys.map((k) => h("td", {}, dataEl(x[k], depth + 1, k, odds)))))));
      }
      return h("ol", { class: "gm-list", start: "0" }, v.slice(0, 200).map((x) => h("li", {}, dataEl(x, depth + 1, key, odds))));
    }
    const entries = Object.entries(v).filter(([k]) => depth > 0 || !SKIP_KEYS.has(k));
    if (!entries.length) return h("span", { class: "gm-none" }, "—");
    return h("dl", { class: "gm-data" }, entries.map(([k, x]) => [h("dt", {}, label(k)), h("dd", {}, dataEl(x, depth + 1, k, odds))]));
  }

  // Words for a reader: a ruleset or choice name as words ("cotton-1674" -> "Cotton 1674"), the value unchanged.
  function plain(name, capital = true) {
    const t = String(name).replace(/[-_]+/g, " ");
    return capital ? t.replace(/^./, (c) => c.toUpperCase()) : t;
  }
  // A ruleset written as the engine writes it ("post-and-pair(trump=best-post)") in words: "The usual rules, with
  // trump: best post". The value sent to the engine is unchanged.
  function rulesetWords(value, g) {
    const m = /^([A-Za-z0-9_.-]+)\((.*)\)$/.exec(String(value));
    const presets = (g && g.presets) || [];
    const named = (n) => (presets.some((p) => p.name === n) ? `${plain(n)} rules` : (g && n === g.name ? "The usual rules" : "Other rules"));
    if (!m) return named(String(value));
    const changes = m[2].split(/[,;]/).filter(Boolean).map((kv) => {
      const [k, v] = kv.split("=");
      return v === undefined ? plain(k, false) : `${label(k).toLowerCase()}: ${plain(v, false)}`;
    });
    return changes.length ? `${named(m[1])}, with ${changes.join("; ")}` : named(m[1]);
  }
  // Player numbers: a reader counts from 1, the engine (and a link) from 0. Anything not a number is left as it is
  // (the engine says what is wrong with it).
  function fromOne(list, delta) {
    return String(list).split(",").map((x) => (/^\d{1,3}$/.test(x.trim()) ? String(Math.max(0, Number(x) + delta)) : x)).join(",");
  }

  // A seat's role (dealer, eldest) comes from the engine (the position's "roles", or a deal record's dealer and
  // eldest): the deal rotates, so the seat number says nothing about it. A reader counts players from 1, and the
  // seat the reader plays is "you" (against one computer, the other is "the computer"): the engine's own names.
  function seatName(p, roles, who = {}) {
    if (typeof p !== "number") return label(p);
    const role = roles && roles[p] ? ` (${roles[p]})` : "";
    if (who.you === p) return "you" + role;
    if (typeof who.you === "number" && who.players === 2) return "the computer" + role;
    return `Player ${p + 1}` + role;
  }

  // Clause id -> [[passage id, href from the site root, a reader's locator], ...], written by the site build; fetched after the
  // engine has started (never before an interaction). Each clause link in the engine's HTML of a finished game
  // gets the links to the sentences that justify it, as the printed examples have them.
  let passagesP = null;
  function passages() {
    if (!passagesP) {
      passagesP = fetch(new URL("gamester/clause-passages.json", ASSETS)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
    }
    return passagesP;
  }
  const PASSAGE_HREF_RE = /^[A-Za-z0-9_./-]*(#[A-Za-z0-9_.:-]+)?$/;
  function addPassages(frag, base) {
    const map = G.passages || {};
    for (const a of frag.querySelectorAll("a.gm-clause")) {
      const id = (a.getAttribute("href") || "").split("#")[1] || "";
      const list = Array.isArray(map[id]) ? map[id].slice(0, 3) : [];
      for (const x of list) {
        if (!Array.isArray(x) || !PASSAGE_HREF_RE.test(String(x[1])) || String(x[1]).startsWith("/")) continue;
        // The link reads as a reader cites ("Cotton, 1674, p. 132"); the passage id stays in the address.
        const where = typeof x[2] === "string" && x[2] ? x[2] : "the source";
        a.after(" ", h("a", { class: "gm-passage", href: base + String(x[1]), title: "the passage behind this rule" }, `(${where})`));
      }
    }
    return frag;
  }

  // ---- permalinks -------------------------------------------------------------------------------------------
  function readLink() {
    const q = new URLSearchParams(location.search);
    if (!q.has("w")) return null;
    const link = { fields: {}, problems: [] };
    const unknown = [];
    const long = new Set();
    for (const [k, v] of q.entries()) {
      if (k === "h" || k === "q") continue; // Material's search highlighting
      if (!LINK_FIELDS.includes(k)) { unknown.push(k); continue; }
      if (v.length > (k === "acts" ? 100000 : 2000)) { long.add(k); continue; }
      link.fields[k] = v;
    }
    // However long the link, the message names a few fields only: "5,000 unknown fields, e.g. x0, x1, x2".
    const few = (names) => names.slice(0, 3).map((k) => `“${k.slice(0, 30)}”`).join(", ");
    if (unknown.length === 1) link.problems.push(`unknown field ${few(unknown)}`);
    else if (unknown.length > 1) link.problems.push(`${unknown.length.toLocaleString("en")} unknown fields, e.g. ${few(unknown)}`);
    if (long.size) link.problems.push(`${long.size === 1 ? "field" : "fields"} ${few([...long])} too long`);
    // Shapes checked here, before any engine byte is fetched; values are checked again by the engine.
    for (const [k, v] of Object.entries(link.fields)) {
      const shape = LINK_SHAPES[k];
      if (shape && !shape.test(v)) {
        link.problems.push(`field “${k}” has a value that cannot be right (${shape.why})`);
        link.bad = true;
        delete link.fields[k];
      }
    }
    const w = link.fields.w;
    if (!/^\d{1,3}$/.test(w || "")) { link.problems.push("the widget number “w” must be a small whole number"); link.index = -1; }
    else link.index = Number(w);
    return link;
  }
  function writeLink(widget, fields) {
    // A widget of a page the reader has left (its calls finish late) must not rewrite the new page's URL.
    if (!widget.root.isConnected || location.pathname !== widget.path) return widget.link;
    const q = new URLSearchParams();
    q.set("w", String(widget.index));
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
    const url = `${location.pathname}?${q.toString()}#${widget.root.id}`;
    try { history.replaceState(history.state, "", url); } catch (e) { /* file:// and friends */ }
    return new URL(url, location.href).href;
  }

  window.__gamesterKit = { ACT_SEP, G, notify, supported, boot, warmOnIntent, call, h, safeFragment, label, plain, fromOne, rulesetWords, dataEl, seatName, passages, addPassages, readLink, writeLink };
})();

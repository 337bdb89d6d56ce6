// Gamester widgets: the static examples on a page become live on the reader's first interaction.
//
// One Pyodide for the whole visit, in a Web Worker (gamester-worker.js), booted only when a reader first touches a
// widget (no Pyodide byte is fetched before), and kept across Material's instant navigation (this script is loaded
// once; document$ tells us about every new page). Every exchange with the engine is JSON text to and from
// gamester.web.handle: no reader-typed code runs anywhere. Everything written into the page is either text
// (textContent / append of strings) or the engine's own escaped rendering passed through safeFragment().
(() => {
  "use strict";
  if (window.__gamester) return; // loaded once per visit
  const SRC = (document.currentScript && document.currentScript.src) || new URL("javascripts/gamester.js", document.baseURI).href;
  const ASSETS = new URL("../assets/", SRC).href;
  const SITE = new URL("../", SRC).href;
  const WORKER_URL = new URL("gamester-worker.js", SRC).href;

  const KINDS = {
    "pp-deal": { game: "post-and-pair", verb: "Deal and settle", play: true, maxPlayers: 10 },
    "pp-settle": { game: "post-and-pair", verb: "Settle these hands" },
    "pp-compare": { game: "post-and-pair", verb: "Compare" },
    "put-play": { game: "put", verb: "Play a game", play: true },
    "spec-play": { game: "speculation", verb: "Play a game", play: true },
  };
  // The permalink fields (query string): anything else is reported and ignored.
  const LINK_FIELDS = ["w", "game", "ruleset", "options", "players", "seed", "hands", "folded", "rulesets", "bots",
    "deals", "acts", "step", "who"];
  const ACT_SEP = "~";
  const BOOT_TIMEOUT_S = 180;
  const shape = (re, why) => Object.assign(re, { why });
  const LINK_SHAPES = {
    game: shape(/^(post-and-pair|put|speculation)$/, "a game name"),
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
    acts: shape(/^[A-Za-z0-9 _.=+~-]{1,8000}$/, "moves separated by ~"),
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
      G.progress = { stage: 0, of: 4, text: "Starting the engine" };
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
  function safeFragment(html) {
    const t = document.createElement("template");
    t.innerHTML = String(html);
    t.content.querySelectorAll(DROP).forEach((n) => n.remove());
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

  const SUITS = { S: ["♠", "Spades"], H: ["♥", "Hearts"], D: ["♦", "Diamonds"], C: ["♣", "Clubs"] };
  const RANKS = { "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
    "9": "Nine", "10": "Ten", T: "Ten", J: "Knave", Q: "Queen", K: "King", A: "Ace" };
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
    const [sym, suit] = SUITS[m[2]];
    const name = `${RANKS[rank]} of ${suit}`;
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
      if (v in SUITS) return h("span", { class: "gm-suit" + ("HD".includes(v) ? " gm-red" : "") }, `${SUITS[v][0]} ${SUITS[v][1]}`);
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

  function seatName(p, n) {
    if (typeof p === "number") return `Seat ${p}` + (p === 0 ? " (eldest)" : p === n - 1 ? " (dealer)" : "");
    return label(p);
  }
  const CLAUSE_RE = /^[a-z]+(\.[a-z0-9_-]+)+$/;
  function clauseLink(id, base) {
    if (!CLAUSE_RE.test(String(id))) return h("code", {}, String(id));
    return h("a", { class: "gm-clause", href: `${base}clauses/#${id}` }, String(id));
  }
  // Clause id -> [[passage id, href from the site root], ...], written by the site build; fetched after the
  // engine has started (never before an interaction), used to link each ledger line to its source sentence.
  let passagesP = null;
  function passages() {
    if (!passagesP) {
      passagesP = fetch(new URL("gamester/clause-passages.json", ASSETS)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
    }
    return passagesP;
  }
  const PASSAGE_HREF_RE = /^[A-Za-z0-9_./-]*(#[A-Za-z0-9_.:-]+)?$/;
  function passageLinks(id, base) {
    const list = (G.passages && Array.isArray(G.passages[id])) ? G.passages[id].slice(0, 3) : [];
    return list.filter((x) => Array.isArray(x) && PASSAGE_HREF_RE.test(String(x[1])) && !String(x[1]).startsWith("/"))
      .map((x) => [" ", h("a", { class: "gm-passage", href: base + String(x[1]), title: "the passage behind this clause" }, `§ ${String(x[0])}`)]);
  }
  function ledgerEl(lines, n, base) {
    if (!lines.length) return h("p", { class: "gm-empty" }, "No counters moved.");
    return h("table", { class: "gm-ledger" },
      h("thead", {}, h("tr", {}, ["From", "To", "Counters", "Stake", "Why (clause)"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, lines.map((l) => h("tr", { "data-clause": l.clause },
        h("td", {}, seatName(l.from, n)), h("td", {}, seatName(l.to, n)), h("td", { class: "gm-num" }, String(l.counters)),
        h("td", {}, String(l.stake ?? "")), h("td", {}, String(l.reason ?? ""), h("br"), h("small", {}, clauseLink(l.clause, base), passageLinks(l.clause, base)))))));
  }
  // Every ledger in a record (a game record may hold one per deal).
  function ledgers(rec, path = [], out = []) {
    if (!rec || typeof rec !== "object" || path.length > 4) return out;
    if (Array.isArray(rec.ledger) && rec.ledger.every((l) => l && typeof l === "object" && "clause" in l)) {
      out.push({ path, lines: rec.ledger, net: rec.net });
    }
    if (Array.isArray(rec.deals)) rec.deals.forEach((d, i) => ledgers(d, path.concat(`Deal ${i + 1}`), out));
    return out;
  }

  // ---- permalinks -------------------------------------------------------------------------------------------
  function readLink() {
    const q = new URLSearchParams(location.search);
    if (!q.has("w")) return null;
    const link = { fields: {}, problems: [] };
    for (const [k, v] of q.entries()) {
      if (k === "h" || k === "q") continue; // Material's search highlighting
      if (!LINK_FIELDS.includes(k)) { link.problems.push(`unknown field “${k.slice(0, 30)}”`); continue; }
      if (v.length > 2000) { link.problems.push(`field “${k}” is too long`); continue; }
      link.fields[k] = v;
    }
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

  // ---- widgets ----------------------------------------------------------------------------------------------
  class Widget {
    constructor(root, index) {
      this.root = root;
      this.index = index;
      this.path = location.pathname;
      this.kind = root.dataset.widget;
      this.spec = KINDS[this.kind];
      this.base = /^(\.\.\/)*$/.test(root.dataset.base || "") ? (root.dataset.base || "") : "../";
      try { this.args = JSON.parse(root.dataset.args || "{}"); } catch (e) { this.args = {}; }
      if (!this.args || typeof this.args !== "object" || Array.isArray(this.args)) this.args = {};
      if (!root.id) root.id = `gm-widget-${index}`;
      this.game = this.spec ? this.spec.game : null;
      this.build();
    }

    build() {
      const r = this.root;
      // The build puts the static rendering in .gm-widget-static (and a note after it); live results replace it.
      this.static = r.querySelector(":scope > .gm-widget-static");
      if (!this.static) {
        this.static = h("div", { class: "gm-widget-static" });
        while (r.firstChild) this.static.append(r.firstChild);
        r.append(this.static);
      }
      this.markDiffs(); // pp-compare: the printed example gets the same highlighting as live results
      this.staticHTML = this.static.innerHTML;
      this.status = h("span", { class: "gm-status-line", role: "status", "aria-live": "polite" });
      this.progress = h("progress", { class: "gm-progress", max: "4", value: "0", hidden: true, "aria-label": "Engine loading" });
      this.start = h("button", { type: "button", class: "md-button gm-start", onclick: () => this.open() },
        this.spec && this.spec.play ? "▶ Try it live" : "▶ Try your own");
      this.errors = h("div", { class: "gm-error", role: "alert" });
      this.panel = h("div", { class: "gm-panel", hidden: true });
      this.bar = h("div", { class: "gm-bar" }, this.start, " ", this.progress, " ", this.status);
      r.classList.add("gm-enhanced");
      this.static.after(this.bar, this.errors, this.panel);
      if (!this.spec) {
        this.start.disabled = true;
        this.say(`Unknown widget “${String(this.kind).slice(0, 40)}”: only the printed example is shown.`);
        return;
      }
      if (!supported()) {
        this.start.disabled = true;
        this.fallback("This browser cannot run the live engine (no WebAssembly). The example above is the printed one, computed when the site was built.");
        return;
      }
      const prefetch = () => { if (G.state === "idle") boot().catch(() => {}); };
      r.addEventListener("pointerdown", prefetch, { passive: true });
      r.addEventListener("keydown", prefetch);
      this.refresh = () => this.showEngine();
      G.listeners.add(this.refresh);
      this.showEngine();
    }

    say(text) { this.status.textContent = text; }
    fail(text) {
      this.errors.textContent = "";
      if (!text) return;
      this.errors.append(h("p", {}, String(text)));
      if (!this.panel.hidden) this.errors.scrollIntoView({ block: "nearest" });
    }
    fallback(text) {
      this.root.classList.add("gm-fallback");
      this.fail(text);
      this.say("");
      this.progress.hidden = true;
    }

    showEngine() {
      if (!this.root.isConnected) { G.listeners.delete(this.refresh); return; }
      if (G.state === "booting") {
        const p = G.progress || {};
        this.progress.hidden = false;
        this.progress.value = Math.max(0.2, p.stage || 0);
        this.say(`${p.text || "Starting the engine"}… (${((performance.now() - G.bootStart) / 1000).toFixed(1)} s)`);
        this.root.setAttribute("aria-busy", "true");
      } else if (G.state === "ready") {
        this.progress.hidden = true;
        this.root.removeAttribute("aria-busy");
        this.root.dataset.engine = "ready";
        if (!this.panel.hidden) this.say("Engine ready.");
      } else if (G.state === "failed") {
        this.root.removeAttribute("aria-busy");
        this.start.disabled = true;
        this.fallback(`The live engine could not start (${G.error}). The example above is the printed one, computed when the site was built.`);
      }
    }

    async open(link) {
      this.start.disabled = true;
      this.fail("");
      try {
        await boot();
      } catch (e) {
        return; // showEngine() has put up the fallback message
      }
      if (!this.form) this.buildControls();
      if (!G.passages) passages().then((p) => { G.passages = p; }); // needed only once a deal is settled
      this.panel.hidden = false;
      this.start.hidden = true;
      this.root.dataset.open = "1";
      if (link) {
        await this.applyLink(link);
      } else {
        await this.run();
        if (this.spec.play) await this.newPosition();
      }
    }

    // -- controls ------------------------------------------------------------------------------------------
    buildControls() {
      const g = G.games[this.game];
      const a = this.args;
      const id = (s) => `${this.root.id}-${s}`;
      const field = (name, text, input, hint) => h("div", { class: "gm-field" },
        h("label", { for: id(name) }, text), input, hint ? h("small", { class: "gm-hint" }, hint) : null);
      this.inputs = {};
      const rows = [];
      const presetSelect = (name, value) => {
        const s = h("select", { id: id(name), name });
        for (const p of g.presets) s.append(h("option", { value: p.name, title: p.summary }, `${p.name} (${p.label || p.status})`));
        if (value && !g.presets.some((p) => p.name === value)) s.append(h("option", { value }, value));
        s.value = value || g.default;
        return s;
      };
      if (this.kind === "pp-compare") {
        const names = String(a.rulesets || "").split(",").map((x) => x.trim()).filter(Boolean);
        this.inputs.rulesetA = presetSelect("ruleset-a", names[0] || g.presets[0].name);
        this.inputs.rulesetB = presetSelect("ruleset-b", names[1] || (g.presets[1] || g.presets[0]).name);
        rows.push(field("ruleset-a", "Ruleset A", this.inputs.rulesetA), field("ruleset-b", "Ruleset B", this.inputs.rulesetB));
      } else {
        this.inputs.ruleset = presetSelect("ruleset", a.ruleset);
        rows.push(field("ruleset", "Ruleset", this.inputs.ruleset));
      }
      // Option switches: "as the ruleset says" or an explicit value.
      const given = {};
      for (const item of String(a.options || "").split(/[;,]/)) {
        const i = item.indexOf("=");
        if (i > 0) given[item.slice(0, i).trim()] = item.slice(i + 1).trim();
      }
      this.inputs.options = {};
      const opts = h("fieldset", { class: "gm-options" }, h("legend", {}, "Options (override the ruleset)"));
      for (const o of g.options) {
        let input;
        if (o.choices) {
          input = h("select", { id: id(`opt-${o.name}`), name: o.name, title: o.help || null },
            h("option", { value: "" }, "as the ruleset says"), o.choices.map((c) => h("option", { value: String(c) }, String(c))));
        } else {
          input = h("input", { id: id(`opt-${o.name}`), name: o.name, type: "number", min: o.range[0], max: o.range[1], step: 1, placeholder: "as the ruleset says" });
        }
        if (given[o.name] !== undefined) input.value = given[o.name];
        this.inputs.options[o.name] = input;
        opts.append(field(`opt-${o.name}`, label(o.name), input, o.help));
      }
      const handsMode = this.kind === "pp-settle" || (this.kind === "pp-compare" && a.hands);
      if (handsMode) {
        this.inputs.hands = h("textarea", { id: id("hands"), rows: 4, cols: 30, spellcheck: "false", autocomplete: "off" });
        this.inputs.hands.value = String(a.hands || "QH QD QC|KS KH KD").split("|").join("\n");
        this.inputs.folded = h("input", { id: id("folded"), type: "text", inputmode: "numeric", size: 8, autocomplete: "off" });
        this.inputs.folded.value = a.folded || "";
        rows.push(field("hands", "Hands, one seat per line, eldest first", this.inputs.hands, "Rank then suit: QH 10D AS (T or 10; ♠♥♦♣ accepted)"),
          field("folded", "Seats that dropped out", this.inputs.folded, "Seat numbers from 0, comma-separated"));
      } else {
        const [lo, hi0] = g.players;
        const hi = Math.min(hi0, this.spec.maxPlayers || hi0);
        this.inputs.players = h("input", { id: id("players"), type: "number", min: lo, max: hi, step: 1, required: true });
        this.inputs.players.value = a.players || (lo === hi ? lo : Math.min(Math.max(lo, 4), hi));
        this.inputs.seed = h("input", { id: id("seed"), type: "number", min: 0, step: 1, required: true });
        this.inputs.seed.value = a.seed || "1";
        const dice = h("button", { type: "button", class: "gm-small", onclick: () => { this.inputs.seed.value = String(Math.floor(Math.random() * 1e6)); this.submit(); } }, "New seed");
        rows.push(field("players", `Players (${lo}–${hi})`, this.inputs.players), field("seed", "Seed (the deal)", h("span", {}, this.inputs.seed, " ", dice)));
      }
      if (this.spec.play && g.bots.length) {
        this.inputs.bot = h("select", { id: id("bot") }, g.bots.map((b) => h("option", { value: b }, b)));
        const want = String(a.bots || "").split(",")[0].trim();
        this.inputs.bot.value = g.bots.includes(want) ? want : g.default_bot || g.bots[0];
        rows.push(field("bot", "Computer players", this.inputs.bot));
      }
      const go = h("button", { type: "submit", class: "md-button md-button--primary" }, this.spec.verb);
      const linkBtn = h("button", { type: "button", class: "md-button gm-small", onclick: () => this.copyLink() }, "Copy link");
      this.form = h("form", { class: "gm-form", onsubmit: (ev) => { ev.preventDefault(); this.submit(); } },
        h("div", { class: "gm-fields" }, rows), opts, h("div", { class: "gm-actions" }, go, " ", linkBtn));
      this.linkOut = h("p", { class: "gm-link", hidden: true });
      this.panel.append(this.form, this.linkOut);
      if (this.spec.play) this.buildPlay();
    }

    readArgs() {
      const i = this.inputs;
      const out = {};
      const opts = [];
      for (const [k, input] of Object.entries(i.options)) if (String(input.value).trim() !== "") opts.push(`${k}=${String(input.value).trim()}`);
      if (opts.length) out.options = opts.join(";");
      if (i.rulesetA) out.rulesets = `${i.rulesetA.value},${i.rulesetB.value}`;
      else out.ruleset = i.ruleset.value;
      if (i.hands) {
        out.hands = i.hands.value.split(/\n/).map((s) => s.trim()).filter(Boolean).join("|");
        if (i.folded.value.trim()) out.folded = i.folded.value.trim().replace(/\s+/g, "");
      } else {
        out.players = String(i.players.value).trim();
        out.seed = String(i.seed.value).trim();
      }
      if (i.bot && this.kind !== "pp-deal") out.bots = i.bot.value;
      return out;
    }

    async submit() {
      this.fail("");
      await this.run(this.readArgs());
      if (this.spec.play) await this.newPosition();
      this.updateLink();
    }

    // Re-render the example (the same call the site build made) from the current arguments.
    async run(args) {
      args = args || this.args;
      this.say("Working…");
      const t = performance.now();
      const r = await call({ op: "render", kind: this.kind, args, base: this.base });
      if (!r.ok) {
        this.fail(`Cannot ${this.spec.verb.toLowerCase()}: ${r.error}`);
        this.say("");
        return false;
      }
      this.static.textContent = "";
      this.static.append(safeFragment(r.html));
      this.root.dataset.live = "1";
      this.lastArgs = args;
      this.markDiffs();
      this.say(`Computed live in ${Math.round(performance.now() - t)} ms.`);
      this.root.dispatchEvent(new CustomEvent("gamester:rendered", { bubbles: true }));
      return true;
    }

    // pp-compare: highlight the cells of the seat tables that differ between the columns.
    markDiffs() {
      const cols = this.static.querySelectorAll(".gm-col");
      if (cols.length < 2) return;
      const cells = Array.from(cols, (c) => Array.from(c.querySelectorAll("td[data-net]")));
      cells[0].forEach((td, i) => {
        if (cells.some((cs) => cs[i] && cs[i].dataset.net !== td.dataset.net)) cells.forEach((cs) => cs[i] && cs[i].classList.add("gm-diff-cell"));
      });
    }

    // -- step-by-step play ----------------------------------------------------------------------------------
    buildPlay() {
      const id = (s) => `${this.root.id}-${s}`;
      this.who = h("select", { id: id("who") });
      this.stepInfo = h("p", { class: "gm-stepinfo", "aria-live": "polite" });
      this.viewBox = h("div", { class: "gm-view" });
      this.choices = h("div", { class: "gm-choices", role: "group", "aria-label": "Your choices" });
      this.analysisBox = h("div", { class: "gm-analysis" });
      this.result = h("div", { class: "gm-result" });
      const btn = (text, f, cls = "") => h("button", { type: "button", class: `md-button gm-small ${cls}`, onclick: f }, text);
      this.backBtn = btn("◀ Back", () => this.goto(this.step - 1));
      this.fwdBtn = btn("Forward ▶", () => this.goto(this.step + 1));
      this.botBtn = btn("Bot moves", () => this.botMove("one"));
      this.autoBtn = btn("Bots play on", () => this.botMove("human"));
      this.endBtn = btn("Play to the end", () => this.botMove("end"));
      this.who.addEventListener("change", () => this.exclusive(async () => {
        this.fillWho(this.who.value);
        await this._goto(this.step); // the view follows the seat
        await this.autoAdvance();
      }));
      this.play = h("section", { class: "gm-play", "aria-label": "Step through the deal" },
        h("h4", {}, "Step through it"),
        h("div", { class: "gm-field" }, h("label", { for: id("who") }, "Who decides"), this.who),
        h("div", { class: "gm-actions" }, this.backBtn, " ", this.fwdBtn, " ", this.botBtn, " ", this.autoBtn, " ", this.endBtn),
        this.stepInfo, h("div", { class: "gm-play-grid" }, h("div", {}, this.viewBox, this.choices), this.analysisBox), this.result);
      this.panel.append(this.play);
    }

    fillWho(value) {
      const n = this.players || 2;
      const prev = value ?? this.who.value;
      this.who.textContent = "";
      this.who.append(h("option", { value: "bots" }, "the bots (watch)"), h("option", { value: "all" }, "me, for every seat"));
      for (let s = 0; s < n; s++) this.who.append(h("option", { value: String(s) }, `me, for ${seatName(s, n).toLowerCase()}`));
      const def = this.kind === "pp-deal" ? "bots" : "0";
      this.who.value = Array.from(this.who.options).some((o) => o.value === prev) ? prev : def;
    }

    position(extra) {
      const a = this.lastArgs || this.args;
      const req = { game: this.game, players: Number(a.players || this.players || 0) || undefined, seed: a.seed || "0", ruleset: this.rulesetString(a) };
      return Object.assign(req, extra || {});
    }
    rulesetString(a) {
      const base = a.ruleset || (G.games[this.game] || {}).default;
      if (!a.options) return base;
      return `${base}(${String(a.options).split(/[;,]/).filter(Boolean).join(",")})`;
    }
    humans() {
      const v = this.who.value;
      const n = this.players;
      const bot = this.inputs.bot ? this.inputs.bot.value : null;
      return Array.from({ length: n }, (_, s) => (v === "all" || v === String(s) ? null : bot));
    }
    viewSeat() { return /^\d+$/.test(this.who.value) ? Number(this.who.value) : null; }

    async newPosition(actions, step) {
      const r = await call({ op: "new", ...this.position() });
      if (!r.ok) { this.fail(`Cannot start a deal: ${r.error}`); return; }
      this.players = r.players;
      this.fillWho(this.linkWho);
      this.linkWho = undefined;
      this.acts = actions || [];
      this.step = 0;
      this.moved = null;
      await this.goto(step ?? this.acts.length);
      if (!actions) await this.exclusive(() => this.autoAdvance()); // a restored link stays where it was
    }

    // One engine call at a time per widget: moves, bot moves and steps queue behind each other, never interleave.
    async exclusive(f) {
      const prev = this.queue || Promise.resolve();
      const next = prev.then(async () => {
        this.root.dataset.busy = "1";
        try { await f(); } finally { this.root.dataset.busy = "0"; }
      });
      this.queue = next.catch(() => {});
      return next;
    }

    async goto(step) { return this.exclusive(() => this._goto(step)); }
    async act(action) {
      this.refocus = this.choices.contains(document.activeElement);
      return this.exclusive(async () => { if (await this._act(action)) await this.autoAdvance(); });
    }
    async botMove(until) { return this.exclusive(() => this._botMove(until)); }

    // When the reader plays a seat (or all), the computer's seats move by themselves until the reader is to act.
    async autoAdvance() {
      const p = this.pos;
      if (!p || p.terminal || this.who.value === "bots") return;
      const mine = this.who.value === "all" || this.who.value === String(p.current);
      if (mine) return;
      this.refocus = this.refocus || this.choices.contains(document.activeElement) || document.activeElement === this.stepInfo;
      await this._botMove("human");
    }

    async _goto(step) {
      if (!this.acts) return;
      step = Math.max(0, Math.min(step, this.acts.length));
      const r = await call({ op: "view", ...this.position({ actions: this.acts.slice(0, step), seat: this.viewSeat() }) });
      if (!r.ok) { this.fail(`That position cannot be shown: ${r.error}`); return; }
      this.step = step;
      this.pos = r;
      await this.showPosition();
      this.updateLink();
    }

    async _act(action) {
      const r = await call({ op: "apply", ...this.position({ actions: this.acts.slice(0, this.step), action, seat: this.viewSeat() }) });
      if (!r.ok) { this.fail(r.error); return false; }
      this.fail("");
      this.acts = r.actions;
      this.step = r.step;
      this.pos = r;
      this.moved = null;
      await this.showPosition();
      this.updateLink();
      return true;
    }

    async _botMove(until) {
      const bots = until === "one" ? null : this.humans();
      const req = this.position({ actions: this.acts.slice(0, this.step), seat: this.viewSeat(), until });
      if (bots) req.bots = until === "end" ? bots.map((b) => b || (this.inputs.bot ? this.inputs.bot.value : null)) : bots;
      else if (this.inputs.bot) req.bot = this.inputs.bot.value;
      const r = await call({ op: "bot", ...req });
      if (!r.ok) { this.fail(r.error); return; }
      this.moved = r.moved;
      this.acts = r.actions;
      this.step = r.step;
      this.pos = r;
      await this.showPosition();
      this.updateLink();
    }

    async showPosition() {
      const p = this.pos;
      if (!p) return;
      const n = p.players;
      const mine = p.current !== null && (this.who.value === "all" || this.who.value === String(p.current));
      this.stepInfo.textContent = p.terminal
        ? `Step ${p.step}: the deal is over (${p.phase}).`
        : `Step ${p.step}, ${p.phase}: ${seatName(p.current, n)} to act${mine ? " (you decide)" : ""}.`;
      if (this.moved && this.moved.length) {
        const shown = this.moved.slice(-8).map(([seat, a]) => `${seatName(seat, n).toLowerCase()}: ${a}`).join("; ");
        this.stepInfo.textContent += ` Computer moves: ${this.moved.length > 8 ? "…; " : ""}${shown}.`;
      }
      this.viewBox.textContent = "";
      this.viewBox.append(h("h5", {}, p.seat === null ? "The table (everything shown)" : `What ${seatName(p.seat, n).toLowerCase()} sees`), dataEl(p.view));
      this.choices.textContent = "";
      if (!p.terminal) {
        if (mine) {
          this.choices.append(h("span", { class: "gm-choose" }, "Your move: "));
          for (const a of p.legal) this.choices.append(h("button", { type: "button", class: "md-button gm-small gm-move", "data-action": a, onclick: () => this.act(a) }, a), " ");
        } else {
          this.choices.append(h("span", {}, this.who.value === "bots"
            ? `Waiting for ${seatName(p.current, n).toLowerCase()} (a bot): press “Bot moves” or “Bots play on”.`
            : `${seatName(p.current, n)} (the computer) is thinking…`));
        }
      }
      this.analysisBox.textContent = "";
      if (p.analysis) this.analysisBox.append(h("h5", {}, `The odds for ${seatName(p.seat ?? p.current, n).toLowerCase()}`), dataEl(p.analysis, 0, "", true));
      this.result.textContent = "";
      if (p.terminal && p.record) {
        if (!G.passages) G.passages = await passages();
        const ls = ledgers(p.record);
        this.result.append(h("h5", {}, "Settlement"));
        for (const l of ls) {
          if (l.path.length) this.result.append(h("h6", {}, l.path.join(", ")));
          this.result.append(ledgerEl(l.lines, n, this.base));
        }
        const net = p.record.net || (p.record.score ? null : null);
        if (Array.isArray(net)) this.result.append(h("p", { class: "gm-net" }, "Net: ", net.map((v, s) => `${seatName(s, n)} ${v > 0 ? "+" : ""}${v}`).join("; ")));
        const rest = {};
        for (const k of ["winner", "score", "winners", "trump", "box"]) if (k in p.record) rest[k] = p.record[k];
        if (Object.keys(rest).length) this.result.append(dataEl(rest));
      }
      // Keep keyboard users in place: the move buttons were rebuilt, so focus the first new one (or the summary).
      if (this.refocus) {
        this.refocus = false;
        const next = this.choices.querySelector("button") || this.stepInfo;
        if (next === this.stepInfo) this.stepInfo.tabIndex = -1;
        next.focus({ preventScroll: true });
      }
      this.backBtn.disabled = p.step === 0;
      this.fwdBtn.disabled = p.step >= this.acts.length;
      this.botBtn.disabled = this.autoBtn.disabled = this.endBtn.disabled = p.terminal;
      this.root.dataset.step = String(p.step);
      this.root.dataset.terminal = p.terminal ? "1" : "0";
      this.root.dispatchEvent(new CustomEvent("gamester:position", { bubbles: true }));
    }

    // -- permalinks -----------------------------------------------------------------------------------------
    linkFields() {
      const a = this.lastArgs || this.args;
      const f = { game: this.game };
      for (const k of ["ruleset", "options", "players", "seed", "hands", "folded", "rulesets", "bots", "deals"]) if (a[k] !== undefined) f[k] = a[k];
      if (this.acts) {
        if (this.acts.length) f.acts = this.acts.join(ACT_SEP);
        f.step = this.step;
        f.who = this.who.value;
      }
      return f;
    }
    updateLink() { this.link = writeLink(this, this.linkFields()); }
    async copyLink() {
      this.updateLink();
      this.linkOut.hidden = false;
      this.linkOut.textContent = "";
      this.linkOut.append("Link to this: ", h("a", { href: this.link }, this.link));
      try { await navigator.clipboard.writeText(this.link); this.say("Link copied."); } catch (e) { this.say("Link shown below."); }
    }

    async applyLink(link) {
      const f = link.fields;
      if (f.game && f.game !== this.game) { this.fail(`This link is for the game “${f.game.slice(0, 40)}”, but this widget plays ${this.game}.`); return; }
      const args = {};
      for (const k of ["ruleset", "options", "players", "seed", "hands", "folded", "rulesets", "bots", "deals"]) if (f[k] !== undefined) args[k] = f[k];
      for (const k of Object.keys(this.args)) if (!(k in args) && !(k === "hands" && args.seed) && !(k === "seed" && args.hands)) args[k] = this.args[k];
      this.setInputs(args);
      const ok = await this.run(args);
      if (!ok) { this.fail(`This link could not be followed: ${this.errors.textContent.replace(/^Cannot [^:]*: /, "")}`); return; }
      if (this.spec.play) {
        const acts = f.acts ? f.acts.split(ACT_SEP) : [];
        if (acts.length > 2000) { this.fail("This link holds too many moves."); return; }
        let step = acts.length;
        if (f.step !== undefined) {
          if (!/^\d{1,4}$/.test(f.step)) { this.fail(`This link's step “${f.step.slice(0, 40)}” is not a small whole number; showing the last step.`); }
          else step = Math.min(Number(f.step), acts.length);
        }
        this.linkWho = /^(bots|all|\d{1,2})$/.test(f.who || "") ? f.who : undefined;
        await this.newPosition(acts, step);
      }
      if (link.problems.length) this.fail(`Parts of this link were ignored: ${link.problems.join("; ")}.`);
    }
    setInputs(a) {
      const i = this.inputs;
      if (i.ruleset && a.ruleset) { if (!Array.from(i.ruleset.options).some((o) => o.value === a.ruleset)) i.ruleset.append(h("option", { value: a.ruleset }, a.ruleset)); i.ruleset.value = a.ruleset; }
      if (i.players && a.players) i.players.value = a.players;
      if (i.seed && a.seed) i.seed.value = a.seed;
      if (i.hands && a.hands) i.hands.value = String(a.hands).split("|").join("\n");
      if (i.folded && a.folded) i.folded.value = a.folded;
    }
  }

  // ---- pages ------------------------------------------------------------------------------------------------
  function scan() {
    const roots = Array.from(document.querySelectorAll(".gm-widget"));
    const widgets = [];
    roots.forEach((root, i) => {
      if (root.__gm) { widgets.push(root.__gm); return; }
      root.__gm = new Widget(root, i);
      widgets.push(root.__gm);
    });
    G.widgets = widgets;
    const link = readLink();
    if (link) {
      const w = widgets[link.index];
      if (!w) {
        const first = widgets[0];
        const msg = `This link points at widget ${link.index < 0 ? "?" : link.index}, which is not on this page${link.problems.length ? " (" + link.problems.join("; ") + ")" : ""}.`;
        if (first) first.fail(msg);
      } else if (link.bad) {
        w.fail(`This link was not followed: ${link.problems.join("; ")}. The printed example is shown; press “Try it live” to explore.`);
      } else if (w.spec && supported()) {
        w.open(link);
      } else if (w.spec) {
        w.fail("This link needs the live engine, which this browser cannot run: the printed example is shown.");
      }
    }
    notify();
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => scan());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", scan);
  } else {
    scan();
  }
})();

// The edition's apparatus (no game logic): (1) a link to a sentence or verse line whose anchor sits in a tab that is
// not shown (the Reading tab) switches to that tab and scrolls to it; (2) "Cite this edition" gets the address of
// the page as the reader sees it, so no host is baked into the built site.
(function () {
  "use strict";
  function reveal() {
    const id = decodeURIComponent((location.hash || "").slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    const block = target.closest(".tabbed-block");
    if (block && block.offsetParent === null) {
      const set = block.closest(".tabbed-set");
      const blocks = Array.from(set.querySelector(".tabbed-content").children);
      const input = set.querySelectorAll(":scope > input")[blocks.indexOf(block)];
      if (input) input.checked = true;
    }
    target.scrollIntoView({ block: "center" });
  }
  function fillUrls() {
    const url = location.href.split("#")[0];
    document.querySelectorAll(".gm-page-url").forEach((el) => { el.textContent = url; });
  }
  function run() { fillUrls(); reveal(); }
  window.addEventListener("hashchange", reveal);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(run);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();

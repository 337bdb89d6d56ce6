// Gamester widgets: the static examples on a page become live on the reader's first interaction.
//
// One Pyodide for the whole visit, in a Web Worker (gamester-engine.js), booted only when a reader first touches a
// widget (no Pyodide byte is fetched before; a second visit, whose runtime the browser holds, starts it once the page
// is idle with a way to play on screen), and kept across Material's instant navigation (the modules are
// evaluated once; document$ tells us about every new page, and the page's link is read again each time). Every
// exchange with the engine is JSON text to and from gamester.hosts.web.handle: no reader-typed code runs anywhere.
// Everything written into the page is text or the engine's own escaped rendering passed through safeFragment().
// The modules: gamester-engine.js (the worker), gamester-kit.js (DOM helpers), gamester-words.js, gamester-link.js
// (permalinks), gamester-form.js (the settings form), gamester-play.js (the card table); this one makes widgets
// of a page's examples. Names no game: kinds, verbs and parameters are the engine's.
import { G, boot, notify, supported, warmOnIntent, call, prestartWhenSeen, startFailure, UNSUPPORTED_ERROR } from "./gamester-engine.js";
import { h, passages, safeFragment } from "./gamester-kit.js";
import { Form } from "./gamester-form.js";
import { ACT_SEP, argFields, readLink, writeLink } from "./gamester-link.js";
import { Play } from "./gamester-play.js";

const KEEP_HELP = new URL("../teach/#without-a-network", import.meta.url).href;

class Widget {
  constructor(root, index) {
    this.root = root;
    this.index = index;
    this.path = location.pathname;
    this.kind = root.dataset.widget;
    try { this.spec = JSON.parse(root.dataset.spec || "null"); } catch (e) { this.spec = null; }
    const printed = root.querySelector(".gm-example");
    this.base = /^(\.\.\/)*$/.test(root.dataset.base || "") ? (root.dataset.base || "") : "../";
    try { this.args = JSON.parse(root.dataset.args || "{}"); } catch (e) { this.args = {}; }
    if (!this.args || typeof this.args !== "object" || Array.isArray(this.args)) this.args = {};
    if (!root.id) root.id = `gm-widget-${index}`;
    this.game = printed ? printed.dataset.game : null;
    this.play = this.spec && this.spec.play ? new Play(this) : null;
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
    // (the build wraps the printed example in <gm-printed> only to keep it out of the site search)
    const wrap = this.static.querySelector(":scope > gm-printed");
    if (wrap) wrap.replaceWith(...wrap.childNodes);
    this.markDiffs(); // a comparison: the printed example gets the same highlighting as live results
    this.staticHTML = this.static.innerHTML;
    this.status = h("span", { class: "gm-status-line", role: "status", "aria-live": "polite" });
    this.progress = h("progress", { class: "gm-progress", max: "4", value: "0", hidden: true, "aria-label": "The card engine is starting" });
    this.start = h("button", { type: "button", class: "md-button gm-start", onclick: () => this.open() },
      this.play ? "▶ Try it live" : "▶ Try your own");
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
      this.failedStart(UNSUPPORTED_ERROR);
      return;
    }
    warmOnIntent(r);
    this.refresh = () => this.showEngine();
    G.listeners.add(this.refresh);
    this.showEngine();
  }

  say(text) { this.status.textContent = text; }
  get note() { return this.root.querySelector(":scope > .gm-widget-note"); }
  // The page's arguments with a new deal number (one never dealt on this page before), when the widget deals from one.
  freshDeal() {
    const args = { ...this.args };
    if (!argFields(this.spec).includes("seed")) return args;
    for (const k of this.spec.one_of || []) if (k !== "seed") delete args[k];
    const used = G.dealt || (G.dealt = new Set([String(this.args.seed)]));
    let seed;
    do { seed = String(1 + Math.floor(Math.random() * 999999)); } while (used.has(seed));
    used.add(seed);
    args.seed = seed;
    return args;
  }
  // The bar moves on between the engine's stages (they come seconds apart): within a stage it creeps towards the
  // next one, never reaching it, so it keeps moving and never says more than has been done.
  moving(p) {
    const now = performance.now();
    if (this.stageSeen !== p.stage) { this.stageSeen = p.stage; this.stageAt = now; }
    const stage = Number(p.stage) || 0;
    return Math.min(Number(p.of) || 4, stage + 0.9 * (1 - Math.exp(-(now - this.stageAt) / 3000)) + 0.05);
  }

  // The reader asked to play: at once the widget shows the live game's table with every card face down (the
  // build's drawing of it), the loading line above it, and not the printed example, whose every hand is face up
  // and whose result is given (it is one click away once the game is dealt).
  wait() {
    if (!this.play || this.form || this.waiting) return;
    const tpl = this.root.querySelector(":scope > template.gm-waiting-table");
    this.waiting = h("div", { class: "gm-waiting", "aria-hidden": "true" });
    if (tpl) this.waiting.append(tpl.content.cloneNode(true));
    this.static.hidden = true;
    const note = this.root.querySelector(":scope > .gm-widget-note");
    if (note) note.hidden = true;
    this.start.hidden = true;
    this.bar.after(this.waiting);
    this.root.dataset.waiting = "1";
    if (G.state !== "ready") {  // the loading line at once (the engine's own stages follow)
      this.progress.hidden = false;
      this.progress.value = 0.05;
      this.say(`${(G.progress && G.progress.text) || "Starting the card engine in your browser"}…`);
    }
  }
  stopWaiting() {
    if (this.waiting) this.waiting.remove();
    this.waiting = null;
    delete this.root.dataset.waiting;
  }
  stopTicking() { if (this.ticking) { clearInterval(this.ticking); this.ticking = null; } }
  fail(text) {
    this.errors.textContent = "";
    if (!text) return;
    this.errors.append(h("p", {}, String(text)));
    if (!this.panel.hidden) requestAnimationFrame(() => this.errors.scrollIntoView({ block: "nearest" }));
  }
  fallback(text) {
    this.root.classList.add("gm-fallback");
    this.fail(text);
    this.say("");
    this.progress.hidden = true;
  }

  // The engine cannot start (``error``, the browser's or the start's words): why, in a reader's words
  // (startFailure), where to learn to keep the site when a network may be the cause, and the browser's own message
  // folded away, for whoever looks after the computer. Said once for the same error: every change of the engine's
  // state redraws a widget, and this would close the fold a reader opened (and say the alert again).
  failedStart(error) {
    const reported = String(error || "");
    if (this.failedWith === reported) return;
    this.failedWith = reported;
    const why = startFailure(reported);
    this.fallback(`The live engine could not start: ${why.said}. The example above is the printed one, computed ` +
      "when the site was built.");
    // (where a reader learns to keep the site for use without a network: gamester-keep.js)
    if (why.network) {
      this.errors.append(h("p", {}, "Without a network the engine starts only in a browser that has kept the " +
        "site beforehand, and on a slow one it starts at once only there: see ",
        h("a", { href: KEEP_HELP }, "Without a network"), " on the page for teachers."));
    }
    if (reported) {
      this.errors.append(h("details", { class: "gm-error-detail" }, h("summary", {}, "What the browser reported"),
        h("p", {}, reported)));
    }
  }

  showEngine() {
    if (!this.root.isConnected) { G.listeners.delete(this.refresh); this.stopTicking(); return; }
    if (G.state === "booting" && this.asked) {  // a boot begun on intent alone stays quiet until asked for
      const p = G.progress || {};
      this.progress.hidden = false;
      this.progress.value = this.moving(p);
      this.say(`${p.text || "Starting the card engine in your browser"}… (${((performance.now() - G.bootStart) / 1000).toFixed(1)} s)`);
      this.root.setAttribute("aria-busy", "true");
      // The seconds count while the engine starts, not only when it reports a stage (stages come seconds apart).
      if (!this.ticking) this.ticking = setInterval(() => this.showEngine(), 200);
      return;
    }
    this.stopTicking();
    if (G.state === "ready") {
      this.progress.hidden = true;
      this.root.removeAttribute("aria-busy");
      this.root.dataset.engine = "ready";
      if (!this.panel.hidden) this.say("Engine ready.");
    } else if (G.state === "failed") {
      this.root.removeAttribute("aria-busy");
      this.start.disabled = true;
      if (this.waiting) { // (the face-down table put up while it started gives way to the printed example again)
        this.stopWaiting();
        this.static.hidden = false;
        const note = this.root.querySelector(":scope > .gm-widget-note");
        if (note) note.hidden = false;
      }
      this.failedStart(G.error);
    }
  }

  async open(link) {
    this.asked = true;
    this.wait();
    this.showEngine();
    this.start.disabled = true;
    this.fail("");
    // A fresh deal is asked for at once, with the engine's start (gamester-engine.js's call): the engine deals it as
    // soon as it is ready, while this page builds the controls.
    const args = !link && this.play && !this.form ? this.freshDeal() : null;
    const dealt = args && G.state !== "ready" ? call(this.request(args)) : null;
    try {
      await boot();
    } catch (e) {
      return; // showEngine() has put up the fallback message
    }
    if (!this.form) {
      this.buildControls();
      // Errors show next to what caused them: a move's under the table, a form's under its buttons.
      if (this.play) this.play.tableHost.after(this.errors);
      else this.formEl.querySelector(".gm-actions").after(this.errors);
    }
    if (!G.passages) passages().then((p) => { G.passages = p; }); // needed only once a game is finished
    if (!this.play) this.panel.hidden = false;
    this.start.hidden = true;
    this.root.dataset.open = "1";
    if (link) {
      await this.applyLink(link);
    } else if (this.play) {
      // Every Play deals a new deal (a link names its own): the number is shown, and kept in the page's link.
      const deal = args || this.freshDeal();
      this.form.set(deal);
      if (await this.run(deal, "Shuffling and dealing…", dealt) === null) return;
      await this.play.newPosition();
      this.say("");
    } else {
      await this.run();
    }
    this.stopWaiting();
    this.panel.hidden = false;
    if (this.note) this.note.hidden = false;
    this.focusFirst();
  }

  // After "Try it live" (whose button is now hidden) focus goes to the first thing the reader can use, never <body>.
  focusFirst() {
    if (this.root.contains(document.activeElement) && document.activeElement !== this.start) return;
    const host = this.play && this.play.tableHost;
    const first = (host && host.querySelector("button[data-action]:not([disabled])"))
      || this.panel.querySelector("button:not([disabled]):not([hidden]), select, input, textarea, summary");
    if (!first) return;
    first.focus({ preventScroll: true });
    if (this.play && host.contains(first)) this.play.reveal(); // the reader's cards, the prompt and every choice
    else first.scrollIntoView({ block: "nearest" });
  }

  // -- controls ------------------------------------------------------------------------------------------
  buildControls() {
    this.form = new Form(this, G.games[this.game], this.spec);
    const { rows, opts } = this.form.build(this.args);
    const go = h("button", { type: "submit", class: "md-button md-button--primary" }, this.spec.verb);
    const linkBtn = h("button", { type: "button", class: "md-button gm-small", onclick: () => this.copyLink() }, "Copy link");
    this.formEl = h("form", { class: "gm-form", onsubmit: (ev) => { ev.preventDefault(); this.submit(); } },
      h("div", { class: "gm-fields" }, rows), opts, h("div", { class: "gm-actions" }, go, " ", linkBtn));
    this.linkOut = h("p", { class: "gm-link", hidden: true });
    if (this.play) {
      // The table and the reader's choices come first; the long settings form is folded away below them.
      this.panel.append(this.play.build());
      // The printed example is the whole game played out: once the reader plays, it folds away (one click shows it).
      this.static.hidden = true;
      this.showStatic = h("button", { type: "button", class: "md-button gm-small gm-show-static", "aria-expanded": "false", onclick: () => {
        this.static.hidden = !this.static.hidden;
        this.showStatic.setAttribute("aria-expanded", String(!this.static.hidden));
      } }, "The printed example (the whole game)");
      this.bar.append(" ", this.showStatic);
      this.settings = h("details", { class: "gm-settings" }, h("summary", {}, "Settings: rules, players, the deal"), this.formEl, this.linkOut);
      this.panel.append(this.settings);
    } else {
      this.panel.append(this.formEl, this.linkOut);
    }
  }

  async submit() {
    this.fail("");
    if (await this.run(this.form.read()) === null) return; // a newer submit is under way
    if (this.play) {
      // The new deal is drawn in the table above the settings: the reader is taken to it.
      this.play.focusTable = true;
      await this.play.newPosition();
    }
    this.updateLink();
  }

  // Re-render the example (the same call the site build made) from the current arguments. A whole game played by
  // the computer comes in steps (the engine's limits: so many moves a reply, then "more" and the moves so far): each
  // is asked for at once, the status line counting the moves, until the last gives the example. A newer call (the
  // reader asked again) or a page left ends the older one.
  // (``asked``: the reply to this very request, asked for already)
  async run(args, doing = "Working…", asked = null) {
    args = args || this.args;
    this.say(doing);
    const turn = (this.renders = (this.renders || 0) + 1);
    const req = this.request(args);
    let r = await (asked || call(req));
    while (r.ok && r.more) {
      if (turn !== this.renders || !this.root.isConnected) return null;
      this.root.dataset.rendering = String(r.moves.length);
      this.say(`${doing.replace(/…$/, "")}: the computer has played ${r.moves.length.toLocaleString("en")} moves of the example so far…`);
      r = await call({ ...req, moves: r.moves });
    }
    delete this.root.dataset.rendering;
    if (turn !== this.renders) return null;
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
    if (!this.waiting) this.say(this.play ? "" : "Worked out again in your browser.");
    this.root.dispatchEvent(new CustomEvent("gamester:rendered", { bubbles: true }));
    return true;
  }

  request(args) { return { op: "render", kind: this.kind, args, base: this.base }; }

  // A comparison: highlight the cells of the seat tables that differ between the columns.
  markDiffs() {
    const cols = this.static.querySelectorAll(".gm-col");
    if (cols.length < 2) return;
    const cells = Array.from(cols, (c) => Array.from(c.querySelectorAll("td[data-net]")));
    cells[0].forEach((td, i) => {
      if (cells.some((cs) => cs[i] && cs[i].dataset.net !== td.dataset.net)) cells.forEach((cs) => cs[i] && cs[i].classList.add("gm-diff-cell"));
    });
  }

  rulesetString(a) {
    const base = a.ruleset || (G.games[this.game] || {}).default;
    if (!a.options) return base;
    return `${base}(${String(a.options).split(/[;,]/).filter(Boolean).join(",")})`;
  }

  // -- permalinks -----------------------------------------------------------------------------------------
  linkFields() {
    const a = this.lastArgs || this.args;
    const f = { game: this.game };
    for (const k of argFields(this.spec)) if (a[k] !== undefined) f[k] = a[k];
    const p = this.play;
    if (p && p.acts) {
      if (p.acts.length) f.acts = p.acts.join(ACT_SEP);
      f.step = p.step;
      f.who = p.who.value;
    }
    return f;
  }
  updateLink() { this.link = writeLink(this, this.linkFields()); }
  async copyLink() {
    this.updateLink();
    this.linkOut.hidden = false;
    this.linkOut.textContent = "";
    // The link itself, not its address: a reader never reads the parameters (issue 31).
    let copied = false;
    try { await navigator.clipboard.writeText(this.link); copied = true; } catch (e) { /* shown for the reader to copy */ }
    this.linkOut.append(h("a", { href: this.link }, "A link to this game as it stands"),
      copied ? ": copied, ready to paste." : " (your browser did not let the page copy it: copy the link from here).");
    this.say(copied ? "Link copied." : "Link shown below the buttons.");
  }

  async applyLink(link) {
    const f = link.fields;
    if (f.game && f.game !== this.game) { this.fail(`This link is for the game “${f.game.slice(0, 40)}”, but this widget plays ${this.game}.`); return; }
    const args = {};
    const fields = argFields(this.spec);
    for (const k of fields) if (f[k] !== undefined) args[k] = f[k];
    // The page's own arguments fill the rest, except the other choices of a one-of (a seed, or hands).
    const oneOf = this.spec.one_of || [];
    const chosen = oneOf.some((k) => k in args);
    for (const k of Object.keys(this.args)) if (!(k in args) && !(chosen && oneOf.includes(k))) args[k] = this.args[k];
    const off = this.form.outOfRange(args);
    if (off) { this.fail(`This link was not followed: ${off}.`); return; }
    this.form.set(args);
    const ok = await this.run(args);
    if (ok === null) return; // the reader asked for something else meanwhile
    if (!ok) { this.fail(`This link could not be followed: ${this.errors.textContent.replace(/^Cannot [^:]*: /, "")}`); return; }
    if (this.play) {
      const acts = f.acts ? f.acts.split(ACT_SEP) : [];
      const most = ((G.games[this.game] || {}).limits || {}).actions; // the engine's own limit (games op)
      if (most && acts.length > most) { this.fail(`This link holds ${acts.length.toLocaleString("en")} moves; a game here has at most ${most.toLocaleString("en")}.`); return; }
      let step = acts.length;
      if (f.step !== undefined) step = Math.min(Number(f.step), acts.length);
      this.play.linkWho = f.who;
      await this.play.newPosition(acts, step);
      if (f.who !== undefined && this.play.who.value !== f.who) {
        link.problems.push(`who=${String(f.who).slice(0, 10)} was ignored (no such seat here; shown: ${this.play.who.selectedOptions[0].textContent})`);
      }
    }
    if (link.problems.length) this.fail(`Parts of this link were ignored: ${link.problems.join("; ")}.`);
  }
}

// ---- the way in: "Play against the computer" at the top of a game page ------------------------------------
// The entry scrolls to the page's live game and starts it; the home page's link (…/put/#play) does the same.
let widgets = [];
function playWidget(id) {
  const el = id && document.getElementById(id);
  return el && el.__gm && el.__gm.play ? el.__gm : null;
}
async function startPlay(w) {
  if (!w.form && !w.start.disabled) w.wait(); // the face-down table and the loading line, before the scroll
  // At once, not smoothly: a smooth scroll passes over the printed examples on the way (the widget's scroll margin
  // keeps it under the header).
  w.root.scrollIntoView({ block: "start", behavior: "instant" });
  if (w.form) w.focusFirst();
  else if (!w.start.disabled) await w.open(); // (disabled: already starting, or it cannot start and says why)
}
document.addEventListener("click", (ev) => {
  const a = ev.target.closest && ev.target.closest("a[data-gm-play]");
  if (!a || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
  const w = playWidget(a.dataset.gmPlay);
  if (!w || !supported()) return; // an ordinary link to the printed game
  ev.preventDefault();
  try { history.replaceState(history.state, "", `${location.pathname}${location.search}#${w.root.id}`); } catch (e) { /* file:// */ }
  startPlay(w);
});

// A keyboard reader's second Tab (after Material's "Skip to content") goes straight to the live game.
function skipToPlay() {
  document.querySelectorAll("a.gm-skip-play").forEach((x) => x.remove());
  const w = widgets.find((x) => x.play && x.root.id === "play");
  const skip = document.querySelector("[data-md-component='skip']") || document.body;
  if (!w || !document.querySelector("a[data-gm-play]")) return;
  const a = h("a", { class: "md-skip gm-skip-play", href: `#${w.root.id}`, "data-gm-play": w.root.id }, "Skip to the live game");
  const first = skip.querySelector("a.md-skip");
  if (first) first.after(a); else skip.prepend(a);
}

// Material's "Back to top" pill floats over the top of the page: over the card table while a reader plays.
// While an open game is on screen the pill stays away (the header and the keyboard still go to the top).
const atTable = new Set();
const seen = typeof IntersectionObserver === "function" ? new IntersectionObserver((entries) => {
  for (const en of entries) { if (en.isIntersecting) atTable.add(en.target); else atTable.delete(en.target); }
  for (const el of atTable) if (!el.isConnected) atTable.delete(el);
  document.body.classList.toggle("gm-at-table", atTable.size > 0);
}) : null;
document.addEventListener("gamester:position", (ev) => {
  const panel = ev.target.querySelector && ev.target.querySelector(":scope > .gm-panel");
  if (seen && panel && !panel.__gmSeen) { panel.__gmSeen = true; seen.observe(panel); }
});

// ---- the glossary's dotted words on a touch screen ---------------------------------------------------------
// A dotted word (<abbr title>) shows its explanation when a mouse rests on it; a tap on a phone shows nothing. A tap
// (or click) on one shows the explanation under it, until the next tap, Escape or a scroll.
let tip = null;
function closeTip() { if (tip) { tip.remove(); tip = null; } }
document.addEventListener("click", (ev) => {
  const ab = ev.target.closest && ev.target.closest(".md-typeset abbr[title]");
  const was = tip && tip.__for;
  closeTip();
  if (!ab || was === ab) return;
  tip = h("span", { class: "gm-abbr-tip", role: "tooltip" }, ab.getAttribute("title"));
  tip.__for = ab;
  document.body.append(tip);
  const r = ab.getBoundingClientRect();
  tip.style.top = `${Math.round(r.bottom + 4)}px`;
  tip.style.left = `${Math.round(Math.max(8, Math.min(r.left, innerWidth - tip.offsetWidth - 8)))}px`;
});
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeTip(); });
addEventListener("scroll", closeTip, { passive: true });

// ---- a new page by instant navigation -----------------------------------------------------------------------
// A page opened by a link starts at its top, and the first Tab goes to "Skip to content", as on a page loaded afresh
// (the followed link in the navigation kept the focus, and a phone sometimes kept the last page's scroll position).
// Back and Forward keep the position Material restores; a link to a place in the page goes there.
let pageCount = 0;
let popped = false;
addEventListener("popstate", () => { popped = true; });
function freshPage() {
  const back = popped;
  popped = false;
  if (pageCount++ === 0 || back || location.hash.length > 1) return;
  if (scrollY !== 0) window.scrollTo({ top: 0, behavior: "instant" });
  const a = document.activeElement;
  const main = document.querySelector(".md-content");
  if (a && a !== document.body && a.isConnected && main && main.contains(a)) return;
  const start = h("span", { tabindex: "-1", class: "gm-focus-start" });
  document.body.prepend(start);
  start.focus({ preventScroll: true });
  start.addEventListener("blur", () => start.remove(), { once: true });
}

// ---- pages ------------------------------------------------------------------------------------------------
// A page's link is read on every page change: each widget remembers the address whose link it followed, so a second
// link to the same page (instant navigation keeps the document, and may keep the page's widgets) is followed too,
// and the same one is not followed twice.
function scan() {
  closeTip();
  freshPage();
  // The Teach page's "Keep the site in this browser" (its own module, read only where the page has one).
  const keep = document.querySelectorAll("[data-gm-keep]");
  if (keep.length) import("./gamester-keep.js").then((m) => keep.forEach((el) => m.mount(el))).catch(() => {});
  const roots = Array.from(document.querySelectorAll(".gm-widget"));
  widgets = roots.map((root, i) => root.__gm || (root.__gm = new Widget(root, i)));
  G.widgets = widgets;
  skipToPlay();
  atTable.clear();
  document.body.classList.remove("gm-at-table");
  const here = location.pathname + location.search;
  let link = readLink((i) => widgets[i] && widgets[i].spec);
  const target = link && (widgets[link.index] || widgets[0]);
  if (target && target.linkRead === here) link = null;
  else if (target) target.linkRead = here;
  // Arriving at a page's live game by its address (the home page's "a game you can play against the computer"):
  // the reader asked to play, so the game starts.
  if (!link && !location.search.includes("w=") && location.hash.length > 1) {
    let id = "";
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { /* a malformed fragment names no game */ }
    const w = playWidget(id);
    if (w && supported()) startPlay(w);
  }
  if (link) {
    const w = widgets[link.index];
    if (!w) {
      const first = widgets[0];
      const msg = `This link points at widget ${link.index < 0 ? "?" : link.index}, which is not on this page${link.problems.length ? " (" + link.problems.join("; ") + ")" : ""}.`;
      if (first) first.fail(msg);
    } else if (link.bad) {
      w.fail(`This link was not followed: ${link.problems.join("; ")}. The printed example is shown; press “Try it live” to explore.`);
    } else if (w.spec && supported()) {
      if (w.form) w.applyLink(link); else w.open(link);
    } else if (w.spec) {
      w.fail("This link needs the live engine, which this browser cannot run: the printed example is shown.");
    }
  }
  // A second visit starts the engine from the browser's own storage once a way to play is on screen
  // (gamester-engine.js: only when the runtime is held). A widget link decides for itself (a bad one starts nothing).
  if (!location.search.includes("w=")) {
    const ways = widgets.filter((w) => w.play && !w.start.disabled).map((w) => w.root);
    if (ways.length) ways.push(...document.querySelectorAll("a[data-gm-play]"));
    prestartWhenSeen(ways);
  }
  notify();
}

// Material's instant navigation announces every new page on document$, and a navigation that keeps the page (the
// same page, another query) on location$: both are read.
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => scan());
  if (window.location$ && typeof window.location$.subscribe === "function") {
    const samePage = () => widgets.length && widgets[0].root.isConnected && widgets[0].path === location.pathname;
    window.location$.subscribe(() => setTimeout(() => { if (samePage()) scan(); }, 0));
  }
} else {
  scan(); // a module runs once the document is parsed
}

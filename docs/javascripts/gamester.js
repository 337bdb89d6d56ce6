// Gamester widgets: the static examples on a page become live on the reader's first interaction.
//
// One Pyodide for the whole visit, in a Web Worker (gamester-worker.js), booted only when a reader first touches a
// widget (no Pyodide byte is fetched before), and kept across Material's instant navigation (this script is loaded
// once; document$ tells us about every new page). Every exchange with the engine is JSON text to and from
// gamester.hosts.web.handle (through gamester-kit.js, loaded first): no reader-typed code runs anywhere. Everything written into the page is either text
// (textContent / append of strings) or the engine's own escaped rendering passed through safeFragment().
(() => {
  "use strict";
  if (window.__gamesterWidgets) return; // loaded once per visit
  window.__gamesterWidgets = true;
  const { ACT_SEP, G, notify, supported, boot, warmOnIntent, call, h, safeFragment, label, plain, fromOne, rulesetWords, passages, addPassages, readLink, writeLink } = window.__gamesterKit;

  // ---- widgets ----------------------------------------------------------------------------------------------
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
      this.markDiffs(); // a comparison: the printed example gets the same highlighting as live results
      this.staticHTML = this.static.innerHTML;
      this.status = h("span", { class: "gm-status-line", role: "status", "aria-live": "polite" });
      this.progress = h("progress", { class: "gm-progress", max: "4", value: "0", hidden: true, "aria-label": "The card engine is starting" });
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
      warmOnIntent(r);
      this.refresh = () => this.showEngine();
      G.listeners.add(this.refresh);
      this.showEngine();
    }

    say(text) { this.status.textContent = text; }
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

    showEngine() {
      if (!this.root.isConnected) { G.listeners.delete(this.refresh); this.stopTicking(); return; }
      if (G.state === "booting" && this.asked) {  // a boot begun on intent alone stays quiet until asked for
        const p = G.progress || {};
        this.progress.hidden = false;
        this.progress.value = Math.max(0.2, p.stage || 0);
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
        this.fallback(`The live engine could not start (${G.error}). The example above is the printed one, computed when the site was built.`);
      }
    }

    async open(link) {
      this.asked = true;
      this.showEngine();
      this.start.disabled = true;
      this.fail("");
      try {
        await boot();
      } catch (e) {
        return; // showEngine() has put up the fallback message
      }
      if (!this.form) {
        this.buildControls();
        // Errors show next to what caused them: a move's under the table, a form's under its buttons.
        if (this.spec.play) this.tableHost.after(this.errors);
        else this.form.querySelector(".gm-actions").after(this.errors);
      }
      if (!G.passages) passages().then((p) => { G.passages = p; }); // needed only once a game is finished
      this.panel.hidden = false;
      this.start.hidden = true;
      this.root.dataset.open = "1";
      if (link) {
        await this.applyLink(link);
      } else {
        await this.run();
        if (this.spec.play) await this.newPosition();
      }
      this.focusFirst();
    }

    // After "Try it live" (whose button is now hidden) focus goes to the first thing the reader can use, never <body>.
    focusFirst() {
      if (this.root.contains(document.activeElement) && document.activeElement !== this.start) return;
      const first = (this.tableHost && this.tableHost.querySelector("button[data-action]:not([disabled])"))
        || this.panel.querySelector("button:not([disabled]):not([hidden]), select, input, textarea, summary");
      if (!first) return;
      first.focus({ preventScroll: true });
      const strip = this.tableHost && this.tableHost.querySelector(".gm-mine");
      if (strip && strip.offsetParent && this.tableHost.contains(first)) strip.scrollIntoView({ block: "nearest" });
      first.scrollIntoView({ block: "nearest" }); // on a phone: the reader's cards and the first choice together
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
        for (const p of g.presets) s.append(h("option", { value: p.name, title: p.summary }, `${plain(p.name)} (${p.label || p.status})`));
        if (value && !g.presets.some((p) => p.name === value)) s.append(h("option", { value }, rulesetWords(value, g)));
        s.value = value || g.default;
        return s;
      };
      if (this.spec.command === "compare") {
        const names = String(a.rulesets || "").split(",").map((x) => x.trim()).filter(Boolean);
        this.inputs.rulesetA = presetSelect("ruleset-a", names[0] || g.presets[0].name);
        this.inputs.rulesetB = presetSelect("ruleset-b", names[1] || (g.presets[1] || g.presets[0]).name);
        rows.push(field("ruleset-a", "Rules A", this.inputs.rulesetA), field("ruleset-b", "Rules B", this.inputs.rulesetB));
      } else {
        this.inputs.ruleset = presetSelect("ruleset", a.ruleset);
        rows.push(field("ruleset", "Rules", this.inputs.ruleset));
      }
      // Option switches: "as the ruleset says" or an explicit value.
      const given = {};
      for (const item of String(a.options || "").split(/[;,]/)) {
        const i = item.indexOf("=");
        if (i > 0) given[item.slice(0, i).trim()] = item.slice(i + 1).trim();
      }
      this.inputs.options = {};
      const opts = h("fieldset", { class: "gm-options" }, h("legend", {}, "Change one rule (otherwise as the rules say)"));
      for (const o of g.options) {
        let input;
        if (o.choices) {
          input = h("select", { id: id(`opt-${o.name}`), name: o.name, title: o.help || null },
            h("option", { value: "" }, "as the rules say"), o.choices.map((c) => h("option", { value: String(c) }, plain(c, false))));
        } else {
          input = h("input", { id: id(`opt-${o.name}`), name: o.name, type: "number", min: o.range[0], max: o.range[1], step: 1, placeholder: "as the rules say" });
        }
        if (given[o.name] !== undefined) input.value = given[o.name];
        this.inputs.options[o.name] = input;
        opts.append(field(`opt-${o.name}`, label(o.name), input, o.help));
      }
      const handsMode = this.spec.command === "settle" || (this.spec.command === "compare" && a.hands);
      if (handsMode) {
        this.inputs.hands = h("textarea", { id: id("hands"), rows: 4, cols: 30, spellcheck: "false", autocomplete: "off" });
        this.inputs.hands.value = String(a.hands || "QH QD QC|KS KH KD").split("|").join("\n");
        this.inputs.folded = h("input", { id: id("folded"), type: "text", inputmode: "numeric", size: 8, autocomplete: "off" });
        this.inputs.folded.value = fromOne(a.folded || "", 1);
        rows.push(field("hands", "Hands, one player per line, eldest first", this.inputs.hands, "Rank then suit: QH 10D AS (T or 10; ♠♥♦♣ accepted)"),
          field("folded", "Players who dropped out", this.inputs.folded, "Player numbers (the first hand is 1), comma-separated"));
      } else {
        const [lo, hi0] = g.players;
        const hi = Math.min(hi0, this.spec.max_players || hi0);
        this.inputs.players = h("input", { id: id("players"), type: "number", min: lo, max: hi, step: 1, required: true });
        this.inputs.players.value = a.players || (lo === hi ? lo : Math.min(Math.max(lo, 4), hi));
        this.inputs.seed = h("input", { id: id("seed"), type: "number", min: 0, step: 1, required: true });
        this.inputs.seed.value = a.seed || "1";
        const dice = h("button", { type: "button", class: "gm-small", onclick: () => { this.inputs.seed.value = String(Math.floor(Math.random() * 1e6)); this.submit(); } }, "Another deal");
        rows.push(field("players", `Players (${lo}–${hi})`, this.inputs.players), field("seed", "Deal number (the same number, the same cards)", h("span", { class: "gm-seed" }, this.inputs.seed, " ", dice)));
      }
      if (this.spec.play && g.bots.length) {
        // "" = the game's usual bots, seat by seat: the printed example's, so "Play to the end" replays it.
        const usual = (g.default_bots || []).length ? `as usual (${g.default_bots.join(", ")})` : "as usual";
        this.inputs.bot = h("select", { id: id("bot") }, h("option", { value: "" }, usual), g.bots.map((b) => h("option", { value: b }, b)));
        const want = String(a.bots || "").split(",")[0].trim();
        this.inputs.bot.value = g.bots.includes(want) ? want : "";
        rows.push(field("bot", "How the computer plays", this.inputs.bot));
      }
      const go = h("button", { type: "submit", class: "md-button md-button--primary" }, this.spec.verb);
      const linkBtn = h("button", { type: "button", class: "md-button gm-small", onclick: () => this.copyLink() }, "Copy link");
      this.form = h("form", { class: "gm-form", onsubmit: (ev) => { ev.preventDefault(); this.submit(); } },
        h("div", { class: "gm-fields" }, rows), opts, h("div", { class: "gm-actions" }, go, " ", linkBtn));
      this.linkOut = h("p", { class: "gm-link", hidden: true });
      if (this.spec.play) {
        // The table and the reader's choices come first; the long settings form is folded away below them.
        this.buildPlay();
        // The printed example is the whole game played out: once the reader plays, it folds away (one click shows it).
        this.static.hidden = true;
        this.showStatic = h("button", { type: "button", class: "md-button gm-small gm-show-static", "aria-expanded": "false", onclick: () => {
          this.static.hidden = !this.static.hidden;
          this.showStatic.setAttribute("aria-expanded", String(!this.static.hidden));
        } }, "The printed example (the whole game)");
        this.bar.append(" ", this.showStatic);
        this.settings = h("details", { class: "gm-settings" }, h("summary", {}, "Settings: rules, players, the deal"), this.form, this.linkOut);
        this.panel.append(this.settings);
      } else {
        this.panel.append(this.form, this.linkOut);
      }
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
        if (i.folded.value.trim()) out.folded = fromOne(i.folded.value.trim().replace(/\s+/g, ""), -1);
      } else {
        out.players = String(i.players.value).trim();
        out.seed = String(i.seed.value).trim();
      }
      if (i.bot && i.bot.value) out.bots = i.bot.value;
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

    // A comparison: highlight the cells of the seat tables that differ between the columns.
    markDiffs() {
      const cols = this.static.querySelectorAll(".gm-col");
      if (cols.length < 2) return;
      const cells = Array.from(cols, (c) => Array.from(c.querySelectorAll("td[data-net]")));
      cells[0].forEach((td, i) => {
        if (cells.some((cs) => cs[i] && cs[i].dataset.net !== td.dataset.net)) cells.forEach((cs) => cs[i] && cs[i].classList.add("gm-diff-cell"));
      });
    }

    // -- step-by-step play ----------------------------------------------------------------------------------
    // buildPlay, playAgain, tableSeat and showPosition (the live card table): gamester-play.js
    // Who decides: the reader plays one seat (the first, by default, in every game), every seat in turn, or watches.
    fillWho(value) {
      const n = this.players || 2;
      const prev = value ?? this.who.value;
      this.who.textContent = "";
      for (let s = 0; s < n; s++) {
        const role = this.roles && this.roles[s] ? ` (${this.roles[s]})` : "";
        this.who.append(h("option", { value: String(s) }, `I play Player ${s + 1}${role}`)); // the computer, the rest
      }
      this.who.append(h("option", { value: "all" }, "I play every player in turn"), h("option", { value: "bots" }, "The computer plays everyone; I watch"));
      this.who.value = Array.from(this.who.options).some((o) => o.value === prev) ? prev : "0";
      this.root.dataset.who = this.who.value === "bots" ? "watch" : "play";
    }

    position(extra) {
      const a = this.lastArgs || this.args;
      // analysis: the engine computes the odds only when asked (they cost the most of any reply).
      const req = { game: this.game, base: this.base, players: Number(a.players || this.players || 0) || undefined, seed: a.seed || "0", ruleset: this.rulesetString(a), analysis: true };
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
      return Array.from({ length: n }, (_, s) => (v === "all" || v === String(s) ? null : bot || "default"));
    }
    viewSeat() { return /^\d+$/.test(this.who.value) ? Number(this.who.value) : null; }

    async newPosition(actions, step) {
      const r = await call({ op: "new", ...this.position() });
      if (!r.ok) { this.fail(`Cannot start a deal: ${r.error}`); return; }
      this.players = r.players;
      this.roles = r.roles || null; // the opening deal's roles, for the names in "Who plays"
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
      this.refocus = this.tableHost.contains(document.activeElement) || this.choices.contains(document.activeElement);
      this.tableHost.querySelectorAll("button[data-action]").forEach((b) => { b.disabled = true; });
      this.tableHost.setAttribute("aria-busy", "true");
      return this.exclusive(async () => { if (await this._act(action)) await this.autoAdvance(); });
    }
    async botMove(until) { return this.exclusive(() => this._botMove(until)); }

    // When the reader plays a seat (or all), the computer's seats move by themselves until the reader is to act.
    async autoAdvance() {
      const p = this.pos;
      if (!p || p.terminal || this.who.value === "bots") return;
      const mine = this.who.value === "all" || this.who.value === String(p.current);
      if (mine) return;
      this.refocus = this.refocus || this.tableHost.contains(document.activeElement);
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
      if (!r.ok) {
        this.fail(r.error);
        this.tableHost.querySelectorAll("button[data-action]").forEach((b) => { b.disabled = false; });
        this.tableHost.setAttribute("aria-busy", "false");
        return false;
      }
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
      const chosen = (this.inputs.bot && this.inputs.bot.value) || "default"; // "default": the game's usual bot
      if (bots) req.bots = until === "end" ? bots.map((b) => b || chosen) : bots;
      else req.bot = chosen;
      let r = await call({ op: "bot", ...req });
      let moved = [];
      // A long run comes in steps (the engine's limits: about half a second each): ask on until it is done.
      while (r.ok && r.more && this.root.isConnected) {
        moved = moved.concat(r.moved);
        r = await call({ op: "bot", ...req, actions: r.actions });
      }
      if (!r.ok) { this.fail(r.error); return; }
      this.moved = moved.concat(r.moved);
      this.acts = r.actions;
      this.step = r.step;
      this.pos = r;
      await this.showPosition();
      this.updateLink();
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
      if (args.players !== undefined && this.inputs.players) {
        const lo = Number(this.inputs.players.min), hi = Number(this.inputs.players.max), n = Number(args.players);
        if (!/^\d{1,3}$/.test(String(args.players)) || n < lo || n > hi) {
          this.fail(`This link was not followed: it asks for ${String(args.players).slice(0, 10)} players, and this widget plays ${lo}–${hi}.`);
          return;
        }
      }
      this.setInputs(args);
      const ok = await this.run(args);
      if (!ok) { this.fail(`This link could not be followed: ${this.errors.textContent.replace(/^Cannot [^:]*: /, "")}`); return; }
      if (this.spec.play) {
        const acts = f.acts ? f.acts.split(ACT_SEP) : [];
        const most = ((G.games[this.game] || {}).limits || {}).actions; // the engine's own limit (games op)
        if (most && acts.length > most) { this.fail(`This link holds ${acts.length.toLocaleString("en")} moves; a game here has at most ${most.toLocaleString("en")}.`); return; }
        let step = acts.length;
        if (f.step !== undefined) {
          if (!/^\d{1,4}$/.test(f.step)) { this.fail(`This link's step “${f.step.slice(0, 40)}” is not a small whole number; showing the last step.`); }
          else step = Math.min(Number(f.step), acts.length);
        }
        this.linkWho = /^(bots|all|\d{1,2})$/.test(f.who || "") ? f.who : undefined;
        await this.newPosition(acts, step);
        if (f.who !== undefined && this.who.value !== f.who) {
          link.problems.push(`who=${String(f.who).slice(0, 10)} was ignored (no such seat here; shown: ${this.who.selectedOptions[0].textContent})`);
        }
      }
      if (link.problems.length) this.fail(`Parts of this link were ignored: ${link.problems.join("; ")}.`);
    }
    setInputs(a) {
      const i = this.inputs;
      if (i.ruleset && a.ruleset) { if (!Array.from(i.ruleset.options).some((o) => o.value === a.ruleset)) i.ruleset.append(h("option", { value: a.ruleset }, rulesetWords(a.ruleset, G.games[this.game]))); i.ruleset.value = a.ruleset; }
      if (i.rulesetA && a.rulesets) {
        const g = G.games[this.game];
        // "a(x=1),b" -> the two rulesets (a comma inside parentheses belongs to its ruleset)
        const two = String(a.rulesets).match(/[^,()]+(?:\([^)]*\))?/g) || [];
        [i.rulesetA, i.rulesetB].forEach((sel, k) => {
          const v = (two[k] || "").trim();
          if (!v) return;
          if (!Array.from(sel.options).some((o) => o.value === v)) sel.append(h("option", { value: v }, rulesetWords(v, g)));
          sel.value = v;
        });
      }
      if (i.players && a.players) i.players.value = a.players;
      if (i.seed && a.seed) i.seed.value = a.seed;
      if (i.hands && a.hands) i.hands.value = String(a.hands).split("|").join("\n");
      if (i.folded && a.folded) i.folded.value = fromOne(a.folded, 1);
    }
  }

  Object.assign(Widget.prototype, window.__gamesterPlay(Widget));

  // ---- the way in: "Play against the computer" at the top of a game page ------------------------------------
  // The entry scrolls to the page's live game and starts it; the home page's link (…/put/#play) does the same.
  function playWidget(id) {
    const el = id && document.getElementById(id);
    return el && el.__gm && el.__gm.spec && el.__gm.spec.play ? el.__gm : null;
  }
  async function startPlay(w) {
    w.root.scrollIntoView({ block: "start", behavior: "auto" });
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
    const w = G.widgets.find((x) => x.spec && x.spec.play && x.root.id === "play");
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
    skipToPlay();
    atTable.clear();
    document.body.classList.remove("gm-at-table");
    const link = readLink();
    // Arriving at a page's live game by its address (the home page's "a game you can play against the computer"):
    // the reader asked to play, so the game starts.
    if (!link && location.hash.length > 1) {
      const w = playWidget(decodeURIComponent(location.hash.slice(1)));
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

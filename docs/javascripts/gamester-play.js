// Gamester widgets: the live card table of a playing widget. One engine call per move (new, apply, bot, view: each
// reply is the position and its table, drawn by the engine), one click listener for the table's buttons, a polite
// live region, focus kept in place. Names no game: the engine draws each game's table.
import { G, call } from "./gamester-engine.js";
import { addPassages, h, safeFragment } from "./gamester-kit.js";
import { seatName } from "./gamester-words.js";

export class Play {
  constructor(widget) {
    this.w = widget;
    this.acts = null;
    this.step = 0;
    this.pos = null;
  }

  build() {
    const w = this.w;
    const id = (s) => `${w.root.id}-${s}`;
    this.who = h("select", { id: id("who") });
    this.stepInfo = h("p", { class: "gm-stepinfo" });
    this.dealNo = h("p", { class: "gm-deal-no" });
    this.tableHost = h("div", { class: "gm-table-host", "aria-busy": "false" });
    this.tableHost.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-action]");
      if (b && !b.disabled && this.tableHost.contains(b)) this.act(b.dataset.action);
    });
    // One permanent polite live region: what the computer did and what happens next (outside the replaced HTML).
    this.announce = h("p", { class: "gm-sr gm-announce", role: "status", "aria-live": "polite" });
    this.choices = h("div", { class: "gm-choices", role: "group", "aria-label": "Your choices" });
    const btn = (text, f, cls = "") => h("button", { type: "button", class: `md-button gm-small ${cls}`, onclick: f }, text);
    this.againBtn = h("button", { type: "button", class: "md-button md-button--primary gm-again", hidden: true, onclick: () => this.playAgain() }, "Play again");
    this.backBtn = btn("◀ Back", () => this.goto(this.step - 1));
    this.fwdBtn = btn("Forward ▶", () => this.goto(this.step + 1));
    this.botBtn = btn("Computer's move", () => this.botMove("one"));
    this.autoBtn = btn("Computer plays to my turn", () => this.botMove("human"));
    this.endBtn = btn("Computer plays to the end", () => this.botMove("end"));
    this.oddsBtn = h("input", { type: "checkbox", id: id("odds") });
    this.oddsBtn.addEventListener("change", () => this.goto(this.step)); // the table again, with or without them
    this.who.addEventListener("change", () => this.exclusive(async () => {
      this.fillWho(this.who.value);
      await this._goto(this.step); // the view follows the seat
      await this.autoAdvance();
    }));
    const g = G.games[w.game];
    const oddsField = g && g.analysis
      ? h("div", { class: "gm-field gm-odds-field" }, this.oddsBtn, h("label", { for: id("odds") }, "Show my chances when I decide")) : null;
    this.oddsField = oddsField;
    this.section = h("section", { class: "gm-play", "aria-label": "Play the game" },
      this.dealNo, this.tableHost, this.announce, this.againBtn, this.choices,
      h("div", { class: "gm-play-controls" },
        h("div", { class: "gm-field" }, h("label", { for: id("who") }, "Who plays"), this.who),
        h("div", { class: "gm-actions" }, this.backBtn, " ", this.fwdBtn, " ", this.botBtn, " ", this.autoBtn, " ", this.endBtn),
        this.stepInfo));
    return this.section;
  }

  // Who decides: the reader plays one seat (the first, by default, in every game), every seat in turn, or watches.
  fillWho(value) {
    const n = this.players || 2;
    const prev = value ?? this.who.value;
    this.who.textContent = "";
    for (let s = 0; s < n; s++) {
      const role = this.roles && this.roles[s] ? ` (${this.roles[s]})` : "";
      // The table calls the reader's seat "You": the choice names the seat, not a player the reader would not be.
      this.who.append(h("option", { value: String(s) }, `Me, in seat ${s + 1}${role}`)); // the computer, the rest
    }
    this.who.append(h("option", { value: "all" }, "I play every player in turn"), h("option", { value: "bots" }, "The computer plays everyone; I watch"));
    this.who.value = Array.from(this.who.options).some((o) => o.value === prev) ? prev : "0";
    this.w.root.dataset.who = this.who.value === "bots" ? "watch" : "play";
  }

  // The seat whose table is drawn: the reader's; in hot seat the one to act; watching bots: everything shown.
  tableSeat(who = this.who.value) {
    if (/^\d+$/.test(who)) return Number(who);
    return who === "all" ? "current" : undefined;
  }

  // A position as the engine reads it, with the table the reader sees.
  position(extra) {
    const a = this.w.lastArgs || this.w.args;
    const players = Number(a.players || this.players || 0) || undefined;
    const req = { game: this.w.game, base: this.w.base, players, seed: a.seed || "0", ruleset: this.w.rulesetString(a),
      seat: this.tableSeat(), chances: Boolean(this.oddsBtn.checked) };
    return Object.assign(req, extra || {});
  }
  // A forward move from the table on screen, drawn for the same reader: the engine need send only the log entries
  // the move adds (log_from: how many the table holds), and show() puts the ones kept before them.
  logFrom() {
    const tbl = this.tableHost.querySelector(".gm-tbl");
    const seat = this.tableSeat();
    if (!tbl || seat === "current" || this.saidCount === undefined || !tbl.querySelector(".gm-t-log ol")) return {};
    return tbl.dataset.reader === (seat === undefined ? "" : String(seat)) ? { log_from: this.saidCount } : {};
  }
  // A move from the position on screen (from: the reply drawn, or a bot run's last step): the engine keeps the open
  // game, named by that reply's "open", so the request need not carry the game's actions, and the reply sends the
  // table's parts (null where those of the reply it names are the same: held here with its name). A game the engine
  // no longer keeps (a restarted engine, a game long left) is refused as stale and asked for again with its actions.
  async move(req, from = this.pos) {
    const held = this.held;
    if (from && from.open && held && held.open === from.open && from.step === req.actions.length) {
      const { actions, ...rest } = req;
      const r = await call({ ...rest, open: from.open });
      if (r.ok || r.kind !== "StaleGameError") return this.hold(r, held.parts);
    }
    return this.hold(await call(req));
  }
  // The table of a reply in parts put together (its html: a null part is the same as in was, the parts of the reply
  // the request named; a part in pieces, a list, has a null piece where it is the held part's piece at the same
  // place, a number k where it is the held part's piece k), and the parts held with the reply's name for the next
  // move (gamester.table.changed_parts says what is sent).
  hold(r, was = null) {
    if (!r.ok) return r;
    let parts = null;
    if (r.parts) {
      const piece = (y, j, i) => (y === null ? was[i][j] : typeof y === "number" ? was[i][y] : y); // (was: read only here)
      parts = r.parts.map((x, i) => (x === null ? was[i] : Array.isArray(x) ? x.map((y, j) => piece(y, j, i)) : x));
      r.html = parts.map((x) => (Array.isArray(x) ? x.join("") : x)).join("");
    }
    this.held = { open: r.open, parts };
    return r;
  }
  // The whole game's actions after a reply: a reply to a forward step (log_from) lists only the actions after
  // the request's own (actions_from of them).
  played(actions, r) {
    return r.actions_from === undefined ? r.actions : actions.slice(0, r.actions_from).concat(r.actions);
  }
  // A table drawn from log_from holds the log's new entries only (its list's data-log-from): those before, from the
  // list's first entry on, are the ones the last table held. False if they are not all there (then it is drawn again).
  mergeLog(host, kept) {
    const list = host.querySelector(".gm-t-log ol");
    if (!list || list.dataset.logFrom === undefined) return true;
    const first = Number(list.dataset.first || 0);
    const from = Number(list.dataset.logFrom);
    delete list.dataset.logFrom;
    if (from <= first) return true;
    if (!kept || kept.first > first || kept.first + kept.items.length < from) return false;
    list.prepend(...kept.items.slice(first - kept.first, from - kept.first));
    return true;
  }
  humans() {
    const v = this.who.value;
    const bot = this.w.form.inputs.bots ? this.w.form.inputs.bots.value : null;
    return Array.from({ length: this.players }, (_, s) => (v === "all" || v === String(s) ? null : bot || "default"));
  }

  // A fresh deal (actions: a link's moves, shown at step).
  async newPosition(actions, step) {
    // A link's position is drawn once "Who plays" is filled (goto below); a fresh deal is drawn from this reply.
    const r = this.hold(await call({ op: "new", ...this.position(), seat: actions ? undefined : this.tableSeat(this.who.value || "0") }));
    if (!r.ok) { this.w.fail(`Cannot start a deal: ${r.error}`); return; }
    this.players = r.players;
    this.roles = r.roles || null; // the opening deal's roles, for the names in "Who plays"
    this.fillWho(this.linkWho);
    this.linkWho = undefined;
    this.acts = actions || r.actions;
    this.step = 0;
    this.saidStep = undefined;
    if (actions) {
      await this.goto(step ?? this.acts.length); // a restored link stays where it was
    } else {
      await this.exclusive(async () => { this.show(r); await this.autoAdvance(); });
    }
  }

  // One engine call at a time per widget: moves, bot moves and steps queue behind each other, never interleave.
  async exclusive(f) {
    const prev = this.queue || Promise.resolve();
    const next = prev.then(async () => {
      this.w.root.dataset.busy = "1";
      try { await f(); } finally { this.w.root.dataset.busy = "0"; }
    });
    this.queue = next.catch(() => {});
    return next;
  }

  async goto(step) { return this.exclusive(() => this._goto(step)); }
  async act(action) {
    this.refocus = this.tableHost.contains(document.activeElement) || this.choices.contains(document.activeElement);
    this.busy(true);
    return this.exclusive(async () => { if (await this._act(action)) await this.autoAdvance(); });
  }
  async botMove(until) { return this.exclusive(() => this._botMove(until)); }

  busy(on) {
    this.tableHost.querySelectorAll("button[data-action]").forEach((b) => { b.disabled = on; });
    this.tableHost.setAttribute("aria-busy", String(on));
  }

  // When the reader plays a seat (or all), the computer's seats move by themselves until the reader is to act.
  async autoAdvance() {
    const p = this.pos;
    if (!p || p.terminal || this.who.value === "bots") return;
    if (this.who.value === "all" || this.who.value === String(p.current)) return;
    this.refocus = this.refocus || this.tableHost.contains(document.activeElement);
    await this._botMove("human");
  }

  async _goto(step) {
    if (!this.acts) return;
    step = Math.max(0, Math.min(step, this.acts.length));
    const r = this.hold(await call({ op: "view", ...this.position({ actions: this.acts.slice(0, step) }) }));
    if (!r.ok) { this.w.fail(`That position cannot be shown: ${r.error}`); return; }
    this.show(r);
  }

  async _act(action) {
    const r = await this.move({ op: "apply", ...this.position({ actions: this.acts.slice(0, this.step), action, ...this.logFrom() }) });
    if (!r.ok) {
      this.w.fail(r.error);
      this.busy(false);
      return false;
    }
    this.w.fail("");
    this.acts = r.actions = this.played(this.acts, r); // (the position shown holds the whole game's actions)
    this.show(r);
    return true;
  }

  async _botMove(until) {
    const bots = until === "one" ? null : this.humans();
    const req = this.position({ actions: this.acts.slice(0, this.step), until, ...this.logFrom() });
    const chosen = (this.w.form.inputs.bots && this.w.form.inputs.bots.value) || "default"; // the game's usual bot
    if (bots) req.bots = until === "end" ? bots.map((b) => b || chosen) : bots;
    else req.bot = chosen;
    let r = await this.move({ op: "bot", ...req });
    let moved = [];
    let acts = r.ok ? this.played(req.actions, r) : null;
    // A long run comes in steps (the engine's limits: so many moves each): ask on until it is done.
    while (r.ok && r.more && this.w.root.isConnected) {
      moved = moved.concat(r.moved);
      r = await this.move({ op: "bot", ...req, actions: acts }, r);
      if (r.ok) acts = this.played(acts, r);
    }
    if (!r.ok) { this.w.fail(r.error); this.busy(false); return; }
    this.acts = r.actions = acts;
    this.show(r);
  }

  async playAgain() {
    if (this.w.form.inputs.seed) this.w.form.inputs.seed.value = String(Math.floor(Math.random() * 1e6));
    this.focusTable = true;
    await this.w.submit();
  }

  // On a phone the reader's seat can be screens above the choices: the reader's cards are repeated just above
  // them (a picture for the eye, hidden from screen readers, which have the seat itself; shown by CSS at phone
  // width only). Nothing is repeated when the cards are themselves the choices (a card to play).
  showMine(host) {
    const cards = host.querySelector("li.gm-seat-you ul.gm-t-cards");
    const prompt = host.querySelector(".gm-t-prompt");
    if (!cards || !prompt || cards.querySelector("button, a, [tabindex]")) return;
    const copy = cards.cloneNode(true);
    copy.removeAttribute("aria-label");
    copy.querySelectorAll("[id]").forEach((n) => n.removeAttribute("id"));
    prompt.after(h("div", { class: "gm-mine", "aria-hidden": "true" }, h("span", {}, "Your cards:"), copy));
  }

  // What the reader needs in view, together when it fits: at the end who won and "Play again"; else the reader's
  // seat (or, on a phone, the copy of the reader's cards by the prompt), the prompt, every choice and "Show my
  // chances" after them. The screen moves
  // only as far as it must, at once (a smooth scroll would pass over the page).
  reveal(end) {
    const host = this.tableHost;
    const head = document.querySelector(".md-header");
    const top = (head ? head.getBoundingClientRect().bottom : 0) + 8;
    const room = innerHeight - top - 8;
    const shown = (n) => n && n.offsetParent !== null && n.getBoundingClientRect().height > 0;
    // ("Show my chances", right after the reader's choices, is in view with them: it is offered where one decides)
    const odds = this.oddsField && host.contains(this.oddsField) ? this.oddsField : null;
    const last = end ? (shown(this.againBtn) ? this.againBtn : end)
      : [odds, host.querySelector(".gm-t-choices"), host.querySelector(".gm-t-prompt")].find(shown);
    if (!last) return;
    let bottom = last.getBoundingClientRect().bottom;
    const seat = host.querySelector("li.gm-seat-you");
    // A wide screen shows the copy of the reader's cards too when the seat cannot share the screen with the choices.
    if (!end && shown(seat) && host.querySelector(".gm-mine") && bottom - seat.getBoundingClientRect().top > room) {
      host.classList.add("gm-show-mine");
      bottom = last.getBoundingClientRect().bottom;
    }
    const firsts = end ? [end] : [seat, host.querySelector(".gm-mine"), host.querySelector(".gm-t-prompt")];
    const first = firsts.find((n) => shown(n) && bottom - n.getBoundingClientRect().top <= room)
      || firsts.filter(shown).pop() || last;
    const a = first.getBoundingClientRect().top;
    let dy = 0;
    if (a < top) dy = a - top;
    else if (bottom > innerHeight - 8) dy = Math.min(a - top, bottom - (innerHeight - 8));
    if (dy) window.scrollBy({ top: dy, behavior: "instant" });
  }

  // Draw a position's reply: its table, what was said, the reader's choices, focus.
  show(p) {
    this.pos = p;
    this.step = p.step;
    const w = this.w;
    const host = this.tableHost;
    const onOdds = this.oddsBtn && document.activeElement === this.oddsBtn; // (it stays where it is)
    // (at the end, "Computer's move" and its kin are disabled: focus on one of them goes to who won)
    const ending = p.terminal && [this.botBtn, this.autoBtn, this.endBtn].includes(document.activeElement);
    const focusWasIn = !onOdds && (ending || this.refocus || host.contains(document.activeElement) || document.activeElement === this.againBtn);
    const lastAction = focusWasIn && document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.action : undefined;
    this.refocus = false;
    host.setAttribute("aria-busy", "false");
    const mine = p.current !== null && (this.who.value === "all" || this.who.value === String(p.current));
    this.choices.textContent = "";
    const oddsFocused = this.oddsBtn && document.activeElement === this.oddsBtn;
    if (this.oddsField && host.contains(this.oddsField)) this.choices.after(this.oddsField); // (kept out of the redraw)
    const was = host.querySelector(".gm-t-log ol");
    const kept = was ? { first: Number(was.dataset.first || 0), items: [...was.children] } : null;
    host.textContent = "";
    host.append(addPassages(safeFragment(p.html || "", true), w.base));
    if (!this.mergeLog(host, kept)) queueMicrotask(() => this.goto(p.step)); // (not expected: drawn whole again)
    const prompt = host.querySelector(".gm-t-prompt");
    let words = "";
    if (prompt) {
      prompt.removeAttribute("role");
      prompt.removeAttribute("aria-live");
      words = prompt.textContent.trim();
    }
    const headline = host.querySelector(".gm-t-headline");
    if (p.terminal && headline) words = headline.textContent.trim();
    // Moves made since the table was last drawn going forward (the computer's, after the reader's) are read out
    // before the prompt: each log line's sentence, without its clause links. The live table's log holds the game's
    // last moves only: its list says which move it starts at.
    const list = host.querySelector(".gm-t-log ol");
    const first = list ? Number(list.dataset.first || 0) : 0;
    const said = [...host.querySelectorAll(".gm-t-log li")].map((li) => (li.firstChild ? li.firstChild.textContent : "").trim());
    const fresh = this.saidStep !== undefined && p.step > this.saidStep ? said.slice(Math.max(0, (this.saidCount || 0) - first)) : [];
    this.saidCount = first + said.length;
    this.saidStep = p.step;
    if (fresh.length) words = `${fresh.slice(-6).join(" ")} ${words}`.trim();
    this.announce.textContent = "";
    requestAnimationFrame(() => { this.announce.textContent = words; });
    // A step is one decision (the log's sentences also tell the deals, cards turned and payments between them).
    this.stepInfo.textContent = this.acts.length ? `Decision ${p.step} of ${this.acts.length} (◀ Back and Forward ▶ go one decision at a time).` : "";
    const seed = (w.lastArgs || w.args).seed;
    this.dealNo.textContent = seed !== undefined && /^\d+$/.test(String(seed))
      ? `Deal number ${Number(seed).toLocaleString("en")}: the same number deals the same cards, and the page's link keeps it.` : "";
    if (!mine && !p.terminal && this.who.value === "bots") {
      this.choices.append(h("span", {}, `Waiting for ${seatName(p.current, p.roles)}, played by the computer: press “Computer's move” or “Computer plays to the end”.`));
    }
    if (mine) this.showMine(host);
    // "Show my chances" is offered where the reader decides: under the choices (kept there between decisions).
    const decide = host.querySelector(".gm-t-choices");
    if (this.oddsField) (decide && mine ? decide : this.choices).after(this.oddsField);
    if (oddsFocused && document.activeElement !== this.oddsBtn) this.oddsBtn.focus({ preventScroll: true });
    this.againBtn.hidden = !p.terminal;
    // At the end "Play again" comes straight after who won (not after the ledger's rule links, a screen or more below).
    const head = p.terminal && host.querySelector(".gm-t-headline");
    if (head) head.after(this.againBtn); else this.announce.after(this.againBtn);
    // Keep keyboard users in place: the same choice again, else the first; at the end the winner line.
    if (focusWasIn || this.focusTable) {
      this.focusTable = false;
      let next = null;
      if (p.terminal) {
        next = host.querySelector(".gm-t-headline");
      } else if (mine) {
        next = (lastAction && Array.from(host.querySelectorAll("button[data-action]")).find((b) => b.dataset.action === lastAction))
          || host.querySelector(".gm-t-choices button[data-action], button[data-action]");
      }
      if (!next) next = host.querySelector(".gm-t-prompt");
      if (next) {
        if (!next.matches("button")) next.tabIndex = -1;
        next.focus({ preventScroll: true });
        this.reveal(p.terminal ? next : null);
      }
    }
    this.backBtn.disabled = p.step === 0;
    this.fwdBtn.disabled = p.step >= this.acts.length;
    this.botBtn.disabled = this.autoBtn.disabled = this.endBtn.disabled = p.terminal;
    w.root.dataset.step = String(p.step);
    w.root.dataset.terminal = p.terminal ? "1" : "0";
    w.updateLink();
    w.root.dispatchEvent(new CustomEvent("gamester:position", { bubbles: true }));
  }
}

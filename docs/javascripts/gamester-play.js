// Gamester widgets, the live card table: the play section of a playing widget (the engine's table, drawn after every
// position change, with one click listener for its buttons, a polite live region and focus kept in place). Methods
// of gamester.js's Widget, installed by it; loaded before it. Names no game: the engine draws each game's table.
(() => {
  "use strict";
  const { G, call, h, safeFragment, seatName, addPassages } = window.__gamesterKit;
  window.__gamesterPlay = () => ({
    buildPlay() {
      const id = (s) => `${this.root.id}-${s}`;
      this.who = h("select", { id: id("who") });
      this.stepInfo = h("p", { class: "gm-stepinfo" });
      // The card table, drawn by the engine after every position change; one click listener for all its buttons.
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
      this.oddsBtn.addEventListener("change", () => this.exclusive(() => this.showPosition()));
      this.who.addEventListener("change", () => this.exclusive(async () => {
        this.fillWho(this.who.value);
        await this._goto(this.step); // the view follows the seat
        await this.autoAdvance();
      }));
      const oddsField = G.games[this.game] && G.games[this.game].analysis
        ? h("div", { class: "gm-field gm-odds-field" }, this.oddsBtn, h("label", { for: id("odds") }, "Show my chances when I decide")) : null;
      this.play = h("section", { class: "gm-play", "aria-label": "Play the game" },
        this.tableHost, this.announce, this.againBtn, this.choices,
        h("div", { class: "gm-play-controls" },
          h("div", { class: "gm-field" }, h("label", { for: id("who") }, "Who plays"), this.who), oddsField,
          h("div", { class: "gm-actions" }, this.backBtn, " ", this.fwdBtn, " ", this.botBtn, " ", this.autoBtn, " ", this.endBtn),
          this.stepInfo));
      this.panel.append(this.play);
    },

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
    },

    async playAgain() {
      if (this.inputs.seed) this.inputs.seed.value = String(Math.floor(Math.random() * 1e6));
      this.focusTable = true;
      await this.submit();
    },

    // The seat whose table is drawn: the reader's; in hot seat the one to act; watching bots: everything shown.
    tableSeat(p) {
      if (/^\d+$/.test(this.who.value)) return Number(this.who.value);
      if (this.who.value === "all") return p.current;
      return null;
    },

    async showPosition() {
      const p = this.pos;
      if (!p) return;
      const host = this.tableHost;
      const focusWasIn = this.refocus || host.contains(document.activeElement) || document.activeElement === this.againBtn;
      const lastAction = focusWasIn && document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.action : undefined;
      this.refocus = false;
      host.setAttribute("aria-busy", "true");
      host.querySelectorAll("button[data-action]").forEach((b) => { b.disabled = true; });
      const t = await call({ op: "table", ...this.position({ actions: this.acts.slice(0, this.step), seat: this.tableSeat(p),
        chances: Boolean(this.oddsBtn.checked), base: this.base }) });
      host.setAttribute("aria-busy", "false");
      const mine = p.current !== null && (this.who.value === "all" || this.who.value === String(p.current));
      this.choices.textContent = "";
      if (t.ok) {
        host.textContent = "";
        host.append(addPassages(safeFragment(t.html, true), this.base));
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
        // before the prompt: each log line's sentence, without its clause links.
        // The live table's log holds the game's last moves only: its list says which move it starts at.
        const list = host.querySelector(".gm-t-log ol");
        const first = list ? Number(list.dataset.first || 0) : 0;
        const said = [...host.querySelectorAll(".gm-t-log li")].map((li) => (li.firstChild ? li.firstChild.textContent : "").trim());
        const fresh = this.saidStep !== undefined && p.step > this.saidStep ? said.slice(Math.max(0, (this.saidCount || 0) - first)) : [];
        this.saidCount = first + said.length;
        this.saidStep = p.step;
        if (fresh.length) words = `${fresh.slice(-6).join(" ")} ${words}`.trim();
        this.announce.textContent = "";
        requestAnimationFrame(() => { this.announce.textContent = words; });
        this.stepInfo.textContent = this.acts.length ? `Move ${p.step} of ${this.acts.length}.` : "";
        if (!mine && !p.terminal && this.who.value === "bots") {
          this.choices.append(h("span", {}, `Waiting for ${seatName(p.current, p.roles)}, played by the computer: press “Computer's move” or “Computer plays to the end”.`));
        }
        if (mine) this.showMine(host);
      } else {
        this.fail(`The table cannot be drawn: ${t.error}`);
      }
      this.againBtn.hidden = !p.terminal;
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
          const strip = host.querySelector(".gm-mine");
          if (strip && strip.offsetParent) strip.scrollIntoView({ block: "nearest" }); // the reader's cards, then
          next.scrollIntoView({ block: "nearest" }); // the choice, both in view
        }
      }
      this.backBtn.disabled = p.step === 0;
      this.fwdBtn.disabled = p.step >= this.acts.length;
      this.botBtn.disabled = this.autoBtn.disabled = this.endBtn.disabled = p.terminal;
      this.root.dataset.step = String(p.step);
      this.root.dataset.terminal = p.terminal ? "1" : "0";
      this.root.dispatchEvent(new CustomEvent("gamester:position", { bubbles: true }));
    },
  });
})();

// Gamester widgets, part 3: "Another question" and class sets on the Teach pages (loaded after gamester-kit.js and
// gamester.js).
//
// The exercises marker leaves a .gm-quiz element (data-game, data-ruleset, data-base) after the printed exercises,
// with a sentence that works without JavaScript. This script adds the button; a click boots the engine (the kit's
// one worker, kept across instant navigation), draws a fresh seed, and asks the engine's `quiz` op for an exercise:
// the question and its explanation arrive as the engine's escaped HTML (through safeFragment), the choices as data
// made into plain buttons here. The reader's choice is checked against the engine's answer. No game is named here.
(() => {
  "use strict";
  if (window.__gamesterQuiz || !window.__gamesterKit) return; // loaded once per visit; nothing to do without the kit
  window.__gamesterQuiz = true;
  const { G, supported, warmOnIntent, call, h, safeFragment, passages, addPassages } = window.__gamesterKit;

  // A seed from the browser's cryptographic source: 53 bits, so any whole number JSON carries exactly.
  function freshSeed() {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    return a[0] * 2 ** 21 + (a[1] >>> 11);
  }

  class Quiz {
    constructor(root) {
      this.root = root;
      this.base = /^(\.\.\/)*$/.test(root.dataset.base || "") ? root.dataset.base || "" : "../";
      this.button = h("button", { type: "button", class: "gm-quiz-next", onclick: () => this.next() }, "Another question");
      this.message = h("span", { class: "gm-quiz-message", role: "status", "aria-live": "polite" });
      this.card = h("div", { class: "gm-quiz-card", hidden: true });
      root.append(h("p", { class: "gm-quiz-bar" }, this.button, " ", this.message), this.card);
      root.classList.add("gm-enhanced");
      if (supported()) warmOnIntent(root);
      if (!supported()) {
        this.button.disabled = true;
        this.say("This browser cannot run the live engine (no WebAssembly); the printed exercises above still work.", true);
      }
    }

    say(text, error = false) {
      this.message.textContent = text;
      this.message.classList.toggle("gm-quiz-error", !!error);
    }

    async next() {
      this.button.disabled = true;
      this.say(G.state === "ready" ? "Making a question…" : "Starting the card engine in your browser (the first time takes a few seconds)…");
      let r;
      try {
        const d = this.root.dataset;  // read at each call: the engine checks them
        r = await call({ op: "quiz", game: d.game || "", ruleset: d.ruleset || null, seed: freshSeed(), base: this.base });
      } catch (e) {
        r = { ok: false, error: String((e && e.message) || e) };
      }
      this.button.disabled = false;
      if (!r || !r.ok || !r.exercise || !r.html) {
        this.say(`The engine could not make a question: ${(r && r.error) || "no answer"}.`, true);
        return;
      }
      if (!G.passages) passages().then((p) => { G.passages = p; }).catch(() => {});
      this.say("");
      this.show(r);
    }

    show(r) {
      const ex = r.exercise;
      const question = h("div", { class: "gm-quiz-question", tabindex: "-1" },
        h("p", { class: "gm-quiz-label", "data-seed": String(ex.seed) }, h("strong", {}, `Question ${this.asked = (this.asked || 0) + 1}`), ", made by the engine"),
        safeFragment(r.html.question));
      const verdict = h("p", { class: "gm-quiz-verdict", role: "status", "aria-live": "polite", tabindex: "-1" });
      const explanation = h("div", { class: "gm-quiz-explanation", hidden: true });
      const choices = [];
      for (const c of Array.isArray(ex.choices) ? ex.choices : []) {
        choices.push(h("button", { type: "button", onclick: (ev) => this.answer(ev.currentTarget, ex, r, choices, verdict, explanation) }, String(c)));
      }
      const group = h("div", { class: "gm-quiz-choices", role: "group", "aria-label": "Your answer" }, choices);
      this.card.replaceChildren(question, group, verdict, explanation);
      this.card.hidden = false;
      question.focus();
    }

    answer(chosen, ex, r, buttons, verdict, explanation) {
      const pick = chosen.textContent;
      const right = pick === String(ex.answer);
      for (const b of buttons) {
        b.disabled = true;
        if (b.textContent === String(ex.answer)) { b.classList.add("gm-right"); b.append(" ✓"); }
        else if (b === chosen) { b.classList.add("gm-wrong"); b.append(" ✗"); }
      }
      verdict.textContent = right ? `Right: ${ex.answer}.` : `Not quite: you chose ${pick}; the answer is ${ex.answer}.`;
      const why = addPassages(safeFragment(r.html.explanation), this.base);
      // (The command line's way to the same question is the Teach page's, printed beside the exercises: a reader
      // of the live question sees no command.)
      explanation.replaceChildren(h("p", {}, h("strong", {}, "Why. "), why));
      explanation.hidden = false;
      verdict.focus();
    }
  }

  // A class set (the class-set marker's form, .gm-classset): one exercise sheet per pupil, numbered S .. S+N-1 (one
  // `quiz` call each, so each sheet is made again from its number), then one answer key. The sheets are made into a
  // new block and shown only when all are made: a failure, or a second click while making, loses nothing.
  const MAX_PUPILS = 40;
  const sheetWords = (n, first) => (n === 1 ? `1 sheet, number ${first}` : `${n} sheets, numbers ${first} to ${first + n - 1}`);
  class ClassSet {
    constructor(form) {
      this.form = form;
      this.base = /^(\.\.\/)*$/.test(form.dataset.base || "") ? form.dataset.base || "" : "../";
      this.button = form.querySelector("button[type=submit]");
      this.message = form.querySelector(".gm-classset-message");
      this.progress = h("progress", { class: "gm-classset-progress", max: "1", value: "0", hidden: true, "aria-label": "Sheets made" });
      this.message.before(this.progress, " ");
      this.output = h("div", { class: "gm-classset-output", hidden: true });
      form.after(this.output);
      this.busy = false;
      try { this.levels = JSON.parse(form.dataset.levels || "{}") || {}; } catch (e) { this.levels = {}; }
      if (form.elements.level) {
        this.common = form.elements.level.innerHTML; // the levels every kind has, for "every kind in turn"
        form.elements.kind.addEventListener("change", () => this.offerLevels());
      }
      form.classList.add("gm-enhanced");
      form.noValidate = true; // its own one-line errors, beside the button
      form.addEventListener("submit", (ev) => { ev.preventDefault(); this.make(); });
      if (!supported()) {
        this.say("This browser cannot run the card engine (no WebAssembly): the printed exercises above still work.", true);
        return;
      }
      this.button.disabled = false;
      this.say("");
      warmOnIntent(form);
    }

    say(text, error = false) {
      this.message.textContent = text;
      this.message.classList.toggle("gm-quiz-error", !!error);
    }

    offerLevels() { // a kind's own levels, each with what it asks
      const select = this.form.elements.level;
      const kind = this.form.elements.kind.value;
      const own = kind && this.levels[kind];
      if (!own) { select.innerHTML = this.common; return; }
      select.replaceChildren(h("option", { value: "" }, "The first"),
        Object.entries(own).map(([n, words]) => h("option", { value: n }, `Level ${n}: ${words}`)));
    }

    read() {
      const f = this.form.elements;
      const pupils = Number(f.pupils.value), first = Number(f.first.value);
      if (!Number.isInteger(pupils) || pupils < 1 || pupils > MAX_PUPILS) {
        throw new Error(`the number of pupils must be a whole number from 1 to ${MAX_PUPILS}, not "${f.pupils.value}"`);
      }
      if (!Number.isSafeInteger(first) || first < 0 || !Number.isSafeInteger(first + pupils)) {
        throw new Error(`the first sheet number must be a whole number from 0 up, not "${f.first.value}"`);
      }
      const level = f.level && f.level.value ? Number(f.level.value) : null;
      return { kind: f.kind.value || null, level, pupils, first };
    }

    async make() {
      if (this.busy) return; // a second click while making: the set being made goes on
      let want;
      try { want = this.read(); } catch (e) { this.say(`${e.message}.`, true); return; }
      this.busy = true;
      this.button.disabled = true;
      this.button.setAttribute("aria-busy", "true");
      this.progress.max = want.pupils;
      this.progress.value = 0;
      this.progress.hidden = false;
      const d = this.form.dataset;
      const made = [];
      try {
        for (let i = 0; i < want.pupils; i++) {
          const number = want.first + i;
          this.say(G.state === "ready" || i ? `Making sheet ${i + 1} of ${want.pupils}…`
            : "Starting the card engine in your browser (the first time takes a few seconds)…");
          const req = { op: "quiz", game: d.game || "", ruleset: d.ruleset || null, seed: number, base: this.base };
          if (want.kind) req.kind = want.kind;
          if (want.level !== null) req.level = want.level;   // (the engine's first level when none is chosen)
          let r;
          try { r = await call(req); } catch (e) { r = { ok: false, error: String((e && e.message) || e) }; }
          if (!r || !r.ok || !r.exercise || !r.html) {
            throw new Error(`sheet number ${number} could not be made: ${(r && r.error) || "no answer"}`);
          }
          made.push({ number, r });
          this.progress.value = i + 1;
        }
      } catch (e) {
        const kept = this.output.hidden ? "" : " The class set made before is still below.";
        this.say(`${e.message}.${kept}`, true);
        return;
      } finally {
        this.busy = false;
        this.button.disabled = false;
        this.button.removeAttribute("aria-busy");
        this.progress.hidden = true;
      }
      if (!G.passages) { try { G.passages = await passages(); } catch (e) { /* the links to the rules stay */ } }
      this.show(made, want);
      this.say(`${sheetWords(made.length, want.first)} made, and the answer key.`);
    }

    show(made, want) {
      const title = this.form.dataset.title || document.title;
      const sheets = made.map(({ number, r }) => h("article", { class: "gm-sheet", "data-number": String(number) },
        h("p", { class: "gm-sheet-head" }, h("strong", {}, title), ` · Sheet number ${number}`),
        h("p", { class: "gm-sheet-name" }, "Name: ______________________________"),
        safeFragment(r.html.question),
        h("ol", { class: "gm-choices", type: "A" }, (r.exercise.choices || []).map((c) => h("li", {}, String(c)))),
        h("p", { class: "gm-sheet-foot" }, h("small", {}, `Sheet number ${number}: the same number always gives the same exercise.`))));
      const key = h("section", { class: "gm-sheet-key", "aria-label": "Answer key" },
        h("h3", {}, `${title}: the answer key to ${sheetWords(made.length, want.first)}`),
        h("ol", { class: "gm-sheet-answers" }, made.map(({ number, r }) => {
          const ex = r.exercise, choices = ex.choices || [];
          const letter = String.fromCharCode(65 + Math.max(0, choices.map(String).indexOf(String(ex.answer))));
          return h("li", { "data-number": String(number) }, h("p", {}, h("strong", {}, `Sheet ${number}: ${letter}. ${ex.answer}`)),
                   h("div", {}, addPassages(safeFragment(r.html.explanation), this.base)));
        })));
      const print = h("button", { type: "button", class: "gm-quiz-next", onclick: () => this.print() }, "Print the class set");
      const head = h("p", { class: "gm-classset-head" }, h("strong", {}, sheetWords(made.length, want.first)),
        ", then the answer key. ", print);
      this.output.replaceChildren(head, h("div", { class: "gm-classset-sheets" }, sheets, key));
      this.output.hidden = false;
    }

    print() {
      const copy = this.output.querySelector(".gm-classset-sheets").cloneNode(true);
      if (typeof window.__gmPrintOnly === "function") window.__gmPrintOnly(copy, "gm-classset-printing");
      else window.print();
    }
  }

  function scan() {
    for (const el of document.querySelectorAll(".gm-quiz:not(.gm-enhanced)")) new Quiz(el);
    for (const el of document.querySelectorAll("form.gm-classset:not(.gm-enhanced)")) new ClassSet(el);
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(scan); // every page of an instant navigation
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", scan);
  } else {
    scan();
  }
})();

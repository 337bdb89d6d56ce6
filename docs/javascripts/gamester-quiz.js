// Gamester widgets, part 3: "Another question" on the Teach pages (loaded after gamester-kit.js and gamester.js).
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

  function scan() {
    for (const el of document.querySelectorAll(".gm-quiz:not(.gm-enhanced)")) new Quiz(el);
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(scan); // every page of an instant navigation
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", scan);
  } else {
    scan();
  }
})();

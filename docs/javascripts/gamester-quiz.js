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

  // An exercise's words as one line of text (its blocks apart: a sentence, then a hand of cards).
  function plainText(frag) {
    for (const el of frag.querySelectorAll("p, li, div, tr, td, th, dt, dd, caption, h2, h3, h4, h5, h6, br")) el.after(" ");
    return (frag.textContent || "").replace(/\s+/g, " ").trim();
  }

  // The answers a reader may give to a question before its answer and the reason are shown; a right answer earns
  // TRIES marks at the first try, one fewer at each try after.
  const TRIES = 2;

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
      this.record = [];   // each question finished on this visit: {n, question, given, right, mark}
      this.recordBox = h("section", { class: "gm-record", hidden: true, "aria-label": "Your record" });
      root.append(h("p", { class: "gm-quiz-bar" }, this.button, " ", this.message), this.card, this.recordBox);
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
      const asked = { n: this.asked, question: plainText(safeFragment(r.html.question)), given: [] };
      for (const c of Array.isArray(ex.choices) ? ex.choices : []) {
        choices.push(h("button", { type: "button", onclick: (ev) => this.answer(ev.currentTarget, ex, r, choices, verdict, explanation, asked) }, String(c)));
      }
      const group = h("div", { class: "gm-quiz-choices", role: "group", "aria-label": "Your answer" }, choices);
      this.card.replaceChildren(question, group, verdict, explanation);
      this.card.hidden = false;
      question.focus();
    }

    answer(chosen, ex, r, buttons, verdict, explanation, asked) {
      const pick = chosen.textContent;
      const right = pick === String(ex.answer);
      asked.given.push(pick);
      if (!right && asked.given.length < TRIES) { // another try before the answer and its explanation are shown
        chosen.disabled = true;
        chosen.classList.add("gm-wrong");
        chosen.append(" ✗");
        const left = TRIES - asked.given.length;
        verdict.textContent = `Not ${pick}. Try again: ${left === 1 ? "one more try" : `${left} more tries`} before the answer and the reason are shown.`;
        verdict.focus();
        return;
      }
      for (const b of buttons) {
        b.disabled = true;
        if (b.textContent === String(ex.answer)) { b.classList.add("gm-right"); b.append(" ✓"); }
        else if (b === chosen) { b.classList.add("gm-wrong"); b.append(" ✗"); }
      }
      const tries = asked.given.length;
      verdict.textContent = right ? (tries === 1 ? `Right: ${ex.answer}.` : `Right at the second try: ${ex.answer}.`)
        : `Not quite: you chose ${asked.given.join(", then ")}; the answer is ${ex.answer}.`;
      this.record.push({ ...asked, answer: String(ex.answer), right, mark: right ? TRIES - tries + 1 : 0 });
      this.showRecord();
      const why = addPassages(safeFragment(r.html.explanation), this.base);
      // (The command line's way to the same question is the Teach page's, printed beside the exercises: a reader
      // of the live question sees no command.)
      // The rule each step applies (and its passages) is folded away: a pupil reads the reasons, a teacher opens
      // the rules (the answer keys keep them in line).
      const rules = h("button", { type: "button", class: "gm-quiz-rules", "aria-expanded": "false",
        onclick: (ev) => { const open = explanation.classList.toggle("gm-show-rules");
          ev.currentTarget.setAttribute("aria-expanded", String(open));
          ev.currentTarget.textContent = open ? "Hide the rules behind it" : "Show the rules behind it"; } },
        "Show the rules behind it");
      explanation.replaceChildren(h("p", {}, h("strong", {}, "Why. "), why), h("p", {}, rules));
      explanation.hidden = false;
      verdict.focus();
    }
  }

  // The pupil's record of this visit (proof of work without an account): each question finished, the answers given,
  // right or wrong and the mark, under a name the pupil types and today's date; printed as one page or saved as a
  // small HTML file on this computer. Nothing is sent anywhere and nothing is kept after the page is left.
  function today() {
    return new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
  }
  const marksWords = (got, of) => `${got} ${got === 1 ? "mark" : "marks"} of ${of}`;

  function recordSheet(title, name, date, rows) {
    const got = rows.reduce((t, x) => t + x.mark, 0);
    return h("section", { class: "gm-record-sheet" },
      h("h2", {}, `${title}: a record of exercises`),
      h("p", { class: "gm-record-who" }, h("strong", {}, "Name: "), name || "______________________", " · ",
        h("strong", {}, "Date: "), date),
      h("table", { class: "gm-record-table" },
        h("thead", {}, h("tr", {}, ["No.", "The exercise", "Answers given", "Right or wrong", "Mark"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, rows.map((x) => h("tr", {},
          h("td", {}, String(x.n)), h("td", {}, x.question), h("td", {}, x.given.join(", then ")),
          h("td", {}, x.right ? (x.given.length === 1 ? "Right" : "Right at the second try") : `Wrong (the answer: ${x.answer})`),
          h("td", { class: "gm-num" }, `${x.mark} of ${TRIES}`))))),
      h("p", {}, h("strong", {}, `Total: ${marksWords(got, TRIES * rows.length)}`),
        ` for ${rows.length} ${rows.length === 1 ? "exercise" : "exercises"}. A right answer at the first try earns ${TRIES} marks, at the second 1.`),
      h("p", { class: "gm-record-note" }, "Made in the browser on this computer: nothing was sent anywhere."));
  }

  Quiz.prototype.showRecord = function showRecord() {
    const box = this.recordBox;
    if (!this.nameInput) {
      const id = `gm-record-name-${document.querySelectorAll(".gm-record").length}-${Math.floor(performance.now())}`;
      this.nameInput = h("input", { type: "text", id, autocomplete: "off", maxlength: "80", class: "gm-record-name" });
      this.recordBody = h("div", { class: "gm-record-body" });
      box.append(
        h("p", { class: "gm-record-title" }, h("strong", {}, "Your record"), " of the questions answered on this page, to print or save as proof of your work (kept only until you leave the page; nothing is sent anywhere)."),
        h("p", {}, h("label", { for: id }, "Your name"), this.nameInput),
        this.recordBody,
        h("p", { class: "gm-record-buttons" },
          h("button", { type: "button", class: "gm-quiz-next", onclick: () => this.printRecord() }, "Print my record"), " ",
          h("button", { type: "button", class: "gm-quiz-next", onclick: () => this.saveRecord() }, "Save my record")));
    }
    const got = this.record.reduce((t, x) => t + x.mark, 0);
    this.recordBody.replaceChildren(h("p", { class: "gm-record-total" },
      `${this.record.length} ${this.record.length === 1 ? "question" : "questions"} answered: ${marksWords(got, TRIES * this.record.length)}.`));
    box.hidden = false;
  };

  Quiz.prototype.sheet = function sheet() {
    const h1 = document.querySelector(".md-content h1");
    let title = document.title;
    if (h1) { const c = h1.cloneNode(true); c.querySelectorAll(".headerlink").forEach((x) => x.remove()); title = c.textContent; }
    return recordSheet(title.trim(), this.nameInput.value.trim(), today(), this.record);
  };

  Quiz.prototype.printRecord = function printRecord() {
    const sheet = this.sheet();
    if (typeof window.__gmPrintOnly === "function") window.__gmPrintOnly(sheet, "gm-record-printing");
    else window.print();
  };

  // A small HTML file of its own (its styles inside it), made here and handed to the browser's download: no server.
  Quiz.prototype.saveRecord = function saveRecord() {
    const sheet = this.sheet();
    const title = sheet.querySelector("h2").textContent;
    const doc = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      "<style>body{font:11pt/1.4 Georgia,serif;margin:2em;color:#000;background:#fff}table{border-collapse:collapse;width:100%}" +
      "th,td{border:1px solid #888;padding:.25em .4em;text-align:left;vertical-align:top}.gm-num{text-align:right}" +
      ".gm-record-note{font-size:9pt;color:#444}</style></head><body>" + sheet.outerHTML + "</body></html>\n";
    const slug = this.nameInput.value.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "pupil";
    const day = new Date();
    const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
    if (this.savedUrl) URL.revokeObjectURL(this.savedUrl);
    this.savedUrl = URL.createObjectURL(new Blob([doc], { type: "text/html" }));
    const a = h("a", { href: this.savedUrl, download: `record-${slug}-${iso}.html`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
  };

  function escapeHtml(t) {
    const d = document.createElement("div");
    d.textContent = t;
    return d.innerHTML;
  }

  // A class set (the class-set marker's form, .gm-classset): one exercise sheet per pupil, numbered S .. S+N-1 (one
  // `quiz` call each), then one answer key. No two sheets of a set hold the same exercise, nor the same apart from
  // the suits or the order the cards are named in (sameness below): a sheet whose exercise an earlier sheet of the
  // set already has is drawn again from the next of its own seeds (its number, then number + SEED_STEP, ...), so
  // the same set (same first number, same count) always gives the same sheets. The sheets are made into a new block
  // and shown only when all are made: a failure, or a second click while making, loses nothing. Printing puts 1, 2
  // or 4 sheets on a page (each group of sheets one printed page), and the page count is said before printing.
  const MAX_PUPILS = 40;
  const SEED_STEP = 1000003;  // a sheet's further seeds (a prime: no two numbers of a set of forty share one)
  const MAX_DRAWS = 25;       // seeds tried for one sheet before the kind is said to have too few exercises
  const PER_PAGE = [1, 2, 4];

  // An exercise's sameness: its words with every card named replaced by one mark, its cards as ranks in order with
  // the suits renamed by first appearance, and its choices. Two exercises that differ only in the suits (or in the
  // order the same cards are named) have the same. Cards are read from the engine's own markup (.gm-card: its text
  // is rank then suit sign, its label the card's name), so no card or suit is named here.
  function sameness(r) {
    const frag = safeFragment(r.html.question);
    const cards = [...frag.querySelectorAll(".gm-card")].map((c) => {
      const t = (c.textContent || "").trim();
      return { label: c.getAttribute("aria-label") || c.title || t, rank: t.slice(0, -1), suit: t.slice(-1) };
    });
    const sorted = [...cards].sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
    const suits = new Map();
    for (const c of sorted) if (!suits.has(c.suit)) suits.set(c.suit, String.fromCharCode(97 + suits.size));
    const name = new Map(cards.map((c) => [c.label, `${c.rank}${suits.get(c.suit)}`]));
    let words = frag.textContent || "";
    const labels = [...name.keys()].sort((a, b) => b.length - a.length);
    for (const l of labels) if (l) words = words.split(l).join("#");
    for (const c of cards) if (c.rank) words = words.split(`${c.rank}${c.suit}`).join("#");
    const choices = (r.exercise.choices || []).map((c) => name.get(String(c)) || String(c));
    return JSON.stringify([r.exercise.kind || "", words.replace(/\s+/g, " "), sorted.map((c) => name.get(c.label)),
      choices]);
  }
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
      if (form.elements.per_page) form.elements.per_page.addEventListener("change", () => this.countPages());
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
      return { kind: f.kind.value || null, level, pupils, first, perPage: this.perPage() };
    }

    perPage() {
      const sel = this.form.elements.per_page;
      const n = sel ? Number(sel.value) : 1;
      return PER_PAGE.includes(n) ? n : 1;
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
          let r = null;
          for (let draw = 0; ; draw++) {
            if (draw === MAX_DRAWS) {
              throw new Error(`this kind of exercise has too few different questions for ${want.pupils} pupils ` +
                `(sheet number ${number} repeats an earlier sheet): choose fewer pupils or every kind in turn`);
            }
            const req = { op: "quiz", game: d.game || "", ruleset: d.ruleset || null, seed: number + draw * SEED_STEP,
              base: this.base };
            if (want.kind) req.kind = want.kind;
            if (want.level !== null) req.level = want.level;   // (the engine's first level when none is chosen)
            try { r = await call(req); } catch (e) { r = { ok: false, error: String((e && e.message) || e) }; }
            if (!r || !r.ok || !r.exercise || !r.html) {
              throw new Error(`sheet number ${number} could not be made: ${(r && r.error) || "no answer"}`);
            }
            r.same = sameness(r);
            if (!made.some((m) => m.r.same === r.same)) break;
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
      const letter = (i) => String.fromCharCode(65 + i);
      const sheets = made.map(({ number, r }) => h("article", { class: "gm-sheet", "data-number": String(number), "data-seed": String(r.exercise.seed) },
        h("p", { class: "gm-sheet-head" }, h("strong", {}, title), ` · Sheet number ${number}`),
        h("p", { class: "gm-sheet-name" }, "Name: ______________________________"),
        safeFragment(r.html.question),
        // The letters are text, not list markers: they print whole at any margin, as the key names them.
        h("ul", { class: "gm-sheet-choices" }, (r.exercise.choices || []).map((c, i) =>
          h("li", {}, h("span", { class: "gm-sheet-letter" }, `${letter(i)}.`), " ", String(c)))),
        h("p", { class: "gm-sheet-foot" }, h("small", {}, `Sheet number ${number}. Making this set again (same first number, same count) gives the same sheets.`))));
      const key = h("section", { class: "gm-sheet-key", "aria-label": "Answer key" },
        h("h3", {}, `${title}: the answer key to ${sheetWords(made.length, want.first)}`),
        h("ol", { class: "gm-sheet-answers" }, made.map(({ number, r }) => {
          const ex = r.exercise, choices = ex.choices || [];
          const l = letter(Math.max(0, choices.map(String).indexOf(String(ex.answer))));
          return h("li", { "data-number": String(number) }, h("p", {}, h("strong", {}, `Sheet ${number}: ${l}. ${ex.answer}`)),
                   h("div", {}, addPassages(safeFragment(r.html.explanation), this.base)));
        })));
      this.made = made.length;
      this.pages = h("span", { class: "gm-classset-pages" });
      this.printSheets = h("button", { type: "button", class: "gm-quiz-next", onclick: () => this.print("sheets") }, "Print the sheets");
      const printKey = h("button", { type: "button", class: "gm-quiz-next", onclick: () => this.print("key") }, "Print the answer key");
      const print = h("button", { type: "button", class: "gm-quiz-next", onclick: () => this.print("all") }, "Print the class set");
      const head = h("p", { class: "gm-classset-head" }, h("strong", {}, sheetWords(made.length, want.first)), ", then the answer key. ",
        this.pages, " ", this.printSheets, " ", printKey, " ", print);
      this.output.replaceChildren(head, h("div", { class: "gm-classset-sheets" }, sheets, key));
      this.output.hidden = false;
      this.countPages();
    }

    // The printed pages of the sheets, said before printing: one page for every group of 1, 2 or 4 sheets.
    countPages() {
      if (!this.pages || !this.made) return;
      const k = this.perPage(), n = Math.ceil(this.made / k);
      const pages = n === 1 ? "1 printed page" : `${n} printed pages`;
      this.pages.textContent = `The sheets take ${pages} (${k === 1 ? "one sheet" : `${k} sheets`} a page); the key starts on a page of its own.`;
      this.printSheets.textContent = `Print the sheets (${pages})`;
    }

    print(what = "all") {
      const k = this.perPage();
      const src = this.output.querySelector(".gm-classset-sheets");
      const copy = h("div", { class: `gm-classset-sheets gm-per-page-${k}` });
      if (what !== "key") {
        const sheets = [...src.querySelectorAll(".gm-sheet")].map((s) => s.cloneNode(true));
        for (let i = 0; i < sheets.length; i += k) copy.append(h("div", { class: "gm-sheet-page" }, sheets.slice(i, i + k)));
      }
      if (what !== "sheets") copy.append(src.querySelector(".gm-sheet-key").cloneNode(true));
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

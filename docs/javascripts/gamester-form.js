// Gamester widgets: the settings form. Built from what the game declares: its rulesets and options (the games op),
// each with the words a reader sees (a ruleset's title, an option's label, each choice's words, how each computer
// player plays), and the parameters of the widget's command (data-spec's params: a whole number with bounds, text,
// hands, seats, bot names), so it names no game and knows no parameter by heart; the seed alone has its "Another
// deal" button. Where a ruleset or a choice comes from (whose reading, the rule and its passage) is one click away:
// a disclosure under the rules, and one under the options with a link to each option's rule.
import { h } from "./gamester-kit.js";
import { choiceWords, fromOne, optionLabel, rulesetWords } from "./gamester-words.js";

export class Form {
  // widget: its root's id makes the fields' ids; g: the game (games op); spec: the widget's data-spec.
  constructor(widget, g, spec) {
    this.w = widget;
    this.g = g;
    this.spec = spec;
    this.inputs = {};
    this.params = {};
  }

  id(s) { return `${this.w.root.id}-${s}`; }

  field(name, text, input, hint, more) {
    return h("div", { class: "gm-field" }, h("label", { for: this.id(name) }, text), input,
      hint ? h("small", { class: "gm-hint" }, hint) : null, more || null);
  }

  presetSelect(name, value) {
    const g = this.g;
    const s = h("select", { id: this.id(name), name });
    for (const p of g.presets) s.append(h("option", { value: p.name }, p.title));
    this.choose(s, value || g.default);
    return s;
  }
  // Where the chosen rules come from, one click away: the ruleset's summary and the sources it follows.
  presetAbout(select) {
    const text = h("p", {});
    const fill = () => {
      const p = this.g.presets.find((x) => x.name === select.value);
      text.textContent = p ? `${p.summary.replace(/\.?$/, ".")} ${p.sources}` : "Rules given by the link, shown as they differ from a named set.";
    };
    select.addEventListener("change", fill);
    fill();
    return h("details", { class: "gm-about" }, h("summary", {}, "Where these rules come from"), text);
  }
  // A ruleset not among the presets (from a link) is shown in words, and chosen.
  choose(select, value) {
    if (!value) return;
    if (!Array.from(select.options).some((o) => o.value === value)) select.append(h("option", { value }, rulesetWords(value, this.g)));
    select.value = value;
  }

  // One declared parameter as a field (null: not a field of this form). Bot names are the play widget's "How the
  // computer plays"; a parameter that sets an option is the option's field.
  paramField(p, a) {
    const given = a[p.name];
    let input;
    let hint = p.hint || null;
    let text = p.help;
    if (p.option) return null;
    if (p.kind === "whole") {
      const [lo, hi] = p.range || [0, null];
      input = h("input", { id: this.id(p.name), type: "number", min: lo, max: p.name === "seed" ? null : hi, step: 1, required: true });
      input.value = given ?? p.default ?? lo;
      if (p.range && hi - lo <= 100) text = `${p.help} (${lo}–${hi})`;
      if (p.name === "seed") {
        const dice = h("button", { type: "button", class: "gm-small", onclick: () => { input.value = String(Math.floor(Math.random() * 1e6)); this.w.submit(); } }, "Another deal");
        this.inputs[p.name] = input;
        return this.field(p.name, text, h("span", { class: "gm-seed" }, input, " ", dice));
      }
    } else if (p.kind === "hands") {
      input = h("textarea", { id: this.id(p.name), rows: 4, cols: 30, spellcheck: "false", autocomplete: "off" });
      input.value = String(given || "").split(p.sep).join("\n");
    } else if (p.kind === "seats") {
      input = h("input", { id: this.id(p.name), type: "text", inputmode: "numeric", size: 8, autocomplete: "off" });
      input.value = fromOne(given || "", 1);
    } else if (p.kind === "names") {
      if (!this.spec.play || !this.g.bots.length) return null;
      // "" = the game's usual bots, seat by seat: the printed example's, so "Play to the end" replays it.
      const said = this.g.bot_words || {};
      input = h("select", { id: this.id(p.name) }, h("option", { value: "" }, "As in the printed example"),
        this.g.bots.map((b) => h("option", { value: b }, said[b] || b)));
      const want = String(given || "").split(p.sep)[0].trim();
      input.value = this.g.bots.includes(want) ? want : "";
      text = "How the computer plays";
      hint = null;
    } else {
      input = h("input", { id: this.id(p.name), type: "text", autocomplete: "off" });
      input.value = given || "";
    }
    this.inputs[p.name] = input;
    return this.field(p.name, text, input, hint);
  }

  // The form's fields: the rules, the command's parameters, and a switch for each option.
  build(a) {
    const g = this.g;
    const rows = [];
    if (this.spec.command === "compare") {
      const names = String(a.rulesets || "").split(",").map((x) => x.trim()).filter(Boolean);
      this.rulesetA = this.presetSelect("ruleset-a", names[0] || g.presets[0].name);
      this.rulesetB = this.presetSelect("ruleset-b", names[1] || (g.presets[1] || g.presets[0]).name);
      rows.push(this.field("ruleset-a", "Rules A", this.rulesetA, null, this.presetAbout(this.rulesetA)),
        this.field("ruleset-b", "Rules B", this.rulesetB, null, this.presetAbout(this.rulesetB)));
    } else {
      this.ruleset = this.presetSelect("ruleset", a.ruleset);
      rows.push(this.field("ruleset", "Rules", this.ruleset, null, this.presetAbout(this.ruleset)));
    }
    for (const p of this.spec.params || []) {
      this.params[p.name] = p;
      const row = this.paramField(p, a);
      if (row) rows.push(row);
    }
    // Option switches: "as the ruleset says" or an explicit value.
    const given = {};
    for (const item of String(a.options || "").split(/[;,]/)) {
      const i = item.indexOf("=");
      if (i > 0) given[item.slice(0, i).trim()] = item.slice(i + 1).trim();
    }
    this.options = {};
    const opts = h("fieldset", { class: "gm-options" }, h("legend", {}, "Change one rule (otherwise as the rules say)"));
    const why = h("ul", {});
    for (const o of g.options) {
      let input;
      const words = o.words || {};
      // A number whose every value has words (games to win the match: one, or the first to two) is a choice too.
      const span = o.range && o.range[1] - o.range[0] < 6 ? Array.from({ length: o.range[1] - o.range[0] + 1 }, (_, i) => o.range[0] + i) : [];
      const values = o.choices || (span.length && span.every((v) => String(v) in words) ? span : null);
      let hint = null;
      if (values) {
        input = h("select", { id: this.id(`opt-${o.name}`), name: o.name },
          h("option", { value: "" }, "as the rules say"), values.map((c) => h("option", { value: String(c) }, choiceWords(o, c))));
      } else {
        input = h("input", { id: this.id(`opt-${o.name}`), name: o.name, type: "number", min: o.range[0], max: o.range[1], step: 1, placeholder: "as the rules say" });
        const special = Object.entries(words).map(([v, w]) => `${v} means ${w}`);
        hint = special.length ? `${o.range[0]}–${o.range[1]}; ${special.join("; ")}.` : `${o.range[0]}–${o.range[1]}`;
      }
      if (given[o.name] !== undefined) input.value = given[o.name];
      this.options[o.name] = input;
      opts.append(this.field(`opt-${o.name}`, optionLabel(o), input, hint));
      if (o.help || o.clause) {
        why.append(h("li", {}, h("strong", {}, optionLabel(o)), o.help ? `: ${o.help.replace(/\.?$/, ".")} ` : " ",
          o.clause ? h("a", { href: `${this.w.base}clauses/#${o.clause}` }, "The rule and its source") : null));
      }
    }
    if (why.childElementCount) {
      opts.append(h("details", { class: "gm-about gm-about-options" }, h("summary", {}, "Where each choice comes from"), why));
    }
    return { rows, opts };
  }

  // The widget's arguments as the form holds them (text values, as a marker's), for the engine and the link.
  read() {
    const out = {};
    const opts = [];
    for (const [k, input] of Object.entries(this.options)) if (String(input.value).trim() !== "") opts.push(`${k}=${String(input.value).trim()}`);
    if (opts.length) out.options = opts.join(";");
    if (this.rulesetA) out.rulesets = `${this.rulesetA.value},${this.rulesetB.value}`;
    else out.ruleset = this.ruleset.value;
    for (const [name, input] of Object.entries(this.inputs)) {
      const p = this.params[name];
      const v = String(input.value).trim();
      if (p.kind === "hands") {
        const joined = input.value.split(/\n/).map((s) => s.trim()).filter(Boolean).join(p.sep);
        if (joined) out[name] = joined;
      } else if (p.kind === "seats") {
        if (v) out[name] = fromOne(v.replace(/\s+/g, ""), -1);
      } else if (v) {
        out[name] = v;
      }
    }
    return out;
  }

  // A link's arguments put into the form.
  set(a) {
    if (this.ruleset && a.ruleset) this.choose(this.ruleset, a.ruleset);
    if (this.rulesetA && a.rulesets) {
      // "a(x=1),b" -> the two rulesets (a comma inside parentheses belongs to its ruleset)
      const two = String(a.rulesets).match(/[^,()]+(?:\([^)]*\))?/g) || [];
      [this.rulesetA, this.rulesetB].forEach((sel, k) => this.choose(sel, (two[k] || "").trim()));
    }
    for (const [name, input] of Object.entries(this.inputs)) {
      const p = this.params[name];
      if (a[name] === undefined) continue;
      if (p.kind === "hands") input.value = String(a[name]).split(p.sep).join("\n");
      else if (p.kind === "seats") input.value = fromOne(a[name], 1);
      else if (p.kind === "names") input.value = this.g.bots.includes(String(a[name]).split(p.sep)[0]) ? String(a[name]).split(p.sep)[0] : "";
      else input.value = a[name];
    }
  }

  // A whole-number parameter given outside what this widget takes: the words to say so (else null).
  outOfRange(a) {
    for (const [name, p] of Object.entries(this.params)) {
      if (p.kind !== "whole" || !p.range || a[name] === undefined || name === "seed") continue;
      const [lo, hi] = p.range;
      const n = Number(a[name]);
      if (!/^\d{1,3}$/.test(String(a[name])) || n < lo || n > hi) {
        return `it asks for ${String(a[name]).slice(0, 10)} ${p.help.toLowerCase()}, and this widget plays ${lo}–${hi}`;
      }
    }
    return null;
  }
}

// Gamester widgets: words for a reader. A ruleset's title, an option's label and a choice's words as the game
// declares them, a ruleset string in those words, players counted from 1, a seat with its role. The values sent to
// the engine are unchanged. Names no game.

export function label(k) { return String(k).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()); }

export function plain(name, capital = true) {
  const t = String(name).replace(/[-_]+/g, " ");
  return capital ? t.replace(/^./, (c) => c.toUpperCase()) : t;
}

// What the game declares for a reader (the games op): a ruleset's title, an option's label, a choice's words. The
// script derives none of them from the engine's names; a name the game gave no words falls back to itself.
export function presetTitle(g, name) {
  const p = ((g && g.presets) || []).find((x) => x.name === name);
  return p ? p.title : plain(name);
}
export function optionLabel(o) { return o.label || o.name; }
export function choiceWords(o, value) {
  const w = (o.words || {})[String(value)];
  return w === undefined ? String(value) : w;
}

// A ruleset written as the engine writes it ("post-and-pair(trump=best-post)") in the game's words: "The usual
// rules, with how the trump suit is found: the suit of the best Post shown".
export function rulesetWords(value, g) {
  const m = /^([A-Za-z0-9_.-]+)\((.*)\)$/.exec(String(value));
  const presets = (g && g.presets) || [];
  const options = (g && g.options) || [];
  const named = (n) => (presets.some((p) => p.name === n) ? presetTitle(g, n) : (g && n === g.name ? "The usual rules" : "Other rules"));
  if (!m) return named(String(value));
  const changes = m[2].split(/[,;]/).filter(Boolean).map((kv) => {
    const [k, v] = kv.split("=");
    const o = options.find((x) => x.name === String(k).trim().replace(/-/g, "_"));
    if (!o) return "another change";
    const lab = optionLabel(o);
    return `${lab.charAt(0).toLowerCase()}${lab.slice(1)}: ${choiceWords(o, String(v).trim())}`;
  });
  return changes.length ? `${named(m[1])}, with ${changes.join("; ")}` : named(m[1]);
}

// Player numbers: a reader counts from 1, the engine (and a link) from 0. Anything not a number is left as it is
// (the engine says what is wrong with it).
export function fromOne(list, delta) {
  return String(list).split(",").map((x) => (/^\d{1,3}$/.test(x.trim()) ? String(Math.max(0, Number(x) + delta)) : x)).join(",");
}

// A seat's role (dealer, eldest) comes from the engine (the position's "roles"): the deal rotates, so the seat number
// says nothing about it. A reader counts players from 1.
export function seatName(p, roles) {
  if (typeof p !== "number") return label(p);
  const role = roles && roles[p] ? ` (${roles[p]})` : "";
  return `Player ${p + 1}` + role;
}

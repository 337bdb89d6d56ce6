// Gamester widgets: words for a reader. A ruleset or choice name as words ("cotton-1674" -> "Cotton 1674"), a ruleset
// string in words, players counted from 1, a seat with its role. The values sent to the engine are unchanged.
// Names no game.

export function label(k) { return String(k).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()); }

export function plain(name, capital = true) {
  const t = String(name).replace(/[-_]+/g, " ");
  return capital ? t.replace(/^./, (c) => c.toUpperCase()) : t;
}

// A ruleset written as the engine writes it ("post-and-pair(trump=best-post)") in words: "The usual rules, with
// trump: best post".
export function rulesetWords(value, g) {
  const m = /^([A-Za-z0-9_.-]+)\((.*)\)$/.exec(String(value));
  const presets = (g && g.presets) || [];
  const named = (n) => (presets.some((p) => p.name === n) ? `${plain(n)} rules` : (g && n === g.name ? "The usual rules" : "Other rules"));
  if (!m) return named(String(value));
  const changes = m[2].split(/[,;]/).filter(Boolean).map((kv) => {
    const [k, v] = kv.split("=");
    return v === undefined ? plain(k, false) : `${label(k).toLowerCase()}: ${plain(v, false)}`;
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

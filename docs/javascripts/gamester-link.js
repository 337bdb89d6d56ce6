// Gamester widgets: permalinks. A widget's state in the address (?w=INDEX&...): the fields are the widget's own, read
// from what its game declares (data-spec: the parameters of its command), plus the rules and the moves; this file
// is the one place that says which. Shapes are checked here, before any engine byte is fetched; the engine checks
// the values again. Names no game.

export const ACT_SEP = "~";
const shape = (re, why) => Object.assign(re, { why });
// The fields every widget has: its number, its game, its rules (one ruleset, or two to compare, and options), and
// for a game in play the moves, the step shown and who plays.
const RULES = {
  w: shape(/^\d{1,3}$/, "a small whole number"),
  game: shape(/^[a-z][a-z0-9-]{0,40}$/, "a game name"),
  ruleset: shape(/^[A-Za-z0-9_.,=;()-]{1,400}$/, "a ruleset name or game(option=value,...)"),
  options: shape(/^[A-Za-z0-9_.,=;-]{1,400}$/, "option=value pairs"),
};
const COMPARE = { rulesets: shape(/^[A-Za-z0-9_.,=;()-]{1,800}$/, "ruleset names, comma-separated") };
const PLAY = {
  // A game's moves: as many as the engine's limits allow (games op: limits.actions, up to 6,000 moves of a few
  // characters each); the engine counts them after it has booted.
  acts: shape(/^[A-Za-z0-9 _.=+~-]{1,100000}$/, "moves separated by ~"),
  step: shape(/^\d{1,4}$/, "a small whole number"),
  who: shape(/^(bots|all|\d{1,2})$/, "bots, all or a seat number"),
};
const esc = (s) => String(s).replace(/[\\\]^-]/g, "\\$&");
// A declared parameter's shape, by its kind (gamester.registry.PARAM_KINDS).
function paramShape(p) {
  const sep = esc(p.sep || ",");
  switch (p.kind) {
    case "whole": return shape(/^\d{1,19}$/, "a whole number");
    case "hands": return shape(new RegExp(`^[0-9TJQKASHDCtjqkashdc♠♥♦♣♤♡♢♧ ,${sep}]{1,400}$`, "u"), `cards such as QH 10D, hands separated by ${p.sep}`);
    case "seats": return shape(new RegExp(`^[\\d${sep}]{1,60}$`), "seat numbers, comma-separated");
    case "names": return shape(new RegExp(`^[A-Za-z0-9_${sep}-]{1,200}$`), "bot names");
    default: return shape(/^[A-Za-z0-9 _.,=;()-]{1,400}$/, "short text");
  }
}

// Every field a widget of this spec (its data-spec) has in a link, with its shape: the one list.
export function linkShapes(spec) {
  const out = { ...RULES, ...(spec && spec.command === "compare" ? COMPARE : {}), ...(spec && spec.play ? PLAY : {}) };
  if (spec && spec.command === "compare") delete out.ruleset;
  for (const p of (spec && spec.params) || []) out[p.name] = paramShape(p);
  return out;
}
// The fields of a widget's arguments (a marker's, or the form's) that a link carries.
export function argFields(spec) {
  return Object.keys(linkShapes(spec)).filter((k) => !["w", "game", "acts", "step", "who"].includes(k));
}

// The page's link, if it has one, read against the widget it names (specOf(index) -> that widget's spec).
export function readLink(specOf) {
  const q = new URLSearchParams(location.search);
  if (!q.has("w")) return null;
  const link = { fields: {}, problems: [] };
  const w = q.get("w");
  if (!/^\d{1,3}$/.test(w || "")) { link.problems.push("the widget number “w” must be a small whole number"); link.index = -1; }
  else link.index = Number(w);
  const shapes = linkShapes(link.index >= 0 ? specOf(link.index) : null);
  const unknown = [];
  const long = new Set();
  for (const [k, v] of q.entries()) {
    if (k === "h" || k === "q") continue; // Material's search highlighting
    if (!(k in shapes)) { unknown.push(k); continue; }
    if (v.length > (k === "acts" ? 100000 : 2000)) { long.add(k); continue; }
    link.fields[k] = v;
  }
  // However long the link, the message names a few fields only: "5,000 unknown fields, e.g. x0, x1, x2".
  const few = (names) => names.slice(0, 3).map((k) => `“${k.slice(0, 30)}”`).join(", ");
  if (unknown.length === 1) link.problems.push(`unknown field ${few(unknown)}`);
  else if (unknown.length > 1) link.problems.push(`${unknown.length.toLocaleString("en")} unknown fields, e.g. ${few(unknown)}`);
  if (long.size) link.problems.push(`${long.size === 1 ? "field" : "fields"} ${few([...long])} too long`);
  for (const [k, v] of Object.entries(link.fields)) {
    if (k !== "w" && !shapes[k].test(v)) {
      link.problems.push(`field “${k}” has a value that cannot be right (${shapes[k].why})`);
      link.bad = true;
      delete link.fields[k];
    }
  }
  return link;
}

export function writeLink(widget, fields) {
  // A widget of a page the reader has left (its calls finish late) must not rewrite the new page's URL.
  if (!widget.root.isConnected || location.pathname !== widget.path) return widget.link;
  const q = new URLSearchParams();
  q.set("w", String(widget.index));
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  const url = `${location.pathname}?${q.toString()}#${widget.root.id}`;
  try { history.replaceState(history.state, "", url); } catch (e) { /* file:// and friends */ }
  return new URL(url, location.href).href;
}

// Gamester widgets: the kit. The DOM helpers (text only, never markup from data), the engine's escaped HTML made
// safe, and the links from clauses to the passages behind them; and window.__gamesterKit, through which the
// classroom's scripts (gamester-quiz.js, handout.js) reach the engine and these helpers. The widgets' own modules
// import what they need instead. Names no game.
import { ASSETS, G, boot, call, notify, supported, warmOnIntent } from "./gamester-engine.js";

export function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : String(kid));
  }
  return el;
}

// The engine's renderer escapes everything it writes; this drops anything active all the same.
const DROP = "script,style,iframe,frame,object,embed,link,meta,base,form,input,button,textarea,select,svg,math,template,img,video,audio,source";
// choices: keep the engine's own choice buttons (<button type="button" data-action>, no form attributes): the table's.
export function safeFragment(html, choices = false) {
  const t = document.createElement("template");
  t.innerHTML = String(html);
  const keep = (n) => choices && n.localName === "button" && n.getAttribute("type") === "button" && n.hasAttribute("data-action")
    && !["form", "formaction", "formmethod", "formtarget", "name", "value"].some((x) => n.hasAttribute(x));
  t.content.querySelectorAll(DROP).forEach((n) => { if (!keep(n)) n.remove(); });
  for (const el of t.content.querySelectorAll("*")) {
    for (const a of Array.from(el.attributes)) {
      const n = a.name.toLowerCase();
      if (n.startsWith("on") || n === "style" || n === "srcdoc" || n === "formaction" || n === "action") {
        el.removeAttribute(a.name);
      } else if ((n === "href" || n === "src" || n === "xlink:href") && /^\s*[a-z][a-z0-9+.-]*:/i.test(a.value)) {
        el.removeAttribute(a.name); // relative links only: no javascript:, data:, or other hosts
      }
    }
  }
  return t.content;
}

// Clause id -> [[passage id, href from the site root, a reader's locator], ...], written by the site build; fetched
// after the engine has started (never before an interaction). Each clause link in the engine's HTML of a finished
// game gets the links to the sentences that justify it, as the printed examples have them.
let passagesP = null;
export function passages() {
  if (!passagesP) {
    passagesP = fetch(new URL("gamester/clause-passages.json", ASSETS)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  }
  return passagesP;
}
const PASSAGE_HREF_RE = /^[A-Za-z0-9_./-]*(#[A-Za-z0-9_.:-]+)?$/;
export function addPassages(frag, base) {
  const map = G.passages || {};
  for (const a of frag.querySelectorAll("a.gm-clause")) {
    const id = (a.getAttribute("href") || "").split("#")[1] || "";
    const list = Array.isArray(map[id]) ? map[id].slice(0, 3) : [];
    const said = new Set(); // two sentences on one page are cited once ("(Cotton, 1674, p. 132)" not twice in a row)
    for (const x of list) {
      if (!Array.isArray(x) || !PASSAGE_HREF_RE.test(String(x[1])) || String(x[1]).startsWith("/")) continue;
      // The link reads as a reader cites ("Cotton, 1674, p. 132"); the passage id stays in the address.
      const where = typeof x[2] === "string" && x[2] ? x[2] : "the source";
      if (said.has(where)) continue;
      said.add(where);
      a.after(" ", h("a", { class: "gm-passage", href: base + String(x[1]), title: "the passage behind this rule" }, `(${where})`));
    }
  }
  return frag;
}

// For the classroom's scripts (classic scripts of their own): the one window global between the widget modules
// and them.
window.__gamesterKit = { G, notify, supported, boot, warmOnIntent, call, h, safeFragment, passages, addPassages };

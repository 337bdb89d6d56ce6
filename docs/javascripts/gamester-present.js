// The projector view of a printed example: the card table and its current sentence in large type, stepped by
// keyboard (Right / Space: next, Left: back, Home / End: first / last, Escape: leave), full screen where the browser
// allows it. The steps are the engine's own tables, made when the site was built and kept inert beside each printed
// example (<template class="gm-present-steps">, see gamester_site/present.py), so the view needs no WebAssembly and
// nothing is computed here. A button beside each example opens it; so does the address #projector-N (the N-th
// example of the page, which a teacher can bookmark). Each hand is face down until the rules show it (the engine's
// drawing for the room); "Show every hand" (or H) turns up every hand the engine shows a teacher at the front, for a
// class discussing a decision. No game is named here.
(() => {
  "use strict";
  if (window.__gamesterPresent) return; // loaded once per visit
  window.__gamesterPresent = { opened: 0 };
  const FRAGMENT = /^#projector-(\d+)$/;
  let view = null; // the one open view: {root, steps, at, stage, status, back, next, opener, full, n}

  function el(tag, attrs, ...kids) {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "onclick") n.addEventListener("click", v);
      else if (v !== null && v !== undefined && v !== false) n.setAttribute(k, v === true ? "" : String(v));
    }
    for (const k of kids.flat()) if (k !== null && k !== undefined) n.append(k);
    return n;
  }

  function templates() {
    return Array.from(document.querySelectorAll("template.gm-present-steps"));
  }

  function open(n, opener) {
    const tpl = templates()[n - 1];
    if (!tpl) return false;
    close(false);
    const steps = Array.from(tpl.content.querySelectorAll(".gm-present-step:not(.gm-present-open-hands)"));
    if (!steps.length) return false;
    // The teacher's view: the same steps with every hand face up (where a step differs), shown on "Show every hand".
    const open = new Map(Array.from(tpl.content.querySelectorAll(".gm-present-open-hands")).map((s) => [s.dataset.step, s]));
    const stage = el("div", { class: "gm-present-stage" });
    const status = el("p", { class: "gm-present-count", "aria-live": "polite" });
    const back = el("button", { type: "button", onclick: () => go(view.at - 1) }, "◀ Back");
    const next = el("button", { type: "button", onclick: () => go(view.at + 1) }, "Next ▶");
    const leave = el("button", { type: "button", onclick: () => close(true) }, "Leave");
    const hands = el("button", { type: "button", "aria-pressed": "false", onclick: () => toggleHands() }, "Show every hand");
    const title = tpl.dataset.title || document.title;
    const root = el("div", { class: "gm-present md-typeset", role: "dialog", "aria-modal": "true", "aria-label": `${title}: projector`,
                             "data-md-color-scheme": document.body.getAttribute("data-md-color-scheme") || null },
      el("div", { class: "gm-present-bar" }, status,
         el("p", { class: "gm-present-keys" }, "→ or Space: next · ←: back · H: every hand · Esc: leave"),
         el("div", { class: "gm-present-buttons" }, back, next, hands, leave)),
      stage);
    document.body.append(root);
    document.documentElement.classList.add("gm-presenting");
    const moves = Number(tpl.dataset.moves || steps.length - 1);
    view = { root, steps, open, hands, every: false, at: 0, moves, stage, status, back, next,
             opener: opener || document.activeElement, full: false, n };
    window.__gamesterPresent.opened += 1;
    if (location.hash !== `#projector-${n}`) history.replaceState(history.state, "", `#projector-${n}`);
    go(0);
    next.focus();
    if (opener && root.requestFullscreen && document.fullscreenEnabled) {
      // Full screen may come after the view has been left (a quick Escape on a busy machine): then it is left too,
      // or the browser would keep the next Escape for itself.
      root.requestFullscreen().then(() => {
        if (view && view.root === root) view.full = true;
        else if (document.fullscreenElement && document.exitFullscreen) document.exitFullscreen().catch(() => {});
      }).catch(() => {});
    }
    return true;
  }

  function go(i) {
    if (!view) return;
    const last = view.steps.length - 1;
    view.at = Math.max(0, Math.min(last, i));
    const shown = (view.every && view.open.get(String(view.at))) || view.steps[view.at];
    const step = shown.cloneNode(true);
    // The live region of the table's sentence is the projector's: one announcement per step.
    for (const s of step.querySelectorAll("[role=status]")) s.removeAttribute("role");
    view.stage.replaceChildren(step);
    const said = step.querySelector(".gm-t-prompt");
    // A move that ends a deal and deals the next has two steps (the deal's end with its last card, then the new
    // deal): both are that move's.
    const here = view.steps[view.at].dataset.move;
    const move = here !== undefined ? Number(here) : view.at;
    const prev = view.at > 0 ? view.steps[view.at - 1].dataset.move : undefined;
    const next = prev !== undefined && Number(prev) === move ? " (the next deal)" : "";
    view.status.textContent = `Move ${move} of ${view.moves}${next}` + (said ? `: ${said.textContent}` : "");
    view.back.disabled = view.at === 0;
    view.next.disabled = view.at === last;
    if (document.activeElement && document.activeElement.disabled !== undefined && document.activeElement.disabled) {
      (view.at === last ? view.back : view.next).focus();
    }
    view.root.dataset.step = String(view.at);
  }

  function toggleHands() {
    if (!view) return;
    view.every = !view.every;
    view.hands.setAttribute("aria-pressed", String(view.every));
    view.hands.textContent = view.every ? "Hide the hands" : "Show every hand";
    go(view.at);
  }

  function onKey(ev) {
    if (!view || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const k = ev.key;
    const onButton = ev.target && ev.target.tagName === "BUTTON";
    if (k === "ArrowRight" || k === "PageDown" || (k === " " && !onButton)) go(view.at + 1);
    else if (k === "ArrowLeft" || k === "PageUp") go(view.at - 1);
    else if (k === "Home") go(0);
    else if (k === "End") go(view.steps.length - 1);
    else if (k === "Escape") close(true);
    else if (k === "h" || k === "H") toggleHands();
    else if (k === "Tab") { trapTab(ev); return; }
    else return;
    ev.preventDefault();
    ev.stopPropagation(); // the page's own shortcuts stay behind the dialog
  }

  function trapTab(ev) { // focus stays in the dialog
    const els = Array.from(view.root.querySelectorAll("button:not([disabled]), [href], [tabindex]:not([tabindex='-1'])"));
    if (!els.length) return;
    const first = els[0], last = els[els.length - 1];
    if (!view.root.contains(document.activeElement)) { first.focus(); ev.preventDefault(); return; }
    if (ev.shiftKey && document.activeElement === first) { last.focus(); ev.preventDefault(); }
    else if (!ev.shiftKey && document.activeElement === last) { first.focus(); ev.preventDefault(); }
  }

  function close(restore) {
    if (!view) return;
    const v = view;
    view = null;
    if (document.fullscreenElement && document.exitFullscreen) document.exitFullscreen().catch(() => {});
    v.root.remove();
    document.documentElement.classList.remove("gm-presenting");
    if (FRAGMENT.test(location.hash)) history.replaceState(history.state, "", location.pathname + location.search);
    if (restore && v.opener && v.opener.isConnected) v.opener.focus();
  }

  // The keys work wherever focus is while the view is open (a bookmark opens it before anything has focus, and the
  // page's own scripts may move focus after), and do nothing when it is closed.
  document.addEventListener("keydown", onKey, true);

  // Leaving full screen (the browser's own Escape) leaves the view too.
  document.addEventListener("fullscreenchange", () => {
    if (view && view.full && !document.fullscreenElement) close(true);
  });

  function fromAddress() {
    const m = FRAGMENT.exec(location.hash);
    if (m) open(Number(m[1]), null);
  }

  function setup() {
    close(false);
    templates().forEach((tpl, i) => {
      const holder = tpl.parentElement && tpl.parentElement.classList.contains("gm-present-data") ? tpl.parentElement : tpl;
      if (!holder.previousElementSibling || tpl.dataset.gmButton) return;
      tpl.dataset.gmButton = "1";
      const n = i + 1;
      const button = el("button", { type: "button", class: "gm-present-open", "aria-label": `Show on a projector: this example, ${tpl.dataset.moves || tpl.dataset.steps - 1} moves`,
                                    onclick: (ev) => open(n, ev.currentTarget) }, "Show on a projector");
      const link = el("a", { href: `#projector-${n}`, class: "gm-present-link" }, "link to this view");
      link.addEventListener("click", (ev) => { ev.preventDefault(); open(n, button); });
      holder.before(el("p", { class: "gm-present-entry" }, button, " ", el("small", {}, "(", link, ")")));
    });
    fromAddress();
  }

  window.addEventListener("hashchange", () => { if (FRAGMENT.test(location.hash)) fromAddress(); else close(false); });
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(setup);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();

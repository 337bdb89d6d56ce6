// The edition's apparatus (no game logic): (1) a link to a sentence or verse line whose anchor sits in a tab that is
// not shown (the Reading tab) switches to that tab and scrolls to it; (2) the citations' Copy buttons (hidden
// without JavaScript) copy their BibTeX or CSL-JSON and say so; (3) a table, which scrolls sideways in its own box
// when it is wider than the screen, can be reached and scrolled by keyboard, named by the heading above it. "Cite this edition" gives the published address
// fixed at build time (site_url), never the address a copy happens to be served from (a classroom's own server).
(function () {
  "use strict";
  function reveal() {
    let id;
    try { id = decodeURIComponent((location.hash || "").slice(1)); } catch (e) { return; } // malformed: no target
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    const block = target.closest(".tabbed-block");
    if (block && block.offsetParent === null) {
      const set = block.closest(".tabbed-set");
      const blocks = Array.from(set.querySelector(".tabbed-content").children);
      const input = set.querySelectorAll(":scope > input")[blocks.indexOf(block)];
      if (input) input.checked = true;
    }
    target.scrollIntoView({ block: "center" });
  }
  async function copy(button) {
    const source = document.getElementById(button.dataset.copy || "");
    if (!source) return;
    const text = source.textContent;
    let done = false;
    try {
      await navigator.clipboard.writeText(text);
      done = true;
    } catch (e) { // no clipboard API outside a secure context (a classroom server on the network): select and copy
      const range = document.createRange();
      range.selectNodeContents(source);
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      try { done = document.execCommand("copy"); } catch (e2) { done = false; }
    }
    const label = button.dataset.label || (button.dataset.label = button.textContent);
    button.textContent = done ? "Copied" : "Selected: press Ctrl+C";
    setTimeout(() => { button.textContent = label; }, 2000);
    // Said aloud too: a button's new text is not always read out while it has the focus.
    let said = document.getElementById("gm-copy-status");
    if (!said) {
      said = Object.assign(document.createElement("div"), { id: "gm-copy-status", className: "gm-sr" });
      said.setAttribute("role", "status");
      document.body.append(said);
    }
    said.textContent = done ? `${label.replace(/^Copy /, "")} copied.` : "Selected: press Ctrl+C to copy.";
  }
  function showCopy() {
    document.querySelectorAll("button.gm-copy[hidden]").forEach((b) => { b.hidden = false; });
  }
  document.addEventListener("click", (ev) => {
    const b = ev.target.closest && ev.target.closest("button.gm-copy");
    if (b) copy(b);
  });
  // Every table's box (Material's scroll wrapper), not only those wider than the screen now: an off-screen block is
  // not laid out yet (content-visibility), so its width cannot be known when the page opens, and a screen turned
  // or resized makes a table wide later.
  function wideTables() {
    document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])").forEach((w) => {
      let h = w.previousElementSibling;
      while (h && !/^H[1-6]$/.test(h.tagName)) h = h.previousElementSibling;
      w.tabIndex = 0;
      w.setAttribute("role", "region");
      w.setAttribute("aria-label", "Table" + (h ? ": " + h.textContent.replace(/¶$/, "").trim() : ""));
    });
  }
  function run() { reveal(); showCopy(); wideTables(); }
  window.addEventListener("hashchange", reveal);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(run);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();

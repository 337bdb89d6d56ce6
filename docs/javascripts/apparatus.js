// The edition's apparatus (no game logic): (1) a link to a sentence or verse line whose anchor sits in a tab that is
// not shown (the Reading tab) switches to that tab and scrolls to it; (2) "Cite this edition" gets the address of
// the page as the reader sees it, so no host is baked into the built site.
(function () {
  "use strict";
  function reveal() {
    const id = decodeURIComponent((location.hash || "").slice(1));
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
  function fillUrls() {
    const url = location.href.split("#")[0];
    document.querySelectorAll(".gm-page-url").forEach((el) => { el.textContent = url; });
  }
  function run() { fillUrls(); reveal(); }
  window.addEventListener("hashchange", reveal);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(run);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();

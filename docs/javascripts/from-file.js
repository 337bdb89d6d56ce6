// A page opened from a file (the classroom copy's index.html, double-clicked): what still works and what does not.
//
// The pages, their links, search, printing and the projector view work from a file. The card engine does not: the
// browser will not start its worker or load its WebAssembly from a file:// address, and the widget scripts (ES
// modules) do not run at all. So under file:// only, each part that needs the engine says why it is still, and how
// to start the classroom server, in one sentence. A classic script (modules are what a file:// page refuses);
// served over http(s) it does nothing.
(() => {
  if (location.protocol !== "file:") return;
  const SAY = "This part runs the card engine, which cannot start from a page opened as a file: in the unzipped " +
    "gamester folder run python3 serve.py --open (on Windows: py serve.py --open) and use the address it prints.";

  function note(tag = "p") {
    const p = document.createElement(tag);
    p.className = "gm-from-file";
    p.setAttribute("role", "note");
    p.textContent = SAY;
    return p;
  }

  function mark() {
    // The class set's bar and "Another question": their own message, in place of "needs JavaScript".
    for (const m of document.querySelectorAll(".gm-classset-message")) m.textContent = SAY;
    for (const q of document.querySelectorAll(".gm-quiz")) {
      if (!q.querySelector(".gm-from-file")) q.append(note());
    }
    // Each live widget and each link to the live game: the sentence once, just before it.
    for (const el of document.querySelectorAll(".gm-widget, .gm-play-entry")) {
      const prev = el.previousElementSibling;
      if (!(prev && prev.classList.contains("gm-from-file"))) el.before(note());
    }
    document.documentElement.classList.add("gm-from-file-page");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark, { once: true });
  else mark();
})();

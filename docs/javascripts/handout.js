// "Print the handout": the game's two-page handout (the rules in brief, one worked example, the game's words), made
// at build time on its Teach page (section#handout.gm-handout-sheet, see gamester_site/handout.py). On the Teach page
// a button beside the preview prints it; on the game page (the page with the rules in brief) the same button fetches
// the Teach page from this site, and prints its handout. Printing copies the sheet into a container of the body
// (.gm-print-sheet) and marks <html> with gm-print-only and gm-handout for print.css, which then prints that
// container alone; after printing both go. Printing a page any other way prints all of it, as before. Anything
// printed prints in the light scheme.
(() => {
  "use strict";
  if (window.__gmHandout) return; // loaded once per visit
  window.__gmHandout = { prints: 0 };
  const root = document.documentElement;

  // Paper is white: whatever prints, prints in the light scheme (the reader's scheme comes back after printing).
  let scheme = null;
  function light() {
    const b = document.body;
    const s = b && b.getAttribute("data-md-color-scheme");
    if (scheme === null && s && s !== "default") { scheme = s; b.setAttribute("data-md-color-scheme", "default"); }
  }
  function unprint() {
    root.classList.remove("gm-print-only", "gm-handout", "gm-extract", "gm-classset-printing");
    for (const n of document.querySelectorAll("body > .gm-print-sheet")) n.remove();
    if (scheme !== null) { document.body.setAttribute("data-md-color-scheme", scheme); scheme = null; }
  }
  window.addEventListener("beforeprint", light);
  window.addEventListener("afterprint", unprint);

  // The one way this site prints a part of a page alone (the class sets use it too: window.__gmPrintOnly).
  function printOnly(node, mark) {
    unprint();
    const box = document.createElement("div");
    box.className = "gm-print-sheet md-typeset";
    box.append(node);
    document.body.append(box);
    root.classList.add("gm-print-only", mark);
    light();
    window.__gmHandout.prints += 1;
    window.print();
  }
  window.__gmPrintOnly = printOnly;

  function sheetOf(doc) {
    const s = doc.querySelector("section.gm-handout-sheet");
    return s ? copyOf(s) : null;
  }

  function copyOf(s) {
    const copy = document.importNode(s, true);
    copy.removeAttribute("id"); // the page's own #handout stays the only one
    for (const t of copy.querySelectorAll("[id]")) t.removeAttribute("id");
    copy.removeAttribute("aria-labelledby");
    for (const d of copy.querySelectorAll("details")) d.open = true; // the worked example prints whole
    return copy;
  }

  function teachAddress() { // the game page "put/" -> its Teach page "../teach/put/" ("put.html" -> "teach/put.html")
    const parts = location.pathname.split("/").filter(Boolean);
    const page = parts[parts.length - 1];
    if (page && page.endsWith(".html")) return new URL(`teach/${page}`, location.href).href; // the classroom copy
    return page ? new URL(`../teach/${page}/`, location.href).href : null;
  }

  function button(label, onclick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "gm-handout-print";
    b.textContent = label;
    b.addEventListener("click", onclick);
    return b;
  }

  function setup() {
    unprint();
    const article = document.querySelector(".md-content__inner");
    if (!article || article.querySelector(".gm-handout-link")) return;
    // A Teach page's source to read aloud: its own button, printing the extract and its words on one page.
    for (const x of article.querySelectorAll("section.gm-extract-sheet")) {
      const q = document.createElement("p");
      q.className = "gm-handout-link";
      q.append(button("Print the extract", () => printOnly(copyOf(x), "gm-extract")), " ",
               "one page: the source and its words");
      x.before(q);
    }
    const own = article.querySelector("section.gm-handout-sheet");
    const p = document.createElement("p");
    p.className = "gm-handout-link";
    const note = document.createElement("span");
    note.className = "gm-handout-note";
    note.setAttribute("role", "status");
    if (own) { // the Teach page: the preview and its button
      p.append(button("Print the handout", () => printOnly(sheetOf(document), "gm-handout")), " ",
               "two pages: the rules in brief, one worked example and the game's words");
      own.before(p);
      return;
    }
    const h1 = article.querySelector("h1");
    const address = teachAddress();
    if (!h1 || !address || !article.querySelector(".gm-brief")) return; // game pages only
    const b = button("Print the handout", async () => {
      b.disabled = true;
      note.textContent = "Fetching the handout…";
      try {
        const r = await fetch(address);
        if (!r.ok) throw new Error(`the handout's page answered ${r.status}`);
        const sheet = sheetOf(new DOMParser().parseFromString(await r.text(), "text/html"));
        if (!sheet) throw new Error("the Teach page has no handout");
        note.textContent = "";
        printOnly(sheet, "gm-handout");
      } catch (e) {
        note.textContent = `The handout could not be fetched (${(e && e.message) || e}); it is on the Teach page.`;
      } finally {
        b.disabled = false;
      }
    });
    const a = document.createElement("a");
    a.href = `${address}#handout`;
    a.textContent = "see it first";
    p.append(b, " two pages for a class (", a, ") ", note);
    h1.after(p);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(setup);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();

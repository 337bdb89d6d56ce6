// "Print the handout": on a game page, a link that prints the rules in brief (.gm-brief) and the worked examples
// (the engine's static renderings, .gm-static) with their headings, without the apparatus (period text, rulesets,
// comparisons, editorial notes, citations, live widgets). It marks <html> with gm-handout for print.css, calls the
// browser's print, and unmarks it after printing. Printing the page any other way prints all of it, as before.
(() => {
  "use strict";
  if (window.__gmHandout) return; // loaded once per visit
  window.__gmHandout = { prints: 0 };
  const root = document.documentElement;
  window.addEventListener("afterprint", () => root.classList.remove("gm-handout"));

  function setup() {
    root.classList.remove("gm-handout");
    const article = document.querySelector(".md-content__inner");
    if (!article || article.querySelector(".gm-handout-link")) return;
    const h1 = article.querySelector("h1");
    if (!h1 || !article.querySelector(".gm-brief, .gm-widget")) return; // game pages only
    const a = document.createElement("a");
    a.href = "#";
    a.setAttribute("role", "button");
    a.textContent = "Print the handout";
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      root.classList.add("gm-handout");
      window.__gmHandout.prints += 1;
      window.print();
    });
    const small = document.createElement("small");
    small.textContent = ": the rules in brief and the worked examples, without the apparatus";
    const p = document.createElement("p");
    p.className = "gm-handout-link";
    p.append(a, small);
    h1.after(p);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(setup);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();

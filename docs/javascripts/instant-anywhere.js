// Material's instant navigation, wherever the site is served.
//
// Material follows a link without reloading only when sitemap.xml lists it, and sitemap.xml lists pages at
// site_url: on any other port or sub-path (or in a build given no SITE_URL, whose sitemap is empty) every link would
// reload the page, and the widgets' engine would boot again. This script takes the in-site page links Material
// leaves alone and hands them to Material's own navigation (window.location$), so the page (and the engine) stays.
// Material's handler runs first (on document.body); a link it takes is defaultPrevented and left to it. An ES module:
// evaluated once per document, however often Material's navigation meets its script element.
(() => {
  window.__gmInstant = { followed: 0 }; // for tests: how many links this script handed to Material
  const ROOT = new URL("../", import.meta.url); // the site's root, as served
  let features = [];
  try { features = JSON.parse(document.getElementById("__config").textContent).features || []; } catch (e) { /* no Material */ }
  if (!features.includes("navigation.instant") || location.protocol === "file:") return;

  // A page of this site: same origin, under its root, a directory URL (use_directory_urls) or an .html file, and not
  // an asset. A link that is not a page after all fails Material's fetch, and Material then loads it normally.
  function isPage(url) {
    if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return false;
    const rest = url.pathname.slice(ROOT.pathname.length);
    if (/^(assets|javascripts|stylesheets|search)\//.test(rest)) return false;
    return rest === "" || rest.endsWith("/") || rest.endsWith(".html");
  }

  document.addEventListener("click", (ev) => {
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    if (!window.location$ || typeof window.location$.next !== "function") return;
    const a = ev.target instanceof Element ? ev.target.closest("a[href]") : null;
    if (!a || a.target || a.hasAttribute("download")) return;
    const url = new URL(a.href, location.href);
    if (!isPage(url)) return;
    if (url.pathname === location.pathname && url.search === location.search) return; // a jump within the page
    ev.preventDefault();
    history.replaceState({ x: window.scrollX, y: window.scrollY }, "");
    history.pushState(null, "", url.href);
    window.__gmInstant.followed += 1;
    window.location$.next(url);
  });
})();

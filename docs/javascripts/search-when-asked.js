// Material's search, made ready when the reader reaches for it (issue 30).
//
// Served over http(s), Material asks for the search index (search/search_index.json, 0.74 MB) as every page loads,
// and its search worker builds the index from it straight away. Fetching and building it cost 0.3-0.55 s of the
// machine's CPU on each page load (Chromium, the index present against removed, medians of 4-5 loads of four pages),
// for readers who may never search. On the Post and Pair page, a first hand clicked as the page loaded had a median
// 95 ms lower with the index removed (5 alternated cold starts) and 117 ms lower with it held back (7), one run each.
//
// This script is one of Material's polyfills (a classic script in the <head>, run before Material's own), so it can
// hold back that one request (an XMLHttpRequest) until the reader reaches for search: a pointer over the search
// button or field, a tap or a press on either, focus in the field (Material's "/", "s" and "f" keys put it there),
// or the search toggle opened. Material then fetches and builds the index as before, and what the reader has typed
// waits for it ("Initializing search"). Under file:// (the classroom copy) Material already waits for the toggle and
// then loads search/search_index.js, so nothing is done there. The service worker is sent the index to keep with
// the page's files (gamester-engine.js), so that search still works offline.
(() => {
  if (location.protocol === "file:" || typeof XMLHttpRequest !== "function") return;
  // Material asks with an XMLHttpRequest (its request(), for the progress events): the request for the index is
  // opened as usual and sent once the reader reaches for search.
  const proto = XMLHttpRequest.prototype;
  const open = proto.open, send = proto.send;
  const held = new WeakSet();
  let waiting = []; // the held requests' sends; null once the reader has reached for search
  proto.open = function (method, url, ...rest) {
    held.delete(this);
    try {
      const u = new URL(String(url), location.href);
      if (waiting && u.origin === location.origin && u.pathname.endsWith("/search/search_index.json")) held.add(this);
    } catch (e) { /* not a URL: the browser's open says so */ }
    return open.call(this, method, url, ...rest);
  };
  proto.send = function (...args) {
    if (waiting && held.has(this)) {
      waiting.push(() => send.apply(this, args));
      return undefined;
    }
    return send.apply(this, args);
  };
  const SEARCH = ".md-search, label[for='__search']";
  const events = ["pointerover", "pointerdown", "touchstart", "focusin", "change"];
  function reached(ev) {
    const el = ev.target instanceof Element ? ev.target : null;
    if (!el || !(el.id === "__search" || el.closest(SEARCH))) return;
    for (const type of events) document.removeEventListener(type, reached, true);
    const sends = waiting;
    waiting = null;
    for (const go of sends) go();
  }
  for (const type of events) document.addEventListener(type, reached, { capture: true, passive: true });
})();

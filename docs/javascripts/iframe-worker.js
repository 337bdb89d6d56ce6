// Search in a page opened from a file (the classroom copy's index.html, double-clicked).
//
// A browser refuses to start a Web Worker from a file:// address, and Material runs its search in one. Material's
// offline plugin (enabled for the classroom build only) inlines the search index as a script and adds the
// "iframe-worker" shim from a CDN, which this site may not ask for (no request to any other host). This file stands
// in for that shim: its name tells the plugin one is there already. Under file:// only, it replaces Worker with one
// that runs the worker's (classic) script in a hidden frame of this page and passes messages both ways; it supports
// what Material's search worker uses (addEventListener("message") and postMessage), nothing more. Served over
// http(s) it does nothing. A classic script, listed first in the page (Material's polyfills), before Material's own.
(() => {
  if (location.protocol !== "file:") return;

  class FrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.onmessage = null;
      this.onerror = null;
      this.queue = [];
      this.ready = false;
      const frame = document.createElement("iframe");
      frame.hidden = true;
      frame.setAttribute("aria-hidden", "true");
      frame.tabIndex = -1;
      frame.title = "search";
      frame.srcdoc = "<!doctype html><title>search</title>";
      frame.addEventListener("load", () => {
        const w = frame.contentWindow;
        // The worker's postMessage(data) reaches this object's "message" listeners, as a Worker's does.
        w.postMessage = (data) => this.emit("message", data);
        const s = w.document.createElement("script");
        s.src = new URL(url, location.href).href;
        s.onload = () => {
          this.ready = true;
          for (const d of this.queue.splice(0)) this.deliver(d);
        };
        s.onerror = () => this.emit("error", null);
        w.document.head.appendChild(s);
      }, { once: true });
      this.frame = frame;
      (document.body || document.documentElement).appendChild(frame);
    }

    emit(type, data) {
      const ev = new MessageEvent(type, { data });
      const handler = type === "message" ? this.onmessage : this.onerror;
      if (typeof handler === "function") handler.call(this, ev);
      this.dispatchEvent(ev);
    }

    deliver(data) {
      const w = this.frame.contentWindow;
      w.dispatchEvent(new w.MessageEvent("message", { data: structuredClone(data) }));
    }

    postMessage(data) {
      if (this.ready) this.deliver(data); else this.queue.push(data);
    }

    terminate() { this.frame.remove(); }
  }

  window.Worker = FrameWorker;
})();

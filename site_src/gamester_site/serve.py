#!/usr/bin/env python3
"""Serve a built Gamester site on this machine, widgets included. One file, Python 3 standard library only.

    python3 serve.py                      # the site folder next to this file (or the current folder), port 8000
                                          #   (or any free port if 8000 is taken; the address is printed)
    python3 serve.py --port 0             # any free port
    python3 serve.py --prefix /gamester/  # under a sub-path, as most hosts serve it
    python3 serve.py SITE_DIR --open      # and open it in the default browser

It listens on 127.0.0.1 only (nothing reaches it from other machines) and needs no network. It sends the types a
browser insists on (``application/wasm`` for Pyodide's WebAssembly, ``text/javascript`` for ``.mjs`` modules) and,
where the site ships precompressed copies (``python -m gamester_site.precompress SITE``), sends ``FILE.br`` when the
browser's ``Accept-Encoding`` allows br, else ``FILE.gz`` when it allows gzip, else the file itself, always with the
file's own type and ``Vary: Accept-Encoding``. Ctrl-C stops it.

What Chromium asks for (Chromium 156, checked against this server): on ``http://127.0.0.1`` and ``http://localhost``
(origins the browser counts as trustworthy, like HTTPS) it sends ``Accept-Encoding: gzip, deflate, br, zstd`` and so
gets the brotli copies here; on plain HTTP to any other address (a classroom server reached over the LAN) it sends
``gzip, deflate`` only, and a br response there fails (``ERR_CONTENT_DECODING_FAILED``), so br is never sent unasked.
"""

from __future__ import annotations

import argparse
import email.utils
import errno
import os
import posixpath
import sys
import threading
import webbrowser
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

TYPES = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
    ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml", ".xml": "application/xml",
    ".whl": "application/zip", ".zip": "application/zip", ".txt": "text/plain", ".bib": "text/plain",
    ".woff2": "font/woff2", ".png": "image/png", ".ico": "image/x-icon", ".map": "application/json",
}
# Precompressed copies a built site may ship beside a file (gamester_site/precompress.py), best first.
CODINGS = {"br": ".br", "gzip": ".gz"}


def accepted(header: str | None) -> set[str]:
    """The content codings an ``Accept-Encoding`` header allows (RFC 9110 12.5.3): listed with q > 0, or covered by
    ``*`` with q > 0 and not listed with q=0. No header at all allows none of ours (identity only)."""
    listed: dict[str, float] = {}
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        listed[name] = q
    ok = {c for c, q in listed.items() if q > 0}
    if listed.get("*", 0) > 0:
        ok |= {c for c in CODINGS if c not in listed}
    return ok & set(CODINGS)


class Handler(SimpleHTTPRequestHandler):
    """Static files from ``directory`` under ``prefix``, with the right types and precompressed copies."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    prefix = "/"
    quiet = True

    def __init__(self, *args, prefix: str = "/", quiet: bool = True, **kwargs) -> None:
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def _inside(self) -> str | None:
        """The request path relative to the prefix, or None if it is outside it."""
        path = urlsplit(self.path).path
        if path.startswith(self.prefix):
            return "/" + path[len(self.prefix):]
        return None

    def translate_path(self, path: str) -> str:
        inside = self._inside()
        return super().translate_path(inside if inside is not None else "/__outside_the_site__")

    def _precompressed(self, path: str) -> str | None:
        """The coding of the precompressed copy of ``path`` to send (br before gzip), or None for the file itself."""
        if not os.path.isfile(path) or path.endswith(tuple(CODINGS.values())):
            return None
        ok = accepted(self.headers.get("Accept-Encoding"))
        return next((c for c, suffix in CODINGS.items() if c in ok and os.path.isfile(path + suffix)), None)

    def _not_modified_since(self, mtime: float) -> bool:
        """A revalidation (If-Modified-Since, no If-None-Match) of a file not changed since: answered 304, as
        http.server does for the files it sends itself."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when.tzinfo is not None and int(mtime) <= when.timestamp()

    def send_head(self):
        self._vary = False
        if self._inside() is None:
            if urlsplit(self.path).path in ("/", self.prefix.rstrip("/")):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", self.prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            self.send_error(HTTPStatus.NOT_FOUND, "outside the site")
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        coding = self._precompressed(path)
        if coding is not None:
            mtime = os.stat(path).st_mtime  # the file's own date: every form of it is the same resource
            if self._not_modified_since(mtime):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("Vary", "Accept-Encoding")
                self.send_header("Last-Modified", email.utils.formatdate(mtime, usegmt=True))
                self.end_headers()
                return None
            f = open(path + CODINGS[coding], "rb")  # noqa: SIM115 (closed by the caller, as in http.server)
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", coding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
            self.send_header("Last-Modified", email.utils.formatdate(mtime, usegmt=True))
            self.end_headers()
            return f
        if os.path.isfile(path) and any(os.path.isfile(path + s) for s in CODINGS.values()):
            self._vary = True  # the same address has another form for other browsers: caches must know
        return super().send_head()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code == HTTPStatus.NOT_FOUND and page.is_file():
            body = page.read_bytes()
            self.send_response(code, message)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def end_headers(self) -> None:
        if getattr(self, "_vary", False):
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")  # a classroom copy may be replaced by a newer one
        super().end_headers()


def make_server(site: str | os.PathLike, port: int = 8000, prefix: str = "/", host: str = "127.0.0.1",
                quiet: bool = True) -> ThreadingHTTPServer:
    handler = partial(Handler, directory=str(site), prefix=prefix, quiet=quiet)
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def url_of(server: ThreadingHTTPServer, prefix: str = "/") -> str:
    host, port = server.server_address[:2]
    p = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    return f"http://{host}:{port}{p}"


def serve_in_thread(site: str | os.PathLike, prefix: str = "/", port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` on 127.0.0.1 in a daemon thread (tests); return the server and its address."""
    server = make_server(site, port, prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, url_of(server, prefix)


def default_site() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "site", Path.cwd() / "site", Path.cwd()):
        if (candidate / "index.html").is_file():
            return candidate
    return here / "site"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="serve.py", description=__doc__.split("\n")[0])
    ap.add_argument("site", nargs="?", help="the built site (default: ./site next to this file)")
    ap.add_argument("--port", type=int, default=None,
                    help="port on 127.0.0.1 (0: any free port; default 8000, or a free one if 8000 is taken)")
    ap.add_argument("--prefix", default="/", help="serve under this sub-path, e.g. /gamester/ (default /)")
    ap.add_argument("--open", action="store_true", help="open the site in the default browser")
    ap.add_argument("--log", action="store_true", help="print every request")
    ns = ap.parse_args(argv)
    site = Path(ns.site) if ns.site else default_site()
    if not (site / "index.html").is_file():
        print(f"serve.py: no built site at {site} (it has no index.html)", file=sys.stderr)
        return 2
    try:
        server = make_server(site, 8000 if ns.port is None else ns.port, ns.prefix, quiet=not ns.log)
    except OSError as ex:
        if ns.port is None and ex.errno == errno.EADDRINUSE:
            server = make_server(site, 0, ns.prefix, quiet=not ns.log)  # 8000 is taken: any free port
        else:
            why = "is in use: try --port 0" if ex.errno == errno.EADDRINUSE else f"cannot be used ({ex.strerror})"
            print(f"serve.py: port {ns.port} {why}", file=sys.stderr)
            return 2
    url = url_of(server, ns.prefix)
    print(f"Serving {posixpath.normpath(str(site))} at {url}  (Ctrl-C to stop)", flush=True)
    if ns.open:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", flush=True)
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

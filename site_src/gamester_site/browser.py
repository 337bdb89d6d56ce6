"""Chromium against a built site, for the browser tests and ``benchmarks/bench_browser.py``: the flags that keep
Debian's Chromium from reaching other hosts, and the site served on 127.0.0.1 (a free port) in a daemon thread."""

from __future__ import annotations

import functools
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".whl": "application/zip"}

    def log_message(self, *args) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        # Material's instant navigation only follows links listed in sitemap.xml, whose URLs carry site_url's
        # port (8000, where `nox -s serve` runs); rebase them onto this server's port.
        if self.path.split("?")[0].endswith("/sitemap.xml"):
            path = Path(self.translate_path(self.path))
            if path.is_file():
                here = f"http://127.0.0.1:{self.server.server_address[1]}/"
                body = re.sub(r"https?://[^/<]+/", here, path.read_text(encoding="utf-8")).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/xml")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
        super().do_GET()


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` on 127.0.0.1 (a free port) in a daemon thread; return the server and its base URL."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]

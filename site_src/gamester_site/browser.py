"""Chromium against a built site, for the browser tests and ``benchmarks/bench_browser.py``: the flags that keep
Debian's Chromium from reaching other hosts, and the site served on 127.0.0.1 (a free port) in a daemon thread by
the same one-file server a classroom copy ships (``gamester_site/serve.py``): no address is rewritten for it."""

from __future__ import annotations

from http.server import ThreadingHTTPServer
from pathlib import Path

from gamester_site.serve import serve_in_thread


def serve(site: Path, prefix: str = "/") -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` on 127.0.0.1 (a free port) under ``prefix`` in a daemon thread; return the server and URL."""
    return serve_in_thread(site, prefix=prefix)


LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]

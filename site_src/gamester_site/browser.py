"""Chromium against a built site, for the browser tests and ``benchmarks/bench_browser.py``: the flags that keep
Debian's Chromium from reaching other hosts, and the site served on 127.0.0.1 (a free port) in a daemon thread by
the same one-file server a classroom copy ships (``gamester_site/serve.py``): no address is rewritten for it.

That server sends a file's precompressed copy (``FILE.br``, else ``FILE.gz``) where the site has one and the browser
asks for it, as a static host with precompressed files does; ``serve(site, precompressed=True)`` writes the copies
first (``gamester_site.precompress``, cached by content in the repository's ``.cache/precompressed``, so only the
first run pays brotli's quality 11). Chromium asks for br on http://127.0.0.1 (see serve.py), so it gets the .br
copies, byte for byte what an HTTPS host serving them would send."""

from __future__ import annotations

from http.server import ThreadingHTTPServer
from pathlib import Path

from gamester_site import precompress
from gamester_site.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]


def cache_dir() -> Path:
    """The repository's precompression cache (the current folder's when this package is not run from a checkout)."""
    return ROOT / ".cache" / "precompressed" if (ROOT / "pyproject.toml").is_file() else precompress.DEFAULT_CACHE


def serve(site: Path, prefix: str = "/", precompressed: bool = False) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` on 127.0.0.1 (a free port) under ``prefix`` in a daemon thread; return the server and URL.
    With ``precompressed``, write the site's .gz and .br copies first."""
    if precompressed:
        precompress.precompress(Path(site), cache=cache_dir())
    return serve_in_thread(site, prefix=prefix)


LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]

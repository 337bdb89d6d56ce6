"""Chromium against a built site, for the browser tests and ``benchmarks/bench_browser.py``: the flags that keep
Debian's Chromium from reaching other hosts, and the site served on 127.0.0.1 (a free port) in a daemon thread by
the same one-file server a classroom copy ships (``gamester_site/serve.py``): no address is rewritten for it.

That server sends a file's precompressed copy (``FILE.br``, else ``FILE.gz``) where the site has one and the browser
asks for it, as a static host with precompressed files does; ``serve(site, precompressed=True)`` writes the copies
first (``gamester_site.precompress``, cached by content in the repository's ``.cache/precompressed``, so only the
first run pays brotli's quality 11). Chromium asks for br on http://127.0.0.1 (see serve.py), so it gets the .br
copies, byte for byte what an HTTPS host serving them would send."""

from __future__ import annotations

import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

from gamester_site import precompress
from gamester_site.serve import Handler, serve_in_thread

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


class Link:
    """A slow link made by the server itself, for the tests and benchmarks that need one: while ``rate`` (bytes a
    second) is set, every reply waits ``latency`` seconds before its head, and the bodies of all replies share the
    one link, 16 KB at a time, each piece sent once its turn on the link has passed. ``sent``: the body bytes of each
    reply, in the order they began, each piece counted as it is sent.

    Chromium's own emulation (CDP ``Network.emulateNetworkConditions``) is the other way; the slow-link browser test
    uses this one instead: under the emulation its first page's load waited 180 s in a CI run and failed, and in a
    trial 2 page loads in about 56 never finished, with no failure at the server (the README's start-up section)."""

    PIECE = 16384

    def __init__(self, rate: float | None = None, latency: float = 0.0) -> None:
        self.rate, self.latency = rate, latency
        self.sent: list[int] = []
        self._lock = threading.Lock()
        self._free_at = 0.0

    def set(self, mbit: float | None, latency_ms: float = 0.0) -> None:
        """The link at ``mbit`` Mbit/s and ``latency_ms`` a reply; None: as fast as the machine."""
        self.rate, self.latency = (mbit * 1e6 / 8, latency_ms / 1000) if mbit else (None, 0.0)

    def _turn(self, n: int) -> None:
        rate = self.rate
        if not rate:
            return
        with self._lock:
            self._free_at = max(time.monotonic(), self._free_at) + n / rate
            until = self._free_at
        time.sleep(max(0.0, until - time.monotonic()))

    def handler(self, base: type[Handler] = Handler) -> type[Handler]:
        """``base`` (the classroom server's handler or a subclass) with its replies sent over this link."""
        link = self

        class Paced:
            def __init__(self, out) -> None:
                self.out = out
                with link._lock:
                    self.at = len(link.sent)
                    link.sent.append(0)

            def write(self, data) -> None:
                view = memoryview(data)
                for at in range(0, len(view), link.PIECE):
                    piece = view[at:at + link.PIECE]
                    link._turn(len(piece))
                    link.sent[self.at] += len(piece)  # (counted before it is sent: once a client has it, it is counted)
                    self.out.write(piece)

        class Shaped(base):
            def send_head(self):
                if link.rate:
                    time.sleep(link.latency)
                return super().send_head()

            def copyfile(self, source, outputfile) -> None:
                super().copyfile(source, Paced(outputfile))

        return Shaped


def serve_link(site: Path, link: Link, prefix: str = "/") -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` as :func:`serve` does (no precompression), over ``link``."""
    return serve_in_thread(site, prefix=prefix, handler_class=link.handler())


LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]

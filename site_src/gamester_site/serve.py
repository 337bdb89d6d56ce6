#!/usr/bin/env python3
"""Serve a built Gamester site on this machine, widgets included. One file, Python 3 standard library only.

    python3 serve.py                      # the site folder next to this file (or the current folder), port 8000
                                          #   (or any free port if 8000 is taken; the address is printed)
    python3 serve.py --port 0             # any free port
    python3 serve.py --prefix /gamester/  # under a sub-path, as most hosts serve it
    python3 serve.py SITE_DIR --open      # and open it in the default browser
    python3 serve.py --host 0.0.0.0       # the whole room: every machine on this network may read the site

By default it listens on 127.0.0.1 only (nothing reaches it from other machines) and needs no network; each pupil's
machine then runs its own copy. ``--host`` serves other machines too (read-only: the files of the site and nothing
else; it takes no uploads and runs nothing). It sends the types a browser insists on (``application/wasm`` for
Pyodide's WebAssembly, ``text/javascript`` for ``.mjs`` modules) and, where the site ships precompressed copies
(``python -m gamester_site.precompress SITE``), sends the copy the browser's ``Accept-Encoding`` prefers (by its q
values; br before gzip when they tie), else the file itself, always with the file's own type and ``Vary:
Accept-Encoding``. Single byte ranges are answered (206, or 416 past the end); directory listings are off; nothing
outside the site folder is sent, through a symbolic link or otherwise. Ctrl-C stops it.

Validators: an ``ETag`` from a hash of the bytes sent (no ``Last-Modified``: every file of an unzipped copy carries
the zip's date, so a date would keep a browser on the copy it cached before); ``Cache-Control: no-cache`` (revalidate
every time) for everything but ``assets/pyodide/``, which changes only with the pinned Pyodide and is cached a week.

Bounded: a listen queue of 128, at most ``max_connections`` connections at once (fewer when the process may open
few files), each closed after ``--idle-timeout`` seconds without traffic (and when a request's head takes twice
that); a reply must average 32 KB/s after its first 30 s (``MIN_RATE``, ``GRACE``), and when every connection is
taken and a new client waits, the connection silent longest (a second or more) is closed to make room. When the
process runs out of file descriptors it waits instead of spinning. A client that goes away mid-download is no error.

What Chromium asks for (Chromium 156, checked against this server): on ``http://127.0.0.1`` and ``http://localhost``
(origins the browser counts as trustworthy, like HTTPS) it sends ``Accept-Encoding: gzip, deflate, br, zstd`` and so
gets the brotli copies here; on plain HTTP to any other address (a classroom server reached over the LAN) it sends
``gzip, deflate`` only, and a br response there fails (``ERR_CONTENT_DECODING_FAILED``), so br is never sent unasked.
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import io
import os
import posixpath
import re
import socket
import sys
import threading
import time
import webbrowser
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

TYPES = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
    ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml", ".xml": "application/xml",
    ".whl": "application/zip", ".zip": "application/zip", ".txt": "text/plain", ".bib": "text/plain",
    ".woff2": "font/woff2", ".png": "image/png", ".ico": "image/x-icon", ".map": "application/json",
}
# Precompressed copies a built site may ship beside a file (gamester_site/precompress.py), best first.
CODINGS = {"br": ".br", "gzip": ".gz"}
IDLE_TIMEOUT = 15.0      # seconds a connection may stay silent (a browser opens a new one when it needs it)
MAX_CONNECTIONS = 256    # a room of 30 browsers holds about 6 each
LISTEN_QUEUE = 128
# A reply must average MIN_RATE bytes a second after GRACE seconds (the 9.6 MB wasm: 330 s), else it is let go.
MIN_RATE = 32 * 1024
GRACE = 30.0
# With every connection taken and a client waiting, the one silent longest (STALL s or more) is closed for it.
STALL = 1.0
LONG_CACHE = "public, max-age=604800"  # assets/pyodide/ changes only with the Pyodide version pinned
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def qualities(header: str | None) -> dict[str, float]:
    """The codings an ``Accept-Encoding`` header lists, with their q values (RFC 9110 12.5.3; a q that is not a
    number counts as 0)."""
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
                    q = min(max(float(value), 0.0), 1.0)
                except ValueError:
                    q = 0.0
                if q != q:  # nan
                    q = 0.0
        listed[name] = q
    return listed


def preferred(header: str | None, available: list[str] | tuple[str, ...] = tuple(CODINGS)) -> str | None:
    """The coding to send among ``available`` (None: the file itself): the highest q the browser gives, br before
    gzip on a tie; the file itself when the browser lists ``identity`` above every coding it allows."""
    listed = qualities(header)
    star = listed.get("*")
    best, best_q = None, 0.0
    for c in CODINGS:  # server preference breaks ties
        q = listed.get(c, star if star is not None else 0.0)
        if c in available and q > best_q:
            best, best_q = c, q
    if best is not None and "identity" in listed and listed["identity"] > best_q:
        return None
    return best


def plain_prefix(prefix: str) -> str:
    """``/a/b/`` from ``a/b``, ``/a/b``, ``//a//b/``...; ValueError for a prefix a browser would resolve elsewhere
    (``.`` or ``..`` segments) or that needs quoting."""
    parts = [p for p in prefix.split("/") if p]
    for p in parts:
        if p in (".", "..") or quote(p, safe="-._~!$&'()*+,;=:@") != p:
            raise ValueError(f"the prefix {prefix!r} is not a plain path like /gamester/ (letters, digits, - . _ ~)")
    return "/" + "/".join(parts) + "/" if parts else "/"


class _HeadReader(io.RawIOBase):
    """The connection as the handler reads it, with a deadline for each request's head (a client sending a byte
    now and then, each within the idle timeout, would otherwise hold its thread for ever)."""

    def __init__(self, sock: socket.socket, handler: Handler) -> None:
        self.sock, self.handler = sock, handler

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        deadline = self.handler.deadline
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request's head took too long")
            self.sock.settimeout(min(self.handler.timeout, left))
        got = self.sock.recv_into(buffer)
        self.handler.touch()
        return got


class Handler(SimpleHTTPRequestHandler):
    """Static files from ``directory`` under ``prefix``, with the right types and precompressed copies."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    prefix = "/"
    quiet = True
    timeout = IDLE_TIMEOUT  # StreamRequestHandler puts it on the socket: a silent client is let go
    protocol_version = "HTTP/1.1"  # keep-alive, as browsers expect (every reply has a Content-Length)

    def __init__(self, *args, prefix: str = "/", quiet: bool = True, timeout: float = IDLE_TIMEOUT,
                 **kwargs) -> None:
        self.prefix = plain_prefix(prefix)
        self.quiet = quiet
        self.timeout = timeout
        self._length = None
        self._cache = "no-cache"
        self.deadline: float | None = None
        super().__init__(*args, **kwargs)

    def touch(self) -> None:  # the connection made progress (a request's bytes read, a reply's chunk sent)
        if hasattr(self.server, "touch"):
            self.server.touch(self.connection)

    def setup(self) -> None:
        super().setup()
        self.rfile = io.BufferedReader(_HeadReader(self.connection, self))

    def handle_one_request(self) -> None:
        # A request's head (its line and headers) must arrive within twice the idle timeout of being awaited.
        self.deadline = time.monotonic() + 2 * self.timeout
        super().handle_one_request()

    def parse_request(self) -> bool:
        try:
            return super().parse_request()  # reads the headers
        finally:
            self.deadline = None
            self.connection.settimeout(self.timeout)  # the reply is sent with the plain timeout

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

    def _readable(self, path: str) -> bool:
        """A regular file that resolves inside the site folder (a symbolic link out of it is not the site's); a
        file's path with a trailing slash (``/index.html/``) names no file."""
        if path.endswith(("/", os.sep)):
            return False
        root = os.path.realpath(self.directory)
        real = os.path.realpath(path)
        return os.path.isfile(real) and os.path.commonpath([root, real]) == root

    def _bad_path(self) -> bool:
        """A path no file can have (a NUL, bytes that are not text, a control character)."""
        raw = urlsplit(self.path).path
        try:
            text = unquote(raw, errors="strict")
            os.fsencode(text)
            text.encode("utf-8")
        except (UnicodeError, ValueError):
            return True
        return any(ord(ch) < 32 or ord(ch) == 127 for ch in text)

    def _short(self, code: int, headers: dict[str, str] | None = None) -> None:
        self.send_response(code)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        if code != HTTPStatus.NOT_MODIFIED:  # a 304 has no body, and its length would be the file's
            self.send_header("Content-Length", "0")
        self.end_headers()

    def _range(self, size: int, etag: str) -> tuple[int, int] | str | None:
        """(first, last) of a single satisfiable byte range the request asks for, "unsatisfiable", or None for the
        whole body (no Range, several ranges, a Range we do not read, or an If-Range that is not this ETag)."""
        values = self.headers.get_all("Range")
        if not values or len(values) != 1 or self.command != "GET":
            return None
        if_range = self.headers.get_all("If-Range")
        if if_range is not None and (len(if_range) != 1 or if_range[0].strip() != etag):
            return None
        m = re.fullmatch(r"\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*", values[0])
        if not m or m.group(1) == m.group(2) == "":
            return None

        def number(digits: str) -> int:  # a position past any file (int() refuses more than 4,300 digits)
            return int(digits) if len(digits.lstrip("0")) <= 18 else 10**18

        if m.group(1) == "":  # the last n bytes
            n = number(m.group(2))
            return (max(size - n, 0), size - 1) if n > 0 and size > 0 else "unsatisfiable"
        first = number(m.group(1))
        if m.group(2) and number(m.group(2)) < first:
            return None  # not a valid range: ignored (RFC 9110 14.1.1)
        if first >= size:
            return "unsatisfiable"
        return first, min(number(m.group(2)) if m.group(2) else size - 1, size - 1)

    def send_head(self):
        self._length = None
        inside = self._inside() or ""
        self._cache = LONG_CACHE if inside.startswith("/assets/pyodide/") else "no-cache"
        if self._bad_path():
            self.send_error(HTTPStatus.BAD_REQUEST, "not a path")
            return None
        if self._inside() is None:
            if urlsplit(self.path).path in ("/", self.prefix.rstrip("/")):
                self._short(HTTPStatus.MOVED_PERMANENTLY, {"Location": self.prefix})
                return None
            self.send_error(HTTPStatus.NOT_FOUND, "outside the site")
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            parts = urlsplit(self.path)
            if not parts.path.endswith("/"):
                location = parts.path + "/" + ("?" + parts.query if parts.query else "")
                self._short(HTTPStatus.MOVED_PERMANENTLY, {"Location": location})
                return None
            path = os.path.join(path, "index.html")  # no index, no listing: 404 below
        if not self._readable(path):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        forms = [c for c, suffix in CODINGS.items() if self._readable(path + suffix)]
        coding = None
        if not path.endswith(tuple(CODINGS.values())):
            coding = preferred(self.headers.get("Accept-Encoding"), forms)
        else:
            forms = []
        sent = path + CODINGS[coding] if coding else path
        vary = {"Vary": "Accept-Encoding"} if forms else {}
        try:
            f = open(sent, "rb")  # noqa: SIM115 (closed by the caller, as in http.server)
            etag = self.server.etag(sent, f) if hasattr(self.server, "etag") else content_etag(f)
        except OSError as ex:
            if "f" in locals():
                f.close()
            if ex.errno in OUT_OF_FILES:  # busy, not missing: the browser may try again
                self.send_error(HTTPStatus.SERVICE_UNAVAILABLE, "too many open files")
            else:
                self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            if matches(self.headers.get_all("If-None-Match"), etag):
                f.close()
                self._short(HTTPStatus.NOT_MODIFIED, {**vary, "ETag": etag})
                return None
            size = os.fstat(f.fileno()).st_size
            wanted = self._range(size, etag)
            if wanted == "unsatisfiable":
                f.close()
                self._short(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
                            {**vary, "Content-Range": f"bytes */{size}", "Accept-Ranges": "bytes"})
                return None
            if wanted is None:
                self.send_response(HTTPStatus.OK)
                self._length = size
            else:
                first, last = wanted
                f.seek(first)
                self._length = last - first + 1
                self.send_response(HTTPStatus.PARTIAL_CONTENT)
                self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
            self.send_header("Content-Type", self.guess_type(path))
            if coding:
                self.send_header("Content-Encoding", coding)
            for k, v in vary.items():
                self.send_header(k, v)
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Content-Length", str(self._length))
            self.send_header("ETag", etag)
            self.end_headers()
        except BaseException:
            f.close()
            raise
        return f

    def copyfile(self, source, outputfile) -> None:
        """Send what :meth:`send_head` promised (all of the file, or its range), and no more, within ``GRACE``
        seconds and one more for every ``MIN_RATE`` bytes: a slower reader is let go (TimeoutError)."""
        left = self._length
        deadline = time.monotonic() + GRACE + (left or 0) / MIN_RATE
        while left is None or left > 0:
            chunk = source.read(65536 if left is None else min(65536, left))
            if not chunk:
                break
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("the reply was read too slowly")
            self.connection.settimeout(min(self.timeout, remaining))  # sendall's total time for this chunk
            outputfile.write(chunk)
            self.touch()
            if left is not None:
                left -= len(chunk)
        self.connection.settimeout(self.timeout)

    def list_directory(self, path):  # never called by send_head above; kept closed for any other caller
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

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
        # A classroom copy may be replaced by a newer one: revalidate (by ETag) all but Pyodide's own files.
        self.send_header("Cache-Control", self._cache)
        super().end_headers()


def content_etag(f) -> str:
    """A strong ETag from the bytes of the open file ``f`` (read from its start, then put back there)."""
    f.seek(0)
    digest = hashlib.file_digest(f, "sha256") if hasattr(hashlib, "file_digest") else hashlib.sha256(f.read())
    f.seek(0)
    return f'"{digest.hexdigest()[:32]}"'


def matches(values: list[str] | None, etag: str) -> bool:
    """Whether an ``If-None-Match`` field names ``etag`` (weak comparison, RFC 9110 13.1.2) or is ``*``."""
    for value in values or ():
        for tag in value.split(","):
            tag = tag.strip().removeprefix("W/")
            if tag == "*" or tag == etag:
                return True
    return False


def file_limit() -> int | None:
    """How many files this process may open (None where the system does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


class Server(ThreadingHTTPServer):
    """A thread per connection, with a bound: at most ``max_connections`` at once (a connection needs a socket and
    an open file), the rest wait in the listen queue; out of descriptors, the accept loop pauses instead of
    spinning; a client that goes away is not reported as an error."""

    daemon_threads = True
    request_queue_size = LISTEN_QUEUE

    def __init__(self, address, handler, max_connections: int = MAX_CONNECTIONS) -> None:
        limit = file_limit()
        if limit is not None:  # each connection holds a socket and a file; keep 16 for the process itself
            max_connections = max(1, min(max_connections, (limit - 16) // 2))
        self.max_connections = max_connections
        self._slots = threading.BoundedSemaphore(max_connections)
        self._lock = threading.Lock()
        self._progress: dict[socket.socket, float] = {}  # each open connection: when it last made progress
        self._held: set[socket.socket] = set()  # each connection holding a slot (released once, whatever happens)
        self._etags: dict[tuple, str] = {}
        self.evicted = 0
        super().__init__(address, handler)

    def touch(self, request) -> None:
        with self._lock:
            if request in self._progress:
                self._progress[request] = time.monotonic()

    def etag(self, path: str, f) -> str:
        """The file's ETag, hashed once for each (file, size, date, inode, change time)."""
        st = os.fstat(f.fileno())
        key = (path, st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)
        if key not in self._etags:
            self._etags[key] = content_etag(f)  # two threads may hash the same file once each: the same answer
        return self._etags[key]

    def _evict(self) -> None:
        """Every connection is taken and a client waits: close the one silent longest, if it has been for STALL
        seconds (its thread's read or write then fails at once, and its slot is freed)."""
        now = time.monotonic()
        with self._lock:
            stalled = [(t, id(s), s) for s, t in self._progress.items() if now - t >= STALL]
            if not stalled:
                return
            _, _, victim = min(stalled)
            del self._progress[victim]  # evicted once
        self.evicted += 1
        try:
            victim.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def get_request(self):
        if not self._slots.acquire(timeout=0.2):
            self._evict()
            raise OSError(errno.EAGAIN, "every connection is busy")  # the client waits in the listen queue
        try:
            request, address = super().get_request()
        except OSError as ex:
            self._slots.release()
            if ex.errno in OUT_OF_FILES:
                time.sleep(0.25)  # the listening socket stays readable: wait for a descriptor, do not spin
            raise
        with self._lock:
            self._progress[request] = time.monotonic()
            self._held.add(request)
        return request, address

    def shutdown_request(self, request) -> None:
        with self._lock:
            self._progress.pop(request, None)
            held = request in self._held
            self._held.discard(request)
        try:
            super().shutdown_request(request)
        finally:
            if held:  # a Ctrl-C while its thread starts would otherwise release it twice
                self._slots.release()

    def handle_error(self, request, client_address) -> None:
        ex = sys.exc_info()[1]
        if isinstance(ex, (ConnectionError, TimeoutError, socket.timeout)):
            return  # the browser went away or fell silent: nothing to tell the teacher
        print(f"serve.py: a request from {client_address[0]} failed: {type(ex).__name__}: {ex}", file=sys.stderr,
              flush=True)


def make_server(site: str | os.PathLike, port: int = 8000, prefix: str = "/", host: str = "127.0.0.1",
                quiet: bool = True, timeout: float = IDLE_TIMEOUT,
                max_connections: int = MAX_CONNECTIONS, handler_class: type[Handler] | None = None) -> Server:  # (tests shape replies)
    handler = partial(handler_class or Handler, directory=str(site), prefix=plain_prefix(prefix), quiet=quiet, timeout=timeout)
    return Server((host, port), handler, max_connections=max_connections)


def url_of(server: ThreadingHTTPServer, prefix: str = "/") -> str:
    host, port = server.server_address[:2]
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"  # this machine's own address; others use this machine's name or LAN address
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}{plain_prefix(prefix)}"


def serve_in_thread(site: str | os.PathLike, prefix: str = "/", port: int = 0, poll: float = 0.02,
                    **kwargs) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` on 127.0.0.1 in a daemon thread (tests; shutdown waits <= ``poll`` s): server, address."""
    server = make_server(site, port, prefix, **kwargs)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": poll}, daemon=True).start()
    return server, url_of(server, prefix)


def default_site() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "site", Path.cwd() / "site", Path.cwd()):
        if (candidate / "index.html").is_file():
            return candidate
    return here / "site"


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535)") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (0 to 65535)")
    return port


def prefix_path(text: str) -> str:
    try:
        return plain_prefix(text)
    except ValueError as ex:
        raise argparse.ArgumentTypeError(str(ex)) from None


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.1 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0.1 to 3600")
    return value


def loopback(host: str) -> bool:
    return host in ("localhost", "::1") or host.startswith("127.")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="serve.py", description=__doc__.split("\n")[0])
    ap.add_argument("site", nargs="?", help="the built site (default: ./site next to this file)")
    ap.add_argument("--port", type=port_number, default=None,
                    help="port (0: any free port; default 8000, or a free one if 8000 is taken)")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every machine "
                         "on the network may read the site)")
    ap.add_argument("--prefix", type=prefix_path, default="/",
                    help="serve under this sub-path, e.g. /gamester/ (default /)")
    ap.add_argument("--idle-timeout", type=seconds, default=IDLE_TIMEOUT,
                    help=f"close a connection silent for this many seconds (default {IDLE_TIMEOUT:g})")
    ap.add_argument("--open", action="store_true", help="open the site in the default browser")
    ap.add_argument("--log", action="store_true", help="print every request")
    ns = ap.parse_args(argv)
    site = Path(ns.site) if ns.site else default_site()
    if not (site / "index.html").is_file():
        print(f"serve.py: no built site at {site} (it has no index.html)", file=sys.stderr)
        return 2
    settings = {"prefix": ns.prefix, "host": ns.host, "quiet": not ns.log, "timeout": ns.idle_timeout}
    try:
        server = make_server(site, 8000 if ns.port is None else ns.port, **settings)
    except OSError as ex:
        if ns.port is None and ex.errno == errno.EADDRINUSE:
            server = make_server(site, 0, **settings)  # 8000 is taken: any free port
        elif isinstance(ex, socket.gaierror) or ex.errno == errno.EADDRNOTAVAIL:
            print(f"serve.py: --host {ns.host} is not an address of this machine", file=sys.stderr)
            return 2
        else:
            why = "is in use: try --port 0" if ex.errno == errno.EADDRINUSE else f"cannot be used ({ex.strerror})"
            print(f"serve.py: port {ns.port} {why}", file=sys.stderr)
            return 2
    url = url_of(server, ns.prefix)
    if not loopback(ns.host):
        port = server.server_address[1]
        print(f"serve.py: --host {ns.host}: every machine that can reach this one on port {port} can read the site "
              f"(read-only: its pages and files, nothing else; no uploads)", file=sys.stderr, flush=True)
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

"""gamester_site/serve.py, the one-file server of a classroom copy (and of the browser tests): types, sub-path,
precompressed copies, the 404 page, and one-line errors."""

from __future__ import annotations

import gzip
import socket
import urllib.error
import urllib.request

import pytest

from gamester_site import precompress, serve


@pytest.fixture
def tiny_site(tmp_path):
    site = tmp_path / "site"
    (site / "put").mkdir(parents=True)
    (site / "index.html").write_text("<p>home</p>")
    (site / "404.html").write_text("<p>not here</p>")
    (site / "put" / "index.html").write_text("<p>put</p>" * 1000)
    (site / "engine.wasm").write_bytes(b"\0asm" + bytes(8000))
    (site / "module.mjs").write_text("export const x = 1;\n" * 400)
    return site


def get(url: str, gzip_ok: bool = False, accept: str | None = None):
    if accept is None and gzip_ok:
        accept = "gzip"
    req = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept is not None else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read(), r.url
    except urllib.error.HTTPError as ex:
        return ex.code, ex.headers, ex.read(), url


def test_types_sub_path_gzip_and_404(tiny_site):
    rows = precompress.precompress(tiny_site, cache=None)
    assert (tiny_site / "engine.wasm.gz").is_file() and (tiny_site / "module.mjs.gz").is_file()
    assert {r[0] for r in rows} >= {"engine.wasm", "module.mjs", "put/index.html"}
    httpd, url = serve.serve_in_thread(tiny_site, prefix="/gamester/")
    try:
        assert url.endswith("/gamester/")
        status, headers, body, _ = get(url + "engine.wasm")
        assert status == 200 and headers["Content-Type"] == "application/wasm" and body.startswith(b"\0asm")
        status, headers, body, _ = get(url + "engine.wasm", gzip_ok=True)
        assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "application/wasm"
        assert gzip.decompress(body) == (tiny_site / "engine.wasm").read_bytes()
        assert headers["Vary"] == "Accept-Encoding"
        assert get(url + "module.mjs")[1]["Content-Type"] == "text/javascript"
        status, _, body, _ = get(url + "put/", gzip_ok=True)
        assert status == 200 and gzip.decompress(body).startswith(b"<p>put</p>")
        status, _, body, final = get(url.removesuffix("gamester/"))  # the bare host redirects into the sub-path
        assert status == 200 and final == url and body == b"<p>home</p>"
        status, _, body, _ = get(url.removesuffix("gamester/") + "put/")  # outside the sub-path
        assert status == 404 and b"not here" in body
        assert get(url + "nothing/")[0] == 404
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_busy_port_or_no_site_is_one_line_and_exit_2(tiny_site, tmp_path, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert serve.main([str(tiny_site), "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip()
    assert f"port {port} is in use: try --port 0" in err and len(err.splitlines()) == 1
    assert serve.main([str(tmp_path / "nowhere")]) == 2
    assert "no built site" in capsys.readouterr().err


def test_ctrl_c_stops_the_server_at_once(tiny_site):
    """What ``./run serve`` ends in: SIGINT (Ctrl-C) stops it (at once; the bound only tells a stop from a hang on a
    loaded machine), with status 0, and the port is free again."""
    import os
    import signal
    import subprocess
    import sys

    # SIGINT as a terminal sends it: not ignored in the server even when this run was started in the background (a
    # shell's background jobs ignore SIGINT, and Python then installs no KeyboardInterrupt; the server would not stop).
    proc = subprocess.Popen([sys.executable, "-m", "gamester_site.serve", str(tiny_site), "--port", "0"],
                            stdout=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        line = proc.stdout.readline()
        url = line.split(" at ")[1].split()[0]
        assert get(url)[0] == 200
        os.kill(proc.pid, signal.SIGINT)
        # Its exit is the event; the bound only ends a hang (a server that ignores Ctrl-C), it measures no speed.
        assert proc.wait(timeout=600) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=2)


def brotli_decompress(data: bytes) -> bytes:
    brotli = pytest.importorskip("brotli")
    return brotli.decompress(data)


@pytest.mark.parametrize(("accept", "coding"), [
    ("gzip, deflate, br, zstd", "br"),   # Chromium on http://127.0.0.1 (and on HTTPS)
    ("gzip, deflate", "gzip"),           # Chromium on plain HTTP to any other address
    ("br;q=0, gzip", "gzip"),
    ("*", "br"),
    ("*, br;q=0", "gzip"),
    ("gzip;q=0, br;q=0", None),
    ("identity", None),
    ("", None),
    (None, None),
    ("BR", "br"),
    ("gzip;q=0.5", "gzip"),
    ("gzip;q=nonsense", None),
])
def test_brotli_before_gzip_only_where_the_browser_asks(tiny_site, accept, coding):
    precompress.precompress(tiny_site, cache=None)
    raw = (tiny_site / "engine.wasm").read_bytes()
    httpd, url = serve.serve_in_thread(tiny_site)
    try:
        status, headers, body, _ = get(url + "engine.wasm", accept=accept)
        assert status == 200 and headers["Content-Type"] == "application/wasm"
        assert headers["Vary"] == "Accept-Encoding"  # every form of this address says that it varies
        assert headers.get("Content-Encoding") == coding
        assert int(headers["Content-Length"]) == len(body)
        decode = {"br": brotli_decompress, "gzip": gzip.decompress, None: lambda b: b}[coding]
        assert decode(body) == raw
        # A page too, and the index of a folder; a file with no copy is sent as itself, without Vary.
        status, headers, body, _ = get(url + "put/", accept=accept)
        assert headers["Content-Type"] == "text/html" and decode(body).startswith(b"<p>put</p>")
        status, headers, body, _ = get(url + "index.html", accept=accept)
        assert body == b"<p>home</p>" and "Content-Encoding" not in headers and "Vary" not in headers
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_precompress_keeps_copies_that_pay_caches_by_content_and_is_deterministic(tiny_site, tmp_path, capsys):
    import os
    import random

    (tiny_site / "noise.zip").write_bytes(random.Random(1).randbytes(20000))  # does not compress: no copies
    (tiny_site / "small.js").write_text("x")  # under the size floor: not considered
    cache = tmp_path / "cache"
    rows = precompress.precompress(tiny_site, cache=cache)
    by_path = {r[0]: r for r in rows}
    assert set(by_path) == {"engine.wasm", "module.mjs", "put/index.html", "noise.zip"}
    assert not (tiny_site / "noise.zip.gz").exists() and not (tiny_site / "noise.zip.br").exists()
    assert not (tiny_site / "small.js.gz").exists()
    for name in ("engine.wasm", "module.mjs", "put/index.html"):
        raw = (tiny_site / name).read_bytes()
        gz, br = (tiny_site / (name + ".gz")).read_bytes(), (tiny_site / (name + ".br")).read_bytes()
        assert gzip.decompress(gz) == raw and brotli_decompress(br) == raw
        assert by_path[name][1:] == (len(raw), len(gz), len(br))
        assert len(br) <= 0.9 * len(raw)
    # The cache holds each output under the hash of its input: a second run reads it (proved by planting a
    # marker in one entry), and a changed file is compressed afresh.
    entries = sorted(p.name for p in cache.iterdir())
    assert len(entries) == 8 and all(e.endswith((".gzip9", ".br11")) for e in entries)
    first = {p.name: p.read_bytes() for p in tiny_site.rglob("*.*") if p.suffix in (".gz", ".br")}
    import hashlib
    key = hashlib.sha256((tiny_site / "module.mjs").read_bytes()).hexdigest()
    (cache / f"{key}.gzip9").write_bytes(b"from the cache")
    precompress.precompress(tiny_site, cache=cache)
    assert (tiny_site / "module.mjs.gz").read_bytes() == b"from the cache"
    (tiny_site / "module.mjs").write_text("export const y = 2;\n" * 400)
    precompress.precompress(tiny_site, cache=cache)
    assert gzip.decompress((tiny_site / "module.mjs.gz").read_bytes()).startswith(b"export const y")
    # Deterministic: the same input gives the same bytes without the cache (no timestamp, no name).
    (tiny_site / "module.mjs").write_text("export const x = 1;\n" * 400)
    precompress.precompress(tiny_site, cache=None)
    again = {p.name: p.read_bytes() for p in tiny_site.rglob("*.*") if p.suffix in (".gz", ".br")}
    assert again == first
    os.utime(tiny_site / "engine.wasm", (0, 0))
    precompress.precompress(tiny_site, cache=None)
    assert (tiny_site / "engine.wasm.gz").read_bytes() == first["engine.wasm.gz"]
    # A file that stops paying loses its stale copies.
    (tiny_site / "module.mjs").write_bytes(random.Random(2).randbytes(9000))
    precompress.precompress(tiny_site, cache=None)
    assert not (tiny_site / "module.mjs.gz").exists() and not (tiny_site / "module.mjs.br").exists()
    # The command: sizes printed, bad arguments one line and exit 2.
    assert precompress.main([str(tiny_site), "--cache", str(cache)]) == 0
    out = capsys.readouterr().out
    assert "engine.wasm" in out and "brotli" in out
    assert precompress.main([str(tmp_path / "nowhere")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_node_brotli_fallback_gives_what_the_package_gives(monkeypatch):
    """Where the brotli package is missing, Node's zlib does the work: the same bytes (Node bundles Google's
    brotli), so a site built either way is the same."""
    import shutil

    if not shutil.which("node"):
        pytest.skip("no Node here")
    raw = b"export const x = 1;\n" * 400 + bytes(range(256)) * 20
    import sys
    monkeypatch.setitem(sys.modules, "brotli", None)  # import brotli now fails
    assert precompress.brotli_codec() == "node"
    packed = precompress.brotli_bytes(raw)
    monkeypatch.undo()
    assert brotli_decompress(packed) == raw and len(packed) < len(raw) / 5
    if precompress.brotli_codec() == "brotli":
        assert precompress.brotli_bytes(raw) == packed  # the same codec and settings: the same bytes


def test_a_precompressed_file_is_revalidated_with_304(tiny_site):
    """Pages and the runtime are sent with ``no-cache``: a browser revalidates them (Material's prefetched page
    too), and an unchanged file is answered 304 by its ETag whichever form was sent; each form has its own."""
    precompress.precompress(tiny_site, cache=None)
    httpd, url = serve.serve_in_thread(tiny_site)
    try:
        status, headers, body, _ = get(url + "put/", accept="gzip, br")
        assert status == 200 and headers["Content-Encoding"] == "br" and headers["Cache-Control"] == "no-cache"
        tags = {"br": headers["ETag"], "gzip": get(url + "put/", accept="gzip")[1]["ETag"]}
        assert tags["br"] != tags["gzip"] and "Last-Modified" not in headers
        for accept, tag in tags.items():
            req = urllib.request.Request(url + "put/", headers={"Accept-Encoding": accept, "If-None-Match": tag})
            with pytest.raises(urllib.error.HTTPError) as ex:
                urllib.request.urlopen(req, timeout=10)
            assert ex.value.code == 304 and ex.value.headers["Vary"] == "Accept-Encoding"
            assert ex.value.headers["ETag"] == tag
        req = urllib.request.Request(url + "put/", headers={"Accept-Encoding": "gzip", "If-None-Match": tags["br"]})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.status == 200 and gzip.decompress(r.read()).startswith(b"<p>put</p>")
    finally:
        httpd.shutdown()
        httpd.server_close()


# --- issue 24: the edges of the classroom server --------------------------------------------------------------


@pytest.fixture
def served(tiny_site):
    """The tiny site, precompressed, served in this process with short timeouts; yields (url, server)."""
    precompress.precompress(tiny_site, cache=None)
    httpd, url = serve.serve_in_thread(tiny_site, timeout=0.5)
    try:
        yield url, httpd
    finally:
        httpd.shutdown()
        httpd.server_close()


def raw_exchange(url: str, request: bytes, wait: float = 10.0) -> bytes:
    """Send ``request`` as it is on a fresh connection and read until the server closes or ``wait`` passes."""
    host, port = urllib.parse.urlsplit(url).netloc.split(":")
    out = b""
    with socket.create_connection((host, int(port)), timeout=wait) as s:
        s.sendall(request)
        try:
            while chunk := s.recv(65536):
                out += chunk
        except TimeoutError:
            pass
    return out


import urllib.parse  # noqa: E402


@pytest.mark.parametrize("path", ["/index.html%00", "/%00", "/put/%ff", "/%ED%A0%80", "/index.html%0a",
                                  "/index.html%7f"])
def test_a_path_no_file_can_have_is_400_and_no_traceback(served, capsys, path):
    url, _ = served
    reply = raw_exchange(url, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    assert reply.startswith(b"HTTP/1.1 400 "), reply[:80]
    assert capsys.readouterr().err == ""
    assert get(url + "index.html")[0] == 200  # and the server is still there


def test_an_aborted_download_prints_nothing(tiny_site, capsys):
    import random
    import struct

    (tiny_site / "big.bin").write_bytes(random.Random(3).randbytes(8_000_000))  # more than the socket buffers
    httpd, url = serve.serve_in_thread(tiny_site, timeout=2)
    try:
        port = httpd.server_address[1]
        for _ in range(10):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(4096).startswith(b"HTTP/1.1 200")
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
            s.close()
        wait_until(lambda: httpd._slots._value == httpd.max_connections, "the ten connections let go")
        assert get(url + "index.html")[0] == 200
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("args", "said"), [
    (["--port", "99999"], "99999 is not a port number"),
    (["--port", "-1"], "-1 is not a port number"),
    (["--port", "eighty"], "is not a port number"),
    (["--prefix", "../../"], "is not a plain path"),
    (["--prefix", "/a/./b"], "is not a plain path"),
    (["--prefix", "/a b/"], "is not a plain path"),
    (["--idle-timeout", "0"], "is not a number of seconds"),
])
def test_bad_options_are_argparse_errors(tiny_site, capsys, args, said):
    with pytest.raises(SystemExit) as ex:
        serve.main([str(tiny_site), *args])
    assert ex.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_a_prefix_is_normalised_and_never_loops():
    assert serve.plain_prefix("gamester") == serve.plain_prefix("//gamester//") == "/gamester/"
    assert serve.plain_prefix("a//b/") == "/a/b/" and serve.plain_prefix("/") == serve.plain_prefix("") == "/"
    for bad in ("../../", "..", "/./", "/a/../b/", "/%2e%2e/"):
        with pytest.raises(ValueError):
            serve.plain_prefix(bad)


def test_idle_and_tls_connections_are_let_go(served):
    """A silent client, half a request, or a TLS ClientHello (someone typed https://) no longer holds a thread:
    each is closed after the idle timeout."""
    url, _ = served
    port = int(urllib.parse.urlsplit(url).port)
    hello = bytes.fromhex("16030100c4010000c00303") + bytes(32) + b"\x00\x00\x02\x13\x01\x01\x00"
    socks = []
    for payload in (b"", b"GET /index.html HTTP/1.1\r\nHost:", hello):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(payload)
        socks.append(s)
    for s in socks:
        with s:  # without the server's timeout, recv would raise TimeoutError after the client's 10 s
            while s.recv(65536):  # a 400 for the hello, if it holds a newline; then the end
                pass


def test_connections_are_capped_and_the_rest_wait_in_the_queue(tiny_site):
    httpd, url = serve.serve_in_thread(tiny_site, timeout=2, max_connections=2)
    try:
        assert httpd.max_connections == 2 and httpd.request_queue_size >= 128
        port = httpd.server_address[1]
        idle = [socket.create_connection(("127.0.0.1", port), timeout=20) for _ in range(4)]
        wait_until(lambda: httpd._slots._value == 0, "two taken, two waiting in the listen queue")
        assert get(url + "index.html")[0] == 200  # served once the idle ones are let go
        for s in idle:
            with s:
                assert s.recv(10) == b""
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_out_of_descriptors_the_accept_loop_waits_instead_of_spinning(tiny_site, monkeypatch):
    """Each accept refused for want of a descriptor is followed by a pause before the next (the listening socket stays
    readable, so without one the loop would spin). The pauses are recorded, not waited: the test waits on the third."""
    import errno
    import threading
    import time

    httpd = serve.make_server(tiny_site, 0)
    real = httpd.socket
    calls: list[int] = []

    class Exhausted:
        def fileno(self):
            return real.fileno()

        def accept(self):
            calls.append(len(calls) + 1)
            raise OSError(errno.EMFILE, "Too many open files")

        def __getattr__(self, name):
            return getattr(real, name)

    class Clock:  # the server's clock, its pauses recorded (with the accepts made before each) and not slept
        pauses: list[tuple[int, float]] = []
        third = threading.Event()

        def sleep(self, seconds):
            self.pauses.append((len(calls), seconds))
            if len(self.pauses) >= 3:
                self.third.set()

        def __getattr__(self, name):
            return getattr(time, name)

    clock = Clock()
    monkeypatch.setattr(serve, "time", clock)
    httpd.socket = Exhausted()
    waiting = socket.create_connection(httpd.server_address[:2])  # the listening socket stays readable
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        assert clock.third.wait(60), f"no pause after {len(calls)} refused accepts: the loop spins"
    finally:
        httpd.shutdown()
        waiting.close()
        httpd.socket = real
        httpd.server_close()
    assert [n for n, _ in clock.pauses[:3]] == [1, 2, 3]  # a pause after each refused accept, before the next
    assert all(seconds >= 0.1 for _, seconds in clock.pauses)


def test_nothing_outside_the_site_through_a_symlink_and_no_listings(tiny_site, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("private")
    (tiny_site / "leak.txt").symlink_to(outside / "secret.txt")
    (tiny_site / "leakdir").symlink_to(outside, target_is_directory=True)
    (tiny_site / "home.html").symlink_to(tiny_site / "index.html")  # a link inside the site is still the site's
    for folder in ("assets", "search", "assets/empty"):
        (tiny_site / folder).mkdir(parents=True, exist_ok=True)
    (tiny_site / "assets" / "app.js").write_text("1")
    httpd, url = serve.serve_in_thread(tiny_site)
    try:
        for path in ("leak.txt", "leakdir/secret.txt", "leakdir/", "assets/", "search/", "assets/empty/"):
            status, _, body, _ = get(url + path)
            assert status == 404 and b"private" not in body and b"app.js" not in body, path
        assert get(url + "home.html")[2] == b"<p>home</p>"
        assert get(url + "assets/app.js")[2] == b"1"
    finally:
        httpd.shutdown()
        httpd.server_close()


def ranged(url: str, rng: str, accept: str | None = None, **more):
    return get_with(url, {"Range": rng, **({"Accept-Encoding": accept} if accept else {}), **more})


def get_with(url: str, headers: dict[str, str]):
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as ex:
        return ex.code, ex.headers, ex.read()


def test_single_byte_ranges_are_answered_206_or_416(served, tiny_site):
    url, _ = served
    raw = (tiny_site / "engine.wasm").read_bytes()
    status, headers, body = ranged(url + "engine.wasm", "bytes=0-3")
    assert status == 206 and body == b"\0asm" and headers["Content-Range"] == f"bytes 0-3/{len(raw)}"
    assert headers["Accept-Ranges"] == "bytes" and headers["Content-Length"] == "4"
    assert ranged(url + "engine.wasm", "bytes=-5")[2] == raw[-5:]
    assert ranged(url + "engine.wasm", "bytes=7990-")[2] == raw[7990:]
    assert ranged(url + "engine.wasm", "bytes=10-999999")[2] == raw[10:]
    status, headers, body = ranged(url + "engine.wasm", f"bytes={len(raw)}-")
    assert status == 416 and headers["Content-Range"] == f"bytes */{len(raw)}"
    assert ranged(url + "engine.wasm", "bytes=0-1, 5-6")[0] == 200  # several ranges: the whole file
    assert ranged(url + "engine.wasm", "bytes=9-2")[0] == 200  # not a range: ignored
    assert ranged(url + "engine.wasm", "lines=1-2")[0] == 200
    # A range of the compressed form is a range of its bytes (the representation sent).
    gz = (tiny_site / "engine.wasm.gz").read_bytes()
    status, headers, body = ranged(url + "engine.wasm", "bytes=2-9", accept="gzip")
    assert status == 206 and headers["Content-Encoding"] == "gzip" and body == gz[2:10]
    # If-Range: the range only while the file is the one the client has.
    tag = get(url + "engine.wasm")[1]["ETag"]
    assert ranged(url + "engine.wasm", "bytes=0-3", **{"If-Range": tag})[0] == 206
    assert ranged(url + "engine.wasm", "bytes=0-3", **{"If-Range": '"another"'})[0] == 200
    assert ranged(url + "engine.wasm", "bytes=0-3", **{"If-Range": "Mon, 01 Jan 2001 00:00:00 GMT"})[0] == 200


@pytest.mark.parametrize(("accept", "coding"), [
    ("gzip;q=0.5, br;q=0.4", "gzip"),
    ("br;q=0.4, gzip;q=0.5", "gzip"),
    ("gzip;q=0.4, br;q=0.5", "br"),
    ("gzip, br", "br"),
    ("gzip;q=0.5, identity", None),
    ("br;q=0.9, identity;q=0.5", "br"),
    ("*;q=0.3, gzip;q=0.2", "br"),
])
def test_the_browsers_q_values_choose_the_coding(served, accept, coding):
    url, _ = served
    assert serve.preferred(accept) == coding
    assert get(url + "engine.wasm", accept=accept)[1].get("Content-Encoding") == coding


def test_host_warns_what_it_exposes(tiny_site, capsys, monkeypatch):
    seen = {}
    real = serve.make_server

    def bind_loopback(site, port, **settings):
        seen.update(settings)
        return real(site, 0, **{**settings, "host": "127.0.0.1"})  # the test never listens beyond this machine

    monkeypatch.setattr(serve, "make_server", bind_loopback)
    monkeypatch.setattr(serve.Server, "serve_forever", lambda self: (_ for _ in ()).throw(KeyboardInterrupt))
    assert serve.main([str(tiny_site), "--host", "0.0.0.0", "--port", "0"]) == 0
    err = capsys.readouterr().err
    assert seen["host"] == "0.0.0.0"
    assert "every machine that can reach this one" in err and "read-only" in err and "no uploads" in err
    assert serve.main([str(tiny_site), "--port", "0"]) == 0
    assert capsys.readouterr().err == ""  # the default, 127.0.0.1, says nothing


def test_out_of_descriptors_a_file_is_busy_not_missing(served, monkeypatch):
    import builtins
    import errno

    url, _ = served
    real_open = builtins.open

    def exhausted(file, *args, **kwargs):
        if str(file).endswith("engine.wasm"):
            raise OSError(errno.EMFILE, "Too many open files")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", exhausted)
    assert get(url + "engine.wasm")[0] == 503
    monkeypatch.undo()
    assert get(url + "engine.wasm")[0] == 200


def test_a_client_trickling_its_request_is_let_go(tiny_site, monkeypatch):
    """A client sending its request's head a byte at a time, each byte well within the idle timeout, is let go once
    the head has taken twice that timeout. The server's clock is the test's (no sleep, no race): each byte the server
    reads moves it on 0.4 idle timeouts, so the head's bound (2 timeouts) is spent after five bytes, and the client
    sends the next byte only once the server has read the one before or let it go. The idle timeout itself (60 s of
    real time) is never reached: the head's bound is what lets the client go, after exactly five bytes."""
    import queue
    import time

    idle = 60.0

    class Clock:  # the server's monotonic clock, moved on by the bytes it reads; the rest of time as it is
        now = 1000.0

        def monotonic(self):
            return self.now

        def __getattr__(self, name):
            return getattr(time, name)

    clock, said = Clock(), queue.Queue()
    real = serve._HeadReader.readinto

    def readinto(self, buffer):
        try:
            got = real(self, buffer)
        except TimeoutError:
            said.put("let go")
            raise
        clock.now += 0.4 * idle  # each byte took 0.4 of the idle timeout
        said.put(got)
        return got

    monkeypatch.setattr(serve, "time", clock)
    monkeypatch.setattr(serve._HeadReader, "readinto", readinto)
    httpd, _ = serve.serve_in_thread(tiny_site, timeout=idle)
    read = []
    try:
        with socket.create_connection(httpd.server_address[:2], timeout=600) as s:  # (600 s: a hang's bound)
            for byte in b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"x" * 100:
                s.sendall(bytes([byte]))
                answer = said.get(timeout=600)  # the server has read it, or let the client go
                if answer == "let go":
                    break
                read.append(answer)
            else:
                pytest.fail("the server read the whole trickled request")
            try:
                assert s.recv(1024) == b""  # and the connection is closed, with no reply
            except ConnectionResetError:
                pass
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert read == [1] * 5, read


# --- issue 36: slow readers, new copies, the last two failure lines ----------------------------------------------


def slow_reader(port: int, path: str = "/big.bin") -> socket.socket:
    """A client that asks for a large file and then reads nothing (a small receive buffer, so the server's send
    blocks as soon as the kernel's buffers are full)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(60)
    s.connect(("127.0.0.1", port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    return s


def wait_until(condition, what: str, tries: int = 30_000) -> None:
    """Polls the server's own count until ``condition`` holds (an event of the server's); the bound, ten minutes or
    more, only ends a hang."""
    import time

    for _ in range(tries):
        if condition():
            return
        time.sleep(0.02)
    pytest.fail(f"never: {what}")


def test_slow_readers_holding_every_connection_do_not_keep_a_new_client_out(tiny_site, capsys):
    """Every connection held by a reader that has stopped reading (an idle timeout of ten minutes, so that is not
    what frees them): a fresh request is still answered, by closing the connection silent longest. Before this the
    fresh request waited as long as the slow readers held on (the issue's run: 58.7 s for GET /)."""
    import time

    (tiny_site / "big.bin").write_bytes(bytes(24_000_000))  # more than the kernel buffers hold
    httpd, url = serve.serve_in_thread(tiny_site, timeout=600, max_connections=4)
    port = httpd.server_address[1]
    readers = []
    try:
        readers = [slow_reader(port) for _ in range(4)]
        wait_until(lambda: httpd._slots._value == 0, "every connection taken")
        start = time.monotonic()
        status, _, body, _ = get(url + "index.html")  # urllib's bound: 10 s without a byte
        took = time.monotonic() - start
        assert status == 200 and body == b"<p>home</p>"
        assert httpd.evicted >= 1
    finally:
        for s in readers:
            s.close()
        httpd.shutdown()
        httpd.server_close()
    assert capsys.readouterr().err == ""
    with capsys.disabled():
        print(f"\na fresh request with every connection held by a slow reader: answered in {took:.2f} s")


def test_a_reply_read_slower_than_the_minimum_rate_is_let_go(tiny_site, monkeypatch):
    """A reader slower than the idle timeout can see (here ten minutes) is still let go once its reply falls behind
    the minimum rate (here a grace of 0.2 s and a rate no reader keeps up: the reply's bound is about 0.2 s). The
    reader takes the reply's first bytes and then reads no more until the server has freed its connection (an event,
    whatever the machine's speed: without a reader the 24 MB cannot all be sent); then it reads what the kernel
    held, and the connection ends short of the file."""
    monkeypatch.setattr(serve, "GRACE", 0.2)
    monkeypatch.setattr(serve, "MIN_RATE", 1 << 30)
    (tiny_site / "big.bin").write_bytes(bytes(24_000_000))
    httpd, _ = serve.serve_in_thread(tiny_site, timeout=600)
    try:
        with slow_reader(httpd.server_address[1]) as s:
            s.settimeout(30)
            got = len(s.recv(65536))  # the reply has begun
            assert got > 0
            wait_until(lambda: httpd._slots._value == httpd.max_connections, "its connection released")
            try:
                while chunk := s.recv(65536):  # what was in flight, then the end of the connection
                    got += len(chunk)
            except ConnectionResetError:
                pass
            assert got < 24_000_000
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_new_copy_with_the_same_dates_is_never_served_stale(served, tiny_site):
    """Every file of an unzipped copy carries the zip's date (1980): the ETag comes from the bytes, so the page a
    browser cached from the previous copy is sent again, and a date alone never gives 304."""
    import os

    url, _ = served
    page = tiny_site / "index.html"
    os.utime(page, (315532800, 315532800))
    status, headers, body, _ = get(url + "index.html")
    old = headers["ETag"]
    page.write_text("<p>HOME</p>")  # the same length, the same date: a newer copy unzipped over the old
    os.utime(page, (315532800, 315532800))
    status, headers, body = get_with(url + "index.html", {"If-None-Match": old,
                                                          "If-Modified-Since": "Tue, 01 Jan 1980 00:00:00 GMT"})
    assert status == 200 and body == b"<p>HOME</p>" and headers["ETag"] != old
    assert get_with(url + "index.html", {"If-None-Match": headers["ETag"]})[0] == 304
    assert get_with(url + "index.html", {"If-Modified-Since": "Fri, 01 Jan 2100 00:00:00 GMT"})[0] == 200


def test_pyodide_is_cached_long_and_everything_else_revalidated(tiny_site):
    pyodide = tiny_site / "assets" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(100))
    (pyodide / "pyodide.asm.mjs").write_text("export {};\n")
    httpd, url = serve.serve_in_thread(tiny_site, prefix="/gamester/")
    try:
        headers = get(url + "assets/pyodide/pyodide.asm.wasm")[1]
        assert headers["Cache-Control"] == "public, max-age=604800" and headers["Content-Type"] == "application/wasm"
        headers = get(url + "assets/pyodide/pyodide.asm.mjs")[1]
        assert headers["Cache-Control"] == "public, max-age=604800" and headers["Content-Type"] == "text/javascript"
        for path in ("", "engine.wasm", "module.mjs", "put/", "nothing"):
            assert get(url + path)[1]["Cache-Control"] == "no-cache", path
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_range_of_thousands_of_digits_and_a_file_with_a_trailing_slash_are_clean(served, tiny_site, capsys):
    url, _ = served
    size = (tiny_site / "engine.wasm").stat().st_size
    status, headers, _ = ranged(url + "engine.wasm", "bytes=" + "9" * 5000 + "-")
    assert status == 416 and headers["Content-Range"] == f"bytes */{size}"
    assert ranged(url + "engine.wasm", "bytes=0-" + "9" * 5000)[0] == 206
    status, _, body = ranged(url + "engine.wasm", "bytes=-" + "9" * 5000)
    assert status == 206 and len(body) == size
    for path in ("index.html/", "put/index.html/", "engine.wasm/"):
        assert get(url + path)[0] == 404, path
    assert capsys.readouterr().err == ""


def test_a_link_made_by_the_server_sends_what_the_server_sends_in_pieces_and_counts_it(tiny_site):
    """The tests' and benchmarks' slow link (``gamester_site.browser.Link``) wraps the classroom server's handler:
    a range is still the range and a whole file the whole file, sent over the link in pieces (of 1,000 bytes here),
    and each reply's body bytes are counted. (Its rate here is high: what is checked is the bytes, not the pieces
    or the time.)"""
    from gamester_site.browser import Link, serve_link

    link = Link(rate=1e9)
    link.PIECE = 1000  # (several pieces for an 8,004-byte file)
    httpd, url = serve_link(tiny_site, link)
    try:
        raw = (tiny_site / "engine.wasm").read_bytes()
        status, headers, body = ranged(url + "engine.wasm", "bytes=10-19")
        assert status == 206 and body == raw[10:20] and headers["Content-Length"] == "10"
        status, _, body, _ = get(url + "engine.wasm")
        assert status == 200 and body == raw
        assert link.sent == [10, len(raw)]
        link.set(None)  # as fast as the machine: still counted
        assert get(url + "put/")[2] == (tiny_site / "put" / "index.html").read_bytes()
        assert link.sent[-1] == len("<p>put</p>" * 1000)
    finally:
        httpd.shutdown()
        httpd.server_close()

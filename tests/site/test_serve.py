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
    """What ``./run serve`` ends in: SIGINT (Ctrl-C) stops it within a second, and the port is free again."""
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "gamester_site.serve", str(tiny_site), "--port", "0"],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        url = line.split(" at ")[1].split()[0]
        assert get(url)[0] == 200
        t0 = time.monotonic()
        os.kill(proc.pid, signal.SIGINT)
        assert proc.wait(timeout=5) == 0
        stopped = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert stopped < 5  # (a bound on waiting, not a speed goal: it stops at once or hangs)
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
    too), and an unchanged file is answered 304 whichever form was sent, as for the files sent as they are."""
    import email.utils
    import os

    precompress.precompress(tiny_site, cache=None)
    httpd, url = serve.serve_in_thread(tiny_site)
    try:
        status, headers, body, _ = get(url + "put/", accept="gzip, br")
        assert status == 200 and headers["Content-Encoding"] == "br"
        stamp = headers["Last-Modified"]
        assert email.utils.parsedate_to_datetime(stamp).timestamp() == int(os.stat(tiny_site / "put" / "index.html").st_mtime)
        for accept in ("gzip, br", "gzip"):
            req = urllib.request.Request(url + "put/", headers={"Accept-Encoding": accept, "If-Modified-Since": stamp})
            with pytest.raises(urllib.error.HTTPError) as ex:
                urllib.request.urlopen(req, timeout=10)
            assert ex.value.code == 304 and ex.value.headers["Vary"] == "Accept-Encoding"
        older = email.utils.formatdate(os.stat(tiny_site / "put" / "index.html").st_mtime - 3600, usegmt=True)
        req = urllib.request.Request(url + "put/", headers={"Accept-Encoding": "gzip", "If-Modified-Since": older})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.status == 200 and gzip.decompress(r.read()).startswith(b"<p>put</p>")
        req = urllib.request.Request(url + "put/", headers={"Accept-Encoding": "gzip", "If-Modified-Since": "garbage"})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.status == 200
    finally:
        httpd.shutdown()
        httpd.server_close()

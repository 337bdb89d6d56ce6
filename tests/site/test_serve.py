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


def get(url: str, gzip_ok: bool = False):
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read(), r.url
    except urllib.error.HTTPError as ex:
        return ex.code, ex.headers, ex.read(), url


def test_types_sub_path_gzip_and_404(tiny_site):
    rows = precompress.precompress(tiny_site)
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

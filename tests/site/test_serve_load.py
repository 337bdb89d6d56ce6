"""A load test of the classroom server (issue 24), loopback only, bounded in count and time, stopping by itself.

serve.py runs in a process of its own (its threads and descriptors are then its own to count, in /proc). While 40
idle connections are held (silent, half a request, a TLS ClientHello), 50 clients at once download a 2 MB file in
each encoding (identity, gzip, br): every download completes byte for byte, the idle ones are closed after the
server's idle timeout, and the server's threads and descriptors return to their resting count. Its figures (connect
time, throughput, resting threads and descriptors) are printed (``pytest -s``), never asserted on. A second test
runs the server with 40 file descriptors (``prlimit --nofile=40``) and 30 idle connections: a request is still
answered, and the accept loop's CPU time is printed."""

from __future__ import annotations

import gzip
import hashlib
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts threads and descriptors in /proc")

CLIENTS, IDLE, SIZE, IDLE_TIMEOUT = 50, 40, 2_000_000, 2.0
HELLO = bytes.fromhex("16030100c4010000c00303") + bytes(32) + b"\x00\x00\x02\x13\x01\x01\x00"


@pytest.fixture(scope="module")
def big_site(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A site with a 2 MB file (text-like, so both copies pay) and its gzip and br copies; the sha256 of each."""
    site = tmp_path_factory.mktemp("load")
    (site / "index.html").write_text("<p>home</p>")
    rnd = random.Random(24)
    words = [bytes(rnd.choices(b"abcdefghijklmnopqrstuvwxyz", k=rnd.randint(2, 9))) for _ in range(4000)]
    raw = b" ".join(rnd.choice(words) for _ in range(SIZE // 5))[:SIZE]
    forms = {"identity": raw, "gzip": gzip.compress(raw, 6, mtime=0)}
    try:
        import brotli
        forms["br"] = brotli.compress(raw, quality=5)
    except ImportError:
        pass
    (site / "big.wasm").write_bytes(raw)
    for coding, suffix in (("gzip", ".gz"), ("br", ".br")):
        if coding in forms:
            (site / ("big.wasm" + suffix)).write_bytes(forms[coding])
    return site, {c: hashlib.sha256(b).hexdigest() for c, b in forms.items()}


def start(site: Path, *extra: str, limit_files: int | None = None) -> tuple[subprocess.Popen, int]:
    def limit():
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # stop() sends SIGINT: not ignored in a run started in the background
        if limit_files is not None:
            import resource
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit_files, limit_files))

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "site_src")}
    proc = subprocess.Popen([sys.executable, "-m", "gamester_site.serve", str(site), "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, preexec_fn=limit)
    line = proc.stdout.readline()
    port = int(line.split(" at ")[1].split()[0].rsplit(":", 1)[1].strip("/"))
    return proc, port


def resting(pid: int) -> tuple[int, int]:
    threads = len(os.listdir(f"/proc/{pid}/task"))
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    return threads, fds


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop(proc: subprocess.Popen) -> str:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return proc.stderr.read()


def download(port: int, coding: str, barrier: threading.Barrier, out: list) -> None:
    barrier.wait()  # every client is started (an event: threads of this process)
    t0 = time.perf_counter()
    s = socket.create_connection(("127.0.0.1", port), timeout=600)  # (a bound that only ends a hang)
    connected = time.perf_counter() - t0
    with s:
        s.sendall(f"GET /big.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: {coding}\r\n"
                  "Connection: close\r\n\r\n".encode())
        data = bytearray()
        while chunk := s.recv(262144):
            data += chunk
    head, _, body = bytes(data).partition(b"\r\n\r\n")
    out.append((coding, connected, head, hashlib.sha256(body).hexdigest(), len(body)))


def hold_idle(port: int, n: int) -> list[socket.socket]:
    socks = []
    for i in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall((b"", b"GET /big.wasm HTTP/1.1\r\nHost:", HELLO)[i % 3])
        socks.append(s)
    return socks


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        while s.recv(65536):
            pass
        return True
    except TimeoutError:
        return False
    except ConnectionError:
        return True


def test_fifty_downloads_in_each_encoding_beside_forty_idle_connections(big_site):
    site, digests = big_site
    proc, port = start(site, "--idle-timeout", str(IDLE_TIMEOUT))
    try:  # at rest once it has said where it serves: its loop starts no thread and opens nothing before a client
        rest_before = resting(proc.pid)
        idle = hold_idle(port, IDLE)
        results: list = []
        t0 = time.perf_counter()
        peak = rest_before
        for coding in digests:
            barrier = threading.Barrier(CLIENTS)
            threads = [threading.Thread(target=download, args=(port, coding, barrier, results)) for _ in range(CLIENTS)]
            for t in threads:
                t.start()
            time.sleep(0.2)
            peak = max(peak, resting(proc.pid))
            for t in threads:
                t.join()  # each ends: its download completes, or a socket operation fails (600 s without a byte: a hang)
        wall = time.perf_counter() - t0
        assert len(results) == CLIENTS * len(digests)  # every download completed
        for coding, _, head, digest, _ in results:
            assert head.startswith(b"HTTP/1.1 200 "), head[:60]
            assert digest == digests[coding], coding
            assert (b"Content-Encoding: " + coding.encode() in head) == (coding != "identity")
        # Every idle connection is let go by the server, after its timeout (it was held through the downloads).
        still_open = sum(not closed_by_server(s, 600) for s in idle)  # the close is the event; 600 s ends a hang
        for s in idle:
            s.close()
        assert still_open == 0
        for _ in range(6000):  # the threads of the downloads end after their last byte (the bound only ends a hang)
            if (rest_after := resting(proc.pid)) == rest_before:
                break
            time.sleep(0.1)
        assert rest_after == rest_before  # threads and descriptors back to rest
    finally:
        err = stop(proc)
    assert err == ""  # no traceback, no message
    connects = sorted(r[1] * 1000 for r in results)
    total = sum(r[4] for r in results)
    print(f"\nserve.py load: {CLIENTS} clients x {len(digests)} encodings ({', '.join(digests)}) of a {SIZE / 1e6:.1f} MB"
          f" file beside {IDLE} idle connections; connect median {statistics.median(connects):.1f} ms,"
          f" max {connects[-1]:.1f} ms; {total / 1e6:.0f} MB in {wall:.2f} s = {total / 1e6 / wall:.0f} MB/s;"
          f" server threads/descriptors at rest {rest_before[0]}/{rest_before[1]}, peak {peak[0]}/{peak[1]},"
          f" after {rest_after[0]}/{rest_after[1]}")


def test_with_forty_descriptors_requests_are_answered_and_the_loop_does_not_spin(big_site):
    site, _ = big_site
    proc, port = start(site, "--idle-timeout", "1", limit_files=40)
    try:
        idle = hold_idle(port, 30)
        cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
        with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
            s.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := s.recv(65536):
                reply += chunk
        waited, cpu = time.perf_counter() - t0, cpu_seconds(proc.pid) - cpu0
        assert reply.startswith(b"HTTP/1.1 200 ") and reply.endswith(b"<p>home</p>")
        for s in idle:
            s.close()
    finally:
        err = stop(proc)
    assert err == ""
    print(f"\nserve.py with 40 descriptors and 30 idle connections: answered after {waited:.2f} s,"
          f" {cpu:.2f} s of the server's CPU meanwhile ({cpu / waited:.2f} cores)")

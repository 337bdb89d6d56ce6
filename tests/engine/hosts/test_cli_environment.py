"""The CLI in every environment (issue 36): a closed stream, a full disk, a file-size limit, Ctrl-C and an output
encoding that cannot hold the text each end in one line on stderr, never a traceback; status 2 (130 for Ctrl-C),
or 0 with a warning when the answer was written with replacements."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from gamester import all_games

CLI = [sys.executable, "-m", "gamester"]


def gamester(*argv: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *argv], stderr=subprocess.PIPE, text=True, timeout=120,
                          env={**os.environ, **(env or {})}, **kwargs)


def one_line(err: str) -> str:
    assert "Traceback" not in err and err.count("\n") == 1, err[-2000:]
    return err.strip()


def test_stdin_closed():
    r = gamester("replay", "-", stdout=subprocess.PIPE, preexec_fn=lambda: os.close(0))
    assert r.returncode == 2
    assert one_line(r.stderr) == "gamester: error: cannot read the record from standard input: it is closed"


def test_stdout_closed():
    r = gamester("clauses", preexec_fn=lambda: os.close(1))
    assert r.returncode == 2 and "standard output is closed" in one_line(r.stderr)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_disk():
    with open("/dev/full", "w") as full:
        r = gamester("clauses", stdout=full)
    assert r.returncode == 2
    assert one_line(r.stderr) == "gamester: error: cannot write the output: No space left on device"


def test_a_file_size_limit(tmp_path):
    resource = pytest.importorskip("resource")

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    with open(tmp_path / "out.txt", "w") as out:
        r = gamester("clauses", stdout=out, preexec_fn=limit)
    assert r.returncode == 2
    assert one_line(r.stderr) == "gamester: error: cannot write the output: File too large"


def test_ctrl_c_is_one_line_and_130():
    """SIGINT once the command has begun (a sampled show of 200,000 deals: seconds of work) stops it at once."""
    start = "\n".join([  # says 'ready' as the odds begin, inside the command
        "import sys", "from gamester import commands", "from gamester.hosts.cli import main", "real = commands.odds",
        "def odds(*args, **kwargs):", "    print('ready', file=sys.stderr, flush=True)",
        "    return real(*args, **kwargs)", "commands.odds = odds", "sys.exit(main(sys.argv[1:]))"])
    sampled = next((s for s in all_games().values() if "samples" in {p.name for p in s.odds_params}), None)
    if sampled is None:
        pytest.skip("no game's odds are sampled")
    most = min(200_000, next(p for p in sampled.odds_params if p.name == "samples").range[1])
    proc = subprocess.Popen([sys.executable, "-c", start, "odds", sampled.name, "--players",  # its most players
                             str(sampled.player_range[1]), "--samples", str(most)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            # SIGINT not ignored, even in a run started in the background (whose jobs ignore it)
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stderr.readline() == "ready\n"  # an event: the command has begun
        proc.send_signal(signal.SIGINT)
        # No clock: the child ends either way (at the interrupt, or having written the whole show, which the
        # assertions below then fail on), so reading to its end waits on its exit alone, however loaded the machine.
        out, err = proc.communicate()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and out == ""
    assert one_line(err) == "gamester: interrupted (Ctrl-C): nothing was written"


@pytest.mark.parametrize("env", [
    {"PYTHONIOENCODING": "cp1252"},
    {"PYTHONIOENCODING": "ascii"},
    {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0", "PYTHONIOENCODING": ""},
], ids=["cp1252", "ascii", "LANG=C"])
def test_an_encoding_that_cannot_hold_the_text(tmp_path, env):
    """The answer is written, with '?' for each character the encoding lacks, and one warning line saying so."""
    path = tmp_path / "out.txt"
    with open(path, "w") as out:
        r = gamester("clauses", stdout=out, env=env)
    assert r.returncode == 0
    warning = one_line(r.stderr)
    assert warning.startswith("gamester: warning: the output's encoding (") and "written as '?'" in warning
    written = path.read_bytes()
    assert b"?" in written and written.decode("cp1252" if "cp1252" in warning else "ascii")
    reference = gamester("clauses", stdout=subprocess.PIPE, env={"PYTHONIOENCODING": "utf-8"})
    assert len(reference.stdout.splitlines()) == len(written.splitlines())  # nothing left out


def test_help_in_ascii_is_written_too():
    r = gamester("odds", "--help", stdout=subprocess.PIPE, env={"PYTHONIOENCODING": "ascii"})
    assert r.returncode == 0 and "usage: gamester odds" in r.stdout and r.stderr == ""

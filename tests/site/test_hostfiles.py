"""Put's solved strategies outside the site's engine wheel (issue 30): the wheel leaves them out and lists each with
its sha256 (``gamester/hostfiles.json``), the site keeps each as a file of its own under a name that carries its hash,
and the engine run from that wheel, given a way to fetch them (``gamester.hostfiles.use``), plays the same moves as
the engine that holds them, and refuses a changed copy in a sentence for the reader. Each run is a separate
interpreter on the wheel alone (``-E -s -S``, the wheel first on ``sys.path``)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import zipfile

import pytest

pytest.importorskip("mkdocs")  # a site-build test: not for the Pyodide run of the suite

from gamester_site import runtime  # noqa: E402

from gamester.hosts import web  # noqa: E402

STRIPPED = "games/put/data/stripped-28.json.gz"
PLAY = {"op": "run", "game": "put", "command": "play", "ruleset": "stripped-28", "args": {"seed": 3}}


def play(bots: str) -> dict:
    return {**PLAY, "args": {**PLAY["args"], "bots": bots}}


#: A whole op through the API: asked again with each reply's moves until it is done (a run answers in steps of at
#: most the game's limits.bot_moves computer moves). The same text runs here and in the wheel's interpreter below.
WHOLE = """
def whole(request):
    reply = json.loads(web.handle(json.dumps(request)))
    while reply.get("ok") and reply.get("more"):
        reply = json.loads(web.handle(json.dumps({**request, "moves": reply["moves"]})))
    return reply
"""
_space: dict = {"json": json, "web": web}
exec(WHOLE, _space)
whole = _space["whole"]


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    d = tmp_path_factory.mktemp("assets")
    listing = runtime.stage_external(d)
    name, _ = runtime.build_wheel(d, external=listing)
    return d, d / name, listing


def run_on_wheel(wheel, data_dir, request: dict, fetch: bool = True) -> dict:
    """``web.handle(request)`` in an interpreter that has only the wheel, fetching kept-out files from
    ``data_dir`` (as the browser's worker fetches them from the site), and which of them it fetched."""
    code = f"""
import json, pathlib, sys
sys.path.insert(0, {str(wheel)!r})
from gamester import hostfiles
from gamester.hosts import web
fetched = []
def fetch(file):
    fetched.append(file)
    return pathlib.Path({str(data_dir)!r}, file).read_bytes()
if {fetch!r}:
    hostfiles.use(fetch)
{WHOLE}
reply = whole(json.loads({json.dumps(request)!r}))
print(json.dumps({{"reply": reply, "fetched": fetched, "from": __import__("gamester").__file__}}))
"""
    out = subprocess.run([sys.executable, "-E", "-s", "-S", "-c", code], capture_output=True, text=True,
                         check=True).stdout
    result = json.loads(out)
    assert result["from"].startswith(str(wheel))
    return result


def test_the_wheel_leaves_the_strategies_out_and_lists_each_by_its_hash(staged):
    d, wheel, listing = staged
    names = set(zipfile.ZipFile(wheel).namelist())
    kept_out = {p.relative_to(runtime.ENGINE_DIR).as_posix() for p in runtime.external_files()}
    assert STRIPPED in kept_out and set(listing) == kept_out
    assert not [n for n in names if n.endswith(".json.gz")]
    assert "gamester/games/put/data/index.json" in names  # which ruleset has which file: small, in the wheel
    assert json.loads(zipfile.ZipFile(wheel).read("gamester/hostfiles.json")) == listing
    for inside, entry in listing.items():
        data = (d / entry["file"]).read_bytes()
        assert data == (runtime.ENGINE_DIR / inside).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"] and entry["sha256"][:16] in entry["file"]
    assert wheel.stat().st_size < 1_500_000  # the strategies alone are over 2 MB


def test_the_files_beside_the_snapshot_hold_no_code(staged, tmp_path):
    _, wheel, _ = staged
    runtime.build_files_zip(wheel, tmp_path / "files.zip")
    names = zipfile.ZipFile(tmp_path / "files.zip").namelist()
    assert "gamester/hostfiles.json" in names and "gamester/games/put/data/index.json" in names
    assert not [n for n in names if n.endswith((".py", ".pyc"))]


def test_the_engine_on_the_wheel_fetches_the_strategies_once_a_game_needs_them_and_plays_as_cpython(staged):
    d, wheel, listing = staged
    want = whole(play("equilibrium,equilibrium"))
    assert want["ok"], want
    calculating = whole(play("calculating,calculating"))
    assert calculating["result"]["actions"] != want["result"]["actions"]  # so the strategies decide the moves

    got = run_on_wheel(wheel, d, play("calculating,calculating"))
    assert got["reply"]["result"]["actions"] == calculating["result"]["actions"]
    assert got["fetched"] == []  # another computer player: nothing fetched
    got = run_on_wheel(wheel, d, play("equilibrium,equilibrium"))
    assert got["reply"]["result"] == want["result"]
    assert got["fetched"] == [listing[STRIPPED]["file"]]


def test_a_changed_strategies_file_is_refused_in_a_sentence_for_the_reader(staged, tmp_path):
    d, wheel, listing = staged
    bad = tmp_path / "bad"
    (bad / "data").mkdir(parents=True)
    for entry in listing.values():
        data = bytearray((d / entry["file"]).read_bytes())
        data[len(data) // 2] ^= 0x01
        (bad / entry["file"]).write_bytes(bytes(data))
    reply = run_on_wheel(wheel, bad, play("equilibrium,equilibrium"))["reply"]
    assert reply["ok"] is False
    error = reply["error"]
    assert error.startswith("The computer's solved strategies for Put could not be used: the copy this browser "
                            "received is not the one the site was built with")
    assert not any(w in error for w in (".bin", ".gz", "sha", "data/", "hostfiles", "stripped"))


def test_without_a_way_to_fetch_them_the_solved_player_plays_as_calculating(staged):
    d, wheel, _ = staged
    calculating = whole(play("calculating,calculating"))
    got = run_on_wheel(wheel, d, play("equilibrium,equilibrium"), fetch=False)
    assert got["reply"]["result"]["actions"] == calculating["result"]["actions"]

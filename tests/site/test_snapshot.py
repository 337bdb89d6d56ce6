"""The start-up snapshot and the service worker's table in a built site (issue 30): runtime.json names the snapshot
with its sha256 and size, its header is Pyodide's for the Pyodide shipped beside it, every file of the ``cache``
table has the hash given, and the service worker sits at the site's root and names no address."""

from __future__ import annotations

import hashlib
import json
import re
import struct

import pytest


@pytest.fixture(scope="module")
def manifest(site):
    m = json.loads((site / "assets" / "gamester" / "runtime.json").read_text(encoding="utf-8"))
    if not m.get("snapshot"):
        pytest.skip("built without the snapshot (GAMESTER_SNAPSHOT=0 or GAMESTER_BYTECODE=0)")
    return m


def sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


SPARSE, PAGE = 0x315A4D47, 4096


def whole(raw: bytes) -> bytes:
    """The snapshot as Pyodide has it from the file as served, which leaves out its pages of zeros (snapshot.mjs's
    ``sparse``; gamester-worker.js's ``fullSnapshot`` does the same): four words (the mark, the snapshot's length,
    the page's, the count of runs), each run (its first page and how many), then the pages' bytes in turn."""
    mark, total, page, runs = struct.unpack("<4I", raw[:16])
    assert (mark, page) == (SPARSE, PAGE)
    out = bytearray(total)
    at = 16 + 8 * runs
    for k in range(runs):
        first, count = struct.unpack("<2I", raw[16 + 8 * k:24 + 8 * k])
        n = min(count * page, total - first * page)
        out[first * page:first * page + n] = raw[at:at + n]
        at += n
    assert at == len(raw)
    return bytes(out)


def snapshot(site, manifest) -> bytes:
    return whole((site / "assets" / "gamester" / manifest["snapshot"]).read_bytes())


def test_runtime_json_names_the_snapshot_by_its_hash_and_size(site, manifest):
    snap = site / "assets" / "gamester" / manifest["snapshot"]
    assert sha256(snap) == manifest["snapshot_sha256"]
    assert snap.stat().st_size == manifest["snapshot_bytes"]


def test_the_snapshot_is_for_the_pyodide_shipped_beside_it(site, manifest):
    """restoreSnapshot (pyodide.asm.mjs) refuses a snapshot without Pyodide's magic number or whose BUILD_ID (the
    eight words after the magic, the header's length, the JSON's length and a zero) is not the one pyodide.mjs
    passes in its config: the snapshot shipped must carry the shipped Pyodide's."""
    words = struct.unpack("<12I", snapshot(site, manifest)[:48])
    assert words[0] == 0x706E7300
    build_id = "".join(f"{w:08x}" for w in words[4:12])
    loader = (site / "assets" / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    assert re.findall(r'BUILD_ID:"([0-9a-f]{64})"', loader) == [build_id]


def test_every_file_in_the_service_workers_table_has_its_hash(site, manifest):
    table = manifest["cache"]
    assert {f"gamester/{manifest[k]}" for k in ("wheel", "stdlib", "snapshot")} <= set(table)
    assert "pyodide/pyodide.asm.wasm" in table
    for name, digest in table.items():
        assert sha256(site / "assets" / name) == digest, name


def test_the_service_worker_is_at_the_root_and_names_no_address(site):
    text = (site / "gamester-sw.js").read_text(encoding="utf-8")
    assert "registration.scope" in text
    assert not re.search(r"https?://|127\.0\.0\.1|localhost", text)


def test_the_strategies_and_the_files_beside_the_snapshot_are_in_the_table_by_their_hash(site, manifest):
    """Put's solved strategies are files of their own, named by their hash and listed for the service worker; the
    wheel holds none of them; the files a snapshot start unpacks hold no code."""
    import zipfile

    table = manifest["cache"]
    assert manifest["external"], "no strategies kept out of the wheel"
    for inside, entry in manifest["external"].items():
        assert inside.endswith(".json.gz") and entry["sha256"][:16] in entry["file"]
        assert table[f"gamester/{entry['file']}"] == entry["sha256"]
    wheel = zipfile.ZipFile(site / "assets" / "gamester" / manifest["wheel"]).namelist()
    assert not [n for n in wheel if n.endswith(".json.gz")]
    files = site / "assets" / "gamester" / manifest["snapshot_files"]
    assert sha256(files) == manifest["snapshot_files_sha256"] == table[f"gamester/{manifest['snapshot_files']}"]
    names = zipfile.ZipFile(files).namelist()
    assert "gamester/hostfiles.json" in names and not [n for n in names if n.endswith((".py", ".pyc"))]


def test_a_start_from_the_snapshot_mounts_a_part_of_the_compiled_library(site, manifest):
    """The snapshot holds almost all of the compiled library imported: beside it, the library cut to the modules it
    has not imported (each entry the compiled library's, byte for byte), in the table by its hash, a small part."""
    import zipfile

    assert manifest["snapshot_stdlib"] != manifest["stdlib"]
    part = site / "assets" / "gamester" / manifest["snapshot_stdlib"]
    table = manifest["cache"]
    assert sha256(part) == manifest["snapshot_stdlib_sha256"] == table[f"gamester/{manifest['snapshot_stdlib']}"]
    whole = zipfile.ZipFile(site / "assets" / "gamester" / manifest["stdlib"])
    with zipfile.ZipFile(part) as z:
        assert z.namelist() and set(z.namelist()) < set(whole.namelist())
        for name in z.namelist():
            assert z.read(name) == whole.read(name), name
    assert part.stat().st_size * 20 < (site / "assets" / "gamester" / manifest["stdlib"]).stat().st_size


def wasm_initial_memory(wasm: bytes) -> bytearray:
    """The wasm's active data segments, each at its constant offset, as its instantiation writes them."""
    def leb(i: int, signed: bool = False) -> tuple[int, int]:
        r = s = 0
        while True:
            x = wasm[i]
            i += 1
            r |= (x & 0x7F) << s
            s += 7
            if x < 0x80:
                return (r - (1 << s) if signed and x & 0x40 else r), i
    image, i = bytearray(), 8
    while i < len(wasm):
        section, (size, i) = wasm[i], leb(i + 1)
        j, i = i, i + size
        if section != 11:
            continue
        count, j = leb(j)
        for _ in range(count):
            flags, j = leb(j)
            assert flags == 0 and wasm[j] == 0x41, "a data segment not at a constant offset of memory 0"
            offset, j = leb(j + 1, signed=True)
            assert wasm[j] == 0x0B
            length, j = leb(j + 1)
            image.extend(bytes(max(0, offset + length - len(image))))
            image[offset:offset + length] = wasm[j:j + length]
            j += length
    return image


def test_the_snapshot_is_stored_as_its_difference_from_the_wasms_initial_memory(site, manifest):
    """Pyodide's static data is in the wasm already: the snapshot keeps only its XOR with it (zeros where the
    interpreter left it as it was), over the length runtime.json gives the worker."""
    image = wasm_initial_memory((site / "assets" / "pyodide" / "pyodide.asm.wasm").read_bytes())
    assert manifest["snapshot_wasm_data"] == len(image) > 1_000_000
    raw = snapshot(site, manifest)
    body = raw[struct.unpack("<4I", raw[:16])[1]:][:len(image)]
    data = [k for k, v in enumerate(image) if v]
    assert sum(1 for k in data if body[k] == 0) > 0.7 * len(data)  # most of it as the wasm has it


def test_the_snapshot_is_served_without_its_pages_of_zeros(site, manifest):
    """Every page of the file as served has something in it, and the pages left out are the snapshot's all-zero
    pages, most of the interpreter's memory (its 31.5 MB come in some 12.5)."""
    raw = (site / "assets" / "gamester" / manifest["snapshot"]).read_bytes()
    full = whole(raw)
    assert manifest["snapshot_memory"] == len(full)  # (the buffer the worker hands Pyodide before the file comes)
    runs = struct.unpack("<I", raw[12:16])[0]
    body = raw[16 + 8 * runs:]
    assert all(any(body[k:k + PAGE]) for k in range(0, len(body), PAGE))
    kept = sum(1 for k in range(0, len(full), PAGE) if any(full[k:k + PAGE]))
    assert kept == -(-len(body) // PAGE)
    assert len(raw) < 0.6 * len(full)


def test_the_same_sources_make_the_same_snapshot(site, manifest, tmp_path):
    """The snapshot made again from the site's own compiled library and wheel, in another folder and later, is the
    site's byte for byte, and so is the part of the library beside it (snapshot.mjs fixes what would otherwise vary
    from one making to the next: the interpreter's hash seed, entropy, clocks and arguments, its random generators'
    states, the import system's folder times). So a new build that changed no file of the engine leaves the copies a
    browser holds good: its early start still finds them this build's (gamester_site.earlystart.held_sets)."""
    from gamester_site import runtime

    g = site / "assets" / "gamester"
    out = runtime.make_snapshot(g / manifest["stdlib"], g / manifest["wheel"], cache=tmp_path / "elsewhere")
    assert sha256(out) == manifest["snapshot_sha256"]
    assert out.with_name(runtime.SNAPSHOT_STDLIB_NAME).read_bytes() == (g / manifest["snapshot_stdlib"]).read_bytes()

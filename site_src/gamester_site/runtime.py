"""Puts the browser runtime into a built site: Pyodide (from npm) and our engine as a pure-Python wheel.

A step of its own, run after either builder: ``python -m gamester_site.runtime SITE_DIR`` (after ``zensical build``),
or :func:`stage` from the MkDocs hook's ``on_post_build`` (``mkdocs build`` and ``mkdocs serve``). No MkDocs import.

:func:`stage` copies the five files a page needs from ``node_modules/pyodide`` into ``assets/pyodide/`` and
builds ``engine/gamester`` into ``assets/gamester/gamester-<version>-py3-none-any.whl`` with :mod:`zipfile` (a plain
wheel needs no build backend: this takes milliseconds and works offline, under ``mkdocs build`` and ``mkdocs
serve``). ``assets/gamester/runtime.json`` tells the worker which files to fetch::

    {"pyodide": "314.0.7", "wheel": "gamester-0.1.0-py3-none-any.whl", "sha256": "...", "version": "0.1.0"}

It also writes ``assets/gamester/clause-passages.json`` (clause id -> the passages behind it, for the widgets).
Nothing is downloaded: if ``node_modules/pyodide`` is missing the build fails and says ``npm ci``.

Integrity (issue 24): before staging, the five files are checked against ``pyodide-sha256.json`` (beside this
file), which holds their sha256 for each Pyodide version we pin; one that differs (a truncated or edited wasm, an
interrupted ``npm ci``) or a version with no record fails the build in one line that says ``npm ci``. Why a table
of our own: ``package-lock.json``'s ``integrity`` is the sha512 of the npm *tarball*, which cannot be recomputed
from the unpacked files in ``node_modules``, and ``npm cache verify`` checks npm's cache, not ``node_modules`` (and
a fresh machine may have no cache). The table is made, once per Pyodide version, from that very tarball, found in
npm's cache by the lock's integrity and checked against it: ``python -m gamester_site.runtime --record-pyodide``
(after ``npm ci`` of the new version). The test suite checks the table against the tarball wherever the cache has it.

Bytecode (issue 16): Pyodide's npm package ships its standard library as source, so a fresh interpreter compiles
every module it imports, which is most of a cold start. :func:`compile_bytecode` runs ``bytecode.mjs`` in Node with
the same npm Pyodide (its own CPython 3.14: the host's .pyc carry another magic number), which writes the standard
library trimmed to what the engine needs, as .pyc, and the engine's .pyc; the wheel gains them and runtime.json
names the library (``stdlib``, ``stdlib_sha256``). The result is cached in ``.cache/bytecode/`` by the hash of
everything that goes into it, and is byte-for-byte reproducible. ``GAMESTER_BYTECODE=0`` builds without it (the
widget then boots the stock way, as it does whenever the compiled library is missing or damaged).

Snapshot (issue 30): with the bytecode, :func:`make_snapshot` runs ``snapshot.mjs`` in Node, which starts Pyodide on
the compiled library, imports and warms the engine and writes Pyodide's memory snapshot of it
(``assets/gamester/engine-snapshot.bin``; runtime.json: ``snapshot``, ``snapshot_sha256``, ``snapshot_bytes``);
the worker restores it instead of starting Python, and falls back to the ordinary start if it is refused. Cached in
``.cache/snapshot/``; ``GAMESTER_SNAPSHOT=0`` builds without it. Like the bytecode, byte-for-byte reproducible: the
same sources make the same snapshot in any folder (snapshot.mjs fixes the interpreter's hash seed, entropy, clocks
and arguments), so a new build that changed no engine file leaves the copy a browser holds good. Beside it, ``engine-files.zip`` (runtime.json:
``snapshot_files``, ``snapshot_files_sha256``) holds the wheel's files that are not code, a few kB: a start from the
snapshot unpacks that instead of fetching the wheel (the engine's modules are in the snapshot, imported; the file
system is not), and mounts ``snapshot-stdlib.zip`` (runtime.json: ``snapshot_stdlib``, ``snapshot_stdlib_sha256``)
instead of the compiled library: the few modules of that library the snapshot has not imported (the snapshot's
zip importer knows that file's table of contents, so the two go together). The snapshot is stored as its difference
(XOR) from the wasm's initial memory, Pyodide's static data, up to ``snapshot_wasm_data`` bytes into the memory:
the worker undoes it once the wasm is instantiated, before Pyodide restores it. It is served without its 4 kB
pages that are all zeros (12.5 MB of 31.5; the worker puts them back: snapshot.mjs's ``sparse``); ``snapshot_bytes``
is the file's size, ``snapshot_memory`` the snapshot's own (the worker hands Pyodide a buffer of that size before
the file has come). A first visit, whose wasm comes from the network, fetches the snapshot only when the wasm's
download, as the browser timed it, came at ``snapshot_link_mbit`` (:data:`SNAPSHOT_LINK_MBIT`) or faster, and else
starts the ordinary way; for the other cases see gamester-worker.js, ``withoutSnapshot``. runtime.json's ``cache``
gives every runtime file the worker may fetch with its sha256, for the service worker (``docs/gamester-sw.js``),
which keeps each by it (and the worker keeps what a start fetched straight from the network: gamester-worker.js,
``directFetch``).

Data kept out of the wheel (issue 30): Put's solved strategies (``engine/gamester/games/*/data/*.json.gz``, 2.3 MB,
read only by a game against Put's "equilibrium" player) are each copied as they are (gzip already) to
``assets/gamester/data/GAME-NAME.SHA16.bin``, a name that changes with the bytes; the wheel leaves them out and lists
them with their sha256 in ``gamester/hostfiles.json`` (runtime.json: ``external``), and the worker gives the engine a
way to fetch one when it first reads it (:mod:`gamester.hostfiles`). The snapshot is made without them.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

log = logging.getLogger("mkdocs.gamester_site.runtime")


class StagingError(Exception):
    """The runtime cannot be put into the site (the message says what to do)."""


ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ENGINE_DIR = ROOT / "engine" / "gamester"
# A fixed timestamp keeps the wheel byte-for-byte reproducible (zip entries carry dates).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def engine_version() -> str:
    text = (ENGINE_DIR / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.M)
    if not m:
        raise StagingError("pyodide_runtime: engine/gamester/__init__.py has no __version__")
    return m.group(1)


def engine_files() -> list[Path]:
    out = []
    for p in sorted(ENGINE_DIR.rglob("*")):
        if "openspiel" in {part.removesuffix(".py") for part in p.relative_to(ENGINE_DIR).parts}:
            continue  # the OpenSpiel adapters (gamester.openspiel, a game's openspiel module) need pyspiel
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".typed", ".json", ".txt", ".gz"):
            out.append(p)
    return out


# The engine's data files the site's wheel leaves out (issue 30): Put's solved strategies, megabytes that only a game
# against its "equilibrium" player reads. Each is a file of its own, fetched on first use (gamester.hostfiles).
EXTERNAL_GLOB = "games/*/data/*.json.gz"
EXTERNAL_DIR = "data"


def external_files() -> list[Path]:
    return sorted(p for p in ENGINE_DIR.glob(EXTERNAL_GLOB) if p.is_file())


def stage_external(dest: Path) -> dict[str, dict]:
    """Write every file of :data:`EXTERNAL_GLOB` into ``dest/data/`` under a name that carries its sha256 (so a
    host may cache it for ever), as it is (already gzip: the file is its own precompressed copy, and ``.bin`` keeps
    hosts from sending it with a Content-Encoding); return the wheel's listing (``gamester/hostfiles.json``)."""
    out_dir = dest / EXTERNAL_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    listing: dict[str, dict] = {}
    keep: set[str] = set()
    for p in external_files():
        rel = p.relative_to(ENGINE_DIR)
        data = p.read_bytes()
        sha = hashlib.sha256(data).hexdigest()
        name = f"{rel.parts[1]}-{p.name.removesuffix('.json.gz')}.{sha[:16]}.bin"
        target = out_dir / name
        if not (target.is_file() and file_sha256(target) == sha):
            target.write_bytes(data)
        keep.add(name)
        listing[rel.as_posix()] = {"file": f"{EXTERNAL_DIR}/{name}", "sha256": sha, "bytes": len(data)}
    for old in out_dir.iterdir():
        if old.name not in keep:
            old.unlink()
    return listing


def build_wheel(dest_dir: Path, bytecode: dict[str, bytes] | None = None,
                external: dict[str, dict] | None = None, stored: bool = False) -> tuple[str, str]:
    """Write the engine wheel into ``dest_dir`` (with ``bytecode``, {archive path: .pyc}, if given; without the data
    files ``external`` lists, :func:`stage_external`'s listing, which it holds as ``gamester/hostfiles.json``);
    return (filename, sha256 hex). ``stored``: its files not deflated, as the site ships it (the host's brotli over
    the whole wheel sends 0.59 MB where a deflated wheel is 0.87 MB; see bytecode.mjs's library)."""
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    version = engine_version()
    name = f"gamester-{version}-py3-none-any.whl"
    dist_info = f"gamester-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for p in engine_files():
        rel = p.relative_to(ENGINE_DIR).as_posix()
        if external is not None and rel in external:
            continue
        entries.append(("gamester/" + rel, p.read_bytes()))
    if external:
        entries.append(("gamester/hostfiles.json", (json.dumps(external, indent=1, sort_keys=True) + "\n").encode()))
    entries.extend(sorted((bytecode or {}).items()))
    entries.append((f"{dist_info}/METADATA", (
        "Metadata-Version: 2.1\nName: gamester\n"
        f"Version: {version}\nSummary: Rules engine for the card games of Cotton's Compleat Gamester (1674)\n"
        "Requires-Python: >=3.11\nLicense: MIT\n").encode()))
    entries.append((f"{dist_info}/WHEEL", (
        b"Wheel-Version: 1.0\nGenerator: gamester-site-hook\nRoot-Is-Purelib: true\nTag: py3-none-any\n")))
    entries.append((f"{dist_info}/top_level.txt", b"gamester\n"))
    record_lines = []
    for arc, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{arc},sha256={digest},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        for arc, data in entries:
            info = zipfile.ZipInfo(arc, ZIP_DATE)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    data = buf.getvalue()
    dest_dir.mkdir(parents=True, exist_ok=True)
    for old in dest_dir.glob("gamester-*.whl"):
        old.unlink()
    (dest_dir / name).write_bytes(data)
    return name, hashlib.sha256(data).hexdigest()


def pyodide_version() -> str:
    try:
        return json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, KeyError, ValueError) as e:
        raise StagingError(f"pyodide_runtime: cannot read {PYODIDE_DIR}/package.json ({e}); run `npm ci`") from None


PYODIDE_HASHES = Path(__file__).with_name("pyodide-sha256.json")
LOCK = ROOT / "package-lock.json"


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            h.update(block)
    return h.hexdigest()


def recorded_hashes(version: str) -> dict[str, str]:
    try:
        table = json.loads(PYODIDE_HASHES.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise StagingError(f"pyodide_runtime: cannot read {PYODIDE_HASHES.name} ({e})") from None
    if version not in table:
        raise StagingError(f"pyodide_runtime: Pyodide {version} has no recorded file hashes in {PYODIDE_HASHES.name}"
                           ": run `npm ci` (or, for a new pin, `python -m gamester_site.runtime --record-pyodide`)")
    return table[version]


def verify_pyodide() -> dict[str, str]:
    """The sha256 of the five runtime files, each checked against the record for the installed version."""
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_DIR / f).is_file()]
    if missing:
        raise StagingError(f"pyodide_runtime: {', '.join(missing)} missing from {PYODIDE_DIR}: run `npm ci`")
    version = pyodide_version()
    if LOCK.is_file():
        locked = json.loads(LOCK.read_text(encoding="utf-8"))["packages"].get("node_modules/pyodide", {})
        if locked.get("version", version) != version:
            raise StagingError(f"pyodide_runtime: {PYODIDE_DIR} holds Pyodide {version}, package-lock.json pins "
                               f"{locked['version']}: run `npm ci`")
    expected = recorded_hashes(version)
    got = {f: file_sha256(PYODIDE_DIR / f) for f in PYODIDE_FILES}
    bad = [f for f in PYODIDE_FILES if got[f] != expected.get(f)]
    if bad:
        raise StagingError(f"pyodide_runtime: {', '.join(bad)} in {PYODIDE_DIR} is not Pyodide {version}'s (its "
                           "sha256 differs from the recorded one; damaged or incomplete): run `npm ci`")
    return got


def tarball_in_npm_cache(integrity: str, cache: Path | None = None) -> Path:
    """Where npm's content-addressed cache keeps the tarball of ``integrity`` (``sha512-BASE64``)."""
    algo, _, b64 = integrity.partition("-")
    digest = base64.b64decode(b64).hex()
    root = cache or Path(os.environ.get("npm_config_cache") or Path.home() / ".npm") / "_cacache"
    return root / "content-v2" / algo / digest[:2] / digest[2:4] / digest[4:]


def hashes_from_tarball(tarball: Path, integrity: str) -> dict[str, str]:
    """The sha256 of the five runtime files inside the npm tarball, once the tarball matches ``integrity``."""
    import tarfile

    algo, _, b64 = integrity.partition("-")
    data = tarball.read_bytes()
    if base64.b64encode(hashlib.new(algo, data).digest()).decode() != b64:
        raise StagingError(f"pyodide_runtime: {tarball} does not match the lock's integrity {integrity[:24]}...")
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        return {f: hashlib.sha256(tar.extractfile(f"package/{f}").read()).hexdigest() for f in PYODIDE_FILES}


def record_pyodide(lock: Path = LOCK) -> str:
    """Add the locked Pyodide's file hashes to ``pyodide-sha256.json``, from its tarball in npm's cache."""
    entry = json.loads(lock.read_text(encoding="utf-8"))["packages"]["node_modules/pyodide"]
    tarball = tarball_in_npm_cache(entry["integrity"])
    if not tarball.is_file():
        raise StagingError(f"pyodide_runtime: the tarball of Pyodide {entry['version']} is not in npm's cache: "
                           "run `npm ci` first")
    table = json.loads(PYODIDE_HASHES.read_text(encoding="utf-8")) if PYODIDE_HASHES.is_file() else {}
    table[entry["version"]] = hashes_from_tarball(tarball, entry["integrity"])
    PYODIDE_HASHES.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return entry["version"]


def copy_pyodide(dest: Path) -> None:
    verify_pyodide()
    dest.mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_FILES:
        src, dst = PYODIDE_DIR / f, dest / f
        # Skip unchanged files (mkdocs serve rebuilds often; the wasm is 9.6 MB).
        if dst.is_file() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
            continue
        shutil.copy2(src, dst)


BYTECODE_SCRIPT = Path(__file__).with_name("bytecode.mjs")
BYTECODE_CACHE = ROOT / ".cache" / "bytecode"
STDLIB_NAME = "python_stdlib.compiled.zip"


def bytecode_key(source_wheel: Path) -> str:
    """The cache key of the compiled bytecode: the hash of everything that goes into it."""
    key = hashlib.sha256()
    # Every file of the runtime (the wasm is the interpreter that compiles), the script and the engine.
    parts = (BYTECODE_SCRIPT, PYODIDE_DIR / "package.json", *(PYODIDE_DIR / f for f in PYODIDE_FILES), source_wheel)
    for part in parts:
        key.update(bytes.fromhex(file_sha256(part)))
    return key.hexdigest()[:20]


def compile_bytecode(source_wheel: Path, cache: Path = BYTECODE_CACHE) -> Path:
    """The directory holding ``stdlib.zip``, ``engine.zip`` and ``report.json`` for this engine and Pyodide."""
    out = cache / bytecode_key(source_wheel)
    if all((out / f).is_file() for f in ("stdlib.zip", "engine.zip", "report.json")):
        return out
    node = shutil.which("node")
    if node is None:
        raise StagingError("pyodide_runtime: Node is needed to compile the bytecode (it comes with npm; or build "
                           "with GAMESTER_BYTECODE=0)")
    tmp = Path(tempfile.mkdtemp(prefix="bytecode-", dir=cache.parent if cache.parent.is_dir() else None))
    proc = subprocess.run([node, str(BYTECODE_SCRIPT), str(PYODIDE_DIR), str(source_wheel), str(tmp)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        why = [ln for ln in proc.stderr.splitlines() if ln.strip() and len(ln) < 400][-6:]
        raise StagingError("pyodide_runtime: bytecode.mjs failed: " + " | ".join(why))
    cache.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out, ignore_errors=True)
    tmp.replace(out)
    log.info("runtime: compiled bytecode %s", proc.stdout.strip())
    return out


def bytecode_wanted() -> bool:
    return os.environ.get("GAMESTER_BYTECODE", "1").strip() not in ("0", "no", "off", "false")


FILES_NAME = "engine-files.zip"


def build_files_zip(wheel: Path, dest: Path) -> str:
    """The engine wheel's files that are not code (its data, its metadata), as a zip beside it: what a start from
    the snapshot unpacks instead of the wheel (every engine module is already imported in the snapshot, and the
    file system is not part of it). Returns its sha256."""
    buf = io.BytesIO()
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            if not info.filename.endswith((".py", ".pyc")):
                out.writestr(info, src.read(info))
    dest.write_bytes(buf.getvalue())
    return hashlib.sha256(buf.getvalue()).hexdigest()


SNAPSHOT_SCRIPT = Path(__file__).with_name("snapshot.mjs")
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshot"
SNAPSHOT_NAME = "engine-snapshot.bin"  # gamester-worker.js reads it early from storage by this name (SNAPSHOT_GUESS)
SNAPSHOT_STDLIB_NAME = "snapshot-stdlib.zip"
#: The link, in Mbit/s (as the worker reads it from the wasm's download, a little low), below which a first visit
#: starts without the snapshot: there its 1.45 MB more (brotli) took about as long to fetch as the snapshot saved, or
#: longer. Where the two starts took the same time, fitted by benchmarks/crossover.py (the README's tables), was 7 to
#: 28 Mbit/s in the runs so far (different loads, methods and versions of the start).
SNAPSHOT_LINK_MBIT = 15


def snapshot_wanted() -> bool:
    return os.environ.get("GAMESTER_SNAPSHOT", "1").strip() not in ("0", "no", "off", "false")


def make_snapshot(stdlib: Path, wheel: Path, cache: Path = SNAPSHOT_CACHE) -> Path:
    """The memory snapshot (``snapshot.mjs``) of an interpreter started on ``stdlib`` with ``wheel``'s engine
    imported and warmed; cached by the hash of everything that goes into it. Beside it (the same folder,
    :data:`SNAPSHOT_STDLIB_NAME`), the part of ``stdlib`` a start from it mounts, and ``snapshot.json``, what
    snapshot.mjs said of it (``wasm_data``: how far into the memory its difference from the wasm's runs)."""
    key = hashlib.sha256()
    for part in (SNAPSHOT_SCRIPT, PYODIDE_DIR / "package.json", *(PYODIDE_DIR / f for f in PYODIDE_FILES), stdlib,
                 wheel):
        key.update(bytes.fromhex(file_sha256(part)))
    out = cache / key.hexdigest()[:20] / SNAPSHOT_NAME
    lib, about = out.with_name(SNAPSHOT_STDLIB_NAME), out.with_name("snapshot.json")
    if out.is_file() and lib.is_file() and about.is_file():
        return out
    node = shutil.which("node")
    if node is None:
        raise StagingError("pyodide_runtime: Node is needed to make the start-up snapshot (or build with "
                           "GAMESTER_SNAPSHOT=0)")
    tmp, tmp_lib = out.with_name(out.name + ".part"), lib.with_name(lib.name + ".part")
    out.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([node, str(SNAPSHOT_SCRIPT), str(PYODIDE_DIR), str(stdlib), str(wheel), str(tmp),
                           str(tmp_lib)], capture_output=True, text=True)
    if proc.returncode != 0:
        tmp.unlink(missing_ok=True)
        tmp_lib.unlink(missing_ok=True)
        why = [ln for ln in proc.stderr.splitlines() if ln.strip() and len(ln) < 400][-6:]
        raise StagingError("pyodide_runtime: snapshot.mjs failed: " + " | ".join(why))
    tmp_lib.replace(lib)
    about.write_text(proc.stdout.strip().splitlines()[-1] + "\n", encoding="utf-8")
    tmp.replace(out)
    log.info("runtime: made the start-up snapshot %s", proc.stdout.strip())
    return out


def cache_table(site: Path, manifest: dict) -> dict[str, str]:
    """Every runtime file the worker fetches, by its path under ``assets/``, with its sha256: what the service
    worker keeps, and checks before it keeps it."""
    names = [f"pyodide/{f}" for f in PYODIDE_FILES if f != "python_stdlib.zip"]
    names += [f"gamester/{manifest[k]}" for k in ("wheel", "stdlib", "snapshot", "snapshot_files", "snapshot_stdlib")
              if manifest.get(k)]
    names += [f"gamester/{e['file']}" for e in manifest.get("external", {}).values()]
    return {n: file_sha256(site / "assets" / n) for n in names}


def stage(site_dir: str | os.PathLike) -> dict:
    """Put Pyodide, the engine wheel, ``runtime.json`` and ``clause-passages.json`` into ``site_dir``, and the list
    of what a browser keeps to use the site with no network (:mod:`gamester_site.keeplist`)."""
    site = Path(site_dir)
    copy_pyodide(site / "assets" / "pyodide")
    dest = site / "assets" / "gamester"
    external = stage_external(dest)
    extra: dict = {}
    if bytecode_wanted():
        with tempfile.TemporaryDirectory() as tmp:
            source_wheel, _ = build_wheel(Path(tmp), external=external)
            compiled = compile_bytecode(Path(tmp) / source_wheel)
        with zipfile.ZipFile(compiled / "engine.zip") as zf:
            pyc = {n: zf.read(n) for n in zf.namelist()}
        stdlib = (compiled / "stdlib.zip").read_bytes()
        dest.mkdir(parents=True, exist_ok=True)
        (dest / STDLIB_NAME).write_bytes(stdlib)
        report = json.loads((compiled / "report.json").read_text(encoding="utf-8"))
        extra = {"stdlib": STDLIB_NAME, "stdlib_sha256": hashlib.sha256(stdlib).hexdigest(),
                 "stdlib_modules": report["stdlib_modules"], "python": report["python"]}
    else:
        pyc = None
        (dest / STDLIB_NAME).unlink(missing_ok=True)
    wheel, sha = build_wheel(dest, pyc, external, stored=True)
    if extra and snapshot_wanted():
        snap = make_snapshot(dest / STDLIB_NAME, dest / wheel)
        shutil.copyfile(snap, dest / SNAPSHOT_NAME)
        shutil.copyfile(snap.with_name(SNAPSHOT_STDLIB_NAME), dest / SNAPSHOT_STDLIB_NAME)
        about = json.loads(snap.with_name("snapshot.json").read_text())
        extra.update(snapshot=SNAPSHOT_NAME, snapshot_sha256=file_sha256(snap), snapshot_bytes=snap.stat().st_size,
                     snapshot_files=FILES_NAME, snapshot_files_sha256=build_files_zip(dest / wheel, dest / FILES_NAME),
                     snapshot_stdlib=SNAPSHOT_STDLIB_NAME,
                     snapshot_stdlib_sha256=file_sha256(dest / SNAPSHOT_STDLIB_NAME),
                     snapshot_wasm_data=about["wasm_data"], snapshot_memory=about["memory"],
                     snapshot_link_mbit=SNAPSHOT_LINK_MBIT)
    else:
        for name in (SNAPSHOT_NAME, FILES_NAME, SNAPSHOT_STDLIB_NAME):
            (dest / name).unlink(missing_ok=True)
    manifest = {"pyodide": pyodide_version(), "wheel": wheel, "sha256": sha, "version": engine_version(),
                "files": list(PYODIDE_FILES), **extra, "external": external}
    manifest["cache"] = cache_table(site, manifest)
    (site / "assets" / "gamester" / "runtime.json").write_text(json.dumps(manifest, indent=1) + "\n",
                                                             encoding="utf-8")
    from gamester_site.downloads import write_assets

    write_assets(str(site))
    from gamester_site.earlystart import mark_pages

    mark_pages(site)
    from gamester_site import keeplist

    keeplist.write(site, manifest["cache"])  # (last: the pages and scripts as they will be served)
    log.debug("runtime: %s and Pyodide %s in %s", wheel, manifest["pyodide"], site / "assets")
    return manifest


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--record-pyodide"]:
        try:
            version = record_pyodide()
        except StagingError as ex:
            print(ex, file=sys.stderr)
            return 2
        print(f"recorded the sha256 of Pyodide {version}'s runtime files in {PYODIDE_HASHES.name}")
        return 0
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m gamester_site.runtime SITE_DIR  (after a build: puts Pyodide and the engine in)"
              "  or  --record-pyodide",
              file=sys.stderr)
        return 2
    if not Path(args[0]).is_dir():
        print(f"gamester_site.runtime: no built site at {args[0]}", file=sys.stderr)
        return 2
    try:
        manifest = stage(args[0])
    except StagingError as ex:
        print(ex, file=sys.stderr)
        return 2
    print(f"staged Pyodide {manifest['pyodide']} and {manifest['wheel']} into {args[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

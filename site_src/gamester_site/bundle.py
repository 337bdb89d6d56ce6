"""The classroom copy: one zip of the built site plus the one-file server, for a machine without internet.

    python -m gamester_site.bundle SITE_DIR OUT_DIR      (``nox -s bundle`` builds the site first)

The zip holds one folder, ``gamester/``: ``site/`` (the pages, Pyodide, the engine wheel), ``serve.py`` (Python 3
standard library only: 127.0.0.1, the right types, a free port if 8000 is taken) and ``README.txt``. A teacher
unzips it anywhere and runs ``python3 serve.py --open`` in that folder (on Windows ``py serve.py --open``): the site
opens in the browser, widgets included, and nothing is fetched from the network. The site is built with Material's
offline plugin (``GAMESTER_OFFLINE=true``), so ``site/index.html`` double-clicked works too, without the live parts. Entries carry a fixed date, so the
same site gives the same zip. The gzip copies of ``nox -s build`` are left out (a local server gains nothing).
"""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
TOP = "gamester"

README = """Gamester, a classroom copy (works without internet)
===================================================

Just reading: double-click site/index.html. The pages, their menus, search, printing (handouts, exercises) and the
projector view all work from the file. The live parts (games against the computer, "Another question", class
sets) run the card engine, which a browser will not start from a file: for those, start the server below.

With the live parts: you need Python 3 (https://www.python.org, or your system's python3). Nothing else, no network.

1. Unzip this file anywhere (you have done that if you are reading this).
2. In this folder, run:

       python3 serve.py --open          (Windows: py serve.py --open)

   The site opens in your web browser at the address it prints, e.g. http://127.0.0.1:8000/ .
   If port 8000 is taken, it picks a free port and says which. Ctrl-C stops it.

The first use of a live part on a machine takes a few seconds while the engine starts in the browser.

Serving the whole room from one machine
---------------------------------------
Only this machine can reach the server above (127.0.0.1). To serve every pupil from the teacher's machine:

1. On that machine, in this folder, run:   python3 serve.py --host 0.0.0.0 --port 8000
2. Find that machine's address on the school network (Windows: "ipconfig", the IPv4 address; macOS: System
   Settings > Network; Linux: "hostname -I"), e.g. 192.168.1.20.
3. Give the pupils that address with the port: http://192.168.1.20:8000/ . Each pupil's browser runs its own
   engine; the teacher's machine only sends the files.

What this exposes: every machine that can reach the teacher's machine on that port can read the site (read-only:
its pages and files, nothing else; it takes no uploads and runs nothing). The server
says so when it starts. If pupils cannot connect, the machine's firewall may be blocking the port: allow Python on
the private network for the lesson. Ctrl-C stops it at the end.

Printing: each game page has "Print the handout" (two pages: the rules in brief, one worked example, the words).
Class sets (a numbered exercise sheet for every pupil, and the answer key) are made on each game's Teach page.
"""


def _add(zf: zipfile.ZipFile, arc: str, data: bytes) -> None:
    info = zipfile.ZipInfo(arc, ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o755 if arc.endswith(".py") else 0o644) << 16
    zf.writestr(info, data, compresslevel=9)


def make_bundle(site: Path, out_dir: Path, name: str = "gamester-classroom.zip") -> Path:
    if not (site / "index.html").is_file() or not (site / "assets" / "gamester" / "runtime.json").is_file():
        raise FileNotFoundError(f"{site} is not a built site with the widget runtime (index.html, "
                                "assets/gamester/runtime.json)")
    if not (site / "search" / "search_index.js").is_file():
        raise FileNotFoundError(f"{site} was not built for the classroom (no search/search_index.js): build it "
                                "with GAMESTER_OFFLINE=true, as nox -s bundle does")
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / name
    tmp = out.with_suffix(".zip.part")
    with zipfile.ZipFile(tmp, "w") as zf:
        _add(zf, f"{TOP}/README.txt", README.encode())
        _add(zf, f"{TOP}/serve.py", (Path(__file__).parent / "serve.py").read_bytes())
        for f in sorted(site.rglob("*")):
            if f.is_file() and not f.name.endswith(".gz"):
                _add(zf, f"{TOP}/site/{f.relative_to(site).as_posix()}", f.read_bytes())
    shutil.move(tmp, out)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m gamester_site.bundle SITE_DIR OUT_DIR", file=sys.stderr)
        return 2
    try:
        out = make_bundle(Path(args[0]), Path(args[1]))
    except FileNotFoundError as ex:
        print(f"gamester_site.bundle: {ex}", file=sys.stderr)
        return 2
    with zipfile.ZipFile(out) as zf:
        raw = sum(i.file_size for i in zf.infolist())
        n = len(zf.infolist())
    print(f"wrote {out}: {out.stat().st_size / 1e6:.1f} MB ({n} files, {raw / 1e6:.1f} MB unzipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

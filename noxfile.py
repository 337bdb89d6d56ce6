"""Every task a user or CI runs. Bare ``nox`` runs what CI runs (see ``nox.options.sessions``).

    nox               lint, tests, docs, pyodide, browser  (the README's test command, ./run test)
    pytest            the fast suite alone, on every core, from the root with the dev requirements (no build, < 1 min)
    nox -s serve      build the site and serve it on http://127.0.0.1:8000 with working widgets (./run serve)
    nox -s build      the deployable site in site/ (SITE_URL from the environment; gzip + brotli copies)
    nox -s bundle     the classroom copy: dist/gamester-classroom.zip (site + one-file server)
    nox -s zensical   a trial build with Zensical, compared page by page with the MkDocs build (not in CI)
    nox -s bench      engine and site-build figures (printed, never asserted)
    nox -s soak       the long property run (>= 100,000 random games)
    nox -s golden     regenerate the golden transcripts in tests/golden/ (one per game and seed, plain text)
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import nox
import nox.command

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["lint", "tests", "docs", "pyodide", "browser"]

REQS = "requirements/dev.txt"
PY = "3.11"
ENV = {"NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0"}
# What the site is built from: a build made by an earlier session of this nox run is reused while none of these
# changed (docs and browser test the same build; CI builds once, not twice).
SITE_INPUTS = ("mkdocs.yml", "docs", "engine", "site_src", "sources", "package-lock.json")
_built: dict[str, tuple] = {}  # what an earlier session of this nox run made: "site" (its inputs)


def _install(session: nox.Session) -> None:
    if session.venv_backend != "none":
        session.install("-r", REQS)
        # uv keeps an editable install it has seen; reinstall so that a changed package layout is picked up.
        session.install("-e", ".", *(["--reinstall-package", "gamester"] if session.venv_backend == "uv" else []))
        session.install("-e", "site_src")  # the site's build code: its own distribution (site_src/pyproject.toml)


def _pyodide_damaged(root: str = ".") -> str | None:
    """What is wrong with ``node_modules/pyodide`` under ``root`` (its runtime files checked against the hashes the
    repository records, by gamester_site.runtime), or None when it is intact."""
    spec = importlib.util.spec_from_file_location("_gamester_runtime", "site_src/gamester_site/runtime.py")
    runtime = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runtime)
    runtime.PYODIDE_DIR = Path(root) / "node_modules" / "pyodide"
    runtime.LOCK = Path(root) / "package-lock.json"
    try:
        runtime.verify_pyodide()
    except runtime.StagingError as ex:
        return str(ex)
    return None


def _npm(session: nox.Session, root: str = ".") -> None:
    """Pyodide and axe-core come from npm, pinned by package-lock.json: ``npm ci`` runs when node_modules is
    missing or was installed from another lock (npm writes the lock it installed to node_modules/.package-lock.json,
    so a lock changed by a pull is noticed), when Pyodide's runtime files are not those recorded for the pinned
    version (a damaged or interrupted install with a fresh date). CI's own ``npm ci`` (.ci/run) comes first, so it is
    not run twice."""
    lock, installed = Path(root) / "package-lock.json", Path(root) / "node_modules" / ".package-lock.json"
    stale = not installed.is_file() or installed.stat().st_mtime < lock.stat().st_mtime
    damaged = None if stale else _pyodide_damaged(root)
    if damaged:
        session.log(f"{damaged.removeprefix('pyodide_runtime: ')} (running it)")
    if stale or damaged:
        session.run("npm", "ci", "--no-audit", "--no-fund", external=True)


def _apt(session: nox.Session, package: str, needed_for: str) -> None:
    """A Debian package a session needs (its command has the package's name): installed when missing and root."""
    if shutil.which(package):
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        session.run("apt-get", "update", "-qq", external=True)
        session.run("apt-get", "install", "-y", "-qq", package, external=True)
    else:
        session.error(f"{package} is needed for {needed_for}: sudo apt-get install {package}")


def _inputs() -> tuple:
    """Every file the site is built from (those git tracks or would track: not the egg-info an install writes, nor
    __pycache__), with its size and modification time."""
    try:
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "--", *SITE_INPUTS],
                                capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):  # not a git checkout
        listed = [str(f) for top in SITE_INPUTS for f in (Path(top).rglob("*") if Path(top).is_dir() else [Path(top)])
                  if not any(part.endswith(".egg-info") or part == "__pycache__" for part in f.parts)]
    files = []
    for name in sorted(listed):
        f = Path(name)
        if f.is_file():
            st = f.stat()
            files.append((name, st.st_size, st.st_mtime_ns))
    return tuple(files)


def _build_site(session: nox.Session) -> None:
    """The strict build into ./site, once per nox run: a later session (browser after docs) reuses it when nothing
    it is built from has changed since."""
    if _built.get("site") == _inputs() and Path("site/assets/gamester/runtime.json").is_file():
        session.log("site/ was built by an earlier session of this run from the same files: reusing it")
        return
    session.run("mkdocs", "build", "--strict", env=ENV)
    _built["site"] = _inputs()


def _chromium(session: nox.Session) -> None:
    """Browser tests drive Debian's Chromium (a browser download is impossible here)."""
    _apt(session, "chromium", "the browser tests")


def _jing(session: nox.Session) -> None:
    """The TEI downloads are validated against TEI P5 tei_all by jing (Debian's package; it needs Java)."""
    _apt(session, "jing", "the TEI validity tests")


@nox.session(python=PY)
def lint(session: nox.Session) -> None:
    if session.venv_backend != "none":
        session.install("ruff==0.17.6")
    session.run("ruff", "check", "engine", "tests", "docs/hooks", "site_src", "benchmarks", "noxfile.py")


@nox.session(python=PY)
def tests(session: nox.Session) -> None:
    """The fast suite (a bare ``pytest``: engine, sources, solver, goldens, layout) and its ``heavy`` tests. The site
    tests run in ``docs``, on its build; browser, Pyodide and soak have their own sessions."""
    _install(session)
    _jing(session)
    session.run("pytest", "-m", "not slow and not browser", *session.posargs, env=ENV)


@nox.session(python=PY)
def soak(session: nox.Session) -> None:
    """The long property run: at least 100,000 random games per game."""
    _install(session)
    session.run("pytest", "-m", "slow", "-p", "no:cacheprovider", *session.posargs,
                env={**ENV, "GAMESTER_SOAK": "100000"})


@nox.session(python=PY)
def bench(session: nox.Session) -> None:
    """Figures, not assertions: settlements per second, site build time."""
    _install(session)
    for script in sorted(os.listdir("benchmarks")):
        if script.startswith("bench_") and script.endswith(".py"):
            session.run("python", f"benchmarks/{script}", *session.posargs, env=ENV)


@nox.session(python=PY)
def golden(session: nox.Session) -> None:
    """Regenerate the golden transcripts tests/golden/GAME-seedS.txt, one per registered game and seed (review the
    diff like code)."""
    _install(session)
    session.run("python", "tests/golden/regenerate.py", env=ENV)


@nox.session(python=PY)
def docs(session: nox.Session) -> None:
    """The strict site build, and the site tests (tests/site) on it: the build, its hooks, the runtime staging
    (node_modules/pyodide), the bytecode, the server."""
    _install(session)
    _npm(session)
    _build_site(session)
    # -n 0: one process (the serve tests start servers and count their threads and CPU while others wait)
    session.run("pytest", "tests/site", "-m", "not slow and not browser", "-n", "0", *session.posargs,
                env={**ENV, "GAMESTER_SITE_DIR": str(Path("site").resolve())})


@nox.session(python=PY)
def build(session: nox.Session) -> None:
    """The deployable site in ./site: strict build (SITE_URL from the environment if set, else no address), the
    browser runtime, and gzip and brotli copies of the files that gain (see README, "Publishing"; the outputs are
    cached by content in .cache/precompressed, so only a changed runtime pays brotli's ~40 s at quality 11)."""
    _install(session)
    _npm(session)
    session.run("mkdocs", "build", "--strict", env=ENV)
    session.run("python", "-m", "gamester_site.precompress", "site", env=ENV)


@nox.session(python=PY)
def bundle(session: nox.Session) -> None:
    """The classroom copy: dist/gamester-classroom.zip, the built site plus the one-file server (no network)."""
    _install(session)
    _npm(session)
    out = ".cache/bundle-site"
    # GAMESTER_OFFLINE: Material's offline plugin (mkdocs.yml), so the pages also work from a double-clicked index.html
    session.run("mkdocs", "build", "--strict", "-q", "-d", out, env={**ENV, "SITE_URL": "", "GAMESTER_OFFLINE": "true"})
    session.run("python", "-m", "gamester_site.bundle", out, "dist", env=ENV)


@nox.session(python=PY)
def zensical(session: nox.Session) -> None:
    """A trial build with Zensical (Material's announced successor; not a default session), checked against the
    MkDocs build: the same words, widgets, tooltips and widget bases on every page. When no Zensical installs it
    says so and stops without failing (see MAINTAINING.md)."""
    _install(session)
    _npm(session)
    if session.venv_backend != "none":
        try:
            session.install("zensical")  # the newest that installs: 0.1.x needs zensical-ui, which is not on PyPI
        except nox.command.CommandFailed:
            session.skip("Zensical cannot be installed here: nothing to compare (see MAINTAINING.md)")
    session.run("python", "-c", "import importlib.metadata as m; print('zensical', m.version('zensical'))")
    mk, zs = ".cache/compare-mkdocs", ".cache/compare-zensical"
    env = {**ENV, "SITE_URL": ""}
    session.run("zensical", "build", "--strict", "--clean", env={**env, "SITE_DIR": zs})
    session.run("python", "-m", "gamester_site.runtime", zs, env=env)  # Zensical runs no hooks: the staging step
    session.run("mkdocs", "build", "--strict", "-q", "-d", mk, env=env)
    session.run("python", "-m", "gamester_site.sitecounts", mk, zs, env=env)


@nox.session(python=PY)
def serve(session: nox.Session) -> None:
    """Build the site and serve it on http://127.0.0.1:8000 (widgets included); Ctrl-C stops it at once.

    ``nox -s serve -- --port 0`` picks a free port; ``nox -s serve -- --live`` runs ``mkdocs serve`` instead (rebuilds
    on every edit, for authors)."""
    _install(session)
    _npm(session)
    args = list(session.posargs)
    if "--live" in args:
        args.remove("--live")
        session.run("mkdocs", "serve", "--strict", "-a", "127.0.0.1:8000", *args, env=ENV)
        return
    port = args[args.index("--port") + 1] if "--port" in args else "8000"
    out = ".cache/serve-site"
    # This copy's own address (port 0: none, and instant-anywhere.js makes the links work all the same). The
    # deployable build (nox -s build) takes SITE_URL from the environment or has none.
    env = {**ENV, "SITE_URL": f"http://127.0.0.1:{port}/"} if port != "0" else ENV
    session.run("mkdocs", "build", "--strict", "-q", "-d", out, env=env)
    session.run("python", "-m", "gamester_site.serve", out, *args, env=ENV)


@nox.session(python=PY)
def pyodide(session: nox.Session) -> None:
    """The engine's fast tests inside Pyodide under Node (each property test with a fifth of its examples; the
    ``heavy`` ones run on CPython in ``tests``), and the CPython/Pyodide parity check (see tests/pyodide/run.py)."""
    _install(session)
    if session.venv_backend != "none":
        session.install("pip")  # run.py downloads pure 3.14 wheels with pip (uv's venvs have no pip)
    _npm(session)
    session.run("python", "tests/pyodide/run.py", *session.posargs, env=ENV)


@nox.session(python=PY)
def browser(session: nox.Session) -> None:
    """Playwright tests of the built site in Debian's Chromium, served on 127.0.0.1."""
    _install(session)
    _npm(session)
    _chromium(session)
    _build_site(session)
    session.run("pytest", "tests/browser", "-m", "browser", *session.posargs, env=ENV)

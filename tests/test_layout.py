"""The engine's shape (issue #10), checked: no import circle, short modules, argparse only in the CLI, and no game
named outside its own package (in the core, the hosts, the renderer, the widget script or the site hooks).

The import graph is read from the source with :mod:`ast`, imports inside functions included; an edge goes from a
module to each ``gamester`` module it imports. The implicit import of a parent package (importing
``gamester.games.put.state`` runs ``gamester/__init__`` first) is not an edge, as in every import-graph tool.
"""

from __future__ import annotations

import ast
import pathlib
import re
import tomllib

import pytest

from gamester import all_games

ROOT = pathlib.Path(__file__).resolve().parents[1]
PKG = ROOT / "engine" / "gamester"
MAX_LINES = 600


def _modules() -> dict[str, pathlib.Path]:
    out = {}
    for p in sorted(PKG.rglob("*.py")):
        parts = list(p.relative_to(PKG.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


MODULES = _modules()


def _package(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rsplit(".", 1)[0]


def _imports(name: str) -> set[str]:
    """The gamester modules ``name`` imports, anywhere in its body."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "gamester"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package(name).split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "gamester":
                continue
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.add(sub if sub in MODULES else target)
    return {m for m in out if m in MODULES and m != name}


def graph() -> dict[str, set[str]]:
    return {m: _imports(m) for m in MODULES}


def _cycle(g: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(g.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state and (c := visit(n)):
                return c
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(g):
        if m not in state and (c := visit(m)):
            return c
    return None


def test_no_import_circle():
    g = graph()
    assert len(g) > 30 and g["gamester.registry"]  # the graph was read
    assert _cycle(g) is None, " -> ".join(_cycle(g))


def test_the_cycle_finder_finds_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_core_imports_no_game_and_no_host():
    g = graph()
    core = [m for m in g if not m.startswith(("gamester.games.", "gamester.hosts."))
            and m not in ("gamester", "gamester.__main__")]
    for m in core:
        bad = {n for n in g[m] if n.startswith(("gamester.games.", "gamester.hosts."))}
        if m == "gamester.games":  # the package that finds the games imports them by name only (importlib)
            continue
        assert not bad, f"{m} imports {bad}"


def test_no_module_above_600_lines():
    """One test over every module (the engine, the hooks, the site's build code, the widget scripts): it names
    each that is too long."""
    paths = [*PKG.rglob("*.py"), *(ROOT / "docs" / "hooks").rglob("*.py"), *(ROOT / "site_src").rglob("*.py"),
             *(ROOT / "docs" / "javascripts").glob("*.js")]
    assert len(paths) > 100  # the globs still find the tree
    long = {str(p.relative_to(ROOT)): n for p in sorted(paths)
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules above {MAX_LINES} lines: {long}"


def test_argparse_only_in_the_cli():
    users = sorted(m for m in MODULES if re.search(r"^\s*(import argparse|from argparse)", MODULES[m].read_text(
        encoding="utf-8"), re.M))
    assert users == ["gamester.hosts.cli"]


def _code_strings(path: pathlib.Path) -> list[str]:
    """The string constants of a Python file that are not docstrings (what the code does, not what it says)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs]


def _words() -> list[str]:
    out = []
    for spec in all_games().values():
        out += [spec.name, spec.title, *spec.site.widgets]  # (clause prefixes: "pp." is also "pages")
    return out


NEUTRAL = [*PKG.glob("*.py"), *PKG.joinpath("hosts").glob("*.py"),
           *sorted((ROOT / "site_src" / "gamester_site").rglob("*.py"))]
#: The edition package describes texts (witness notes, titles of works): its prose may name a game.


@pytest.mark.parametrize("path", NEUTRAL, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_game_named_outside_its_package(path):
    pats = [re.compile(rf"(?<![\w.-]){re.escape(w)}(?![\w-])") for w in _words()]
    found = [(s[:60], p.pattern) for s in _code_strings(path) for p in pats if p.search(s)]
    assert not found, found


def _named_in_script(js: str, words: list[str]) -> list[str]:
    """The words a script names outside its comments: as a whole string, or as the start of a name (``put-play``,
    not ``input-``)."""
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", js, flags=re.S)
    return [w for w in words if re.search(rf"[\"'`]{re.escape(w)}[\"'`]|(?<![\w-]){re.escape(w)}-", code)]


def test_the_widget_script_names_no_game():
    js = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "javascripts").glob("*.js"))
    assert not _named_in_script(js, _words())
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", js, flags=re.S)
    assert not re.search(r"Spades|Hearts|Knave|Queen", code), "card names belong to the engine"


def test_the_script_check_finds_a_game_name():
    words = ["put", "Post and Pair", "pp-deal"]
    assert _named_in_script('if (game === "put") go(`Post and Pair`);', words) == ["put", "Post and Pair"]
    assert _named_in_script("el.dataset.kind = 'pp-deal-x';", words) == ["pp-deal"]
    assert _named_in_script('const output = "input-box"; // "put" in a comment\n/* pp-deal- */', words) == []


TESTS = ROOT / "tests"
#: The test folders a bare pytest leaves out, and the nox session that runs each.
NOX_ONLY = {"tests/site": "docs", "tests/browser": "browser"}


def _import_name(path: pathlib.Path) -> str:
    """The name pytest imports a test file under (its default "prepend" mode): the dotted path from the first folder
    up that is no package (has no __init__.py), which goes on sys.path."""
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def _duplicate_names(paths: list[pathlib.Path], root: pathlib.Path = ROOT) -> dict[str, list[str]]:
    seen: dict[str, list[str]] = {}
    for p in paths:
        seen.setdefault(_import_name(p), []).append(p.relative_to(root).as_posix())
    return {k: v for k, v in seen.items() if len(v) > 1}


def test_no_two_test_modules_share_an_import_name():
    """Two test or helper modules of one name in two plain folders (tests/browser/test_table.py and
    tests/engine/test_table.py once) stop a whole run's collection: rename one. Modules in a package (a folder with
    __init__.py, as the games' folders) are named with it and may share a file name."""
    files = [p for p in TESTS.rglob("*.py") if p.name not in ("conftest.py", "__init__.py")]
    assert len(files) > 50
    assert not _duplicate_names(files)


def test_the_duplicate_finder_finds_one(tmp_path):
    for d in ("a", "b", "p", "q"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "test_x.py").write_text("")
    (tmp_path / "p" / "__init__.py").write_text("")
    (tmp_path / "q" / "__init__.py").write_text("")
    files = sorted(tmp_path.rglob("test_x.py"))
    assert _duplicate_names(files, tmp_path) == {"test_x": ["a/test_x.py", "b/test_x.py"]}


def test_every_test_folder_is_in_a_suite():
    """A bare pytest runs pyproject's testpaths; a folder of tests outside them is run by its nox session, and no
    folder of tests is in neither (a new one would otherwise run nowhere)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    fast = {p for p in config["testpaths"] if "*" not in p}
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    for folder in sorted({p.relative_to(ROOT).parts[1] for p in TESTS.glob("*/**/test_*.py")}):
        name = f"tests/{folder}"
        assert (name in fast) != (name in NOX_ONLY), f"{name}: in pyproject's testpaths or in NOX_ONLY, not both"
        if name in NOX_ONLY:
            session = re.search(rf"def {NOX_ONLY[name]}\(session.*?(?=\n@nox.session|\Z)", noxfile, re.S)
            assert session and f'"{name}"' in session.group(0), f"nox -s {NOX_ONLY[name]} does not run {name}"
    assert "tests/test_*.py" in config["testpaths"]  # the files at the top of tests/


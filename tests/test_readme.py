"""The README: its Python examples run (doctest), and its two commands are what ``run`` and nox do."""

import doctest
import importlib.machinery
import importlib.util
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0


def load_run():
    loader = importlib.machinery.SourceFileLoader("gamester_run", str(ROOT / "run"))
    spec = importlib.util.spec_from_loader("gamester_run", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def test_the_two_commands_are_run_serve_and_run_test():
    text = README.read_text(encoding="utf-8")
    block = text.split("## The two commands", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["./run serve", "./run test"]
    run = load_run()
    assert run.nox_args(["serve"]) == ["-s", "serve"]
    assert run.nox_args(["test"]) == []  # bare nox: the default sessions
    assert run.nox_args(["serve", "--", "--port", "0"]) == ["-s", "serve", "--", "--port", "0"]
    assert run.nox_args(["-s", "bench"]) == ["-s", "bench"]
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    defaults = re.search(r"nox.options.sessions = \[(.*?)\]", noxfile).group(1)
    assert [s.strip().strip('"') for s in defaults.split(",")] == ["lint", "tests", "docs", "pyodide", "browser"]
    for word, args in run.WORDS.items():
        if args:
            assert f"def {args[1]}(session" in noxfile, word
    assert (ROOT / "run").stat().st_mode & 0o111, "run must be executable"
    assert "./run test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")

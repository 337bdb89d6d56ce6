"""Fixtures shared by the engine's tests (which also run inside Pyodide), and the test game.

The test game, Last counter, is what ``gamester new-game last-counter`` writes, written by it when these tests
start into a temporary folder (Pyodide's in-memory file system takes it as well) and loaded from there: there is
no other copy, so the shared tests always run with the generator's game as it is now. It is registered while the
engine's tests are collected and while each of them runs, and at no other time: every shared test that takes its
games from the registry runs with a two-player game of perfect information, played as one whole game, with no
dealer or eldest hand, whose only chance is a coin toss. Its table's referee is the one the generator writes
beside it (tests/engine/test_table.py finds a game's tests beside its package). The site's and the sources' tests
never see it (it has no page and no data folder here)."""

import atexit
import shutil
import tempfile
from pathlib import Path

import pytest

from gamester import clauses, newgame, registry
from gamester.clauses import all_clauses

HERE = Path(__file__).resolve().parent
TEST_GAME_NAME = "last-counter"
TEST_GAME_ROOT = Path(tempfile.mkdtemp(prefix="gamester-testgame-"))
atexit.register(shutil.rmtree, TEST_GAME_ROOT, ignore_errors=True)
newgame.write(TEST_GAME_NAME, TEST_GAME_ROOT, transcripts=False)
TEST_GAME = newgame.load(TEST_GAME_ROOT, TEST_GAME_NAME).SPEC
_CLAUSES = {c.id: c for c in all_clauses(TEST_GAME.clause_prefix)}
_TITLES = {cid: clauses._TITLES[cid] for cid in _CLAUSES if cid in clauses._TITLES}


def install_test_game() -> None:
    registry._GAMES[TEST_GAME.name] = TEST_GAME
    clauses._REGISTRY.update(_CLAUSES)
    clauses._TITLES.update(_TITLES)


def uninstall_test_game() -> None:
    registry._GAMES.pop(TEST_GAME.name, None)
    for cid in _CLAUSES:
        clauses._REGISTRY.pop(cid, None)
        clauses._TITLES.pop(cid, None)


uninstall_test_game()  # registered only while the engine's tests are collected and run


def pytest_collectstart(collector):
    if isinstance(collector, pytest.Module) and HERE in Path(collector.path).resolve().parents:
        install_test_game()   # a module's games, taken from the registry when it is imported, include it


def pytest_collectreport(report):
    uninstall_test_game()


@pytest.fixture(autouse=True)
def test_game():
    """The test game, registered for the test."""
    install_test_game()
    yield TEST_GAME
    uninstall_test_game()


@pytest.fixture(scope="session")
def check_exercise():
    """Checks an exercise's common shape (gamester.quiz): the answer is one of distinct choices, and every sentence
    of the explanation cites a clause the engine knows, listed once each under ``clauses``."""
    known = {c.id for c in all_clauses()}

    def check(ex):
        assert ex["answer"] in ex["choices"]
        assert len(set(ex["choices"])) == len(ex["choices"])
        assert ex["explanation"] and all(e["clause"] in known for e in ex["explanation"])
        assert ex["clauses"] == list(dict.fromkeys(e["clause"] for e in ex["explanation"]))

    return check

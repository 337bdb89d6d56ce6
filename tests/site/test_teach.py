"""The Teach and Numbers page markers (gamester_site.teach): twelve exercises with an answer key, and tables."""

import pytest

from gamester import commands
from gamester.errors import RulesetError
from gamester_site import teach as pages


@pytest.mark.parametrize("game", ["post-and-pair", "put", "speculation"])
def test_exercises_marker(game):
    html = pages.exercises(f"{game} count=12 seed=100", "../../")
    questions = html.split('<details class="gm-answer-key">')[0]
    assert questions.count('<li class="gm-exercise">') == 12
    key = html.split('<details class="gm-answer-key">')[1]
    assert key.count("<li><p><strong>") == 12
    assert 'href="../../clauses/#' in key
    # the key's answers are the exercises' own, in order
    kinds = list(commands.quiz_kinds(game)["data"])
    first = commands.quiz(game, 100, kinds[0])["data"]
    assert f"{chr(65 + first['choices'].index(first['answer']))}. " in key.split("</li>")[0]
    assert pages.exercises(f"{game} count=12 seed=100", "../../") == html  # the same page every build
    # the place for "Another question" (gamester-quiz.js), between the questions and the key; without the script
    # it says the printed exercises are what there is (no command line, no tool names)
    live = questions.split('<div class="gm-quiz"')[1]
    assert f'data-game="{game}"' in live and 'data-base="../../"' in live and "gamester" not in live.split(">", 1)[1]


def test_bad_marker_arguments():
    for text in ("", "chess", "put count=x", "put colour=red"):
        with pytest.raises(RulesetError):
            pages.exercises(text, "")
    with pytest.raises(RulesetError):
        pages.numbers("pp-nothing", "")


def test_numbers_tables_render():
    for what in ("pp-hand", "spec-price"):
        assert "<table" in pages.numbers(what, "")


def test_pages_in_a_folder_are_scanned_in_mkdocs_order():
    # docs/teach/ is the first folder of pages: the scan of which page shows which text sorts as MkDocs does
    # (the top level first, each folder's index first), where it once compared a folder name with a flag.
    from gamester_site import places
    urls = [u for u, _ in places._doc_pages()]
    assert urls[0] == "" and urls.index("numbers/") < urls.index("teach/") < urls.index("teach/put/")
    assert all(u.startswith("teach/") for u in urls[urls.index("teach/"):])

"""The Teach and Numbers page markers (gamester_site.teach): twelve exercises with an answer key, and tables."""

import re
from pathlib import Path

import pytest

from gamester import all_games, commands
from gamester.errors import RulesetError
from gamester_site import teach as pages

DOCS = Path(__file__).resolve().parents[2] / "docs" / "teach"
#: Every game with a Teach page, from the registry.
GAMES = sorted(n for n, s in all_games().items() if (DOCS / f"{s.site.page.strip('/')}.md").is_file())


@pytest.mark.parametrize("game", GAMES)
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


# -- the classroom: class sets, the handout, the projector's steps --------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_class_set_form(game):
    html = pages.class_set(game, "../../")
    assert f'data-game="{game}"' in html and 'data-base="../../"' in html
    for kind in commands.quiz_kinds(game)["data"]:
        assert f'<option value="{kind}">' in html                     # every kind the engine offers, in words
    assert 'name="pupils" type="number" min="1" max="40"' in html
    assert "gamester" not in html.split(">", 1)[1].lower()             # no tool's name for the reader
    with pytest.raises(RulesetError):
        pages.class_set(f"{game} colour=red", "")


def test_class_set_levels_where_the_game_declares_them(monkeypatch):
    import json
    from html import unescape

    from types import SimpleNamespace

    assert 'name="level"' not in pages.class_set("put", "") or pages.levels("put")
    declared = {"trick": {1: "two players", 2: "three players"}, "score": {1: "no tie", 2: "ties"}}
    monkeypatch.setattr(pages, "all_games", lambda: {"put": SimpleNamespace(title="Put", site=SimpleNamespace(quiz_levels=declared))})
    html = pages.class_set("put", "")
    assert '<select name="level"><option value="">The first</option><option value="1">Level 1</option>' in html
    levels = json.loads(unescape(html.split('data-levels="')[1].split('"')[0]))
    assert levels["trick"] == {"1": "two players", "2": "three players"}


def test_handout_is_the_brief_one_example_and_the_games_words():
    html = pages.handout("put seed=10 players=2 ruleset=cotton-1674", "../../")
    assert html.count('class="gm-example"') == 1 and "The rules in brief" in html
    words = html.split('<dl class="gm-handout-words">')[1]
    # the game's words that the brief and this example use (its deal has a put seen, and no trick tied)
    assert "<dt>put</dt>" in words and "<dt>dealer</dt>" in words and "<dt>trick and tie</dt>" not in words
    assert "<dt>vye</dt>" not in words                                 # another game's word, not used here
    for bad in ("chess", "put", "put seed=x"):
        with pytest.raises(Exception):
            pages.handout(bad, "")


def test_projector_steps_replay_the_printed_example():
    from gamester import render
    from gamester_site import present

    args = {"seed": "3", "players": "2"}
    record = render.compute("put-play", args)["results"][0]["data"]
    found = present.steps("put-play", args, "../")
    pairs = [(room, every) for room, every, _move in found]
    steps = [room for room, _every in pairs]
    moves = [move for _r, _e, move in found]
    # before the first move, then after each; a move that ends a deal and deals the next has a step more: the deal's
    # end, its last card on the table (issue 33: the last card of a deal was never shown), then the new deal
    assert moves[0] == 0 and sorted(set(moves)) == list(range(len(record["actions"]) + 1))
    ends = [i for i in range(1, len(moves)) if moves[i] == moves[i - 1]]
    deals = len(record["deals"]) if "deals" in record else None
    assert ends and (deals is None or len(ends) == deals - 1), (ends, deals)
    for i in ends:
        assert "the last card of the deal" in steps[i - 1] and 'data-over="0"' in steps[i - 1]
        assert "The last deal" in steps[i]                            # the new deal says how the last one ended
        # the card went from its player's seat to the middle: no card more or fewer than before the move
        cards = [len(re.findall(r'class="gm-face[ "]', s)) for s in (steps[i - 2], steps[i - 1])]
        assert cards[0] == cards[1], cards
        assert steps[i - 1].count("gm-back") == steps[i - 2].count("gm-back") - 1   # (the room saw it face down)
    assert 'data-over="0"' in steps[0] and 'data-over="1"' in steps[-1]
    assert all("gm-t-log" not in s and "gm-t-choices" not in s and "<button" not in s for s in steps)
    # the first step hides both hands (nobody has shown a card yet); the last shows the end
    assert steps[0].count("gm-back") == 6
    # the teacher's view of the same step shows every hand
    assert pairs[0][1].count("gm-back") == 0 and pairs[0][1].count("gm-face") >= 6
    assert present.steps("pp-settle", {"hands": "QH QD QC|KS KH KD"}, "../") == []   # no record, no steps
    html = present.steps_html("put-play", args, "../")
    assert html.startswith('<div class="gm-present-data" hidden><template class="gm-present-steps"')
    assert html.count('class="gm-present-step"') == len(steps)
    assert html.count('class="gm-present-step gm-present-open-hands"') == sum(r != o for r, o in pairs) >= 1

"""The Teach and Numbers page markers: twelve exercises with an answer key, tables and an accessible SVG."""

import re

import pytest

from gamester.errors import RulesetError
from gamester.numbers import pages, quiz
from gamester.numbers.svg import line_chart


@pytest.mark.parametrize("game", ["post-and-pair", "put", "speculation"])
def test_exercises_marker(game):
    html = pages.exercises(f"{game} count=12 seed=100", "../../")
    questions = html.split('<details class="gm-answer-key">')[0]
    assert questions.count('<li class="gm-exercise">') == 12
    key = html.split('<details class="gm-answer-key">')[1]
    assert key.count("<li><p><strong>") == 12
    assert 'href="../../clauses/#' in key
    # the key's answers are the exercises' own, in order
    kinds = list(quiz.kinds(game))
    first = quiz.make(game, 100, kinds[0])
    assert f"{chr(65 + first['choices'].index(first['answer']))}. " in key.split("</li>")[0]
    assert pages.exercises(f"{game} count=12 seed=100", "../../") == html  # the same page every build


def test_bad_marker_arguments():
    for text in ("", "chess", "put count=x", "put colour=red"):
        with pytest.raises(RulesetError):
            pages.exercises(text, "")
    with pytest.raises(RulesetError):
        pages.numbers("pp-nothing", "")


def test_svg_is_accessible_and_self_contained():
    svg = line_chart([("a", [(1, 1), (2, 3)]), ("b", [(1, 2), (2, 2)])], title="T", desc="D", x_label="x",
                     y_label="y", x_ticks=[1, 2], y_ticks=[0, 4], ident="t1")
    assert svg.startswith("<svg") and 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", svg)
    assert svg.count("<path") == 3  # the axes and one line per series


def test_numbers_tables_render():
    for what in ("pp-hand", "spec-price"):
        assert "<table" in pages.numbers(what, "")

"""gamester.html: the escape-by-default builder (the Python twin of the widget script's h())."""

import pytest

from gamester.html import Markup, card_html, h


def test_text_and_attributes_are_escaped():
    out = h("td", {"title": 'say "<hi>" & \'bye\''}, "<script>alert(1)</script>", 3)
    assert out == ('<td title="say &quot;&lt;hi&gt;&quot; &amp; &#x27;bye&#x27;">'
                   "&lt;script&gt;alert(1)&lt;/script&gt;3</td>")
    assert isinstance(out, Markup)


def test_markup_children_pass_and_lists_flatten():
    inner = h("b", {}, "x")
    assert h("p", {}, [inner, [" ", Markup("<i>y</i>")]], None, False) == "<p><b>x</b> <i>y</i></p>"


def test_boolean_and_missing_attributes():
    assert h("details", {"open": True, "class": None, "hidden": False}) == "<details open></details>"
    assert h("br") == "<br>"


def test_a_tag_name_is_checked():
    with pytest.raises(ValueError):
        h('div onclick="x"')


def test_cards_read_as_cards():
    assert card_html("QH") == '<span class="gm-card gm-red" title="Queen of Hearts" aria-label="Queen of Hearts">Q♥</span>'
    assert card_html("<b>") == '<span class="gm-card">&lt;b&gt;</span>'

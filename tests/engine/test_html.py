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


def test_a_start_tag_kept_is_the_one_its_values_write():
    # True and 1, False and 0, 1 and 1.0 are equal keys but not the same attribute: each draws its own start tag
    drawn = [h("li", {"data-x": v}) for v in (True, 1, 1.0, False, 0, "1", True, 0)]
    assert drawn == ["<li data-x></li>", '<li data-x="1"></li>', '<li data-x="1.0"></li>', "<li></li>",
                     '<li data-x="0"></li>', '<li data-x="1"></li>', "<li data-x></li>", '<li data-x="0"></li>']
    assert h("li", {"data-x": ["a", "<b>"]}) == '<li data-x="[&#x27;a&#x27;, &#x27;&lt;b&gt;&#x27;]"></li>'


def test_a_tag_name_is_checked():
    with pytest.raises(ValueError):
        h('div onclick="x"')


def test_cards_read_as_cards():
    assert card_html("QH") == '<span class="gm-card gm-red" title="Queen of Hearts" aria-label="Queen of Hearts">Q♥</span>'
    assert card_html("<b>") == '<span class="gm-card">&lt;b&gt;</span>'

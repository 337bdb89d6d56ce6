"""The Numbers page's chart writer (gamester.svg): accessible, and self-contained (no address but the SVG namespace)."""

import re

from gamester.svg import line_chart


def test_svg_is_accessible_and_self_contained():
    svg = line_chart([("a", [(1, 1), (2, 3)]), ("b", [(1, 2), (2, 2)])], title="T", desc="D", x_label="x",
                     y_label="y", x_ticks=[1, 2], y_ticks=[0, 4], ident="t1")
    assert svg.startswith("<svg") and 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", svg)
    assert svg.count("<path") == 3  # the axes and one line per series

"""Bone-Ace's live table in the built site: a reader plays a whole sitting in its widget by clicking the table's own
buttons ("Draw a card", "Stand"), at 390 and 1280 px, light and dark, with the checks every game's live table meets
(tests/browser/test_widgets_live.py: axe, no overflow, roles from the deal, the winner shown is the engine's)."""

from __future__ import annotations

import pytest
from test_widgets_live import play_a_whole_game as _plays_a_whole_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "scheme"), [(390, "default"), (1280, "slate")])
@pytest.mark.parametrize("prefer", [("draw",), ("stand",)], ids=["drawing", "standing"])
def test_a_reader_plays_bone_ace_in_the_live_widget(live, base_url, prefer, width, scheme):
    _plays_a_whole_game(live, base_url, "bone-ace/", "ba-play", prefer, width, scheme)

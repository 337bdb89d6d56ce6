"""The projector's teacher's view (issue 33: the hands stayed face down, so a class could not discuss a put with the
cards in view): "Show every hand" (or H) turns up every hand the engine shows a teacher at the front, at every step,
and turns them down again; no sentence of any step ends in two full stops ("to trick 1.."). Screenshots at
1280 x 720 of the first step in both views go to test-artifacts/screens/."""

from __future__ import annotations

import re

import axe  # tests/browser/axe.py
import pytest
from classroom import teach_games  # tests/browser/classroom.py
from test_classroom import NO_WASM, leave

pytestmark = pytest.mark.browser

GAMES = teach_games()
# Speculation's players never look at a card before it is turned: a teacher at the front sees no more than the room.
NOBODY_LOOKS = {"speculation"}


@pytest.mark.parametrize("game", GAMES)
def test_the_teacher_can_show_every_hand_at_every_step(fresh, game):
    page = fresh(init_script=NO_WASM)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{game}/#projector-1")
    view = page.get_by_role("dialog", name=re.compile(": projector$"))
    view.wait_for()
    tpl = page.locator("template.gm-present-steps").first
    steps = int(tpl.get_attribute("data-steps"))
    differs = tpl.evaluate("t => [...t.content.querySelectorAll('.gm-present-open-hands')].map(s => +s.dataset.step)")
    revealed = []
    axe.SCREENS.mkdir(parents=True, exist_ok=True)
    for i in range(steps):
        said = view.locator(".gm-t-prompt").text_content() if view.locator(".gm-t-prompt").count() else ""
        assert not re.search(r"(?<!\.)\.\.(?!\.)", said), said
        backs = view.locator(".gm-seat .gm-face.gm-back").count()
        page.keyboard.press("h")
        assert view.get_by_role("button", name="Hide the hands").get_attribute("aria-pressed") == "true"
        open_backs = view.locator(".gm-seat .gm-face.gm-back").count()
        assert open_backs <= backs
        revealed.append(backs - open_backs)
        if i == 0:
            page.screenshot(path=str(axe.SCREENS / f"projector-every-hand-{game}-1280x720.png"))
        page.keyboard.press("h")
        assert view.get_by_role("button", name="Show every hand").get_attribute("aria-pressed") == "false"
        assert view.locator(".gm-seat .gm-face.gm-back").count() == backs          # and back to the room's view
        if i == 0:
            page.screenshot(path=str(axe.SCREENS / f"projector-room-{game}-1280x720.png"))
        page.keyboard.press("ArrowRight")
    print(f"\nprojector {game}: {steps} steps, {sum(1 for r in revealed if r)} with hands the room does not see")
    if game not in NOBODY_LOOKS:
        assert revealed[0] > 0 and sum(1 for r in revealed if r) >= len(differs) // 2, revealed
    leave(page)

"""Issue 36: a permalink to Put's printed example with three players, 21 points and a rubber of two (the longest
game the live limits allow, 1,905 moves of the reasoning bot) was one request of 17-24 s of CPU. The widget now asks
for the example in steps of the engine's bound (limits.bot_moves moves a reply), says how far the computer has got
while the page stays usable, and shows the whole example at the end: the build's rendering of the same arguments.

The link here is a shorter game played the same way (three players, the same rules, a game of five: 138 moves, 14
steps of 10): every step is the same request, so more steps prove nothing more in the browser, and each step replays
the moves before it (the longest example's 190 steps took 30 s of a quiet machine's browser session, and rendering
it here for the comparison about as much CPU again). That the longest example's steps end in the page one unbounded rendering gives is
tests/engine/hosts/test_steps.py's (test_the_steps_of_the_example_give_what_one_unbounded_render_gave); that the live
limits let it be asked for, tests/engine/put/test_live_limits.py's."""

from __future__ import annotations

import html as html_text
import re

import pytest
from test_widgets_live import BOOT_MS, visit  # tests/browser is on sys.path (no __init__.py)

from gamester import render

pytestmark = pytest.mark.browser

ARGS = {"seed": "3", "players": "3", "ruleset": "without-putting", "options": "game_points=5"}
LINK = "put/?w=0&game=put&seed=3&players=3&ruleset=without-putting&options=game_points%3D5"
WHOLE_MS = 900_000  # a cap, not a measure: the steps are followed by events


def _text(html: str) -> str:
    return " ".join(html_text.unescape(re.sub(r"<[^>]+>", "", html)).split())


def test_a_link_to_a_long_example_renders_to_the_end_in_steps(live, base_url):
    page = live
    visit(page, base_url, "glossary/")
    # Every step the widget shows is recorded as it happens (its count, and the status line's words then), by an
    # observer set before the link is followed: a check that polled the count could miss steps on a loaded machine,
    # and see the last one followed by the end, never a second count.
    page.evaluate("""() => { window.__gmSteps = [];
      new MutationObserver((records) => { for (const r of records) {
        const el = r.target;
        if (!el.matches(".gm-widget[data-widget='put-play']") || el.dataset.rendering === undefined) continue;
        const line = el.querySelector('.gm-status-line');
        window.__gmSteps.push([Number(el.dataset.rendering), line ? line.innerText : '']);
      } }).observe(document.documentElement, {subtree: true, attributes: true, attributeFilter: ['data-rendering']});
    }""")
    visit(page, base_url, LINK)
    w = page.locator(".gm-widget[data-widget='put-play']").first
    el = w.element_handle()
    # The page answers while the engine works (the worker plays; the page is never frozen).
    page.wait_for_function("() => window.__gmSteps.length > 0", timeout=BOOT_MS)
    assert page.evaluate("() => document.title") and w.locator(".gm-bar").is_visible()
    page.wait_for_function("(el) => el.dataset.live === '1' && el.dataset.rendering === undefined",
                           arg=el, timeout=WHOLE_MS)
    # The steps showed: the status line counted the computer's moves, and went on counting.
    steps = page.evaluate("() => window.__gmSteps")
    counts = [n for n, _ in steps]
    assert len(counts) >= 2 and counts[0] > 0 and counts == sorted(set(counts)), steps  # rising at every step
    assert all("moves of the example so far" in line for _, line in steps), steps
    assert not w.locator(".gm-error").inner_text().strip()
    shown = w.evaluate("(el) => el.querySelector('.gm-widget-static').textContent")
    whole = render.render("put-play", ARGS)  # the build's rendering of the link's arguments, in one call
    assert " ".join(shown.split()) == _text(whole)
    assert w.locator(".gm-widget-static [data-ruleset]").get_attribute("data-ruleset") == \
        re.search(r'data-ruleset="([^"]+)"', whole).group(1)

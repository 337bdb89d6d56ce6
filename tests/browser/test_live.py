"""The live table in the built site (issue #11): a reader plays a whole game of each game in its widget by clicking
the table's own buttons (cards and plain words) only, at 390 and 1280 px, light and dark; the winner shown is the
engine's record, the roles shown are the deal's, nothing overflows the widget, axe finds nothing critical or serious
in the widget at the opening, in the middle and at the end; screenshots of each state go to test-artifacts/screens/.
Then the defects the issue lists, each with its check.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import axe  # noqa: E402

pytestmark = pytest.mark.browser

BOOT_MS = 120_000
STEP_MS = 30_000

# (page, widget kind, which of the reader's buttons to press: a word the action starts with, else the first)
GAMES = [
    ("post-and-pair/", "pp-deal", ("seat", "match", "see", "show", "vye")),
    ("put/", "put-play", ()),
    ("speculation/", "spec-play", ("turn",)),
]


@pytest.fixture(scope="module")
def live(browser, base_url, traffic):
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    page = context.new_page()
    page.goto("./")
    yield page
    context.close()


def visit(page, base_url: str, path: str) -> None:
    """An in-site link followed as a reader does (instant navigation keeps the engine booted)."""
    page.evaluate("(href) => { const a = document.createElement('a'); a.href = href; a.textContent = 'go';"
                  "document.body.append(a); a.click(); }", base_url + path)
    page.wait_for_url(base_url + path.split("?")[0].split("#")[0] + "**")
    page.wait_for_function("() => document.querySelectorAll('.gm-widget:not(.gm-enhanced)').length === 0")


def idle(page, w) -> None:
    page.wait_for_function("(el) => el.dataset.step !== undefined && el.dataset.busy !== '1' && "
                           "el.querySelector('.gm-table-host[aria-busy=\"false\"] .gm-tbl')",
                           arg=w.element_handle(), timeout=BOOT_MS)


def moved(page, w, step: str) -> None:
    page.wait_for_function("([el, s]) => el.dataset.step !== s && el.dataset.busy !== '1' && "
                           "el.querySelector('.gm-table-host[aria-busy=\"false\"] .gm-tbl')",
                           arg=[w.element_handle(), step], timeout=STEP_MS)


def open_live(page, base_url, path, kind):
    visit(page, base_url, "glossary/")  # leave the page first: its own permalink would reopen the widget
    visit(page, base_url, path)
    w = page.locator(f".gm-widget[data-widget='{kind}']").first
    w.locator(".gm-start").click()
    idle(page, w)
    return w


def seat_zero(page, w) -> None:
    if w.locator("select[id$='-who']").input_value() != "0":
        w.locator("select[id$='-who']").select_option("0")
        page.wait_for_timeout(50)
        idle(page, w)


def winners(record: dict) -> list[int]:
    if "winner" in record:
        return [record["winner"]]
    top = max(record["net"])
    return [s for s, v in enumerate(record["net"]) if v == top] if top > 0 else []


OVERFLOW = """(el) => { const box = el.getBoundingClientRect(); const out = [];
  for (const n of el.querySelectorAll('*')) {
    const r = n.getBoundingClientRect();
    if (!r.width || n.closest('.gm-t-scroll, .gm-sr, details:not([open])')) continue;
    if (r.right > box.right + 1 || r.left < box.left - 1) out.push(n.className || n.tagName);
  } return out.slice(0, 5); }"""


def check_state(page, w, name: str, width: int, scheme: str) -> dict:
    found = axe.run(page, {"include": [[f"#{w.get_attribute('id')}"]]})
    assert not axe.serious(found), axe.describe(axe.serious(found))
    assert w.evaluate(OVERFLOW) == []
    roles = w.evaluate("(el) => Object.fromEntries([...el.querySelectorAll('.gm-table-host li.gm-seat')]"
                       ".map((li) => [li.dataset.seat, li.dataset.roles]))")
    pos_roles = w.evaluate("(el) => el.__gm.pos.roles || {}")
    if not w.evaluate("(el) => el.__gm.pos.terminal"):
        for seat, role in pos_roles.items():
            assert role in roles[seat].split(), (seat, role, roles)
    axe.SCREENS.mkdir(parents=True, exist_ok=True)
    shot = axe.SCREENS / f"live-{name}-{width}-{'dark' if scheme == 'slate' else 'light'}.png"
    w.screenshot(path=str(shot))
    return axe.count(found)


@pytest.mark.parametrize(("width", "scheme"), [(390, "default"), (1280, "slate")])
@pytest.mark.parametrize(("path", "kind", "prefer"), GAMES, ids=[k for _, k, _ in GAMES])
def test_a_reader_plays_a_whole_game_in_the_live_widget(live, base_url, path, kind, prefer, width, scheme):
    axe.need_axe()
    page = live
    page.set_viewport_size({"width": width, "height": 900})
    w = open_live(page, base_url, path, kind)
    axe.set_scheme(page, scheme)
    page.add_style_tag(content=".md-header, .md-tabs { visibility: hidden; }")
    seat_zero(page, w)
    counts = {"opening": check_state(page, w, f"{kind}-opening", width, scheme)}
    clicks = 0
    for _ in range(400):
        if w.get_attribute("data-terminal") == "1":
            break
        step = w.get_attribute("data-step")
        buttons = w.locator(".gm-table-host button[data-action]")
        n = buttons.count()
        assert n, "playing seat 0, the reader is to act whenever the game waits"
        actions = buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.action)")
        pick = next((i for i, a in enumerate(actions) if a.split()[0] in prefer), 0)
        buttons.nth(pick).click()
        clicks += 1
        moved(page, w, step)
        if clicks == 1:
            counts["middle"] = check_state(page, w, f"{kind}-middle", width, scheme)
    assert w.get_attribute("data-terminal") == "1"
    record = w.evaluate("(el) => el.__gm.pos.record")
    shown = w.locator(".gm-t-headline").get_attribute("data-winners")
    assert [int(x) for x in shown.split()] == winners(record)
    # Focus is on the winner line, which says who won; "Play again" follows.
    assert w.evaluate("(el) => document.activeElement === el.querySelector('.gm-t-headline')")
    assert w.get_by_role("button", name="Play again").is_visible()
    counts["end"] = check_state(page, w, f"{kind}-end", width, scheme)
    print(f"{kind} {width}px {scheme}: {clicks} reader moves; axe nodes by impact {counts}")

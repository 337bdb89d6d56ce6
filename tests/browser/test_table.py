"""The card table in the browser, with the site's own CSS: each game drawn by the engine (``gamester.tables``) at its
opening, in the middle and at the end, injected into a built page at 390 and 1280 px, light and dark. axe-core finds
nothing critical or serious, no element of a table overflows it (wide tables scroll in their own box), and a
screenshot of each is saved to ``test-artifacts/screens/`` for a reviewer to look at.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import axe  # noqa: E402

from gamester import get_game  # noqa: E402
from gamester.tables import render_table  # noqa: E402

pytestmark = pytest.mark.browser

PAGE = "engine/"          # any built page serves: the table goes into its article
WIDTHS = (390, 1280)
SCHEMES = ("default", "slate")
GAMES = {  # game -> (players, seed, bots): a game the engine plays to the end
    "post-and-pair": (4, 1674, "bold"),
    "put": (2, 1, "bold"),
    "speculation": (4, 5, "speculator"),
}
#: a decision worth a picture: the first position in one of these phases
DECISION = {"post-and-pair": ("vye",), "put": ("answer-put", "answer-double"), "speculation": ("bid", "accept")}


def positions(game: str) -> dict[str, str]:
    """The table as drawn for the seat to act at the opening and in the middle, and for seat 0 at the end."""
    players, seed, bot = GAMES[game]
    spec = get_game(game)
    state = spec.new_state(spec.default_options(), players, seed)
    bots = [spec.make_bot(bot, seed * 7 + i) for i in range(players)]
    actions = []
    decision = None
    while not state.is_terminal():
        if decision is None and state.phase in DECISION[game]:
            decision = len(actions)
        p = state.current_player()
        a = bots[p].choose(state, p)
        state.apply(a)
        actions.append(a)
    out = {}
    stages = [("opening", 0), ("middle", len(actions) // 2)] + ([("decision", decision)] if decision else [])
    for stage, upto in stages:
        s = spec.new_state(spec.default_options(), players, seed)
        for a in actions[:upto]:
            s.apply(a)
        seat = s.current_player()
        analysis = spec.analysis(s, seat) if spec.analysis else None
        out[stage] = render_table(s, seat, analysis=analysis, base="../")
    out["end"] = render_table(state, 0, base="../")
    return out


TABLES = {g: positions(g) for g in GAMES}


@pytest.fixture(scope="module")
def page(browser, base_url, traffic):
    axe.need_axe()
    context = browser.new_context(base_url=base_url)
    traffic.attach(context)
    pg = context.new_page()
    yield pg
    context.close()


INJECT = """(html) => {
  const host = document.querySelector('.md-content .md-typeset') || document.body;
  let box = document.getElementById('gm-test-tables');
  if (!box) { box = document.createElement('div'); box.id = 'gm-test-tables'; box.className = 'gm-widget';
              host.prepend(box); }
  box.innerHTML = html;
  return box.getBoundingClientRect().width;
}"""

OVERFLOW = """() => {
  const box = document.querySelector('#gm-test-tables .gm-tbl');
  const edge = box.getBoundingClientRect();
  const out = [];
  for (const el of box.querySelectorAll('*')) {
    if (el.closest('.gm-t-scroll') && !el.classList.contains('gm-t-scroll')) continue;  // scrolls in its own box
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > edge.right + 1 || r.left < edge.left - 1)
      out.push(`${el.tagName.toLowerCase()}.${el.className}: ${Math.round(r.left)}..${Math.round(r.right)} ` +
               `outside ${Math.round(edge.left)}..${Math.round(edge.right)}`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  return out;
}"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_reads_at_every_width_and_scheme(page, base_url, game, scheme, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(base_url + PAGE)
    axe.set_scheme(page, scheme)
    problems = []
    for stage, html in TABLES[game].items():
        page.evaluate(INJECT, html)
        over = page.evaluate(OVERFLOW)
        if over:
            problems.append(f"{stage}: overflow: {over[:5]}")
        found = axe.run(page, "#gm-test-tables")
        bad = axe.serious(found)
        if bad:
            problems.append(f"{stage}: axe:\n{axe.describe(bad)}")
        axe.SCREENS.mkdir(parents=True, exist_ok=True)
        page.add_style_tag(content=".md-header, .md-tabs { visibility: hidden; }")  # not over the picture
        shot = axe.SCREENS / f"table-{game}-{stage}-{width}-{'dark' if scheme == 'slate' else 'light'}.png"
        page.locator("#gm-test-tables").screenshot(path=str(shot))
        print(f"screenshot: {shot}  axe: {axe.count(found) or 'no violations'}")
    assert not problems, "\n".join(problems)


def test_choices_are_reached_and_pressed_by_keyboard(page, base_url):
    """Tab reaches the first choice with a visible focus ring; Enter on a button is an ordinary button press."""
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(base_url + PAGE)
    page.evaluate(INJECT, TABLES["put"]["opening"])
    page.evaluate("""() => { window.__pressed = [];
      document.querySelectorAll('#gm-test-tables button[data-action]').forEach(b =>
        b.addEventListener('click', () => window.__pressed.push(b.dataset.action))); }""")
    first = page.locator("#gm-test-tables button[data-action]").first
    first.focus()
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert ring not in ("none", "")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    pressed = page.evaluate("() => window.__pressed")
    assert len(pressed) == 2 and pressed[0] == first.get_attribute("data-action")

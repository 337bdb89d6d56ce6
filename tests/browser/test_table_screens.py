"""The card table in the browser, with the site's own CSS: each game drawn by the engine (``gamester.table.render_table``) at its
opening, in the middle and at the end, injected into a built page at 390 and 1280 px, light and dark. axe-core finds
nothing critical or serious, no element of a table overflows it (wide tables scroll in their own box), and a
screenshot of each is saved to ``test-artifacts/screens/`` for a reviewer to look at (at 390 px light and 1280 px
dark; at every screen with GAMESTER_SCREENSHOTS=1).
"""

from __future__ import annotations

import axe  # tests/browser/axe.py (pytest puts a test's folder without __init__.py on sys.path)
import pytest

from gamester import get_game  # noqa: E402
from gamester.table import render_table  # noqa: E402

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
def page(axe_page):
    return axe_page


#: The page's colour scheme as loaded (Material's, from the palette), put back between tests.
LOADED: dict[str, object] = {}
NO_HEADER = ".md-header, .md-tabs { visibility: hidden; }"  # (added for the pictures: not over a table)


def at_page(page, base_url: str, width: int) -> None:
    """PAGE as a test finds it when it loads it afresh at ``width`` (x 900), loaded once for as many tests as can share
    it: a test's table, listeners, added styles and scheme are taken away again, and the window only ever widened
    (390 px, then 1280: a page loaded at 390 px and widened is laid out as one loaded at 1280 px, as test_a11y.py
    found on every page; the other way round is not). The tests run their narrow screens first for it. Each load
    of the page cost the browser some 0.7 s of work, and these tests loaded it 13 times."""
    loaded = page.url == base_url + PAGE and "scheme" in LOADED and page.viewport_size["width"] <= width
    if loaded:
        page.evaluate("""([scheme, noHeader]) => {
          document.getElementById('gm-test-tables')?.remove();  // (with the listeners a test put on it)
          for (const s of document.querySelectorAll('style')) if (s.textContent === noHeader) s.remove();
          if (scheme === null) document.body.removeAttribute('data-md-color-scheme');
          else document.body.setAttribute('data-md-color-scheme', scheme);
          void document.body.offsetWidth;  // the scheme's colours in place while transitions are still off, then
          document.getElementById('gm-test-still')?.remove();  // axe.set_scheme's style taken away
          delete window.__pressed; scrollTo(0, 0); }""", [LOADED["scheme"], NO_HEADER])
        if page.viewport_size["width"] != width:
            axe.resize(page, width)
        return
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(base_url + PAGE)
    LOADED.update(scheme=page.evaluate("() => document.body.getAttribute('data-md-color-scheme')"))


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


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("width", WIDTHS)  # (the narrow screen's tests first: at_page)
def test_the_table_reads_at_every_width_and_scheme(page, base_url, game, width):
    """Each scheme in turn on the page as loaded (axe.set_scheme switches it in place): the light scheme checked by
    every rule, the dark one by the rules its colours can change (axe.COLOUR_RULES); no overflow in both, and a
    screenshot (axe.wanted)."""
    at_page(page, base_url, width)
    problems = []
    axe.SCREENS.mkdir(parents=True, exist_ok=True)
    for scheme in SCHEMES:
        axe.set_scheme(page, scheme)
        for stage, html in TABLES[game].items():
            over = page.evaluate(f"(html) => {{ ({INJECT})(html); return ({OVERFLOW})(); }}", html)   # put in, measured
            if over:
                problems.append(f"{scheme} {stage}: overflow: {over[:5]}")
            found = axe.run(page, "#gm-test-tables", None if scheme == SCHEMES[0] else axe.COLOUR_RULES)
            bad = axe.serious(found)
            if bad:
                problems.append(f"{scheme} {stage}: axe:\n{axe.describe(bad)}")
            if stage == next(iter(TABLES[game])) and scheme == SCHEMES[0]:
                page.add_style_tag(content=NO_HEADER)  # not over the picture
            if axe.wanted(width, scheme):  # (one scheme a width unless GAMESTER_SCREENSHOTS=1)
                shot = axe.SCREENS / f"table-{game}-{stage}-{width}-{'dark' if scheme == 'slate' else 'light'}.png"
                page.locator("#gm-test-tables").screenshot(path=str(shot))
                print(f"screenshot: {shot}  axe: {axe.count(found) or 'no violations'}")
    assert not problems, "\n".join(problems)


def test_choices_are_reached_and_pressed_by_keyboard(page, base_url):
    """Tab reaches the first choice with a visible focus ring; Enter on a button is an ordinary button press."""
    at_page(page, base_url, 390)
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


def _dealer(state) -> int:
    """The dealer of the deal in progress (or the last deal), from the engine's record."""
    return state.to_record()["deals"][-1]["dealer"] if state.is_terminal() or state.game != "post-and-pair" \
        else state.dealer


def _winners(state) -> list[int]:
    rec = state.to_record()
    if state.game == "put":
        return [rec["winner"]]
    top = max(rec["net"])
    return [s for s, v in enumerate(rec["net"]) if v == top] if top > 0 else []


# One call a drawing: the table put in, and what the test reads of it: each seat's roles, what overflows, the
# choices' actions; on the reader's turn a listener records the action of the next choice pressed.
DRAW = f"""([html, mine]) => {{ ({INJECT})(html);
  const box = document.getElementById('gm-test-tables');
  if (mine) {{ window.__pressed = null;
    box.addEventListener('click', (e) => {{
      const b = e.target.closest('button[data-action]'); if (b) window.__pressed = b.dataset.action; }}, {{ once: true }}); }}
  return {{ roles: [...box.querySelectorAll('li.gm-seat')].map((li) => li.dataset.roles),
           over: ({OVERFLOW})(),
           actions: [...box.querySelectorAll('button[data-action]')].map((b) => b.dataset.action) }};
}}"""


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("width", "scheme"), [(390, "default"), (1280, "slate")])  # (narrow first: at_page)
def test_a_reader_plays_a_whole_game_with_the_keyboard(page, base_url, game, width, scheme):
    """The reader (seat 0) plays a whole game from the drawn table alone: Tab to a choice, Enter, and the engine
    (CPython here, standing in for the widget's worker) applies the button's action; the computer plays the other
    seats. On every drawing the roles are the deal's and nothing overflows; at the end the winner shown is the
    record's. (The widget script will do the same through the ``table`` op: see notes/TABLE-INTEGRATION.md.)"""
    import random

    players, seed, bot = GAMES[game]
    spec = get_game(game)
    state = spec.new_state(spec.default_options(), players, seed)
    bots = [spec.make_bot(bot, seed * 7 + i) for i in range(players)]
    rng = random.Random(seed)
    at_page(page, base_url, width)
    axe.set_scheme(page, scheme)
    clicks = 0
    while True:
        drawn = page.evaluate(DRAW, [render_table(state, 0, base="../"), not state.is_terminal() and state.current_player() == 0])
        dealer = _dealer(state)
        roles, actions = drawn["roles"], drawn["actions"]
        assert [i for i, r in enumerate(roles) if "dealer" in r.split()] == [dealer]
        assert [i for i, r in enumerate(roles) if "eldest" in r.split()] == [(dealer + 1) % players] \
            or game == "post-and-pair"
        assert not drawn["over"], drawn["over"]
        if state.is_terminal():
            break
        p = state.current_player()
        if p != 0:
            assert not actions
            state.apply(bots[p].choose(state, p))
            continue
        n = len(actions)
        assert n == len(state.legal_actions())
        k = rng.randrange(n) if rng.random() < 0.3 else None
        if k is None:  # mostly play as the computer would, so the game looks like a real one
            k = actions.index(bots[0].choose(state, 0))
        page.locator("#gm-test-tables button[data-action]").nth(k).focus()
        page.keyboard.press("Enter")
        action = page.evaluate("() => window.__pressed")
        assert action == actions[k]
        state.apply(action)
        clicks += 1
    assert clicks >= 1
    shown = page.get_attribute("#gm-test-tables .gm-t-headline", "data-winners")
    assert [int(x) for x in shown.split()] == _winners(state)
    axe.SCREENS.mkdir(parents=True, exist_ok=True)
    shot = axe.SCREENS / f"played-{game}-{width}-{'dark' if scheme == 'slate' else 'light'}.png"
    page.add_style_tag(content=NO_HEADER)
    page.locator("#gm-test-tables").screenshot(path=str(shot))
    print(f"screenshot: {shot} after {clicks} moves by keyboard")

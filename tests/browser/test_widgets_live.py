"""The live table in the built site (issue #11): a reader plays a whole game of each game in its widget by clicking
the table's own buttons (cards and plain words) only, at 390 and 1280 px, light and dark; the winner shown is the
engine's record, the roles shown are the deal's, nothing overflows the widget, axe finds nothing critical or serious
in the widget at the opening, in the middle and at the end; screenshots of each state go to test-artifacts/screens/.
Those games are played by test_newcomer.py (one game per game and width serves both files' checks) with this file's
check_state; here, the defects the issue lists, each with its check.
"""

from __future__ import annotations

import re

import axe  # tests/browser/axe.py (pytest puts a test's folder without __init__.py on sys.path)
import pytest

from gamester.registry import replay

pytestmark = pytest.mark.browser

BOOT_MS = 120_000
STEP_MS = 180_000  # a wait for an engine step (an event): the bound only ends a hang

# (page, widget kind, which of the reader's buttons to press: a word the action starts with, else the first)
GAMES = [
    ("post-and-pair/", "pp-deal", ("seat", "match", "see", "show", "vye")),
    ("put/", "put-play", ()),
    ("speculation/", "spec-play", ("turn",)),
]


def visit(page, base_url: str, path: str) -> None:
    """An in-site link followed as a reader does (instant navigation keeps the engine booted)."""
    # The page being left marks its content: Material's instant navigation changes the address before it puts the
    # new page's content in, so until the marked content is gone the widgets on screen are still the old page's (a
    # test then worked on them, and the new page's fresh widgets replaced them under it). A link to the same page
    # (another query or fragment) may keep its content, and is not waited for.
    page.evaluate("""(href) => {
      const c = document.querySelector('.md-content');
      if (c && new URL(href, location.href).pathname !== location.pathname) c.dataset.gmLeft = '1';
      const a = document.createElement('a'); a.href = href; a.textContent = 'go'; document.body.append(a); a.click();
    }""", base_url + path)
    page.wait_for_url(base_url + path.split("?")[0].split("#")[0] + "**")
    # Where the link loads a whole new document instead (instant navigation declined it), the address changes as
    # soon as the new page is committed, before its body exists: wait for that document to have loaded too.
    page.wait_for_load_state("load")
    page.wait_for_function("() => document.body && !document.querySelector('.md-content[data-gm-left]') && "
                           "document.querySelectorAll('.gm-widget:not(.gm-enhanced)').length === 0")


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
        w.evaluate("async (el) => { await el.__gm.play.queue; }")  # the change is done: every engine call it queued
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
    pos_roles = w.evaluate("(el) => el.__gm.play.pos.roles || {}")
    if not w.evaluate("(el) => el.__gm.play.pos.terminal"):
        for seat, role in pos_roles.items():
            assert role in roles[seat].split(), (seat, role, roles)
    shot = axe.SCREENS / f"live-{name}-{width}-{'dark' if scheme == 'slate' else 'light'}.png"
    if shot not in SHOT:  # a second sitting of the same game (Bone-Ace's) would only write the same picture again
        SHOT.add(shot)
        axe.SCREENS.mkdir(parents=True, exist_ok=True)
        w.screenshot(path=str(shot), style=axe.NO_HEADER)
    return axe.count(found)


SHOT: set = set()  # the pictures check_state has taken in this run


# The whole game of each game played in its live widget by the table's own buttons, at 390 px light and 1280 px dark
# (check_state at the opening, in the middle and at the end; the moves read out; the winner the engine's record;
# focus on the winner line; "Play again"): test_newcomer.py's test_a_newcomer_finds_the_game_and_plays_it_to_the_end,
# which plays the same games at those widths, makes these checks as it goes, so each game is played once, not twice.


def play_a_whole_game(live, base_url, path, kind, prefer, width, scheme):
    """A whole game played in the live widget by its own buttons, with check_state at the opening, in the middle and
    at the end (test_bone_ace_live.py plays Bone-Ace's with it)."""
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
            # The moves since the reader's click (the reader's own and the computer's replies) are read out politely
            # before the prompt: the newest line of the move log is in the live region.
            said = w.evaluate("(el) => [...el.querySelectorAll('.gm-t-log li')].map((li) => li.firstChild.textContent.trim())")
            page.wait_for_function("(el) => el.querySelector('.gm-announce').textContent.trim().length > 0",
                                   arg=w.element_handle(), timeout=STEP_MS)
            assert said and said[-1] in w.locator(".gm-announce").text_content()
    assert w.get_attribute("data-terminal") == "1"
    # The widget's replies are lean (no record): the record is the engine's replay of the position it shows.
    pos = w.evaluate("(el) => { const p = el.__gm.play.pos; return {game: el.__gm.game, ruleset: p.ruleset, "
                     "players: p.players, seed: p.seed, actions: p.actions}; }")
    record = replay(pos).to_record()
    shown = w.locator(".gm-play .gm-t-headline").get_attribute("data-winners")
    assert [int(x) for x in shown.split()] == winners(record)
    # Focus is on the winner line, which says who won; "Play again" follows. (Where the deal was over before the
    # reader's turn came, there was no move of the reader's to follow, and focus stays where the reader left it.)
    if clicks:
        assert w.evaluate("(el) => document.activeElement === el.querySelector('.gm-play .gm-t-headline')"), \
            page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
    assert w.get_by_role("button", name="Play again").is_visible()
    counts["end"] = check_state(page, w, f"{kind}-end", width, scheme)
    axe.dump(f"axe-live-{kind}-{width}-{scheme}.json", {"moves": clicks, "nodes_by_impact": counts})
    print(f"{kind} {width}px {scheme}: {clicks} reader moves; axe nodes by impact {counts}")


# -- the defects the issue lists, each with its check -----------------------------------------------------------
PROMPT_OF = """(h) => { const t = document.createElement('template'); t.innerHTML = h;
  const p = t.content.querySelector('.gm-t-prompt'); return p ? p.textContent.trim() : null; }"""


def test_after_back_the_prompt_describes_that_position_not_a_later_move(live, base_url):
    from gamester import get_game
    from gamester.table import render_table

    page = live
    page.set_viewport_size({"width": 1280, "height": 900})
    w = open_live(page, base_url, "put/", "put-play")
    # After "Try it live" (now hidden) the focus is on the reader's first choice: no Tabs through the form.
    assert w.evaluate("(el) => document.activeElement.matches('.gm-table-host button[data-action]')")
    for _ in range(2):
        step = w.get_attribute("data-step")
        w.locator(".gm-table-host button[data-action]").first.click()
        moved(page, w, step)
    step = w.get_attribute("data-step")
    w.get_by_role("button", name="◀ Back").click()
    moved(page, w, step)
    acts = w.evaluate("(el) => el.__gm.play.acts.slice(0, el.__gm.play.step)")
    seed = int(w.evaluate("(el) => el.__gm.lastArgs.seed"))  # Play deals a new deal: the one it dealt
    spec = get_game("put")
    state = spec.new_state(spec.options_for("cotton-1674"), 2, seed)
    for a in acts:
        state.apply(a)
    want = page.evaluate(PROMPT_OF, render_table(state, 0, base="../"))
    assert w.locator(".gm-t-prompt").inner_text().strip() == want
    assert "over (over)" not in w.inner_text()


def test_a_settle_error_shows_next_to_its_button_and_in_view(live, base_url):
    page = live
    page.set_viewport_size({"width": 390, "height": 700})
    visit(page, base_url, "glossary/")
    visit(page, base_url, "post-and-pair/")
    w = page.locator(".gm-widget[data-widget='pp-settle']").first
    w.locator(".gm-start").click()
    w.locator("textarea").wait_for(timeout=BOOT_MS)
    page.wait_for_function("(el) => el.dataset.live === '1'", arg=w.element_handle(), timeout=BOOT_MS)
    w.locator("textarea").fill("QH QH QC\nKS ZZ")
    w.locator("button[type='submit']").click()
    err = w.locator(".gm-error")
    page.wait_for_function("(el) => el.textContent.trim().length > 0", arg=err.element_handle(), timeout=STEP_MS)
    assert "QH" in err.inner_text() or "ZZ" in err.inner_text(), err.inner_text()
    # next to the control: right after the form's buttons, inside the form's panel
    assert w.evaluate("(el) => el.querySelector('.gm-form .gm-actions').nextElementSibling === "
                      "el.querySelector('.gm-error')")
    page.wait_for_function("""(el) => { const b = el.getBoundingClientRect();  // scrolled to: below the header, on screen
      const head = document.querySelector('.md-header').getBoundingClientRect();
      return b.top >= head.bottom - 1 && b.bottom <= innerHeight + 1; }""", arg=err.element_handle(), timeout=STEP_MS)
    box = err.bounding_box()
    header = page.locator(".md-header").bounding_box()
    assert box["y"] >= header["y"] + header["height"] - 1, "the error is under the fixed header"
    assert box["y"] + box["height"] <= 700 + 1, "the error is below the screen"


def test_a_link_with_an_unknown_seat_says_it_was_ignored(live, base_url):
    page = live
    visit(page, base_url, "glossary/")
    visit(page, base_url, "put/?w=0&game=put&seed=3&players=2&step=0&who=99")
    w = page.locator(".gm-widget[data-widget='put-play']").first
    w.locator(".gm-error").filter(has_text="who=99 was ignored").wait_for(timeout=BOOT_MS)


def test_a_link_with_more_players_than_the_form_allows_is_refused(live, base_url):
    page = live
    visit(page, base_url, "glossary/")
    visit(page, base_url, "post-and-pair/?w=0&game=post-and-pair&seed=1&players=17")
    w = page.locator(".gm-widget[data-widget='pp-deal']").first
    err = w.locator(".gm-error").filter(has_text="17 players")
    err.wait_for(timeout=BOOT_MS)
    top = w.locator("input[id$='-players']").get_attribute("max")
    assert f"–{top}" in err.inner_text()
    assert w.get_attribute("data-live") != "1"


def test_bots_playing_to_the_end_replay_the_printed_game(live, base_url):
    """Same seed and bots, same game: the widget's "Play to the end" is the game the printed example would show for
    the deal it dealt (arch's bot seeding), which is also the CLI's ``play``."""
    from gamester import get_game

    page = live
    w = open_live(page, base_url, "put/", "put-play")
    w.locator("select[id$='-who']").select_option("bots")
    w.evaluate("async (el) => { await el.__gm.play.queue; }")  # the change is done: every engine call it queued
    idle(page, w)
    w.get_by_role("button", name="Computer plays to the end").click()
    page.wait_for_function("(el) => el.dataset.terminal === '1' && el.dataset.busy !== '1'", arg=w.element_handle(),
                           timeout=STEP_MS)
    acts = w.evaluate("(el) => el.__gm.play.acts")
    seed = int(w.evaluate("(el) => el.__gm.lastArgs.seed"))  # Play deals a new deal: the one it dealt
    spec = get_game("put")
    state = spec.new_state(spec.options_for("cotton-1674"), 2, seed)
    spec.play_bots(state, ())
    assert acts == list(state.history)
    printed = w.evaluate("(el) => el.__gm.staticHTML")
    shown = w.locator(".gm-play .gm-t-headline").inner_text()
    assert shown and re.search(r"\b(Player \d+|you|the computer)\b", shown, re.I)  # the winner in a reader's words
    assert printed  # the printed game is still there, folded


def test_note_ids_in_reader_text_are_links_named_by_the_note():
    from conftest import SITE

    html = (SITE / "citations" / "index.html").read_text(encoding="utf-8")
    assert "see note seed-dates" not in html
    assert 'href="../editorial/#note-seed-dates"' in html
    notes = (SITE / "editorial" / "index.html").read_text(encoding="utf-8")
    assert "(see jewel-replie)" not in notes
    assert 'href="../editorial/#note-jewel-replie"' in notes

"""The first wait (issue #31): a reader presses "Play against the computer" on a page whose card engine has not
started. From the press until the live game is dealt, at every animation frame and every change to the widget, the
screen holds no face-up card of the printed example and no result (who won, the ledger), and the loading line is on
the screen; the widget shows the live game's table face down. Then the deal is a new one, its number said in words
and kept in the page's link; a second visit to the page, pressing Play again, deals another. Screenshots of the
waiting table go to test-artifacts/screens/wait-*.png.
"""

from __future__ import annotations

import re

import axe  # tests/browser/axe.py
import pytest
from test_widgets_live import idle, visit

pytestmark = pytest.mark.browser

BOOT_MS = 180_000
GAMES = ["post-and-pair/", "put/", "speculation/", "bone-ace/"]
SCREENS = [(390, 844, "default"), (1280, 900, "slate")]

# Installed before the page's own scripts: from the press of the entry on, every animation frame and every DOM
# change inside the page samples the screen until the live table is drawn (no timer decides when to look).
SAMPLER = """(() => {
  const log = window.__gmWait = { samples: 0, waiting: 0, bad: [], done: false, started: false };
  // Painted and on screen. A block of the page off screen is not rendered (content-visibility: auto, which also
  // clips what it holds to its own box): what is inside counts only where it lies within its block's box.
  const inView = (n) => { if (!n.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return false;
    const r = n.getBoundingClientRect(); const block = n.closest('.md-content__inner > *');
    const b = block ? block.getBoundingClientRect() : r;
    const head = document.querySelector('.md-header');
    const top = Math.max(head ? head.getBoundingClientRect().bottom : 0, b.top), bottom = Math.min(innerHeight, b.bottom);
    return r.width > 0 && r.height > 0 && top < bottom && r.bottom > top && r.top < bottom; };
  const whole = (n) => { const r = n.getBoundingClientRect(); const head = document.querySelector('.md-header');
    const top = head ? head.getBoundingClientRect().bottom : 0;
    return r.height > 0 && r.top >= top - 1 && r.bottom <= innerHeight + 1; };
  const sample = (why) => {
    if (!log.started || log.done) return;
    const w = document.getElementById('play');
    if (!w) return;
    log.samples += 1;
    if (w.dataset.open === '1' && w.querySelector('.gm-table-host .gm-tbl') && !w.dataset.waiting) { log.done = true; return; }
    const faces = [...document.querySelectorAll('.gm-widget-static .gm-face:not(.gm-back), .gm-static .gm-face:not(.gm-back)')]
      .filter(inView);
    if (faces.length) log.bad.push(`${why}: ${faces.length} face-up cards of a printed example on screen`);
    const ends = [...document.querySelectorAll('.gm-t-end, .gm-t-headline, table.gm-t-ledger, .gm-result')].filter(inView);
    const where = (n) => { const out = []; for (let a = n; a && a !== document.body; a = a.parentElement) out.push(a.className || a.tagName); return out.slice(0, 6).join(' < '); };
    if (ends.length) log.bad.push(`${why}: a result on screen (${where(ends[0])})`);
    const line = w.querySelector('.gm-status-line');
    if (!line || !line.textContent.trim() || !whole(line)) {
      log.bad.push(`${why}: the loading line is not on screen (${line ? JSON.stringify(line.textContent) : 'none'})`);
    }
    if (w.dataset.waiting === '1') log.waiting += 1;
    if (log.bad.length > 40) log.done = true;
  };
  const frame = () => { sample('frame'); if (!log.done) requestAnimationFrame(frame); };
  document.addEventListener('click', (ev) => {
    if (ev.target.closest && ev.target.closest('a[data-gm-play]') && !log.started) {
      log.started = true;
      requestAnimationFrame(frame);
      new MutationObserver(() => sample('change')).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    }
  }, true);
})();"""


def deal_of(w) -> tuple[str, str]:
    """The deal number the widget says, and the reader's cards."""
    said = w.locator(".gm-deal-no").text_content()
    cards = w.locator(".gm-table-host .gm-face:not(.gm-back)").evaluate_all(
        "(cs) => cs.map((c) => c.getAttribute('aria-label') || c.textContent)")
    return said, cards


# The engine's start is held until the test lets it go: the page's message asking its worker to boot waits (the
# worker is made, nothing is fetched) until ``__gmRelease()``. So the wait is there for as long as the checks need,
# on a fast machine as on a slow one, and is never a matter of timing. Once let go, the tab's later documents (a
# link that loads a whole new page) start theirs at once.
HOLD = """(() => { const held = []; const send = Worker.prototype.postMessage;
  const released = () => sessionStorage.getItem('gm-test-released') === '1';
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (msg && msg.type === 'boot' && !released()) { held.push([this, msg, rest]); return; }
    return send.call(this, msg, ...rest); };
  window.__gmRelease = () => { sessionStorage.setItem('gm-test-released', '1');
    for (const [w, m, r] of held.splice(0)) send.call(w, m, ...r); };
})();"""


@pytest.mark.parametrize("path", GAMES, ids=[p.strip("/") for p in GAMES])
def test_while_the_engine_starts_nothing_is_given_away(fresh, base_url, path):
    """Each screen in turn, in a page of its own whose engine has not started: the phone's first (the browser's
    first start of the engine), then the wide screen's in a new page of the same browser (the engine starts again
    in it, from what the browser kept)."""
    page = fresh(SAMPLER + HOLD)
    for i, screen in enumerate(SCREENS):
        if i:
            page.close()
            page = page.context.new_page()
        wait_through(page, base_url, path, *screen)


def wait_through(page, base_url, path, width, height, scheme):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(base_url + path)
    axe.set_scheme(page, scheme)
    entry = page.locator(".gm-play-entry a[data-gm-play]")
    entry.click()
    w = page.locator("#play")
    # The face-down table is drawn at once, in the same task as the press.
    assert w.get_attribute("data-waiting") == "1"
    assert w.locator(".gm-waiting .gm-tbl").count() == 1
    assert w.locator(".gm-waiting .gm-face:not(.gm-back)").count() == 0, "every card of the waiting table is face down"
    tag = f"{path.strip('/')}-{width}-{'dark' if scheme == 'slate' else 'light'}"
    axe.SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(axe.SCREENS / f"wait-{tag}.png"))
    page.wait_for_function("() => window.__gmWait.waiting >= 2")  # frames and changes sampled while it waits
    assert page.evaluate("__gamester.state") == "booting"
    page.evaluate("__gmRelease()")
    page.wait_for_function("() => window.__gmWait.done", timeout=BOOT_MS)
    idle(page, w)
    log = page.evaluate("() => window.__gmWait")
    print(f"{tag}: {log['samples']} samples, {log['waiting']} while waiting")
    assert log["waiting"] >= 2, log
    assert not log["bad"], "\n".join(log["bad"][:10])
    status = w.locator(".gm-status-line").text_content()
    assert not re.search(r"\d\s*ms\b|Computed live", status), status
    # A new deal, its number in words and in the page's link.
    said, cards = deal_of(w)
    m = re.search(r"Deal number ([\d,]+)", said)
    assert m, said
    number = m.group(1).replace(",", "")
    assert re.search(rf"[?&]seed={number}(&|#|$)", page.url), page.url
    printed = w.get_attribute("data-args")
    assert f'"seed": "{number}"' not in printed, "the printed example's deal is not the one dealt"
    # The page visited again (the engine kept), Play pressed again: another deal.
    visit(page, base_url, "glossary/")
    visit(page, base_url, path)
    page.locator(".gm-play-entry a[data-gm-play]").click()
    w = page.locator("#play")
    idle(page, w)
    again, cards2 = deal_of(w)
    assert again != said, (said, again)
    if min(len(cards), len(cards2)) > 1:  # (Speculation's players do not see their hands: the turn-up alone shows)
        assert cards2 != cards, (said, cards, again, cards2)

"""Offline after the browser itself was closed (issue 30: "no network at all still starts the game once the site has
been opened"): the browser's profile kept on disk, as a classroom machine keeps it, and started again with no network
and no HTTP cache. Its service worker then starts afresh, with no table of runtime files in memory: it must read the
runtime.json it kept before it can answer Pyodide's scripts from what it holds.

Not in test_start_cache.py, whose contexts are ordinary ones: this test launches a browser with a profile folder of
its own, twice."""

from __future__ import annotations

import pytest
from conftest import HANG_MS, NO_SHARED_WORKER
from test_start_cache import boot, fetched_at_start, play_post_and_pair, served, wait_held, wait_site_kept  # noqa: F401

pytestmark = pytest.mark.browser


def persistent(browser_type, launch_args: dict, profile, shared: bool) -> object:
    """A browser on the profile folder ``profile`` (its one context), patient as the other tests' contexts are
    (conftest.py), and without shared workers unless ``shared``."""
    ctx = browser_type.launch_persistent_context(str(profile), **launch_args)
    ctx.set_default_timeout(HANG_MS)
    if not shared:
        ctx.add_init_script(NO_SHARED_WORKER)
    return ctx


@pytest.mark.parametrize("shared", [False, True], ids=["dedicated-engine", "shared-engine"])
def test_a_browser_restarted_with_no_network_and_no_http_cache_starts_the_game(
        browser_type, browser_type_launch_args, served, tmp_path, shared):  # noqa: F811 (the fixture)
    """In a page's own engine, and in the shared engine where the browser keeps one (gamester-engine.js): a
    restarted browser has no connection left open to the stopped server, so the shared worker's requests fail as
    a dedicated one's do (in an ordinary context, Playwright's offline setting did not stop them:
    test_start_cache.py's no_network)."""
    profile = tmp_path / "profile"
    ctx = persistent(browser_type, browser_type_launch_args, profile, shared)
    page = ctx.new_page()
    page.goto(served.url + "post-and-pair/")
    assert boot(page)["start"] == "snapshot"
    assert page.evaluate("__gamester.shared") == shared
    wait_held(page, fetched_at_start(served))
    wait_site_kept(page, served)
    ctx.close()
    served.stop()  # (before the browser starts again: nothing it starts can reach the server)

    # The browser started again on the same profile, offline, its HTTP cache emptied (the classroom server lets
    # Pyodide's files be cached for a week: that cache would answer them instead of the service worker).
    ctx = persistent(browser_type, browser_type_launch_args, profile, shared)
    try:
        ctx.set_offline(True)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.clearBrowserCache")
        errors = play_post_and_pair(page, served)
        # (a shared engine may be found "running": started by the page's own early start, offline as well)
        assert page.evaluate("__gamester.shared") == shared
        assert page.evaluate("__gamester.info.start") in (("snapshot", "running") if shared else ("snapshot",))
        assert errors == []
    finally:
        ctx.close()

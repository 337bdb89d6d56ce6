"""The site wherever it is put: served under a sub-path (/gamester/) on a random port, by the one-file server a
classroom copy ships, from a build given no SITE_URL. A reader starts a widget, follows the site's own navigation to
a second widget page, and the engine is still the one booted first; no request leaves the host or the sub-path."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from test_widgets import STEP_MS, open_widget, widget

from gamester_site.browser import serve

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def subpath(base_url):  # base_url: skips unless a built site with the widget runtime is there
    from conftest import SITE

    httpd, url = serve(SITE, prefix="/gamester/")
    yield url
    httpd.shutdown()


def test_under_a_sub_path_the_engine_boots_once_across_the_sites_own_links(browser, subpath):
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/gamester/", subpath)
    context = browser.new_context()
    urls: list[str] = []
    outside: list[str] = []

    def route(r):
        url = r.request.url
        urls.append(url)
        if url.startswith(("data:", "blob:")) or url.startswith(subpath):
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    context.route("**/*", route)
    context.on("request", lambda req: None if req.url.startswith(("data:", "blob:", subpath)) or
               urlsplit(req.url).hostname != "127.0.0.1" and outside.append(req.url) else None)
    try:
        page = context.new_page()
        page.goto(subpath + "post-and-pair/")
        assert page.locator("link[rel=canonical]").count() == 0  # no address baked into a build given none
        w = open_widget(page, "pp-deal")
        assert "gm-ledger" in w.inner_html()
        page.evaluate("window.__sameDocument = true")
        # The site's own link, as a reader follows it: the navigation's entry for Put.
        page.locator("a.md-nav__link[href$='put/']").first.click()
        page.wait_for_url(re.compile(re.escape(subpath + "put/")))
        w = widget(page, "put-play")
        page.wait_for_function("(el) => el.dataset.engine === 'ready'", arg=w.element_handle(), timeout=STEP_MS)
        assert page.evaluate("window.__sameDocument") is True, "the link reloaded the page"
        assert page.evaluate("__gamester.boots") == 1
        assert sum("pyodide.asm.wasm" in u for u in urls) == 1
        w = open_widget(page, "put-play")
        assert w.locator(".gm-error").inner_text().strip() == ""
        # And back: the browser's history goes through the same navigation.
        page.go_back()
        page.wait_for_url(re.compile(re.escape(subpath + "post-and-pair/")))
        assert page.evaluate("window.__sameDocument") is True
        assert page.evaluate("__gamester.boots") == 1
    finally:
        context.close()
    assert not outside, f"requests left 127.0.0.1{urlsplit(subpath).path}: {outside[:5]}"
    assert len(urls) > 20

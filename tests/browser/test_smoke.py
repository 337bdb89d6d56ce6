import pytest

pytestmark = pytest.mark.browser


def test_smoke(shared):
    page = shared
    page.goto("post-and-pair/")
    page.locator(".gm-widget .gm-start").first.click()
    page.wait_for_selector(".gm-widget[data-live='1']", timeout=60_000)
    print(page.evaluate("JSON.stringify({boots: __gamester.boots, ms: __gamester.bootMs, state: __gamester.state})"))

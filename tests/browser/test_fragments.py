"""A malformed fragment in the address (issue 36): ``#%E0%A4%A`` is no %-escape a browser can decode. The apparatus
script and the widget script take it as naming nothing: no uncaught error, and the citations' Copy buttons still
appear."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path", ["bibliography/", "put/"])
def test_a_malformed_fragment_throws_nothing_and_the_copy_buttons_appear(fresh, path):
    page = fresh()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path + "#%E0%A4%A")
    buttons = page.locator("button.gm-copy")
    assert buttons.count() > 0
    page.wait_for_function("() => [...document.querySelectorAll('button.gm-copy')].every((b) => !b.hidden)")
    page.evaluate("""() => new Promise((done) => {  // a hash change to another malformed one, and its handlers
        addEventListener("hashchange", () => setTimeout(done, 0), { once: true });
        location.hash = "%E0%A4%A%";
    })""")
    assert errors == []

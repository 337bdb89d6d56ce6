"""How the engine starts (issue 16): on the reader's first sign of intent, from the standard library compiled at
build time, and the stock way whenever that library is missing or damaged."""

from __future__ import annotations

import json

import pytest
from conftest import SITE  # the site under test: ./site or $GAMESTER_SITE

pytestmark = pytest.mark.browser

BOOT_MS = 120_000


def pyodide_requests(traffic, since: int) -> list[str]:
    return [u for u in traffic.urls[since:] if "/assets/pyodide/" in u or "gamester-worker" in u or ".whl" in u]


def test_the_pointer_over_a_widget_starts_the_boot_quietly_and_a_call_without_answer_restarts_it(fresh, traffic):
    page = fresh()
    page.goto("post-and-pair/")
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => [...document.querySelectorAll('.gm-widget')].every((el) => el.__gm)")  # set up
    page.evaluate("() => { window.__moved = new Promise((r) => addEventListener('pointermove', r, {once: true})); }")
    page.mouse.move(5, 5)  # the pointer on the page, nowhere near a widget: nothing is fetched
    page.evaluate("() => window.__moved.then(() => true)")  # the page has had the pointer's move
    since = len(traffic.urls)
    assert page.evaluate("__gamester.boots") == 0
    w = page.locator(".gm-widget[data-widget='pp-deal']").first
    w.locator(".gm-start").hover()
    page.wait_for_function("() => __gamester.state !== 'idle'")
    assert page.evaluate("[__gamester.boots, __gamester.bootCause]") == [1, "pointerover"]
    # The boot runs, but the widget says nothing of it until the reader asks for it.
    assert w.locator(".gm-progress").is_hidden()
    assert w.locator(".gm-status-line").inner_text() == ""
    assert w.get_attribute("aria-busy") is None
    page.wait_for_function("() => __gamester.state === 'ready'", timeout=BOOT_MS)
    assert any("pyodide.asm.wasm" in u for u in pyodide_requests(traffic, since))
    # What booted is the standard library compiled at build time, not Pyodide's own as well.
    manifest = json.loads((SITE / "assets" / "gamester" / "runtime.json").read_text())
    assert manifest["stdlib"] and manifest["python"].startswith("3.14")
    assert page.evaluate("__gamester.info.times.compiled") is True
    urls = traffic.urls[since:]
    # (a start from the snapshot mounts only the few modules of that library the snapshot has not imported)
    snap = page.evaluate("__gamester.info.start") == "snapshot" and manifest.get("snapshot_stdlib")
    assert any((snap or manifest["stdlib"]) in u for u in urls)
    assert not [u for u in urls if u.endswith("/python_stdlib.zip")], "the stock library was fetched as well"
    w.locator(".gm-start").click()
    w.locator("[data-live='1']").or_(w.locator(".gm-table-host .gm-tbl")).first.wait_for(timeout=BOOT_MS)
    assert page.evaluate("__gamester.boots") == 1
    a_call_that_gets_no_answer_says_so_and_the_engine_starts_again(page)


def a_call_that_gets_no_answer_says_so_and_the_engine_starts_again(page):
    """A hung engine call no longer freezes the widget: after the call's time (here 1 ms, so that every call is
    late) the reader is told, the worker is ended, and trying again boots a fresh engine that answers. (On the
    page of the test above, its engine booted once.)"""
    w = page.locator(".gm-widget[data-widget='pp-settle']").first
    w.locator(".gm-start").click()
    page.wait_for_function("(el) => el.dataset.live === '1'", arg=w.element_handle(), timeout=BOOT_MS)
    page.evaluate("__gamester.callTimeoutMs = 1")
    w.locator("button[type='submit']").click()
    err = w.locator(".gm-error")
    err.filter(has_text="did not answer").wait_for(timeout=BOOT_MS)
    assert "restarted: try again" in err.inner_text()
    assert page.evaluate("[__gamester.timeouts >= 1, __gamester.state]") == [True, "idle"]
    page.evaluate("__gamester.callTimeoutMs = 30000")
    w.locator("button[type='submit']").click()  # the same button, again
    page.wait_for_function("() => __gamester.state === 'ready' && __gamester.boots === 2", timeout=BOOT_MS)
    page.wait_for_function("(el) => el.querySelector('.gm-error').textContent.trim() === ''",
                           arg=w.element_handle(), timeout=BOOT_MS)
    assert page.evaluate("__gamester.call({op: 'ping'})")["ok"] is True


def test_keyboard_focus_in_a_widget_starts_the_boot(fresh):
    page = fresh()
    page.goto("put/")
    page.locator(".gm-widget .gm-start").first.focus()
    page.wait_for_function("() => __gamester.state !== 'idle'")
    assert page.evaluate("__gamester.bootCause") == "focusin"


# One way of damage is followed until the game plays: a library that is not the one built, which Python starts from
# (twice: with the snapshot, then without) before its hash refuses it, so that the stock start comes after whole
# interpreters were made and let go. The other two are followed until the fallback is decided and the stock library
# is being fetched, with nothing said to the reader: from there on the stock start is the same whatever made the
# compiled one fail.
@pytest.mark.parametrize("damage", ["not the one built", "missing", "broken"])
def test_without_the_compiled_library_the_stock_boot_still_plays(fresh, traffic, damage):
    page = fresh()
    manifest = json.loads((SITE / "assets" / "gamester" / "runtime.json").read_text())
    body = {"missing": None, "broken": b"PK\x05\x06" + bytes(18),  # an empty zip: Python cannot start from it
            "not the one built": (SITE / "assets" / "pyodide" / "python_stdlib.zip").read_bytes()}[damage]
    # (the compiled library, and the part of it a start from the snapshot mounts, damaged alike)
    for name in filter(None, (manifest["stdlib"], manifest.get("snapshot_stdlib"))):
        if body is None:
            page.context.route(f"**/assets/gamester/{name}", lambda r: r.fulfill(status=404, body="gone"))
        else:
            page.context.route(f"**/assets/gamester/{name}",
                               lambda r: r.fulfill(status=200, body=body, content_type="application/zip"))
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text))
    page.goto("post-and-pair/")
    since = len(traffic.urls)
    w = page.locator(".gm-widget[data-widget='pp-settle']").first
    stock = "Gamester: booting with Pyodide's own standard library"
    # (listening from before the press: the worker's message and its request are caught whenever they come)
    with page.context.expect_event("request", lambda r: r.url.endswith("/python_stdlib.zip"), timeout=BOOT_MS):
        with page.expect_console_message(lambda m: m.text.startswith(stock), timeout=BOOT_MS):
            w.locator(".gm-start").click()
    said = [m for m in messages if m.startswith(stock)]
    assert len(said) == 1, messages
    if damage == "not the one built":  # it boots, but its hash is not the one the build wrote
        assert "checksum mismatch" in said[0]
    assert page.evaluate("__gamester.state") in ("booting", "ready")  # (not failed)
    assert w.locator(".gm-error").inner_text() == ""  # the reader is told nothing: it still works
    if damage != "not the one built":
        return
    page.wait_for_function("() => __gamester.state === 'ready'", timeout=BOOT_MS)
    assert page.evaluate("__gamester.info.times.compiled") is False
    assert any(u.endswith("/python_stdlib.zip") for u in traffic.urls[since:])
    assert w.locator(".gm-error").inner_text() == ""
    reply = page.evaluate("__gamester.call({op: 'run', game: 'post-and-pair', command: 'settle', args: {hands: ['QH QD QC', '2S 3S 4S']}})")
    assert reply["ok"], reply
    assert [m for m in messages if m.startswith(stock)] == said, messages

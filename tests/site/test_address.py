"""Deploy anywhere: a build given no SITE_URL names no address (no canonical link, no localhost in any page, the
sitemap or our scripts), and every link and asset reference in a page is relative, so the site works under any
host, port or sub-path."""

from __future__ import annotations

import os
import re

import pytest


@pytest.fixture(scope="module")
def addressless(site):
    if os.environ.get("SITE_URL"):
        pytest.skip("SITE_URL is set for this build")
    return site


def test_no_address_is_baked_into_a_build_given_none(addressless):
    checked = 0
    for f in sorted(addressless.rglob("*")):
        if f.suffix in (".html", ".xml", ".json") or f.parent.name in ("javascripts", "gamester"):
            # (The start-up snapshot is the interpreter's memory: it holds the constants of pyodide.asm.wasm's data,
            # among them "127.0.0.1" and "localhost" as CPython's own defaults, not an address of ours. So does the
            # compiled standard library, a stored zip since issue 30: asyncio's and others' defaults, in plain bytes.)
            if f.is_file() and f.suffix not in (".whl", ".map", ".bin") and f.name != "python_stdlib.compiled.zip":
                text = f.read_text(encoding="utf-8", errors="replace")
                assert "127.0.0.1" not in text and "localhost" not in text, f
                checked += 1
    assert checked > 12
    assert 'rel="canonical"' not in (addressless / "put" / "index.html").read_text(encoding="utf-8")


def test_pages_refer_to_their_site_relatively(addressless, pages):
    """No root-relative (/...) or absolute link into the site: either would break under a sub-path."""
    bad = []
    for path, page in pages.items():
        if path.name == "404.html":
            continue  # MkDocs writes the 404 page with root-relative links when it has no site_url (see README)
        html = path.read_text(encoding="utf-8")
        for m in re.finditer(r'(?:href|src)="(/[^/"][^"]*|/)"', html):
            bad.append(f"{path.relative_to(addressless)}: {m.group(1)}")
    assert not bad, bad[:10]

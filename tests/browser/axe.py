"""axe-core (from npm, pinned in package-lock.json) injected into a page by Playwright, and what the tests need from
its results: violations split by impact, and a printable summary."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = Path(os.environ.get("GAMESTER_ARTIFACTS", ROOT / "test-artifacts"))
SCREENS = ARTIFACTS / "screens"
#: Screenshots are for people to look at, not checks. By default a test shoots a few screens (one scheme per width, the
#: states folded); GAMESTER_SCREENSHOTS=1 asks for every one (each screen, the tall unfolded widgets), at a cost in time.
EVERY_SCREENSHOT = os.environ.get("GAMESTER_SCREENSHOTS", "") not in ("", "0")


#: A screenshot's own style (Playwright's ``style``, applied while it is taken): Material's sticky header hidden, so
#: that it does not lie across a widget's picture.
NO_HEADER = ".md-header, .md-tabs { visibility: hidden; }"


def wanted(width: int, scheme: str) -> bool:
    """Whether a test checking a screen also shoots it: by default one scheme per width (a phone's light, a wide
    screen's dark: both schemes and both widths are seen), every screen when GAMESTER_SCREENSHOTS=1 asks."""
    return EVERY_SCREENSHOT or (scheme in ("default", "light")) == (width < 600)


SERIOUS = ("critical", "serious")
# Our own markup is held to WCAG 2.x A and AA plus axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
#: The rules of TAGS whose result a page's colours decide (the rest read its markup and layout, which a colour
#: scheme leaves as they are): all a second scheme at the same width can change.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def need_axe() -> None:
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed at {AXE}: run npm ci")


SHOW_ALL = (".md-content__inner > *, .md-content__inner .tabbed-content "
            "{ content-visibility: visible !important; }")


def show_all(page) -> None:
    """Every block of the page laid out for good (see ``run``), for a page that is only checked from now on: the
    runs that follow on it (other schemes, another width) do not each lay the page out again and take it back."""
    page.add_style_tag(content=SHOW_ALL).evaluate("(s) => { s.id = 'gm-test-shown'; }")  # (looked for by ``run``)


def run(page, context: dict | str | None = None, rules: list[str] | None = None,
        split: str | None = None) -> list[dict] | tuple[list[dict], list[dict]]:
    """axe's violations for ``context`` (a selector, an include/exclude object, or the whole document): by the
    rules of TAGS, or by ``rules`` alone (rule ids) where given. With ``split`` (a selector), one run's violations
    in two: those of the nodes inside ``split``'s elements, and those of the rest of the page."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    # axe finds an element's background by hit-testing the page, and a block below the fold that content-visibility
    # leaves unrendered is not there to hit (it reported the colours of whatever lay under its estimated place).
    # Laying everything out changes no colour, only what axe can see. The rule is taken away after the run: left in,
    # every later change to a long page (a game played on it) would lay out the whole page again (a page that is only
    # checked keeps it, from ``show_all``).
    # (Looked for in the document, not remembered by the window: an instant navigation keeps the window and drops
    # what a test added to the head.)
    shown = None if page.evaluate("() => !!document.getElementById('gm-test-shown')") else page.add_style_tag(content=SHOW_ALL)
    res = page.evaluate(
        """async ([ctx, tags, rules, split]) => {
             const only = rules ? {type: 'rule', values: rules} : {type: 'tag', values: tags};
             const r = await axe.run(ctx || document, {runOnly: only, resultTypes: ['violations'],
                                                      elementRef: !!split});
             const pick = (inside) => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.filter(n => !split || !!(n.element && n.element.closest(split)) === inside)
                             .map(n => ({target: n.target.join(' '), summary: n.failureSummary,
                                         html: n.html.slice(0, 160)}))})).filter(v => v.nodes.length);
             return split ? [pick(true), pick(false)] : pick(true);
           }""", [context, TAGS, rules, split])
    if shown:
        shown.evaluate("(s) => s.remove()")
    return tuple(res) if split else res


def count(violations: list[dict]) -> dict[str, int]:
    """Nodes per impact."""
    out: dict[str, int] = {}
    for v in violations:
        out[v["impact"] or "unknown"] = out.get(v["impact"] or "unknown", 0) + len(v["nodes"])
    return out


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in SERIOUS]


def describe(violations: list[dict], limit: int = 4) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']}: {v['id']} ({v['help']}) on {len(v['nodes'])} node(s)")
        for n in v["nodes"][:limit]:
            lines.append(f"    {n['target']}: {n['html']}")
            if n.get("summary"):
                lines.append("      " + n["summary"].replace("\n", "\n      ")[:400])
    return "\n".join(lines)


def dump(name: str, data) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


def set_scheme(page, scheme: str) -> None:
    """Material's light (``default``) or dark (``slate``) scheme on the page as loaded. Material animates colour
    changes (links fade over 125 ms); they are switched off first, or axe would measure colours half-way. The style
    that switches them off is looked for in the document, not remembered by the window: an instant navigation keeps
    the window and may drop what a test added to the head."""
    page.evaluate("""(s) => new Promise((done) => {
                       if (!document.getElementById('gm-test-still')) {
                         const still = document.createElement('style');
                         still.id = 'gm-test-still';
                         still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
                         document.head.append(still);
                       }
                       document.body.setAttribute('data-md-color-scheme', s);
                       requestAnimationFrame(() => requestAnimationFrame(done)); })""", scheme)


def resize(page, width: int, height: int = 900) -> None:
    """The page as it is, in a window of ``width`` by ``height``: returns once the window's ``resize`` event has
    reached the page (Material's components, which watch it, laid out again) and two frames have been drawn since."""
    page.evaluate("""() => { window.__gmResized = new Promise((done) => addEventListener('resize',
                       () => requestAnimationFrame(() => requestAnimationFrame(done)), {once: true})); }""")
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => window.__gmResized")

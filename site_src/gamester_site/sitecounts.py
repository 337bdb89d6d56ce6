"""Two builds of the site compared page by page: words in the article, live widgets, glossary tooltips, and the
relative base each widget was given. ``nox -s zensical`` uses it to check a Zensical build against MkDocs'.

    python -m gamester_site.sitecounts MKDOCS_SITE OTHER_SITE     (exit 1 if any page differs)
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

ARTICLE = re.compile(r"<article\b[^>]*>(.*?)</article>", re.S)
HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)
TAG = re.compile(r"<[^>]+>")
SCRIPT = re.compile(r"<(script|style)\b.*?</\1>", re.S)


def counts(page: Path) -> dict[str, object]:
    text = page.read_text(encoding="utf-8")
    m = ARTICLE.search(text)
    body = m.group(1) if m else ""
    plain = html.unescape(TAG.sub(" ", SCRIPT.sub(" ", HEADERLINK.sub(" ", body))))
    return {"words": len(re.findall(r"\w+", plain)),
            "widgets": body.count('class="gm-widget"'),
            "tooltips": len(re.findall(r"<abbr\b[^>]*\btitle=", body)),
            "bases": sorted(set(re.findall(r'class="gm-widget"[^>]*data-base="([^"]*)"', body)))}


def pages(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in sorted(site.rglob("index.html"))
            if not p.relative_to(site).as_posix().startswith(("assets/", "search/"))}


def compare(a: Path, b: Path) -> tuple[list[str], list[str]]:
    """(table lines, differences) for the pages of site ``a`` against site ``b``."""
    pa, pb = pages(a), pages(b)
    lines = [f"{'page':<28} {'words':>15} {'widgets':>9} {'tooltips':>11}"]
    diffs = [f"{p}: only in {a}" for p in pa.keys() - pb.keys()] + [f"{p}: only in {b}" for p in pb.keys() - pa.keys()]
    for name in sorted(pa.keys() & pb.keys()):
        ca, cb = counts(pa[name]), counts(pb[name])
        lines.append(f"{name:<28} {ca['words']:>7}/{cb['words']:<7} {ca['widgets']:>4}/{cb['widgets']:<4} "
                     f"{ca['tooltips']:>5}/{cb['tooltips']:<5}" + ("" if ca == cb else "  DIFFERS"))
        for k in ca:
            if ca[k] != cb[k]:
                diffs.append(f"{name}: {k} {ca[k]} (first) != {cb[k]} (second)")
    return lines, diffs


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m gamester_site.sitecounts MKDOCS_SITE OTHER_SITE", file=sys.stderr)
        return 2
    lines, diffs = compare(Path(args[0]), Path(args[1]))
    print("\n".join(lines))
    for d in diffs:
        print("DIFFERENCE:", d)
    print(f"{len(lines) - 1} pages compared: " + ("the same counts" if not diffs else f"{len(diffs)} differences"))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())

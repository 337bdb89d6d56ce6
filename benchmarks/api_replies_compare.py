"""Two runs of ``benchmarks/api_replies.py`` compared table by table, when the replies' form changed on purpose (the
table's parts sent otherwise): each reply's whole table, its ``html`` or its ``parts`` put together as the play widget
does (``docs/javascripts/gamester-play.js``, ``hold``: the parts of the last reply it took, with a null part, or a
null or numbered piece of a part sent in pieces, the one it holds), and every other field of the reply, must be the same.

    python benchmarks/api_replies_compare.py old.txt new.txt

Prints the replies, tables and fields compared, and the characters of each run's replies that send parts; exits 1
at the first difference (saying where). Stdlib only; reads the runs a line at a time.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any


def tables(lines: Iterator[str]) -> Iterator[tuple[dict[str, Any], str | None, int]]:
    """Each reply (without ``html`` and ``parts``), its whole table (None if it draws none) and its characters,
    the parts put together as the widget does: it holds the parts of the last reply that succeeded (none for a
    reply with ``html``), and a reply's null part, or null piece, is the one held."""
    held: list[Any] | None = None
    for line in lines:
        r = json.loads(line)
        html, parts = r.pop("html", None), r.pop("parts", None)
        if parts is not None:
            whole = []
            for i, x in enumerate(parts):
                if x is None or (isinstance(x, list) and any(not isinstance(y, str) for y in x)):
                    if held is None or len(held) != len(parts):
                        raise ValueError(f"a null part or piece, and no parts held as many: {line[:200]}")
                if x is None:
                    x = held[i]
                elif isinstance(x, list):  # (a piece: null, the held one at its place; a number k, the held piece k)
                    x = [held[i][j] if y is None else held[i][y] if isinstance(y, int) else y for j, y in enumerate(x)]
                whole.append(x)
            html = "".join(x if isinstance(x, str) else "".join(x) for x in whole)
        if r.get("ok"):
            held = whole if parts is not None else None
        yield r, html, len(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    a = ap.parse_args()
    replies = drawn = fields = 0
    sizes = [0, 0]
    with open(a.old, encoding="utf-8") as old, open(a.new, encoding="utf-8") as new:  # (zip: one more is an error)
        runs = zip(tables(old), tables(new), strict=True)
        for (r, html, n), (s, html2, n2) in runs:
            replies += 1
            if r != s or html != html2:
                what = "the table" if html != html2 else f"the fields {sorted(k for k in r if r[k] != s.get(k))}"
                print(f"reply {replies} differs: {what}\n  {r}\n  {s}")
                sys.exit(1)
            drawn += html is not None
            fields += len(r)
            if r.get("actions_from") is not None and html is not None:
                sizes[0] += n
                sizes[1] += n2
    print(f"{replies:,} replies compared: {drawn:,} whole tables the same, byte for byte, and {fields:,} other fields")
    print(f"replies with parts: {sizes[0]:,} characters before, {sizes[1]:,} after")


if __name__ == "__main__":
    main()

"""``python3 -m edition check | write-passages | passages TEXT_ID | witnesses`` (with PYTHONPATH=docs/hooks)."""

from __future__ import annotations

import argparse
import json
import sys

from . import dump_register, load


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m edition", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("check", help="print every problem in sources/ (exit 1 if any)")
    sub.add_parser("write-passages", help="regenerate sources/passages.json (the register of passage ids)")
    sp = sub.add_parser("passages", help="print the passages of a text (reading text)")
    sp.add_argument("text_id")
    sub.add_parser("witnesses", help="print the witness comparisons as JSON")
    ns = ap.parse_args(argv)
    ed = load()
    if ns.cmd == "check":
        problems = ed.check()
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1 if problems else 0
    if ns.cmd == "write-passages":
        path = ed.root / "passages.json"
        path.write_text(dump_register(ed), encoding="utf-8")
        print(f"wrote {path} ({len(ed.passage_register())} ids)")
        return 0
    if ns.cmd == "passages":
        t = ed.texts[ns.text_id]
        for p in t.headings + t.passages:
            print(f"{p.id} [{p.kind}, {p.locator}]")
            for sid, s in p.sentences:
                print(f"  {sid}: {s}")
            for lid, s in p.lines:
                print(f"  {lid}: {s}")
        return 0
    if ns.cmd == "witnesses":
        print(json.dumps(ed.witnesses(), indent=1, ensure_ascii=False))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())

"""``python3 -m edition check | write-passages | passages TEXT_ID | witnesses``."""

from __future__ import annotations

import argparse
import json
import sys

from . import SOURCES, Edition, dump_register, load


def draft_clause_map(ed) -> str:
    """Stubs for the engine clauses the map lacks: sources from the engine's citations; passages guessed from the
    engine's Cotton page locators (every passage of the chapter on that page: narrow them by hand). The status and
    the note stay the engine's (the map never repeats them). Review every stub before committing it."""
    from .checks import engine_clauses

    clauses = engine_clauses() or {}
    import gamester  # the chapter of each game's clauses, as the game declares it

    chapter = {sp.clause_prefix.rstrip("."): sp.site.chapter for sp in gamester.all_games().values() if sp.site.chapter}
    from .games import game_of_clause_file

    out = []
    last = ""
    for cid in sorted(clauses.keys() - ed.clause_map.keys(), key=lambda c: (game_of_clause_file({}, c), c)):
        c = clauses[cid]
        where = game_of_clause_file({}, cid)
        if where != last:
            out.append(f"# ---- for {where}\n")
            last = where
        passages: list[str] = []
        text_id = chapter.get(cid.split(".")[0])
        for cit in c.citations:
            if cit.key == "cotton1674" and text_id:
                pages = {x.strip() for x in cit.locator.replace("pp.", "").replace("p.", "").split("-")}
                passages += [p.id for p in ed.texts[text_id].paragraphs
                             if any(pg in pages for pg, _ in p.pages) and p.id not in passages]
            elif cit.key in {t.bib for t in ed.texts.values()} and cit.key != "cotton1674":
                passages += [p.id for t in ed.texts.values() if t.bib == cit.key for p in t.paragraphs
                             if p.id not in passages]
        sources = list(dict.fromkeys(cit.key for cit in c.citations))
        out.append(f'[clause."{cid}"]\npassages = {json.dumps(passages)}\nsources = {json.dumps(sources)}\n')
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m edition", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("check", help="print every problem in sources/ (exit 1 if any)")
    sub.add_parser("write-passages", help="regenerate sources/passages.json (the register of passage ids)")
    sp = sub.add_parser("passages", help="print the passages of a text (reading text)")
    sp.add_argument("text_id")
    sub.add_parser("witnesses", help="print the witness comparisons as JSON")
    sub.add_parser("draft-clause-map", help="print TOML stubs for engine clauses missing from the games' clause maps")
    ns = ap.parse_args(argv)
    # a new game's map is drafted before it exists: only that command reads the edition without every map
    ed = Edition(SOURCES, drafting=True) if ns.cmd == "draft-clause-map" else load()
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
        for p in t.passages:
            print(f"{p.id} [{p.kind}, {p.locator}]")
            for sid, s in p.sentences:
                print(f"  {sid}: {s}")
            for lid, s in p.lines:
                print(f"  {lid}: {s}")
        return 0
    if ns.cmd == "draft-clause-map":
        print(draft_clause_map(ed), end="")
        return 0
    if ns.cmd == "witnesses":
        print(json.dumps(ed.witnesses(), indent=1, ensure_ascii=False))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())

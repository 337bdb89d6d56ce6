"""The built site: strict build, links and anchors, no other host, examples equal to the engine's results."""

from __future__ import annotations

import json
import pathlib
import re
import shlex
from urllib.parse import unquote, urlsplit

from gamester import all_games, commands, render
from gamester.hosts.cli import run
from sitehtml import ROOT, Page

NAV_PAGES = ["index.html", "post-and-pair/index.html", "put/index.html", "speculation/index.html",
             "citations/index.html", "bibliography/index.html", "editorial/index.html", "glossary/index.html",
             "clauses/index.html", "engine/index.html"]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def test_strict_build_gives_every_page(site: pathlib.Path) -> None:
    for rel in NAV_PAGES:
        assert (site / rel).is_file(), rel
    assert (site / "search" / "search_index.json").is_file()  # search works offline, from this site
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert any("pair-royal" in d["text"].lower() for d in index["docs"])


def test_the_search_index_reads_each_text_once_and_word_by_word(site: pathlib.Path) -> None:
    """What Material's search index holds: a chapter's Reading and not its Diplomatic lines again, no tab labels and
    no citation blocks (each the book's whole entry again); and words apart where the page's tags meet (table cells,
    a paragraph and the next heading, a verse's lines), while the page as built is unchanged."""
    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    text = " ".join(d["text"] for d in docs)
    for noise in ("DiplomaticReading", "Copy BibTeX", "@book{", "Cite this paragraph", "qua-lity"):
        assert noise not in text, noise
    put = next(d["text"] for d in docs if d["location"] == "put/#the-text-and-our-reading")
    assert put.count("PVtt is the ordinary rooking Game of every place") == 1
    for glued in ("RulesetStatus", "it.Our reading", "postingThey", "turnWho"):
        assert glued not in text, glued
    assert "The second game was Post, vntill with posting They paid" in text  # (a verse's lines, once run together)
    built = (site / "put" / "index.html").read_text(encoding="utf-8")
    assert "</label><label" in built and "</label> <label" not in built  # (the spaces are the index's alone)


def _target(site: pathlib.Path, page: pathlib.Path, url: str) -> tuple[pathlib.Path, str] | None:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith(("mailto:", "javascript:", "data:")):
        return None
    path, frag = unquote(parts.path), unquote(parts.fragment)
    if not path:
        return page, frag
    target = (site / path.lstrip("/")).resolve() if path.startswith("/") else (page.parent / path).resolve()
    if path.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target, frag


def test_every_internal_link_and_anchor_resolves(site: pathlib.Path, pages: dict[pathlib.Path, Page]) -> None:
    problems = []
    for page, parsed in pages.items():
        for tag, attr, value in parsed.links:
            if attr == "srcset" or not value:
                continue
            t = _target(site, page, value)
            if t is None:
                continue
            target, frag = t
            if not target.exists():
                problems.append(f"{page.relative_to(site)}: <{tag} {attr}={value!r}>: no such file")
                continue
            if frag and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if frag not in ids:
                    problems.append(f"{page.relative_to(site)}: <{tag} {attr}={value!r}>: no anchor #{frag}")
    assert not problems, "\n".join(problems[:50])


def test_game_pages_have_paragraph_permalinks_and_clause_anchors(pages: dict, site: pathlib.Path) -> None:
    pp = pages[site / "post-and-pair" / "index.html"]
    for n in range(1, 6):
        assert f"cotton1674.pp.{n}" in pp.ids
    put = pages[site / "put" / "index.html"]
    assert "cotton1674.put.5" in put.ids
    clauses = pages[site / "clauses" / "index.html"]
    from gamester import all_clauses
    missing = [c.id for c in all_clauses() if c.id not in clauses.ids]
    assert not missing, missing


_URL_RE = re.compile(r"""url\(\s*['"]?([^'")]+)""")
_ABS_RE = re.compile(r"""(?:src|href|action|srcset|poster)\s*=\s*["']?\s*((?:https?:)?//[^\s"'>]+)""", re.I)


def _foreign(url: str) -> bool:
    url = url.strip()
    if url.startswith("//"):
        url = "http:" + url
    parts = urlsplit(url)
    return bool(parts.netloc) and parts.hostname not in LOCAL_HOSTS


def test_built_site_references_no_other_host(site: pathlib.Path, pages: dict[pathlib.Path, Page]) -> None:
    bad = []
    for page, parsed in pages.items():
        for tag, attr, value in parsed.links:
            for v in (value.split(",") if attr == "srcset" else [value]):
                if _foreign(v.split()[0] if v.split() else v):
                    bad.append(f"{page.relative_to(site)}: <{tag} {attr}={v!r}>")
        for style in parsed.styles:
            bad += [f"{page.relative_to(site)}: url({u})" for u in _URL_RE.findall(style) if _foreign(u)]
        # A belt-and-braces scan of the raw text (attributes the parser might not know, inline scripts).
        bad += [f"{page.relative_to(site)}: {u}" for u in _ABS_RE.findall(page.read_text(encoding="utf-8"))
                if _foreign(u)]
    for css in site.rglob("*.css"):
        bad += [f"{css.relative_to(site)}: url({u})" for u in _URL_RE.findall(css.read_text(encoding="utf-8"))
                if _foreign(u)]
    assert not bad, "\n".join(sorted(set(bad))[:50])


def _examples(pages: dict[pathlib.Path, Page]) -> list[tuple[pathlib.Path, Page, int]]:
    return [(p, parsed, i) for p, parsed in pages.items() for i in range(len(parsed.examples))]


def test_there_are_worked_examples_on_every_game_page(site: pathlib.Path, pages: dict) -> None:
    for game in [sp.site.page.strip("/") for sp in all_games().values()]:
        assert pages[site / game / "index.html"].examples, game
        assert pages[site / game / "index.html"].widgets, game


def _cli_argv(kind: str, args: dict[str, str], ruleset: str | None = None) -> list[str]:
    spec, widget = render.widgets()[kind]
    game = spec.name
    # the widget's command; a comparison's, the command it runs for what is given (a seed deals, hands are settled)
    command = widget.command if widget.command != "compare" else commands.compared(
        spec, {k: args[k] for k in ("seed", "hands") if k in args})
    if "hands" in args:
        argv = [command, game]
        for h in args["hands"].split("|"):
            argv += ["--hand", h.strip()]
        for f in filter(None, args.get("folded", "").split(",")):
            argv += ["--folded", f.strip()]
    else:
        argv = [command, game, "--seed", args["seed"]]
        if "players" in args:
            argv += ["--players", args["players"]]
        if args.get("bots"):
            argv += ["--bots", args["bots"]]
        if args.get("deals"):
            argv += ["--deals", args["deals"]]
    rs = ruleset or args.get("ruleset")
    if rs:
        argv += ["--ruleset", rs]
    for item in filter(None, re.split(r"[;,]", args.get("options", ""))):
        argv += ["--option", item.strip()]
    return argv + ["--json"]


def test_every_worked_example_matches_the_engine(site: pathlib.Path, pages: dict[pathlib.Path, Page]) -> None:
    """Each example's ledger and net result, read back from the HTML, equal what the CLI computes for the same
    arguments (the CLI, not the renderer, so the check does not lean on the code it checks)."""
    checked = 0
    for page, parsed, i in _examples(pages):
        a = parsed.examples[i]
        kind, args = a["data-kind"], json.loads(a["data-args"])
        rulesets = args["rulesets"].split(",") if kind == "pp-compare" else [None]
        expected_rows, expected_nets = [], []
        for rs in rulesets:
            data, _text, _ = run(_cli_argv(kind, args, rs))
            parts = [("", data)] + [(str(j), d) for j, d in enumerate((data.get("deals") or [])[:30])
                                    if isinstance(d, dict)]
            for deal, d in parts:
                expected_rows += [{"deal": deal, "from": str(ln["from"]), "to": str(ln["to"]),
                                   "counters": str(ln["counters"]), "clause": ln["clause"]}
                                  for ln in d.get("ledger", []) or []]
                expected_nets += [(deal, str(s), str(v)) for s, v in enumerate(d.get("net", []) or [])]
        got_rows = [{"deal": r.get("data-deal", ""), "from": r["data-from"], "to": r["data-to"],
                     "counters": r["data-counters"], "clause": r["data-clause"]} for r in parsed.ledger_rows[i]]
        where = f"{page.relative_to(site)} example {kind} {args}"
        assert got_rows == expected_rows, where
        assert parsed.nets[i] == expected_nets, where
        checked += 1
    assert checked >= 6


def test_widget_static_rendering_is_what_the_widget_computes_first(site: pathlib.Path, pages: dict) -> None:
    """A widget's static HTML is byte for byte ``gamester.render.render(kind, args)``: the widget's first call."""
    n = 0
    for page, parsed in pages.items():
        text = page.read_text(encoding="utf-8")
        for w in parsed.widgets:
            kind, args = w["data-widget"], json.loads(w["data-args"])
            assert kind in render.widgets()
            html = render.render(kind, args, base=w["data-base"])
            assert html in text, f"{page.relative_to(site)}: widget {kind} {args}"
            n += 1
    assert n >= 5


def test_engine_page_cli_examples_run_and_are_shown(site: pathlib.Path) -> None:
    src = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    built = (site / "engine" / "index.html").read_text(encoding="utf-8")
    cmds = re.findall(r"<!-- cli (.*?) -->", src)
    assert cmds
    for cmd in cmds:
        data, text, as_json = run(shlex.split(cmd))
        shown = json.dumps(data, indent=2, ensure_ascii=False) if as_json else text
        first = shown.strip().splitlines()[0]
        import html as h
        assert h.escape(first) in built, cmd


def test_engine_page_python_examples() -> None:
    import doctest

    src = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", src, re.S)
    assert blocks
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"engine.md[{i}]", "docs/engine.md", 0)
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing examples in docs/engine.md"


def test_glossary_terms_are_tooltips_across_the_site(site: pathlib.Path) -> None:
    pp = (site / "post-and-pair" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<abbr title="[^"]+">eldest hand</abbr>', pp)
    gl = (site / "glossary" / "index.html").read_text(encoding="utf-8")
    for term in ("vye", "revye", "pair-royal", "pipped-at-the-post", "part-stakes", "the-box", "trick-and-tie",
                 "chief-hand", "turn-up"):
        assert f'id="{term}"' in gl, term


def test_quotations_come_from_the_transcriptions(site: pathlib.Path) -> None:
    import edition

    ed = edition.load()
    built = (site / "post-and-pair" / "index.html").read_text(encoding="utf-8")
    built = re.sub(r'<a class="gm-unit" id="[^"]*"></a>', "", built)  # sentence anchors, added around the words
    for p in ed.texts["cotton1674.pp"].passages:
        assert p.reading_html in built and p.diplomatic_html in built, p.id

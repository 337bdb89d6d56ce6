"""No reader meets our ids in prose: the visible text of every built page (its text nodes, leaving out what is set
as code: the engine page's examples, which are shown as the names they are) names no clause by its id, no option by
its key and no ruleset by its string. A note that refers to another clause shows that clause's title, linked
(gamester_site.blocks.clause_refs); so does every other link to a rule, and on every page but the engine's no id,
key or ruleset string is shown even as code (gamester_site.blocks.rule_link, rule_links)."""

from __future__ import annotations

import pathlib
import re
import tomllib
from html.parser import HTMLParser

from gamester import all_games
from gamester.clauses import all_clauses

#: what is set apart from prose: code and preformatted text, scripts and styles, drawings
NOT_PROSE = {"code", "pre", "kbd", "samp", "script", "style", "template", "svg", "textarea"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Prose(HTMLParser):
    """A page's text nodes outside :data:`NOT_PROSE`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            while self.open.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if not NOT_PROSE.intersection(self.open):
            self.text.append(data)


def prose(path: pathlib.Path) -> str:
    p = Prose()
    p.feed(path.read_text(encoding="utf-8"))
    return re.sub(r"\s+", " ", " ".join(p.text))


def _words(names: set[str]) -> re.Pattern:
    """Any of ``names`` standing as a word of its own (not part of an address, a file name or a longer name)."""
    return re.compile(r"(?<![\w./#-])(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True))
                      + r")(?![\w-]|\.\w)")


def forbidden() -> dict[str, re.Pattern]:
    """What prose must not hold: a clause id; an editorial note's id (named by its title: blocks.note_refs); an
    option key written as a setting (``ten_ace=11``), or one of the keys that is no English word (``game_points``;
    ``heap`` or ``stake`` cannot be told from words); a ruleset string (``put(betting=double)``), or a preset's name
    that is no English word (``cotton-1674``)."""
    specs = all_games().values()
    notes = tomllib.loads((pathlib.Path(__file__).resolve().parents[2] / "sources" / "notes.toml")
                          .read_text(encoding="utf-8"))["note"]
    keys = {s.name for sp in specs for s in sp.options.specs()}
    presets = {p for sp in specs for p in sp.presets if "-" in p}
    games = {sp.name for sp in specs}
    return {
        "a clause id": _words({c.id for c in all_clauses()}),
        "an editorial note's id": _words({n["id"] for n in notes if "-" in n["id"]}),  # ("witnesses" is a word)
        "an option key": re.compile(r"(?<![\w-])(?:" + "|".join(sorted(keys, key=len, reverse=True)) + r")=|"
                                    + _words({k for k in keys if "_" in k}).pattern),
        "a ruleset string": re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, games)) + r")\(\w+=|"
                                       + _words(presets).pattern),
    }


def findings(site: pathlib.Path) -> list[str]:
    checks = forbidden()
    out = []
    for path in sorted(site.rglob("*.html")):
        text = prose(path)
        for what, pattern in checks.items():
            for m in pattern.finditer(text):
                out.append(f"{path.relative_to(site)}: {what}, {m.group(0)!r}, in "
                           f"{text[max(0, m.start() - 60):m.end() + 30]!r}")
    return out


def test_no_id_key_or_ruleset_string_in_any_page_s_prose(site):
    found = findings(site)
    assert not found, "our names in a reader's prose:\n" + "\n".join(found[:30])


class AllText(Prose):
    """A page's text nodes, code and all (only scripts, styles and templates left out)."""

    def handle_data(self, data: str) -> None:
        if not {"script", "style", "template"}.intersection(self.open):
            self.text.append(data)


def test_no_page_but_the_engine_s_shows_an_id_key_or_ruleset_string_even_as_code(site):
    """A rule is named by its title wherever a reader meets it (a chapter's list of the rules a paragraph grounds, a
    citation's rules, an editorial note's, the Clauses page's entries, a page's prose linking a rule), a ruleset by
    its title and a setting by its label. The engine page, for programmers, shows them in its code examples, as the
    names they are there."""
    checks = forbidden()
    found = []
    for path in sorted(site.rglob("*.html")):
        if path.relative_to(site).parts[:1] in (("engine",), ("pyodide",)):
            continue
        p = AllText()
        p.feed(path.read_text(encoding="utf-8"))
        text = re.sub(r"\s+", " ", " ".join(p.text))
        for what, pattern in checks.items():
            found += [f"{path.relative_to(site)}: {what}, {m.group(0)!r}, in "
                      f"{text[max(0, m.start() - 60):m.end() + 20]!r}" for m in pattern.finditer(text)]
    assert not found, "our names shown to readers:\n" + "\n".join(found[:30])
    entry = (site / "clauses" / "index.html").read_text(encoding="utf-8")
    assert '<a class="gm-permalink" href="#put.three.rules"><strong>How three play</strong></a>' in entry


def test_the_check_finds_each_kind_in_prose_and_not_in_code(tmp_path):
    page = tmp_path / "x.html"
    clause = all_clauses()[0].id
    spec = next(iter(all_games().values()))
    key = spec.options.specs()[0].name
    page.write_text(f"<p>see {clause}; {spec.name}(a=1) and {key}=2</p><p><code>{clause}</code> "
                    f"<a href='../clauses/#{clause}'>a title</a> <pre>{key}=1</pre></p>", encoding="utf-8")
    found = findings(tmp_path)
    assert [re.split(r": |, ", f)[1] for f in found] == ["a clause id", "an option key", "a ruleset string"], found


def test_a_note_names_another_clause_by_its_title_linked(site):
    from gamester.clauses import get_clause

    page = (site / "clauses" / "index.html").read_text(encoding="utf-8")
    entry = re.search(r'<div class="gm-clause-entry" id="pp\.settle\.part-stakes">.*?</div>', page, re.S)
    assert entry, "no entry for pp.settle.part-stakes on the Clauses page"
    title = get_clause("pp.settle.part-equal").title
    assert f'see <a href="../clauses/#pp.settle.part-equal">{title}</a>' in entry.group(0), entry.group(0)


def test_a_game_page_s_rulesets_and_settings_tables_set_nothing_as_code(site):
    """The rulesets and settings tables of a game page speak a reader's words (titles, labels, choices), so they
    have no code for the prose check to pass over."""
    pages = [(spec, site / spec.name / "index.html") for spec in all_games().values()]
    pages = [(spec, p) for spec, p in pages if p.is_file()]  # (a game made by the tests has no page)
    assert len(pages) >= 4, [str(p) for _, p in pages]
    for spec, page in pages:
        t = page.read_text(encoding="utf-8")
        for cls in ("gm-rulesets", "gm-options"):
            table = re.search(rf'<table class="{cls}">.*?</table>', t, re.S)
            assert table, f"{spec.name}: no {cls} table"
            assert "<code>" not in table.group(0), f"{spec.name}: {cls} sets something as code"

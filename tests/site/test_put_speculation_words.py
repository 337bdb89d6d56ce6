"""The words of the Put and Speculation pages: period words inline come from the transcription (the ``quote``
marker), the anonymous modern accounts are never called "seed" in what a reader sees, bibliography keys are not
link texts, and each editorial note is shown on the page of the game it is about."""

from __future__ import annotations

import re

import markdown
import pytest

from gamester import all_games
from gamester_site import markers
from gamester_site.store import edition
from gamester_site.tables import _note_matches
from sitehtml import ROOT

PAGES = ["docs/put.md", "docs/speculation.md", "docs/teach/put.md", "docs/teach/speculation.md", "docs/numbers.md"]


def convert(text: str, page: str = "put.md") -> str:
    return markdown.Markdown(extensions=["gamester_site.extension", "abbr", "md_in_html"],
                             extension_configs={"gamester_site.extension": {"page": page}}).convert(text)


# -- the quote marker ------------------------------------------------------------------------------------------
def test_quote_is_inline_curly_and_linked_to_its_passage() -> None:
    html = convert('Cotton calls it <!-- quote cotton1674.put.4.s1 words="This Game consists very much in daring" -->'
                   ", and so it is.\n")
    # one paragraph: the marker did not break the sentence into blocks
    assert html.count("<p>") == 1, html
    assert re.search(r'Cotton calls it “<a class="gm-quote-inline" href="[^"]*#cotton1674\.put\.4\.s1">This Game '
                     r"consists very much in daring</a>”, and so it is\.", html), html


def test_quote_with_cite_gives_author_date_and_locator_not_the_key() -> None:
    html = convert('<!-- quote humours1763.3.l1 words="he can neither play at All Fours" cite=yes -->\n')
    assert "(<a href=\"../bibliography/#humours1763\">Shadwell, 1763, p. 35</a>)" in html, html
    assert ">humours1763<" not in html


@pytest.mark.parametrize(("marker", "says"), [
    ('<!-- quote cotton1674.put.4.s1 words="This Game consists much in daring" -->', "do not occur"),
    ('<!-- quote cotton1674.put.4.s1 words="this game consists very much in daring" -->', "do not occur"),
    ("<!-- quote cotton1674.put.4.s1 -->", "words="),
    ('<!-- quote cotton1674.put.4.s1 words="daring" cite=no -->', "cite=yes"),
    ('<!-- quote cotton1674.put.4.s1 words="daring" colour=red -->', "colour"),
])
def test_a_quote_not_in_the_transcription_stops_the_build(marker: str, says: str) -> None:
    with pytest.raises(markers.MarkerBuildError) as info:
        convert(f"A {marker} here.\n")
    assert says in str(info.value).split("-->:", 1)[1], str(info.value)


def test_a_quote_of_an_unknown_passage_is_reported() -> None:
    html = convert('A <!-- quote cotton1674.put.99.s1 words="daring" --> here.\n')
    assert "gm-missing-data" in html and "cotton1674.put.99.s1" in html


# -- words a reader sees ---------------------------------------------------------------------------------------
def _reader_strings():
    for game in ("put", "speculation"):
        spec = all_games()[game]
        for c in (c for c in spec_clauses(spec)):
            yield f"clause {c.id}", c.statement
            yield f"clause {c.id} note", c.note or ""
        for p in spec.presets.values():
            yield f"{game} ruleset {p.name}", p.summary
        for s in spec.options.specs():
            yield f"{game} option {s.name}", s.help
    for n in edition().notes:
        if _note_matches(n, "put") or _note_matches(n, "speculation"):
            yield f"note {n['id']}", n["title"] + " " + n["body"]


def spec_clauses(spec):
    from gamester.clauses import all_clauses

    return all_clauses(spec.clause_prefix)


def test_the_modern_accounts_are_never_called_seed_where_a_reader_reads() -> None:
    bad = [f"{where}: {text[:90]!r}" for where, text in _reader_strings() if re.search(r"\bseeds?\b", text, re.I)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("page", PAGES)
def test_pages_name_no_bibliography_key_and_no_seed_account(page: str) -> None:
    src = (ROOT / page).read_text(encoding="utf-8")
    keys = set(edition().bibliography)
    shown = [m.group(1) for m in re.finditer(r"\[([^\]]+)\]\(bibliography\.md#[^)]+\)", src) if m.group(1) in keys]
    assert not shown, f"{page} shows bibliography keys as link text: {shown}"
    prose = re.sub(r"<!--.*?-->", "", src, flags=re.S)
    assert not re.search(r"(Hoyle-style|modern|handbook)\s+seed\b", prose, re.I), page


@pytest.mark.parametrize("page", PAGES)
def test_period_words_in_page_prose_come_through_the_quote_marker(page: str) -> None:
    """Curly-quoted words typed into the prose of these pages must not be a transcription's words: those come from
    the quote marker, which checks them. (Curly quotes around our own glosses are allowed.)"""
    src = re.sub(r"<!--.*?-->", "", (ROOT / page).read_text(encoding="utf-8"), flags=re.S)
    period = [p.reading_text for p in edition().passages.values()]
    typed = [q for q in re.findall(r"“([^”]{6,})”", src) if any(q in t for t in period)]
    assert not typed, f"{page} types period words instead of quoting them by passage id: {typed}"


# -- where notes are shown -------------------------------------------------------------------------------------
def test_each_note_is_filed_with_its_game() -> None:
    notes = {n["id"]: n for n in edition().notes}
    on = {nid: {g for g in all_games() if _note_matches(n, g)} for nid, n in notes.items()}
    for nid, where in on.items():
        if nid.startswith("speculation-"):
            assert where == {"speculation"}, (nid, where)
    # the 1687 reprint covers the three chapters of Cotton's the edition models (issue 32: Bone-Ace's too)
    assert on["cotton-1687"] == {"put", "post-and-pair", "bone-ace"}
    assert {nid for nid, where in on.items() if "bone-ace" in where} >= {
        "bone-ace-gap-1687", "bone-ace-counts", "bone-ace-ace", "bone-ace-lift", "bone-ace-licking"}
    assert on["slam"] == {"post-and-pair"}
    assert on["put-high-game"] == {"put"} and on["truc-name"] == {"put"}

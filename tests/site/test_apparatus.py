"""The edition's apparatus in the built site: rules in brief, locators, sentence anchors, citations of the edition,
downloads, the glossary's period words, and the rule that a quotation on a page comes from a transcription."""

from __future__ import annotations

import json
import pathlib
import re
from html import parser as html_parser
from html import unescape as html_unescape

import pytest
import yaml

from gamester import all_games, replay
from gamester.clauses import STATUSES, all_clauses, get_clause
from sitehtml import ROOT

all_clauses()  # register every game's clauses before get_clause is used

#: every registered game -> its page in the built site
GAMES = {sp.name: f"{sp.site.page}index.html" for sp in all_games().values()}


def html(site: pathlib.Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def text_of(fragment: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)).strip()


# -- rules in brief --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_rules_in_brief_open_each_game_page_with_derived_statuses(site, game):
    page = html(site, GAMES[game])
    brief = yaml.safe_load((ROOT / "sources" / "games" / game / "brief.yml").read_text(encoding="utf-8"))
    m = re.search(r'<div class="gm-brief".*?</ol>', page, re.S)
    assert m, "no .gm-brief block"
    # at the top: before the period text, the rulesets and every example
    assert m.start() < min(page.find(x) for x in ('class="gm-text"', 'class="gm-rulesets"', 'class="gm-static"')
                           if x in page)
    items = re.findall(r"<li>(.*?)</li>", m.group(0), re.S)
    assert len(items) == len(brief["rules"])  # how many, and in how many words: the contract's (test_contract.py)
    for item, rule in zip(items, brief["rules"], strict=True):
        weakest = max((get_clause(c).status for c in rule["clauses"]), key=STATUSES.index)
        assert f'gm-status-{weakest}"' in item, (game, rule["text"])
        assert f'clauses/#{rule["clauses"][0]}"' in item


def test_rules_in_brief_claim_no_more_than_their_clauses():
    from gamester_site import store

    store.reset()
    brief = store.brief()
    statuses = {g: [max((get_clause(c).status for c in r["clauses"]), key=STATUSES.index) for r in b["rules"]]
                for g, b in brief.items()}
    assert "attested" not in statuses["speculation"]          # no period text of Speculation
    assert statuses["post-and-pair"][1] == "reconstructed"    # the one counter a stake is not Cotton's
    assert "conjectural" in statuses["put"]                    # the unput deal's point is our choice


# -- locators and anchors --------------------------------------------------------------------------------------
def _cite_locators(page: str) -> dict[str, str]:
    out = {}
    for sec in re.finditer(r'<section class="gm-para" id="([^"]+)">(.*?)</section>', page, re.S):
        m = re.search(r"Locator: ([^<]+)</small>", sec.group(2))
        if m:
            out[sec.group(1)] = m.group(1)
    return out


def test_a_paragraph_over_a_page_break_is_cited_by_its_range(site):
    import edition

    ed = edition.load()
    pp = _cite_locators(html(site, GAMES["post-and-pair"]))
    assert pp["cotton1674.pp.4"] == "pp. 150-151" and pp["cotton1674.pp.1"] == "p. 150"
    put = _cite_locators(html(site, GAMES["put"]))
    spanning = [p.id for p in ed.texts["cotton1674.put"].paragraphs if len({pg for pg, _ in p.pages}) > 1]
    assert len(spanning) >= 5
    for pid in spanning:
        assert put[pid] == ed.locate(pid)["locator"] and put[pid].startswith("pp. "), pid


def test_sentence_and_line_ids_link_to_their_own_anchor(site, pages):
    import edition

    ed = edition.load()
    clauses = html(site, "clauses/index.html")
    assert 'href="../post-and-pair/#cotton1674.pp.3.s2"' in clauses
    pp = html(site, GAMES["post-and-pair"])
    # the anchor sits just before the sentence's first word, in the Reading tab
    _, sentence = ed.resolve("cotton1674.pp.3.s2")
    m = re.search(r'<a class="gm-unit" id="cotton1674\.pp\.3\.s2"></a>(.{0,200})', pp, re.S)
    assert m and text_of(m.group(1)).startswith(" ".join(sentence.split()[:3]))
    cit = html(site, "citations/index.html")
    m = re.search(r'<a class="gm-unit" id="davies1605\.6\.l2"></a>(.{0,120})', cit, re.S)
    assert m and text_of(m.group(1)).startswith("When lo, the Yonger")
    for page, parsed in pages.items():  # every id is unique on its page
        ids = re.findall(r'\sid="([^"]+)"', page.read_text(encoding="utf-8"))
        assert len(ids) == len(set(ids)), (page, sorted({i for i in ids if ids.count(i) > 1})[:5])


# -- cite this edition -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_cite_this_edition_names_editors_and_version_and_no_served_address(site, game):
    page = html(site, GAMES[game])
    m = re.search(r'<details class="gm-cite gm-cite-edition"[^>]*>.*?</details>', page, re.S)
    assert m
    block = m.group(0)
    assert "@misc{gamester-edition," in block and '"type": "webpage"' in block
    assert "127.0.0.1" not in block and "localhost" not in block  # no host baked in
    codes = re.findall(r'<pre class="gm-code" id="[^"]+">(.*?)</pre>', block, re.S)
    assert re.findall(r'data-copy="([^"]+)"', block) == re.findall(r'<pre class="gm-code" id="([^"]+)">', block)
    assert len(codes) == 2 and codes[0].startswith("@misc")
    bib = html_unescape(codes[0])
    csl = json.loads(html_unescape(re.sub(r"<[^>]+>", "", codes[1])))
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)[1]
    assert re.search(r"^  editor\s+= \{.+\},$", bib, re.M) and csl["editor"]
    assert re.search(rf"^  version\s+= \{{{re.escape(version)}\}},$", bib, re.M) and csl["version"] == version
    # the site under test was built without a public address: none is cited (the reader is told to add theirs)
    assert ("URL" in csl) == ("url " in bib)
    if "URL" in csl:
        assert csl["URL"].startswith("http") and "127.0.0.1" not in csl["URL"]
    else:
        assert "no published address" in block
    assert "gm-page-url" not in html(site, "javascripts/apparatus.js")  # the script no longer writes the address
    # the work's title names each game as the engine declares it (the site code names none)
    from gamester_site.gamelist import game_pages

    titles = [p.title for p in game_pages()]
    assert csl["title"].endswith(f"Gamester: an edition of {', '.join(titles[:-1])} and {titles[-1]}, with a working "
                                 "model of their rules")


def test_the_published_address_is_cited_and_a_loopback_one_never():
    from types import SimpleNamespace

    from gamester_site import apparatus, store

    page = SimpleNamespace(url="put/", title="Put")
    for site_url, expect in [("https://example.org/gamester/", "https://example.org/gamester/put/"),
                             ("http://127.0.0.1:8000/", ""), ("http://localhost/", ""), ("", "")]:
        store.cache["site_url"] = site_url
        assert apparatus.published_url(page) == expect, site_url
        block = apparatus.m_cite_edition("", page)
        assert ("127.0.0.1" in block or "localhost" in block) is False
        assert (expect in block) if expect else ("url " not in block)
    store.cache.pop("site_url", None)


# -- citations by author and date --------------------------------------------------------------------------------
class _Visible(html_parser.HTMLParser):
    """The text a reader sees: everything outside script, style, and the folded BibTeX/CSL-JSON ``pre`` blocks."""

    SKIP = {"script", "style", "pre", "template"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth, self.out = 0, []

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.out.append(data)


def _bib_keys() -> list[str]:
    import bibtexparser

    return [e.key for e in bibtexparser.parse_file(str(ROOT / "sources" / "bibliography.bib")).entries]


def test_no_bibliography_key_is_shown_as_a_citation(site):
    """Reader text cites by author and date ("Shadwell, 1763, p. 35"), never by the key ("humours1763, p. 35").
    A passage id (``cotton1674.pp.3``) begins with its text's id and is not counted here."""
    keys = sorted(_bib_keys(), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w/#.-])(" + "|".join(map(re.escape, keys)) + r")(?![\w.-])")
    found = []
    for f in sorted(site.rglob("*.html")):
        v = _Visible()
        v.feed(f.read_text(encoding="utf-8"))
        text = " ".join(v.out)
        found += [(str(f.relative_to(site)), m.group(1), text[max(0, m.start() - 40):m.end() + 20])
                  for m in pattern.finditer(text)]
    assert not found, found[:10]


def test_the_bibliography_is_sorted_by_author_and_shows_each_entry_s_status(site):
    page = html(site, "bibliography/index.html")
    entries = re.findall(r'<li id="([^"]+)"><p><span class="csl-entry"[^>]*>(.*?)</span></p>(.*?)<details', page,
                         re.S)
    assert len(entries) == len(_bib_keys())
    names = [re.split(r" \(", text_of(ref), maxsplit=1)[0].lower() for _, ref, _ in entries]
    assert names == sorted(names), names
    shown = {k: text_of(status) for k, _, status in entries}
    assert "only through Parlett" in shown["hoyle1847"]  # what is unverified is said beside the entry
    assert all("<code>" not in status for _, _, status in entries)


def test_cite_this_paragraph_carries_the_pages_in_the_bibtex(site):
    page = html(site, "post-and-pair/index.html")
    m = re.search(r'id="cotton1674\.pp\.4".*?<details class="gm-cite"[^>]*><summary>Cite this paragraph</summary>'
                  r'.*?<pre class="gm-code" id="[^"]+">(.*?)</pre>', page, re.S)
    assert m
    assert re.search(r"^\s*pages = \{150--151\},?$", html_unescape(m.group(1)), re.M)
    # and the edition's version (issue 32)
    assert re.search(r"^\s*addendum = \{Text and locator as given by the Gamester edition, version [\w.]+\}$",
                     html_unescape(m.group(1)), re.M)


# -- downloads ---------------------------------------------------------------------------------------------------
def _download_links(page: str) -> list[str]:
    return re.findall(r'<ul class="gm-downloads">.*?</ul>', page, re.S) and re.findall(
        r'href="(?:\.\./)*(downloads/[^"]+)" download', page)


def test_downloads_are_built_and_agree_with_the_sources(site):
    import edition
    from edition import teidoc
    from gamester_site.downloads import CORPUS

    ed = edition.load()
    data_page = _download_links(html(site, "downloads/index.html"))
    for t in ed.texts.values():
        rel = f"downloads/tei/{pathlib.Path(t.file).name}"
        assert rel in data_page
        # a TEI document made from the extract (tests/sources/test_tei_downloads.py checks it against tei_all)
        assert (site / rel).read_text(encoding="utf-8") == teidoc.document(t)
    assert (site / CORPUS).read_text(encoding="utf-8") == teidoc.corpus(ed) and CORPUS in data_page
    assert (site / "downloads/bibliography.bib").read_bytes() == (ROOT / "sources/bibliography.bib").read_bytes()
    csl = json.loads((site / "downloads/bibliography.csl.json").read_text(encoding="utf-8"))
    assert {x["id"] for x in csl} == set(ed.bibliography)
    cm = json.loads((site / "downloads/clause-map.json").read_text(encoding="utf-8"))
    assert {c["id"]: c["status"] for c in cm} == {c.id: c.status for c in all_clauses()}
    assert all(c["passages"] or c["status"] != "attested" for c in cm)
    notes = json.loads((site / "downloads/notes.json").read_text(encoding="utf-8"))
    assert [n["id"] for n in notes] == [n["id"] for n in ed.notes]
    records = sorted((site / "downloads/records").glob("*.json"))
    assert {r.name.split("-seed")[0] for r in records} == set(GAMES)
    for r in records:
        rec = json.loads(r.read_text(encoding="utf-8"))
        assert replay(rec).to_record()["actions"] == rec["actions"] and rec["actions"]
    for link in data_page:
        assert (site / link).is_file(), link


@pytest.mark.parametrize("game", GAMES)
def test_each_game_page_offers_its_downloads(site, game):
    links = _download_links(html(site, GAMES[game]))
    assert "downloads/bibliography.bib" in links and "downloads/clause-map.json" in links
    assert f"downloads/records/{game}-seed" in " ".join(links)
    if all_games()[game].site.chapter:  # a game with a period chapter offers its transcription
        assert any(x.startswith("downloads/tei/cotton1674_") for x in links)
    for link in links:
        assert (site / link).is_file(), link


def test_each_game_page_offers_its_chapter_in_both_editions():
    # A game declares its chapter's text id (GameSpec.chapter); the 1687 printing of that chapter goes with it.
    import edition
    from gamester import all_games
    from gamester_site.downloads import chapter_games

    ids = [t.id for t in edition.load().texts.values()]
    offered = {sp.name: sorted(i for i in ids if sp.name in chapter_games(i)) for sp in all_games().values()}
    for sp in all_games().values():  # its chapter, and the same chapter of the 1687 printing when it is transcribed
        later = sp.site.chapter.replace("1674", "1687")
        assert offered[sp.name] == ([sp.site.chapter] + ([later] if later in ids else []) if sp.site.chapter else []), sp.name
    assert offered["post-and-pair"] == ["cotton1674.pp", "cotton1687.pp"] and offered["speculation"] == []


def test_data_for_an_unknown_game_stops_the_build(monkeypatch, tmp_path):
    import shutil

    from gamester_site import downloads, store

    shutil.copytree(ROOT / "sources" / "games", tmp_path / "games")
    (tmp_path / "games" / "piquet").mkdir()
    (tmp_path / "games" / "piquet" / "site.yml").write_text("record: {players: 2, seed: 1}\n")
    monkeypatch.setattr(store, "GAMES", str(tmp_path / "games"))
    store.reset()
    with pytest.raises(store.EditionError, match="no game is called 'piquet'"):
        downloads.record_cases()
    store.reset()


# -- glossary and quotations -----------------------------------------------------------------------------------
def test_period_words_of_the_put_chapter_are_glossed_with_their_passage(site):
    gl = html(site, "glossary/index.html")
    for term in ("rook", "cully", "col", "bent", "slick", "breef", "spurr", "putt-card", "high-game",
                 "set-meeting", "going-to-stock"):
        m = re.search(rf'<h3 class="gm-gloss-term" id="{term}">.*?</div></div>', gl, re.S)
        assert m, term
        assert re.search(r'href="\.\./put/#cotton1674\.put\.\d+\.s\d+"', m.group(0)), term


def test_curly_quotations_on_the_pages_are_verbatim_from_the_transcriptions():
    # On our pages and in our data, text in curly double quotes is a quotation of a period text: it must occur in
    # one of the transcriptions (whitespace and verse-line ends aside). Seeds are quoted, if at all, otherwise.
    import edition
    from edition.tei import normalise_for_match as norm

    ed = edition.load()
    corpus = norm(" ".join(p.reading_text.replace("\n", " ") for p in ed.passages.values()))
    found = 0
    for f in sorted((ROOT / "docs").glob("*.md")) + sorted((ROOT / "docs" / "data").glob("*.yml")) \
            + sorted((ROOT / "sources" / "games").glob("*/*.yml")):
        text = f.read_text(encoding="utf-8")
        # typed in curly quotes, or taken through the quote marker (which prints them in curly quotes)
        for q in re.findall(r"\u201c([^\u201d]+)\u201d", text) + re.findall(r'<!-- quote \S+ words="([^"]+)"', text):
            found += 1
            assert norm(q.replace(" / ", " ")) in corpus, f"{f.name}: \u201c{q}\u201d is not in any transcription"
    assert found >= 10


def test_the_diplomatic_view_does_not_claim_the_printed_line_breaks(site):
    for rel in ("index.html", "editorial/index.html", "glossary/index.html", GAMES["put"]):
        t = text_of(html(site, rel))
        assert "printed line breaks" not in t and "as printed, with its line breaks" not in t, rel
    assert "not checked against the page images" in text_of(html(site, GAMES["post-and-pair"]))


def test_ruleset_status_is_derived_and_shown_in_words(site):
    pp = html(site, GAMES["post-and-pair"])
    row = re.search(r"<tr><td>Cotton&#x27;s rules \(1674\), gaps filled</td>.*?</tr>", pp, re.S).group(0)
    assert 'gm-status-conjectural">attested, with reconstructed and conjectural fillings<' in row


def test_every_sentence_and_line_anchor_lands_on_its_first_word():
    # 690-odd units over every transcription: the anchor is placed by counting words of the reading HTML, skipping
    # page-break markers and side notes (which the reading text leaves out); it must sit before the unit's first word.
    from html import unescape

    import edition
    from gamester_site.places import anchor_units

    ed = edition.load()
    n = 0
    for p in ed.passages.values():
        if p.kind == "head":
            continue
        h = anchor_units(p)
        for uid, unit in p.sentences + p.lines:
            if not unit.split():
                continue
            n += 1
            i = h.index(f'id="{uid}"')
            rest = re.sub(r'<span class="(pb|margin-note)".*?</span>', "", h[h.index(">", i) + 1:], flags=re.S)
            assert unescape(re.sub(r"<[^>]+>", "", rest)).lstrip().startswith(unit.split()[0]), uid
    assert n > 600


def test_the_textual_introduction_is_reachable_and_states_its_facts(site):
    page = html(site, "textual-introduction/index.html")
    t = text_of(page)
    for fact in ("Wing C6382", "ESTC R23124", "image set 56740", "Wing C6383", "Printed for Charles Brome",
                 "keyed with round s throughout", "Harvard", "unverified"):
        assert fact in t, fact
    # the imprint is quoted from the transcription, not typed
    assert "Printed by A. M. for R. Cutler" in t and 'class="gm-quote"' in page
    for rel in ("index.html", "editorial/index.html"):
        assert re.search(r'href="(?:\.\./)*textual-introduction/"', html(site, rel)), rel
    assert "textual-introduction/" in html(site, "citations/index.html")  # in the navigation


def test_a34637_has_no_long_s_so_the_page_may_say_so():
    """The textual introduction says A34637 was keyed with round s: true of every 1674 extract we hold."""
    for f in (ROOT / "sources" / "tcp").glob("cotton1674_A34637_*.xml"):
        assert "\u017f" not in f.read_text(encoding="utf-8"), f.name
    assert "\u017f" in (ROOT / "sources" / "tcp" / "cotton1687_B02403_ch15_putt.xml").read_text(encoding="utf-8")


def test_passages_are_referred_to_by_author_page_and_paragraph_not_by_id(site):
    """The lists the site builds (clause passages, "See:" under the notes, the glossary's sources, the timeline and
    quoted passages) name a passage "Cotton, 1674, p. 151, ¶ 4, sentence 6", never ``cotton1674.pp.4.s6``."""
    pid = re.compile(r"(?<![\w.#/-])[a-z][a-z-]*\d{4}(?:\.[a-z]+)*\.(?:\d+|h\d+)(?:\.[sl]\d+)?(?![\w-])")
    for rel in ("clauses/index.html", "glossary/index.html", "citations/index.html", "bibliography/index.html",
                "textual-introduction/index.html"):
        v = _Visible()
        v.feed(html(site, rel))
        found = pid.findall(" ".join(v.out))
        assert not found, (rel, found[:5])
    assert "Cotton, 1674, p. 151, ¶ 4, sentence 6" in text_of(html(site, "clauses/index.html"))


def test_citations_of_one_text_in_one_year_follow_the_text(site):
    """Davies' poem is cited seven times: the timeline gives them in the poem's order, not by their ids."""
    import tomllib

    cits = tomllib.loads((ROOT / "sources" / "citations.toml").read_text(encoding="utf-8"))["citation"]
    where = {f"cit-{c['id']}": c.get("passage", "") for c in cits}
    shown = [x for x in re.findall(r'id="(cit-davies1605[^"]*)"', html(site, "citations/index.html"))]
    assert len(shown) >= 5

    def pos(pid: str) -> tuple:
        m = re.fullmatch(r"davies1605\.(\d+)(?:\.l(\d+))?", where[pid])
        return (int(m.group(1)), int(m.group(2) or 0))

    assert [pos(x) for x in shown] == sorted(pos(x) for x in shown)

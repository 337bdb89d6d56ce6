"""The transcriptions: provenance, passage ids (stable), the two readings, sentence splitting."""

import json
import re
from pathlib import Path

import pytest

from edition import SOURCES, tei
from edition.checks import check_provenance, check_register


def test_every_transcription_keeps_its_provenance(ed):
    assert check_provenance(ed) == []
    for t in ed.texts.values():
        assert "Source: GitHub textcreationpartnership/" in t.provenance
        assert t.commit in t.provenance
        # the Phase I wording, or the later one of Phase 2 headers such as B02403's
        assert ("Creative Commons 0 1.0 Universal" in t.provenance
                or "CC0 1.0 Public Domain Dedication" in t.provenance), t.id


def test_every_xml_in_sources_is_in_the_manifest(ed):
    files = {p.relative_to(SOURCES).as_posix() for p in (SOURCES / "tcp").glob("*.xml")}
    assert files == {t.file for t in ed.texts.values()}


def test_passage_register_is_unchanged(ed):
    """sources/passages.json records every id with page, image and a digest of its text: ids never move."""
    assert check_register(ed) == []


def test_register_ids_are_unique_and_ordered(ed):
    reg = json.loads((SOURCES / "passages.json").read_text(encoding="utf-8"))
    ids = [r["id"] for r in reg]
    assert len(ids) == len(set(ids))
    for t in ed.texts.values():
        assert [p.n for p in t.paragraphs] == list(range(1, len(t.paragraphs) + 1))
        assert [p.id for p in t.headings] == [f"{t.id}.h{k}" for k in range(1, len(t.headings) + 1)]


def test_cotton_post_and_pair_paragraphs(ed):
    t = ed.texts["cotton1674.pp"]
    assert len(t.paragraphs) == 5  # Cotton's five paragraphs
    assert [p.kind for p in t.passages] == ["head", "head", "p", "p", "p", "p", "p"]  # document order
    p3 = ed.passage("cotton1674.pp.3")
    assert p3.reading_text.startswith("You must first stake at Post then at Pair;")
    assert (p3.page, p3.image) == ("150", 84)
    # the page break falls inside the 4th paragraph: "... Seat. Here | note, that ..."
    p4 = ed.passage("cotton1674.pp.4")
    assert p4.pages == [("150", 84), ("151", 84)]
    assert ed.passage("cotton1674.pp.5").page == "151"
    assert ed.resolve("cotton1674.pp.3.s2")[1] == (
        "The eldest hand may pass and come in again, if any of the Gamesters vye it; if not, the Dealer may play "
        "it out, or double it.")


def test_diplomatic_keeps_lines_hyphens_italics_and_page_breaks(ed):
    d = ed.passage("cotton1674.pp.2").diplomatic_html
    assert 'da<span class="eol-hyphen">-</span>ring;</span><br>' in d
    assert d.count('<span class="line">') == 5
    assert "<i>POst</i>" in ed.passage("cotton1674.pp.1").diplomatic_html
    assert '[p. 151 | image 84]' in ed.passage("cotton1674.pp.4").diplomatic_html


def test_reading_joins_hyphens_and_lines(ed):
    p = ed.passage("cotton1674.pp.2")
    assert "daring; so that some may win very considerably" in p.reading_text
    assert "\n" not in p.reading_text and "  " not in p.reading_text
    assert "<i>POst</i>" in ed.passage("cotton1674.pp.1").reading_html


def test_illegible_marks_are_shown_as_such(ed):
    p = ed.passage("cotton1674.put.2")
    assert "play it •ut" in p.reading_text
    assert '<span class="gap"' in p.diplomatic_html
    assert "〈◊〉" in ed.passage("jewel1565.h1").reading_text


def test_long_s_and_original_spelling_are_kept(ed):
    assert "paſs away the time" in ed.passage("rump1662.1").reading_text
    assert "vicinge" in ed.passage("jewel1565.1").reading_text


def test_verse_keeps_its_lines(ed):
    p = ed.passage("davies1605.1")
    assert p.kind == "lg" and len(p.lines) == 4
    assert p.lines[1] == ("davies1605.1.l2", "Mee seemes it seemes but too like Post, and Pare:")
    assert p.reading_text.count("\n") == 3


def test_margin_note_is_in_diplomatic_not_in_reading_text(ed):
    p = ed.passage("davies1605.9")
    assert "[margin: on in direct" in p.diplomatic_html
    assert "margin" not in p.reading_text and p.reading_text.startswith("Some, hauing lost")


def test_speeches_carry_their_speaker(ed):
    p = ed.passage("heywood1607.29")
    assert p.kind == "sp" and p.speaker == "Cran."
    assert p.sentences == [("heywood1607.29.s1", "If you cannot agree vpon the game to post and paire.")]


def test_pages_come_from_the_manifest_when_the_extract_opens_mid_page(ed):
    assert (ed.passage("jewel1565.1").page, ed.passage("jewel1565.1").image) == ("302", 165)
    assert ed.passage("davies1605.7").image == 61  # after <pb facs="tcp:9888:61"/>
    assert ed.passage("davies1605.1").image == 60


def test_leading_page_break_belongs_to_the_passage(ed):
    # <p><pb n="133" .../>Some of the Cheats at Putt ...
    assert ed.passage("cotton1674.put.6").page == "133"


@pytest.mark.parametrize("text, expected", [
    ("A Pair is two, &c. A Pair-Royal is three.", ["A Pair is two, &c.", "A Pair-Royal is three."]),
    ("At Post, viz. two Tens. Then more.", ["At Post, viz. two Tens.", "Then more."]),
    ("M. Hardinge hath but one. He saithe.", ["M. Hardinge hath but one.", "He saithe."]),
    ("Who would not put? the other says.", ["Who would not put? the other says."]),
])
def test_sentence_splitting_is_deterministic(text, expected):
    assert tei.split_sentences(text) == expected


def test_normalisation_is_whitespace_and_nfc_only():
    assert tei.normalise_for_match(" a\n  b ") == "a b"
    assert tei.normalise_for_match("paſs") == "paſs"  # long s is not folded
    assert tei.normalise_for_match("Post") != tei.normalise_for_match("post")


def test_unknown_ids_raise(ed):
    with pytest.raises(KeyError):
        ed.passage("cotton1674.pp.99")
    with pytest.raises(KeyError):
        ed.resolve("cotton1674.pp.3.s9")


def test_diplomatic_text_keeps_the_printed_lines(ed):
    lines = ed.passage("cotton1674.pp.4").diplomatic_text.splitlines()
    assert lines[5:8] == ["all, both Post, Pair, and Seat. Here", "[p. 151 | image 84]",
                          "note, that he who hath the best Pair or"]
    assert "keep in till all have done, and by con-sent" in lines


def test_a_moved_id_is_caught(ed, tmp_path):
    """If the derivation changed (here: the register says pp.3 is on another image), the check says so."""
    import copy

    reg = json.loads((SOURCES / "passages.json").read_text(encoding="utf-8"))
    for r in reg:
        if r["id"] == "cotton1674.pp.3":
            r["image"] = 85
    (tmp_path / "passages.json").write_text(json.dumps(reg), encoding="utf-8")
    fake = copy.copy(ed)
    fake.root = tmp_path
    problems = check_register(fake)
    assert problems == ["passage cotton1674.pp.3 changed: {'image': (85, 84)}"]


@pytest.mark.parametrize("ref, locator", [
    ("cotton1674.pp.4.s2", "p. 150"),        # before the page break
    ("cotton1674.pp.4.s3", "pp. 150-151"),   # "Here | note, that he who hath the best Pair ..."
    ("cotton1674.pp.4.s8", "p. 151"),        # "those that keep in till last, may divide the stakes"
    ("cotton1674.pp.4", "pp. 150-151"),
    ("cotton1674.put.2.s3", "pp. 131-132"),
    ("cotton1674.put.6", "p. 133"),          # the page break opens the paragraph
    ("davies1605.6.l4", "image 60"),
    ("davies1605.7.l1", "image 61"),
    ("barlowroye1528.2.l7", "image 68"),     # the first line after <pb facs="tcp:16774:68"/>
    ("barlowroye1528.2.l6", ""),             # before it: the extract does not say
    ("jewel1565.1.s2", "p. 302"),
])
def test_sentences_and_lines_know_their_page(ed, ref, locator):
    assert ed.locate(ref)["locator"] == locator


def test_renderings_are_escaped_and_balanced(ed):
    """Every rendering parses as XML once <br> is closed: text is escaped and our tags are balanced."""
    import xml.etree.ElementTree as ET

    allowed = {"div", "span", "i", "br"}
    for pid, p in ed.passages.items():
        for name in ("diplomatic_html", "reading_html"):
            markup = getattr(p, name).replace("<br>", "<br/>")
            root = ET.fromstring(f"<div>{markup}</div>")
            assert {el.tag for el in root.iter()} <= allowed, (pid, name)
    assert "&amp;c." in ed.passage("cotton1674.pp.4").reading_html


def test_margin_note_is_set_apart_in_the_reading_view(ed):
    """Issue 32: Davies' marginal note was printed inside verse line 9 ("Some,on in direct ..."), unstyled."""
    p = ed.passage("davies1605.9")
    assert '<span class="margin-note" role="note"><span class="margin-note-label">In the margin: </span>' in \
        p.reading_html
    css = (Path(__file__).resolve().parents[2] / "docs" / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    assert re.search(r"\.margin-note \{[^}]*float: right", css) and "display: block" in css

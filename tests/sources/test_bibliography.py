"""The bibliography: read with bibtexparser 2, fails loudly, renders with citeproc-py + CSL."""

import pytest

from edition import SOURCES
from edition.bib import Bibliography, BibliographyError

BRIEF_KEYS = {
    "cotton1674", "seed-postpair", "seed-put", "seed-speculation", "davies1605", "jewel1565", "jonson1612",
    "jonson1616", "harington1615", "harington1618", "earle1628", "herrick1648", "heywood1607", "barlowroye1528",
    "youth1557", "rump1662", "humours1763", "willughby2003", "holme1905",
}
CSL = SOURCES / "csl" / "harvard-cite-them-right.csl"


def test_every_key_the_team_cites_exists(ed):
    assert BRIEF_KEYS <= set(ed.bibliography)


def test_period_entries_carry_catalogue_numbers_and_tcp_ids(ed):
    for t in ed.texts.values():
        e = ed.bibliography[t.bib]
        assert e.get("tcp") == t.tcp, t.bib
        assert e.get("stc") or e.get("wing") or e.get("estc"), t.bib
        assert e.get("tcpcommit") == t.commit, t.bib


def test_seeds_are_described_as_modern_accounts(ed):
    for k in ("seed-postpair", "seed-put", "seed-speculation"):
        e = ed.bibliography[k]
        assert e["ENTRYTYPE"] == "misc"
        # described as what they are (unsigned, undated or dated by range), never by a file path of ours
        assert "seeds/" not in e["howpublished"] and ".txt" not in e["howpublished"], k
        assert "unsigned" in e["howpublished"].lower(), k
        assert "modern" in e["note"].lower() or "handbook" in e["note"].lower()


def test_failed_blocks_fail_loudly(tmp_path):
    bad = tmp_path / "bad.bib"
    bad.write_text((SOURCES / "bibliography.bib").read_text() + "\n@book{broken, title = {no closing brace}\n")
    with pytest.raises(BibliographyError, match="malformed"):
        Bibliography(bad, CSL)


def test_duplicate_keys_fail_loudly(tmp_path):
    dup = tmp_path / "dup.bib"
    dup.write_text("@book{a, title={T}, year={1600}, author={X, Y}}\n@book{a, title={U}, year={1601}, author={X, Y}}\n")
    with pytest.raises(BibliographyError):
        Bibliography(dup, CSL)


def test_missing_fields_fail_loudly(tmp_path):
    f = tmp_path / "missing.bib"
    f.write_text("@book{a, title={T}, author={X, Y}}\n")
    with pytest.raises(BibliographyError, match="missing year or date"):
        Bibliography(f, CSL)


def test_render_reference_uses_csl(ed):
    html = ed.render_reference("cotton1674")
    # the author is an attribution (issue 32): in square brackets in the reference
    assert html.startswith('<span class="csl-entry" data-key="cotton1674">[Cotton, C.] (1674) <i>The Compleat Gamester')
    assert "Wing C6382; ESTC R23124; TCP A34637" in html


def test_every_entry_renders(ed):
    for key in ed.bibliography:
        assert ed.render_reference(key)
        assert ed.render_citation(key).startswith("(")


def test_citation_with_locators(ed):
    assert ed.render_citation("cotton1674", "p. 150") == "(Cotton, 1674, p. 150)"
    assert ed.render_citation("cotton1674", "pp. 131-137") == "(Cotton, 1674, pp. 131–137)"
    assert ed.render_citation("seed-put", "Truc") == "(Anonymous, no date, Truc)"


def test_bibtex_and_csl_json_for_cite_this(ed):
    bt = ed.bibtex("jewel1565")
    assert bt.startswith("@book{jewel1565,") and "STC" not in bt and "14606" in bt
    item = ed.csl_json("cotton1674", locator="p. 151")
    assert item["id"] == "cotton1674" and item["type"] == "book"
    assert item["author"] == [{"family": "Cotton", "given": "Charles"}]
    assert item["issued"] == {"date-parts": [[1674]]}
    assert (item["locator"], item["label"]) == ("151", "page")
    with pytest.raises(KeyError):
        ed.csl_json("nosuchkey")


def test_uncertain_catalogue_dates_keep_their_brackets(ed):
    # STC dates Davies's Wittes Pilgrimage [1605?] and the Interlude of Youth [1557?]: a reader sees the catalogue's
    # form (brackets and query), while the year still sorts and feeds CSL.
    assert "([1605?])" in ed.render_reference("davies1605")
    assert "[1557?]" in ed.render_citation("youth1557", "image 9")
    assert "(1640 [i.e. 1641])" in ed.render_reference("jonson1641")
    item = ed.csl_json("davies1605")
    # literal alone: a CSL processor given date-parts too prints "1605" and loses the brackets and the query
    assert item["issued"] == {"literal": "[1605?]", "circa": True}
    assert "(1674)" in ed.render_reference("cotton1674").split("<i>")[0]  # a plain year stays plain


def test_every_date_is_one_biblatex_reads():
    """Issue 32: ten BibTeX dates ("[1528]", "n.d.", "[early 20th century]", "1640 [i.e. 1641]" ...) were not ISO
    8601/EDTF; the catalogue's form is kept in ``cataloguedate``."""
    import re

    from edition.bib import EDTF

    text = (SOURCES / "bibliography.bib").read_text(encoding="utf-8")
    dates = re.findall(r"^\s*(?:date|year)\s*=\s*\{([^}]*)\}", text, re.M)
    assert dates and all(EDTF.fullmatch(d) for d in dates), [d for d in dates if not EDTF.fullmatch(d)]
    assert not EDTF.fullmatch("[1605?]") and not EDTF.fullmatch("n.d.")


def test_the_1687_imprint_and_austens_volumes(ed):
    assert ed.bibliography["cotton1687"]["publisher"] == "Printed for Charles Brome"  # the title page: "for"
    assert "Printed by Charles Brome" not in ed.render_reference("cotton1687")
    assert "volume" not in ed.bibliography["austen1814"] and ed.bibliography["austen1814"]["volumes"] == "3"
    assert ed.csl_json("austen1814")["number-of-volumes"] == "3"

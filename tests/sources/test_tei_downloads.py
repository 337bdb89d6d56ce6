"""The TEI downloads (site_src/edition/teidoc.py): every extract of sources/tcp/ offered as a TEI P5 document that
is well-formed on its own, has a TEI root in the TEI namespace and a header with its provenance and licence, keeps
the extract byte for byte, and is valid against TEI P5 tei_all (sources/schema/tei_all.rng) by a RELAX NG validator
(jing); and the whole edition as one teiCorpus, valid too."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from lxml import etree

from edition import SOURCES, teidoc
from edition.tei import TEI_NS

T = "{" + TEI_NS + "}"
SCHEMA = SOURCES / "schema" / "tei_all.rng"


@pytest.fixture(scope="module")
def documents(ed):
    return {t.id: teidoc.document(t) for t in ed.texts.values()}


def test_each_extract_alone_is_not_a_document_so_the_download_must_wrap_it(ed):
    """Why the export exists: today's files in sources/tcp/ have no root (6 of 22 fail a parser outright)."""
    failing = []
    for t in ed.texts.values():
        try:
            root = etree.fromstring(t.path.read_bytes())
        except etree.XMLSyntaxError:
            failing.append(t.tcp)
            continue
        assert root.tag != T + "TEI", f"{t.file} has become a TEI document: the export may no longer be needed"
    assert len(failing) >= 1


def test_every_download_is_a_well_formed_tei_document_with_its_provenance(ed, documents):
    for t in ed.texts.values():
        doc = documents[t.id]
        root = etree.fromstring(doc.encode("utf-8"))  # raises on a document that is not well-formed
        assert root.tag == T + "TEI", t.id
        hdr = root.find(T + "teiHeader")
        assert hdr is not None, t.id
        licence = hdr.find(f"{T}fileDesc/{T}publicationStmt/{T}availability/{T}licence")
        assert licence is not None and licence.get("target", "").startswith("https://creativecommons.org/publicdomain/zero/")
        assert "Creative Commons 0" in licence.text or "CC0 1.0" in licence.text, t.id
        digital = hdr.find(f"{T}fileDesc/{T}sourceDesc/{T}bibl[@type='digital']")
        assert t.commit in "".join(digital.itertext()) and t.repo in "".join(digital.itertext()), t.id
        assert hdr.find(f"{T}fileDesc/{T}publicationStmt/{T}idno[@type='TCP']").text == t.tcp
        # the provenance comment comes first, unchanged
        assert doc.split("<TEI ", 1)[0].count(t.provenance) == 1, t.id
        assert root.find(f"{T}text/{T}body") is not None, t.id


def test_the_extract_is_kept_byte_for_byte_inside_the_body(ed, documents):
    for t in ed.texts.values():
        raw = t.path.read_text(encoding="utf-8")
        body = re.sub(r"^\s*<!--.*?-->", "", raw, count=1, flags=re.S).rstrip()
        doc = documents[t.id]
        inner = doc.split("<body>\n", 1)[1].rsplit("\n    </body>", 1)[0]
        assert inner == body, t.id


def test_the_corpus_holds_every_text_once(ed):
    root = etree.fromstring(teidoc.corpus(ed).encode("utf-8"))
    assert root.tag == T + "teiCorpus"
    members = root.findall(T + "TEI")
    assert len(members) == len(ed.texts)
    tcps = [m.find(f"{T}teiHeader/{T}fileDesc/{T}publicationStmt/{T}idno[@type='TCP']").text for m in members]
    assert tcps == [t.tcp for t in ed.texts.values()]


def _jing() -> str:
    path = shutil.which("jing")
    if not path:
        pytest.fail("jing (a RELAX NG validator) is needed: apt-get install jing (.ci/run and the noxfile do it)")
    return path


def test_every_download_and_the_corpus_are_valid_tei_all(ed, documents, tmp_path):
    files = []
    for tid, doc in documents.items():
        f = tmp_path / f"{tid}.xml"
        f.write_text(doc, encoding="utf-8")
        files.append(f)
    corpus = tmp_path / "corpus.xml"
    corpus.write_text(teidoc.corpus(ed), encoding="utf-8")
    files.append(corpus)
    proc = subprocess.run([_jing(), str(SCHEMA), *map(str, files)], capture_output=True, text=True)
    errors = [ln for ln in proc.stdout.splitlines() if ": error:" in ln or ": fatal:" in ln]
    assert proc.returncode == 0 and not errors, "\n".join(errors[:20]) or proc.stderr[-2000:]


def test_the_validator_is_real(tmp_path):
    """jing with this schema rejects a TEI document without a header and an unknown element."""
    bad = tmp_path / "bad.xml"
    bad.write_text(f'<TEI xmlns="{TEI_NS}"><text><body><p>x<foo/></p></body></text></TEI>', encoding="utf-8")
    proc = subprocess.run([_jing(), str(SCHEMA), str(bad)], capture_output=True, text=True)
    assert proc.returncode != 0 and "teiHeader" in proc.stdout and "foo" in proc.stdout

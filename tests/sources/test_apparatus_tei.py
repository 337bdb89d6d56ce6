"""The 1674/1687 apparatus (site_src/edition/apparatus.py), issue 32: each of Cotton's chapters held in both
printings as a TEI document with listWit, app/lem/rdg, supplied readings with their source, the site's paragraph
and sentence ids as xml:id, listPrefixDef and charDecl, valid against tei_all (jing); and the gap register."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from lxml import etree

from edition import SOURCES, apparatus, tei
from edition.tei import TEI_NS

T = "{" + TEI_NS + "}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


@pytest.fixture(scope="module")
def docs(ed):
    return {pid: apparatus.document(ed, pid, "9.9.9") for pid in apparatus.COTTON_PAIRS}


def _witness_text(el, wit: str) -> str:
    """What one witness reads in an element: outside an app the text as it stands; inside, its own rdg (or the
    lem it shares); TCP's gaps as its marks."""
    out = [el.text or ""]
    for child in el:
        tag = child.tag.removeprefix(T)
        if tag == "app":
            pick = next((r for r in child if wit in (r.get("wit") or "").split()), None)
            if pick is not None:
                out.append(_witness_text(pick, wit))
        elif tag == "gap":
            out.append("•" if child.get("unit") == "letters" else "〈◊〉")
        elif tag in ("anchor",):
            pass
        else:
            out.append(_witness_text(child, wit))
        out.append(child.tail or "")
    return "".join(out)


def test_every_apparatus_is_valid_tei_all(docs, tmp_path):
    jing = shutil.which("jing")
    if not jing:
        pytest.fail("jing (a RELAX NG validator) is needed: apt-get install jing")
    files = []
    for pid, doc in docs.items():
        f = tmp_path / f"{pid}.xml"
        f.write_text(doc, encoding="utf-8")
        files.append(str(f))
    proc = subprocess.run([jing, str(SOURCES / "schema" / "tei_all.rng"), *files], capture_output=True, text=True)
    errors = [ln for ln in proc.stdout.splitlines() if ": error:" in ln or ": fatal:" in ln]
    assert proc.returncode == 0 and not errors, "\n".join(errors[:20]) or proc.stderr[-2000:]


def test_each_witness_reads_back_exactly_from_the_apparatus(ed, docs):
    """Lossless: reading only the 1674 (or only the 1687) readings gives that transcription's sentence word for
    word, and every site id of the 1674 chapter is an xml:id of the document."""
    for pid, doc in docs.items():
        pair = next(p for p in apparatus.PAIRS if p["id"] == pid)
        (a_id, _), (b_id, _) = pair["a"], pair["b"]
        root = etree.fromstring(doc.encode("utf-8"))
        ids = {el.get(XML_ID) for el in root.iter() if el.get(XML_ID)}
        for p in ed.texts[a_id].passages:
            assert p.id in ids, (pid, p.id)
            assert all(sid in ids for sid, _ in p.sentences), (pid, p.id)
        for s in root.iter(T + "s"):
            sid = s.get(XML_ID)
            bid = sid.replace(a_id, b_id)
            for wit, ref in (("#w1674", sid), ("#w1687", bid)):
                got = tei.normalise_for_match(_witness_text(s, wit))
                assert got == tei.normalise_for_match(ed.resolve(ref)[1]), (ref, got)


def test_the_bone_ace_gap_is_supplied_from_1687_with_its_source(docs):
    root = etree.fromstring(docs["boneace-1674-1687"].encode("utf-8"))
    wits = root.findall(f".//{T}listWit/{T}witness")
    assert [w.get(XML_ID) for w in wits] == ["w1674", "w1687"]
    assert "B02403" in "".join(wits[1].itertext()) and "A34637" in "".join(wits[0].itertext())
    supplied = [(s.text, s.get("source"), s.get("reason")) for s in root.iter(T + "supplied")]
    assert ("Kings", "#w1687", "illegible") in supplied and ("a", "#w1687", "illegible") in supplied
    assert len(supplied) == 3  # two letters and one word (th•t, thre• 〈◊〉)
    app = next(a for a in root.iter(T + "app") if "Kings" in "".join(a.itertext()))
    assert app.get("type") == "illegible"
    assert [g.get("unit") for g in app.iter(T + "gap")] == ["letters", "words"]
    hdr = root.find(T + "teiHeader")
    assert hdr.find(f".//{T}variantEncoding").get("method") == "parallel-segmentation"
    assert {p.get("ident") for p in hdr.iter(T + "prefixDef")} == {"tcp", "char"}
    assert hdr.find(f".//{T}charDecl/{T}char") is not None
    assert hdr.find(f".//{T}editionStmt/{T}edition").get("n") == "9.9.9"
    assert [c.get("when") for c in hdr.iter(T + "change")] == sorted(c.get("when") for c in hdr.iter(T + "change"))


def test_the_gap_register(ed):
    """Every TCP gap in the edited chapters: Bone-Ace two letters and a word, Put eight letters, Post and Pair
    none; each with what 1687 prints and what the edition supplies."""
    rows = apparatus.gap_register(ed)
    by = {}
    for r in rows:
        ch = r["id"].split(".")[1]
        by.setdefault(ch, [0, 0])
        by[ch][0] += r["letters"]
        by[ch][1] += r["words"]
    assert by == {"boneace": [2, 1], "put": [8, 0]}
    kings = next(r for r in rows if "〈◊〉" in r["tcp_1674"])
    assert kings["supplied"] == "three Kings," and kings["authority"] == "1687, p. 92"
    # the register on the Textual introduction page is this one, row for row
    page = (SOURCES.parent / "docs" / "textual-introduction.md").read_text(encoding="utf-8")
    table = [ln for ln in page.splitlines() if re.match(r"\| \[?cotton1674\.|^\| (Bone-Ace|Put|Post)", ln)]
    assert len(table) == len(rows)
    for r, ln in zip(rows, table, strict=True):
        assert r["tcp_1674"] in ln and r["supplied"] in ln and r["locator"] in ln and r["authority"] in ln, ln

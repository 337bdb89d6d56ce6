"""The 1674/1687 apparatus: each of Cotton's chapters that the edition holds in both printings as one TEI P5
document with a critical apparatus, and the register of the gaps TCP marks in those chapters.

The TEI extracts of ``sources/tcp/`` stay byte for byte as TCP keyed them (see :mod:`edition.teidoc`); this
module builds the edition's own layer beside them:

- a ``listWit`` of the two witnesses (TCP A34637, 1674; TCP B02403, 1687);
- the text in parallel segmentation: the 1674 reading text, word for word, with an ``app`` wherever the 1687
  text differs, a ``lem`` (the edition's text) and a ``rdg`` for each witness, typed by the comparison's kind
  (:func:`edition.witnesses.classify`);
- where the 1674 keyer could not read a letter or a word (TCP's ``gap``) and 1687 is plain, the edition's text
  supplies it: ``<supplied reason="illegible" source="#w1687">``; the 1674 reading keeps TCP's ``gap``;
- the site's paragraph and sentence ids as ``xml:id`` (``cotton1674.boneace.3.s2``), so a paragraph or sentence
  cited on the site resolves in the download;
- ``listPrefixDef`` for the ``tcp:`` and ``char:`` references TCP's markup uses, and a ``charDecl`` describing
  the characters;
- a dated ``revisionDesc`` (the change log of the apparatus, :data:`CHANGES`).

The documents are checked against TEI P5 ``tei_all`` with jing (tests/sources/test_apparatus_tei.py).
"""

from __future__ import annotations

import difflib
import re
from html import escape
from typing import Any

from edition.tei import TEI_NS
from edition.witnesses import ILLEGIBLE, PAIRS, classify, eol_joins

#: The pairs of Cotton's chapters held in both printings (ids of :data:`edition.witnesses.PAIRS`).
COTTON_PAIRS = ("boneace-1674-1687", "putt-1674-1687", "postpair-1674-1687")
WIT = {"1674": "w1674", "1687": "w1687"}
CC0 = "https://creativecommons.org/publicdomain/zero/1.0/"
CC_BY = "https://creativecommons.org/licenses/by/4.0/"
PUBLISHER = "Gamester: an edition of the card games of Cotton's Compleat Gamester (1674)"

#: What TCP's ``char:`` references stand for (TCP's own table is tcpchars.xml, named by the prefixDef).
CHARS = {
    "EOLhyphen": "a hyphen at the end of a printed line, inside a word",
    "V": "a capital V of another form, keyed by TCP as Ʋ",
    "punc": "a punctuation mark TCP could not identify, keyed ▪",
    "cmbAbbrStroke": "a combining stroke over a letter, marking an abbreviation",
}

#: The dated changes of the texts, the readings and this apparatus (newest last), shown on the Textual
#: introduction page and in each apparatus document's revisionDesc.
CHANGES = (
    ("2026-11-29", "The first transcriptions: Cotton's 1674 chapters (Post and Pair, Put, Gleek, Bone-Ace, the "
                   "frontispiece verses, the title page and the Contents) and the literary passages, cut from TCP; "
                   "the readings of each paragraph of Post and Pair and Put written."),
    ("2026-11-30", "The 1687 Instructions (TCP B02403): its Put and Post and Pair chapters transcribed and compared "
                   "with 1674."),
    ("2026-12-01", "Cotton's Ruff and Honours and Costly-Colours chapters transcribed as texts of their own; "
                   "Bone-Ace added as a game, with readings of its chapter."),
    ("2026-12-03", "The 1687 Bone-Ace chapter transcribed and compared with 1674; the word the 1674 transcription "
                   "cannot read ('three Kings') supplied from 1687; Cotton's Picket, Cribbage and Wit and "
                   "Reason chapters transcribed for his counts; the Bone-Ace readings and notes corrected (the gap, the "
                   "dealer's disadvantage, the counts); every quotation in clause notes and readings checked "
                   "against the transcriptions; this apparatus and the gap register first published."),
)


def _x(s: str) -> str:
    return escape(s, quote=False).replace('"', "&quot;")


def _pair(pid: str) -> dict[str, Any]:
    return next(p for p in PAIRS if p["id"] == pid)


def _units(p) -> list[tuple[str, str]]:
    """The sentences of a passage (id, reading text), or the passage whole when it has none."""
    return list(p.sentences) or [(p.id, p.reading_text)]


def _supplied(a: str, b: str) -> str:
    """The edition's text for a 1674 word with TCP's illegible marks, supplied from the 1687 word: each • the
    letter 1687 has there (a long s supplied as s, the 1674 keying having none), each 〈◊〉 the 1687 word."""
    b = b.replace("\u017f", "s")
    word_gap = ILLEGIBLE[1]
    if word_gap in a:
        head, _, tail = a.partition(word_gap)
        core = b[len(head):len(b) - len(tail)] if b.startswith(head) and b.endswith(tail) else b
        return _x(head) + f'<supplied reason="illegible" source="#{WIT["1687"]}">{_x(core)}</supplied>' + _x(tail)
    out = []
    sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            out.append(_x(a[i1:i2]))
        elif ILLEGIBLE[0] in a[i1:i2]:
            out.append(f'<supplied reason="illegible" source="#{WIT["1687"]}">{_x(b[j1:j2])}</supplied>')
        else:
            out.append(_x(a[i1:i2]))
    return "".join(out)


def _gaps(a: str) -> str:
    """A 1674 word as TCP keyed it, its illegible marks as TEI gaps."""
    parts = re.split(f"({re.escape(ILLEGIBLE[0])}|{re.escape(ILLEGIBLE[1])})", a)
    out = []
    for part in parts:
        if part == ILLEGIBLE[0]:
            out.append('<gap reason="illegible" unit="letters" quantity="1"/>')
        elif part == ILLEGIBLE[1]:
            out.append('<gap reason="illegible" unit="words" quantity="1"/>')
        else:
            out.append(_x(part))
    return "".join(out)


def collate_unit(a: str, b: str, ja: set[str], jb: set[str]) -> tuple[str, list[dict[str, Any]]]:
    """One sentence of 1674 against its 1687 counterpart: the TEI content in parallel segmentation, and the
    variants (a, b, kind)."""
    at, bt = a.split(), b.split()
    sm = difflib.SequenceMatcher(a=at, b=bt, autojunk=False)
    out, found = [], []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            out.append(_x(" ".join(at[i1:i2])))
            continue
        aw, bw = " ".join(at[i1:i2]), " ".join(bt[j1:j2])
        kind = classify(aw, bw, ja, jb) if aw and bw else "reading"
        found.append({"a": aw, "b": bw, "kind": kind})
        if kind == "illegible":
            lem = (f'<lem resp="#gamester" source="#{WIT["1687"]}">'
                   + " ".join(_supplied(x, y) for x, y in zip(aw.split(), bw.split(), strict=False)) + "</lem>")
            a_rdg = _gaps(aw)
        else:
            lem = f'<lem wit="#{WIT["1674"]}">{_x(aw)}</lem>' if aw else f'<lem wit="#{WIT["1674"]}"/>'
            a_rdg = None
        rdgs = (f'<rdg wit="#{WIT["1674"]}">{a_rdg}</rdg>' if a_rdg is not None else "") + \
            (f'<rdg wit="#{WIT["1687"]}">{_x(bw)}</rdg>' if bw else f'<rdg wit="#{WIT["1687"]}"/>')
        out.append(f'<app type="{_x(kind.replace(" ", "-"))}">{lem}{rdgs}</app>')
    return " ".join(x for x in out if x), found


def _is_head(p) -> bool:
    return bool(re.search(r"\.h\d+$", p.id))


def _aligned(ta, tb) -> list[tuple[str, list[tuple[str, str]], list[tuple[str, str]], list[str]]]:
    """The two witnesses' passages paired: their headings as one (the printings divide a chapter's heading
    differently), then the paragraphs by number. Each item: (tag, 1674 units, 1687 units, further 1674 heading
    ids to anchor)."""
    out = []
    ha, hb = [p for p in ta.passages if _is_head(p)], [p for p in tb.passages if _is_head(p)]
    if ha and hb:
        out.append(("head", [(ha[0].id, " ".join(p.reading_text for p in ha))],
                    [(hb[0].id, " ".join(p.reading_text for p in hb))], [p.id for p in ha[1:]]))
    pa_, pb_ = [p for p in ta.passages if not _is_head(p)], [p for p in tb.passages if not _is_head(p)]
    for pa, pb in zip(pa_, pb_, strict=True):
        ua, ub = _units(pa), _units(pb)
        if len(ua) != len(ub):  # the sentences do not pair: collate the paragraph whole
            ua, ub = [(pa.id, pa.reading_text)], [(pb.id, pb.reading_text)]
        out.append(("p:" + pa.id, ua, ub, []))
    return out


def _witness(t, wid: str) -> str:
    return (f'<witness xml:id="{wid}"><bibl><author>{_x(t.author)}</author>, <title>{_x(t.short_title)}</title> '
            f'(London, <date>{_x(t.date)}</date>), {_x(t.locator)}; <idno type="TCP">{_x(t.tcp)}</idno>, '
            f'<ref target="https://github.com/{_x(t.repo)}">github.com/{_x(t.repo)}</ref>, commit '
            f'{_x(t.commit)}; {_x(t.stc)}.</bibl></witness>')


def document(ed, pair_id: str, version: str = "") -> str:
    """The apparatus of one of Cotton's chapters in both printings, as a TEI P5 document."""
    pair = _pair(pair_id)
    (a_id, _), (b_id, _) = pair["a"], pair["b"]
    ta, tb = ed.texts[a_id], ed.texts[b_id]
    ja, jb = eol_joins(ed, a_id), eol_joins(ed, b_id)
    body = []
    for what, ua, ub, anchors in _aligned(ta, tb):
        tag, pid = ("head", ua[0][0]) if what == "head" else ("p", what[2:])
        segs = [f'<anchor xml:id="{_x(h)}"/>' for h in anchors]
        for (sid, sa), (_, sb) in zip(ua, ub, strict=True):
            content, _found = collate_unit(sa, sb, ja, jb)
            segs.append(content if sid == pid else f'<s xml:id="{_x(sid)}">{content}</s>')
        body.append(f'        <{tag} xml:id="{_x(pid)}">{" ".join(segs)}</{tag}>')
    chars = "".join(f'\n        <char xml:id="{k}"><desc>{_x(v)}</desc></char>' for k, v in CHARS.items())
    changes = "".join(f'\n      <change when="{d}">{_x(c)}</change>' for d, c in CHANGES)
    ver = f", version {_x(version)}" if version else ""
    edition_stmt = (f'\n      <editionStmt><edition n="{_x(version)}">Gamester edition{ver}</edition></editionStmt>'
                    if version else "")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<TEI xmlns="{TEI_NS}" xml:id="app-{_x(pair_id)}">
  <teiHeader>
    <fileDesc>
      <titleStmt>
        <title>{_x(pair["title"])}: the two printings collated, with a critical apparatus</title>
        <author>Charles Cotton (attributed)</author>
        <respStmt xml:id="gamester"><resp>collation, apparatus and supplied readings</resp><orgName>{_x(PUBLISHER)}</orgName></respStmt>
      </titleStmt>{edition_stmt}
      <publicationStmt>
        <publisher>{_x(PUBLISHER)}</publisher>
        <availability status="free">
          <licence target="{CC0}">The words of both witnesses are the Text Creation Partnership's transcriptions
          (A34637, B02403), released under CC0 1.0 Universal.</licence>
          <licence target="{CC_BY}">The apparatus (its markup, kinds and supplied readings) and this header are the
          edition's, under Creative Commons Attribution 4.0 International.</licence>
        </availability>
      </publicationStmt>
      <sourceDesc>
        <listWit>
          {_witness(ta, WIT["1674"])}
          {_witness(tb, WIT["1687"])}
        </listWit>
      </sourceDesc>
    </fileDesc>
    <encodingDesc>
      <editorialDecl>
        <p>The base text is the 1674 witness as TCP keyed it, in the edition's reading form (line-end hyphens
        joined, lines of prose run together, spelling and characters unchanged). Each app marks a run of words
        where 1687 differs, typed by the edition's comparison: long-s, glyph, line-end-hyphen, case,
        punctuation, spelling, illegible (the 1674 keyer could not read a letter or word) or reading. The lem is
        the edition's text: the 1674 words, except where TCP marks a letter or word of 1674 illegible and 1687 is
        plain, where the edition supplies it from 1687 (supplied, with its source; a long s supplied as s, as the
        1674 keying has none). The ids are the site's passage and sentence ids of the 1674 text; the 1687
        passages carry the same numbers (the first paragraph of cotton1674.boneace is cotton1687.boneace.1).</p>
      </editorialDecl>
      <variantEncoding method="parallel-segmentation" location="internal"/>
      <listPrefixDef>
        <prefixDef ident="tcp" matchPattern="([0-9\\-]+):([0-9IVX]+)" replacementPattern="http://eebo.chadwyck.com/downloadtiff?vid=$1&amp;page=$2"/>
        <prefixDef ident="char" matchPattern="(.+)" replacementPattern="https://raw.githubusercontent.com/textcreationpartnership/Texts/master/tcpchars.xml#$1"/>
      </listPrefixDef>
      <charDecl>{chars}
      </charDecl>
    </encodingDesc>
    <revisionDesc>{changes}
    </revisionDesc>
  </teiHeader>
  <text>
    <body>
      <div type="chapter" xml:id="{_x(a_id)}">
{chr(10).join(body)}
      </div>
    </body>
  </text>
</TEI>
"""


def gap_register(ed) -> list[dict[str, Any]]:
    """Every gap TCP marks in the 1674 chapters the edition models and holds in 1687 too: where (sentence id and
    page), what TCP keyed, what 1687 prints, and what the edition shows."""
    rows = []
    for pair_id in COTTON_PAIRS:
        pair = _pair(pair_id)
        (a_id, _), (b_id, _) = pair["a"], pair["b"]
        ja, jb = eol_joins(ed, a_id), eol_joins(ed, b_id)
        for _what, ua, ub, _anchors in _aligned(ed.texts[a_id], ed.texts[b_id]):
            for (sid, sa), (bid, sb) in zip(ua, ub, strict=True):
                for v in collate_unit(sa, sb, ja, jb)[1]:
                    if v["kind"] != "illegible":
                        continue
                    letters = v["a"].count(ILLEGIBLE[0])
                    words = v["a"].count(ILLEGIBLE[1])
                    rows.append({"id": sid, "locator": ed.locate(sid)["locator"], "tcp_1674": v["a"],
                                 "print_1687": v["b"], "letters": letters, "words": words,
                                 "supplied": re.sub(r"<[^>]+>", "", " ".join(
                                     _supplied(x, y) for x, y in zip(v["a"].split(), v["b"].split(), strict=False))),
                                 "authority": f"1687, {ed.locate(bid)['locator']}", "id_1687": bid})
    return rows

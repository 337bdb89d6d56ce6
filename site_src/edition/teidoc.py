"""The TEI downloads: each TCP extract of ``sources/tcp/`` made a TEI P5 document of its own, and the whole edition
as one ``teiCorpus``.

An extract in ``sources/`` is a window of lines cut verbatim from a TCP file, with a provenance comment at the top:
it has no root element, and some windows hold more than one top-level element, so they are not XML documents on
their own. The extract stays as it is (its bytes are the text of record and the passage digests are computed from
them); the download is made here by wrapping it:

- the provenance comment, unchanged, before the root;
- ``<TEI xmlns="http://www.tei-c.org/ns/1.0">`` with a ``teiHeader`` made from that comment and ``texts.toml``
  (title, author, the printed source, TCP's identifiers, the repository, commit and lines, TCP's own
  ``<availability>`` statement with the CC0 licence, and an editorial declaration saying what was added);
- ``<text><body>`` and then the extract, byte for byte, and the closing tags.

The documents are checked by tests/sources/test_tei_downloads.py against TEI P5 ``tei_all`` (a RELAX NG validator,
jing); the schema and its provenance are in ``sources/schema/``.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from edition.tei import TEI_NS, provenance_comment

CC0 = "https://creativecommons.org/publicdomain/zero/1.0/"
PUBLISHER = "Gamester: an edition of the card games of Cotton's Compleat Gamester (1674)"


def _x(s: str) -> str:
    """Escaped for element content and for double-quoted attributes (apostrophes left as they are)."""
    return escape(s, quote=False).replace('"', "&quot;")


def _field(comment: str, label: str) -> str:
    m = re.search(rf"^{re.escape(label)}: (.*)$", comment, re.M)
    return m.group(1).strip() if m else ""


def _body(xml_text: str) -> str:
    """The extract after its provenance comment, verbatim."""
    m = re.match(r"\s*<!--.*?-->", xml_text, re.S)
    return xml_text[m.end():] if m else xml_text


def _identifiers(comment: str) -> list[tuple[str, str]]:
    """TCP's identifiers (``STC=Wing C6382; STC=ESTC R23124; ...``) as (type, value) pairs."""
    raw = _field(comment, "Identifiers")
    raw = raw.split(". TCP", 1)[0].split(". TCP (", 1)[0]
    out = []
    for part in raw.split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            out.append((k.strip(), v.strip().rstrip(".")))
    return out


def _prefixes_and_chars(text: Any, i: str) -> str:
    """TCP's ``listPrefixDef`` (what ``tcp:`` and ``char:`` references mean), and a ``charDecl`` describing each
    ``char:`` glyph the extract uses."""
    from edition.apparatus import CHARS

    used = sorted(set(re.findall(r'ref="char:([A-Za-z]+)"', text.path.read_text(encoding="utf-8"))))
    chars = "".join(f'\n{i * 4}<char xml:id="{_x(text.id)}.char.{k}"><desc>{_x(CHARS.get(k, "a character TCP names " + k))}</desc></char>'
                    for k in used)
    return (f'\n{i * 3}<listPrefixDef>'
            f'\n{i * 4}<prefixDef ident="tcp" matchPattern="([0-9\\-]+):([0-9IVX]+)" '
            'replacementPattern="http://eebo.chadwyck.com/downloadtiff?vid=$1&amp;page=$2"/>'
            f'\n{i * 4}<prefixDef ident="char" matchPattern="(.+)" '
            'replacementPattern="https://raw.githubusercontent.com/textcreationpartnership/Texts/master/tcpchars.xml#$1"/>'
            f'\n{i * 3}</listPrefixDef>'
            + (f"\n{i * 3}<charDecl>{chars}\n{i * 3}</charDecl>" if used else ""))


def header(text: Any, indent: str = "  ") -> str:
    """The ``teiHeader`` of one extract (``text`` is an :class:`edition.Text`)."""
    comment = text.provenance
    m = re.search(r"Source: GitHub (\S+), file (\S+), commit ([0-9a-f]{40})", comment)
    repo, file, commit = (m.group(1), m.group(2).rstrip(","), m.group(3)) if m else (text.repo, "", text.commit)
    lines = re.search(r"Lines (\d+)-(\d+) of", comment)
    line_range = f"{lines.group(1)}-{lines.group(2)}" if lines else ""
    biblio = _field(comment, "Bibliographic data (from TEI header)")
    notes = _field(comment, "Source notes")
    licence = _field(comment, "Licence (header <availability>)")
    idnos = "".join(f'\n{indent * 5}<idno type="{_x(k)}">{_x(v)}</idno>' for k, v in _identifiers(comment))
    i = indent
    source_notes = f"\n{i * 5}<note>{_x(notes)}</note>" if notes else ""
    where = f", lines {line_range}" if line_range else ""
    return f"""{i}<teiHeader>
{i * 2}<fileDesc>
{i * 3}<titleStmt>
{i * 4}<title>{_x(text.short_title)} ({_x(text.date)}): an extract from the TCP transcription</title>
{i * 4}<author>{_x(text.author)}</author>
{i * 4}<respStmt>
{i * 5}<resp>keyed and encoded</resp>
{i * 5}<orgName>Text Creation Partnership</orgName>
{i * 4}</respStmt>
{i * 4}<respStmt>
{i * 5}<resp>extract, and the TEI root and header around it</resp>
{i * 5}<orgName>{_x(PUBLISHER)}</orgName>
{i * 4}</respStmt>
{i * 3}</titleStmt>
{i * 3}<publicationStmt>
{i * 4}<publisher>{_x(PUBLISHER)}</publisher>
{i * 4}<idno type="TCP">{_x(text.tcp)}</idno>
{i * 4}<availability status="free">
{i * 5}<licence target="{CC0}">{_x(licence or "CC0 1.0 Universal")}</licence>
{i * 4}</availability>
{i * 3}</publicationStmt>
{i * 3}<sourceDesc>
{i * 4}<bibl type="digital">Text Creation Partnership {_x(text.tcp)}: <ref target="https://github.com/{_x(repo)}">github.com/{_x(repo)}</ref>, file {_x(file)}, commit {_x(commit)}{_x(where)}. Extract: {_x(text.locator)}.</bibl>
{i * 4}<bibl type="print">{_x(biblio)}{idnos}{source_notes}
{i * 4}</bibl>
{i * 3}</sourceDesc>
{i * 2}</fileDesc>
{i * 2}<encodingDesc>
{i * 3}<editorialDecl>
{i * 4}<p>The body of this file is the TCP keying and markup, copied byte for byte from the lines of the TCP file
{i * 4}named above; nothing in it was corrected, normalised or re-encoded. The comment before the root element is
{i * 4}the edition's record of where the lines came from. This header and the elements TEI, teiHeader, text and
{i * 4}body were added by the edition so that the extract is a TEI document on its own.</p>
{i * 3}</editorialDecl>{_prefixes_and_chars(text, i)}
{i * 2}</encodingDesc>
{i}</teiHeader>"""


def document(text: Any) -> str:
    """One extract as a TEI document (see the module docstring)."""
    xml_text = text.path.read_text(encoding="utf-8")
    comment = provenance_comment(xml_text)
    body = _body(xml_text).rstrip()
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<!--\n{comment}\n-->\n'
            f'<TEI xmlns="{TEI_NS}">\n{header(text)}\n  <text>\n    <body>\n{body}\n    </body>\n  </text>\n</TEI>\n')


def corpus(ed: Any, version: str = "") -> str:
    """Every extract of the edition in one ``teiCorpus`` (texts in the order of ``texts.toml``)."""
    members = []
    for t in ed.texts.values():
        xml_text = t.path.read_text(encoding="utf-8")
        inner = "\n".join("  " + ln if ln.strip() else ln for ln in header(t).splitlines())
        members.append(f'  <!--\n{provenance_comment(xml_text)}\n-->\n  <TEI>\n{inner}\n    <text>\n      <body>\n'
                       f'{_body(xml_text).rstrip()}\n      </body>\n    </text>\n  </TEI>')
    ed_line = f", version {_x(version)}" if version else ""
    n = len(members)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<teiCorpus xmlns="{TEI_NS}">
  <teiHeader>
    <fileDesc>
      <titleStmt>
        <title>The period texts of the Gamester edition{ed_line}: {n} extracts from Text Creation Partnership transcriptions</title>
      </titleStmt>
      <publicationStmt>
        <publisher>{_x(PUBLISHER)}</publisher>
        <availability status="free">
          <licence target="{CC0}">Every extract is a Text Creation Partnership text released under CC0 1.0
          Universal; each TEI document below carries TCP's own availability statement. The headers are the
          edition's and are also released under CC0 1.0.</licence>
        </availability>
      </publicationStmt>
      <sourceDesc>
        <p>Each member's header names its source: the TCP repository, commit and lines, and the printed book.</p>
      </sourceDesc>
    </fileDesc>
  </teiHeader>
{chr(10).join(members)}
</teiCorpus>
"""

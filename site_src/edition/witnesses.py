"""Word-level comparison of two witnesses of one text, computed from the transcriptions (difflib).

Each comparison is a dict ready for a side-by-side view::

    {"id": "alchemist-1612-1616", "title": ..., "note": ... (editorial, ours),
     "a": {"text_id": "jonson1612", "label": "1612 quarto", "bib": "jonson1612"},
     "b": {"text_id": "jonson1616", "label": "1616 folio", "bib": "jonson1616"},
     "rows": [{"a_html": ..., "b_html": ..., "a_text": ..., "b_text": ..., "same": bool}],  # one row per line
     "changes": [{"op": "replace"|"insert"|"delete", "a": "words", "b": "words", "kind": ..., "a_line": i,
                  "b_line": j}],
     "counts": {"replace": n, "insert": n, "delete": n, "kinds": {kind: n},   # changes (runs of words)
                "words_a": {kind: n, "all": n}, "words_b": {...}}}             # marked words, per witness

Words are the whitespace-separated tokens of each line of the reading text (speaker names included, as printed).
Changed words are wrapped in ``<mark class="var">`` (with ``data-kind``), escaped. A change is a run of words
that differ (difflib's opcodes); the counts a reader is given are of words (``words_a``, ``words_b``: the marked
words of each witness), and of changes only where said so. ``kind`` classifies a one-word
change: ``line-end hyphen`` (one witness joins, at a hyphen TCP marks as a line end, a word the other prints with
a hyphen: the transcription cannot show whether the print had one), ``long s`` and ``glyph`` (the same letters keyed as another character: ſ for s, Ʋ for V), ``illegible`` (either side has a letter or word TCP marked illegible, • or 〈◊〉), ``case`` (differs only in
capitals), ``punctuation`` (only in punctuation), ``spelling`` (letters differ but the words agree when u/v, i/j/y,
doubled letters and a final e are ignored), otherwise ``reading``.
Rows pair line i of A with the line of B that the word alignment maps it to; unmatched lines get an empty cell.
"""

from __future__ import annotations

import difflib
import html
import re
from typing import Any

PAIRS = (
    {"id": "alchemist-1612-1616", "title": "Jonson, The Alchemist I.i: quarto (1612) and folio (1616)",
     "a": ("jonson1612", "1612 quarto"), "b": ("jonson1616", "1616 folio"),
     "note": "The folio resets the lines in lower case for common nouns and changes some spellings and points; "
             "the words about Post and Pair and the counters are the same in both."},
    {"id": "harington-1615-1618", "title": "Harington, 'Of the games that haue beene in request at the Court': "
     "1615 and 1618", "a": ("harington1615", "1615"), "b": ("harington1618", "1618"),
     "note": "The 1618 collection numbers the epigram (book 4, no. 12) and changes a few spellings ('bosting' to "
             "'boasting', 'lode' to 'load', 'Nody' to 'Noddy', 'Bankerout' to 'Bankerupt'); the lines on Post "
             "differ only in that one word."},
    {"id": "putt-1674-1687", "title": "Cotton, 'Of Putt and the High-Game': The Compleat Gamester (1674) and "
     "Instructions How to Play (1687)", "a": ("cotton1674.put", "1674, ch. XVI"), "b": ("cotton1687.put", "1687, ch. XV"),
     "note": "The 1687 book resets the 1674 text in smaller compass (pp. 92-97 against pp. 131-137). The two "
             "transcriptions were keyed differently: the 1674 one (TCP A34637) prints round s throughout, the 1687 "
             "one (B02403) keeps the long s, so every 'long s' mark below is a difference of keying, not "
             "necessarily of print. The other changes are small: capitals ('the Winner' becomes 'the winner'), "
             "hyphens, 'forefinger' printed 'four-finger', 'he hath good Cards' "
             "turned into 'there are good Cards', and letters the 1674 keyer could not read (•) that are plain in "
             "1687 ('•lay', 'play'). No rule of the game changes."},
    {"id": "postpair-1674-1687", "title": "Cotton, 'Post and Pair': The Compleat Gamester (1674) and Instructions "
     "How to Play (1687)", "a": ("cotton1674.pp", "1674, ch. XXIII"), "b": ("cotton1687.pp", "1687, ch. XXII"),
     "note": "The same five paragraphs in both; the 1687 keying keeps the long s (see the Putt comparison). "
             "Besides that, the differences are of spelling, capitals and points; no rule changes."},
    {"id": "boneace-1674-1687", "title": "Cotton, 'Bone-Ace': The Compleat Gamester (1674) and Instructions How "
     "to Play (1687)", "a": ("cotton1674.boneace", "1674, ch. XV"), "b": ("cotton1687.boneace", "1687, ch. XIV"),
     "note": "The same three paragraphs in the same order, reset in 1687 on pp. 91-92. Besides the long s of the "
             "1687 keying, the comparison marks the chapter's number (XV, then XIV), one spelling ('contein'd', "
             "'contain'd') and the three places where the 1674 keyer could not read the print and 1687 is plain: "
             "'th•t' is 'that', and 'thre• 〈◊〉,' is 'three Kings,'. The 1687 text supplies the example 'three "
             "Kings' missing from the 1674 transcription; no rule changes."},
)


KIND_ORDER = ["long s", "glyph", "line-end hyphen", "case", "punctuation", "spelling", "illegible", "reading"]
ILLEGIBLE = ("\u2022", "\u3008\u25ca\u3009")  # TCP's marks for a letter (•) and a word (〈◊〉) the keyer could not read


def _by_kind(marks: dict[int, str]) -> dict[str, int]:
    """Marked words of one witness by kind, and their total under ``"all"``."""
    out = {k: n for k in KIND_ORDER if (n := sum(1 for v in marks.values() if v == k))}
    return {**out, "all": len(marks)}


def _lines(ed, text_id: str) -> list[str]:
    t = ed.texts[text_id]
    out: list[str] = []
    for p in t.passages:
        out.extend(x for x in p.reading_text.split("\n") if x.strip())
    return out


def _tokens(lines: list[str]) -> list[tuple[str, int]]:
    return [(w, i) for i, line in enumerate(lines) for w in line.split()]


def _skeleton(w: str) -> str:
    w = re.sub(r"[^\w]", "", w.lower()).replace("v", "u").replace("j", "i").replace("y", "i")
    w = re.sub(r"(.)\1", r"\1", w)
    return w.removesuffix("e")


_EOL = re.compile(r'([\w\u017f]+)<span class="eol-hyphen">-</span>(?:\s|<[^>]+>)*([\w\u017f]+)')


def eol_joins(ed, text_id: str) -> set[str]:
    """The words a witness's reading text makes by joining a hyphen TCP marks as a line end ("Set" + "meeting"),
    each as its two halves joined by a hyphen ("Set-meeting"): whether the print had a hyphen there, the
    transcription cannot say."""
    out = set()
    for p in ed.texts[text_id].passages:
        out.update(f"{m.group(1)}-{m.group(2)}" for m in _EOL.finditer(p.diplomatic_html))
    return out


def _bare(w: str) -> str:
    return re.sub(r"[^\w\u017f-]", "", w).replace("\u017f", "s")


#: Spellings the rules below cannot tell from a change of word (a vowel changed), listed so that the page's colour
#: and the note agree (issue 32: 'contein'd' was shown as a reading).
SPELLINGS = {frozenset({"contein'd,", "contain'd,"})}


def classify(a: str, b: str, joins_a: set[str] | frozenset = frozenset(),
             joins_b: set[str] | frozenset = frozenset()) -> str:
    """The kind of a one-word (or one-run) difference; ``joins_a``/``joins_b``: each witness's words joined at a
    line-end hyphen (:func:`eol_joins`), so that "Setmeeting" against "Set-meeting" is no difference the
    transcriptions can show."""
    for x, y, joins in ((a, b, joins_a), (b, a, joins_b)):
        if "-" not in x and "-" in y and _bare(y) in {_bare(j) for j in joins} and \
                _bare(x) == _bare(y).replace("-", ""):
            return "line-end hyphen"
    if frozenset({a, b}) in SPELLINGS:
        return "spelling"
    if any(m in a or m in b for m in ILLEGIBLE):
        return "illegible"  # one keyer could not read what the other gives: no evidence of a change of print
    if a != b and a.replace("\u017f", "s") == b.replace("\u017f", "s"):
        return "long s"
    if a != b and a.replace("\u017f", "s").replace("\u01b2", "V") == b.replace("\u017f", "s").replace("\u01b2", "V"):
        return "glyph"  # TCP's character for a printed V of another form (char:V, Ʋ): a difference of keying
    a, b = a.replace("\u017f", "s"), b.replace("\u017f", "s")  # the rest is judged as if both had round s
    if a.lower() == b.lower():
        return "case"
    strip = lambda s: re.sub(r"[^\w]", "", s)  # noqa: E731
    if strip(a) == strip(b):
        return "punctuation"
    if strip(a).lower() == strip(b).lower():
        return "punctuation"  # punctuation and capitals both differ
    if " " not in a and " " not in b and _skeleton(a) == _skeleton(b):
        return "spelling"
    return "reading"


def compare(ed, a_id: str, b_id: str) -> dict[str, Any]:
    a_lines, b_lines = _lines(ed, a_id), _lines(ed, b_id)
    ja, jb = eol_joins(ed, a_id), eol_joins(ed, b_id)
    a_tok, b_tok = _tokens(a_lines), _tokens(b_lines)
    sm = difflib.SequenceMatcher(a=[w for w, _ in a_tok], b=[w for w, _ in b_tok], autojunk=False)
    a_mark: dict[int, str] = {}
    b_mark: dict[int, str] = {}
    changes = []
    line_map: dict[int, int] = {}
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            for k in range(i2 - i1):
                line_map.setdefault(a_tok[i1 + k][1], b_tok[j1 + k][1])
            continue
        a_words = " ".join(w for w, _ in a_tok[i1:i2])
        b_words = " ".join(w for w, _ in b_tok[j1:j2])
        kind = classify(a_words, b_words, ja, jb) if op == "replace" else ("reading" if op else "")
        if op == "replace" and i2 - i1 == j2 - j1 and i2 - i1 > 1:
            # several words replaced one for one: each pair is marked with its own kind (so that the counts of
            # words by kind are true), and the change as a whole with the strongest of them
            kinds = [classify(a_tok[i1 + k][0], b_tok[j1 + k][0], ja, jb) for k in range(i2 - i1)]
            kind = max(kinds, key=KIND_ORDER.index)
            for k, kk in enumerate(kinds):
                a_mark[i1 + k] = b_mark[j1 + k] = kk
        else:
            for k in range(i1, i2):
                a_mark[k] = kind
            for k in range(j1, j2):
                b_mark[k] = kind
        changes.append({"op": op, "a": a_words, "b": b_words, "kind": kind,
                        "a_line": a_tok[i1][1] if i1 < i2 else (a_tok[i1 - 1][1] if i1 else 0),
                        "b_line": b_tok[j1][1] if j1 < j2 else (b_tok[j1 - 1][1] if j1 else 0)})

    def render(tokens, marks, n_lines):
        lines_html = [[] for _ in range(n_lines)]
        for k, (w, li) in enumerate(tokens):
            e = html.escape(w, quote=False)
            if k in marks:
                e = f'<mark class="var" data-kind="{marks[k]}" title="{marks[k]}">{e}</mark>'
            lines_html[li].append(e)
        return [" ".join(x) for x in lines_html]

    a_html = render(a_tok, a_mark, len(a_lines))
    b_html = render(b_tok, b_mark, len(b_lines))
    rows = []
    used_b: set[int] = set()
    next_b = 0
    for i in range(len(a_lines)):
        j = line_map.get(i)
        if j is not None and j >= next_b:
            for jj in range(next_b, j):  # B lines with no partner in A
                rows.append({"a_html": "", "b_html": b_html[jj], "a_text": "", "b_text": b_lines[jj], "same": False})
                used_b.add(jj)
            rows.append({"a_html": a_html[i], "b_html": b_html[j], "a_text": a_lines[i], "b_text": b_lines[j],
                         "same": a_lines[i] == b_lines[j]})
            used_b.add(j)
            next_b = j + 1
        else:
            rows.append({"a_html": a_html[i], "b_html": "", "a_text": a_lines[i], "b_text": "", "same": False})
    for jj in range(next_b, len(b_lines)):
        rows.append({"a_html": "", "b_html": b_html[jj], "a_text": "", "b_text": b_lines[jj], "same": False})
    counts: dict[str, Any] = {"replace": 0, "insert": 0, "delete": 0, "kinds": {},
                              "words_a": _by_kind(a_mark), "words_b": _by_kind(b_mark)}
    for c in changes:
        counts[c["op"]] += 1
        counts["kinds"][c["kind"]] = counts["kinds"].get(c["kind"], 0) + 1
    return {"rows": rows, "changes": changes, "counts": counts, "words": {"a": len(a_tok), "b": len(b_tok)},
            "ratio": round(sm.ratio(), 4)}


def compare_all(ed) -> list[dict[str, Any]]:
    out = []
    for pair in PAIRS:
        (a_id, a_label), (b_id, b_label) = pair["a"], pair["b"]
        result = compare(ed, a_id, b_id)
        out.append({"id": pair["id"], "title": pair["title"], "note": pair.get("note", ""),
                    "a": {"text_id": a_id, "label": a_label, "bib": ed.texts[a_id].bib},
                    "b": {"text_id": b_id, "label": b_label, "bib": ed.texts[b_id].bib},
                    **result})
    return out

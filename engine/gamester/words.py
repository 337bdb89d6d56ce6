"""The engine's words for a reader: how players are named, how a reason becomes a sentence, how a card, a count,
a rule and a passage are said. Every renderer (the live table, the printed examples, the handouts, the quiz) names
players through :func:`player` and :class:`Names`, so the same seat has the same name in the text, the table and
the ledger.

A reader is never shown a seat number from 0: the reader's own seat is "you"; against one computer the other seat
is "the computer"; otherwise seats are "Player 1" .. "Player N", counting from 1, with the role of the seat in the
deal where it helps ("Player 2 (dealer)").

    >>> player(0, reader=0, players=2), player(1, reader=0, players=2), player(3, players=4, role="dealer")
    ('you', 'the computer', 'Player 4 (dealer)')
    >>> Names(reader=1, players=3).sentence("seat 1 wins trick 2 and takes his point")
    'You win trick 2 and take your point.'
    >>> Names(players=4).sentence("Seats 0 and 2 win the game")
    'Player 1 and Player 3 win the game.'

The engine's reasons and records keep their own phrasing ("seat 2 vyes 3", seats from 0): they are data for tests
and records, and :meth:`Names.text` turns them into a reader's words at the moment they are drawn. Stdlib only.
"""

from __future__ import annotations

import re
from typing import Any

from .cards import Card
from .clauses import lookup
from .errors import NotationError

__all__ = ["Names", "and_words", "card_name", "clause_title", "counters_words", "passage_label", "player",
           "plural", "sentence"]


def player(seat: int, *, reader: int | None = None, players: int = 0, role: str = "") -> str:
    """A seat's name for a reader (see the module doc); ``role`` is its role in this deal, if it helps."""
    if reader is not None and seat == reader:
        return "you"
    if reader is not None and players == 2:
        return "the computer" + (f" ({role})" if role else "")
    return f"Player {seat + 1}" + (f" ({role})" if role else "")


# "Seat 2", "seat 2 (dealer)", "Seats 0 and 2", "Seats 0, 1 and 3": the engine's own phrasing of seats, found from
# its "eat" (the "S" or "s" and the word's start checked behind it, as "\b[Ss]" before it would: a pattern that starts
# with letters is looked for by them alone, a few instructions a character, where one that starts with a class of
# letters is tried at each letter of the class, some fifty; a match starts one character after the seat's words).
_SEATS = re.compile(r"eat(?<=(?<!\w)[Ss]eat)s? (\d+(?:(?:, | and )\d+)*)(?: \(([a-z][a-z ,]*?)\))?(?!\w)")
# After these, a name is the subject of what follows ("you win", not "you wins").
_SUBJECT_BEFORE = re.compile(r"(?:^|[.;:!?(]\s*|,\s|\b(?:and|then|when|if|while|but|so|because|until)\s)$")
_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
_NOT_VERBS = {"his", "this", "its", "plus", "us", "as"}
_CLAUSE_END = re.compile(r"[.;:!?]")
_DIGITS = re.compile(r"\d+")
_YOURS = re.compile(r"\b([Yy])ou's\b")
_ES_VERB = re.compile(r"(ch|sh|ss|x|z)es$")
_YOU_VERB = re.compile(r"([Yy]ou(?: and [A-Z][\w ]*?\d+)?)(\s+)([A-Za-z-]+)")
_HIS = re.compile(r"\bhis\b")
_AND_VERB = re.compile(r"\band ([a-z-]+)")


def _base_form(word: str) -> str:
    """The verb after "you": ``wins`` -> ``win``, ``matches`` -> ``match``, ``is`` -> ``are``."""
    low = word.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _NOT_VERBS or not low.endswith("s") or low.endswith("ss") or len(low) < 3:
        return word
    if _ES_VERB.search(low):
        return word[:-2]
    return word[:-1]


class Names:
    """How one rendering names the players: the reader's seat (or ``None``), the number of seats, and the roles of
    this deal (seat -> "dealer" / "eldest"), used when a text names a seat without its role."""

    def __init__(self, reader: int | None = None, players: int = 0, roles: dict[int, str] | None = None,
                 parties: dict[str, str] | None = None) -> None:
        self.reader = reader if isinstance(reader, int) and not isinstance(reader, bool) else None
        self.players = players
        self.roles = roles or {}
        self.parties = {"box": "The box", **(parties or {})}
        # What :meth:`text` reads of this naming (the parties name no seat of a text): its words are kept by it.
        self._said = None if self.roles else (self.reader, self.players)

    def __call__(self, seat: Any, role: str | None = None) -> str:
        """The name of one seat (a seat number), or a party in the game's words (``"post"`` -> ``"Post dish"``)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            return self.parties.get(str(seat)) or str(seat).capitalize()
        return player(seat, reader=self.reader, players=self.players,
                      role=self.roles.get(seat, "") if role is None else role)

    def seats(self, seats: list[int], role: str | None = None) -> str:
        names = [self(s, role if len(seats) == 1 else "") for s in seats]
        names.sort(key=lambda x: x != "you")
        return and_words(names) if names else "nobody"

    def text(self, text: str) -> str:
        """``text`` with every seat the engine's way ("Seat 2 (dealer)", "seats 0 and 2") named for the reader,
        and the verb after a "you" that is the subject made to agree ("you win", "you throw up your cards")."""
        if not text or "eat" not in text:
            return text
        key = self._said
        if key is not None:
            said = _SAID.get((key, text))
            if said is None:
                if len(_SAID) >= _SAID_KEPT:
                    _SAID.clear()
                said = _SAID[(key, text)] = self._sentences(text, key)
            return said
        return self._text(text)

    def _sentences(self, text: str, key: tuple) -> str:
        """``text`` named (:meth:`_text`) sentence by sentence and clause by clause, each kept by ``key`` (this
        naming's) in :data:`_SAID`: a new text is mostly sentences and clauses named before (a prompt says again the
        move the log has just named, then what happens next; a sale's bids so far, one clause each; "deal 5: " and
        what every deal says). The same words as ``text`` named whole: naming reads nothing before a stop and the
        space after it (a seat that starts a sentence is named as one that starts the text; a "you" agrees with its
        verb up to its clause's end), nor a stop at a text's end (it ends a clause as the end does); a clause after
        "; ", or after the ": " of a heading that names no seat ("deal 5: "), is named after it (a seat there is the
        subject, not a sentence's start), and nothing before that reads. A text is cut only at ". ", "; " and ": "
        followed by a word: a space more, and it is named whole."""
        parts = text.split(". ")
        last = parts[-1]
        stop = last[-1:] == "."
        if stop:
            parts[-1] = last[:-1]
        elif len(parts) == 1 and "; " not in text and ": " not in text:
            return self._text(text)
        for k in range(len(parts)):
            p = parts[k]
            if k and p[:1].isspace():
                return self._text(text)
            if "eat" not in p and "ou's" not in p:
                continue  # (named as it is)
            head = ""
            if ": " in p:
                before, _, rest = p.partition(": ")
                if "eat" not in before:  # a heading ("deal 5: "): what follows it is named after its colon
                    if rest[:1].isspace():
                        return self._text(text)
                    head, p = self._kept(key, before) + ": ", rest
            if "; " in p:
                clauses = p.split("; ")
                for j in range(1, len(clauses)):
                    c = clauses[j]
                    if c[:1].isspace():
                        return self._text(text)
                    clauses[j] = self._kept(key, "; " + c)[2:]  # (named after its "; ", which naming leaves)
                clauses[0] = self._kept(key, ": " + clauses[0])[2:] if head else self._kept(key, clauses[0])
                parts[k] = head + "; ".join(clauses)
            elif head:
                parts[k] = head + self._kept(key, ": " + p)[2:]
            else:  # (the usual: a sentence whole)
                parts[k] = self._kept(key, p)
        return ". ".join(parts) + ("." if stop else "")

    def _kept(self, key: tuple, text: str) -> str:
        """``text`` (a sentence or a clause of a text: :meth:`_sentences`) named, as kept by ``key`` in
        :data:`_SAID` when it names a seat."""
        if "eat" in text:
            said = _SAID.get((key, text))
            if said is None:
                if len(_SAID) >= _SAID_KEPT:
                    _SAID.clear()
                said = _SAID[(key, text)] = self._text(text)
            return said
        return self._text(text) if "ou's" in text else text

    def _text(self, text: str) -> str:
        done = ""  # the output so far
        pos = 0
        you_from: list[int] = []  # where a subject "you" was written (in the output so far)
        reader, players = self.reader, self.players
        for m in _SEATS.finditer(text):
            done += text[pos:m.start() - 1]  # (the match starts after the "S")
            # The seats as named: what they read is the reader and the count of seats alone (a role is the text's),
            # kept with the name as a sentence starts it and whether it is "you".
            key = (reader, players, m.group())
            named = _NAMED.get(key)
            if named is None:
                seats, role = m.group(1, 2)
                if seats.isdigit():  # one seat (the usual): its name, as seats() gives it
                    name = self(int(seats), role or "")
                else:
                    name = self.seats([int(x) for x in _DIGITS.findall(seats)], role or "")
                if len(_NAMED) >= _NAMED_KEPT:
                    _NAMED.clear()
                named = _NAMED[key] = (name, name[:1].upper() + name[1:], name[:3].lower() == "you")
            name, first, you = named
            if _starts(done):  # a sentence starts with the name
                name = first
            # (a subject's mark ends at the text's last few letters and the space after: looked for there alone)
            if you and _SUBJECT_BEFORE.search(done, max(0, len(done.rstrip()) - 8)):
                you_from.append(len(done))
            done += name
            pos = m.end()
        s = done + text[pos:]
        # (the verbs first, from the last "you" back: "you's" -> "your" makes the text shorter, and the places of
        # the "you"s after it would no longer be theirs: "You receive 2", not "You receives 2", after a "your")
        for at in reversed(you_from):
            s = s[:at] + _agree(s[at:])
        if "ou's" in s:
            s = _YOURS.sub(r"\1our", s)
        return s

    def sentence(self, text: str) -> str:
        return sentence(self.text(text))


def _starts(done: str) -> bool:
    """Whether a sentence starts after ``done``: what ``re.search(r"(?:^|[.!?]\\s+)$", done)`` finds (nothing yet, or
    a stop and some space), without scanning the whole text."""
    if not done or done == "\n":
        return True
    bare = done.rstrip()
    return len(bare) < len(done) and bare[-1:] in (".", "!", "?")


#: Texts named lately (:meth:`Names.text`), by the naming's reader and seats and the text: a table names the same
#: few sentences move after move. Emptied when full.
_SAID: dict[tuple, str] = {}
_SAID_KEPT = 4096
#: Seats named lately (:meth:`Names.text`), by the naming's reader and count of seats and the engine's words for
#: them ("Seat 2 (dealer)"): the name, the name starting a sentence, and whether it is "you". Emptied when full.
_NAMED: dict[tuple, tuple[str, str, bool]] = {}
_NAMED_KEPT = 1024


def _agree(s: str) -> str:
    """``s`` starts with a subject "you" (or "you and Player 3"): the verb after it agrees, and "his" in the same
    clause becomes "your" (only for "you" alone)."""
    m = _YOU_VERB.match(s)
    if not m:
        return s
    subject, gap, verb = m.groups()
    if subject.lower() == "you":
        if s[m.end():].startswith("'s"):
            return s
        new_verb = _base_form(verb)
        rest = s[m.end():]
        end = _CLAUSE_END.search(rest)
        cut = end.start() if end else len(rest)
        # (each looked for only where its word is: a search for a word's start tries each character of the clause)
        clause = rest[:cut]
        if "his" in clause:
            clause = _HIS.sub("your", clause)
        if "and " in clause:
            clause = _AND_VERB.sub(lambda m: "and " + _base_form(m.group(1)), clause)  # "and take"
        rest = clause + rest[cut:]
        return subject + gap + new_verb + rest
    return s


def sentence(text: str) -> str:
    """First letter up, a full stop at the end (engine reasons are lower-case phrases)."""
    t = str(text).strip()
    if not t:
        return t
    t = t[0].upper() + t[1:]
    return t if t[-1] in ".?!:" else t + "."


def card_name(code: Any) -> str:
    """``"9S"`` -> ``"Nine of Spades"`` (text that is not a card is returned as it is)."""
    try:
        return Card.parse(str(code)).name
    except NotationError:
        return str(code)


def plural(n: int, word: str) -> str:
    """``plural(1, "counter") == "1 counter"``, ``plural(3, "point") == "3 points"``."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def counters_words(n: Any) -> str:
    return f"{n} counter" + ("" if n == 1 else "s")


def and_words(words: list[str]) -> str:
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def clause_title(cid: str) -> str:
    """A rule named for a reader: the clause's short title, or its statement's first phrase (never its id)."""
    c = lookup(cid)
    if c is None:
        return "the rule"
    title = getattr(c, "title", "")
    if title:
        return title
    st = c.statement.strip().rstrip(".")
    first = re.split(r"[:;]\s|,\s(?=so|and|but|which|then)|\s\(", st, maxsplit=1)[0]
    words = first.split()
    return " ".join(words[:12]) + ("…" if len(words) > 12 else "")


def passage_label(item: Any) -> str:
    """A passage as a reader finds it in the book: the site gives ``[id, href, "Cotton, p. 132"]`` (the third
    item, when present, is the reader's locator); without one, "the passage"."""
    if isinstance(item, (list, tuple)) and len(item) > 2 and isinstance(item[2], str) and item[2].strip():
        return item[2].strip()
    return "the passage"

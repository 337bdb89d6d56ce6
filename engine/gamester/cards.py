"""Cards, suits, ranks and packs: the vocabulary every game shares.

Notation: a card is its rank then its suit, ``"KS"``, ``"10H"`` (or ``"TH"``), ``"2♣"``, in any case;
``str(card)`` gives the canonical form (``"10H"``, ``"KS"``). A hand is cards separated by spaces or commas:
``"KS JS AS"``.

>>> Card.parse("ks")
Card.parse('KS')
>>> str(Card.parse("t♥"))
'10H'
>>> format_cards(parse_cards("as, 10d 2♣"))
'AS 10D 2C'
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache

from .errors import NotationError

SUITS = "SHDC"
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# ♤♡♢♧ (white suits) are accepted too.
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

#: Ranks in their ordinary order, low to high with the Ace high (games give their own orders).
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES = {
    "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
    "9": "Nine", "10": "Ten", "J": "Knave", "Q": "Queen", "K": "King", "A": "Ace",
}
RANK_PLURALS = {r: (n + "es" if n == "Six" else n + "s") for r, n in RANK_NAMES.items()}
_RANK_ALIASES = {"T": "10", "1": "A"}


@dataclass(frozen=True, slots=True, order=True)
class Suit:
    """One of ``S H D C``."""

    letter: str

    def __post_init__(self) -> None:
        if self.letter not in SUITS:
            raise NotationError(f"unknown suit {str(self.letter)[:40]!r}: expected one of S H D C or ♠ ♥ ♦ ♣")

    @classmethod
    def parse(cls, text: str) -> Suit:
        t = text.strip()
        t = _SYMBOL_TO_SUIT.get(t, t.upper())
        if t not in SUITS:
            raise NotationError(f"unknown suit {text[:40]!r}: expected one of S H D C or ♠ ♥ ♦ ♣")
        return _suit(t)

    @property
    def name(self) -> str:
        return SUIT_NAMES[self.letter]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.letter]

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.parse({self.letter!r})"


@dataclass(frozen=True, slots=True, order=True)
class Rank:
    """One of ``2 3 4 5 6 7 8 9 10 J Q K A``; ``index`` orders them with the Ace high."""

    text: str

    def __post_init__(self) -> None:
        if self.text not in RANKS:
            raise NotationError(f"unknown rank {str(self.text)[:40]!r}: expected one of {' '.join(RANKS)} (or T for 10)")

    @classmethod
    def parse(cls, text: str) -> Rank:
        t = text.strip().upper()
        t = _RANK_ALIASES.get(t, t)
        if t not in RANKS:
            raise NotationError(f"unknown rank {text[:40]!r}: expected one of {' '.join(RANKS)} (or T for 10)")
        return _rank(t)

    @property
    def index(self) -> int:
        return RANKS.index(self.text)

    @property
    def name(self) -> str:
        return RANK_NAMES[self.text]

    @property
    def plural(self) -> str:
        return RANK_PLURALS[self.text]

    @property
    def is_court(self) -> bool:
        return self.text in ("J", "Q", "K")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Rank.parse({self.text!r})"


@cache
def _suit(letter: str) -> Suit:
    return Suit(letter)


@cache
def _rank(text: str) -> Rank:
    return Rank(text)


_CARD_RE = re.compile(r"^(10|[2-9TJQKA1])([SHDC♠♥♦♣♤♡♢♧])$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``Card.parse("KS")``; ``str(card) == "KS"``; the repr rebuilds it."""

    rank: Rank
    suit: Suit
    # Its notation, made once (a table writes its cards and looks them up by the card at every move).
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"{self.rank.text}{self.suit.letter}")

    def __hash__(self) -> int:
        return hash(self._text)

    @classmethod
    def parse(cls, text: str) -> Card:
        if not isinstance(text, str):
            raise NotationError(f"a card must be written as text like 'KS', not {str(text)[:40]!r}")
        t = text.strip()
        try:
            return _CARDS[t]
        except KeyError:
            pass
        m = _CARD_RE.match(t)
        if not m:
            raise NotationError(
                f"cannot read card {text!r}: write rank then suit, e.g. 'KS', '10H' (or 'TH'), 'A♣'"
            )
        return card(Rank.parse(m.group(1)).text, Suit.parse(m.group(2)).letter)

    @property
    def name(self) -> str:
        """``"King of Spades"``."""
        return f"{self.rank.name} of {self.suit.name}"

    @property
    def symbol(self) -> str:
        """``"K♠"``."""
        return f"{self.rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __lt__(self, other: Card) -> bool:  # a stable sort order for displays: by suit, then rank
        return (SUITS.index(self.suit.letter), self.rank.index) < (
            SUITS.index(other.suit.letter), other.rank.index)


_CARDS: dict[str, Card] = {}


def card(rank: str, suit: str) -> Card:
    """The interned card of canonical ``rank`` and ``suit`` letters."""
    key = rank + suit
    c = _CARDS.get(key)
    if c is None:
        c = Card(_rank(rank), _suit(suit))
        _CARDS[key] = c
    return c


#: The 52-card pack in a fixed order: suits S H D C, ranks 2 .. A.
FULL_PACK: tuple[Card, ...] = tuple(card(r, s) for s in SUITS for r in RANKS)


def pack(ranks: Iterable[str] = RANKS) -> tuple[Card, ...]:
    """A pack holding only ``ranks`` (e.g. a stripped pack), in the fixed order of ``FULL_PACK``."""
    keep = {Rank.parse(r).text for r in ranks}
    return tuple(c for c in FULL_PACK if c.rank.text in keep)


def stripped_pack(remove: Iterable[str]) -> tuple[Card, ...]:
    """The pack without the ranks in ``remove``: ``stripped_pack("2 3 4 5 6".split())`` has 32 cards."""
    drop = {Rank.parse(r).text for r in remove}
    return tuple(c for c in FULL_PACK if c.rank.text not in drop)


def parse_cards(text: str | Iterable[str], *, count: int | None = None) -> tuple[Card, ...]:
    """Read a hand: ``"KS JS AS"`` (spaces or commas). Duplicates are an error; ``count`` checks the size."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()  # str.split and the regex \s agree on what a space is
        shown = text if len(text) <= 80 else text[:77] + "..."
        cards = tuple(map(_CARDS.get, parts))  # cards written as the pack prints them; None for any other
    else:
        parts = list(text)
        shown = " ".join(map(str, parts))[:80]
        cards = ()
    if not (cards and all(cards)):  # (a Card is always true)
        cards = tuple(map(Card.parse, parts))
    if len(set(map(id, cards))) != len(cards):  # Card.parse gives the interned cards: one object per card
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise NotationError(f"card {c} appears twice in hand {shown!r}")
            seen.add(c)
    if count is not None and len(cards) != count:
        raise NotationError(f"hand {shown!r} has {len(cards)} cards; expected {count}")
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """``"KS JS AS"``: the inverse of :func:`parse_cards`."""
    return " ".join(map(str, cards))


def check_distinct(hands: Sequence[Sequence[Card]]) -> None:
    """Raise ``NotationError`` if any card is in two hands (an impossible deal)."""
    where: dict[Card, int] = {}
    for i, h in enumerate(hands):
        for c in h:
            if c in where:
                raise NotationError(f"card {c} is in hand {where[c] + 1} and hand {i + 1}: a pack holds one {c}")
            where[c] = i


def randbelow(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)`` from ``rng.getrandbits`` alone.

    ``random.Random.shuffle`` has the same algorithm in every CPython we support, but we pin our own so that a
    seed means the same deal on CPython 3.11 and on Pyodide's 3.14 whatever later versions do.
    """
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


#: While set (only by an adapter that makes the deal a chance node of a game tree, gamester.openspiel), every
#: shuffle asks it for the pack's order instead of drawing from the state's seeded ``rng``.
SHUFFLER: ContextVar[Callable[[list[Card]], list[Card]] | None] = ContextVar("gamester_shuffler", default=None)


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A Fisher-Yates shuffle of a copy of ``cards`` driven by ``rng`` (or the order :data:`SHUFFLER` gives)."""
    given = SHUFFLER.get()
    if given is not None:
        return given(list(cards))
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out

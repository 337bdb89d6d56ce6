"""Exact chances for Speculation: which card in play will end as the winning card.

Nobody in Speculation looks at a card before it is turned, so from any seat's point of view the cards that seat has
not seen are spread over the positions it cannot see (other hands, its own unturned cards, the spare hand, an
unturned turn-up) uniformly at random: the unknown positions hold a uniformly random ordered choice of the unseen
cards. The winning card is the highest trump among all cards in play (the turn-up's suit is trumps), so the chance
that a position holds it needs only counting:

* let ``k`` be the number of unknown positions and ``m`` the number of unseen cards (``k <= m``);
* let ``K`` be the best trump among the known cards in play (the turn-up, once turned, is always one), and
  ``h_1 > h_2 > ... > h_t`` the unseen trumps above it;
* an unknown position holds the winner when some ``h_j`` lies there and none of ``h_1 .. h_{j-1}`` is in play:
  ``P = (1/m) * sum_j C(m-j, k-1) / C(m-1, k-1)``, the same for every unknown position;
* the known best card wins when none of the ``t`` cards is in play: ``C(m-t, k) / C(m, k)``.

While the turn-up is still face down the trump suit is unknown: average the above over the ``m`` equally likely
turn-ups (with the court-card rule, a court turn-up wins outright: the deal passes to its holder).
Everything is computed in :class:`fractions.Fraction`, so the chances are exact and sum to 1.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from math import comb

from .cards import Card

COURT = ("A", "K", "Q", "J")  # the turn-ups that end the deal at once under the court-card rule


def _rank(c: Card) -> int:
    return c.rank.index


def _known_trump_chances(known: Sequence[tuple[Hashable, Card]], unknown: Sequence[Hashable],
                         unseen: Sequence[Card], trump: str) -> dict[Hashable, Fraction]:
    """Chances when the trump suit is known and at least one known card is a trump (or there is none at all)."""
    out: dict[Hashable, Fraction] = {key: Fraction(0) for key, _ in known}
    best_key, best_rank = None, -1
    for key, c in known:
        if c.suit.letter == trump and _rank(c) > best_rank:
            best_key, best_rank = key, _rank(c)
    m, k = len(unseen), len(unknown)
    t = sum(1 for c in unseen if c.suit.letter == trump and _rank(c) > best_rank)
    if k:
        den = comb(m - 1, k - 1) * m
        num = sum(comb(m - j, k - 1) for j in range(1, t + 1))
        each = Fraction(num, den)
        for key in unknown:
            out[key] = each
    if best_key is not None:
        out[best_key] = Fraction(comb(m - t, k), comb(m, k))
    return out


def win_chances(known: Sequence[tuple[Hashable, Card]], unknown: Sequence[Hashable], unseen: Sequence[Card],
                *, trump: str | None, turnup_key: Hashable | None = None,
                court_passes: bool = False) -> dict[Hashable, Fraction]:
    """The exact chance that each position (known or unknown) holds the winning card.

    ``known``: positions whose card the viewer knows, with that card (exposed cards, the turn-up once turned,
    cards the viewer has looked at). ``unknown``: positions the viewer cannot see. ``unseen``: every card the
    viewer has not seen (in play or in the stock); ``len(unseen) >= len(unknown)``. ``trump``: the trump suit
    letter, or ``None`` while the turn-up (``turnup_key``, which must then be in ``unknown``) is face down.
    ``court_passes``: the court-card rule (an A, K, Q or J turn-up wins at once).
    """
    unknown = list(unknown)
    unseen = list(unseen)
    if len(unseen) < len(unknown):
        raise ValueError(f"{len(unknown)} unknown positions but only {len(unseen)} unseen cards")
    if trump is not None:
        return _known_trump_chances(known, unknown, unseen, trump)
    if turnup_key is None or turnup_key not in unknown:
        raise ValueError("with the trump suit unknown, the turn-up must be one of the unknown positions")
    rest = [u for u in unknown if u != turnup_key]
    total: dict[Hashable, Fraction] = {key: Fraction(0) for key, _ in known}
    total.update({u: Fraction(0) for u in unknown})
    m = len(unseen)
    # Turn-ups of the same suit and rank class give the same answer; but m <= 52, so simply loop.
    for i, c in enumerate(unseen):
        if court_passes and c.rank.text in COURT:
            total[turnup_key] += Fraction(1, m)
            continue
        part = _known_trump_chances([*known, (turnup_key, c)], rest, unseen[:i] + unseen[i + 1:], c.suit.letter)
        for key, p in part.items():
            total[key] += p / m
    return total


def brute_force_chances(known: Sequence[tuple[Hashable, Card]], unknown: Sequence[Hashable],
                        unseen: Sequence[Card], *, trump: str | None, turnup_key: Hashable | None = None,
                        court_passes: bool = False) -> dict[Hashable, Fraction]:
    """The same chances by enumerating every placement of unseen cards (tests only: exponential)."""
    from itertools import permutations

    unknown = list(unknown)
    counts: dict[Hashable, int] = {key: 0 for key, _ in known}
    counts.update({u: 0 for u in unknown})
    n = 0
    for placed in permutations(unseen, len(unknown)):
        n += 1
        cards = dict(known)
        cards.update(zip(unknown, placed, strict=True))
        suit = trump
        if suit is None:
            tu = cards[turnup_key]
            if court_passes and tu.rank.text in COURT:
                counts[turnup_key] += 1
                continue
            suit = tu.suit.letter
        best = max((key for key, c in cards.items() if c.suit.letter == suit), key=lambda key: _rank(cards[key]),
                   default=None)
        if best is not None:
            counts[best] += 1
    return {key: Fraction(v, n) for key, v in counts.items()}

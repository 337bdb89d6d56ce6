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
from functools import lru_cache
from math import comb

from ...cards import Card

COURT = ("A", "K", "Q", "J")  # the turn-ups that end the deal at once under the court-card rule


def _rank(c: Card) -> int:
    return c.rank.index


@lru_cache(maxsize=4096)
def _split(m: int, k: int, t: int) -> tuple[Fraction, Fraction]:
    """(chance the known best card wins, chance each unknown position holds the winner) for ``t`` higher unseen
    trumps among ``m`` unseen cards spread over ``k`` unknown positions."""
    keep = Fraction(comb(m - t, k), comb(m, k))
    if not k:
        return keep, Fraction(0)
    each = Fraction(sum(comb(m - j, k - 1) for j in range(1, t + 1)), comb(m - 1, k - 1) * m)
    return keep, each


def _best_known(known: Sequence[tuple[Hashable, Card]], trump: str) -> tuple[Hashable | None, int]:
    best_key, best_rank = None, -1
    for key, c in known:
        if c.suit.letter == trump and _rank(c) > best_rank:
            best_key, best_rank = key, _rank(c)
    return best_key, best_rank


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
    m, k = len(unseen), len(unknown)
    if m < k:
        raise ValueError(f"{k} unknown positions but only {m} unseen cards")
    out: dict[Hashable, Fraction] = {key: Fraction(0) for key, _ in known}
    if trump is not None:
        best_key, best_rank = _best_known(known, trump)
        t = sum(1 for c in unseen if c.suit.letter == trump and _rank(c) > best_rank)
        keep, each = _split(m, k, t)
        for key in unknown:
            out[key] = each
        if best_key is not None:
            out[best_key] = keep
        return out
    if turnup_key is None or turnup_key not in unknown:
        raise ValueError("with the trump suit unknown, the turn-up must be one of the unknown positions")
    rest = [u for u in unknown if u != turnup_key]
    for u in unknown:
        out[u] = Fraction(0)
    # Each unseen card is the turn-up with chance 1/m; then the rest is the trump-known case over m-1 cards.
    tally: dict[tuple[Hashable, int], int] = {}
    passes = 0
    ranks: dict[str, list[int]] = {}
    for x in unseen:
        ranks.setdefault(x.suit.letter, []).append(_rank(x))
    known_best = {suit: _best_known(known, suit) for suit in ranks}
    for c in unseen:
        if court_passes and c.rank.text in COURT:
            passes += 1
            continue
        suit = c.suit.letter
        best_key, best_rank = known_best[suit]
        if _rank(c) > best_rank:
            best_key, best_rank = turnup_key, _rank(c)
        t = sum(1 for r in ranks[suit] if r > best_rank)
        tally[best_key, t] = tally.get((best_key, t), 0) + 1
    out[turnup_key] += Fraction(passes, m)
    share = Fraction(0)
    for (best_key, t), n in tally.items():
        keep, each = _split(m - 1, k - 1, t)
        out[best_key] += keep * n / m
        share += each * n / m
    for u in rest:
        out[u] = share
    return out


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

"""Post and Pair: the reader's chances at a decision (issue 31: "Show my chances" in Post and Pair too). The figures
come from the cards the reader can see alone, are settled by the engine's own show-down, and agree with an
estimate made another way (the public ``settle`` on deals drawn here)."""

from __future__ import annotations

import copy
import random
from math import sqrt

import pytest

import gamester  # noqa: F401
from gamester.cards import FULL_PACK, Card
from gamester.games.post_and_pair import PostAndPairOptions, PostAndPairState, settle
from gamester.games.post_and_pair.analysis import SAMPLES, analysis
from gamester.games.post_and_pair.table import table


def _at_vye(seed: int, options: PostAndPairOptions | None = None) -> PostAndPairState:
    """Every player stakes the Seat: the eldest is to vye on three cards."""
    st = PostAndPairState(options or PostAndPairOptions(), 4, seed)
    while st.phase == "seat":
        st.apply("seat")
    return st


def test_the_figures_rest_on_the_readers_own_cards_only():
    st = _at_vye(11)
    seat = st.current_player()
    a = analysis(st, seat)
    assert 0 <= a["pair"] <= 1 and a["samples"] == SAMPLES and a["method"] == "monte-carlo"
    assert analysis(st, seat) == a   # seeded from the position: the same position, the same figures
    # The other hands swapped for other unseen cards: nothing the reader cannot see changes the figures.
    other = copy.deepcopy(st)
    free = [c for c in FULL_PACK if all(c not in h for h in st.hands.values())]
    for s in other.order:
        if s != seat:
            other.hands[s] = [free.pop() for _ in other.hands[s]]
    assert analysis(other, seat) == a


def test_three_aces_take_every_dish():
    # seed-postpair, "Pair-royal": three Aces are the best Pair-royal and cannot be beaten; Cotton 1674, p. 150: "a
    # pair-royal wins all, both Post, Pair, and Seat".
    st = _at_vye(3)
    seat = st.current_player()
    aces = [Card.parse(x) for x in ("AS", "AH", "AD")]
    for s, h in st.hands.items():  # the reader's cards and the Aces change hands
        if s != seat:
            st.hands[s] = [st.hands[seat][aces.index(c)] if c in aces else c for c in h]
    st.hands[seat] = aces
    assert sorted(map(str, sum(st.hands.values(), []))) == sorted(set(map(str, sum(st.hands.values(), []))))
    a = analysis(st, seat)
    assert (a["pair"], a["post"], a["seat"]) == (1.0, 1.0, 1.0)


@pytest.mark.parametrize("seed", [5, 21])
def test_the_estimate_agrees_with_the_public_settle(seed):
    st = _at_vye(seed)
    seat = st.current_player()
    a = analysis(st, seat)
    mine = st.hands[seat]
    rest = [c for c in FULL_PACK if c not in mine]
    rng = random.Random(seed)
    n = 6000
    won = {"pair": 0, "post": 0, "seat": 0}
    pos = st.order.index(seat)
    for _ in range(n):
        drawn = rng.sample(rest, 9)
        hands = [" ".join(map(str, drawn[3 * k:3 * k + 3])) for k in range(3)]
        hands.insert(pos, " ".join(map(str, mine)))
        w = settle(st.options, hands).winners   # positions, eldest first
        for d in won:
            won[d] += w[d] == pos
    for d in won:
        p = won[d] / n
        se = sqrt(a[d] * (1 - a[d]) / SAMPLES + p * (1 - p) / n)
        assert abs(a[d] - p) <= 4 * se + 1e-9, (d, a[d], p)


def test_the_table_shows_the_chances_beside_the_readers_choices():
    st = _at_vye(7)
    seat = st.current_player()
    t = table(st, seat, analysis=analysis(st, seat))
    assert [c.label for c in t.chances] == ["Take the Pair dish", "Take the Post dish", "Take the Seat and the vyes"]
    assert t.chances_note.startswith("Estimated from 2,000 random deals")
    assert table(st, seat).chances == []   # only when asked for
    assert analysis(st, (seat + 1) % 4) is not None  # another seat's view is its own (no error)


def test_out_of_the_deal_or_over_there_is_nothing_to_say():
    st = PostAndPairState(PostAndPairOptions(), 2, 1)
    first = st.current_player()
    st.apply("abandon")
    assert analysis(st, first) == {}

"""The quick paths of Put's odds (gamester.games.put.odds) against the straightforward computation they replace.

``odds`` and ``odds3`` count the other hands renumbered relative to the seat's cards (:func:`_triples`), and each
card's tallies as those of the position after it (:func:`_open2`, :func:`_open3`), where a closed trick's cards
no longer count. The references here take every rank pattern of the other hands one by one, with its weight in
card-level deals (``prod C(u_r, a_r) * C(u_r - a_r, b_r)``), and value each with the same open-hand minimax on the
real rank values: the integer tallies must be equal, per card and in total, on full packs (13 ranks) as on the short
ones. (test_odds.py checks the minimax itself against an independent referee over real cards.)"""

from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from gamester.games.put import odds as put_odds


def rank_patterns(counts, k, start=0):
    """Every multiset of ``k`` rank values from ``counts`` (index = value - 1), with the number of ways to pick it."""
    if k == 0:
        yield (), 1
        return
    for r in range(start, len(counts)):
        for take in range(1, min(counts[r], k) + 1):
            rest = list(counts)
            rest[r] -= take
            for more, w in rank_patterns(tuple(rest), k - take, r + 1):
                yield (r + 1,) * take + more, comb(counts[r], take) * w


def reference2(mine, k, counts, me_lead, table, mw, tw, me_to_play):
    """Two hands: every hand of the other by rank (the module's own ``_hands``), as the module did before."""
    return put_odds._tally_over(tuple(rank_patterns(counts, k)), mine, me_lead, table, mw, tw, me_to_play)


def reference3(mine, ka, kb, counts, leader, table, won):
    """Three hands: every pair of rank patterns to the two others, valued after each card with ``_after3``."""
    mover = (leader + len(table)) % 3
    cards = sorted(set(mine), reverse=True)
    tallies = {c: [0, 0, 0] for c in cards} if mover == 0 else {None: [0, 0, 0]}
    total = 0
    for a, wa in rank_patterns(counts, ka):
        left = list(counts)
        for v in a:
            left[v - 1] -= 1
        for b, wb in rank_patterns(tuple(left), kb):
            w = wa * wb
            total += w
            if mover != 0:
                tallies[None][1 - put_odds._value3_key((mine, a, b), leader, table, won)] += w
                continue
            for c in cards:
                tallies[c][1 - put_odds._after3((mine, a, b), leader, table, won, 0, c)] += w
    if mover != 0:
        return (*tallies[None], total), ()
    per = tuple((c, (*tallies[c], total)) for c in cards)
    return max(per, key=lambda p: (p[1][0] - p[1][2], p[1][0]))[1], per


def position_counts(data, n):
    """Unseen cards per rank value: a pack of four of each rank less some seen ones."""
    return tuple(data.draw(st.lists(st.integers(0, 4), min_size=n, max_size=n).filter(lambda c: sum(c) >= 6)))


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_two_handed_odds_equal_the_count_over_every_rank_pattern(data):
    n = data.draw(st.sampled_from([7, 8, 13]))
    counts = position_counts(data, n)
    mine = tuple(sorted(data.draw(st.lists(st.integers(1, n), min_size=1, max_size=3))))
    table = data.draw(st.sampled_from([0, data.draw(st.integers(1, n))]))
    if table == 0:                                             # between tricks: the same number of cards each
        k, me_lead = len(mine), data.draw(st.booleans())
        me_to_play = me_lead
    else:                                                      # the seat led (the other answers) or answers
        me_lead = data.draw(st.booleans()) if len(mine) < 3 else False
        k, me_to_play = (len(mine) + 1, False) if me_lead else (len(mine) - 1, True)
    mw, tw = data.draw(st.sampled_from([(0, 0), (1, 0), (0, 1), (1, 1)]))
    args = (mine, k, counts, me_lead, table, mw, tw, me_to_play)
    put_odds.cache_clear()
    assert put_odds.odds(*args) == reference2(*args)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_three_handed_odds_equal_the_count_over_every_rank_pattern(data):
    n = data.draw(st.sampled_from([7, 8, 13]))
    counts = position_counts(data, n)
    k = data.draw(st.integers(1, 2))                           # cards each held at the start of this trick
    leader = data.draw(st.integers(0, 2))
    played = data.draw(st.integers(0, 2))                      # cards on the table, from the leader on
    movers = [(leader + i) % 3 for i in range(played)]
    size = {j: k - (j in movers) for j in (0, 1, 2)}
    mine = tuple(sorted(data.draw(st.lists(st.integers(1, n), min_size=size[0], max_size=size[0]))))
    table = tuple(data.draw(st.integers(1, n)) for _ in movers)
    won = data.draw(st.sampled_from([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)] if k == 2 else
                                    [(1, 1, 0), (1, 0, 1), (0, 1, 1), (1, 0, 0), (0, 0, 1), (0, 0, 0)]))
    args = (mine, size[1], size[2], counts, leader, table, won)
    put_odds.cache_clear()
    assert put_odds.odds3(*args) == reference3(*args)


def test_three_handed_first_trick_equals_the_count_over_every_rank_pattern():
    """The whole first trick (three cards each) on the 28-card pack, from each seat's place in it."""
    counts = [4] * 7
    mine = (2, 5, 7)
    for v in mine:
        counts[v - 1] -= 1
    for leader, table, sizes in [(0, (), (3, 3)), (2, (6,), (3, 2)), (1, (4, 4), (2, 2))]:
        c = list(counts)
        for v in table:
            c[v - 1] -= 1
        args = (mine, *sizes, tuple(c), leader, table, (0, 0, 0))
        put_odds.cache_clear()
        assert put_odds.odds3(*args) == reference3(*args)

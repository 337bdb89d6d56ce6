"""The exact best-trump chances: closed form against brute-force enumeration, sums to 1, seat views.

seed-put, "Speculation": "the price offered should bear some proportion to the chance of the card being the best
trump in the deal, and likewise to the number of counters in the pool". These tests check that chance.
"""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamester import get_game, parse_cards, play_out
from gamester.cards import FULL_PACK, pack, shuffled
from gamester.games.speculation import PRESETS, SpeculationState
from gamester.games.speculation.analysis import (
    _best_trump_chance,
    analysis,
    best_trump_chance,
    offered_chance,
)
from gamester.games.speculation.odds import brute_force_chances, win_chances

SPEC = get_game("speculation")
SMALL = pack("9 10 J Q K A".split())  # 24 cards: small enough to enumerate


def _case(rng, deck, n_known, n_unknown, trump_known, court):
    """Known cards (the first is the turn-up when the trump is known), unknown places, the rest unseen."""
    cards = shuffled(deck, rng)
    known = [(("k", i), c) for i, c in enumerate(cards[:n_known])]
    unknown = [("u", i) for i in range(n_unknown)]
    unseen = cards[n_known:]
    if trump_known:
        return dict(known=known, unknown=unknown, unseen=unseen, trump=known[0][1].suit.letter)
    return dict(known=known, unknown=unknown, unseen=unseen, trump=None, turnup_key=("u", 0), court_passes=court)


CASES = [(k, u, tk, court) for k, u in [(1, 1), (1, 3), (3, 2), (5, 4), (8, 3), (2, 0)]
         for tk, court in [(True, False), (False, False), (False, True)]
         if tk or u > 0]  # a face-down turn-up is itself an unknown place; the court rule needs it face down


@pytest.mark.parametrize("n_known, n_unknown, trump_known, court", CASES)
def test_closed_form_equals_enumeration(n_known, n_unknown, trump_known, court):
    rng = random.Random(n_known * 100 + n_unknown)
    for _ in range(3):
        deck = SMALL[:16] if n_unknown >= 4 else SMALL
        case = _case(rng, deck, n_known, n_unknown, trump_known, court)
        exact = win_chances(**case)
        brute = brute_force_chances(**case)
        assert exact == brute
        assert sum(exact.values()) == 1


def test_a_worked_example():
    # The turn-up is the 7 of Hearts; one unseen card is a higher Heart among m = 4 unseen, k = 2 unknown places:
    # the 7 wins when the Ace is not dealt, C(3,2)/C(4,2) = 1/2; each unknown place holds it with 1/4.
    known = [("turn-up", parse_cards("7H")[0])]
    unseen = parse_cards("AH 2C 3C 4C")
    ch = win_chances(known, ["a", "b"], unseen, trump="H")
    assert ch == {"turn-up": Fraction(1, 2), "a": Fraction(1, 4), "b": Fraction(1, 4)}


def test_face_down_turn_up_with_the_court_rule():
    # With a 52-card pack and nothing seen, a face-down turn-up wins with at least 16/52 (the court cards).
    keys = [("turn-up",)] + [("h", i) for i in range(12)]
    ch = win_chances([], keys, list(FULL_PACK), trump=None, turnup_key=("turn-up",), court_passes=True)
    assert ch[("turn-up",)] > Fraction(16, 52) and sum(ch.values()) == 1
    flat = win_chances([], keys, list(FULL_PACK), trump=None, turnup_key=("turn-up",))
    assert flat[("turn-up",)] < ch[("turn-up",)]


def _states(preset, players, seed, bot="random"):
    """Yield every intermediate state of a random game (a fresh replay at each step)."""
    spec = SPEC
    opts = PRESETS[preset].options.replace(deals=1)
    s = SpeculationState(opts, players, seed)
    bots = [spec.make_bot(bot, seed + i) for i in range(players)]
    while not s.is_terminal():
        yield s
        s.apply(bots[s.current_player()].choose(s, s.current_player()))


@pytest.mark.parametrize("preset", list(PRESETS))
def test_chances_in_real_games_sum_to_one_and_respect_the_view(preset):
    for seed in range(4):
        for s in _states(preset, 3 + seed % 3, seed):
            for seat in [None, *range(s.players)]:
                ch = best_trump_chance(s, seat)
                assert ch == _best_trump_chance(s, seat)  # the per-position cache gives the uncached answer
                assert sum(ch.values()) == 1
                assert all(0 <= p <= 1 for p in ch.values())
            omniscient = best_trump_chance(s, None)
            assert sorted(omniscient.values()) == [0] * (len(omniscient) - 1) + [1]


def test_chances_in_a_late_position_match_enumeration():
    # Play a short-pack game until few cards are unturned, then enumerate every placement from seat 0's view.
    checked = 0
    for seed in range(30):
        for s in _states("short-pack", 4, seed, bot="cautious"):
            d = s.deal
            unturned = sum(len(h) for h in d.hidden)
            if not d.turnup_shown or unturned > 3:
                continue
            from gamester.games.speculation.analysis import _positions

            known, unknown, unseen = _positions(s, 0)
            exact = best_trump_chance(s, 0)
            brute = brute_force_chances(known, unknown, unseen, trump=d.turnup.suit.letter)
            assert exact == brute
            checked += 1
            break
        if checked == 10:
            break
    assert checked == 10


def test_omniscient_view_picks_the_real_winner():
    for seed in range(20):
        s = SpeculationState(PRESETS["handbook"].options.replace(deals=1, court_turnup="play-on"), 5, seed)
        ch = best_trump_chance(s, None)
        winner_key = max(ch, key=ch.get)
        play_out(s, [SPEC.make_bot("cautious", i) for i in range(5)])
        d = s.deals[0]
        assert str(d.win_card) == winner_key[1]


def test_analysis_is_json_ready_and_consistent():
    s = SpeculationState(PRESETS["hoyle"].options, 5, 4)
    s.apply("keep")  # the dealer keeps the face-down turn-up
    assert analysis(s, 1)["on_offer"]["what"] == "best"  # the Hoyle account: it may be sold once turned
    s.apply("keep")
    a = analysis(s, 1)
    assert abs(sum(p["chance"] for p in a["positions"]) - 1) < 1e-12
    assert abs(sum(x["takes_pool"] for x in a["seats"]) + a["pool_stays"] - 1) < 1e-12
    assert a["on_offer"]["what"] == "card" and s.current_player() == 0
    top = best_trump_chance(s, 1)[("hidden", 0, 0)]
    assert a["on_offer"]["exact"] == f"{top.numerator}/{top.denominator}"  # seat 0's card, as seat 1 sees it
    assert a["pool"] == 6 and a["trump"] == s.deal.turnup.suit.letter
    assert SPEC.analysis is analysis
    for p in a["positions"]:
        num, den = map(int, p["exact"].split("/"))
        assert abs(num / den - p["chance"]) < 1e-12


def test_a_peek_changes_only_the_peekers_view():
    s = SpeculationState(PRESETS["handbook"].options.replace(court_turnup="play-on"), 4, 12)
    s.apply("keep")
    before = {seat: best_trump_chance(s, seat) for seat in range(4)}
    s.apply("peek")  # seat 0 looks at its cards
    assert best_trump_chance(s, 1) == before[1]
    after = best_trump_chance(s, 0)
    assert after != before[0] and all(k[0] != "hidden" or k[1] != 0 for k in after)


def test_offered_chance_for_the_face_down_turn_up():
    s = SpeculationState(PRESETS["handbook"].options, 4, 1)
    p = offered_chance(s, 0)
    assert p == best_trump_chance(s, 0)[("turn-up",)] and 0 < p < 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), n_known=st.integers(1, 6), n_unknown=st.integers(0, 3),
       trump_known=st.booleans(), court=st.booleans())
def test_property_closed_form_equals_enumeration(seed, n_known, n_unknown, trump_known, court):
    if not trump_known and n_unknown == 0:
        n_unknown = 1
    rng = random.Random(seed)
    deck = pack("10 J Q K A".split())  # 20 cards
    case = _case(rng, deck, n_known, n_unknown, trump_known, court)
    assert win_chances(**case) == brute_force_chances(**case)

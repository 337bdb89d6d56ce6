"""The exact odds of a Put deal (gamester.put_odds), checked against an independent brute force over real cards."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamester import get_game
from gamester.cards import format_cards, parse_cards
from gamester.put import analysis, deal_result, win_chance

SPEC = get_game("put")


def new(ruleset, seed=1):
    return SPEC.new_state(SPEC.parse_ruleset(ruleset), 2, seed)


def stack(state, hands):
    state.hands = [list(parse_cards(h)) for h in hands]
    state.d["hands"] = [format_cards(h) for h in state.hands]


# -- an independent referee: real cards, full three tricks, engine's deal_result ------------------------------
def referee(a, b, a_leads, table, won_a, won_b, tricks_left):
    """Open-hand minimax over card objects' rank values, playing every trick (no early stop): +1/0/-1 for a."""
    if tricks_left == 0:
        r = deal_result({0: won_a, 1: won_b})
        return 0 if r is None else (1 if r == 0 else -1)
    if table is None:
        leader = a if a_leads else b
        vals = [referee(*_after_lead(a, b, a_leads, i), won_a, won_b, tricks_left) for i in range(len(leader))]
        return max(vals) if a_leads else min(vals)
    # table = (index already removed) value led
    follower = b if a_leads else a
    vals = []
    for i in range(len(follower)):
        rest = follower[:i] + follower[i + 1:]
        led, ans = table, follower[i]
        na, nb = (a, rest) if a_leads else (rest, b)
        if led == ans:
            v = referee(na, nb, a_leads, None, won_a, won_b, tricks_left - 1)
        elif led > ans:  # leader wins
            v = referee(na, nb, a_leads, None, won_a + a_leads, won_b + (not a_leads), tricks_left - 1)
        else:
            v = referee(na, nb, not a_leads, None, won_a + (not a_leads), won_b + a_leads, tricks_left - 1)
        vals.append(v)
    return min(vals) if a_leads else max(vals)


def _after_lead(a, b, a_leads, i):
    if a_leads:
        return a[:i] + a[i + 1:], b, a_leads, a[i]
    return a, b[:i] + b[i + 1:], a_leads, b[i]


def brute_odds(state, seat):
    """Enumerate every real opponent hand among the unseen cards (suits and all)."""
    opp = 1 - seat
    seen = set(state.hands[seat]) | set(state.played)
    unseen = [c for c in state.pack if c not in seen]
    mine = [state.value(c) for c in state.hands[seat]]
    k = len(state.hands[opp])
    left = 3 - len(state.d["tricks"])
    table = state.value(state.trick[0][1]) if state.trick else None
    me_lead = state.leader == seat
    me_next = (state.leader == seat) if not state.trick else state.trick[0][0] != seat
    tallies = {}
    for h in combinations(unseen, k):
        theirs = [state.value(c) for c in h]
        if me_next and table is None:
            outs = [referee(mine[:i] + mine[i + 1:], theirs, True, mine[i], state.tricks_won[seat],
                            state.tricks_won[opp], left) for i in range(len(mine))]
        elif me_next:
            outs = []
            for i in range(len(mine)):
                rest = mine[:i] + mine[i + 1:]
                led, ans = table, mine[i]
                w_me, w_op = state.tricks_won[seat], state.tricks_won[opp]
                if ans > led:
                    outs.append(referee(rest, theirs, True, None, w_me + 1, w_op, left - 1))
                elif ans < led:
                    outs.append(referee(rest, theirs, False, None, w_me, w_op + 1, left - 1))
                else:
                    outs.append(referee(rest, theirs, False, None, w_me, w_op, left - 1))
        else:
            outs = [referee(mine, theirs, me_lead, table, state.tricks_won[seat], state.tricks_won[opp], left)]
        tallies[h] = outs
    n = len(tallies)
    if me_next:  # the seat commits to one card value for every opponent hand: the best by win - lose
        per = []
        for i in range(len(mine)):
            w = sum(1 for o in tallies.values() if o[i] == 1) / n
            lo = sum(1 for o in tallies.values() if o[i] == -1) / n
            per.append((w - lo, w, lo))
        best = max(per)
        return best[1], 1 - best[1] - best[2], best[2]
    w = sum(1 for o in tallies.values() if o[0] == 1) / n
    lo = sum(1 for o in tallies.values() if o[0] == -1) / n
    return w, 1 - w - lo, lo


def close(a, b):
    return all(abs(x - y) < 1e-12 for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("ruleset, hands, moves", [
    ("stripped-28", ["3S QH 10D", "2C KD JS"], []),
    ("stripped-28", ["AS AH 10D", "2C KD JS"], ["play 2C"]),
    ("stripped-32", ["9S QH 10D", "KC AD JS"], ["play KC", "play QH"]),
    ("stripped-32", ["9S QH 10D", "KC AD JS"], ["play JS", "play QH", "play 9S"]),
    ("truc", ["6S 7H 10D", "AC KD JS"], ["play JS"]),
])
def test_exact_odds_equal_brute_force(ruleset, hands, moves):
    s = new(ruleset)
    stack(s, hands if s.dealer == 0 else hands[::-1])
    for m in moves:
        s.apply(m)
    for seat in (0, 1):
        a = analysis(s, seat)
        assert close((a["win"], a["tie"], a["lose"]), brute_odds(s, seat)), (seat, a)
        assert abs(a["win"] + a["tie"] + a["lose"] - 1) < 1e-12


def test_three_treys_cannot_lose():
    s = new("cotton-1674")
    stack(s, ["3S 3H 3D", "4S 5S 6S"])
    for seat in (0, 1):
        if set(s.hands[seat]) == set(parse_cards("3S 3H 3D")):
            assert win_chance(s, seat) == 1.0


def test_cards_per_action_and_best_choice():
    s = new("cotton-1674")
    eldest = s.current_player()
    a = analysis(s, eldest)
    assert set(a["cards"]) == {f"play {c}" for c in s.hands[eldest]}
    best = max(a["cards"].values(), key=lambda x: (x["win"] - x["lose"], x["win"]))
    assert (a["win"], a["lose"]) == (best["win"], best["lose"])
    assert a["hands"] == 18424       # C(49, 3): every hand the other might hold
    assert "uniform" in a["basis"]


def test_no_odds_where_the_model_does_not_apply():
    s = SPEC.new_state(SPEC.parse_ruleset("cotton-1674"), 3, 1)
    assert analysis(s, 0)["win"] is None and "three" in analysis(s, 0)["basis"]
    s = SPEC.new_state(SPEC.parse_ruleset("cotton-1674"), 4, 1)
    assert analysis(s, 0)["win"] is None           # the exchange comes first
    while s.phase == "exchange":
        s.apply(s.legal_actions()[-1])
    giver = next(x for x in range(4) if x not in s._active())
    assert analysis(s, giver)["win"] is None and analysis(s, s.current_player())["win"] is not None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 4), ruleset=st.sampled_from(
    ["cotton-1674", "stripped-28", "stripped-32", "truc", "without-putting"]))
def test_odds_are_probabilities_and_symmetric_when_cards_are_known(seed, steps, ruleset):
    s = new(ruleset, seed)
    for _ in range(steps):
        if s.is_terminal() or len(s.deals) > 1:
            break
        plays = [a for a in s.legal_actions() if a.startswith("play ")]
        if not plays:
            break
        s.apply(plays[seed % len(plays)])
    if s.is_terminal() or s.phase != "play":
        return
    for seat in (0, 1):
        a = analysis(s, seat)
        assert 0 <= a["win"] <= 1 and 0 <= a["lose"] <= 1 and abs(a["win"] + a["tie"] + a["lose"] - 1) < 1e-9
        if "cards" in a:
            assert max(c["win"] - c["lose"] for c in a["cards"].values()) == pytest.approx(a["win"] - a["lose"])


def test_stored_strength_table_matches_the_calculation():
    # the 52-card table is stored (seconds to compute in full): every 9th entry is recomputed here, all of them in
    # the slow test below
    from gamester import put_odds
    stored = put_odds.strengths(13)
    assert len(stored) == 455
    for h in list(stored)[::9]:
        rem = [4] * 13
        for v in h:
            rem[v - 1] -= 1
        (w, _t, lo, total), _ = put_odds.odds(h, 3, tuple(rem), True, 0, 0, 0, True)
        assert stored[h] == round((w - lo) / total * 1000) / 1000, h
    assert stored[(13, 13, 13)] == 1.0 and stored[(1, 1, 1)] < -0.9
    assert 0 < put_odds.floor_for(13, 0.2) < 1


def test_stored_small_pack_tables():
    from gamester import put_odds
    for n in (7, 8):
        assert put_odds.strengths(n) == put_odds._compute_strengths(n)


@pytest.mark.slow
def test_whole_stored_strength_table():
    from gamester import put_odds
    assert put_odds.strengths(13) == put_odds._compute_strengths(13)


def test_a_put_suggests_a_strong_hand():
    # answering a put: the odds against the best third of hands are worse than against any hand
    from gamester.put import odds_against_strong
    s = new("cotton-1674", seed=4)
    eldest = s.current_player()
    s.apply("put")
    answerer = 1 - eldest
    a = analysis(s, answerer)
    strong = odds_against_strong(s, answerer, 0.35)
    assert strong[0] <= a["win"] and strong[1] >= a["lose"]
    # later in a deal the other's hands are rated by his own exact odds
    s = new("reconstruction", seed=4)
    s.apply(s.legal_actions()[0])
    s.apply([x for x in s.legal_actions() if x.startswith("play")][-1])
    if s.phase == "play" and not s.is_terminal() and len(s.deals) == 1:
        seat = 1 - s.current_player()
        w, lo = odds_against_strong(s, seat, 0.3)
        assert 0 <= w <= 1 and 0 <= lo <= 1 and w <= analysis(s, seat)["win"] + 1e-12

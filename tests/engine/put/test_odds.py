"""The exact odds of a Put deal (gamester.games.put.odds), checked against an independent brute force over real cards."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamester import get_game
from gamester.cards import format_cards, parse_cards
from gamester.games.put import analysis, deal_result, win_chance

SPEC = get_game("put")


def new(ruleset, seed=1):
    return SPEC.new_state(SPEC.parse_ruleset(ruleset), 2, seed)


def stack(state, hands):
    state.hands = [list(parse_cards(h)) for h in hands]
    state.this_deal["hands"] = [format_cards(h) for h in state.hands]


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
    left = 3 - len(state.this_deal["tricks"])
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
    assert analysis(s, 0, estimate=False)["win"] is None and "three" in analysis(s, 0, estimate=False)["basis"]
    s = SPEC.new_state(SPEC.parse_ruleset("cotton-1674"), 4, 1)
    assert analysis(s, 0)["win"] is None           # the exchange comes first
    while s.phase == "exchange":
        s.apply(s.legal_actions()[-1])
    giver = next(x for x in range(4) if x not in s.active_seats())
    assert analysis(s, giver)["win"] is None and analysis(s, s.current_player())["win"] is not None


def test_four_handed_odds_say_they_are_approximate():
    s = SPEC.new_state(SPEC.parse_ruleset("cotton-1674"), 4, 1)
    while s.phase == "exchange":
        s.apply(s.legal_actions()[-1])
    a = analysis(s, s.current_player())
    assert a["method"] == "approximate" and a["basis"].startswith("approximate, not exact")
    assert "partner's best card" in a["basis"]
    assert analysis(new("cotton-1674"), 0)["method"] == "exact"


# -- three hands ---------------------------------------------------------------------------------------------------
def referee3(hands, leader, table, won):
    """Three-handed open-hand play over real values, every trick played (no renumbering, no caching): the seat
    (hand 0) maximises, the two others minimise its result; +1 / 0 / -1."""
    if not table and not hands[leader]:
        best = max(won)
        return 0 if best == 0 or won.count(best) > 1 else (1 if won[0] == best else -1)
    mover = (leader + len(table)) % 3
    vals = []
    for i, c in enumerate(hands[mover]):
        h = list(hands)
        h[mover] = hands[mover][:i] + hands[mover][i + 1:]
        t = table + (c,)
        if len(t) < 3:
            vals.append(referee3(h, leader, t, won))
            continue
        top = max(t)
        if t.count(top) > 1:
            vals.append(referee3(h, leader, (), won))
        else:
            w = (leader + t.index(top)) % 3
            vals.append(referee3(h, w, (), tuple(x + (j == w) for j, x in enumerate(won))))
    return max(vals) if mover == 0 else min(vals)


def brute3(mine, ka, kb, counts, leader, table, won):
    """Odds over every deal of the real (numbered) unseen cards to the two others."""
    cards = [v + 1 for v, n in enumerate(counts) for _ in range(n)]
    ids = range(len(cards))
    per, mover = {}, (leader + len(table)) % 3
    tallies = {}
    for a in combinations(ids, ka):
        rest = [i for i in ids if i not in a]
        for b in combinations(rest, kb):
            ha, hb = tuple(cards[i] for i in a), tuple(cards[i] for i in b)
            if mover != 0:
                tallies.setdefault(None, [0, 0, 0])[1 - referee3((mine, ha, hb), leader, table, won)] += 1
                continue
            for c in set(mine):
                i = mine.index(c)
                rest_m = mine[:i] + mine[i + 1:]
                t = table + (c,)
                if len(t) < 3:
                    v = referee3((rest_m, ha, hb), leader, t, won)
                else:
                    top = max(t)
                    if t.count(top) > 1:
                        v = referee3((rest_m, ha, hb), leader, (), won)
                    else:
                        w = (leader + t.index(top)) % 3
                        v = referee3((rest_m, ha, hb), w, (), tuple(x + (j == w) for j, x in enumerate(won)))
                tallies.setdefault(c, [0, 0, 0])[1 - v] += 1
    for c, t in tallies.items():
        per[c] = tuple(t)
    return per


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_three_handed_odds_match_a_brute_force_over_real_cards(data):
    from gamester.games.put import odds as put_odds
    n = data.draw(st.integers(3, 6))
    counts = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    k = data.draw(st.integers(1, 2))                # cards each holds at the start of this trick
    leader = data.draw(st.integers(0, 2))
    played = data.draw(st.integers(0, 2))           # cards already on the table from the leader on
    movers = [(leader + i) % 3 for i in range(played)]
    size = {j: k - (j in movers) for j in (0, 1, 2)}
    mine = tuple(sorted(data.draw(st.lists(st.integers(1, n), min_size=size[0], max_size=size[0]))))
    table = tuple(data.draw(st.integers(1, n)) for _ in movers)
    if sum(counts) < size[1] + size[2]:
        return
    won = [0, 0, 0]                                 # who won the tricks already played (None: tied)
    for _ in range(3 - k):
        w = data.draw(st.sampled_from([None, 0, 1, 2]))
        if w is not None:
            won[w] += 1
    won = tuple(won)
    if max(won) >= 2:
        return
    (w, t, lo, total), per = put_odds.odds3(mine, size[1], size[2], tuple(counts), leader, table, won)
    ref = brute3(mine, size[1], size[2], tuple(counts), leader, table, won)
    assert w + t + lo == total == sum(next(iter(ref.values())))
    if per:
        assert {c: x[:3] for c, x in per} == ref
    else:
        assert (w, t, lo) == ref[None]


def test_three_handed_analysis_exact_after_the_first_trick_and_sampled_before():
    from gamester.games.put import odds as put_odds
    s = SPEC.new_state(SPEC.parse_ruleset("stripped-28"), 3, 4)
    seat = s.current_player()
    a = analysis(s, seat)
    assert a["method"] == "monte-carlo" and a["samples"] == put_odds.SAMPLES3 == a["hands"]
    assert a["basis"].startswith("estimated, not exact") and f"{put_odds.SAMPLES3} deals" in a["basis"]
    assert 0 < a["standard_error"]["lose"] <= 0.5 / put_odds.SAMPLES3 ** 0.5 + 1e-12
    assert abs(a["win"] + a["tie"] + a["lose"] - 1) < 1e-12
    assert set(a["cards"]) == {f"play {c}" for c in s.hands[seat]}
    put_odds.cache_clear()
    assert analysis(s, seat) == a                    # seeded by the position: the same figures again
    # the estimate agrees with the exact enumeration (the same model) within four standard errors
    pos = {"mine": tuple(sorted(s.value(c) for c in s.hands[seat]))}
    counts = [4] * 7
    for c in s.hands[seat]:
        counts[s.value(c) - 1] -= 1
    (w, t, lo, total), _ = put_odds.odds3(pos["mine"], 3, 3, tuple(counts), 0, (), (0, 0, 0))
    assert abs(a["win"] - w / total) <= 4 * a["standard_error"]["win"] + 0.01
    assert abs(a["lose"] - lo / total) <= 4 * a["standard_error"]["lose"] + 0.01
    # once the first trick is over, the odds are exact: fractions of every pair of hands the others might hold
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    while s.phase != "play":
        s.apply(s.legal_actions()[0])
    if s.is_terminal() or len(s.deals) > 1 or not all(s.active):
        return
    b = analysis(s, s.current_player())
    assert b["method"] == "exact" and b["basis"] == put_odds.BASIS_THREE and "samples" not in b
    assert abs(b["win"] + b["tie"] + b["lose"] - 1) < 1e-12


def test_three_treys_win_at_three_hands_too():
    s = SPEC.new_state(SPEC.parse_ruleset("cotton-1674"), 3, 1)
    s.hands = [list(parse_cards(h)) for h in ("3S 3H 3D", "4S 5S 6S", "4H 5H 6H")]
    for seat in range(3):
        if set(s.hands[seat]) == set(parse_cards("3S 3H 3D")):
            assert analysis(s, seat)["win"] == 1.0


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
    from gamester.games.put import odds as put_odds
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
    from gamester.games.put import odds as put_odds
    for n in (7, 8):
        assert put_odds.strengths(n) == put_odds._compute_strengths(n)


@pytest.mark.slow
def test_whole_stored_strength_table():
    from gamester.games.put import odds as put_odds
    assert put_odds.strengths(13) == put_odds._compute_strengths(13)


def test_a_put_suggests_a_strong_hand():
    # answering a put: the odds against the best third of hands are worse than against any hand
    from gamester.games.put import odds_against_strong
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

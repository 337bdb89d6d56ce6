"""Put numbers: the engine's model against gamester.games.put.odds, the game chain against an independent iteration,
and Pav's closed-hand model against his published figures."""

from fractions import Fraction
from math import comb

import pytest

from gamester.errors import RulesetError
from gamester.games.put import numbers as pn
from gamester.games.put import numbers_engine as ne
from gamester.games.put import numbers_pav as pav
from gamester.games.put import odds as put_odds


def test_own_open_solver_agrees_with_put_odds_on_every_hand():
    # Under the engine's rule (one trick and two ties wins) the numbers' open-hand solver must give exactly the
    # tallies of gamester.games.put.odds for every leader hand of the 28-card pack.
    counts = (4,) * 7
    for hand, _w in ne.draws(counts, 3):
        rest = ne.less(counts, *hand)
        theirs = ne.draws(rest, 3)
        per = {}
        for c in set(hand):
            t = [0, 0, 0]
            for h, w in theirs:
                t[1 - ne.open_value(ne.drop(hand, c), h, True, c, 0, 0, "win")] += w
            per[c] = tuple(t)
        _, odds_per = put_odds.odds(hand, 3, rest, True, 0, 0, 0, True)
        assert {c: tuple(x[:3]) for c, x in odds_per} == per, hand


def test_engine_deal_is_exact_and_counts_every_pair_of_hands():
    w, t, lo = ne.engine_deal(7)
    assert w + t + lo == 1
    # 'nothing' turns some of the leader's and the other's wins into ties, never the reverse
    w2, t2, lo2 = ne.engine_deal(7, "nothing")
    assert w2 <= w and lo2 <= lo and t2 > t


def _iterate(deal, target, rounds=200):
    """The same chances by plain value iteration in floats (an independent solution of the chain)."""
    w, t, lo = map(float, deal)
    W = {(a, b): 0.5 for a in range(target) for b in range(target)}

    def get(a, b):
        return 1.0 if a >= target else 0.0 if b >= target else W[a, b]

    for _ in range(rounds):
        W = {(a, b): w * (1 - get(b, a + 1)) + t * (1 - get(b, a)) + lo * (1 - get(b + 1, a)) for (a, b) in W}
    return W


def test_game_chain_against_value_iteration():
    deal = (Fraction(3, 10), Fraction(1, 5), Fraction(1, 2))
    exact = ne.game_chances(deal, 5)
    approx = _iterate(deal, 5)
    for k, v in exact.items():
        assert float(v) == pytest.approx(approx[k], abs=1e-12)
    w, t, _ = deal
    assert exact[4, 4] == (w + t) / (1 + t)  # one deal decides, a tie hands the lead over


def test_lead_value_exact_fraction_and_tie_rule():
    rules = "without-putting(pack=28)"
    d = pn.lead_value("4-4", rules, "engine")
    w, t, lo = (Fraction(d["deal"][k]) for k in ("win", "tie", "lose"))
    assert Fraction(d["lead_wins"]) == (w + t) / (1 + t)
    assert d["one_and_ties"] == "win"
    assert pn.lead_value("4-4", rules, "engine", "nothing")["lead_wins"] != d["lead_wins"]


@pytest.mark.heavy  # 4-7 s: Pav's game solved at four all
def test_pav_game_agrees_with_four_all_and_its_own_equations():
    g = pav.pav_game(5, target=3)
    assert g[2, 2]["p"] == pav.pav_four_all(5)["p"]  # two all in a game of three is the same position as four all

    def get(a, b):
        return Fraction(1) if a >= 3 else Fraction(0) if b >= 3 else g[a, b]["p"]

    for (a, b), x in g.items():
        assert x["win"] + x["tie"] + x["lose"] == 1
        assert x["p"] == (x["win"] * (1 - get(b, a + 1)) + x["tie"] * (1 - get(b, a))
                          + x["lose"] * (1 - get(b + 1, a)))


def test_pav_reproduces_his_small_pack_figure():
    # S. E. Pav's put.py (2024) notes, for the pack of six ranks: pi_prev = 0.4561581300641355
    res = pav.pav_four_all(6)
    assert float(res["p"]) == pytest.approx(0.4561581300641355, abs=1e-12)
    assert res["p"] == (res["win"] + res["tie"]) / (1 + res["tie"])


def test_pav_deal_counts_every_pair_of_hands():
    w, t, lo, total = pav._Closed(6, 0.5, "nothing").deal()
    assert w + t + lo == total == comb(24, 3) * comb(21, 3)


def test_pav_monte_carlo_agrees_with_exact():
    import random
    model = pav._Closed(6, 0.5, "nothing")
    exact = Fraction(*model.deal()[::3])  # win / total
    rng = random.Random(11)
    pack = [v for v in range(1, 7) for _ in range(4)]
    n, wins = 3000, 0
    for _ in range(n):
        cards = rng.sample(pack, 6)
        mine, theirs = tuple(sorted(cards[:3])), tuple(sorted(cards[3:]))
        c, _ = model.lead1(mine)
        d = model.follow1(theirs, c)
        wins += ne.deal_sign(*model.rest_of_deal(ne.drop(mine, c), ne.drop(theirs, d), c, d), "nothing") == 1
    p = float(exact)
    assert abs(wins / n - p) <= 3 * (p * (1 - p) / n) ** 0.5


@pytest.mark.slow
def test_pav_reproduces_his_full_pack_figure():
    res = pav.pav_four_all(13)
    assert float(res["p"]) == pytest.approx(pav.PAV_PUBLISHED_44, abs=1e-12)
    assert {k: res[k] for k in ("p", "win", "tie", "lose")} == pav.PAV_FULL_44  # the figures the site shows


@pytest.mark.slow
def test_stored_pav_game_is_recomputed():
    g = pav.pav_game(13)
    assert {k: (v["p"], v["win"], v["tie"], v["lose"]) for k, v in g.items()} == pav.PAV_GAME_52


def test_stored_pav_figures_are_consistent():
    s = pav.PAV_FULL_44
    assert s["win"] + s["tie"] + s["lose"] == 1
    assert s["p"] == (s["win"] + s["tie"]) / (1 + s["tie"])
    assert float(s["p"]) == pytest.approx(pav.PAV_PUBLISHED_44, abs=1e-12)
    game = pav.PAV_GAME_52

    def get(a, b):
        return Fraction(1) if a >= 5 else Fraction(0) if b >= 5 else game[a, b][0]

    for (a, b), (p, w, t, lo) in game.items():  # each stored score's chance follows from its deal
        assert w + t + lo == 1
        assert p == w * (1 - get(b, a + 1)) + t * (1 - get(b, a)) + lo * (1 - get(b + 1, a))
    if game:
        assert game[4, 4][0] == s["p"]


@pytest.mark.parametrize("score, ruleset, words", [
    ("5-0", "without-putting", "outside a game"),
    ("4-", "without-putting", "cannot read score"),
    ("0-0", "cotton-1674", "puts are not modelled"),
    ("4-4", "truc", "Truc"),
    ("4-4", "reconstruction", "unput_deal=game"),
])
def test_bad_scores_and_rulesets(score, ruleset, words):
    with pytest.raises(RulesetError, match=words):
        pn.lead_value(score, ruleset)


def test_the_full_packs_tables_read_its_summary(monkeypatch):
    """The 52-card pack's tables (values, Cotton's Nine, Seven and Five at every score, the hands that mix, the
    plot by slices of the deals) read the full pack's summary, which ships; without one they say the solved game
    is not in this build."""
    import re

    from gamester.games.put import numbers_solved as ns
    full = ns.full_pack()
    assert full is not None and len(full["hands"]) == 455 and ns.COTTON_HAND in full["hands"]
    values = ns.full_pack_values("../")
    assert "52 cards" in values and values.count("<tr") == 6
    cotton = ns.cotton_hand_table("../")
    puts, sees = cotton.split("</table>")[:2]
    assert puts.count("<tr") == 5 and sees.count("<tr") == 6      # the eldest's row at four points left out
    first = re.findall(r"<td[^>]*>([^<]*)</td>", puts.split("<tr")[2])  # at 0 points: 0-0 ... 0-4
    assert first == [ns.percent(ns.put_chance(full, ns.COTTON_HAND, 0, b)) for b in range(5)]
    assert ns.see_chance(full, ns.COTTON_HAND, 0, 4) == 1.0             # a refused put would give the game
    hands = ns.full_pack_hands("../")
    assert f"{ns.COTTON_HAND} (Cotton's)" in hands
    mixed = [h for h in ns.hands_by_strength(full) if 0.005 < ns.put_chance(full, h, 0, 0) < 0.995]
    assert mixed and all(f"<td>{h}</td>" in hands or f">{h}<" in hands for h in mixed)
    # the plot's slices of the deals average to the share of deals the eldest puts with
    assert sum(ns.deal_chance(h) for h in full["hands"]) == 22100           # C(52, 3)
    share = sum(ns.deal_chance(h) * ns.put_chance(full, h, 0, 0) for h in full["hands"]) / 22100
    slices = ns.binned(full, lambda h: ns.put_chance(full, h, 0, 0))
    assert len(slices) == 40 and abs(sum(y for _x, y in slices) / 40 / 100 - share) < 1e-9
    assert "<svg" in ns.full_pack_plot("../")
    monkeypatch.setattr(ns, "full_pack", lambda: None)
    for table in (ns.full_pack_values, ns.full_pack_hands, ns.cotton_hand_table, ns.full_pack_plot):
        assert "not in this build" in table("../")


"""Put's exercises at both levels, each answer checked by a route of its own: the trick and the deal re-counted
from the cards shown by the rules' order, the seen/refused answer read again from the solved file."""

from __future__ import annotations

import pytest

from gamester import commands
from gamester.games.put.rules import PRESETS
from gamester.games.put.strategy import solved

ORDER = PRESETS["cotton-1674"].options.order          # best first
SEEDS = range(10)


def _make(seed, kind, level, ruleset=None):
    return commands.quiz("put", seed, kind, ruleset, level)["data"]


def _rank(card: str) -> int:
    return len(ORDER) - ORDER.index(card[:-1])


@pytest.mark.parametrize("level", [1, 2])
def test_who_takes_the_trick_is_the_single_highest_card(level, check_exercise):
    for seed in SEEDS:
        ex = _make(seed, "trick", level)
        check_exercise(ex)
        plays = ex["position"]["plays"]
        assert len(plays) == (2 if level == 1 else 3) and ex["hands"] == plays
        top = max(_rank(c) for c in plays)
        best = [s for s, c in enumerate(plays) if _rank(c) == top]
        expect = best[0] if len(best) == 1 else len(plays)     # the last choice: nobody, the trick is tied
        assert ex["choices"].index(ex["answer"]) == expect
        assert ex["answer_seat"] == (best[0] if len(best) == 1 else None)
        # every other player is named in the explanation
        words = " ".join(e["text"] for e in ex["explanation"])
        assert all(f"Player {s + 1}" in words for s in range(len(plays)))


@pytest.mark.parametrize("level", [1, 2])
def test_what_the_deal_scores_is_the_tricks_counted_again(level, check_exercise):
    for seed in SEEDS:
        ex = _make(seed, "score", level)
        check_exercise(ex)
        tricks = ex["position"]["tricks"]
        won, ties = [0, 0], 0
        for (a, ca), (b, cb) in tricks:
            if _rank(ca) == _rank(cb):
                ties += 1
            else:
                won[a if _rank(ca) > _rank(cb) else b] += 1
        assert (ties > 0) == (level == 2)
        # two tricks, or one trick and two ties, win the deal; trick and tie, or all tied, win nothing
        if won[0] > won[1]:
            expect = 0
        elif won[1] > won[0]:
            expect = 1
        else:
            expect = 2
        assert ex["choices"].index(ex["answer"]) == expect
        # the hands shown are the cards played, the eldest's first
        for s in (0, 1):
            played = [t[k][1] for t in tricks for k in (0, 1) if t[k][0] == s]
            assert set(played) <= set(ex["hands"][s].split())


def test_what_the_deal_scores_under_a_ruleset_where_a_deal_is_the_game():
    ex = _make(3, "score", 1, "reconstruction")
    assert all(c.endswith("wins the game") for c in ex["choices"]), ex["choices"]


@pytest.mark.parametrize("level", [1, 2])
def test_should_the_dealer_see_is_the_solved_game(level, check_exercise):
    """By default the full pack under Cotton's rules, answered from its solved summary."""
    data = solved(PRESETS["cotton-1674"].options.to_string())
    order = ("3", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
    for seed in SEEDS:
        ex = _make(seed, "see", level)
        check_exercise(ex)
        q = ex["question"]
        assert "52 cards" in q
        a, b = (int(x) for x in q.split("score of ")[1].split(" (")[0].split(" to "))
        ranks = sorted((c[:-1] for c in ex["hands"][0].split()), key=order.index)
        p = data["strategy"][f"dealer|{b}-{a}|{' '.join(ranks)}|put"].get("see", 0.0)
        assert ex["answer"] == ("See the put" if p > 0.5 else "Refuse the put")
        assert (0.005 < p < 0.995) == (level == 2) and not 0.4 <= p <= 0.6
        assert "%" in " ".join(e["text"] for e in ex["explanation"])     # with the chances


def test_the_put_kind_at_level_one_is_asked_at_the_start_of_a_game():
    for seed in SEEDS:
        assert "score of 0 to 0" in _make(seed, "put", 1)["question"]

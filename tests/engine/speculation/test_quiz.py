"""Speculation's exercises: the best trump and the fair price, checked against the position shown."""

from fractions import Fraction
from math import comb

from gamester import commands

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

def _make(game, seed, kind, ruleset=None):
    """The exercise as every host gets it (gamester.commands.quiz)."""
    return commands.quiz(game, seed, kind, ruleset)["data"]


def counted_chance(pos) -> Fraction:
    """The chance that the best trump shown stays best, for a player who has not looked: it does unless one of the
    t unseen higher trumps lies among the k unturned cards in play, out of m unseen cards: C(m - t, k) / C(m, k)."""
    shown = [c for c, _ in pos["shown"]]
    trump = pos["turnup"][-1]
    best = max(RANKS.index(c[:-1]) for c in shown if c[-1] == trump)
    k = 3 * pos["players"] + 1 - len(shown)
    m = 52 - len(shown)
    t = sum(1 for r in RANKS[best + 1:] if r + trump not in shown)
    return Fraction(comb(m - t, k), comb(m, k))


def test_speculation_best_is_the_highest_trump_shown(check_exercise):
    for seed in range(8):
        ex = _make("speculation", seed, "best")
        check_exercise(ex)
        pos = ex["position"]
        trump = pos["turnup"][-1]
        trumps = [(RANKS.index(c[:-1]), c, holder) for c, holder in pos["shown"] if c[-1] == trump]
        _, card, holder = max(trumps)
        assert ex["answer_seat"] == holder
        names = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
        rank = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Knave", "10": "Ten", "9": "Nine", "8": "Eight",
                "7": "Seven", "6": "Six", "5": "Five", "4": "Four", "3": "Three", "2": "Two"}[card[:-1]]
        assert ex["answer"].startswith(f"{rank} of {names[card[-1]]} (")


def test_speculation_price_against_a_count(check_exercise):
    # Nobody has looked: the best trump shown stays best unless one of the t unseen higher trumps lies among the
    # k unturned cards in play, out of m unseen cards: C(m - t, k) / C(m, k).
    for seed in range(8):
        ex = _make("speculation", seed, "price")
        check_exercise(ex)
        pos = ex["position"]
        chance = counted_chance(pos)
        assert Fraction(pos["chance"]) == chance
        above = pos["price"] > chance * pos["pool"]
        assert ex["answer"] == ("Above the fair price" if above else "Below the fair price")

"""Put's "should he put" and "should he see" explanations in the game's terms (issue 33): what a refusal and a seen
put are worth at this score, the chance the cards give, and the solved game's frequency as the last line; "putting on
bad cards" only for a put on cards more likely to lose the deal than win it; "1 point", never "1 points"."""

import re

import pytest

from gamester import commands
from gamester.games.put import odds as put_odds
from gamester.games.put.rules import PRESETS as PUT_PRESETS

SEEDS = range(40)


def _lines(ex):
    return [x["text"] for x in ex["explanation"]]


@pytest.mark.parametrize("kind", ["equilibrium", "see"])
def test_the_reason_is_the_stakes_at_this_score_and_the_chance_then_the_solved_game(kind):
    for seed in SEEDS:
        ex = commands.quiz("put", seed, kind, None)["data"]
        lines = _lines(ex)
        a, b, g = (int(x) for x in re.search(r"at a score of (\d+) to (\d+).*?(\d+) is the game", ex["question"]).groups())
        by = {}
        for x in ex["explanation"]:
            by.setdefault(x["clause"], x["text"])
        refused = by["put.put.refused"]
        assert (f"{a + 1} to {b}") in refused, refused                # what a refusal makes the score
        seen = by["put.put.seen"]
        lacks = g - (a if kind == "equilibrium" else b)
        assert f"the {lacks} point{'s' if lacks != 1 else ''} he lacks" in seen, seen
        assert re.search(r"win the deal \d+\.\d% of the time and lose it \d+\.\d%", " ".join(lines))
        assert lines[-1].startswith("In the solved game"), lines      # the solved game's frequency last
        assert not re.search(r"\b1 points\b", " ".join(lines)), lines


def test_putting_on_bad_cards_only_where_the_cards_are_more_likely_to_lose():
    o = PUT_PRESETS["cotton-1674"].options
    said = 0
    for seed in SEEDS:
        ex = commands.quiz("put", seed, "equilibrium", None)["data"]
        bluff = any(x["clause"] == "put.strategy.bluff" for x in ex["explanation"])
        hand = ex["hands"][0].split()
        mine = tuple(sorted(len(o.order) - o.order.index(c[:-1]) for c in hand))
        counts = [4] * len(o.order)
        for v in mine:
            counts[v - 1] -= 1
        (w, _t, lo, _total), _ = put_odds.odds(mine, 3, tuple(counts), True, 0, 0, 0, True)
        assert bluff == (ex["answer"] == "Put" and w < lo), (seed, ex["answer"], w, lo)
        said += bluff
    print(f"\n{said} of {len(SEEDS)} 'should he put' questions call the put a bluff")

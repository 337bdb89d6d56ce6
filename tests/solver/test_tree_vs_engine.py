"""The solver's deal tree against the engine: on every deal of the 28-card pack (every pair of rank hands) and
every line of play, the legal actions at each step and the result at the end are the engine's (PutState)."""

from __future__ import annotations

import copy

import pytest

from gamester.cards import Card
from gamester.games.put.rules import PutOptions

tree = pytest.importorskip("gamester_solve.tree")
against = pytest.importorskip("gamester_solve.against")



def _fresh(options, h1, h2):
    """A game at 0-0 whose first deal is ``h1`` to the eldest and ``h2`` to the dealer (suits given in turn)."""
    return against.deal_ranks(options, tree.Rules.from_options(options).name, h1, h2)


def _rank_only(legal):
    out = []
    for a in legal:
        a = f"play {Card.parse(a.split()[1]).rank.text}" if a.startswith("play ") else a
        if a not in out:
            out.append(a)
    return out


def _engine_outcome(st, e):
    if st.winner is not None:
        assert st.score == [0, 0]
        return tree.GAME_E if st.winner == e else tree.GAME_D
    pts = st.deals[0]["points"]
    if pts:
        assert len(pts) == 1 and pts[0]["points"] == 1
        return tree.POINT_E if pts[0]["seat"] == e else tree.POINT_D
    assert len(st.deals) == 2 and st.score == [0, 0]
    return tree.NOTHING


OPTIONS = {"stripped-28": PutOptions(pack="28"),
           "reconstruction-28": PutOptions(pack="28", put_at="any-lead", throw_up="allowed", unput_deal="game"),
           "without-putting-28": PutOptions(pack="28", betting="none")}


def check_pack(preset: str, every: int = 1) -> int:
    options = OPTIONS[preset]
    rules = tree.Rules.from_options(options)
    hs = tree.hands(rules)
    n = 0
    for i, h1 in enumerate(hs):
        for j, h2 in enumerate(hs):
            if (i * len(hs) + j) % every or tree.pair_weight(rules, h1, h2) == 0:
                continue
            base, e = _fresh(options, h1, h2)
            for line, outcome in tree.lines(rules, h1, h2):
                st = copy.deepcopy(base)
                ds = tree.DealState(rules, [list(h1), list(h2)])
                for a in line:
                    assert st.current_player() == (e if ds.to_act == tree.ELDEST else 1 - e)
                    assert _rank_only(st.legal_actions()) == ds.legal(), (h1, h2, line)
                    if a.startswith("play "):
                        seat = st.current_player()
                        card = next(c for c in st.hands[seat] if c.rank.text == a.split()[1])
                        st.apply(f"play {card}")
                    else:
                        st.apply(a)
                    ds.apply(a)
                assert len(st.deals) > 1 or st.is_terminal(), (h1, h2, line)
                assert _engine_outcome(st, e) == outcome, (h1, h2, line)
                n += 1
    return n


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(OPTIONS))
def test_every_deal_and_line_of_the_28_card_pack(preset):
    n = check_pack(preset)
    assert n > 200_000  # (stripped-28: 241,745 lines over 7,056 pairs of hands)


@pytest.mark.heavy  # 10 s in all: the solver's tree and the engine play every line of every 97th pair of hands
@pytest.mark.parametrize("preset", sorted(OPTIONS))
def test_a_sample_of_deals_every_line(preset):
    """Every 97th pair of hands, every line (the slow test below takes every pair)."""
    assert check_pack(preset, every=97) > 1000

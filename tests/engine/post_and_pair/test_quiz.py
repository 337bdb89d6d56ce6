"""Post and Pair's exercises: every answer is the engine's own, settled again here from the hands and ruleset shown."""

import pytest

from gamester import commands
from gamester.games.post_and_pair.showdown import settle

SEEDS = range(12)

def _make(game, seed, kind, ruleset=None):
    """The exercise as every host gets it (gamester.commands.quiz)."""
    return commands.quiz(game, seed, kind, ruleset)["data"]


@pytest.mark.parametrize("kind", ["pair", "post", "seat", "trumps"])
@pytest.mark.parametrize("ruleset", ["reconstruction", "cotton-1674"])
def test_post_and_pair_answers_are_the_settlement(kind, ruleset, check_exercise):
    for seed in SEEDS:
        ex = _make("post-and-pair", seed, kind, ruleset)
        check_exercise(ex)
        st = settle(ex["ruleset"], ex["hands"])
        if kind == "trumps":
            assert ex["answer"] == {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}[st.trump]
        else:
            assert ex["answer_seat"] == st.winners[kind]
            assert ex["choices"].index(ex["answer"]) == st.winners[kind]
        # no tie settled by the eldest hand's privilege, no suits tied for trumps
        notes = {c for c, _ in st.notes} | {ln.clause for ln in st.ledger.lines}
        assert "pp.trump.tie" not in notes and "pp.trump.tie-suit-order" not in notes

"""Speculation's table and bots as a reader meets them: only what is offered is asked, a sold card is drawn with
its buyer, a card the bots would not sell is not offered again. Moved here from the shared tests of the table
(issues 21 and 31), which name no game."""

from __future__ import annotations

from collections import Counter

from test_reader_words import _playout  # the shared tests' random playout

from gamester.registry import get_game
from gamester.table import table_for

SPEC = get_game("speculation")


def test_speculation_bots_do_not_offer_again_a_card_they_would_not_sell():
    """A sold card was offered and refused six times in one deal: the bots' doing (the rules allow an offer at
    every turn; a seat that turned the bids down would only turn them down again)."""
    for seed in range(1, 40):
        st = SPEC.new_state(SPEC.default_options(), 4, seed)
        SPEC.play_bots(st, ())
        for d in st.to_record()["deals"]:
            refused = Counter((o["seller"], o["cards"][0]) for o in d["offers"]
                              if o["what"] == "best" and o["result"] != "sold")
            again = {k: n for k, n in refused.items() if n > 1}
            assert not again, (seed, d["offers"])


def test_speculation_asks_only_what_it_offers():
    for seed in range(6):
        for st, _t, _out in _playout("speculation", seed, 4, draw=False):
            if st.is_terminal() or st.current_player() != 0 or st.phase != "turn":
                continue
            t = table_for(st, 0)  # drawn only where the reader is asked
            legal = st.legal_actions()
            assert ("sell it unseen" in t.prompt) == ("offer card" in legal), (t.prompt, legal)
            peek = [c for c in t.choices if c.action == "peek"]
            assert all("forfeits the pool" in c.label for c in peek)


def test_a_sold_card_is_drawn_with_its_buyer():
    """A card turned and then sold is drawn in its buyer's row, not still in the seller's (issue 21)."""
    moved = 0
    for seed in range(10):
        for st, _t, _out in _playout("speculation", seed, 4, reader=None, draw=False):
            v = st.view(None)
            faces = [c for sv in v["seats"] for c in sv["shown"]]
            assert len(faces) == len(set(faces)), faces  # no card drawn in two rows
            for sv in v["seats"]:
                for c in sv["holds"]:
                    if c in faces:
                        assert c in sv["shown"], (c, [(x["seat"], x["shown"]) for x in v["seats"]])
            turned_by = {c: s for s, c in st.deal.exposures}
            moved += sum(1 for sv in v["seats"] for c in sv["shown"] if turned_by.get(c) != sv["seat"])
    assert moved  # some card did change hands after it was turned

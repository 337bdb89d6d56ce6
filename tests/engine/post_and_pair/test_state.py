"""Post and Pair as a state machine: phases, legal actions, views, records, several deals, bots."""

import json

import pytest

from gamester import IllegalActionError, NotationError, RulesetError, replay
from gamester.games.post_and_pair import SPEC, Phase, PostAndPairState, hand_strength
from gamester.games.post_and_pair.rules import COTTON_1674, RECONSTRUCTION
from gamester.state import TERMINAL, play_out

REC = RECONSTRUCTION.options


def bots(names, seed=0):
    return [SPEC.make_bot(n, seed + i) for i, n in enumerate(names)]


def test_registered_spec():
    assert SPEC.name == "post-and-pair" and SPEC.player_range == (2, 17)
    assert SPEC.default_preset == "reconstruction" and SPEC.default_options() == REC
    assert set(SPEC.bots) == {"random", "cautious", "bold"}
    assert set(SPEC.commands) == {"deal", "settle", "play"}


def test_phases_and_first_legal_actions():
    st = PostAndPairState(REC, 4, 3)
    assert st.phase == Phase.SEAT == "seat" and st.current_player() == 0
    assert st.legal_actions() == ["seat", "abandon"]
    for _ in range(4):
        st.apply("seat")
    assert st.phase == "vye" and st.legal_actions() == ["pass", "vye 1", "vye 2", "vye 3"]


def test_players_out_of_range():
    for n in (1, 18, "4", True):
        with pytest.raises(RulesetError):
            PostAndPairState(REC, n, 1)
    PostAndPairState(REC, 17, 1)  # 51 cards dealt


def test_illegal_action_raises_and_changes_nothing():
    st = PostAndPairState(REC, 3, 5)
    before = json.dumps(st.to_record())
    for bad in ("vye 1", "match", "seat please", "", "pass"):
        with pytest.raises(IllegalActionError):
            st.apply(bad)
    with pytest.raises(NotationError):
        st.apply(None)
    assert json.dumps(st.to_record()) == before


def test_the_deal_is_seeded_and_distinct():
    a, b = PostAndPairState(REC, 17, 42), PostAndPairState(REC, 17, 42)
    assert a.hands == b.hands
    cards = [c for h in a.hands.values() for c in h]
    assert len(cards) == len(set(cards)) == 34
    assert PostAndPairState(REC, 17, 43).hands != a.hands


def test_view_hides_other_hands_until_the_show():
    st = PostAndPairState(REC, 3, 9)
    v = st.view(1)
    assert v["hands"][1] == " ".join(map(str, st.hands[1]))
    assert v["hands"][0] == 2 and v["hands"][2] == 2
    assert v["legal"] == []  # seat 1 is not to act
    assert st.view(0)["legal"] == ["seat", "abandon"]
    assert all(isinstance(h, str) for h in st.view(None)["hands"])
    for a in ("seat", "seat", "seat", "vye 1", "match", "fold", "show"):
        st.apply(a)
    d = st.view(2)["deals"][0]
    assert d["shown"] == [0, 1]
    # After a show every hand is turned up: the trump count takes in the folded hand too.
    assert all(isinstance(h, str) for h in d["hands"])
    json.dumps(st.view(0))
    st = PostAndPairState(REC, 3, 9)
    for a in ("seat", "seat", "seat", "vye 1", "fold", "fold"):  # won unseen: nothing is shown
        st.apply(a)
    d = st.view(1)["deals"][0]
    assert isinstance(d["hands"][1], str) and d["hands"][0] == 3 and d["hands"][2] == 3


def test_record_replays_and_summary_fields():
    st = PostAndPairState(REC.replace(deals=4), 5, 11)
    play_out(st, bots(["bold", "cautious", "random", "bold", "cautious"]))
    rec = st.to_record()
    assert rec["game"] == "post-and-pair" and rec["ruleset"].startswith("post-and-pair(") and len(rec["deals"]) == 4
    assert rec["follows"] == "reconstruction"
    for k in ("dealer", "eldest", "hands", "actions", "outcome", "trump", "winners", "ledger", "net", "box",
              "carried_in", "carried_out", "notes", "shown"):
        assert k in rec["deals"][0]
    assert [d["dealer"] for d in rec["deals"]] == [4, 0, 1, 2]
    assert replay(json.dumps(rec)).to_record() == rec
    total = sum(rec["net"]) + rec["box"] + sum(rec["left_on_table"].values())
    assert total == 0
    assert sum(len(d["actions"]) for d in rec["deals"]) == len(rec["actions"])


def test_carried_stakes_are_conserved_across_deals():
    st = PostAndPairState(REC.replace(deals=3), 3, 1)
    for a in ("seat", "seat", "seat", "pass", "drop", "pass"):  # deal 1: doubled
        st.apply(a)
    for a in ("seat", "seat", "seat", "pass", "drop", "pass"):  # deal 2: doubled again
        st.apply(a)
    assert st.table["post"] == 9 and st.table["seat"] == 6
    for a in ("seat", "seat", "seat", "vye 1", "fold", "fold"):  # deal 3: taken unseen by seat 2 (eldest)
        st.apply(a)
    assert st.is_terminal()
    d = st.deals[2]
    assert d["eldest"] == 2 and d["net"][2] == 9 + 9 + 9 - 3 + 0  # every stake of three deals, less his own
    net, box = st.totals()
    assert sum(net) + box == 0 and st.summary()["left_on_table"] == {"post": 0, "pair": 0, "seat": 0}


def test_bots_are_seeded_and_finish():
    for names in (["random"] * 6, ["cautious"] * 6, ["bold"] * 6):
        a = play_out(PostAndPairState(REC.replace(deals=3), 6, 7), bots(names, 1)).to_record()
        b = play_out(PostAndPairState(REC.replace(deals=3), 6, 7), bots(names, 1)).to_record()
        assert a == b
    st = play_out(PostAndPairState(COTTON_1674.options, 2, 7), bots(["bold", "cautious"]))
    assert st.current_player() == TERMINAL and st.legal_actions() == []


def test_bold_vyes_more_than_cautious():
    def vyes(name):
        count = 0
        for seed in range(40):
            st = play_out(PostAndPairState(REC, 4, seed), bots([name] * 4, seed))
            count += sum(1 for _, a in st.deals[0]["actions"] if a.startswith(("vye", "revye")))
        return count
    assert vyes("bold") > vyes("cautious")


def test_hand_strength_orders_hands():
    from gamester.cards import parse_cards as p
    assert hand_strength(p("AS AH AD")) == 1.0
    assert hand_strength(p("AS AH 2D")) > hand_strength(p("5S 5H 2D")) > hand_strength(p("2S 7H 9D"))
    assert hand_strength(p("KS JS AS")) > hand_strength(p("2S 3S 9D"))

"""Bone-Ace, clause by clause, on rigged deals and on many seeded games.

Source: Cotton 1674, ch. XV, pp. 129-130 (three paragraphs); each test quotes the words it rests on, or names the
conjecture (the clause) that fills a gap.
"""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamester import IllegalActionError, NotationError, RulesetError, get_game, parse_cards, replay
from gamester.cards import FULL_PACK
from gamester.clauses import all_clauses, get_clause
from gamester.commands import run
from gamester.games.bone_ace import PRESETS, BoneAceOptions, BoneAceState, draw_odds
from gamester.games.bone_ace import rules as R
from gamester.state import RandomBot, play_out

SPEC = get_game("bone-ace")
COTTON = PRESETS["cotton-1674"].options
OTHER = PRESETS["other-reading"].options


class Rigged(BoneAceState):
    """A state whose first deal is chosen: the dealer, ``hands`` per seat (two down, then the one turned up) and
    the order the stock is drawn in."""

    def __init__(self, options, hands, draws="", dealer=None, seed=0):
        n = len(hands)
        self._rig_dealer = n - 1 if dealer is None else dealer
        hands = [parse_cards(h, count=3) for h in hands]
        draws = list(parse_cards(draws)) if draws else []
        used = {c for h in hands for c in h} | set(draws)
        order = [(self._rig_dealer + 1 + i) % n for i in range(n)]
        seq = [c for s in order for c in hands[s]] + draws + [c for c in FULL_PACK if c not in used]
        self._rig = list(reversed(seq))
        super().__init__(options, n, seed)

    def _lift(self):
        return self._rig_dealer

    def _deal_pack(self):
        if self._rig is None:
            return super()._deal_pack()
        pack, self._rig = self._rig, None
        return pack


def bone_winner(st):
    return st.deal.bone["winner"]


# -- the deal --------------------------------------------------------------------------------------------------
def test_two_down_one_up_and_the_dealer_youngest():
    # Cotton p. 129: "deals out two to the first hand, and turns up the third"; "makes the Dealer youngest hand"
    st = Rigged(COTTON, ["2C 3C 4C", "2D 3D 4D", "2H 3H 4H"], dealer=2)
    d = st.deal
    assert (d.eldest, d.order) == (0, [0, 1, 2])
    assert [str(c) for c in d.up] == ["4C", "4D", "4H"]
    assert st.current_player() == 0, "the eldest draws first, the dealer last"
    assert st.view(1)["hands"] == [3, "2D 3D 4D", 3]
    assert st.view(1)["seats"][0]["shown"] == ["4C"]


def test_the_least_lift_deals():
    # Cotton p. 129: "In the lifting for dealing the least deals"
    for seed in range(30):
        st = BoneAceState(COTTON, 5, seed)
        last = st.lifts[-1]
        least = min(last.values(), key=lambda c: (0 if c[:-1] == "A" else "2 3 4 5 6 7 8 9 10 J Q K".split().index(c[:-1]) + 1))
        assert last[str(st.first_dealer)] == least
        assert st.deals[0].dealer == st.first_dealer


# -- the Bone --------------------------------------------------------------------------------------------------
def test_the_biggest_turned_card_carries_the_bone():
    # Cotton p. 129: "He that hath the biggest Card carries the Bone"; ba.bone.turned-cards, ba.bone.king-high (the
    # ruleset after Cotton counts an Ace one, so it is low for the Bone too: issue 32)
    st = Rigged(COTTON, ["KC KS 2C", "2D 3D AH", "2H 3H QH"])
    assert bone_winner(st) == 2 and R.RANK_KING_HIGH in st.deal.rules
    st = Rigged(COTTON.replace(rank="ace-high"), ["KC KS 2C", "2D 3D AH", "2H 3H QH"])
    assert bone_winner(st) == 1 and R.RANK_ACE_HIGH in st.deal.rules
    st = Rigged(OTHER, ["KC KS 2C", "2D 3D AH", "2H 3H QH"])  # all three cards, Aces high
    assert bone_winner(st) == 1 and R.BONE_ALL in st.deal.rules and R.RANK_ACE_HIGH in st.deal.rules


def test_the_bone_ace_wins_all_other_cards():
    # Cotton p. 130: "the Ace of Diamonds is Bone-Ace, and wins all other Cards whatever"
    st = Rigged(COTTON, ["2C 3C AS", "2S 3S AH", "2H 3H AD"])
    assert bone_winner(st) == 2 and st.deal.bone["how"] == "bone-ace"


def test_equal_cards_go_to_the_eldest():
    st = Rigged(COTTON, ["2C 3C 9S", "2S 3S KH", "4H 3H KC"], dealer=0)  # eldest is seat 1
    assert bone_winner(st) == 1 and R.BONE_TIE in st.deal.rules


def test_three_of_a_sort_turned_up_the_eldest_wins():
    # Cotton pp. 129-130: "if there be thre• 〈◊〉, three Queens, three Tens, &c. turn'd up, the eldest hand wins it"
    hands = ["2C 3C KS", "2S 3S 10D", "4H 3H 10H", "4C 5C 10C"]
    st = Rigged(COTTON, hands)  # eldest is seat 0, who holds no Ten: the eldest of the holders is seat 1
    assert bone_winner(st) == 1 and R.THREE_HOLDER in st.deal.rules
    st = Rigged(COTTON.replace(three="eldest-hand"), hands)
    assert bone_winner(st) == 0 and R.THREE_TABLE in st.deal.rules


def test_the_bone_ace_against_three_of_a_sort_is_an_option():
    hands = ["2C 3C AD", "2S 3S 10D", "4H 3H 10H", "4C 5C 10C"]
    assert bone_winner(Rigged(COTTON, hands)) == 0
    st = Rigged(COTTON.replace(bone_ace="below-three"), hands)
    assert bone_winner(st) == 1 and R.THREE_OVER_BONE in st.deal.rules


# -- the stake -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("split, n, stake, bone, game", [
    ("each", 3, 2, 3, 3), ("each", 3, 3, 3, 6), ("pooled", 3, 3, 4, 5), ("pooled", 4, 3, 6, 6),
    ("each", 5, 1, 0, 5), ("pooled", 5, 1, 2, 3)])
def test_the_stake_is_halved_exactly_and_an_odd_counter_goes_to_the_game(split, n, stake, bone, game):
    # Cotton p. 129: "one half of the Stake, the other remaining for the Game"
    st = BoneAceState(COTTON.replace(split=split, stake=stake), n, 11)
    lines = st.deal.ledger.lines
    assert sum(x.counters for x in lines if x.payee == "bone") == bone
    assert sum(x.counters for x in lines if x.payee == "game") == game
    assert bone + game == n * stake


# -- the Game --------------------------------------------------------------------------------------------------
def test_one_and_thirty_turned_up_wins_at_once():
    # Cotton p. 130: "he that turns up or draws to one and thirty wins it immediately"
    st = Rigged(COTTON.replace(ace="one-or-eleven"), ["2C 3C 4C", "KD QD AH", "2H 3H 4H"])
    assert st.is_terminal() and st.deal.game == {"winners": [1], "how": "thirty-one dealt", "totals": [9, 31, 9]}
    assert st.returns() == [1, 1, -2]  # the Bone to seat 0: Aces low, the two Fours equal and seat 0 eldest


def test_drawing_to_one_and_thirty_wins_at_once_and_passing_it_is_out():
    st = Rigged(COTTON, ["KC QC 2S", "KD 9D 2H", "10H 9H 3D"], draws="9S 3S")
    st.apply("draw")          # seat 0: 22 + 9 = 31
    assert st.is_terminal() and st.deal.game["winners"] == [0] and st.deal.game["how"] == "thirty-one drawn"
    st = Rigged(COTTON, ["KC QC 2S", "KD 9D 2H", "10H 9H 3D"], draws="KS 5S")
    st.apply("draw")          # seat 0: 32, out
    assert st.deal.out == [0] and st.current_player() == 1
    st.apply("stand")         # seat 1 stands on 21
    assert st.current_player() == 2
    st.apply("stand")         # seat 2 stands on 22
    assert st.deal.game["winners"] == [2] and st.deal.game["how"] == "nearest"


def test_the_last_one_left_wins_without_drawing():
    st = Rigged(COTTON, ["KC QC 2S", "KD 9D 2H", "10H 9H 3D"], draws="KS 5S 7S")
    for _ in range(3):
        st.apply("draw")      # seat 0 to 32, seat 1 to 26 and 33: both past one and thirty
    assert st.is_terminal() and st.deal.game["how"] == "last left" and st.deal.game["winners"] == [2]


def test_ties_go_to_the_eldest_or_are_divided():
    hands = ["KC QC 5S", "KD 9D 6H", "10H 9H 6D"]   # 25 each
    st = Rigged(COTTON.replace(stake=3), hands)
    for _ in range(3):
        st.apply("stand")
    assert st.deal.game["winners"] == [0]
    st = Rigged(COTTON.replace(tie="divide", stake=3), hands)
    for _ in range(3):
        st.apply("stand")
    # the Game's dish holds 2 x 3 = 6: two each; the Bone (three) to seat 1, the elder of the two Sixes
    assert st.deal.game["winners"] == [0, 1, 2] and st.returns() == [-1, 2, -1]
    game_lines = [x for x in st.deal.ledger.lines if x.payer == "game"]
    assert [x.counters for x in game_lines] == [2, 2, 2]


def test_by_rounds_one_card_a_round():
    st = Rigged(OTHER, ["2C 3C 4C", "2D 3D 4D", "2H 3H 4H"], draws="5C 5D 5H")
    seq = []
    for _ in range(3):
        seq.append(st.current_player())
        st.apply("draw")
    assert seq == [0, 1, 2]


@pytest.mark.parametrize("ace, counts", [("one-or-eleven", [26, 22]), ("one", [16, 12]), ("eleven", [26, 32])])
def test_what_an_ace_counts(ace, counts):
    # ba.count.*: courts ten, pips their pips (Costly-Colours' example, pp. 127-128), the Ace as the option says
    st = Rigged(COTTON.replace(ace=ace), ["KC AS 5D", "AH AC KH", "5S 2H 5H"])
    assert [st.total_of(s) for s in range(2)] == counts


def test_one_or_eleven_counts_every_ace_that_fits_eleven():
    # ba.count.ace-either: whichever serves the holder better, so two Aces and a Nine are one and thirty
    cards = list(parse_cards("AH AC 9S"))
    assert [R.total(cards, a) for a in ("one-or-eleven", "one", "eleven")] == [31, 11, 31]
    assert R.total(list(parse_cards("AH AC KS")), "one-or-eleven") == 22


def test_the_stock_spent_the_rest_stand():
    st = BoneAceState(COTTON, 17, 4)   # one card left after the deal
    assert len(st.deal.stock) == 1
    while not st.is_terminal():
        st.apply("draw")
    assert R.STOCK_OUT in st.deal.rules or st.deal.game["how"] in ("thirty-one dealt", "thirty-one drawn")


# -- the bot ---------------------------------------------------------------------------------------------------
def test_draw_odds_are_exact_and_the_cautious_bot_stands_when_drawing_loses_more_often():
    st = Rigged(COTTON, ["KC QC 4S", "KD 9D 2H", "10H 9H 3D"])   # seat 0 counts 24
    o = draw_odds(st, 0)
    seen = {"KC", "QC", "4S", "2H", "3D"}
    unseen = [c for c in FULL_PACK if str(c) not in seen]
    over = sum(1 for c in unseen if R.total([*st.deal.cards(0), c], "one-or-eleven") > 31)
    assert o["over"] == Fraction(over, 47) and o["unseen"] == 47
    bot = SPEC.make_bot("cautious", 0)
    assert bot.choose(st, 0) == ("stand" if o["over"] > Fraction(1, 2) else "draw")
    low = Rigged(COTTON, ["2C 3C 4S", "KD 9D 2H", "10H 9H 3D"])
    assert bot.choose(low, 0) == "draw"


# -- every clause, every counter --------------------------------------------------------------------------------
VARIANTS = [COTTON, OTHER, COTTON.replace(ace="eleven"), COTTON.replace(ace="one-or-eleven"), COTTON.replace(ace="one", deals=3),
            COTTON.replace(bone_ace="below-three"), OTHER.replace(bone_ace="beats-three", tie="eldest"),
            OTHER.replace(bone_cards="turned", rank="ace-high", three="eldest-holder")]


def test_every_clause_is_reachable():
    seen: set[str] = set()
    for o in VARIANTS:
        for seed in range(120):
            n = (3, 8, 17)[seed % 3]
            st = BoneAceState(o, n, seed)
            bot = RandomBot(seed) if seed % 2 else SPEC.make_bot("cautious", seed)
            play_out(st, [bot] * n)
            for d in st.to_record()["deals"]:
                seen.update(d["clauses"])
                seen.update(x["clause"] for x in d["ledger"])
    missing = {c.id for c in all_clauses("ba.")} - seen
    assert not missing, f"clauses never applied: {sorted(missing)}"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(2, 17), st.integers(0, 2**40), st.integers(1, 9),
       st.sampled_from(["random", "cautious"]))
def test_counters_are_conserved(options, players, seed, stake, bot):
    state = BoneAceState(options.replace(stake=stake), players, seed)
    SPEC.play_bots(state, [bot])
    rec = state.to_record()
    assert sum(rec["net"]) == 0
    for d in rec["deals"]:
        assert sum(d["net"]) == 0
        paid = {}
        for x in d["ledger"]:
            paid[x["from"]] = paid.get(x["from"], 0) - x["counters"]
            paid[x["to"]] = paid.get(x["to"], 0) + x["counters"]
        assert all(v == 0 for k, v in paid.items() if isinstance(k, str)), "a dish kept counters"
        assert -min(d["net"]) <= stake and max(d["net"]) <= stake * players
    assert replay(json.loads(json.dumps(rec))).to_record() == rec


# -- bad input ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad, words", [
    ("cotton-1674(stake=0)", "stake=0"), ("cotton-1674(ace=two)", "ace='two'"),
    ("cotton-1674(colour=red)", "unknown option 'colour'"), ("nonesuch", "unknown ruleset")])
def test_bad_rulesets_name_the_problem(bad, words):
    with pytest.raises(RulesetError, match=words):
        SPEC.parse_ruleset(bad)


def test_bad_players_and_actions():
    with pytest.raises(RulesetError, match="2 to 17 players"):
        BoneAceState(COTTON, 18, 0)
    st = Rigged(COTTON, ["2C 3C 4C", "2D 3D 4D", "2H 3H 4H"])
    with pytest.raises(IllegalActionError, match="legal: draw, stand"):
        st.apply("play AS")
    with pytest.raises(NotationError):
        st.apply(3)
    with pytest.raises(RulesetError):
        run("bone-ace", "play", players=40)
    with pytest.raises(RulesetError, match="no hands for the play command"):
        run("bone-ace", "play", hands=["QH QD QC"])


def test_every_clause_has_a_title_and_the_presets_differ():
    for c in all_clauses("ba."):
        assert c.title and get_clause(c.id).status in ("attested", "conjectural")
    assert len(PRESETS) >= 2 and COTTON != OTHER
    assert all(getattr(COTTON, s.name) != getattr(OTHER, s.name) for s in BoneAceOptions.specs()
               if s.name not in ("stake", "deals"))


def test_one_value_of_the_ace_in_each_ruleset():
    """Issue 32: Cotton's book counts an Ace one (p. 150 'two Tens and an Ace'; p. 139 'an Ace for one and
    thirty'); the ruleset after him counts it one, ranks it lowest for the Bone and in the lift; the other reading
    takes it high everywhere and counts it eleven."""
    from gamester.games.bone_ace.state import lift_value

    assert (COTTON.ace, COTTON.rank) == ("one", "king-high") and (OTHER.ace, OTHER.rank) == ("eleven", "ace-high")
    ace, two, king = (parse_cards(x)[0] for x in ("AS", "2S", "KS"))
    assert lift_value(ace, COTTON.rank) < lift_value(two, COTTON.rank)
    assert lift_value(ace, OTHER.rank) > lift_value(king, OTHER.rank)
    assert R.total(parse_cards("AS 10S KS"), COTTON.ace) == 21 and R.total(parse_cards("AS 10S KS"), OTHER.ace) == 31
    for name, lift in (("cotton-1674", R.LIFT_ORDER), ("other-reading", R.LIFT_ACE_HIGH)):
        st = BoneAceState(SPEC.parse_ruleset(name), 4, 3)
        assert lift in st.to_record()["deals"][0]["clauses"]

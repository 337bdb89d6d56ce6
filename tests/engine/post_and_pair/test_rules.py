"""Post and Pair, clause by clause: each test names the clause it checks and cites its source.

Sources: Cotton, *The Compleat Gamester* (1674), ch. XXIII, pp. 150-151 (``cotton1674``); the modern account
(``seed-postpair``, by section). Show-downs are settled with :func:`settle` on hands chosen for the rule; staking
and vying are driven through the game state.
"""

import pathlib
import re

import pytest

from gamester.clauses import all_clauses, get_clause
from gamester.games.post_and_pair import PostAndPairState, Stakes, settle
from gamester.games.post_and_pair.rules import COTTON_1674, PRESETS, RECONSTRUCTION

REC = RECONSTRUCTION.options
COT = COTTON_1674.options


def show(*hands, options=REC, folded=(), stakes=None, turnup=None):
    return settle(options, list(hands), folded, stakes, turnup=turnup)


def clauses(st):
    return {ln.clause for ln in st.ledger} | {c for c, _ in st.notes}


def payout(st, dish):
    """The ledger line that empties ``dish`` (None if it stays)."""
    lines = [ln for ln in st.ledger if ln.payer == dish]
    assert len(lines) <= 1
    return lines[0] if lines else None


def game(*actions, players=3, seed=1, options=REC):
    st = PostAndPairState(options, players, seed)
    for a in actions:
        st.apply(a)
    return st


def deal_clauses(st, deal=0):
    d = st.deals[deal] if deal < len(st.deals) else None
    if d is None:
        return {ln.clause for ln in st.ledger} | {c for c, _ in st.deal_notes}
    return {ln["clause"] for ln in d["ledger"]} | {n["clause"] for n in d["notes"]}


# -- the worked examples -------------------------------------------------------------------------------------
def test_worked_example_three_queens_elder_beat_three_kings():
    # seed-postpair, "Pair-royal": "3 Queens beat 3 Kings if the Queens were elder".
    st = show("QH QD QC", "KS KH KD", "2C 5C 9S")
    assert st.winners == {"pair": 0, "post": 0, "seat": 0}
    assert st.net == [6, -3, -3] and st.box == 0
    assert "pp.showdown.elder-wins-ties" in clauses(st)
    assert all(payout(st, d).clause == "pp.showdown.pair-royal" for d in ("pair", "post", "seat"))
    assert "the Queens were elder" in payout(st, "pair").reason


def test_pair_royal_takes_the_vyes_by_a_separate_reconstructed_clause():
    # Cotton 1674, p. 150: "a pair-royal wins all, both Post, Pair, and Seat" (pp.showdown.pair-royal, attested);
    # the vyes are the modern account's, seed-postpair, "Pair-royal" (pp.showdown.pair-royal-vyes, reconstructed).
    st = show("QH QD QC", "KS KH 9D", stakes=Stakes((1, 1), (1, 1), (1, 1), (2, 2)))
    vyes = [ln for ln in st.ledger if ln.payer == "vyes"]
    assert [(ln.payee, ln.counters, ln.clause) for ln in vyes] == [(0, 4, "pp.showdown.pair-royal-vyes")]
    assert get_clause("pp.showdown.pair-royal").status == "attested"
    assert "vyes" not in get_clause("pp.showdown.pair-royal").statement
    assert get_clause("pp.showdown.pair-royal-vyes").status == "reconstructed"


def test_worked_example_pair_of_knaves_elder_beats_pair_of_kings():
    # seed-postpair, "Pair": "2 Jacks would beat 2 Kings if the Jacks were elder".
    # The Knaves equal the Kings only because the modern account counts courts ten, so the ledger line cites that
    # reconstructed ranking (pp.pair.best), not Cotton's attested elder rule, which stands beside it as a note.
    st = show("JS JH 2C", "KD KC 4H")
    line = payout(st, "pair")
    assert line.payee == 0 and line.clause == "pp.pair.best"
    assert get_clause(line.clause).status == "reconstructed"
    assert "two Knaves beat two Kings; equal points, and the Knaves were elder" in line.reason
    assert "pp.showdown.elder-wins-ties" in {c for c, _ in st.notes}


def test_two_pairs_of_one_rank_are_settled_on_cottons_elder_rule():
    # Cotton 1674, p. 151: hands "of the same sort ... the eldest hand carries it": two pairs of Kings are equal
    # under any ranking, so the attested clause alone decides.
    st = show("KS KH 2C", "KD KC 4H")
    line = payout(st, "pair")
    assert line.payee == 0 and line.clause == "pp.showdown.elder-wins-ties"
    assert "the same rank" in line.reason


def test_equal_posts_cite_the_reconstructed_post_clause():
    # Two Posts of 19 in different suits are equal by the modern account's points: not an attested result.
    st = show("KH 9H 2C", "QD 9D 4S")
    line = payout(st, "post")
    assert line.payee == 0 and get_clause(line.clause).status != "attested"
    assert "pp.showdown.elder-wins-ties" in {c for c, _ in st.notes}


def test_odd_counters_go_to_the_box_or_to_the_eldest_hand():
    # seed-postpair, "Odd counters": the box; Cotton 1674, Gleek p. 91: "the eldest hand usually claims it, or else
    # it is given to the box" (option odd=eldest). Four players, seat 0 abandons (his two stakes stay), the other
    # three stake the Seat, vye one each and part: 14 counters among 3 leave 2 over.
    from gamester.games.post_and_pair.rules import PostAndPairOptions
    from gamester.games.post_and_pair.state import new_state

    for odd, payee, clause in (("box", "box", "pp.settle.odd-to-box"), ("eldest", 1, "pp.settle.odd-to-eldest")):
        st = new_state(PostAndPairOptions(odd=odd), 4, 7)
        for a in ("abandon", "seat", "seat", "seat", "vye 1", "match", "match", "part", "part", "part"):
            st.apply(a)
        assert st.phase == "over"
        ledger = st.to_record()["deals"][0]["ledger"]
        shares = [ln for ln in ledger if ln["clause"] == "pp.settle.part-equal"]
        assert [ln["counters"] for ln in shares] == [4, 4, 4]
        odd_lines = [ln for ln in ledger if ln["clause"] == clause]
        assert [(ln["to"], ln["counters"]) for ln in odd_lines] == [(payee, 2)]
        assert sum(ln["counters"] for ln in ledger if ln["from"] == "pool") == 14  # conserved

def test_worked_example_the_eldest_hand_carries_it():
    # Cotton 1674, p. 151: "where the Cards fall in several hands of the same sort, as a Pair or Pair-Royal,
    # and so forth, the eldest hand carries it" -- two pairs of Kings, under both rulesets.
    for options in (REC, COT):
        st = show("7D 2C 9H", "KS KH 3D", "KD KC 5S", options=options)
        line = payout(st, "pair")
        assert line.payee == 1 and line.clause == "pp.showdown.elder-wins-ties"


def test_worked_example_best_post_is_one_and_twenty():
    # Cotton 1674, p. 150: "At Post the best Cards are one and twenty, viz. two Tens and an Ace";
    # seed-postpair, "Post Pool": "K.J.A of Spades".
    st = show("10H 8H 2H", "KS JS AS")  # a three-card 20 against 21
    line = payout(st, "post")
    assert line.payee == 1 and line.clause == "pp.post.flush"
    assert "Post of 21" in line.reason


# -- staking ---------------------------------------------------------------------------------------------------
def test_stake_post_and_pair_one_counter_each_before_the_deal():
    # Cotton 1674, p. 150: "You must first stake at Post then at Pair; after this deal two Cards apiece";
    # seed-postpair, "Deal & staking": a counter in each of the two dishes.
    st = game()
    post = [ln for ln in st.ledger if ln.clause == "pp.stake.post"]
    pair = [ln for ln in st.ledger if ln.clause == "pp.stake.pair"]
    assert [(ln.payer, ln.payee, ln.counters) for ln in post] == [(0, "post", 1), (1, "post", 1), (2, "post", 1)]
    assert [(ln.payer, ln.payee, ln.counters) for ln in pair] == [(0, "pair", 1), (1, "pair", 1), (2, "pair", 1)]
    assert all(len(h) == 2 for h in st.hands.values())
    # The amount is not Cotton's: it is the separate reconstructed clause pp.stake.one-counter.
    assert "pp.stake.one-counter" in {c for c, _ in st.deal_notes}
    assert get_clause("pp.stake.one-counter").status == "reconstructed"
    assert all("counter" not in get_clause(c).statement for c in ("pp.stake.post", "pp.stake.pair", "pp.stake.seat"))


def test_stake_seat_then_the_third_card():
    # Cotton 1674, p. 150: "then stake at the Seat, and then deal the third Card about".
    st = game("seat")
    assert [(ln.payer, ln.payee, ln.clause) for ln in st.ledger][-1] == (0, "seat", "pp.stake.seat")
    assert all(len(h) == 2 for h in st.hands.values())
    st.apply("seat")
    st.apply("seat")
    assert all(len(h) == 3 for h in st.hands.values()) and st.phase == "vye"


def test_stake_abandon_loses_post_and_pair():
    # seed-postpair, "Deal & staking": "A player could abandon his hand after the first two cards".
    st = game("seat", "abandon", "seat")
    assert "pp.stake.abandon" in deal_clauses(st)
    assert len(st.hands[1]) == 2 and st.status[1] == "abandoned"
    assert 1 not in st.seated
    assert not any(ln.payer == 1 and ln.payee == "seat" for ln in st.ledger)


def test_stake_alone_takes_everything_unseen():
    # Conjectural (pp.stake.alone), after seed-postpair, "Settlement": a bet nobody matches wins unseen.
    st = game("abandon", "seat", "abandon")
    d = st.deals[0]
    assert d["outcome"] == "unseen" and d["net"] == [-2, 4, -2]
    assert "pp.stake.alone" in deal_clauses(st)


def test_stake_none_leaves_the_stakes():
    # Conjectural (pp.stake.none), after seed-postpair, "Vying": stakes left on the table.
    st = game("abandon", "abandon", "abandon", options=REC.replace(deals=2))
    d = st.deals[0]
    assert d["outcome"] == "no-seat" and d["carried_out"] == {"post": 3, "pair": 3, "seat": 0}
    assert "pp.stake.none" in deal_clauses(st)
    assert st.table["post"] == 6  # the next deal's stakes join them


def test_deal_rotates_to_the_left():
    # Conjectural (pp.deal.rotate); Cotton 1674, p. 150 names the eldest hand and the Dealer.
    st = game("abandon", "abandon", "abandon", options=REC.replace(deals=2))
    assert st.deals[0]["dealer"] == 2 and st.deals[0]["eldest"] == 0
    assert st.dealer == 0 and st.order == [1, 2, 0] and st.current_player() == 1
    assert "pp.deal.rotate" in deal_clauses(st, 0)


# -- vying -----------------------------------------------------------------------------------------------------
def test_vye_eldest_may_pass_and_come_in_again():
    # Cotton 1674, p. 150: "The eldest hand may pass and come in again, if any of the Gamesters vye it".
    st = game("seat", "seat", "seat")
    assert "pass" in st.legal_actions()
    st.apply("pass")
    st.apply("vye 2")
    st.apply("match")
    assert st.current_player() == 0 and "match" in st.legal_actions()
    st.apply("match")
    assert [ln.clause for ln in st.ledger][-1] == "pp.vye.eldest-pass"
    assert st.phase == "part"


def test_vye_others_have_one_chance():
    # seed-postpair, "Vying": "All other players had one chance to Vye or else drop out from the deal".
    st = game("seat", "seat", "seat", "seat", players=4)
    st.apply("pass")
    assert "pass" not in st.legal_actions() and "drop" in st.legal_actions()
    st.apply("drop")
    assert st.status[1] == "dropped"
    st.apply("vye 1")
    assert [ln.clause for ln in st.ledger][-1] == "pp.vye.one-chance"
    assert "pp.vye.one-chance" in deal_clauses(st)
    st.apply("match")  # the dealer
    assert st.current_player() == 0  # the eldest comes in again; seat 1 never does
    st.apply("fold")
    assert st.current_player() in (2, 3) and st.phase == "part"


def test_vye_dealer_after_all_pass_only_eldest_reenters():
    # seed-postpair, "Vying": "If all the Elder players passed, then the dealer could Vye with only the Eldest
    # hand entitled to re-enter the betting".
    st = game("seat", "seat", "seat", "pass", "drop")
    assert st.current_player() == 2
    st.apply("vye 3")
    assert [ln.clause for ln in st.ledger][-1] == "pp.vye.dealer"
    assert st.current_player() == 0
    st.apply("match")
    assert st.phase == "part"


def test_vye_dealer_pass_doubles_the_stakes():
    # seed-postpair, "Vying": "If the dealer passed as well, then the stakes were left on the table and doubled
    # when the players dealt and staked again"; Cotton 1674, p. 150: "or double it".
    st = game("seat", "seat", "seat", "pass", "drop", "pass", options=REC.replace(deals=2))
    d = st.deals[0]
    assert d["outcome"] == "doubled" and "pp.vye.dealer-pass-double" in deal_clauses(st, 0)
    assert d["carried_out"] == {"post": 3, "pair": 3, "seat": 3}
    assert sum(d["net"]) + d["box"] + 9 == 0
    assert st.carried_in == {"post": 3, "pair": 3, "seat": 3}
    assert st.table["post"] == 6 and st.table["pair"] == 6  # doubled by the new stakes


def test_vye_dealer_play_out_reading():
    # Cotton 1674, p. 150: "the Dealer may play it out" (one reading: the hands are shown at once).
    st = game("seat", "seat", "seat", "pass", "drop", "pass", options=REC.replace(dealer_pass="play-out"))
    d = st.deals[0]
    assert d["outcome"] == "show" and "pp.vye.dealer-play-out" in deal_clauses(st)
    assert d["shown"] == [0, 2] and d["winners"]["seat"] in (0, 2)
    assert sum(d["net"]) + d["box"] + sum(d["carried_out"].values()) == 0


def test_vye_dealer_choice_reading():
    # Cotton 1674, p. 150: "if not, the Dealer may play it out, or double it".
    st = game("seat", "seat", "seat", "pass", "drop", options=COT)
    assert st.legal_actions()[-2:] == ["play out", "double"]
    st.apply("double")
    assert st.deals[0]["outcome"] == "doubled" and "pp.vye.dealer-choice" in deal_clauses(st)
    st2 = game("seat", "seat", "seat", "pass", "drop", "play out", options=COT)
    assert st2.deals[0]["outcome"] == "show" and "pp.vye.dealer-choice" in deal_clauses(st2)
    # The choice is attested; what each branch means is a separate, weaker clause.
    assert "pp.vye.dealer-pass-double" in deal_clauses(st) and "pp.vye.dealer-play-out" in deal_clauses(st2)


def test_vye_match_revye_fold():
    # seed-postpair, "Vying": "If one player vyed, and another player re-vyed (raised the bet) then other
    # players had to match or fold".
    st = game("seat", "seat", "seat", "vye 1")
    assert st.legal_actions()[0] == "match" and "revye 2" in st.legal_actions() and "fold" in st.legal_actions()
    st.apply("revye 2")  # seat 1 pays 1 to match and 2 more
    assert st.bet == 3 and st.contrib == {0: 1, 1: 3, 2: 0}
    st.apply("match")  # seat 2 pays 3
    st.apply("match")  # seat 0 pays 2 more
    assert st.table["vyes"] == 9 and st.phase == "part"
    assert "pp.vye.match" in deal_clauses(st)


def test_vye_limit():
    # Conjectural (pp.vye.limit); Cotton 1674, p. 151: the vye is "what you please to adventure".
    st = game("seat", "seat", "seat", options=REC.replace(vye_max=2, revyes=1))
    assert st.legal_actions() == ["pass", "vye 1", "vye 2"]
    st.apply("vye 1")
    st.apply("revye 2")
    assert "revye 1" not in st.legal_actions()
    assert "pp.vye.limit" in deal_clauses(st)


def test_vye_roles_pass_to_the_players_left():
    # Conjectural (pp.vye.roles), after seed-postpair, "Vying".
    st = game("abandon", "seat", "seat", "seat", players=4)
    assert st.current_player() == 1 and "pass" in st.legal_actions()
    assert "pp.vye.roles" in deal_clauses(st)


def test_vye_unmatched_wins_unseen():
    # seed-postpair, "Settlement": "If one player made a bet that no-one was prepared to match, then he won all
    # the stakes unseen"; Cotton 1674, p. 151: bid high "and so bring him to submission".
    st = game("seat", "seat", "seat", "vye 2", "fold", "fold")
    d = st.deals[0]
    assert d["outcome"] == "unseen" and d["winners"] == {"pair": 0, "post": 0, "seat": 0}
    assert d["net"] == [6, -3, -3] and d["shown"] == []
    assert all(ln["clause"] == "pp.vye.unmatched" for ln in d["ledger"] if ln["to"] == 0)


# -- parting or showing ----------------------------------------------------------------------------------------
def test_settle_part_stakes_by_agreement():
    # Cotton 1674, p. 151: "those that keep in till last, may divide the stakes, or shew the best Card for it".
    st = game("seat", "seat", "seat", "vye 1", "match", "match", "part", "part", "part")
    d = st.deals[0]
    assert d["outcome"] == "parted" and d["net"] == [0, 0, 0] and d["box"] == 0
    assert "pp.settle.part-stakes" in deal_clauses(st)
    st2 = game("seat", "seat", "seat", "vye 1", "match", "match", "part", "show")
    assert st2.deals[0]["outcome"] == "show"


def test_settle_odd_counters_to_the_box():
    # seed-postpair, "Odd counters": "any odd counters left over were 'given to the box'".
    st = game("seat", "seat", "seat", "vye 1", "match", "fold", "part", "part")
    d = st.deals[0]
    assert d["outcome"] == "parted" and d["box"] == 1  # 11 counters between two players
    assert d["net"] == [1, 1, -3] and sum(d["net"]) + d["box"] == 0
    assert "pp.settle.odd-to-box" in deal_clauses(st)


def test_showdown_order_pair_post_seat():
    # seed-postpair, "Settlement": "first for Pairs and then for Post, and finally for the Seat and vyes".
    st = show("9S 9H 2C", "KD QD 3S")
    dishes = [ln.payer for ln in st.ledger if isinstance(ln.payer, str)]
    assert dishes == ["pair", "post", "seat"]
    assert "pp.showdown.order" in clauses(st)


def test_showdown_folded_win_nothing_but_count_for_trumps():
    # seed-postpair, "Trump Suit": the best card's holder wins "unless they had folded their hands, in which case
    # the holder of the next best card that stayed in for the show took the money".
    st = show("AS KS QS", "2H 3H 9C", "4D 6D 8C", folded=[0])
    assert 0 not in st.winners.values()
    assert "pp.showdown.folded" in clauses(st)
    assert st.net[0] == -3


# -- Pair-royal ------------------------------------------------------------------------------------------------
def test_pair_royal_wins_all():
    # Cotton 1674, p. 150: "a Pair-royal wins all, both Post, Pair, and Seat".
    st = show("KS QS JS", "5H 5D 5C", "AS AH 9D", stakes=Stakes((1,) * 3, (1,) * 3, (1,) * 3, (2, 2, 0)))
    assert st.winners == {"pair": 1, "post": 1, "seat": 1}
    assert {ln.payer for ln in st.ledger if ln.payee == 1} == {"pair", "post", "seat", "vyes"}
    assert st.net == [-5, 8, -3]


def test_pair_royal_of_aces_cannot_be_beaten():
    # seed-postpair, "Pair-royal": "The highest possible Pair-Royal was three Aces which was unbeatable".
    st = show("KS KH KD", "AS AH AD")
    assert st.winners["pair"] == 1 and "pp.showdown.pair-royal-aces" in clauses(st)


def test_pair_royal_by_points():
    # seed-postpair, "Pair-royal": "the pip value of the cards was counted (court cards 10)".
    st = show("5S 5H 5D", "9S 9H 9D")
    assert st.winners["pair"] == 1 and "pp.showdown.pair-royal-points" in clauses(st)


# -- the Pair dish ---------------------------------------------------------------------------------------------
def test_pair_best_aces_then_points():
    # seed-postpair, "Pair": "A pair of Aces was highest, other pairs were counted on their pips".
    st = show("KS KH 3D", "AS AH 2C")
    line = payout(st, "pair")
    assert line.payee == 1 and line.clause == "pp.pair.best" and "a pair of Aces is the best Pair" in line.reason
    st = show("7S 7H 2C", "9D 9C 3H")
    line = payout(st, "pair")
    assert line.payee == 1 and line.clause == "pp.pair.best" and "18 points" in line.reason


def test_pair_rank_order_fills_cottons_silence():
    # Conjectural (pp.pair.rank-order); Cotton 1674, p. 150: "The Ace of Trumps ... is the best Card of all, and
    # so of the rest in order"; p. 151: "he who hath the best Pair ... is the winner".
    st = show("JS JH 2C", "KD KC 4H", options=COT)
    line = payout(st, "pair")
    assert line.payee == 1 and line.clause == "pp.pair.rank-order"
    st = show("QH QD QC", "KS KH KD", options=COT)
    assert st.winners["pair"] == 1 and "pp.pair.rank-order" in clauses(st)


def test_pair_none_goes_to_the_best_trump():
    # seed-postpair, "Pair": "If no-one held a pair, then the counters in the Pair dish were taken by the best
    # trump card".
    st = show("AS 2H 3D", "KS 4H 5C")  # Spades count 21: trumps
    line = payout(st, "pair")
    assert line.payee == 0 and line.clause == "pp.pair.none-trump" and "Ace of Spades" in line.reason


# -- the Post dish ---------------------------------------------------------------------------------------------
def test_post_flush_of_21_or_less():
    # seed-postpair, "Post Pool": "A Post was a 2 or 3 card flush of 21 points or less".
    st = show("KS JS 2H", "9D 8D 3C")
    line = payout(st, "post")
    assert line.payee == 0 and line.clause == "pp.post.flush" and "two-card Post of 20 in Spades" in line.reason


def test_post_three_beats_two():
    # seed-postpair, "Post Pool": "Any three card Post beat any two card Post".
    st = show("KS QS 5H", "2C 3C 4C")
    line = payout(st, "post")
    assert line.payee == 1 and line.clause == "pp.post.three-beats-two"


def test_post_over_21_two_highest_or_twenty_and_a_half():
    # seed-postpair, "Post Pool": "the Post value was that of the two highest cards (some circles counted it as
    # 20.5)".
    st = show("10H 9H AH", "KS QS JS")  # 20 against K Q J counted 20: the elder wins
    assert st.winners["post"] == 0
    st = show("9H 8H 2D", "KS QS JS")  # a two-card 17 against a three-card Post counted 20
    line = payout(st, "post")
    assert line.payee == 1 and "counted 20 from 30" in line.reason
    st = show("2H 3H 4H", "KS QS JS")  # 9 against K Q J counted 20
    assert payout(st, "post").clause == "pp.post.over-21"
    half = REC.replace(post_over_21="twenty-and-a-half")
    st = show("10H 9H AH", "KS QS JS", options=half)
    line = payout(st, "post")
    assert line.payee == 1 and line.clause == "pp.post.over-21-half" and "20½" in line.reason


def test_post_ten_ace_21_or_11():
    # seed-postpair, "Post Pool": "A two card flush of T.A could be counted as 21"; Cotton 1674, p. 150 counts
    # the Ace as one ("two Tens and an Ace" make 21).
    st = show("KD QD 3C", "AS KS 2H")
    line = payout(st, "post")
    assert line.payee == 1 and line.clause == "pp.post.ten-ace"
    st = show("KD QD 3C", "AS KS 2H", options=REC.replace(ten_ace="11"))
    assert payout(st, "post").payee == 0
    st = show("5D 2D 3C", "AS KS 2H", options=COT)
    line = payout(st, "post")
    assert line.payee == 1 and line.clause == "pp.post.ten-ace-11"


def test_post_none_best_trump_or_carry():
    # Conjectural (pp.post.none, pp.post.none-carry): neither source says who takes the Post dish if nobody has
    # a Post.
    st = show("AS 2H 3D", "KS 4H 5C")
    assert payout(st, "post").clause == "pp.post.none" and st.winners["post"] == 0
    st = show("AS 2H 3D", "KS 4H 5C", options=REC.replace(no_post="carry"))
    assert payout(st, "post") is None and st.winners["post"] is None
    assert st.carried_out == 2 and sum(st.net) + st.box + st.carried_out == 0
    assert "pp.post.none-carry" in clauses(st)


# -- trumps, the Seat and the vyes -----------------------------------------------------------------------------
def test_trump_suit_count_over_all_cards_including_folded():
    # seed-postpair, "Trump Suit": "the highest pointed suit across all the hands, (including those that
    # folded) became the Trump suit".
    st = show("2S 3H 9C", "4S 5H 6D", "AD KD QD", folded=[2])
    assert st.trump == "D" and "pp.trump.suit-count" in clauses(st)
    assert payout(st, "seat").payee == 1  # the Six of Diamonds is the best trump still in
    assert "lies in the folded hand of seat 2" in payout(st, "seat").reason


def test_trump_absent_falls_to_the_best_post():
    # seed-postpair, "Trump Suit": "If none of the players who stayed in held a card of the dominant suit, then
    # the suit of the best Post at show became the Trump suit instead".
    st = show("2H 3H 5D", "4D 6C 8C", "AS KS QS", folded=[2])
    assert st.trump == "C" and "pp.trump.absent" in clauses(st)
    assert st.winners["seat"] == 1


def test_trump_best_post_reading():
    # seed-postpair, "Trump Suit": "the suit of the best Post produced at show-down became the 'Triumph'".
    hands = ("2H 3H AS", "4D 5D KS")
    assert show(*hands).trump == "S" and show(*hands).winners["seat"] == 0
    st = show(*hands, options=REC.replace(trump="best-post"))
    assert st.trump == "D" and st.winners["seat"] == 1 and "pp.trump.best-post" in clauses(st)


def test_trump_no_post_under_the_best_post_reading():
    # Conjectural (pp.trump.no-post), falling back on seed-postpair, "Trump Suit".
    st = show("AS 2H 3D", "KS 4H 5C", options=COT)
    assert st.trump == "S" and "pp.trump.no-post" in clauses(st)


def test_trump_order_ace_then_king_down():
    # Cotton 1674, p. 150: "The Ace of Trumps, as at Ruff and Honours, is the best Card of all, and so of the
    # rest in order".
    st = show("KS 4H 5C", "AS 2H 3D")
    assert st.trump == "S" and st.winners["seat"] == 1 and "pp.trump.order" in clauses(st)
    assert "the Ace of Spades (seat 1) is the best trump" in payout(st, "seat").reason


def test_trump_tie_eldest_or_suit_order():
    # Conjectural (pp.trump.tie, pp.trump.tie-suit-order); Cotton 1674, p. 151: "the eldest hand carries it".
    hands = ("9D 2C 3S", "9H 4C 5S")  # Hearts and Diamonds both count 9
    st = show(*hands)
    assert st.trump == "D" and st.winners["seat"] == 0 and "pp.trump.tie" in clauses(st)
    st = show(*hands, options=REC.replace(trump_tie="suit-order"))
    assert st.trump == "H" and st.winners["seat"] == 1 and "pp.trump.tie-suit-order" in clauses(st)


def test_seat_and_vyes_to_the_best_trump():
    # seed-postpair, "Seat & Vyes": "The Seat and Vyes were taken by the player in the show with the best single
    # card in hand. This would be the highest Trump card on the table".
    stakes = Stakes((1, 1), (1, 1), (1, 1), (3, 3))
    st = show("9S 9H 2C", "KD QD 3S", stakes=stakes)
    assert st.trump == "D"
    assert payout(st, "seat").clause == payout(st, "vyes").clause == "pp.seat.best-trump"
    assert payout(st, "vyes").payee == 1 and payout(st, "vyes").counters == 6


def test_seat_no_trump_anywhere_still_in():
    # Conjectural (pp.seat.no-trump), after seed-postpair, "Trump Suit".
    st = show("2H 3D 5C", "4H 6D 8C", "AS KS QS", folded=[2])
    assert st.trump == "C" and st.winners["seat"] == 1 and "pp.seat.no-trump" in clauses(st)


# -- every clause is tested, and each is well formed -------------------------------------------------------------
def test_every_post_and_pair_clause_has_a_test_here():
    text = pathlib.Path(__file__).read_text(encoding="utf-8")
    ids = {c.id for c in all_clauses("pp.")}
    named = set(re.findall(r"pp\.[a-z-]+\.[a-z0-9-]+", text))
    assert ids - named == set()
    assert named - ids == set(), "a test names a clause that does not exist"


@pytest.mark.parametrize("clause_id", sorted(c.id for c in all_clauses("pp.")))
def test_clause_is_cited(clause_id):
    c = get_clause(clause_id)
    assert c.statement and c.citations
    assert {x.key for x in c.citations} <= {"cotton1674", "seed-postpair", "davies1605"}
    for x in c.citations:
        # Cotton's Post and Pair (pp. 150-151), or his Gleek (pp. 91-93: odd money, vying and doubling the Ruff),
        # cited for a sister game's custom, or his Ruff and Honours (p. 115), for the turned-up trump
        assert x.locator in ("p. 150", "p. 151", "p. 91", "p. 92", "p. 93", "p. 115") if x.key == "cotton1674" \
            else x.locator
    if c.status == "attested":
        # attested means Cotton's Post and Pair chapter says it, not his Gleek
        assert any(x.key == "cotton1674" and x.locator in ("p. 150", "p. 151") for x in c.citations)
    else:
        assert c.note


def test_presets_are_labelled():
    assert set(PRESETS) == {"reconstruction", "cotton-1674"}
    assert RECONSTRUCTION.status == "reconstructed" and COTTON_1674.status == "attested"
    assert any(c.key == "seed-postpair" for c in RECONSTRUCTION.citations)
    assert {c.key for c in COTTON_1674.citations} == {"cotton1674"}
    assert show("2S 3H 9C", "4S 5H 6D").to_json()["follows"] == "reconstruction"
    assert show("2S 3H 9C", "4S 5H 6D", options=COT).to_json()["follows"] == "cotton-1674"


def test_trumps_by_a_card_turned_up_as_at_ruff():
    # Cotton 1674, p. 150: the Ace of trumps is best "as at Ruff and Honours"; p. 115, at Ruff the stock's uppermost
    # card "is turn'd up, and that is Trumps". Our reading (pp.trump.turn-up, conjectural), option trump=turn-up.
    import pytest as _pytest

    from gamester.errors import NotationError, RulesetError
    from gamester.games.post_and_pair.state import new_state

    o = REC.replace(trump="turn-up")
    st = show("JS JH 4C", "KS KD 9D", options=o, turnup="7D")
    assert st.trump == "D" and "pp.trump.turn-up" in clauses(st)
    assert payout(st, "seat").payee == 1  # the King of Diamonds
    assert get_clause("pp.trump.turn-up").status == "conjectural"
    # nobody still in holds the turned-up suit: trumps are counted (pp.trump.turn-up-absent)
    st = show("JS JH 4D", "KS KD 9D", options=o, turnup="7C")
    assert st.trump == "D" and "pp.trump.turn-up-absent" in clauses(st)
    with _pytest.raises(RulesetError, match="turned up"):
        show("JS JH 4C", "KS KD 9D", options=o)
    with _pytest.raises(NotationError, match="also in a hand"):
        show("JS JH 4C", "KS KD 9D", options=o, turnup="JS")
    # in a dealt game the card after the third round is turned up, recorded, and shown on the table
    state = new_state(o, 4, 1674)
    for a in ("seat", "seat", "seat", "seat"):
        state.apply(a)
    assert state.view()["turnup"] == str(state.turnup)
    held = {c for s in state.seated for c in map(str, state.hands[s])}
    assert str(state.turnup) not in held
    for a in ("vye 1", "match", "match", "match", "show"):
        state.apply(a)
    assert state.phase == "over"
    deal = state.to_record()["deals"][0]
    assert deal["turnup"] == str(state.turnup) and deal["outcome"] == "show"
    counted = any(n["clause"] == "pp.trump.turn-up-absent" for n in deal["notes"])
    assert counted or deal["trump"] == deal["turnup"][-1]
    # other rulesets turn up nothing, and their records are as before
    from gamester.state import RandomBot, play_out

    other = new_state(REC, 4, 1674)
    play_out(other, [RandomBot(i) for i in range(4)])
    assert all("turnup" not in d for d in other.to_record()["deals"])


def test_the_literal_reading_of_the_same_sort_leaves_pairs_unranked():
    # Cotton 1674, p. 151, read literally: hands "of the same sort, as a Pair or Pair-Royal ... the eldest hand
    # carries it" (pp.pair.same-sort, conjectural, option pair_rank=sort): two Twos, elder, beat two Aces.
    o = REC.replace(pair_rank="sort")
    st = show("2S 2H 5C", "AS AH 9D", options=o)
    line = payout(st, "pair")
    assert line.payee == 0 and line.clause == "pp.pair.same-sort" and "the same sort" in line.reason
    assert get_clause(line.clause).status == "conjectural"
    # three Twos, elder, against three Aces: the Pair-royal's dishes go to the elder too
    st = show("2S 2H 2C", "AS AH AD", options=o)
    assert payout(st, "pair").payee == 0 and "pp.pair.same-sort" in clauses(st)
    # the ranked readings are unchanged
    assert payout(show("2S 2H 5C", "AS AH 9D"), "pair").payee == 1

"""Put, clause by clause, with the source in a comment on each test, and worked examples from Cotton."""

import json
import random

import pytest

from gamester import IllegalActionError, NotationError, RulesetError, get_game, replay
from gamester.cards import format_cards, pack, parse_cards, shuffled
from gamester.clauses import all_clauses, get_clause
from gamester.games.put import PRESETS, PutOptions, deal_result
from gamester.hosts.cli import main
from gamester.state import TERMINAL

SPEC = get_game("put")
KEYS = {"cotton1674", "seed-put", "rump1662", "wikipedia-truc"}


def new(ruleset="cotton-1674", players=2, seed=1, hands=None):
    state = SPEC.new_state(SPEC.parse_ruleset(ruleset), players, seed)
    if hands:
        stack(state, hands)
    return state


def stack(state, hands):
    """Put chosen cards in the seats' hands at the start of a deal (tests only; records of stacked deals
    do not replay from their seed)."""
    state.hands = [list(parse_cards(h)) for h in hands]
    state.this_deal["hands"] = [format_cards(h) for h in state.hands]


def by_role(state, eldest, dealer):
    """Stack a two-handed deal by role: ``eldest`` (who leads) and ``dealer``."""
    hands = [None, None]
    hands[(state.dealer + 1) % 2], hands[state.dealer] = eldest, dealer
    stack(state, hands)
    return (state.dealer + 1) % 2, state.dealer


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


# -- the clause registry -------------------------------------------------------------------------------------
def test_every_put_clause_is_cited_and_labelled():
    clauses = all_clauses("put.")
    assert len(clauses) >= 30
    for c in clauses:
        assert c.status in ("attested", "reconstructed", "conjectural")
        assert c.citations and all(x.key in KEYS for x in c.citations), c.id
        assert c.status == "attested" or c.note, c.id
        if c.status == "attested":  # an attested rule cites the period text
            assert any(x.key in ("cotton1674", "rump1662") for x in c.citations), c.id


def test_every_option_and_preset_names_a_clause_or_source():
    for s in PutOptions.specs():
        get_clause(s.clause)
    for p in PRESETS.values():
        assert p.citations and p.status in ("attested", "reconstructed", "conjectural")
        assert SPEC.parse_ruleset(p.options.to_string()) == p.options


# -- the pack ------------------------------------------------------------------------------------------------
def test_ranks_trey_deuce_ace_then_king_down_to_four():
    # Cotton 1674, p. 132: "The best Putt-Cards are first the Trey, next the Deuce, then the Ace ... the King, the
    # Queen, the Knave, the Ten, and so onwards to the four, which is the meanest Card at Putt."
    s = new()
    assert s.order == ("3", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
    assert [s.value(c) for c in parse_cards("3S 2S AS KS 4S")] == [13, 12, 11, 10, 1]
    assert get_clause("put.pack.ranks").status == "attested"


def test_suits_do_not_count():
    # seed-put, "Put": no need to follow suit and no trumps; equal ranks of different suits tie.
    s = new(seed=1, hands=["KS 9H 4D", "KH 5C 6C"])      # seat 1 is eldest (seat 0 deals)
    play(s, "play 5C")
    assert {"play KS", "play 9H", "play 4D"} <= set(s.legal_actions())   # no need to follow suit
    play(s, "play 9H")
    assert s.this_deal["tricks"][0]["winner"] == 0                # a Nine of Hearts beats a Five of Clubs: no trumps
    play(s, "play KS", "play KH")
    assert s.this_deal["tricks"][1]["winner"] is None             # King ties King whatever the suits


@pytest.mark.parametrize("ruleset, size, lowest", [
    ("cotton-1674", 52, "4"), ("stripped-32", 32, "9"), ("stripped-28", 28, "10"), ("truc", 28, "10"),
    ("truc-32", 32, "9")])
def test_pack_sizes(ruleset, size, lowest):
    # seed-put, "Put": "shorten the pack to 32 cards by stripping out all the lower ranks from Four to Nine" -- the
    # ranks named leave 28, the count given needs Four to Eight; both are offered. seed-put, "Truc": 6-7-A-K-Q-J-T
    # (seven ranks, 28 cards) though called a 32-card pack.
    s = new(ruleset)
    assert len(s.pack) == size
    assert s.order[-1] == lowest
    assert all(len(h) == 3 for h in s.hands)


def test_truc_32_is_the_published_pack_without_a_six():
    # wikipedia-truc (after Lanes 1912 and Sackson): 32 cards ranked 7 8 A K Q J 10 9. seed-put's "6-7-A-K-Q-J-T"
    # has the right count (32) only if read as this list shifted by one rank.
    s = new("truc-32")
    assert s.order == ("7", "8", "A", "K", "Q", "J", "10", "9")
    assert len(s.pack) == 32 and not any(c.rank == "6" for c in s.pack)
    assert SPEC.presets["truc-32"].status == "reconstructed"


def test_truc_ranking_six_high_and_no_52_card_truc():
    s = new("truc")
    assert s.order[:3] == ("6", "7", "A")
    with pytest.raises(RulesetError, match="Truc ranking"):
        SPEC.parse_ruleset("truc(pack=52)")
    with pytest.raises(RulesetError, match="2 players"):
        new("truc", players=3)


# -- cutting and dealing -----------------------------------------------------------------------------------------
def test_best_put_card_cut_deals():
    # Cotton 1674, p. 131: "the best Putt-Card deals".
    ties = 0
    for seed in range(60):
        s = new(seed=seed)
        last = s.cut[-1]
        vals = {seat: s.value(parse_cards(c)[0]) for seat, c in last}
        assert vals[s.first_dealer] == max(vals.values())
        assert list(vals.values()).count(max(vals.values())) == 1
        if len(s.cut) > 1:
            ties += 1
            # a tied best cut is cut again by those who tied (conjectural put.cut.tie-redraw)
            first = s.cut[0]
            best = max(s.value(parse_cards(c)[0]) for _, c in first)
            assert sorted(seat for seat, _ in s.cut[1]) == sorted(
                seat for seat, c in first if s.value(parse_cards(c)[0]) == best)
    assert ties > 0


def test_three_each_one_at_a_time_adversary_first():
    # Cotton 1674, p. 131: "the Dealer deals one to his Antagonist, and another to himself till they have three".
    s = new(seed=11)
    rng = random.Random(11)
    cut = shuffled(s.pack, rng)
    assert str(cut[0]) == s.cut[0][0][1]
    deck = shuffled(s.pack, rng)
    eldest, dealer = (s.dealer + 1) % 2, s.dealer
    assert s.this_deal["hands"][eldest] == format_cards(deck[0:6:2])
    assert s.this_deal["hands"][dealer] == format_cards(deck[1:6:2])


def test_deal_alternates_and_eldest_leads():
    # seed-put, "Put": the deal alternates; the non-dealer leads. Cotton 1674, p. 125 (Costly-Colours): "the eldest
    # is to play first as in other Games"; pp. 136-137: the Rook deals and "the col begins with a Deuce".
    s = new("without-putting", seed=5)
    dealers = []
    while not s.is_terminal():
        if s.this_deal["number"] > len(dealers):
            dealers.append(s.dealer)
            assert s.current_player() == (s.dealer + 1) % 2
        s.apply(s.legal_actions()[0])
    assert len(dealers) >= 3
    assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))


# -- tricks ----------------------------------------------------------------------------------------------------
def test_any_card_may_be_led_and_played():
    # seed-put, "Put": any card may be led, and the other may play any card.
    s = new(seed=1, hands=["4S 5S 6S", "3H 2H AH"])
    assert [a for a in s.legal_actions() if a.startswith("play")] == ["play 3H", "play 2H", "play AH"]
    s.apply("play AH")
    assert [a for a in s.legal_actions() if a.startswith("play")] == ["play 6S", "play 5S", "play 4S"]


def test_cotton_high_game_worked_example():
    # Cotton 1674, pp. 136-137 (the High-game): "the col begins with a Deuce, the Rook wins that with a Trey; the Rook
    # then plays a Deuce, and the col wins it with his Trey; then he plays his Deuce which is won with a Trey; thus
    # the Rook wins the day." The col (eldest, seat 1; seat 0 deals) puts and the Rook sees.
    s = new(seed=1)
    assert s.dealer == 0
    stack(s, ["3S 2S 3H", "2H 3D 2D"])
    play(s, "put", "see", "play 2H", "play 3S")
    assert s.this_deal["tricks"][0]["winner"] == 0           # the Trey wins the Deuce; the winner leads
    assert s.current_player() == 0
    play(s, "play 2S", "play 3D")
    assert s.this_deal["tricks"][1]["winner"] == 1
    play(s, "play 2D", "play 3H")
    assert s.this_deal["tricks"][2]["winner"] == 0
    assert s.is_terminal() and s.winner == 0         # a seen put won is the game (put.game.put)
    rec = s.to_record()
    assert rec["deals"][0]["puts"] == [{"seat": 1, "trick": 1, "answers": [[0, "see"]], "clause": "put.put.eldest"}]
    assert rec["won_by"] == "put.game.put"


def test_cotton_high_game_stack_does_not_give_the_hands_he_plays():
    # Cotton 1674, pp. 135-136: the Rook lays "first a Deuce, then a Trey, next a Deuce, then a Trey, then a Trey and
    # a Trey" and deals them, one to his antagonist and one to himself in turn (p. 131; the engine's deal, tested
    # above). The play (pp. 136-137) gives the col a Deuce, a Trey and a Deuce, the Rook a Trey, a Deuce and a Trey.
    # Neither end of the stack deals both hands (the editorial note put-high-game): the play needs three Deuces.
    laid = ["2", "3", "2", "3", "3", "3"]
    col_plays, rook_plays = ["2", "3", "2"], ["3", "2", "3"]
    dealt = {tuple(order): (sorted(order[0::2]), sorted(order[1::2])) for order in (laid, laid[::-1])}
    assert dealt[tuple(laid)] == (["2", "2", "3"], ["3", "3", "3"])          # col D D T, Rook T T T
    assert dealt[tuple(laid[::-1])] == (["3", "3", "3"], ["2", "2", "3"])    # col T T T, Rook T D D
    assert all((c, r) != (sorted(col_plays), sorted(rook_plays)) for c, r in dealt.values())
    assert (col_plays + rook_plays).count("2") == 3 > laid.count("2") == 2


def test_equal_cards_tie_and_the_leader_leads_again():
    # seed-put, "Put": equal cards tie the trick, which belongs to neither; whoever led to it leads to the next.
    s = new(seed=1, hands=["KS 9S 5S", "KH 4H 6H"])
    play(s, "play KH", "play KS")
    assert s.this_deal["tricks"][0] == {"plays": [[1, "KH"], [0, "KS"]], "winner": None, "clause": "put.trick.tie"}
    assert s.current_player() == 1 and s.tricks_won == [0, 0]


def test_trick_and_tie_wins_nothing():
    # Cotton 1674, pp. 131-132: "if each win a trick and the third tyed, neither win, because it is trick and tye".
    s = new(seed=1, hands=["KS 9S 5S", "KH 4H 10H"])
    play(s, "put", "see", "play KH", "play KS", "play 4H", "play 5S", "play 9S", "play 10H")
    d = s.deals[0]
    assert d["result"]["kind"] == "trick-and-tie" and d["points"] == []
    assert not s.is_terminal() and s.score == [0, 0] and len(s.deals) == 2


def test_one_trick_and_two_ties_wins():
    # seed-put, "Put": the game is won by one trick if the other two are tied (put.deal.one-and-two-ties).
    s = new(seed=1, hands=["KS 9S 5S", "KH 9H 6H"])
    play(s, "play KH", "play KS", "play 9H", "play 9S", "play 6H", "play 5S")
    assert s.deals[0]["result"]["winner"] == 1 and s.deals[0]["result"]["clause"] == "put.deal.one-and-two-ties"
    assert s.score == [0, 1]


def test_all_tied_nobody_wins():
    s = new(seed=1, hands=["KS 9S 5S", "KH 9H 5H"])
    play(s, "play KH", "play KS", "play 9H", "play 9S", "play 5H", "play 5S")
    assert s.deals[0]["result"] == {"kind": "all-tied", "winner": None, "clause": "put.deal.all-tied"}


def test_two_tricks_decide_the_deal_at_once():
    # Cotton 1674, p. 131: "he that wins two tricks or all three wins the whole set"; the third card cannot change
    # the result, so it is not played (conjectural put.deal.decided).
    s = new(seed=1, hands=["3S 2S 5S", "KH 9H 6H"])
    play(s, "play KH", "play 3S", "play 2S", "play 9H")
    assert len(s.deals[0]["tricks"]) == 2 and s.deals[0]["result"]["winner"] == 0
    assert deal_result({0: 1, 1: 1}) is None and deal_result({0: 1, 1: 0}) == 0 and deal_result({0: 0, 1: 0}) is None


# -- putting -----------------------------------------------------------------------------------------------------
def test_refused_put_scores_one():
    # Cotton 1674, p. 131: "if the other will not or dare not see him, he then wins one".
    s = new(seed=1, hands=["4S 5S 7S", "3H 3D 3C"])
    play(s, "put", "refuse")
    d = s.deals[0]
    assert d["result"] == {"kind": "put-refused", "winner": 1}
    assert d["points"][0]["points"] == 1 and d["points"][0]["clause"] == "put.put.refused"
    assert s.score == [0, 1]


def test_put_cannot_be_recalled_and_is_made_once():
    # Cotton 1674, p. 132: "he that once hath the confidence to put on bad Cards cannot recal his putting".
    s = new("reconstruction", seed=1, hands=["3S 3H 3D", "4S 5S 7S"])
    s.apply("put")
    assert s.legal_actions() == ["see", "refuse"]     # nothing for the putter to take back
    s.apply("see")
    assert "put" not in s.legal_actions() and "throw-up" not in s.legal_actions()
    play(s, "play 4S", "play 3S")
    assert "put" not in s.legal_actions()               # put.put.once


def test_first_lead_versus_any_lead():
    # Cotton 1674, p. 131: the eldest puts (before the first trick); seed-put, "Put": either player when about to
    # lead to a trick.
    s = new("cotton-1674", seed=1, hands=["3S 9H 5S", "KH 4H 6H"])
    assert "put" in s.legal_actions()
    play(s, "play KH", "play 3S")
    assert "put" not in s.legal_actions()
    s = new("reconstruction", seed=1, hands=["3S 9H 5S", "KH 4H 6H"])
    play(s, "play KH", "play 3S")
    assert s.current_player() == 0 and "put" in s.legal_actions()


def test_five_up_is_the_game():
    # Cotton 1674, p. 131: "five up or a Putt is commonly the Game".
    s = new(seed=2)
    while not s.is_terminal():
        stack(s, ["4S 5S 7S", "3H 3D 3C"]) if s.current_player() == 1 else stack(s, ["3H 3D 3C", "4S 5S 7S"])
        play(s, "put", "refuse")
    assert max(s.score) == 5 and s.to_record()["won_by"] == "put.game.five-up"
    assert sorted(s.score) == [4, 5] and sum(ln["counters"] for ln in s.to_record()["ledger"]) == 9


def test_unput_deal_point_or_game():
    hands = ["3S 2S 5S", "KH 9H 6H"]
    s = new("cotton-1674", seed=1, hands=hands)
    play(s, "play KH", "play 3S", "play 2S", "play 9H")
    assert s.score == [1, 0] and not s.is_terminal()
    assert s.deals[0]["points"][0]["clause"] == "put.score.unput-point"
    s = new("reconstruction", seed=1, hands=hands)
    play(s, "play KH", "play 3S", "play 2S", "play 9H")
    assert s.is_terminal() and s.winner == 0 and s.to_record()["won_by"] == "put.score.unput-game"


def test_throwing_up_costs_a_point():
    # seed-put, "Put": "If non-dealer throws up his cards, he loses 1 point".
    s = new("cotton-1674", seed=1)
    assert "throw-up" not in s.legal_actions()
    s = new("reconstruction", seed=1)
    eldest = s.current_player()
    s.apply("throw-up")
    d = s.deals[0]
    assert d["result"] == {"kind": "thrown-up", "winner": 1 - eldest}
    assert d["points"][0]["clause"] == "put.throw-up.point" and s.score[1 - eldest] == 1


def test_without_putting_most_tricks_scores():
    # Cotton 1674, p. 132: "Sometimes they play without putting, and then the Winner is he that wins most tricks."
    s = new("without-putting", seed=1, hands=["3S 9H 5S", "KH 4H 6H"])
    assert "put" not in s.legal_actions() and "throw-up" not in s.legal_actions()
    play(s, "play KH", "play 3S", "play 5S", "play 6H", "play 4H", "play 9H")
    assert s.deals[0]["points"][0] == {"seat": 0, "points": 1, "clause": "put.no-put.point",
                                       "reason": "seat 0 won most tricks (2 tricks): one point"}


# -- three and four hands -----------------------------------------------------------------------------------------
def test_three_handed_put_answers_and_dropping_out():
    # Cotton 1674, p. 131: "or if you please you may play at three hands"; the rules for three are conjectural.
    s = new(players=3, seed=1)
    d = s.dealer
    eldest, second = (d + 1) % 3, (d + 2) % 3
    hands = [None] * 3
    hands[eldest], hands[second], hands[d] = "3S 3H 2S", "KH 9H 6H", "4D 5D 7D"
    stack(s, hands)
    play(s, "put", "see", "refuse")
    assert s.active[d] is False and s.current_player() == eldest
    play(s, "play 3S", "play KH")
    assert s.this_deal["tricks"][0]["plays"] == [[eldest, "3S"], [second, "KH"]]
    play(s, "play 3H", "play 9H")
    assert s.is_terminal() and s.winner == eldest
    s = new(players=3, seed=1)
    play(s, "put", "refuse", "refuse")
    assert s.deals[0]["result"]["kind"] == "put-refused" and s.score[s.deals[0]["result"]["winner"]] == 1


def test_three_handed_shared_highest_card_ties():
    s = new("without-putting", players=3, seed=1)
    d = s.dealer
    hands = [None] * 3
    hands[(d + 1) % 3], hands[(d + 2) % 3], hands[d] = "KS 4S 5S", "KH 6H 7H", "QD 8D 9D"
    stack(s, hands)
    play(s, "play KS", "play KH", "play QD")
    assert s.this_deal["tricks"][0]["winner"] is None and s.current_player() == (d + 1) % 3


def test_four_handed_partners_give_best_card_and_discard():
    # seed-put, "Four-handed Put": "any two of the players give each his best card to his partner, who then lays out
    # one of his, and the game is afterwards played as in two-handed Put."
    s = new(players=4, seed=3)
    d = s.dealer
    hands = [None] * 4
    hands[(d + 1) % 4], hands[(d + 2) % 4], hands[(d + 3) % 4], hands[d] = (
        "4S 5S 6S", "2H 2D 9H", "3C AC 7C", "KD QD JD")
    stack(s, hands)
    assert s.phase == "exchange" and s.current_player() == (d + 3) % 4
    assert s.legal_actions() == ["give 3C"]              # the best card only
    s.apply("give 3C")
    assert s.legal_actions() == ["give 2H", "give 2D"]   # equal best cards: either
    s.apply("give 2D")
    assert s.current_player() == (d + 1) % 4 and len(s.hands[(d + 1) % 4]) == 4
    play(s, "discard 4S", "discard JD")
    assert s.phase == "play" and s.current_player() == (d + 1) % 4 and sorted(s.active_seats()) == sorted([d, (d + 1) % 4])
    assert s.view((d + 1) % 4)["received"] == "3C"
    rec = s.to_record()
    assert rec["partners"] == [[0, 2], [1, 3]] and rec["deals"][0]["playing"] == [(d + 1) % 4, d]
    s.apply("put")
    s.apply("refuse")
    assert s.seat_score((d + 1) % 4) == 1 and s.seat_score((d + 3) % 4) == 1   # partners share the score
    assert s.to_record()["score"][(d + 3) % 4] == 1


# -- Truc ----------------------------------------------------------------------------------------------------------
def test_truc_double_accept_and_refuse():
    # seed-put, "Truc": a player about to play to a trick may offer to double; the other may throw in his hand.
    s = new("truc", seed=1)
    e, d = by_role(s, eldest="KH QH JH", dealer="6S 7S AS")
    assert "put" not in s.legal_actions() and "double" in s.legal_actions()
    play(s, "double", "accept")
    assert s.value_now == 2 and s.current_player() == e and "double" not in s.legal_actions()
    play(s, "play KH")
    assert s.current_player() == d and "double" in s.legal_actions()   # the other may double now
    play(s, "double", "refuse")
    assert s.deals[0]["result"] == {"kind": "double-refused", "winner": d}
    assert s.score[d] == 2 and s.score[e] == 0


def test_truc_deal_value_and_twelve_points():
    # seed-put, "Truc": two tricks, or one and two ties, score a point (here doubled to 2); twelve points a game.
    s = new("truc", seed=1)
    e, d = by_role(s, eldest="KH QH JH", dealer="6S 7S AS")
    play(s, "double", "accept", "play KH", "play 6S", "play 7S", "play QH")
    assert s.score[d] == 2 and s.deals[0]["points"][0]["clause"] == "put.truc.point"
    assert s.options.game_points == 12
    s = new("truc", seed=1)
    e, d = by_role(s, eldest="KH QH JH", dealer="6S 7S AS")
    for _ in range(4):
        assert "double" in s.legal_actions()
        play(s, "double", "accept")
        s.last_doubler = None if s.value_now < 12 else s.last_doubler
    assert s.value_now == 16 and "double" not in s.legal_actions()   # no double once worth the game


def test_truc_rubber_of_two_games():
    # seed-put, "Truc": "the first to reach 12 points wins the game, and the first to win two games wins the
    # rubber" (put.truc.rubber); the deal goes on passing to the left between games (put.rubber.next-deal).
    assert SPEC.presets["truc"].options.rubber == 2 and SPEC.presets["truc-32"].options.rubber == 2
    assert PutOptions().rubber == 1 and "rubber=2" in SPEC.presets["truc"].options.to_string()
    from gamester.games.put import BOTS
    for seed in range(4):
        s = new("truc", seed=seed)
        bots = [BOTS["calculating"](seed), BOTS["bold"](seed + 1)]
        while not s.is_terminal():
            p = s.current_player()
            s.apply(bots[p].choose(s, p))
        rec = s.to_record()
        r = rec["rubber"]
        assert r["clause"] == "put.truc.rubber" and r["games_to_win"] == 2
        assert len(r["games"]) in (2, 3)
        assert [g["winner"] for g in r["games"]].count(rec["winner"]) == 2 == r["games_won"][rec["winner"]]
        assert r["games"][-1]["winner"] == rec["winner"]
        for g in r["games"]:
            assert max(g["score"]) >= 12 and g["score"][g["winner"]] >= 12
            assert g["won_by"] == "put.truc.game"
        # the second game starts from nothing, with the deal passing on
        second = r["games"][1]["deals"][0]
        assert rec["deals"][second - 1]["game"] == 2
        assert rec["deals"][second - 1]["dealer"] == 1 - rec["deals"][second - 2]["dealer"]
        assert sum(p["points"] for d in rec["deals"][second - 1:r["games"][1]["deals"][1]] for p in d["points"]) \
            == sum(r["games"][1]["score"])
        assert replay(json.loads(json.dumps(rec))).to_record() == rec
    # rubber=1 keeps the single game, and no rubber fields
    s = new("truc(betting=double,ranking=truc,pack=28,game_points=12,throw_up=allowed,rubber=1)", seed=2)
    assert "rubber" not in s.to_record() and "game" not in s.this_deal


def test_rubber_view_and_cli_text(capsys):
    s = new("truc", seed=5)
    v = s.view(0)
    assert v["games_won"] == [0, 0] and v["game"] == 1
    assert main(["play", "put", "--seed", "5", "--ruleset", "truc"]) == 0
    out = capsys.readouterr().out
    assert "game 1 (deals 1-" in out and "the rubber to seat" in out and "(game 2 of the rubber)" in out


# -- notation, views, records, CLI ---------------------------------------------------------------------------------
def test_card_notation_in_actions():
    s = new(seed=1, hands=["10S 9S 5S", "KH 4H 6H"])
    s.apply("play KH")
    s.apply("play TS")
    assert s.this_deal["tricks"][0]["plays"][1] == [0, "10S"]
    with pytest.raises(NotationError, match="ZZ"):
        s.apply("play ZZ")
    with pytest.raises(IllegalActionError, match="play 3S"):
        s.apply("play 3S")


def test_views_hide_the_other_hand():
    s = new(seed=1, hands=["10S 9S 5S", "KH 4H 6H"])
    v = s.view(0)
    assert v["hand"] == "10S 9S 5S" and v["hands"] == ["10S 9S 5S", 3] and "KH" not in json.dumps(v)
    assert v["legal"] == [] and s.view(1)["legal"] == s.legal_actions()
    assert s.view(None)["hands"] == ["10S 9S 5S", "KH 6H 4H"]
    with pytest.raises(NotationError):
        s.view(5)


def test_record_fields_and_replay():
    state = new(seed=9)
    from gamester.games.put import BOTS
    bots = [BOTS["calculating"](1), BOTS["bold"](2)]
    while not state.is_terminal():
        p = state.current_player()
        state.apply(bots[p].choose(state, p))
    rec = state.to_record()
    for d in rec["deals"]:
        assert {"dealer", "hands", "tricks", "puts", "points", "result"} <= d.keys()
        for t in d["tricks"]:
            assert set(t) >= {"plays", "winner"}
    assert {"score", "winner", "cut", "ledger"} <= rec.keys()
    assert replay(json.dumps(rec)).to_record() == rec
    assert state.current_player() == TERMINAL and state.legal_actions() == []


def test_cli_play_and_deal(capsys):
    assert main(["play", "put", "--players", "2", "--seed", "7", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["game"] == "put" and rec["winner"] in (0, 1)
    assert replay(rec).to_record() == rec
    assert main(["play", "put", "--seed", "7", "--ruleset", "truc", "--bots", "bold,cautious"]) == 0
    assert "winner" in capsys.readouterr().out
    assert main(["deal", "put", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Deal 1" in out and "odds at the start" in out
    assert main(["deal", "put", "--seed", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["odds_at_start"]) == {"0", "1"}
    assert {o["method"] for o in data["odds_at_start"].values()} == {"exact"}


def test_cli_deal_says_how_the_odds_were_reached(capsys):
    # three hands: the first trick's odds are a seeded estimate, with its sample size and standard errors
    assert main(["deal", "put", "--seed", "2", "--players", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["odds_at_start"]) == {"0", "1", "2"}
    for o in data["odds_at_start"].values():
        assert o["method"] == "monte-carlo" and o["samples"] == 1000 and 0 <= o["standard_error"]["win"] < 0.02
    assert data["odds_basis"].startswith("estimated, not exact: 1000 deals")
    assert main(["deal", "put", "--seed", "2", "--players", "3"]) == 0
    assert "(estimated, standard error" in capsys.readouterr().out
    # four hands: approximate, and said so
    assert main(["deal", "put", "--seed", "2", "--players", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["odds_basis"].startswith("approximate, not exact")
    assert {o["method"] for o in data["odds_at_start"].values()} == {"approximate"}


@pytest.mark.parametrize("argv, words", [
    (["play", "put", "--players", "5", "--seed", "1"], "2 to 4 players"),
    (["play", "put", "--seed", "1", "--bots", "nobody"], "unknown bot 'nobody'"),
    (["play", "put", "--seed", "1", "--ruleset", "truc", "--players", "3"], "2 players"),
    (["play", "put", "--seed", "1", "--ruleset", "truc(pack=52)"], "Truc ranking"),
    (["play", "put", "--seed", "1", "--option", "pack=40"], "pack"),
    (["play", "put", "--seed", "-3"], "deal number"),
    # flags that mean nothing for Put are refused, not ignored
    (["play", "put", "--seed", "1", "--deals", "3"], "no deals for the play command of put"),
    (["play", "put", "--seed", "1", "--deals", "0"], "no deals for the play command of put"),
    (["play", "put", "--seed", "1", "--bots", ","], "names no bot"),
    (["play", "put", "--seed", "1", "--bots", ""], "names no bot"),
    (["play", "put", "--seed", "1", "--players", "3", "--bots", "bold,cautious"], "2 bots for 3 players"),
    (["deal", "put", "--seed", "1", "--deals", "2"], "unrecognized arguments: --deals"),
    (["deal", "put", "--seed", "1", "--deals", "2"], "unrecognized arguments: --deals"),
    (["settle", "put", "--hand", "KS KH KD"], "put has no 'settle' command"),
    (["play", "put", "--seed", "1", "--option", "rubber=3"], "rubber=3"),
    (["deal", "put", "--seed", "1", "--ruleset", "truc", "--players", "4"], "2 players"),
])
def test_cli_bad_input_exits_2(capsys, argv, words):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert words in err and err.count("\n") == 1 and out == ""


def test_rulesets_listing(capsys):
    assert main(["rulesets", "put", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {r["name"] for r in data["rulesets"]} == set(PRESETS)
    assert len(pack(PutOptions(pack="28").order)) == 28


# -- the bots ------------------------------------------------------------------------------------------------------
def test_a_right_gamester_puts_on_a_five_seven_and_nine():
    # Cotton 1674, p. 132: "a right Gamester will put boldly upon very bad Cards sometimes, as upon a five, seven and
    # a nine" (put.strategy.bluff). The bold bot does, sometimes; the cautious one never does.
    from gamester.games.put import BOTS, win_chance
    bold = cautious = 0
    for seed in range(40):
        s = new(seed=seed)
        e, _ = by_role(s, eldest="5S 7H 9D", dealer="KS QH 4D")
        assert win_chance(s, e) < 0.1
        bold += BOTS["bold"](seed).choose(s, e) == "put"
        cautious += BOTS["cautious"](seed).choose(s, e) == "put"
    assert 0 < bold < 40 and cautious == 0


def test_the_calculating_bot_beats_the_random_one():
    from gamester.games.put import BOTS
    won = 0
    for g in range(30):
        s = new(seed=500 + g)
        me = g % 2
        seats = [BOTS["calculating"](g), BOTS["random"](g)] if me == 0 else [BOTS["random"](g), BOTS["calculating"](g)]
        while not s.is_terminal():
            p = s.current_player()
            s.apply(seats[p].choose(s, p))
        won += s.winner == me
    assert won >= 21


def test_a_reader_sees_the_odds_before_putting():
    s = new(seed=1, hands=["3S 2S 5S", "KH 9H 6H"])
    assert "put" in s.legal_actions()
    a = SPEC.analysis(s, 1)
    assert a["win"] + a["tie"] + a["lose"] == pytest.approx(1)
    assert set(a["cards"]) == {"play KH", "play 9H", "play 6H"}
    assert SPEC.analysis(s, 0)["win"] > a["win"]      # the Trey and Deuce are the better cards


def test_a_deal_ended_mid_trick_keeps_the_card_led():
    from gamester.games.put import deal_text
    s = new("reconstruction", seed=1, hands=["3S 9H 5S", "KH 4H 6H"])
    play(s, "play KH", "throw-up")
    d = s.deals[0]
    assert d["unfinished_trick"] == [[1, "KH"]] and d["tricks"] == []
    text = deal_text(d, 2)
    assert text.index("trick 1 (not finished): seat 1 KH") < text.index("seat 0 throws up his cards")

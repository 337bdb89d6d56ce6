"""Post and Pair, properties (hypothesis): counters are conserved, parse/format pairs round-trip, bad text
raises the documented error, and the fast show-down agrees with a plain reading of the rules.

``nox -s soak`` runs the slow test with GAMESTER_SOAK=100000 random games; the default run plays 2,000.
"""

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamester import NotationError, RulesetError, replay
from gamester.cards import FULL_PACK, Card, format_cards, parse_cards, shuffled
from gamester.clauses import get_clause
from gamester.games.post_and_pair import SPEC, PostAndPairState, Stakes, settle
from gamester.games.post_and_pair.rules import PRESETS, PostAndPairOptions
from gamester.state import play_out

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NO_DEADLINE = settings(deadline=None)  # Pyodide runs these too, more slowly
CHOICES = {s.name: s.choices for s in PostAndPairOptions.specs() if s.choices}


@st.composite
def rulesets(draw):
    """A preset with any mix of option overrides."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    changes = {k: draw(st.sampled_from(v)) for k, v in CHOICES.items() if draw(st.booleans())}
    changes["vye_max"] = draw(st.integers(1, 4))
    changes["revyes"] = draw(st.integers(0, 3))
    return PRESETS[preset].options.with_options({k: str(v) for k, v in changes.items()})


def check_game(state):
    rec = state.to_record()
    seen_cards = set()
    for d in rec["deals"]:
        assert sum(d["net"]) + d["box"] + sum(d["carried_out"].values()) - sum(d["carried_in"].values()) == 0
        cards = [c for h in d["hands"] for c in h.split()]
        assert len(cards) == len(set(cards))
        for ln in d["ledger"]:
            get_clause(ln["clause"])
            assert ln["counters"] > 0 and ln["reason"]
        for n in d["notes"]:
            get_clause(n["clause"])
        for who in d["winners"].values():
            assert who is None or (d["outcome"] != "show" or who in d["shown"])
        seen_cards |= set(cards)
    for a, b in zip(rec["deals"], rec["deals"][1:], strict=False):
        assert a["carried_out"] == b["carried_in"]
    assert sum(rec["net"]) + rec["box"] + sum(rec["left_on_table"].values()) == 0
    return rec


# -- conservation over random games -----------------------------------------------------------------------------
@FAST
@given(options=rulesets(), players=st.integers(2, 17), seed=st.integers(0, 2**40), deals=st.integers(1, 3),
       names=st.lists(st.sampled_from(["random", "cautious", "bold"]), min_size=1, max_size=1))
def test_counters_conserved_in_random_games(options, players, seed, deals, names):
    state = PostAndPairState(options.replace(deals=deals), players, seed)
    mix = [names[0], "random", "bold", "cautious"]
    play_out(state, [SPEC.make_bot(mix[i % 4], seed + i) for i in range(players)])
    rec = check_game(state)
    assert replay(json.loads(json.dumps(rec))).to_record() == rec


@FAST
@given(options=rulesets(), seed=st.integers(0, 2**40), players=st.integers(2, 17), data=st.data())
def test_show_down_conserves_counters(options, seed, players, data):
    deck = shuffled(FULL_PACK, random.Random(seed))
    hands = [tuple(deck[3 * i:3 * i + 3]) for i in range(players)]
    folded = data.draw(st.sets(st.integers(0, players - 1), max_size=players - 1))
    vyes = tuple(data.draw(st.integers(0, 5)) for _ in range(players))
    stakes = Stakes((1,) * players, (1,) * players, (1,) * players, vyes, (data.draw(st.integers(0, 9)), 0, 2))
    s = settle(options, hands, folded, stakes, turnup=deck[3 * players])  # the next card (trump=turn-up)
    carried_in = sum(stakes.carried)
    assert sum(s.net) + s.box + s.carried_out - carried_in == 0
    assert s.ledger.net(players) == s.net  # the lazily built ledger agrees with the fast figures
    for who in s.winners.values():
        assert who is None or who not in folded
    assert s.trump in ("S", "H", "D", "C")
    json.dumps(s.to_json())


# -- the fast show-down against a plain reading of the rules ----------------------------------------------------
POST_PTS = {r: i for i, r in enumerate("A 2 3 4 5 6 7 8 9 10".split(), 1)} | {"J": 10, "Q": 10, "K": 10}
COUNT_PTS = dict(POST_PTS, A=11)
ORDER = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def reference(o, hands, folded, turnup=None):
    """Who wins each dish, written out plainly from the clauses (slow, independent of the packed keys).
    ``turnup``: the card turned up after the deal, for trump=turn-up (pp.trump.turn-up)."""
    live = [p for p in range(len(hands)) if p not in folded]

    def set_key(rank):
        if o.pair_rank == "sort":  # pp.pair.same-sort: no ranking, the eldest wins
            return 0
        return (11 if rank == "A" else POST_PTS[rank]) if o.pair_rank == "points" else ORDER.index(rank)

    def best(keyf):
        keyed = [(keyf(hands[p]), -p) for p in live if keyf(hands[p]) is not None]
        return -max(keyed)[1] if keyed else None

    def royal(h):
        return set_key(h[0].rank.text) if len({c.rank.text for c in h}) == 1 else None

    def pair(h):
        ranks = [c.rank.text for c in h]
        twos = [r for r in ranks if ranks.count(r) == 2]
        return set_key(twos[0]) if twos else None

    def post(h):
        by_suit = {}
        for c in h:
            by_suit.setdefault(c.suit.letter, []).append(c)
        flush = max(by_suit.values(), key=len)
        if len(flush) < 2:
            return None
        pts = sorted(POST_PTS[c.rank.text] for c in flush)
        value = sum(pts)
        if len(flush) == 3 and value > 21:
            value = pts[1] + pts[2] if o.post_over_21 == "two-highest" else 20.5
        if len(flush) == 2 and o.ten_ace == "21" and pts == [1, 10]:
            value = 21
        return (len(flush), value)

    def post_suit(h):
        by_suit = [c.suit.letter for c in h]
        return max(set(by_suit), key=by_suit.count)

    counts = {s: sum(COUNT_PTS[c.rank.text] for h in hands for c in h if c.suit.letter == s) for s in "SHDC"}
    held = {c.suit.letter for p in live for c in hands[p]}

    def top(suits):
        m = max(counts[s] for s in suits)
        tied = [s for s in "SHDC" if s in suits and counts[s] == m]
        if o.trump_tie == "suit-order" or len(tied) == 1:
            return tied[0]
        for p in live:
            mine = [(ORDER.index(c.rank.text), -"SHDC".index(c.suit.letter), c.suit.letter)
                    for c in hands[p] if c.suit.letter in tied]
            if mine:
                return max(mine)[2]
        return tied[0]

    w_post = best(post)
    if o.trump == "turn-up" and turnup.suit.letter in held:
        trump = turnup.suit.letter
    elif o.trump == "best-post" and w_post is not None:
        trump = post_suit(hands[w_post])
    else:
        trump = top("SHDC")
        if trump not in held:
            trump = post_suit(hands[w_post]) if w_post is not None else top(held)

    def trump_key(h):
        ts = [ORDER.index(c.rank.text) for c in h if c.suit.letter == trump]
        return max(ts) if ts else None

    w_trump = best(trump_key)
    w_royal = best(royal)
    if w_royal is not None:
        return trump, {"pair": w_royal, "post": w_royal, "seat": w_royal}
    w_pair = best(pair)
    return trump, {"pair": w_pair if w_pair is not None else w_trump,
                   "post": w_post if w_post is not None else (w_trump if o.no_post == "best-trump" else None),
                   "seat": w_trump}


@settings(max_examples=300, deadline=None)
@given(options=rulesets(), seed=st.integers(0, 2**40), players=st.integers(2, 17), data=st.data())
def test_show_down_agrees_with_the_plain_rules(options, seed, players, data):
    deck = shuffled(FULL_PACK, random.Random(seed))
    hands = [tuple(deck[3 * i:3 * i + 3]) for i in range(players)]
    folded = data.draw(st.sets(st.integers(0, players - 1), max_size=players - 1))
    s = settle(options, hands, folded, turnup=deck[3 * players])  # the next card, used under trump=turn-up
    assert (s.trump, s.winners) == reference(options, hands, folded, deck[3 * players])


def test_reference_agrees_on_rigged_small_tables():
    # Many pairs, posts and near ties: 2-4 hands drawn from few ranks.
    rng = random.Random(5)
    small = [c for c in FULL_PACK if c.rank.text in ("A", "K", "Q", "10", "9", "2")]
    for _ in range(3000):
        n = rng.randint(2, 4)
        deck = shuffled(small, rng)
        hands = [tuple(deck[3 * i:3 * i + 3]) for i in range(n)]
        folded = {p for p in range(n) if rng.random() < 0.25}
        if len(folded) == n:
            folded = set()
        o = rng.choice(list(PRESETS.values())).options.replace(
            trump_tie=rng.choice(["eldest", "suit-order"]), no_post=rng.choice(["best-trump", "carry"]),
            post_over_21=rng.choice(["two-highest", "twenty-and-a-half"]))
        s = settle(o, hands, folded)
        assert (s.trump, s.winners) == reference(o, hands, folded), (format_cards(sum(hands, ())), folded, o)


# -- parse / format round-trips, and bad text ---------------------------------------------------------------------
@NO_DEADLINE
@given(options=rulesets(), deals=st.integers(1, 1000))
def test_ruleset_string_round_trips(options, deals):
    o = options.replace(deals=deals)
    assert SPEC.parse_ruleset(o.to_string()) == o
    assert SPEC.parse_ruleset(str(o)).to_string() == o.to_string()


@NO_DEADLINE
@given(seed=st.integers(0, 2**40), n=st.integers(1, 17))
def test_hands_round_trip(seed, n):
    deck = shuffled(FULL_PACK, random.Random(seed))
    hands = [tuple(deck[3 * i:3 * i + 3]) for i in range(max(n, 2))]
    texts = [format_cards(h) for h in hands]
    assert [parse_cards(t) for t in texts] == hands
    assert settle(None, texts).to_json()["hands"] == texts
    assert [Card.parse(str(c)) for c in deck] == deck


@NO_DEADLINE
@given(text=st.text(max_size=20))
def test_random_hand_text_parses_or_raises_notation_error(text):
    try:
        s = settle(None, [text, "2S 3S 4S"])
    except NotationError:
        return
    assert len(s.hands[0]) == 3


@NO_DEADLINE
@given(text=st.text(max_size=40))
def test_random_ruleset_text_parses_or_raises_ruleset_error(text):
    try:
        o = SPEC.parse_ruleset(text)
    except RulesetError:
        return
    assert isinstance(o, PostAndPairOptions)


@NO_DEADLINE
@given(text=st.text(max_size=15))
def test_random_actions_are_refused_cleanly(text):
    state = PostAndPairState(PostAndPairOptions(), 3, 1)
    before = state.to_record()
    try:
        state.apply(text)
    except (NotationError, RulesetError, ValueError):
        assert state.to_record() == before
        return
    assert " ".join(text.split()) in ("seat", "abandon")


# -- the long run --------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_soak_random_games():
    games = int(os.environ.get("GAMESTER_SOAK", 2000))
    rng = random.Random(1674)
    option_sets = [p.options for p in PRESETS.values()]
    names = ["random", "cautious", "bold"]
    for i in range(games):
        base = option_sets[i % 2]
        changes = {k: rng.choice(v) for k, v in CHOICES.items() if rng.random() < 0.5}
        changes["deals"] = str(rng.randint(1, 3))
        options = base.with_options({k: str(v) for k, v in changes.items()})
        players = rng.randint(2, 17) if i % 4 == 0 else rng.randint(2, 6)
        state = PostAndPairState(options, players, rng.getrandbits(40))
        play_out(state, [SPEC.make_bot(rng.choice(names), i * 17 + k) for k in range(players)])
        rec = check_game(state)
        if i % 100 == 0:
            assert replay(json.loads(json.dumps(rec))).to_record() == rec


# -- every preset x every option value, a few seeded games each ---------------------------------------------------
OPTION_VALUES = [(k, v) for k, vs in CHOICES.items() for v in vs]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("option, value", OPTION_VALUES, ids=[f"{k}={v}" for k, v in OPTION_VALUES])
def test_every_preset_and_option_value_conserves_counters(preset, option, value):
    options = PRESETS[preset].options.with_options({option: value, "deals": "2"})
    for seed in range(6):
        players = 2 + seed * 3
        state = PostAndPairState(options, players, seed)
        names = ["random", "bold", "cautious"]
        play_out(state, [SPEC.make_bot(names[(seed + i) % 3], seed * 7 + i) for i in range(players)])
        check_game(state)


def test_settle_accepts_any_card_notation():
    a = settle(None, [["qh", "Q♦", "QC"], "KS,KH,KD", (Card.parse("2c"), Card.parse("5C"), "9♠")])
    b = settle(PRESETS["reconstruction"].options, [parse_cards("QH QD QC"), parse_cards("KS KH KD"),
                                                    parse_cards("2C 5C 9S")])
    assert a.to_json() == b.to_json()
    assert settle("cotton-1674", ["QH QD QC", "KS KH KD"]).winners["pair"] == 1

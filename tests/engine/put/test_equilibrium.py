"""The solved strategy shipped as data, and the equilibrium bot that samples it (stdlib only: these tests also run
in Pyodide)."""

from __future__ import annotations

import re

import pytest

from gamester import get_game
from gamester.games.put import strategy
from gamester.games.put.bots import CalculatingBot, EquilibriumBot
from gamester.state import TERMINAL

SPEC = get_game("put")
STRIPPED = SPEC.presets["stripped-28"].options
KEY = re.compile(r"^(eldest|dealer)\|\d-\d\|(3|2|A|K|Q|J|10)( (3|2|A|K|Q|J|10)){2}\|"
                 r"((put|see|refuse|throw-up|play (3|2|A|K|Q|J|10))(,(put|see|refuse|throw-up|play (3|2|A|K|Q|J|10)))*)?$")


@pytest.fixture(scope="module")
def data():
    d = strategy.solved(STRIPPED.to_string())
    assert d is not None, "the 28-card pack's strategy file is shipped"
    return d


def test_the_file_has_the_documented_shape(data):
    assert data["game"] == "put" and data["ruleset"] == STRIPPED.to_string()
    assert set(data["values"]) == {f"{a}-{b}" for a in range(5) for b in range(5)}
    assert all(0 < p < 1 for p in data["values"].values())
    assert data["values"]["0-0"] != 0.5
    bad = [k for k in data["strategy"] if not KEY.match(k)]
    assert not bad, bad[:3]
    for k, row in list(data["strategy"].items())[::97]:
        assert row and all(0 < p <= 1 for p in row.values())
        assert sum(row.values()) == pytest.approx(1, abs=1e-4), k
    # every hand has its first decision at every score: the eldest plays or puts, the dealer sees or refuses
    assert "eldest|0-0|10 10 10||" in data["strategy"] or "eldest|0-0|10 10 10|" in data["strategy"]
    assert set(data["strategy"]["dealer|0-0|3 3 3|put"]) <= {"see", "refuse"}


def _deal_words(state, start):
    """The current deal's actions in the file's words, from the state's own history."""
    out = []
    for a in state.history[start:]:
        out.append(f"play {a.split()[1][:-1]}" if a.startswith("play ") else a)
    return out


#: every ruleset of the 28-card pack with putting whose whole strategy is shipped
SOLVED_PUTTING = ["stripped-28"]


def test_the_reconstructions_summary_is_shipped_listed_and_played_first():
    """The modern account's fuller rules at 28 cards are solved to the goal, but only a summary ships (the whole
    strategy is 1.6 million decisions): values at every score and the first decisions. The index lists it, so the
    bot takes each deal's first decision from it, and plays as ``calculating`` after."""
    options = SPEC.options_for("reconstruction(pack=28)")
    data = strategy.solved(options.to_string())
    assert data is not None and data is strategy.summary("reconstruction-28") and strategy.first_decisions_only(data)
    assert data["ruleset"] == options.to_string() and max(data["exploitability"].values()) <= 1e-4
    assert set(data["values"]) == {f"{a}-{b}" for a in range(5) for b in range(5)}
    bad = [k for k in data["strategy"] if not KEY.match(k)]
    assert not bad, bad[:3]
    assert all(k.endswith("|") or k.endswith("|put") for k in data["strategy"])
    assert set(data["strategy"]["eldest|0-0|3 3 3|"]) <= {"put", "play 3", "throw-up"}
    assert set(data["strategy"]["dealer|0-0|3 3 3|put"]) <= {"see", "refuse"}
    hit = 0
    for seed in range(20):
        state = SPEC.new_state(options, 2, seed)
        seat = state.current_player()
        row = data["strategy"].get(strategy.key(state, seat))
        if row is None:
            continue
        hit += 1
        action = EquilibriumBot(seed).choose(state, seat)
        word = f"play {action.split()[1][:-1]}" if action.startswith("play ") else action
        assert row.get(word, 0) > 0, (row, action)                     # an action the summary plays there
    assert hit >= 10


@pytest.mark.parametrize("ruleset", SOLVED_PUTTING)
def test_the_key_is_the_position_each_bot_faces(ruleset):
    """Across whole games, the key's history is the deal's own actions (puts before any lead and throwing up
    included, where the rules allow them), and each key of a real decision is in the file with only legal actions
    in its row."""
    options = SPEC.options_for(ruleset)
    data = strategy.solved(options.to_string())
    assert data is not None, f"the strategy file of {ruleset} is shipped"
    seen = 0
    for seed in range(12):
        state = SPEC.new_state(options, 2, seed)
        bots = [EquilibriumBot(seed), CalculatingBot(seed + 1)]
        deal, start = 1, 0
        while state.current_player() != TERMINAL:
            if len(state.deals) != deal:
                deal, start = len(state.deals), len(state.history)
            seat = state.current_player()
            key = strategy.key(state, seat)
            assert key.split("|")[3] == ",".join(_deal_words(state, start))
            words = strategy.words(state)
            if len(words) > 1 and (seat == 0 or key in data["strategy"]):
                # the file leaves out what its own strategy never leads to, so only the equilibrium's seat (0)
                # is sure to find every decision it meets
                assert key in data["strategy"], key
                assert set(data["strategy"][key]) <= set(words)
                probs = strategy.probabilities(state, seat)
                assert sum(probs.values()) == pytest.approx(1)
                seen += 1
            elif len(words) > 1:
                assert strategy.probabilities(state, seat) is None
            action = bots[seat].choose(state, seat)
            assert action in state.legal_actions()
            state.apply(action)
    assert seen > 50


def test_where_nothing_is_solved_the_bot_plays_as_calculating():
    options = SPEC.presets["truc"].options
    for seed in range(3):
        a = SPEC.new_state(options, 2, seed)
        while a.current_player() != TERMINAL:
            s = a.current_player()
            mine, theirs = EquilibriumBot(seed + len(a.history)), CalculatingBot(seed + len(a.history))
            x = mine.choose(a, s)
            assert x == theirs.choose(a, s)
            a.apply(x)


def test_the_bot_follows_the_file(data):
    """At a first decision where the file mixes, the bot's choices over many seeds match its frequencies."""
    key = next(k for k, row in data["strategy"].items()
               if k.startswith("eldest|0-0|") and k.endswith("|") and 0.2 < row.get("put", 0) < 0.8)
    hand = key.split("|")[2].split()
    state = SPEC.new_state(STRIPPED, 2, 0)
    e = state.this_deal["eldest"]
    assert state.seat_score(e) == 0
    from gamester.cards import Card
    suits = iter("SHDC" * 3)
    used = {}
    cards = []
    for r in hand:
        used[r] = used.get(r, -1) + 1
        cards.append(Card.parse(r + "SHDC"[used[r]]))
    others = [c for c in state.pack if c not in cards][:3]
    del suits
    state.hands[e], state.hands[1 - e] = cards, others
    state.this_deal["hands"][e] = " ".join(str(c) for c in cards)
    assert strategy.key(state, e) == key
    n = 2000
    puts = sum(EquilibriumBot(s).choose(state, e) == "put" for s in range(n))
    p = data["strategy"][key]["put"]
    assert abs(puts / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_the_quiz_answers_with_the_solved_game(data, check_exercise):
    """By default the question is Cotton's game with the full pack, answered from its summary; with 28 cards from
    the whole strategy. A score where the eldest needs one point (a put changes nothing for him) is never asked."""
    from gamester.games.put import quiz
    full = strategy.solved(SPEC.options_for("cotton-1674").to_string())
    assert full is not None and strategy.first_decisions_only(full)
    for ruleset, solved, pack in ((None, full, "52 cards"), ("stripped-28", data, "28 cards")):
        answers = set()
        for seed in range(12):
            ex = quiz.make(seed, "equilibrium", ruleset)
            check_exercise(ex)
            assert pack in ex["question"]
            m = re.search(r"a score of (\d) to (\d)", ex["question"])
            assert m.group(1) != "4", ex["question"]
            hand = " ".join(c[:-1] for c in ex["hands"][0].split())
            p = solved["strategy"][f"eldest|{m.group(1)}-{m.group(2)}|{hand}|"].get("put", 0.0)
            assert ex["answer"] == ("Put" if p > 0.5 else "Play without putting")
            answers.add(ex["answer"])
        assert answers == {"Put", "Play without putting"}
    with pytest.raises(Exception, match="not solved"):
        quiz.make(1, "equilibrium", "reconstruction")


def test_the_numbers_tables_and_the_advice():
    from gamester.games.put import numbers_solved
    for name, fn in numbers_solved.TABLES.items():
        html = fn("")
        assert "<table" in html or "<svg" in html, name
    assert strategy.times(1 / 3) == "1 time in 3" and strategy.times(0.52) == "52 times in 100"
    assert strategy.times(0.999) == "always" and strategy.times(0.001) == "never"
    state = SPEC.new_state(STRIPPED, 2, 5)
    said = SPEC.analysis(state, state.current_player()).get("equilibrium")
    assert said and re.fullmatch(r"With these cards at 0-0 the solved game (always puts|never puts|puts \d+ times? in "
                                 r"\d+)\.", said), said


def test_from_a_summary_the_bot_plays_the_first_decisions_and_then_as_calculating(data, monkeypatch):
    """Where only a summary of a solved strategy ships (each deal's first decisions), the bot takes the eldest's
    first decision and the dealer's answer to a put from it, and plays every later decision as ``calculating``."""
    cut = {k: row for k, row in data["strategy"].items() if k.split("|")[3] in ("", "put")}
    summary = {**data, "strategy": cut, "information_sets": len(data["strategy"])}
    assert strategy.first_decisions_only(summary) and not strategy.first_decisions_only(data)
    monkeypatch.setattr(strategy, "solved", lambda ruleset: summary if ruleset == STRIPPED.to_string() else None)
    firsts = later = 0
    for seed in range(40):
        state = SPEC.new_state(STRIPPED, 2, seed)
        start = len(state.history)
        while state.current_player() != TERMINAL and state.this_deal is not None and len(state.history) < start + 8:
            seat = state.current_player()
            words = strategy.words(state)
            key = strategy.key(state, seat)
            bot, calc = EquilibriumBot(seed), CalculatingBot(seed)
            action = bot.choose(state, seat)
            if len(words) > 1 and key in cut:
                firsts += 1
                word = f"play {action.split()[1][:-1]}" if action.startswith("play ") else action
                assert cut[key].get(word, 0) > 0, (key, action)      # an action the summary plays
            elif len(words) > 1:
                later += 1
                assert action == calc.choose(state, seat), key       # after the first decisions: calculating
            state.apply(action)
            if len(state.history) > start and state.this_deal.get("tricks") and len(state.this_deal["tricks"]) > 1:
                break
    assert firsts > 20 and later > 20

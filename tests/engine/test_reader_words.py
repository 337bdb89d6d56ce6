"""What a newcomer reads (issue 21): players named for the reader, rules linked by their words, who won and why,
and the defects a first game met. Each test reads the HTML or the words a reader gets, as a reader would."""

from __future__ import annotations

import html
import random
import re

import pytest

import gamester  # noqa: F401  (registers every game and its clauses)
from gamester import commands, quiz, render
from gamester.clauses import all_clauses
from gamester.errors import GamesterError
from gamester.registry import get_game
from gamester.table import render as render_tbl
from gamester.table import table_for
from gamester.words import Names, player

#: What a reader never sees: a clause id, a passage id, a seat counted from 0, an engine settings string, the
#: tool that runs the engine, a command-line flag, the section sign of a bare passage id.
GAMES = sorted(gamester.all_games())
PREFIXES = "|".join(sorted({c.id.split(".")[0] for c in all_clauses()}))   # every game's clause ids
NEVER = re.compile(rf"\b(?:{PREFIXES})\.[a-z0-9-]+\.[a-z0-9-]+|\bcotton1674\.|\b[Ss]eats? \d(?!\d*[♠♥♦♣])|"
                   r"[a-z-]+\([a-z_]+=|"
                   r"Pyodide|(?<![\w-])--[a-z]|§|\((?:(?:10|[2-9JQKA])[SHDC] ?)+\)")
PASSAGES = {c.id: [["cotton1674.x.1.s1", "put/#cotton1674.x.1.s1", "Cotton, 1674, p. 132"]] for c in all_clauses()}


def text_of(fragment: str) -> str:
    """The visible text of an HTML fragment (tags dropped, attributes with them)."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)))


# -- the one namer ------------------------------------------------------------------------------------------------
def test_players_are_named_for_the_reader():
    assert player(0, reader=0, players=2) == "you"
    assert player(1, reader=0, players=2, role="dealer") == "the computer (dealer)"
    assert player(2, reader=0, players=4, role="dealer") == "Player 3 (dealer)"
    assert player(0, players=3) == "Player 1"


@pytest.mark.parametrize("reader, text, want", [
    (1, "Seat 1 (dealer) wins trick 2", "You win trick 2."),
    (0, "seat 0 throws up his cards", "You throw up your cards."),
    (0, "Seat 0 matches the vye of 3", "You match the vye of 3."),
    (0, "Seat 1 (eldest) leads; Seat 0 has the Three", "The computer (eldest) leads; you have the Three."),
    (None, "Seats 0 and 2 win the game", "Player 1 and Player 3 win the game."),
    (0, "Seat 1 gives Seat 0 his best card", "The computer gives you his best card."),
])
def test_the_engine_s_phrasing_becomes_the_reader_s(reader, text, want):
    assert Names(reader, 2 if reader is not None and "Seats" not in text else 4).sentence(text) == want


def test_every_rule_has_a_short_title():
    missing = [c.id for c in all_clauses() if not c.title]
    assert not missing
    long = [c.id for c in all_clauses() if len(c.title.split()) > 10]
    assert not long


# -- printed examples, handouts and quiz: words only ------------------------------------------------------------------
EXAMPLES = [("pp-deal", {"seed": "1674", "players": "4"}), ("pp-settle", {"hands": "QH QD QC|KS KH KD"}),
            ("pp-compare", {"hands": "JS JH 4C|KS KD 9D|10H AH 3S|QC 8C 2D", "rulesets": "reconstruction,cotton-1674"}),
            ("pp-deal", {"seed": "7", "ruleset": "cotton-1674", "options": "deals=2"}),
            ("put-play", {"seed": "1674"}), ("put-play", {"seed": "3", "players": "4"}),
            ("spec-play", {"seed": "1674"}), ("spec-play", {"seed": "2", "players": "5"})]


@pytest.mark.parametrize("kind, args", EXAMPLES)
def test_printed_examples_speak_a_reader_s_words(kind, args):
    out = render.render(kind, args, passages=PASSAGES)
    text = text_of(out)
    assert not NEVER.findall(text), (NEVER.findall(text)[:5], text[:300])
    assert "Cotton, 1674, p. 132" in text  # a passage by a reader's locator
    assert "data-clause=" in out     # the ids stay in the apparatus


def test_a_ruleset_is_named_in_words():
    out = render.render("pp-deal", {"seed": "7", "ruleset": "cotton-1674", "options": "deals=2"})
    ruleset = re.search(r'<p class="gm-ruleset"[^>]*>(.*?)</p>', out).group(1)
    assert text_of(ruleset).strip() == "Rules: Cotton's rules (1674), gaps filled, except deals in the game: 2 ."


@pytest.mark.parametrize("game", GAMES)
def test_quiz_words_name_no_ids_and_no_seat_numbers(game):
    spec = get_game(game)
    for seed in range(6):
        ex = commands.quiz(spec, seed)["data"]
        shown = quiz.question_html(ex, quiz.seat_labels(ex, spec.site.quiz_seats)) + quiz.explanation_html(
            ex, "../", PASSAGES) + " ".join(ex["choices"])
        assert not NEVER.findall(text_of(shown)), (NEVER.findall(text_of(shown)), ex["question"])
        assert ex["answer"] in ex["choices"]


def test_errors_are_host_neutral():
    with pytest.raises(GamesterError) as got:
        render.compute("pp-settle", {"hands": "QH QD QC"})
    assert "--" not in str(got.value) and "2 hands" in str(got.value)


# -- a live game, as a newcomer plays it --------------------------------------------------------------------------
def _playout(game: str, seed: int, players: int, reader: int | None = 0, ruleset: str | None = None,
             draw: bool = True):
    """Every position of a random game, with the reader's table: yields (state, table, html)."""
    spec = get_game(game)
    st = spec.new_state(spec.parse_ruleset(ruleset or spec.default_preset), players, seed)
    rng = random.Random(seed)
    while True:
        t = table_for(st, reader) if draw else None
        yield st, t, render_tbl(t) if t is not None else ""
        if st.is_terminal():
            return
        st.apply(rng.choice(st.legal_actions()))


def _end(game: str, seed: int, players: int, reader: int | None = 0):
    """The last position of :func:`_playout`'s game and its table (the positions before it are played, not drawn)."""
    *_, (st, _t, _out) = _playout(game, seed, players, reader, draw=False)
    t = table_for(st, reader)
    return st, t, render_tbl(t)


@pytest.mark.parametrize("game", GAMES)
def test_the_end_says_who_won_to_the_reader(game):
    spec = get_game(game)
    lo, hi = spec.new_state(spec.default_options(), 2, 0).player_range
    for seed in range(4):
        st, t, out = _end(game, seed, max(lo, min(3, hi)))
        head = text_of(re.search(r'<p class="gm-t-headline".*?</p>', out).group(0)).strip()
        # the reader is addressed ("You win ...", "You come out ahead ..."); the others by name
        assert re.match(r"(You|The computer|Player \d|Nobody)\b", head), head
        assert not NEVER.findall(text_of(out))


def test_against_one_computer_the_other_is_the_computer():
    st, t, out = _end("put", 5, 2)
    head = text_of(re.search(r'<p class="gm-t-headline".*?</p>', out).group(0)).strip()
    assert re.match(r"(You win|The computer wins) the game", head), head


def test_put_says_the_lead_once_and_explains_the_put():
    hinted = 0
    for seed in range(6):
        for _st, t, out in _playout("put", seed, 2):
            assert t.prompt.count(" led the ") + t.prompt.count(" leads the ") <= 1, t.prompt
            if any(c.action == "put" for c in t.choices):
                hint = re.search(r'class="gm-choice-hint"[^>]*>([^<]*)', out)
                assert hint and "game" in hint.group(1) and "point" in hint.group(1)
                hinted += 1
    assert hinted


def test_a_trick_won_by_a_three_says_why():
    said = []
    for seed in range(20):
        st, t, out = _end("put", seed, 2)
        said += [x.text for x in t.log if "the Three is the best card at Put" in x.text]
    assert said and all("wins trick" in x for x in said)


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


def test_stakes_lying_over_are_played_for_not_left_on_the_table():
    # Everyone passes at the first deal of a one-deal game: the stakes stay and the next deal plays for them.
    spec = get_game("post-and-pair")
    st = spec.new_state(spec.parse_ruleset("reconstruction"), 4, 1)
    for a in ["seat"] * 4 + ["pass", "drop", "drop", "pass"]:
        st.apply(a)
    assert not st.is_terminal() and len(st.deals) == 1
    t = table_for(st, 1)
    assert "Deal 1 is over" in t.between and "Deal 1 is over" not in t.prompt
    assert "12 counters lie on the table" in t.prompt
    rng = random.Random(3)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    rec = st.to_record()
    assert sum(rec["net"]) + rec["box"] + sum(rec["deals"][-1]["carried_out"].values()) == 0  # counters conserved
    assert len(rec["deals"]) >= 2


def test_a_tie_for_trumps_is_said_once():
    data = render.compute("pp-settle", {"hands": "QH QD QC|KS KH KD"})["results"][0]["data"]
    trump = [n["reason"] for n in data["notes"] if n["reason"].startswith("Trumps")]
    assert trump[0].startswith("Trumps: Hearts and Diamonds tie for most points"), trump
    assert not any("Hearts count most points" in x for x in trump)


def test_the_modules_examples_run():
    import doctest

    import gamester.table
    import gamester.words
    for m in (gamester.words, gamester.table):
        assert doctest.testmod(m).failed == 0, m.__name__

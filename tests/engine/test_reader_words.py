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
    # a "you" after a "your" (Seat 0's) still takes its verb: Post and Pair's settlement said "You receives 2"
    (0, "Post: Seat 1 beats Seat 0's two-card Post. Seat 0 receives 2", "Post: the computer beats your two-card Post. "
        "You receive 2."),
    (0, "Seat 0's pair beats Seat 1; Seat 0 takes 3 and pays his stake",
     "Your pair beats the computer; you take 3 and pay your stake."),
])
def test_the_engine_s_phrasing_becomes_the_reader_s(reader, text, want):
    assert Names(reader, 2 if reader is not None and "Seats" not in text else 4).sentence(text) == want


# -- printed examples, handouts and quiz: words only ------------------------------------------------------------------
def _examples():
    """Printed examples of every widget kind a seed makes (a kind that needs the reader's cards takes its examples
    from its game's tests): the default ruleset at seed 1674, the most players it shows (five at most) at seed 3,
    and another of its game's rulesets at seed 7."""
    for kind, (spec, w) in sorted(render.widgets().items()):
        if not set(w.required) <= {"seed", "rulesets"} or (w.one_of and "seed" not in w.one_of):
            continue
        args = {"rulesets": ",".join(list(spec.presets)[:2])} if "rulesets" in w.required else {}
        most = max(spec.allowed_players(spec.default_options()))
        yield kind, {**args, "seed": "1674"}
        yield kind, {**args, "seed": "3", "players": str(min(most, w.max_players or most, 5))}
        if "rulesets" not in args:
            other = next((r for r in spec.presets if r != spec.default_preset), spec.default_preset)
            yield kind, {"seed": "7", "ruleset": other}


EXAMPLES = list(_examples())


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


@pytest.mark.parametrize("game", [g for g in GAMES if gamester.all_games()[g].site.quiz_kinds])
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


def test_the_modules_examples_run():
    import doctest

    import gamester.table
    import gamester.words
    for m in (gamester.words, gamester.table):
        assert doctest.testmod(m).failed == 0, m.__name__


def test_a_seat_named_again_reads_as_it_did_the_first_time():
    """A seat's name is kept (words._NAMED) with its form at a sentence's start and whether it is "you": the same
    words met again, at a start or within a sentence, for the reader or not, are named as they were when new."""
    from gamester import words

    text = "seat 0 wins; then seat 0 takes his point. Seat 1 pays seat 0. Seat 0 (dealer) deals and seat 1 leads"
    want = {0: "You win; then you take your point. The computer pays you. You deal and the computer leads",
            1: "The computer wins; then the computer takes his point. You pay the computer. The computer (dealer) "
               "deals and you lead",
            None: "Player 1 wins; then Player 1 takes his point. Player 2 pays Player 1. Player 1 (dealer) deals and "
                  "Player 2 leads"}
    for reader, said in want.items():
        words._NAMED.clear()
        words._SAID.clear()
        assert Names(reader, 2).text(text) == said  # every seat new
        words._SAID.clear()
        assert Names(reader, 2).text(text) == said  # every seat's name kept
        assert Names(reader, 2).text(text) == said  # the whole text kept


def test_a_text_named_by_its_sentences_reads_as_named_whole():
    """A new text is named sentence by sentence and clause by clause, each kept (words.Names._sentences): the
    words are those of the whole text named at once (Names._text), whatever was named before, for every reader:
    a seat that starts a sentence, one after "; " or ": ", a "you" whose verb agrees, "you's", a stop at the end."""
    from gamester import words

    frags = ["Seat 0", "seat 1", "Seats 0 and 2", "Seat 1 (dealer)", "; Seat 0", "Seat 2 bids 3; ", "deal 5: seat 1 wins",
             "wins", "his", "and", "takes", "you's", "so", "if", "then", ".", ". ", ".  ", "; ", ";  ", ": ", ":  ", "!",
             "? ", ":", ",", " ", "\n", "throws up his cards", "matches", "is", "(", ")", "trick 2"]
    rnd = random.Random(1674)
    for _ in range(3000):
        text = "".join(rnd.choice(frags) + rnd.choice(["", " ", ". ", "; "]) for _ in range(rnd.randint(1, 10)))
        for reader in (0, 1, None):
            names = Names(reader, rnd.choice([2, 3, 4]))
            whole = names._text(text) if "eat" in text else text
            if rnd.random() < 0.5:
                words._SAID.clear()  # (else its sentences and clauses met before are kept)
            assert names.text(text) == whole, text

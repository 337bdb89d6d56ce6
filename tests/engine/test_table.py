"""The card table a reader sees (gamester.table and each game's games/<game>/table.py, GameSpec.table).

Random seeded games of each game are walked to the end, and every position is drawn for the reader's seat and
checked against the engine's own state and record: the roles shown are the deal's dealer and eldest (from the deal,
never the seat number), the reader's cards are face up and the others face down until the rules show them, every
legal action is exactly one button and every button a legal action, card buttons are named in words, the winner
shown is the record's, the totals under the ledger are the record's, no data key reaches the visible text, and the
HTML is well formed and escaped.
"""

from __future__ import annotations

import importlib.util
import pathlib
import re
import sys
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamester import Card, all_games, get_game
from gamester.clauses import all_clauses
from gamester.state import TERMINAL, RandomBot
from gamester.table import (
    Choice,
    End,
    LedgerRow,
    LogEntry,
    Pile,
    Pot,
    Seat,
    Table,
    chance_words,
    render,
    render_table,
    table_for,
)
from gamester.words import player

VOID = {"br", "img", "input", "hr", "meta", "link", "wbr", "col", "area", "base", "source", "track", "embed"}


class Node:
    def __init__(self, tag: str, attrs: dict, parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    def iter(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.iter()

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs):
        for n in self.iter():
            if tag and n.tag != tag:
                continue
            if cls and cls not in (n.attrs.get("class") or "").split():
                continue
            if any(n.attrs.get(k.replace("_", "-")) != v for k, v in attrs.items()):
                continue
            yield n


class Tree(HTMLParser):
    """A strict little parser: every element closed in order, or the HTML is not well formed."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root
        self.feed(text)
        self.close()
        assert self.cur is self.root, f"unclosed <{self.cur.tag}>"

    def handle_starttag(self, tag, attrs):
        n = Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, dict(attrs), self.cur))

    def handle_endtag(self, tag):
        assert tag not in VOID, f"</{tag}> closes a void element"
        assert self.cur.tag == tag, f"</{tag}> closes <{self.cur.tag}>"
        self.cur = self.cur.parent

    def handle_data(self, data):
        self.cur.children.append(data)


RAW = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]]|\bPhase\b|\bphase\b|answer-put|"
                 r"answer-double|turn-up-sale|no-bid|throw-up|\bseat \d|\bto_act\b|\blegal\b")
# Our ids and the engine's seat numbers never reach a reader: no clause id, no passage id, no "Seat 0".
PREFIXES = "|".join(sorted({c.id.split(".")[0] for c in all_clauses()}))   # every game's clause ids: pp, put...
READER_NEVER = re.compile(rf"\b(?:{PREFIXES})\.[a-z0-9-]+\.[a-z0-9-]+|\bcotton1674\.|\b[Ss]eats? \d|§")
CARD_WORDS = re.compile(r"^(Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Knave|Queen|King|Ace) of "
                        r"(Spades|Hearts|Diamonds|Clubs)$")


def visible_text(root: Node, cited: bool = True) -> str:
    """The text a reader sees; ``cited=False`` leaves out the clause ids shown as citations (``put.throw-up.point``),
    which are the edition's stable names for its rules, not data keys."""
    out = []
    for c in root.children:
        if isinstance(c, str):
            out.append(c)
        elif cited or not {"gm-clause", "gm-passage-id"} & set((c.attrs.get("class") or "").split()):
            out.append(visible_text(c, cited))
    return " ".join(out)


def faces(node: Node) -> tuple[list[str], int]:
    """(face-up card names, face-down count) drawn inside ``node``."""
    up, down = [], 0
    for n in node.find_all("span", cls="gm-face"):
        if n.attrs.get("role") != "img":
            continue
        if "gm-back" in n.attrs["class"].split():
            down += 1
        else:
            up.append(n.attrs["aria-label"].removesuffix(", the best trump"))
    return up, down


def names(cards) -> list[str]:
    return [Card.parse(c).name for c in (cards.split() if isinstance(cards, str) else cards)]


# -- what the engine says each position is ------------------------------------------------------------------------
#: every game's own expectations, in its test folder: tests/engine/<game>/referee.py, with roles(state) -> (dealer,
#: eldest), cards(state, reader, seat) -> (the face-up cards, the face-down count), CASES (the games walked),
#: PLAYERS and HEAVY_ANY (the property test's), and where the record is not one of deals, net, winners, ledger_lines
HERE = pathlib.Path(__file__).parent
GAMES = sorted(all_games())


def referee(game: str):
    """The game's tests/engine/<game>/referee.py: here, or beside the game's package in the checkout it was loaded
    from (the test game, which the generator writes into a temporary folder: tests/engine/conftest.py)."""
    pkg = game.replace("-", "_")
    path = HERE / pkg / "referee.py"
    module = sys.modules.get(f"gamester.games.{pkg}")
    if not path.is_file() and module is not None and module.__file__:
        path = pathlib.Path(module.__file__).resolve().parents[4] / "tests" / "engine" / pkg / "referee.py"
    if not path.is_file():
        return None
    name = f"referee_{game.replace('-', '_')}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[name] = module
    return sys.modules[name]


# Where a referee says nothing of them: the record's net per seat (``net``), the seats that came out ahead
# (``winners``), and the ledgers of its deals (``ledger_lines``).
def _net(state) -> list[int]:
    return state.to_record()["net"]


def _winners(state) -> list[int]:
    net = _net(state)
    top = max(net)
    return [s for s, v in enumerate(net) if v == top] if top > 0 else []


def _ledger_lines(state) -> list[dict]:
    return [ln for d in state.to_record()["deals"] for ln in d["ledger"]]


DEFAULTS = {"net": _net, "winners": _winners, "ledger_lines": _ledger_lines}


def said(game: str, what: str):
    """The referee's ``what`` for ``game``, or the default."""
    return getattr(referee(game), what, None) or DEFAULTS[what]


def test_every_game_has_a_referee_for_its_table():
    """A new game's table is checked like the others: its folder of tests says what the table must show."""
    missing = [g for g in GAMES if referee(g) is None]
    assert not missing, (f"no tests/engine/<game>/referee.py for {missing}: say there what the game's table must "
                         "show (see tests/engine/put/referee.py)")


# -- the checks on one drawing --------------------------------------------------------------------------------------
def check(state, reader: int) -> str:
    html = render_table(state, reader, base="../")
    tree = Tree(html).root
    n = state.players
    over = state.is_terminal()
    cp = None if over else state.current_player()

    ref = referee(state.game)
    net, winners, ledger_lines = (said(state.game, w) for w in ("net", "winners", "ledger_lines"))
    # roles from the deal's record
    dealer, eldest = ref.roles(state)
    seats = list(tree.find_all("li", cls="gm-seat"))
    assert [int(x.attrs["data-seat"]) for x in seats] == list(range(n))
    for x in seats:
        s = int(x.attrs["data-seat"])
        want = {r for r, who in (("dealer", dealer), ("eldest", eldest)) if who == s}
        shown = {r.text() for r in x.find_all("span", cls="gm-role")}
        assert shown == want, (s, shown, want, state.state_string())
        assert set(x.attrs["data-roles"].split()) == want
        assert (x.attrs.get("data-you") == "1") == (s == reader)
        assert ("gm-seat-turn" in x.attrs["class"].split()) == (s == cp)
        up, down = faces(x)
        want_up, want_down = ref.cards(state, reader, s)
        want_up = names(want_up)
        assert (sorted(up), down) == (sorted(want_up), want_down), (s, reader, up, down, state.state_string())

    # choices: each legal action exactly once, when the reader is to act; none otherwise
    buttons = list(tree.find_all("button"))
    for b in buttons:
        assert b.attrs.get("type") == "button"
        assert b.text().strip()
    actions = [b.attrs["data-action"] for b in buttons if "data-action" in b.attrs]
    if cp == reader:
        assert sorted(actions) == sorted(state.legal_actions()), state.state_string()
    else:
        assert actions == []
    for b in tree.find_all("button", cls="gm-choice-card"):
        face = next(b.find_all("span", cls="gm-face"))
        assert face.attrs.get("aria-hidden") == "true" and "aria-label" not in b.attrs
        name = " ".join(x.text() for x in b.find_all("span", cls="gm-sr"))
        assert CARD_WORDS.match(name), name
        assert name == Card.parse(b.attrs["data-action"].split()[1]).name

    # the end: the record's winner and totals
    heads = list(tree.find_all("p", cls="gm-t-headline"))
    if over:
        assert len(heads) == 1
        shown = [int(x) for x in heads[0].attrs["data-winners"].split()]
        assert shown == winners(state)
        for w in shown:  # the winner named for the reader: "You win ...", "The computer wins ...", "Player 2 ..."
            want = player(w, reader=reader, players=n)
            assert want in heads[0].text().lower() or want.capitalize() in heads[0].text(), (want, heads[0].text())
        totals = {int(r.attrs["data-seat"]): int(r.attrs.get("data-net", r.attrs.get("data-points", "")))
                  for r in tree.find_all("td") if "data-net" in r.attrs or "data-points" in r.attrs}
        assert [totals[s] for s in range(n)] == net(state)
        tables = list(tree.find_all("table", cls="gm-t-ledger"))
        assert len(tables) == (1 if ledger_lines(state) else 0)
        ledger = tables[0] if tables else Node("table", {}, None)
        assert not tables or next(ledger.find_all("caption")).text().strip()
        assert all(th.attrs.get("scope") in ("col", "row") for th in ledger.find_all("th"))
        assert sum(int(r.attrs["data-counters"]) for r in ledger.find_all("tr") if "data-counters" in r.attrs) == \
            sum(ln["counters"] for ln in ledger_lines(state))
    else:
        assert heads == []

    # words only: no data keys, no Python, no phase names in what a reader sees
    text = visible_text(tree, cited=True)
    bad = RAW.findall(text) + READER_NEVER.findall(text)
    assert not bad, (bad, text[:400])
    prompt = next(tree.find_all("p", cls="gm-t-prompt"))
    assert prompt.attrs.get("role") == "status" and prompt.text().strip()

    # structure: one title heading, sub-headings one level down, named scroll boxes
    levels = [int(x.tag[1]) for x in tree.iter() if re.fullmatch(r"h[1-6]", x.tag)]
    assert levels[0] == 3 and set(levels[1:]) <= {4}
    for box in tree.find_all(cls="gm-t-scroll"):
        assert box.attrs.get("tabindex") == "0" and box.attrs.get("aria-label")
    return html


def walk(game: str, ruleset: str | None, players: int, seed: int, bots: list[str] | None = None,
         every: int = 1) -> int:
    spec = get_game(game)
    opts = spec.default_options()
    if ruleset:
        name, _, deals = ruleset.partition(",deals=")
        opts = spec.presets[name].options
        if deals:
            opts = opts.with_options({"deals": deals})
    state = spec.new_state(opts, players, seed)
    seat_bots = [spec.make_bot(bots[i % len(bots)], seed * 13 + i) if bots else RandomBot(seed * 13 + i)
                 for i in range(players)]
    reader = seed % players
    checked = 0
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            check(state, reader)
            checked += 1
        if state.is_terminal():
            return checked
        p = state.current_player()
        state.apply(seat_bots[p].choose(state, p))
        step += 1
        assert step < 3000


CASES = [(g, *c) for g in GAMES if referee(g) for c in referee(g).CASES]


@pytest.mark.parametrize(("game", "ruleset", "players", "seed", "bots"),
                         [pytest.param(*c[:5], marks=[pytest.mark.heavy] if c[5] else []) for c in CASES],
                         ids=[f"{c[0]}-{c[1] or 'default'}-{c[2]}p-seed{c[3]}" for c in CASES])
def test_every_position_of_a_game(game, ruleset, players, seed, bots):
    assert walk(game, ruleset, players, seed, bots) >= 2


@pytest.mark.parametrize("game", [pytest.param(g, marks=[pytest.mark.heavy] if referee(g).HEAVY_ANY else [])
                                  for g in GAMES if referee(g)])
@settings(max_examples=5, deadline=None, derandomize=True)
@given(data=st.data())
def test_any_seed_any_table(game, data):
    """Any seed, any number of players: positions drawn for the reader (every fifth, and the end) pass the same
    checks."""
    lo, hi = referee(game).PLAYERS
    players = data.draw(st.integers(lo, hi), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    walk(game, None, players, seed, every=5)


def test_chances_read_as_percentages_or_one_in_n():
    assert chance_words(0.5) == "50%"
    assert chance_words(1 / 7) == "14%"
    assert chance_words(1 / 70) == "1 in 70"
    assert chance_words(0.0) == "none" and chance_words(1.0) == "certain"
    assert chance_words(0.9996) == "almost certain"   # a game's table shows them: tests/engine/put/


def test_everything_is_escaped():
    evil = '<script>alert("x")</script>&'
    t = Table(title=evil, subtitle=evil, seats=[Seat(0, name=evil, roles=[evil], cards=["QS"], status=[evil],
                                                    counters=[(evil, evil)], you=True)],
              centre=[Pile(evil, [(evil, "KH")], note=evil)], money=[Pot(evil, 3, evil, evil)], prompt=evil,
              choices=[Choice(evil, evil), Choice(evil, "play QS", card="QS")], choices_label=evil,
              log=[LogEntry(evil, 'x" onclick="y')],
              end=End(evil, [evil], [LedgerRow(evil, evil, 1, evil, evil, evil)], evil, [(0, evil, 1)], evil, [0]))
    html = render(t, base='"><b>')
    assert "<script>" not in html and "<b>" not in html and 'onclick="y' not in html
    tree = Tree(html).root
    assert evil in visible_text(tree)
    assert {b.attrs["data-action"] for b in tree.find_all("button")} == {evil, "play QS"}


def test_a_card_is_drawn_as_a_card():
    html = render(Table(title="t", seats=[Seat(0, cards=["9S", "10H"], hidden=2, you=True)]))
    tree = Tree(html).root
    up, down = faces(tree)
    assert up == ["Nine of Spades", "Ten of Hearts"] and down == 2
    red = [n for n in tree.find_all("span", cls="gm-red") if n.attrs.get("role") == "img"]
    assert [n.attrs["aria-label"] for n in red] == ["Ten of Hearts"]
    assert "♥" in visible_text(tree) and "10" in visible_text(tree)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_for_every_seat_and_none(game):
    spec = get_game(game)
    lo, hi = spec.player_range
    state = spec.new_state(spec.default_options(), min(max(lo, 3), hi), 9)
    for seat in (None, *range(state.players)):
        Tree(render_table(state, seat))
    with pytest.raises(ValueError):
        table_for(state, state.players)


def test_terminal_constant_is_what_the_walk_relies_on():
    assert TERMINAL < 0

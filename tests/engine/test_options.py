"""Options, presets and ruleset strings (gamester.options), the ledger and the clause registry."""

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamester import Ledger, RulesetError
from gamester.clauses import STATUSES, all_clauses, cite, clause, get_clause
from gamester.options import Options, Preset, option, parse_int, parse_pairs, parse_ruleset
from gamester.registry import all_games


@dataclass(frozen=True)
class ToyOptions(Options):
    GAME = "toy"
    trump: str = option("suit-count", choices=("suit-count", "best-post"), help="how trumps are found")
    stake: int = option(1, range=(1, 3), help="counters per stake")


PRESETS = {
    "modern": Preset("modern", ToyOptions(), "reconstructed", (cite("seed-postpair", "Settlement"),), "x"),
    "old": Preset("old", ToyOptions(trump="best-post"), "attested", (cite("cotton1674", "p. 150"),), "y"),
}


def parse(text):
    return parse_ruleset("toy", ToyOptions(), PRESETS, text)


def test_canonical_string_round_trips():
    o = ToyOptions(trump="best-post", stake=3)
    assert o.to_string() == "toy(trump=best-post,stake=3)"
    assert parse(o.to_string()) == o


def test_presets_and_overrides():
    assert parse("old") == ToyOptions(trump="best-post")
    assert parse("old(stake=2)") == ToyOptions(trump="best-post", stake=2)
    assert parse("toy()") == ToyOptions()
    assert parse(" toy ( stake = 2 ) ") == ToyOptions(stake=2)


@pytest.mark.parametrize("bad, words", [
    ("nosuch", "unknown ruleset 'nosuch'"),
    ("toy(colour=red)", "unknown option 'colour'"),
    ("toy(trump=none)", "trump='none'"),
    ("toy(stake=9)", "stake=9"),
    ("toy(stake=x)", "stake='x'"),
    ("toy(stake)", "write option=value"),
    ("toy(stake=1,stake=2)", "given twice"),
    ("toy(", "cannot read ruleset"),
])
def test_bad_rulesets_name_the_problem(bad, words):
    with pytest.raises(RulesetError) as e:
        parse(bad)
    assert words in str(e.value)


def test_options_validate_on_creation():
    with pytest.raises(RulesetError):
        ToyOptions(stake=0)
    with pytest.raises(RulesetError):
        ToyOptions(trump="x")


@given(st.sampled_from(["suit-count", "best-post"]), st.integers(1, 3))
def test_every_option_mix_round_trips(trump, stake):
    o = ToyOptions(trump=trump, stake=stake)
    assert parse(str(o)) == o


@given(st.text(max_size=40))
def test_random_ruleset_strings_parse_or_raise(text):
    try:
        o = parse(text)
    except RulesetError:
        return
    assert parse(str(o)) == o


def test_ledger_balances_sum_to_zero():
    led = Ledger()
    for seat in range(3):
        led.pay(seat, "post", 1, "post", "pp.stake.post", "stake at Post")
    led.pay("post", 2, 2, "post", "x", "best Post")
    led.pay("post", "box", 1, "post", "x", "odd counter to the box")
    assert led.net(3) == [-1, -1, 1]
    assert led.balance("post") == 0 and led.balance("box") == 1
    with pytest.raises(ValueError):
        led.pay(0, 1, -1, "x", "x", "x")


def test_ledger_sums_kept_follow_every_line_added():
    # the balances are kept between reads (only the lines added since are counted): lines added straight to the
    # list (as a game's show-down does), a copy, and a list replaced all read as counting every line afresh would
    import copy

    from gamester.ledger import Line

    def afresh(led, party):
        return sum(ln.counters for ln in led.lines if ln.payee == party) - \
            sum(ln.counters for ln in led.lines if ln.payer == party)

    led = Ledger()
    led.pay(0, "pool", 3, "s", "x", "stake")
    assert led.net(2) == [-3, 0] and led.balance("pool") == 3
    led.lines.append(Line("pool", 1, 2, "s", "x", "takes"))
    led.lines.extend([Line(1, 0, 1, "s", "x", "pays"), Line(0, 0, 5, "s", "x", "to himself")])
    twin = copy.deepcopy(led)
    led.pay(0, 1, 4, "s", "x", "pays")
    for party in (0, 1, "pool", "box"):
        assert led.balance(party) == afresh(led, party) and twin.balance(party) == afresh(twin, party)
    assert led.balances() == {0: -6, "pool": 1, 1: 5}
    led.balances()[0] = 99  # a copy: the sums kept are not changed
    assert led.net(2) == [-6, 5]
    led.lines[-1] = Line(0, 1, 1, "s", "x", "pays")  # (never done; counted afresh all the same)
    led.lines.pop(0)
    assert [led.balance(p) for p in (0, 1, "pool")] == [afresh(led, p) for p in (0, 1, "pool")]
    led.lines = []
    assert led.net(2) == [0, 0]


def test_clause_registry_rules():
    with pytest.raises(ValueError, match="status"):
        clause("toy.x", "s", "probable", cite("k", "p. 1"))
    with pytest.raises(ValueError, match="cites"):
        clause("toy.y", "s", "attested")
    with pytest.raises(ValueError, match="note"):
        clause("toy.z", "s", "conjectural", cite("k", "p. 1"))
    with pytest.raises(RulesetError, match="toy.unknown"):
        get_clause("toy.unknown")


def test_every_registered_clause_is_well_formed():
    ids = [c.id for c in all_clauses()]
    assert len(ids) == len(set(ids))
    for c in all_clauses():
        assert c.status in STATUSES and c.citations and c.statement
        assert any(c.id.startswith(sp.clause_prefix) for sp in all_games().values()), c.id
        if c.status != "attested":
            assert c.note, c.id


def test_every_game_has_presets_with_status_and_citations():
    for spec in all_games().values():
        assert len(spec.presets) >= 2, spec.name
        assert spec.default_preset in spec.presets
        assert spec.default_options() == spec.options(), "field defaults are the default preset"
        for p in spec.presets.values():
            assert p.citations
            assert spec.parse_ruleset(p.name) == p.options
            assert spec.parse_ruleset(p.options.to_string()) == p.options
        assert "random" in spec.bots


# -- the one reader of option pairs and whole numbers (CLI, markers, web API alike) ------------------------------
@pytest.mark.parametrize("source", ["trump=best-post,stake=2", "trump=best-post; stake=2",
                                    ["trump=best-post", " stake = 2 "], {"trump": "best-post", "stake": 2}])
def test_parse_pairs_reads_every_host_form_alike(source):
    assert parse_pairs(source) == {"trump": "best-post", "stake": "2"}
    assert ToyOptions().with_options(parse_pairs(source)) == ToyOptions(trump="best-post", stake=2)


@pytest.mark.parametrize("source, message", [("stake", "write option=value"), (["stake=1", "stake=2"], "given twice"),
                                             ("stake=1;stake=2", "given twice")])
def test_parse_pairs_refuses_bad_items(source, message):
    with pytest.raises(RulesetError, match=message):
        parse_pairs(source)


@pytest.mark.parametrize("text", ["١٢", "1_0", "+3", "3.0", "", "0x1"])
def test_numbers_are_ascii_digits_only(text):
    with pytest.raises(RulesetError, match="whole number"):
        parse_int(text, "seed", 0, 100)
    with pytest.raises(RulesetError):
        parse(f"toy(stake={text})")


def test_parse_int_range():
    assert parse_int("12", "seed", 0, 100) == 12
    for padded in (" 12 ", "12\n", "\u00a012", "12\u00a0", "\t12"):  # no padding (issue #24)
        with pytest.raises(RulesetError, match="whole number"):
            parse_int(padded, "seed", 0, 100)
    with pytest.raises(RulesetError, match="0..10"):
        parse_int("11", "seed", 0, 10)

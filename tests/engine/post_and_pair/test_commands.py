"""The Post and Pair command line: `gamester deal|settle|play|rulesets post-and-pair`, JSON and exit codes."""

import json

import pytest

from gamester import replay
from gamester.hosts.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_settle_json_contract(capsys):
    # seed-postpair, "Pair-royal": three Queens elder beat three Kings.
    data = run_json(capsys, "settle", "post-and-pair", "--hand", "QH QD QC", "--hand", "KS KH KD",
                    "--hand", "2C 5C 9S")
    assert {"trump", "winners", "ledger", "net", "box"} <= data.keys()
    assert data["winners"] == {"pair": 0, "post": 0, "seat": 0}
    assert data["trump"] in ("S", "H", "D", "C")
    assert data["net"] == [6, -3, -3] and data["box"] == 0 and sum(data["net"]) + data["box"] == 0
    assert all({"clause", "reason", "from", "to", "counters"} <= ln.keys() for ln in data["ledger"])
    assert data["follows"] == "reconstruction"


def test_settle_folded_and_ruleset(capsys):
    data = run_json(capsys, "settle", "post-and-pair", "--hand", "2H 3H 5D", "--hand", "4D 6C 8C",
                    "--hand", "AS KS QS", "--folded", "2")
    assert data["folded"] == [2] and data["trump"] == "C" and 2 not in data["winners"].values()
    assert data["net"][2] == -3
    data = run_json(capsys, "settle", "post-and-pair", "--hand", "JS JH 2C", "--hand", "KD KC 4H",
                    "--ruleset", "cotton-1674")
    assert data["winners"]["pair"] == 1 and data["follows"] == "cotton-1674"
    data = run_json(capsys, "settle", "post-and-pair", "--hand", "AS 2H 3D", "--hand", "KS 4H 5C",
                    "--option", "no_post=carry")
    assert data["winners"]["post"] is None and data["carried"] == 2
    assert sum(data["net"]) + data["box"] + data["carried"] == 0


def test_settle_text_explains(capsys):
    code, out, _ = run(capsys, "settle", "post-and-pair", "--hand", "JS JH 2C", "--hand", "KD KC 4H")
    assert code == 0
    assert "two Knaves beat two Kings; equal points, and the Knaves were elder" in out
    assert "[pp.showdown.elder-wins-ties]" in out and "Net: seat 0" in out


def test_deal_json_and_text(capsys):
    data = run_json(capsys, "deal", "post-and-pair", "--players", "4", "--seed", "1674")
    assert data["players"] == 4 and data["seed"] == 1674 and len(data["hands"]) == 4
    assert data["dealer"] == 3 and data["eldest"] == 0
    assert sum(data["net"]) + data["box"] + sum(data["carried_out"].values()) == 0
    assert all(ln["clause"].startswith("pp.") for ln in data["ledger"])
    again = run_json(capsys, "deal", "post-and-pair", "--players", "4", "--seed", "1674")
    assert again == data
    code, out, _ = run(capsys, "deal", "post-and-pair", "--players", "4", "--seed", "1674", "--ruleset",
                       "cotton-1674")
    assert code == 0 and "ruleset cotton-1674" in out and "Net:" in out


def test_play_record_replays(capsys):
    rec = run_json(capsys, "play", "post-and-pair", "--players", "5", "--seed", "3", "--deals", "3",
                   "--bots", "bold,cautious", "--bots", "random,bold,cautious")
    assert len(rec["deals"]) == 3 and rec["ruleset"].endswith("deals=3)")
    assert replay(rec).to_record() == rec
    code, out, _ = run(capsys, "play", "post-and-pair", "--players", "3", "--seed", "3", "--bots", "random")
    assert code == 0 and "--- deal 1 ---" in out and "Totals:" in out


def test_rulesets_listing(capsys):
    data = run_json(capsys, "rulesets", "post-and-pair")
    assert [r["name"] for r in data["rulesets"]] == ["reconstruction", "cotton-1674"]
    names = {o["name"] for o in data["options"]}
    assert {"trump", "post_over_21", "ten_ace", "dealer_pass"} <= names
    trump = next(o for o in data["options"] if o["name"] == "trump")
    assert trump["choices"] == ["suit-count", "best-post", "turn-up"]


@pytest.mark.parametrize("argv, words", [
    (["settle", "post-and-pair", "--hand", "ZZ", "--hand", "2S 3S 4S"], "'ZZ'"),
    (["settle", "post-and-pair", "--hand", "AS KS QS", "--hand", "AS 2H 3H"], "AS"),
    (["settle", "post-and-pair", "--hand", "AS AS QS", "--hand", "2H 3H 4H"], "twice"),
    (["settle", "post-and-pair", "--hand", "AS KS", "--hand", "2H 3H 4H"], "2 cards"),
    (["settle", "post-and-pair", "--hand", "AS KS QS 2C", "--hand", "2H 3H 4H"], "4 cards"),
    (["settle", "post-and-pair", "--hand", "AS KS QS"], "at least 2 hands"),
    (["settle", "post-and-pair"] + [x for i in range(18) for x in ("--hand", "2S 3S 4S")], "18"),
    (["settle", "post-and-pair", "--hand", "AS KS QS", "--hand", "2H 3H 4H", "--folded", "2"], "folded seat 2"),
    (["settle", "post-and-pair", "--hand", "AS KS QS", "--hand", "2H 3H 4H", "--folded", "-1"], "folded seat -1"),
    (["settle", "post-and-pair", "--hand", "AS KS QS", "--hand", "2H 3H 4H", "--folded", "0", "--folded", "1"],
     "every seat is folded"),
    (["settle", "post-and-pair", "--hand", "AS KS QS", "--hand", "2H 3H 4H", "--option", "foo=bar"], "'foo'"),
    (["settle", "post-and-pair", "--hand", "AS KS QS", "--hand", "2H 3H 4H", "--option", "ten_ace=12"], "ten_ace"),
    (["settle", "post-and-pair", "--hand", "AS KS QS", "--hand", "2H 3H 4H", "--ruleset", "hoyle"], "'hoyle'"),
    (["settle", "post-and-pair", "--hand", "AS KS QS", "--hand", "2H 3H 4H", "--players", "3"], "unrecognized arguments: --players"),
    (["deal", "post-and-pair", "--players", "18"], "18"),
    (["play", "post-and-pair", "--bots", "nobody"], "'nobody'"),
    (["play", "post-and-pair", "--players", "3", "--bots", "bold,bold"], "2 bots"),
    (["play", "post-and-pair", "--deals", "0"], "deals"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gamester: error:") and words in err


def test_settle_takes_its_parameters_and_a_list_once_per_item_or_in_one_flag(capsys):
    """Moved from tests/engine/hosts/test_cli.py (whose tests name no game): a flag no game's settle takes is
    refused, and a list parameter is given once per item or with its items in one flag, as the game separates them."""
    code, _, err = run(capsys, "settle", "post-and-pair", "--hand", "QH QD QC", "--hand", "KS KH KD", "--seed", "3")
    assert code == 2 and "unrecognized arguments: --seed 3" in err  # no game's settle takes a seed
    one = run(capsys, "settle", "post-and-pair", "--hand", "QH QD QC|KS KH KD", "--folded", "1", "--json")
    two = run(capsys, "settle", "post-and-pair", "--hand", "QH QD QC", "--hand", "KS KH KD", "--folded", "1",
              "--json")
    assert one == two and one[0] == 0 and json.loads(one[1])["winners"]

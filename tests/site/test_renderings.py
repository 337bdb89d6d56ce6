"""The engine's renderings read as prose and tables: each deal's own dealer, every trick of a Put deal, facts in
words, comparisons that show a difference, plain period-text headings. Checked against the CLI's records (not the
renderer's own data) wherever a number or seat is involved."""

from __future__ import annotations

import html
import json
import pathlib
import re

from gamester import all_games, render
from gamester.cards import Card
from gamester.hosts.cli import run

_TAG = re.compile(r"<[^>]+>")


def _text(fragment: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", fragment)).split())


def _deal_blocks(page_html: str) -> list[str]:
    return re.findall(r'<details class="gm-deal"[^>]*>(.*?)</details>', page_html, re.S)


def _seat_rows(block: str) -> dict[int, str]:
    """Seat number (from 0, the record's) -> its label ("Player 1 (eldest)", counting from 1), from a deal's seat
    table."""
    table = re.search(r'<table class="gm-seats">(.*?)</table>', block, re.S)
    assert table, block[:300]
    out = {}
    for cell in re.findall(r"<tr><td>(.*?)</td>", table.group(1), re.S):
        label = _text(cell)
        m = re.match(r"Player (\d+)", label)
        if m:
            out[int(m.group(1)) - 1] = label
    return out


def test_put_deals_mark_each_deals_own_dealer_and_show_every_trick() -> None:
    data, _text_out, _ = run(["play", "put", "--seed", "3", "--players", "2", "--json"])
    out = render.render("put-play", {"seed": "3", "players": "2"})
    blocks = _deal_blocks(out)
    assert len(blocks) == len(data["deals"]) >= 2
    dealers = set()
    for block, deal in zip(blocks, data["deals"], strict=True):
        seats = _seat_rows(block)
        dealer = deal["dealer"]
        dealers.add(dealer)
        assert "(dealer)" in seats[dealer], (deal["number"], seats)
        assert all("(dealer)" not in lab for s, lab in seats.items() if s != dealer), (deal["number"], seats)
        tricks = re.findall(r'<tr><th scope="row">Trick (\d+)</th><td>(.*?)</td><td>(.*?)</td></tr>', block, re.S)
        assert len(tricks) == len(deal["tricks"]) + (1 if deal.get("unfinished_trick") else 0)
        for (num, plays, who), t in zip(tricks, deal["tricks"], strict=False):
            shown = _text(plays)
            # every card of the trick, with its seat, in the order played
            order = [int(x) - 1 for x in re.findall(r"Player (\d+)", shown)]
            assert order == [s for s, _ in t["plays"]], (num, shown)
            names = re.findall(r'aria-label="([^"]+)"', plays)
            assert names == [Card.parse(c).name for _, c in t["plays"]], (num, names)
            assert _text(who).startswith("tied" if t["winner"] is None else f"Player {t['winner'] + 1}")
        for p in deal["puts"]:
            assert f"Player {p['seat'] + 1}" in _text(block) and "puts" in _text(block)
        for pt in deal["points"]:
            assert f"+{pt['points']}" in _text(block) and pt["clause"] in block
    assert dealers == {0, 1}, "the deal alternates between the two players"
    assert re.search(r'<details class="gm-deal" open>', out), "the first deal is open"


def test_speculation_deals_mark_their_own_dealer() -> None:
    data, _t, _ = run(["play", "speculation", "--seed", "5", "--players", "4", "--json"])
    blocks = _deal_blocks(render.render("spec-play", {"seed": "5", "players": "4"}))
    assert len({d["dealer"] for d in data["deals"]}) > 1
    for block, deal in zip(blocks, data["deals"], strict=True):
        seats = _seat_rows(block)
        assert "(dealer)" in seats[deal["dealer"]]
        assert "(eldest)" in seats[(deal["dealer"] + 1) % 4]   # the dealer's left turns first
        assert sum("(dealer)" in lab for lab in seats.values()) == 1


def test_post_and_pair_roles_come_from_the_record() -> None:
    data, _t, _ = run(["deal", "post-and-pair", "--seed", "3", "--players", "5", "--json"])
    seats = _seat_rows(render.render("pp-deal", {"seed": "3", "players": "5"}))
    assert "(dealer)" in seats[data["dealer"]] and "(eldest)" in seats[data["eldest"]]


def _facts(fragment: str) -> list[tuple[str, str]]:
    out = []
    for dl in re.findall(r'<dl class="gm-facts">(.*?)</dl>', fragment, re.S):
        out += [(_text(k), _text(v)) for k, v in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", dl, re.S)]
    return out


def test_facts_are_words_not_raw_values(pages: dict, site: pathlib.Path) -> None:
    seen = 0
    for game in [sp.site.page.strip("/") for sp in all_games().values()]:
        text = (site / game / "index.html").read_text(encoding="utf-8")
        for k, v in _facts(text):
            seen += 1
            assert not re.search(r"[\[\]{}]", v), (game, k, v)          # no JSON lists or objects
            assert v not in ("—", "None", "null", "doubled", "show", "unseen"), (game, k, v)
            assert not any(v.startswith(sp.clause_prefix) and " " not in v for sp in all_games().values()), \
                (game, k, v)   # a bare clause id
    assert seen > 30


def test_put_game_end_says_score_and_how_it_was_won() -> None:
    """A printed game of Put ends as the live table ends it: the winner and the score in words, and how the game
    was won (the rule's statement, linked)."""
    data, _t, _ = run(["play", "put", "--seed", "3", "--players", "2", "--json"])
    out = render.render("put-play", {"seed": "3", "players": "2"})
    end = re.search(r'<section class="gm-t-end".*?</section>', out, re.S).group(0)
    w = data["winner"]
    head = _text(re.search(r'<p class="gm-t-headline".*?</p>', end, re.S).group(0))
    assert head.startswith(f"Player {w + 1} wins the game"), head
    if data["score"][w] >= 5:
        assert f"{data['score'][w]} points to {data['score'][1 - w]}" in head, head
    how = [x for x in re.findall(r"<li>(.*?)</li>", end, re.S) if _text(x).startswith("How the game was won")]
    assert how and len(_text(how[0])) > 40
    assert f"clauses/#{data['won_by']}" in out


def test_every_comparison_on_the_site_shows_a_difference(site: pathlib.Path) -> None:
    pp = (site / "post-and-pair" / "index.html").read_text(encoding="utf-8")
    tables = re.findall(r'<table class="gm-compare-table">(.*?)</table>', pp, re.S)
    assert len(tables) >= 4
    for t in tables:
        assert 'class="gm-differs-row"' in t, _text(t)[:200]
    # Put and Speculation pair two examples of the same seed under two rulesets: their results differ.
    for game, kind in (("put", "put-play"), ("speculation", "spec-play")):
        src = (pathlib.Path(__file__).resolve().parents[2] / "docs" / f"{game}.md").read_text(encoding="utf-8")
        section = src.split("### One ", 1)[1].split("\n## ", 1)[0]
        args = [render.parse_marker_args(m) for m in re.findall(rf"<!-- example {game} (.*?) -->", section)]
        assert len(args) == 2 and args[0]["seed"] == args[1]["seed"] and args[0]["ruleset"] != args[1]["ruleset"]
        results = [render.compute(kind, a)["results"][0]["data"] for a in args]
        key = "score" if game == "put" else "net"
        assert json.dumps(results[0][key]) != json.dumps(results[1][key]) or \
            results[0].get("won_by") != results[1].get("won_by")


def test_period_text_headings_are_plain(site: pathlib.Path) -> None:
    pp = (site / "post-and-pair" / "index.html").read_text(encoding="utf-8")
    heads = re.findall(r'<div class="gm-head" id="[^"]+">(.*?)</div>', pp, re.S)
    assert heads and all("tabbed" not in h for h in heads)
    assert "CHAP. XXIII." in _text(heads[0])
    paras = re.findall(r'<section class="gm-para".*?</section>', pp, re.S)
    assert paras and all("tabbed-set" in p for p in paras)   # the switch stays on the paragraphs

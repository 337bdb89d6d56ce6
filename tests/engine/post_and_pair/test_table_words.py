"""Post and Pair's table in a reader's words: the turned-up card, a vye passed on, the roles moving with the deal,
stakes lying over, a tie for trumps. Moved here from the shared tests of the table (issues 21 and 31), which name
no game."""

from __future__ import annotations

import json
import random
import re

import pytest
from test_first_five_minutes import texts  # the shared test's reader's text of every position
from test_reader_words import NEVER, PASSAGES, text_of  # what a reader never sees, and how the text is read

from gamester import render
from gamester.hosts import web
from gamester.registry import get_game
from gamester.state import RandomBot
from gamester.table import table_for

SPEC = get_game("post-and-pair")


def test_the_turned_up_card_is_named_in_words_and_drawn_on_the_table():
    seen = 0
    for seed in (1, 2, 3, 4, 5):
        for st, text in texts("post-and-pair", "reconstruction", 4, seed, "trump=turn-up"):
            turnup = getattr(st, "turnup", None)
            if turnup is None or st.is_terminal():
                continue
            assert f"{turnup.name} is turned up" in text
            piles = [p for p in table_for(st, 0).centre if str(turnup) in [c for _w, c in p.plays]]
            assert piles, f"the turned-up {turnup.name} is not drawn on the table"
            # The trumps were the turn-up's: no word of counting them over folded hands.
            assert "counted towards the trump suit" not in text
            seen += 1
    assert seen


def test_a_vye_passed_on_names_the_places_not_roles_the_players_do_not_have():
    """"You vye as the eldest hand and Player 3 as the dealer" was said when Player 4 dealt."""
    said = []
    for seed in range(1, 40):
        for _st, text in texts("post-and-pair", "reconstruction", 4, seed):
            said += re.findall(r"[^.]*in the dealer's place[^.]*\.", text)
        if said:
            break
    assert said and all("first" in s and "last" in s for s in said), said[:3]


def test_post_and_pair_roles_move_with_the_deal():
    state = SPEC.new_state(SPEC.presets["reconstruction"].options.with_options({"deals": "3"}), 4, 5)
    bots = [RandomBot(i) for i in range(4)]
    dealers = []
    while not state.is_terminal():
        t = table_for(state, 0)
        dealers.append(next(s.index for s in t.seats if "dealer" in s.roles))
        p = state.current_player()
        state.apply(bots[p].choose(state, p))
    assert dealers[0] == 3 and set(dealers) == {3, 0, 1}


def test_stakes_lying_over_are_played_for_not_left_on_the_table():
    # Everyone passes at the first deal of a one-deal game: the stakes stay and the next deal plays for them.
    st = SPEC.new_state(SPEC.parse_ruleset("reconstruction"), 4, 1)
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


@pytest.mark.parametrize("kind, args", [
    ("pp-settle", {"hands": "QH QD QC|KS KH KD"}),
    ("pp-compare", {"hands": "JS JH 4C|KS KD 9D|10H AH 3S|QC 8C 2D", "rulesets": "reconstruction,cotton-1674"}),
    ("pp-deal", {"seed": "1674", "players": "4"}),
    ("pp-deal", {"seed": "7", "ruleset": "cotton-1674", "options": "deals=2"})])
def test_printed_examples_speak_a_reader_s_words(kind, args):
    """The shared test's check (tests/engine/test_reader_words.py) of the examples a seed does not make: the
    reader's own hands, and an option given."""
    out = render.render(kind, args, passages=PASSAGES)
    text = text_of(out)
    assert not NEVER.findall(text), (NEVER.findall(text)[:5], text[:300])
    assert "Cotton, 1674, p. 132" in text  # a passage by a reader's locator
    assert "data-clause=" in out     # the ids stay in the apparatus


def test_the_web_render_of_the_reader_s_hands_is_the_build_time_rendering():
    """The shared test's check (tests/engine/hosts/test_web.py) of a kind a seed does not make: hands settled."""
    args = {"hands": "QH QD QC|KS KH KD"}
    r = json.loads(web.handle(json.dumps({"op": "render", "kind": "pp-settle", "args": args})))
    assert r["ok"] and r["html"] == render.render("pp-settle", args) and "gm-example" in r["html"]
    bad = json.loads(web.handle(json.dumps({"op": "render", "kind": "pp-settle", "args": {**args, "evil": "<script>"}})))
    assert not bad["ok"] and "unknown argument" in bad["error"]


def test_a_new_deal_shows_no_vye_from_the_last():
    """The vye of a deal is over when the next is dealt: while the players stake the Seat, no seat shows counters
    "in the vyes" and the Vyes dish names no vye standing (they once showed the last deal's)."""
    from gamester.table import table_for

    spec = get_game("post-and-pair")
    seen = 0
    for seed in range(6):
        state = spec.new_state(spec.options_for(spec.default_preset, {"deals": "20"}), 4, seed)
        bot = random.Random(seed)
        while not state.is_terminal() and len(state.deals) < 3:
            if state.deals and state.phase == "seat":
                t = table_for(state, 0)
                assert all(n != "In the vyes" for s in t.seats for n, _ in s.counters), (seed, state.history)
                assert all("vye stands" not in p.note for p in t.money), (seed, state.history)
                assert state.view(0)["bet"] == 0 and not any(state.view(0)["vyed"].values())
                seen += 1
            state.apply(bot.choice(state.legal_actions()))
    assert seen > 10

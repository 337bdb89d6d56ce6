"""Each game's handout states every rule a deal needs (issue 33: Put's did not say who deals first, that the deal
alternates, who leads after a trick or a tie, or that a refused put ends the deal). The list is the game's own
(``handout: deal_needs:`` in sources/games/<game>/brief.yml): each clause in it must be summarised by a rule the
handout prints, and each of those rules must be printed. The words list gives a game's own sense of a word other
games share (Put's eldest hand and dealer, not Post and Pair's)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from gamester import all_games
from gamester_site.handout import deal_needs, handout, handout_rules
from gamester_site.store import brief, clause

DOCS = Path(__file__).resolve().parents[2] / "docs" / "teach"
GAMES = sorted(n for n, s in all_games().items() if (DOCS / f"{s.site.page.strip('/')}.md").is_file())


def printed(game: str) -> str:
    """The handout as its Teach page's marker makes it, as text."""
    page = (DOCS / f"{all_games()[game].site.page.strip('/')}.md").read_text(encoding="utf-8")
    marker = re.search(r"<!--\s*handout\s+(.*?)\s*-->", page).group(1)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", handout(marker, "../../"))))


@pytest.mark.parametrize("game", GAMES)
def test_the_handout_states_every_rule_a_deal_needs(game):
    needs = deal_needs(game)
    assert len(needs) >= 5, f"sources/games/{game}/brief.yml: handout: deal_needs lists the rules a deal needs"
    rules = [*brief()[game]["rules"], *handout_rules(game)]
    for cid in needs:
        assert clause(cid) is not None, f"{game}: deal_needs names {cid!r}, which is no clause of the engine"
    stated = {c for r in rules for c in r["clauses"]}
    missing = [c for c in needs if c not in stated]
    assert not missing, f"{game}: the handout states no rule for {missing}"
    text = printed(game)
    for r in rules:
        for c in r["clauses"]:
            assert clause(c) is not None, f"{game}: a handout rule names {c!r}, which is no clause"
        words = unescape(re.sub(r"[*_`]", "", str(r["text"])))
        assert " ".join(words.split()) in text, f"{game}: the handout does not print {r['text']!r}"


def test_puts_handout_says_who_deals_leads_and_that_a_refusal_ends_the_deal():
    text = printed("put")
    for needed in ("first dealer", "the better Put card deals", "the other player deals",
                   "leads to the next", "after a tied trick the same player leads again",
                   "A put refused ends the deal"):
        assert needed in text, needed
    # its words are Put's own: no Post and Pair details in the eldest hand's or the dealer's definition
    words = text.split(" Words ", 1)[1]
    assert "vye" not in words.lower() and "Post and Pair" not in words
    assert "leads to the first trick and may put" in words

"""The settings in a reader's words (issue 31): every option a game declares has a label and words for each of its
choices, every ruleset a title and its sources said, every computer player how it plays; none of them is made of
our names (an option key, a choice key, a ruleset name), and none carries the source-critical detail (whose reading,
which status) that the form keeps one click away. The form's script derives nothing from the keys: it shows these."""

from __future__ import annotations

import json
import re

import pytest

import gamester
from gamester.hosts import web

GAMES = sorted(gamester.all_games())
#: What a label or a choice's words never hold: a status word, a source's name, a key's underscore, a bare code.
NOT_IN_A_LABEL = re.compile(r"\b(?:attested|reconstructed|conjectural|reconstruction|Cotton|modern account|"
                            r"handbook|Hoyle|seed|bots?|equilibrium)\b|_|\bS > H\b|^\s*$", re.I)


def _keyish(text: str, key: str) -> bool:
    """Whether ``text`` is only ``key`` spelt out ("vye_max" -> "Vye max", "first-lead" -> "first lead")."""
    return re.sub(r"[-_ ]+", " ", text).strip().lower() == re.sub(r"[-_ ]+", " ", str(key)).strip().lower()


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_readers_label_and_words_for_each_choice(game):
    spec = gamester.all_games()[game]
    for s in spec.options.specs():
        assert s.label, f"{game}: option {s.name} declares no label (option(..., label=...))"
        assert not _keyish(s.label, s.name), f"{game}: option {s.name}'s label is its key: {s.label!r}"
        assert not NOT_IN_A_LABEL.search(s.label), f"{game}: option {s.name}'s label: {s.label!r}"
        words = dict(s.words)
        if s.choices is not None:
            assert set(words) == {str(c) for c in s.choices}, f"{game}: option {s.name} has no words for some choice"
        for value, said in words.items():
            assert not _keyish(said, value) or value.isdigit(), f"{game}: {s.name}={value} is said as its key"
            assert not NOT_IN_A_LABEL.search(said), f"{game}: {s.name}={value} is said as {said!r}"
        if s.range is not None:
            assert all(s.range[0] <= int(v) <= s.range[1] for v in words), f"{game}: {s.name}: words out of range"


@pytest.mark.parametrize("game", GAMES)
def test_every_ruleset_and_computer_player_is_named_for_a_reader(game):
    info = next(g for g in json.loads(web.handle(json.dumps({"op": "games"})))["games"] if g["name"] == game)
    titles = [p["title"] for p in info["presets"]]
    assert len(set(titles)) == len(titles), titles
    for p in info["presets"]:
        assert p["title"] and not _keyish(p["title"], p["name"]), p
        assert not re.search(r"\b(?:attested|reconstructed|conjectural)\b", p["title"] + p["sources"]), p
        assert p["sources"].endswith("."), p
    for o in info["options"]:  # exported through the JSON the form reads
        assert o["label"] and isinstance(o["words"], dict), o
    for name in info["bots"]:
        said = info["bot_words"][name]
        assert len(said.split()) >= 3 and not re.search(r"equilibrium|calculating", said), (name, said)


def test_a_rulesets_sources_are_said_from_its_statuses():
    put = gamester.all_games()["put"]
    assert put.presets["cotton-1674"].sources == ("Follows the period text; where it is silent, filled from a later "
                                                  "account and by our own reading.")
    assert put.presets["stripped-32"].sources == "Our own reading."

"""Post and Pair's Cotton ruleset as its status says it: attested, with reconstructed and conjectural fillings.
Moved here from tests/engine/test_ruleset_status.py, whose checks run over every game's presets."""

from gamester import all_games


def test_cotton_1674_is_attested_with_reconstructed_and_conjectural_fillings():
    pp = all_games()["post-and-pair"].presets["cotton-1674"]
    assert pp.status == "attested" and pp.derived_status == "conjectural"
    assert pp.label == "attested, with reconstructed and conjectural fillings"
    assert pp.to_json()["status"] == "conjectural" and pp.to_json()["follows"] == "attested"

"""Citations, editorial notes and the clause map: every quotation, id and key resolves."""

import copy

import pytest

from edition import checks, tei


def test_manifest_is_complete(ed):
    assert checks.check_manifest(ed) == []
    assert len(ed.texts) >= 17


def test_citations_quote_the_transcriptions_verbatim(ed, engine_clauses):
    assert checks.check_citations(ed, engine_clauses) == []


def test_citations_cover_1528_to_1892(ed):
    years = [c["year"] for c in ed.citations]
    assert min(years) == 1528 and max(years) == 1892
    assert {c["bib"] for c in ed.citations} >= {
        "barlowroye1528", "youth1557", "jewel1565", "davies1605", "heywood1607", "jonson1612", "jonson1616",
        "harington1615", "harington1618", "earle1628", "herrick1648", "rump1662", "humours1763", "jefferies1892",
        "aubrey1898"}


def test_unfound_citations_carry_no_invented_words(ed):
    unfound = [c for c in ed.citations if c["status"] == "not-found"]
    assert {c["id"] for c in unfound} >= {"jefferies1892", "aubrey"}
    for c in unfound:
        assert "quote" not in c and "passage" not in c
        assert "not found" in c["note"].lower() or "not quoted" in c["note"].lower()


def test_jewel_wins_all_by_vying(ed):
    c = next(c for c in ed.citations if c["id"] == "jewel1565")
    assert "pp.vye.unmatched" in c["clauses"]
    _, sentence = ed.resolve(c["passage"])
    assert "winne al by vicinge" in sentence


def test_notes_quote_verbatim_and_resolve(ed, engine_clauses):
    assert checks.check_notes(ed, engine_clauses) == []


@pytest.mark.parametrize("note_id", [
    "stripped-pack", "truc-ranks", "holme-1688", "earle-counters", "heywood-two-speeches", "jewel-replie",
    "davies-date", "dealer-play-out-or-double"])
def test_every_known_contradiction_has_a_note(ed, note_id):
    assert note_id in {n["id"] for n in ed.notes}


def test_a_misquotation_is_caught(ed, engine_clauses):
    """The seed's 'a doozen counters' (without 'of') must fail the quotation check."""
    bad = copy.copy(ed)
    bad.citations = [dict(c) for c in ed.citations]
    earle = next(c for c in bad.citations if c["id"] == "earle1628")
    earle["quote"] = "telling out a doozen counters for Post and Paire"
    problems = checks.check_citations(bad, engine_clauses)
    assert len(problems) == 1 and "do not occur in earle1628.1.s10" in problems[0]


def test_a_quote_joining_two_speeches_is_caught(ed):
    assert tei.normalise_for_match("she and I will take you at Post and Paire") not in \
        tei.normalise_for_match(ed.passage("heywood1607.24").reading_text)


def test_unknown_ids_and_keys_are_caught(ed, engine_clauses):
    bad = copy.copy(ed)
    bad.notes = [{"id": "x", "title": "t", "body": "b", "passages": ["cotton1674.pp.9"], "bib": ["nokey"],
                  "clauses": ["pp.no.such"]}]
    problems = checks.check_notes(bad, engine_clauses)
    assert any("cotton1674.pp.9" in p for p in problems)
    assert any("nokey" in p for p in problems)
    assert any("pp.no.such" in p for p in problems)


def test_engine_clauses_cite_known_keys(ed, engine_clauses):
    assert checks.check_engine_citations(ed, engine_clauses) == []


def test_every_engine_clause_is_in_the_clause_map(ed, engine_clauses):
    """Fails when the engine gains a clause the map lacks (intended: map it, with passages and a note)."""
    missing = sorted(engine_clauses.keys() - ed.clause_map.keys())
    assert missing == [], f"{len(missing)} engine clause(s) missing from sources/games/<game>/clause_map.toml: {missing}"


def test_every_map_entry_names_a_real_clause(ed, engine_clauses):
    stale = sorted(ed.clause_map.keys() - engine_clauses.keys())
    assert stale == [], f"a game's clause_map.toml names clauses the engine does not register: {stale}"


def test_clause_map_entries_are_consistent(ed, engine_clauses):
    problems = [p for p in checks.check_clause_map(ed, engine_clauses)
                if "engine clause" not in p and "which the engine does not register" not in p]
    assert problems == []


def test_attested_clauses_rest_on_period_passages(ed, engine_clauses):
    for cid, entry in ed.clause_map.items():
        if cid in engine_clauses and engine_clauses[cid].status == "attested":
            assert entry["passages"], cid


def test_the_whole_check_is_clean(ed):
    assert ed.check() == []


def test_engine_page_locators_agree_with_the_mapped_passages(ed, engine_clauses):
    assert checks.check_locators(ed, engine_clauses) == []


def test_a_wrong_engine_page_is_caught(ed, engine_clauses):
    from gamester.clauses import Citation

    c = engine_clauses["pp.showdown.elder-wins-ties"]  # Cotton p. 151: "the eldest hand carries it"
    wrong = dict(engine_clauses)
    wrong[c.id] = type(c)(c.id, c.statement, c.status, (Citation("cotton1674", "p. 150"),), c.note)
    problems = checks.check_locators(ed, wrong)
    assert problems == ["engine clause pp.showdown.elder-wins-ties cites cotton1674, p. 150, but the passages the "
                        "clause map gives for it are on p. 151"]


def test_every_quotation_in_clause_notes_and_readings_is_in_its_transcription(ed, engine_clauses):
    """Issue 32: the quotations inside clause notes and readings go through the same verbatim check as the pages'
    ('he that hath the biggest Card' for the print's 'He', 'The other remaining' for 'the other remaining', and an
    ellipsis that cut 'of Trumps' were typed, not checked)."""
    assert checks.check_clause_quotations(ed, engine_clauses) == []
    assert checks.check_reading_quotations(ed) == []
    notes = {c.id: c.note for c in engine_clauses.values()}
    assert "'He that hath the biggest Card'" in notes["ba.bone.all-cards"]
    assert "of Trumps" in notes["pp.pair.rank-order"]


def test_the_quotation_check_catches_a_changed_letter(ed, engine_clauses):
    bad = copy.copy(ed)
    bad.clause_map = {**ed.clause_map, "ba.bone.all-cards": {**ed.clause_map["ba.bone.all-cards"]}}
    clauses = dict(engine_clauses)
    c = clauses["ba.bone.all-cards"]
    clauses[c.id] = type(c)(c.id, c.statement, c.status, c.citations, "Cotton's 'he that hath the biggest Card'.")
    problems = checks.check_clause_quotations(bad, clauses)
    assert len(problems) == 1 and "he that hath the biggest Card" in problems[0]
    assert checks.quotations("Cotton's 'turn'd up' and “three Kings” and Adversaries' hands") == ["turn'd up",
                                                                                                 "three Kings"]

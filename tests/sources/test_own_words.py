"""The site's prose is our own: no run of 8 words shared with the seeds' modern prose.

The seeds (``../shared/seeds/*.txt`` beside the clone, or ``$GAMESTER_SEEDS``) are the modern accounts the project
started from. Their facts are ours to use, their wording is not. This test reads every place a reader meets our
words: the pages (``docs/**/*.md``), the site's data (``docs/data/*.yml``, ``sources/*.toml``, each game's files in
``sources/games/*/``), the engine's clause texts, ruleset summaries and option help (through the engine), and the
engine's modules (whose narration is shown in the examples and widgets). A run also found in a period transcription (``sources/**/*.xml``) is a quotation of
period text and is allowed, and so is text inside curly quotation marks (a quotation, always with its citation) and
the ``seed_reads`` field of a note (where a note gives a seed's wording in order to correct it).
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
N = 8
QUOTED = re.compile(r"[\u201c\u2018][^\u201d\u2019]{0,400}[\u201d\u2019]")


def seeds_dir() -> Path:
    return Path(os.environ.get("GAMESTER_SEEDS") or ROOT.parent / "shared" / "seeds")


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u017f", "s"))


def grams(text: str) -> set[str]:
    w = words(text)
    return {" ".join(w[i:i + N]) for i in range(len(w) - N + 1)}


def _without_quotations(text: str) -> str:
    return QUOTED.sub(" ", text)


def _toml_prose(path: Path) -> str:
    """Every string in a TOML file except the ``seed_reads`` fields (a seed's words, labelled as such)."""
    out: list[str] = []

    def walk(x, key=""):
        if isinstance(x, dict):
            for k, v in x.items():
                if k != "seed_reads":
                    walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key)
        elif isinstance(x, str):
            out.append(x)

    walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return "\n".join(out)


def site_prose() -> dict[str, str]:
    """Where our words are, by label: file paths, and ``engine:<clause id>`` etc. for the engine's texts."""
    out: dict[str, str] = {}
    for pattern in ("docs/**/*.md", "docs/data/*.yml", "sources/games/*/*.yml", "engine/**/*.py"):
        for f in sorted(ROOT.glob(pattern)):
            out[str(f.relative_to(ROOT))] = f.read_text(encoding="utf-8")
    for f in sorted((ROOT / "sources").glob("*.toml")) + sorted((ROOT / "sources").glob("games/*/*.toml")):
        out[str(f.relative_to(ROOT))] = _toml_prose(f)
    from gamester import all_games
    from gamester.clauses import all_clauses

    for c in all_clauses():
        out[f"engine clause {c.id}"] = f"{c.statement}\n{c.note}"
    for spec in all_games().values():
        for p in spec.presets.values():
            out[f"engine ruleset {spec.name}:{p.name}"] = p.summary
        for s in spec.options.specs():
            out[f"engine option {spec.name}:{s.name}"] = s.help
    return out


def period_grams() -> set[str]:
    period: set[str] = set()
    for f in (ROOT / "sources").rglob("*.xml"):
        period |= grams(re.sub(r"<[^>]+>", " ", f.read_text(encoding="utf-8")))
    return period


def shared_runs() -> dict[str, list[str]]:
    seed: set[str] = set()
    for f in seeds_dir().glob("*.txt"):
        seed |= grams(f.read_text(encoding="utf-8", errors="replace"))
    bad = seed - period_grams()
    hits = {}
    for label, text in site_prose().items():
        runs = sorted(grams(_without_quotations(text)) & bad)
        if runs:
            hits[label] = runs
    return hits


@pytest.mark.skipif(not seeds_dir().is_dir(),
                    reason=f"the seeds folder {seeds_dir()} is absent (it sits beside the clone as shared/seeds, "
                           "or set GAMESTER_SEEDS): the own-words check cannot run without it")
def test_no_eight_word_run_from_the_seeds():
    assert len(list(seeds_dir().glob("*.txt"))) >= 3, f"expected the three seed accounts in {seeds_dir()}"
    hits = shared_runs()
    report = "\n".join(f"  {label}: {len(runs)} run(s), e.g. {runs[0]!r}" for label, runs in sorted(hits.items()))
    assert not hits, "our prose shares 8-word runs with the seeds' modern prose (write it afresh):\n" + report


def test_the_check_finds_a_copied_run():
    # The detector itself: a sentence built from a seed-like run is caught, a period quotation and a curly-quoted
    # run are not.
    seedish = grams("the holder of the best trump card takes the pool at the end")
    prose = grams(_without_quotations("We say: the holder of the best trump card takes the pool at the end."))
    assert seedish & prose
    quoted = grams(_without_quotations("We quote: \u201cthe holder of the best trump card takes the pool\u201d."))
    assert not seedish & quoted

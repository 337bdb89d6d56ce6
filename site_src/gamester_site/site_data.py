"""The markers that draw on the site's data, by name (expanded by ``markers.py``), and the names other code uses.

The data and the markers are split by concern: :mod:`~gamester_site.store` (data files, the edition, clauses),
:mod:`~gamester_site.places` (where each passage is shown, anchors), :mod:`~gamester_site.blocks` (shared HTML),
:mod:`~gamester_site.texts` (quoting the edition), :mod:`~gamester_site.tables` (clauses, rulesets, notes),
:mod:`~gamester_site.glossary`, :mod:`~gamester_site.apparatus` (rules in brief, cite this edition) and
:mod:`~gamester_site.downloads`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamester_site.apparatus import m_brief, m_cite_edition
from gamester_site.downloads import m_downloads, write_assets
from gamester_site.gamelist import m_family, m_games
from gamester_site.glossary import m_glossary
from gamester_site.places import anchor_units, clause_passages
from gamester_site.store import DOCS, EditionError, glossary, reset
from gamester_site.tables import m_clauses, m_notes, m_rulesets
from gamester_site.texts import (
                                 m_bibliography,
                                 m_citations,
                                 m_cite_this,
                                 m_passage,
                                 m_quote,
                                 m_referenced_passages,
                                 m_text,
                                 m_witnesses,
)

__all__ = ["DOCS", "MARKERS", "EditionError", "anchor_units", "clause_passages", "glossary", "reset", "write_assets"]

MARKERS: dict[str, Callable[[str, Any], str]] = {
    "text": m_text, "passage": m_passage, "quote": m_quote, "bibliography": m_bibliography, "cite-this": m_cite_this,
    "citations": m_citations, "witnesses": m_witnesses, "clauses": m_clauses, "rulesets": m_rulesets,
    "notes": m_notes, "glossary": m_glossary, "referenced-passages": m_referenced_passages,
    "brief": m_brief, "cite-edition": m_cite_edition, "downloads": m_downloads, "games": m_games, "family": m_family,
}

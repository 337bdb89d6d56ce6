"""The clause registry: every rule the engine applies has a stable id, a statement, a status and citations.

Ids look like ``pp.showdown.pair-royal`` (game prefix ``pp``, ``put``, ``spec``; then a topic; then the rule).
The site, ``sources/clause_map.*`` and the tests all name clauses by id, so an id never changes once published.

Status:
- ``attested``: a period source states the rule (the citation is to that passage);
- ``reconstructed``: a modern account states it, going beyond the period text (cited to that account);
- ``conjectural``: no source states it; we chose it (the citation is what the choice leans on, and ``note`` says why).
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesetError

STATUSES = ("attested", "reconstructed", "conjectural")


@dataclass(frozen=True, slots=True)
class Citation:
    """A bibliography key (``sources/bibliography.bib``) and a locator, e.g. ``Citation("cotton1674", "p. 150")``."""

    key: str
    locator: str

    def __str__(self) -> str:
        return f"{self.key}, {self.locator}"

    def to_json(self) -> dict:
        return {"key": self.key, "locator": self.locator}


@dataclass(frozen=True, slots=True)
class Clause:
    id: str
    statement: str
    status: str
    citations: tuple[Citation, ...]
    note: str = ""

    @property
    def title(self) -> str:
        """A short title in a reader's words ("a put refused: one point to the putter"), the text of a link to the
        rule wherever the engine writes for a reader (the id never is); each game gives its own (``set_titles``)."""
        return _TITLES.get(self.id, "")

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "statement": self.statement,
            "status": self.status,
            "citations": [c.to_json() for c in self.citations],
            "note": self.note,
        }


_REGISTRY: dict[str, Clause] = {}
_TITLES: dict[str, str] = {}


def set_titles(titles: dict[str, str]) -> None:
    """Give clauses their short titles (a game's ``titles`` module calls this once with all of its own)."""
    for cid, t in titles.items():
        if not isinstance(t, str) or not t.strip() or len(t) > 80:
            raise ValueError(f"clause {cid}: a title is a short phrase, not {t!r}")
        _TITLES[cid] = t


def cite(key: str, locator: str) -> Citation:
    return Citation(key, locator)


def clause(id: str, statement: str, status: str, *citations: Citation, note: str = "") -> str:
    """Register a clause and return its id (so modules can write ``PAIR_ROYAL = clause(...)``)."""
    if status not in STATUSES:
        raise ValueError(f"clause {id}: status {status!r} is not one of {STATUSES}")
    if not citations:
        raise ValueError(f"clause {id}: every clause cites at least one source")
    if status != "attested" and not note:
        raise ValueError(f"clause {id}: a {status} clause needs a note saying what it rests on")
    c = Clause(id, statement, status, tuple(citations), note)
    old = _REGISTRY.get(id)
    if old is not None and old != c:
        raise ValueError(f"clause {id} registered twice with different content")
    _REGISTRY[id] = c
    return id


def get_clause(id: str) -> Clause:
    try:
        return _REGISTRY[id]
    except KeyError:
        raise RulesetError(f"unknown clause id {id!r}") from None


def lookup(id: str) -> Clause | None:
    """The clause with this id, or ``None`` (for renderers that must not fail on an unknown id)."""
    return _REGISTRY.get(id)


def all_clauses(prefix: str = "") -> list[Clause]:
    """Every registered clause, sorted by id (``import gamester`` loads every game, so every clause)."""
    return sorted((c for c in _REGISTRY.values() if c.id.startswith(prefix)), key=lambda c: c.id)

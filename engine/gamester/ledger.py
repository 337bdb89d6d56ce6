"""Settlement as a ledger with reasons.

Every movement of counters is a :class:`Line`: who pays, who receives, how many, which stake, the clause that
moves it and a plain-English reason. Parties are seats (``int``, the state's seat numbers from 0) or named places
on the table (``"post"``, ``"pair"``, ``"seat"``, ``"pool"`` ... dishes) and ``"box"`` (odd counters given to
whoever keeps the cards). Totals derive from the lines, so they always balance: the sum over every party is zero.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

Party = int | str

BOX = "box"


@dataclass(frozen=True, slots=True)
class Line:
    payer: Party
    payee: Party
    counters: int
    stake: str
    clause: str
    reason: str

    def to_json(self) -> dict:
        return {
            "from": self.payer,
            "to": self.payee,
            "counters": self.counters,
            "stake": self.stake,
            "clause": self.clause,
            "reason": self.reason,
        }


@dataclass
class Ledger:
    lines: list[Line] = field(default_factory=list)

    def pay(self, payer: Party, payee: Party, counters: int, stake: str, clause: str, reason: str) -> None:
        if counters < 0 or not isinstance(counters, int):
            raise ValueError(f"a ledger line moves a whole, non-negative number of counters, not {counters!r}")
        if counters == 0:
            return
        self.lines.append(Line(payer, payee, counters, stake, clause, reason))

    def balance(self, party: Party) -> int:
        """Counters received minus counters paid."""
        return self._sums().get(party, 0)

    def balances(self) -> dict[Party, int]:
        return dict(self._sums())

    def net(self, seats: int) -> list[int]:
        """Counters won (+) or lost (-) by each seat."""
        b = self._sums()
        return [b.get(i, 0) for i in range(seats)]

    def _sums(self) -> dict[Party, int]:
        """Each party's balance, kept: lines are only ever added (never changed), so the sums so far stand and only
        the lines added since are counted (the table reads the dishes after every move). Read it, never change it."""
        lines = self.lines
        k, out = self.__dict__.get("_kept", (0, None))
        if out is None or k > len(lines) or (k and lines[k - 1] is not self._last):
            k, out = 0, {}  # (lines taken away or replaced: counted again)
        if k < len(lines):
            out = dict(out)
            for ln in lines[k:]:
                out[ln.payer] = out.get(ln.payer, 0) - ln.counters
                out[ln.payee] = out.get(ln.payee, 0) + ln.counters
            self._kept = (len(lines), out)
            self._last = lines[-1]
        return out

    def __iter__(self) -> Iterator[Line]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    def to_json(self) -> list[dict]:
        return [ln.to_json() for ln in self.lines]

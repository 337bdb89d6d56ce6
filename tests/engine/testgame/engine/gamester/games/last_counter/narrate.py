"""Last counter in words and HTML: the CLI's text, the printed examples and the widget's results."""

from __future__ import annotations

from typing import Any

from gamester.html import e, ledger_html, seat_table


def _moves(rec: dict[str, Any], who: str = "seat {}") -> list[str]:
    """Each take, with what it leaves: "seat 1 takes 3, leaving 18" (seats the engine's way, from 0; a reader's
    words with ``who="Player {}"`` and the seat counted from 1)."""
    left, out = rec["heap"], []
    for seat, k in rec["takes"]:
        left -= k
        out.append(f"{who.format(seat if who.startswith('seat') else seat + 1)} takes {k}, leaving {left}")
    return out


def play_text(rec: dict[str, Any]) -> str:
    """A whole game (``gamester play last-counter``) in plain words: the moves indented, the end not."""
    lines = [f"Last counter, seed {rec['seed']}, {rec['ruleset']}, a heap of {rec['heap']}",
             f"  seat {rec['first']} wins the toss and takes first"]
    lines += [f"  {x}" for x in _moves(rec)]
    lines.append(f"Net: {rec['net']}")
    return "\n".join(lines)


def result_html(record: dict[str, Any], players: int, base: str, passages: dict | None, *,
                deal: int | None = None, compact: bool = False, end: str = "") -> str:
    """A record as the page shows it: ``end`` (the live table's end: who won, the ledger) when given, else the
    totals and the ledger; then who took first and the moves."""
    moves = "".join(f"<li>{e(x)}</li>" for x in _moves(record, "Player {}")) if not compact else ""
    told = end or (str(seat_table(players, None, record["net"], {}, None, None))
                   + str(ledger_html(record["ledger"], players, None, base, passages)))
    return (told + f'<p>Player {record["first"] + 1} wins the toss and takes first.</p>'
            + (f'<ol class="gm-moves">{moves}</ol>' if moves else ""))

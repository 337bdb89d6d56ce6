"""Last counter at the table: the heap, each player's takes, the reader's choices and the end with its ledger."""

from __future__ import annotations

from typing import Any

from gamester.table import Choice, End, LedgerRow, LogEntry, Pot, Seat, Table, ahead, log_groups

from .rules import LAST, TOSS
from .state import LastCounterState


def _words(ev: dict[str, Any]) -> list[LogEntry]:
    if "seat" not in ev:
        return [LogEntry(f"the coin falls for Seat {ev['first']}, who takes first from a heap of {ev['heap']}", TOSS)]
    out = [LogEntry(f"Seat {ev['seat']} takes {ev['took']}, leaving {ev['left']}", ev["clause"])]
    if ev["left"] == 0:
        out.append(LogEntry(f"Seat {ev['seat']} takes the last counter and wins the stake", LAST))
    return out


def table(state: LastCounterState, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    over = state.is_terminal()
    cp = None if over else state.current_player()
    _groups, log = log_groups(state, _words)
    nets = state.returns()
    seats = [Seat(s, you=seat == s, to_act=cp == s, status=["took first"] if s == state.first else [],
                  counters=[("Taken", str(sum(k for who, k in state.takes if who == s)))]) for s in range(2)]
    end, choices, prompt = None, [], ""
    if over:
        o = state.outcome()
        head = ahead(o)
        rows = [LedgerRow(ln["from"], ln["to"], ln["counters"], ln["stake"], ln["reason"], ln["clause"])
                for ln in state.ledger.to_json()]
        end = End(head + ".", ledger=rows, totals=[(s, f"Seat {s}", nets[s]) for s in range(2)],
                  winners=list(o.winners), clause=LAST)
        prompt = f"The game is over. {head}."
    else:
        prompt = (log[-1].text + ". " if log else "") + f"Seat {cp} to take from the heap of {state.left}."
        if seat is None or seat == cp:
            choices = [Choice(f"Take {a.split()[1]}", a) for a in state.legal_actions()]
    return Table(title="Last counter", subtitle=f"{state.left} counters left in the heap", seats=seats,
                 money=[Pot("The heap", state.left)], prompt=prompt, choices=choices, log=log, end=end,
                 game=state.game, reader=seat, to_act=cp)

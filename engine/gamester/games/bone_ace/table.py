"""Bone-Ace at the table: the seats with their roles from the deal's record, each player's two cards face down
(the reader's own face up) beside the card turned up and the cards drawn, the stock, the two dishes (the Bone's and
the Game's), the moves in sentences, the reader's two choices (draw or stand) with the exact chance of one more
card, and the end with its ledger.

Who pays and takes what, and why, comes from the engine's own ledger (its reasons and clause ids). Nothing here
decides a rule.
"""

from __future__ import annotations

import weakref
from typing import Any

from ...table import (
    Chance,
    Choice,
    End,
    LedgerRow,
    LogEntry,
    Pile,
    Pot,
    Seat,
    Table,
    ahead,
    card_name,
    kept_for,
    log_groups,
    said,
    said_apart,
    seat_label,
)
from . import rules as R
from .narrate import PARTIES
from .state import BoneAceState


def label(seat: int, d: Any) -> str:
    """``Seat 2 (dealer)``: the engine's way (named for the reader when drawn), with this deal's role."""
    return seat_label(seat, "dealer" if seat == d.dealer else "eldest" if seat == d.eldest else "")


def _start(state: BoneAceState, d: Any, lines: list[Any]) -> list[LogEntry]:
    out = []
    if d.number == 1:
        out.append(LogEntry(f"{label(d.dealer, d)} lifts the least card and deals, and so is youngest hand",
                            R.LIFT, starts_deal=True))
    else:
        out.append(LogEntry(f"deal {d.number}: {label(d.dealer, d)} deals", R.NEXT_DEAL, starts_deal=True))
    o = state.options
    out.append(LogEntry(f"everyone stakes {o.stake}: half for the Bone, half for the Game", R.STAKE))
    out.append(LogEntry("each player gets two cards face down and a third turned up, the eldest first", R.DEAL))
    for ln in lines:
        if ln.payer == R.BONE:
            out.append(LogEntry(f"{label(ln.payee, d)} {ln.reason}", ln.clause))
    return out


def _game_lines(d: Any, lines: list[Any]) -> list[LogEntry]:
    return [LogEntry(f"{label(ln.payee, d)} {ln.reason}", ln.clause) for ln in lines if ln.payer == R.POT]


def _opening(s: BoneAceState, deals: list[tuple[Any, list[Any]]]) -> list[LogEntry]:
    return [x for d, lines in deals for x in _start(s, d, lines) + _game_lines(d, lines)]


def _words(state: BoneAceState, ev: dict[str, Any]) -> list[LogEntry]:
    """One event of the game's own log (:meth:`BoneAceState.log`) in sentences: the first deal's opening, or a
    draw or a stand and what it caused (the stock spent, the Game paid, the next deal's opening)."""
    if "action" not in ev:
        return _opening(state, ev["deals"])
    d, t = ev["deal"], ev["total"]
    who = label(ev["seat"], d)
    g: list[LogEntry] = []
    if ev["action"] == "stand":
        g.append(LogEntry(f"{who} stands on {t}", R.DRAW_TURN if state.options.draw == "in-turn" else R.DRAW_ROUND))
    else:
        g.append(LogEntry(f"{who} draws the {card_name(ev['drew'])}, face up, and counts {t}", R.FACE_UP))
        if t > 31:
            g.append(LogEntry(f"{who} is past one and thirty and out of the Game", R.OVER))
    if ev["spent"]:
        g.append(LogEntry("the stock is spent: the rest stand on what they have", R.STOCK_OUT))
    if ev["lines"]:  # (most moves pay nothing and begin no deal)
        g += _game_lines(d, ev["lines"])
    if ev["deals"]:
        g += _opening(state, ev["deals"])
    return g


def _choices(t: int, analysis: dict[str, Any] | None) -> list[Choice]:
    """The two buttons of the seat to act, which counts ``t``."""
    hint = ""
    if analysis and analysis.get("over") is not None:
        hint = (f"{round(analysis['over'] * 100)}% of the cards you cannot see would take you past one and "
                "thirty.")
    key = (t, hint)
    kept = _CHOICES.get(key)
    if kept is None:
        if len(_CHOICES) >= 256:
            _CHOICES.clear()
        kept = _CHOICES[key] = [Choice(f"Draw a card (you count {t})", "draw", hint=hint),
                                Choice(f"Stand on {t}", "stand")]
    return list(kept)


#: The two buttons for each count and hint, made once (bounded: emptied when full; the buttons are never changed).
_CHOICES: dict[tuple[int, str], list[Choice]] = {}


def _end(state: BoneAceState) -> tuple[End, str]:
    """The end of the game and its headline: each deal's Bone and Game, every line of the deals' ledgers, and each
    seat's total, which is the engine's own sum of those same ledgers (:meth:`BoneAceState.net`, the outcome's
    returns): what :func:`gamester.table.counters_end` would add up again from the rows, a payment at a time (a
    long game's ending has some thousands)."""
    outcome = state.outcome()
    head, winners = ahead(outcome), list(outcome.winners)
    lines, rows = [], []
    for d in state.deals:
        b = d.bone.get("winner")
        ws = d.game.get("winners") or []
        lines.append(f"Deal {d.number}: {label(b, d)} carries the Bone; "
                     + " and ".join(label(w, d) for w in ws) + (" divide" if len(ws) > 1 else " wins")
                     + " the Game.")
        rows += [LedgerRow(ln.payer, ln.payee, ln.counters, ln.stake, ln.reason, ln.clause, d.number)
                 for ln in d.ledger.lines]
    totals = [(s, seat_label(s), net) for s, net in enumerate(outcome.returns)]
    return End(head + ".", lines, rows, totals=totals, winners=winners), head


def _seat(state: BoneAceState, d: Any, s: int, seat: int | None, mine: bool, bone: Any, game: list[int],
          net: int, roles: list[str]) -> dict[str, Any]:
    """Seat ``s`` as ``seat`` sees it (``mine``: whether it sees the hand), the fields of its :class:`Seat`; whether
    it is to act is :func:`_seats`'s to say."""
    status = []
    if bone == s:
        status.append("carries the Bone")
    if s in d.out:
        status.append("past one and thirty: out")
    elif s in d.stood:
        status.append("stands")
    if mine:
        status.append(f"counts {state.total_of(s)}")
    if s in game:
        status.append("wins the Game")
    cards = list(map(str, d.cards(s) if mine else [d.up[s], *d.drawn[s]]))
    return {"index": s, "roles": list(roles), "you": seat == s, "cards": cards, "hidden": 0 if mine else 2,
            "cards_label": "" if mine else "Turned up and drawn", "status": status,
            "counters": [("Balance", f"{net:+d}" if net else "0")]}


class _Drawn:
    """What one reader's last table of a state was drawn from, and its parts (see :func:`table`)."""

    __slots__ = ("epoch", "head", "mine", "roles", "nets", "events", "seats", "row", "cp", "money", "stock")

    def __init__(self) -> None:
        self.epoch: tuple = ()
        self.stock: tuple = ()


#: Per state and reader, its last table's parts and what they were drawn from (:class:`_Drawn`): read, never changed.
_DRAWN: weakref.WeakKeyDictionary[BoneAceState, dict[int | None, _Drawn]] = weakref.WeakKeyDictionary()


def _seats(state: BoneAceState, d: Any, seat: int | None, cp: int | None, k: _Drawn, epoch: tuple) -> list[Seat]:
    """The seats as ``seat`` sees them, ``cp`` to act. Each seat's fields are kept in ``k`` with its :class:`Seat`
    not to act and to act (made when first asked for), and the row of seats the last table showed. Within a deal,
    until the game ends or the deal's ledger moves (``epoch``), who sees which hand, the Bone, the Game and the
    balances stay as they are, and an action changes only the seat that took it (its cards, its count, whether it
    stands or is out), unless it spent the stock (the rest then stand): so only the seats that acted since the last
    table (the game's log says which: :meth:`BoneAceState.log`) and the seats to act then and now are looked at
    again."""
    n = state.players
    events = state.log()
    bone, game = d.bone.get("winner"), d.game.get("winners") or []
    changed: Any = None
    if k.epoch == epoch:
        changed = set()
        for ev in events[k.events:]:  # (every event after the opening is an action's, and names its seat)
            if ev["spent"]:
                changed = None
                break
            changed.add(ev["seat"])
    if changed is not None:
        marked = changed
        if k.cp != cp:  # (the seats to act then and now: written out, as a set's comprehension is a call)
            marked = changed.copy()
            if k.cp is not None:
                marked.add(k.cp)
            if cp is not None:
                marked.add(cp)
    else:
        if not k.epoch or k.epoch[0] is not d:
            k.head = (f"{state.title}: deal {d.number} of {state.total_deals}",
                      f"{label(d.dealer, d)} deals and is youngest hand; {label(d.eldest, d)} is eldest and draws "
                      "first. The nearest to one and thirty wins the Game.")
            roles_of: dict[int, list[str]] = {}
            for r, x in (("dealer", d.dealer), ("eldest", d.eldest)):
                roles_of.setdefault(x, []).append(r)
            k.roles = [roles_of.get(s, ()) for s in range(n)]
        sees = state.observer(seat)
        k.mine = [sees.hand(s) for s in range(n)]
        k.nets = state.net()
        k.money = [Pot("The Bone's dish", d.ledger.balance(R.BONE)), Pot("The Game's dish", d.ledger.balance(R.POT))]
        changed = marked = range(n)
        k.seats = [None] * n
        k.row = [None] * n
    for s in changed:
        k.seats[s] = [_seat(state, d, s, seat, k.mine[s], bone, game, k.nets[s], k.roles[s]), None, None]
    for s in marked:
        i = 2 if cp == s else 1
        kept = k.seats[s]
        if kept[i] is None:
            kept[i] = Seat(**kept[0], to_act=i == 2)
        k.row[s] = kept[i]
    k.epoch, k.events, k.cp = epoch, len(events), cp
    return list(k.row)


def table(state: BoneAceState, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    """The table of ``state`` as ``seat`` sees it: a move draws again only what it changed (:func:`_seats`), and
    a seat that shows the same as it did is the last table's (the same object)."""
    d = state.deal
    cp = state.seat_to_act()
    over = cp is None
    k = kept_for(_DRAWN, state, seat, _Drawn)
    seats = _seats(state, d, seat, cp, k, (d, over, len(d.ledger.lines)))
    left = len(d.stock)
    if not k.stock or k.stock[0] != left:
        k.stock = (left, Pile("The stock", [], hidden=1 if left else 0,
                              note=f"{left} card{'' if left == 1 else 's'} left to draw from" if left else "spent"))
    groups, log = log_groups(state, lambda ev: _words(state, ev))
    end, between, lab, chances = None, "", "", []
    show = not over and (seat is None or seat == cp)
    t = state.total_of(cp) if show else 0  # (the count the question and the buttons say, counted once)
    if over:
        end, head = _end(state)
        prompt = f"The game is over. {head}."
    else:
        who = label(cp, d)
        you = seat is not None and cp == seat
        if len(groups) > 1:
            between, said_now = said_apart(groups[-1])
        else:  # nobody has acted yet: say how the Bone went
            said_now = said([x for x in groups[0] if x.clause.startswith("ba.bone.")])
        if you:
            counted = said_now.endswith(f"counts {t}.")  # the card just drawn has said the count
            question = "Draw a card, or stand?" if counted else f"You count {t}. Draw a card, or stand?"
        else:
            question = f"{who} to draw or stand."
        prompt = (said_now + " " + question).strip()
        lab = "Your choices" if you else f"Choices for {who}"
        if analysis and analysis.get("over") is not None and (seat is None or seat == cp):
            chances = [Chance("Chance that one more card takes you past one and thirty", analysis["over"]),
                       Chance("Chance that it makes one and thirty exactly", analysis["thirty_one"])]
    title, sub = k.head
    return Table(title=title, subtitle=sub, seats=seats, centre=[k.stock[1]], money=list(k.money),
                 money_title="In the middle of the table", prompt=prompt, between=between,
                 choices=_choices(t, analysis) if show else [], choices_label=lab, chances=chances,
                 chances_title="Chances, from the cards you cannot see" if chances else "",
                 log=log, end=end, game=state.game, reader=seat, to_act=cp, parties=PARTIES)


__all__ = ["table"]

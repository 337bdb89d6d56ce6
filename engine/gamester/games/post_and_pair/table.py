"""Post and Pair at the table: the seats with their roles from the deal's record, the reader's cards face up and the
others face down until a show, the three dishes and the vyes with their counters, what is carried and the box.

The words for each move are here; every counter that moves, and why, comes from the engine's own ledger and notes
(its reasons and clause ids). Nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from ...cards import SUIT_NAMES
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
    counters_end,
    log_groups,
    said_apart,
    seat_label,
)
from . import rules
from .narrate import PARTIES, act_words
from .state import PostAndPairState

STATUS = {"abandoned": "abandoned his cards", "dropped": "dropped out", "folded": "folded"}
OUTCOMES = {
    "show": "the hands were shown",
    "doubled": "nobody vied and the dealer doubled: the stakes stay on the table",
    "unseen": "one player was left, and took every stake unseen",
    "no-seat": "nobody staked the Seat: the stakes stay on the table",
    "parted": "the players still in parted the stakes",
}


def roles(dealer: int, eldest: int) -> dict[int, str]:
    return {eldest: "eldest", dealer: "dealer"}


def label(seat: Any, rl: dict[int, str]) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool):
        return seat_label(seat, rl.get(seat, ""))
    return PARTIES.get(str(seat), str(seat).capitalize())


def _start(dealer: int, eldest: int, carried: dict) -> list[LogEntry]:
    # The sentence says each one's role: no "(eldest)" after the eldest hand's name.
    out = [LogEntry(f"{label(dealer, {})} deals two cards each, one at a time; {label(eldest, {})} is the eldest "
                    "hand", rules.DEAL_ROTATE, starts_deal=True),
           LogEntry("every player stakes one counter at Post and one at Pair", rules.STAKE_POST)]
    left = sum(carried.values())
    if left:
        out.append(LogEntry(f"{left} counter{'s' if left != 1 else ''} lie on the table from the last deal",
                            rules.STAKE_NONE))
    return out


def _words(ev: dict[str, Any]) -> list[LogEntry]:
    """One event of the game's own log (:meth:`PostAndPairState.log`) in sentences: the opening, or an action and
    what it caused (the notes and payments it added; the end of the deal and the next one's start)."""
    if "action" not in ev:
        return _start(*ev["start"])
    rl = roles(ev["dealer"], ev["eldest"])
    words, clause = act_words(ev["action"], ev["bet"])
    g = [LogEntry(f"{label(ev['seat'], rl)} {words}", clause)]
    for x in ev["notes"]:
        if x["clause"] not in (rules.DEAL_ROTATE, clause):
            g.append(LogEntry(x["reason"], x["clause"]))
    for ln in ev["lines"]:
        if not isinstance(ln["from"], int):  # paying out; stakes are said by the action itself
            g.append(LogEntry(f"{label(ln['to'], rl)} receives {ln['counters']} from "
                              f"{label(ln['from'], rl)}: {ln['reason']}", ln["clause"]))
    if "over" in ev:
        number, outcome = ev["over"]
        g.append(LogEntry(f"deal {number} is over: {OUTCOMES.get(outcome, outcome)}"))
        if "start" in ev:
            g += _start(*ev["start"])
    return g


def _choices(legal: list[str]) -> list[Choice]:
    """The buttons for ``legal``: the same few lists recur move after move (the vyes on offer), so each list's
    buttons are made once (bounded: emptied when full); a new list each time, the buttons shared (never changed)."""
    key = tuple(legal)
    kept = _CHOICES.get(key)
    if kept is None:
        if len(_CHOICES) >= 256:
            _CHOICES.clear()
        kept = _CHOICES[key] = _make_choices(legal)
    return list(kept)


_CHOICES: dict[tuple[str, ...], list[Choice]] = {}


def _make_choices(legal: list[str]) -> list[Choice]:
    words = {"seat": "Stake the Seat", "abandon": "Abandon", "pass": "Pass", "drop": "Drop out", "match": "Match",
             "fold": "Fold", "play out": "Play it out", "double": "Double", "part": "Part stakes", "show": "Show"}
    out = []
    for a in legal:
        verb, _, num = a.partition(" ")
        if verb == "vye":
            out.append(Choice(f"Vye {num}", a))
        elif verb == "revye":
            out.append(Choice(f"Re-vye {num}", a))
        else:
            out.append(Choice(words.get(a, a.capitalize()), a))
    return out


def _question(state: PostAndPairState, reader: int | None, rl: dict[int, str]) -> tuple[str, str]:
    cp = state.current_player()
    you = reader is not None and cp == reader
    who = label(cp, rl)
    lab = "Your choices" if you else f"Choices for {who}"
    ph = state.phase
    if ph == "seat":
        return ("Will you stake the Seat on your two cards, or abandon them?" if you
                else f"{who} to stake the Seat on two cards, or abandon them."), lab
    if ph == "part":
        return ("Will you part the stakes equally with the others still in, or ask for a show?" if you
                else f"{who} to part the stakes or ask for a show."), lab
    if not state.opened:
        legal = state.legal_actions()
        other = [x for x in ("pass", "drop", "play out", "double") if x in legal]
        alt = {"pass": "pass", "drop": "drop out", "play out": "play it out", "double": "double"}
        alts = " or ".join(alt[x] for x in other)
        return ((f"You have your third card. Will you vye, or {alts}?" if you
                 else f"{who} to vye or {alts}."), lab)
    owe = state.bet - state.contrib[cp]
    return ((f"The vye stands at {state.bet}: {owe} more to stay in. Will you match it, re-vye or fold?" if you
             else f"{who} to match the vye of {state.bet}, re-vye or fold."), lab)


def _seat(state: PostAndPairState, v: dict[str, Any], s: int, reader: int | None, rl: dict[int, str],
          over: bool, cp: int | None) -> Seat:
    """Seat ``s`` as ``reader`` sees it: its cards (or how many, face down), what became of it, its counters
    (``over``: the game is; ``cp``: the seat to act, found once a table)."""
    cards: list[str] = []
    hidden = 0
    status: list[str] = []
    counters: list[tuple[str, str]] = []
    if over:
        last = v["deals"][-1]
        h = last["hands"][s]
        if isinstance(h, str):
            cards = h.split()
        else:
            hidden = h
        w = [k.capitalize() for k in ("post", "pair", "seat") if last["winners"].get(k) == s]
        if w:
            status.append("wins the " + " and the ".join(w))
    else:
        hs = v["hands"]  # one entry per seat: its cards (a string) or, hidden, how many
        h = hs.get(str(s)) if isinstance(hs, dict) else (hs[s] if s < len(hs) else None)
        if isinstance(h, str):
            cards = h.split()
        elif isinstance(h, int):
            hidden = h
        st = v["status"].get(str(s), "in")
        if st in STATUS:
            status.append(STATUS[st])
        vy = v["vyed"].get(str(s))
        if vy:
            counters.append(("In the vyes", str(vy)))
    net = v["net"][s]
    if over or len(v["deals"]):
        counters.append(("Balance", f"{net:+d}" if net else "0"))
    return Seat(s, roles=[rl[s]] if s in rl else [], you=reader == s, cards=cards, hidden=hidden,
                status=status, counters=counters, to_act=not over and cp == s)


def _money(v: dict[str, Any], over: bool, box: int) -> list[Pot]:
    """The dishes and the vyes while a deal is played; at the end, what is left on the table; and the box."""
    money = []
    if not over:
        carried = v["carried_in"]
        for k, name in (("post", "Post"), ("pair", "Pair"), ("seat", "Seat")):
            c = carried.get(k, 0)
            money.append(Pot(name, v["table"][k], note=f"{c} from the last deal" if c else ""))
        money.append(Pot("Vyes", v["table"]["vyes"], note=f"the vye stands at {v['bet']}" if v["bet"] else ""))
    else:
        left = v["deals"][-1]["carried_out"]
        if sum(left.values()):
            for k, name in (("post", "Post"), ("pair", "Pair"), ("seat", "Seat")):
                money.append(Pot(name, left.get(k, 0), note="left on the table"))
    money.append(Pot("The box", box, note="odd counters, for whoever keeps the cards"))
    return money


def _end(state: PostAndPairState) -> End:
    """The end of the game: who came out ahead, each deal's outcome, every counter that moved."""
    rec = state.to_record()
    n = state.players
    outcome = state.outcome()
    head, winners = ahead(outcome), list(outcome.winners)
    lines = []
    for i, d in enumerate(rec["deals"], 1):
        rlx = roles(d["dealer"], d["eldest"])
        w = d["winners"]
        won = "; ".join(f"the {k.capitalize()} to {label(w[k], rlx)}" for k in ("post", "pair", "seat")
                        if isinstance(w.get(k), int))
        trump = f"; trumps {SUIT_NAMES[d['trump']]}" if d.get("trump") else ""
        lines.append(f"Deal {i}: {OUTCOMES.get(d['outcome'], d['outcome'])}{trump}" + (f"; {won}" if won else "")
                     + ".")
    rows = []
    for i, d in enumerate(rec["deals"], 1):
        for ln in d["ledger"]:
            rows.append(LedgerRow(ln["from"], ln["to"], ln["counters"], ln["stake"], ln["reason"], ln["clause"],
                                  i if state.options.deals > 1 else None))
    return counters_end(head + ".", lines, rows, n, winners)


def table(state: PostAndPairState, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    o = state.options
    v = state.view(seat)
    over = state.is_terminal()
    cp = None if over else state.current_player()
    if over:
        dealer, eldest = v["deals"][-1]["dealer"], v["deals"][-1]["eldest"]
    else:
        dealer, eldest = v["dealer"], v["order"][0]
    rl = roles(dealer, eldest)
    title = f"{state.title}: deal {v['deal']} of {o.deals}" if o.deals > 1 else state.title
    sub = f"{label(dealer, {})} deals; {label(eldest, {})} is the eldest hand and speaks first."
    seats = [_seat(state, v, s, seat, rl, over, cp) for s in range(state.players)]
    centre = []
    prev = v["deals"][-1] if v["deals"] and not over else None
    if prev is not None and prev["outcome"] == "show":
        rlp = roles(prev["dealer"], prev["eldest"])
        plays = [(label(s, rlp), c) for s in prev["shown"] for c in prev["hands"][s].split()]
        trump = f"; trumps were {SUIT_NAMES[prev['trump']]}" if prev.get("trump") else ""
        centre.append(Pile(f"Shown at the end of deal {len(v['deals'])}", plays, note=trump.lstrip("; ")))
    if not over and getattr(state, "turnup", None) is not None:  # trumps by the card turned up after the deal
        centre.append(Pile("Turned up", [("", str(state.turnup))], note=f"trumps: {SUIT_NAMES[state.turnup.suit.letter]}"))
    groups, log = log_groups(state, _words)
    legal = [] if over else state.legal_actions()
    end = None
    if over:
        end = _end(state)
        prompt = f"The game is over. {end.headline}"
        question, lab, between = "", "", ""
    else:
        question, lab = _question(state, seat, rl)
        between, said = said_apart(groups[-1] if len(groups) > 1 else [])
        prompt = (said + " " + question).strip()
    show_choices = not over and (seat is None or seat == cp)
    chances = [Chance(f"Take {what}", analysis.get(dish)) for dish, what in CHANCES] if analysis and show_choices else []
    note = (f"Estimated from {analysis.get('samples', 0):,} random deals of the cards you cannot see, everyone still "
            "in showing; how the others have staked and vyed is not taken into account.") if chances else ""
    return Table(title=title, subtitle=sub, seats=seats, centre=centre, money=_money(v, over, state.totals()[1]),
                 money_title="The dishes" if not over else "Left at the end",
                 prompt=prompt, between=between, choices=_choices(legal) if show_choices else [], choices_label=lab,
                 chances=chances, chances_title="Your chances at a show" if chances else "", chances_note=note,
                 log=log, end=end, game=state.game, reader=seat, to_act=cp, parties=PARTIES)


#: The reader's chances (the game's ``analysis``), dish by dish, in words.
CHANCES = (("pair", "the Pair dish"), ("post", "the Post dish"), ("seat", "the Seat and the vyes"))


__all__ = ["roles", "table"]

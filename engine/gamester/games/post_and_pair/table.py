"""Post and Pair at the table: the seats with their roles from the deal's record, the reader's cards face up and the
others face down until a show, the three dishes and the vyes with their counters, what is carried and the box.

The words for each move are here; every counter that moves, and why, comes from the engine's own ledger and notes
(its reasons and clause ids). Nothing here decides a rule.
"""

from __future__ import annotations

import weakref
from typing import Any

from ...cards import SUIT_NAMES
from ...state import TERMINAL
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


def _question(state: PostAndPairState, reader: int | None, rl: dict[int, str], cp: int, legal: list[str]
              ) -> tuple[str, str]:
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
        other = [x for x in ("pass", "drop", "play out", "double") if x in legal]
        alt = {"pass": "pass", "drop": "drop out", "play out": "play it out", "double": "double"}
        alts = " or ".join(alt[x] for x in other)
        return ((f"You have your third card. Will you vye, or {alts}?" if you
                 else f"{who} to vye or {alts}."), lab)
    owe = state.bet - state.contrib[cp]
    return ((f"The vye stands at {state.bet}: {owe} more to stay in. Will you match it, re-vye or fold?" if you
             else f"{who} to match the vye of {state.bet}, re-vye or fold."), lab)


def _seat_at_end(v: dict[str, Any], s: int, reader: int | None, rl: dict[int, str]) -> Seat:
    """Seat ``s`` as ``reader`` sees it at the end of the game (``v``: its view): its last cards (or how many, face
    down), the dishes it won, its balance."""
    cards: list[str] = []
    hidden = 0
    status: list[str] = []
    last = v["deals"][-1]
    h = last["hands"][s]
    if isinstance(h, str):
        cards = h.split()
    else:
        hidden = h
    w = [k.capitalize() for k in ("post", "pair", "seat") if last["winners"].get(k) == s]
    if w:
        status.append("wins the " + " and the ".join(w))
    net = v["net"][s]
    return Seat(s, roles=[rl[s]] if s in rl else [], you=reader == s, cards=cards, hidden=hidden,
                status=status, counters=[("Balance", f"{net:+d}" if net else "0")], to_act=False)


def _money_at_end(v: dict[str, Any], box: int) -> list[Pot]:
    """What is left on the table at the end, and the box."""
    money = []
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


class _Deal:
    """What a table of the deal in play draws the same at every move of it, made once a deal (and kept with its
    state, :data:`_KEPT`): its roles and subtitle, the last deal's show, and each reader's seats and the dishes as
    last drawn, with what they were drawn from (a move changes one seat or two, and a dish or none)."""

    __slots__ = ("deals", "dealer", "eldest", "rl", "sub", "shown", "turnup", "seats", "money")

    def __init__(self, state: PostAndPairState) -> None:
        self.deals = len(state.deals)
        self.dealer, self.eldest = state.dealer, state.order[0]
        self.rl = roles(self.dealer, self.eldest)
        self.sub = f"{label(self.dealer, {})} deals; {label(self.eldest, {})} is the eldest hand and speaks first."
        self.shown: list[Pile] = []
        prev = state.deals[-1] if state.deals else None
        if prev is not None and prev["outcome"] == "show":  # (a deal shown: every hand in its record is seen)
            rlp = roles(prev["dealer"], prev["eldest"])
            plays = [(label(s, rlp), c) for s in prev["shown"] for c in prev["hands"][s].split()]
            trump = f"; trumps were {SUIT_NAMES[prev['trump']]}" if prev.get("trump") else ""
            self.shown.append(Pile(f"Shown at the end of deal {len(state.deals)}", plays, note=trump.lstrip("; ")))
        self.turnup: Pile | None = None
        # By reader: whose hands it sees, and each seat as last drawn with what it was drawn from.
        self.seats: dict[int | None, tuple[list[bool], list[tuple[tuple, Seat] | None]]] = {}
        self.money: tuple[tuple, list[Pot]] | None = None


#: Per state, what its tables draw the same all through the deal in play (:class:`_Deal`): one deal's, a few
#: strings and piles and a list of seats for each reader (at most one more than the seats); it goes with its state.
_KEPT: weakref.WeakKeyDictionary[PostAndPairState, _Deal] = weakref.WeakKeyDictionary()


def table(state: PostAndPairState, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    cp = state.current_player()
    if cp == TERMINAL:
        return _table_at_end(state, seat)
    o = state.options
    kept = _KEPT.get(state)
    if kept is None or kept.deals != len(state.deals):
        kept = _KEPT[state] = _Deal(state)
    rl = kept.rl
    title = f"{state.title}: deal {len(state.deals) + 1} of {o.deals}" if o.deals > 1 else state.title
    net, box = state.totals()
    seats = _seats(state, kept, seat, cp, net)
    centre = list(kept.shown)
    turnup = getattr(state, "turnup", None)
    if turnup is not None:  # trumps by the card turned up after the deal
        if kept.turnup is None:
            kept.turnup = Pile("Turned up", [("", str(turnup))], note=f"trumps: {SUIT_NAMES[turnup.suit.letter]}")
        centre.append(kept.turnup)
    groups, log = log_groups(state, _words)
    legal = state.legal_actions()
    question, lab = _question(state, seat, rl, cp, legal)
    between, said = said_apart(groups[-1] if len(groups) > 1 else [])
    prompt = (said + " " + question).strip()
    show_choices = seat is None or seat == cp
    chances = [Chance(f"Take {what}", analysis.get(dish)) for dish, what in CHANCES] if analysis and show_choices else []
    note = (f"Estimated from {analysis.get('samples', 0):,} random deals of the cards you cannot see, everyone still "
            "in showing; how the others have staked and vyed is not taken into account.") if chances else ""
    return Table(title=title, subtitle=kept.sub, seats=seats, centre=centre, money=_dishes(state, kept, box),
                 money_title="The dishes", prompt=prompt, between=between,
                 choices=_choices(legal) if show_choices else [], choices_label=lab,
                 chances=chances, chances_title="Your chances at a show" if chances else "", chances_note=note,
                 log=log, end=None, game=state.game, reader=seat, to_act=cp, parties=PARTIES)


def _seats(state: PostAndPairState, kept: _Deal, reader: int | None, cp: int, net: list[int]) -> list[Seat]:
    """The seats while a deal is played, as ``reader`` sees them (what the view says of each: its cards or how many,
    what became of it, its vyes and balance), each made again only when what it is drawn from changed."""
    mine = kept.seats.get(reader)
    if mine is None:  # whose hands the reader sees, asked of its observer once a deal; no seat drawn yet
        obs = state.observer(reader)
        mine = kept.seats[reader] = ([obs.hand(s) for s in range(state.players)], [None] * state.players)
    sees, last = mine
    contrib = getattr(state, "contrib", {})
    played = len(state.deals)
    out = []
    for s in range(state.players):
        cards = state.hands.get(s, [])
        key = (tuple(cards), state.status.get(s, "in"), contrib.get(s), net[s], s == cp)
        was = last[s]
        if was is not None and was[0] == key:
            out.append(was[1])
            continue
        _, st, vy, balance, to_act = key
        counters = [("In the vyes", str(vy))] if vy else []
        if played:
            counters.append(("Balance", f"{balance:+d}" if balance else "0"))
        shown = sees[s]
        one = Seat(s, roles=[kept.rl[s]] if s in kept.rl else [], you=reader == s,
                   cards=[str(c) for c in cards] if shown else [], hidden=0 if shown else len(cards),
                   status=[STATUS[st]] if st in STATUS else [], counters=counters, to_act=to_act)
        last[s] = (key, one)
        out.append(one)
    return out


def _dishes(state: PostAndPairState, kept: _Deal, box: int) -> list[Pot]:
    """The dishes and the vyes while a deal is played, and the box: each made again when what it shows changed (a
    vye moves the vyes alone; the carried counters are the deal's)."""
    t = state.table
    bet = getattr(state, "bet", 0)
    key = (t["post"], t["pair"], t["seat"], t["vyes"], bet, box)
    was = kept.money
    if was is None or was[0] != key:
        carried = state.carried_in
        old, pots = was if was is not None else ((None,) * 6, [None] * 5)
        money = []
        for i, (k, name) in enumerate((("post", "Post"), ("pair", "Pair"), ("seat", "Seat"))):
            if old[i] == key[i]:
                money.append(pots[i])
                continue
            c = carried.get(k, 0)
            money.append(Pot(name, t[k], note=f"{c} from the last deal" if c else ""))
        money.append(pots[3] if old[3:5] == key[3:5] else
                     Pot("Vyes", t["vyes"], note=f"the vye stands at {bet}" if bet else ""))
        money.append(pots[4] if old[5] == box else
                     Pot("The box", box, note="odd counters, for whoever keeps the cards"))
        kept.money = was = (key, money)
    return list(was[1])


def _table_at_end(state: PostAndPairState, seat: int | None) -> Table:
    """The table of a game over (drawn once a game): its seats from the view, the last deal's hands as the reader
    may see them."""
    o = state.options
    v = state.view(seat)
    last = v["deals"][-1]
    dealer, eldest = last["dealer"], last["eldest"]
    rl = roles(dealer, eldest)
    title = f"{state.title}: deal {v['deal']} of {o.deals}" if o.deals > 1 else state.title
    sub = f"{label(dealer, {})} deals; {label(eldest, {})} is the eldest hand and speaks first."
    seats = [_seat_at_end(v, s, seat, rl) for s in range(state.players)]
    groups, log = log_groups(state, _words)
    end = _end(state)
    return Table(title=title, subtitle=sub, seats=seats, centre=[], money=_money_at_end(v, state.totals()[1]),
                 money_title="Left at the end", prompt=f"The game is over. {end.headline}", between="",
                 choices=[], choices_label="", chances=[], chances_title="", chances_note="",
                 log=log, end=end, game=state.game, reader=seat, to_act=None, parties=PARTIES)


#: The reader's chances (the game's ``analysis``), dish by dish, in words.
CHANCES = (("pair", "the Pair dish"), ("post", "the Post dish"), ("seat", "the Seat and the vyes"))


__all__ = ["roles", "table"]

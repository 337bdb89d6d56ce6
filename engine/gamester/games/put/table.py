"""Put (and Truc) at the table: seats with their roles from the deal's record, the reader's hand face up, the
trick in play and the tricks already played, the points toward the game, and the reader's choices.

The words for each move are here; who won what, and why, come from the engine's own record (its reasons and
clause ids). Nothing here decides a rule.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ...clauses import get_clause
from ...errors import NotationError
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
    card_name,
    counters_end,
    log_groups,
    said_apart,
    seat_label,
)
from ...table import said as join_said
from ...words import plural
from .narrate import PARTIES
from .rules import (
    ALTERNATE,
    CUT_BEST,
    PUT_REFUSED,
    PUT_SEEN,
    THROW_UP,
    TRUC_DOUBLE,
)
from .state import PutState

RESULTS = {
    "won": "{w} wins the deal",
    "put-won": "{w} wins the deal after a put that was seen, and with it the game",
    "won-outright": "{w} wins a deal played out, and with it the game",
    "put-refused": "{w} put and the other would not see it: the deal goes to {w}",
    "double-refused": "{w} doubled and the other threw in his hand",
    "thrown-up": "the other side threw up their cards: the deal goes to {w}",
    "trick-and-tie": "a trick each and a tie: nobody scores",
    "all-tied": "every trick tied: nobody scores",
}


def roles(dealer: int, n: int) -> dict[int, str]:
    """The dealer, and the eldest hand on his left, of the deal whose record names ``dealer``."""
    return {(dealer + 1) % n: "eldest", dealer: "dealer"}


def label(seat: int | None, rl: dict[int, str]) -> str:
    if seat is None:
        return "nobody"
    return seat_label(seat, rl.get(seat, ""))


@lru_cache(maxsize=16)
def _seated(dealer: int, n: int) -> tuple[dict[int, str], list[str]]:
    """The roles (:func:`roles`) and each seat's label (:func:`label`) in the deal whose record names ``dealer``,
    of ``n`` seats: made once for each (nine at most: ``dealer < n <= 4``), and shared (read, never changed)."""
    rl = roles(dealer, n)
    return rl, [label(s, rl) for s in range(n)]


def _side_words(state: PutState, seat: int) -> str:
    return f"Seats {seat % 2} and {seat % 2 + 2}" if state.partners else f"Seat {seat}"


def _move(ev: dict[str, Any], p: int, action: str, who: str, rl: dict[int, str], reader: int | None, n: int, *,
          leading: bool, phase: str, value: int) -> LogEntry | None:
    """Seat ``p``'s move in words, as ``reader`` may know it (a card given or laid out is named only to those who
    saw it); ``ev`` is its event (the clauses of the put or exchange it made), the other arguments how things stood
    before it."""
    verb, _, arg = action.partition(" ")
    if verb == "play":
        return LogEntry(f"{who} {'leads' if leading else 'plays'} the {card_name(arg)}")
    if verb == "put":
        return LogEntry(f"{who} puts", ev["put"])
    if verb == "see":
        return LogEntry(f"{who} sees the put: the deal is played for the game", PUT_SEEN)
    if verb == "refuse" and phase == "answer-double":
        return LogEntry(f"{who} will not play on for {value * 2} and throws in his hand", TRUC_DOUBLE)
    if verb == "refuse":
        return LogEntry(f"{who} refuses the put", PUT_REFUSED)
    if verb == "double":
        return LogEntry(f"{who} offers to double the deal to {value * 2}", TRUC_DOUBLE)
    if verb == "accept":
        return LogEntry(f"{who} accepts: the deal is worth {value * 2}", TRUC_DOUBLE)
    if verb == "throw-up":
        return LogEntry(f"{who} throws up his cards", THROW_UP)
    if verb == "give":
        partner = (p + 2) % n
        what = f"the {card_name(arg)}" if reader in (None, p, partner) else "his best card"
        return LogEntry(f"{who} gives {what} to his partner, {label(partner, rl)}", ev["exchange"])
    if verb == "discard":
        what = f"the {card_name(arg)}" if reader in (None, p) else "one card"
        return LogEntry(f"{who} lays out {what}", ev["exchange"])
    return None


def _opening(state: PutState, ev: dict[str, Any]) -> list[LogEntry]:
    """The cut and the first deal."""
    return [LogEntry("the players cut for the deal: " + "; then ".join(
        ", ".join(f"Seat {s} cuts the {card_name(c)}" for s, c in rnd) for rnd in ev["cut"])
        + f"; the best card was cut by Seat {ev['first_dealer']}, the first to deal", CUT_BEST),
        LogEntry(f"deal 1: Seat {ev['dealer']} deals three cards each", ALTERNATE)]


def _words(state: PutState, ev: dict[str, Any], reader: int | None) -> list[LogEntry]:
    """One event of the game's own log (:meth:`PutState.log`) in sentences, as ``reader`` may know it: the cut and
    the first deal, or a move and what it caused (tricks, points, the deal's result, the game's end or the next
    deal)."""
    if "action" not in ev:
        return _opening(state, ev)
    n = state.players
    p = ev["seat"]
    rl, lb = _seated(ev["dealer"], n)
    said = _move(ev, p, ev["action"], lb[p], rl, reader, n, leading=ev["leading"], phase=ev["phase"],
                 value=ev["value"])
    g: list[LogEntry] = [said] if said else []
    for k, t in ev["tricks"]:
        w = t.get("winner")
        g.append(LogEntry((f"trick {k} is tied" if w is None else f"{lb[w]} wins trick {k}")
                          + _trick_why(t, state.options.ranking), t["clause"]))
    for pt in ev["points"]:
        g.append(LogEntry(pt["reason"], pt["clause"]))
    if "result" in ev:
        number, r = ev["result"]
        text = RESULTS.get(r["kind"], r["kind"]).format(w=label(r.get("winner"), rl))
        g.append(LogEntry(f"deal {number}: {text}", r.get("clause", "")))
    if "won" in ev:
        winner, by = ev["won"]
        g.append(LogEntry(f"{_side_words(state, winner)} win{'' if state.partners else 's'} the "
                          f"{'rubber' if state.options.rubber > 1 else 'game'}", by))
    elif "next" in ev:
        number, dealer = ev["next"]
        g.append(LogEntry(f"deal {number}: Seat {dealer} deals three cards each", ALTERNATE, starts_deal=True))
    return g


def _hints(state: PutState) -> dict[str, str]:
    """What each choice means and risks, said beside its button at the moment of choice (made once for what it
    reads: a few rules and, answering a double, the deal's value)."""
    o = state.options
    key = (state.phase == "answer-double" and state.value_now, o.rubber == 1, o.betting)
    kept = _HINTS.get(key)
    if kept is None:
        if len(_HINTS) >= 256:
            _HINTS.clear()
        kept = _HINTS[key] = _make_hints(state)
    return kept


_HINTS: dict[tuple, dict[str, str]] = {}


def _make_hints(state: PutState) -> dict[str, str]:
    o = state.options
    if state.phase == "answer-double":
        v = state.value_now
        return {"accept": f"The deal goes on, worth {2 * v}.", "refuse": f"You give up the deal: the other scores {v}."}
    seen = ("whoever wins this deal wins the whole game" if o.rubber == 1 else "whoever wins this deal wins the game")
    return {
        "put": f"Putting dares the other: if he sees it, {seen}; if he refuses, you score one point and the deal "
               "ends. A put cannot be taken back.",
        "see": f"Play the deal out: {seen}.",
        "refuse": "Give up the deal: the putter scores one point.",
        "double": "Offer to play this deal for twice its value; the other may refuse and give you its present value.",
        "throw-up": "Give up the deal: the other scores " + ("its value." if o.betting == "double" else "one point."),
    }


#: The order a newcomer expects (Ace high), to know when Put's order surprises: each rank's place, by its notation
#: (a card's, less its suit: "10" and "T" both the Ten).
_PLAIN = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))} | {"T": 8}
_BEST = {"put": ("3", "the Three is the best card at Put, then the Two, then the Ace"),
         "truc": ("6", "the Six is the best card at Truc, then the Seven, then the Ace")}


def _trick_why(t: dict, ranking: str) -> str:
    """A reminder of the rule that decided a trick, when a newcomer would not expect it: a Three (or a Two, an
    Ace at Truc) beating a higher-looking card, or equal ranks tying whatever their suits."""
    plays = t.get("plays", [])
    if len(plays) < 2:
        return ""
    ranks = [_PLAIN.get(str(c)[:-1], -1) for _s, c in plays]  # (-1: not a rank a newcomer knows)
    w = t.get("winner")
    if w is None:
        return ": equal cards tie, whatever their suits" if len(set(ranks)) < len(ranks) else ""
    win = next((r for (s, _c), r in zip(plays, ranks, strict=True) if s == w), -1)
    if win >= 0 and any(r > win for r in ranks):
        return f" ({_BEST.get(ranking, _BEST['put'])[1]})"
    return ""


def _choices(state: PutState, legal: list[str]) -> list[Choice]:
    """The buttons for ``legal``, each made once for what it reads (bounded: emptied when full) and shared (never
    changed): a card's by its action alone, the put's and its answers' with their hints' words."""
    out = []
    hints = None
    for a in legal:
        c = _CARDS.get(a)
        if c is None:
            verb, _, arg = a.partition(" ")
            if verb in ("play", "give", "discard"):
                v = {"play": "Play", "give": "Give", "discard": "Lay out"}[verb]
                c = Choice(f"{v} the {card_name(arg)}", a, card=arg)
                if len(_CARDS) >= 1024:
                    _CARDS.clear()
                _CARDS[a] = c
            else:
                if hints is None:
                    hints = _hints(state)
                hint = hints.get(a, "")
                c = _OTHERS.get((a, hint))
                if c is None:
                    if len(_OTHERS) >= 256:
                        _OTHERS.clear()
                    c = _OTHERS[(a, hint)] = Choice(_WORDS.get(a, a.capitalize()), a, hint=hint)
        out.append(c)
    return out


#: The buttons of the cards (an action names one: at most three verbs for each card of the pack).
_CARDS: dict[str, Choice] = {}
#: The other buttons, by their action and hint.
_OTHERS: dict[tuple[str, str], Choice] = {}
_WORDS = {"put": "Put", "see": "See it", "refuse": "Refuse", "accept": "Accept", "double": "Double",
          "throw-up": "Throw up my cards"}


def _question(state: PutState, reader: int | None, lb: list[str], cp: int, legal: list[str]
              ) -> tuple[str, str]:
    """What happens next, in words, and the label of the choices (``lb``: each seat's label in this deal; ``cp``:
    the seat to act; ``legal``: its actions)."""
    you = reader is not None and cp == reader
    who = lb[cp]
    k = len(state.this_deal["tricks"]) + 1
    ph = state.phase
    lab = "Your choices" if you else f"Choices for {who}"
    if ph == "exchange":
        verb = legal[0].split()[0]
        if verb == "give":
            partner = lb[(cp + 2) % state.players]
            return ((f"Give your partner, {partner}, your best card." if you
                     else f"{who} to give his best card to his partner, {partner}."), lab)
        return ("Lay out one card; you play the deal with the other three." if you
                else f"{who} to lay out one card."), lab
    if ph == "answer-put":
        putter = lb[state.put_by]
        return ((f"Will you see it, or refuse and give {putter} the point?" if you
                 else f"{who} to see the put or refuse it."), lab)
    if ph == "answer-double":
        v = state.value_now
        doubler = lb[state.doubler]
        return ((f"Will you accept and play for {2 * v}, or refuse and give {doubler} {v}?" if you
                 else f"{who} to accept the double or refuse it."), lab)
    extra = []
    if "put" in legal:
        extra.append("put")
    if "double" in legal:
        extra.append("double")
    if "throw-up" in legal:
        extra.append("throw up your cards")
    if not state.trick:
        if you:
            what = (", ".join(extra) + ", or lead a card") if extra else "lead a card"
            return f"Your lead to trick {k}: {what}.", lab
        return f"{who} to lead to trick {k}.", lab
    led = state.trick[0]
    if you:
        tail = f" (or {', '.join(extra)})" if extra else ""
        return f"Your play to trick {k}{tail}: {lb[led[0]]} led the {led[1].name}.", lab
    return f"{who} to play to trick {k}.", lab


def _seat(state: PutState, kept: _Deal, s: int, seat: int | None, over: bool, cp: int | None, sees: list[bool],
          own: list[str]) -> Seat:
    """Seat ``s`` as ``seat`` sees it: its cards (face down unless its own), what it gave or was given, its
    points, tricks and games (``over``: the game is; ``cp``: the seat to act; ``sees``: whose hands ``seat`` may
    see; ``own``: what the reader's own seat says of its exchange; each found once a table). Read from the state
    (what its view says of each seat), not from the whole view: a move's table reads only what it shows."""
    o = state.options
    cards: list[str] = []
    hidden = 0
    if not over:
        if sees[s]:
            cards = kept.cards(state, state.hands[s])
        else:
            hidden = len(state.hands[s])
    active = state.active[s]
    status = []
    if not over and not active:
        status.append("out of this deal" if not state.partners or s in state.this_deal.get("playing", [])
                      else "sits out this deal")
    if own and s == seat:
        status.extend(own)
    counters = [("Points", f"{state.score[state.side(s)]} of {o.game_points}")]
    if not over and active:
        counters.append(("Tricks this deal", str(state.tricks_won[s])))
    if o.rubber > 1:
        counters.append(("Games won", str(state.games_won[state.side(s)])))
    if state.partners:
        counters.append(("Partner", f"Seat {(s + 2) % state.players}"))
    rl = kept.rl
    return Seat(s, roles=[rl[s]] if s in rl else [], you=seat == s, cards=cards, hidden=hidden,
                status=status, counters=counters, to_act=not over and cp == s)


def _own(state: PutState, seat: int | None) -> list[str]:
    """What the reader's seat says of its own exchange: the card it was given, gave or laid out (as its view)."""
    if seat is None or not state.partners:  # (only partners exchange cards)
        return []
    out = []
    if seat in state.received:
        out.append(f"was given the {card_name(str(state.received[seat]))}")
    given = [e["gives"] for e in state.this_deal.get("exchange", []) if e.get("seat") == seat and "gives" in e]
    if given:
        out.append(f"gave the {card_name(given[0])}")
    if seat in state.discarded:
        out.append(f"laid out the {card_name(str(state.discarded[seat]))}")
    return out


def _end(state: PutState) -> End:
    """The end of the game: who won it and how, the last deal, every point scored."""
    o, n = state.options, state.players
    rec = state.to_record()
    outcome = state.outcome()
    won = outcome.winners
    w, score = won[0], outcome.returns
    sides = "rubber" if o.rubber > 1 else "game"
    head = (f"Seats {' and '.join(map(str, won))} win" if len(won) > 1 else f"Seat {w} wins") + f" the {sides}"
    others = [score[x] for x in range(n) if x not in won]
    on_points = o.rubber == 1 and score[w] >= o.game_points  # (not by a put seen and won, nor a deal played out)
    if on_points:
        head += f", {score[w]} points to {max(others) if others else 0}"
    last = rec["deals"][-1]
    rlast = roles(last["dealer"], n)
    r = last["result"]
    lines = [f"Deal {last['number']}: " + RESULTS.get(r["kind"], r["kind"]).format(w=label(r.get("winner"), rlast)),
             f"How the game was won: {get_clause(rec['won_by']).statement}"]
    if o.rubber > 1:
        gw = rec["rubber"]["games_won"]
        lines.append("Games won: " + ", ".join(f"Seat {s}: {gw[s]}" for s in range(n)))
    rows = [LedgerRow(ln.payer, ln.payee, ln.counters, ln.stake, ln.reason, ln.clause,
                      text=f"Seat {ln.payee} scores {plural(ln.counters, 'point')}", unit="point")
            for ln in state.ledger]   # the points are ledger lines from the stock: the core totals them
    return replace(counters_end(head + ".", lines, rows, n, [state.winner]),
                   ledger_caption="Every point scored, with the rule that scored it",
                   totals_caption="Points scored by each player over the whole game" if on_points or o.rubber > 1 else
                   "Points scored by each player in the deals before the one that won the game (that deal won the "
                   "game whatever the points)",
                   no_ledger=_no_points(len(rec["deals"])), unit=outcome.unit, clause=outcome.clause)


def _no_points(deals: int) -> str:
    """What the end says when no point was scored: the game was won in one deal, or on a later one after deals
    that scored nothing (trick and tie, say)."""
    if deals <= 1:
        return "No points were scored: the game was won in one deal."
    before = "the deal before it" if deals == 2 else f"the {deals - 1} deals before it"
    return f"No points were scored: the game was won on deal {deals}, and {before} scored nothing."


def _chances(analysis: dict[str, Any] | None, legal: list[str]) -> tuple[list[Chance], str]:
    """The reader's chances of winning the deal (and after each card he may play), and what they rest on."""
    chances = []
    note = ""
    if analysis and analysis.get("win") is not None:
        chances = [Chance("Win this deal", analysis["win"]), Chance("Tie it", analysis.get("tie")),
                   Chance("Lose it", analysis.get("lose"))]
        m = analysis.get("method")
        note = {"exact": "Exact, from the cards you have seen (both sides playing their best).",
                "approximate": "Approximate: the model does not know your opponent was given his partner's best card.",
                "monte-carlo": f"Estimated from {analysis.get('samples', 0):,} random deals of the unseen cards."
                }.get(m, "")
        per = analysis.get("cards") or {}
        for act, ch in per.items():
            if act in legal:
                chances.append(Chance(f"Win if you play the {card_name(act.split()[1])}", ch.get("win")))
        said = analysis.get("equilibrium")
        if said:
            note = f"{note} {said}".strip()
    return chances, note


class _Deal:
    """What a table of the deal in play draws the same at every move of it, made once a deal (and kept with its
    state, :data:`_KEPT`): its roles, each seat's label, the subtitle, and the piles of the tricks played (a trick
    played never changes: a move adds at most one)."""

    __slots__ = ("deal", "rl", "labels", "subs", "piles", "playing", "sees", "held")

    def __init__(self, state: PutState) -> None:
        d = self.deal = state.this_deal
        n = state.players
        self.rl, self.labels = _seated(d["dealer"], n)
        self.subs: dict[bool, str] = {}
        self.piles: list[Pile] = []
        self.playing: dict[tuple[int, int], Pile] = {}  # the trick in play, by its number and cards played
        self.sees: dict[int | None, list[bool]] = {}  # by reader: whose hands it sees
        self.held: dict[tuple, list[str]] = {}  # a hand seen, best first, by its cards (a few a seat a deal)

    def seen(self, state: PutState, reader: int | None) -> list[bool]:
        """Whose hands ``reader`` sees (its observer's, asked once a deal)."""
        sees = self.sees.get(reader)
        if sees is None:
            obs = state.observer(reader)
            sees = self.sees[reader] = [obs.hand(s) for s in range(state.players)]
        return sees

    def cards(self, state: PutState, hand: list) -> list[str]:
        """A hand seen, best first (a hand only loses cards in a deal, or gives one and is given one)."""
        key = tuple(hand)
        cards = self.held.get(key)
        if cards is None:
            cards = self.held[key] = [str(c) for c in state.best_first(hand)]
        return cards

    def sub(self, state: PutState, seen: bool) -> str:
        text = self.subs.get(seen)
        if text is None:
            o, d, n = state.options, self.deal, state.players
            target = f"{o.game_points} point{'s' if o.game_points != 1 else ''}"
            sub = [f"{self.labels[d['dealer']]} deals; {self.labels[(d['dealer'] + 1) % n]} leads.",
                   f"{target[0].upper() + target[1:]} make the game" + (", two games the rubber." if o.rubber > 1
                                                                         else ".")]
            if seen:
                sub.append("A put has been seen: this deal is played for the whole game.")
            if state.partners:
                sub.append("Seats 0 and 2 play together against Seats 1 and 3.")
            text = self.subs[seen] = " ".join(sub)
        return text

    def centre(self, state: PutState, over: bool) -> list[Pile]:
        """The tricks played in this deal and the one in play."""
        tricks, piles, lb = self.deal["tricks"], self.piles, self.labels
        for i, t in enumerate(tricks[len(piles):], len(piles) + 1):
            w = t.get("winner")
            piles.append(Pile(f"Trick {i}", [(lb[x], c) for x, c in t["plays"]],
                              note="tied" if w is None else f"won by {lb[w]}"))
        centre = list(piles)
        if not over and (state.trick or state.phase == "play"):
            k = len(tricks) + 1
            if k <= 3:
                key = (k, len(state.trick))
                pile = self.playing.get(key)
                if pile is None:
                    pile = self.playing[key] = Pile(f"Trick {k}, in play", [(lb[x], str(c)) for x, c in state.trick])
                centre.append(pile)
        return centre


#: Per state, what its tables draw the same all through the deal in play (:class:`_Deal`): one deal's, a few
#: strings and at most three tricks' piles; it goes with its state.
_KEPT: weakref.WeakKeyDictionary[PutState, _Deal] = weakref.WeakKeyDictionary()


def table(state: PutState, seat: int | None = None, *, analysis: dict[str, Any] | None = None) -> Table:
    n = state.players
    o = state.options
    if seat is not None and not 0 <= seat < n:  # (as its view says)
        raise NotationError(f"seat {seat!r}: Put here has seats 0 .. {n - 1}")
    d = state.this_deal
    kept = _KEPT.get(state)
    if kept is None or kept.deal is not d:
        kept = _KEPT[state] = _Deal(state)
    cp = state.seat_to_act()
    over = cp is None
    title = f"{state.title}: game {len(state.games) + (0 if over else 1)}, deal {d['number']}" if o.rubber > 1 \
        else f"{state.title}: deal {d['number']}"
    sees = kept.seen(state, seat)
    own = _own(state, seat)
    seats = [_seat(state, kept, s, seat, over, cp, sees, own) for s in range(n)]
    centre = kept.centre(state, over)
    money = []
    if o.betting == "double":
        value = state.value_now
        money.append(Pot("This deal is worth", text=f"{value} point{'s' if value != 1 else ''}"))
    if state.put_by is not None and not over:
        ans = "; ".join(f"{_label(x, kept)} {'sees it' if a == 'see' else 'refuses'}"
                        for x, a in d["puts"][-1]["answers"])
        money.append(Pot("Put", text=f"{_label(state.put_by, kept)} put" + (f"; {ans}" if ans else "")))
    groups, log = log_groups(state, lambda ev: _words(state, ev, seat), seat)
    end = None
    legal = [] if over else state.legal_actions()
    if over:
        end = _end(state)
        prompt = join_said(groups[-1]) if len(groups) > 1 else end.headline
        question, lab, between = "", "", ""
    else:
        question, lab = _question(state, seat, kept.labels, cp, legal)
        last = groups[-1] if len(groups) > 1 else []
        between, said = said_apart(last)
        if state.trick and f"the {state.trick[0][1].name}" in said:  # the lead was just said: do not say it twice
            question = question.split(": ", 1)[0].rstrip(".") + "."  # ("... to trick 1." has no colon: one stop)
        prompt = (said + " " + question).strip()
    show_choices = not over and (seat is None or seat == cp)
    chances, note = _chances(analysis, legal)
    return Table(
        title=title, subtitle=kept.sub(state, state.put_seen and not over), seats=seats, centre=centre, money=money,
        money_title="In the middle of the table", prompt=prompt, between=between,
        choices=_choices(state, legal) if show_choices else [], choices_label=lab,
        chances=chances, chances_title="Your chances" if chances else "", chances_note=note,
        log=log, end=end, game=state.game, reader=seat, to_act=cp, parties=PARTIES)


def _label(seat: int | None, kept: _Deal) -> str:
    return "nobody" if seat is None else kept.labels[seat]


__all__ = ["roles", "table"]

"""Put in words and HTML: the one place the game is put into words for readers (the CLI's text, the printed
examples and the widgets' results): each deal's hands, every trick in order with its winner, the puts and their
answers, the points scored, the score sheet.
"""

from __future__ import annotations

from typing import Any

from ...html import (
    Markup,
    card_html,
    cards_html,
    clause_ref,
    deal_block,
    e,
    facts_html,
    h,
    ledger_html,
    roles_of,
    rule_link,
    seat_label,
    seat_table,
)
from ...words import sentence

#: The parties of a Put score sheet that are not seats.
PARTIES = {"stock": "the score"}
#: How ``gamester replay`` words a claimed field that the actions do not give (see gamester.records).
CLAIM_WORDS = {"score": "seat {seat} scored {value} points", "winner": "seat {value} won the game"}
CLAIM_LISTS = {"tricks": "trick {n}", "points": "points item {n}", "puts": "puts item {n}",
               "plays": "plays item {n}"}


_PUT_RESULTS = {
    "won": "{w} won the deal",
    "put-won": "{w} won the deal after a put that was seen: the game",
    "won-outright": "{w} won a deal played out without a put: the game",
    "put-refused": "{w} put and the other side would not see it",
    "double-refused": "{w} doubled and the other side would not play on",
    "thrown-up": "the other side threw up their cards: the deal to {w}",
    "trick-and-tie": "a trick each and a tie: nobody scores",
    "all-tied": "all three tricks tied: nobody scores",
}


def _put_side(seat: int, players: int, score_len: int) -> str:
    if score_len < players and score_len:  # partners: seats i and i + 2 score together
        return f"Seats {seat} and {seat + score_len}"
    return f"Seat {seat}"


def sequence(d: dict) -> list[tuple[str, int, Any]]:
    """A deal's tricks and what happened around them, in order, for both the text and the HTML:
    ``("put" | "double" | "throw-up", trick, event)``, ``("trick", i, trick)`` and ``("unfinished", i, plays)``.
    An event comes before its trick's cards (a put before leading) or, for the trick not finished, after them."""
    events: dict[int, list[tuple[str, int, Any]]] = {}
    for kind, key in (("put", "puts"), ("double", "doubles"), ("throw-up", "throw_ups")):
        for x in d.get(key) or []:
            events.setdefault(x.get("trick", 0), []).append((kind, x.get("trick", 0), x))
    tricks = d.get("tricks") or []
    unfinished = d.get("unfinished_trick")
    out: list[tuple[str, int, Any]] = []
    for i in range(1, len(tricks) + (1 if unfinished or events.get(len(tricks) + 1) else 0) + 1):
        if i <= len(tricks):
            out += [*events.get(i, []), ("trick", i, tricks[i - 1])]
        else:
            out += [("unfinished", i, unfinished)] if unfinished else []
            out += events.get(i, [])
    return out


def _event_html(kind: str, x: dict, who: Any) -> tuple[str, str]:
    if kind == "put":
        ans = "; ".join(f"{who(s)} {'sees it' if a == 'see' else 'refuses'}" for s, a in x.get("answers") or [])
        return "Put", f"{e(who(x.get('seat')))} puts. {e(ans or 'No answer yet')}."
    if kind == "double":
        frm = x.get("from")
        return "Double", (f"{e(who(x.get('seat')))} doubles the deal from {e(str(frm))} to "
                          f"{e(str(frm * 2 if isinstance(frm, int) else '?'))}: "
                          f"{e(str(x.get('answer') or 'no answer yet'))}.")
    return "Throw-up", f"{e(who(x.get('seat')))} throws up his cards."


def _put_deal_html(dd: dict, n: int, base: str, passages: dict | None) -> str:
    roles = roles_of(dd, n)

    def who(s: Any) -> str:
        return seat_label(s, n, PARTIES, roles)

    rows = []
    for kind, i, x in sequence(dd):
        if kind in ("trick", "unfinished"):
            plays = [[", " if k else "", who(s), " ", card_html(c)]
                     for k, (s, c) in enumerate(x.get("plays", []) if kind == "trick" else x)]
            w = x.get("winner") if kind == "trick" else None
            won = "not finished" if kind == "unfinished" else "tied" if w is None else who(w)
            rows.append(h("tr", {}, h("th", {"scope": "row"}, f"Trick {i}"), h("td", {}, plays), h("td", {}, won)))
        else:
            k, v = _event_html(kind, x, who)
            rows.append(h("tr", {"class": "gm-event"}, h("th", {"scope": "row"}, k),
                          h("td", {"colspan": "2"}, Markup(v))))
    hands = dd.get("hands") if isinstance(dd.get("hands"), list) else None
    out = [seat_table(n, hands, None, roles, PARTIES, None)] if hands else []
    if dd.get("exchange"):
        ex = []
        for x in dd["exchange"]:
            if "gives" in x:
                ex.append([who(x.get("seat")), " gives ", cards_html(x["gives"]), " to ", who(x.get("to"))])
            else:
                ex.append([who(x.get("seat")), " lays out ", cards_html(x.get("discards", ""))])
        out.append(h("p", {}, h("small", {}, "Before play: ", [[("; " if k else ""), x] for k, x in enumerate(ex)],
                                ".")))
    if rows:
        out.append(h("table", {"class": "gm-tricks"},
                     h("thead", {}, h("tr", {}, h("th", {}, "Trick"), h("th", {}, "Cards played, in order"),
                                      h("th", {}, "Won by"))), h("tbody", {}, rows)))
    r = dd.get("result") or {}
    if r:
        w = r.get("winner")
        text = _PUT_RESULTS.get(str(r.get("kind")), str(r.get("kind"))).format(
            w=seat_label(w, n, PARTIES, roles) if w is not None else "nobody")
        out.append(h("p", {"class": "gm-outcome"}, h("strong", {}, "Result:"), f" {sentence(text)}",
                     [" ", h("small", {}, rule_link(str(r["clause"]), base, passages))] if r.get("clause") else None))
    pts = dd.get("points") or []
    if pts:
        out.append(h("ul", {"class": "gm-points"}, [
            h("li", {}, h("strong", {}, f"{seat_label(p.get('seat'), n, PARTIES, roles)}: +{p.get('points')}"),
              f" ({p.get('reason', '')}) ", h("small", {}, rule_link(str(p.get("clause", "")), base, passages)))
            for p in pts]))
    elif r and r.get("kind") not in ("put-won", "won-outright"):
        out.append(h("p", {"class": "gm-empty"}, h("small", {}, "No points scored in this deal.")))
    return "".join(out)


def _put_summary(dd: dict, n: int) -> str:
    r = dd.get("result") or {}
    w = r.get("winner")
    pts = sum(p.get("points", 0) for p in dd.get("points") or [] if isinstance(p.get("points"), int))
    what = {"trick-and-tie": "trick and tie", "all-tied": "all tied", "put-refused": "a put refused",
            "double-refused": "a double refused", "thrown-up": "cards thrown up",
            "put-won": "a put seen and won", "won-outright": "won outright"}.get(str(r.get("kind")), "")
    dealer = dd.get("dealer")
    bits = [f"Seat {dealer} deals" if isinstance(dealer, int) else "", what]
    if isinstance(w, int):
        bits.append(f"Seat {w} " + (f"+{pts}" if pts else "takes the game" if r.get("kind") in ("put-won", "won-outright")
                                   else "scores nothing"))
    return " · ".join(b for b in bits if b)


def result_html(d: dict, players: int, base: str, passages: dict | None, *, deal: int | None = None,
                compact: bool = False, end: str = "") -> str:
    """A game of Put: the cut, then ``end`` (the live table's end of the game: who won, how, the score sheet)
    when given, else the result as facts and the score sheet; then each deal, trick by trick."""
    n = int(d.get("players") or players)
    parts = []
    facts: list[tuple[str, str]] = []
    cut = d.get("cut")
    if isinstance(cut, list) and cut:
        rounds = ["; ".join(f"{e(seat_label(s, n, PARTIES))} cut {card_html(c)}" for s, c in rnd) for rnd in cut]
        fd = d.get("first_dealer")
        facts.append(("Cut for the deal", " — then ".join(rounds)
                      + (f": {e(seat_label(fd, n, PARTIES))} deals first" if isinstance(fd, int) else "")))
    score = d.get("score")
    if end:
        parts += [facts_html(facts), end]
        facts, score = [], None
    if isinstance(score, list) and score:
        facts.append(("Final score", ", ".join(
            f"{e(_put_side(i, n, len(score)))}: {v} point{'s' if v != 1 else ''}" for i, v in enumerate(score))))
    w = d.get("winner")
    if "winner" in d and not end:
        facts.append(("Winner", e(_put_side(w, n, len(score) if isinstance(score, list) else n))
                      if isinstance(w, int) else "nobody yet"))
    if d.get("won_by") and not end:
        facts.append(("How the game was won", clause_ref(str(d["won_by"]), base)))
    parts.append(facts_html(facts))
    deals = [x for x in (d.get("deals") or [])[:30] if isinstance(x, dict)]
    for j, dd in enumerate(deals):
        parts.append(deal_block(j, dd, _put_summary(dd, n), _put_deal_html(dd, n, base, passages)))
    if isinstance(d.get("ledger"), list) and d["ledger"] and not end:
        parts.append(h("details", {"class": "gm-ledger-all"},
                       h("summary", {}, f"The score sheet: every point in order ({len(d['ledger'])})"),
                       ledger_html(d["ledger"], n, PARTIES, base, passages)))
    return "".join(parts)


# -- plain text (the CLI) --------------------------------------------------------------------------------------
def deal_text(d: dict[str, Any], players: int) -> str:
    """One deal of a record in plain words, in the order things happened."""
    game = f" (game {d['game']} of the rubber)" if "game" in d else ""
    lines = [f"Deal {d['number']}{game}: seat {d['dealer']} deals."]
    for s, hand in enumerate(d["hands"]):
        lines.append(f"  seat {s}: {hand}")
    for ex in d.get("exchange", []):
        if "gives" in ex:
            lines.append(f"  seat {ex['seat']} gives {ex['gives']} to seat {ex['to']}")
        else:
            lines.append(f"  seat {ex['seat']} lays out {ex['discards']}")
    for kind, i, x in sequence(d):
        if kind == "trick":
            plays = ", ".join(f"seat {s} {c}" for s, c in x["plays"])
            lines.append(f"  trick {i}: {plays}: " + ("tied" if x["winner"] is None else f"won by seat {x['winner']}"))
        elif kind == "unfinished":
            lines.append(f"  trick {i} (not finished): " + ", ".join(f"seat {s} {c}" for s, c in x))
        elif kind == "put":
            ans = ", ".join(f"seat {s} {'sees' if a == 'see' else 'refuses'}" for s, a in x["answers"])
            lines.append(f"  seat {x['seat']} puts: {ans}")
        elif kind == "double":
            lines.append(f"  seat {x['seat']} doubles ({x['from']} to {x['from'] * 2}): {x['answer'] or 'pending'}")
        else:
            lines.append(f"  seat {x['seat']} throws up his cards")
    r = d["result"]
    if r:
        lines.append(f"  result: {r['kind']}" + (f", seat {r['winner']}" if r["winner"] is not None else ""))
    for p in d["points"]:
        lines.append(f"  {p['reason']} [{p['clause']}]")
    return "\n".join(lines)


def play_text(rec: dict[str, Any]) -> str:
    """A whole game (``gamester play put``) in plain words."""
    players = rec["players"]
    text = [f"Put, ruleset {rec['ruleset']}, {players} players, seed {rec['seed']}",
            "cut: " + "; ".join(", ".join(f"seat {s} {c}" for s, c in r) for r in rec["cut"])
            + f": seat {rec['first_dealer']} deals first"]
    text += [deal_text(d, players) for d in rec["deals"]]
    if "rubber" in rec:
        for g in rec["rubber"]["games"]:
            text.append(f"game {g['number']} (deals {g['deals'][0]}-{g['deals'][1]}): score {g['score']}, won by "
                        f"seat {g['winner']} [{g['won_by']}]")
        text.append(f"games won: {rec['rubber']['games_won']}; the rubber to seat {rec['winner']} "
                    f"[{rec['rubber']['clause']}]")
    text.append(f"score: {rec['score']}; winner: seat {rec['winner']} [{rec.get('won_by')}]")
    return "\n".join(text)


def deal_summary_text(data: dict[str, Any]) -> str:
    """One deal with each seat's odds at the start (``gamester deal put``) in plain words."""
    text = deal_text(data["deal"], data["players"])
    odds = data["odds_at_start"]
    if odds:
        text += "\n  odds at the start (win/tie/lose): " + "; ".join(
            f"seat {s} {o['win']:.3f}/{o['tie']:.3f}/{o['lose']:.3f}"
            + (f" (estimated, standard error {o['standard_error']['win']:.3f})" if "samples" in o else "")
            for s, o in odds.items())
        text += f"\n  ({data['odds_basis']})"
    return text

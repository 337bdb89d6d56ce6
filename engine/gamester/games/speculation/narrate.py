"""Speculation in words and HTML: the one place the game is put into words for readers (the CLI's text, the
printed examples and the widgets' results): each deal's turn-up, the order of turning, the trading and the pool.
"""

from __future__ import annotations

from typing import Any

from ...html import (
    Markup,
    card_html,
    card_name,
    cards_html,
    counters_text,
    deal_block,
    e,
    facts_html,
    h,
    ledger_html,
    roles_of,
    seat_label,
    seat_table,
    suit_html,
)

#: The parties of a Speculation ledger that are not seats.
PARTIES = {"pool": "the pool", "sale": "a sale"}
#: How ``gamester replay`` words a claimed field that the actions do not give (see gamester.records).
CLAIM_WORDS = {"winner": "seat {value} took the pool", "best": "the best trump was {value}",
               "turn_up": "the turn-up was {value}", "pool_left": "{value} counters are left in the pool"}
CLAIM_LISTS = {"offers": "offer {n}", "sales": "sale {n}"}


def _spec_deal_html(dd: dict, n: int, base: str, passages: dict | None, deal: int, ledger: bool = True) -> str:
    roles = roles_of(dd, n)
    hands = dd.get("hands") if isinstance(dd.get("hands"), list) else None
    net = dd.get("net") if isinstance(dd.get("net"), list) else None
    notes = {}
    if isinstance(dd.get("winner"), int):
        notes[dd["winner"]] = ' <small class="gm-won">takes the pool</small>'
    for s in dd.get("peeks") or []:
        if isinstance(s, int):
            notes[s] = notes.get(s, "") + " <small>(looked out of turn)</small>"
    parts = [seat_table(n, hands, net, roles, PARTIES, deal, notes)]
    facts: list[tuple[str, str]] = []
    if dd.get("turn_up"):
        facts.append(("Turn-up", f"{card_html(dd['turn_up'])}: trumps are {suit_html(dd.get('trump'))}"))
    if dd.get("spare"):
        facts.append(("Spare hand", cards_html(dd["spare"])))
    if dd.get("carried_in"):
        facts.append(("Brought in from the last deal", counters_text(dd["carried_in"])))
    exp = dd.get("exposures") or []
    if exp:
        facts.append(("Cards turned, in order", h("span", {"class": "gm-turns"}, [
            [" → " if k else "", h("span", {"class": "gm-turn"}, seat_label(s, n, PARTIES), "\u00a0", card_html(c))]
            for k, (s, c) in enumerate(exp)])))
    offers = dd.get("offers") or []
    if offers:
        items = []
        for o in offers:
            what = "the turn-up" if o.get("what") == "turn-up" else (
                "the best trump" if o.get("what") == "best" else e(str(o.get("what"))))
            bids = [f"{e(seat_label(s, n, PARTIES, roles))} {('bids ' + str(b)) if b is not None else 'passes'}"
                    for s, b in o.get("bids") or []]
            if o.get("result") == "sold":
                end = (f"sold to {e(seat_label(o.get('buyer'), n, PARTIES, roles))} for "
                       f"{counters_text(o.get('price'))}")
            else:
                end = "not sold" if o.get("result") == "refused" else e(str(o.get("result")))
            items.append(h("li", {}, seat_label(o.get("seller"), n, PARTIES, roles), " offers ", Markup(what),
                           " (", cards_html(o.get("cards") or []), "): ", Markup(", ".join(bids) or "no bids"), "; ",
                           Markup(end), "."))
        facts.append(("Trading", h("ul", {"class": "gm-offers"}, items)))
    if dd.get("passed"):
        facts.append(("The deal passes", "the turn-up is an Ace or a court card, so its holder takes the pool at "
                                         "once"))
    if dd.get("best"):
        w = dd.get("winner")
        who = (f"{e(seat_label(w, n, PARTIES, roles))} takes the pool" if isinstance(w, int)
               else e(str(dd.get("pool_stays") or "nobody takes the pool")))
        facts.append(("Best trump", f"{card_html(dd['best'])} ({e(card_name(dd['best']))}): {who}"))
    if dd.get("carried_out"):
        facts.append(("Left in the pool for the next deal", counters_text(dd["carried_out"])))
    parts.append(facts_html(facts))
    if isinstance(dd.get("ledger"), list) and ledger:
        parts.append(ledger_html(dd["ledger"], n, PARTIES, base, passages, deal, roles))
    return "".join(parts)


def result_html(d: dict, players: int, base: str, passages: dict | None, *, deal: int | None = None,
                compact: bool = False, end: str = "") -> str:
    """A game of Speculation: ``end`` (the live table's end of the game: who came out ahead, each deal's pool,
    every counter that moved) when given, else the totals, facts and ledger; then each deal in turn."""
    n = int(d.get("players") or players)
    net = d.get("net") if isinstance(d.get("net"), list) else None
    deals = [x for x in (d.get("deals") or [])[:30] if isinstance(x, dict)]
    parts = [end] if end else []
    if end:
        net = None
    if net:
        parts.append('<p class="gm-caption"><small>Counters won or lost over the whole game:</small></p>'
                     + seat_table(n, None, net, {}, PARTIES, None))
    facts: list[tuple[str, str]] = [("Deals", str(len(d.get("deals") or [])))]
    if "pool_left" in d:
        pl = d.get("pool_left")
        facts.append(("Left in the pool at the end", counters_text(pl) if pl else "nothing"))
    parts.append(facts_html(facts))
    if isinstance(d.get("ledger"), list) and not end:
        parts.append(ledger_html(d["ledger"], n, PARTIES, base, passages))
    for j, dd in enumerate(deals):
        w = dd.get("winner")
        what = (f"Seat {dd.get('dealer')} deals · turn-up {card_name(dd.get('turn_up'))}"
                + (f" · Seat {w} takes the pool" if isinstance(w, int) else ""))
        # With the end drawn as the live table draws it, its ledger (deal by deal) is the one ledger shown.
        parts.append(deal_block(j, dd, what, _spec_deal_html(dd, n, base, passages, j, ledger=not end)))
    return "".join(parts)


# -- plain text (the CLI) --------------------------------------------------------------------------------------
def deal_text(rec: dict) -> list[str]:
    lines = [f"Deal {rec['deal']}: seat {rec['dealer']} deals; turn-up {rec['turn_up']} (trumps {rec['trump']}); "
             f"pool brought in {rec['carried_in']}"]
    for s, hand in enumerate(rec["hands"]):
        lines.append(f"  seat {s}: {hand}")
    if rec["spare"]:
        lines.append(f"  spare hand: {rec['spare']}")
    if rec["passed"]:
        lines.append("  court-card turn-up: the deal passes")
    for o in rec["offers"]:
        tail = f"sold to seat {o['buyer']} for {o['price']}" if o["result"] == "sold" else o["result"]
        lines.append(f"  seat {o['seller']} offers {o['what']} ({' '.join(o['cards'])}): {tail}")
    if rec.get("complete"):
        who = f"seat {rec['winner']} takes the pool" if rec["winner"] is not None else rec.get("pool_stays", "")
        lines.append(f"  best {rec['best']}: {who}; net {rec['net']}; carried out {rec['carried_out']}")
    return lines


def play_text(rec: dict[str, Any]) -> str:
    """A whole game (``gamester play speculation``) in plain words."""
    lines = [f"Speculation, {rec['players']} players, seed {rec['seed']}, {rec['ruleset']}"]
    for d in rec["deals"]:
        lines.extend(deal_text(d))
    lines.append(f"Net: {rec['net']}; left in the pool: {rec['pool_left']}")
    return "\n".join(lines)


def deal_summary_text(out: dict[str, Any]) -> str:
    """One deal as dealt, with each seat's chance of holding the winning card (``gamester deal speculation``)."""
    lines = [f"Speculation deal, {out['players']} players, seed {out['seed']}: seat {out['dealer']} deals",
             *[f"  seat {s}: {h}" for s, h in enumerate(out["hands"])]]
    if out["spare"]:
        lines.append(f"  spare hand: {out['spare']}")
    lines.append(f"  turn-up {out['turn_up']}" + (" (a court card: the deal passes)" if out["passed"] else ""))
    lines.append("  chance of holding the winning card before anything is turned: turn-up "
                 f"{out['chance_before_turn_up']['turn_up']:.3f}; "
                 + ", ".join(f"seat {s} {p:.3f}" for s, p in enumerate(out["chance_before_turn_up"]["seats"])))
    return "\n".join(lines)

"""Bone-Ace in words and HTML: the one place the game is put into words for readers (the CLI's text, the printed
examples and the widget's results): the lift, each deal's cards, the Bone, the drawing and the Game."""

from __future__ import annotations

from typing import Any

from ...cards import RANK_PLURALS
from ...html import (
    cards_html,
    counters_text,
    deal_block,
    e,
    facts_html,
    ledger_html,
    roles_of,
    seat_label,
    seat_table,
)
from ...words import card_name
from .state import PARTY_WORDS

#: The parties of a Bone-Ace ledger that are not seats.
PARTIES = dict(PARTY_WORDS)
#: How ``gamester replay`` words a claimed field that the actions do not give (see gamester.records).
CLAIM_WORDS = {"first_dealer": "seat {value} dealt first"}

HOW_BONE = {"bone-ace": "with the Bone-Ace", "three": "on three of a sort", "biggest": "with the biggest card"}
HOW_GAME = {"thirty-one dealt": "turned up one and thirty", "thirty-one drawn": "drew to one and thirty",
            "nearest": "was nearest to one and thirty",
            "nearest, eldest": "was nearest to one and thirty, the eldest of those equally near", "divided": "divided it, equally near",
            "last left": "was the only one left under one and thirty"}


def bone_words(dd: dict, n: int, roles: dict[int, str]) -> str:
    b = dd.get("bone") or {}
    w = b.get("winner")
    if not isinstance(w, int):
        return ""
    how = b.get("how")
    if how == "three":
        what = f"three {e(RANK_PLURALS.get(str(b.get('rank')), str(b.get('rank'))))} turned up"
    elif b.get("card"):
        what = f"the {e(card_name(b['card']))}"
    else:
        what = ""
    return f"{e(seat_label(w, n, PARTIES, roles))} carries the Bone {HOW_BONE.get(how, '')}" + (
        f" ({what})" if what else "")


def game_words(dd: dict, n: int, roles: dict[int, str]) -> str:
    r = dd.get("result") or {}
    ws = [w for w in r.get("winners") or [] if isinstance(w, int)]
    if not ws:
        return ""
    who = " and ".join(e(seat_label(w, n, PARTIES, roles)) for w in ws)
    return f"{who} {'win' if len(ws) > 1 else 'wins'} the Game: {HOW_GAME.get(r.get('how'), '')}"


def _deal_html(dd: dict, n: int, base: str, passages: dict | None, deal: int, ledger: bool = True) -> str:
    roles = roles_of(dd, n)
    hands = dd.get("hands") if isinstance(dd.get("hands"), list) else None
    net = dd.get("net") if isinstance(dd.get("net"), list) else None
    totals = dd.get("totals") or []
    notes = {}
    for s in range(n):
        bits = []
        drawn = (dd.get("drawn") or [""] * n)[s] if s < len(dd.get("drawn") or []) else ""
        if drawn:
            bits.append(f"drew {cards_html(drawn)}")
        if s < len(totals):
            bits.append(f"counts {totals[s]}" + (" (out)" if s in (dd.get("out") or []) else ""))
        if bits:
            notes[s] = " <small>" + "; ".join(bits) + "</small>"
    parts = [seat_table(n, hands, net, roles, PARTIES, deal, notes)]
    facts = [("The Bone", bone_words(dd, n, roles)), ("The Game", game_words(dd, n, roles))]
    parts.append(facts_html([(k, v) for k, v in facts if v]))
    if isinstance(dd.get("ledger"), list) and ledger:
        parts.append(ledger_html(dd["ledger"], n, PARTIES, base, passages, deal, roles))
    return "".join(parts)


def result_html(d: dict, players: int, base: str, passages: dict | None, *, deal: int | None = None,
                compact: bool = False, end: str = "") -> str:
    """A sitting of Bone-Ace: ``end`` (the live table's end: who came out ahead, every counter that moved) when
    given, else the totals; then each deal in turn, its hands (two face down and the third turned up), what each
    drew and counted, the Bone and the Game."""
    n = int(d.get("players") or players)
    net = d.get("net") if isinstance(d.get("net"), list) else None
    deals = [x for x in (d.get("deals") or [])[:30] if isinstance(x, dict)]
    parts = [end] if end else []
    if net and not end:
        parts.append('<p class="gm-caption"><small>Counters won or lost over the whole sitting:</small></p>'
                     + seat_table(n, None, net, {}, PARTIES, None))
    for j, dd in enumerate(deals):
        rl = roles_of(dd, n)
        what = f"{e(seat_label(dd.get('dealer'), n, PARTIES, rl))} deals"
        parts.append(deal_block(j, dd, what, _deal_html(dd, n, base, passages, j, ledger=not end)))
    return "".join(parts)


# -- plain text (the CLI) --------------------------------------------------------------------------------------
def deal_text(rec: dict) -> list[str]:
    lines = [f"Deal {rec['deal']}: seat {rec['dealer']} deals, seat {rec['eldest']} is eldest"]
    for s, hand in enumerate(rec["hands"]):
        drawn = rec["drawn"][s]
        lines.append(f"  seat {s}: {hand}" + (f" + {drawn}" if drawn else "") + f" = {rec['totals'][s]}"
                     + (" (out)" if s in rec["out"] else ""))
    b, r = rec["bone"], rec["result"]
    lines.append(f"  the Bone: seat {b.get('winner')} ({b.get('how')}" + (f", {b['card']}" if b.get("card") else "")
                 + ")")
    if r:
        lines.append(f"  the Game: seat(s) {', '.join(map(str, r['winners']))} ({r['how']}); net {rec['net']}")
    return lines


def play_text(rec: dict[str, Any]) -> str:
    """A whole sitting (``gamester play bone-ace``) in plain words."""
    lines = [f"Bone-Ace, {rec['players']} players, seed {rec['seed']}, {rec['ruleset']}",
             f"The lift: seat {rec['first_dealer']} lifts the least and deals first"]
    for d in rec["deals"]:
        lines.extend(deal_text(d))
    lines.append(f"Net: {rec['net']}")
    return "\n".join(lines)


def deal_summary_text(out: dict[str, Any]) -> str:
    """One deal as dealt, with the Bone and each player's chance of passing one and thirty on one more card."""
    lines = [f"Bone-Ace deal, {out['players']} players, seed {out['seed']}: seat {out['dealer']} deals"]
    for s, hand in enumerate(out["hands"]):
        lines.append(f"  seat {s}: {hand} = {out['totals'][s]}; one more card passes one and thirty: "
                     f"{out['over'][s]:.3f}")
    lines.append(f"  the Bone: seat {out['bone']['winner']} ({out['bone']['how']})")
    if out.get("thirty_one"):
        lines.append(f"  one and thirty turned up: seat {out['thirty_one']} wins the Game at once")
    return "\n".join(lines)


__all__ = ["CLAIM_WORDS", "PARTIES", "counters_text", "deal_text", "play_text", "result_html"]

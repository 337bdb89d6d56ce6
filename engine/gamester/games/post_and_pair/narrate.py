"""Post and Pair in words and HTML: the one place the game is put into words for readers (the CLI's text, the
printed examples and the widgets' results).

``result_html(record, players, base, passages)`` draws a settled deal, a show-down of given hands or a game of
several deals: seats with their roles from each deal's record, what happened, the dishes won, the notes of how it
was decided and every counter that moved. ``compare_html`` draws the same deal under several rulesets.
"""

from __future__ import annotations

import json
from typing import Any

from ...cards import SUIT_NAMES
from ...html import (
    Markup,
    and_words,
    counters_text,
    deal_block,
    e,
    facts_html,
    h,
    hands_of,
    ledger_html,
    notes_html,
    roles_of,
    rule_link,
    seat_label,
    seat_table,
    seats_words,
    suit_html,
)
from ...words import sentence
from . import rules

#: The parties of a Post and Pair ledger that are not seats.
PARTIES = {"post": "the Post dish", "pair": "the Pair dish", "seat": "the Seat stakes", "vyes": "the vyes",
           "box": "the box", "pool": "the stakes shared out"}
#: How ``gamester replay`` words a claimed field that the actions do not give (see gamester.records).
CLAIM_WORDS = {"box": "the box holds {value} counters"}


_DISHES = ("pair", "post", "seat")


def act_words(a: str, bet: int = 0) -> tuple[str, str]:
    """What an action does, in words (with the seat before it: "Seat 2 vyes 3"), and the rule it follows."""
    verb, _, num = a.partition(" ")
    if verb == "vye":
        return f"vyes {num}", rules.VYE_ONE_CHANCE
    if verb == "revye":
        return f"re-vyes {num}", rules.VYE_MATCH
    if verb == "match":
        return f"matches the vye of {bet}", rules.VYE_MATCH
    return _ACTS.get(verb, (a, ""))


#: The words of the actions that say no number.
_ACTS = {
    "seat": ("stakes the Seat on his two cards", rules.STAKE_SEAT),
    "abandon": ("abandons his two cards", rules.STAKE_ABANDON),
    "pass": ("passes", rules.VYE_ELDEST_PASS),
    "drop": ("will not vye, and drops out", rules.VYE_ONE_CHANCE),
    "fold": ("folds", rules.VYE_MATCH),
    "play": ("plays it out", rules.VYE_DEALER_CHOICE),
    "double": ("doubles", rules.VYE_DEALER_CHOICE),
    "part": ("agrees to part stakes", rules.SETTLE_PART),
    "show": ("asks for a show", rules.SETTLE_PART_EQUAL),
}


def _pp_outcome(d: dict, roles: dict[int, str]) -> str | None:
    out = d.get("outcome")
    shown = d.get("shown") if isinstance(d.get("shown"), list) else []
    winners = d.get("winners") if isinstance(d.get("winners"), dict) else {}
    if out == "show":
        return f"Show-down: {seats_words(shown, roles)} showed their cards."
    if out == "doubled":
        return ("Nobody vied and the dealer passed too: the stakes stay on the table and are doubled by the "
                "next deal's stakes.")
    if out == "unseen":
        who = next((v for v in winners.values() if isinstance(v, int)), None)
        return f"{seats_words([who], roles)} took every stake unseen: nobody else was left in."
    if out == "no-seat":
        return "Nobody staked the Seat: the stakes stay on the table for the next deal."
    if out == "parted":
        return "The players still in agreed to part stakes: the table was shared out equally, odd counters to the box."
    return e(str(out)) if out is not None else None


def _dish_amounts(v: Any) -> str:
    if isinstance(v, dict):
        parts = [f"{k.capitalize()} {n}" for k, n in v.items() if n]
        return e(", ".join(parts)) + " counters" if parts else "nothing"
    if isinstance(v, int) and not isinstance(v, bool):
        return counters_text(v) if v else "nothing"
    return e(str(v))


def _actions_said(acts: list[list], n: int, roles: dict) -> str:
    """A deal's moves (the first 60), each after its seat's name, with the vye standing at each."""
    said, bet = [], 0
    for p, a in acts[:60]:
        verb, _, num = str(a).partition(" ")
        bet = int(num) if verb == "vye" and num.isdigit() else bet + int(num) if verb == "revye" and \
            num.isdigit() else bet
        said.append(f"{seat_label(p, n, PARTIES, roles)} {act_words(str(a), bet)[0]}")
    return "; ".join(said) + "."


def result_html(d: dict, players: int, base: str, passages: dict | None, deal: int | None = None,
                compact: bool = False) -> str:
    hands = hands_of(d)
    net = d.get("net") if isinstance(d.get("net"), list) else None
    n = len(hands) if hands else (len(net) if net else players)
    roles = roles_of(d, n)
    folded = set(d.get("folded") or []) if isinstance(d.get("folded"), list) else set()
    winners = d.get("winners") if isinstance(d.get("winners"), dict) else {}
    notes = {}
    for i in range(n):
        won = [k for k in _DISHES if winners.get(k) == i]
        note = " <small>(folded before the show)</small>" if i in folded else ""
        if won:
            note += f' <small class="gm-won">wins the {e(and_words([w.capitalize() for w in won]))}</small>'
        notes[i] = note
    parts = [seat_table(n, hands, net, roles, PARTIES, deal, notes) if (hands or net) else ""]
    facts: list[tuple[str, str]] = []
    oc = _pp_outcome(d, roles)
    if oc:
        facts.append(("What happened", oc))
    elif "carried" in d:
        live = [i for i in range(n) if i not in folded]
        facts.append(("What happened", f"Show-down of the hands of {seats_words(live, roles)}."))
    if "trump" in d:
        t = d.get("trump")
        facts.append(("Trumps", suit_html(t) if t else "none named: the cards were not shown"))
    if winners:
        facts.append(("Dishes won", "; ".join(
            f"{k.capitalize()}: {e(seat_label(winners[k], n, PARTIES, roles)) if isinstance(winners.get(k), int) else 'nobody'}"
            for k in _DISHES if k in winners)))
    if isinstance(d.get("pair_royal"), int) and not isinstance(d.get("pair_royal"), bool):
        facts.append(("Pair-royal", f"{e(seat_label(d['pair_royal'], n, PARTIES, roles))} holds three of a kind"))
    if "box" in d:
        facts.append(("To the box", _dish_amounts(d.get("box"))))
    if "carried_in" in d:
        facts.append(("Brought in from the last deal", _dish_amounts(d.get("carried_in"))))
    for key in ("carried_out", "carried"):
        if key in d:
            facts.append(("Left on the table for the next deal", _dish_amounts(d.get(key))))
    acts = [x for x in d.get("actions") or [] if isinstance(x, list) and len(x) == 2 and isinstance(x[0], int)]
    if acts and deal is None:
        facts.append(("What each player did", e(_actions_said(acts, n, roles))))
    parts.append(facts_html(facts))
    more = notes_html(d.get("notes"), base)
    if isinstance(d.get("ledger"), list):
        more += ledger_html(d["ledger"], n, PARTIES, base, passages, deal, roles)
    if compact and more:
        more = h("details", {"class": "gm-more"}, h("summary", {}, "How it was decided, and every counter that "
                                                    f"moved ({len(d.get('ledger') or [])} ledger lines)"), Markup(more))
    parts.append(more)
    if isinstance(d.get("deals"), list) and deal is None:
        for j, sub in enumerate(d["deals"][:30]):
            if isinstance(sub, dict):
                parts.append(deal_block(j, sub, f"dealt by {seat_label(sub.get('dealer'), n, PARTIES)}",
                                         result_html(sub, players, base, passages, j)))
    return "".join(parts)


def _compare_table(results: list[dict], labels: list[str]) -> tuple[str, list[str]]:
    """The outcome under each ruleset side by side (rows: trumps, each dish, each seat's net), differing rows
    marked; and the names of what differs, in words."""
    ds = [r["data"] for r in results]
    rows, changed = [], []

    def row(name: str, cells: list[str], keys: list[str]) -> None:
        differs = len(set(keys)) > 1
        if differs:
            changed.append(name)
        rows.append(h("tr", {"class": "gm-differs-row" if differs else None},
                      h("th", {"scope": "row"}, name, [" ", h("mark", {"class": "gm-differs"}, "differs")] if differs
                        else None), [h("td", {}, Markup(c)) for c in cells]))

    row("Trumps", [suit_html(d.get("trump")) if d.get("trump") else "none" for d in ds],
        [json.dumps(d.get("trump")) for d in ds])
    for dish in _DISHES:
        vals = [(d.get("winners") or {}).get(dish) for d in ds]
        row(f"{dish.capitalize()} dish", [f"Seat {v}" if isinstance(v, int) else "nobody" for v in vals],
            [json.dumps(v) for v in vals])
    nets = [d.get("net") or [] for d in ds]
    for i in range(max((len(x) for x in nets), default=0)):
        vals = [x[i] if i < len(x) else 0 for x in nets]
        row(f"Seat {i}, counters", [f"{v:+d}" if isinstance(v, int) else e(str(v)) for v in vals],
            [str(v) for v in vals])
    if any(d.get("box") for d in ds):
        row("To the box", [counters_text(d.get("box") or 0) for d in ds], [str(d.get("box")) for d in ds])
    head = h("tr", {}, h("th", {"scope": "col"}, "For each player"), [h("th", {}, lab) for lab in labels])
    return h("table", {"class": "gm-compare-table"}, h("thead", {}, head), h("tbody", {}, rows)), changed


def _only_notes(results: list[dict], labels: list[str], base: str) -> str:
    """The steps of reasoning (engine notes and paying-out lines) that one ruleset takes and the others do not."""
    def steps(d: dict) -> list[tuple[str, str]]:
        out = [(str(x.get("clause")), str(x.get("reason"))) for x in (d.get("notes") or []) if isinstance(x, dict)]
        out += [(str(x.get("clause")), str(x.get("reason"))) for x in (d.get("ledger") or [])
                if isinstance(x, dict) and not isinstance(x.get("from"), int)]  # payouts, not stakes
        return out

    sets = [steps(r["data"]) for r in results]
    items = []
    for i, (lab, mine) in enumerate(zip(labels, sets, strict=False)):
        others = {n for j, s in enumerate(sets) if j != i for n in s}
        own = list(dict.fromkeys(n for n in mine if n not in others))
        if own:
            items.append(h("li", {}, "Under ", h("em", {}, lab), ":", h("ul", {}, [
                h("li", {}, sentence(r), " ", h("small", {}, rule_link(c, base, None))) for c, r in own[:6]])))
    return (h("p", {}, h("small", {}, "Why: the steps each reading takes that the other does not."))
            + h("ul", {"class": "gm-why"}, items)) if items else ""


def compare_html(results: list[dict], labels: list[str], players: int, base: str, passages: dict | None) -> str:
    """The same deal under several rulesets: what differs, why, and each settlement in its column."""
    table, changed = _compare_table(results, labels)
    if changed:
        lead = ("<p><strong>What the readings change on these cards:</strong> "
                + e(and_words([c[:1].lower() + c[1:] for c in changed if not c.endswith(", counters")]
                         or ["the counters"])) + ".</p>")
    else:
        lead = ("<p><strong>On these cards the readings agree</strong>: the same dishes go to the same hands and "
                "every counter ends in the same place.</p>")
    summary = h("div", {"class": "gm-diff"}, Markup(lead), table, Markup(_only_notes(results, labels, base)))
    cols = [h("section", {"class": "gm-col", "data-ruleset": r["ruleset"], "data-options": r["options"]},
              h("h4", {}, lab), Markup(result_html(r["data"], players, base, passages, compact=True)))
            for r, lab in zip(results, labels, strict=False)]
    return summary + h("div", {"class": "gm-compare"}, cols)


# -- plain text (the CLI) --------------------------------------------------------------------------------------
def deal_text(d: dict[str, Any]) -> str:
    lines = [f"Dealer: seat {d['dealer']}; eldest hand: seat {d['eldest']}"]
    for s, hand in enumerate(d["hands"]):
        lines.append(f"  seat {s}: {hand}")
    lines.append("Actions: " + "; ".join(f"seat {s} {a}" for s, a in d["actions"]))
    lines.append(f"Outcome: {d['outcome']}" + (f"; trumps {SUIT_NAMES[d['trump']]}" if d["trump"] else ""))
    for n in d["notes"]:
        lines.append(f"  note [{n['clause']}] {n['reason']}")
    for ln in d["ledger"]:
        lines.append(f"  {ln['from']} -> {ln['to']}: {ln['counters']}  [{ln['clause']}] {ln['reason']}")
    lines.append("Net: " + ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(d["net"])) + f"; box {d['box']}")
    left = sum(d["carried_out"].values())
    if left:
        lines.append(f"Left on the table for the next deal: {left}")
    return "\n".join(lines)


def deal_summary_text(data: dict[str, Any]) -> str:
    """One deal (``gamester deal post-and-pair``) in plain words."""
    head = (f"Post and Pair, {data['players']} players, seed {data['seed']}, ruleset {data['follows'] or 'custom'}"
            f" ({data['ruleset']})")
    return head + "\n" + deal_text(data)


def play_text(rec: dict[str, Any]) -> str:
    """A game of several deals (``gamester play post-and-pair``) in plain words."""
    parts = [f"Post and Pair, {rec['players']} players, seed {rec['seed']}, {len(rec['deals'])} deal(s), ruleset "
             f"{rec['follows'] or 'custom'} ({rec['ruleset']})"]
    for i, d in enumerate(rec["deals"], 1):
        parts.append(f"--- deal {i} ---\n{deal_text(d)}")
    parts.append("Totals: " + ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(rec["net"])) + f"; box {rec['box']}")
    return "\n".join(parts)


def settle_text(data: dict[str, Any]) -> str:
    """A show-down of given hands (``gamester settle post-and-pair``), ledger line by ledger line."""
    out = [f"Ruleset: {data['follows'] or 'custom'}: {data['ruleset']}"]
    roles = {data["eldest"]: " (eldest)", data["dealer"]: " (dealer)"}
    for s, hand in enumerate(data["hands"]):
        out.append(f"  seat {s}{roles.get(s, '')}: {hand}" + ("  (folded)" if s in data["folded"] else ""))
    for n in data["notes"]:
        out.append(f"Note [{n['clause']}]: {n['reason']}")
    out.append("Ledger:")
    for ln in data["ledger"]:
        out.append(f"  {ln['from']} -> {ln['to']}: {ln['counters']}  [{ln['clause']}] {ln['reason']}")
    out.append("Net: " + ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(data["net"])) + f"; box {data['box']}"
               + (f"; {data['carried']} left on the table" if data["carried"] else ""))
    return "\n".join(out)


"""Put in numbers, part three: the solved game (the equilibrium shipped as data, :mod:`.strategy`), for the Numbers
page: the chance of the game at every score, how often the eldest puts and the dealer sees with each hand, and a
plot of both by the strength of the hand."""

from __future__ import annotations

from dataclasses import replace
from math import comb
from typing import Any

from ...html import e, numbers_table, percent
from ...svg import line_chart
from .rules import PRESETS
from .strategy import solved, summary

SOLVED_PRESET = "stripped-28"
#: the solved rulesets of the 28-card pack, as the page names them
SOLVED = {"stripped-28": "Cotton's rules", "reconstruction": "the modern account's fuller rules",
          "without-putting": "without putting"}
#: the players the solved game is measured against, as the page names them
AGAINST = {"calculating": "the calculating player", "bold": "the bold player", "pav": "Pav's model"}


def _options(preset: str):
    o = PRESETS[preset].options
    return o if o.pack == "28" else replace(o, pack="28")


def _data(preset: str = SOLVED_PRESET) -> dict[str, Any] | None:
    """The solved file of the preset at 28 cards, or its summary where the whole strategy is not shipped."""
    return solved(_options(preset).to_string()) or summary(f"{preset}-28")


def _missing() -> str:
    return "<p>The solved game is not in this build.</p>"


#: the full pack under Cotton's rules: its summary (the whole strategy is too large to ship)
FULL_PACK = "cotton-1674"
#: Cotton's hand: "a five, seven and a nine", in the file's words (best first)
COTTON_HAND = "9 7 5"


def full_pack() -> dict[str, Any] | None:
    """The 52-card pack's solved summary: values, exploitability, each deal's first decisions, the hands table."""
    return summary(FULL_PACK)


def hands_by_strength(data: dict[str, Any]) -> list[str]:
    """The hands from the weakest to the strongest: by the eldest's chance of the game holding it at 0-0."""
    return sorted(data["hands"], key=lambda h: data["hands"][h]["0-0"][0])


def put_chance(data: dict[str, Any], hand: str, a: int, b: int) -> float:
    return data["strategy"].get(f"eldest|{a}-{b}|{hand}|", {}).get("put", 0.0)


def see_chance(data: dict[str, Any], hand: str, a: int, b: int) -> float:
    """The dealer's chance of seeing a put with ``hand``, his points ``a`` first."""
    return data["strategy"].get(f"dealer|{a}-{b}|{hand}|put", {"see": 1.0}).get("see", 0.0)


def values_table(base: str, data: dict[str, Any] | None = None, pack: str = "28 cards, Cotton's rules otherwise"
                 ) -> str:
    """``<!-- numbers put-solved -->``: the eldest's chance of the game at every score, both playing the
    equilibrium."""
    data = data or _data()
    if data is None:
        return _missing()
    v = data["values"]
    rows = [[str(a)] + [percent(v[f"{a}-{b}"], 2) for b in range(5)] for a in range(5)]
    worst = max(data["exploitability"].values())
    return numbers_table(["Eldest's points"] + [f"Dealer has {b}" for b in range(5)], rows,
                         "The eldest's chance of winning the game when both play the solved game's strategies "
                         f"(two hands, {pack}); no player who deviates gains more than "
                         f"{100 * worst:.3f} points in a hundred at any score")


def full_pack_values(base: str) -> str:
    """``<!-- numbers put-solved-52 -->``: the same for the full pack under Cotton's rules."""
    data = full_pack()
    return values_table(base, data, "the full pack of 52 cards, Cotton's rules") if data else _missing()


def cotton_hand_table(base: str) -> str:
    """``<!-- numbers put-solved-cotton-hand -->``: how often the eldest puts with a Nine, Seven and Five at every
    score, and how often the dealer sees a put holding it (52 cards, Cotton's rules): two small tables."""
    data = full_pack()
    if data is None or COTTON_HAND not in data["hands"]:
        return _missing()
    head = ["Eldest's points"] + [f"Dealer has {b}" for b in range(5)]
    puts = [[str(a)] + [percent(put_chance(data, COTTON_HAND, a, b)) for b in range(5)] for a in range(4)]
    sees = [[str(a)] + [percent(see_chance(data, COTTON_HAND, b, a)) for b in range(5)] for a in range(5)]
    return (numbers_table(head, puts, "How often the eldest holding the Nine, Seven and Five puts before the first "
                                      "lead, at every score (52 cards, Cotton's rules). With four points a put "
                                      "changes nothing for him (a deal he wins gives him the game either way), so "
                                      "that row is left out")
            + numbers_table(head, sees, "How often the dealer holding the Nine, Seven and Five sees a put, at every "
                                        "score (52 cards, Cotton's rules)"))


def full_pack_hands(base: str) -> str:
    """``<!-- numbers put-solved-52-hands -->``: the full pack's hands with which the eldest puts at nothing all
    some of the time but not always (the mixed ones), Cotton's hand, and the five weakest and five strongest."""
    data = full_pack()
    if data is None:
        return _missing()
    hands = hands_by_strength(data)
    mixed = [h for h in hands if 0.005 < put_chance(data, h, 0, 0) < 0.995]
    pick = list(dict.fromkeys(hands[:5] + [COTTON_HAND] + mixed + hands[-5:]))
    pick = [h for h in reversed(hands) if h in pick]
    rows = [[e(h) + (" (Cotton's)" if h == COTTON_HAND else ""), percent(data["hands"][h]["0-0"][0]),
             percent(put_chance(data, h, 0, 0)), percent(see_chance(data, h, 0, 0)),
             percent(put_chance(data, h, 2, 2)), percent(put_chance(data, h, 3, 3))] for h in pick]
    return numbers_table(["Hand", "Eldest's chance of the game with it, 0-0", "Eldest puts, 0-0",
                          "Dealer sees a put, 0-0", "Eldest puts, 2-2", "Eldest puts, 3-3"], rows,
                         f"The full pack (52 cards, Cotton's rules; the strongest first): of its {len(hands)} hands, "
                         "the five strongest, the five weakest, Cotton's Nine, Seven and Five, and every hand with "
                         "which the eldest puts at nothing all some of the time but not always")


def rulesets_table(base: str) -> str:
    """``<!-- numbers put-solved-rulesets -->``: each solved ruleset (the 28-card pack's, then the full pack under
    Cotton's rules): the values at 0-0 and 4-4 and how far from an equilibrium the shipped strategies are (per
    score and over the whole game)."""
    rows = []
    solved_sets = [(label[0].upper() + label[1:] + ", 28 cards", _data(preset)) for preset, label in SOLVED.items()]
    for label, data in solved_sets + [("Cotton's rules, the full pack of 52 cards", full_pack())]:
        if data is None:
            rows.append([e(label), "not solved", "", "", ""])
            continue
        v = data["values"]
        rows.append([e(label), percent(v["0-0"], 2), percent(v["4-4"], 2),
                     f"{100 * max(data['exploitability'].values()):.4f}",
                     "not computed" if data["overall_exploitability"] is None
                     else f"{100 * data['overall_exploitability']:.4f}"])
    return numbers_table(["Rules", "Eldest's chance of the game, 0-0", "Eldest's chance, 4-4",
                          "Most a best reply gains at one score (points in 100)",
                          "Best replies' gain over a whole game (points in 100)"], rows,
                         "The solved game under each set of rules: the eldest's chance of winning the game, and "
                         "how close the strategies are to an equilibrium (what the two players' best replies "
                         "gain together, in points in a hundred of the chance of the game)")


def against_table(base: str) -> str:
    """``<!-- numbers put-solved-against -->``: what the solved game, and the best reply, win against the
    computer's other players and Pav's model, from 0-0 and at every score (Cotton's rules, 28 cards)."""
    data = _data()
    if data is None or "against" not in data:
        return _missing()
    ag = data["against"]
    names = [n for n in AGAINST if n in ag]
    rows = [["From 0-0, seats alternating"]
            + [x for n in names for x in (f"{100 * ag[n]['equilibrium_margin']:+.2f}",
                                          f"{100 * ag[n]['best_margin']:+.2f}")]]
    for a in range(5):
        for b in range(5):
            k = f"{a}-{b}"
            rows.append([f"{a}-{b}, as eldest"] + [x for n in names for x in (
                f"{100 * ag[n]['per_score'][k]['equilibrium'][0]:+.2f}",
                f"{100 * ag[n]['per_score'][k]['best'][0]:+.2f}")])
            rows.append([f"{a}-{b}, as dealer"] + [x for n in names for x in (
                f"{100 * ag[n]['per_score'][k]['equilibrium'][1]:+.2f}",
                f"{100 * ag[n]['per_score'][k]['best'][1]:+.2f}")])
    head = ["Score (eldest's points first)"] + [x for n in names for x in (
        f"Solved game against {e(AGAINST[n])}", f"Best reply to {e(AGAINST[n])}")]
    return numbers_table(head, rows,
                         "What the solved game and the best reply win against each player, in points in a hundred "
                         "of the chance of winning the game: from nothing all, above an even chance (the two seats "
                         "taken in turn); at each score, above what the solved game itself is sure of there. "
                         "The calculating and bold players are the computer's; Pav's model plays his closed-hand "
                         "cards, never puts and sees every put. Computed exactly over every deal, not sampled (28 "
                         "cards, Cotton's rules)")


def hands_table(base: str, preset: str = SOLVED_PRESET) -> str:
    """``<!-- numbers put-solved-hands -->``: how often the eldest puts and the dealer sees, by hand."""
    data = _data(preset)
    if data is None:
        return _missing()
    rows = []
    for h in reversed(hands_by_strength(data)):
        rows.append([e(h), percent(data["hands"][h]["0-0"][0]), percent(put_chance(data, h, 0, 0)),
                     percent(see_chance(data, h, 0, 0)), percent(put_chance(data, h, 2, 2)),
                     percent(put_chance(data, h, 3, 3)), percent(see_chance(data, h, 3, 3))])
    caption = ("How often the solved game puts and sees with each hand (28 cards; the strongest first). When the "
               "eldest needs one point a put changes nothing, so no frequency is shown; when the dealer needs one, "
               "the eldest puts with almost every hand")
    if preset != SOLVED_PRESET:
        caption = (f"The same under {e(SOLVED[preset])} (28 cards; the strongest first): how often the eldest "
                   "puts before the first lead, and the dealer sees that put, with each hand")
    return numbers_table(["Hand", "Eldest's chance of the game with it, 0-0", "Eldest puts, 0-0",
                          "Dealer sees a put, 0-0", "Eldest puts, 2-2", "Eldest puts, 3-3", "Dealer sees, 3-3"],
                         rows, caption)


def put_plot(base: str) -> str:
    """``<!-- numbers put-solved-plot -->``: the put and see frequencies at 0-0 by the strength of the hand."""
    data = _data()
    if data is None:
        return _missing()
    hands = hands_by_strength(data)
    put = [(i + 1, 100 * put_chance(data, h, 0, 0)) for i, h in enumerate(hands)]
    see = [(i + 1, 100 * see_chance(data, h, 0, 0)) for i, h in enumerate(hands)]
    n = len(hands)
    desc = (f"{n} hands from the weakest ({hands[0]}) to the strongest ({hands[-1]}). The eldest puts with "
            + ", ".join(f"{h} {percent(put_chance(data, h, 0, 0))}" for h in hands[:3]) + " of the time; "
            "the dealer sees with " + ", ".join(f"{h} {percent(see_chance(data, h, 0, 0))}" for h in hands[-3:]))
    return ('<figure class="gm-figure">' + line_chart(
        [("The eldest puts", put), ("The dealer sees a put", see)],
        title="How often the solved game puts and sees at nothing all, by the strength of the hand",
        desc=desc, x_label="Hands, weakest to strongest", y_label="Chance (%)",
        x_ticks=[1, 20, 40, 60, n], y_ticks=[0, 25, 50, 75, 100], ident="put-solved")
        + "<figcaption>At nothing all, with 28 cards: the hands ordered by the eldest's chance of winning the game "
          "with them; for each, how often the eldest puts with it and how often the dealer sees a put with it."
          "</figcaption></figure>")


def deal_chance(hand: str) -> int:
    """In how many ways a pack of four suits deals these three ranks (``"5 4 4"``): the ways of taking each rank's
    cards from its four. Over the pack's C(4n, 3) three-card hands, it is the chance of the hand."""
    ranks = hand.split()
    ways = 1
    for r in set(ranks):
        ways *= comb(4, ranks.count(r))
    return ways


def binned(data: dict[str, Any], chance, bins: int = 40) -> list[tuple[float, float]]:
    """``chance(hand)`` averaged over slices of the deals: the hands from the weakest up, each weighted by how often
    it is dealt, cut into ``bins`` slices of equal share (a hand on a boundary split between its two slices); x is
    the middle of the slice, in percent of the deals."""
    hands = hands_by_strength(data)
    w = [deal_chance(h) for h in hands]
    total = sum(w)
    out, i, left = [], 0, w[0] / total
    for k in range(bins):
        room, got = 1 / bins, 0.0
        while room > 1e-12 and i < len(hands):
            take = min(room, left)
            got += take * chance(hands[i])
            room -= take
            left -= take
            if left <= 1e-12:
                i += 1
                left = w[i] / total if i < len(hands) else 0.0
        out.append((100 * (k + 0.5) / bins, 100 * got * bins))
    return out


def full_pack_plot(base: str) -> str:
    """``<!-- numbers put-solved-52-plot -->``: the same for the full pack under Cotton's rules, its 455 hands
    taken in slices of the deals (one line per hand would be a thicket)."""
    data = full_pack()
    if data is None:
        return _missing()
    put = binned(data, lambda h: put_chance(data, h, 0, 0))
    see = binned(data, lambda h: see_chance(data, h, 0, 0))
    desc = ("The deals cut into forty slices of 2.5% each, from the weakest hands to the strongest. The eldest puts "
            "in " + ", ".join(percent(y / 100) for _x, y in put[:3]) + " of the three weakest slices and "
            + ", ".join(percent(y / 100) for _x, y in put[-3:]) + " of the three strongest; the dealer sees a put "
            "in " + ", ".join(percent(y / 100) for _x, y in see[-3:]) + " of the three strongest")
    return ('<figure class="gm-figure">' + line_chart(
        [("The eldest puts", put), ("The dealer sees a put", see)],
        title="How often the solved game puts and sees at nothing all, by the strength of the hand (52 cards)",
        desc=desc, x_label="Deals, from the weakest hands to the strongest (%)", y_label="Chance (%)",
        x_ticks=[0, 25, 50, 75, 100], y_ticks=[0, 25, 50, 75, 100], ident="put-solved-52")
        + "<figcaption>At nothing all, with 52 cards and Cotton's rules: the 455 hands ordered by the eldest's "
          "chance of winning the game with them and weighted by how often each is dealt, then cut into forty "
          "slices of 2.5% of the deals; for each slice, how often the eldest puts and how often the dealer sees a "
          "put. The Nine, Seven and Five lies at about 9%.</figcaption></figure>")


def reconstruction_hands_table(base: str) -> str:
    """``<!-- numbers put-solved-reconstruction -->``: the same by hand, under the modern account's fuller rules
    (a put before the first lead)."""
    return hands_table(base, "reconstruction")


TABLES = {"put-solved": values_table, "put-solved-hands": hands_table, "put-solved-plot": put_plot,
          "put-solved-rulesets": rulesets_table, "put-solved-against": against_table,
          "put-solved-reconstruction": reconstruction_hands_table,
          "put-solved-52": full_pack_values, "put-solved-52-hands": full_pack_hands,
          "put-solved-52-plot": full_pack_plot, "put-solved-cotton-hand": cotton_hand_table}

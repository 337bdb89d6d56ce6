"""Put in numbers, part three: the solved game (the equilibrium shipped as data, :mod:`.strategy`), for the Numbers
page: the chance of the game at every score, how often the eldest puts and the dealer sees with each hand, and a
plot of both by the strength of the hand."""

from __future__ import annotations

from typing import Any

from ...html import e, numbers_table, percent
from ...svg import line_chart
from .rules import PRESETS
from .strategy import solved

SOLVED_PRESET = "stripped-28"


def _data() -> dict[str, Any] | None:
    return solved(PRESETS[SOLVED_PRESET].options.to_string())


def _missing() -> str:
    return "<p>The solved game is not in this build.</p>"


def hands_by_strength(data: dict[str, Any]) -> list[str]:
    """The hands from the weakest to the strongest: by the eldest's chance of the game holding it at 0-0."""
    return sorted(data["hands"], key=lambda h: data["hands"][h]["0-0"][0])


def put_chance(data: dict[str, Any], hand: str, a: int, b: int) -> float:
    return data["strategy"].get(f"eldest|{a}-{b}|{hand}|", {}).get("put", 0.0)


def see_chance(data: dict[str, Any], hand: str, a: int, b: int) -> float:
    """The dealer's chance of seeing a put with ``hand``, his points ``a`` first."""
    return data["strategy"].get(f"dealer|{a}-{b}|{hand}|put", {"see": 1.0}).get("see", 0.0)


def values_table(base: str) -> str:
    """``<!-- numbers put-solved -->``: the eldest's chance of the game at every score, both playing the
    equilibrium."""
    data = _data()
    if data is None:
        return _missing()
    v = data["values"]
    rows = [[str(a)] + [percent(v[f"{a}-{b}"], 2) for b in range(5)] for a in range(5)]
    worst = max(data["exploitability"].values())
    return numbers_table(["Eldest's points"] + [f"Dealer has {b}" for b in range(5)], rows,
                         "The eldest's chance of winning the game when both play the solved game's strategies "
                         "(two hands, 28 cards, Cotton's rules otherwise); no player who deviates gains more than "
                         f"{100 * worst:.3f} points in a hundred at any score")


def hands_table(base: str) -> str:
    """``<!-- numbers put-solved-hands -->``: how often the eldest puts and the dealer sees, by hand."""
    data = _data()
    if data is None:
        return _missing()
    rows = []
    for h in reversed(hands_by_strength(data)):
        rows.append([e(h), percent(data["hands"][h]["0-0"][0]), percent(put_chance(data, h, 0, 0)),
                     percent(see_chance(data, h, 0, 0)), percent(put_chance(data, h, 2, 2)),
                     percent(put_chance(data, h, 3, 3)), percent(see_chance(data, h, 3, 3))])
    return numbers_table(["Hand", "Eldest's chance of the game with it, 0-0", "Eldest puts, 0-0",
                          "Dealer sees a put, 0-0", "Eldest puts, 2-2", "Eldest puts, 3-3", "Dealer sees, 3-3"],
                         rows, "How often the solved game puts and sees with each hand (28 cards; the strongest "
                               "first). When the eldest needs one point a put changes nothing, so no frequency "
                               "is shown; when the dealer needs one, the eldest puts with almost every hand")


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


TABLES = {"put-solved": values_table, "put-solved-hands": hands_table, "put-solved-plot": put_plot}

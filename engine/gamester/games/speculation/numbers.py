"""Speculation in numbers: what a turned-up card is worth, and the fair price of a card on offer.

All from :func:`gamester.games.speculation.odds.win_chances`, the engine's exact count: nobody looks at a card before it
is turned, so every card not yet seen is equally likely to lie in any position not yet seen. The fair price of a
card is its chance of ending as the best trump times the pool (what a buyer can expect to take back); a price above
it is a bad buy on average, one below it a good one.

``gamester odds speculation`` runs :func:`odds_command`; the Numbers page's table is at the end (:data:`TABLES`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...cards import FULL_PACK, RANK_NAMES, Card, stripped_pack
from ...errors import RulesetError
from ...html import numbers_table
from ...options import parse_ruleset
from .odds import COURT, win_chances
from .rules import GAME, MAX_PLAYERS, PRESETS, SpeculationOptions, check_players

METHOD = ("exact: every card not yet seen is equally likely to lie in any position not yet seen "
          "(gamester.games.speculation.odds); fair price = chance x pool")


def options_for(ruleset: Any) -> SpeculationOptions:
    if isinstance(ruleset, SpeculationOptions):
        return ruleset
    if ruleset is None:
        return PRESETS["handbook"].options
    return parse_ruleset(GAME, SpeculationOptions(), PRESETS, ruleset)


def pack_for(o: SpeculationOptions) -> tuple[Card, ...]:
    return FULL_PACK if o.pack == "52" else stripped_pack("2 3 4 5 6".split())


def pool_at_start(players: int, o: SpeculationOptions) -> int:
    """Counters in a fresh pool: every player's stake, the dealer's doubled (spec.stake.pool)."""
    return (players + 1) * o.stake


def turnup_chance(players: int, rank: str, ruleset: Any = None) -> Fraction:
    """Chance that a turn-up of ``rank``, just turned, ends as the best trump, no other card yet seen (each player
    holds three unturned cards)."""
    o = options_for(ruleset)
    check_players(o, players)
    pack = pack_for(o)
    try:
        tu = next(c for c in pack if c.rank.text == rank and c.suit.letter == "S")
    except StopIteration:
        raise RulesetError(f"no {rank!r} in the {o.pack}-card pack") from None
    unknown = [("hidden", s, i) for s in range(players) for i in range(3)]
    if o.spare_hand == "on":
        unknown += [("spare", i) for i in range(3)]
    unseen = [c for c in pack if c != tu]
    return win_chances([("turn-up", tu)], unknown, unseen, trump="S")["turn-up"]


def unturned_chance(players: int, ruleset: Any = None) -> Fraction:
    """Chance that the turn-up, still face down (as when the dealer offers it), ends as the winner (with the
    court-card rule of the ruleset: an Ace, King, Queen or Knave turned up takes the pool at once)."""
    o = options_for(ruleset)
    check_players(o, players)
    pack = pack_for(o)
    unknown = [("turn-up",)] + [("hidden", s, i) for s in range(players) for i in range(3)]
    if o.spare_hand == "on":
        unknown += [("spare", i) for i in range(3)]
    ch = win_chances([], unknown, list(pack), trump=None, turnup_key=("turn-up",),
                     court_passes=o.court_turnup == "deal-passes")
    return ch[("turn-up",)]


def table(ruleset: Any = None, players: range | None = None) -> dict[str, Any]:
    """The fair price of the turn-up by rank (just turned) and face down, for each number of players."""
    o = options_for(ruleset)
    ranks = [c.rank.text for c in pack_for(o) if c.suit.letter == "S"]
    rows = []
    for n in players or range(2, MAX_PLAYERS[o.pack] + 1):
        pool = pool_at_start(n, o)
        row = {"players": n, "pool": pool, "face_down": str(unturned_chance(n, o)),
               "by_rank": {r: str(turnup_chance(n, r, o)) for r in ranks}}
        row["face_down_price"] = round(float(Fraction(row["face_down"]) * pool), 3)
        row["price_by_rank"] = {r: round(float(Fraction(v) * pool), 3) for r, v in row["by_rank"].items()}
        rows.append(row)
    return {"game": GAME, "ruleset": o.to_string(), "method": METHOD, "court_ends_deal":
            o.court_turnup == "deal-passes", "rows": rows, "ranks": ranks, "court": list(COURT)}


def rank_words(rank: str) -> str:
    return RANK_NAMES[rank]


def table_text(data: dict[str, Any]) -> str:
    lines = [f"Speculation ({data['ruleset']}): fair price of the turn-up, in counters ({data['method']})"]
    for r in data["rows"]:
        lines.append(f"  {r['players']} players, pool {r['pool']}: face down {r['face_down_price']}; turned "
                     + ", ".join(f"{k} {v}" for k, v in r["price_by_rank"].items()))
    return "\n".join(lines)


def odds_command(ruleset: Any = None) -> tuple[dict[str, Any], str]:
    """``gamester odds speculation [--ruleset R]`` (the game's ``GameSpec.odds``)."""
    data = table(ruleset)
    return data, table_text(data)


# -- the Numbers page -------------------------------------------------------------------------------------------
def price_table(base: str) -> str:
    """``<!-- numbers spec-price -->``: the fair price of the turn-up, face down and by rank."""
    t = table()
    show = ["A", "K", "Q", "J", "10", "9", "8", "7"]
    rows = [[str(r["players"]), str(r["pool"]), f"{r['face_down_price']:.2f}"]
            + [f"{r['price_by_rank'][k]:.2f}" for k in show] for r in t["rows"]]
    return numbers_table(["Players", "Pool", "Turn-up face down"] + [f"Turned up: {rank_words(k)}" for k in show],
                         rows, "Fair price of the turn-up in counters (chance of ending as the best trump times the "
                         "pool; one-counter stakes, the handbook's rules)")


TABLES = {"spec-price": price_table}

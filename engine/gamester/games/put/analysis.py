"""Put: a seat's chances from a position (the model is :mod:`gamester.games.put.odds`)."""

from __future__ import annotations

from math import sqrt
from typing import Any

from ...errors import NotationError
from . import odds as put_odds
from .state import Phase, PutState


# -- analysis -----------------------------------------------------------------------------------------------
def _position(state: PutState, seat: int) -> dict[str, Any] | str:
    """The seat's position as the odds functions take it, or the reason there are no exact odds."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise NotationError(f"seat {seat!r}: this game has seats 0 .. {state.players - 1}")
    if state.is_terminal():
        return "the game is over"
    if state.phase == Phase.EXCHANGE:
        return "the exchange of four-handed Put is not finished"
    act = state.active_seats()
    if seat not in act:
        return f"seat {seat} is not playing this deal"
    seen = list(state.hands[seat]) + state.played
    if seat in state.discarded:
        seen.append(state.discarded[seat])
    counts = [0] * len(state.order)
    for c in state.pack:
        counts[state.value(c) - 1] += 1
    for c in seen:
        counts[state.value(c) - 1] -= 1
    if len(act) == 3:  # three in the deal: the others clockwise from the seat
        rel = [seat, (seat + 1) % 3, (seat + 2) % 3]
        return {"three": True, "mine": tuple(sorted(state.value(c) for c in state.hands[seat])),
                "ka": len(state.hands[rel[1]]), "kb": len(state.hands[rel[2]]), "counts": tuple(counts),
                "leader": rel.index(state.leader), "table": tuple(state.value(c) for _, c in state.trick),
                "won": tuple(state.tricks_won[s] for s in rel)}
    opp = act[0] if act[1] == seat else act[1]
    table = state.value(state.trick[0][1]) if state.trick else 0
    # whose card comes next in the trick play (betting answers aside)
    next_card = state.leader if not state.trick else opp if state.trick[0][0] == seat else seat
    return {"mine": tuple(sorted(state.value(c) for c in state.hands[seat])), "k": len(state.hands[opp]),
            "counts": tuple(counts), "me_lead": state.leader == seat, "table": table,
            "mw": state.tricks_won[seat], "tw": state.tricks_won[opp], "me_to_play": next_card == seat,
            "opp": opp}


def analysis(state: PutState, seat: int, estimate: bool = True) -> dict[str, Any]:
    """The seat's exact chances of winning the deal from what it has seen (model: :mod:`gamester.games.put.odds`).

    ``{"win", "tie", "lose"}`` are fractions of the hands the other might hold; ``"cards"`` (when the seat is to
    play) gives them after each of its cards; ``"basis"`` says what they rest on (or why there are none), and
    ``"method"`` how they were reached: ``exact``; ``approximate`` at four hands (the model does not know that the
    other was given his partner's best card and laid one out); ``monte-carlo`` for the first trick with three in
    the deal, with ``"samples"`` and ``"standard_error"`` (see :func:`gamester.games.put.odds.odds3_auto`). With
    ``estimate=False`` (the bots) no sampled figures are computed: ``win`` is None there instead.
    """
    pos = _position(state, seat)
    if isinstance(pos, str):
        return {"win": None, "tie": None, "lose": None, "basis": pos}
    if pos.get("three"):
        if not estimate and pos["ka"] + pos["kb"] > put_odds.EXACT3_CARDS:
            return {"win": None, "tie": None, "lose": None,
                    "basis": "three in the deal: the odds of the first trick are estimated (not asked for)"}
        return _analysis3(state, seat, pos)
    (w, t, lo, total), per = put_odds.odds(pos["mine"], pos["k"], pos["counts"], pos["me_lead"], pos["table"],
                                           pos["mw"], pos["tw"], pos["me_to_play"])
    out: dict[str, Any] = {"win": w / total, "tie": t / total, "lose": lo / total, "hands": total,
                           "basis": put_odds.BASIS, "seat": seat, "method": "exact"}
    if state.partners:
        out["method"] = "approximate"
        out["basis"] = put_odds.BASIS_FOUR
    if per:
        by_value = {v: {"win": a / tt, "tie": b / tt, "lose": cc / tt} for v, (a, b, cc, tt) in per}
        out["cards"] = {f"play {c}": by_value[state.value(c)] for c in state.best_first(state.hands[seat])}
    if estimate and seat == state.current_player():  # what the solved game does here, where it is solved
        from .strategy import advice
        said = advice(state, seat)
        if said:
            out["equilibrium"] = said
    return out


def _analysis3(state: PutState, seat: int, pos: dict[str, Any]) -> dict[str, Any]:
    """Three in the deal (:func:`gamester.games.put.odds.odds3`): exact where quick, else a seeded sample, said so."""
    (w, t, lo, total), per, samples = put_odds.odds3_auto(pos["mine"], pos["ka"], pos["kb"], pos["counts"],
                                                           pos["leader"], pos["table"], pos["won"])
    out: dict[str, Any] = {"win": w / total, "tie": t / total, "lose": lo / total, "hands": total, "seat": seat}
    if samples is None:
        out["method"] = "exact"
        out["basis"] = put_odds.BASIS_THREE
    else:
        se = {k: sqrt(x / total * (1 - x / total) / total) for k, x in (("win", w), ("tie", t), ("lose", lo))}
        out["method"] = "monte-carlo"
        out["samples"] = samples
        out["standard_error"] = se
        out["basis"] = put_odds.basis_sampled(samples, se["win"])
    if per:
        by_value = {v: {"win": a / tt, "tie": b / tt, "lose": cc / tt} for v, (a, b, cc, tt) in per}
        out["cards"] = {f"play {c}": by_value[state.value(c)] for c in state.best_first(state.hands[seat])}
    return out


def odds_against_strong(state: PutState, seat: int, share: float) -> tuple[float, float] | None:
    """(win, lose) for the seat if the other's unseen cards are among the best ``share`` of the hands he might
    hold (what a put or a see suggests), or None where there are no exact odds.

    With three cards unplayed, hands are rated by their strength at the start of a deal; later, by the other's own
    exact odds from what he has seen."""
    pos = _position(state, seat)
    if isinstance(pos, str) or pos.get("three"):
        return None
    opp_played = any(s == pos["opp"] for t in state.this_deal["tricks"] for s, _ in t["plays"])
    if pos["k"] == 3 and not opp_played and not state.played:
        (w, _t, lo, total), _ = put_odds.odds_given_strong(
            pos["mine"], pos["counts"], pos["me_lead"], pos["table"], pos["mw"], pos["tw"], pos["me_to_play"],
            len(state.order), share)
    elif pos["k"] <= 2:
        base = [0] * len(state.order)  # what the other cannot see: the pack less the cards played
        for c in state.pack:
            base[state.value(c) - 1] += 1
        for c in state.played:
            base[state.value(c) - 1] -= 1
        (w, _t, lo, total), _ = put_odds.odds_given_strong_late(
            pos["mine"], pos["k"], pos["counts"], tuple(base), pos["me_lead"], pos["table"], pos["mw"], pos["tw"],
            pos["me_to_play"], share)
    else:
        return None
    return w / total, lo / total


def win_chance(state: PutState, seat: int) -> float | None:
    """The seat's exact chance of winning the deal (see :func:`analysis`), or None where it is not computed."""
    return analysis(state, seat)["win"]

"""Post and Pair: the reader's chances at a decision, from the cards the reader can see.

What a player may want to know when he stakes the Seat, vyes, matches or agrees to part is how often his hand
would take each dish at a show. This estimates it: the cards he cannot see (the other hands, folded ones too, since
they count towards the trump suit; his own third card and the turned-up card when they are still to come) are dealt
at random many times, and each deal is settled by the engine's own show-down (:func:`.decide.decide` and
:class:`.showdown.Settlement`), everyone still in showing. It knows nothing of how the others have vyed: the odds
are the cards' alone, as Put's and Speculation's are. The sample is seeded from the position, so the same position
always gives the same figures.
"""

from __future__ import annotations

import random
from math import sqrt
from typing import Any

from ...cards import FULL_PACK
from .decide import decide
from .hands import cards_mask, hand_table, table_entry
from .showdown import Settlement
from .state import IN, Phase, PostAndPairState

#: Random deals of the unseen cards per estimate: a standard error of 1.1 percentage points at most.
SAMPLES = 2000
DISHES = ("pair", "post", "seat")


def analysis(state: PostAndPairState, seat: int) -> dict[str, Any]:
    """``seat``'s estimated chance of taking each dish (``pair``, ``post``, ``seat``: the Seat with the vyes) if
    every player still in shows, with ``samples`` and each figure's ``standard_error``; ``{}`` when ``seat`` is out
    of the deal or the game is over."""
    if state.is_terminal() or state.status.get(seat) != IN:
        return {}
    o = state.options
    order = state.order
    dealing = state._phase == Phase.SEAT  # the third cards (and a turn-up) are still to come

    def size(s: int) -> int:
        return 3 if dealing and state.status[s] == IN else len(state.hands[s])

    mine = list(state.hands[seat])
    seen = set(mine) | ({state.turnup} if state.turnup is not None else set())
    unseen = [c for c in FULL_PACK if c not in seen]
    turn_up = o.trump == "turn-up" and state.turnup is None
    wanted = sum(size(s) for s in order) - len(mine) + turn_up
    live = tuple(p for p, s in enumerate(order) if state.status[s] == IN)
    table = hand_table(o)
    rng = random.Random(f"post-and-pair|{state.seed}|{len(state.history)}|{seat}")
    won = dict.fromkeys(DISHES, 0)
    for _ in range(SAMPLES):
        drawn = rng.sample(unseen, wanted)
        hands, k = [], 0
        for s in order:
            have = mine if s == seat else []
            n = size(s) - len(have)
            hands.append(tuple(have + drawn[k:k + n]))
            k += n
        up = drawn[k] if turn_up else state.turnup
        entries = [table_entry(table, cards_mask(h), o) for h in hands]
        d = decide(entries, live, o, "SHDC".index(up.suit.letter) if up is not None else -1)
        st = Settlement(o, hands, live, entries, d, None, (1, 1, 1, 0), seats=order, payins=False)
        for dish in DISHES:
            won[dish] += st.winners[dish] == seat
    p = {dish: won[dish] / SAMPLES for dish in DISHES}
    return {**p, "samples": SAMPLES, "method": "monte-carlo",
            "standard_error": {dish: sqrt(v * (1 - v) / SAMPLES) for dish, v in p.items()}}

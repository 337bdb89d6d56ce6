"""What Post and Pair's card table must show, from the engine's state and record (for tests/engine/test_table.py):
the deal's roles, each place's cards for a reader, the winners and the totals. Independent of the table's code: what
a reader may see is the game's observer's (``state.observer``), the one the view and the table ask too."""


#: (ruleset[,deals=N], players, seed, bots, heavy) walked position by position
CASES = [(None, 4, 1, None, False), ("reconstruction,deals=3", 3, 7, ["bold", "cautious"], False),
         ("cotton-1674,deals=2", 5, 11, None, False), (None, 2, 3, None, False)]
#: players drawn by the property test, and whether its games are long enough to be heavy
PLAYERS, HEAVY_ANY = (2, 6), False


def roles(state):
    rec = state.to_record()
    if state.is_terminal():
        return rec["deals"][-1]["dealer"], rec["deals"][-1]["eldest"]
    return state.dealer, state.order[0]


def cards(state, reader, s):
    full = state.view(None)
    sees = state.observer(reader)
    if state.is_terminal():
        last = full["deals"][-1]
        h = last["hands"][s]
        return (h, 0) if sees.deal_hand(last, s) else ([], len(h.split()))
    h = full["hands"][s]
    return (h, 0) if sees.hand(s) else ([], len(h.split()))

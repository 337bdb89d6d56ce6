"""What Bone-Ace's card table must show, from the engine's state and record (for tests/engine/test_table.py): the
deal's roles, each place's cards for a reader (two face down and the rest face up, all face up at the end), the
winners and the totals. Independent of the table's code: what a reader may see is the game's observer's
(``state.observer``), the one the view and the table ask too."""


#: (ruleset[,deals=N], players, seed, bots, heavy) walked position by position
CASES = [(None, 3, 1, None, False), ("cotton-1674", 8, 1, None, False), ("other-reading", 2, 4, None, False),
         ("cotton-1674", 5, 6, ["cautious"], False)]
#: players drawn by the property test, and whether its games are long enough to be heavy
PLAYERS, HEAVY_ANY = (2, 10), False


def roles(state):
    d = state.to_record()["deals"][-1]
    return d["dealer"], d["eldest"]


def cards(state, reader, s):
    seat = state.view(None)["seats"][s]
    if state.observer(reader).hand(s):  # his own, and every hand at the end
        return seat["cards"], 0
    return seat["shown"], 2

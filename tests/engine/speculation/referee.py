"""What Speculation's card table must show, from the engine's state and record (for tests/engine/test_table.py):
the deal's roles, each place's cards for a reader, the winners and the totals. Independent of the table's code.
Nobody looks at his cards, so every place shows its turned cards face up and its unturned ones face down, to every
reader; what a seat that has looked sees of its own is in words beside them (the observer's ``hand``)."""


#: (ruleset[,deals=N], players, seed, bots, heavy) walked position by position
CASES = [(None, 4, 1, None, True), ("hoyle,deals=2", 3, 2, ["speculator"], False),
         ("pool-variants,deals=2", 5, 3, None, True), ("short-pack,deals=1", 2, 4, None, False)]
#: players drawn by the property test, and whether its games are long enough to be heavy (up to six players, a
#: deal each: 7 s unloaded)
PLAYERS, HEAVY_ANY = (2, 6), True


def roles(state):
    d = state.to_record()["deals"][-1]["dealer"]
    return d, (d + 1) % state.players


def cards(state, reader, s):
    sv = state.view(None)["seats"][s]
    return sv["shown"], sv["unturned"]

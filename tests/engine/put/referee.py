"""What Put's card table must show, from the engine's state and record (for tests/engine/test_table.py): the deal's
roles, each place's cards for a reader, the winner and the points. Independent of the table's code: what a reader
may see is the game's observer's (``state.observer``), the one the view and the table ask too."""

from gamester.ledger import Ledger

#: (ruleset, players, seed, bots, heavy) walked position by position
CASES = [(None, 2, 1, None, False), ("reconstruction", 2, 4, ["bold"], False), ("cotton-1674", 3, 5, None, False),
         ("cotton-1674", 4, 2, None, True), ("truc", 2, 3, None, True), ("without-putting", 2, 8, None, False)]
#: players drawn by the property test, and whether its games are long enough to be heavy
PLAYERS, HEAVY_ANY = (2, 4), False


def roles(state):
    d = state.to_record()["deals"][-1]["dealer"]
    return d, (d + 1) % state.players


def cards(state, reader, s):
    if state.is_terminal():  # the hands are put away at the end
        return [], 0
    h = state.view(None)["hands"][s]
    return (h, 0) if state.observer(reader).hand(s) else ([], len(h.split()))


def winners(state):
    return [state.to_record()["winner"]]


def ledger_lines(state):
    return state.to_record()["ledger"]


def net(state):
    ledger = Ledger()
    for ln in ledger_lines(state):
        ledger.pay(ln["from"], ln["to"], ln["counters"], ln["stake"], ln["clause"], ln["reason"])
    return ledger.net(state.players)

"""What Last counter's table must show, from the state and record alone (for tests/engine/test_table.py): no roles,
no cards (the heap is in the middle), the record's net and ledger."""

#: (ruleset, players, seed, bots, heavy) walked position by position
CASES = [(None, 2, 1, None, False), ("short", 2, 2, ["wise"], False)]
#: players drawn by the property test, and whether its games are long enough to be heavy
PLAYERS, HEAVY_ANY = (2, 2), False


def roles(state):
    return None, None   # nobody deals: no dealer, no eldest hand


def cards(state, reader, s):
    return [], 0


def ledger_lines(state):
    return state.to_record()["ledger"]

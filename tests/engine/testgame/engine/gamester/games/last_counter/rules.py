"""Last counter's rules: each clause states one rule, cites the passage it rests on and says how sure it is
(attested, reconstructed, conjectural); the options and the presets (the period text's reading and a fuller one).

Written by `gamester new-game` as a placeholder that is already a whole game: replace it with the game's own."""

from __future__ import annotations

from dataclasses import dataclass

from gamester.clauses import cite, clause, set_titles
from gamester.options import Options, Preset, option

GAME = "last-counter"
SOURCE = cite("cotton1674", "p. 1")   # cite(the bibliography key, the locator) of the passage a clause rests on
NOTE = "a placeholder written by gamester new-game: replace it with the game's own rule and its source"

TOSS = clause("last-counter.toss", "A coin is tossed, and who wins the toss takes first.", "conjectural", SOURCE,
              note=NOTE)
TAKE = clause("last-counter.take", "In turn each player takes from the heap one counter or more, up to the most the "
              "rules allow.", "conjectural", SOURCE, note=NOTE)
LAST = clause("last-counter.last", "Who takes the last counter wins the stake from the other.", "conjectural", SOURCE,
              note=NOTE)
set_titles({TOSS: "a coin tossed for who takes first", TAKE: "taking from the heap in turn",
            LAST: "the last counter wins the stake"})


@dataclass(frozen=True)
class LastCounterOptions(Options):
    GAME = "last-counter"
    heap: int = option(21, range=(5, 50), help="counters in the heap at the start", clause=TAKE,
                       label="Counters in the heap at the start")
    most: int = option(3, range=(2, 5), help="the most counters one turn takes", clause=TAKE,
                       label="Most counters taken in one turn")
    stake: int = option(1, range=(1, 10), help="counters the loser pays the winner", clause=LAST,
                        label="Counters the loser pays the winner")


PRESETS = {
    "standard": Preset("standard", LastCounterOptions(), "conjectural", (SOURCE,),
                            "twenty-one counters, one to three a turn", title="Twenty-one counters, one to three a turn"),
    "short": Preset("short", LastCounterOptions(heap=15, most=2), "conjectural", (SOURCE,),
                    "fifteen counters, one or two a turn", title="Fifteen counters, one or two a turn"),
}

"""The numbers behind the games, and exercises whose answers the engine checks.

One module per game (:mod:`.post_and_pair`, :mod:`.put`, :mod:`.speculation`), each computing from the game's own
engine (its hand keys, its settlement, its odds): no rule is restated here. :mod:`.quiz` makes exercises from a
seed; :mod:`.cli` is the command line's thin adapter (``gamester quiz``, ``gamester odds``). Stdlib only, so that
the same code runs at build time and in Pyodide.

Exact figures are :class:`fractions.Fraction`; estimated ones come with their sample size and standard error.
"""

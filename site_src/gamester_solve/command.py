"""``gamester solve GAME --ruleset R``: solve the game, write the strategy file into the engine's data, and report
the values and the exploitability (the host's verb calls :func:`run`)."""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

from gamester.errors import GamesterError
from gamester.registry import all_games

SOLVABLE = ("put",)
#: a summary is listed in the index (so that the bot plays its first decisions) only at this exploitability or
#: below, at every score
GOAL = 1e-4


def data_dir() -> pathlib.Path:
    from gamester.games import put
    return pathlib.Path(put.__file__).parent / "data"


def file_name(ruleset: str | None, text: str) -> str:
    """The file's name: the preset's name (``NAME(pack=N)`` gives ``NAME-N``), else a digest of the ruleset."""
    import hashlib
    import re
    if ruleset and re.fullmatch(r"[a-z0-9-]+", ruleset):
        return f"{ruleset}.json.gz"
    m = re.fullmatch(r"([a-z0-9-]+)\(pack=(\d+)\)", ruleset or "")
    if m:
        return f"{m.group(1)}-{m.group(2)}.json.gz"
    return "ruleset-" + hashlib.sha1(text.encode()).hexdigest()[:10] + ".json.gz"


def run(game: str, ruleset: str | None, out: str | None = None, target: float | None = None,
        log=None, max_iter: int | None = None, work: str | None = None, workers: int = 1,
        summary: bool = False, skip_overall: bool = False) -> dict[str, Any]:
    if game not in SOLVABLE:
        raise GamesterError(f"there is no solver for {game!r}: only {', '.join(SOLVABLE)} (two-handed)")
    if not 1 <= workers <= MAX_WORKERS:
        raise GamesterError(f"--workers {workers}: from 1 to {MAX_WORKERS} (each forked process holds its games' "
                            "state; more than the cores only costs memory)")
    spec = all_games()[game]
    opts = spec.options_for(ruleset)
    if opts.betting not in ("put", "none") or opts.rubber != 1:
        raise GamesterError(f"the solver covers two-handed Put with or without putting in a single game, not "
                            f"{opts.to_string()}")
    if opts.pack == "52":
        import sys
        print("gamester solve: the 52-card pack has about 18 million nodes per deal game (28 cards: 0.45 million): "
              "about 5 GB, and 1.2 s an iteration of each score on one core, 225-375 iterations a score at 1e-4 "
              "(2 h 11 min in all with two workers); "
              "--work DIR solves it in parts, --workers N on N cores", file=sys.stderr)
    check_paths(work, out)   # before a solve of hours, not after it
    from . import solve
    try:
        sol = solve.solve(opts, target=target or solve.TARGET, log=log or (lambda m: None),
                          max_iter=max_iter or solve.MAX_ITER, work=pathlib.Path(work) if work else None,
                          workers=workers)
    except ValueError as e:   # a work folder that holds another solve
        raise GamesterError(str(e)) from None
    # the whole game's best responses (each score's, in both roles, iterated over the deals that score nothing): on
    # the 52-card pack some hundreds of best responses over 18 million nodes, so they may be left for later
    overall, parts = (None, {}) if skip_overall else solve.overall_exploitability(sol)
    return publish(opts, ruleset, sol, overall, parts, sol.seconds, out, summary)   # seconds: earlier parts too


MAX_WORKERS = 16   # a total of points has at most game_points deal games to share; more processes only cost memory


def _shown(path: pathlib.Path | str) -> str:
    text = str(path)
    return repr(text[:80] + ("..." if len(text) > 80 else ""))


def _writable_folder(folder: pathlib.Path, what: str) -> None:
    """``folder`` exists (made if need be) and takes a file: a probe of 64 KB written and removed (a full disk, a
    read-only one, /proc ... say so now)."""
    import tempfile
    for up in (folder, *folder.parents):
        if up.exists():
            if not up.is_dir():
                said = "is not a folder" if up == folder else f"is under {_shown(up)}, which is not a folder"
                raise GamesterError(f"{what} {_shown(folder)} {said}")
            break
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder) as probe:
            probe.write(bytes(65536))
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as e:
        raise GamesterError(f"{what} {_shown(folder)} cannot be written: {e.strerror or e}") from None


def check_paths(work: str | None, out: str | None) -> None:
    """The work folder and the output file, checked before solving: each is refused in one line."""
    if work is not None:
        _writable_folder(pathlib.Path(work), "--work")
    path = pathlib.Path(out) if out else data_dir() / "index.json"
    if path.exists() and not path.is_file():
        raise GamesterError(f"--out {_shown(path)} is {'a folder' if path.is_dir() else 'not a plain file'}")
    _writable_folder(path.parent, "the output's folder" if out else "the engine's data folder")


def publish(opts, ruleset: str | None, sol, overall: float | None, parts: dict, seconds: float,
            out: str | None = None, summary: bool = False) -> dict[str, Any]:
    """Write the strategy file of a solution (and the index entry), and the report. With ``summary``, the file is
    the summary (``NAME.summary.json.gz``: the same format with the strategy cut to each deal's first decisions,
    the eldest's and the dealer's answer to a put made there), for a ruleset whose whole strategy is too large to
    ship; the index lists it only where the game was solved to :data:`GOAL`, and then the bot plays its first
    decisions from it."""
    from . import export, tree
    meta = {"pack": int(opts.pack), "players": 2,
            "exploitability": {export.score_key(*s): float(f"{x:.3g}") for s, x in sorted(sol.exploitability.items())},
            "overall_exploitability": None if overall is None else float(f"{overall:.3g}"),
            "best_response_gain_at_0_0": {k: float(f"{v:.3g}") for k, v in parts.items()},
            "iterations": {export.score_key(*s): n for s, n in sorted(sol.iterations.items())},
            "method": "CFR+ (alternating updates, average weighted by the square of the iteration) on each deal, "
                      "scores solved from the highest down; exploitability = the sum of the two best responses' "
                      "gains, in chances of winning the game",
            "target_per_score": sol.target, "max_iterations": sol.max_iter,
            "solve_seconds": round(seconds, 1)}
    from . import br, cfr
    lv = cfr.Levels(sol.f)
    g = opts.game_points
    hands = {}
    for a in range(g):  # at equal scores: each hand's chance of the game, held by the eldest and by the dealer
        e, d = cfr.by_hand(lv, sol.strategies[(a, a)], br.payoffs(sol.values, a, a, g))
        for i, h in enumerate(sol.f.hands):
            hands.setdefault(tree.hand_text(sol.f.rules, h), {})[f"{a}-{a}"] = [round(float(e[i]), 6),
                                                                              round(float(d[i]), 6)]
    meta["hands"] = hands
    data = export.to_json(sol.f, opts.to_string(), sol.values, sol.strategies, meta, first_only=summary)
    name = file_name(ruleset, opts.to_string())
    if summary:
        name = name.removesuffix(".json.gz") + ".summary.json.gz"
    path = pathlib.Path(out) if out else data_dir() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        raw = export.write(path, data)
    except OSError as e:
        raise GamesterError(f"cannot write {_shown(path)}: {e.strerror or e}") from None
    except ValueError as e:   # NaN or infinity: not JSON, and not a solve
        raise GamesterError(f"the solve holds a number that is not one ({e}): nothing written") from None
    # a bot plays from a summary (its first decisions) only where the game was solved to the goal
    listed = not summary or max(sol.exploitability.values()) <= GOAL
    if not out and listed:
        index_path = data_dir() / "index.json"
        index = json.loads(index_path.read_text()) if index_path.exists() else {}
        index[opts.to_string()] = path.name
        index_path.write_text(json.dumps(dict(sorted(index.items())), indent=1) + "\n")
    g = opts.game_points
    lines = [f"Put solved: {opts.to_string()}",
             f"  written: {path} ({path.stat().st_size:,} bytes; {raw:,} uncompressed; "
             f"{len(data['strategy']):,} information sets)",
             f"  solve time {meta['solve_seconds']} s; overall exploitability "
             + ("not computed" if overall is None else f"{overall:.2e}"),
             "  the eldest's chance of winning the game (rows: the eldest's points; columns: the dealer's):"]
    for a in range(g):
        lines.append("    " + " ".join(f"{sol.values[(a, b)]:.4f}" for b in range(g)))
    lines.append(f"  exploitability per score: max {max(sol.exploitability.values()):.2e}")
    summary = {"ruleset": opts.to_string(), "file": path.name, "values": data["values"],
               "exploitability": meta["exploitability"], "overall_exploitability": overall,
               "solve_seconds": meta["solve_seconds"], "bytes": path.stat().st_size}
    return {"data": summary, "text": "\n".join(lines)}

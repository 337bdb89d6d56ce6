"""The ``gamester`` command line (also ``python -m gamester``).

    gamester COMMAND GAME [--ruleset R] [--option k=v]... [--json] [the flags the game's COMMAND declares]
        e.g. gamester deal GAME --players N --seed S;  gamester play GAME --players N --seed S --bots a,b
             gamester settle post-and-pair --hand "QH QD QC" --hand "KS KH KD" [--folded SEAT]...
    gamester rulesets GAME [--json]
    gamester clauses [GAME] [--json]
    gamester replay RECORD.json|-  [--json]
    gamester demo
    gamester new-game NAME [--root DIR] [--force]   (a new game's package, page, data folder and tests, ready to run)
    gamester quiz GAME --seed N [--kind K] [--level L] [--count C] [--ruleset R] [--json]  |  gamester quiz GAME --list-kinds
                       (--count C: a class set, sheets numbered N .. N+C-1 then the answer key; C from 1 to 40)
    gamester odds GAME [--ruleset R] [--players N] [--samples S] [--seed N] [--score A-B] [--model M]
                       [--one-and-ties win|nothing] [--json]   (each game takes the flags its odds declare)
    gamester TOOL GAME [--ruleset R] [--json] [its flags]   (a game's own commands, gamester.tools: e.g. solve,
                       which needs numpy and the solver package)

Bad input exits with status 2 and one line on stderr naming the problem; never a traceback. So does an
environment the answer cannot go through: standard input or output closed, a full disk or a file-size limit
("cannot write the output: ..."). Ctrl-C stops a command with one line and status 130 (as shells report SIGINT).
An output whose encoding cannot hold some characters (``PYTHONIOENCODING=ascii``, a C locale, cp1252) is still
written, with ``?`` for each such character and one warning line on stderr naming the encoding.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from .. import commands, newgame
from ..errors import GamesterError
from ..options import parse_int
from ..registry import Param, all_games
from ..tools import Flag, Tool


def game_commands() -> dict[str, dict[str, tuple[Param, list[str]]]]:
    """Every game command (``deal``, ``settle``, ``play`` ...) with every parameter some game's command of that name
    declares (a flag each), and what it means to each game: the flags are the games' declarations."""
    out: dict[str, dict[str, tuple[Param, list[str]]]] = {}
    for name, spec in sorted(all_games().items()):
        for cmd, c in spec.commands.items():
            flags = out.setdefault(cmd, {})
            for p in c.params:
                flags.setdefault(p.name, (p, []))[1].append(f"{name}: {p.help}")
    return out


def _flag(p: Param, parser: argparse.ArgumentParser, helps: list[str]) -> None:
    """One parameter as a flag: ``--NAME`` (or its own), given once per item if it is a list."""
    flag = "--" + (p.flag or p.name).replace("_", "-")
    said = {h.split(": ", 1)[1] for h in helps}
    text = (said.pop() if len(said) == 1 else "; ".join(helps)).replace("%", "%%")
    if p.listed:
        parser.add_argument(flag, dest=p.name, action="append", default=None,
                            help=f"{text} (once per item, or items separated by {p.sep!r})")
    else:
        parser.add_argument(flag, dest=p.name, default=None, help=text)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2 (argparse would print the usage too)
        raise _UsageError(f"{message} (see gamester {self.prog.split()[-1]} --help)"
                          if " " in self.prog else message)


class _UsageError(Exception):
    pass


def _int(text: str) -> int:
    try:
        return parse_int(text, "", -(2**63), 2**63 - 1)
    except GamesterError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="gamester", description="Rules engine for the card games of Cotton's Compleat Gamester (1674).")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for cmd, flags in game_commands().items():
        s = sub.add_parser(cmd, help=f"{cmd} a game (see 'gamester {cmd} GAME --help'; each game takes the flags "
                                     f"its {cmd} declares)")
        s.add_argument("game", help=", ".join(n for n, g in sorted(all_games().items()) if cmd in g.commands))
        s.add_argument("--ruleset", default=None, help="a preset name or GAME(option=value,...)")
        s.add_argument("--option", action="append", default=[], metavar="K=V", help="override one option")
        s.add_argument("--json", action="store_true", help="print JSON")
        for param, helps in flags.values():
            _flag(param, s, helps)
    r = sub.add_parser("rulesets", help="list a game's rulesets and options with status and citations")
    r.add_argument("game")
    r.add_argument("--json", action="store_true")
    c = sub.add_parser("clauses", help="list rule clauses with status and citations")
    c.add_argument("game", nargs="?")
    c.add_argument("--json", action="store_true")
    rp = sub.add_parser("replay", help="replay a JSON game record and print the final record")
    rp.add_argument("record", help="a file, or - for standard input")
    rp.add_argument("--json", action="store_true")
    d = sub.add_parser("demo", help="a short tour: one deal settled under each of a game's rulesets")
    d.add_argument("game", nargs="?", default=min(all_games()), help=f"default {min(all_games())}")
    ng = sub.add_parser("new-game", help="write a new game's package, page, data folder, tests and golden "
                                         "transcripts, ready to run, for you to fill in with its rules")
    ng.add_argument("name", help="the game's name: lower-case words joined by hyphens (wit-and-reason)")
    ng.add_argument("--root", default=".", help="the checkout to write into (default: the current folder)")
    ng.add_argument("--force", action="store_true", help="write over the files of a game of that name")
    q = sub.add_parser("quiz", help="an exercise made from a seed, answered and explained by the engine")
    q.add_argument("game", help=", ".join(n for n, g in all_games().items() if g.site.make_quiz))
    q.add_argument("--seed", type=_int, default=None)
    q.add_argument("--kind", default=None, help="the kind of exercise (see --list-kinds)")
    q.add_argument("--level", type=_int, default=None, help="the level of difficulty: 1 (default) or 2")
    q.add_argument("--count", type=_int, default=None,
                   help="a class set of this many sheets (1 to 40), numbered from --seed, then the answer key")
    q.add_argument("--ruleset", default=None)
    q.add_argument("--list-kinds", action="store_true", help="list the kinds of exercise for GAME")
    q.add_argument("--json", action="store_true")
    o = sub.add_parser("odds", help="the numbers behind a game: exact chances, or estimates with their error")
    o.add_argument("game", help=", ".join(n for n, g in all_games().items() if g.odds))
    o.add_argument("--ruleset", default=None)
    for param, helps in _odds_params().values():
        _flag(param, o, helps)
    o.add_argument("--json", action="store_true")
    for name, by_game in tools().items():
        if name in sub.choices:
            raise ValueError(f"a game's own command {name!r} has the name of a command every game has")
        games = sorted(by_game)
        t = sub.add_parser(name, help="; ".join(dict.fromkeys(by_game[g].help for g in games)))
        t.add_argument("game", help=", ".join(games))
        t.add_argument("--ruleset", default=None)
        t.add_argument("--json", action="store_true")
        seen: set[str] = set()
        for g in games:
            for f in by_game[g].flags:
                if f.name not in seen:
                    seen.add(f.name)
                    _tool_flag(f, t)
    return p


def tools() -> dict[str, dict[str, Tool]]:
    """The commands games declare for the command line alone (:mod:`gamester.tools`), by name, then by game."""
    out: dict[str, dict[str, Tool]] = {}
    for name, spec in sorted(all_games().items()):
        for cmd, t in spec.tools.items():
            out.setdefault(cmd, {})[name] = t
    return out


def _tool_flag(f: Flag, parser: argparse.ArgumentParser) -> None:
    flag = "--" + f.name.replace("_", "-")
    text = f.help.replace("%", "%%")
    if f.kind == "switch":
        parser.add_argument(flag, dest=f.name, action="store_true", help=text)
        return
    kind = {"above-zero": _positive(float), "whole-above-zero": _positive(int)}.get(f.kind)
    parser.add_argument(flag, dest=f.name, type=kind, default=f.default, help=text, metavar=f.metavar or None)


def _run_tool(args: argparse.Namespace) -> dict[str, Any]:
    """A game's own command, run by the game that declares it (which imports what it needs)."""
    by_game = tools()[args.command]
    tool = by_game.get(args.game)
    if tool is None:
        raise GamesterError(f"there is no {args.command} command for {args.game[:40]!r}: only "
                            f"{', '.join(sorted(by_game))} has one")
    flags = {f.name: getattr(args, f.name) for f in tool.flags}
    return tool.run(args.game, args.ruleset, log=lambda m: print(m, file=sys.stderr, flush=True), **flags)


def _positive(kind):
    """An argparse type: a number of ``kind`` above zero, else a one-line error naming what was given."""
    def parse(text: str):
        try:
            x = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not x > 0:
            raise argparse.ArgumentTypeError(f"{text!r} must be above zero")
        return x
    parse.__name__ = kind.__name__
    return parse


def _odds_params() -> dict[str, tuple[Param, list[str]]]:
    """Every parameter some game's odds take (a flag each), with what it means to each game."""
    out: dict[str, tuple[Param, list[str]]] = {}
    for name, spec in all_games().items():
        for param in spec.odds_params:
            out.setdefault(param.name, (param, []))[1].append(f"{name}: {param.help}")
    return out


MAX_RECORD = 20_000_000    # bytes in a record file
MAX_ERROR = 300            # characters in an error line (each message quotes at most ~80 of the bad input)


def _read(path: str) -> bytes:
    """The record's bytes (decoded, as UTF-8 only, by :func:`gamester.records.load_json`)."""
    shown = repr(path[:80]) + ("..." if len(path) > 80 else "")
    if path == "-" and sys.stdin is None:
        raise GamesterError("cannot read the record from standard input: it is closed")
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_RECORD + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_RECORD + 1)
    except OSError as e:
        raise GamesterError(f"cannot read record {shown}: {e.strerror}") from None
    except ValueError:  # a NUL byte in the path
        raise GamesterError(f"cannot read record {shown}: a path cannot contain a NUL byte") from None
    if len(data) > MAX_RECORD:
        raise GamesterError(f"record {shown} is longer than {MAX_RECORD:,} bytes")
    return data


def _one_line(message: str) -> str:
    line = " ".join(message.split())
    return line if len(line) <= MAX_ERROR else line[:MAX_ERROR - 3] + "..."


def run(argv: list[str]) -> tuple[Any, str, bool]:
    args = build_parser().parse_args(argv)
    if getattr(args, "ruleset", None) is not None and not args.ruleset.strip():
        raise _UsageError("--ruleset '' names no ruleset: give a preset name or GAME(option=value,...)")
    as_json = getattr(args, "json", False)
    if args.command == "rulesets":
        out = commands.rulesets(args.game)
    elif args.command == "clauses":
        out = commands.clauses(args.game)
    elif args.command == "replay":
        out = commands.replay_record(_read(args.record))
    elif args.command == "demo":
        out = commands.demo(args.game)
    elif args.command == "new-game":
        paths = newgame.write(args.name, Path(args.root), force=args.force)
        out = {"data": [str(p.relative_to(args.root)) for p in paths],
               "text": newgame.report(args.name, paths, Path(args.root))}
    elif args.command == "quiz":
        if args.list_kinds:
            out = commands.quiz_kinds(args.game)
        elif args.seed is None:
            raise GamesterError("gamester quiz needs --seed N (or --list-kinds)")
        elif args.count is not None:
            out = commands.quiz_set(args.game, args.seed, args.count, args.kind, args.ruleset, args.level)
        else:
            out = commands.quiz(args.game, args.seed, args.kind, args.ruleset, args.level)
    elif args.command in tools():
        out = _run_tool(args)
    elif args.command == "odds":
        out = commands.odds(args.game, args.ruleset, **{k: getattr(args, k) for k in _odds_params()})
    else:
        given = {k: getattr(args, k) for k in game_commands()[args.command]}
        out = commands.run(args.game, args.command, ruleset=args.ruleset, options=args.option, **given)
    return out["data"], out["text"], as_json


INTERRUPTED = 130  # what shells report for a command stopped by SIGINT (128 + 2)


def _say(line: str) -> None:
    """One line on stderr, if there is a stderr to write it to."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _silence(*streams) -> None:
    """Point these streams' descriptors at the null device: Python's own flush at exit finds nowhere to fail."""
    for stream in streams:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        except (OSError, ValueError, AttributeError):
            pass


def main(argv: list[str] | None = None) -> int:
    """Run one command; a reader that stops early (``gamester clauses | head -1``) ends it quietly, as other tools
    do: status 0, no traceback, whether the pipe broke on the answer, on ``--help`` or on a progress line. An
    output that cannot be written (closed, a full disk, a file-size limit) is one line and status 2; Ctrl-C is one
    line and status 130."""
    try:
        if sys.stdout is None:
            _say("gamester: error: standard output is closed: nowhere to write the answer")
            return 2
        encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("-", "").replace("_", "")
        if encoding != "utf8" and hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(errors="replace")  # --help and progress lines too: '?', never a traceback
        return _main(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:
        _silence(sys.stdout, sys.stderr)
        return 0
    except OSError as e:  # writing the answer: ENOSPC, EFBIG, EIO, EBADF ...
        _silence(sys.stdout)
        _say(f"gamester: error: cannot write the output: {e.strerror or e}")
        return 2
    except KeyboardInterrupt:
        _silence(sys.stdout)
        _say("gamester: interrupted (Ctrl-C): nothing was written")
        return INTERRUPTED


def _main(argv: list[str]) -> int:
    try:
        data, text, as_json = run(argv)
    except (GamesterError, _UsageError) as e:
        print(f"gamester: error: {_one_line(str(e))}", file=sys.stderr, flush=True)
        return 2
    except SystemExit as e:  # --help has been printed
        sys.stdout.flush()
        return e.code if isinstance(e.code, int) else 0
    out = json.dumps(data, indent=2, ensure_ascii=False) if as_json else text
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        out.encode(encoding)
    except UnicodeEncodeError:
        lost = sum(1 for ch in out if not _encodable(ch, encoding))
        _say(f"gamester: warning: the output's encoding ({encoding}) cannot hold {lost} of its characters, "
             f"written as '?' (PYTHONIOENCODING=utf-8 keeps them)")
        out = out.encode(encoding, errors="replace").decode(encoding)
    except LookupError:
        pass
    print(out)
    sys.stdout.flush()
    return 0


def _encodable(ch: str, encoding: str) -> bool:
    try:
        ch.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


__all__ = ["main", "run", "all_games"]

"""The ``gamester`` command line (also ``python -m gamester``).

    gamester deal GAME --players N --seed S [--ruleset R] [--option k=v]... [--json]
    gamester settle GAME --hand "QH QD QC" --hand "KS KH KD" [--folded SEAT]... [--ruleset R] [--option k=v]... [--json]
    gamester play GAME --players N --seed S [--ruleset R] [--option k=v]... [--bots a,b,...] [--deals N] [--json]
    gamester rulesets GAME [--json]
    gamester clauses [GAME] [--json]
    gamester replay RECORD.json|-  [--json]
    gamester demo
    gamester quiz GAME --seed N [--kind K] [--ruleset R] [--json]  |  gamester odds GAME ... (see gamester.numbers.cli)

Bad input exits with status 2 and one line on stderr naming the problem; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .clauses import all_clauses
from .errors import GamesterError
from .game import replay
from .numbers import cli as numbers_cli
from .registry import GameSpec, games, get_game
from .rulesets import parse_option_pairs

GAME_COMMANDS = ("deal", "settle", "play")
PREFIX = {"post-and-pair": "pp.", "put": "put.", "speculation": "spec."}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2 (argparse would print the usage too)
        raise _UsageError(f"{message} (see gamester {self.prog.split()[-1]} --help)"
                          if " " in self.prog else message)


class _UsageError(Exception):
    pass


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="gamester", description="Rules engine for the card games of Cotton's Compleat Gamester (1674).")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for cmd in GAME_COMMANDS:
        s = sub.add_parser(cmd, help=f"{cmd} a game (see 'gamester {cmd} GAME --help')")
        s.add_argument("game", help="post-and-pair, put or speculation")
        s.add_argument("--ruleset", default=None, help="a preset name or GAME(option=value,...)")
        s.add_argument("--option", action="append", default=[], metavar="K=V", help="override one option")
        s.add_argument("--json", action="store_true", help="print JSON")
        s.add_argument("--players", type=_int, default=None)
        s.add_argument("--seed", type=_int, default=None)
        if cmd == "settle":
            s.add_argument("--hand", action="append", default=[], help='cards of one seat, eldest first: "KS JS AS"')
            s.add_argument("--folded", action="append", type=_int, default=[], metavar="SEAT",
                           help="a seat that staked and dropped out (0 = eldest)")
        if cmd == "play":
            s.add_argument("--bots", action="append", default=[], help="bot names, comma-separated, one per seat")
            s.add_argument("--deals", type=_int, default=None, help="number of deals (games that have a choice)")
    r = sub.add_parser("rulesets", help="list a game's rulesets and options with status and citations")
    r.add_argument("game")
    r.add_argument("--json", action="store_true")
    c = sub.add_parser("clauses", help="list rule clauses with status and citations")
    c.add_argument("game", nargs="?")
    c.add_argument("--json", action="store_true")
    rp = sub.add_parser("replay", help="replay a JSON game record and print the final record")
    rp.add_argument("record", help="a file, or - for standard input")
    rp.add_argument("--json", action="store_true")
    sub.add_parser("demo", help="a short tour: a Post and Pair deal settled under two rulesets")
    numbers_cli.add_parsers(sub, _int)
    return p


def _options(spec: GameSpec, ns: argparse.Namespace):
    opts = spec.parse_ruleset(ns.ruleset) if ns.ruleset else spec.default_options()
    return opts.with_options(parse_option_pairs(ns.option))


def _rulesets(spec: GameSpec) -> tuple[Any, str]:
    data = {"game": spec.name, "default": spec.default_preset,
            "rulesets": [p.to_json() for p in spec.presets.values()],
            "options": [s.to_json() for s in spec.options.specs()]}
    lines = [f"{spec.title}: rulesets (default {spec.default_preset})"]
    for p in spec.presets.values():
        cites = "; ".join(str(c) for c in p.citations)
        lines.append(f"  {p.name} [{p.status}] {p.summary}")
        lines.append(f"      {p.options.to_string()}")
        lines.append(f"      sources: {cites}")
    lines.append("options:")
    for s in spec.options.specs():
        lines.append(f"  {s.name}={s.allowed()} (default {s.default}){': ' + s.help if s.help else ''}")
    return data, "\n".join(lines)


def _clauses(game: str | None) -> tuple[Any, str]:
    prefix = ""
    if game:
        spec = get_game(game)
        prefix = PREFIX.get(spec.name, spec.name + ".")
    cl = all_clauses(prefix)
    lines = []
    for c in cl:
        lines.append(f"{c.id} [{c.status}] {c.statement}")
        lines.append(f"    {'; '.join(str(x) for x in c.citations)}" + (f"  ({c.note})" if c.note else ""))
    return [c.to_json() for c in cl], "\n".join(lines)


def _replay(path: str) -> tuple[Any, str]:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as e:
        raise GamesterError(f"cannot read record {path!r}: {e.strerror}") from None
    state = replay(text)
    rec = state.to_record()
    return rec, json.dumps(rec, indent=2, ensure_ascii=False)


def _demo() -> tuple[Any, str]:
    spec = get_game("post-and-pair")
    ns = argparse.Namespace(players=4, seed=1674, json=False, option=[], ruleset=None)
    parts = []
    for name in spec.presets:
        _, text = spec.cli["deal"](spec.presets[name].options, ns)
        parts.append(f"=== ruleset {name} ===\n{text}")
    return None, "\n\n".join(parts)


def run(argv: list[str]) -> tuple[Any, str, bool]:
    ns = build_parser().parse_args(argv)
    as_json = getattr(ns, "json", False)
    if ns.command == "rulesets":
        data, text = _rulesets(get_game(ns.game))
    elif ns.command == "clauses":
        data, text = _clauses(ns.game)
    elif ns.command == "replay":
        data, text = _replay(ns.record)
    elif ns.command == "demo":
        data, text = _demo()
    elif ns.command in numbers_cli.COMMANDS:
        data, text = numbers_cli.run(ns)
    else:
        spec = get_game(ns.game)
        handler = spec.cli.get(ns.command)
        if handler is None:
            raise GamesterError(f"{spec.name} has no '{ns.command}' command")
        data, text = handler(_options(spec, ns), ns)
    return data, text, as_json


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        data, text, as_json = run(argv)
    except (GamesterError, _UsageError) as e:
        print(f"gamester: error: {e}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(text)
    return 0


__all__ = ["main", "run", "games"]

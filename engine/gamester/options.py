"""Interpretations are data: per-game option objects with a canonical string, and named presets.

Each game defines a frozen dataclass subclassing :class:`Options`; each field is declared with :func:`option`,
which records its choices (or integer range), a help line and the clause it selects. Instances validate on creation
and print canonically as ``post-and-pair(trump=suit-count,post_over_21=two-highest,ten_ace=21)``: every option, in
declaration order, which :func:`parse_options` reads back. A :class:`Preset` names one combination with its status
(``attested`` / ``reconstructed`` / ``conjectural``) and citations.

Ruleset strings accepted by :func:`parse_ruleset`:
``reconstruction`` (a preset), ``cotton-1674(trump=best-post)`` (a preset with overrides) and
``post-and-pair(trump=best-post)`` (the option defaults, which are those of the game's default preset, with overrides).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from .clauses import STATUSES, Citation
from .errors import RulesetError


def option(default: Any, *, choices: tuple | None = None, range: tuple[int, int] | None = None,
           help: str = "", clause: str = "", label: str = "", words: dict | None = None) -> Any:
    """Declare an option field: either ``choices`` (strings) or an inclusive integer ``range``.

    ``label`` and ``words`` are what a reader sees in a settings form: the option in a reader's words ("How the
    trump suit is found") and each choice's ("the suit of the best Post shown"; for a range, the numbers that mean
    something besides themselves, as ``{0: "each player deals once"}``). They say what the choice does, never whose
    reading it is: that is ``help`` and the clause's, one click away."""
    if (choices is None) == (range is None):
        raise TypeError("an option has either choices or an integer range")
    words = dict(words or {})
    if choices is not None and words and set(words) != set(choices):
        raise TypeError(f"an option's words name each of its choices once: {sorted(map(str, choices))}")
    return dataclasses.field(default=default, metadata={
        "choices": choices, "range": range, "help": help, "clause": clause, "label": label,
        "words": tuple((str(k), v) for k, v in words.items())})


@dataclass(frozen=True)
class OptionSpec:
    name: str
    default: Any
    choices: tuple | None
    range: tuple[int, int] | None
    help: str
    clause: str
    label: str = ""                        # the option in a reader's words (a settings form's label)
    words: tuple[tuple[str, str], ...] = ()  # (value as text, a reader's words for it)

    def allowed(self) -> str:
        if self.choices is not None:
            return "|".join(map(str, self.choices))
        return f"{self.range[0]}..{self.range[1]}"

    def to_json(self) -> dict:
        return {"name": self.name, "default": self.default, "choices": list(self.choices) if self.choices else None,
                "range": list(self.range) if self.range else None, "help": self.help, "clause": self.clause,
                "label": self.label, "words": dict(self.words)}


_NAME_RE = re.compile(r"^[a-z][a-z0-9_-]*$")


@dataclass(frozen=True)
class Options:
    """Base of every game's options. Subclasses set ``GAME`` and declare fields with :func:`option`."""

    GAME: ClassVar[str] = ""

    def __post_init__(self) -> None:
        for spec in _specs(type(self)):
            value = getattr(self, spec.name)
            _check_value(self.GAME, spec, value)

    @classmethod
    def specs(cls) -> list[OptionSpec]:
        return list(_specs(cls))

    @functools.cached_property
    def _text(self) -> str:  # options are frozen: the canonical string is made once per instance
        parts = [f"{s.name}={getattr(self, s.name)}" for s in _specs(type(self))]
        return f"{self.GAME}({','.join(parts)})"

    def to_string(self) -> str:
        return self._text

    def __str__(self) -> str:
        return self._text

    def to_json(self) -> dict:
        return {s.name: getattr(self, s.name) for s in _specs(type(self))}

    def replace(self, **changes: Any) -> Options:
        return self.with_options({k: str(v) for k, v in changes.items()})

    def with_options(self, pairs: dict[str, str]) -> Options:
        """A copy with options given as text (``{"trump": "best-post"}``), each checked against its spec."""
        specs = {s.name: s for s in _specs(type(self))}
        values = {}
        for key, text in pairs.items():
            k = key.strip(" ").replace("-", "_")
            if k not in specs:
                raise RulesetError(
                    f"unknown option {key[:40]!r} for {self.GAME}: known options are {', '.join(specs)}")
            values[k] = _convert(self.GAME, specs[k], text)
        return dataclasses.replace(self, **values)


_SPECS: dict[type, tuple[OptionSpec, ...]] = {}


def _specs(cls: type) -> tuple[OptionSpec, ...]:
    """A class's option specs in declaration order, read from its dataclass fields once (they never change)."""
    got = _SPECS.get(cls)
    if got is None:
        got = _SPECS[cls] = tuple(
            OptionSpec(f.name, f.default, f.metadata.get("choices"), f.metadata.get("range"),
                       f.metadata.get("help", ""), f.metadata.get("clause", ""), f.metadata.get("label", ""),
                       f.metadata.get("words", ()))
            for f in dataclasses.fields(cls))
    return got


def _check_value(game: str, spec: OptionSpec, value: Any) -> None:
    if spec.choices is not None:
        if value not in spec.choices:
            raise RulesetError(f"option {spec.name}={str(value)[:40]!r} for {game}: expected one of {spec.allowed()}")
    else:
        lo, hi = spec.range
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise RulesetError(f"option {spec.name}={value!r} for {game}: expected a whole number {lo}..{hi}")


def _convert(game: str, spec: OptionSpec, text: Any) -> Any:
    if spec.range is not None:
        try:
            value: Any = parse_int(text, spec.name, -(10**9), 10**9)   # the range is checked below
        except RulesetError:
            raise RulesetError(f"option {spec.name}={str(text)[:40]!r} for {game}: expected a whole number "
                               f"{spec.allowed()}") from None
    else:
        value = str(text).strip(" ")
        # Integer-valued choices (rare) are matched by their text.
        for c in spec.choices:
            if str(c) == value:
                value = c
                break
    _check_value(game, spec, value)
    return value


@dataclass(frozen=True)
class Preset:
    """A named ruleset: a combination of options with a status label and citations.

    ``status`` is the status of what the ruleset follows (its citations: Cotton's text is ``attested``, a modern
    account ``reconstructed``); ``fillings`` names the clauses of a weaker status that it applies to fill that
    source's gaps. The ruleset's own status is derived from both: the weakest decides (:attr:`derived_status`),
    and :attr:`label` says it in words, naming every weaker status among the fillings, e.g. "attested, with
    reconstructed and conjectural fillings".
    """

    name: str
    options: Options
    status: str
    citations: tuple[Citation, ...]
    summary: str
    fillings: tuple[str, ...] = ()
    title: str = ""   # the ruleset's name for a reader ("Cotton's rules, 1674"), in a settings form's list

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"preset {self.name}: status {self.status!r} is not one of {STATUSES}")
        if not _NAME_RE.match(self.name):
            raise ValueError(f"preset name {self.name!r} must be lower-case letters, digits, '-' or '_'")

    @property
    def derived_status(self) -> str:
        """The weakest status among the ruleset's own and its fillings' (``attested`` > ``reconstructed`` >
        ``conjectural``)."""
        from .clauses import get_clause

        found = [self.status] + [get_clause(c).status for c in self.fillings]
        return max(found, key=STATUSES.index)

    @property
    def label(self) -> str:
        """The status in words, naming every weaker status among the fillings: "attested", "attested, with
        conjectural fillings", "attested, with reconstructed and conjectural fillings"."""
        from .clauses import get_clause

        own = STATUSES.index(self.status)
        weaker = sorted({get_clause(c).status for c in self.fillings if STATUSES.index(get_clause(c).status) > own},
                        key=STATUSES.index)
        return f"{self.status}, with {' and '.join(weaker)} fillings" if weaker else self.status

    @property
    def sources(self) -> str:
        """Where the ruleset comes from, in a reader's words: "Follows the period text; where it is silent, filled
        from a later account and by our own reading." (the :attr:`label`'s statuses, said)."""
        from .clauses import get_clause

        own = STATUSES.index(self.status)
        weaker = sorted({get_clause(c).status for c in self.fillings if STATUSES.index(get_clause(c).status) > own},
                        key=STATUSES.index)
        said = _FOLLOWS[self.status]
        if weaker:
            said += f"; where it is silent, filled {' and '.join(_FILLED[w] for w in weaker)}"
        return said + "."

    def to_json(self) -> dict:
        return {"name": self.name, "ruleset": self.options.to_string(), "status": self.derived_status,
                "label": self.label, "title": self.title or self.name, "sources": self.sources, "follows": self.status, "fillings": list(self.fillings),
                "citations": [c.to_json() for c in self.citations], "summary": self.summary}


#: A ruleset's own status and its fillings', in words (:attr:`Preset.sources`).
_FOLLOWS = {"attested": "Follows the period text", "reconstructed": "Follows a later account of the game",
            "conjectural": "Our own reading"}
_FILLED = {"reconstructed": "from a later account", "conjectural": "by our own reading"}


# Names, values and brackets may be spaced with ASCII spaces ("put(game_points = 7, rubber = 2)"); any other white
# space (a no-break space, a tab, a newline) is refused, as it is around a number anywhere (see parse_int).
_RULESET_RE = re.compile(r"^ *([A-Za-z0-9_-]+) *(?:\((.*)\))? *$", re.DOTALL)
#: Whole numbers are written in ASCII digits (``int()`` and ``\d`` would also take "١٢" or "1_000").
_INT_RE = re.compile(r"-?[0-9]{1,19}")


def parse_int(text: Any, name: str, lo: int, hi: int) -> int:
    """The one reader of a whole number given as text (CLI, marker and web arguments): ASCII digits only, with
    no padding (a space, a no-break space or a newline around it is refused, as are "٤", "４", "+4" and "4_0")."""
    t = text if isinstance(text, str) else str(text) if isinstance(text, int) and not isinstance(text, bool) else ""
    if not _INT_RE.fullmatch(t) or not lo <= int(t) <= hi:
        raise RulesetError(f"argument {name}={str(text)[:40]!r}: expected a whole number {lo}..{hi}")
    return int(t)


def parse_pairs(source: Any, *, where: str = "") -> dict[str, str]:
    """The one reader of ``name=value`` option pairs, whatever the host:

    - text ``"trump=best-post,ten_ace=11"`` (a ruleset's body; a marker's ``options="a=1;b=2"`` may use ``;``),
    - a list of items ``["trump=best-post", ...]`` (the CLI's repeated ``--option``),
    - a mapping ``{"trump": "best-post"}`` (the web API's JSON).

    Names and values are stripped of ASCII spaces (no other white space); an empty item is skipped; an item without ``=`` or a name given twice raises
    :class:`RulesetError` (``where`` says where, e.g. `` in ruleset 'x(...)'``), under either spelling of a name
    (``game_points`` and ``game-points`` are one option: given together, they are a name given twice). Values are
    checked later, against the game's option specs, by :meth:`Options.with_options`.
    """
    if source is None:
        return {}
    if isinstance(source, dict):
        items = [(str(k), v) for k, v in source.items()]
    else:
        texts = re.split(r"[;,]", source) if isinstance(source, str) else [str(x) for x in source]
        items = []
        for item in texts:
            if not item.strip(" "):
                continue
            if "=" not in item:
                raise RulesetError(f"cannot read option {item.strip()[:60]!r}{where}: write option=value")
            k, v = item.split("=", 1)
            items.append((k, v))
    out: dict[str, str] = {}
    spelt: dict[str, str] = {}   # each option, by its one name, as it was first spelt
    for k, v in items:
        k = k.strip(" ")
        one = k.replace("-", "_")
        if one in spelt:
            same = "" if spelt[one] == k else f" (as {spelt[one][:40]!r} and {k[:40]!r}: one option)"
            raise RulesetError(f"option {k[:40]!r} given twice{same}{where}")
        spelt[one] = k
        out[k] = str(v).strip(" ")
    return out


def parse_ruleset(game: str, defaults: Options, presets: dict[str, Preset], text: str) -> Options:
    """Read a ruleset string (see the module doc). Raises :class:`RulesetError` naming the bad part."""
    if not isinstance(text, str) or len(text) > 2000:
        raise RulesetError(f"ruleset must be a short string, got {str(text)[:60]!r}")
    m = _RULESET_RE.match(text)
    if not m:
        raise RulesetError(
            f"cannot read ruleset {text[:80]!r}: write a preset name ({', '.join(presets)}) or {game}(option=value,...)")
    name, body = m.group(1), m.group(2)
    if name == game:
        base = defaults
    elif name in presets:
        base = presets[name].options
    else:
        raise RulesetError(f"unknown ruleset {name[:40]!r} for {game}: known rulesets are {', '.join(presets)}")
    return base.with_options(parse_pairs((body or "").split(","), where=f" in ruleset {text[:80]!r}"))


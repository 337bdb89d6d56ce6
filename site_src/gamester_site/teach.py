"""The Teach and Numbers pages' markers: HTML made at build time by the engine, for every game that offers it.

``exercises GAME [count=12] [seed=N] [ruleset=R]``   printed exercises and, after a page break, the answer key
                                                     (the game's ``GameSpec.quiz_kinds``, ``make_quiz`` and
                                                     ``quiz_seats``, through :func:`gamester.commands.quiz`)
``class-set GAME [ruleset=R]``   the form that makes a class set in the browser (docs/javascripts/gamester-quiz.js):
                                 a kind, a level where the game declares levels, pupils and a first number
``handout GAME k=v ..``          the two-page handout (:mod:`gamester_site.handout`)
``numbers NAME``    a table or plot of the Numbers page, declared by a game in ``GameSpec.numbers``

Nothing here names a game: the games declare what they offer, this module lays it out.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
from collections.abc import Callable
from functools import cache
from html import escape as e
from pathlib import Path
from typing import Any

from gamester import all_games, commands, quiz
from gamester.errors import RulesetError
from gamester_site.handout import handout
from gamester_site.places import clause_passages


def _args(text: str) -> tuple[list[str], dict[str, str]]:
    pos, kw = [], {}
    for tok in shlex.split(text or ""):
        if "=" in tok:
            k, v = tok.split("=", 1)
            kw[k] = v
        else:
            pos.append(tok)
    return pos, kw


def _int(kw: dict[str, str], key: str, default: int) -> int:
    try:
        return int(kw.get(key, default))
    except ValueError:
        raise RulesetError(f"{key}={kw[key]!r} is not a whole number") from None


# -- exercises ---------------------------------------------------------------------------------------------------
def exercises(text: str, base: str) -> str:
    pos, kw = _args(text)
    if len(pos) != 1:
        names = "|".join(n for n, g in all_games().items() if g.site.make_quiz)
        raise RulesetError(f"'exercises' needs one game: exercises {names} [count=12] [seed=N]")
    game = pos[0]
    kinds = list(commands.quiz_kinds(game)["data"])
    count, seed = _int(kw, "count", 12), _int(kw, "seed", 1)
    unknown = set(kw) - {"count", "seed", "ruleset"}
    if unknown:
        raise RulesetError(f"unknown argument(s) {', '.join(sorted(unknown))} for 'exercises'")
    quiz_seats = all_games()[game].site.quiz_seats
    exs = [commands.quiz(game, seed + i, kinds[i % len(kinds)], kw.get("ruleset"))["data"] for i in range(count)]
    qs, answers = [], []
    for ex in exs:
        body = [f'<li class="gm-exercise">{quiz.question_html(ex, quiz.seat_labels(ex, quiz_seats))}']
        # The letters are text, as on a class set's sheets: printed whole at any margin, as the key names them.
        body.append('<ul class="gm-sheet-choices">' + "".join(
            f'<li><span class="gm-sheet-letter">{chr(65 + i)}.</span> {e(c)}</li>' for i, c in enumerate(ex["choices"]))
            + "</ul></li>")
        qs.append("".join(body))
        letter = chr(65 + ex["choices"].index(ex["answer"]))
        why = quiz.explanation_html(ex, base, clause_passages())  # each rule with its passages by locator
        answers.append(f'<li><p><strong>{letter}. {e(ex["answer"])}</strong></p><p>{why}</p>'
                       f'<p><small>Exercise number {ex["seed"]}: the same number always gives the same '
                       'exercise.</small></p></li>')
    return (f'<ol class="gm-exercises">{"".join(qs)}</ol>{live(game, kw.get("ruleset"), base)}'
            '<details class="gm-answer-key"><summary>Answer key (open it when you are ready)</summary>'
            f'<ol class="gm-answers">{"".join(answers)}</ol></details>')


def live(game: str, ruleset: str | None, base: str) -> str:
    """The place for "Another question" (gamester-quiz.js adds the button and asks the engine's ``quiz`` op); without
    the script it says how to make more exercises like the printed ones."""
    return (f'<div class="gm-quiz" data-game="{e(game)}" data-ruleset="{e(ruleset or "")}" data-base="{e(base)}">'
            '<p class="gm-quiz-intro"><strong>Another question.</strong> With JavaScript, the card engine makes a '
            'fresh exercise here and checks your answer (two tries, then the answer and why), and keeps a record of '
            'your answers to print or save; without it, the printed exercises above and '
            'their answer key are all there is.</p></div>')


# -- class sets -------------------------------------------------------------------------------------------------
#: The most sheets one class set makes (a class of forty).
MAX_PUPILS = 40


def levels(game: str) -> dict[str, dict[str, str]]:
    """The levels of difficulty a game declares for each kind of exercise (``GameSpec.quiz_levels``: kind ->
    {level: what it asks}), as text; {} where it declares none (then every exercise is of one level)."""
    declared = all_games()[game].site.quiz_levels or {}
    return {str(k): {str(n): str(t) for n, t in lv.items()} for k, lv in declared.items() if lv}


def _level_options(lv: dict[str, dict[str, str]]) -> str:
    """The level choices for "every kind in turn": the levels every kind has."""
    common = sorted(set.intersection(*(set(x) for x in lv.values())), key=int) if lv else []
    return '<option value="">The first</option>' + "".join(f'<option value="{e(n)}">Level {e(n)}</option>'
                                                          for n in common)


def class_set(text: str, base: str) -> str:
    """The class-set form: without the script, a sentence saying what it needs; the script makes it work."""
    pos, kw = _args(text)
    if len(pos) != 1 or set(kw) - {"ruleset"}:
        raise RulesetError(f"'class-set' needs one game and at most a ruleset (got {text!r})")
    game = pos[0]
    kinds = commands.quiz_kinds(game)["data"]
    opts = '<option value="">Every kind in turn</option>' + "".join(
        f'<option value="{e(k)}">{e(v[:1].upper() + v[1:])}</option>' for k, v in kinds.items())
    lv = levels(game)
    level = (f'<label class="gm-field">Level <select name="level">{_level_options(lv)}</select></label>'
             if lv else "")
    return (f'<form class="gm-classset" data-game="{e(game)}" data-ruleset="{e(kw.get("ruleset", ""))}" '
            f'data-base="{e(base)}" data-title="{e(all_games()[game].title)}" data-levels="{e(json.dumps(lv))}" '
            'aria-labelledby="gm-classset-title">'
            '<p class="gm-classset-title" id="gm-classset-title"><strong>A class set</strong>: one exercise sheet '
            'for each pupil, each with its number, one, two or four to a printed page, and an answer key for the '
            'teacher.</p>'
            f'<div class="gm-classset-fields"><label class="gm-field">Kind of exercise <select name="kind">{opts}'
            f'</select></label>{level}<label class="gm-field">Pupils <input name="pupils" type="number" min="1" '
            f'max="{MAX_PUPILS}" value="30" required></label><label class="gm-field">First sheet number <input '
            'name="first" type="number" min="0" step="1" value="1" required></label><label class="gm-field">Sheets '
            'a printed page <select name="per_page"><option value="1">1</option><option value="2" selected>2'
            '</option><option value="4">4</option></select></label></div>'
            '<p class="gm-classset-bar"><button type="submit" class="gm-quiz-next" disabled>Make the class set</button>'
            ' <span class="gm-classset-message" role="status" aria-live="polite">This needs JavaScript: the card '
            'engine makes the sheets in your browser, with nothing sent anywhere.</span></p></form>')


# -- numbers -----------------------------------------------------------------------------------------------------
def tables() -> dict[str, Callable[[str], str]]:
    """Every game's Numbers-page tables and plots, by name (a name declared twice is an error)."""
    out: dict[str, Callable[[str], str]] = {}
    for spec in all_games().values():
        for name, fn in spec.site.numbers.items():
            if name in out:
                raise RulesetError(f"two games declare the numbers {name!r}")
            out[name] = fn
    return out


def numbers(text: str, base: str) -> str:
    pos, kw = _args(text)
    known = tables()
    if len(pos) != 1 or pos[0] not in known or kw:
        raise RulesetError(f"'numbers' needs one of {', '.join(known)} (got {text!r})")
    key = hashlib.sha256(f"{_engine_digest()}\0{pos[0]}\0{base}".encode()).hexdigest()
    kept = NUMBERS_CACHE / f"{key}.html"
    try:
        return kept.read_text(encoding="utf-8")
    except OSError:
        pass
    html = known[pos[0]](base)
    try:  # kept for the next build (a failed write only costs the next build the work again)
        NUMBERS_CACHE.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(html, encoding="utf-8")
        tmp.replace(kept)
    except OSError:
        pass
    return html


# The Numbers page's tables take seconds of exact arithmetic (Put's deal odds, Post and Pair's show-downs), and each
# build of the site (the strict build, the classroom copy, the test builds) made them again. They are functions of the
# engine alone, so each is kept in .cache/numbers/ under the hash of every file of the engine package, its name and
# the page's base: any change to the engine makes them afresh.
NUMBERS_CACHE = Path(__file__).resolve().parents[2] / ".cache" / "numbers"


@cache
def _engine_digest() -> str:
    import gamester

    root = Path(gamester.__file__).resolve().parent
    h = hashlib.sha256()
    for f in sorted(root.rglob("*")):
        if f.is_file() and "__pycache__" not in f.parts:
            h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


MARKERS: dict[str, Callable[[str, str], Any]] = {"exercises": exercises, "numbers": numbers, "class-set": class_set,
                                                  "handout": handout}

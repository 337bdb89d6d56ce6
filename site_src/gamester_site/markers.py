"""Page markers: ``<!-- NAME args -->`` in a page's Markdown expands into HTML made at build time.

Run by the Python-Markdown extension ``gamester_site.extension`` (listed under ``markdown_extensions`` in
mkdocs.yml, so MkDocs and Zensical both run it; no MkDocs import here). An HTML comment whose first word is a
lower-case name (``<!-- example ... -->``) is a marker; an unknown name or a bad argument fails the build with a
message naming the page. Markers inside fenced code blocks or inline code are left alone (the Engine page shows
them as examples). Ordinary comments must start with something else (``<!-- Note: ... -->``).

Markers (arguments are ``name=value`` or ``name="value with spaces"``):

``example GAME k=v ...``      the engine's static rendering (``gamester.render``): ``example post-and-pair seed=1674
                              players=4 ruleset=reconstruction``, ``example post-and-pair hands="QH QD QC|KS KH KD"``,
                              ``example put seed=3``, ``example speculation seed=5 players=5``
``compare GAME k=v ...``      one deal settled under several rulesets: ``compare post-and-pair seed=7 players=5
                              rulesets=reconstruction,cotton-1674``
``widget KIND k=v ...``       a live widget (pp-deal, pp-settle, pp-compare, put-play, spec-play): the static rendering
                              inside ``<div class="gm-widget" data-widget=KIND data-args=JSON data-base=..>``; the first
                              widget of a page that plays a game step by step gets ``id="play"``
``play-entry [LABEL]``        near the top of a game page: one button to the page's live game (``#play``), which the
                              widget script also starts; the build fails when the page has no such widget
``text TEXT``                 an edition text paragraph by paragraph (``text cotton1674.pp``), with our readings
``passage PID``               one passage, quoted from its transcription, with its locator
``quote PID words=".."``      period words inline in a sentence, checked against the transcription (``cite=yes``
                              adds the in-text citation); the one marker that is not a block
``rulesets GAME``             the game's presets and options
``clauses [PREFIX]``          every engine clause with its anchor (the Clauses page)
``citations``                 the literary timeline;  ``witnesses``: the two witness comparisons
``bibliography``              the bibliography;  ``cite-this key=.. locator=..``: BibTeX and CSL-JSON
``notes [topic=..]``          editorial notes as admonitions;  ``glossary``: the glossary
``cli ARGS``                  runs ``gamester ARGS`` at build time and shows the command and its output
``games``                     every game as an item of the Home page's list of cards (title, link, its ``home`` text)
``family NAME [lead=..]``     inline: the other games of a family (``site.yml``'s ``family``), linked
``exercises GAME ..``         printed exercises with an answer key; ``numbers NAME``: a table or plot that a game
                              declares (both in :mod:`gamester_site.teach`: the Teach and Numbers pages)
"""

from __future__ import annotations

import json
import logging
import re
from html import escape as e
from typing import Any

import gamester
from gamester import render as grender
from gamester_site import present, teach  # the projector's steps; the Teach and Numbers pages
from gamester_site.places import clause_passages
from gamester_site.site_data import MARKERS
from gamester_site.store import EditionError
from gamester_site.waiting import waiting_html

# MkDocs' strict mode counts the warnings logged under "mkdocs" (no MkDocs import: this code runs in any builder).
log = logging.getLogger("mkdocs.gamester_site.markers")

MARKER_RE = re.compile(r"<!--\s([a-z][a-z0-9-]*)(?:\s+(.*?))?\s*-->", re.DOTALL)
FENCE_RE = re.compile(r"^(```|~~~)[^\n]*\n.*?^\1[ \t]*$|`[^`\n]+`", re.DOTALL | re.MULTILINE)


#: Markers that expand inside a sentence (no blank lines around them).
INLINE = frozenset({"quote", "family"})


class MarkerError(Exception):
    pass


class MarkerBuildError(Exception):
    """A marker that cannot be expanded: the message starts with the page's source path."""


# The exception a bad marker raises. A builder may substitute its own error type for a clean stop (the MkDocs hook
# sets ``mkdocs.exceptions.PluginError``); by default a plain exception that still names the page.
raise_as: type[Exception] = MarkerBuildError

#: The markers of this build that lacked source data (each also a warning): the MkDocs hook stops a strict build
#: on them after it, since ``mkdocs build --strict -q`` hides warnings from strict mode's count.
missing: list[str] = []


def _split_head(text: str | None) -> tuple[str, str]:
    text = (text or "").strip()
    if not text:
        return "", ""
    head, _, rest = text.partition(" ")
    return head, rest


def _base(page: Any) -> str:
    url = page.url or ""
    depth = url.count("/") if url.endswith("/") else url.count("/")
    return "../" * depth


def _example(verb: str, text: str, page: Any) -> str:
    game, rest = _split_head(text)
    if not game:
        raise MarkerError(f"'{verb}' needs a game: {verb} {'|'.join(sorted(gamester.all_games()))} key=value ...")
    args = grender.parse_marker_args(rest)
    kind = grender.marker_kind(verb, game, args)
    html = grender.render(kind, args, base=_base(page), passages=clause_passages())
    cls = "gm-static gm-compare-block" if verb == "compare" else "gm-static"
    steps = present.steps_html(kind, args, _base(page)) if verb == "example" else ""  # the projector's steps
    return f'<div class="{cls}">{unsearched(html)}</div>' + (f"\n\n{steps}" if steps else "")


def unsearched(html: str) -> str:
    """A printed example, left out of the site search (its deals, a hundred "deal 1 of 4" and ledgers, flooded every
    search for a game's words). Material's search skips an element marked ``data-search-exclude`` only until the
    first closing tag of the same name inside it (it compares elements by tag name), so the mark is on an element
    of a name nothing inside uses: ``gm-printed``, a custom element with no meaning of its own (display: block)."""
    return f"<gm-printed data-search-exclude>{html}</gm-printed>"


PLAY_ID = "play"  # the id of a page's live game: the play entry and the home page link to it


def _widget(text: str, page: Any, seen: dict[str, bool]) -> str:
    kind, rest = _split_head(text)
    args = grender.parse_marker_args(rest)
    html = grender.widget_html(kind, args, base=_base(page))
    _spec, w = grender.widgets()[kind]  # widget_html has refused an unknown kind
    # The printed example inside is left out of the site search, like every printed example.
    head = '<div class="gm-widget-static">'
    start = html.index(head) + len(head)
    end = html.index('</div><p class="gm-widget-note">')
    html = html[:start] + unsearched(html[start:end]) + html[end:]
    if w.play:  # the face-down table shown while the engine starts
        cut = html.rindex("</div>")
        html = html[:cut] + waiting_html(kind, args, base=_base(page)) + html[cut:]
    if w.play and not seen.get("widget"):
        seen["widget"] = True
        html = html.replace('<div class="gm-widget"', f'<div class="gm-widget" id="{PLAY_ID}"', 1)
    return html


def _play_entry(text: str, page: Any, seen: dict[str, bool]) -> str:
    """One obvious control at the top of a game page that reaches the live game (the widget script scrolls to it
    and starts it; without the script it is an ordinary link to it)."""
    seen["entry"] = True
    label = text.strip().strip('"') or "Play against the computer"
    return (f'<p class="gm-play-entry"><a class="md-button md-button--primary" href="#{PLAY_ID}" '
            f'data-gm-play="{PLAY_ID}">▶ {e(label)}</a> <span class="gm-play-entry-note">the live game, further '
            'down this page: it starts the card engine in your browser.</span></p>')


def _cli(text: str, page: Any) -> str:
    import shlex

    from gamester.hosts import cli

    argv = shlex.split(text)
    try:
        data, out, as_json = cli.run(argv)
    except SystemExit as ex:  # argparse --help
        raise MarkerError(f"cli marker {text!r} exited ({ex.code})") from None
    if as_json:
        out = json.dumps(data, indent=2, ensure_ascii=False)
    return ('<div class="gm-cli" data-argv="' + e(json.dumps(argv)) + '"><pre><code>$ gamester '
            + e(" ".join(shlex.quote(a) for a in argv)) + "\n" + e(out) + "</code></pre></div>")


def expand(name: str, text: str, page: Any, seen: dict[str, bool] | None = None) -> str:
    seen = {} if seen is None else seen
    if name in ("example", "compare"):
        return _example(name, text, page)
    if name == "widget":
        return _widget(text, page, seen)
    if name == "play-entry":
        return _play_entry(text, page, seen)
    if name == "cli":
        return _cli(text, page)
    if name in MARKERS:
        return MARKERS[name](text, page)
    if name in teach.MARKERS:
        return teach.MARKERS[name](text, _base(page))
    raise MarkerError(f"unknown marker '{name}' (known: example, compare, widget, play-entry, cli, "
                      f"{', '.join(sorted(MARKERS))})")


def expand_all(markdown: str, page: Any) -> str:
    """Every marker of a page's Markdown expanded (markers inside code are left alone)."""
    seen: dict[str, bool] = {}  # a play entry, and the page's first playing widget (which gets its id)

    def one(m: re.Match) -> str:
        name, text = m.group(1), m.group(2) or ""
        try:
            out = expand(name, text, page, seen)
        except EditionError as ex:
            # Missing source data: a warning (so `mkdocs build --strict` fails, listing every gap at once) and a
            # visible placeholder for non-strict previews. Never silent.
            log.warning(f"{page.file.src_uri}: marker <!-- {name} {text[:80]} -->: {ex}")
            missing.append(f"{page.file.src_uri}: marker <!-- {name} {text[:80]} -->: {ex}")
            return (f'\n\n<div class="admonition failure gm-missing-data"><p class="admonition-title">Missing source '
                    f'data</p><p>{e(str(ex))}</p></div>\n\n')
        except (MarkerError, ValueError, KeyError, LookupError) as ex:
            raise raise_as(f"{page.file.src_uri}: marker <!-- {name} {text[:80]} -->: {ex}") from None
        if name in INLINE:
            return out
        # A blank line around the block so that Markdown treats it as raw HTML (or nested Markdown).
        return f"\n\n{out}\n\n"

    out, pos = [], 0
    for f in FENCE_RE.finditer(markdown):
        out.append(MARKER_RE.sub(one, markdown[pos:f.start()]))
        out.append(f.group(0))
        pos = f.end()
    out.append(MARKER_RE.sub(one, markdown[pos:]))
    if seen.get("entry") and not seen.get("widget"):
        where = getattr(getattr(page, "file", None), "src_uri", "a page")
        plays = ", ".join(sorted(k for k, (_s, w) in grender.widgets().items() if w.play))
        raise raise_as(f"{where}: marker <!-- play-entry -->: the page has no widget that plays a game "
                       f"({plays}) for it to lead to")
    return "".join(out)

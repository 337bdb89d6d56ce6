"""Glossary tooltips: every page gets the glossary's terms as Markdown abbreviations (Material shows them as
tooltips with ``content.tooltips``). One data file, ``docs/data/glossary.yml``, feeds both these tooltips and the
Glossary page (the ``<!-- glossary -->`` marker). Appended by ``gamester_site.extension`` after the markers expand."""

from __future__ import annotations

from gamester_site import site_data


def abbreviations() -> str:
    lines = []
    for t in site_data.glossary():
        short = " ".join(str(t["short"]).split()).replace("]", ")")
        for term in [t["term"], *(t.get("aliases") or [])]:
            lines.append(f"*[{term}]: {short}")
    return "\n".join(lines)

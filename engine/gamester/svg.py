"""A small SVG line chart writer (no plotting library): axes, ticks, lines with markers and a legend.

The chart uses ``currentColor`` for its axes and text, so it follows the page's light or dark scheme, and each
line has its own dash pattern as well as its colour, so it still reads in black and white on paper.
"""

from __future__ import annotations

from html import escape as e

COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def line_chart(series: list[tuple[str, list[tuple[float, float]]]], *, title: str, desc: str, x_label: str,
               y_label: str, x_ticks: list[float], y_ticks: list[float], y_format=lambda v: f"{v:g}",
               width: int = 480, height: int = 380, ident: str = "chart") -> str:
    """An accessible ``<svg>``: ``series`` is a list of (label, points); ticks fix the axes' ranges. The legend
    sits under the plot, two entries a row, so that the chart stays legible when a phone shrinks it."""
    rows = (len(series) + 1) // 2
    left, right, top, bottom = 56, 16, 16, 62 + 22 * rows
    pw, ph = width - left - right, height - top - bottom
    x0, x1 = min(x_ticks), max(x_ticks)
    y0, y1 = min(y_ticks), max(y_ticks)

    def sx(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * pw

    def sy(y: float) -> float:
        return top + ph - (y - y0) / (y1 - y0) * ph

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gm-chart" viewBox="0 0 {width} {height}" '
           f'role="img" aria-labelledby="{ident}-t {ident}-d" style="max-width:100%;height:auto">',
           f'<title id="{ident}-t">{e(title)}</title><desc id="{ident}-d">{e(desc)}</desc>',
           '<g fill="none" stroke="currentColor" stroke-width="1">',
           f'<path d="M{left} {top}V{top + ph}H{left + pw}"/></g>',
           '<g font-size="14" fill="currentColor" font-family="sans-serif">']
    for t in y_ticks:
        y = sy(t)
        out.append(f'<line x1="{left - 4}" y1="{_fmt(y)}" x2="{left + pw}" y2="{_fmt(y)}" stroke="currentColor" '
                   'stroke-opacity="0.15"/>')
        out.append(f'<text x="{left - 8}" y="{_fmt(y + 4)}" text-anchor="end">{e(y_format(t))}</text>')
    for t in x_ticks:
        x = sx(t)
        out.append(f'<line x1="{_fmt(x)}" y1="{top + ph}" x2="{_fmt(x)}" y2="{top + ph + 4}" '
                   'stroke="currentColor"/>')
        out.append(f'<text x="{_fmt(x)}" y="{top + ph + 18}" text-anchor="middle">{_fmt(t)}</text>')
    out.append(f'<text x="{left + pw / 2}" y="{top + ph + 40}" text-anchor="middle">{e(x_label)}</text>')
    out.append(f'<text transform="translate(16 {top + ph / 2}) rotate(-90)" text-anchor="middle">{e(y_label)}'
               '</text></g>')
    for i, (label, pts) in enumerate(series):
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        d = " ".join(f"{'M' if k == 0 else 'L'}{_fmt(sx(x))} {_fmt(sy(y))}" for k, (x, y) in enumerate(pts))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr}/>')
        for x, y in pts:
            out.append(f'<circle cx="{_fmt(sx(x))}" cy="{_fmt(sy(y))}" r="2.5" fill="{colour}"/>')
        ly = top + ph + 68 + 22 * (i // 2)
        lx = left + (pw // 2) * (i % 2)
        out.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 26}" y2="{ly - 4}" stroke="{colour}" '
                   f'stroke-width="2"{dash_attr}/>')
        out.append(f'<text x="{lx + 32}" y="{ly}" font-size="14" fill="currentColor" '
                   f'font-family="sans-serif">{e(label)}</text>')
    out.append("</svg>")
    return "".join(out)

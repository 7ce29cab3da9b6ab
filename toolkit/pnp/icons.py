"""Built-in vector icons: small shapes drawn in a size x size square.

A scenario image asset with the same name wins over a built-in icon, so a
designer can replace `tank` with their own art. Every icon is drawn from
lines and fills (no raster), in the current fill colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

IconDraw = Callable[[Canvas, float, float, float], None]


def _tank(c: Canvas, x: float, y: float, s: float) -> None:
    c.roundRect(x + 0.05 * s, y + 0.12 * s, 0.9 * s, 0.32 * s, 0.14 * s, stroke=0, fill=1)
    c.roundRect(x + 0.25 * s, y + 0.44 * s, 0.4 * s, 0.22 * s, 0.06 * s, stroke=0, fill=1)
    c.rect(x + 0.62 * s, y + 0.52 * s, 0.36 * s, 0.07 * s, stroke=0, fill=1)


def _nato(c: Canvas, x: float, y: float, s: float) -> tuple[float, float, float, float]:
    c.saveState()
    c.setLineWidth(max(0.3, s * 0.08))
    c.rect(x + 0.05 * s, y + 0.2 * s, 0.9 * s, 0.6 * s, stroke=1, fill=0)
    c.restoreState()
    return x + 0.05 * s, y + 0.2 * s, 0.9 * s, 0.6 * s


def _infantry(c: Canvas, x: float, y: float, s: float) -> None:
    bx, by, bw, bh = _nato(c, x, y, s)
    c.saveState()
    c.setLineWidth(max(0.3, s * 0.07))
    c.line(bx, by, bx + bw, by + bh)
    c.line(bx, by + bh, bx + bw, by)
    c.restoreState()


def _cavalry(c: Canvas, x: float, y: float, s: float) -> None:
    bx, by, bw, bh = _nato(c, x, y, s)
    c.saveState()
    c.setLineWidth(max(0.3, s * 0.07))
    c.line(bx, by, bx + bw, by + bh)
    c.restoreState()


def _artillery(c: Canvas, x: float, y: float, s: float) -> None:
    bx, by, bw, bh = _nato(c, x, y, s)
    c.circle(bx + bw / 2, by + bh / 2, 0.12 * s, stroke=0, fill=1)


def _polygon(points: list[tuple[float, float]]) -> IconDraw:
    def draw(c: Canvas, x: float, y: float, s: float) -> None:
        p = c.beginPath()
        p.moveTo(x + points[0][0] * s, y + points[0][1] * s)
        for px, py in points[1:]:
            p.lineTo(x + px * s, y + py * s)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    return draw


def _star_points(n: int = 5) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        r = 0.48 if i % 2 == 0 else 0.2
        a = math.pi / 2 + i * math.pi / n
        pts.append((0.5 + r * math.cos(a), 0.48 + r * math.sin(a)))
    return pts


def _hex_points() -> list[tuple[float, float]]:
    return [(0.5 + 0.48 * math.cos(math.pi / 3 * i), 0.5 + 0.48 * math.sin(math.pi / 3 * i))
            for i in range(6)]


def _circle(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x + s / 2, y + s / 2, 0.42 * s, stroke=0, fill=1)


def _square(c: Canvas, x: float, y: float, s: float) -> None:
    c.rect(x + 0.1 * s, y + 0.1 * s, 0.8 * s, 0.8 * s, stroke=0, fill=1)


def _air(c: Canvas, x: float, y: float, s: float) -> None:
    _polygon([(0.45, 0.05), (0.55, 0.05), (0.55, 0.4), (0.95, 0.55), (0.95, 0.63), (0.55, 0.55),
              (0.55, 0.82), (0.5, 0.95), (0.45, 0.82), (0.45, 0.55), (0.05, 0.63), (0.05, 0.55),
              (0.45, 0.4)])(c, x, y, s)


def _sword(c: Canvas, x: float, y: float, s: float) -> None:
    _polygon([(0.46, 0.3), (0.46, 0.85), (0.5, 0.95), (0.54, 0.85), (0.54, 0.3)])(c, x, y, s)
    c.rect(x + 0.28 * s, y + 0.24 * s, 0.44 * s, 0.07 * s, stroke=0, fill=1)
    c.rect(x + 0.46 * s, y + 0.04 * s, 0.08 * s, 0.2 * s, stroke=0, fill=1)


ICONS: dict[str, IconDraw] = {
    "tank": _tank,
    "armour": _tank,
    "armor": _tank,
    "infantry": _infantry,
    "cavalry": _cavalry,
    "recon": _cavalry,
    "artillery": _artillery,
    "air": _air,
    "plane": _air,
    "sword": _sword,
    "star": _polygon(_star_points()),
    "hex": _polygon(_hex_points()),
    "triangle": _polygon([(0.5, 0.92), (0.95, 0.1), (0.05, 0.1)]),
    "diamond": _polygon([(0.5, 0.95), (0.92, 0.5), (0.5, 0.05), (0.08, 0.5)]),
    "arrow": _polygon([(0.05, 0.4), (0.6, 0.4), (0.6, 0.2), (0.95, 0.5), (0.6, 0.8), (0.6, 0.6),
                       (0.05, 0.6)]),
    "circle": _circle,
    "square": _square,
}


def draw_builtin(c: Canvas, name: str, x: float, y: float, size: float) -> bool:
    """Draw built-in icon `name` with its bottom-left at (x, y); False if unknown."""
    draw = ICONS.get(name)
    if draw is None:
        return False
    draw(c, x, y, size)
    return True

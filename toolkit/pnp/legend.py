"""Board colours, feature symbols and the legend that explains them.

Symbols are drawn in vector form with the canvas already placed so that the
symbol's centre is at (x, y) in *page* orientation (y up); `size` is the symbol's
overall size in points. The board drawing and the legend use the same functions,
so the legend always shows exactly what is on the board.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from typing import Any, Callable

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from toolkit.pnp.units import MM

NAMED_SIDE_COLOURS = {
    "red": "#c8322d", "green": "#2e8b3e", "blue": "#2f5fb3", "yellow": "#d9b300",
    "black": "#222222", "white": "#f4f4f4", "grey": "#808080", "gray": "#808080",
    "orange": "#e07b1a", "purple": "#7a3fa0", "brown": "#7b4a26", "axis": "#555555",
    "allies": "#2f5fb3", "allied": "#2f5fb3", "soviet": "#c8322d", "german": "#555555",
}
PALETTE = ["#c8322d", "#2f5fb3", "#2e8b3e", "#d9b300", "#7a3fa0", "#e07b1a", "#0f8b8d", "#7b4a26"]
RIVER = colors.HexColor("#2b6cc4")
ROAD = colors.HexColor("#8a5a2b")
INK = colors.HexColor("#1a1a1a")
GOLD = colors.HexColor("#d4a017")
FONT = "Helvetica"
FONT_BOLD = "Helvetica-Bold"


def parse_colour(text: Any, fallback: str = "#dddddd") -> colors.Color:
    """A scenario colour ("#9cc46b", "#9cc", or a CSS name such as "tan")."""
    if isinstance(text, str):
        t = text.strip()
        try:
            if t.startswith("#"):
                if len(t) == 4:
                    t = "#" + "".join(ch * 2 for ch in t[1:])
                return colors.HexColor(t)
            named = getattr(colors, t.lower(), None)
            if isinstance(named, colors.Color):
                return named
        except (ValueError, TypeError):
            pass
    return colors.HexColor(fallback)


def terrain_colour(scenario: Any, name: str) -> colors.Color:
    """Terrain.colour if set; otherwise a stable pale colour made from the name."""
    terrain = scenario.terrains.get(name) if scenario is not None else None
    colour = terrain.colour if terrain is not None else None
    if colour:
        return parse_colour(colour)
    digest = hashlib.sha1(name.encode()).digest()
    r, g, b = (200 + digest[i] % 50 for i in range(3))
    return colors.Color(r / 255, g / 255, b / 255)


def side_colour(scenario: Any, side: str) -> colors.Color:
    """A side's colour: its name if it is a colour (Red), else a palette entry."""
    if side.lower() in NAMED_SIDE_COLOURS:
        return colors.HexColor(NAMED_SIDE_COLOURS[side.lower()])
    sides = list(getattr(scenario, "sides", ()) or ())
    index = sides.index(side) if side in sides else int(hashlib.sha1(side.encode()).hexdigest(), 16)
    return colors.HexColor(PALETTE[index % len(PALETTE)])


def zone_colour(scenario: Any, zone: Any, index: int) -> colors.Color:
    """A zone owned by a side (field `owner`/`side`, or a side's name in its own) takes its colour."""
    owner = zone.fields.get("owner") or zone.fields.get("side")
    if isinstance(owner, str):
        return side_colour(scenario, owner)
    colour = zone.fields.get("colour")
    if isinstance(colour, str):
        return parse_colour(colour)
    for side in getattr(scenario, "sides", ()) or ():
        if side.lower() in zone.name.lower().split("_"):
            return side_colour(scenario, side)
    return colors.HexColor(PALETTE[(index + 3) % len(PALETTE)])


# ------------------------------------------------------------------ symbols


def draw_city(c, x: float, y: float, size: float) -> None:
    h = size * 0.32
    c.setFillColor(INK)
    c.setStrokeColor(colors.white)
    c.setLineWidth(0.6)
    c.rect(x - h, y - h, 2 * h, 2 * h, stroke=1, fill=1)


def star_path(c, x: float, y: float, r: float):
    p = c.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        a = math.radians(90 + 36 * i)
        px, py = x + radius * math.cos(a), y + radius * math.sin(a)
        if i == 0:
            p.moveTo(px, py)
        else:
            p.lineTo(px, py)
    p.close()
    return p


def draw_capital(c, x: float, y: float, size: float) -> None:
    c.setFillColor(GOLD)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.drawPath(star_path(c, x, y, size * 0.5), stroke=1, fill=1)


def draw_port(c, x: float, y: float, size: float) -> None:
    """An anchor: ring, shank, stock and arms."""
    r = size * 0.5
    c.setStrokeColor(colors.HexColor("#103a6b"))
    c.setLineWidth(max(0.6, size * 0.08))
    c.setLineCap(1)
    c.circle(x, y + r * 0.78, r * 0.16, stroke=1, fill=0)
    c.line(x, y + r * 0.62, x, y - r * 0.8)
    c.line(x - r * 0.4, y + r * 0.35, x + r * 0.4, y + r * 0.35)
    p = c.beginPath()
    p.arc(x - r * 0.7, y - r * 1.5, x + r * 0.7, y - r * 0.1, 200, 140)
    c.drawPath(p, stroke=1, fill=0)
    c.setLineCap(0)


def draw_victory(c, x: float, y: float, size: float) -> None:
    c.setStrokeColor(GOLD)
    c.setLineWidth(max(1.0, size * 0.1))
    c.circle(x, y, size * 0.5, stroke=1, fill=0)


def draw_river_sample(c, x: float, y: float, size: float) -> None:
    c.setStrokeColor(RIVER)
    c.setLineWidth(3)
    c.setLineCap(1)
    c.line(x - size / 2, y, x + size / 2, y)
    c.setLineCap(0)


def draw_road_sample(c, x: float, y: float, size: float) -> None:
    c.setStrokeColor(ROAD)
    c.setLineWidth(2.2)
    c.setDash(4, 2)
    c.line(x - size / 2, y, x + size / 2, y)
    c.setDash()


def draw_crossing_sample(c, x: float, y: float, size: float) -> None:
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.line(x - size / 2, y, x + size / 2, y)
    draw_crossing_bar(c, x - size / 2, y, x + size / 2, y, size * 0.5)


def draw_crossing_bar(c, x0: float, y0: float, x1: float, y1: float, length: float) -> None:
    """A river crossing a link: a blue bar across the link's middle."""
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / d, (x1 - x0) / d
    c.setStrokeColor(RIVER)
    c.setLineWidth(3)
    c.setLineCap(1)
    c.line(mx - nx * length / 2, my - ny * length / 2, mx + nx * length / 2, my + ny * length / 2)
    c.setLineCap(0)


def draw_air_base(c, x: float, y: float, size: float) -> None:
    """A plane (the built-in `air` icon) on a pale disc."""
    from toolkit.pnp.icons import draw_builtin
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.circle(x, y, size * 0.5, stroke=1, fill=1)
    c.setFillColor(colors.HexColor("#2c5d8f"))
    draw_builtin(c, "air", x - size * 0.38, y - size * 0.38, size * 0.76)


def draw_industry(c, x: float, y: float, size: float) -> None:
    """A factory: saw-tooth roof and a chimney, on a pale disc."""
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.circle(x, y, size * 0.5, stroke=1, fill=1)
    u = size * 0.5
    p = c.beginPath()
    p.moveTo(x - u * 0.7, y - u * 0.45)
    p.lineTo(x + u * 0.7, y - u * 0.45)
    p.lineTo(x + u * 0.7, y + u * 0.55)
    p.lineTo(x + u * 0.5, y + u * 0.55)
    p.lineTo(x + u * 0.5, y + u * 0.1)
    for k in range(3):  # three roof teeth, right to left
        x0 = x + u * (0.5 - 0.4 * k)
        p.lineTo(x0 - u * 0.4, y + u * 0.3)
        p.lineTo(x0 - u * 0.4, y + u * 0.1)
    p.close()
    c.setFillColor(colors.HexColor("#a8322b"))
    c.drawPath(p, stroke=0, fill=1)


def draw_op_site(c, x: float, y: float, size: float) -> None:
    """A purple diamond marked OP: a square that scores while held."""
    r = size * 0.5
    p = c.beginPath()
    p.moveTo(x, y + r)
    p.lineTo(x + r, y)
    p.lineTo(x, y - r)
    p.lineTo(x - r, y)
    p.close()
    c.setFillColor(colors.HexColor("#7b3f9e"))
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(colors.white)
    c.setFont("Helvetica-Bold", max(6.0, size * 0.3))  # never under 6 pt in print
    c.drawCentredString(x, y - size * 0.1, "OP")


SYMBOLS: dict[str, tuple[str, Callable]] = {
    "city": ("City", draw_city),
    "capital": ("Capital", draw_capital),
    "port": ("Port", draw_port),
    "victory": ("Victory space", draw_victory),
    "air_base": ("Air base", draw_air_base),
    "industry": ("Industry", draw_industry),
    "op_site": ("OP square", draw_op_site),
}
LINK_SYMBOLS: dict[str, tuple[str, Callable]] = {
    "river": ("River", draw_river_sample),
    "crosses_river": ("Link crosses a river", draw_crossing_sample),
    "road": ("Road", draw_road_sample),
}


# ------------------------------------------------------------------- legend


@dataclass
class LegendItem:
    label: str
    draw: Callable  # draw(c, x, y, size): the sample, centred on (x, y)


@dataclass
class Legend:
    title: str
    items: list[LegendItem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    ROW = 5 * MM
    SAMPLE = 4 * MM
    FONT_SIZE = 7.5

    def _widths(self, cols: int) -> list[float]:
        """Each column as wide as its own widest entry (items fill rows left to right)."""
        out = [0.0] * cols
        for i, item in enumerate(self.items):
            w = self.SAMPLE + 2 * MM + stringWidth(item.label, FONT, self.FONT_SIZE) + 4 * MM
            out[i % cols] = max(out[i % cols], w)
        return out

    def columns(self, width: float) -> int:
        """As many columns as fit, each sized to its own entries."""
        for cols in range(len(self.items), 1, -1):
            if sum(self._widths(cols)) <= width:
                return cols
        return 1

    def height(self, width: float) -> float:
        rows = math.ceil(len(self.items) / self.columns(width)) if self.items else 0
        return 5.5 * MM + rows * self.ROW + len(self.notes) * 3.6 * MM + 1 * MM

    def draw(self, c, x: float, top: float, width: float) -> float:
        """Draw with the top-left corner at (x, top), page coordinates; returns the height used."""
        c.saveState()
        c.setFillColor(INK)
        c.setFont(FONT_BOLD, 9)
        c.drawString(x, top - 3.5 * MM, self.title)
        cols = self.columns(width)
        widths = self._widths(cols) if self.items else [width]
        spare = (width - sum(widths)) / cols if sum(widths) < width else 0.0
        lefts = [x + sum(widths[:k]) + k * spare for k in range(cols)]
        y0 = top - 5.5 * MM
        for i, item in enumerate(self.items):
            r, k = divmod(i, cols)
            cx = lefts[k] + self.SAMPLE / 2
            cy = y0 - r * self.ROW - self.ROW / 2
            c.saveState()
            item.draw(c, cx, cy, self.SAMPLE)
            c.restoreState()
            c.setFillColor(INK)
            c.setFont(FONT, self.FONT_SIZE)
            c.drawString(cx + self.SAMPLE / 2 + 2 * MM, cy - self.FONT_SIZE * 0.35, item.label)
        rows = math.ceil(len(self.items) / cols) if self.items else 0
        y = y0 - rows * self.ROW
        c.setFont(FONT, 7.5)
        c.setFillColor(INK)
        for note in self.notes:
            y -= 3.6 * MM
            c.drawString(x, y + 1 * MM, note)
        c.restoreState()
        return self.height(width)


def swatch(colour: colors.Color, hatch: bool = False) -> Callable:
    def draw(c, x: float, y: float, size: float) -> None:
        c.setFillColor(colour)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        c.rect(x - size / 2, y - size / 2, size, size, stroke=1, fill=1)
        if hatch:
            draw_hatch_box(c, x - size / 2, y - size / 2, size, size)
    return draw


def draw_hatch_box(c, x: float, y: float, w: float, h: float) -> None:
    c.saveState()
    p = c.beginPath()
    p.rect(x, y, w, h)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColor(colors.Color(0, 0, 0, alpha=0.35))
    c.setLineWidth(0.5)
    step = 2 * MM
    k = -h
    while k < w:
        c.line(x + k, y, x + k + h, y + h)
        k += step
    c.restoreState()


def outline_sample(colour: colors.Color, width: float = 1.8, dash: tuple = ()) -> Callable:
    def draw(c, x: float, y: float, size: float) -> None:
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        if dash:
            c.setDash(*dash)
        c.rect(x - size / 2, y - size / 2, size, size, stroke=1, fill=0)
        c.setDash()
    return draw

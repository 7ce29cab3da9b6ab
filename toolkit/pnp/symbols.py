"""Map symbols: the shapes the press can draw on a space, and which space flag gets which.

The press knows shapes, not games. A shape is drawn centred on (x, y) in page
orientation (y up), `size` points across, in an optional colour with an optional
short text inside. The board drawing and the legend call the same function, so
the legend always shows exactly what is on the board.

Which flag gets which shape:
  - the space flags of the language (docs/language.md) have defaults:
    `capital` a gold star, `city` a dark square, `port` an anchor, `victory` a ring;
  - any other flag is drawn only when the scenario says how, in its press block:

        press {
          symbols {
            air_base { shape plane; label "Air base"; badge }
            op_site  { shape diamond; label "OP square"; colour "#7b3f9e"; text "OP" }
          }
        }

    `shape` (one of SHAPES), `label` (the legend's words; default the flag in
    words), `colour`, `text` (two or three letters inside the shape), `badge`
    (drawn small at the upper right of the space's main symbol instead of in
    the middle). A scenario entry for a language flag replaces its default.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors

from toolkit.pnp.colours import GOLD, INK, RIVER, ROAD, as_color
from toolkit.pnp.fonts import FontBook
from toolkit.pnp.units import MM

Shape = Callable[..., None]  # shape(c, x, y, size, colour=None, text="")


def _font_bold() -> str:
    return FontBook().resolve("sans-bold")


def draw_square(c, x: float, y: float, size: float, colour=None, text: str = "") -> None:
    h = size * 0.32
    c.setFillColor(colour or INK)
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


def draw_star(c, x: float, y: float, size: float, colour=None, text: str = "") -> None:
    c.setFillColor(colour or GOLD)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.drawPath(star_path(c, x, y, size * 0.5), stroke=1, fill=1)


def draw_anchor(c, x: float, y: float, size: float, colour=None, text: str = "") -> None:
    """Ring, shank, stock and arms."""
    r = size * 0.5
    c.setStrokeColor(colour or colors.HexColor("#103a6b"))
    c.setLineWidth(max(0.6, size * 0.08))
    c.setLineCap(1)
    c.circle(x, y + r * 0.78, r * 0.16, stroke=1, fill=0)
    c.line(x, y + r * 0.62, x, y - r * 0.8)
    c.line(x - r * 0.4, y + r * 0.35, x + r * 0.4, y + r * 0.35)
    p = c.beginPath()
    p.arc(x - r * 0.7, y - r * 1.5, x + r * 0.7, y - r * 0.1, 200, 140)
    c.drawPath(p, stroke=1, fill=0)
    c.setLineCap(0)


def draw_ring(c, x: float, y: float, size: float, colour=None, text: str = "") -> None:
    c.setStrokeColor(colour or GOLD)
    c.setLineWidth(max(1.0, size * 0.1))
    c.circle(x, y, size * 0.5, stroke=1, fill=0)


def draw_plane(c, x: float, y: float, size: float, colour=None, text: str = "") -> None:
    """A plane (the built-in `air` icon) on a pale disc."""
    from toolkit.pnp.icons import draw_builtin
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.circle(x, y, size * 0.5, stroke=1, fill=1)
    c.setFillColor(colour or colors.HexColor("#2c5d8f"))
    draw_builtin(c, "air", x - size * 0.38, y - size * 0.38, size * 0.76)


def draw_factory(c, x: float, y: float, size: float, colour=None, text: str = "") -> None:
    """Saw-tooth roof and a chimney, on a pale disc."""
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
    c.setFillColor(colour or colors.HexColor("#a8322b"))
    c.drawPath(p, stroke=0, fill=1)


def draw_diamond(c, x: float, y: float, size: float, colour=None, text: str = "") -> None:
    """A diamond, with a short text inside when given."""
    r = size * 0.5
    p = c.beginPath()
    p.moveTo(x, y + r)
    p.lineTo(x + r, y)
    p.lineTo(x, y - r)
    p.lineTo(x - r, y)
    p.close()
    c.setFillColor(colour or INK)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.drawPath(p, stroke=1, fill=1)
    if text:
        c.setFillColor(colors.white)
        c.setFont(_font_bold(), max(6.0, size * 0.3))
        c.drawCentredString(x, y - size * 0.1, text)


SHAPES: dict[str, Shape] = {
    "square": draw_square, "star": draw_star, "anchor": draw_anchor, "ring": draw_ring,
    "plane": draw_plane, "factory": draw_factory, "diamond": draw_diamond,
}


@dataclass(frozen=True)
class Symbol:
    """How one space flag is drawn: a shape, its legend label, where on the space."""

    flag: str
    label: str
    shape: str
    colour: str | None = None
    text: str = ""
    place: str = "centre"  # centre | badge | around
    replaces: tuple[str, ...] = ()  # flags not drawn when this one is (a capital is also a city)

    def draw(self, c, x: float, y: float, size: float) -> None:
        SHAPES[self.shape](c, x, y, size, as_color(self.colour) if self.colour else None, self.text)


# the space flags the language itself names (docs/language.md, "Named spaces")
LANGUAGE_FLAGS: tuple[Symbol, ...] = (
    Symbol("victory", "Victory space", "ring", place="around"),
    Symbol("capital", "Capital", "star", replaces=("city",)),
    Symbol("city", "City", "square"),
    Symbol("port", "Port", "anchor"),
)


def space_symbols(scenario: Any) -> dict[str, Symbol]:
    """flag -> Symbol for this scenario: the language's defaults, then its press block."""
    out = {s.flag: s for s in LANGUAGE_FLAGS}
    press = scenario.fields.get("press") if scenario is not None else None
    block = press.get("symbols") if hasattr(press, "get") else None
    if not hasattr(block, "entries"):
        return out
    for entry in block.entries:
        spec = entry.value
        if not hasattr(spec, "get"):
            continue
        shape = str(spec.get("shape", "diamond"))
        if shape not in SHAPES:
            shape = "diamond"  # press checks report the unknown shape with its position
        out[entry.name] = Symbol(
            entry.name, str(spec.get("label", entry.name.replace("_", " ").capitalize())), shape,
            str(spec["colour"]) if spec.get("colour") else None, str(spec.get("text", "")),
            "badge" if spec.get("badge") is True else "centre")
    return out


def draw_space_symbols(c, symbols: dict[str, Symbol], tags: Any, x: float, y: float,
                       size: float) -> None:
    """The symbols of a space's flags, centred on (x, y) in canvas orientation.

    A ring goes around; the first centre symbol in the middle, further ones
    small at the lower right; badges small at the upper right.
    """
    present = [s for f, s in symbols.items() if f in tags]
    hidden = {r for s in present for r in s.replaces}
    present = [s for s in present if s.flag not in hidden]
    for s in present:
        if s.place == "around":
            s.draw(c, x, y, size * 2.2)
    centre = [s for s in present if s.place == "centre"]
    for k, s in enumerate(centre):
        if k == 0:
            s.draw(c, x, y, size * (1.1 if s.shape == "diamond" else 1.0))
        else:
            s.draw(c, x + size * 0.95 * k, y - size * 0.55, size * 0.8)
    for k, s in enumerate(s for s in present if s.place == "badge"):
        s.draw(c, x + size * (1.05 + 0.95 * k), y + size * 0.6, size * 0.85)


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


# ---------------------------------------------------------------- link samples


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


LINK_SYMBOLS: dict[str, tuple[str, Callable]] = {
    "river": ("River", draw_river_sample),
    "crosses_river": ("Link crosses a river", draw_crossing_sample),
    "road": ("Road", draw_road_sample),
}

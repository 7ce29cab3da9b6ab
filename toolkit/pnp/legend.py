"""The legend that explains a board: terrain swatches, symbols, owners, links, zones.

`board_legend(art)` lists what the board shows, with samples drawn by the same
functions as the board itself (toolkit.pnp.symbols, toolkit.pnp.colours), so the
legend always shows exactly what is on the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from toolkit.pnp.colours import INK, as_color, side_colour, terrain_colour, zone_colour
from toolkit.pnp.fonts import embedded
from toolkit.pnp.hexes import board_length
from toolkit.pnp.spaces import printed_zones, river_borders, zone_title
from toolkit.pnp.symbols import LINK_SYMBOLS, draw_hatch_box, space_symbols
from toolkit.pnp.units import MM



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
            w = self.SAMPLE + 2 * MM + stringWidth(item.label, embedded("sans"), self.FONT_SIZE) + 4 * MM
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
        c.setFont(embedded("sans-bold"), 9)
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
            c.setFont(embedded("sans"), self.FONT_SIZE)
            c.drawString(cx + self.SAMPLE / 2 + 2 * MM, cy - self.FONT_SIZE * 0.35, item.label)
        rows = math.ceil(len(self.items) / cols) if self.items else 0
        y = y0 - rows * self.ROW
        c.setFont(embedded("sans"), 7.5)
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


def outline_sample(colour: colors.Color, width: float = 1.8, dash: tuple = ()) -> Callable:
    def draw(c, x: float, y: float, size: float) -> None:
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        if dash:
            c.setDash(*dash)
        c.rect(x - size / 2, y - size / 2, size, size, stroke=1, fill=0)
        c.setDash()
    return draw


# ------------------------------------------------------------- board legend


def board_legend(art: Any, scale: float = 1.0) -> Legend:
    board, scenario = art.board, art.scenario
    legend = Legend(f"Legend: {board.fields.get('title') or board.name.replace('_', ' ')}")
    seen: list[str] = []
    for sp in board.spaces:
        if sp.terrain not in seen:
            seen.append(sp.terrain)
    for name in seen:
        terrain = scenario.terrains.get(name) if scenario is not None else None
        notes = []
        if terrain is not None:
            if terrain.impassable:
                notes.append("impassable")
            for key in ("height", "defence", "move_bonus", "capacity"):
                if key in terrain.fields and not isinstance(terrain.fields[key], bool):
                    notes.append(f"{key.replace('_', ' ')} {terrain.fields[key]}")
        label = name.replace("_", " ") + (f" ({', '.join(notes)})" if notes else "")
        legend.items.append(LegendItem(label, swatch(terrain_colour(scenario, name),
                                                     bool(terrain and terrain.impassable))))
    tags = set().union(*(sp.tags for sp in board.spaces)) if board.spaces else set()
    for flag, symbol in space_symbols(scenario).items():
        if flag in tags:
            legend.items.append(LegendItem(symbol.label, symbol.draw))
    owners = []
    for sp in board.spaces:
        if isinstance(sp.owner, str) and sp.owner not in owners:
            owners.append(sp.owner)
    for owner in owners:
        legend.items.append(LegendItem(f"Owned by {owner}", outline_sample(as_color(side_colour(scenario, owner)))))
    link_tags = set().union(*(l.tags for l in board.links)) if board.links else set()
    if river_borders(board):
        link_tags = link_tags | {"river"}
    for key, (label, draw) in LINK_SYMBOLS.items():
        if key in link_tags:
            if key == "river" and board.kind != "map":
                label = "River (along the edge)"
            legend.items.append(LegendItem(label, draw))
    for i, zone in printed_zones(board):
        legend.items.append(LegendItem(zone_title(zone) if zone.fields.get("title") else f"Zone {zone_title(zone)}",
                                       outline_sample(zone_colour(scenario, zone, i), 2.0, (4, 2))))
    legend.notes.append(scale_note(art))
    if scale < 0.9999:
        legend.notes.append(f"Printed at {scale * 100:.0f}% to fit one page: not to scale.")
    return legend


def scale_note(art: Any) -> str:
    geo = art.geo
    mm = geo.size / MM
    if geo.kind == "grid":
        return f"Scale: one square is {mm:g} mm a side. Space ids are printed in each space."
    if geo.kind == "hex":
        return (f"Scale: one hex is {mm:g} mm across the flats ({geo.orientation}-topped, "
                f"{geo.offset} {'columns' if geo.orientation == 'flat' else 'rows'} shifted).")
    unit = board_length(art.board, "map_scale", 1 * MM) / MM
    return f"Scale: one map unit is {unit:g} mm; nodes are {mm:g} mm across."

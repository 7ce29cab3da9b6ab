"""Colours of a printed kit, decided once: sides, terrain, zones and the inks.

A side's colour is read from the scenario in one place, `side_colour`, and every
component (boards, counters, cards, legends, sheets) asks it, so a side looks the
same on every piece of paper. First rule that applies:

  1. `colour` in the side's setup (`setup South { colour "#2c5d8f" }`);
  2. the scenario field `side_colours [..]` (in `sides` order), also accepted
     inside the `press { … }` block;
  3. the side's name when it is a colour word (Red, Green, Blue, …);
  4. `PALETTE` by the side's position in `sides`, skipping the palette colours
     that rules 1-3 already gave to another side.

Colours are returned as "#rrggbb" strings (what templates and layouts see);
`as_color` turns one into a ReportLab colour for drawing.
"""

from __future__ import annotations

import hashlib
from typing import Any

from reportlab.lib import colors

# side colours: dark enough for white text on a counter
NAMED = {"red": "#a8322b", "green": "#3f7a3a", "blue": "#2c5d8f", "yellow": "#d2a526",
         "black": "#2b2b2b", "white": "#e8e4da", "grey": "#6e6e6e", "gray": "#6e6e6e",
         "orange": "#d0712a", "purple": "#6a3d8f", "brown": "#7a5230", "tan": "#c7a97a"}
PALETTE = ("#a8322b", "#2c5d8f", "#3f7a3a", "#c8932a", "#6a3d8f", "#0f7b7d", "#7a5230", "#555555")
NEUTRAL = "#7b7b7b"  # pieces of no side
ZONE_PALETTE = ("#d9b300", "#7a3fa0", "#e07b1a", "#0f8b8d", "#7b4a26", "#c8322d", "#2f5fb3")

RIVER = colors.HexColor("#2b6cc4")
ROAD = colors.HexColor("#8a5a2b")
INK = colors.HexColor("#1a1a1a")
GOLD = colors.HexColor("#d4a017")


def as_color(text: Any, fallback: str = "#dddddd") -> colors.Color:
    """A scenario colour ("#9cc46b", "#9cc", or a CSS name such as "tan") for drawing."""
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


def _press_field(scenario: Any, key: str) -> Any:
    value = scenario.fields.get(key)
    if value is None:
        press = scenario.fields.get("press")
        value = press.get(key) if hasattr(press, "get") else None
    return value


def _chosen(scenario: Any, side: str) -> str | None:
    """Rules 1-3: the colour the scenario (or the side's name) gives a side, if any."""
    setup = scenario.setups.get(side) if hasattr(scenario, "setups") else None
    if setup is not None and setup.fields.get("colour"):
        return str(setup.fields["colour"])
    listed = _press_field(scenario, "side_colours")
    sides = list(getattr(scenario, "sides", ()) or ())
    if isinstance(listed, tuple) and side in sides and sides.index(side) < len(listed):
        return str(listed[sides.index(side)])
    return NAMED.get(side.lower())


def side_colours(scenario: Any) -> dict[str, str]:
    """Every side's colour, in `sides` order."""
    sides = list(getattr(scenario, "sides", ()) or ())
    chosen = {s: _chosen(scenario, s) for s in sides}
    taken = {c.lower() for c in chosen.values() if c}
    free = [p for p in PALETTE if p.lower() not in taken] or list(PALETTE)
    out, k = {}, 0
    for s in sides:
        if chosen[s]:
            out[s] = chosen[s]
        else:
            out[s] = free[k % len(free)]
            k += 1
    return out


def side_colour(scenario: Any, side: str | None) -> str:
    """One side's colour ("#rrggbb"); NEUTRAL for no side."""
    if not side:
        return NEUTRAL
    known = side_colours(scenario)
    if side in known:
        return known[side]
    chosen = _chosen(scenario, side)
    if chosen:
        return chosen
    return PALETTE[int(hashlib.sha1(side.encode()).hexdigest(), 16) % len(PALETTE)]


def mix_white(hex_colour: str, amount: float) -> str:
    """A colour mixed with white (amount 0..1): the pale back of a counter."""
    c = as_color(hex_colour)
    r, g, b = (v + (1 - v) * amount for v in (c.red, c.green, c.blue))
    return "#%02x%02x%02x" % (round(r * 255), round(g * 255), round(b * 255))


def terrain_colour(scenario: Any, name: str) -> colors.Color:
    """Terrain.colour if set; otherwise a stable pale colour made from the name."""
    terrain = scenario.terrains.get(name) if scenario is not None else None
    colour = terrain.colour if terrain is not None else None
    if colour:
        return as_color(colour)
    digest = hashlib.sha1(name.encode()).digest()
    r, g, b = (200 + digest[i] % 50 for i in range(3))
    return colors.Color(r / 255, g / 255, b / 255)


def zone_colour(scenario: Any, zone: Any, index: int) -> colors.Color:
    """A zone owned by a side (field `owner`/`side`, or a side's name in its own) takes its colour."""
    owner = zone.fields.get("owner") or zone.fields.get("side")
    if isinstance(owner, str):
        return as_color(side_colour(scenario, owner))
    colour = zone.fields.get("colour")
    if isinstance(colour, str):
        return as_color(colour)
    for side in getattr(scenario, "sides", ()) or ():
        if side.lower() in zone.name.lower().split("_"):
            return as_color(side_colour(scenario, side))
    return colors.HexColor(ZONE_PALETTE[index % len(ZONE_PALETTE)])


def to_cmyk(value: Any) -> colors.CMYKColor:
    """Any colour as CMYK, for `--cmyk` (ReportLab's plain conversion: no ICC profile;
    a print shop's own profile does the colour management)."""
    c = colors.toColor(value)
    if isinstance(c, colors.CMYKColor):
        return c
    return colors.CMYKColor(*colors.rgb2cmyk(c.red, c.green, c.blue), alpha=c.alpha)


def colour_space(options: Any) -> Any:
    """The canvas's `enforceColorSpace` for a press run: CMYK with --cmyk, else as drawn."""
    return to_cmyk if getattr(options, "cmyk", False) else None

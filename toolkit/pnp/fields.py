"""The fields of a layout element: one table that the checks, the defaults and the renderer read.

Each row says which element kinds take the field, what kind of value it holds and
its default. `toolkit.pnp.checks` warns about a field no row allows for that kind
and refuses a value of the wrong kind; `toolkit.pnp.render` reads every default
from here (`default(name)`); docs/press.md lists the same fields (a test keeps
them in step). The language's own schema of fields (dsl) can be pointed at
`ELEMENT_FIELDS` when the two are unified.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TEXT_KINDS = frozenset({"text", "box"})
SHAPE_KINDS = frozenset({"rect", "ellipse"})
ALL_KINDS = frozenset({"text", "box", "image", "rect", "ellipse", "line", "icon"})


@dataclass(frozen=True)
class FieldSpec:
    """One element field: its name, the kinds that take it, its value kind, its default."""

    name: str
    kinds: frozenset[str]
    value: str  # length | colour | number | flag | choice | name | template | angle
    default: Any = None
    choices: tuple[str, ...] = ()
    doc: str = ""


ELEMENT_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("font", TEXT_KINDS, "name", "sans", doc="a built-in or declared font"),
    FieldSpec("font_size", TEXT_KINDS, "number", 9.0, doc="points"),
    FieldSpec("shrink", TEXT_KINDS, "flag", False, doc="lower the size until the text fits"),
    FieldSpec("min_font_size", TEXT_KINDS, "number", 6.0, doc="the smallest size shrink may reach"),
    FieldSpec("align", TEXT_KINDS, "choice", "left", ("left", "center", "right")),
    FieldSpec("valign", TEXT_KINDS, "choice", "top", ("top", "middle", "bottom")),
    FieldSpec("leading", TEXT_KINDS, "number", 1.2, doc="line height as a multiple of the size"),
    FieldSpec("padding", TEXT_KINDS, "length", 0.0),
    FieldSpec("colour", TEXT_KINDS | {"icon"}, "colour", "black"),
    FieldSpec("color", TEXT_KINDS | {"icon"}, "colour", None, doc="the same as colour"),
    FieldSpec("fill", TEXT_KINDS | SHAPE_KINDS | {"icon"}, "colour", None),
    FieldSpec("stroke", TEXT_KINDS | SHAPE_KINDS | {"line"}, "colour", None),
    FieldSpec("stroke_width", TEXT_KINDS | SHAPE_KINDS | {"line"}, "length", None),
    FieldSpec("radius", frozenset({"rect"}), "length", 0.0),
    FieldSpec("bleed", frozenset({"rect"}), "flag", True, doc="a filled rect at a trim edge runs into the bleed"),
    FieldSpec("dash", frozenset({"line"}), "length", None),
    FieldSpec("src", frozenset({"image", "icon"}), "name", None, doc="an image asset"),
    FieldSpec("fit", frozenset({"image"}), "choice", "contain", ("contain", "stretch")),
    FieldSpec("name", frozenset({"icon"}), "name", None, doc="a built-in icon or an image asset"),
    FieldSpec("when", ALL_KINDS, "template", None, doc="drawn only when true"),
    FieldSpec("rotate", ALL_KINDS, "angle", 0, ("0", "90", "180", "270")),
)

BY_NAME: dict[str, FieldSpec] = {f.name: f for f in ELEMENT_FIELDS}


def known_fields(kind: str) -> set[str]:
    """The field names an element of `kind` takes."""
    return {f.name for f in ELEMENT_FIELDS if kind in f.kinds}


def default(name: str) -> Any:
    """The default of an element field (what the renderer uses when a layout omits it)."""
    return BY_NAME[name].default


# Fields of decks and piece types that tell the press how to print them. They mean
# nothing to a player, so reference sheets leave them out.
PRESS_DECK_FIELDS = frozenset({"layout", "back", "each_side"})
PRESS_PIECE_FIELDS = frozenset({
    "front_layout", "back_layout", "counter_size", "counters", "per_side", "count",
    "letter", "icon", "hidden", "colour", "color", "marker", "front_as", "optional",
})

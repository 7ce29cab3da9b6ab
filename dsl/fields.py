"""Typed fields: what each field of a layout, an element, a terrain or a zone holds.

One table per kind of block, field name → `FieldSpec` (type, default, doc).
`dsl.checks` reads these tables to refuse a wrong value at `check` time, the
press reads them too (`ELEMENT_FIELDS` is the only definition of a layout
element's fields: the renderer draws an omitted field with its default here,
`element_defaults`), and a ruleset passes its own table of piece fields
to `check_fields` so `strenght 2` or `moves one` is reported where it was
written, with a "did you mean".

    >>> from dsl.fields import ELEMENT_FIELDS, check_fields
    >>> ELEMENT_FIELDS["text"]["font_size"].default
    9.0

Types: length (`2mm`), number (`12`, `1.5`), whole (`3`), colour (`"#a8c686"`,
`"#abc"`, `tan`, `none`), font (a declared font or a built-in one), name (a
word, maybe one of `choices`), text (a string), flag (bare name, `true`,
`false`), list (one value or several, each of `item` type), range (`1-2`,
`2+` or one number), any. Layout and element fields may also hold a Jinja
template (`"{{ card.colour }}"`): the press fills it, so it is not typed here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from dsl.errors import Diagnostic, suggest
from dsl.model import Field, Fields, Length, Pos, Range, format_value

TYPES = ("length", "number", "whole", "colour", "font", "name", "text", "flag", "list", "range", "any")


@dataclass(frozen=True)
class FieldSpec:
    """What one field holds; `default` is what the reader uses when it is absent."""

    type: str
    default: Any = None
    doc: str = ""
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    item: str = "any"  # the type of each value of a list
    multiple_of: float | None = None
    clear_ok: bool = True  # a colour may be none/transparent (a fill or outline left out)

    def __post_init__(self) -> None:
        if self.type not in TYPES or self.item not in TYPES:
            raise ValueError(f"unknown field type {self.type!r}")


Schema = Mapping[str, FieldSpec]

# ------------------------------------------------------------------ colours

HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
NO_COLOUR = ("none", "transparent")


@lru_cache(maxsize=1)
def colour_names() -> frozenset[str]:
    """The named colours the press draws (ReportLab's list: the CSS names and a few more)."""
    from reportlab.lib import colors  # the press's own list, so check and print agree

    return frozenset(name.lower() for name in colors.getAllNamedColors()) | frozenset(NO_COLOUR)


def normalise_colour(text: str) -> str:
    """`"#abc"` → `"#aabbcc"`; names lower-cased. Raises ValueError on anything else."""
    s = text.strip()
    if HEX_COLOUR.fullmatch(s):
        return "#" + "".join(ch * 2 for ch in s[1:]).lower() if len(s) == 4 else s.lower()
    if s.lower() in colour_names():
        return s.lower()
    raise ValueError(colour_problem(s)[0])


def colour_problem(s: str) -> tuple[str, str]:
    """The message and hint for a text that is not a colour."""
    if s.startswith("#"):
        digits = s[1:]
        bad = next((ch for ch in digits if ch not in "0123456789abcdefABCDEF"), None)
        if bad is not None:
            return (f"'{s}' is not a colour: '{bad}' is not a hex digit",
                    "hex colours use 0-9 and a-f: \"#rgb\" or \"#rrggbb\"")
        return (f"'{s}' is not a colour: it has {len(digits)} hex digit{'s' if len(digits) != 1 else ''}",
                "write 3 or 6 hex digits: \"#rgb\" or \"#rrggbb\"")
    hint = suggest(s.lower(), colour_names())
    return f"unknown colour '{s}'", hint or "write \"#rrggbb\" or a colour name such as tan or navy"


# -------------------------------------------------------------------- fonts

# The fonts every press run has (toolkit.pnp.fonts registers them); a scenario
# declares others with `font NAME "file.ttf"`. Matched case-insensitively.
BUILTIN_FONTS = ("sans", "sans-bold", "sans-italic", "sans-bold-italic")
FONT_ALIASES = ("helvetica", "helvetica-bold", "helvetica-oblique", "helvetica-boldoblique", "vera", "verabd")

# ----------------------------------------------------------------- schemas

_COLOUR_DOC = "a colour: \"#rrggbb\", \"#rgb\", a colour name, or none"
COMMON_ELEMENT_FIELDS: dict[str, FieldSpec] = {
    "when": FieldSpec("text", None, "a Jinja expression; the element is drawn only when it is true"),
    "rotate": FieldSpec("number", 0, "degrees anticlockwise about the element's centre: 0, 90, 180 or 270",
                        multiple_of=90),
}
_STROKE = {
    "fill": FieldSpec("colour", None, "fill colour; " + _COLOUR_DOC),
    "stroke": FieldSpec("colour", None, "outline colour; " + _COLOUR_DOC),
    "stroke_width": FieldSpec("length", None, "outline width, e.g. 0.5pt"),
}
_TEXT = {
    "font": FieldSpec("font", "sans", "a built-in font (sans, sans-bold, sans-italic, sans-bold-italic) "
                                      "or one declared with `font NAME \"file.ttf\"`"),
    "font_size": FieldSpec("number", 9.0, "text size in points (a number: `font_size 12`)", minimum=0.5,
                           maximum=1000),
    "min_font_size": FieldSpec("number", 6.0, "with shrink: the smallest size in points", minimum=0.5,
                               maximum=1000),
    "shrink": FieldSpec("flag", False, "shrink the text until it fits its box"),
    "align": FieldSpec("name", "left", "horizontal alignment", choices=("left", "center", "right")),
    "valign": FieldSpec("name", "top", "vertical alignment", choices=("top", "middle", "bottom")),
    "colour": FieldSpec("colour", "black", "text colour: \"#rrggbb\", \"#rgb\" or a colour name", clear_ok=False),
    "leading": FieldSpec("number", 1.2, "line spacing as a multiple of the size", minimum=0.1, maximum=10),
    "padding": FieldSpec("length", Length(0, "mm"), "space kept free inside the box's edges"),
    **_STROKE,
}
ELEMENT_FIELDS: dict[str, dict[str, FieldSpec]] = {
    "text": _TEXT,
    "box": _TEXT,
    "image": {
        "src": FieldSpec("name", None, "an image declared with `image NAME \"file.png\"`"),
        "fit": FieldSpec("name", "contain", "how the image fills its box", choices=("contain", "stretch")),
    },
    "rect": {**_STROKE,
             "radius": FieldSpec("length", Length(0, "mm"), "corner radius"),
             "bleed": FieldSpec("flag", True, "a filled rect touching the trim runs on into the bleed")},
    "ellipse": dict(_STROKE),
    "line": {"stroke": _STROKE["stroke"], "stroke_width": _STROKE["stroke_width"],
             "dash": FieldSpec("length", None, "dash and gap length")},
    "icon": {"name": FieldSpec("name", None, "a built-in icon or a declared image"),
             "src": FieldSpec("name", None, "a declared image"),
             "fill": _STROKE["fill"],
             "colour": FieldSpec("colour", "black", "icon colour: \"#rrggbb\", \"#rgb\" or a colour name",
                                 clear_ok=False)},
}
for _kind in ELEMENT_FIELDS:
    ELEMENT_FIELDS[_kind] = {**ELEMENT_FIELDS[_kind], **COMMON_ELEMENT_FIELDS}

LAYOUT_FIELDS: dict[str, FieldSpec] = {
    "bleed": FieldSpec("length", None, "bleed drawn around the face (default: the press's)"),
    "background": FieldSpec("colour", None, "colour of the whole face, bleed included; " + _COLOUR_DOC),
    "back_from": FieldSpec("name", None, "a back layout: the card field whose value picks the back"),
}

# Terrain and zones are open: a ruleset may read fields of its own
# (`dug_in`, `landing`); the ones the language and the press know are typed.
TERRAIN_FIELDS: dict[str, FieldSpec] = {
    "colour": FieldSpec("colour", None, "map colour; " + _COLOUR_DOC),
    "height": FieldSpec("number", 0, "height for line of sight"),
    "defence": FieldSpec("number", 0, "defence bonus"),
    "move_bonus": FieldSpec("number", 0, "extra movement"),
    "capacity": FieldSpec("whole", None, "how many pieces fit", minimum=0),
    "impassable": FieldSpec("flag", False, "no piece may enter"),
    "tags": FieldSpec("list", (), "words a ruleset tests", item="name"),
}
ZONE_FIELDS: dict[str, FieldSpec] = {
    "owner": FieldSpec("name", None, "the side the zone belongs to"),
    "colour": FieldSpec("colour", None, "drawing colour when no owner gives one; " + _COLOUR_DOC),
    "print": FieldSpec("flag", True, "false: the zone is not drawn on the printed board"),
}

# Setup fields: a side's own colour; the rest (resources, hands) are the ruleset's.
SETUP_FIELDS: dict[str, FieldSpec] = {
    "colour": FieldSpec("colour", None, "the side's colour on counters and the board: \"#rrggbb\", \"#rgb\" "
                                        "or a colour name", clear_ok=False),
}

# Piece fields the press reads; a ruleset's own piece fields join these in
# `piece_schema`.
PIECE_PRESS_FIELDS: dict[str, FieldSpec] = {
    "front_layout": FieldSpec("name", None, "the layout of the counter's front"),
    "back_layout": FieldSpec("name", None, "the layout of the counter's back"),
    "counter_size": FieldSpec("length", None, "the counter's side"),
    "counters": FieldSpec("whole", None, "how many counters to print", minimum=0),
    "per_side": FieldSpec("whole", None, "counters to print for each side", minimum=0),
    "count": FieldSpec("whole", None, "counters to print with no side", minimum=0),
    "colour": FieldSpec("colour", None, "counter colour when no side gives one; " + _COLOUR_DOC),
    "title": FieldSpec("text", None, "the name printed on the counter"),
    "text": FieldSpec("text", None, "a note the reference sheet prints under the piece types' table"),
    "letter": FieldSpec("text", None, "the letter printed when there is no icon"),
    "icon": FieldSpec("name", None, "a built-in icon or a declared image"),
    "hidden": FieldSpec("flag", False, "the back hides what the piece is"),
    "back": FieldSpec("any", None, "what the counter's back shows"),
    "faces": FieldSpec("any", None, "the faces of a multi-step counter"),
    "marker": FieldSpec("flag", False, "a marker, not a unit"),
    "optional": FieldSpec("flag", False, "printed only with `frontkit build --optional` (chits standing in for cubes)"),
    "front_as": FieldSpec("name", None, "another piece type whose front this counter prints, exactly "
                                        "(a disguise)"),
}


def piece_schema(ruleset_fields: Schema) -> dict[str, FieldSpec]:
    """The fields a piece may have under a ruleset: the ruleset's, and those the press reads."""
    return {**PIECE_PRESS_FIELDS, **ruleset_fields}


def defaults(schema: Schema) -> dict[str, Any]:
    """Field name → default, for readers of a block."""
    return {name: spec.default for name, spec in schema.items()}


def element_defaults(kind: str) -> dict[str, Any]:
    """What an element of `kind` draws with when its layout leaves a field out
    (`element_defaults("text")["font_size"]` is 9.0). Raises KeyError for a kind
    the language does not have."""
    return defaults(ELEMENT_FIELDS[kind])


# ------------------------------------------------------------------ checking

_TEMPLATE = ("{{", "{%")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
LENGTH_TEXT = re.compile(r"\s*-?[0-9]+(\.[0-9]+)?(/[0-9]+(\.[0-9]+)?)?\s*(mm|cm|in|pt)\s*")  # "5/8in" too
_AMERICAN = {"color": "colour", "gray": "grey"}


def is_template(value: Any) -> bool:
    return isinstance(value, str) and any(t in value for t in _TEMPLATE)


def check_fields(fields: Fields, schema: Schema, what: str, *, closed: bool = True,
                 templates: bool = False, fonts: tuple[str, ...] = ()) -> list[Diagnostic]:
    """Every field of `fields` checked against `schema`; one diagnostic per mistake.

    `what` names the block in messages (`piece 'tank'`). `closed`: a field the
    schema does not name is an error (with the nearest name as a hint);
    otherwise only the fields it names are typed. `templates`: a string
    holding `{{`/`{%` is a Jinja template the reader fills later, so any
    field may hold one. `fonts` are the scenario's declared fonts.
    """
    out: list[Diagnostic] = []
    for f in fields.entries:
        spec = schema.get(f.name)
        if spec is None:
            if f.name in _AMERICAN and _AMERICAN[f.name] in schema:
                out.append(Diagnostic.at(f.pos, f"{what}: '{f.name}' is spelt '{_AMERICAN[f.name]}' in scenarios",
                                         f"write `{_AMERICAN[f.name]} …`: every reader looks for that one spelling"))
            elif closed:
                out.append(Diagnostic.at(f.pos, f"{what}: unknown field '{f.name}'",
                                         suggest(f.name, schema) or _known(schema)))
            continue
        out += check_value(f, spec, what, templates=templates, fonts=fonts)
    return out


def _known(schema: Schema) -> str | None:
    names = sorted(schema)
    return "the fields are: " + ", ".join(names) if names else None


def value_pos(f: Field, index: int = 0) -> Pos:
    """Where the `index`th value of a field was written (the field's name if unknown)."""
    positions = getattr(f, "value_pos", ())
    if index < len(positions) and positions[index] is not None:
        return positions[index]
    return f.pos


def check_value(f: Field, spec: FieldSpec, what: str, *, templates: bool = False,
                fonts: tuple[str, ...] = ()) -> list[Diagnostic]:
    """The field's value against its spec: [] or one diagnostic at the value."""
    label = f"{what}: {f.name}"
    values = f.value if isinstance(f.value, tuple) else (f.value,)
    if spec.type == "list":
        return [d for i, v in enumerate(values)
                for d in _check_one(v, spec, spec.item, label, value_pos(f, i), f.name, templates, fonts)][:1]
    if spec.type == "any":
        return []
    if len(values) > 1:
        return [Diagnostic.at(value_pos(f, 1), f"{label} takes one value, not {len(values)}")]
    return _check_one(f.value, spec, spec.type, label, value_pos(f, 0), f.name, templates, fonts)


def _describe(value: Any) -> str:
    if value is True:
        return "nothing (a bare flag)"
    if isinstance(value, Fields):
        return "a block"
    kind = ("a length" if isinstance(value, Length) else "a range" if isinstance(value, Range)
            else "a number" if isinstance(value, (int, float)) and not isinstance(value, bool)
            else "a list" if isinstance(value, tuple) else "")
    return f"{kind} {format_value(value)}".strip() if kind else format_value(value)


def _check_one(value: Any, spec: FieldSpec, kind: str, label: str, pos: Pos, name: str,
               templates: bool, fonts: tuple[str, ...]) -> list[Diagnostic]:
    """One value against the `kind` it should be: [] or one diagnostic at `pos`."""
    if templates and is_template(value):
        return []
    check = _KINDS.get(kind)
    problem = check(Value(value, spec, label, name, fonts)) if check is not None else None
    if problem is None:
        return []
    message, hint = problem if isinstance(problem, tuple) else (problem, None)
    return [Diagnostic.at(pos, message, hint)]


@dataclass(frozen=True)
class Value:
    """A value being checked, with what the message needs to say where it belongs."""

    value: Any
    spec: FieldSpec
    label: str  # `layout 'c': text at 1mm, 1mm: font_size`
    name: str  # the field's name
    fonts: tuple[str, ...]

    @property
    def number(self) -> bool:
        return isinstance(self.value, (int, float)) and not isinstance(self.value, bool)


Problem = str | tuple[str, str | None] | None  # a message, or a message and a hint


def _length(v: Value) -> Problem:
    value, label, name = v.value, v.label, v.name
    if isinstance(value, Length) or isinstance(value, str) and LENGTH_TEXT.fullmatch(value):
        return None
    if v.number:
        return (f"{label} takes a length, not the number {value}",
                f"add a unit: `{name} {value}mm` (lengths take mm, cm, in, pt)")
    return f"{label} takes a length, not {_describe(value)}", f"write `{name} 2mm` (mm, cm, in or pt)"


def _number(v: Value, whole: bool = False) -> Problem:
    value, spec, label, name = v.value, v.spec, v.label, v.name
    if isinstance(value, Length):
        unit = "points" if "size" in name else "a plain number"
        return (f"{label} takes a number, not the length {value}",
                f"write `{name} {_plain(round(value.points, 1) if 'size' in name else value.amount)}` "
                f"({unit}, no unit)")
    if not v.number:
        return f"{label} takes a {'whole ' if whole else ''}number, not {_describe(value)}", f"write `{name} 2`"
    if whole and not isinstance(value, int):
        return f"{label} takes a whole number, not {value}"
    if spec.minimum is not None and value < spec.minimum or spec.maximum is not None and value > spec.maximum:
        return f"{label} is {value}; it must be {_span(spec)}"
    if spec.multiple_of and value % spec.multiple_of:
        return (f"{label} is {value}; it must be a multiple of {_plain(spec.multiple_of)}",
                "write 0, 90, 180 or 270" if spec.multiple_of == 90 else None)
    return None


def _range(v: Value) -> Problem:
    if isinstance(v.value, Range) or (isinstance(v.value, int) and not isinstance(v.value, bool)):
        return None
    return f"{v.label} takes a range such as 1-2, 2+ or 3, not {_describe(v.value)}"


def _flag(v: Value) -> Problem:
    if isinstance(v.value, bool):
        return None
    return f"{v.label} is a flag: write `{v.name}` alone (or `{v.name} false`), not {_describe(v.value)}"


def _colour(v: Value) -> Problem:
    value, label, name = v.value, v.label, v.name
    if not isinstance(value, str) or value is True:
        return f"{label} takes a colour, not {_describe(value)}", "write \"#rrggbb\" or a colour name"
    try:
        normalised = normalise_colour(value)
    except ValueError:
        message, hint = colour_problem(value.strip())
        return f"{label}: {message}", hint
    if normalised in NO_COLOUR and not v.spec.clear_ok:
        return (f"{label} cannot be {normalised}: it would draw nothing",
                f"leave `{name}` out for black, or remove the element")
    return None


def _font(v: Value) -> Problem:
    value, label, fonts = v.value, v.label, v.fonts
    if not isinstance(value, str):
        return f"{label} takes a font name, not {_describe(value)}"
    if value.lower() in set(BUILTIN_FONTS) | set(FONT_ALIASES) or value in fonts:
        return None
    hint = suggest(value, set(BUILTIN_FONTS) | set(fonts))
    if hint is None or not hint.startswith("did you mean"):
        hint = f"declare it with `font {value} \"file.ttf\"`, or use {', '.join(BUILTIN_FONTS)}"
    return f"{label}: unknown font '{value}'", hint


def _name(v: Value) -> Problem:
    value, spec, label = v.value, v.spec, v.label
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        return f"{label} takes a name, not {_describe(value)}"
    if spec.choices and value not in spec.choices:
        return f"{label}: '{value}' is not one of {', '.join(spec.choices)}", suggest(value, spec.choices)
    return None


def _text(v: Value) -> Problem:
    if not isinstance(v.value, str):
        return f"{v.label} takes a quoted string, not {_describe(v.value)}"
    if v.name == "when":  # drawn as `{{ when }}`: what check passes, the press can evaluate
        problem = _expression_problem(v.value)
        if problem:
            return (f"{v.label} is not an expression the press can evaluate: {problem}",
                    'write a condition such as "card.cost > 2" or "side == \'North\'"')
    return None


_KINDS = {"length": _length, "number": _number, "whole": lambda v: _number(v, whole=True),
          "range": _range, "flag": _flag, "colour": _colour, "font": _font, "name": _name, "text": _text}


@lru_cache(maxsize=256)
def _expression_problem(text: str) -> str | None:
    """Why `text` is not a Jinja expression, or None (parsed only, never run)."""
    import jinja2

    try:
        jinja2.Environment().parse("{{ " + text + " }}")
    except jinja2.TemplateSyntaxError as exc:
        return exc.message or "it does not parse"
    return None


def _plain(x: float) -> str:
    return f"{x:g}" if not float(x).is_integer() else str(int(x))


def _span(spec: FieldSpec) -> str:
    if spec.minimum is not None and spec.maximum is not None:
        return f"from {_plain(spec.minimum)} to {_plain(spec.maximum)}"
    if spec.minimum is not None:
        return f"at least {_plain(spec.minimum)}"
    return f"at most {_plain(spec.maximum)}"

"""Counters: double-sided unit counters, blocks and chits, backs aligned to fronts.

How many of each piece type, per side (first rule that applies):
  1. `counters N` on the piece type: N per side that uses it, N unsided if no setup does;
  2. `per_side N`: N for every side;
  3. the setups: placements plus reserves of each side, plus pieces listed with a number
     in a block field of the setup (`packaging { aerial_port_squadron 1 }`);
  4. `count N`: N for the whole box, unsided (markers, chits).
A piece type no setup uses and with none of these fields is not printed.

Piece fields the press reads:
  counter_size   a Length (`15.875mm`, `0.625in`) or one of "1/2in", "5/8in",
                 "3/4in", "1in"; default: the scenario field `counter_size`, else 5/8 in
  front_layout   a layout for the front face (default: drawn from name, stats, colour)
  back_layout    a layout for the back face (default: the reduced/disrupted face)
  faces          [front_name, back_name], e.g. [active, disrupted]; `back NAME` also
                 names the back face; a one-word face list gives a blank-coloured back
  colour         the counter colour for unsided pieces (default grey)
  letter, icon   what the default face shows in the middle (icon: a built-in or image)
  hidden         the back shows only the side colour (blocks of a fog-of-war game)
  front_as       another piece type: the front is that piece's front, exactly (a
                 disguise marker that looks like another unit until it is revealed)
  optional       printed only with `frontkit build --optional` (chits standing in for
                 the cubes players usually use); the build notes what it left out

Side colours come from toolkit.pnp.colours (one rule for every component). Jinja context for counter layouts: `piece` (name, title,
every field), `side`, `side_colour`, `face` ("front"/"back"), `face_name`,
`stats`, `copy`, `scenario`; `card` is the same as `piece` so a card layout's
`{{ card.title }}` works on counters too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any


from dsl.fields import element_defaults
from dsl.model import Element, Field, Fields, Layout, Length
from toolkit.pnp import icons
from toolkit.pnp.cards import scenario_context
from toolkit.pnp.colours import mix_white, side_colour
from toolkit.pnp.counts import counter_counts
from toolkit.pnp.imposition import ImpositionError, Item, impose
from toolkit.pnp.pdfout import pages_drawn, pdf_canvas
from toolkit.pnp.press import effective
from toolkit.pnp.render import PressError, Record, Renderer, colour, fields_dict, reads_copy
from toolkit.pnp.report import ComponentReport
from toolkit.pnp.units import INCH, MM, PressOptions, to_points

COMMON_SIZES = {"1/2in": 0.5 * INCH, "5/8in": 0.625 * INCH, "3/4in": 0.75 * INCH, "1in": 1.0 * INCH}
DEFAULT_SIZE = COMMON_SIZES["5/8in"]
DEFAULT_BLEED = 1 * MM
MIN_TEXT = element_defaults("text")["min_font_size"]  # pt: nothing smaller is printed
COUNT_FIELDS = ("counters", "per_side", "count", "counter_size")  # not stats: how many to print


def counter_size(scenario: Any, piece: Any) -> float:
    """`counter_size` on the piece, else its front layout's width, else the scenario's, else 5/8 in."""
    value = piece.fields.get("counter_size")
    layout = scenario.layouts.get(str(piece.fields.get("front_layout", "")))
    if value is None and layout is not None:
        return to_points(layout.width)
    if value is None:
        value = scenario.fields.get("counter_size")
    if value is None:
        return DEFAULT_SIZE
    if isinstance(value, str) and value.replace(" ", "") in COMMON_SIZES:
        return COMMON_SIZES[value.replace(" ", "")]
    try:
        return to_points(value)
    except ValueError:
        raise PressError(f"piece {piece.name}: counter_size {value!r} is not a length "
                         f"(write 15.875mm, 0.625in or one of {', '.join(COMMON_SIZES)})") from None


def printed_counts(scenario: Any, options: PressOptions) -> list[tuple[str | None, Any, int]]:
    """`counter_counts` without the optional piece types, unless the run asks for them."""
    return [t for t in counter_counts(scenario)
            if options.optional or t[1].fields.get("optional") is not True]


def left_out(scenario: Any, options: PressOptions) -> str | None:
    """A note naming the optional counters this run does not print, if any."""
    skipped: dict[str, int] = {}
    if not options.optional:
        for _, piece, n in counter_counts(scenario):
            if piece.fields.get("optional") is True:
                skipped[piece.name] = skipped.get(piece.name, 0) + n
    if not skipped:
        return None
    return (f"counters: {sum(skipped.values()):,} optional counters not printed "
            f"({', '.join(f'{k} {v}' for k, v in skipped.items())}); --optional prints them")


def _stat_fields(piece: Any) -> list[tuple[str, Any]]:
    """The piece's numeric statistics the default face shows, in field order (at most four)."""
    parts = []
    for k, v in piece.fields.items():
        if k in COUNT_FIELDS or isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        parts.append((k, v))
    return parts[:4]


def stats_line(piece: Any) -> str:
    """`R1 M2`: the piece's numeric statistics, first letter and value."""
    return " ".join(f"{k[:1].upper()}{v:g}" for k, v in _stat_fields(piece))


def stats_key(scenario: Any) -> list[tuple[str, str]]:
    """What the letters of the stats lines mean, for the reference sheet: [("M", "moves"),
    ("R", "range or reveals")], over the counters whose face shows `{{ stats }}` (the
    default face does; a layout of the game's own that does not says what it shows)."""
    key: dict[str, list[str]] = {}
    for _, piece, _ in counter_counts(scenario):
        layout = scenario.layouts.get(str(piece.fields.get("front_layout", "")))
        if piece.fields.get("front_as") is not None or (layout is not None and not any(
                "stats" in str(getattr(e, "content", "") or "") for e in layout.elements)):
            continue
        for k, _ in _stat_fields(piece):
            names = key.setdefault(k[:1].upper(), [])
            if k.replace("_", " ") not in names:
                names.append(k.replace("_", " "))
    return [(letter, " or ".join(names)) for letter, names in key.items()]


def face_names(piece: Any) -> tuple[str, str | None]:
    faces = piece.fields.get("faces")
    if isinstance(faces, tuple) and faces:
        front = str(faces[0])
        back = str(faces[1]) if len(faces) > 1 else None
    else:
        front, back = "front", None
    if piece.fields.get("back"):
        back = str(piece.fields["back"])
    return front, back


def _pt(v: float) -> Length:
    return Length(round(v, 4), "pt")


def _f(**kw: Any) -> Fields:
    return Fields(tuple(Field(k, v) for k, v in kw.items()))


def _size(points: float) -> float:
    """A default face's font size: in proportion to the counter, never under MIN_TEXT."""
    return max(MIN_TEXT, round(points, 1))


def default_layout(size: float, face: str, has_icon: bool) -> Layout:
    """The built-in counter face, scaled to `size` (a square, in points)."""
    s = size
    # the title wraps onto two lines rather than shrink under MIN_TEXT
    title = Element("box", _pt(s * 0.03), _pt(s * 0.03), _pt(s * 0.94), _pt(s * 0.34),
                    "{{ piece.title }}", _f(font="sans-bold", font_size=_size(s * 0.16), shrink=True,
                                            min_font_size=MIN_TEXT, align="center", valign="middle",
                                            leading=1.0, colour="{{ ink }}"))
    stats = Element("text", _pt(s * 0.06), _pt(s * 0.74), _pt(s * 0.88), _pt(s * 0.22),
                    "{{ stats }}", _f(font="sans-bold", font_size=_size(s * 0.17), shrink=True,
                                      min_font_size=MIN_TEXT, align="center", colour="{{ ink }}"))
    if has_icon:
        middle = Element("icon", _pt(s * 0.31), _pt(s * 0.38), _pt(s * 0.38), _pt(s * 0.35), None,
                         _f(name="{{ icon }}", colour="{{ ink }}"))
    else:
        middle = Element("text", _pt(s * 0.1), _pt(s * 0.37), _pt(s * 0.8), _pt(s * 0.37),
                         "{{ letter }}", _f(font="sans-bold", font_size=_size(s * 0.3), shrink=True,
                                            min_font_size=MIN_TEXT, align="center", valign="middle",
                                            colour="{{ ink }}"))
    if face == "front":
        elements = (title, middle, stats)
        fields = _f(background="{{ side_colour }}")
    else:
        band = Element("rect", _pt(0), _pt(s * 0.74), _pt(s), _pt(s * 0.26), None,
                       _f(fill="{{ side_colour }}", bleed=True))
        label = Element("text", _pt(s * 0.04), _pt(s * 0.78), _pt(s * 0.92), _pt(s * 0.18),
                        "{{ face_name | replace('_', ' ') | upper }}", _f(font="sans-bold", font_size=_size(s * 0.12),
                                                      shrink=True, min_font_size=MIN_TEXT, align="center",
                                                      colour="#ffffff"))
        elements = (title, middle, band, label)
        fields = _f(background="{{ pale }}")
    return Layout(f"default_counter_{face}", _pt(s), _pt(s), elements, fields)


def default_hidden_back(size: float) -> Layout:
    return Layout("default_counter_hidden", _pt(size), _pt(size), (), _f(background="{{ side_colour }}"))


def _piece_context(scenario: Any, piece: Any, side: str | None, colour: str, sctx: Any) -> dict:
    pctx = Record({**fields_dict(piece.fields), "name": piece.name,
                   "title": str(piece.fields.get("title", piece.name.replace("_", " ").title()))})
    return {"piece": pctx, "card": pctx, "side": side or "", "side_colour": colour,
            "pale": mix_white(colour, 0.6), "ink": "#ffffff", "stats": stats_line(piece),
            "letter": str(piece.fields.get("letter", pctx.title[:1])),
            "icon": str(piece.fields.get("icon", piece.name)), "scenario": sctx}


def _front_layout(scenario: Any, renderer: Renderer, piece: Any, size: float) -> Any:
    icon = str(piece.fields.get("icon", piece.name))
    return _layout(scenario, piece, "front_layout") or default_layout(
        size, "front", icon in icons.ICONS or icon in renderer.images)


def counter_items(scenario: Any, renderer: Renderer, options: PressOptions
                  ) -> list[tuple[float, list[tuple[str, Item]]]]:
    """Per counter size: (size, [(section title, item)…]) with sides in order."""
    sctx = scenario_context(scenario)
    groups: dict[float, list[tuple[str, Item]]] = {}
    for side, piece, n in printed_counts(scenario, options):
        size = counter_size(scenario, piece)
        front_l = _front_layout(scenario, renderer, piece, size)
        back_l = _layout(scenario, piece, "back_layout")
        icon = str(piece.fields.get("icon", piece.name))
        known_icon = icon in icons.ICONS or icon in renderer.images
        front_name, back_name = face_names(piece)
        if back_l is None:
            hidden = piece.fields.get("hidden") or back_name is None
            back_l = default_hidden_back(size) if hidden else default_layout(size, "back", known_icon)
        bleed = options.bleed if options.bleed is not None else (
            to_points(front_l.fields["bleed"]) if "bleed" in front_l.fields else DEFAULT_BLEED)
        if side is None and piece.fields.get("colour"):
            colour = str(piece.fields["colour"])
        else:
            colour = side_colour(scenario, side)
        base = _piece_context(scenario, piece, side, colour, sctx)
        back_base = {**base, "ink": "#222222"}
        # `front_as OTHER`: the front is OTHER's front, exactly (a disguise: a marker that
        # stands in for a unit looking like another until it is revealed)
        other = scenario.pieces.get(str(piece.fields.get("front_as", "")))
        if other is not None:
            front_l = _front_layout(scenario, renderer, other, size)
            base = _piece_context(scenario, other, side, colour, sctx)
        section = f"{side} counters" if side else "Markers and chits"
        label = f"counter {side + '/' if side else ''}{piece.name}"
        per_copy = reads_copy(front_l) or reads_copy(back_l)  # else one drawer draws every copy
        for copy in range(1, n + 1):
            if copy == 1 or per_copy:
                fctx = {**base, "face": "front", "face_name": front_name, "copy": copy}
                bctx = {**back_base, "face": "back", "face_name": back_name or "", "copy": copy}
                front, back = (renderer.drawer(front_l, fctx, label, bleed),
                               renderer.drawer(back_l, bctx, label + " (back)", bleed))
            groups.setdefault(round(size, 3), []).append((section, Item(size, size, bleed, front, back, label)))
    return list(groups.items())


def _layout(scenario: Any, piece: Any, key: str) -> Any:
    name = piece.fields.get(key)
    if name is None:
        return None
    try:
        return scenario.layouts[str(name)]
    except KeyError:
        raise PressError(f"piece {piece.name}: {key} {name!r}: no layout with that name") from None


def write_counters(scenario: Any, path: Path, options: PressOptions,
                   on_item: Callable[[], None] | None = None) -> ComponentReport:
    """counters.pdf: every side's counters, fronts and backs (duplex or fold)."""
    scenario = effective(scenario)
    report = ComponentReport("counters", sides="pairs" if options.backs == "duplex" else "single")
    renderer = Renderer.for_scenario(scenario)
    groups = counter_items(scenario, renderer, options)
    note = left_out(scenario, options)
    if note:
        report.notes.append(note)
    if not groups:
        return report
    with pdf_canvas(path, options, f"{scenario.title}: counters") as c:
        for size, entries in groups:
            first = pages_drawn(c)
            try:
                placed = impose(c, [item for _, item in entries],
                                dataclasses.replace(options, share_cuts=options.butt), on_item)
            except ImpositionError as exc:
                raise PressError(f"counters of {size / INCH:.3g} in: {exc}") from None
            seen: set[str] = set()
            for (section, _), where in zip(entries, placed):
                if section not in seen:
                    seen.add(section)
                    title = section if len(groups) == 1 else f"{section} ({size / INCH:.3g} in)"
                    report.sections.append((title, where.page if where.page >= first else first))
        report.pages = pages_drawn(c)
    for side, piece, n in printed_counts(scenario, options):
        key = f"{side}/{piece.name}" if side else piece.name
        report.counts[key] = n
    report.path = path
    report.warnings.extend(renderer.warnings)
    return report

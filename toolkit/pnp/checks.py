"""Press checks: problems only the press can see, as positioned diagnostics.

`dsl.checks` validates the model (elements inside their card, layouts that
exist, every element field against `dsl.fields.ELEMENT_FIELDS`, the one table of
element fields); these need files on disk or the paper: missing image and font
files, fonts that are neither declared nor built in, templates that do not
parse, text under 6 pt, lengths beyond anything printable, backs of another
size, and items larger than the paper. `frontkit build` prints them as
`path:line:col: error: …` and stops before writing anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from dsl.bounds import printed_counts
from dsl.errors import Diagnostic, suggest
from dsl.fields import ELEMENT_FIELDS
from toolkit.pnp.cards import layout_bleed
from toolkit.pnp.counters import DEFAULT_BLEED as COUNTER_BLEED, counter_counts, counter_size
from toolkit.pnp.fonts import ALIASES, BUILTIN
from toolkit.pnp.imposition import FOLD_GAP, fit_count
from toolkit.pnp.layout_reads import layout_problems
from toolkit.pnp.press import effective, unknown_names
from toolkit.pnp.units import MM, PressOptions, check_bleed, to_points

MIN_READABLE = 6.0  # pt: the smallest text a printed kit should carry


def _diag(pos: Any, message: str, hint: str | None = None, severity: str = "error") -> Diagnostic:
    return Diagnostic(pos.path, pos.line, pos.column, message, hint, severity)


def _layout_own_templates(layout: Any, env: Any) -> list[Diagnostic]:
    """A bad template in the layout's own fields (its background, …), where it is written."""
    out = []
    for f in layout.fields.entries:
        if isinstance(f.value, str) and ("{{" in f.value or "{%" in f.value):
            try:
                env.parse(f.value)
            except jinja2.TemplateSyntaxError as exc:
                out.append(_diag(f.pos, f"layout {layout.name}: {f.name}: bad template: {exc.message}"))
    return out


def check_press(scenario: Any, options: PressOptions | None = None) -> list[Diagnostic]:
    options = options or PressOptions()
    stray = unknown_names(scenario)
    written = scenario
    scenario = effective(scenario)
    base = Path(scenario.path).parent if scenario.path else Path(".")
    out: list[Diagnostic] = []
    assets = scenario.assets
    for asset in assets.values():
        out += _asset_file(asset, base)
    env = SandboxedEnvironment()
    fonts = set(BUILTIN) | {a for a in ALIASES} | {a.name for a in assets.values() if a.kind == "font"}
    for layout in scenario.layouts.values():
        out += _layout_bleed(layout)
        out += _layout_own_templates(layout, env)
        for el in layout.elements:
            what = f"layout {layout.name}: {el.kind} at {el.x}, {el.y}"
            # an unknown field or a value outside its choices: the language refused it already
            for f in el.fields.entries:
                if f.name in ("font_size", "min_font_size") and isinstance(f.value, (int, float)) \
                        and not isinstance(f.value, bool) and f.value < MIN_READABLE:
                    out.append(_diag(f.pos, f"{what}: {f.name} {f.value:g} prints under {MIN_READABLE:g} pt, "
                                            "too small to read on paper", f"use {MIN_READABLE:g} or more",
                                     "warning"))
            sources = [el.content] + [v for v in el.fields.values() if isinstance(v, str)]
            for src in sources:
                if src and ("{{" in src or "{%" in src):
                    try:
                        env.parse(src)
                    except jinja2.TemplateSyntaxError as exc:
                        out.append(_diag(el.pos, f"{what}: bad template: {exc.message}"))
            font = el.fields.get("font")
            if font is not None and "{" not in str(font) and str(font) not in fonts \
                    and str(font).lower() not in fonts:
                out.append(_diag(el.fields.pos("font"), f"{what}: unknown font '{font}'",
                                 suggest(str(font), fonts)))
            for key in ("src", "name") if el.kind in ("image", "icon") else ():
                ref = el.fields.get(key)
                if ref is not None and str(ref) in assets and assets[str(ref)].kind == "image":
                    path = base / assets[str(ref)].path
                    if not path.is_file():
                        out.append(_diag(el.fields.pos(key),
                                         f"{what}: image {ref}: file not found: {path}"))
    out += layout_problems(scenario)
    out += printed_counts(scenario)  # with the press block's markers and counts
    out += _symbol_shapes(scenario)
    out += _drawn_values(scenario)
    for f in stray:
        out.append(_diag(f.pos, f"press: '{f.name}' is neither a deck nor a piece type",
                         suggest(f.name, list(scenario.decks) + list(scenario.pieces))))
    # unknown layout names (deck layout/back, piece front_layout/back_layout) are
    # the language's checks: dsl.checks refuses them before the press runs; those a
    # press block gives (`unit_cards { orders { back NAME } }`) are the press's
    out += _press_layouts(written, scenario)
    out += _fits(scenario, options)
    out += _board_tiles(scenario, options)
    return out


def _board_tiles(scenario: Any, options: PressOptions) -> list[Diagnostic]:
    """A board too big to tile at full scale within the limit, at the board."""
    from toolkit.pnp.board_pages import full_scale_problem

    out = []
    for board in scenario.boards.values():
        try:
            problem = full_scale_problem(board, options)
        except (ValueError, KeyError, TypeError):
            continue  # a board the press cannot lay out: its own checks say why
        if problem:
            out.append(_diag(board.pos, problem))
    return out


def _press_layouts(written: Any, scenario: Any) -> list[Diagnostic]:
    """A deck's layout or back the press block names (not the deck as written) that no
    layout is called."""
    out = []
    for deck in scenario.decks.values():
        before = written.decks.get(deck.name)
        for key in ("layout", "back"):
            name = deck.fields.get(key)
            if name is None or str(name) in scenario.layouts or \
                    (before is not None and before.fields.get(key) == name):
                continue
            pos = deck.fields.pos(key) if key in deck.fields else deck.pos
            out.append(_diag(pos, f"deck {deck.name}: no layout named '{name}'",
                             suggest(str(name), list(scenario.layouts))))
    return out


def _layout_bleed(layout: Any) -> list[Diagnostic]:
    """A layout's own bleed, held to what a print shop accepts (as `--bleed` is)."""
    if "bleed" not in layout.fields or _template(layout.fields["bleed"]):
        return []
    try:
        check_bleed(to_points(layout.fields["bleed"]))
    except ValueError as exc:
        return [_diag(layout.fields.pos("bleed"), f"layout {layout.name}: bleed {exc}",
                      "write a bleed from 0 to 6 mm (3 mm is usual)")]
    return []


def _symbol_shapes(scenario: Any) -> list[Diagnostic]:
    """`press { symbols { FLAG { shape NAME } } }`: the shape must be one the press draws."""
    from dsl.model import Fields
    from toolkit.pnp.symbols import SHAPES

    press = scenario.fields.get("press")
    block = press.get("symbols") if isinstance(press, Fields) else None
    out = []
    for entry in block.entries if isinstance(block, Fields) else ():
        spec = entry.value
        if isinstance(spec, Fields) and "shape" in spec and str(spec["shape"]) not in SHAPES:
            out.append(_diag(spec.pos("shape"), f"symbol {entry.name}: unknown shape '{spec['shape']}'",
                             suggest(str(spec["shape"]), list(SHAPES))))
    return out


def _fits(scenario: Any, options: PressOptions) -> list[Diagnostic]:
    out = []
    page_w, page_h = options.page_size
    if options.backs == "fold":
        page_h = page_h / 2 - FOLD_GAP + options.margin

    def fits(w: float, h: float, bleed: float) -> bool:
        sw, sh = page_w - 2 * options.margin, page_h - 2 * options.margin
        return fit_count(sw, w + 2 * bleed, options.gutter) > 0 and fit_count(sh, h + 2 * bleed, options.gutter) > 0

    where = f"{options.paper.upper() if options.paper == 'a4' else options.paper.title()} paper"
    if options.backs == "fold":
        where = f"half a sheet of {where} (fold layout)"
    for deck in scenario.decks.values():
        front = scenario.layouts.get(deck.layout) if deck.layout else None
        back = scenario.layouts.get(deck.back) if deck.back else None
        if front is None:
            continue
        w, h = to_points(front.width), to_points(front.height)
        bleed = layout_bleed(front, options)
        if not fits(w, h, bleed):
            out.append(_diag(deck.fields.pos("layout"),
                             f"deck {deck.name}: its {front.width} x {front.height} cards with "
                             f"{bleed / MM:.1f} mm bleed do not fit {where} inside the "
                             f"{options.margin / MM:.0f} mm margin",
                             "use a smaller layout, less --bleed, or --paper"))
        if back is not None and (abs(to_points(back.width) - w) > 0.01 or abs(to_points(back.height) - h) > 0.01):
            out.append(_diag(deck.fields.pos("back"),
                             f"deck {deck.name}: back layout {back.name} is {back.width} x {back.height}, "
                             f"its cards are {front.width} x {front.height}"))
    for side, piece, n in counter_counts(scenario):
        try:
            size = counter_size(scenario, piece)
        except ValueError as exc:
            pos = piece.fields.pos("counter_size") if "counter_size" in piece.fields else piece.pos
            out.append(_diag(pos, str(exc)))
            continue
        front = scenario.layouts.get(str(piece.fields.get("front_layout", "")))
        if front is not None and "counter_size" in piece.fields and (
                abs(to_points(front.width) - size) > 0.01 or abs(to_points(front.height) - size) > 0.01):
            out.append(_diag(piece.fields.pos("counter_size"),
                             f"piece {piece.name}: counter_size {piece.fields['counter_size']} differs from "
                             f"its front layout {front.name} ({front.width} x {front.height})",
                             "drop counter_size (the layout gives the size) or make them agree"))
        if not fits(size, size, options.bleed if options.bleed is not None else COUNTER_BLEED):
            out.append(_diag(piece.pos, f"piece {piece.name}: a {size / MM:.1f} mm counter does not fit {where}"))
    return _unique(out)


def _unique(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen, out = set(), []
    for d in diags:
        key = (d.path, d.line, d.column, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


# The numbers and lengths the press draws with (the element table's number fields
# with a range, and its length fields), and the range it can draw them in: a value
# outside would stop the build halfway (a font size of 0 divides by zero, a length of
# "foo" cannot be measured), so it is refused here, with its position.
BOARD_LENGTHS = ("space_size", "overlap", "map_scale")
MAX_POINTS = 5000 * MM  # 5 m, as dsl.checks


def _drawn_values(scenario: Any) -> list[Diagnostic]:
    from toolkit.pnp.hexes import board_length

    out = []
    for layout in scenario.layouts.values():
        for el in layout.elements:
            what = f"layout {layout.name}: {el.kind} at {el.x}, {el.y}"
            table = ELEMENT_FIELDS.get(el.kind, {})
            numbers = {key: (spec.minimum, spec.maximum) for key, spec in table.items()
                       if spec.type == "number" and spec.minimum is not None and spec.maximum is not None}
            for key, (low, high) in numbers.items():
                value = el.fields.get(key)
                if value is None or _template(value):
                    continue
                try:
                    number = float(value) if not isinstance(value, bool) else None
                except (TypeError, ValueError):
                    number = None
                if number is None or not low <= number <= high:
                    out.append(_diag(el.fields.pos(key), f"{what}: {key} must be a number from {low:g} "
                                                         f"to {high:g}, not {_shown(value)}"))
            for key in (key for key, spec in table.items() if spec.type == "length"):
                value = el.fields.get(key)
                if value is None or _template(value):
                    continue
                try:
                    points = to_points(value)
                except ValueError:
                    points = None
                if points is None or not 0 <= points <= MAX_POINTS:
                    out.append(_diag(el.fields.pos(key), f"{what}: {key} must be a length from 0 to 5 m "
                                                         f"such as 0.5mm, not {_shown(value)}"))
    for board in scenario.boards.values():
        for key in BOARD_LENGTHS:
            if key not in board.fields:
                continue
            try:
                points = board_length(board, key, 1.0)
            except ValueError as exc:
                out.append(_diag(board.fields.pos(key), str(exc)))
                continue
            if points > MAX_POINTS:
                out.append(_diag(board.fields.pos(key), f"board {board.name}: {key} is larger than "
                                                        "anything printable (limit 5 m)"))
    for piece in scenario.pieces.values():
        value = piece.fields.get("counter_size")
        if value is None:
            continue
        try:
            size = counter_size(scenario, piece)
        except ValueError:
            continue  # reported by _fits
        if not 0 < size <= MAX_POINTS:
            out.append(_diag(piece.fields.pos("counter_size"),
                             f"piece {piece.name}: counter_size must be a positive length, not {_shown(value)}"))
    return out


def _template(value: Any) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


def _shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _asset_file(asset: Any, base: Path) -> list[Diagnostic]:
    """An image or font is a regular file inside the scenario's folder and under the
    `asset_bytes` limit: a scenario from elsewhere makes the press read nothing else."""
    from dsl import limits
    from dsl.files import inside

    path = base / asset.path
    try:
        resolved, folder = path.resolve(), base.resolve()
    except (OSError, RuntimeError):
        return [_diag(asset.pos, f"{asset.kind} {asset.name}: {path} is a symbolic link that loops")]
    if not inside(resolved, folder):
        return [_diag(asset.pos, f"{asset.kind} {asset.name}: {asset.path} is outside the scenario's folder",
                      f"images and fonts are read from inside {folder}")]
    if not path.is_file():
        what = "file not found" if not path.exists() else "not a regular file"
        return [_diag(asset.pos, f"{asset.kind} {asset.name}: {what}: {path}")]
    size = path.stat().st_size
    if size > limits.value("asset_bytes"):
        return [_diag(asset.pos, f"{asset.kind} {asset.name}: the file is " +
                      limits.limit_message("asset_bytes", f"{size:,} bytes"))]
    if asset.kind == "image":
        return _image_size(asset, path)
    return []


def _image_size(asset: Any, path: Path) -> list[Diagnostic]:
    """A PNG of a few hundred kilobytes can unpack to gigabytes: the pixels are counted
    from the header (nothing is decoded) against `image_pixels`."""
    import warnings

    from PIL import Image

    from dsl import limits

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PIL's own bomb warning: the limit below decides
            with Image.open(path) as image:
                width, height = image.size
    except Image.DecompressionBombError:
        return [_diag(asset.pos, f"image {asset.name} has " + limits.limit_message(
            "image_pixels", f"more than {2 * Image.MAX_IMAGE_PIXELS:,} pixels"))]
    except Exception as exc:  # PIL raises several kinds on a file it cannot read
        return [_diag(asset.pos, f"image {asset.name}: {path} is not an image the press can read "
                                 f"({type(exc).__name__})")]
    if width * height > limits.value("image_pixels"):
        return [_diag(asset.pos, f"image {asset.name}: {width:,} x {height:,} is " +
                      limits.limit_message("image_pixels", f"{width * height:,} pixels"))]
    return []

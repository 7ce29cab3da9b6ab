"""Press checks: problems only the press can see, as positioned diagnostics.

`dsl.checks` validates the model (elements inside their card, layouts that
exist); these need files on disk or the paper: missing image and font files,
fonts that are neither declared nor built in, templates that do not parse,
element fields the press does not know, backs of another size, and items
larger than the paper. `frontkit build` prints them as
`path:line:col: error: …` and stops before writing anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from dsl.errors import Diagnostic, suggest
from toolkit.pnp.cards import layout_bleed
from toolkit.pnp.fields import BY_NAME, known_fields
from toolkit.pnp.counters import DEFAULT_BLEED as COUNTER_BLEED, counter_counts, counter_size
from toolkit.pnp.fonts import ALIASES, BUILTIN
from toolkit.pnp.imposition import FOLD_GAP, fit_count
from toolkit.pnp.press import effective, unknown_names
from toolkit.pnp.units import MM, PressOptions, to_points

MIN_READABLE = 6.0  # pt: the smallest text a printed kit should carry


def _diag(pos: Any, message: str, hint: str | None = None, severity: str = "error") -> Diagnostic:
    return Diagnostic(pos.path, pos.line, pos.column, message, hint, severity)


def check_press(scenario: Any, options: PressOptions | None = None) -> list[Diagnostic]:
    options = options or PressOptions()
    stray = unknown_names(scenario)
    scenario = effective(scenario)
    base = Path(scenario.path).parent if scenario.path else Path(".")
    out: list[Diagnostic] = []
    assets = scenario.assets
    for asset in assets.values():
        if not (base / asset.path).is_file():
            out.append(_diag(asset.pos, f"{asset.kind} {asset.name}: file not found: {base / asset.path}"))
    env = SandboxedEnvironment()
    fonts = set(BUILTIN) | {a for a in ALIASES} | {a.name for a in assets.values() if a.kind == "font"}
    for layout in scenario.layouts.values():
        for el in layout.elements:
            what = f"layout {layout.name}: {el.kind} at {el.x}, {el.y}"
            known = known_fields(el.kind)
            for f in el.fields.entries:
                if f.name not in known:
                    out.append(_diag(f.pos, f"{what}: the press ignores the field '{f.name}'",
                                     suggest(f.name, known), "warning"))
                    continue
                spec = BY_NAME[f.name]
                value = str(f.value)
                if f.name in ("font_size", "min_font_size") and isinstance(f.value, (int, float)) \
                        and not isinstance(f.value, bool) and f.value < MIN_READABLE:
                    out.append(_diag(f.pos, f"{what}: {f.name} {f.value:g} prints under {MIN_READABLE:g} pt, "
                                            "too small to read on paper", f"use {MIN_READABLE:g} or more",
                                     "warning"))
                if spec.choices and "{" not in value and value not in spec.choices:
                    out.append(_diag(f.pos, f"{what}: {f.name} {value}: choose one of "
                                            f"{', '.join(spec.choices)}", suggest(value, spec.choices)))
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
    out += _symbol_shapes(scenario)
    for f in stray:
        out.append(_diag(f.pos, f"press: '{f.name}' is neither a deck nor a piece type",
                         suggest(f.name, list(scenario.decks) + list(scenario.pieces))))
    # unknown layout names (deck layout/back, piece front_layout/back_layout) are
    # the language's checks: dsl.checks refuses them before the press runs
    out += _fits(scenario, options)
    return out


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

"""Sheets: a reference sheet per scenario, rendered from Jinja RML templates.

The template is `toolkit/templates/sheets/<ruleset>.rml.j2` if the game has one (it adds
the game's turn sequence, written in our own words), else
`toolkit/templates/sheets/generic.rml.j2`, which tabulates terrain, piece types (all their
fields), decks, the scenario's tables and options. Templates are rendered with
XML autoescaping and turned into PDF by z3c.rml (RML on ReportLab), so there is
no hand-written markup converter here.

Every `table NAME { … }` of the scenario is printed (a table whose entries are
lists of equal length as a grid, such as Front Line's `table attack_results`). A
scenario gives its own turn sequence, which replaces the game template's, with

    table turn_sequence {
      steps [
        "Draw supply for the month.",
        "Take three turns each.",
      ]
      notes "Lake Nogo: nothing moves through the lake."
    }

(the older `options { sheet { turn_sequence [...]; notes "…" } }` is still read).

    write_sheets(scenario, "out/sheets.pdf", PressOptions()) -> ComponentReport
"""

from __future__ import annotations

import functools
import io
import re
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from dsl import limits
from dsl.fields import PIECE_PRESS_FIELDS
from dsl.model import Call, Length, Range
from dsl.names import WORDS_TABLE, display_names
from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.colours import colour_space, mix_white, side_colours
from toolkit.pnp.counters import counter_counts, stats_key
from toolkit.pnp.fonts import BUILTIN, embedded
from toolkit.pnp.report import ComponentReport
from toolkit.pnp.spaces import printed_zones, zone_title
from toolkit.resources import templates_dir
from toolkit.pnp.units import MM, PressOptions, to_points

TEMPLATES = templates_dir()  # templates/ at the root, installed as toolkit.templates
MAX_STAT_COLUMNS = 7  # more piece fields than this are split over several tables
TEXT_FIELDS = ("text", "title", "colour", "color")
# Fields of decks and piece types that tell the press how to print them mean nothing
# to a player, so reference sheets leave them out; of a piece's (dsl.fields), those
# that say what a counter shows stay.
PRESS_DECK_FIELDS = frozenset({"layout", "back", "each_side"})
PRESS_PIECE_FIELDS = frozenset(PIECE_PRESS_FIELDS) - {"title", "faces", "back"}
MISSING = "–"  # a cell of a piece type without that field


# ------------------------------------------------------------------ values


def fmt(value: Any) -> str:
    """A scenario value as a reader sees it: lists joined with slashes, flags as yes/no."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return " / ".join(fmt(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, Mapping):
        return "; ".join(f"{words(k)} {fmt(v)}" for k, v in value.items())
    if isinstance(value, str):
        return words(value) if value.isidentifier() else value
    if isinstance(value, (Length, Range, Call)):
        return str(value)
    return str(value)


def words(name: Any) -> str:
    """`move_bonus` → `move bonus`."""
    return str(name).replace("_", " ")


def _is_table(value: Any) -> bool:
    """A block whose list entries all have the same length (at least two rows of two)."""
    if not isinstance(value, Mapping):
        return False
    lists = [v for v in value.values() if isinstance(v, tuple) and len(v) >= 2]
    return len(lists) >= 2 and len({len(v) for v in lists}) == 1


def _table(name: str, block: Mapping) -> dict:
    rows = [(k, v) for k, v in block.items() if isinstance(v, tuple) and len(v) >= 2]
    n = len(rows[0][1])
    header = block.get("columns") or block.get("header")
    if isinstance(header, tuple) and len(header) == n:
        columns = [fmt(h) for h in header]
    else:
        columns = [str(i + 1) for i in range(n)]
    notes = [(words(k), fmt(v)) for k, v in block.items()
             if k not in ("columns", "header") and not (isinstance(v, tuple) and len(v) == n)]
    return {
        "name": name,
        "title": words(name).capitalize(),
        "columns": columns,
        "rows": [{"label": words(k), "cells": [fmt(c) for c in v]} for k, v in rows],
        "notes": notes,
    }


def _pairs(name: str, block: Mapping) -> dict:
    """A table that is not a grid: one row per entry."""
    return {
        "name": name,
        "title": words(name).capitalize(),
        "columns": [""],
        "rows": [{"label": words(k), "cells": [fmt(v)]} for k, v in block.items()],
        "notes": [],
    }


# ----------------------------------------------------------------- context


def _phase_steps(entries: Mapping) -> list[str]:
    """A turn-sequence table written phase by phase (`deploy [together, "words"]`, the
    form a referee checks its phases against) as the sheet's numbered steps:
    "Deploy (together): words"."""
    out = []
    for name, value in entries.items():
        if (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)
                and isinstance(value[1], str)):
            out.append(f"{words(name).capitalize()} ({words(value[0])}): {value[1]}")
    return out


def sheet_context(scenario: Any, options: PressOptions) -> dict:
    """Everything a sheet template needs, as plain values (strings, lists, dicts)."""
    sheet, sequence = _turn_sequence(scenario)
    terrain = _terrain(scenario)
    terrain_effects = any(t["props"] or t["text"] for t in terrain)
    units = [p for p in scenario.pieces.values() if not p.fields.flag("marker")]
    markers = [p for p in scenario.pieces.values() if p.fields.flag("marker")]
    tables, scalar_options = _tables_and_options(scenario)
    decks = [_deck(scenario, deck) for deck in scenario.decks.values()]
    boards = [_board(b) for b in scenario.boards.values()]
    setups = [_setup(setup) for setup in scenario.setups.values()]
    warnings: list[str] = []
    units, markers = _stat_tables(units), _stat_tables(markers)
    terrain, units, markers, tables, decks, boards, setups = _within_rows(
        terrain, units, markers, tables, decks, boards, setups, warnings)
    return {
        "fonts": embedded_fonts(),
        "warnings": warnings,
        "scenario": scenario,
        "names": display_names(scenario),  # each id -> the players' words (dsl.names)
        "title": scenario.title,
        "ruleset": scenario.ruleset,
        "ruleset_title": words(scenario.ruleset).title(),
        "sides": list(scenario.sides),
        "side_colours": side_colours(scenario),  # one colour per side (toolkit.pnp.colours)
        "side_units": _side_units(scenario),
        "counter_key": stats_key(scenario),  # the letters of the counters' stats lines
        "version": scenario.version,
        "page": _page(options),
        "sheet": sheet,
        "turn_sequence": [str(s) for s in sequence] if isinstance(sequence, (list, tuple)) else [],
        "notes": _as_list(sheet.get("notes")),
        "terrain": terrain,
        "terrain_effects": terrain_effects,
        "setup_columns": [(key, head) for key, head in (("placed", "on the board"),
                                                         ("reserve", "in reserve"), ("other", "other"))
                          if any(s[key] for s in setups)],
        "units": units,
        "markers": markers,
        "tables": tables,
        "options": scalar_options,
        "decks": decks,
        "boards": boards,
        "setups": setups,
    }


def _page(options: PressOptions) -> dict:
    """The page the sheet is laid out on, in points: size, margin, the frame inside it."""
    width, height = options.page_size
    margin = max(float(getattr(options, "margin", 0.0)), 12 * MM)
    return {"width": width, "height": height, "margin": margin,
            "frame_width": width - 2 * margin, "frame_height": height - 2 * margin - 10}


def _turn_sequence(scenario: Any) -> tuple[dict, Any]:
    """The sheet block (`options { sheet { … } }`) and the turn sequence: the scenario's
    `table turn_sequence` (steps, or phase by phase) wins over the older sheet block."""
    sheet = scenario.fields.get("sheet", scenario.options.get("sheet"))
    sheet = dict(sheet.items()) if isinstance(sheet, Mapping) else {}
    sequence = sheet.get("turn_sequence")
    scenario_tables = getattr(scenario, "tables", None) or {}
    if "turn_sequence" in scenario_tables:  # `table turn_sequence { steps [...] }`
        seq_table = scenario_tables["turn_sequence"]
        sequence = seq_table.fields.get("steps") or _phase_steps(seq_table.fields) or sequence
        if "notes" in seq_table.fields:
            sheet.setdefault("notes", seq_table.fields["notes"])
    if isinstance(sequence, str):
        sequence = [sequence]
    return sheet, sequence


def _terrain(scenario: Any) -> list[dict]:
    out = []
    for t in scenario.terrains.values():
        props = [(words(k), fmt(v)) for k, v in t.fields.items() if k not in TEXT_FIELDS]
        out.append({"name": words(t.name), "colour": _colour(t.colour), "props": props,
                    "text": str(t.fields.get("text", ""))})
    return out


def _tables_and_options(scenario: Any) -> tuple[list[dict], list[tuple[str, str]]]:
    """The scenario's tables but the turn sequence (grids, or one row per entry), and its
    options: table-shaped ones join the tables, the rest are (name, value) pairs."""
    tables, scalar_options = [], []
    for name, table in (getattr(scenario, "tables", None) or {}).items():
        if name in ("turn_sequence", WORDS_TABLE):  # the turn sequence; the kit's names
            continue
        if _is_table(table.fields):
            tables.append(_table(name, table.fields))
        elif len(table.fields):
            tables.append(_pairs(name, table.fields))
    for source in (scenario.options, scenario.fields):
        for key, value in source.items():
            if key == "sheet":
                continue
            if _is_table(value):
                tables.append(_table(key, value))
            elif source is scenario.options:
                scalar_options.append((words(key), fmt(value)))
    return tables, scalar_options


def _deck(scenario: Any, deck: Any) -> dict:
    # fields naming the other face of a double-sided card are the press's business
    hidden = set(TEXT_FIELDS) | _back_from_fields(scenario, deck)
    cards = []
    for card in deck.cards:
        props = [(words(k), fmt(v)) for k, v in card.fields.items() if k not in hidden]
        # a card's effects are rule syntax for the referee; players read its text
        cards.append({"name": card.name, "title": card.title, "quantity": card.quantity,
                      "props": readable(props), "text": card.text})
    return {"name": deck.name, "title": deck.title, "size": deck.size, "cards": cards,
            "has_values": any(c["props"] for c in cards),
            "props": readable([(words(k), fmt(v)) for k, v in deck.fields.items()
                               if k not in PRESS_DECK_FIELDS])}


def _board(b: Any) -> dict:
    size = f"{b.width} x {b.height}" if b.kind != "map" else f"{len(b.spaces)} nodes"
    features: dict[str, int] = {}
    for s in b.spaces:
        for tag in s.tags:
            features[tag] = features.get(tag, 0) + 1
    for border in getattr(b, "borders", ()):  # `border A B { river }`: between spaces, not a link
        for tag in border.tags:
            features[f"{tag} border"] = features.get(f"{tag} border", 0) + 1
    return {"name": b.name, "kind": b.kind, "size": size,
            "zones": [zone_title(z) for _, z in printed_zones(b)],
            "features": sorted((words(k), v) for k, v in features.items())}


def _setup(setup: Any) -> dict:
    placed: dict[str, int] = {}
    for p in setup.placements:
        placed[p.piece] = placed.get(p.piece, 0) + p.count
    return {
        "side": setup.side,
        "placed": ", ".join(f"{words(k)} x{v}" for k, v in placed.items()),
        "reserve": ", ".join(f"{words(k)} x{v}" for k, v in setup.reserve_counts().items()),
        "other": [(words(k), fmt(v)) for k, v in setup.fields.items() if k not in ("colour", "color")],
    }


def _side_units(scenario: Any) -> dict[str, list[dict]]:
    """Every unit a side gets, as its counters: {side: [{piece, count}]} (markers apart)."""
    side_units: dict[str, list[dict]] = {side: [] for side in scenario.sides}
    for side, piece, n in counter_counts(scenario):
        if side is not None and not piece.fields.flag("marker"):
            side_units[side].append({"piece": piece, "count": n})
    return side_units


def embedded_fonts() -> list[tuple[str, str]]:
    """(face name, TrueType file) of the built-in fonts, for the sheet's <docinit>: the
    sheets embed the same Bitstream Vera faces as every other PDF of the kit."""
    import reportlab
    folder = Path(reportlab.__file__).resolve().parent / "fonts"
    return [(f"fk-{name}", str(folder / file)) for name, file in BUILTIN.items()]


def readable(props: list[tuple[str, str]]) -> str:
    """`Category: unit · Kind: troops · Value: 1`; a flag that is on reads as its name."""
    parts = []
    for k, v in props:
        if v == "yes":
            parts.append(k.capitalize())
        elif v not in ("no", ""):
            parts.append(f"{k.capitalize()}: {v}")
    return " · ".join(parts)


def _back_from_fields(scenario: Any, deck: Any) -> set[str]:
    back = scenario.layouts.get(str(deck.fields.get("back", f"{deck.name}_back")))
    key = back.fields.get("back_from") if back is not None else None
    return {str(key)} if key else set()


def _within_rows(terrain: list, units: list, markers: list, tables: list, decks: list, boards: list,
                 setups: list, warnings: list[str]) -> tuple[list, ...]:
    """At most `sheet_rows` table rows in the whole sheet (RML lays out about 150 rows a
    second here: 14,000 terrain types took 96 s and 800 MB); the rest is left out with a
    warning saying how much."""
    left = limits.value("sheet_rows")
    dropped: dict[str, int] = {}

    def take(rows: list, what: str) -> list:
        nonlocal left
        kept = rows[:max(left, 0)]
        left -= len(rows)
        if len(kept) < len(rows):
            dropped[what] = dropped.get(what, 0) + len(rows) - len(kept)
        return kept

    terrain = take(terrain, "terrain types")
    units = [dict(t, rows=take(t["rows"], "piece types")) for t in units]
    markers = [dict(t, rows=take(t["rows"], "markers")) for t in markers]
    boards = take(boards, "boards")
    tables = [dict(t, rows=take(t["rows"], "table rows")) for t in tables]
    tables = [t for t in tables if t["rows"] or not dropped.get("table rows")]
    decks = [dict(d, cards=take(d["cards"], "cards")) for d in decks]
    setups = take(setups, "setups")
    if dropped:
        warnings.append("sheets: the reference sheet leaves out " +
                        ", ".join(f"{n:,} {what}" for what, n in dropped.items()) + "; " +
                        limits.limit_message("sheet_rows"))
    return terrain, units, markers, tables, decks, boards, setups


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return [str(value)]


def _colour(value: Any) -> str | None:
    if isinstance(value, str) and value.startswith("#") and len(value) in (4, 7):
        try:
            int(value[1:], 16)
        except ValueError:
            return None
        return value
    return None


def _stat_tables(pieces: list) -> list[dict]:
    """Piece types as tables: one row per type, one column per field (split when wide)."""
    if not pieces:
        return []
    columns: list[str] = []
    for p in pieces:
        for k in p.fields:
            if k not in columns and k not in TEXT_FIELDS and k not in PRESS_PIECE_FIELDS:
                columns.append(k)
    chunks = [columns[i:i + MAX_STAT_COLUMNS] for i in range(0, len(columns), MAX_STAT_COLUMNS)] or [[]]
    tables = []
    for chunk in chunks:
        tables.append({
            "columns": [words(c) for c in chunk],
            "rows": [{"name": words(p.name),
                      "cells": [fmt(p.fields[c]) if c in p.fields else MISSING for c in chunk]}
                     for p in pieces],
            "notes": [],
        })
    notes = [(words(p.name), str(p.fields["text"])) for p in pieces if "text" in p.fields]
    tables[-1]["notes"] = notes
    return tables


# ---------------------------------------------------------------- render


# characters XML 1.0 cannot hold at all (escaping does not help): C0 controls but tab and
# line breaks, lone surrogates, U+FFFE/U+FFFF
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


class SheetText:
    """`finalize` for sheet templates: every value from a scenario as XML can hold it
    (control characters dropped) and short enough for its table row to fit a page
    (cut with `…`, and a warning naming the value)."""

    def __init__(self) -> None:
        self.warnings: list[str] = []

    def __call__(self, value: Any) -> Any:
        if isinstance(value, (int, float)) or value is None:
            return value
        text = str(value)
        if _NOT_XML.search(text):
            text = _NOT_XML.sub("", text)
        if isinstance(value, markupsafe.Markup):  # the template's own markup: never cut inside a tag
            return markupsafe.Markup(text)
        cap = limits.value("sheet_text_chars")  # more would make a row taller than a page
        if len(text) > cap:
            self.warnings.append(f"sheets: a text of {len(text):,} characters is cut to {cap:,} "
                                 f"(--limit sheet_text_chars=N): {text[:40]!r}…")
            text = text[:cap] + "…"
        return text


def environment() -> jinja2.Environment:
    """The sheets' Jinja environment, one per thread: its templates are compiled once and
    kept (Jinja reloads one whose file changed), where a fresh environment a build
    compiled every template again, which cost more than laying the sheet out. The
    `finalize` (SheetText) starts each render with no warnings (`render_rml`)."""
    env = getattr(_ENVIRONMENTS, "env", None)
    if env is None:
        env = _ENVIRONMENTS.env = _new_environment()
    return env


_ENVIRONMENTS = threading.local()


def _new_environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,  # RML is XML: every value from a scenario is escaped
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=SheetText(),
    )
    env.filters["fmt"] = fmt
    env.filters["words"] = words
    env.filters["readable"] = readable
    env.filters["pale"] = lambda colour, amount=0.55: mix_white(str(colour), float(amount))
    env.filters["points"] = to_points  # a layout's width (`63mm`, `0.75in`) in points
    return env


def template_name(ruleset: str) -> str:
    specific = TEMPLATES / "sheets" / f"{ruleset}.rml.j2"
    return f"sheets/{ruleset}.rml.j2" if specific.is_file() else "sheets/generic.rml.j2"


def render_rml(scenario: Any, options: PressOptions | None = None, warnings: list[str] | None = None) -> str:
    options = options or PressOptions()
    env = environment()
    env.finalize.warnings = []
    context = sheet_context(scenario, options)
    rml = env.get_template(template_name(scenario.ruleset)).render(**context)
    if warnings is not None:
        warnings.extend(context["warnings"])
        warnings.extend(dict.fromkeys(env.finalize.warnings))
    return rml


class _EmbeddedCanvas(Canvas):
    """A canvas whose initial font (named on every page) is the embedded sans, so no
    unembedded Helvetica reference reaches a print shop (pdfout does the same for cards)."""

    colour_space: Any = None  # set per run: toolkit.pnp.colours.colour_space

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["initialFontName"] = kwargs.get("initialFontName") or embedded()
        kwargs["enforceColorSpace"] = kwargs.get("enforceColorSpace") or self.colour_space
        super().__init__(*args, **kwargs)


def _rml_to_pdf(rml: str, options: PressOptions | None = None) -> bytes:
    """RML to PDF with z3c.rml (its rml2pdf.parseString, with our canvas)."""
    return _laid_out(rml, bool(getattr(options, "cmyk", False)))


@functools.lru_cache(maxsize=8)
def _laid_out(rml: str, cmyk: bool) -> bytes:
    """The sheet's PDF, laid out once for the same RML in one process: the PDF is a
    function of the RML alone (z3c.rml writes it invariant, dated 2000, and the fonts
    are ReportLab's own files), and laying it out is most of a build. `build --watch`
    after a change to a card, and the fuzz run's mutants, mostly leave the sheet as it was."""
    from lxml import etree
    from z3c.rml import document

    space = colour_space(PressOptions(cmyk=True)) if cmyk else None
    canvas = type("SheetCanvas", (_EmbeddedCanvas,), {"colour_space": staticmethod(space)}) \
        if space else _EmbeddedCanvas
    doc = document.Document(etree.fromstring(rml), canvasClass=canvas)
    out = io.BytesIO()
    doc.process(out)
    return out.getvalue()


def write_sheets(scenario: Any, path: str | Path, options: PressOptions | None = None) -> ComponentReport:
    """Write the scenario's reference sheet to `path` (sheets.pdf)."""
    from reportlab.platypus.doctemplate import LayoutError

    from toolkit.pnp.render import PressError

    options = options or PressOptions()
    warnings: list[str] = []
    rml = render_rml(scenario, options, warnings)
    try:
        pdf = _rml_to_pdf(rml, options)
    except LayoutError:
        raise PressError(f"sheets: a table row of the reference sheet is taller than the page "
                         f"({scenario.path}); shorten the longest text of the scenario") from None
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pdf)
    # ReportLab writes page objects uncompressed; counting them needs no PDF reader
    pages = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))
    return ComponentReport(
        "sheets", path=path, pages=pages, counts={"sheets": 1},
        sections=[(f"Reference sheet: {scenario.title}", 0)], sides="document", warnings=warnings,
    )

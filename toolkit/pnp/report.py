"""What one press component (cards, counters, boards, sheets) wrote.

Every `write_*` function of the press has the same shape:

    write_cards(scenario, path, options: PressOptions) -> ComponentReport

and returns this value; the kit merges the PDFs, turns `sections` into the
outline of kit.pdf and `counts` into manifest.json. A component with nothing
to print returns `pages == 0` and writes no file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class ComponentReport:
    """name      "cards", "counters", "boards", "sheets"
    path       the PDF written (None when there was nothing to print)
    pages      pages in that PDF
    counts     how many of each thing it holds, e.g. {"supply": 12} (cards per deck),
               {"infantry": 8} (counters per piece type), {"main": 1} (boards)
    sections   (title, first page index 0-based) for the kit's outline
    warnings   one line each, naming the item (shown by `frontkit build` on stderr)
    notes      what it left out on purpose (shown as notes, kept in manifest.json)
    files      extra files written (PNG exports), relative to the output folder
    sides      how its pages print double-sided: "pairs" (each front page is followed by
               its back: cards and counters with --backs duplex, the calibration pair),
               "single" (each page must keep a blank back: boards, fold sheets, fronts
               only) or "document" (pages may back each other: reference sheets)
    """

    name: str
    path: Path | None = None
    pages: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    sections: list[tuple[str, int]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    sides: str = "single"

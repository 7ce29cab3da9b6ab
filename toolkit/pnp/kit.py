"""The print-and-play kit: every component PDF, kit.pdf with an outline, manifest.json.

    build_kit(scenario, out_dir, options) -> Kit

writes into out_dir:
  cards.pdf, counters.pdf     this package (imposed, with backs per options.backs)
  boards.pdf, sheets.pdf      toolkit.pnp.boards.write_boards / sheets.write_sheets
  calibration.pdf             duplex only: the page pair that measures printer drift
  kit.pdf                     all of the above, one outline entry per component and
                              one child per section (deck, side, board, sheet)
  png/DECK/CARD[-back].png    with options.png_dpi
  manifest.json               every file (pages, bytes) and the count of every component

A component with nothing to print writes no file. A component whose module is
not available (or not finished) is skipped with a note in the manifest rather
than failing the whole kit.
"""

from __future__ import annotations

from toolkit import jsontext
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.pnp.report import ComponentReport
from toolkit.pnp.units import MM, PressOptions

COMPONENT_TITLES = {"cards": "Cards", "counters": "Counters", "boards": "Boards",
                    "sheets": "Sheets", "calibration": "Duplex calibration"}


@dataclass
class Kit:
    folder: Path
    reports: list[ComponentReport] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # skipped components
    files: list[Path] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        return [w for r in self.reports for w in r.warnings]


def _as_report(name: str, value: Any, path: Path) -> ComponentReport:
    """Accept a ComponentReport or a plain dict of counts from a component."""
    if isinstance(value, ComponentReport):
        return value
    report = ComponentReport(name)
    if isinstance(value, dict):
        report.counts = {k: int(v) for k, v in value.items() if isinstance(v, int)}
    if path.is_file():
        report.path = path
        from pypdf import PdfReader
        report.pages = len(PdfReader(str(path)).pages)
    return report


def count_items(scenario: Any) -> int:
    from toolkit.pnp.counters import counter_counts
    from toolkit.pnp.press import effective
    scenario = effective(scenario)
    cards = sum(d.size for d in scenario.decks.values())
    return cards + sum(n for _, _, n in counter_counts(scenario))


def build_kit(scenario: Any, folder: Path, options: PressOptions,
              progress: Any | None = None) -> Kit:
    """Write the whole kit; `progress` is a tqdm-like object (update(n)) or None."""
    from toolkit.pnp.boards import write_boards
    from toolkit.pnp.cards import write_cards
    from toolkit.pnp.counters import write_counters
    from toolkit.pnp.sheets import write_sheets

    folder.mkdir(parents=True, exist_ok=True)
    kit = Kit(folder)
    tick = (lambda: progress.update(1)) if progress is not None else None

    kit.reports.append(write_cards(scenario, folder / "cards.pdf", options, tick))
    kit.reports.append(write_counters(scenario, folder / "counters.pdf", options, tick))
    for name, writer in (("boards", write_boards), ("sheets", write_sheets)):
        path = folder / f"{name}.pdf"
        kit.reports.append(_as_report(name, writer(scenario, path, options), path))
        if progress is not None:
            progress.update(1)
    if options.backs == "duplex" and any(r.pages for r in kit.reports if r.name in ("cards", "counters")):
        kit.reports.append(_calibration(folder / "calibration.pdf", options))
    kit.files = [r.path for r in kit.reports if r.path is not None and r.pages]
    if kit.files:
        merge_kit(scenario, [r for r in kit.reports if r.path is not None and r.pages],
                  folder / "kit.pdf")
        kit.files.append(folder / "kit.pdf")
    if options.png_dpi:
        from toolkit.pnp.png import write_card_pngs
        pngs = write_card_pngs(scenario, folder / "png", options)
        kit.reports[0].files.extend(pngs)
        kit.files.extend(pngs)
    write_manifest(scenario, kit, options)
    kit.files.append(folder / "manifest.json")
    return kit


def _calibration(path: Path, options: PressOptions) -> ComponentReport:
    from toolkit.pnp.imposition import draw_calibration
    from toolkit.pnp.pdfout import pdf_canvas
    with pdf_canvas(path, options, "Duplex calibration") as c:
        draw_calibration(c, options)
    return ComponentReport("calibration", path, 2, {"pages": 2}, [("Front and back", 0)])


def merge_kit(scenario: Any, reports: list[ComponentReport], path: Path) -> None:
    """kit.pdf: the component PDFs in order, with a two-level outline."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for report in reports:
        start = len(writer.pages)
        writer.append(PdfReader(str(report.path)), import_outline=False)
        parent = writer.add_outline_item(title=COMPONENT_TITLES.get(report.name, report.name.title()),
                                         page_number=start)
        for title, page in report.sections:
            if 0 <= page < report.pages:
                writer.add_outline_item(title=title, page_number=start + page, parent=parent)
    writer.add_metadata({"/Title": f"{scenario.title}: print-and-play kit", "/Creator": "frontkit"})
    writer.page_mode = "/UseOutlines"
    with open(path, "wb") as fh:
        writer.write(fh)


def write_manifest(scenario: Any, kit: Kit, options: PressOptions) -> None:
    from pypdf import PdfReader

    files = []
    for f in kit.files:
        entry: dict[str, Any] = {"path": f.relative_to(kit.folder).as_posix(), "bytes": f.stat().st_size}
        if f.suffix == ".pdf":
            entry["pages"] = len(PdfReader(str(f)).pages)
        files.append(entry)
    manifest = {
        "scenario": scenario.title,
        "source": str(scenario.path),
        "source_hash": getattr(scenario, "source_hash", ""),
        "options": {
            "paper": options.paper, "backs": options.backs,
            "bleed_mm": None if options.bleed is None else round(options.bleed / MM, 3),
            "back_offset_mm": [round(v / MM, 3) for v in options.back_offset],
            "fit": options.fit, "png_dpi": options.png_dpi,
        },
        "files": files,
        "components": {r.name: {"file": r.path.name if r.path else None, "pages": r.pages,
                                "counts": r.counts, "total": sum(r.counts.values())}
                       for r in kit.reports},
        "warnings": kit.warnings,
        "skipped": kit.notes,
    }
    (kit.folder / "manifest.json").write_text(jsontext.dumps(manifest, indent=2) + "\n")


def progress_bar(total: int, quiet: bool, stream: Any = None):
    """A tqdm bar on stderr when it is a terminal and not quiet; else None."""
    stream = stream if stream is not None else sys.stderr
    if quiet or not getattr(stream, "isatty", lambda: False)():
        return None
    from tqdm import tqdm
    return tqdm(total=total, file=stream, unit="item", desc="press", leave=False)

"""The print-and-play kit: every component PDF, kit.pdf with an outline, manifest.json.

    build_kit(scenario, out_dir, options) -> Kit

writes into out_dir:
  cards.pdf, counters.pdf     this package (imposed, with backs per options.backs)
  boards.pdf, sheets.pdf      toolkit.pnp.boards.write_boards / sheets.write_sheets
  calibration.pdf             duplex only: the page pair that measures printer drift
  kit.pdf                     all of the above, one outline entry per component and
                              one child per section (deck, side, board, sheet)
  png/DECK/CARD[-back].png    with options.png_dpi or --for thegamecrafter
  printerstudio/, drivethru/  with --for printerstudio, drivethrucards (toolkit.pnp.services)
  manifest.json               every file (pages, bytes) and the count of every component

A component with nothing to print writes no file. A component whose module is
not available (or not finished) is skipped with a note in the manifest rather
than failing the whole kit.
"""

from __future__ import annotations

import dataclasses
import sys

from toolkit import jsontext
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
    extras: list[ComponentReport] = field(default_factory=list)  # proof.pdf: not in kit.pdf
    double_sided: bool = False  # kit.pdf laid out for double-sided printing
    blank_pages: int = 0  # blank backs merge_kit added for that
    folders: dict[str, str] = field(default_factory=dict)  # a print service's folder: what is in it

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
        report.pages = pdf_pages(path)
    return report


def count_items(scenario: Any) -> int:
    from toolkit.pnp.counters import counter_counts
    from toolkit.pnp.press import effective
    scenario = effective(scenario)
    cards = sum(d.size for d in scenario.decks.values())
    return cards + sum(n for _, piece, n in counter_counts(scenario) if piece.fields.get("optional") is not True)


def build_kit(scenario: Any, folder: Path, options: PressOptions,
              progress: Any | None = None) -> Kit:
    """Write the whole kit; `progress` is a tqdm-like object (update(n)) or None."""
    from toolkit.pnp.boards import write_boards
    from toolkit.pnp.cards import write_cards
    from toolkit.pnp.counters import write_counters
    from toolkit.pnp.sheets import write_sheets

    folder.mkdir(parents=True, exist_ok=True)
    kit = Kit(folder)
    images = _start_images(scenario, folder, options)  # first: workers rasterise meanwhile
    tick = (lambda: progress.update(1)) if progress is not None else None

    try:
        kit.reports.append(write_cards(scenario, folder / "cards.pdf", options, tick))
        kit.reports.append(write_counters(scenario, folder / "counters.pdf", options, tick))
        for name, writer in (("boards", write_boards), ("sheets", write_sheets)):
            path = folder / f"{name}.pdf"
            kit.reports.append(_as_report(name, writer(scenario, path, options), path))
            if progress is not None:
                progress.update(1)
    except BaseException:
        for png in images:
            png.work.cancel()
        raise
    if options.backs == "duplex" and any(r.pages for r in kit.reports if r.name in ("cards", "counters")):
        kit.reports.append(_calibration(folder / "calibration.pdf", options))
    kit.notes.extend(note for r in kit.reports for note in r.notes)
    kit.files = [r.path for r in kit.reports if r.path is not None and r.pages]
    if options.proof:  # for review, not for printing: kept out of kit.pdf
        from toolkit.pnp.proof import write_proof
        proof = write_proof(scenario, folder / "proof.pdf", options)
        if proof.pages:
            kit.extras.append(proof)
    if kit.files:
        kit.double_sided = options.backs == "duplex"
        kit.blank_pages = merge_kit(scenario, [r for r in kit.reports if r.path is not None and r.pages],
                                    folder / "kit.pdf", kit.double_sided)
        kit.files.append(folder / "kit.pdf")
    kit.files += [r.path for r in kit.extras]
    _service_files(scenario, kit, options, images)
    write_manifest(scenario, kit, options)
    kit.files.append(folder / "manifest.json")
    return kit


def _start_images(scenario: Any, folder: Path, options: PressOptions) -> list:
    """The image exports asked for (`--png`, `--for thegamecrafter`, `--for printerstudio`),
    started: their workers draw while the vector PDFs are built."""
    from toolkit.pnp.png import PngExport

    exports = []
    if options.png_dpi or "thegamecrafter" in options.services:
        exports.append(PngExport(scenario, folder / "png",
                                 dataclasses.replace(options, service="thegamecrafter")))
    if "printerstudio" in options.services:
        exports.append(PngExport(scenario, folder / "printerstudio",
                                 dataclasses.replace(options, service="printerstudio", png_dpi=None)))
    return exports


def _service_files(scenario: Any, kit: Kit, options: PressOptions, images: list) -> None:
    """Finish the image exports and write DriveThruCards' PDFs; say in `kit.folders`
    what each service's folder holds and add what they noted to the kit's notes."""
    notes: list[str] = []
    if "drivethrucards" in options.services:
        from toolkit.pnp.printshop import write_drivethru
        kit.files += write_drivethru(scenario, kit.folder / "drivethru", options, notes)
        kit.folders["drivethru"] = ("for DriveThruCards: one PDF per deck, one card a page, "
                                    "each copy back then front, CMYK")
    for png in images:
        files = png.finish(_board_pages(kit))
        kit.reports[0].files.extend(files)
        kit.files.extend(files)
        notes += png.notes
        what = "card, counter and board page" if png.service.counters else "card"
        kit.folders[png.folder.name] = (f"for {png.service.title}: one image per face of every {what} "
                                        f"at {png.dpi} dpi; {png.folder.name}/manifest.csv gives the quantities")
    said: dict[str, list[str]] = {}  # one note for every shop that says the same
    for note in notes:
        shop, _, what = note.partition(": ")
        said.setdefault(what, []).append(shop)
    kit.notes.extend(f"{', '.join(dict.fromkeys(shops))}: {what}" for what, shops in said.items())


def _board_pages(kit: Kit) -> tuple[Path, list[tuple[str, int, int]]] | None:
    """boards.pdf and, per board, (name, first page, pages) for the PNG export."""
    report = next((r for r in kit.reports if r.name == "boards" and r.path is not None and r.pages), None)
    if report is None:
        return None
    starts = [page for _, page in report.sections] + [report.pages]
    return report.path, [(name, starts[i], starts[i + 1] - starts[i]) for i, name in enumerate(report.counts)]


def _calibration(path: Path, options: PressOptions) -> ComponentReport:
    from toolkit.pnp.imposition import draw_calibration
    from toolkit.pnp.pdfout import pdf_canvas
    with pdf_canvas(path, options, "Duplex calibration") as c:
        draw_calibration(c, options)
    return ComponentReport("calibration", path, 2, {"pages": 2}, [("Front and back", 0)], sides="pairs")


def merge_kit(scenario: Any, reports: list[ComponentReport], path: Path,
              double_sided: bool = False) -> int:
    """kit.pdf: the component PDFs in order, with a two-level outline; returns the blank
    pages added.

    `double_sided` (the kit has duplex backs, so it is printed double-sided): every
    component starts on a front, and each page of a one-sided component ("single":
    boards, fold sheets) gets a blank back, so nothing lands on another thing's back.

    Merged with pikepdf (qpdf), which copies the pages' objects as they are: pypdf read
    and cloned every object of every page in Python, a tenth of a whole build.
    """
    import pikepdf

    kit = pikepdf.Pdf.new()
    blanks = 0

    def blank() -> None:
        nonlocal blanks
        box = kit.pages[-1].mediabox
        kit.add_blank_page(page_size=(float(box[2]) - float(box[0]), float(box[3]) - float(box[1])))
        blanks += 1

    outline: list[tuple[str, int, list[tuple[str, int]]]] = []
    sources = []  # kept open until kit.pdf is written: its pages are copied from them
    try:
        for report in reports:
            if double_sided and len(kit.pages) % 2:
                blank()
            start = len(kit.pages)
            where: list[int] = []  # kit page of each of the component's pages
            sources.append(pikepdf.Pdf.open(report.path))
            for page in sources[-1].pages:
                where.append(len(kit.pages))
                kit.pages.append(page)
                if double_sided and report.sides == "single":
                    blank()
            outline.append((COMPONENT_TITLES.get(report.name, report.name.title()), start,
                            [(title, where[page]) for title, page in report.sections if 0 <= page < len(where)]))
        _write_outline(kit, outline)
        kit.docinfo["/Title"] = f"{scenario.title}: print-and-play kit"
        kit.docinfo["/Creator"] = "frontkit"
        kit.Root.PageMode = pikepdf.Name.UseOutlines
        kit.save(path)
    finally:
        for source in sources:
            source.close()
    return blanks


def _write_outline(kit: Any, outline: list[tuple[str, int, list[tuple[str, int]]]]) -> None:
    """One outline entry per component (at its first page), one child per section."""
    from pikepdf import OutlineItem

    with kit.open_outline() as tree:
        for title, page, sections in outline:
            item = OutlineItem(title, page)
            item.children.extend(OutlineItem(child, where) for child, where in sections)
            tree.root.append(item)


def pdf_pages(path: Path) -> int:
    """The pages of a PDF (qpdf reads only the page tree)."""
    import pikepdf

    with pikepdf.Pdf.open(path) as pdf:
        return len(pdf.pages)


def write_manifest(scenario: Any, kit: Kit, options: PressOptions) -> None:
    files = []
    for f in kit.files:
        entry: dict[str, Any] = {"path": f.relative_to(kit.folder).as_posix(), "bytes": f.stat().st_size}
        if f.suffix == ".pdf":
            entry["pages"] = pdf_pages(f)
        files.append(entry)
    manifest = {
        "scenario": scenario.title,
        "source": str(scenario.path),
        "source_hash": getattr(scenario, "source_hash", ""),
        "options": {
            "paper": options.paper, "backs": options.backs,
            "bleed_mm": None if options.bleed is None else round(options.bleed / MM, 3),
            "back_offset_mm": [round(v / MM, 3) for v in options.back_offset],
            "fit": options.fit, "png_dpi": options.png_dpi, "cmyk": options.cmyk,
            "for": list(options.services),
        },
        "files": files,
        "folders": kit.folders,
        "components": {r.name: {"file": r.path.name if r.path else None, "pages": r.pages,
                                "counts": r.counts, "total": sum(r.counts.values())}
                       for r in kit.reports + kit.extras},
        "kit": {"double_sided": kit.double_sided, "blank_pages": kit.blank_pages},
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

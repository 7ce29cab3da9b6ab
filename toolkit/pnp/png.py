"""PNG export for print services: one image per item face, bleed included, with a manifest.

`write_pngs(scenario, folder, options)` writes, at `options.png_dpi`:

  png/DECK/CARD.png, CARD-back.png          every card of every deck (each card once)
  png/counters/SIDE-PIECE.png, -back.png    every counter (each kind once per side)
  png/boards/BOARD-N.png                    every page of boards.pdf (tiles included)
  png/manifest.csv, png/manifest.json       every file with its kind, deck or side, name,
                                            face, quantity and size in pixels (The Game
                                            Crafter's upload wants the quantities)

An image covers the item's bleed box, so a poker card (63.5 x 88.9 mm) with 1/8 in
bleed at 300 dpi is exactly 825 x 1125 px. The work goes to a pool of worker
processes, one per core, forked with the faces in hand: each draws a chunk of faces
one per page into a temporary PDF whose page is the bleed box and rasterises it with
pypdfium2 straight to RGB (without it, pdftoppm over the page range with
`-scale-to-x/-y`); `write_rgb` packs the bitmap's rows unfiltered with ISA-L's deflate (isal;
zlib without it). The main process meanwhile only tells the faces apart and builds
the vector PDFs. A face drawn the same as another (the one back design of a deck) is
rasterised once and copied. Pixel sizes are round half up of size x dpi / 72; a
renderer landing a pixel off is corrected by resampling.

Not done: rasterising the imposed sheets of cards.pdf once and cutting the items out.
Items there may share cut lines (their art stops at the shared cut, with no bleed) and
sit beside crop marks, so an image cut from a sheet would not carry the item's own
bleed; a face of its own is exact.
"""

from __future__ import annotations

import csv
import json
import math
import os
import re
import shutil
import struct
import subprocess
import tempfile
import zlib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Callable

from toolkit.pnp.cards import card_items
from toolkit.pnp.counters import counter_items
from toolkit.pnp.pdfout import pdf_canvas
from toolkit.pnp.press import effective
from toolkit.pnp.render import PressError, Renderer
from toolkit.pnp.services import SERVICES, for_service
from toolkit.pnp.units import PressOptions

MANIFEST_FIELDS = ("file", "kind", "group", "name", "face", "quantity", "width_px", "height_px")


@dataclass
class Face:
    """One image to write: where, what, how many, and how to draw it."""

    file: str  # relative to the png folder
    kind: str  # card | counter | board
    group: str  # the deck, the side ("" for markers), the board
    name: str
    face: str  # front | back
    quantity: int
    width: float  # trim, points
    height: float
    bleed: float
    draw: Callable[[Any], None] | None

    @property
    def page(self) -> tuple[float, float]:
        return (self.width + 2 * self.bleed, self.height + 2 * self.bleed)


def pixel_size(width_pt: float, height_pt: float, dpi: int) -> tuple[int, int]:
    """Pixels for a page at `dpi`, halves rounded up (412.5 → 413), immune to mm→pt noise."""
    def px(v: float) -> int:
        return math.floor(round(v * dpi / 72, 6) + 0.5)
    return px(width_pt), px(height_pt)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_+.-]+", "-", text).strip("-") or "item"


def _distinct(items: list) -> list[tuple[Any, int]]:
    seen: dict[str, list] = {}
    for item in items:
        seen.setdefault(item.label, [item, 0])[1] += 1
    return [(item, n) for item, n in seen.values()]


def card_faces(scenario: Any, renderer: Renderer, options: PressOptions,
               notes: list[str] | None = None) -> list[Face]:
    faces = []
    for deck, items in card_items(scenario, renderer, options, notes if notes is not None else []):
        for item, n in _distinct(items):
            name = _slug(item.label.split("/", 1)[1].replace(" / ", "+").replace(" (", "-"))
            for face, draw in (("front", item.front), ("back", item.back)):
                if draw is not None:
                    file = f"{_slug(deck.name)}/{name}{'-back' if face == 'back' else ''}.png"
                    faces.append(Face(file, "card", deck.name, name, face, n, item.width, item.height,
                                      item.bleed, draw))
    return faces


def counter_faces(scenario: Any, renderer: Renderer, options: PressOptions) -> list[Face]:
    faces = []
    for _, entries in counter_items(scenario, renderer, options):
        for item, n in _distinct([item for _, item in entries]):
            who = item.label.removeprefix("counter ")
            side, _, piece = who.rpartition("/")
            name = _slug(who.replace("/", "-"))
            for face, draw in (("front", item.front), ("back", item.back)):
                if draw is not None:
                    file = f"counters/{name}{'-back' if face == 'back' else ''}.png"
                    faces.append(Face(file, "counter", side, piece, face, n, item.width, item.height,
                                      item.bleed, draw))
    return faces


# ----------------------------------------------------------------- rasterising

try:  # ISA-L's deflate: the same PNG bytes a zlib reader reads, about 5x faster than zlib
    from isal.isal_zlib import compress as _deflate
except ImportError:  # pragma: no cover - isal is in the png and test extras
    from zlib import compress as _deflate

DEFLATE_LEVEL = 1  # isal takes 0-3, zlib 0-9: 1 is fast in both, and flat printed art packs well at it
CHUNK = 24  # faces a worker draws and rasterises at a time: small enough to share the work out evenly


def write_png(path: Path, image: Any, dpi: int) -> None:
    """An RGB PIL image as PNG (see `write_rgb`)."""
    image = image.convert("RGB") if image.mode != "RGB" else image
    write_rgb(path, image.size, image.tobytes(), 3 * image.size[0], dpi)


def write_rgb(path: Path, size: tuple[int, int], pixels: Any, stride: int, dpi: int) -> None:
    """Rows of RGB bytes (`stride` bytes apart in `pixels`, any buffer) as PNG: rows
    unfiltered, deflated at level 1 (ISA-L when installed), the resolution in pHYs. Flat
    printed art packs about as well as with Pillow's adaptive filters, several times
    faster (PNG writing was most of the export's work)."""
    w, h = size
    view, row = memoryview(pixels).cast("B"), 3 * w
    zero = b"\x00"  # each row: its filter type (0, none), then its pixels
    rows = b"".join(part for y in range(h) for part in (zero, view[y * stride:y * stride + row]))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    ppm = round(dpi / 0.0254)  # pixels per metre
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                     + chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1))
                     + chunk(b"IDAT", _deflate(rows, DEFLATE_LEVEL)) + chunk(b"IEND", b""))


def _render_pages(pdf: str, pages: list[int], outs: list[str], size: tuple[int, int], dpi: int) -> None:
    """Pages of `pdf` (0-based) to PNG files of exactly `size` pixels."""
    try:
        import pypdfium2 as pdfium
    except ImportError:
        pdfium = None
    if pdfium is not None:
        doc = pdfium.PdfDocument(pdf)
        try:
            for i, out in zip(pages, outs):
                page = doc[i]
                pw, ph = page.get_size()
                # pdfium rounds a page's pixels up: a hair under the exact scale lands on `size`
                scale = min(size[0] / pw, size[1] / ph) * (1 - 1e-7)
                bitmap = page.render(scale=scale, rev_byteorder=True)  # RGB, no alpha: as written
                if (bitmap.width, bitmap.height) == size and bitmap.n_channels == 3:
                    write_rgb(Path(out), size, bitmap.buffer, bitmap.stride, dpi)
                else:  # a pixel off, or a format other than plain RGB
                    write_png(Path(out), bitmap.to_pil().convert("RGB").resize(size), dpi)
        finally:
            doc.close()
        return
    exe = shutil.which("pdftoppm")
    if not exe:
        raise PressError("PNG export needs pypdfium2 (pip install pypdfium2) or pdftoppm (poppler-utils)")
    prefix = Path(outs[0]).with_suffix("").as_posix() + "-p"
    cmd = [exe, "-png", "-r", str(dpi), "-scale-to-x", str(size[0]), "-scale-to-y", str(size[1]),
           "-f", str(pages[0] + 1), "-l", str(pages[-1] + 1), pdf, prefix]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise PressError(f"pdftoppm failed on {pdf}: {done.stderr.strip()}")
    made = sorted(Path(prefix).parent.glob(Path(prefix).name + "-*.png"),
                  key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    for src, out in zip(made, outs):
        shutil.move(str(src), out)


# The faces a worker process draws: handed over when the pool forks (a face's drawing
# is a closure over the scenario, which pickling cannot carry), so the main process
# goes straight on to the vector build while the workers draw and rasterise.
_faces: list[Face] = []


def _adopt(faces: list[Face]) -> None:
    global _faces
    _faces = faces


def _draw_and_render(indexes: list[int], tmp: str, outs: list[str], size: tuple[int, int], dpi: int,
                     faces: list[Face] | None = None) -> None:
    """Faces `indexes` (of the adopted list, or of `faces`), all of one page size, drawn
    one a page into a PDF of their own, then rasterised."""
    faces = _faces if faces is None else faces
    pdf = Path(tmp) / f"faces-{indexes[0]}.pdf"
    with pdf_canvas(pdf, PressOptions(), "faces") as c:
        for i in indexes:
            f = faces[i]
            w, h = f.page
            c.setPageSize((w, h))
            c.setBleedBox((0, 0, w, h))
            c.setTrimBox((f.bleed, f.bleed, f.bleed + f.width, f.bleed + f.height))
            c.translate(f.bleed, f.bleed)
            f.draw(c)
            c.showPage()
    _render_pages(str(pdf), list(range(len(indexes))), outs, size, dpi)
    pdf.unlink()


def workers() -> int:
    return max(1, min(8, os.cpu_count() or 1))


class Rasterising:
    """Faces being drawn and rasterised in worker processes: `start` hands them to the
    workers, `finish` waits, copies the duplicates and returns each file's pixel size.
    Between the two the caller may do other work (the kit builds its vector PDFs
    meanwhile, so the two share the cores)."""

    def __init__(self, faces: list[Face], folder: Path, dpi: int) -> None:
        self.folder, self.dpi, self.sizes = folder, dpi, {}
        self.tmp = tempfile.TemporaryDirectory(prefix="frontkit-png-")
        self.pool: ProcessPoolExecutor | None = None
        self.futures: list = []
        self.faces = faces
        self.copies: list[tuple[Face, Face]] = []
        if workers() > 1:
            self.pool = ProcessPoolExecutor(max_workers=workers(), mp_context=get_context("fork"),
                                            initializer=_adopt, initargs=(faces,))
        # a chunk goes to the workers as soon as it is full, so they draw and rasterise
        # while the rest of the faces are told apart (a face's key fills its templates)
        unique: dict[Any, int] = {}
        chunks: dict[tuple[float, float], list[int]] = {}
        step = max(1, min(CHUNK, math.ceil(len(faces) / workers())))
        for i, f in enumerate(faces):
            key = f.draw.key() if hasattr(f.draw, "key") else id(f)
            if key in unique:
                self.copies.append((f, faces[unique[key]]))
                continue
            unique[key] = i
            page = (round(f.page[0], 3), round(f.page[1], 3))
            chunk = chunks.setdefault(page, [])
            chunk.append(i)
            if len(chunk) == step:
                self._draw(chunks.pop(page))
        for chunk in chunks.values():
            self._draw(chunk)

    def _draw(self, chunk: list[int]) -> None:
        """Faces of one page size drawn and rasterised by a worker (or here, with one core)."""
        size = pixel_size(*self.faces[chunk[0]].page, self.dpi)
        outs = []
        for i in chunk:
            out = self.folder / self.faces[i].file
            out.parent.mkdir(parents=True, exist_ok=True)
            self.sizes[self.faces[i].file] = size
            outs.append(str(out))
        job = (chunk, self.tmp.name, outs, size, self.dpi)
        if self.pool is None:
            _draw_and_render(*job, faces=self.faces)
        else:
            self.futures.append(self.pool.submit(_draw_and_render, *job))

    def cancel(self) -> None:
        """Stop (the build failed): no more rasterising, the temporary files removed."""
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
        self.tmp.cleanup()

    def add(self, jobs: list[tuple]) -> None:
        """More `_render_pages` jobs (board pages, once boards.pdf exists)."""
        if self.pool is None:
            for job in jobs:
                _render_pages(*job)
        else:
            self.futures += [self.pool.submit(_render_pages, *job) for job in jobs]

    def finish(self) -> dict[str, tuple[int, int]]:
        try:
            for future in self.futures:
                future.result()
        finally:
            if self.pool is not None:
                self.pool.shutdown()
            self.tmp.cleanup()
        for f, same in self.copies:
            (self.folder / f.file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.folder / same.file, self.folder / f.file)
            self.sizes[f.file] = self.sizes[same.file]
        return self.sizes


def rasterise(faces: list[Face], folder: Path, dpi: int) -> dict[str, tuple[int, int]]:
    """Write every face's PNG under `folder`; returns each file's pixel size."""
    return Rasterising(faces, folder, dpi).finish()


def board_jobs(boards_pdf: Path, folder: Path, dpi: int, names: list[tuple[str, int, int]]
               ) -> tuple[list[dict], list[tuple]]:
    """Every page of boards.pdf as png/boards/BOARD-N.png: the manifest rows and the
    `_render_pages` jobs that write them; `names` (board, first page, pages)."""
    if not boards_pdf.is_file():
        return [], []
    from pypdf import PdfReader
    pages = PdfReader(str(boards_pdf)).pages
    rows, jobs = [], []
    for board, first, count in names:
        for k in range(count):
            page = pages[first + k]
            size = pixel_size(float(page.mediabox.width), float(page.mediabox.height), dpi)
            file = f"boards/{_slug(board)}-{k + 1}.png"
            (folder / file).parent.mkdir(parents=True, exist_ok=True)
            jobs.append((str(boards_pdf), [first + k], [str(folder / file)], size, dpi))
            rows.append({"file": file, "kind": "board", "group": board, "name": f"page {k + 1}",
                         "face": "front", "quantity": 1, "width_px": size[0], "height_px": size[1]})
    return rows, jobs


def write_manifest(folder: Path, rows: list[dict]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "manifest.csv", "w", newline="") as fh:
        out = csv.DictWriter(fh, fieldnames=MANIFEST_FIELDS)
        out.writeheader()
        out.writerows(rows)
    (folder / "manifest.json").write_text(json.dumps({"images": rows}, indent=2) + "\n")
    return [folder / "manifest.csv", folder / "manifest.json"]


class PngExport:
    """`--png` and the image services of `--for`: started before the vector build (cards
    and counters rasterise meanwhile), finished after it (board pages, the manifest).

    The cards are placed on the service's card sizes with its bleed (`options.service`,
    The Game Crafter's when none is set: `--png` alone makes its files); counters and
    board pages only for a service that prints them."""

    def __init__(self, scenario: Any, folder: Path, options: PressOptions) -> None:
        options = for_service(options, options.service or "thegamecrafter")
        self.service = SERVICES[str(options.service)]
        self.folder, self.dpi = folder, int(options.png_dpi or 0)
        self.notes: list[str] = []
        scenario = effective(scenario)
        renderer = Renderer.for_scenario(scenario)
        self.faces = card_faces(scenario, renderer, options, self.notes)
        if self.service.counters:
            self.faces += counter_faces(scenario, renderer, options)
        self.work = Rasterising(self.faces, folder, self.dpi)

    def finish(self, boards: tuple[Path, list[tuple[str, int, int]]] | None = None) -> list[Path]:
        board_rows: list[dict] = []
        if boards is not None and self.service.counters:
            board_rows, jobs = board_jobs(boards[0], self.folder, self.dpi, boards[1])
            self.work.add(jobs)
        sizes = self.work.finish()
        rows = [{"file": f.file, "kind": f.kind, "group": f.group, "name": f.name, "face": f.face,
                 "quantity": f.quantity, "width_px": sizes[f.file][0], "height_px": sizes[f.file][1]}
                for f in self.faces] + board_rows
        return [self.folder / r["file"] for r in rows] + write_manifest(self.folder, rows)


def write_pngs(scenario: Any, folder: Path, options: PressOptions,
               boards: tuple[Path, list[tuple[str, int, int]]] | None = None) -> list[Path]:
    """Every card, counter and board page as PNG, and the manifest; returns the files."""
    if not options.png_dpi:
        return []
    return PngExport(scenario, folder, options).finish(boards)


def write_card_pngs(scenario: Any, folder: Path, options: PressOptions) -> list[Path]:
    """The cards only (one PNG per card face and back, on The Game Crafter's card sizes
    unless `options.service` names another shop); returns the files written."""
    if not options.png_dpi:
        return []
    options = for_service(options, options.service or "thegamecrafter")
    scenario = effective(scenario)
    renderer = Renderer.for_scenario(scenario)
    faces = card_faces(scenario, renderer, options, [])
    rasterise(faces, folder, int(options.png_dpi or 0))
    return [folder / f.file for f in faces]

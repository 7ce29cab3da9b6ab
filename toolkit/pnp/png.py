"""PNG export for print services: one image per card face and back, bleed included.

Each card definition (not each copy) gets `png/DECK/CARD.png` and, when the
deck has a back layout, `png/DECK/CARD-back.png`. The image covers the bleed
box, so a poker card (63.5 x 88.9 mm) with 1/8 in bleed at 300 dpi is exactly
825 x 1125 px, what The Game Crafter asks for.

How: the faces of one deck are drawn as pages of a temporary PDF whose page
is the bleed box, then rasterised by pdftoppm (poppler) with `-scale-to-x`
and `-scale-to-y` set to the exact pixel size: pdftoppm's own rounding of
`-r DPI` can land a pixel short, an explicit size cannot. Without pdftoppm,
pypdfium2 renders the page and an off-by-one result is resampled to the
exact size with Pillow.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from toolkit.pnp.cards import DEFAULT_CARD, card_context, deck_context, layout_bleed, scenario_context
from toolkit.pnp.colours import side_colour
from toolkit.pnp.pdfout import pdf_canvas
from toolkit.pnp.press import effective
from toolkit.pnp.render import PressError, Renderer
from toolkit.pnp.units import PressOptions, to_points


def pixel_size(width_pt: float, height_pt: float, dpi: int) -> tuple[int, int]:
    """Pixels for a page at `dpi`, halves rounded up (412.5 → 413), immune to mm→pt noise."""
    def px(v: float) -> int:
        return math.floor(round(v * dpi / 72, 6) + 0.5)
    return px(width_pt), px(height_pt)


def _rasterise(pdf: Path, out_prefix: Path, size: tuple[int, int], dpi: int) -> list[Path]:
    """Every page of `pdf` to out_prefix-N.png at exactly `size` pixels."""
    exe = shutil.which("pdftoppm")
    if exe:
        cmd = [exe, "-png", "-r", str(dpi), "-scale-to-x", str(size[0]), "-scale-to-y",
               str(size[1]), str(pdf), str(out_prefix)]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise PressError(f"pdftoppm failed on {pdf}: {done.stderr.strip()}")
        return sorted(out_prefix.parent.glob(out_prefix.name + "-*.png"),
                      key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    try:
        import pypdfium2 as pdfium
    except ImportError:
        raise PressError("PNG export needs pdftoppm (poppler-utils) or pypdfium2") from None
    doc = pdfium.PdfDocument(str(pdf))
    out = []
    for i in range(len(doc)):
        image = doc[i].render(scale=dpi / 72).to_pil().convert("RGB")
        if image.size != size:
            image = image.resize(size)
        path = out_prefix.parent / f"{out_prefix.name}-{i + 1}.png"
        image.save(path, dpi=(dpi, dpi))
        out.append(path)
    return out


def write_card_pngs(scenario: Any, folder: Path, options: PressOptions) -> list[Path]:
    """One PNG per card face and back; returns the files written."""
    dpi = options.png_dpi
    if not dpi:
        return []
    scenario = effective(scenario)
    renderer = Renderer.for_scenario(scenario)
    sctx = scenario_context(scenario)
    written: list[Path] = []
    for deck in scenario.decks.values():
        if not deck.cards:
            continue
        front = scenario.layouts.get(deck.layout) if deck.layout else DEFAULT_CARD
        back = scenario.layouts.get(deck.back) if deck.back else None
        if back is not None and "back_from" in back.fields:
            back = None  # double-sided: each face already has its own image
        if front is None:
            raise PressError(f"deck {deck.name}: no layout named {deck.layout!r}")
        bleed = layout_bleed(front, options)
        w, h = to_points(front.width), to_points(front.height)
        page = (w + 2 * bleed, h + 2 * bleed)
        size = pixel_size(page[0], page[1], dpi)
        target = folder / deck.name
        target.mkdir(parents=True, exist_ok=True)
        names: list[str] = []
        with tempfile.TemporaryDirectory() as tmp:
            pdf = Path(tmp) / "faces.pdf"
            opts = PressOptions(paper=options.paper)
            with pdf_canvas(pdf, opts, f"{deck.title}: faces") as c:
                dctx = deck_context(deck)
                for card in deck.cards:
                    side = scenario.sides[0] if deck.fields.flag("each_side") and scenario.sides else None
                    ctx = {"card": card_context(card, 1, side), "deck": dctx, "scenario": sctx,
                           "side": side or "", "side_colour": side_colour(scenario, side)}
                    faces = [(card.name, front)] + ([(f"{card.name}-back", back)] if back else [])
                    for name, layout in faces:
                        c.setPageSize(page)
                        c.setBleedBox((0, 0, page[0], page[1]))
                        c.setTrimBox((bleed, bleed, bleed + w, bleed + h))
                        c.translate(bleed, bleed)
                        renderer.face(c, layout, ctx, f"card {deck.name}/{name}", bleed)
                        c.showPage()
                        names.append(name)
            pages = _rasterise(pdf, Path(tmp) / "p", size, dpi)
            if len(pages) != len(names):
                raise PressError(f"deck {deck.name}: expected {len(names)} images, got {len(pages)}")
            for name, src in zip(names, pages):
                dest = target / f"{name}.png"
                shutil.move(str(src), dest)
                written.append(dest)
    return written

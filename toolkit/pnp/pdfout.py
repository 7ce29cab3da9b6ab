"""Writing one PDF with ReportLab: canvas set-up shared by cards and counters.

`pdf_canvas` yields a canvas and saves it on exit. Inside it, streams are
written compressed but not ASCII85-armoured (ReportLab's default armour makes
files 25% larger and, without its C accelerator, costs more time than all the
drawing); the setting is restored afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.colours import colour_space
from toolkit.pnp.fonts import FontBook
from toolkit.pnp.units import PressOptions


@contextmanager
def pdf_canvas(path: Path, options: PressOptions, title: str) -> Iterator[Canvas]:
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        # the canvas names an initial font on every page; make it an embedded one
        # so that no unembedded Helvetica reference reaches a print shop
        initial = FontBook().resolve(None)
        c = Canvas(str(path), pagesize=options.page_size, pageCompression=1,
                   initialFontName=initial, enforceColorSpace=colour_space(options))
        c.setTitle(title)
        c.setCreator("frontkit")
        yield c
        c.save()
    finally:
        rl_config.useA85 = saved


def pages_drawn(c: Canvas) -> int:
    """Pages finished so far (call before save)."""
    return c.getPageNumber() - 1

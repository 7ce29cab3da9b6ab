"""Print-service PDFs: one PDF per deck in DriveThruCards' page order.

    write_drivethru(scenario, folder, options) -> list[Path]

writes `drivethru/DECK.pdf` for every deck: one card per page, the page being
DriveThruCards' card with 1/8 in (3.175 mm) of bleed on every side whatever the
layout's own bleed (a 63 x 88 mm card is placed at 100% on a poker card, so the page
is 2.75 x 3.75 in: toolkit.pnp.services), in CMYK as the shop asks, pages in pairs
for every copy of every card: its back, then its front. TrimBox and BleedBox are set
on every page. A card with no back gets a white back page, so the pairs never shift.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.pnp.cards import card_items
from toolkit.pnp.pdfout import pdf_canvas
from toolkit.pnp.press import effective
from toolkit.pnp.render import Renderer
from toolkit.pnp.services import for_service
from toolkit.pnp.units import PressOptions


def write_drivethru(scenario: Any, folder: Path, options: PressOptions,
                    notes: list[str] | None = None) -> list[Path]:
    """Every deck's PDF; what the build should say (a deck of no size the shop sells)
    goes to `notes`."""
    scenario = effective(scenario)
    renderer = Renderer.for_scenario(scenario)
    options = for_service(options, "drivethrucards")
    written = []
    for deck, items in card_items(scenario, renderer, options, notes if notes is not None else []):
        path = folder / f"{deck.name}.pdf"
        path.parent.mkdir(parents=True, exist_ok=True)
        with pdf_canvas(path, options, f"{deck.title}: DriveThruCards") as c:
            for item in items:
                b = item.bleed
                page = (item.width + 2 * b, item.height + 2 * b)
                for draw in (item.back, item.front):  # back, then front
                    c.setPageSize(page)
                    c.setBleedBox((0, 0, *page))
                    c.setTrimBox((b, b, b + item.width, b + item.height))
                    c.translate(b, b)
                    if draw is not None:
                        draw(c)
                    c.showPage()
        written.append(path)
    return written

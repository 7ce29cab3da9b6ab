"""Print services as presets: what each shop takes, and a declared card placed on its card.

    SERVICES["thegamecrafter"].card_for(63 * MM, 88 * MM) -> CardSize("poker", 180, 252)

A service sells cards of a few standard sizes (poker 2.5 x 3.5 in, bridge, mini, tarot)
and wants them with its own bleed at its own resolution, in its own file layout:

  thegamecrafter  png/DECK/CARD.png (+ -back), counters and board pages too, and
                  png/manifest.csv with the quantities its upload asks for; poker
                  825 x 1125 px (2.75 x 3.75 in at 300 dpi, 1/8 in bleed)
  drivethrucards  drivethru/DECK.pdf: one card a page, every copy back then front,
                  2.75 x 3.75 in pages for poker (1/8 in bleed), CMYK, TrimBox/BleedBox
  printerstudio   printerstudio/DECK/CARD.png (+ -back) and a manifest; poker
                  822 x 1122 px (0.12 in bleed at 300 dpi, as MakePlayingCards, its
                  sister shop, publishes)
  home            the kit itself: cards.pdf and the rest imposed on A4 or Letter with
                  crop marks, at the sizes the scenario declares (nothing extra)

A deck's declared card within PLACE_TOLERANCE of one of the service's sizes on both
axes is placed on it at 100%, centred: text keeps its size, and the few tenths of a
millimetre between the declared trim and the service's (a 63 x 88 mm card on a
63.5 x 88.9 mm poker card) are covered by the layout's bleed art, which the press
draws out to the service's bleed edge. A card no size is near keeps its own size,
with the service's bleed, and the build says so.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from toolkit.pnp.units import INCH, MM, PressOptions, to_points

PLACE_TOLERANCE = 2 * MM  # a declared card this close to a service's card is placed on it


@dataclass(frozen=True)
class CardSize:
    """A card size a service sells: its name in the shops' words and its trim in points."""

    name: str
    width: float
    height: float

    def __str__(self) -> str:
        return f"{self.name} ({self.width / INCH:g} x {self.height / INCH:g} in)"


POKER = CardSize("poker", 2.5 * INCH, 3.5 * INCH)
BRIDGE = CardSize("bridge", 2.25 * INCH, 3.5 * INCH)
MINI = CardSize("mini", 1.75 * INCH, 2.5 * INCH)
TAROT = CardSize("tarot", 2.75 * INCH, 4.75 * INCH)
STANDARD_CARDS = (POKER, BRIDGE, MINI, TAROT)


@dataclass(frozen=True)
class PrintService:
    """One shop's published card spec: sizes, bleed, resolution, files."""

    name: str  # as typed after --for
    title: str  # as the shop spells itself
    folder: str  # where its files go, inside the build's folder
    files: str  # "png": one image per card face; "pdf": one PDF per deck, back then front
    bleed: float
    dpi: int
    cards: tuple[CardSize, ...] = STANDARD_CARDS
    cmyk: bool = False
    counters: bool = False  # the shop also prints counters and boards from the same upload
    safe: float = INCH / 8  # text this far inside the cut at least: the shop may trim closer

    def card_for(self, width: float, height: float) -> CardSize | None:
        """The service's card a declared card is placed on, or None when none is near."""
        near = [c for c in self.cards
                if abs(c.width - width) <= PLACE_TOLERANCE + 1e-6
                and abs(c.height - height) <= PLACE_TOLERANCE + 1e-6]
        return min(near, key=lambda c: abs(c.width - width) + abs(c.height - height), default=None)


SERVICES: dict[str, PrintService] = {s.name: s for s in (
    PrintService("thegamecrafter", "The Game Crafter", "png", "png", INCH / 8, 300, counters=True),
    PrintService("drivethrucards", "DriveThruCards", "drivethru", "pdf", INCH / 8, 300, cmyk=True),
    PrintService("printerstudio", "PrinterStudio", "printerstudio", "png", 0.12 * INCH, 300),
)}
HOME = "home"
CHOICES = (*SERVICES, HOME)


def parse_services(text: str) -> tuple[str, ...]:
    """`"thegamecrafter,drivethrucards"` -> the names, in order; ValueError names a bad one."""
    names = []
    for part in str(text).split(","):
        name = part.strip().lower()
        if name not in CHOICES:
            raise ValueError(f"{part.strip()!r} is not a print service frontkit knows "
                             f"(choose from {', '.join(CHOICES)})")
        if name not in names:
            names.append(name)
    return tuple(names)


def service_note(service: PrintService, deck: str, width: float, height: float) -> str:
    """What the build says about a deck whose cards are no size the service sells."""
    sizes = ", ".join(str(c) for c in service.cards)
    return (f"{service.title}: {deck} ({width / MM:g} x {height / MM:g} mm) are not near any "
            f"card size the shop sells ({sizes}); written at their own size")


def for_service(options: PressOptions, name: str) -> PressOptions:
    """The options of one service's files: its cards, its resolution, its colours."""
    service = SERVICES[name]
    return dataclasses.replace(options, service=name, cmyk=options.cmyk or service.cmyk,
                               png_dpi=options.png_dpi or service.dpi)


@dataclass(frozen=True)
class Placed:
    """A face drawn at 100% with its trim's corner moved by (dx, dy): a declared card
    centred on a service's card. `key` tells faces apart as the inner face's does."""

    face: Any
    dx: float
    dy: float

    def __call__(self, c: Any) -> None:
        c.saveState()
        c.translate(self.dx, self.dy)
        self.face(c)
        c.restoreState()

    def key(self) -> tuple:
        inner = self.face.key() if hasattr(self.face, "key") else id(self.face)
        return ("placed", round(self.dx, 3), round(self.dy, 3), inner)


@dataclass(frozen=True)
class Placement:
    """Where a deck's declared card goes for a service: the trim to print, the bleed,
    the shift of the declared card, and the bleed to draw its art out to."""

    width: float
    height: float
    bleed: float
    dx: float = 0.0
    dy: float = 0.0

    @property
    def art_bleed(self) -> float:
        """How far beyond the declared trim the art must run to fill the service's bleed."""
        return self.bleed + max(self.dx, self.dy, 0.0)

    def place(self, face: Any) -> Any:
        return face if face is None or (self.dx == 0 and self.dy == 0) else Placed(face, self.dx, self.dy)


def placement(options: PressOptions, width: float, height: float, deck: str,
              notes: list[str], layouts: tuple = ()) -> Placement | None:
    """A deck's cards (declared width x height) for `options.service`, or None (home);
    what the shop would object to in the deck's `layouts` goes to `notes`."""
    if options.service is None:
        return None
    service = SERVICES[options.service]
    card = service.card_for(width, height)
    if card is None:
        notes.append(service_note(service, deck, width, height))
        where = Placement(width, height, service.bleed)
    else:
        where = Placement(card.width, card.height, service.bleed,
                          (card.width - width) / 2, (card.height - height) / 2)
    notes += [note for layout in layouts if layout is not None
              for note in safe_area_notes(service, where, layout, deck)]
    return where


SAFE_KINDS = ("text", "box", "icon")  # what a cut must not touch (art may run to the edge)


def outside_safe_area(service: PrintService, where: Placement, layout: Any) -> list[Any]:
    """The layout's text and icons that come within the service's safe area of its cut."""
    out = []
    for el in layout.elements:
        if el.kind not in SAFE_KINDS or el.w is None or el.h is None:
            continue
        x, y, w, h = (to_points(v) for v in (el.x, el.y, el.w, el.h))
        if el.fields.get("rotate") in (90, 270):  # turned about its centre
            x, y, w, h = x + (w - h) / 2, y + (h - w) / 2, h, w
        x, y = x + where.dx, y + where.dy
        if min(x, y, where.width - x - w, where.height - y - h) < service.safe - 0.01:
            out.append(el)
    return out


def safe_area_notes(service: PrintService, where: Placement, layout: Any, deck: str) -> list[str]:
    elements = outside_safe_area(service, where, layout)
    if not elements:
        return []
    lines = [str(el.pos.line) for el in elements]
    shown = ", ".join(lines[:6]) + (f" and {len(lines) - 6} more" if len(lines) > 6 else "")
    return [f"{service.title}: {deck}, layout {layout.name} ({elements[0].pos.path} "
            f"line{'s' if len(lines) > 1 else ''} {shown}): text within {inches(service.safe)} of "
            f"the cut, where the shop may trim it; keep it inside the shop's safe area"]


def inches(points: float) -> str:
    """`1/8 in`, `0.12 in`: a length as the shops write it."""
    fractions = {0.125: "1/8", 0.25: "1/4", 0.5: "1/2"}
    value = round(points / INCH, 4)
    return f"{fractions.get(value, f'{value:g}')} in"

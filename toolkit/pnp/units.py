"""Physical units, paper sizes and the options of one press run.

Everything in the press is measured in PDF points (1/72 inch). Lengths come
from the command line or a scenario as text (`"3mm"`, `"0.125in"`, `"2cm"`,
`"9pt"`, `"5/8in"`) or as `dsl.model.Length`; `to_points` accepts all of them.

    >>> to_points("0.125in")
    9.0
    >>> PAPER["a4"]
    (595.2755905511812, 841.8897637795277)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

POINTS_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4}
MM = POINTS_PER["mm"]
INCH = POINTS_PER["in"]

# portrait (width, height) in points
PAPER: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * INCH, 11 * INCH),
}

BACKS = ("duplex", "fold", "none")
MAX_BLEED = 6 * MM  # print shops ask 1/8 in (3.175 mm); large items at most 6 mm

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?)?)\s*(mm|cm|in|pt)\s*$")


def parse_length(text: str) -> float:
    """`"3mm"` → 8.50…; accepts mm, cm, in, pt and fractions (`"5/8in"`).

    Raises ValueError naming the text on anything else (a bare number has no unit
    and is refused: it is the most common mistake when sizes move between tools).
    """
    m = _LENGTH.match(str(text))
    if not m:
        raise ValueError(f"not a length: {text!r} (write a number and a unit: mm, cm, in or pt)")
    amount, unit = m.groups()
    if "/" in amount:
        num, den = amount.split("/")
        if float(den) == 0:
            raise ValueError(f"not a length: {text!r} (division by zero)")
        value = float(num) / float(den)
    else:
        value = float(amount)
    return value * POINTS_PER[unit]


def to_points(value: Any) -> float:
    """A Length (anything with `.points`), a length string, or a number already in points."""
    if value is None:
        raise ValueError("missing length")
    points = getattr(value, "points", None)
    if points is not None:
        return float(points)
    if isinstance(value, bool):
        raise ValueError(f"not a length: {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    return parse_length(str(value))


def parse_offset(text: str) -> tuple[float, float]:
    """`"1mm,-0.5mm"` → (x, y) in points; a single length applies to x only."""
    parts = [p for p in str(text).split(",")]
    if len(parts) == 1:
        return (parse_length(parts[0]), 0.0)
    if len(parts) != 2:
        raise ValueError(f"not an offset: {text!r} (write X,Y such as 1mm,-0.5mm)")
    return (parse_length(parts[0]), parse_length(parts[1]))


def check_bleed(points: float) -> float:
    """A bleed a print shop would accept (0 to 6 mm); ValueError says why not."""
    if points < 0:
        raise ValueError(f"{points / MM:g} mm: a bleed cannot be negative (0 means none)")
    if points > MAX_BLEED + 1e-6:
        raise ValueError(f"{points / MM:g} mm is more bleed than any print shop asks for "
                         f"(1/8 in = 3.175 mm is usual, 2-3 mm at home, at most 6 mm for large items); "
                         f"the extra would only eat the paper")
    return points


def paper_size(name: str) -> tuple[float, float]:
    try:
        return PAPER[name.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r} (use {' or '.join(PAPER)})") from None


@dataclass(frozen=True)
class PressOptions:
    """One press run. Lengths are points; `bleed=None` means "the layout's own bleed".

    paper        "a4" or "letter" (portrait; the imposer rotates nothing)
    backs        "duplex" (back pages mirrored for long-edge flipping), "fold"
                 (front and back on one sheet with a fold line) or "none"
    bleed        overrides every layout's bleed when set
    back_offset  (x, y) shift applied to every back page, to correct printer drift
    fit          boards: scale a board larger than the paper to fit one page
    png_dpi      also write one PNG per card face/back at this resolution
    margin       printable margin kept empty of art on every sheet edge (crop marks live in it)
    gutter       extra space between the bleed boxes of neighbouring items (0: bleeds touch)
    quiet        no progress bar
    proof        also write proof.pdf: one page per deck, every card face and back small
    cmyk         every colour written as CMYK (for print shops that ask for it)
    gang         decks of one card size share sheets (fewer part-filled sheets)
    butt         counters butted: neighbours share every cut line, no bleed between them
    share_cuts   (set by the press for an imposition) share cut lines on both axes
    optional     also print the counters of piece types marked `optional` (chits that
                 stand in for what players usually take from elsewhere, such as cubes)
    services     the print services to write files for besides the kit (`--for`,
                 toolkit.pnp.services: thegamecrafter, drivethrucards, printerstudio)
    service      (set by the press for one service's files) the cards are placed on
                 that service's card sizes with its bleed; None: as the layouts declare
    """

    paper: str = "a4"
    backs: str = "duplex"
    bleed: float | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    fit: bool = False
    png_dpi: int | None = None
    margin: float = 5 * MM
    gutter: float = 0.0
    quiet: bool = False
    optional: bool = False
    proof: bool = False
    cmyk: bool = False
    services: tuple[str, ...] = ()
    service: str | None = None
    gang: bool = False
    butt: bool = False
    share_cuts: bool = False

    def __post_init__(self) -> None:
        if self.paper.lower() not in PAPER:
            raise ValueError(f"unknown paper {self.paper!r} (use {' or '.join(PAPER)})")
        if self.backs not in BACKS:
            raise ValueError(f"unknown backs {self.backs!r} (use {', '.join(BACKS)})")
        if self.bleed is not None:
            check_bleed(self.bleed)
        if self.png_dpi is not None and not (36 <= self.png_dpi <= 2400):
            raise ValueError(f"--png {self.png_dpi}: choose a resolution between 36 and 2400 dpi")

    @property
    def page_size(self) -> tuple[float, float]:
        return PAPER[self.paper.lower()]

"""Text in a box: wrapping, shrink-to-fit and inline icons, drawn as real text.

Card text may name icons inline, either `:tank:` or `<icon name="tank"/>`;
an icon sits on the baseline, as wide as the font size is tall, and wraps
with the word it touches. A blank line starts a new paragraph (with half a
line of space); a single newline breaks the line.

Widths are measured once per word at 1 pt and scaled, so shrinking a box is
cheap: `fit_text` finds, by bisection over the half points from the largest
size down to the minimum, the largest size that fits.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

TAG = re.compile(r'<icon\s+name\s*=\s*"([A-Za-z][A-Za-z0-9_\-]*)"\s*/?>')
ICON = re.compile(r':([A-Za-z][A-Za-z0-9_\-]*):|<icon\s+name\s*=\s*"([^"]*)"\s*/?>')
ICON_SCALE = 1.0  # icon width and height, in font sizes
SHRINK_STEP = 0.5
SPACES = re.compile(r"[ \t]+")

# a word is a list of pieces: ("t", text) or ("i", icon name)
Piece = tuple[str, str]
Word = list[Piece]


def parse(text: str) -> list[list[Word] | None]:
    """Lines of words; None marks a paragraph gap (a blank line)."""
    out: list[list[Word] | None] = []
    blank = False
    text = TAG.sub(lambda m: ":" + m.group(1) + ":", text)  # one spelling of icons
    for raw in text.strip("\n").split("\n"):
        if not raw.strip():
            if out and not blank:
                out.append(None)
            blank = True
            continue
        blank = False
        words: list[Word] = []
        for chunk in SPACES.split(raw.strip()):  # not str.split(): a no-break space binds
            word: Word = []
            pos = 0
            for m in ICON.finditer(chunk):
                if m.start() > pos:
                    word.append(("t", chunk[pos:m.start()]))
                word.append(("i", m.group(1) or m.group(2)))
                pos = m.end()
            if pos < len(chunk):
                word.append(("t", chunk[pos:]))
            words.append(word)
        out.append(words)
    if out and out[-1] is None:
        out.pop()
    return out


def icons_in(text: str) -> list[str]:
    return [m.group(1) or m.group(2) for m in ICON.finditer(text)]


@dataclass
class Fitted:
    size: float
    lines: list[list[Word] | None]  # None: paragraph gap
    height: float
    overflow: bool


class Measure:
    """Word widths at 1 pt for one font, cached."""

    def __init__(self, font: str):
        self.font = font
        self._cache: dict[str, float] = {}
        self.space = stringWidth(" ", font, 1)

    def text(self, s: str) -> float:
        w = self._cache.get(s)
        if w is None:
            w = self._cache[s] = stringWidth(s, self.font, 1)
        return w

    def word(self, word: Word) -> float:
        return sum(self.text(v) if k == "t" else ICON_SCALE for k, v in word)


def wrap(paragraphs: list[list[Word] | None], m: Measure, size: float,
         width: float, wrap_lines: bool = True) -> tuple[list[list[Word] | None], bool]:
    """Greedy line breaking; returns lines and whether a word is wider than the box."""
    lines: list[list[Word] | None] = []
    too_wide = False
    limit = width / size
    for para in paragraphs:
        if para is None:
            lines.append(None)
            continue
        line: list[Word] = []
        used = 0.0
        for word in para:
            w = m.word(word)
            if w > limit + 1e-9:
                too_wide = True
            extra = w + (m.space if line else 0.0)
            if line and wrap_lines and used + extra > limit + 1e-9:
                lines.append(line)
                line, used = [word], w
            else:
                line.append(word)
                used += extra
        if not wrap_lines and used > limit + 1e-9:
            too_wide = True
        lines.append(line)
    return lines, too_wide


def block_height(lines: list[list[Word] | None], size: float, leading: float) -> float:
    n = sum(1 for l in lines if l is not None)
    gaps = sum(1 for l in lines if l is None)
    if not n:
        return 0.0
    return size + (n - 1) * size * leading + gaps * size * leading * 0.5


def fit_text(text: str, font: str, size: float, width: float, height: float, *,
             min_size: float | None = None, leading: float = 1.2,
             wrap_lines: bool = True) -> Fitted:
    """Lay `text` out in a width x height box, shrinking down to `min_size` if given."""
    m = Measure(font)
    paragraphs = parse(text)
    lowest = min_size if min_size is not None else size
    # the sizes tried: size, size - 0.5, … while not below lowest. Fitting is monotone
    # (a smaller size never needs more lines, and every line is lower), so the largest
    # size that fits is found by bisection: a dozen layouts of the text instead of one
    # per half point (a long text shrunk from 200 pt took minutes)
    sizes = [size]
    while sizes[-1] - SHRINK_STEP >= lowest - 1e-9:
        sizes.append(max(lowest, sizes[-1] - SHRINK_STEP))

    def attempt(s: float) -> Fitted:
        lines, too_wide = wrap(paragraphs, m, s, width, wrap_lines)
        h = block_height(lines, s, leading)
        return Fitted(s, lines, h, too_wide or h > height + 1e-6)

    first = attempt(sizes[0])
    if not first.overflow or len(sizes) == 1:
        return first
    last = attempt(sizes[-1])
    if last.overflow:
        return last
    lo, hi, best = 0, len(sizes) - 1, last  # sizes[lo] overflows, sizes[hi] fits
    while hi - lo > 1:
        mid = (lo + hi) // 2
        fitted = attempt(sizes[mid])
        if fitted.overflow:
            lo = mid
        else:
            hi, best = mid, fitted
    return best


DrawIcon = Callable[[Canvas, str, float, float, float], None]


def draw_fitted(c: Canvas, fitted: Fitted, font: str, x: float, y: float, width: float,
                height: float, *, align: str = "left", valign: str = "top",
                leading: float = 1.2, draw_icon: DrawIcon | None = None) -> None:
    """Draw laid-out text in the box whose bottom-left corner is (x, y)."""
    s = fitted.size
    m = Measure(font)
    top = y + height
    if valign == "middle":
        top = y + height - (height - fitted.height) / 2
    elif valign == "bottom":
        top = y + fitted.height
    baseline = top - s * 0.8  # the cap height sits at the top of the box
    c.setFont(font, s)
    for line in fitted.lines:
        if line is None:
            baseline -= s * leading * 0.5
            continue
        line_w = sum(m.word(w) for w in line) * s + m.space * s * max(0, len(line) - 1)
        if align == "center":
            cx = x + (width - line_w) / 2
        elif align == "right":
            cx = x + width - line_w
        else:
            cx = x
        run = ""
        run_x = cx
        for i, word in enumerate(line):
            if i:
                run += " "
                cx += m.space * s
            for kind, value in word:
                if kind == "t":
                    run += value
                    cx += m.text(value) * s
                else:
                    if run:
                        c.drawString(run_x, baseline, run)
                        run = ""
                    if draw_icon is not None:
                        draw_icon(c, value, cx, baseline - s * 0.15, s * ICON_SCALE)
                    cx += s * ICON_SCALE
                    run_x = cx
            if not run:
                run_x = cx
        if run:
            c.drawString(run_x, baseline, run)
        baseline -= s * leading

"""Imposition: items of one size laid out on sheets, with bleed, crop marks and backs.

One module does it for cards and counters alike. Coordinates are PDF points
with the origin at the page's bottom-left corner.

- Each item has a trim size and a bleed around it; its art is clipped to the
  bleed box, so nothing it draws can reach a neighbour or a mark.
- As many items as fit go on a sheet inside the printable margin, in a block
  centred on the page; bleed boxes of neighbours touch (plus `gutter`).
- Shared cut lines: when butting neighbours trim edge to trim edge (bleed only
  around the block) fits more rows or columns than separate bleeds do, that axis
  is butted: one cut separates two items (nine 63 x 88 mm cards with 1.5 mm bleed
  on Letter instead of six). An item's art is then clipped at its trim on the
  sides it shares with a neighbour.
- Crop marks continue every trim line outside the block, in the margin: they
  start `MARK_OFFSET` beyond the bleed, stop `PAGE_EDGE_CLEAR` short of the
  paper edge (so viewers do not scale the page) and are `MARK_WIDTH` wide.
  They are drawn after the art.
- Backs: "duplex" adds a back page per sheet, mirrored left-to-right for
  long-edge flipping and shifted by `back_offset` (x, y) to correct printer
  drift; "fold" puts fronts on the top half and backs, turned 180°, on the
  bottom half, mirrored across a dashed fold line; "none" prints fronts only.
- Every page gets a TrimBox (the outer trim lines of its block) and a BleedBox
  (the block's bleed edge) for print shops; for "fold" they cover both halves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.fonts import embedded
from toolkit.pnp.units import MM, PressOptions

MARK_WIDTH = 0.2  # pt: 0.15-0.25 pt is what print shops expect
MARK_OFFSET = 1 * MM  # gap between the bleed edge and the start of a mark
MARK_LENGTH = 5 * MM
PAGE_EDGE_CLEAR = 2 * MM  # marks never run to the paper edge
FOLD_GAP = 4 * MM  # from the fold line to each half's bleed edge (fold layout)

Draw = Callable[[Canvas], None]


class ImpositionError(ValueError):
    """The item cannot be placed (larger than the printable area)."""


@dataclass(frozen=True)
class Item:
    """One thing to print: trim size, bleed, and how to draw each face.

    `front`/`back` draw with the origin at the trim box's bottom-left corner;
    the imposer has already clipped to the bleed box. `back=None` leaves the
    back blank (a one-sided item on a duplex sheet).
    """

    width: float
    height: float
    bleed: float
    front: Draw
    back: Draw | None = None
    label: str = ""


@dataclass(frozen=True)
class Block:
    """A grid of cells on one page (or one half of a fold sheet)."""

    cols: int
    rows: int
    width: float  # trim
    height: float
    bleed: float
    gutter: float
    left: float  # x of the block's bleed edge
    top: float  # y of the block's top bleed edge
    share_x: bool = False  # columns butted: neighbours share a vertical cut line
    share_y: bool = False  # rows butted: neighbours share a horizontal cut line

    @property
    def pitch_x(self) -> float:
        return self.width if self.share_x else self.width + 2 * self.bleed + self.gutter

    @property
    def pitch_y(self) -> float:
        return self.height if self.share_y else self.height + 2 * self.bleed + self.gutter

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def outer_width(self) -> float:
        if self.share_x:
            return self.cols * self.width + 2 * self.bleed
        return self.cols * self.pitch_x - self.gutter

    @property
    def outer_height(self) -> float:
        if self.share_y:
            return self.rows * self.height + 2 * self.bleed
        return self.rows * self.pitch_y - self.gutter

    @property
    def shares_cuts(self) -> bool:
        return self.share_x or self.share_y

    def clip_rect(self, slot: int, n: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) the art of `slot` may cover when `n` slots are filled: its bleed
        box, less the bleed on each side it shares a cut line with a neighbour."""
        row, col = divmod(slot, self.cols)
        x, y = self.trim_origin(slot)
        b = self.bleed
        left = b if not self.share_x or col == 0 else 0.0
        right = b if not self.share_x or col == self.cols - 1 or slot + 1 >= n else 0.0
        top = b if not self.share_y or row == 0 else 0.0
        bottom = b if not self.share_y or slot + self.cols >= n else 0.0
        return (x - left, y - bottom, self.width + left + right, self.height + top + bottom)

    def trim_origin(self, slot: int) -> tuple[float, float]:
        """Bottom-left of the trim box of `slot` (reading order, top row first)."""
        row, col = divmod(slot, self.cols)
        x = self.left + col * self.pitch_x + self.bleed
        y = self.top - row * self.pitch_y - self.bleed - self.height
        return x, y

    def bleed_rect(self) -> tuple[float, float, float, float]:
        return (self.left, self.top - self.outer_height, self.left + self.outer_width, self.top)

    def trim_rect(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.bleed_rect()
        b = self.bleed
        return (x0 + b, y0 + b, x1 - b, y1 - b)


def fit_count(space: float, size: float, gutter: float) -> int:
    """How many cells of `size` with `gutter` between them fit in `space`."""
    if size <= 0:
        raise ImpositionError("item size must be positive")
    return max(0, int((space + gutter + 1e-6) // (size + gutter)))


def plan_block(
    page: tuple[float, float], width: float, height: float, bleed: float, options: PressOptions,
    area: tuple[float, float, float, float] | None = None,
) -> Block:
    """The largest grid of items that fits inside the margin of `area` (default: the page)."""
    x0, y0, x1, y1 = area if area is not None else (0.0, 0.0, page[0], page[1])
    m = options.margin
    space_w, space_h = (x1 - x0) - 2 * m, (y1 - y0) - 2 * m
    cell_w, cell_h = width + 2 * bleed, height + 2 * bleed
    cols = fit_count(space_w, cell_w, options.gutter)
    rows = fit_count(space_h, cell_h, options.gutter)
    # butted (one shared cut between neighbours) when that fits more on the sheet
    forced = bool(getattr(options, "share_cuts", False))  # --butt for counters
    share_x = bleed > 0 and (forced or fit_count(space_w - 2 * bleed, width, 0.0) > cols)
    share_y = bleed > 0 and (forced or fit_count(space_h - 2 * bleed, height, 0.0) > rows)
    if share_x:
        cols = fit_count(space_w - 2 * bleed, width, 0.0)
    if share_y:
        rows = fit_count(space_h - 2 * bleed, height, 0.0)
    if cols == 0 or rows == 0:
        raise ImpositionError(
            f"an item of {width / MM:.1f} x {height / MM:.1f} mm with {bleed / MM:.1f} mm bleed "
            f"does not fit {options.paper} paper inside a {m / MM:.0f} mm margin"
        )
    shape = Block(cols, rows, width, height, bleed, options.gutter, 0.0, 0.0, share_x, share_y)
    left = x0 + ((x1 - x0) - shape.outer_width) / 2
    top = y1 - ((y1 - y0) - shape.outer_height) / 2
    return replace(shape, left=left, top=top)


def used_block(block: Block, n: int) -> Block:
    """The part of `block` that `n` items fill (reading order): marks and boxes follow it."""
    if n >= block.capacity:
        return block
    cols = min(n, block.cols)
    rows = -(-n // block.cols)
    return replace(block, cols=cols, rows=rows)


def mirror_x(page_width: float, x: float, width: float) -> float:
    """Where an item at x (trim left) lands on the back of a long-edge-flipped sheet."""
    return page_width - x - width


# ------------------------------------------------------------------- drawing


def _draw_item(c: Canvas, draw: Draw, x: float, y: float, w: float, h: float, bleed: float,
               rotate: bool = False, clip: tuple[float, float, float, float] | None = None) -> None:
    c.saveState()
    path = c.beginPath()
    path.rect(*(clip if clip is not None else (x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)))
    c.clipPath(path, stroke=0, fill=0)
    if rotate:  # 180° about the item's centre (fold-and-glue backs)
        c.translate(x + w, y + h)
        c.rotate(180)
    else:
        c.translate(x, y)
    draw(c)
    c.restoreState()


def draw_crop_marks(c: Canvas, block: Block, page: tuple[float, float],
                    limits: tuple[float, float, float, float] | None = None) -> None:
    """Marks continuing each trim line outside the block, within `limits` (default page)."""
    lx0, ly0, lx1, ly1 = limits if limits is not None else (0.0, 0.0, page[0], page[1])
    bx0, by0, bx1, by1 = block.bleed_rect()
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColorRGB(0, 0, 0)
    c.setDash()
    xs: list[float] = []
    for col in range(block.cols):
        x = block.left + col * block.pitch_x + block.bleed
        xs += [x, x + block.width]
    ys: list[float] = []
    for row in range(block.rows):
        y = block.top - row * block.pitch_y - block.bleed
        ys += [y, y - block.height]

    def span(start: float, towards: float, sign: int) -> tuple[float, float] | None:
        a = start + sign * MARK_OFFSET
        limit = towards - sign * PAGE_EDGE_CLEAR
        b = a + sign * MARK_LENGTH
        b = min(b, limit) if sign > 0 else max(b, limit)
        if (b - a) * sign < 1.0:  # less than a point of room: no mark
            return None
        return a, b

    up, down = span(by1, ly1, +1), span(by0, ly0, -1)
    right, left = span(bx1, lx1, +1), span(bx0, lx0, -1)
    for x in _unique(xs):
        for s in (up, down):
            if s:
                c.line(x, s[0], x, s[1])
    for y in _unique(ys):
        for s in (right, left):
            if s:
                c.line(s[0], y, s[1], y)
    c.restoreState()


def _unique(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in values:
        if not any(abs(v - u) < 0.01 for u in out):
            out.append(v)
    return out


def _set_boxes(c: Canvas, blocks: Sequence[Block]) -> None:
    bleeds = [b.bleed_rect() for b in blocks]
    trims = [b.trim_rect() for b in blocks]
    union = lambda rs: (min(r[0] for r in rs), min(r[1] for r in rs),  # noqa: E731
                        max(r[2] for r in rs), max(r[3] for r in rs))
    c.setBleedBox(union(bleeds))
    c.setTrimBox(union(trims))


@dataclass(frozen=True)
class Placed:
    """Where one copy of an item went: page index (0-based) and trim origin, for tests/PNGs."""

    label: str
    page: int
    x: float
    y: float
    back_page: int | None = None
    back_x: float | None = None
    back_y: float | None = None


def impose(c: Canvas, items: Sequence[Item], options: PressOptions,
           on_item: Callable[[], None] | None = None) -> list[Placed]:
    """Draw `items` (all one size) onto new pages of `c`; returns where each went.

    Call `c.showPage()` is done here after each page; the caller saves the canvas.
    `on_item` is called after each item (progress bars).
    """
    if not items:
        return []
    w, h, bleed = items[0].width, items[0].height, items[0].bleed
    for it in items:
        if (abs(it.width - w), abs(it.height - h), abs(it.bleed - bleed)) > (0.01, 0.01, 0.01):
            raise ImpositionError(f"{it.label}: items imposed together must have one size")
    page = options.page_size
    if options.backs == "fold":
        return _impose_fold(c, items, options, page, w, h, bleed, on_item)
    block = plan_block(page, w, h, bleed, options)
    placed: list[Placed] = []
    dx, dy = options.back_offset
    with_backs = options.backs == "duplex" and any(it.back for it in items)
    for start in range(0, len(items), block.capacity):
        sheet = items[start:start + block.capacity]
        front_page = c.getPageNumber() - 1
        c.setPageSize(page)
        used = used_block(block, len(sheet))
        _set_boxes(c, [used])
        spots = []
        clips = [block.clip_rect(slot, len(sheet)) for slot in range(len(sheet))]
        for slot, it in enumerate(sheet):
            x, y = block.trim_origin(slot)
            _draw_item(c, it.front, x, y, w, h, bleed, clip=clips[slot])
            spots.append((x, y))
            if on_item:
                on_item()
        draw_crop_marks(c, used, page)
        c.showPage()
        if not with_backs:
            placed += [Placed(it.label, front_page, x, y) for it, (x, y) in zip(sheet, spots)]
            continue
        back_page = front_page + 1
        c.setPageSize(page)
        back_block = replace(used, left=page[0] - used.left - used.outer_width + dx, top=used.top + dy)
        _set_boxes(c, [back_block])
        for it, (x, y), (cx, cy, cw, ch) in zip(sheet, spots, clips):
            bx, by = mirror_x(page[0], x, w) + dx, y + dy
            if it.back is not None:
                _draw_item(c, it.back, bx, by, w, h, bleed,
                           clip=(mirror_x(page[0], cx, cw) + dx, cy + dy, cw, ch))
            placed.append(Placed(it.label, front_page, x, y, back_page, bx, by))
        draw_crop_marks(c, back_block, page)
        c.showPage()
    return placed


def _impose_fold(c: Canvas, items: Sequence[Item], options: PressOptions,
                 page: tuple[float, float], w: float, h: float, bleed: float,
                 on_item: Callable[[], None] | None) -> list[Placed]:
    fold_y = page[1] / 2
    # the top half: margin at the paper edge, FOLD_GAP at the fold
    top_area = (0.0, fold_y + FOLD_GAP - options.margin, page[0], page[1])
    block = plan_block(page, w, h, bleed, options, area=top_area)
    # push the block against the fold so the two halves meet the fold symmetrically
    block = replace(block, top=fold_y + FOLD_GAP + block.outer_height)
    placed: list[Placed] = []
    for start in range(0, len(items), block.capacity):
        sheet = items[start:start + block.capacity]
        pno = c.getPageNumber() - 1
        c.setPageSize(page)
        used = used_block(block, len(sheet))
        used_back = replace(used, top=fold_y - FOLD_GAP)
        _set_boxes(c, [used, used_back])
        for slot, it in enumerate(sheet):
            x, y = block.trim_origin(slot)
            cx, cy, cw, ch = block.clip_rect(slot, len(sheet))
            _draw_item(c, it.front, x, y, w, h, bleed, clip=(cx, cy, cw, ch))
            by = 2 * fold_y - y - h  # reflected across the fold line
            if it.back is not None:
                _draw_item(c, it.back, x, by, w, h, bleed, rotate=True,
                           clip=(cx, 2 * fold_y - cy - ch, cw, ch))
            placed.append(Placed(it.label, pno, x, y, pno, x, by))
            if on_item:
                on_item()
        draw_crop_marks(c, used, page, (0.0, fold_y, page[0], page[1]))
        draw_crop_marks(c, used_back, page, (0.0, 0.0, page[0], fold_y))
        c.saveState()
        c.setLineWidth(0.5)
        c.setDash(4, 3)
        c.setStrokeColorRGB(0.45, 0.45, 0.45)
        c.line(PAGE_EDGE_CLEAR, fold_y, page[0] - PAGE_EDGE_CLEAR, fold_y)
        c.setFont(embedded("sans"), 6)
        c.setFillColorRGB(0.45, 0.45, 0.45)
        c.drawString(PAGE_EDGE_CLEAR + 1, fold_y + 2, "fold here, glue, then cut")
        c.restoreState()
        c.showPage()
    return placed


# --------------------------------------------------------------- calibration


def draw_calibration(c: Canvas, options: PressOptions) -> None:
    """Two pages: print them duplex, hold the sheet to the light and read the offset.

    The front has a cross at five points; the back has, behind each cross, two
    scales in millimetres (placed where the current back_offset puts a back).
    Seen on the back side, where a cross meets the scales is the correction to
    add to --back-offset: x on the horizontal scale, y on the vertical one.
    """
    page = options.page_size
    pw, ph = page
    points = [(pw / 2, ph / 2), (30 * MM, 30 * MM), (pw - 30 * MM, 30 * MM),
              (30 * MM, ph - 30 * MM), (pw - 30 * MM, ph - 30 * MM)]
    c.setPageSize(page)
    c.setFont(embedded("sans-bold"), 14)
    c.drawCentredString(pw / 2, ph - 18 * MM, "Duplex calibration: front")
    c.setFont(embedded("sans"), 9)
    for i, line in enumerate([
        "Print this page and the next one double-sided (flip on long edge), at actual size.",
        "Look at the back (the side with scales) against a light: each cross shows through.",
        "Read where each cross meets the scales (mm, as seen on the back) and add the average to",
        "frontkit build ... --back-offset X,Y   (e.g. --back-offset 1.5mm,-0.5mm).",
        f"Current offset: {options.back_offset[0] / MM:+.2f} mm, {options.back_offset[1] / MM:+.2f} mm.",
    ]):
        c.drawCentredString(pw / 2, ph - 26 * MM - i * 12, line)
    c.setLineWidth(0.3)
    for x, y in points:
        c.line(x - 8 * MM, y, x + 8 * MM, y)
        c.line(x, y - 8 * MM, x, y + 8 * MM)
        c.circle(x, y, 2 * MM)
    c.showPage()
    c.setPageSize(page)
    dx, dy = options.back_offset
    c.setFont(embedded("sans-bold"), 14)
    c.drawCentredString(pw / 2, 18 * MM, "Duplex calibration: back")
    for x, y in points:
        bx, by = pw - x + dx, y + dy
        c.setLineWidth(0.3)
        c.line(bx - 10 * MM, by, bx + 10 * MM, by)
        c.line(bx, by - 10 * MM, bx, by + 10 * MM)
        c.setFont(embedded("sans"), 6)
        for k in range(-10, 11):
            t = (2 * MM if k % 5 == 0 else 1 * MM)
            c.setLineWidth(0.2)
            # read on this side: the cross seen through the paper at +k means "add k mm"
            c.line(bx + k * MM, by - t, bx + k * MM, by + t)
            c.line(bx - t, by + k * MM, bx + t, by + k * MM)
            if k % 5 == 0 and k:
                c.drawCentredString(bx + k * MM, by - 2 * MM - 5, f"{k:+d}")
                c.drawString(bx + 2.5 * MM, by + k * MM - 1.5, f"{k:+d}")
    c.showPage()

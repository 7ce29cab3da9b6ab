"""Drawing one face of a card or counter from a scenario layout.

A layout's elements are drawn in order (later ones on top), each from its
top-left corner measured from the trim's top-left corner. String content and
string fields that contain `{{` or `{%` are Jinja templates, rendered in a
`jinja2.sandbox.SandboxedEnvironment` with the context the caller gives
(cards: card, deck, scenario; counters: piece, side, side_colour, face, …).

Identical faces (the same layout with the same rendered text) are drawn
once into a PDF form XObject and reused: a deck of 300 cards with one back
design holds that back once, which keeps the PDF small and the build fast.

The element fields, the kinds that take them and their defaults are the
language's one table, `dsl.fields.ELEMENT_FIELDS`: a field a layout leaves out
is drawn with its default from there. docs/press.md documents them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from dsl.fields import ELEMENT_FIELDS, element_defaults, normalise_colour
from toolkit.pnp import icons, text
from toolkit.pnp.fonts import FontBook, FontError
from toolkit.pnp.sandbox import BudgetedEnvironment, BudgetExceeded
from toolkit.pnp.units import to_points



class PressError(ValueError):
    """Bad input found while drawing; the message names the item, the layout and the file."""


def where(pos: Any) -> str:
    return f" ({pos})" if pos is not None and getattr(pos, "line", 0) else ""


def colour(value: Any, what: str) -> colors.Color | None:
    """`"#aabbcc"`, `"#abc"`, a CSS/ReportLab colour name, or none/transparent."""
    if value is None or value is False:
        return None
    s = str(value).strip()
    if s.lower() in ("none", "transparent", ""):
        return None
    try:
        return _colour_of(s)
    except Exception:  # ReportLab evaluates "(1, 2)" as a tuple and asserts on its length
        raise PressError(f"{what}: not a colour: {s[:60]!r} (write \"#rrggbb\" or a colour name)") from None


@functools.lru_cache(maxsize=4096)
def _colour_of(text: str) -> colors.Color:
    """ReportLab's reading of a colour, once per text (it tries several parsers in turn,
    which cost more than drawing the rect it fills; a face names a few colours many times)."""
    return colors.toColor(normalise_colour(text))  # "#abc" is "#aabbcc", as `check` reads it


def _quoted(source: str, width: int = 60) -> str:
    """A template as a message quotes it: at most `width` characters."""
    return repr(source) if len(source) <= width else repr(source[:width]) + f"… ({len(source):,} characters)"


def _scalar(value: Any) -> Any:
    """Model values as Jinja sees them: Lengths print as written, tuples as lists."""
    if isinstance(value, tuple):
        return [_scalar(v) for v in value]
    return value


def _quarter_turns(value: Any, what: str) -> int:
    """`rotate 90`: quarter turns anticlockwise (0-3); only multiples of 90 degrees."""
    if value is None:
        return 0
    try:
        deg = float(value)
    except (TypeError, ValueError):
        raise PressError(f"{what}: rotate must be 0, 90, 180 or 270, not {value!r}") from None
    if deg % 90:
        raise PressError(f"{what}: rotate must be 0, 90, 180 or 270, not {value!r}")
    return int(deg // 90) % 4


class Record:
    """What a template sees as `card`, `deck`, `piece`: fields by attribute or by key.

    A plain dict would let `card.copy` or `card.items` name dict methods
    instead of the card's fields; this has no public methods at all.
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]):
        self._data = dict(data)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> Any:
        return self._data[name]

    def __contains__(self, name: object) -> bool:
        return name in self._data

    def __iter__(self):
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"Record({self._data!r})"


@dataclass(frozen=True)
class Drawer:
    """One face ready to draw: `drawer(c)` draws it; `key()` is the same for two faces
    that would draw the same (PNG export renders such faces once)."""

    renderer: Any
    layout: Any
    ctx: Mapping[str, Any]
    label: str
    bleed: float

    def __call__(self, c: Canvas) -> None:
        self.renderer.face(c, self.layout, self.ctx, self.label, self.bleed, ops=self.ops)

    @functools.cached_property
    def ops(self) -> tuple:
        """The face's elements with their templates filled, once per drawer (a drawer
        shared by the copies of a card draws each of them)."""
        return self.renderer._resolve(self.layout, self.ctx, self.label)

    def key(self) -> tuple:
        return (self.layout.name, round(self.bleed, 3), self.ops)


def reads_copy(layout: Any) -> bool:
    """Whether a face drawn with `layout` can differ from one copy of a card or counter to
    the next: some template of it may read `copy` (`{{ copy }}`, `card.copy`, `card` whole)
    or draw at random (`|random`). When not, every copy draws the same face, and the press
    fills the layout's templates once for all the copies (`Drawer.ops`)."""
    sources = [layout.fields.get("background")]
    for el in layout.elements:
        sources.append(el.content)
        sources += [f"{{{{ {v} }}}}" if k == "when" and "{{" not in str(v) else v for k, v in el.fields.items()]
    return any(_reads_copy(v) for v in sources if isinstance(v, str) and "{" in v)


_PER_COPY = "copy"
_WHOLE = frozenset({"card", "piece"})  # context names whose record holds the copy


@functools.lru_cache(maxsize=1024)
def _reads_copy(source: str) -> bool:
    from jinja2 import nodes

    try:
        tree = jinja2.Environment().parse(source)
    except jinja2.TemplateError:
        return True  # drawing it reports the error, copy by copy as before
    read_by_name = set()  # Name nodes read for one named field (`card.title`, `card['cost']`)
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        key = node.attr if isinstance(node, nodes.Getattr) else (
            node.arg.value if isinstance(node.arg, nodes.Const) else None)
        if key == _PER_COPY or (isinstance(node, nodes.Getitem) and not isinstance(key, str)):
            return True
        if isinstance(node.node, nodes.Name):
            read_by_name.add(id(node.node))
    if any(f.name == "random" for f in tree.find_all((nodes.Filter, nodes.Test))):
        return True
    return any(n.name == _PER_COPY or (n.name in _WHOLE and id(n) not in read_by_name)
               for n in tree.find_all(nodes.Name))


def fields_dict(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _scalar(v) for k, v in fields.items()}


@dataclass
class Renderer:
    """Draws layouts of one scenario; collects warnings (text overflow, unknown icons)."""

    scenario: Any
    fonts: FontBook
    images: dict[str, Path]
    warnings: list[str] = field(default_factory=list)
    _env: BudgetedEnvironment = field(default_factory=lambda: BudgetedEnvironment(
        autoescape=False, undefined=jinja2.Undefined, keep_trailing_newline=False))
    _templates: dict[str, jinja2.Template] = field(default_factory=dict)
    _forms: dict[tuple, str] = field(default_factory=dict)
    _canvas_id: int = 0
    _warned: set[str] = field(default_factory=set)

    @classmethod
    def for_scenario(cls, scenario) -> "Renderer":
        base = Path(getattr(scenario, "path", ".") or ".").parent
        images = {a.name: base / a.path for a in scenario.assets.values() if a.kind == "image"}
        return cls(scenario, FontBook.for_scenario(scenario), images)

    def warn(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            self.warnings.append(message)

    # -------------------------------------------------------------- jinja

    def render(self, source: str, ctx: Mapping[str, Any], label: str, pos: Any) -> str:
        if "{" not in source:
            return source
        tpl = self._templates.get(source)
        if tpl is None:
            try:
                tpl = self._templates[source] = self._env.from_string(source)
            except jinja2.TemplateSyntaxError as exc:
                raise PressError(f"{label}: bad template {_quoted(source)}: {exc.message}{where(pos)}") from None
            except RecursionError:
                raise PressError(f"{label}: template {_quoted(source)} nests too deeply{where(pos)}") from None
        try:
            return self._env.fill(tpl, ctx)
        except BudgetExceeded as exc:
            raise PressError(f"{label}: {_quoted(source)}: {exc}{where(pos)}") from None
        except jinja2.TemplateError as exc:
            raise PressError(f"{label}: cannot fill {_quoted(source)}: {exc}{where(pos)}") from None
        except Exception as exc:  # a template doing arithmetic on text, …
            raise PressError(f"{label}: cannot fill {_quoted(source)}: {type(exc).__name__}: "
                             f"{str(exc)[:200]}{where(pos)}") from None

    def value(self, el: Any, key: str, ctx: Mapping[str, Any], label: str, default: Any = None) -> Any:
        v = el.fields.get(key, default)
        if isinstance(v, str) and ("{{" in v or "{%" in v):
            v = self.render(v, ctx, f"{label}: field {key}", el.fields.pos(key) if key in el.fields else el.pos)
        return v

    # ------------------------------------------------------------- drawing

    def drawer(self, layout: Any, ctx: Mapping[str, Any], label: str, bleed: float) -> "Drawer":
        """`face` bound to one layout and context: the draw callback an imposition Item takes."""
        return Drawer(self, layout, ctx, label, bleed)

    def face(self, c: Canvas, layout: Any, ctx: Mapping[str, Any], label: str, bleed: float,
             rotate: float = 0.0, ops: tuple | None = None) -> None:
        """Draw `layout` with the origin at the trim's bottom-left (reusing identical faces);
        `ops`: the layout already resolved for `ctx` (`Drawer.ops`)."""
        if id(c) != self._canvas_id:  # forms belong to one canvas
            self._forms.clear()
            self._canvas_id = id(c)
        if ops is None:
            ops = self._resolve(layout, ctx, label)
        key = (layout.name, round(bleed, 3), ops)
        name = self._forms.get(key)
        w, h = to_points(layout.width), to_points(layout.height)
        if name is None:
            name = f"face{len(self._forms)}"
            c.beginForm(name, lowerx=-bleed, lowery=-bleed, upperx=w + bleed, uppery=h + bleed)
            self._draw_ops(c, layout, ops, label, bleed, w, h)
            c.endForm()
            self._forms[key] = name
        c.doForm(name)

    def _resolve(self, layout: Any, ctx: Mapping[str, Any], label: str) -> tuple:
        """Every element with its templates filled: a hashable description of the face."""
        bg = layout.fields.get("background")
        if isinstance(bg, str) and "{" in bg:
            bg = self.render(bg, ctx, f"{label}: field background", layout.fields.pos("background"))
        out: list = [(-1, None, (("background", bg),))]
        for i, el in enumerate(layout.elements):
            when = el.fields.get("when")
            if when is not None:
                expr = str(when)
                if "{{" not in expr:
                    expr = "{{ " + expr + " }}"
                shown = self.render(expr, ctx, f"{label}: field when", el.fields.pos("when")).strip()
                if shown.lower() in ("", "false", "0", "none", "undefined"):
                    continue
            content = self.render(el.content, ctx, f"{label}: {el.kind} at {el.x}, {el.y}", el.pos) if el.content else None
            vals = tuple(sorted((k, self._hashable(self.value(el, k, ctx, label)))
                                for k in el.fields if k != "when"))
            out.append((i, content, vals))
        return tuple(out)

    @staticmethod
    def _hashable(v: Any) -> Any:
        if isinstance(v, list):
            return tuple(v)
        return v

    def _draw_ops(self, c: Canvas, layout: Any, ops: tuple, label: str, bleed: float,
                  w: float, h: float) -> None:
        for i, content, vals in ops:
            if i < 0:
                bg = colour(dict(vals)["background"], f"{label}: layout {layout.name}: background")
                if bg is not None:
                    c.setFillColor(bg)
                    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
                continue
            el = layout.elements[i]
            # a field the layout leaves out is drawn with its default from the language's table
            f = {**(element_defaults(el.kind) if el.kind in ELEMENT_FIELDS else {}), **dict(vals)}
            what = f"{label}: layout {layout.name}: {el.kind}{where(el.pos)}"
            x = to_points(el.x)
            top = to_points(el.y)
            ew = to_points(el.w) if el.w is not None else 0.0
            eh = to_points(el.h) if el.h is not None else 0.0
            y = h - top - eh  # PDF y of the element's bottom edge
            c.saveState()
            try:
                turn = _quarter_turns(f["rotate"], what)
                if turn:  # turned about its own centre; 90/270 draw into the swapped box
                    c.translate(x + ew / 2, y + eh / 2)
                    c.rotate(90 * turn)
                    if turn % 2:
                        ew, eh = eh, ew
                    x, y = -ew / 2, -eh / 2
                    f = {**f, "bleed": False}  # a turned rect never runs into the bleed
                self._draw_element(c, el.kind, x, y, ew, eh, content, f, what, label, bleed, w, h)
            except PressError:
                raise
            except (ValueError, TypeError) as exc:  # a template filled with a value of the wrong type
                raise PressError(f"{what}: {exc}") from None
            finally:
                c.restoreState()

    def _draw_element(self, c: Canvas, kind: str, x: float, y: float, w: float, h: float,
                      content: str | None, f: dict, what: str, label: str, bleed: float,
                      cw: float, ch: float) -> None:
        fill = colour(f.get("fill"), what)
        stroke = colour(f.get("stroke"), what)
        if f.get("stroke_width") is not None:
            c.setLineWidth(to_points(f["stroke_width"]))
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
        if kind in ("rect", "ellipse"):
            if kind == "rect" and fill is not None and f["bleed"]:
                # a filled rect touching the trim edge runs on into the bleed
                x0 = x - bleed if x <= 0.01 else x
                y0 = y - bleed if y <= 0.01 else y
                x1 = x + w + bleed if x + w >= cw - 0.01 else x + w
                y1 = y + h + bleed if y + h >= ch - 0.01 else y + h
                if (x0, y0, x1, y1) != (x, y, x + w, y + h):
                    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
                    fill = None
            if fill is None and stroke is None:
                return
            if kind == "rect":
                r = to_points(f["radius"])
                if r > 0:
                    c.roundRect(x, y, w, h, r, stroke=int(stroke is not None), fill=int(fill is not None))
                else:
                    c.rect(x, y, w, h, stroke=int(stroke is not None), fill=int(fill is not None))
            else:
                c.ellipse(x, y, x + w, y + h, stroke=int(stroke is not None), fill=int(fill is not None))
        elif kind == "line":
            if stroke is None:
                c.setStrokeColor(colors.black)
            if f["dash"] is not None:
                c.setDash(to_points(f["dash"]), to_points(f["dash"]))
            c.line(x, y + h, x + w, y)  # from (x, y) to (x + w, y + h) in layout terms
        elif kind == "image":
            src = f.get("src") or (content.strip() if content else None)
            if not src:
                raise PressError(f"{what}: image has no src")
            self._image(c, str(src), x, y, w, h, what, f["fit"])
        elif kind == "icon":
            name = f.get("name") or (content.strip() if content else None)
            if not name:
                raise PressError(f"{what}: icon has no name")
            ink = fill or colour(f["colour"], what)
            c.setFillColor(ink)
            c.setStrokeColor(ink)
            size = min(w, h) if w and h else (w or h or 12.0)
            self.icon(c, str(name), x + (w - size) / 2, y + (h - size) / 2, size, label)
        elif kind in ("text", "box"):
            if fill is not None or stroke is not None:
                c.rect(x, y, w, h, stroke=int(stroke is not None), fill=int(fill is not None))
            self._text(c, kind, x, y, w, h, content or "", f, what, label)
        else:
            raise PressError(f"{what}: unknown element kind {kind!r}")

    def _text(self, c: Canvas, kind: str, x: float, y: float, w: float, h: float, content: str,
              f: dict, what: str, label: str) -> None:
        try:
            font = self.fonts.resolve(f["font"])
        except FontError as exc:
            raise PressError(f"{what}: {exc}") from None
        size = float(f["font_size"])
        min_size = float(f["min_font_size"]) if f["shrink"] else None
        leading = float(f["leading"])
        pad = to_points(f["padding"])
        iw, ih = max(1.0, w - 2 * pad), max(1.0, h - 2 * pad)
        fitted = text.fit_text(content, font, size, iw, ih, min_size=min_size, leading=leading,
                               wrap_lines=(kind == "box"))
        if fitted.overflow and content.strip():
            first = content.strip().splitlines()[0][:40]
            self.warn(f"{what}: text overflows its {iw / 2.834645669:.1f} x {ih / 2.834645669:.1f} mm "
                      f"box at {fitted.size:g} pt: {first!r}")
        ink = colour(f["colour"], what)
        c.setFillColor(ink)
        c.setStrokeColor(ink)  # outline icons inline in the text take the text colour
        text.draw_fitted(c, fitted, font, x + pad, y + pad, iw, ih,
                         align=str(f["align"]), valign=str(f["valign"]),
                         leading=leading,
                         draw_icon=lambda cv, n, ix, iy, s: self.icon(cv, n, ix, iy, s, label))

    def icon(self, c: Canvas, name: str, x: float, y: float, size: float, label: str) -> None:
        if name in self.images:
            self._image(c, name, x, y, size, size, f"{label}: icon {name}", "contain")
            return
        if not icons.draw_builtin(c, name, x, y, size):
            self.warn(f"{label}: unknown icon {name!r} (built-in: {', '.join(sorted(icons.ICONS))}; "
                      f"or declare `image {name} \"file.png\"`)")

    def _image(self, c: Canvas, src: str, x: float, y: float, w: float, h: float, what: str,
               fit: str) -> None:
        path = self.images.get(src)
        if path is None:
            raise PressError(f"{what}: no image named {src!r} (declare it with `image {src} \"file.png\"`)")
        if not path.is_file():
            raise PressError(f"{what}: image {src}: file not found: {path}")
        try:
            c.drawImage(str(path), x, y, w, h, mask="auto",
                        preserveAspectRatio=(fit != "stretch"), anchor="c")
        except Exception as exc:  # PIL and ReportLab raise several kinds on a bad image
            reason = str(exc).strip().splitlines()[-1:] or [type(exc).__name__]
            raise PressError(f"{what}: image {src}: cannot read {path}: {reason[0][:200]}") from None

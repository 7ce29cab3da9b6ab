"""Every size, depth and cost limit of frontkit, in one place.

Scenarios and records travel between people, so nothing read from them may
cost more than a bounded amount of time, memory or output. Each limit here is
checked at the first point it is crossed, and the message names the limit
and its value (`limit_message`), so a designer who needs more knows what to
raise and how: `frontkit COMMAND --limit NAME=VALUE`, or the environment
variable `FRONTKIT_LIMITS="NAME=VALUE,NAME=VALUE"` (docs/limits.md).

The values in force are a `Limits` held in a context variable: `active()`
reads them, `raised(...)` changes them for a block (the command line wraps a
command in it). `toolkit.limits` re-exports this module, since `dsl` never
imports `toolkit`.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

ENVIRONMENT = "FRONTKIT_LIMITS"


@dataclass(frozen=True)
class Limit:
    name: str
    value: int
    what: str  # "bytes in a scenario file": what the value counts


KiB = 1024
MiB = 1024 * KiB

DEFAULTS: tuple[Limit, ...] = (
    # files
    Limit("scenario_bytes", 512 * KiB, "bytes in a scenario file"),
    Limit("include_bytes", 512 * KiB, "bytes in one included file"),
    Limit("includes_total_bytes", 2 * MiB, "bytes in all the included files of a scenario"),
    Limit("includes", 256, "included files in a scenario"),
    Limit("record_bytes", 16 * MiB, "bytes in a game record"),
    Limit("record_lines", 200_000, "lines in a game record"),
    Limit("record_line_chars", 4_000, "characters in one line of a game record"),
    Limit("asset_bytes", 64 * MiB, "bytes in an image or font file a scenario declares"),
    Limit("image_pixels", 60_000_000, "pixels in an image a scenario declares"),
    # the language
    Limit("nesting_depth", 48, "levels of nested braces, brackets and parentheses"),
    Limit("number_digits", 18, "digits in a number"),
    Limit("definitions", 1_000, "definitions of one kind (terrain, piece, deck, layout, setup, table, image, font)"),
    Limit("boards", 64, "boards in a scenario"),
    Limit("board_side", 500, "spaces along one side of a board"),
    Limit("board_spaces", 20_000, "spaces on one board"),
    Limit("coordinate", 100_000, "units a map node may lie from the origin"),
    Limit("zone_spaces", 20_000, "spaces one zone range may cover"),
    Limit("pieces", 10_000, "pieces placed or held in reserve by one setup"),
    Limit("quantity", 10_000, "copies in one quantity (a card's x2, counters, count, per_side)"),
    Limit("cards", 10_000, "cards in one deck"),
    Limit("counters", 20_000, "counters in a scenario"),
    Limit("layout_elements", 500, "elements in one layout"),
    Limit("board_pages", 400, "pages one board is tiled on"),
    # diagnostics
    Limit("diagnostics_per_file", 100, "diagnostics shown for one file"),
    Limit("diagnostic_line_chars", 120, "characters of a source line shown in a diagnostic"),
    Limit("diagnostic_message_chars", 600, "characters of a diagnostic's message or hint"),
    # templates
    Limit("template_depth", 24, "levels of nested brackets in a template"),
    Limit("template_output_chars", 20_000, "characters one template may produce"),
    Limit("template_operations", 100_000, "loop steps and items one template may produce"),
    Limit("template_milliseconds", 2_000, "processor milliseconds one template may run"),
    Limit("templates_total_milliseconds", 60_000, "processor milliseconds all the templates of one build component may run"),
    Limit("sheet_text_chars", 1_500, "characters of one value in a reference sheet's table"),
    Limit("sheet_rows", 2_000, "table rows in a reference sheet"),
)

BY_NAME: dict[str, Limit] = {limit.name: limit for limit in DEFAULTS}


class LimitSpecError(ValueError):
    """A `NAME=VALUE` that names no limit or gives no whole number."""


@dataclass(frozen=True)
class Limits:
    """The limits in force: every name of DEFAULTS with its value."""

    values: Mapping[str, int]

    def __getattr__(self, name: str) -> int:
        try:
            return self.values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> int:
        return self.values[name]

    def with_values(self, changes: Mapping[str, int]) -> "Limits":
        for name in changes:
            if name not in BY_NAME:
                raise LimitSpecError(_unknown(name))
        return Limits({**self.values, **changes})


def _unknown(name: str) -> str:
    import difflib

    close = difflib.get_close_matches(name, BY_NAME, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else f"; the limits are: {', '.join(BY_NAME)}"
    return f"no limit is called '{name}'{hint}"


def parse_spec(text: str) -> dict[str, int]:
    """`NAME=VALUE[,NAME=VALUE…]` → {name: value}; VALUE may end in K or M (x1024)."""
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not value:
            raise LimitSpecError(f"{part!r}: write NAME=VALUE, e.g. scenario_bytes=32M")
        if name not in BY_NAME:
            raise LimitSpecError(_unknown(name))
        scale = {"K": KiB, "M": MiB}.get(value[-1:].upper(), 1)
        digits = value[:-1] if scale > 1 else value
        if not digits.isdigit() or len(digits) > 12 or int(digits) <= 0:
            raise LimitSpecError(f"{part!r}: the value must be a whole number above 0 "
                                 "(K and M multiply by 1024)")
        out[name] = int(digits) * scale
    return out


def from_environment(environ: Mapping[str, str] | None = None) -> Limits:
    """The defaults, changed by FRONTKIT_LIMITS if it is set."""
    environ = os.environ if environ is None else environ
    base = Limits({limit.name: limit.value for limit in DEFAULTS})
    spec = environ.get(ENVIRONMENT, "")
    if not spec.strip():
        return base
    try:
        return base.with_values(parse_spec(spec))
    except LimitSpecError as err:
        raise LimitSpecError(f"{ENVIRONMENT}: {err}") from None


_ACTIVE: contextvars.ContextVar[Limits | None] = contextvars.ContextVar("frontkit_limits", default=None)


def active() -> Limits:
    """The limits in force here (the defaults and FRONTKIT_LIMITS unless `raised`)."""
    limits = _ACTIVE.get()
    if limits is None:
        try:
            limits = from_environment()
        except LimitSpecError:
            limits = Limits({limit.name: limit.value for limit in DEFAULTS})
        _ACTIVE.set(limits)
    return limits


def value(name: str) -> int:
    return active()[name]


@contextlib.contextmanager
def raised(changes: Mapping[str, int] | None = None, limits: Limits | None = None) -> Iterator[Limits]:
    """Run a block with other limits: `changes` on top of the ones in force, or `limits`."""
    new = limits if limits is not None else active().with_values(changes or {})
    token = _ACTIVE.set(new)
    try:
        yield new
    finally:
        _ACTIVE.reset(token)


def as_spec(limits: Limits) -> str:
    """The values that differ from the defaults, as FRONTKIT_LIMITS would write them."""
    return ",".join(f"{k}={v}" for k, v in limits.values.items() if v != BY_NAME[k].value)


def limit_message(name: str, found: str | int | None = None) -> str:
    """`… ; the limit is N bytes in a scenario file (raise it with --limit scenario_bytes=N)`."""
    limit = BY_NAME[name]
    amount = value(name)
    seen = f"{found:,}" if isinstance(found, int) else found
    head = f"{seen}; " if seen is not None else ""
    return (f"{head}the limit is {amount:,} {limit.what} "
            f"(raise it with --limit {name}=N)")

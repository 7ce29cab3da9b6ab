"""Hostile inputs for the fuzz harness: hypothesis strategies and one check per kind.

Used by tests/test_hostile_fuzz.py (a bounded number of examples, every run) and by
benchmarks/fuzz_hostile.py (a long run by hand). Each `run_*` feeds one example to
frontkit and returns what it measured; it raises AssertionError when frontkit broke a
promise of issue 12: an exception that is not the project's own, an output larger than
a multiple of the input, or a time or memory far beyond the generous bounds below.
"""

from __future__ import annotations

import os
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

import dsl
from dsl import DslError, limits

TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"

# generous: an example that needs more than this is a finding, not noise
MAX_SECONDS = 20.0
MAX_PEAK_BYTES = 400 * 1024 * 1024
OUTPUT_FACTOR = 20  # diagnostics and errors: at most this many times the input, plus SLACK
SLACK = 20_000

BASE = '''scenario "Fuzz" {
  ruleset none
  sides Red, Blue
  terrain plain { colour "#cccccc" }
  terrain hill
  board main: grid 4 x 3 {
    key { . plain  h hill }
    picture """
      . . h .
      . h . .
      . . . .
    """
    zone front: A1..D1
    space B2 { city }
  }
  piece inf { moves 1; counters 2 }
  deck supply "Supply" {
    layout card
    card balanced x2 { air 3; text "Move one :tank: unit." }
  }
  setup Red { inf at A1, B1
    reserve inf x2 }
  layout card 63mm x 88mm {
    text at 4mm, 4mm 55mm x 8mm "{{ card.title }}"
    box at 4mm, 14mm 55mm x 40mm """{{ card.text }}"""
  }
}
'''

# pieces of text that hurt some parser, checker or printer once
HOSTILE_SNIPPETS = [
    "{" * 300, "[" * 300, "(" * 300, "}" * 50, "9" * 5000, "-" + "9" * 30, "\x00", "\ufeff",
    "\x1b[2J", "\u202e", "\r", "\t", "\v", "\f", '"' + "a" * 5000 + '"', '"""' + "b\n" * 2000 + '"""',
    "zone z: A1..ZZ9999", "zone y: D3..A1", "card c x1000000", "counters -1", "counters foo",
    "counters x3", "board b: grid 100000 x 1 { terrain plain }", "board m: map { node a at 1e9, 0 }",
    "node q at 99999999999, -99999999999", "include \"nope.scn\"", "include \"/dev/zero\"",
    "include \"../../etc/passwd\"", "space " + ", ".join(["A1"] * 500) + " { city }",
    "link " + " ".join(["a"] * 500), "reserve inf x99999999", "\"{{ 'x' * 10**9 }}\"",
    "\"{% for i in range(10**9) %}{% endfor %}\"", "\"{{ " + "(" * 80 + "1" + ")" * 80 + " }}\"",
    "f(a=" * 60 + "1" + ")" * 60, "x" * 30_000, "é" * 1000, "\udcff",
]


@st.composite
def hostile_scenarios(draw) -> str:
    """The base scenario with hostile snippets and random text spliced in, and slices cut
    out or doubled: mostly near-valid text that reaches deep into the checker."""
    text = BASE
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["snippet", "text", "cut", "double"]))
        at = draw(st.integers(0, len(text)))
        if kind == "snippet":
            text = text[:at] + draw(st.sampled_from(HOSTILE_SNIPPETS)) + text[at:]
        elif kind == "text":
            text = text[:at] + draw(st.text(max_size=60)) + text[at:]
        elif kind == "cut":
            text = text[:at] + text[at + draw(st.integers(0, 80)):]
        else:
            end = min(len(text), at + draw(st.integers(0, 200)))
            text = text[:end] + text[at:end] * draw(st.integers(1, 50)) + text[end:]
    return text


@dataclass
class Measured:
    seconds: float
    peak: int
    output: int
    outcome: str


def _measure(fn) -> tuple[float, int, object]:
    tracemalloc.start()
    start = time.perf_counter()
    try:
        result = fn()
    finally:
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return seconds, peak, result


def _bounded(seconds: float, peak: int, output: int, size: int, what: str) -> None:
    assert seconds < MAX_SECONDS, f"{what}: {seconds:.1f} s"
    assert peak < MAX_PEAK_BYTES, f"{what}: {peak / 1e6:.0f} MB"
    assert output <= OUTPUT_FACTOR * size + SLACK, f"{what}: {output:,} characters out for {size:,} in"


def run_scenario(text: str, folder: Path) -> Measured:
    """Check `text` as a file in `folder`; only DslError may come out."""
    path = folder / "fuzz.scn"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))

    def load() -> str:
        try:
            dsl.load(path)
            return ""
        except DslError as err:
            return err.render()

    seconds, peak, rendered = _measure(load)
    _bounded(seconds, peak, len(rendered), len(text), "check")
    assert "\x1b" not in rendered and "\x00" not in rendered, "raw control character in a diagnostic"
    return Measured(seconds, peak, len(rendered), "ok" if not rendered else "errors")


# ------------------------------------------------------------------- includes


@st.composite
def include_trees(draw) -> dict[str, str]:
    """Files p0..pN that include each other (several times, in cycles, or missing), with
    hostile bytes in some; main.scn includes p0."""
    n = draw(st.integers(1, 8))
    files = {}
    for i in range(n):
        lines = []
        for _ in range(draw(st.integers(0, 3))):
            target = draw(st.integers(0, n + 1))
            lines.append(f'include "p{target}.scn"')
        lines.append(draw(st.sampled_from(["terrain t%d" % i, "piece u%d" % i, "", "\x00", "\ufeffterrain b%d" % i,
                                           "{" * 200, "x" * 3000, 'scenario "inner" { }'])))
        files[f"p{i}.scn"] = "\n".join(lines) + "\n"
    files["main.scn"] = BASE.replace("  ruleset none", '  ruleset none\n  include "p0.scn"')
    return files


def run_includes(files: dict[str, str], folder: Path, special: bool = True) -> Measured:
    for name, text in files.items():
        (folder / name).write_bytes(text.encode("utf-8", "surrogatepass"))
    if special and hasattr(os, "mkfifo") and not (folder / "p9.scn").exists():
        os.mkfifo(folder / "p9.scn")  # a FIFO among the includes: never opened for a blocking read
    size = sum(len(t) for t in files.values())

    def load() -> str:
        try:
            dsl.load(folder / "main.scn")
            return ""
        except DslError as err:
            return err.render()

    seconds, peak, rendered = _measure(load)
    _bounded(seconds, peak, len(rendered), size, "includes")
    return Measured(seconds, peak, len(rendered), "ok" if not rendered else "errors")


# ------------------------------------------------------------------ templates

NUMBERS = st.sampled_from(["0", "1", "7", "99", "10**9", "9**99", "2**64", "-1", "1e308", "(10**5)"])
STRINGS = st.sampled_from(["'x'", "'ab'", "card.title", "card.text", "''", "'%0999999d'", "'{:>99999999}'"])


def _expression(draw, depth: int) -> str:
    if depth <= 0:
        return draw(st.one_of(NUMBERS, STRINGS))
    kind = draw(st.sampled_from(["op", "filter", "method", "call", "leaf", "paren"]))
    if kind == "op":
        op = draw(st.sampled_from(["*", "**", "+", "~", "%", "//", "-"]))
        return f"({_expression(draw, depth - 1)} {op} {_expression(draw, depth - 1)})"
    if kind == "filter":
        name = draw(st.sampled_from(["center", "indent", "truncate", "wordwrap", "batch", "slice", "format",
                                     "join", "list", "length", "replace", "int", "string", "sum"]))
        return f"({_expression(draw, depth - 1)})|{name}({_expression(draw, 0)})"
    if kind == "method":
        name = draw(st.sampled_from(["ljust", "rjust", "center", "zfill", "expandtabs", "format", "replace",
                                     "split", "join", "upper"]))
        return f"{_expression(draw, depth - 1)}.{name}({_expression(draw, 0)})"
    if kind == "call":
        return f"range({_expression(draw, 0)})|list|length"
    if kind == "paren":
        return "(" * 10 + _expression(draw, depth - 1) + ")" * 10
    return _expression(draw, 0)


@st.composite
def templates(draw) -> str:
    """Jinja text fields: expensive expressions, nested loops and tricks."""
    expr = _expression(draw, draw(st.integers(0, 3)))
    shape = draw(st.sampled_from(["plain", "loop", "nested", "set", "when"]))
    if shape == "plain":
        return "{{ " + expr + " }}"
    if shape == "loop":
        return "{% for i in range(" + draw(NUMBERS) + ") %}{{ " + expr + " }}{% endfor %}"
    if shape == "nested":
        return ("{% for a in " + draw(STRINGS) + " * 9999 %}{% for b in " + draw(STRINGS)
                + " * 9999 %}{% endfor %}{% endfor %}")
    if shape == "set":
        return "{% set s = " + expr + " %}{{ s }}{{ s }}"
    return "{% if " + expr + " %}yes{% endif %}"


def run_template(source: str) -> Measured:
    """Fill `source` as a card's text field: only PressError may come out."""
    from toolkit.pnp.render import PressError, Renderer

    scenario = dsl.loads(BASE)
    renderer = Renderer.for_scenario(scenario)
    card = {"title": "Balanced", "text": "Move one unit."}

    def fill() -> tuple[str, str]:
        try:
            return "filled", renderer.render(source, {"card": card}, "card supply/balanced", None)
        except PressError as err:
            return "refused", str(err)

    with limits.raised({"template_milliseconds": 300}):
        seconds, peak, (outcome, out) = _measure(fill)
    _bounded(seconds, peak, len(out), len(source), "template")
    return Measured(seconds, peak, len(out), outcome)


# -------------------------------------------------------------------- records

RECORD_HEAD = ("# frontkit game record\nscenario: dice_race.scn\nsha256: {sha}\nruleset: dice_race\n"
               "frontkit: 0.1.0\nsides: Red, Blue\nseed: 5\n\n")
RECORD_LINES = ["Red: boost 2", "Blue: boost 1", "chance: 6", "Red: hold", "chance: 1", "Blue: advance",
                "undo", "# a comment", "", "Red: boost 2  # 4.2s", "Red: boost 2  # " + "9" * 400 + "s",
                "Green: boost 1", "Red:", "Red: boost \x1b[2J", "chance: 99999999999999", "Red: " + "x" * 5000,
                "\ufeffRed: hold", "Red: boost \udcff", "scenario: /dev/zero", "sides: Red"]


@st.composite
def records(draw) -> str:
    lines = draw(st.lists(st.one_of(st.sampled_from(RECORD_LINES), st.text(max_size=40)), max_size=30))
    head = RECORD_HEAD
    if draw(st.booleans()):
        head = head.replace("dice_race.scn", draw(st.sampled_from(
            ["/dev/zero", "../dice_race.scn", "missing.scn", "", "dice_race.scn\x1b"])))
    text = head + "\n".join(lines) + ("\n" if draw(st.booleans()) else "")
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text


def run_record(text: str, folder: Path) -> Measured:
    """Replay `text` through the command line: exit 0 or 1, a clear message, strict JSON."""
    import contextlib
    import io
    import json

    from toolkit.cli import main

    scenario = folder / "dice_race.scn"
    if not scenario.exists():
        scenario.write_text(TOY.read_text())
    sha = dsl.load(scenario).source_hash
    path = folder / "fuzz.rec"
    path.write_bytes(text.replace("{sha}", sha).encode("utf-8", "surrogatepass"))
    out, err = io.StringIO(), io.StringIO()

    def replay() -> int:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return main(["replay", str(path), "--json"])

    seconds, peak, code = _measure(replay)
    assert code in (0, 1), f"replay exit {code}"
    if code == 0:
        json.loads(out.getvalue(), parse_constant=lambda c: (_ for _ in ()).throw(AssertionError(c)))
    else:
        assert err.getvalue().strip(), "exit 1 with no message"
    assert "Traceback" not in err.getvalue()
    assert "\x1b" not in err.getvalue() + out.getvalue()
    _bounded(seconds, peak, len(out.getvalue()) + len(err.getvalue()), len(text), "replay")
    return Measured(seconds, peak, len(err.getvalue()), "ok" if code == 0 else "refused")


# ---------------------------------------------------------------------- build

FIELD_VALUES = ["0", "-1", "foo", "1e9", "99999", "0.0001", "5000mm", "-3mm", '"#zzz"', '"{{ 1/0 }}"',
                '"{{ card.nope.deeper }}"', '"\x1b[2J"', "[1, 2]", "true", '"' + "w" * 3000 + '"']
FIELDS = ["font_size", "min_font_size", "leading", "padding", "stroke_width", "radius", "dash", "rotate",
          "fill", "colour", "align", "valign", "shrink", "font", "when", "bleed"]


@st.composite
def press_scenarios(draw) -> str:
    """The base scenario with hostile values in the fields the press reads, and hostile
    card text: these check clean and must build or stop with one clear message."""
    text = BASE
    for _ in range(draw(st.integers(1, 3))):
        field, value = draw(st.sampled_from(FIELDS)), draw(st.sampled_from(FIELD_VALUES))
        where = draw(st.sampled_from(['"{{ card.title }}"', '"""{{ card.text }}"""']))
        text = text.replace(where, f"{where} {{ {field} {value} }}", 1)
    card_text = draw(st.sampled_from(["\x01\x1b[31m", "w" * 6000, ":nope: " * 50, "<icon name=\"x\"/>",
                                      "{{ 'x' * 10**9 }}", "\u202e" * 10, "é" * 3000, "\t\v\f"]))
    text = text.replace("Move one :tank: unit.", card_text)
    extra = draw(st.sampled_from(["", "  piece p2 { counter_size 0mm }", "  piece p3 { counters 3; colour \"#zzz\" }",
                                  "  board b2: grid 3 x 3 { terrain plain; space_size 5000mm }"]))
    return text.replace("  piece inf", extra + "\n  piece inf")


def run_build(text: str, folder: Path) -> Measured:
    """`frontkit build` of `text`: exit 0 or 1, never a traceback or raw control characters."""
    import contextlib
    import io

    from toolkit.cli import main

    path = folder / "fuzz.scn"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()

    def build() -> int:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return main(["build", str(path), "--out", str(folder / "out"), "--quiet"])

    seconds, peak, code = _measure(build)
    assert code in (0, 1), f"build exit {code}: {err.getvalue()[-500:]}"
    assert "Traceback" not in err.getvalue() and "\x1b" not in err.getvalue()
    _bounded(seconds, 0, len(err.getvalue()), len(text), "build")  # memory: ReportLab caches fonts
    return Measured(seconds, peak, len(err.getvalue()), "built" if code == 0 else "refused")

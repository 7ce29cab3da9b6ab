"""Property tests: mutated scenarios only ever produce DslError with valid positions.

Mutations of the shipped scenarios — deleted, duplicated or swapped tokens and
lines, random bytes — must never raise anything but DslError, and every
diagnostic must point inside the file it names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dsl import DslError, loads
from dsl.model import grid_id, parse_grid_id

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p for p in (ROOT / "content").rglob("*.scn"))
SOURCES = {p: p.read_text(encoding="utf-8") for p in SHIPPED}
CORPUS = sorted(SOURCES) or [ROOT / "docs" / "syntax-tour.scn"]
if not SOURCES:
    SOURCES[CORPUS[0]] = CORPUS[0].read_text(encoding="utf-8")

TOKEN = re.compile(r'"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"|\S+')


def assert_only_dsl_errors(text: str, path: Path) -> None:
    try:
        loads(text, path=str(path))
    except DslError as err:
        assert err.diagnostics, "a DslError must say why"
        for d in err.diagnostics:
            assert d.message
            if d.path == str(path):
                # lines as the lexer counts them: only \n ends one (splitlines also breaks
                # at \x0b, \x0c, \x1c…, which a spliced-in junk byte may be)
                lines = text.split("\n")
                assert 0 <= d.line <= max(len(lines), 1), d
                if d.line >= 1:
                    assert 1 <= d.column <= len(lines[d.line - 1]) + 2 if d.line <= len(lines) else True, d
            d.render()  # rendering never fails


def _mutate_tokens(text: str, data, op: str) -> str:
    tokens = [m.span() for m in TOKEN.finditer(text)]
    if not tokens:
        return text
    i = data.draw(st.integers(0, len(tokens) - 1))
    a, b = tokens[i]
    if op == "delete":
        return text[:a] + text[b:]
    if op == "duplicate":
        return text[:b] + " " + text[a:b] + text[b:]
    j = data.draw(st.integers(0, len(tokens) - 1))
    c, d = tokens[j]
    if (a, b) > (c, d):
        (a, b), (c, d) = (c, d), (a, b)
    if b > c:
        return text
    return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]


def _mutate_lines(text: str, data, op: str) -> str:
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    i = data.draw(st.integers(0, len(lines) - 1))
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, lines[i])
    else:
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(data=st.data(), unit=st.sampled_from(["token", "line"]),
       op=st.sampled_from(["delete", "duplicate", "swap"]))
def test_mutated_shipped_scenarios_give_only_dsl_errors(data, unit, op):
    path = data.draw(st.sampled_from(CORPUS))
    text = SOURCES[path]
    for _ in range(data.draw(st.integers(1, 3))):
        text = (_mutate_tokens if unit == "token" else _mutate_lines)(text, data, op)
    assert_only_dsl_errors(text, path)


@SETTINGS
@given(data=st.data(), junk=st.binary(min_size=1, max_size=12))
def test_random_bytes_spliced_in_give_only_dsl_errors(data, junk):
    path = data.draw(st.sampled_from(CORPUS))
    raw = SOURCES[path].encode("utf-8")
    at = data.draw(st.integers(0, len(raw)))
    mutated = raw[:at] + junk + raw[at:]
    text = mutated.decode("utf-8", errors="replace")
    assert_only_dsl_errors(text, path)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_gives_only_dsl_errors(text):
    assert_only_dsl_errors(text, Path("fuzz.scn"))


@given(st.integers(0, 2000), st.integers(0, 2000))
def test_grid_id_round_trips(col, row):
    assert parse_grid_id(grid_id(col, row)) == (col, row)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: str(p.relative_to(ROOT)))
def test_unmutated_corpus_loads_or_fails_cleanly(path):
    assert_only_dsl_errors(SOURCES[path], path)


# ------------------------------------------- layouts and typed fields (issue 13)
# Random layout elements with random field names and values: whatever passes
# `check` must also build. A value that holds a Jinja template is filled only at
# build time, so such a layout may still fail there, but with a clear error
# (exit 1), never an exception.

from dsl.fields import ELEMENT_FIELDS, LAYOUT_FIELDS, TERRAIN_FIELDS, ZONE_FIELDS  # noqa: E402

VALUES = ["12", "0", "-3", "2.5", "0.1", "1000", "14pt", "3mm", "0mm", "-2mm", "0.5in", '"5/8in"', '"#abc"',
          '"#aabbcc"', '"#f4efe"', "red", "greeen", "none", "transparent", "center", "centre", "middle", "left",
          "true", "false", "[1, 2]", "1-2", "2+", "2d6", "sans", "sans-bold", "Helvetica-Bold", '"Comic"', "90",
          "45", "180", "270", "stretch", "cover", "star", "sword", '"text"', "card.cost"]
TEMPLATES = ['"{{ card.colour }}"', '"{{ card.size }}"', '"{{ card.name }}"']
UNITS = ["mm", "pt", "in", "cm"]
CARD_SCENARIO = '''scenario "Typed" {{
  ruleset front_lines
  sides North, South
  terrain field {{ {terrain} }}
  board b: grid 2 x 2 {{ terrain field
    zone north: A1, B1 {{ {zone} }}
  }}
  piece infantry {{ moves 1; strength 2 }}
  deck d {{
    layout face
    card one {{ colour "#334455"; size 12; cost 2 }}
    card two {{ colour "#zzz"; size 8pt; cost "x" }}
  }}
  layout face 60mm x 80mm {{
{layout}
  }}
}}
'''


GOOD = {"length": ["3mm", "0.5pt", "1in", "0.2cm", '"5/8in"'], "number": ["12", "2.5", "9", "0.5", "90"],
        "colour": ['"#abc"', '"#aabbcc"', "red", "none", "navy"], "font": ["sans", "sans-bold", "Helvetica-Bold"],
        "name": ["star", "sword", "left"], "text": ['"card.cost"', '"card.name"'], "flag": ["", "false", "true"],
        "whole": ["0", "3"], "list": ["urban", "urban, port"]}


def value_for(draw, spec) -> str:
    """Mostly a value of the field's type (so some layouts pass check and reach the press), now and then any."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from(VALUES + TEMPLATES))
    return draw(st.sampled_from(list(spec.choices) or GOOD.get(spec.type, VALUES)))


@st.composite
def layouts(draw):
    lines = []
    for name in draw(st.lists(st.sampled_from(sorted(LAYOUT_FIELDS)), max_size=2, unique=True)):
        if name != "back_from":
            lines.append(f"    {name} {value_for(draw, LAYOUT_FIELDS[name])}")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(sorted(ELEMENT_FIELDS)))
        schema = ELEMENT_FIELDS[kind]
        x, y = (draw(st.sampled_from(["0mm", "1mm", "5pt", "20mm"])) for _ in range(2))
        w, h = (draw(st.sampled_from(["1mm", "5mm", "20mm", "39mm", "0mm"])) for _ in range(2))
        fields = []
        for name in draw(st.lists(st.sampled_from(sorted(schema) + ["colr"]), max_size=4, unique=True)):
            value = value_for(draw, schema[name]) if name in schema else "red"
            fields.append(f"{name} {value}".strip())
        content = draw(st.sampled_from(['', '"{{ card.name }}"', '"Fixed text :star: here"']))
        lines.append(f"    {kind} at {x}, {y} {w} x {h} {content} {{ {'; '.join(fields)} }}")
    return "\n".join(lines)


@st.composite
def typed_blocks(draw, schema):
    """The fields of a terrain or a zone: typed fields with mostly fitting values."""
    names = draw(st.lists(st.sampled_from(sorted(schema)), max_size=3, unique=True))
    return "; ".join(f"{n} {value_for(draw, schema[n])}".strip() for n in names if n != "owner")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(layout=layouts(), terrain=typed_blocks(TERRAIN_FIELDS), zone=typed_blocks(ZONE_FIELDS))
def test_layouts_that_pass_check_also_build(layout, terrain, zone, tmp_path_factory):
    from toolkit.cli import main

    text = CARD_SCENARIO.format(layout=layout, terrain=terrain, zone=zone)
    try:
        loads(text, path="typed.scn")
    except DslError:
        return  # refused at check, with positions (the tests above pin those)
    folder = tmp_path_factory.mktemp("typed")
    (folder / "typed.scn").write_text(text)
    code = main(["build", str(folder / "typed.scn"), "--out", str(folder / "out"), "--backs", "none", "--quiet"])
    if not any(t in layout for t in TEMPLATES):
        assert code == 0, text
    else:
        assert code in (0, 1), text
    assert main(["show", str(folder / "typed.scn")]) == 0, text

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

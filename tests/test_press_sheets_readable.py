"""Reference sheets players can read (issue 16 item 10): no rule syntax, no empty tables or
columns, no helper zones the scenario marks `print false`."""

from __future__ import annotations

import dataclasses

import re
from pathlib import Path

import pytest
from lxml import etree
from pypdf import PdfReader

import dsl
from toolkit.inspect import scenario_files
from toolkit.pnp.sheets import render_rml, write_sheets
from toolkit.pnp.units import PressOptions

ROOT = Path(__file__).resolve().parent.parent
SHIPPED, _ = scenario_files([ROOT / "content"])
IDS = [p.relative_to(ROOT / "content").as_posix() for p in SHIPPED]
RULE_SYNTAX = re.compile(r"\w+\(\w+=|\[\w+\(|\w+\(\)")  # add_each(kind=…), [reveal_first(


FORMS = ("pad", "slip", "track", "checks")  # order pads (one style a side: pad1, pad2), secret slips, tracks and checklists (Front Lines' aids)


def _text(cell) -> str:
    return "".join(cell.itertext()).strip()


@pytest.mark.parametrize("scn", SHIPPED, ids=IDS)
def test_a_shipped_sheet_has_no_rule_syntax(tmp_path, scn):
    write_sheets(dsl.load(scn), tmp_path / "sheets.pdf", PressOptions())
    text = " ".join(page.extract_text() for page in PdfReader(str(tmp_path / "sheets.pdf")).pages)
    text = re.sub(r"\s+", " ", text)
    found = RULE_SYNTAX.findall(text)
    assert not found, f"rule syntax on the sheet: {found[:5]}"


@pytest.mark.parametrize("scn", SHIPPED, ids=IDS)
def test_every_table_column_on_a_shipped_sheet_has_something_in_it(scn):
    rml = etree.fromstring(render_rml(dsl.load(scn)).encode())
    tables = rml.findall(".//blockTable")
    assert tables
    for table in tables:
        if table.get("style").rstrip("0123456789") in FORMS:
            continue  # blank on purpose: players write in it
        rows = table.findall("tr")
        if table.get("style") == "pairs":  # name / value rows, no header
            assert rows and all(_text(r.findall("td")[1]) for r in rows)
            continue
        header, body = rows[0], rows[1:]
        assert body, f"an empty table: {[_text(c) for c in header]}"
        for i, cell in enumerate(header.findall("td")):
            if not _text(cell):
                continue  # the colour swatch column of the terrain table
            assert any(_text(r.findall("td")[i]) not in ("", "–") for r in body), \
                f"column {_text(cell)!r} is empty"


def test_helper_zones_marked_print_false_stay_off_the_sheet(tmp_path):
    # the generic sheet (its boards table lists the zones), zones named by their titles
    scenario = dataclasses.replace(dsl.load(ROOT / "content" / "front_lines" / "front_lines.scn"),
                                   ruleset="no_such_game")
    write_sheets(scenario, tmp_path / "sheets.pdf", PressOptions())
    text = " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "sheets.pdf")).pages)
    assert "North sets up here" in text and "deploy North" not in text
    for helper in ("spawn North", "spawn South", "hidden North", "hidden South", "skills North"):
        assert helper not in text


def test_card_fields_read_as_words_and_effects_stay_off(tmp_path, monkeypatch):
    # the generic template's deck table (Last Front has its own sheet; its data still serves)
    monkeypatch.setattr("toolkit.pnp.sheets.template_name", lambda ruleset: "sheets/generic.rml.j2")
    scenario = dsl.load(ROOT / "content" / "last_front" / "last_front.scn")
    write_sheets(scenario, tmp_path / "sheets.pdf", PressOptions())
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "sheets.pdf")).pages))
    assert "Category: unit · Kind: troops · Value: 1" in text
    assert "add_each" not in text and "category unit; kind troops" not in text


def _orphaned_headings(pdf_path: Path) -> list[tuple[int, str]]:
    """Headings (text of 11 pt or more) that are the last line of body text on their page
    (the footer, under 7.4 pt, does not count): a heading whose table starts overleaf."""
    import pdfplumber

    found = []
    with pdfplumber.open(pdf_path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            body = [line for line in page.extract_text_lines()
                    if line["chars"] and max(c["size"] for c in line["chars"]) >= 7.4]
            if body:
                last = max(body, key=lambda line: line["top"])
                if min(c["size"] for c in last["chars"]) >= 11:
                    found.append((number, last["text"]))
    return found


@pytest.mark.parametrize("scn", SHIPPED, ids=IDS)
def test_no_heading_of_a_shipped_sheet_ends_a_page_apart_from_its_table(tmp_path, scn):
    """Last Front's "Options" and Lines and Webs' "Deck: Special cards" each ended a page
    with their table overleaf; a heading now starts a page when its first rows would not fit."""
    write_sheets(dsl.load(scn), tmp_path / "sheets.pdf", PressOptions())
    assert _orphaned_headings(tmp_path / "sheets.pdf") == []

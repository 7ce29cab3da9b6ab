"""Every shipped kit, built once with `frontkit build`, read back: it builds, every font in
every PDF is embedded, and nothing is printed under 6 pt (issue 16 item 3)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

import dsl
from toolkit.cli import main
from toolkit.inspect import scenario_files

ROOT = Path(__file__).resolve().parent.parent
MIN_TEXT = 6.0  # pt


def _shipped() -> list[Path]:
    files, _ = scenario_files([ROOT / "content"])
    return files


SHIPPED = _shipped()
IDS = [p.relative_to(ROOT / "content").as_posix() for p in SHIPPED]


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[Path, tuple[int, str, Path]]:
    """Each shipped scenario built once (A4, duplex): exit code, stderr, folder."""
    import contextlib
    import io

    out = {}
    for scenario in SHIPPED:
        folder = tmp_path_factory.mktemp(scenario.stem) / "kit"
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            rc = main(["build", str(scenario), "--out", str(folder), "--quiet"])
        out[scenario] = (rc, err.getvalue(), folder)
    return out


def component_pdfs(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.glob("*.pdf")) if p.name != "kit.pdf"]


def printed_size(ch: dict) -> float:
    """A character's printed size in points, also for text turned a quarter (pdfminer's
    `size` of a turned glyph is its advance width, not its size)."""
    a, b, c, d = ch["matrix"][:4]
    if abs(b) < 1e-6 and abs(c) < 1e-6:
        return ch["y1"] - ch["y0"]
    return ch["x1"] - ch["x0"]


def _fonts(resources, seen: set) -> list:
    """Every font dictionary reachable from a resources dictionary (forms included)."""
    out = []
    if resources is None:
        return out
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        if id(font) not in seen:
            seen.add(id(font))
            out.append(font)
    for xobj in (resources.get("/XObject") or {}).values():
        xobj = xobj.get_object()
        if xobj.get("/Subtype") == "/Form" and id(xobj) not in seen:
            seen.add(id(xobj))
            out += _fonts(xobj.get("/Resources"), seen)
    return out


def embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    desc = font.get("/FontDescriptor")
    desc = desc.get_object() if desc is not None else {}
    return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.mark.parametrize("scenario", SHIPPED, ids=IDS)
def test_every_shipped_scenario_builds(kits, scenario):
    rc, err, folder = kits[scenario]
    assert rc == 0, err
    manifest = json.loads((folder / "manifest.json").read_text())
    assert (folder / "kit.pdf").is_file()
    assert manifest["components"]["counters"]["total"] > 0 or not dsl.load(scenario).pieces


@pytest.mark.parametrize("scenario", SHIPPED, ids=IDS)
def test_every_font_in_every_pdf_of_a_shipped_kit_is_embedded(kits, scenario):
    _, _, folder = kits[scenario]
    for pdf in sorted(folder.glob("*.pdf")):
        seen: set = set()
        fonts = [f for page in PdfReader(str(pdf)).pages for f in _fonts(page.get("/Resources"), seen)]
        assert fonts, f"{pdf.name} has no fonts"
        bare = sorted({str(f.get("/BaseFont")) for f in fonts if not embedded(f)})
        assert not bare, f"{pdf.name}: fonts not embedded: {bare}"


@pytest.mark.parametrize("scenario", SHIPPED, ids=IDS)
def test_nothing_in_a_shipped_kit_is_printed_under_6_pt(kits, scenario):
    _, _, folder = kits[scenario]
    for pdf in component_pdfs(folder):
        with pdfplumber.open(pdf) as doc:
            for number, page in enumerate(doc.pages, 1):
                small = [(c["text"], round(printed_size(c), 2)) for c in page.chars
                         if printed_size(c) < MIN_TEXT - 0.01]
                assert not small, f"{pdf.name} page {number}: text under 6 pt: {small[:10]}"


RULE_ID = re.compile(r"\b(?:LW|LF|FLB|FL)-[A-Za-z]*-?\d+\b")  # as content/*/rulings.md name them
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")  # an engine name: lake_nogo, four_players
FLAG = re.compile(r"(?<![\w-])--[a-z]")  # a command-line flag: --optional
# calibration.pdf is for whoever runs the printer: it names the build's --back-offset on purpose
FOR_THE_PRINTER = {"calibration.pdf"}


@pytest.mark.parametrize("scenario", SHIPPED, ids=IDS)
def test_players_words_only_no_engine_name_flag_or_rule_id_on_a_players_page(kits, scenario):
    """Issue 26 item 3: players read no snake_case name, no flag and no rule id (the kits
    print no rulings page that would define one)."""
    rc, _, folder = kits[scenario]
    assert rc == 0
    for pdf in component_pdfs(folder):
        if pdf.name in FOR_THE_PRINTER:
            continue
        for number, page in enumerate(PdfReader(str(pdf)).pages, 1):
            text = page.extract_text() or ""
            for pattern in (SNAKE, FLAG, RULE_ID):
                found = sorted(set(pattern.findall(text)))
                assert not found, f"{pdf.name} page {number}: {found[:5]}"


@pytest.mark.parametrize("scenario", SHIPPED, ids=IDS)
def test_every_code_on_a_counter_is_keyed_on_the_reference_sheet(kits, scenario):
    """Issue 26 item 6: a counter's stats line ("M2 R3", "R1 M2 B2", "W1 M4") is explained
    by a key on the kit's reference sheet, letter by letter."""
    _, _, folder = kits[scenario]
    if not (folder / "counters.pdf").exists():
        return  # no counters (Last Front)
    counters = " ".join(p.extract_text() or "" for p in PdfReader(str(folder / "counters.pdf")).pages)
    letters = set(re.findall(r"\b([A-Z])\d+\b", counters))
    if not letters:
        return  # this game's counters carry no codes (Last Front, Fantasy Line Battle)
    sheets = " ".join(" ".join(p.extract_text() or "" for p in PdfReader(str(folder / "sheets.pdf")).pages).split())
    keys = re.findall(r"Codes on the counters.{0,700}", sheets)
    assert keys, "no key for the counter codes"
    for letter in letters:
        assert any(re.search(rf"(?<![\w-]){letter} [a-z]", key) for key in keys), letter

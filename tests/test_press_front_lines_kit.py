"""Front Lines playable from its kit (issue 16 item 9): markers for the table, the disguise,
order pads with the skills checklist, the tracks and a rules summary of two to four pages."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

import dsl
from toolkit.cli import main
from toolkit.pnp.colours import as_color, side_colours
from toolkit.pnp.press import effective

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "content" / "front_lines" / "front_lines.scn"


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fl") / "kit"
    assert main(["build", str(SCENARIO), "--out", str(out), "--quiet", "--backs", "none"]) == 0
    return out


def _pages(pdf: Path) -> list[str]:
    return [p.extract_text() or "" for p in PdfReader(str(pdf)).pages]


def test_the_markers_are_printed_per_side_and_the_referee_never_sees_them(kit):
    counts = json.loads((kit / "manifest.json").read_text())["components"]["counters"]["counts"]
    for side in ("North", "South"):
        assert counts[f"{side}/land_mine"] == 1
        assert counts[f"{side}/centre_hold"] == 1
        assert counts[f"{side}/recon_disguise"] == 2  # one per Recon: deployed and in reserve
    assert counts["calm_turns"] == 1
    assert not {"land_mine", "recon_disguise", "centre_hold"} & set(dsl.load(SCENARIO).pieces)


def test_a_recon_disguise_looks_exactly_like_infantry(kit):
    words = " ".join(_pages(kit / "counters.pdf")).split()
    # every Infantry face and every disguise face read the same: title, symbol, "M1"
    assert words.count("Infantry") == 2 * (5 + 2)
    assert "disguise" not in " ".join(words).lower()
    assert words.count("Recon") == 2 * 2


def test_each_side_has_an_order_pad_with_three_actions_and_its_skills_checklist(kit):
    pages = _pages(kit / "sheets.pdf")
    for side in ("North", "South"):
        pad = " ".join(p for p in pages if f"Order pad: {side}" in p)
        assert "action 1" in pad and "action 3" in pad and "action 4" not in pad
        for skill in ("Airstrike", "Reinforce", "Land mine"):
            assert skill in pad
        assert " 44 " in f" {pad} ".replace("\n", " ")  # rows for 44 turns, over two pages


def test_FL_fog_the_pad_the_enemy_reads_has_no_column_for_secrets(kit):
    """The pads are revealed every turn (FL-fog-3, FL-fog-4): the mine's square and the
    disguised Recon's square go on a secret slip, never on the pad."""
    pages = _pages(kit / "sheets.pdf")
    pads = [p for p in pages if "Order pad:" in p]
    assert pads and not any("notes" in p for p in pads)
    [slips] = [p for p in pages if "Secret slip: North" in p]
    assert "Secret slip: South" in slips
    assert "Land mine" in slips and "on the square" in slips
    assert "Recon in disguise" in slips and "from the reserve" in slips


def test_FL_recon_3_a_disguised_recons_order_reads_as_infantrys(kit):
    pages = _pages(kit / "sheets.pdf")
    summary = " ".join(p for p in pages if "Keeping secrets" in p or "Planning a turn" in p)
    assert "Infantry's letter" in summary and '"I@D1"' in summary
    pad = next(p for p in pages if "Order pad: North" in p)
    assert "written with Infantry's letter (I)" in " ".join(pad.split())


def _fills(pdf: Path) -> list[set]:
    with pdfplumber.open(pdf) as doc:
        return [{tuple(round(v, 2) for v in r["non_stroking_color"]) for r in page.rects + page.curves
                 if r.get("fill") and r.get("non_stroking_color") and len(r["non_stroking_color"]) == 3}
                for page in doc.pages]


def test_pads_slips_and_screens_are_in_their_sides_colour(kit):
    scenario = effective(dsl.load(SCENARIO))
    colours = side_colours(scenario)
    pages, fills = _pages(kit / "sheets.pdf"), _fills(kit / "sheets.pdf")
    for side in ("North", "South"):
        mine = tuple(round(v, 2) for v in as_color(colours[side]).rgb())
        for i, text in enumerate(pages):
            if f"Order pad: {side}" in text or f"Screen: {side}" in text:
                assert mine in fills[i], (side, i)


def test_each_side_has_a_screen_to_fold_that_hides_its_pad_and_slip(kit):
    pages = _pages(kit / "sheets.pdf")
    for side in ("North", "South"):
        [screen] = [p for p in pages if f"Screen: {side}" in p]
        assert "fold here" in screen and "secret slip" in screen and "order pad" in screen
        assert side.upper() in screen


def test_the_tracks_count_the_centre_hold_and_the_turns_without_losses(kit):
    [tracks] = [p for p in _pages(kit / "sheets.pdf") if "Set the markers on the first box" in p]
    assert "(5 wins)" in tracks and "(10 is a draw)" in tracks
    assert "0 1 2 3 4 5 6 7 8 9 10" in " ".join(tracks.split())


def test_the_rules_summary_takes_two_to_four_pages(kit):
    pages = _pages(kit / "sheets.pdf")
    start = next(i for i, p in enumerate(pages) if "Rules summary" in p)
    end = next(i for i, p in enumerate(pages) if "Order pad:" in p)
    assert 2 <= end - start <= 4
    summary = " ".join(pages[start:end])
    for topic in ("Planning a turn", "Resolving a turn", "Fights", "Commander skills",
                  "The Recon and its disguise", "Keeping count"):
        assert topic in summary

"""Front Lines playable from its kit (issue 16 item 9): markers for the table, the disguise,
order pads with the skills checklist, the tracks and a rules summary of two to four pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

import dsl
from toolkit.cli import main

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
        [pad] = [p for p in pages if f"Order pad: {side}" in p]
        assert "action 1" in pad and "action 3" in pad and "action 4" not in pad
        for skill in ("Airstrike", "Reinforce", "Land mine"):
            assert skill in pad
        assert " 24 " in f" {pad} ".replace("\n", " ")  # a row for 24 turns


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

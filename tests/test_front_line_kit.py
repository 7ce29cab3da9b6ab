"""Front Line: a kit two new players can play from (issue 8, deliverable 3).

Every battlefield's kit is built once and read back with pdfplumber: text sizes, the
components by their text, the rules summary's length, no rule syntax, one colour a side.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pdfplumber
import pytest

from dsl import load
from toolkit.pnp.kit import build_kit
from toolkit.pnp.units import PressOptions

CONTENT = Path(__file__).resolve().parents[1] / "content" / "front_line"
BATTLEFIELDS = ("main", "lake_nogo", "great_desert", "mt_range")
COMPONENTS = ("cards", "counters", "boards", "sheets", "calibration")
MIN_PT = 6.0
RULE_SYNTAX = re.compile(r"\[[^\]\n]*\([^)\n]*=")  # `[rally(when=...)]`


def true_size(ch: dict) -> float:
    """The font size of a printed character. pdfminer's `size` is the glyph box's height,
    which for text turned a quarter is the glyph's advance; then its width is the size."""
    a, b, c, d = ch["matrix"][:4]
    if abs(a) < 1e-6 and abs(d) < 1e-6:  # turned 90 or 270 degrees
        return ch["x1"] - ch["x0"]
    return ch["size"]


@pytest.fixture(scope="module", params=BATTLEFIELDS)
def kit(request, tmp_path_factory):
    scenario = load(str(CONTENT / f"{request.param}.scn"))
    folder = tmp_path_factory.mktemp(request.param)
    built = build_kit(scenario, folder, PressOptions(backs="duplex"))
    pages: dict[str, list[str]] = {}
    small: list[tuple[str, int, str, float]] = []
    for name in COMPONENTS:
        with pdfplumber.open(folder / f"{name}.pdf") as pdf:
            pages[name] = []
            for i, page in enumerate(pdf.pages):
                pages[name].append(page.extract_text() or "")
                small += [(name, i + 1, ch["text"], round(true_size(ch), 2))
                          for ch in page.chars if ch["text"].strip() and true_size(ch) < MIN_PT - 0.05]
    return {"name": request.param, "scenario": scenario, "folder": folder, "kit": built,
            "pages": pages, "small": small,
            "text": "\n".join(t for ps in pages.values() for t in ps)}


def test_kit_nothing_printed_under_6_pt(kit):
    assert kit["small"] == [], f"{kit['name']}: text under {MIN_PT} pt: {kit['small'][:12]}"


def test_kit_pdf_holds_every_component_page(kit):
    """Every component's pages, plus the blank backs the build says it added for
    double-sided printing (manifest.json)."""
    import json

    blanks = json.loads((kit["folder"] / "manifest.json").read_text())["kit"]["blank_pages"]
    with pdfplumber.open(kit["folder"] / "kit.pdf") as pdf:
        assert len(pdf.pages) == sum(len(p) for p in kit["pages"].values()) + blanks


def test_kit_items_card_per_side_with_reserve_used_supply_and_leadership_spaces(kit):
    sheets = "\n".join(kit["pages"]["sheets"])
    for side in kit["scenario"].sides:
        assert f"{side.upper()} · ITEMS" in sheets
    for space in ("LEADERSHIP AVAILABLE", "RESERVE", "USED SUPPLY", "COMMISSIONED", "SPENT LEADERSHIP"):
        assert sheets.count(space) == 2, space
    # the reserve squares are the setup's reserve: 2 infantry, 2 tanks, 1 artillery
    assert sheets.count("Infantry (2)") == 4 and sheets.count("Tank (3)") == 4
    assert sheets.count("Artillery (2)") == 2


def test_kit_edge_strip(kit):
    sheets = "\n".join(kit["pages"]["sheets"])
    red, green = kit["scenario"].sides
    assert f"{red} holds the Edge" in sheets and f"{green} holds the Edge" in sheets
    assert "Edge is off" in sheets
    counters = "\n".join(kit["pages"]["counters"])
    assert "EDGE" in counters and "ON" in counters and "OFF" in counters


def test_kit_recommended_setup_is_drawn_unit_by_unit(kit):
    """Every placed unit's letter (I, T, A) sits in the square of the plan named by the
    setup, in the side's colour; squares with no unit hold no letter."""
    scenario = kit["scenario"]
    letters = {"infantry": "I", "tank": "T", "artillery": "A"}
    colours = dict(zip(scenario.sides, scenario.fields.get("press").get("side_colours")))
    expected = {p.space: (letters[p.piece], s.side)
                for s in scenario.setups.values() for p in s.placements}
    assert len(expected) == 30
    index = next(i for i, t in enumerate(kit["pages"]["sheets"]) if "Recommended setup" in t)
    with pdfplumber.open(kit["folder"] / "sheets.pdf") as pdf:
        page = pdf.pages[index]
        words = page.extract_words(extra_attrs=["non_stroking_color"])
        board = next(iter(scenario.boards.values()))
        ids = {w["text"]: w for w in words if w["text"] in {sp.id for sp in board.spaces}}
        assert len(ids) == len(board.spaces)
        cell = ids[board.spaces[1].id]["x0"] - ids[board.spaces[0].id]["x0"]  # one square
        for sp in board.spaces:
            corner = ids[sp.id]
            inside = [w for w in words if w["text"] in ("I", "T", "A")
                      and corner["x0"] <= w["x0"] < corner["x0"] + cell
                      and corner["top"] <= w["top"] < corner["top"] + cell]
            if sp.id in expected:
                letter, side = expected[sp.id]
                assert [w["text"] for w in inside] == [letter], sp.id
                # the disc under the letter is in the side's colour
                discs = [c for c in page.curves if c["x0"] <= inside[0]["x0"] <= c["x1"]
                         and c["top"] <= inside[0]["top"] <= c["bottom"]]
                assert any(tuple(round(v, 2) for v in d["non_stroking_color"]) == _rgb(colours[side])
                           for d in discs), sp.id
            else:
                assert inside == [], sp.id


def test_kit_player_aid_has_the_attack_results_and_what_each_result_does(kit):
    aid = "\n".join(kit["pages"]["sheets"][:2])
    table = kit["scenario"].tables["attack_results"].fields
    assert "Attack results" in aid and "What each result does" in aid
    for row, label in (("range_1", "Range 1"), ("range_2", "Range 2"), ("range_3", "Range 3")):
        cells = " ".join("ADV (yellow)" if c == "adv" else str(c).capitalize() for c in table[row])
        assert f"{label} (white die) {cells}" in aid  # the scenario's table, cell by cell
    advantage = " ".join(str(c).capitalize() for c in table["advantage"])
    assert f"Advantage (yellow die) {advantage}" in aid
    for result in ("Blitz", "Disrupt", "Rout", "Miss", "Hold", "Retreat", "dug in", "Moving in"):
        assert result in aid, result
    assert "Rally: how a result softens" in aid and "The Edge" in aid


def test_kit_leadership_card_shows_the_rally_changes(kit):
    cards = "\n".join(kit["pages"]["cards"])
    for line in ("Blitz becomes Disrupt", "Disrupt becomes Rout", "Rout becomes Miss",
                 "Miss as rolled", "earns a reward"):
        assert cards.count(line) == 2, line  # one card per side
    for task in ("OPPORTUNITY FIRE", "MANEUVER", "RELIEVE", "CACHE"):
        assert cards.count(task) == 2, task


def test_kit_rules_summary_two_to_four_pages(kit):
    summary = [t for t in kit["pages"]["sheets"] if "Rules summary ·" in t]
    assert 2 <= len(summary) <= 4
    text = "\n".join(summary)
    for heading in ("Setting up", "A round", "Your turn", "Attacking", "Leadership", "End of the game"):
        assert heading in text, heading


def test_kit_no_rule_syntax_where_players_read(kit):
    assert not RULE_SYNTAX.search(kit["text"])
    assert "when=" not in kit["text"] and "opponent_turn" not in kit["text"]


def _colours(path: Path, key: str) -> set[tuple[float, ...]]:
    found = set()
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for obj in page.rects + page.curves:
                colour = obj.get(key)
                if isinstance(colour, (list, tuple)) and len(colour) == 3:
                    found.add(tuple(round(v, 2) for v in colour))
    return found


def _rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


def test_kit_one_colour_per_side_on_board_counters_and_cards(kit):
    if kit["name"] != "main":
        pytest.skip("the colours are shared by every battlefield: checked once")
    colours = kit["scenario"].fields.get("press").get("side_colours")
    assert len(colours) == 2 and colours[0] != colours[1]
    board = _colours(kit["folder"] / "boards.pdf", "stroking_color")
    counters = _colours(kit["folder"] / "counters.pdf", "non_stroking_color")
    cards = _colours(kit["folder"] / "cards.pdf", "non_stroking_color")
    for hex_colour in colours:
        rgb = _rgb(hex_colour)
        assert rgb in board and rgb in counters and rgb in cards, hex_colour
    # no second red or green for a side: the counter press's own named colours are unused
    for other in ("#a8322b", "#3f7a3a"):
        assert _rgb(other) not in counters | cards | board
    assert not any(math.isnan(v) for c in board for v in c)

"""Lines and Webs playable from its kit (issue 9 item 3): the map's ids clear of every link
and zone ring, one colour per side, counters turned as steps are lost, tracker cards,
order cards, player boards and a rules summary, read back from the PDFs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest

import dsl
from toolkit.cli import main
from toolkit.pnp.colours import as_color, side_colours
from toolkit.pnp.press import effective
from toolkit.pnp.node_labels import box_distances, label_places, ring_meets, segment_meets_box

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "content" / "lines_and_webs" / "lines_and_webs.scn"
RULE_SYNTAX = re.compile(r"\w+\(\w+=|\beffect \w+\(|mission_card|_token\b")  # referee data
NODE_ID = re.compile(r"^[A-K]\d{1,2}$")
LINK_WIDTH = 1.2  # pt: a link (toolkit/pnp/spaces.py)
RIVER_WIDTH = 3.0  # pt: a river bar
RING_WIDTH = 2.0  # pt: a zone ring (dashed) or an owner's ring (toolkit/pnp/spaces.py)


@pytest.fixture(scope="module")
def scenario():
    return dsl.load(SCENARIO)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("lw") / "kit"
    assert main(["build", str(SCENARIO), "--out", str(out), "--quiet", "--backs", "none"]) == 0
    return out


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    c = as_color(hex_colour)
    return (round(c.red, 2), round(c.green, 2), round(c.blue, 2))


def _colour(value) -> tuple[float, ...] | None:
    return tuple(round(v, 2) for v in value) if value and len(value) == 3 else None


# ---------------------------------------------------------------------- the map


def _map_pages(kit: Path):
    """Per board page: the node ids (word boxes), link and river segments, rings and discs."""
    with pdfplumber.open(kit / "boards.pdf") as pdf:
        for page in pdf.pages:
            ids = [w for w in page.extract_words(extra_attrs=["size"]) if NODE_ID.match(w["text"])]
            segments = [(*l["pts"][0], *l["pts"][-1], l["linewidth"]) for l in page.lines
                        if round(l["linewidth"], 1) in (LINK_WIDTH, RIVER_WIDTH)]
            rings, discs = [], []
            for c in page.curves:
                centre = ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2)
                radius = (c["x1"] - c["x0"]) / 2
                if c.get("fill"):
                    discs.append((centre, radius))
                elif c.get("stroke") and round(c["linewidth"], 1) == RING_WIDTH:
                    rings.append((centre, radius, c["linewidth"] / 2))
            yield ids, segments, rings, discs


def test_LW_map_no_link_river_or_zone_ring_crosses_a_node_id(kit):
    """The ids are read back from boards.pdf with their boxes, the links and river bars as
    segments (grown by half their stroke) and the zone rings as stroked circles."""
    seen_ids = seen_links = seen_rings = 0
    for ids, segments, rings, discs in _map_pages(kit):
        seen_ids += len(ids)
        seen_links += len(segments)
        seen_rings += len(rings)
        for w in ids:
            box = (w["x0"], w["top"], w["x1"], w["bottom"])
            for x0, y0, x1, y1, width in segments:
                half = width / 2
                grown = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
                assert not segment_meets_box((x0, y0, x1, y1), grown), \
                    f"a line ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f}) crosses {w['text']}"
            for (cx, cy), radius, half in rings:
                assert not ring_meets(*box_distances(box, cx, cy), radius, half), \
                    f"a ring around ({cx:.0f},{cy:.0f}) crosses {w['text']}"
            for (cx, cy), radius in discs:
                assert box_distances(box, cx, cy)[0] >= radius - 0.01, f"a node covers {w['text']}"
    assert seen_ids >= 116 and seen_links > 200 and seen_rings > 100  # the map was really read


def test_LW_map_every_node_id_is_printed_at_6_pt_or_more(kit):
    sizes = {round(w["size"], 1) for ids, *_ in _map_pages(kit) for w in ids}
    assert sizes and min(sizes) >= 6


def test_a_node_id_moves_beside_its_node_when_a_link_runs_below_it():
    """A column of three linked nodes: the middle one's place below is taken by its link
    down, so its id goes to the right; a lone node keeps its id below."""
    board = dsl.loads("""scenario "T" {
      ruleset lines_and_webs
      sides A, B
      terrain plain { colour "#cccccc" }
      board m: map {
        terrain plain
        node N1 at 0, 0
        node N2 at 0, 40
        node N3 at 0, 80
        node L at 80, 40
        link N1 N2 N3
      }
    }""", "t.scn").boards["m"]
    centres = {sp.id: (float(sp.coord[0]) * 2.8, float(sp.coord[1]) * 2.8) for sp in board.spaces}
    places = label_places(board, centres, 17.0, 7.0, (), lambda text: 7.0 * len(text))
    x, y = centres["N2"]
    assert places["N2"][0] > x + 17 and abs(places["N2"][1] - y) < 7  # to the right
    lx, ly = centres["L"]
    assert places["L"][0] == pytest.approx(lx) and places["L"][1] > ly + 17  # below


# -------------------------------------------------------------------- colours


def test_LW_colours_delta_is_blue_and_gamma_red_on_map_counters_and_cards(kit, scenario):
    colours = side_colours(scenario)
    blue, red = _rgb(colours["Delta"]), _rgb(colours["Gamma"])
    b, r = as_color(colours["Delta"]), as_color(colours["Gamma"])
    assert b.blue > b.red and r.red > r.blue
    for name, key in (("boards.pdf", "stroking_color"), ("counters.pdf", "non_stroking_color"),
                      ("cards.pdf", "non_stroking_color")):
        found = set()
        with pdfplumber.open(kit / name) as pdf:
            for page in pdf.pages:
                for obj in page.rects + page.curves + page.lines:
                    found.add(_colour(obj.get(key)))
        assert blue in found and red in found, name


# --------------------------------------------------------------- counters, cards


def _counts(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text())["components"]


def _side_units(scenario, side: str) -> dict[str, int]:
    """Every unit a side gets: on the map, in reserve and in its setup blocks."""
    setup = scenario.setups[side]
    out: dict[str, int] = {}
    for p in setup.placements:
        out[p.piece] = out.get(p.piece, 0) + p.count
    for name, n in setup.reserve_counts().items():
        out[name] = out.get(name, 0) + n
    for value in setup.fields.values():
        if hasattr(value, "items"):
            for name, n in value.items():
                if name in scenario.pieces and not scenario.pieces[name].get("marker"):
                    out[name] = out.get(name, 0) + n
    return out


def test_LW_kit_an_order_card_for_every_combat_unit_of_each_side(kit, scenario):
    counts = _counts(kit)["cards"]["counts"]
    for side in scenario.sides:
        units = _side_units(scenario, side)
        combat = sum(n for name, n in units.items() if scenario.pieces[name].get("mission_card"))
        assert counts[f"orders_{side.lower()}"] == combat
    with pdfplumber.open(kit / "cards.pdf") as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words()]
    # numbered as the counters are: ten Armor per side, the tenth is ARM 10
    assert " ".join(words).count("ARM 10") == 2
    assert not RULE_SYNTAX.search(" ".join(words))


def test_LW_kit_order_cards_and_special_cards_share_one_back_per_side(scenario):
    """A Command Post card hides among the order cards of the execution deck, so both
    decks have one back, and it says nothing but the game and the side."""
    decks = effective(scenario).decks
    assert {decks[d].back for d in ("special", "orders_delta", "orders_gamma")} == {"special_back"}
    back = scenario.layouts["special_back"]
    assert {e.content for e in back.elements if e.content} == {"LINES AND WEBS", "{{ side }}"}


def test_LW_kit_counters_show_four_strengths_on_four_edges(kit, scenario):
    """Full strength on the top edge, upright; the others turned 270, 180 and 90 degrees,
    so each reads upright once the counter is turned to it."""
    armor = scenario.pieces["armor"].get("strength")
    with pdfplumber.open(kit / "counters.pdf") as pdf:
        page = pdf.pages[0]
        # the edge numbers: 9 pt upright on top, the only turned text on a counter elsewhere
        chars = [c for c in page.chars if c["text"] in "01234"
                 and (c["size"] >= 9 or round(c["matrix"][0]) != 1)]
    # read each number's turning from its text matrix
    turns = {}
    for c in chars:
        a, b = round(c["matrix"][0]), round(c["matrix"][1])
        turns.setdefault((a, b), []).append(c["text"])
    assert set(turns) == {(1, 0), (0, -1), (-1, 0), (0, 1)}
    assert turns[(1, 0)][0] == str(armor[0])  # the first counter is Delta's ARM 1: 4 on top
    assert turns[(0, -1)][0] == str(armor[1]) and turns[(-1, 0)][0] == str(armor[2])
    assert turns[(0, 1)][0] == str(armor[3])
    counts = _counts(kit)["counters"]["counts"]
    for side in scenario.sides:
        for name, n in _side_units(scenario, side).items():
            assert counts[f"{side}/{name}"] == n


def test_press_unit_cards_make_a_deck_per_side_with_a_card_per_unit():
    """`press { unit_cards { … } }`: as many cards as the side has units of each flagged
    type, in the side's own deck; unflagged types and other sides' units are left out."""
    s = dsl.loads("""scenario "T" {
      ruleset lines_and_webs
      sides A, B
      terrain plain { colour "#cccccc" }
      board m: map { terrain plain
        node N1 at 0, 0
        node N2 at 40, 0 }
      piece tank { mission_card; strength [3, 2] }
      piece truck { }
      setup A { tank at N1; reserve tank x2, truck x1 }
      setup B { tank at N2 }
      layout orders 63mm x 88mm { text at 1mm, 1mm 60mm x 5mm "{{ card.title }} {{ card.copy }}" }
      layout orders_back 63mm x 88mm { background "{{ side_colour }}" }
      press { unit_cards { orders { title "Orders"; pieces mission_card } } }
    }""", "t.scn")
    decks = effective(s).decks
    assert [(c.name, c.quantity) for c in decks["orders_a"].cards] == [("tank", 3)]
    assert [(c.name, c.quantity) for c in decks["orders_b"].cards] == [("tank", 1)]
    assert decks["orders_a"].fields["side"] == "A" and decks["orders_a"].layout == "orders"
    assert decks["orders_a"].cards[0].fields["strength"] == (3, 2)
    assert "orders_a" not in s.decks  # the referee's scenario has no such deck

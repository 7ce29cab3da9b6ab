"""Lines and Webs playable from its kit (issue 9 item 3): the map's ids clear of every link
and zone ring, one colour per side, counters turned as steps are lost, tracker cards,
order cards, player boards and a rules summary, read back from the PDFs."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pdfplumber
import pytest

import dsl
from toolkit.cli import main
from toolkit.pnp.colours import as_color, side_colours
from toolkit.pnp.press import effective
from toolkit.pnp.units import to_points
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


# ------------------------------------------------------------------- the sheets

BOX = 30.0  # pt: a storage box on a tracker card, a 3/8 in chit and 3 pt (templates/sheets/lines_and_webs_trackers.rml.j2)


def _sheet_pages(kit: Path) -> list[str]:
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


def _fills(page, w: float, h: float) -> list[tuple[float, ...] | None]:
    """The fill colours of the rectangles of one size on a page."""
    return [_colour(r.get("non_stroking_color")) for r in page.rects
            if abs(r["width"] - w) < 0.3 and abs(r["height"] - h) < 0.3 and r.get("fill")]


def _class_colours(scenario) -> dict[str, str]:
    return {p.get("class"): p.get("colour") for p in scenario.pieces.values() if p.get("class")}


def test_LW_board_one_player_board_per_side_in_its_colour(kit, scenario):
    pages = _sheet_pages(kit)
    colours = side_colours(scenario)
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for side in scenario.sides:
            [number] = [i for i, text in enumerate(pages) if f"{side.upper()} · PLAYER BOARD" in text]
            page, text = pdf.pages[number], " ".join(pages[number].split())
            fills = {_colour(r.get("non_stroking_color")) for r in page.rects + page.curves if r.get("fill")}
            assert _rgb(colours[side]) in fills
            # the queue's spaces in the scenario's `table words`, the names the page reads too
            for words in ("Offshore delivery queue", "Assets in packaging / RSOI", "In transit to the port",
                          "Arrival at a port", "Resource points this turn", "Turn record", "Reference key",
                          "Codes on the counters and cards"):
                assert words in text, (side, words)
            # the order decks have a page of card-sized spaces of their own
            [spaces] = [t for t in pages if f"{side.upper()} · CARD SPACES" in t]
            assert f"Reserve (at most {scenario.option('reserve_orders')} cards)" in spaces


def test_LW_board_turn_record_shades_the_food_turns_and_rp_track_runs_to_25(kit, scenario):
    food = _class_colours(scenario)["cl1"]
    chit = effective(scenario).layouts["marker_front"].width.points
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        page = pdf.pages[0]
        boxes = [r for r in page.rects if abs(r["height"] - (chit + 3)) < 0.3]
        cells = [r for r in boxes if r["top"] == max(b["top"] for b in boxes)]  # the lowest row
        assert len(cells) == scenario.option("turns") == 15
        shaded = sorted(round(r["x0"]) for r in cells
                        if _colour(r.get("non_stroking_color")) != (1.0, 1.0, 1.0))
        xs = sorted(round(r["x0"]) for r in cells)
        assert [xs.index(x) + 1 for x in shaded] == list(scenario.option("food_turns"))
        assert all(_colour(r.get("non_stroking_color")) != _rgb(food) for r in cells)  # a pale tint
        assert len(boxes) - len(cells) == scenario.option("rp_per_turn") + 1  # RP 0 to 25


def test_LW_board_reference_key_has_the_hit_numbers_food_turns_and_costs(kit, scenario):
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        page = pdf.pages[0]
        top = next(w["top"] for w in page.extract_words() if w["text"] == "Terrain")
        # the key's three columns: 36 %, 36 % and 28 % of the frame between the margins
        left = next(w["x0"] for w in page.extract_words() if w["text"] == "Terrain") - 3
        frame = page.width - 2 * left
        cuts = (left, left + frame * 0.36, left + frame * 0.72, page.width - left)
        columns = [" ".join((page.within_bbox((cuts[i], top - 1, cuts[i + 1], page.height - 40))
                             .extract_text() or "").split()) for i in range(3)]
    combat, supply, costs = columns
    assert "A die hits on 7+" in combat and "town on 8+" in combat and "on 9+" in combat
    assert "Turns 3, 6, 9, 12, 15: every unit eats 1 food" in supply
    assert "ARM 10 · MECH 8 · FA 9" in costs and "Saint HIMARS! 5" in costs
    text = " ".join(_sheet_pages(kit)[0].split())
    # the scenario's own turn sequence, numbered (its wording is the ruleset's)
    assert "1. Deploy (" in text and "7. Reset (" in text and "8. " not in text


def test_LW_trackers_a_row_per_unit_with_the_basic_load_shaded_by_supply_class(kit, scenario):
    """Every unit's storage boxes, read back from sheets.pdf: as many boxes as its storage,
    the basic load shaded in the pale tint of its class colour, the rest white."""
    from toolkit.pnp.colours import mix_white

    tint = {k: _rgb(mix_white(c, 0.55)) for k, c in _class_colours(scenario).items()}
    expected = {"cl1": 0, "cl3": 0, "cl5": 0, "white": 0}
    for side in scenario.sides:
        for name, n in _side_units(scenario, side).items():
            p = scenario.pieces[name]
            food, fuel, ammo = p.get("basic_food", 0), p.get("basic_fuel", 0), p.get("basic_ammo", 0)
            expected["cl1"] += n * food
            expected["cl3"] += n * fuel
            expected["cl5"] += n * ammo
            expected["white"] += n * (p.get("storage") - food - fuel - ammo)
    ports = [sp for sp in scenario.board.spaces if "port" in sp.tags]
    expected["white"] += sum(sp.fields.get("storage") for sp in ports)
    found = {"cl1": 0, "cl3": 0, "cl5": 0, "white": 0}
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for page in pdf.pages:
            for fill in _fills(page, BOX, BOX):
                for key, colour in tint.items():
                    found[key] += fill == colour
                found["white"] += fill == (1.0, 1.0, 1.0)
    # every port has its damage boxes too (pale red), which are not storage
    assert found == expected
    text = " ".join(" ".join(_sheet_pages(kit)).split())
    assert "FSP 24" in text and "ARM 10" in text and "DSSB 1" in text
    assert "Armor company (ARM)" in text and "10 RP" in text


def test_LW_rules_summary_is_two_to_four_pages_in_our_own_words(kit):
    pages = _sheet_pages(kit)
    first = next(i for i, t in enumerate(pages) if t.startswith("Rules summary"))
    summary = pages[first:]
    assert 2 <= len(summary) <= 4
    text = " ".join(" ".join(summary).split())
    for heading in ("What the game is about", "Setting up", "A turn in seven phases", "Combat",
                    "An example fight", "Units at a glance", "Special cards", "Four players"):
        assert heading in text


def test_LW_kit_prints_nothing_under_6_pt_and_no_rule_syntax(kit):
    for pdf_path in sorted(kit.glob("*.pdf")):
        with pdfplumber.open(pdf_path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                small = [c["text"] for c in page.chars if _printed_size(c) < 5.99]
                assert not small, f"{pdf_path.name} page {number}: {small[:10]}"
                assert not RULE_SYNTAX.search(page.extract_text() or ""), f"{pdf_path.name} page {number}"


def _printed_size(ch: dict) -> float:
    a, b, c, d = ch["matrix"][:4]
    return ch["y1"] - ch["y0"] if abs(b) < 1e-6 and abs(c) < 1e-6 else ch["x1"] - ch["x0"]


def test_LW_supply_tokens_are_in_the_default_kit(kit, scenario):
    """Issue 26: the kit is playable from paper alone, so the 300 tokens of each supply class
    print in a plain build, beside the other markers."""
    tokens = {p.name for p in scenario.pieces.values() if p.get("class")}
    assert tokens == {"food_token", "fuel_token", "ammo_token"}
    manifest = json.loads((kit / "manifest.json").read_text())
    counts = manifest["components"]["counters"]["counts"]
    assert {counts[t] for t in tokens} == {300}
    assert counts["damage_token"] == 50
    assert not [n for n in manifest.get("skipped", []) if "optional counters" in n]


def test_LW_trackers_every_storage_and_damage_box_holds_a_token(kit, scenario):
    """A supply token sits in a tracker card's storage box, a DMG marker in a port's damage
    box: every such box (white or in a supply class's tint; pale red for damage) is wider
    and taller than the chit printed on the counter sheets."""
    from toolkit.pnp.colours import mix_white

    chit = effective(scenario).layouts["marker_front"].width.points
    storage = {_rgb(mix_white(c, 0.55)) for c in _class_colours(scenario).values()} | {(1.0, 1.0, 1.0)}
    damage = _rgb("#fbe3e1")
    found = {"storage": [], "damage": []}
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for page in pdf.pages:
            if "storage" not in (page.extract_text() or ""):
                continue
            for r in page.rects:
                fill = _colour(r.get("non_stroking_color")) if r.get("fill") else None
                square = abs(r["width"] - r["height"]) < 0.3 and r["width"] < 3 * chit
                if square and fill in storage and round(r.get("linewidth", 0), 1) == 0.6:
                    found["storage"].append(r)
                elif square and fill == damage:
                    found["damage"].append(r)
    assert len(found["storage"]) > 500 and len(found["damage"]) == 14
    for r in found["storage"] + found["damage"]:
        assert r["width"] > chit and r["height"] > chit, (r["width"], chit)


def test_LW_board_rp_and_turn_tracks_hold_their_markers(kit, scenario):
    chit = effective(scenario).layouts["marker_front"].width.points
    manifest = json.loads((kit / "manifest.json").read_text())
    counts = manifest["components"]["counters"]["counts"]
    for side in ("Delta", "Gamma"):
        assert counts[f"{side}/turn"] == 1 and counts[f"{side}/resource_points"] == 1
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        [board] = [p for p in pdf.pages if "DELTA · PLAYER BOARD" in (p.extract_text() or "")]
        cells = [r for r in board.rects if round(r.get("linewidth", 0), 1) == 0.6
                 and 0.9 * chit < r["height"] < 2 * chit and r["width"] < 60]
    assert len(cells) == 26 + 15  # RP 0 to 25, turns 1 to 15
    assert all(c["width"] > chit and c["height"] > chit for c in cells)


def test_LW_card_spaces_are_larger_than_the_cards(kit, scenario):
    layout = effective(scenario).layouts["special"]
    cw, ch = layout.width.points, layout.height.points
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for side in ("DELTA", "GAMMA"):
            [page] = [p for p in pdf.pages if f"{side} · CARD SPACES" in (p.extract_text() or "")]
            text = page.extract_text()
            for name in ("Execution deck", "Reserve", "Out of play", "Special cards"):
                assert name in text
            outlines = [r for r in page.rects + page.curves
                        if abs(r["width"] - cw) < 1 and abs(r["height"] - ch) < 1]
            spaces = [r for r in page.rects + page.curves
                      if cw + 4 < r["width"] < cw + 40 and ch + 4 < r["height"] < ch + 60]
            assert len(outlines) == 4 and len(spaces) == 4


def test_LW_R10_each_side_has_a_deployment_sheet_listing_every_unit_and_the_reserves(kit, scenario):
    pages = _sheet_pages(kit)
    abbrev = {"armor": "ARM", "mech_infantry": "MECH", "field_artillery": "FA", "air_defense": "ADA",
              "forward_support_platoon": "FSP", "fle_company": "FLE-C", "fle_battalion": "FLE-B",
              "forward_support_company": "FSC", "brigade_support_battalion": "BSB",
              "division_service_support_battalion": "DSSB", "engineer": "ENG",
              "combat_service_support_battalion": "CSSB"}
    for side, setup in scenario.setups.items():
        [page] = [p for p in pages if f"{side.upper()} · DEPLOYMENT" in p]
        text = " ".join(page.split())
        numbers: dict[str, int] = {}
        for placement in setup.placements:
            numbers[placement.piece] = numbers.get(placement.piece, 0) + 1
            assert f"{abbrev[placement.piece]} {numbers[placement.piece]}: {placement.space}" in text
        assert "Not in play yet" in text
        for piece in setup.reserve_counts():
            assert abbrev[piece] in text.split("Not in play yet", 1)[1]
        assert "APS 1" in text  # the aerial port squadron waits in the delivery queue


def _node_discs(page, diameter: float) -> list[tuple[float, float]]:
    return [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) for c in page.curves
            if abs(c["width"] - diameter) < 1.5 and abs(c["height"] - diameter) < 1.5]


def test_LW_map_a_counter_on_a_node_leaves_its_id_in_sight(kit, scenario):
    """At 100%: a node is drawn wider than a unit counter, neighbouring counters do not
    touch, and every node id lies outside the counter standing on its node."""
    counter = effective(scenario).layouts["unit_front"].width.points
    board = next(iter(scenario.boards.values()))
    node = to_points(board.fields["space_size"])
    assert node > counter
    seen = 0
    with pdfplumber.open(kit / "boards.pdf") as pdf:
        for page in pdf.pages[:-1]:  # the tiles; the last page is the assembly sheet or legend
            discs = _node_discs(page, node)
            ids = [w for w in page.extract_words() if NODE_ID.match(w["text"])]
            for a in discs:
                near = min((math.dist(a, b) for b in discs if b != a), default=1e9)
                assert near > counter * math.sqrt(2)
            for w in ids:
                if not discs:
                    break
                cx, cy = min(discs, key=lambda d: math.dist(d, ((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2)))
                half = counter / 2
                inside_x = w["x1"] > cx - half and w["x0"] < cx + half
                inside_y = w["bottom"] > cy - half and w["top"] < cy + half
                assert not (inside_x and inside_y), (w["text"], cx, cy)
                seen += 1
    assert seen >= len(board.spaces)

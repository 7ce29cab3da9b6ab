"""Every construct of the scenario language parses into the model it should."""

from __future__ import annotations

import textwrap
from pathlib import Path

import networkx as nx
import pytest

from dsl import DslError, load, loads
from dsl.model import Call, Fields, Length, Range, grid_id, parse_grid_id


def scn(body: str, header: str = 'ruleset demo\nsides Red, Blue\n') -> str:
    board = "" if "board " in body else 'board b: grid 2 x 1 { terrain plain }\n'
    declared = any(line.strip().startswith("terrain plain") for line in body.splitlines())
    terrain = "" if declared else "terrain plain\n"
    return f'scenario "T" {{\n{header}{terrain}{board}{textwrap.dedent(body)}\n}}\n'


def test_metadata_title_ruleset_sides_version():
    s = loads(scn("version \"2.1\"\nplayers 2-4\n"))
    assert s.title == "T"
    assert s.ruleset == "demo"
    assert s.sides == ("Red", "Blue")
    assert s.version == "2.1"
    assert s.fields["players"] == Range(2, 4)


def test_terrain_attributes_and_tags():
    s = loads(scn("""
        terrain hill { height 1; defence 2; move_bonus 1; capacity 3; colour "#b08a5a"; tags high, rough }
        terrain lake { impassable }
    """))
    hill, lake = s.terrains["hill"], s.terrains["lake"]
    assert (hill.height, hill.defence, hill.move_bonus, hill.capacity, hill.colour) == (1, 2, 1, 3, "#b08a5a")
    assert hill.tags == {"high", "rough"}
    assert lake.impassable and not hill.impassable


def test_square_grid_from_picture_and_key():
    s = loads(scn('''
        terrain hill
        board main: grid 3 x 2 {
          key { . plain  h hill }
          picture """
            h . .
            . . h
          """
        }
    '''))
    b = s.boards["main"]
    assert (b.kind, b.width, b.height) == ("grid", 3, 2)
    assert [sp.id for sp in b.spaces] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    assert b.space("A1").terrain == "hill" and b.space("C2").terrain == "hill"
    assert b.space("B1").coord == (1, 0)
    # orthogonal adjacency: 3x2 grid has 7 edges
    assert b.graph.number_of_edges() == 7
    assert set(b.graph.neighbors("B1")) == {"A1", "C1", "B2"}
    assert nx.is_frozen(b.graph)


def test_hex_grid_has_six_neighbours_inside():
    s = loads(scn("board h: hex 5 x 5 { terrain plain; orientation flat; offset odd }"))
    b = s.boards["h"]
    assert b.orientation == "flat" and b.offset == "odd"
    assert len(list(b.graph.neighbors("C3"))) == 6
    degrees = sorted(d for _, d in b.graph.degree())
    assert degrees[-1] == 6 and degrees[0] in (2, 3)


def test_hex_grid_pointy_even_offset_neighbours():
    s = loads(scn("board h: hex 4 x 4 { terrain plain; orientation pointy; offset even }"))
    b = s.boards["h"]
    # with even rows pushed out in a pointy layout, row 0 (1st row) is shifted right
    assert set(b.graph.neighbors("B1")) == {"A1", "C1", "B2", "C2"}


def test_named_space_attributes_merge_onto_picture_terrain():
    s = loads(scn('''
        terrain city_t
        board main: grid 3 x 1 {
          key { . plain  c city_t }
          picture """
            . c .
          """
          space B1 { capital; owner Red; value 3 }
          space A1, C1 { victory }
        }
    '''))
    b = s.boards["main"]
    assert b.space("B1").terrain == "city_t"
    assert b.space("B1").tags == {"capital"}
    assert b.space("B1").owner == "Red"
    assert b.space("B1").fields["value"] == 3
    assert b.space("A1").tags == b.space("C1").tags == {"victory"}


def test_node_and_link_map_with_link_chain_and_attributes():
    s = loads(scn("""
        terrain steppe
        board web: map {
          terrain steppe
          node N1 at 0, 0 { port; capacity 4 }
          node N2 at 10, 0
          node N3 at 20, 5.5
          link N1 N2 N3 { road }
          link N3 N1 { crosses_river }
        }
    """))
    b = s.boards["web"]
    assert b.kind == "map"
    assert b.space("N3").coord == (20, 5.5)
    assert b.space("N1").fields["capacity"] == 4
    g = b.graph
    assert g.number_of_edges() == 3
    assert g.edges["N1", "N2"]["road"] is True
    assert g.edges["N3", "N1"]["crosses_river"] is True
    assert g.nodes["N1"]["terrain"] == "steppe"


def test_grid_link_marks_an_edge_feature():
    s = loads(scn("""
        board main: grid 2 x 2 { terrain plain
          link A1 B1 { river }
        }
    """))
    assert s.board.graph.edges["A1", "B1"]["river"] is True
    assert "river" not in s.board.graph.edges["A1", "A2"]


def test_zones_by_rectangle_and_list():
    s = loads(scn("""
        board main: grid 4 x 3 { terrain plain
          zone red_country: A1..B3
          zone centre B2, C2
        }
    """))
    z = s.board.zone_index
    assert z["red_country"].spaces == ("A1", "B1", "A2", "B2", "A3", "B3")
    assert z["centre"].spaces == ("B2", "C2")


def test_piece_fields_are_typed():
    s = loads(scn("""
        piece tank { range 1-2; hits 2+; strength [3, 2, 1]; moves orthogonal, diagonal; amphibious;
                     name "Heavy tank"; cost 3; size 5/8 }
    """.replace("; size 5/8", "")))
    t = s.pieces["tank"]
    assert t.get("range") == Range(1, 2) and 2 in t.get("range") and 3 not in t.get("range")
    assert t.get("hits") == Range(2, None) and 6 in t.get("hits")
    assert t.get("strength") == (3, 2, 1)
    assert t.get("moves") == ("orthogonal", "diagonal")
    assert t.get("amphibious") is True
    assert t.get("name") == "Heavy tank"
    assert t.get("cost") == 3


def test_values_lengths_dice_booleans_and_nested_blocks():
    s = loads(scn("""
        piece gun { counter 15.875mm; die 2d6; hidden false; weapons { direct 2; indirect 5 } ; size 0.5in }
    """))
    g = s.pieces["gun"]
    assert g.get("counter") == Length(15.875, "mm")
    assert g.get("size").points == pytest.approx(36.0)
    assert g.get("die") == "2d6"
    assert g.get("hidden") is False
    assert isinstance(g.get("weapons"), Fields) and g.get("weapons")["indirect"] == 5


def test_deck_cards_quantities_fields_text_and_effects():
    s = loads(scn('''
        deck supply "Supply cards" {
          card balanced x2 { air 3; capital 3; industry 4; text "Three of each, four industry." }
          card blitz { effect multiply(kind=tank, by=2); effect draw(n=1) }
        }
    '''))
    d = s.decks["supply"]
    assert d.title == "Supply cards"
    assert d.size == 3
    bal = d.card_index["balanced"]
    assert bal.quantity == 2 and bal.get("industry") == 4 and bal.text == "Three of each, four industry."
    blitz = d.card_index["blitz"]
    assert blitz.effects == (Call("multiply", (("kind", "tank"), ("by", 2))), Call("draw", (("n", 1),)))
    assert str(blitz.effects[0]) == "multiply(kind=tank, by=2)"


def test_setup_placements_reserve_hand_and_resources():
    s = loads(scn("""
        piece inf
        piece tank
        deck d { card c x3 }
        setup Red {
          inf at A1, B1
          tank x2 at A1
          reserve inf x2, tank
          hand c x2
          supply 3
        }
    """))
    red = s.setups["Red"]
    assert [(p.piece, p.space, p.count) for p in red.placements] == [("inf", "A1", 1), ("inf", "B1", 1),
                                                                      ("tank", "A1", 2)]
    assert red.reserve_counts() == {"inf": 2, "tank": 1}
    assert [(h.name, h.count) for h in red.hand] == [("c", 2)]
    assert red.fields["supply"] == 3


def test_placement_on_a_named_board():
    s = loads(scn("""
        board one: grid 2 x 1 { terrain plain }
        board two: grid 3 x 1 { terrain plain }
        piece inf
        setup Red { inf at C1 on two }
    """))
    p = s.setups["Red"].placements[0]
    assert (p.space, p.board) == ("C1", "two")


def test_options_override_parameters():
    s = loads(scn("options { turn_limit 12; variant lake_nogo\n victory_op 10 }"))
    assert s.option("turn_limit") == 12
    assert s.option("variant") == "lake_nogo"
    assert s.option("missing", 5) == 5


def test_layouts_with_sizes_in_every_unit_and_elements():
    s = loads(scn('''
        image tank_art "art/tank.png"
        font body "fonts/body.ttf"
        layout card 2.5in x 88.9mm {
          bleed 3mm
          text at 4mm, 4mm 55mm x 8mm "{{ card.title }}" { font Helvetica-Bold; font_size 12 }
          box at 0.4cm, 14mm 55mm x 60mm """
              {{ card.text }}
          """ { shrink }
          image at 10pt, 10pt 20mm x 20mm { src tank_art }
        }
    '''))
    lay = s.layouts["card"]
    assert lay.width.points == pytest.approx(180.0)
    assert lay.height.mm == pytest.approx(88.9)
    assert [e.kind for e in lay.elements] == ["text", "box", "image"]
    assert lay.elements[0].content == "{{ card.title }}"
    assert lay.elements[1].content == "{{ card.text }}"
    assert lay.elements[1].x.mm == pytest.approx(4.0)
    assert lay.elements[2].fields["src"] == "tank_art"
    assert s.assets["tank_art"].kind == "image" and s.assets["body"].path == "fonts/body.ttf"


def test_include_splices_statements_from_a_sibling_file(tmp_path: Path):
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "terrain.scn").write_text("terrain plain { colour \"#ccc\" }\npiece inf\n")
    main = tmp_path / "main.scn"
    main.write_text('scenario "T" {\n ruleset demo\n sides A, B\n include "shared/terrain.scn"\n'
                    ' board b: grid 1 x 1 { terrain plain }\n}\n')
    s = load(main)
    assert s.terrains["plain"].colour == "#ccc"
    assert "inf" in s.pieces


def test_statements_end_at_newline_or_semicolon():
    a = loads(scn("terrain hill { height 1; colour \"#fff\" }"))
    b = loads(scn("terrain hill {\n  height 1\n  colour \"#fff\"\n}"))
    assert a.terrains["hill"] == b.terrains["hill"]


def test_comments_are_ignored():
    s = loads(scn("# a comment\nterrain hill { height 1 # trailing\n }\n"))
    assert s.terrains["hill"].height == 1


def test_positions_are_kept_on_every_node():
    s = loads(scn("piece inf { moves 1 }"), path="x.scn")
    p = s.pieces["inf"]
    assert (p.pos.path, p.pos.line, p.pos.column) == ("x.scn", 6, 7)
    assert p.fields.pos("moves").line == 6


def test_grid_ids_round_trip():
    for col in (0, 1, 25, 26, 27, 99):
        for row in (0, 9, 99):
            assert parse_grid_id(grid_id(col, row)) == (col, row)
    assert grid_id(26, 0) == "AA1"
    assert parse_grid_id("a1") is None and parse_grid_id("A0") is None


def test_source_hash_changes_with_included_file(tmp_path: Path):
    (tmp_path / "inc.scn").write_text("terrain plain\n")
    main = tmp_path / "main.scn"
    main.write_text('scenario "T" { ruleset d; sides A, B; include "inc.scn"; board b: grid 1 x 1 { terrain plain } }')
    h1 = load(main).source_hash
    (tmp_path / "inc.scn").write_text("terrain plain { height 1 }\n")
    assert load(main).source_hash != h1


def test_model_is_immutable():
    s = loads(scn(""))
    with pytest.raises(Exception):
        s.title = "other"  # type: ignore[misc]
    with pytest.raises(Exception):
        s.board.graph.add_node("Z9")


def test_syntax_tour_in_docs_loads():
    s = load(Path(__file__).parent.parent / "docs" / "syntax-tour.scn")
    assert s.decks["supply"].size == 3


def test_loader_raises_only_dsl_error_on_missing_file(tmp_path: Path):
    with pytest.raises(DslError) as err:
        load(tmp_path / "nope.scn")
    assert "no such file" in str(err.value)


def test_lists_may_span_lines_and_end_with_a_comma():
    s = loads(scn("""
        piece p { sequence [
            move,
            fight,
            supply,
        ] }
    """))
    assert s.pieces["p"].get("sequence") == ("move", "fight", "supply")


def test_zone_with_fields():
    s = loads(scn("board main: grid 4 x 1 { terrain plain; zone red_country: A1..B1 { owner Red; op 1 } }"))
    z = s.board.zone_index["red_country"]
    assert z.fields["owner"] == "Red" and z.fields["op"] == 1


def test_key_symbol_with_fields_marks_every_space_drawn_with_it():
    s = loads(scn('''
        terrain city
        board main: grid 3 x 1 {
          key { . plain  C city { capital }  c city }
          picture """
            C c .
          """
          space A1 { owner Red }
        }
    '''))
    b = s.board
    assert b.space("A1").terrain == b.space("B1").terrain == "city"
    assert b.space("A1").tags == {"capital"} and b.space("A1").owner == "Red"
    assert b.space("B1").tags == frozenset()


def test_tables_hold_reference_data():
    s = loads(scn("""
        table attack {
          range_1 [blitz, blitz, disrupt, rout, rout, miss]
          advantage [blitz, disrupt]
        }
    """))
    t = s.tables["attack"]
    assert t.get("range_1")[2] == "disrupt" and len(t.get("advantage")) == 2


def test_border_marks_a_feature_between_unjoined_spaces():
    s = loads(scn("""
        board w: map { terrain plain
          node N1 at 0, 0; node N2 at 10, 0; node N3 at 20, 0
          link N1 N2
          border N2 N3 { river }
        }
    """))
    b = s.boards["w"]
    assert [(x.a, x.b, x.fields["river"]) for x in b.borders] == [("N2", "N3", True)]
    assert not b.graph.has_edge("N2", "N3")


def test_comma_separated_lists_continue_on_the_next_line():
    s = loads(scn("""
        piece inf
        board big: grid 4 x 2 { terrain plain
          zone front: A1, B1,
                      C1, D1
        }
        setup Red {
          inf at A1, B1,
                 C1
          reserve inf x2,
                  inf
        }
        piece tank { moves orthogonal,
                           diagonal }
    """))
    assert s.boards["big"].zone_index["front"].spaces == ("A1", "B1", "C1", "D1")
    assert [p.space for p in s.setups["Red"].placements] == ["A1", "B1", "C1"]
    assert s.setups["Red"].reserve_counts() == {"inf": 3}
    assert s.pieces["tank"].get("moves") == ("orthogonal", "diagonal")

"""Boards in boards.pdf: drawn to scale, tiled with overlap and registration marks, or fitted.

Every check reads the PDF back with pdfplumber: positions of the printed space
ids, page sizes, the crosshair lines of the registration marks.
"""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pytest

import dsl
from toolkit.inspect import scenario_files
from toolkit.pnp.boards import PAGE_MARGIN, write_boards
from toolkit.pnp.hexes import geometry
from toolkit.pnp.tiling import plan_tiles, registration_marks
from toolkit.pnp.units import MM, PressOptions

TOL = 0.1  # points
CONTENT = Path(__file__).resolve().parent.parent / "content"


def scenario(board: str, extra: str = "") -> dsl.Scenario:
    return dsl.loads(
        f'''scenario "Press test" {{
  ruleset front_line
  sides Red, Green
  terrain valley {{ height 0; colour "#9cc46b" }}
  terrain hill   {{ height 1; colour "#b08a5a" }}
  terrain lake   {{ impassable; colour "#4a7fc1" }}
  {board}
  {extra}
}}''',
        path="<test>",
    )


def picture(cols: int, rows: int) -> str:
    lines = []
    for r in range(rows):
        lines.append(" ".join("h" if (c + 2 * r) % 7 == 0 else "." for c in range(cols)))
    return '"""\n' + "\n".join(lines) + '\n"""'


def grid_board(cols: int, rows: int, kind: str = "grid", body: str = "") -> str:
    return (f"board main: {kind} {cols} x {rows} {{\n key {{ . valley  h hill  ~ lake }}\n"
            f" picture {picture(cols, rows)}\n {body}\n}}")


def words(pdf_path: Path, page: int = 0) -> dict[str, list[dict]]:
    with pdfplumber.open(pdf_path) as pdf:
        out: dict[str, list[dict]] = {}
        for w in pdf.pages[page].extract_words(keep_blank_chars=False):
            out.setdefault(w["text"], []).append(w)
        return out


def centre(word: dict) -> tuple[float, float]:
    return (word["x0"] + word["x1"]) / 2, (word["top"] + word["bottom"]) / 2


def page_count(path: Path) -> int:
    with pdfplumber.open(path) as pdf:
        return len(pdf.pages)


# ----------------------------------------------------------------- to scale


def test_square_grid_is_drawn_at_its_space_size(tmp_path):
    s = scenario(grid_board(6, 4, body="space_size 30mm"))
    out = tmp_path / "boards.pdf"
    report = write_boards(s, out, PressOptions())
    assert report.pages == page_count(out) == 1
    w = words(out)
    a1, b1, a2, f4 = (w[k][0] for k in ("A1", "B1", "A2", "F4"))
    assert b1["x0"] - a1["x0"] == pytest.approx(30 * MM, abs=TOL)
    assert a2["top"] - a1["top"] == pytest.approx(30 * MM, abs=TOL)
    assert f4["x0"] - a1["x0"] == pytest.approx(5 * 30 * MM, abs=TOL)


def test_grid_default_is_25mm_squares(tmp_path):
    out = tmp_path / "boards.pdf"
    write_boards(scenario(grid_board(4, 3)), out, PressOptions())
    w = words(out)
    assert w["B1"][0]["x0"] - w["A1"][0]["x0"] == pytest.approx(25 * MM, abs=TOL)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("offset", ["odd", "even"])
def test_hex_neighbours_are_one_space_size_apart(orientation, offset):
    """Every pair of hexes the referee calls adjacent is drawn across-flats apart (20 mm)."""
    s = scenario(grid_board(7, 6, "hex", f"orientation {orientation}; offset {offset}"))
    board = s.board
    geo = geometry(board)
    for a, b in board.graph.edges:
        assert math.dist(geo.centres[a], geo.centres[b]) == pytest.approx(20 * MM, abs=1e-6)
    # and no two non-adjacent hexes are that close
    ids = list(geo.centres)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if not board.graph.has_edge(a, b):
                assert math.dist(geo.centres[a], geo.centres[b]) > 20 * MM + 1


def test_hex_labels_are_a_space_apart_in_the_pdf(tmp_path):
    s = scenario(grid_board(6, 5, "hex", "orientation flat; offset odd; space_size 22mm"))
    out = tmp_path / "boards.pdf"
    write_boards(s, out, PressOptions())
    w = words(out)
    (ax, ay), (bx, by) = centre(w["A1"][0]), centre(w["A2"][0])
    assert bx == pytest.approx(ax, abs=TOL)
    assert by - ay == pytest.approx(22 * MM, abs=TOL)
    # odd columns sit half a hex lower (flat, offset odd)
    (cx, cy) = centre(w["B1"][0])
    assert cy - ay == pytest.approx(11 * MM, abs=TOL)


def test_pointy_even_rows_shift_right(tmp_path):
    s = scenario(grid_board(5, 4, "hex", "orientation pointy; offset even"))
    out = tmp_path / "boards.pdf"
    write_boards(s, out, PressOptions())
    w = words(out)
    (a1x, _), (b1x, _), (a2x, _) = centre(w["A1"][0]), centre(w["B1"][0]), centre(w["A2"][0])
    assert b1x - a1x == pytest.approx(20 * MM, abs=TOL)
    assert a1x - a2x == pytest.approx(10 * MM, abs=TOL)  # row 1 (even index) pushed right


def test_map_coordinates_use_map_scale(tmp_path):
    s = scenario("""board web: map {
      map_scale 2mm
      node N1 at 10, 20 { terrain valley; port }
      node N2 at 30, 20 { terrain hill; city }
      node N3 at 30, 50 { terrain valley }
      link N1 N2 N3 { road }
    }""")
    out = tmp_path / "boards.pdf"
    write_boards(s, out, PressOptions())
    w = words(out)
    # N1 and N3 keep their ids below the node; N2's moves aside, clear of its link down
    (x1, y1), (x3, y3) = (centre(w[k][0]) for k in ("N1", "N3"))
    assert x3 - x1 == pytest.approx(40 * MM, abs=TOL)
    assert y3 - y1 == pytest.approx(60 * MM, abs=TOL)


def test_every_space_id_is_text_and_features_reach_the_legend(tmp_path):
    s = scenario(grid_board(10, 6, body="""
      space C3 { city; capital; owner Red }
      space H4 { port; victory }
      link A1 B1 { river }
      link E3 F3 { road }
      zone red_country: A1..C6
    """))
    out = tmp_path / "boards.pdf"
    write_boards(s, out, PressOptions())
    with pdfplumber.open(out) as pdf:
        text = "\n".join(p.extract_text() for p in pdf.pages)
        found = {w["text"] for p in pdf.pages for w in p.extract_words()}
    assert {sp.id for sp in s.board.spaces} <= found
    for label in ("valley", "hill", "City", "Capital", "Port", "Victory space", "Owned by Red",
                  "River", "Road", "Zone red country", "25 mm"):
        assert label in text, label


def test_river_on_a_grid_lies_on_the_shared_edge(tmp_path):
    s = scenario(grid_board(4, 3, body="link A1 B1 { river }"))
    out = tmp_path / "boards.pdf"
    write_boards(s, out, PressOptions())
    w = words(out)
    a1, b1 = w["A1"][0], w["B1"][0]
    edge_x = b1["x0"] - 0.07 * 25 * MM  # labels sit 7% of a side inside the top-left corner
    with pdfplumber.open(out) as pdf:
        blue = [l for l in pdf.pages[0].lines
                if l["stroking_color"] and len(l["stroking_color"]) == 3
                and l["stroking_color"][2] > 0.6 and l["stroking_color"][0] < 0.3]
    assert any(abs(l["x0"] - edge_x) < TOL and abs(l["x1"] - edge_x) < TOL
               and l["bottom"] - l["top"] == pytest.approx(25 * MM, abs=TOL) for l in blue)


# ------------------------------------------------------------------- tiling


def test_tile_plan_covers_the_board_with_the_set_overlap():
    plan = plan_tiles(1000, 700, 400, 300, 20)
    xs = sorted({t.x0 for t in plan.tiles})
    ys = sorted({t.y0 for t in plan.tiles})
    assert all(b - a == pytest.approx(380) for a, b in zip(xs, xs[1:]))
    assert all(b - a == pytest.approx(280) for a, b in zip(ys, ys[1:]))
    assert max(t.x1 for t in plan.tiles) == 1000 and max(t.y1 for t in plan.tiles) == 700
    assert plan.count == plan.cols * plan.rows == 3 * 3
    for x, y in registration_marks(plan, inset=30):
        holders = [t for t in plan.tiles if t.contains(x, y)]
        assert len(holders) >= 2  # every mark is on both tiles it joins


BIG = grid_board(14, 16, body="space_size 25mm; zone south: A14..N16")


def crosshairs(page) -> list[tuple[float, float]]:
    """Centres of registration marks: pairs of crossing black 0.4 pt lines 8 mm long."""
    arm = 4 * MM
    lines = [l for l in page.lines if abs(l["linewidth"] - 0.4) < 0.01
             and l["stroking_color"] in ((0, 0, 0), (0.0, 0.0, 0.0), [0, 0, 0])
             and max(l["width"], l["height"]) == pytest.approx(2 * arm, abs=0.05)]
    horizontal = [l for l in lines if l["height"] < 0.01]
    vertical = [l for l in lines if l["width"] < 0.01]
    marks = []
    for h in horizontal:
        cx, cy = (h["x0"] + h["x1"]) / 2, h["top"]
        if any(abs(v["x0"] - cx) < 0.01 and abs((v["top"] + v["bottom"]) / 2 - cy) < 0.01 for v in vertical):
            marks.append((cx, cy))
    return marks


def test_large_board_is_tiled_with_overlap_and_registration_marks(tmp_path):
    s = scenario(BIG)
    out = tmp_path / "boards.pdf"
    overlap = 10 * MM
    report = write_boards(s, out, PressOptions(paper="a4"))
    assert report.counts == {"main": 1}
    assert report.pages == page_count(out) > 2
    assert report.sections == [(f"Board main ({report.pages - 1} tiles)", 0)]  # + assembly page
    with pdfplumber.open(out) as pdf:
        sizes = {(round(p.width, 1), round(p.height, 1)) for p in pdf.pages}
        assert sizes <= {(595.3, 841.9), (841.9, 595.3)}
        first = pdf.pages[0]
        aw = first.width - 2 * PAGE_MARGIN
        ah = first.height - 2 * PAGE_MARGIN
        art_right = PAGE_MARGIN + aw
        art_bottom = PAGE_MARGIN + ah
        # a space printed on two neighbouring tiles moves by exactly (area - overlap)
        by_page = [{w["text"]: w for w in p.extract_words()} for p in pdf.pages[:-1]]
        ids = {sp.id for sp in s.board.spaces}
        shared = [k for k in by_page[0] if k in by_page[1] and k in ids]
        assert shared, "no space id shows on both of the first two tiles"
        for k in shared:
            assert by_page[0][k]["x0"] - by_page[1][k]["x0"] == pytest.approx(aw - overlap, abs=TOL)
        # every crosshair of tile 1 sits in its right or bottom overlap band
        marks = crosshairs(first)
        assert len(marks) >= 3
        for x, y in marks:
            in_right = art_right - overlap <= x <= art_right
            in_bottom = art_bottom - overlap <= y <= art_bottom
            assert in_right or in_bottom, (x, y)
        right_band = [m for m in marks if art_right - overlap <= m[0] <= art_right]
        assert right_band and all(m[0] == pytest.approx(art_right - overlap / 2, abs=TOL) for m in right_band)
        # the same mark shows on tile 2, at the same board position
        second = crosshairs(pdf.pages[1])
        for x, y in right_band:
            assert any(abs(x2 - (x - (aw - overlap))) < TOL and abs(y2 - y) < TOL for x2, y2 in second)
        assembly = pdf.pages[-1].extract_text()
        assert "assembly" in assembly and "row 1, col 1" in assembly


def test_overlap_can_be_set_on_the_board(tmp_path):
    s = scenario(BIG.replace("space_size 25mm", "space_size 25mm; overlap 15mm"))
    out = tmp_path / "boards.pdf"
    write_boards(s, out, PressOptions())
    with pdfplumber.open(out) as pdf:
        aw = pdf.pages[0].width - 2 * PAGE_MARGIN
        a = {w["text"]: w for w in pdf.pages[0].extract_words()}
        b = {w["text"]: w for w in pdf.pages[1].extract_words()}
    ids = {sp.id for sp in s.board.spaces}
    shared = [k for k in a if k in b and k in ids]
    assert shared
    assert a[shared[0]]["x0"] - b[shared[0]]["x0"] == pytest.approx(aw - 15 * MM, abs=TOL)


def test_fit_puts_a_large_board_on_one_page(tmp_path):
    s = scenario(BIG)
    out = tmp_path / "boards.pdf"
    report = write_boards(s, out, PressOptions(paper="letter", fit=True))
    assert report.pages == page_count(out) == 1
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        assert {round(page.width), round(page.height)} == {612, 792}
        w = {x["text"]: x for x in page.extract_words()}
        text = page.extract_text()
    scale = (w["B1"]["x0"] - w["A1"]["x0"]) / (25 * MM)
    assert 0.3 < scale < 1
    assert w["N16"]["x1"] <= page.width and w["N16"]["bottom"] <= page.height
    assert f"{scale * 100:.0f}%" in text


def test_board_that_fits_is_not_scaled_by_fit(tmp_path):
    out = tmp_path / "boards.pdf"
    write_boards(scenario(grid_board(4, 3)), out, PressOptions(fit=True))
    w = words(out)
    assert w["B1"][0]["x0"] - w["A1"][0]["x0"] == pytest.approx(25 * MM, abs=TOL)


def test_scenario_without_boards_writes_nothing(tmp_path):
    from dataclasses import replace

    from dsl.model import Catalog

    s = replace(scenario(grid_board(2, 2)), boards=Catalog())
    out = tmp_path / "boards.pdf"
    report = write_boards(s, out, PressOptions())
    assert report.pages == 0 and not out.exists()


def test_every_board_gets_a_section(tmp_path):
    s = scenario(grid_board(4, 3) + "\n" + """board web: map {
      terrain valley
      node N1 at 0, 0
      node N2 at 40, 0
      link N1 N2 { crosses_river }
    }""")
    out = tmp_path / "boards.pdf"
    report = write_boards(s, out, PressOptions())
    assert report.counts == {"main": 1, "web": 1}
    assert [t for t, _ in report.sections] == ["Board main", "Board web"]
    assert report.pages == page_count(out)


@pytest.mark.parametrize("path", scenario_files([CONTENT])[0], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_scenarios_print_their_boards(tmp_path, path):
    s = dsl.load(path)  # every shipped scenario must load; included fragments are not listed
    printed = [b for b in s.boards.values() if b.printed]
    if not printed:
        pytest.skip("no printed boards")  # Last Front: its play mat is on the sheets
    out = tmp_path / "boards.pdf"
    report = write_boards(s, out, PressOptions())
    found = set()
    with pdfplumber.open(out) as pdf:
        for p in pdf.pages:
            found |= {w["text"] for w in p.extract_words()}
    for board in printed:
        assert {sp.id for sp in board.spaces} <= found
    assert report.pages == page_count(out)


def _blue_lines(path: Path) -> tuple[list[dict], str]:
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[0].extract_text()
        blue = [l for l in pdf.pages[0].lines if l["stroking_color"] and len(l["stroking_color"]) == 3
                and l["stroking_color"][2] > 0.6 and l["stroking_color"][0] < 0.3]
    return blue, text


def test_a_river_border_on_a_map_is_drawn_across_the_gap_between_the_nodes(tmp_path):
    s = scenario("""board web: map {
      terrain valley
      map_scale 1mm
      node N1 at 0, 0
      node N2 at 40, 0
      border N1 N2 { river }
    }""")
    assert not s.boards["web"].graph.has_edge("N1", "N2")  # a border joins nothing
    out = tmp_path / "boards.pdf"
    write_boards(s, out, PressOptions())
    w = words(out)
    (x1, _), (x2, _) = centre(w["N1"][0]), centre(w["N2"][0])
    blue, text = _blue_lines(out)
    vertical = [l for l in blue if l["width"] < 0.01]
    assert any(abs(l["x0"] - (x1 + x2) / 2) < TOL
               and l["height"] == pytest.approx(40 * MM * 0.58, abs=TOL) for l in vertical)
    assert "River" in text


def test_a_border_without_river_is_not_drawn_as_one(tmp_path):
    s = scenario("""board web: map {
      terrain valley
      map_scale 1mm
      node N1 at 0, 0
      node N2 at 40, 0
      border N1 N2 { wall }
    }""")
    out = tmp_path / "boards.pdf"
    write_boards(s, out, PressOptions())
    blue, text = _blue_lines(out)
    assert blue == [] and "River" not in text


def test_a_board_with_print_false_is_left_out_of_boards_pdf(tmp_path):
    both = scenario(grid_board(4, 3) + "\n" + grid_board(3, 2).replace("board main:", "board mat:", 1)
                    .replace("key {", "print false\n key {", 1))
    report = write_boards(both, tmp_path / "boards.pdf", PressOptions())
    assert report.counts == {"main": 1} and report.pages == page_count(tmp_path / "boards.pdf") == 1
    only = scenario(grid_board(3, 2, body="print false"))
    report = write_boards(only, tmp_path / "none.pdf", PressOptions())
    assert report.pages == 0 and report.path is None and not (tmp_path / "none.pdf").exists()

"""Print services (issue 16 item 6): a PNG per item face for cards, counters and board
pages with a manifest of quantities (CSV and JSON), a DriveThruCards PDF per deck, CMYK."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from toolkit.cli import main
from toolkit.pnp.png import pixel_size
from toolkit.pnp.units import INCH, MM

POKER = '''
scenario "Poker" {
  ruleset none
  sides A, B
  terrain plain
  board b: grid 2 x 2 { terrain plain }
  piece soldier { range 1 }
  setup A { soldier at A1, B1 }
  layout face 63.5mm x 88.9mm {
    bleed 0.125in
    rect at 0mm, 0mm 63.5mm x 88.9mm { fill "#d0e0f0" }
    text at 5mm, 5mm 53.5mm x 10mm "{{ card.title }}" { font_size 12 }
  }
  layout back 63.5mm x 88.9mm { background "#223344" }
  deck d "Deck" { layout face; back back; card one x2 { text "x" }; card two { text "y" } }
}
'''


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("services")
    (tmp / "poker.scn").write_text(POKER)
    out = tmp / "kit"
    assert main(["build", str(tmp / "poker.scn"), "--out", str(out), "--quiet", "--png", "300",
                 "--drivethru"]) == 0
    return out


def _rows(kit: Path) -> list[dict]:
    with open(kit / "png" / "manifest.csv", newline="") as fh:
        return list(csv.DictReader(fh))


def test_every_kind_of_item_has_its_png_and_the_manifest_gives_quantities(kit):
    rows = _rows(kit)
    by_file = {r["file"]: r for r in rows}
    assert by_file["d/one.png"]["quantity"] == "2" and by_file["d/two.png"]["quantity"] == "1"
    assert by_file["d/one-back.png"]["face"] == "back"
    assert by_file["counters/A-soldier.png"]["quantity"] == "2"
    assert by_file["counters/A-soldier.png"]["kind"] == "counter"
    assert any(r["kind"] == "board" for r in rows)
    for r in rows:
        with Image.open(kit / "png" / r["file"]) as im:
            assert im.size == (int(r["width_px"]), int(r["height_px"]))
            assert im.mode == "RGB"
    assert json.loads((kit / "png" / "manifest.json").read_text())["images"] == [
        {**r, "quantity": int(r["quantity"]), "width_px": int(r["width_px"]),
         "height_px": int(r["height_px"])} for r in rows]


def test_card_and_counter_images_are_their_exact_size_at_300_dpi(kit):
    by_file = {r["file"]: r for r in _rows(kit)}
    assert (by_file["d/one.png"]["width_px"], by_file["d/one.png"]["height_px"]) == ("825", "1125")
    counter = pixel_size(0.625 * INCH + 2 * MM, 0.625 * INCH + 2 * MM, 300)
    assert (int(by_file["counters/A-soldier.png"]["width_px"]),
            int(by_file["counters/A-soldier.png"]["height_px"])) == counter


def test_a_back_design_shared_by_every_card_is_rendered_once_and_copied(kit):
    one, two = (kit / "png" / "d" / f"{n}-back.png" for n in ("one", "two"))
    assert one.read_bytes() == two.read_bytes()


def test_drivethru_pdf_is_one_card_a_page_back_then_front_with_eighth_inch_bleed(kit):
    reader = PdfReader(str(kit / "drivethru" / "d.pdf"))
    assert len(reader.pages) == 2 * 3  # every copy: back, front
    texts = [p.extract_text() or "" for p in reader.pages]
    assert [("One" in t or "Two" in t) for t in texts] == [False, True] * 3
    assert "One" in texts[1] and "One" in texts[3] and "Two" in texts[5]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(63.5 * MM + INCH / 4, abs=0.01)
        assert float(page.trimbox.left) == pytest.approx(INCH / 8, abs=0.01)
        assert float(page.trimbox.width) == pytest.approx(63.5 * MM, abs=0.01)


def _operators(pdf: Path) -> bytes:
    data = b""
    for page in PdfReader(str(pdf)).pages:
        data += page.get_contents().get_data()
        for xobj in (page["/Resources"].get("/XObject") or {}).values():
            data += xobj.get_object().get_data()
    return data


def test_cmyk_writes_every_colour_as_cmyk(tmp_path):
    (tmp_path / "poker.scn").write_text(POKER)
    for extra, out in (([], "rgb"), (["--cmyk"], "cmyk")):
        assert main(["build", str(tmp_path / "poker.scn"), "--out", str(tmp_path / out), "--quiet",
                     *extra]) == 0
    for name in ("cards.pdf", "counters.pdf", "boards.pdf", "sheets.pdf"):
        rgb, cmyk = _operators(tmp_path / "rgb" / name), _operators(tmp_path / "cmyk" / name)
        assert re.search(rb"\brg\b|\bRG\b", rgb), name
        assert not re.search(rb"\brg\b|\bRG\b", cmyk), name
        assert re.search(rb"\bk\b|\bK\b", cmyk), name


def test_write_png_keeps_every_pixel_and_the_resolution(tmp_path):
    from toolkit.pnp.png import write_png

    image = Image.new("RGB", (37, 21), (250, 10, 20))
    image.putpixel((36, 20), (1, 2, 3))
    write_png(tmp_path / "x.png", image, 300)
    with Image.open(tmp_path / "x.png") as back:
        assert back.mode == "RGB" and back.size == (37, 21)
        assert back.tobytes() == image.tobytes()
        assert back.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_write_rgb_packs_rows_of_a_strided_buffer_the_same_with_isal_or_zlib(tmp_path, monkeypatch):
    """pdfium's bitmap rows may be padded (stride > 3 x width): only the pixels are written."""
    import zlib

    from toolkit.pnp import png

    image = Image.new("RGB", (37, 21), (250, 0, 0))
    image.paste((10, 200, 30), (3, 5, 30, 9))
    stride = 3 * 37 + 5
    raw = image.tobytes()
    padded = b"".join(raw[y * 111:(y + 1) * 111] + b"\xff" * 5 for y in range(21))
    png.write_rgb(tmp_path / "fast.png", (37, 21), padded, stride, 300)
    monkeypatch.setattr(png, "_deflate", zlib.compress)
    png.write_rgb(tmp_path / "zlib.png", (37, 21), bytearray(padded), stride, 300)
    for name in ("fast.png", "zlib.png"):
        with Image.open(tmp_path / name) as back:
            assert back.mode == "RGB" and back.tobytes() == raw


def test_one_core_or_a_pool_of_workers_write_the_same_images(tmp_path, monkeypatch):
    """The workers draw the faces they were handed at fork time; with one core the main
    process draws them itself: the files are the same, byte for byte."""
    import dsl
    from toolkit.pnp import png
    from toolkit.pnp.units import PressOptions

    (tmp_path / "poker.scn").write_text(POKER.replace(
        'card one x2 { text "x" }; card two { text "y" }',
        "; ".join(f'card c{i} {{ text "card {i}" }}' for i in range(30))))
    scenario = dsl.load(tmp_path / "poker.scn")
    monkeypatch.setattr(png, "workers", lambda: 2)
    pool = png.write_card_pngs(scenario, tmp_path / "pool", PressOptions(png_dpi=72))
    monkeypatch.setattr(png, "workers", lambda: 1)
    alone = png.write_card_pngs(scenario, tmp_path / "alone", PressOptions(png_dpi=72))
    assert len(pool) == len(alone) == 60
    for a, b in zip(pool, alone):
        assert a.read_bytes() == b.read_bytes(), a.name
    with Image.open(tmp_path / "pool" / "d" / "c29.png") as im:  # the last chunk was drawn too
        assert im.getpixel((3, 3)) == pytest.approx((0xd0, 0xe0, 0xf0), abs=3)


@pytest.mark.skipif(not __import__("shutil").which("pdftoppm"), reason="needs pdftoppm (poppler-utils)")
def test_without_pypdfium2_pdftoppm_rasterises_the_faces_at_their_exact_size(tmp_path, monkeypatch):
    import sys

    import dsl
    from toolkit.pnp import png
    from toolkit.pnp.units import PressOptions

    (tmp_path / "poker.scn").write_text(POKER)
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # `import pypdfium2` raises ImportError
    monkeypatch.setattr(png, "workers", lambda: 1)
    files = png.write_card_pngs(dsl.load(tmp_path / "poker.scn"), tmp_path / "png", PressOptions(png_dpi=300))
    assert len(files) == 4
    for f in files:
        with Image.open(f) as im:
            assert im.size == (825, 1125) and im.mode == "RGB"
    with Image.open(tmp_path / "png" / "d" / "one.png") as im:
        assert im.getpixel((1, 1)) == pytest.approx((0xd0, 0xe0, 0xf0), abs=3)


# ---------------------------------------------------------------- presets (--for SERVICE)
# The shipped games declare their cards 63 x 88 mm with 1.5 mm bleed, which is what a
# print shop would refuse: a preset places that card at 100% on the shop's poker card.

DECLARED = '''
scenario "Declared" {
  ruleset none
  sides A, B
  terrain plain
  board b: grid 2 x 2 { terrain plain }
  piece soldier { range 1 }
  setup A { soldier at A1 }
  layout face 63mm x 88mm {
    bleed 1.5mm
    background "#204060"
    rect at 0mm, 0mm 63mm x 88mm { fill "#d0e0f0" }
    text at 5mm, 5mm 53mm x 10mm "{{ card.title }}" { font_size 12 }
  }
  layout back 63mm x 88mm { background "#223344" }
  layout token 30mm x 30mm { bleed 1mm; background "#804020" }
  deck d "Deck" { layout face; back back; card one x2; card two }
  deck t "Tokens" { layout token; card round x3 }
}
'''


@pytest.fixture(scope="module")
def presets(tmp_path_factory) -> tuple[Path, str]:
    import contextlib
    import io

    tmp = tmp_path_factory.mktemp("presets")
    (tmp / "declared.scn").write_text(DECLARED)
    out = tmp / "kit"
    said, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(err):
        assert main(["build", str(tmp / "declared.scn"), "--out", str(out), "--quiet", "--backs", "none",
                     "--for", "thegamecrafter,drivethrucards", "--for", "printerstudio"]) == 0
    return out, said.getvalue() + err.getvalue()


def test_the_game_crafter_gets_a_63_by_88_mm_card_as_a_poker_png_of_825_by_1125_px(presets):
    out, _ = presets
    for name in ("one.png", "one-back.png", "two.png"):
        with Image.open(out / "png" / "d" / name) as im:
            assert im.size == (825, 1125), name
            assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_printerstudio_gets_822_by_1122_px_cards_and_no_counters(presets):
    out, _ = presets
    with Image.open(out / "printerstudio" / "d" / "one.png") as im:
        assert im.size == (822, 1122)
    assert not (out / "printerstudio" / "counters").exists()
    rows = {r["file"] for r in csv.DictReader(open(out / "printerstudio" / "manifest.csv", newline=""))}
    assert "d/one.png" in rows and not any(r.startswith("counters/") for r in rows)


def test_a_placed_card_keeps_its_art_out_to_the_service_bleed_edge(presets):
    """The layout's bleed was 1.5 mm; on a poker card the image runs 3.425 mm beyond the
    declared trim across and 3.625 mm down: a rect touching the trim runs on into all of
    it, and so does a background."""
    out, _ = presets
    corners = ((0, 0), (824, 0), (0, 1124), (824, 1124))
    with Image.open(out / "png" / "d" / "one.png") as im:
        for corner in corners:
            assert im.getpixel(corner) == pytest.approx((0xd0, 0xe0, 0xf0), abs=3), corner
    with Image.open(out / "png" / "d" / "one-back.png") as im:
        for corner in corners:
            assert im.getpixel(corner) == pytest.approx((0x22, 0x33, 0x44), abs=3), corner


def test_drivethrucards_pages_are_2_75_by_3_75_in_with_a_poker_trim_and_the_card_at_100_percent(presets):
    import pdfplumber

    out, _ = presets
    reader = PdfReader(str(out / "drivethru" / "d.pdf"))
    assert len(reader.pages) == 2 * 3
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((2.75 * INCH, 3.75 * INCH))
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 2.75 * INCH, 3.75 * INCH])
        assert [float(v) for v in page.trimbox] == pytest.approx([INCH / 8, INCH / 8, 2.625 * INCH, 3.625 * INCH])
    with pdfplumber.open(out / "drivethru" / "d.pdf") as pdf:
        chars = pdf.pages[1].chars  # the first front
        assert {round(ch["size"], 2) for ch in chars} == {12.0}  # not scaled
        # the title's box starts 5 mm inside the declared trim, centred on the poker trim
        assert min(ch["x0"] for ch in chars) == pytest.approx(INCH / 8 + 0.25 * MM + 5 * MM, abs=1.0)


def test_drivethrucards_files_are_cmyk_as_the_shop_asks(presets):
    out, _ = presets
    data = _operators(out / "drivethru" / "d.pdf")
    assert not re.search(rb"\brg\b|\bRG\b", data)
    assert re.search(rb"\bk\b", data)


def test_a_card_no_service_sells_keeps_its_size_with_the_service_bleed_and_the_build_says_so(presets):
    out, said = presets
    with Image.open(out / "png" / "t" / "round.png") as im:
        assert im.size == pixel_size(30 * MM + INCH / 4, 30 * MM + INCH / 4, 300)
    page = PdfReader(str(out / "drivethru" / "t.pdf")).pages[0]
    assert float(page.mediabox.width) == pytest.approx(30 * MM + INCH / 4)
    said = [line for line in said.splitlines() if "Tokens (30 x 30 mm) are not near any card size" in line]
    assert len(said) == 1  # one note for every shop that says the same
    assert all(shop in said[0].split(": ")[1] for shop in ("The Game Crafter", "DriveThruCards", "PrinterStudio"))


def test_home_printing_keeps_the_declared_card_and_its_own_bleed(presets):
    """The kit itself (cards.pdf) is not changed by --for: 63 x 88 mm cards, 1.5 mm bleed."""
    out, _ = presets
    page = PdfReader(str(out / "cards.pdf")).pages[0]
    trim = [float(v) for v in page.trimbox]
    assert trim[2] - trim[0] == pytest.approx(3 * 63 * MM + 2 * 3 * MM, abs=0.1)  # 3 across, bleeds touch
    assert trim[3] - trim[1] == pytest.approx(88 * MM, abs=0.1)  # the deck's three cards: one row


def test_the_build_summary_names_every_file_and_folder_it_wrote(presets):
    out, said = presets
    lines = said.splitlines()
    for entry in sorted(out.iterdir()):
        shown = f"{entry}/" if entry.is_dir() else str(entry)
        assert any(line.startswith(shown + " ") or line == shown for line in lines), entry.name
    assert {e.name for e in out.iterdir() if e.is_dir()} == {"png", "drivethru", "printerstudio"}
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["options"]["for"] == ["thegamecrafter", "drivethrucards", "printerstudio"]
    assert set(manifest["folders"]) == {"png", "drivethru", "printerstudio"}


def test_png_alone_follows_the_game_crafter_and_for_home_adds_nothing(tmp_path):
    (tmp_path / "declared.scn").write_text(DECLARED)
    assert main(["build", str(tmp_path / "declared.scn"), "--out", str(tmp_path / "png"), "--quiet",
                 "--backs", "none", "--png", "300", "--for", "home"]) == 0
    with Image.open(tmp_path / "png" / "png" / "d" / "one.png") as im:
        assert im.size == (825, 1125)
    assert {e.name for e in (tmp_path / "png").iterdir() if e.is_dir()} == {"png"}


def test_an_unknown_service_is_a_usage_error_that_lists_the_services(tmp_path, capsys):
    (tmp_path / "declared.scn").write_text(DECLARED)
    with pytest.raises(SystemExit) as exit:
        main(["build", str(tmp_path / "declared.scn"), "--for", "makeplayingcards"])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert "'makeplayingcards' is not a print service" in err
    assert "thegamecrafter, drivethrucards, printerstudio, home" in err


@pytest.mark.parametrize("size,card", [((63, 88), "poker"), ((63.5, 88.9), "poker"), ((57, 89), "bridge"),
                                       ((70, 120), "tarot"), ((44, 63), "mini"), ((41, 63), None),
                                       ((80, 80), None)])
def test_a_declared_card_goes_on_the_service_card_within_2_mm(size, card):
    from toolkit.pnp.services import SERVICES

    found = SERVICES["thegamecrafter"].card_for(size[0] * MM, size[1] * MM)
    assert (found.name if found else None) == card


EDGY = '''
scenario "Edgy" {
  ruleset none
  sides A, B
  terrain plain
  board b: grid 2 x 2 { terrain plain }
  layout face 63mm x 88mm {
    text at 5mm, 5mm 53mm x 10mm "{{ card.title }}" { font_size 12 }
    text at 1.8mm, 20mm 8mm x 8mm "{{ card.cost }}" { font_size 12 }
    rect at 0mm, 0mm 63mm x 4mm { fill "#204060" }
    text at 48mm, 40mm 14mm x 4mm "turned" { font_size 8; rotate 90 }
  }
  deck d "Edgy cards" { layout face; card one { cost 2 } }
}
'''


def test_text_inside_the_cut_but_outside_the_shops_safe_area_is_noted_with_its_line(tmp_path):
    """The shops keep text 1/8 in inside the cut; art (the rect) may run to the edge. The
    turned text's 14 x 4 mm box, turned about its centre, stands 53 to 57 mm across: safe."""
    from toolkit.pnp.services import PrintService, SERVICES, outside_safe_area, placement
    from toolkit.pnp.units import PressOptions

    (tmp_path / "edgy.scn").write_text(EDGY)
    scenario = dsl_load(tmp_path / "edgy.scn")
    layout = scenario.layouts["face"]
    notes: list[str] = []
    where = placement(PressOptions(service="thegamecrafter"), 63 * MM, 88 * MM, "Edgy cards", notes, (layout,))
    assert [el.content for el in outside_safe_area(SERVICES["thegamecrafter"], where, layout)] == [
        "{{ card.cost }}"]
    assert notes == [f"The Game Crafter: Edgy cards, layout face ({tmp_path / 'edgy.scn'} line 9): "
                     "text within 1/8 in of the cut, where the shop may trim it; keep it inside the "
                     "shop's safe area"]


def test_a_layout_keeping_its_text_safe_gets_no_note(presets):
    _, said = presets
    assert "safe area" not in said


def dsl_load(path):
    import dsl

    return dsl.load(path)

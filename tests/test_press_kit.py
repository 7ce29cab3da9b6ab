"""`frontkit build`: the kit, its outline and manifest, PNG export, diagnostics, shipped content."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

import dsl
from toolkit.cli import main
from toolkit.pnp.kit import progress_bar
from toolkit.pnp.png import pixel_size, write_card_pngs
from toolkit.pnp.units import PressOptions

ROOT = Path(__file__).resolve().parent.parent

POKER = '''
scenario "Poker" {
  ruleset none
  sides A, B
  terrain plain
  board b: grid 2 x 2 { terrain plain }
  piece soldier { range 1 }
  setup A { soldier at A1 }
  layout face 63.5mm x 88.9mm {
    bleed 0.125in
    rect at 0mm, 0mm 63.5mm x 88.9mm { fill "#d0e0f0" }
    text at 5mm, 5mm 53.5mm x 10mm "{{ card.title }}" { font_size 12 }
  }
  layout back 63.5mm x 88.9mm { background "#223344" }
  deck d "Deck" { layout face; back back; card one x2 { text "x" }; card two { text "y" } }
}
'''


def write(tmp_path: Path, text: str = POKER, name: str = "poker.scn") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_png_poker_card_with_eighth_inch_bleed_at_300_dpi_is_825_by_1125(tmp_path):
    scenario = dsl.load(write(tmp_path))
    files = write_card_pngs(scenario, tmp_path / "png", PressOptions(png_dpi=300))
    names = sorted(f.relative_to(tmp_path / "png").as_posix() for f in files)
    assert names == ["d/one-back.png", "d/one.png", "d/two-back.png", "d/two.png"]
    for f in files:
        with Image.open(f) as im:
            assert im.size == (825, 1125)
            assert im.mode == "RGB"
    with Image.open(tmp_path / "png" / "d" / "one.png") as im:
        # the face colour reaches the image edge: the bleed is in the image
        assert im.getpixel((1, 1)) == pytest.approx((0xd0, 0xe0, 0xf0), abs=3)


@pytest.mark.parametrize("dpi", [150, 600])
def test_png_sizes_are_exact_at_other_resolutions(tmp_path, dpi):
    scenario = dsl.load(write(tmp_path))
    files = write_card_pngs(scenario, tmp_path / "png", PressOptions(png_dpi=dpi))
    want = pixel_size(2.75 * 72, 3.75 * 72, dpi)
    for f in files:
        with Image.open(f) as im:
            assert im.size == want


def test_build_writes_every_file_the_outline_and_the_manifest(tmp_path, capsys):
    out = tmp_path / "kit"
    rc = main(["build", str(write(tmp_path)), "--out", str(out), "--quiet", "--png", "100"])
    assert rc == 0, capsys.readouterr().err
    for name in ("cards.pdf", "counters.pdf", "kit.pdf", "manifest.json", "calibration.pdf"):
        assert (out / name).is_file(), name
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["components"]["cards"]["counts"] == {"d": 3}
    assert manifest["components"]["counters"]["counts"] == {"A/soldier": 1}
    listed = {f["path"] for f in manifest["files"]}
    assert {"cards.pdf", "counters.pdf", "kit.pdf", "d/one.png".join(["png/", ""])} <= listed | {"png/d/one.png"}
    assert "png/d/one.png" in listed
    kit = PdfReader(str(out / "kit.pdf"))
    parts = [f["pages"] for f in manifest["files"] if f["path"].endswith(".pdf") and f["path"] != "kit.pdf"]
    # laid out for double-sided printing: the blank backs are counted in the manifest
    assert len(kit.pages) == sum(parts) + manifest["kit"]["blank_pages"]
    assert manifest["kit"] == {"double_sided": True, "blank_pages": 2}
    titles = [o.title for o in kit.outline if not isinstance(o, list)]
    assert titles[:2] == ["Cards", "Counters"]
    assert "Duplex calibration" in titles
    children = kit.outline[1]
    assert [c.title for c in children] == ["Deck"]
    assert kit.get_destination_page_number(children[0]) == 0
    # boxes survive the merge
    assert "/TrimBox" in kit.pages[0] and "/BleedBox" in kit.pages[0]


def test_build_options_reach_the_press(tmp_path, capsys):
    out = tmp_path / "kit"
    rc = main(["build", str(write(tmp_path)), "--out", str(out), "--paper", "letter", "--backs", "fold",
               "--bleed", "2mm", "--quiet"])
    assert rc == 0, capsys.readouterr().err
    page = PdfReader(str(out / "cards.pdf")).pages[0]
    assert float(page.mediabox.width) == pytest.approx(612) and float(page.mediabox.height) == pytest.approx(792)
    trim, bleed = page.trimbox, page.bleedbox
    assert float(trim.left) - float(bleed.left) == pytest.approx(2 * 72 / 25.4, abs=0.01)
    assert not (out / "calibration.pdf").exists()  # fold layout needs no calibration


@pytest.mark.parametrize("args, message", [
    (["--bleed", "3"], "argument --bleed: not a length"),
    (["--back-offset", "1mm;2mm"], "argument --back-offset"),
    (["--png", "5"], "argument --png: 5 is out of range"),
])
def test_bad_options_are_usage_errors_with_one_clear_line(tmp_path, capsys, args, message):
    with pytest.raises(SystemExit) as exit_:
        main(["build", str(write(tmp_path)), "--out", str(tmp_path / "o"), *args])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_card_larger_than_the_paper_is_a_positioned_diagnostic(tmp_path, capsys):
    text = POKER.replace("layout face 63.5mm x 88.9mm", "layout face 250mm x 88.9mm").replace(
        "layout back 63.5mm x 88.9mm", "layout back 250mm x 88.9mm")
    path = write(tmp_path, text)
    rc = main(["build", str(path), "--out", str(tmp_path / "o"), "--quiet"])
    err = capsys.readouterr().err
    assert rc == 1
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "deck d" in l)
    assert f"{path}:{line}:" in err and "error: deck d: its 250mm x 88.9mm cards" in err
    assert "Traceback" not in err and not (tmp_path / "o").exists()


def test_missing_image_file_is_a_diagnostic_naming_layout_and_path(tmp_path, capsys):
    text = POKER.replace("  deck d", '  image art "art/missing.png"\n  deck d').replace(
        '{ background "#223344" }', '{ background "#223344"\n    image at 1mm, 1mm 10mm x 10mm { src art } }')
    path = write(tmp_path, text)
    rc = main(["build", str(path), "--out", str(tmp_path / "o"), "--quiet"])
    err = capsys.readouterr().err
    assert rc == 1
    assert "layout back: image at 1mm, 1mm: image art: file not found:" in err
    assert str(tmp_path / "art" / "missing.png") in err
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "src art" in l)
    assert f"{path}:{line}:" in err


def test_unknown_font_is_a_diagnostic_with_a_suggestion(tmp_path, capsys):
    text = POKER.replace("{ font_size 12 }", "{ font_size 12; font sans-blod }")
    rc = main(["build", str(write(tmp_path, text)), "--out", str(tmp_path / "o"), "--quiet"])
    err = capsys.readouterr().err
    assert rc == 1 and "unknown font 'sans-blod'" in err and "sans-bold" in err


def test_progress_bar_only_on_a_terminal_and_never_when_quiet():
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert progress_bar(10, quiet=False, stream=io.StringIO()) is None
    assert progress_bar(10, quiet=True, stream=Tty()) is None
    bar = progress_bar(10, quiet=False, stream=Tty())
    assert bar is not None
    bar.close()

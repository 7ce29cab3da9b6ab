"""Cards from scenario layouts, read back from the PDF (pdfplumber/pypdf)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from reportlab import rl_config

import dsl
from toolkit.pnp.cards import write_cards
from toolkit.pnp.render import PressError
from toolkit.pnp.units import MM, PressOptions

VERA = Path(rl_config.__file__).parent / "fonts" / "Vera.ttf"

SCENARIO = '''
scenario "Press test" {
  ruleset none
  sides Red, Green
  terrain plain
  board table: grid 2 x 2 { terrain plain }
  font body "fonts/Body.ttf"
  image tank_art "art/tank.png"
  layout supply_card 63mm x 88mm {
    bleed 3mm
    rect at 0mm, 0mm 63mm x 88mm { fill "#ff0000" }
    text at 4mm, 4mm 55mm x 8mm "{{ card.title }}" { font sans-bold; font_size 12; align center }
    box at 4mm, 14mm 55mm x 40mm """{{ card.text }}""" { font body; font_size 11; shrink; min_font_size 6 }
    text at 4mm, 80mm 55mm x 5mm "{{ deck.title }} {{ card.copy }}/{{ card.quantity }} air {{ card.air }}" { font_size 6 }
    image at 20mm, 60mm 20mm x 15mm { src tank_art }
  }
  layout supply_back 63mm x 88mm {
    background "#0000ff"
    text at 4mm, 40mm 55mm x 8mm "{{ scenario.title }}" { font_size 12; align center; colour "#ffffff" }
  }
  deck supply "Supply cards" {
    layout supply_card
    back supply_back
    card balanced x3 { air 3; text "Steady supply: move one :tank: unit, then <icon name=\\"star\\"/> score." }
    card long { air 1; text "TEXT_TO_SHRINK" }
  }
}
'''

LONG = " ".join(["Every word of this rule is here to overflow the box at eleven points."] * 12)


def make_scenario(tmp_path: Path, text: str = SCENARIO, long: str = LONG) -> object:
    (tmp_path / "fonts").mkdir(exist_ok=True)
    (tmp_path / "art").mkdir(exist_ok=True)
    shutil.copy(VERA, tmp_path / "fonts" / "Body.ttf")
    from PIL import Image
    Image.new("RGB", (40, 30), (30, 120, 40)).save(tmp_path / "art" / "tank.png")
    path = tmp_path / "test.scn"
    path.write_text(text.replace("TEXT_TO_SHRINK", long))
    return dsl.load(path)


@pytest.fixture
def built(tmp_path):
    scenario = make_scenario(tmp_path)
    out = tmp_path / "cards.pdf"
    report = write_cards(scenario, out, PressOptions(backs="duplex"))
    return scenario, out, report


def test_one_item_per_copy_and_backs_on_the_next_page(built):
    _, out, report = built
    assert report.counts == {"supply": 4}
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 2  # 4 cards fit one A4 sheet; its back page follows
        front = pdf.pages[0].extract_text()
        assert front.count("Supply cards") == 4
        for copy in (1, 2, 3):
            assert f"{copy}/3 air 3" in front  # Jinja fields per copy
        assert "1/1 air 1" in front
        assert pdf.pages[1].extract_text().count("Press test") == 4


def test_card_art_is_sized_to_the_layout_with_bleed(built):
    _, out, _ = built
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        reds = [r for r in page.rects if r["non_stroking_color"] == (1, 0, 0)]
        assert len(reds) == 4
        for r in reds:  # the full-card rect runs on into the 3 mm bleed
            assert r["width"] == pytest.approx(69 * MM, abs=0.1)
            assert r["height"] == pytest.approx(94 * MM, abs=0.1)
        images = page.images
        assert len(images) == 4
        for im in images:  # 40x30 px art kept in proportion inside 20 x 15 mm
            assert im["width"] == pytest.approx(20 * MM, abs=0.1)
            assert im["height"] == pytest.approx(15 * MM, abs=0.1)


def test_text_is_text_in_embedded_truetype_fonts(built):
    _, out, _ = built
    reader = PdfReader(str(out))
    fonts = {}
    for page in reader.pages:
        for xobj in page["/Resources"]["/XObject"].values():
            res = xobj.get_object().get("/Resources")
            if res and "/Font" in res:
                for f in res["/Font"].values():
                    f = f.get_object()
                    fonts[f["/BaseFont"]] = f
    assert fonts
    for name, f in fonts.items():
        desc = f["/FontDescriptor"] if "/FontDescriptor" in f else f["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in desc.get_object(), f"{name} is not embedded"
    with pdfplumber.open(out) as pdf:
        assert "Steady supply: move one" in pdf.pages[0].extract_text()


def test_long_text_shrinks_to_fit_and_warns_naming_the_card_when_it_cannot(tmp_path):
    scenario = make_scenario(tmp_path, long=" ".join(["Shrinks to fit."] * 30))
    out = tmp_path / "a.pdf"
    report = write_cards(scenario, out, PressOptions(backs="none"))
    assert not [w for w in report.warnings if "overflow" in w]
    with pdfplumber.open(out) as pdf:
        sizes = {round(c["size"], 1) for c in pdf.pages[0].chars if c["text"] == "S"}
        assert min(sizes) < 11 and min(sizes) >= 6  # shrunk, not below min_font_size

    scenario = make_scenario(tmp_path, long=LONG * 3)
    report = write_cards(scenario, tmp_path / "b.pdf", PressOptions(backs="none"))
    overflow = [w for w in report.warnings if "overflow" in w]
    assert len(overflow) == 1
    assert "card supply/long" in overflow[0] and "6 pt" in overflow[0]


def test_inline_icons_sit_between_the_words(built):
    _, out, _ = built
    with pdfplumber.open(out) as pdf:
        words = pdf.pages[0].extract_words()
        one = [w for w in words if w["text"] == "then"][0]  # "then <icon name="star"/> score."
        unit = [w for w in words if w["text"] == "score." and abs(w["top"] - one["top"]) < 1][0]
        size = one["bottom"] - one["top"]
        gap = unit["x0"] - one["x1"]
        assert gap > size * 0.9  # room for the icon and the spaces
        assert "icon" not in pdf.pages[0].extract_text()  # the markup is not printed


def test_sandbox_refuses_python_internals(tmp_path):
    text = SCENARIO.replace("{{ deck.title }}", "{{ card.__class__.__mro__[1].__subclasses__() }}")
    scenario = make_scenario(tmp_path, text)
    with pytest.raises(PressError, match="card supply/balanced"):
        write_cards(scenario, tmp_path / "x.pdf", PressOptions())


def test_missing_image_names_the_card_layout_and_path(tmp_path):
    scenario = make_scenario(tmp_path)
    (tmp_path / "art" / "tank.png").unlink()
    with pytest.raises(PressError) as err:
        write_cards(scenario, tmp_path / "x.pdf", PressOptions())
    msg = str(err.value)
    assert "card supply/balanced" in msg and "layout supply_card" in msg
    assert str(tmp_path / "art" / "tank.png") in msg


def test_identical_copies_are_drawn_once(built, tmp_path):
    # fronts differ (each copy prints its number); the four backs are one form XObject
    _, out, _ = built
    reader = PdfReader(str(out))
    front_forms = set(reader.pages[0]["/Resources"]["/XObject"].keys())
    back_forms = set(reader.pages[1]["/Resources"]["/XObject"].keys())
    assert len([f for f in front_forms if "face" in f.lower()]) == 4
    assert len([f for f in back_forms if "face" in f.lower()]) == 1


def test_deck_without_layout_uses_the_default_card_and_says_so(tmp_path):
    scenario = dsl.loads('scenario "T" { ruleset none\n sides A\n terrain p\n board t: grid 1 x 1 { terrain p }\n deck d "Dee" { card c x2 { text "Hello there" } } }')
    report = write_cards(scenario, tmp_path / "d.pdf", PressOptions(backs="none"))
    assert report.counts == {"d": 2}
    assert any("default card layout" in w for w in report.warnings)
    with pdfplumber.open(tmp_path / "d.pdf") as pdf:
        assert pdf.pages[0].extract_text().count("Hello there") == 2
    forms = PdfReader(str(tmp_path / "d.pdf")).pages[0]["/Resources"]["/XObject"]
    assert len(forms) == 1  # two identical copies, drawn once


def test_a_when_that_is_not_an_expression_is_refused_at_check_with_its_position():
    """What passes check must build: `when "5/8in"` (a length where a condition goes)
    once passed check and stopped the build; check now names the element and column."""
    text = SCENARIO.replace(
        '    image at 20mm, 60mm',
        '    text at 4mm, 76mm 55mm x 4mm "AIR" { when "5/8in" }\n    image at 20mm, 60mm')
    with pytest.raises(dsl.DslError) as err:
        dsl.loads(text, path="when.scn")
    said = str(err.value)
    assert "when is not an expression the press can evaluate" in said and "when.scn:" in said
    dsl.loads(text.replace('"5/8in"', '"card.air > 2"'), path="when.scn")  # a condition passes


def test_when_draws_an_element_only_where_its_condition_holds(tmp_path):
    text = SCENARIO.replace(
        '    image at 20mm, 60mm',
        '    text at 4mm, 76mm 55mm x 4mm "AIR HEAVY" { when "card.air > 2" }\n    image at 20mm, 60mm')
    scenario = make_scenario(tmp_path, text)
    write_cards(scenario, tmp_path / "w.pdf", PressOptions(backs="none"))
    with pdfplumber.open(tmp_path / "w.pdf") as pdf:
        assert pdf.pages[0].extract_text().count("AIR HEAVY") == 3  # balanced x3 (air 3), not long (air 1)


@pytest.mark.parametrize("template, per_copy", [
    ("{{ card.title }} {{ card['cost'] }}", False),
    ("{% if card.air > 2 %}strong{% endif %} {{ deck.title }} {{ side }}", False),
    ("{{ card.copy }}", True),
    ("{{ card['copy'] }}", True),
    ("#{{ copy }}", True),
    ("{{ card }}", True),  # the whole record, copy and all
    ("{{ card|attr('co' ~ 'py') }}", True),
    ("{% for k in card %}{{ k }}{% endfor %}", True),
    ("{{ card[name] }}", True),  # a key not known before drawing
    ("{{ [1, 2, 3]|random }}", True),  # a different draw for each copy
    ("{{ card.title", True),  # a bad template is filled copy by copy, as before
])
def test_a_layout_reads_copy_when_any_template_of_it_may(template, per_copy):
    from dsl.model import Element, Layout, Length
    from toolkit.pnp.render import reads_copy

    mm = Length(10, "mm")
    layout = Layout("l", mm, mm, (Element("text", mm, mm, mm, mm, template),))
    assert reads_copy(layout) is per_copy


@pytest.mark.parametrize("when, per_copy", [("card.air > 2", False), ("card.copy > 1", True),
                                            ("copy == 1", True)])
def test_a_layout_reads_copy_in_an_element_shown_when(when, per_copy):
    from dsl.model import Element, Layout, Length
    from toolkit.pnp.render import reads_copy

    mm = Length(10, "mm")
    assert reads_copy(Layout("l", mm, mm, (Element("text", mm, mm, mm, mm, "x", _fields(when=when)),))) is per_copy


def _fields(**kw):
    from dsl.model import Field, Fields
    return Fields(tuple(Field(k, v) for k, v in kw.items()))


def test_copies_a_layout_cannot_tell_apart_are_filled_once_and_print_alike(tmp_path, monkeypatch):
    """The back layout reads no copy: its templates are filled once for the three copies of
    `balanced` (and once for `long`), and every copy prints it; the front reads card.copy
    and is filled per copy."""
    from toolkit.pnp.render import Renderer

    filled: list[str] = []
    resolve = Renderer._resolve
    monkeypatch.setattr(Renderer, "_resolve", lambda self, layout, ctx, label: (
        filled.append(layout.name), resolve(self, layout, ctx, label))[1])
    out = tmp_path / "cards.pdf"
    write_cards(make_scenario(tmp_path), out, PressOptions(backs="duplex"))
    assert filled.count("supply_card") == 4 and filled.count("supply_back") == 2
    with pdfplumber.open(out) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert text.count("Press test") == 4  # the back on every copy
    assert all(f"{copy}/3 air 3" in text for copy in (1, 2, 3))

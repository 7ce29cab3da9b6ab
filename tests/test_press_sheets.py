"""Reference sheets in sheets.pdf: scenario data as text, per-game templates, XML escaping."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from own_words import shingles
import dsl
from toolkit.inspect import scenario_files
from toolkit.pnp.sheets import TEMPLATES, render_rml, template_name, write_sheets
from toolkit.pnp.units import PressOptions

CONTENT = Path(__file__).resolve().parent.parent / "content"
RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"  # ../shared beside the checkout
RULESETS = ["front_lines", "front_line", "lines_and_webs", "last_front", "fantasy_line_battle"]


def scenario(ruleset: str = "no_such_game", extra: str = "") -> dsl.Scenario:
    return dsl.loads(
        f'''scenario "Sheet <test> & co" {{
  ruleset {ruleset}
  sides Red, Green
  terrain valley {{ height 0; colour "#9cc46b" }}
  terrain marsh  {{ move_bonus -1; defence 2; colour "#6b8f71" }}
  board main: grid 3 x 2 {{
    key {{ . valley  m marsh }}
    picture """
      . m .
      . . m
    """
    space B1 {{ city; victory }}
  }}
  piece grenadier {{ steps 4; range 1-2; move 3; strength [5, 3, 1]; cost 7; text "Heavy & slow" }}
  piece hussar    {{ steps 2; range 1; move 6; charge; cost 5 }}
  deck orders "Order cards" {{
    card forced_march x3 {{ move 2; text "One unit moves two extra squares." }}
    card volley {{ fire 1 }}
  }}
  setup Red {{ grenadier at A1; reserve hussar x2 }}
  options {{
    turn_limit 12
    fire_table {{ range_1 [miss, hit, hit, kill]; range_2 [miss, miss, hit, kill]; roll_with d6 }}
  }}
  {extra}
}}''',
        path="<test>",
    )


def pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(p.extract_text() or "" for p in pdf.pages)


def test_sheet_holds_units_and_their_stats_as_text(tmp_path):
    out = tmp_path / "sheets.pdf"
    report = write_sheets(scenario(), out, PressOptions())
    assert report.path == out and report.pages >= 1
    text = pdf_text(out)
    rows = {line.split()[0]: line for line in text.splitlines() if line.split()}
    assert re.search(r"grenadier\s+4\s+1-2\s+3\s+5 / 3 / 1\s+7", rows["grenadier"])
    assert re.search(r"hussar\s+2\s+1\s+6\s+–\s+5\s+yes", rows["hussar"])
    assert "grenadier: Heavy & slow" in text
    for word in ("steps", "range", "move", "strength", "cost", "charge"):
        assert word in text


def test_sheet_tabulates_terrain_decks_tables_and_options(tmp_path):
    out = tmp_path / "sheets.pdf"
    write_sheets(scenario(), out, PressOptions())
    text = pdf_text(out)
    assert "marsh Move bonus: -1 · Defence: 2" in text
    assert "Deck: Order cards (4 cards)" in text
    assert "Forced March 3 Move: 2 One unit moves two extra squares." in text
    assert "Fire table" in text
    assert "range 1 miss hit hit kill" in text and "roll with: d6" in text
    assert "turn limit 12" in text
    assert "Red grenadier x1 hussar x2" in text


def test_scenario_text_is_escaped_for_xml():
    rml = render_rml(scenario())
    assert "Sheet &lt;test&gt; &amp; co" in rml
    assert "Heavy &amp; slow" in rml


def test_page_size_follows_the_paper(tmp_path):
    out = tmp_path / "sheets.pdf"
    write_sheets(scenario(), out, PressOptions(paper="letter"))
    with pdfplumber.open(out) as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)


def test_turn_sequence_from_the_scenario_sheet_block(tmp_path):
    s = scenario(extra='''options { sheet {
      turn_sequence ["Both sides roll for initiative.", "Move, then fire."]
      notes "Marsh slows everyone down."
    } }''')
    out = tmp_path / "sheets.pdf"
    write_sheets(s, out, PressOptions())
    text = pdf_text(out)
    assert "Turn sequence" in text
    assert "1. Both sides roll for initiative." in text and "2. Move, then fire." in text
    assert "Marsh slows everyone down." in text


def test_scenario_tables_are_printed_and_turn_sequence_table_leads(tmp_path):
    s = scenario("front_line", extra='''table turn_sequence { steps ["Roll for supply.", "Act with every unit."] }
      table morale_check { shaken [1, 2, 3]; broken [4, 5, 6]; columns [low, mid, high] }
      table weather { rain "no air support"; snow "move halved" }''')
    out = tmp_path / "sheets.pdf"
    write_sheets(s, out, PressOptions())
    text = pdf_text(out)
    assert "1. Roll for supply." in text and "2. Act with every unit." in text
    assert "step by step" not in text  # the scenario's own sequence replaces the game's
    assert "Morale check" in text and "low mid high" in text and "shaken 1 2 3" in text
    assert "Weather" in text and "rain no air support" in text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_game_has_its_own_template_with_a_sequence(tmp_path, ruleset):
    assert template_name(ruleset) == f"sheets/{ruleset}.rml.j2"
    out = tmp_path / "sheets.pdf"
    write_sheets(scenario(ruleset), out, PressOptions())
    text = pdf_text(out)
    assert re.search(r"(turn|round|battle|day).*step by step|A turn in seven phases|Each day", text)
    assert "grenadier" in text.lower()  # every piece type is still there (Front Lines: in its army table)


def test_unknown_ruleset_falls_back_to_the_generic_template(tmp_path):
    assert template_name("no_such_game") == "sheets/generic.rml.j2"
    out = tmp_path / "sheets.pdf"
    write_sheets(scenario(), out, PressOptions())
    assert "step by step" not in pdf_text(out)


@pytest.mark.skipif(not RULES.is_dir(), reason="the source rules are not on this machine")
def test_templates_are_in_our_own_words():
    """No run of eight words in a sheet template appears in a source rulebook."""
    source = set()
    for f in RULES.glob("*.txt"):
        source |= shingles(f.read_text(errors="replace"))
    for template in (TEMPLATES / "sheets").glob("*.rml.j2"):
        plain = re.sub(r"<[^>]+>|\{[{%#].*?[}%#]\}", " ", template.read_text())
        copied = shingles(plain) & source
        assert not copied, (template.name, sorted(copied)[:3])


@pytest.mark.parametrize("path", scenario_files([CONTENT])[0], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_scenarios_print_a_sheet_with_their_pieces(tmp_path, path):
    s = dsl.load(path)  # every shipped scenario must load; included fragments are not listed
    out = tmp_path / "sheets.pdf"
    report = write_sheets(s, out, PressOptions())
    text = pdf_text(out)
    found = set(re.findall(r"[a-z]+", text.lower()))  # "Anti-Tank" names anti_tank
    for piece in s.pieces:  # long names wrap inside their cell: look for every word
        if s.pieces[piece].fields.flag("marker") and s.ruleset == "lines_and_webs":
            continue  # its tokens and markers print by the codes on the chits (CL V, DMG), keyed on the sheet
        assert set(piece.split("_")) <= found, piece
    assert report.pages >= 1


def test_front_line_sheet_prints_the_attack_results_table_and_the_round(tmp_path):
    """The attack table moved from the options into `table attack_results`; the sheet follows."""
    s = dsl.load(CONTENT / "front_line" / "main.scn")
    out = tmp_path / "sheets.pdf"
    write_sheets(s, out, PressOptions())
    text = pdf_text(out)
    # the round is the referee's own turn sequence (table turn_sequence, checked by the kit)
    assert "Turn sequence" in text and "Attack results" in text
    assert "Supply (automatic): A new month" in " ".join(text.split())
    assert "Range 1 (white die) Blitz Blitz Disrupt Rout Rout ADV (yellow)" in text
    assert "Advantage (yellow die) Blitz Disrupt Rout Rout Miss Miss" in text
    assert "Icon on the white face Capital Air base Soldier Industry" in text
    assert "range 3 stays on range 3" in " ".join(text.split())
    assert "Attack table" not in text  # no second copy from the options


@pytest.mark.parametrize("game, path, first", [
    ("lines_and_webs", "lines_and_webs/lines_and_webs.scn", "1. Deploy (automatic)"),
    ("last_front", "last_front/last_front.scn", "1. Deal (automatic)"),
])
def test_shipped_turn_sequence_tables_lead_the_sheet(tmp_path, game, path, first):
    s = dsl.load(CONTENT / path)
    assert "sheet" not in s.options and "turn_sequence" in s.tables
    out = tmp_path / "sheets.pdf"
    write_sheets(s, out, PressOptions())
    text = pdf_text(out)
    assert "Turn sequence" in text and first in text
    table = s.tables["turn_sequence"]
    n = len(table.get("steps") or list(table.fields))  # a list of steps, or one per phase
    if game == "last_front":  # on the centre mat, before the bid calculator; one closing step of its own
        assert text.index(first) < text.index("Bid calculator")
        return
    assert text.index(first) < text.index("Terrain")
    assert f"{n}. " in text and f"{n + 1}. " not in text.split("Boards")[0]


def test_board_summary_counts_borders(tmp_path):
    s = scenario(extra="""board web: map {
      terrain valley
      node N1 at 0, 0
      node N2 at 40, 0
      node N3 at 80, 0
      link N1 N2
      border N2 N3 { river }
    }""")
    out = tmp_path / "sheets.pdf"
    write_sheets(s, out, PressOptions())
    assert "river border x1" in pdf_text(out)


def test_a_phase_keyed_turn_sequence_prints_the_steps_the_referee_follows(tmp_path):
    """The rules kit checks `table turn_sequence { PHASE [how, "words"] }` against a
    ruleset's phases; the sheet prints the same entries, in order, with who acts."""
    toy = Path(__file__).parent / "referee_toy" / "dice_race.scn"
    s = dsl.load(toy)
    out = tmp_path / "sheets.pdf"
    write_sheets(s, out, PressOptions())
    text = " ".join(pdf_text(out).split())
    assert "1. Plan (together): Everyone commits a secret boost" in text
    assert "2. Run (in turn): In seat order: roll a die" in text
    assert text.index("1. Plan") < text.index("2. Run") < text.index("Terrain")


def test_the_scenario_s_words_name_things_and_are_not_printed_as_a_table():
    """`table words` gives the kit's names for ids nothing else titles (dsl.names): the
    sheet's context offers them as `names`, and the generic sheet prints no table of it."""
    from dsl.names import display_names
    from toolkit.pnp.sheets import sheet_context

    s = scenario(extra='table words { hussar "Hussars of the Guard"; turn_limit "last turn" }')
    assert display_names(s)["hussar"] == "Hussars of the Guard"
    assert sheet_context(s, PressOptions())["names"]["turn_limit"] == "last turn"
    rml = render_rml(s)
    assert "last turn" not in rml and "Hussars of the Guard" not in rml
    assert "turn limit" in rml.lower()


def test_a_sheet_is_laid_out_once_for_the_same_text_and_again_when_it_changes(tmp_path, monkeypatch):
    """The same RML gives the same sheets.pdf, byte for byte, laid out once per process
    (a rebuild that changed only a card's layout); a change the sheet shows lays it out again."""
    from z3c.rml import document

    from toolkit.pnp import sheets

    sheets._laid_out.cache_clear()
    laid = []
    process = document.Document.process
    monkeypatch.setattr(document.Document, "process", lambda self, out: (laid.append(1), process(self, out))[1])
    first, again, changed = (tmp_path / n for n in ("first.pdf", "again.pdf", "changed.pdf"))
    write_sheets(scenario(), first)
    write_sheets(scenario(), again)
    assert len(laid) == 1 and first.read_bytes() == again.read_bytes()
    write_sheets(scenario(extra="piece lancer { move 5 }"), changed)
    assert len(laid) == 2
    with pdfplumber.open(changed) as pdf:
        assert "lancer" in "".join(page.extract_text() or "" for page in pdf.pages)

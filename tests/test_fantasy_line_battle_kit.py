"""Fantasy Line Battle playable from its kit (issue 11 item 3), read back from the PDFs: a play
mat of card slots per side (Front to Rear, in the side's colour), tracks 0-30 for Money, Mana,
Damage to Front and Targeted Damage whose boxes hold the markers, a hand-limit aid, a rules
summary in our own words, a card reference without empty Terrain and Setup tables, no rule
syntax anywhere a player reads, and nothing under 6 pt."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from own_words import shingles
import dsl
from toolkit.cli import main
from toolkit.pnp.colours import side_colours
from toolkit.pnp.counters import counter_counts, counter_size
from toolkit.pnp.press import effective
from toolkit.pnp.sheets import render_rml
from toolkit.referee.rulesets.fantasy_line_battle.config import start as starting

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "content" / "fantasy_line_battle" / "fantasy_line_battle.scn"
# the rules texts sit beside the checkout (../shared), or beside the worktrees' folder
SOURCE = next((p / "shared" / "rules" / "fantasy-line-battle.txt" for p in (ROOT.parent, ROOT.parent.parent)
               if (p / "shared" / "rules" / "fantasy-line-battle.txt").is_file()), ROOT / "missing")
MM = 72 / 25.4
RULE_SYNTAX = re.compile(r"\w+\(\w+=|\w+\(\)|\bkind=|\beffect\s+\w+\(|\w+=\w+|\buntil=|\bwhose=")
TRACKS = ["MONEY", "MANA", "DAMAGE TO FRONT", "TARGETED DAMAGE"]
MARKERS = {"MONEY": "money_marker", "MANA": "mana_counter", "DAMAGE TO FRONT": "front_damage",
           "TARGETED DAMAGE": "targeted_damage"}


@pytest.fixture(scope="module")
def scenario():
    return dsl.load(SCENARIO)


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp(f"flb_{request.param}") / "kit"
    assert main(["build", str(SCENARIO), "--out", str(out), "--quiet", "--backs", "none",
                 "--paper", request.param]) == 0
    return out


def _words(page) -> str:
    return re.sub(r"\s+", " ", page.extract_text() or "")


def _stream_text(path: Path) -> list[str]:
    """Each page's text in the order it was drawn (a table cell, a card's text box stays whole)."""
    return [re.sub(r"\s+", " ", p.extract_text() or "") for p in PdfReader(str(path)).pages]


def _slots(page) -> list[dict]:
    """Rectangles that a 63 x 88 mm card fits in (the play mat's slots)."""
    return [r for r in page.rects if r["width"] >= 63 * MM and r["height"] >= 88 * MM]


def _label_over(page, rect, reach: float = 14) -> str:
    """The 9 pt words printed just above a slot (within `reach` pt of its top edge)."""
    words = [w for w in page.extract_words(extra_attrs=["size"]) if round(w["size"]) == 9
             and rect["x0"] - 1 <= w["x0"] < rect["x1"] and 0 < rect["top"] - w["bottom"] <= reach]
    return " ".join(w["text"] for w in sorted(words, key=lambda w: w["x0"]))


def _rgb(colour: str) -> tuple[float, ...]:
    colour = colour.lstrip("#")
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))


def _same_colour(a, b) -> bool:
    return a is not None and len(a) == 3 and all(abs(x - y) < 0.01 for x, y in zip(a, b))


def _pages_with(pdf, pattern: str) -> list:
    return [p for p in pdf.pages if re.search(pattern, _words(p))]


# ---------------------------------------------------------------------- the play mat


def test_FLB_line_mat_has_a_slot_for_every_place_of_each_sides_line_front_to_rear(kit, scenario):
    longest = scenario.option("max_line")
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for side in scenario.sides:
            pages = _pages_with(pdf, rf"{side.upper()} · LINE, PLACES")
            assert pages, side
            labels = []
            for page in pages:
                assert page.width > page.height  # a landscape page: the line runs across it
                labels += [_label_over(page, r) for r in _slots(page)]
            places = sorted(int(lab.split()[0]) for lab in labels)
            assert places == list(range(1, longest + 1)), (side, labels)
            assert "1 · Front" in labels and f"{longest} · Rear" in labels, labels


def test_FLB_each_side_reads_front_to_rear_away_from_the_enemy_front(kit, scenario):
    """North's Front is the right-hand end of its pages and South's the left (FLB-R01: North
    A1 rear to H1 Front, South I1 Front to P1 rear), so the two Fronts meet."""
    north, south = scenario.sides
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for side, front_right in ((north, True), (south, False)):
            for page in _pages_with(pdf, rf"{side.upper()} · LINE, PLACES"):
                slots = sorted(_slots(page), key=lambda r: r["x0"])
                places = [int(_label_over(page, r).split()[0]) for r in slots]
                assert places == sorted(places, reverse=front_right), (side, places)


def test_FLB_every_slot_holds_a_63_by_88_mm_card_and_is_in_its_sides_colour(kit, scenario):
    colours = side_colours(scenario)
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for side in scenario.sides:
            for page in _pages_with(pdf, rf"{side.upper()} · LINE, PLACES"):
                for r in _slots(page):  # half a millimetre to spare all round for a sleeve
                    assert r["width"] >= 64 * MM - 0.1 and r["height"] >= 89 * MM - 0.1
                    assert r["x0"] >= 0 and r["x1"] <= page.width
                    assert r["top"] >= 0 and r["bottom"] <= page.height
                    assert _same_colour(r["stroking_color"], _rgb(colours[side])), (side, r["stroking_color"])


def _under(page, rect, reach: float = 14) -> str:
    """The 7 pt words printed just below a slot (within `reach` pt of its bottom edge)."""
    words = [w for w in page.extract_words(extra_attrs=["size"]) if round(w["size"]) == 7
             and rect["x0"] - 1 <= w["x0"] < rect["x1"] and 0 < w["top"] - rect["bottom"] <= reach]
    return " ".join(w["text"] for w in sorted(words, key=lambda w: w["x0"]))


def test_FLB_each_slot_names_the_ranges_that_reach_the_enemy_front_from_it(kit, scenario):
    ranges = {c.fields.get("range") for c in scenario.decks["characters"].cards}
    seen = set()
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for page in _pages_with(pdf, r"· LINE, PLACES"):
            for r in _slots(page):
                place = int(_label_over(page, r).split()[0])
                under = _under(page, r)
                assert under.startswith("In range from here: "), under
                listed = set(under.removeprefix("In range from here: ").replace("·", " ").split())
                expected = {str(x) for x in ranges if x.low <= place <= (x.high or place)}
                assert listed == expected, (place, listed, expected)
                seen.add(place)
    assert seen == set(range(1, scenario.option("max_line") + 1))


# ---------------------------------------------------------------------- the tracks


def _track_pages(pdf, side: str) -> list:
    return _pages_with(pdf, rf"{side.upper()} · TRACKS")


def _boxes(page, side_colour) -> list[dict]:
    return [r for r in page.rects if _same_colour(r["stroking_color"], _rgb(side_colour))
            and 15.875 * MM < r["width"] < 30 * MM and abs(r["width"] - r["height"]) < 0.1]


def test_FLB_tracks_0_to_30_for_money_mana_front_and_targeted_damage_per_side(kit, scenario):
    colours = side_colours(scenario)
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        for side in scenario.sides:
            pages = _track_pages(pdf, side)
            assert len(pages) == 1, side
            page = pages[0]
            text = _words(page)
            at = [text.index(t + " Marker") for t in TRACKS]
            assert at == sorted(at), "the tracks in order, each with its marker named"
            numbers = [w["text"] for w in page.extract_words(extra_attrs=["size"]) if round(w["size"]) == 14]
            assert sorted(numbers, key=int) == sorted([str(n) for n in range(31)] * 4, key=int)
            assert len(_boxes(page, colours[side])) == 4 * 31


def test_FLB_money_track_starts_at_the_scenarios_starting_money(kit, scenario):
    money = starting(scenario, scenario.options, "money")  # FLB-R10: the setups'
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        page = _track_pages(pdf, scenario.sides[0])[0]
        words = page.extract_words(extra_attrs=["size"])
        start = next(w for w in words if w["text"] == "START")
        above = [w for w in words if round(w["size"]) == 14 and abs(w["x0"] - start["x0"]) < 12
                 and 0 < start["top"] - w["bottom"] < 20]
        assert [w["text"] for w in above] == [str(money)]
        assert f"Start on {money}." in _words(page)


def test_FLB_every_track_has_a_marker_per_side_that_fits_its_boxes(kit, scenario):
    """The counter sheet prints, for each side, one marker per track (Money is a press marker
    of layouts.scn: the rules have no piece for it), each smaller than a track box."""
    colours = side_colours(scenario)
    pressed = effective(scenario)
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        side = scenario.sides[0]
        box = min(r["width"] for r in _boxes(_track_pages(pdf, side)[0], colours[side]))
    counts = {(who, piece.name): n for who, piece, n in counter_counts(pressed)}
    for name in MARKERS.values():
        piece = pressed.pieces[name]
        assert piece.fields.flag("marker")
        assert counter_size(pressed, piece) <= box - 0.5 * MM, name
        for side in scenario.sides:
            assert counts.get((side, name)) == 1, (side, name)
    with pdfplumber.open(kit / "counters.pdf") as pdf:
        words = [w["text"] for p in pdf.pages for w in p.extract_words()]
    assert words.count("$") == words.count("Money") == len(scenario.sides)


# ---------------------------------------------------------------------- the hand-limit aid


def _aid(kit) -> str:
    pages = [t for t in _stream_text(kit / "sheets.pdf") if "· hand limits and card keywords page" in t]
    assert len(pages) == 1, "the hand-limit aid is one page"
    return pages[0]


def test_FLB_hand_limit_aid_gives_each_school_its_live_and_dead_limits(kit, scenario):
    text = _aid(kit)
    live, dead = scenario.option("spell_hand_live"), scenario.option("spell_hand_dead")
    schools = [d for d in scenario.decks.values() if d.fields.get("category")]
    assert len(schools) == 3
    rows = re.split(r"(?=\b(?:Elementalism|White|Black) (?=[A-Z][a-z]+, ))", text)
    for deck in schools:
        cat = str(deck.fields.get("category"))
        row = next(r for r in rows if r.startswith(cat.capitalize() + " "))
        assert f"{live} cards {dead} cards no cards" in row, row
        openers = [c.title for c in scenario.decks["characters"].cards
                   if cat in (c.fields.get("spells") or [])]
        assert openers
        for name in openers:
            assert name in row.split(" cards")[0], (cat, name)
    assert f"falls from {live} to {dead}: discard down to {dead} at once" in text


def test_FLB_hand_limit_aid_gives_the_merchant_its_extra_character_cards(kit, scenario):
    text = _aid(kit)
    hand = starting(scenario, scenario.options, "character_hand")
    merchant = next(c for c in scenario.decks["characters"].cards if c.name == "merchant")
    extra = next(dict(e.args)["n"] for e in merchant.effects if e.name == "hand_size")
    assert f"Keep {hand} Character cards in hand" in text
    assert f"With a Merchant laid in your line you may hold {extra} more, {hand + extra} in all" in text


def test_FLB_hand_limit_aid_explains_every_keyword_on_a_card(kit, scenario):
    text = _aid(kit)
    flags = {"doubleable": "DOUBLEABLE.", "fork": "FORK.", "interrupt": "INTERRUPT.",
             "lasting": "LASTING.", "first_spell_only": "FIRST SPELL OF THE DAY."}
    for deck in scenario.decks.values():
        for card in deck.cards:
            for flag, heading in flags.items():
                if card.fields.flag(flag):
                    entry = text[text.index(heading):].split("•")[0]
                    assert card.title.replace(" Of ", " of ") in entry, (flag, card.title)
    assert "STUN." in text and "Frost Nova" in text.split("STUN.")[1].split("•")[0]


# ---------------------------------------------------------------------- the rules summary


def _summary_pages(kit) -> list[str]:
    return [t for t in _stream_text(kit / "sheets.pdf") if "Rules summary · " in t]


def test_FLB_rules_summary_is_two_to_four_pages_and_covers_the_game(kit, scenario):
    pages = _summary_pages(kit)
    assert 2 <= len(pages) <= 4
    text = " ".join(pages)
    for topic in ("Setting up", "Choosing your line", "The reveal", "Taking turns", "1. Mana.",
                  "2. Spells.", "3. Movement.", "4. Targeted damage.", "5. Damage to the Front.",
                  "Dying", "Range", "Winning", "A stalled game"):
        assert topic in text, topic
    at = [text.index(p) for p in ("1. Mana.", "2. Spells.", "3. Movement.", "4. Targeted damage.",
                                  "5. Damage to the Front.")]
    assert at == sorted(at)
    assert f"Money marker on {starting(scenario, scenario.options, 'money')}" in text
    assert f"adds {scenario.option('base_mana')} plus the mana" in text
    assert "in secret" in text and "turn every face-down character over" in text
    assert "chosen at random" in text and "never wounded part-way" in text
    for rng in ("1-1", "1-2", "2+"):
        assert f"{rng}" in text
    for word in ("Doubleable:", "Fork:", "Interrupt:", "Stun"):
        assert word in text
    assert f"If {scenario.option('stall_days')} Days in a row pass with no character dying" in text


def test_FLB_rules_summary_and_aid_say_what_the_referee_does_with_a_pass(kit, scenario):
    # FLB-turns, FLB-R16, FLB-R24, FLB-R25, FLB-R06 as the referee plays them
    assert scenario.option("answers_after_pass") == "closed"
    text = " ".join(_summary_pages(kit))
    assert "Passing is a turn too" in text
    assert "not even an interrupt in answer to your opponent" in text
    assert "you answer nothing more that Day" in text
    assert "spend all of it at once" in text and "goes onto that track there and then" in text
    assert "what you do not spend stays on your track" in text
    assert "the rules of phase 4 apply" not in text
    assert "A line wiped out on any later Day loses at once" in text
    aid = " ".join(t for t in _stream_text(kit / "sheets.pdf")
                   if "· hand limits and card keywords page" in t)
    assert "Once you have passed in the spell phase, you cannot answer any more that Day" in aid
    assert "on your turn spend all of it at once on kills" in aid


def test_FLB_rules_summary_example_day_adds_up_from_the_cards(kit, scenario):
    text = " ".join(_summary_pages(kit))
    assert "An example Day" in text
    card = {c.name: c.fields for c in scenario.decks["characters"].cards}
    base = scenario.option("base_mana")
    cost = sum(card[n].get("cost") for n in ("knight", "archer", "cleric"))
    assert f"Cleric ({cost} Money)" in text
    assert f"North {base} + {card['cleric'].get('mana')} (Cleric) = {base + card['cleric'].get('mana')}" in text
    assert f"makes {card['archer'].get('damage')} targeted damage" in text
    m = re.search(r"South's track reads (\d+) \+ (\d+) = (\d+), enough for the Squire \(health (\d+)\): "
                  r"it gets a Dying marker, and (\d+) stays", text)
    assert m, text
    targeted, front, total, health, left = map(int, m.groups())
    assert (targeted, front) == (card["archer"].get("damage"), card["knight"].get("damage"))
    assert total == targeted + front and health == card["squire"].get("health") and left == total - health
    north = re.search(r"North's track reads (\d+), short of the Knight's (\d+) health", text)
    assert north and int(north.group(1)) == card["squire"].get("damage") + card["pyromancer"].get("damage")
    assert int(north.group(2)) == card["knight"].get("health") > int(north.group(1))
    # FLB-R15, FLB-R20: both lines strike at once, so the Squire's blow is counted before it falls
    squire_hits = text.index(f"the Squire hits for {card['squire'].get('damage')}")
    assert squire_hits < text.index("it gets a Dying marker") and "struck in the same moment" in text


@pytest.mark.skipif(not SOURCE.is_file(), reason="the source rulebook is kept outside the project")
def test_FLB_sheets_copy_no_sentence_from_the_source_rulebook(kit):
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        ours = shingles(" ".join(_words(p) for p in pdf.pages))
    shared = ours & shingles(SOURCE.read_text())
    assert not shared, sorted(shared)[:5]


# ---------------------------------------------------------------------- the reference sheet


def test_FLB_reference_sheet_has_no_terrain_or_setup_table(kit, scenario):
    rml = render_rml(scenario)
    assert "terrain (no effects)" not in rml
    with pdfplumber.open(kit / "sheets.pdf") as pdf:
        lines = [line["text"] for p in pdf.pages for line in p.extract_text_lines()
                 if line["chars"] and min(c["size"] for c in line["chars"]) >= 10]
    assert "Terrain" not in lines and "Setup" not in lines and "Boards" not in lines, lines


def test_FLB_card_reference_lists_every_card_with_its_players_text(kit, scenario):
    pages = [t for t in _stream_text(kit / "sheets.pdf") if "Card reference ·" in t]
    assert pages
    text = re.sub(r"[\s\-]+", "", " ".join(pages))
    for deck in scenario.decks.values():
        for card in deck.cards:
            title = card.title.replace(" Of ", " of ").replace(" The ", " the ")
            assert re.sub(r"[\s\-]+", "", title) in text, card.name
            if card.fields.get("text"):
                assert re.sub(r"[\s\-]+", "", card.fields.get("text")) in text, card.name


# ---------------------------------------------------------------------- cards and text


def test_FLB_nothing_printed_under_6_pt(kit):
    pdfs = sorted(p for p in kit.glob("*.pdf") if p.name != "kit.pdf")  # kit.pdf merges them
    assert {"cards.pdf", "counters.pdf", "sheets.pdf"} <= {p.name for p in pdfs}
    for path in pdfs:
        with pdfplumber.open(path) as pdf:
            sizes = [c["size"] for page in pdf.pages for c in page.chars]
        assert sizes and min(sizes) >= 6 - 0.01, path.name


def test_FLB_mana_and_money_labels_on_the_cards_are_at_least_6_pt(kit):
    with pdfplumber.open(kit / "cards.pdf") as pdf:
        labels = [w for page in pdf.pages for w in page.extract_words(extra_attrs=["size"])
                  if w["text"] in ("MANA", "MONEY")]
    assert {w["text"] for w in labels} == {"MANA", "MONEY"}
    assert min(w["size"] for w in labels) >= 6 - 0.01


def test_FLB_the_15_mm_schematic_strip_is_not_printed_the_mat_is(kit):
    """Issue 11: a strip of 15 mm squares cannot hold 63 mm cards; the scenario's line
    board stays for the referee and the web page, and the press prints the mat instead."""
    manifest = json.loads((kit / "manifest.json").read_text())
    assert not (kit / "boards.pdf").exists()
    assert "boards.pdf" not in [f["path"] for f in manifest["files"]]
    assert "sheets.pdf" in [f["path"] for f in manifest["files"]]


def test_FLB_no_rule_syntax_in_any_text_layer(kit):
    for name in ("cards.pdf", "counters.pdf", "boards.pdf", "sheets.pdf"):
        if not (kit / name).exists():
            continue
        with pdfplumber.open(kit / name) as pdf:
            text = " ".join(_words(p) for p in pdf.pages)
        assert not RULE_SYNTAX.findall(text), (name, RULE_SYNTAX.findall(text)[:5])


def test_FLB_every_card_with_an_effect_prints_its_players_text(kit, scenario):
    text = re.sub(r"[\s\-]+", "", " ".join(_stream_text(kit / "cards.pdf")))
    cards = [c for d in scenario.decks.values() for c in d.cards if c.effects]
    assert len(cards) == 5 + 8 + 8 + 8  # Farseer, Merchant, three movers; every spell
    for card in cards:
        assert card.text and not RULE_SYNTAX.search(card.text), card.name
        assert re.sub(r"[\s\-]+", "", card.text) in text, card.name


def test_FLB_keyword_spells_carry_a_reminder_of_their_keyword(kit, scenario):
    text = " ".join(_stream_text(kit / "cards.pdf"))
    reminders = {"doubleable": "Doubleable: pay twice", "fork": "Fork: when it has worked",
                 "interrupt": "Interrupt: cast it out of turn", "lasting": "Lasting: keep it face up"}
    for flag, words in reminders.items():
        copies = sum(c.quantity for d in scenario.decks.values() for c in d.cards if c.fields.flag(flag))
        assert copies and text.count(words) == copies, (flag, copies, text.count(words))

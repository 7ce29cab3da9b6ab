"""The rules kit's parts: zones, dice tables, the effect registry, ruleset needs and
the common view (toolkit/referee/kit/)."""

from __future__ import annotations

from pathlib import Path

import pytest

import dsl
from toolkit.referee import registry
from toolkit.referee.chance import ChanceOutcome, Draw
from toolkit.referee.kit import effects as fx
from toolkit.referee.kit import tables, zones as zn
from toolkit.referee.kit.needs import Needs
from toolkit.referee.kit.view import (
    BoardView, MarkerView, PieceView, PileView, TrackView, View, pile_view, render)

ROOT = Path(__file__).resolve().parents[1]
TOY = ROOT / "tests" / "referee_toy" / "dice_race.scn"
FRONT_LINE = ROOT / "content" / "front_line" / "main.scn"
LAST_FRONT = ROOT / "content" / "last_front" / "last_front.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")
BOARD = ' terrain f { colour "#aaaaaa" }\n board b: grid 1 x 1 { key { . f }\n picture """\n .\n """ }\n'


def scn(text: str):
    """A scenario from `text` with a one-square board added at its end (lines stay put)."""
    head, _, _ = text.rpartition("}")
    return dsl.loads(head + "\n" + BOARD + "}")


# ------------------------------------------------------------------ zones

def test_kit_a_deck_zone_holds_every_card_its_quantity_times_face_down():
    deck = zn.deck_zone(dsl.load(TOY).decks["tricks"])
    assert deck.count == 7 and deck.cards.count("sprint") == 4
    assert deck.visibility is zn.COUNT
    assert deck.seen_by("Red") is None and deck.count_seen_by(None) == 7


def test_kit_a_draw_from_a_zone_is_a_chance_spec_over_the_cards_left():
    deck = zn.Zone("tricks", "deck", None, zn.COUNT, ("stumble", "sprint", "sprint"))
    spec = deck.draw(1, "Red draws")
    assert isinstance(spec, Draw) and spec.pool == ("sprint", "sprint", "stumble")
    assert spec.check(ChanceOutcome(("sprint",))) is None
    assert spec.check(ChanceOutcome(("ace",))).rule == "chance-impossible"
    with pytest.raises(zn.ZoneError):
        deck.draw(4)


def test_kit_zone_visibility_decides_what_each_viewer_sees():
    hand = zn.Zone("hand", "hand", "Ann", zn.OWNER, ("tank", "troop"))
    shown = zn.Zone("display", "display", "Ann", zn.PUBLIC, ("city",))
    hidden = zn.Zone("set aside", "pile", None, zn.NOBODY, ("x",))
    assert hand.seen_by("Ann") == ("tank", "troop") and hand.seen_by("Bob") is None
    assert hand.seen_by(None) is None and hand.count_seen_by("Bob") == 2
    assert shown.seen_by("Bob") == ("city",)
    assert hidden.seen_by("Ann") is None and hidden.count_seen_by("Ann") is None
    assert pile_view(hand, "Bob") == PileView("hand", "hand", "Ann", 2, None)
    with pytest.raises(ValueError):
        zn.Zone("hand", "hand", None, zn.OWNER)


def test_kit_secrets_of_zones_are_the_owner_view_of_its_hidden_piles():
    zones = (zn.Zone("hand", "hand", "Ann", zn.OWNER, ("tank",)),
             zn.Zone("hand", "hand", "Bob", zn.OWNER, ("plane",)),
             zn.Zone("discard", "discard", None, zn.PUBLIC, ("troop",)))
    assert zn.secrets_of(zones, "Ann") == [PileView("hand", "hand", "Ann", 1, ("tank",))]
    assert zn.secrets_of(zones, "Bob")[0] != pile_view(zones[1], "Ann")


def test_kit_cards_move_between_zones_and_a_missing_card_is_a_zone_error():
    zones = (zn.Zone("deck", "deck", None, zn.COUNT, ("a", "b")),
             zn.Zone("hand", "hand", "Ann", zn.OWNER))
    zones = zn.move(zones, ["b"], ("deck", None), ("hand", "Ann"))
    assert zn.find(zones, "deck").cards == ("a",) and zn.find(zones, "hand", "Ann").cards == ("b",)
    with pytest.raises(zn.ZoneError):
        zn.move(zones, ["b"], ("deck", None), ("hand", "Ann"))
    assert zn.find(zones, "hand", "Ann").holds(["b"]) and not zn.find(zones, "deck").holds(["a", "a"])


# ----------------------------------------------------------------- tables

def test_kit_roll_on_reads_front_lines_attack_results_by_range_column_and_white_die():
    table = dsl.load(FRONT_LINE).tables["attack_results"]
    crt = tables.columns(table, ("range_1", "range_2", "range_3"))
    assert tables.roll_on(crt, 4, column="range_1") == "rout"
    assert tables.roll_on(crt, 6, column="range_3") == "miss"
    assert tables.roll_on(crt, 1, column="range_1", shift=1) == "blitz"   # range_2, die 1
    assert tables.roll_on(crt, 1, column="range_2", shift=5) == "disrupt"  # stops at range_3
    assert tables.roll_on(crt, 2, column="range_2", shift=-9) == "blitz"  # stops at range_1
    with pytest.raises(tables.TableError):
        tables.roll_on(crt, 7, column="range_1")


def test_kit_range_tables_give_the_result_whose_span_holds_the_total():
    scenario = scn('scenario "w" { ruleset x\n sides A, B\n'
                         ' table weather { clear 1-3; rain 4-5; storm 6 } }')
    t = tables.ranges(scenario.tables["weather"])
    assert [tables.roll_on(t, d) for d in (1, 3, 4, 6)] == ["clear", "clear", "rain", "storm"]
    assert tables.roll_on(t, (2, 2)) == "rain"  # two dice: the total
    assert tables.roll_on(t, 3, shift=2) == "rain"
    assert tables.check_ranges(scenario, "weather", 1, 6) == []
    gaps = tables.check_ranges(scenario, "weather", 1, 7)
    assert [d.message for d in gaps] == ["table weather gives no result for 7"]


def test_kit_a_table_column_of_the_wrong_length_is_a_positioned_diagnostic():
    scenario = scn('scenario "t" { ruleset x\n sides A, B\n table crt {\n'
                         '  odds_1 [hit, miss]\n  odds_2 [hit, hit, mis]\n } }')
    problems = tables.check_columns(scenario, "crt", ("odds_1", "odds_2", "odds_3"), 3,
                                    ("hit", "miss"))
    assert [(d.message, d.line) for d in problems] == [
        ("table crt: column odds_1 needs 3 results (one per die face), not 2", 4),
        ("table crt: column odds_2: unknown result 'mis'", 5),
        ("table crt has no column odds_3", 3)]
    assert problems[1].hint == "did you mean 'miss'?"


# ---------------------------------------------------------------- effects

def _registry():
    reg = fx.Effects("test")

    @reg.primitive(kind=fx.CardField("kind"), by=fx.Int(2, 10))
    def multiply(ctx, kind, by):
        """Multiply your {kind} by {by}."""
        return {k: v * by if k == kind else v for k, v in ctx.items()}

    @reg.primitive(n=fx.Int(1, 5), whose=(fx.OneOf(("own", "all")), "own"))
    def add(ctx, n, whose):
        """Add {n}."""
        return (n, whose)

    return reg


def test_kit_an_effect_is_applied_through_its_registered_primitive_with_defaults():
    reg = _registry()
    call = scn('scenario "e" { ruleset x\n sides A, B\n deck d { card c { kind troops;'
                     ' effect add(n=2) } } }').decks["d"].cards[0].effects[0]
    assert reg.apply(call, None) == (2, "own")
    assert reg.describe(call) == "Add 2."


def test_kit_card_effects_are_checked_against_the_registry_with_positions_and_hints():
    scenario = scn(
        'scenario "e" { ruleset x\n sides A, B\n deck d {\n'
        '  card a { kind troops; effect multiply(kind=troops, by=2) }\n'
        '  card b { kind tanks; effect multiplyy(kind=tanks, by=2) }\n'
        '  card c { kind tanks; effect multiply(kind=tank, by=20) }\n'
        '  card e { kind tanks; effect add(n=1, whos=all) }\n'
        '  card f { kind tanks; effect multiply(by=2) }\n } }')
    problems = _registry().check(scenario)
    got = [(d.message, d.line, d.hint) for d in problems]
    assert got == [
        ("card b: unknown effect 'multiplyy' for the ruleset test", 5, "did you mean 'multiply'?"),
        ("card c: effect multiply: kind: 'tank' is not a card kind of this scenario", 6,
         "did you mean 'tanks'?"),
        ("card c: effect multiply: by: 20 is not a whole number from 2 to 10", 6, None),
        ("card e: effect add has no parameter 'whos'", 7, "did you mean 'whose'?"),
        ("card f: effect multiply needs kind (a card kind)", 8, "write multiply(kind=…, by=…)"),
    ]
    assert all(d.column > 0 for d in problems)


def test_kit_the_toy_trick_cards_check_clean_and_a_bad_one_does_not():
    rules = registry.get("dice_race")
    assert rules.check_scenario(dsl.load(TOY)) == []
    text = TOY.read_text().replace("effect move(by=2)", "effect move(by=9)")
    problems = rules.check_scenario(dsl.loads(text, path=str(TOY)))
    assert [d.message for d in problems] == [
        "card sprint: effect move: by: 9 is not a whole number from -3 to 3"]


# ------------------------------------------------------------------ needs

def test_kit_needs_report_sides_options_and_piece_fields_where_they_are_written():
    needs = Needs(sides=(2, 2), options={"rounds": fx.Int(1, 10)},
                  piece_fields={"strength": fx.Int(1, 9), "moves": fx.Int(1, 3)},
                  one_piece_per_space=True, decks=("battle",))
    scenario = dsl.loads(
        'scenario "n" {\n ruleset x\n sides A, B, C\n'
        ' terrain field { colour "#aaaaaa" }\n'
        ' board b: grid 3 x 1 { key { . field }\n picture """\n . . .\n """ }\n'
        ' piece inf { strenght 2; moves one }\n'
        ' setup A { inf at A1 }\n setup B { inf at A1 }\n'
        ' options { round 3 }\n}')
    got = [(d.message, d.line, d.severity) for d in needs.check(scenario)]
    assert got == [
        ("the ruleset x is for 2 sides, not 3", 3, "error"),
        ("the ruleset x needs a deck battle", 2, "error"),
        ("piece inf: the ruleset x reads no field 'strenght'", 9, "error"),  # misspelt: an error
        ("piece inf: moves: one is not a whole number from 1 to 3", 9, "error"),
        ("the ruleset x has no option 'round'", 12, "error"),
        ("A1 already holds A's piece (line 10); one piece per space", 11, "error"),
    ]
    hints = {d.message: d.hint for d in needs.check(scenario)}
    assert hints["piece inf: the ruleset x reads no field 'strenght'"] == \
        "did you mean 'strength'?"
    assert hints["the ruleset x has no option 'round'"] == "did you mean 'rounds'?"


# ------------------------------------------------------------------- view

def test_kit_the_common_view_renders_a_grid_with_pieces_fog_marks_piles_and_tracks():
    view = View(
        viewer="North", ruleset="x", sides=("North", "South"), status=("turn 2",),
        board=BoardView("b", "grid", 3, 2, ("A1", "B1", "C1", "A2", "B2", "C2")),
        pieces=(PieceView("A1", "infantry", "North"), PieceView("C2", "tank", "South", "", 2)),
        fog=("A2",), marks=(("B1", "centre"), ("C2", "centre")),
        piles=(PileView("hand", "hand", "North", 2, ("ace", "king")),
               PileView("hand", "hand", "South", 3, None)),
        tracks=(TrackView("mana", (("North", 3), ("South", 5)), 30),),
        markers=(MarkerView("round", "2 of 4"),), panels=(("your orders", "IC2-C3"),),
        log=("North moves",))
    text = render(view)
    assert text.splitlines()[:4] == [
        "turn 2",
        "      A  B  C",
        "  1   I  *  .",
        "  2   ?  .t2*"]
    for line in ("North's hand: ace, king", "South's hand: 3 cards", "mana: North 3, South 5 (of 30)",
                 "round: 2 of 4", "your orders: IC2-C3", "  North moves", "* centre"):
        assert line in text.splitlines(), line
    data = view.as_json()
    assert data["piles"][1] == {"name": "hand", "kind": "hand", "owner": "South", "count": 3,
                                "cards": None}


def test_kit_the_common_view_draws_a_map_as_nodes_with_their_pieces():
    view = View(viewer=None, ruleset="x", sides=("Delta", "Gamma"),
                board=BoardView("m", "map", 0, 0, ("A1", "B2", "C3")),
                pieces=(PieceView("B2", "armor", "Delta", "3"),), fog=("C3",),
                marks=(("A1", "port"),))
    assert render(view).splitlines() == [
        "      A1: - [port]", "      B2: Delta armor (3)", "      C3: unseen"]


def test_kit_a_view_may_name_the_letter_each_kind_is_drawn_with():
    """Two kinds with one initial (armor, anti_tank) stay apart on a text board."""
    view = View(viewer=None, ruleset="x", sides=("North", "South"),
                board=BoardView("b", "grid", 2, 1, ("A1", "B1")),
                pieces=(PieceView("A1", "armor", "North"), PieceView("B1", "anti_tank", "South")),
                letters=(("armor", "A"), ("anti_tank", "T")))
    assert render(view).splitlines()[1] == "  1   A  t"
    assert view.as_json()["letters"] == {"armor": "A", "anti_tank": "T"}


# ------------------------------------------------------------------ evolve

def test_kit_evolve_changes_the_named_fields_of_a_slotted_value_and_keeps_the_rest():
    from toolkit.referee.kit.flow import Flow
    from toolkit.referee.kit.values import evolve

    flow = Flow("turns", order=("Red", "Blue"), at=1, out=frozenset({"Red"}))
    moved = evolve(flow, moved=2, begun=True)
    assert moved == Flow("turns", order=("Red", "Blue"), at=1, out=frozenset({"Red"}),
                         moved=2, begun=True)
    assert flow.moved == 0 and not flow.begun  # the original is untouched
    assert evolve(flow) == flow and evolve(flow) is not flow


def test_kit_evolve_copies_a_dict_value_and_an_inherited_slotted_value_without_post_init():
    from dataclasses import dataclass, field

    from toolkit.referee.kit.values import evolve

    @dataclass(frozen=True)
    class Plain:
        a: int
        b: tuple = ()

        def __post_init__(self):
            if self.a < 0:
                raise ValueError("negative")

    @dataclass(frozen=True, slots=True)
    class Base:
        a: int = 0

    @dataclass(frozen=True, slots=True)
    class Child(Base):
        b: int = field(default=5, init=False)

    plain = Plain(1, (2,))
    assert evolve(plain, a=-1).a == -1  # __post_init__ is not run
    assert evolve(plain, b=(3,)) == Plain(1, (3,)) and plain == Plain(1, (2,))
    child = Child(1)
    assert (evolve(child, a=4).a, evolve(child, a=4).b) == (4, 5)
    assert (evolve(child, b=7).a, evolve(child, b=7).b) == (1, 7)


@pytest.mark.parametrize("make", ["slots", "dict"])
def test_kit_evolve_names_a_field_the_value_does_not_have(make):
    from dataclasses import dataclass

    from toolkit.referee.kit.values import evolve

    @dataclass(frozen=True, slots=make == "slots")
    class Value:
        a: int = 0

    with pytest.raises(TypeError, match="Value has no field nope"):
        evolve(Value(), a=1, nope=2)


@pytest.mark.parametrize("make", ["slots", "dict"])
def test_kit_replacer_is_evolve_of_one_field(make):
    from dataclasses import dataclass

    from toolkit.referee.kit.values import evolve, replacer

    @dataclass(frozen=True, slots=make == "slots")
    class Value:
        a: int = 0
        b: tuple = ()
        c: str = "c"

    value = Value(1, (2,), "x")
    with_b = replacer(Value, "b")
    assert with_b(value, (3,)) == evolve(value, b=(3,)) == Value(1, (3,), "x")
    assert value == Value(1, (2,), "x")  # the original is untouched
    with pytest.raises(TypeError, match="Value has no field nope"):
        replacer(Value, "nope")


def test_a_field_hashed_when_set_leaves_the_hash_of_states_that_do_not_use_it():
    """A field added later with `hash: WHEN_SET` (Lines and Webs' scrambled decks, a
    deck's known top and bottom) moves no golden record's hash until it is set."""
    from dataclasses import dataclass, field

    from toolkit.referee.kit.rules import field_hash, stable_hash
    from toolkit.referee.kit.values import WHEN_SET

    @dataclass(frozen=True)
    class Old:
        cards: tuple = ()

    @dataclass(frozen=True)
    class Old2:  # the same value, with the field added
        cards: tuple = ()
        known: tuple = field(default=(), metadata={"hash": WHEN_SET})

    Old2.__name__ = Old.__name__
    assert stable_hash(Old2(("a",))) == stable_hash(Old(("a",)))
    assert field_hash(Old2(("a",))) == field_hash(Old(("a",)))
    assert stable_hash(Old2(("a",), ("a",))) != stable_hash(Old2(("a",)))
    assert field_hash(Old2(("a",), ("a",))) != field_hash(Old2(("a",)))


def test_a_deck_keeps_what_is_known_of_its_order_top_and_bottom():
    """Cards put on top or at the bottom stay there; the unknown rest between them is a
    chance draw, and a known card's draw says it was known (a one-card pool)."""
    deck = zn.Zone("territory deck", "deck", None, zn.COUNT, ("a", "b", "c"))
    deck = deck.put_bottom("x").put_top("t")
    assert deck.count == 5 and deck.middle() == ("a", "b", "c")
    spec = deck.draw(1, "turn one up")
    assert spec.pool == ("t",) and "known to be on top" in spec.label
    deck = deck.drawn("t")
    spec = deck.draw(1, "turn one up")
    assert spec.pool == ("a", "b", "c") and spec.label == "turn one up"
    deck = deck.drawn("b").drawn("a").drawn("c")
    spec = deck.draw(1, "turn one up")
    assert spec.pool == ("x",) and "known to be at the bottom" in spec.label
    assert deck.drawn("x").count == 0 and deck.drawn("x").bottom == ()
    with pytest.raises(zn.ZoneError):
        deck.draw(2)


def test_a_deck_with_a_copy_at_the_bottom_draws_the_unknown_copy_first():
    deck = zn.Zone("d", "deck", None, zn.COUNT, ("a", "b")).put_bottom("a")
    assert deck.draw(1).pool == ("a", "b")  # the unknown a and b
    deck = deck.drawn("a")
    assert deck.bottom == ("a",) and deck.draw(1).pool == ("b",)
    deck = deck.drawn("b")
    assert deck.draw(1).pool == ("a",)
    with pytest.raises(zn.ZoneError):
        zn.Zone("d", "deck", None, zn.COUNT, ("a", "b")).put_top("a").drawn("b")


def test_a_deck_searched_takes_from_the_unknown_part_first():
    deck = zn.Zone("d", "deck", None, zn.COUNT, ("a",)).put_top("a").put_bottom("z")
    searched = deck.remove("a")
    assert searched.top == ("a",) and searched.middle() == () and searched.bottom == ("z",)
    assert searched.remove("a").top == () and searched.clear() == zn.Zone("d", "deck", None,
                                                                          zn.COUNT)


def test_a_hand_with_nothing_known_gives_up_each_card_named_once():
    hand = zn.Zone("h", "hand", "Red", zn.OWNER, ("a", "b", "a", "c"))
    left = hand.remove("a", "c")
    assert left.cards == ("b", "a") and left.top == left.bottom == () and left.owner == "Red"
    assert hand.remove("a", "a").cards == ("b", "c") and hand.cards == ("a", "b", "a", "c")
    with pytest.raises(zn.ZoneError, match="h holds no z"):
        hand.remove("b", "z")
    with pytest.raises(zn.ZoneError):
        hand.remove("b", "b")

"""Fantasy Line Battle rulebook cases, written from the rules text
(/work/shared/rules/fantasy-line-battle.txt), the scenario's card texts and options, the
notation and, where the text is silent, content/fantasy_line_battle/rulings.md; not from
the referee's code. Each test is one statement of the rules at a table (tests/flb_table.py):
the cards drawn and the start player typed by the test, moves in notation, outcomes read
from the players' views.

Card figures used below, from the scenario: knight cost 4 health 8 damage 2 range 1-1;
squire 2/4/1 1-1; berserker 3/5/3 1-1; giant 6/14/3 1-1; shieldbearer 3/9/0 1-1 (moves to
the Front); spearman 3/5/2 1-2; archer 3/3/2 2+ targeted; scout 2/2/1 1-3 targeted;
crossbowman 4/4/3 2-4; pyromancer 4/3/1 2+ mana 1 Elementalism; stormcaller 5/4/0 mana 2
Elementalism; druid 4/5/1 1-2 mana 1 Elementalism and White; cleric 3/4/0 mana 1 White;
acolyte 2/2/0 mana 1 Black; necromancer 4/3/0 mana 2 Black; farseer and merchant 2 Money,
mana 1."""

from __future__ import annotations

import io
import sys

import pytest

from flb_table import RULES, SCENARIO, SIDES, Table
from toolkit.cli import main
from toolkit.referee.protocol import MoveSyntaxError

ELEMENTALISM = {"fireball", "lightning_bolt", "hurricane", "frost_nova", "stone_wall",
                "chain_lightning", "wall_of_flame", "earthquake"}
WHITE = {"heal", "blessing", "sanctuary", "divine_shield", "purify", "mana_spring",
         "rally_the_line", "resurrection"}
BLACK = {"curse", "drain_life", "dark_pact", "fear", "plague", "soul_harvest",
         "counterspell", "raise_dead"}

def rendered(t, who):
    """The board as `who` is shown it in a terminal."""
    return RULES.render(t.view(who))


def fielded(north, south, north_spells=(), south_spells=(), start="North", **options):
    """Both lines fielded (Front first), the table at Day 1's spell phase."""
    options.setdefault("starting_money", 99)
    t = Table(hands={"North": list(north), "South": list(south)},
              spells={"North": list(north_spells), "South": list(south_spells)},
              start=start, **options)
    t.field(north, south)
    assert t.phase == "spells" and t.day == 1
    return t


def end_of_day(t, day=1):
    """Everyone passes until the next Day's spell phase (or the end of the game); a player
    told to discard down to a lowered limit discards its first spell in hand."""
    for _ in range(300):
        if t.outcome() is not None or (t.day == day + 1 and t.phase == "spells"):
            return
        side = t.to_act()[0]
        legal = t.legal(side)
        if legal and all(m.startswith("discard") for m in legal):
            t.play(side, legal[0])
        else:
            t.play(side, "pass")
    raise AssertionError("the Day never ended")


# ------------------------------------------------------------------ Numbers and setup


def test_numbers_each_player_starts_with_13_money():
    t = Table()
    assert [t.money(s) for s in SIDES] == [13, 13]


def test_numbers_each_player_holds_5_character_cards():
    t = Table()
    assert [len(t.hand(s)) for s in SIDES] == [5, 5]
    assert t.pile("character hand", "South", who="North").count == 5


def test_select_characters_are_paid_for_with_money():
    t = Table(hands={"North": ["giant", "knight", "squire", "scout", "archer"]})
    t.play("North", "place giant")
    assert t.money("North") == 13 - 6
    t.play("North", "place knight")
    assert t.money("North") == 13 - 6 - 4


def test_select_you_must_have_enough_money_for_every_character():
    t = Table(hands={"North": ["giant", "knight", "berserker", "squire", "scout"]})
    t.play("North", "place giant", "place knight", "place berserker")  # 6 + 4 + 3 = 13
    assert t.money("North") == 0
    assert t.refused("North", "place squire") == "FLB-money"
    assert "squire" in t.hand("North")


def test_select_each_placement_draws_back_up_to_five():
    t = Table(hands={"North": ["knight", "squire", "scout", "archer", "cleric",
                               "spearman", "berserker"]})
    t.play("North", "place knight")
    assert len(t.hand("North")) == 5 and "spearman" in t.hand("North")
    t.play("North", "place squire")
    assert len(t.hand("North")) == 5 and "berserker" in t.hand("North")


def test_select_at_least_one_character_must_be_chosen():
    t = Table()
    assert t.refused("North", "done") == "FLB-select"


def test_select_a_card_not_in_hand_cannot_be_placed():
    t = Table(hands={"North": ["knight", "squire", "scout", "archer", "cleric"]})
    assert t.refused("North", "place giant").startswith("FLB-")


# ------------------------------------------------------------------ simultaneous and secret


def test_select_both_players_choose_at_the_same_time():
    t = Table()
    assert set(t.to_act()) == {"North", "South"}
    t.play("South", "place " + t.hand("South")[0])  # South need not wait for North
    t.play("North", "place " + t.hand("North")[0])
    assert set(t.to_act()) == {"North", "South"}


def test_select_face_down_choices_are_hidden_from_the_other_player():
    t = Table(hands={"North": ["giant", "knight", "squire", "scout", "archer"],
                     "South": ["cleric", "acolyte", "spearman", "berserker", "druid"]})
    t.play("North", "place giant", "place knight")
    seen = t.view("South")
    sel = t.pile("selection", "North", who="South")
    assert sel.cards is None
    assert t.pile("character hand", "North", who="South").cards is None
    assert t.pile("character hand", "North", who="South").count == 5  # counts only
    assert dict(next(x for x in seen.tracks if x.name == "money").values).get("North") is None
    words = " ".join(t.texts("South")) + rendered(t, "South") + repr(seen)
    assert "giant" not in words and "knight" not in words
    # North sees its own choice
    assert t.pile("selection", "North", who="North").cards == ("giant", "knight")


def test_select_the_other_players_moves_are_refused_once_it_is_done():
    t = Table()
    t.play("North", "place " + t.hand("North")[0], "done")
    assert t.to_act() == ("South",)
    why = t.refusal("North", "place " + t.hand("North")[0])
    assert why.rule == "FLB-select"
    assert why.reason.startswith("North has finished choosing its characters")


# ------------------------------------------------------------------ reveal


def test_reveal_both_lines_are_shown_front_first_in_the_order_placed():
    t = Table(hands={"North": ["knight", "archer", "squire", "scout", "cleric"],
                     "South": ["berserker", "acolyte", "spearman", "scout", "cleric"]})
    t.field(["squire", "archer", "knight"], ["spearman", "berserker"])
    for who in ("North", "South", None):
        assert t.line("North", who) == ["squire", "archer", "knight"]
        assert t.line("South", who) == ["spearman", "berserker"]
    assert any(e.reveals for e in t.events)


def test_reveal_the_lines_stay_hidden_until_both_are_done():
    t = Table(hands={"North": ["knight", "archer", "squire", "scout", "cleric"]})
    t.play("North", "place knight", "done")
    assert t.line("North", "South") == []
    assert "knight" not in rendered(t, "South")


# ------------------------------------------------------------------ Merchant


def test_merchant_keeps_two_extra_character_cards_in_hand():
    t = Table(hands={"North": ["merchant", "knight", "squire", "scout", "archer",
                               "cleric", "spearman", "berserker"]})
    t.play("North", "place merchant")
    assert len(t.hand("North")) == 7
    t.play("North", "place knight")
    assert len(t.hand("North")) == 7


def test_merchant_takes_back_a_placed_character_without_paying_for_it():
    t = Table(hands={"North": ["merchant", "knight", "squire", "scout", "archer"]})
    t.play("North", "place merchant", "place knight")
    assert t.money("North") == 13 - 2 - 4
    t.play("North", "take knight")
    assert t.money("North") == 13 - 2
    t.play("North", "done")
    t.play("South", "place " + t.hand("South")[0], "done")
    assert t.line("North") == ["merchant"]
    assert "knight" in t.pile("character discard", None, who="North").cards


def test_merchant_cannot_take_itself_back():
    t = Table(hands={"North": ["merchant", "knight", "squire", "scout", "archer"]})
    t.play("North", "place merchant", "place knight")
    assert t.refused("North", "take merchant") in ("FLB-merchant", "FLB-R12")


def test_merchant_take_back_needs_a_placed_merchant():
    t = Table(hands={"North": ["knight", "squire", "scout", "archer", "cleric"]})
    t.play("North", "place knight", "place squire")
    assert t.refused("North", "take knight") in ("FLB-merchant", "FLB-R12")
    assert t.money("North") == 13 - 4 - 2


# ------------------------------------------------------------------ Farseer


def _farseer_table():
    return Table(hands={"North": ["farseer", "knight", "squire", "scout", "archer"],
                        "South": ["giant", "spearman", "cleric", "acolyte", "berserker"]})


def test_farseer_reveal_forces_the_other_player_to_finish_first():
    t = _farseer_table()
    t.play("North", "place farseer")
    t.play("North", "farseer")
    assert t.to_act() == ("South",)
    why = t.refusal("North", "place knight")
    assert why.rule == "FLB-farseer"
    assert why.reason.startswith("North revealed a Farseer: South finishes choosing")
    t.play("South", "place giant", "place spearman")
    assert t.to_act() == ("South",)
    t.play("South", "done")
    # South's line is revealed first, while North is still choosing
    assert t.pile("selection", "South", who="North").cards == ("giant", "spearman")
    assert t.to_act() == ("North",)
    assert "knight" not in rendered(t, "South")
    t.play("North", "place knight", "done")
    assert t.line("North", "South") == ["farseer", "knight"]
    assert t.phase == "spells"


def test_farseer_can_only_be_revealed_when_placed():
    t = _farseer_table()
    t.play("North", "place knight")
    assert t.refused("North", "farseer") in ("FLB-farseer", "FLB-R13")


def test_farseer_reveal_when_the_other_has_finished_shows_its_line_at_once():
    t = _farseer_table()
    t.play("South", "place giant", "done")
    t.play("North", "place farseer", "farseer")
    assert t.pile("selection", "South", who="North").cards == ("giant",)
    assert t.to_act() == ("North",)


# ------------------------------------------------------------------ spell hand limits


def test_spell_hands_four_per_category_a_live_character_gives_access_to():
    t = fielded(["druid", "knight"], ["acolyte", "knight"])
    north = t.spell_hand("North")
    assert len(north) == 8
    assert len([c for c in north if c in ELEMENTALISM]) == 4
    assert len([c for c in north if c in WHITE]) == 4
    south = t.spell_hand("South")
    assert len(south) == 4 and set(south) <= BLACK


def test_spell_hands_none_without_access():
    t = fielded(["knight", "squire"], ["knight"])
    assert t.spell_hand("North") == [] and t.spell_hand("South") == []


def test_spell_hands_the_other_player_sees_only_the_count():
    t = fielded(["cleric", "knight"], ["knight"])
    pile = t.pile("spell hand", "North", who="South")
    assert pile.count == 4 and pile.cards is None


def test_spell_hands_draw_back_to_the_limit_after_casting():
    t = fielded(["cleric", "knight"], ["knight"],
                north_spells=["mana_spring", "heal", "heal", "heal", "blessing"])
    assert sorted(t.spell_hand("North")) == ["heal", "heal", "heal", "mana_spring"]
    t.play("North", "cast mana_spring")
    assert sorted(t.spell_hand("North")) == ["blessing", "heal", "heal", "heal"]


def _acolyte_killed_in_spells():
    """South's only Black access (an acolyte, health 2) killed by two Chain Lightnings."""
    t = fielded(["knight", "pyromancer"], ["knight", "acolyte"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"],
                south_spells=["curse", "curse", "fear", "fear", "dark_pact", "dark_pact"])
    t.play("North", "cast chain_lightning")
    t.play("South", "pass")
    t.play("North", "cast chain_lightning")
    assert t.targeted("North") == 2 and t.to_act() == ("North",)  # South has passed
    t.play("North", "kill 2")
    return t


def test_spell_hands_two_for_a_category_only_a_dead_character_gives():
    t = _acolyte_killed_in_spells()
    assert len(t.spell_hand("South")) == 4  # Dying: still there until the phase ends
    t.pass_until("movement")
    while t.to_act() == ("South",) and any(m.startswith("discard") for m in t.legal("South")):
        t.play("South", "discard " + t.spell_hand("South")[0])
    assert len(t.spell_hand("South")) == 2
    assert t.dead("South") == ["acolyte"]


def test_spell_hands_a_death_that_lowers_the_limit_means_discarding_at_once():
    t = _acolyte_killed_in_spells()
    t.pass_until("movement")
    assert t.to_act() == ("South",)
    assert all(m.startswith("discard") for m in t.legal("South"))
    t.play("South", "discard curse")
    t.play("South", "discard fear")
    assert sorted(t.spell_hand("South")) == ["curse", "fear"]
    assert t.to_act() != ("South",) or not any(m.startswith("discard") for m in t.legal("South"))


def test_spell_hands_only_a_dead_character_draws_back_to_two_after_casting():
    t = _acolyte_killed_in_spells()
    t.pass_until("movement")
    t.play("South", "discard curse", "discard curse")
    end_of_day(t)
    assert len(t.spell_hand("South")) == 2
    if t.to_act() != ("South",):
        t.play("North", "pass")
    t.play("South", "cast fear 1")
    assert len(t.spell_hand("South")) == 2 and t.line("North") == ["pyromancer", "knight"]


# ------------------------------------------------------------------ mana


def test_mana_three_each_day_plus_the_characters():
    t = fielded(["knight", "cleric"], ["knight", "necromancer", "acolyte"])
    assert t.mana("North") == 3 + 1
    assert t.mana("South") == 3 + 2 + 1


def test_mana_unspent_is_kept_to_the_next_day():
    t = fielded(["knight", "cleric"], ["knight"],
                north_spells=["mana_spring", "heal", "heal", "heal"])
    t.play("North", "cast mana_spring")  # 4 - 1 + 3 = 6
    assert t.mana("North") == 6
    end_of_day(t)
    assert t.mana("North") == 6 + 3 + 1
    assert t.mana("South") == 3 + 3


def test_mana_a_spell_costs_its_mana_and_is_refused_without_enough():
    t = fielded(["knight", "cleric"], ["knight"],
                north_spells=["resurrection", "heal", "heal", "heal"])
    assert t.refused("North", "cast resurrection knight") in ("FLB-mana", "FLB-target")
    t.play("North", "cast heal")
    assert t.mana("North") == 3


# ------------------------------------------------------------------ start player and turns


@pytest.mark.parametrize("first", SIDES)
def test_cast_spells_the_start_player_is_picked_at_random(first):
    t = Table(hands={"North": ["knight"], "South": ["knight"]}, start=first,
              starting_money=99)
    t.field(["knight"], ["knight"])
    picks = [x for x in t.typed if x in ("chance: North", "chance: South")]
    assert picks == [f"chance: {first}"]
    assert t.to_act() == (first,)


def test_cast_spells_a_new_start_player_is_picked_each_day():
    t = Table(hands={"North": ["knight"], "South": ["giant"]}, start=["North", "South"],
              starting_money=99)
    t.field(["knight"], ["giant"])
    assert t.to_act() == ("North",)
    end_of_day(t)
    assert t.to_act() == ("South",)


def test_cast_spells_players_alternate_one_spell_at_a_time():
    t = fielded(["knight", "cleric"], ["knight", "cleric"],
                north_spells=["heal", "heal", "heal", "purify"],
                south_spells=["mana_spring", "blessing", "blessing", "blessing"])
    t.play("North", "cast heal")
    assert t.to_act() == ("South",)
    assert t.refused("North", "cast heal") == "turn"
    t.play("South", "cast mana_spring")
    assert t.to_act() == ("North",)


def test_cast_spells_a_player_who_passes_casts_no_more_and_the_other_continues():
    t = fielded(["knight", "cleric"], ["knight", "cleric"],
                north_spells=["heal", "heal", "heal", "purify"],
                south_spells=["mana_spring", "mana_spring", "blessing", "blessing"])
    t.play("North", "pass")
    t.play("South", "cast mana_spring")
    assert t.to_act() == ("South",) and t.phase == "spells"
    t.play("South", "cast mana_spring")
    assert t.to_act() == ("South",) and t.phase == "spells"
    why = t.refusal("North", "cast heal")
    assert why.rule == "FLB-cast"
    assert why.reason.startswith("North has passed and casts no more spells this Day")
    t.play("South", "pass")
    assert t.phase != "spells"
    assert t.mana("North") == 4 and t.mana("South") == 4 + 2 + 2


# ------------------------------------------------------------------ Hurricane


def _storm(start="North", south=("knight",), **options):
    """North: a druid (Elementalism and White, mana 1) and a stormcaller (mana 2): 6 mana."""
    return fielded(["knight", "druid", "stormcaller"], list(south),
                   north_spells=["hurricane", "fireball", "fireball", "frost_nova",
                                 "mana_spring", "heal", "heal", "heal"], start=start, **options)


def test_hurricane_is_refused_after_a_first_spell_answered_by_an_interrupt():
    # a countered spell was still cast: Hurricane is no longer the first (FLB-R19 counts
    # the spells cast on your own turns)
    t = fielded(["knight", "druid", "stormcaller"], ["knight", "necromancer"],
                north_spells=["hurricane", "fireball", "fireball", "frost_nova",
                              "mana_spring", "heal", "heal", "heal"],
                south_spells=["counterspell", "curse", "curse", "fear"], auto_pass=False)
    t.play("North", "cast mana_spring")
    t.play("South", "cast counterspell")
    t.play("South", "pass")
    assert t.refused("North", "cast hurricane") == "FLB-hurricane"


def test_hurricane_as_the_first_spell_hits_the_front_and_stuns_it():
    t = _storm()
    assert t.mana("North") == 3 + 1 + 2
    t.play("North", "cast hurricane")
    assert t.front_damage("South") == 4
    assert t.mana("North") == 1
    assert "stun" in t.entry("South", 1, "North")
    end_of_day(t)
    # the stunned knight dealt nothing; North's knight (2) and druid (1, range 1-2 from
    # place 2) add to the Hurricane's 4 (the knight's 8 health is not yet reached)
    assert t.front_damage("North") == 0
    assert t.front_damage("South") == 4 + 2 + 1


def test_hurricane_after_another_spell_is_not_allowed():
    t = _storm()
    t.play("North", "cast mana_spring")
    t.play("South", "pass")
    assert t.refused("North", "cast hurricane") == "FLB-hurricane"
    assert "hurricane" in t.spell_hand("North")


def test_hurricane_is_your_first_spell_even_after_the_other_players():
    t = _storm(start="South", south=("knight", "cleric"),
               south_spells=["divine_shield", "divine_shield", "blessing", "blessing"])
    t.play("South", "cast divine_shield 2")
    assert t.mana("South") == 4 - 3
    t.play("North", "cast hurricane")
    assert t.front_damage("South") == 4


def test_hurricane_is_not_allowed_on_a_later_day_after_a_first_spell_that_day():
    t = _storm()
    t.play("North", "pass")
    end_of_day(t)
    if t.to_act() != ("North",):
        t.play("South", "pass")
    t.play("North", "cast hurricane")  # the first spell of Day 2: allowed
    assert t.front_damage("South") >= 4


# ------------------------------------------------------------------ doubleable and fork


def _caster(north_spells, start="North"):
    """North: a stormcaller and a pyromancer (Elementalism, 3 + 2 + 1 = 6 mana)."""
    return fielded(["knight", "stormcaller", "pyromancer"], ["knight", "acolyte", "acolyte"],
                   north_spells=north_spells, start=start)


def test_doubleable_pays_twice_the_mana_for_twice_the_effect():
    t = _caster(["fireball", "stone_wall", "frost_nova", "chain_lightning"])
    assert t.mana("North") == 6
    t.play("North", "cast fireball x2")
    assert t.mana("North") == 0
    assert t.front_damage("South") == 6


def test_doubleable_single_cast_pays_once():
    t = _caster(["fireball", "stone_wall", "frost_nova", "chain_lightning"])
    t.play("North", "cast fireball")
    assert t.mana("North") == 3 and t.front_damage("South") == 3


def test_doubleable_only_spells_that_say_so():
    t = _caster(["fireball", "stone_wall", "frost_nova", "chain_lightning"])
    assert t.refused("North", "cast frost_nova x2 1 1") == "FLB-double"
    assert t.refused("North", "cast frost_nova x2 1") in ("FLB-double", "FLB-notation")


def test_doubleable_needs_the_mana_for_both():
    t = fielded(["knight", "pyromancer"], ["knight"],
                north_spells=["fireball", "stone_wall", "frost_nova", "chain_lightning"])
    assert t.mana("North") == 4
    assert t.refused("North", "cast fireball x2") == "FLB-mana"


def test_fork_pays_again_for_a_second_impact():
    t = _caster(["lightning_bolt", "stone_wall", "frost_nova", "chain_lightning"])
    t.play("North", "cast lightning_bolt x2")
    assert t.mana("North") == 0
    assert t.targeted("North") == 4


def test_fork_second_impact_may_take_another_target():
    t = fielded(["knight", "druid", "cleric"], ["knight"],
                north_spells=["blessing", "heal", "heal", "heal",
                              "fireball", "fireball", "fireball", "stone_wall"])
    t.play("North", "cast blessing x2 1 2")  # knight 2 + 1, druid (range 1-2) 1 + 1
    assert t.mana("North") == 3 + 1 + 1 - 4
    end_of_day(t)
    assert t.front_damage("South") == 3 + 2


# ------------------------------------------------------------------ interrupts


def _answerable(**kw):
    """North casts Fireball; South (a necromancer: Black, 3 + 2 mana) may answer."""
    return fielded(["knight", "pyromancer"], ["knight", "necromancer"],
                   north_spells=["fireball", "fireball", "chain_lightning", "frost_nova"],
                   south_spells=["counterspell", "curse", "curse", "fear"],
                   auto_pass=False, **kw)


def test_interrupt_answers_the_other_players_spell_and_cancels_it():
    t = _answerable()
    t.play("North", "cast fireball")
    assert t.to_act() == ("South",)
    assert "cast counterspell" in t.legal("South")
    t.play("South", "cast counterspell")
    assert t.front_damage("South") == 0
    assert t.mana("North") == 4 - 3  # the answered spell's mana stays spent
    assert t.mana("South") == 5 - 3
    assert "fireball" in t.pile("elementalism discard", None).cards
    assert "counterspell" in t.pile("black discard", None).cards


def test_interrupt_an_answer_is_not_a_turn():
    t = _answerable()
    t.play("North", "cast fireball")
    t.play("South", "cast counterspell")
    assert t.to_act() == ("South",)  # now South's own turn in the spell phase
    assert t.phase == "spells"


def test_interrupt_window_asks_in_the_players_words():
    """The answering side is asked by the spell's printed title (FLB-interrupt), never
    by its card id: the terminal prints this prompt as it is."""
    t = _answerable()
    t.play("North", "cast fireball")
    assert t.decision().prompt == "North casts Fireball: answer with an interrupt, or pass"


def test_interrupt_passing_lets_the_spell_go_ahead():
    t = _answerable()
    t.play("North", "cast fireball")
    t.play("South", "pass")
    assert t.front_damage("South") == 3
    assert "counterspell" in t.spell_hand("South")


def test_interrupt_cannot_be_cast_as_an_ordinary_spell():
    t = _answerable(start="South")
    assert t.refused("South", "cast counterspell") == "FLB-interrupt"


# ------------------------------------------------------------------ stun


def test_stun_a_frost_nova_stunned_character_deals_no_damage_that_day():
    t = fielded(["knight", "pyromancer"], ["berserker", "knight"],
                north_spells=["frost_nova", "fireball", "fireball", "fireball"])
    t.play("North", "cast frost_nova 1")
    assert "stun" in t.entry("South", 1, "South")
    end_of_day(t)
    assert t.front_damage("North") == 0  # the berserker would have dealt 3


def test_stun_lasts_only_that_day():
    t = fielded(["knight", "pyromancer"], ["berserker", "knight"],
                north_spells=["frost_nova", "fireball", "fireball", "fireball"])
    t.play("North", "cast frost_nova 1")
    end_of_day(t)
    end_of_day(t, day=2)
    assert t.front_damage("North") == 3


def test_stun_a_stunned_character_uses_no_move_ability():
    t = fielded(["knight", "pyromancer"], ["knight", "shieldbearer"],
                north_spells=["frost_nova", "fireball", "fireball", "fireball"])
    t.play("North", "cast frost_nova 2")
    t.pass_until("movement")
    if t.to_act() == ("North",):
        t.play("North", "pass")
    assert t.to_act() == ("South",)
    assert t.refused("South", "ability 2").startswith("FLB-")


# ------------------------------------------------------------------ Dying


def test_dying_a_killed_character_stays_in_the_line_until_the_phase_ends():
    t = _acolyte_killed_in_spells()
    assert t.line("South", "North") == ["knight", "acolyte"]
    assert "dying" in t.entry("South", 2, "North").lower()
    assert t.dead("South") == []
    t.pass_until("movement")
    assert t.line("South", "North") == ["knight"]
    assert t.dead("South") == ["acolyte"]


def test_dying_a_dying_character_cannot_be_killed_again():
    t = fielded(["knight", "stormcaller", "pyromancer"], ["knight", "acolyte", "acolyte"],
                north_spells=["lightning_bolt", "stone_wall", "frost_nova", "chain_lightning"])
    t.play("North", "cast lightning_bolt x2")
    t.play("South", "pass")
    t.play("North", "kill 2")
    assert t.refused("North", "kill 2").startswith("FLB-")
    assert t.targeted("North") == 2


# ------------------------------------------------------------------ targeted damage


def test_targeted_damage_must_kill_outright():
    t = fielded(["knight", "pyromancer"], ["knight", "acolyte"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"])
    t.play("North", "cast chain_lightning")
    t.play("South", "pass")
    assert t.targeted("North") == 1
    assert t.refused("North", "kill 2") == "FLB-targeted"  # acolyte: health 2
    assert t.refused("North", "kill 1") == "FLB-targeted"  # knight: health 8


def test_targeted_damage_accumulates_until_it_can_kill():
    t = fielded(["knight", "pyromancer"], ["knight", "acolyte"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"])
    t.play("North", "cast chain_lightning")
    t.play("South", "pass")
    t.play("North", "cast chain_lightning")
    assert t.targeted("North") == 2
    t.play("North", "kill 2")
    assert t.targeted("North") == 0
    assert "dying" in t.entry("South", 2, "North").lower()


def test_targeted_damage_may_kill_any_number_of_characters_if_enough():
    t = fielded(["knight", "stormcaller", "pyromancer"], ["knight", "acolyte", "acolyte"],
                north_spells=["lightning_bolt", "stone_wall", "frost_nova", "chain_lightning"])
    t.play("North", "cast lightning_bolt x2")
    t.play("South", "pass")
    t.play("North", "kill 2", "kill 3")
    assert t.targeted("North") == 0
    t.pass_until("movement")
    assert t.line("South", "North") == ["knight"]
    assert sorted(t.dead("South")) == ["acolyte", "acolyte"]


def test_targeted_damage_may_target_any_enemy_character_not_only_the_front():
    t = fielded(["knight", "pyromancer"], ["knight", "squire", "acolyte"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"])
    t.play("North", "cast chain_lightning")
    t.play("South", "pass")
    t.play("North", "cast chain_lightning")
    t.play("North", "kill 3")  # the rear
    assert "dying" in t.entry("South", 3, "North").lower()


def test_targeted_damage_from_spells_may_be_kept_for_the_targeted_damage_phase():
    t = fielded(["knight", "pyromancer"], ["knight", "acolyte"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"])
    t.play("North", "cast chain_lightning")
    t.play("South", "pass")
    t.play("North", "cast chain_lightning")
    t.pass_until("movement")
    assert t.targeted("North") == 2
    t.pass_until("targeted")
    assert t.targeted("North") == 2
    if t.to_act() != ("North",):
        t.play("South", "pass")
    t.play("North", "kill 2")
    assert "dying" in t.entry("South", 2, "North").lower()


def test_targeted_damage_phase_characters_in_range_generate_it():
    t = fielded(["knight", "archer"], ["knight"])
    t.pass_until("targeted")
    assert t.targeted("North") == 2
    assert t.targeted("South") == 0


def test_targeted_damage_leftover_ends_the_day_as_damage_to_the_front():
    t = fielded(["knight", "archer"], ["knight"])
    end_of_day(t)
    assert t.targeted("North") == 0
    assert t.front_damage("South") == 2 + 2  # the archer's leftover 2, the knight's 2


def test_targeted_damage_leftover_becomes_damage_to_the_front_on_passing():
    t = fielded(["knight", "archer"], ["knight"])
    t.pass_until("targeted")
    if t.to_act() == ("South",):
        t.play("South", "pass")
    t.play("North", "pass")
    assert t.targeted("North") == 0
    assert t.front_damage("South") == 2


def test_targeted_damage_a_player_who_passed_is_told_so():
    t = fielded(["knight", "archer"], ["knight", "archer"])
    t.pass_until("targeted")
    first = t.to_act()[0]
    other = "South" if first == "North" else "North"
    t.play(first, "pass")
    assert t.to_act() == (other,) and t.phase == "targeted"
    why = t.refusal(first, "kill 1")
    assert why.rule == "FLB-targeted"
    assert why.reason.startswith(f"{first} has passed and makes no more kills this Day")


def test_targeted_damage_killed_characters_still_apply_their_targeted_damage():
    # the South scout (health 2) makes 1 targeted damage and is killed by North's archer
    t = fielded(["knight", "archer"], ["knight", "scout"])
    t.pass_until("targeted")
    assert t.targeted("South") == 1
    if t.to_act() == ("South",):
        t.play("South", "pass")  # its 1 goes to North's Front now
        t.play("North", "kill 2")
    else:
        t.play("North", "kill 2")
        t.play("South", "pass")
    end_of_day(t)
    assert t.dead("South") == ["scout"]
    assert t.front_damage("North") == 1 + 2  # the scout's targeted 1 and the knight's 2


def test_targeted_damage_killed_characters_deal_no_normal_damage():
    # South's crossbowman (health 4, damage 3, range 2-4) killed with two archers' 4
    t = fielded(["knight", "archer", "archer"], ["knight", "crossbowman"])
    t.pass_until("targeted")
    assert t.targeted("North") == 4
    if t.to_act() == ("South",):
        t.play("South", "pass")
    t.play("North", "kill 2")
    end_of_day(t)
    assert t.front_damage("North") == 2  # the knight only


def test_targeted_damage_a_character_that_made_targeted_damage_makes_no_normal_damage():
    t = fielded(["knight", "archer"], ["shieldbearer"])
    end_of_day(t)
    assert t.front_damage("South") == 2 + 2  # archer's targeted 2 turned to Front, knight 2


def test_targeted_damage_chosen_a_character_not_aimed_deals_normal_damage():
    # FLB-R14 option: with targeted_damage chosen, an archer never aimed deals normal damage
    t = fielded(["knight", "archer"], ["shieldbearer"], targeted_damage="chosen")
    t.pass_until("targeted")
    assert t.targeted("North") == 0
    end_of_day(t)
    assert t.front_damage("South") == 2 + 2


def test_targeted_damage_chosen_aiming_makes_it_now():
    t = fielded(["knight", "archer"], ["knight", "scout"], targeted_damage="chosen")
    t.pass_until("targeted")
    if t.to_act() == ("South",):
        t.play("South", "pass")
    t.play("North", "aim 2")
    assert t.targeted("North") == 2


# ------------------------------------------------------------------ range


@pytest.mark.parametrize("line, damage", [
    (["knight", "shieldbearer"], 2),             # 1-1 at the Front
    (["shieldbearer", "knight"], 0),             # 1-1 behind it: out of range
    (["shieldbearer", "spearman"], 2),           # 1-2 right behind the Front
    (["shieldbearer", "shieldbearer", "spearman"], 0),  # 1-2 at place 3
    (["pyromancer", "shieldbearer"], 0),         # 2+ at the Front: out of range
    (["shieldbearer", "pyromancer"], 1),         # 2+ anywhere else
    (["shieldbearer", "shieldbearer", "squire", "pyromancer"], 1),
    (["shieldbearer", "shieldbearer", "squire", "crossbowman"], 3),  # 2-4 at 4
    (["shieldbearer", "shieldbearer", "squire", "squire", "crossbowman"], 0),  # at 5
])
def test_range_a_character_deals_damage_only_within_range_of_the_enemy_front(line, damage):
    t = fielded(line, ["knight"])  # health 8: nothing here reaches it
    end_of_day(t)
    assert t.front_damage("South") == damage


def test_range_applies_to_targeted_damage_too():
    t = fielded(["archer", "knight"], ["shieldbearer"])  # archer 2+ at the Front
    t.pass_until("targeted")
    assert t.targeted("North") == 0
    end_of_day(t)
    assert t.front_damage("South") == 0


# ------------------------------------------------------------------ damage to Front


def _front():
    """North's berserker (3 damage) against South's squire (health 4) and knight."""
    return fielded(["berserker"], ["squire", "knight"])


def test_damage_to_front_accumulates_without_wounding_the_front_character():
    t = _front()
    end_of_day(t)
    assert t.front_damage("South") == 3
    assert t.line("South", "North") == ["squire", "knight"]


def test_damage_to_front_is_retained_from_one_day_to_the_next():
    t = _front()
    end_of_day(t)
    assert t.day == 2 and t.front_damage("South") == 3


def test_damage_to_front_kills_the_front_character_once_enough_and_keeps_the_rest():
    t = _front()
    end_of_day(t)
    end_of_day(t, day=2)
    assert t.dead("South") == ["squire"]
    assert t.line("South", "North") == ["knight"]
    assert t.front_damage("South") == 3 + 3 - 4


def test_damage_to_front_from_a_spell_kills_the_front_and_the_rest_waits():
    t = fielded(["knight", "stormcaller", "pyromancer"], ["squire", "knight"],
                north_spells=["fireball", "stone_wall", "frost_nova", "chain_lightning"])
    t.play("North", "cast fireball x2")
    # enough to kill the Front: spent on it at once (Dying), the other 2 wait
    assert "dying" in t.entry("South", 1, "North").lower()
    assert t.front_damage("South") == 6 - 4
    end_of_day(t)
    assert t.dead("South") == ["squire"]
    assert t.front_damage("South") == 6 + 2 + 1 - 4  # knight 2, pyromancer (2+) 1
    assert t.front_damage("North") == 2  # the knight, now South's Front; the squire is dead


def test_damage_to_front_both_players_take_it_in_the_same_day():
    t = fielded(["berserker"], ["berserker"])
    end_of_day(t)
    assert t.front_damage("North") == 3 and t.front_damage("South") == 3


# ------------------------------------------------------------------ movement phase


def _movers(start="North"):
    return fielded(["knight", "shieldbearer", "scout"], ["knight", "shieldbearer", "scout"],
                   start=start)


def test_move_abilities_players_alternate_one_at_a_time():
    t = _movers()
    t.pass_until("movement")
    assert t.to_act() == ("North",)
    t.play("North", "ability 2")  # the shieldbearer steps to the Front
    assert t.line("North") == ["shieldbearer", "knight", "scout"]
    assert t.to_act() == ("South",)
    assert t.refused("North", "ability 3 2") == "turn"


def test_move_abilities_a_player_who_passes_moves_no_more_and_the_other_continues():
    t = _movers()
    t.pass_until("movement")
    t.play("North", "pass")
    t.play("South", "ability 2")
    assert t.to_act() == ("South",) and t.phase == "movement"
    why = t.refusal("North", "ability 2")
    assert why.rule == "FLB-move"
    assert why.reason.startswith("North has passed and uses no more move abilities this Day")
    t.play("South", "ability 3 2")  # the scout swaps with its neighbour at 2
    assert t.line("South") == ["shieldbearer", "scout", "knight"]
    assert t.phase != "movement" or t.to_act() == ("South",)


def test_move_abilities_each_character_once_a_day():
    t = _movers()
    t.pass_until("movement")
    t.play("North", "ability 2")
    t.play("South", "pass")
    why = t.refusal("North", "ability 1")  # the shieldbearer again
    assert why.rule == "FLB-move"
    assert why.reason == "your shieldbearer has used its move ability today"


def test_move_abilities_the_shieldbearer_steps_to_the_front_and_the_others_move_back():
    t = fielded(["knight", "scout", "shieldbearer"], ["knight"])
    t.pass_until("movement")
    if t.to_act() == ("South",):
        t.play("South", "pass")
    t.play("North", "ability 3")
    assert t.line("North") == ["shieldbearer", "knight", "scout"]


# ------------------------------------------------------------------ turn order across phases


@pytest.mark.parametrize("start", [
    "North",
    "South",
])
def test_turn_order_the_next_phase_begins_with_the_player_who_did_not_take_the_last_turn(start):
    t = _movers(start=start)
    second = "South" if start == "North" else "North"
    t.play(start, "pass")
    t.play(second, "pass")  # the last turn of the spell phase
    assert t.phase == "movement" and t.to_act() == (start,)


def test_turn_order_holds_after_one_player_went_on_alone():
    t = fielded(["knight", "cleric", "shieldbearer"], ["knight", "cleric", "shieldbearer"],
                north_spells=["heal", "heal", "heal", "purify"],
                south_spells=["mana_spring", "mana_spring", "blessing", "blessing"])
    t.play("North", "pass")
    t.play("South", "cast mana_spring")
    t.play("South", "cast mana_spring")
    t.play("South", "pass")  # South took the last turn
    assert t.phase == "movement" and t.to_act() == ("North",)


def test_turn_order_the_targeted_damage_phase_follows_the_last_move_turn():
    t = _movers()
    t.pass_until("movement")
    t.play("North", "ability 2")
    t.play("South", "pass")
    t.play("North", "pass")  # North took the last turn
    assert t.phase == "targeted" and t.to_act() == ("South",)


# ------------------------------------------------------------------ the end of the game


def test_game_end_a_player_with_no_live_characters_loses():
    t = fielded(["giant"], ["squire"])  # 3 a Day against health 4: dies on Day 2
    end_of_day(t)
    assert t.outcome() is None
    end_of_day(t, day=2)
    out = t.outcome()
    assert out is not None and out.winner == "North"
    assert t.day == 2 and t.decision() is None


def test_game_end_a_side_wiped_out_on_the_first_day_plays_one_more_day():
    t = fielded(["giant"], ["acolyte"])
    end_of_day(t)
    assert t.dead("South") == ["acolyte"]
    assert t.outcome() is None and t.day == 2
    end_of_day(t, day=2)
    assert t.outcome() is not None and t.outcome().winner == "North"


def test_game_end_the_grace_day_lets_a_revive_bring_a_side_back():
    t = fielded(["giant"], ["acolyte"],
                south_spells=["raise_dead", "curse", "fear", "fear"], start="South")
    end_of_day(t)
    while t.to_act() == ("South",) and any(m.startswith("discard") for m in t.legal("South")):
        t.play("South", "discard " + next(c for c in t.spell_hand("South") if c != "raise_dead"))
    assert t.day == 2 and "raise_dead" in t.spell_hand("South")
    assert t.mana("South") >= 5
    if t.to_act() != ("South",):
        t.play("North", "pass")
    t.play("South", "cast raise_dead acolyte")
    assert t.line("South") == ["acolyte"] and t.outcome() is None
    # a live acolyte again: the draw after casting fills the new Black limit of 4
    assert len(t.spell_hand("South")) == 4


def test_game_end_option_end_at_once_ends_a_first_day_wipe_out():
    t = fielded(["giant"], ["acolyte"], wiped_after_first_day="end_at_once")
    end_of_day(t)
    assert t.outcome() is not None and t.outcome().winner == "North"
    assert t.day == 1


def test_game_end_both_wiped_out_together_is_a_draw():
    t = fielded(["berserker"], ["berserker"])  # 3 a Day against health 5 each
    end_of_day(t)
    end_of_day(t, day=2)
    out = t.outcome()
    assert out is not None and out.winner is None


def test_game_end_no_real_progress_the_higher_survival_production_wins():
    # no damage on either side: no death for stall_days (3) Days
    t = fielded(["shieldbearer", "cleric"], ["shieldbearer"])
    end_of_day(t)
    end_of_day(t, day=2)
    assert t.outcome() is None
    end_of_day(t, day=3)
    out = t.outcome()
    assert out is not None and out.winner == "North"  # 3 + 1 mana a Day against 3
    assert t.day == 3


def test_game_end_no_real_progress_follows_the_stall_days_option():
    t = fielded(["shieldbearer"], ["shieldbearer", "acolyte"], stall_days=1)
    end_of_day(t)
    out = t.outcome()
    assert out is not None and out.winner == "South"


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize("side, text", [
    ("North", "cast fireball"),           # not in hand
    ("North", "ability 1"),               # not the movement phase
    ("North", "kill 1"),                  # no targeted damage
    ("South", "pass"),                    # not South's turn
    ("North", "discard heal"),            # no limit was lowered
])
def test_a_refused_move_leaves_the_state_unchanged_and_names_a_rule(side, text):
    t = fielded(["knight", "cleric"], ["knight"], north_spells=["heal", "heal", "heal", "purify"])
    rule = t.refused(side, text)
    assert rule == "turn" or rule.startswith("FLB-")


def test_an_unreadable_move_names_the_notation_rule():
    t = fielded(["knight"], ["knight"])
    before = RULES.state_hash(t.state)
    with pytest.raises(MoveSyntaxError) as err:
        RULES.parse_move("cast")
    assert err.value.rule == "FLB-notation"
    assert RULES.state_hash(t.state) == before


# ------------------------------------------------------------------ secrets in play


def test_secret_the_other_players_spell_draws_are_never_named_to_it():
    t = fielded(["cleric", "knight"], ["knight"],
                north_spells=["resurrection", "divine_shield", "rally_the_line", "purify"])
    words = " ".join(t.texts("South")) + rendered(t, "South")
    for card in ("resurrection", "divine_shield", "rally_the_line", "purify"):
        assert card not in words
    assert sorted(t.spell_hand("North")) == sorted(
        ["resurrection", "divine_shield", "rally_the_line", "purify"])


# ------------------------------------------------------------------ more cases


def test_mana_a_dead_character_makes_no_mana():
    t = _acolyte_killed_in_spells()
    mana = t.mana("South")
    end_of_day(t)
    assert t.dead("South") == ["acolyte"]
    assert t.mana("South") == mana + 3  # the dead acolyte's 1 is gone


def test_targeted_damage_phase_all_remaining_is_spent_at_once_on_a_turn():
    t = fielded(["knight", "archer", "archer"], ["knight", "acolyte", "acolyte"])
    t.pass_until("targeted")
    if t.to_act() == ("South",):
        t.play("South", "pass")
    assert t.targeted("North") == 4
    t.play("North", "kill 2", "kill 3")  # one turn: both acolytes (health 2 each)
    assert t.targeted("North") == 0
    assert t.to_act() == ("South",)


def test_targeted_damage_phase_players_alternate():
    t = fielded(["knight", "archer", "acolyte"], ["knight", "archer", "acolyte"])
    t.pass_until("targeted")
    first = t.to_act()[0]
    second = "South" if first == "North" else "North"
    t.play(first, "kill 3")  # the other's acolyte, health 2
    assert t.to_act() == (second,)
    t.play(second, "kill 3")
    assert [t.line(s)[2] for s in SIDES] == ["acolyte", "acolyte"]
    assert all("dying" in t.entry(s, 3).lower() for s in SIDES)


def test_interrupt_purify_cancels_a_black_spell():
    t = fielded(["knight", "acolyte"], ["knight", "cleric"],
                north_spells=["curse", "curse", "fear", "fear"],
                south_spells=["purify", "heal", "heal", "heal"], auto_pass=False)
    t.play("North", "cast curse 1")
    assert "cast purify" in t.legal("South")
    t.play("South", "cast purify")
    assert t.mana("North") == 4 - 2 and t.mana("South") == 4 - 2
    end_of_day(t)
    assert t.front_damage("North") == 2  # South's knight was not cursed


def test_interrupt_purify_cannot_answer_a_spell_of_another_category():
    t = fielded(["knight", "pyromancer"], ["knight", "cleric"],
                north_spells=["fireball", "fireball", "chain_lightning", "frost_nova"],
                south_spells=["purify", "heal", "heal", "heal"], auto_pass=False)
    t.play("North", "cast fireball")
    assert t.decision().kind.value != "reaction"  # no window: nothing could answer it
    assert t.front_damage("South") == 3
    assert t.refused("South", "cast purify") == "FLB-interrupt"


def test_interrupt_sanctuary_answers_a_kill_aimed_at_a_friend():
    t = fielded(["knight", "pyromancer"], ["knight", "cleric", "acolyte"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"],
                south_spells=["sanctuary", "heal", "heal", "heal",
                              "curse", "curse", "fear", "fear"], auto_pass=False)
    # South keeps casting (a side that passed answers nothing, FLB-R16): Heals, 1 mana each
    t.play("North", "cast chain_lightning")
    if t.decision().kind.value == "reaction":  # a window (Counterspell could answer)
        t.play("South", "pass")
    t.play("South", "cast heal")
    t.play("North", "cast chain_lightning")
    if t.decision().kind.value == "reaction":
        t.play("South", "pass")
    t.play("South", "cast heal")
    t.play("North", "kill 3")
    assert t.to_act() == ("South",) and "cast sanctuary 3" in t.legal("South")
    t.play("South", "cast sanctuary 3")
    assert "dying" not in t.entry("South", 3, "North").lower()
    assert t.targeted("North") == 2  # FLB-R16: the answered kill keeps its damage


def test_game_end_as_soon_as_the_last_character_dies_on_a_later_day():
    # Day 2: North's forked Lightning Bolt (4 targeted) kills South's only squire (health 4)
    t = fielded(["shieldbearer", "pyromancer"], ["squire"],
                north_spells=["lightning_bolt", "stone_wall", "frost_nova", "fireball"])
    end_of_day(t)
    assert t.mana("North") == 8
    if t.to_act() != ("North",):
        t.play("South", "pass")
    t.play("North", "cast lightning_bolt x2")
    if t.to_act() == ("South",):
        t.play("South", "pass")
    t.play("North", "kill 1")
    assert t.outcome() is None  # Dying until the end of the phase
    t.play("North", "pass")
    out = t.outcome()
    assert out is not None and out.winner == "North"
    assert t.day == 2 and t.decision() is None


def test_interrupt_window_opens_only_where_an_answer_could_have_an_effect():
    # FLB-R23: the window opens when the other could hold an interrupt that would have an
    # effect; FLB-interrupt: interrupts only where they have an effect
    t = fielded(["knight", "pyromancer"], ["knight", "cleric"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"],
                south_spells=["sanctuary", "purify", "heal", "heal"], auto_pass=False)
    assert t.mana("South") == 4
    t.play("North", "cast chain_lightning")
    assert t.decision().kind.value != "reaction" and t.to_act() == ("South",)
    assert t.targeted("North") == 1


def test_interrupt_window_opens_when_a_category_held_could_answer():
    # Black access: a Counterspell (3 mana) could answer anything, held or not (FLB-R23)
    t = fielded(["knight", "pyromancer"], ["knight", "acolyte", "acolyte"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"],
                south_spells=["curse", "curse", "fear", "fear"], auto_pass=False)
    t.play("North", "cast chain_lightning")
    assert t.decision().kind.value == "reaction" and t.legal("South") == ["pass"]
    t.play("South", "pass")
    assert t.targeted("North") == 1


def test_secret_hands_stay_hidden_in_a_replayed_record_as_json(tmp_path, monkeypatch, capsys):
    hidden = ["giant", "captain", "assassin",  # North's Character hand
              "resurrection", "divine_shield", "rally_the_line", "purify"]  # its spells
    t = Table(hands={"North": ["cleric", "knight", "giant", "captain", "assassin"],
                     "South": ["squire", "spearman", "archer", "scout", "acolyte"]},
              spells={"North": hidden[3:]})
    t.field(["cleric", "knight"], ["squire", "spearman"])
    t.play("North", "pass")
    assert sorted(t.spell_hand("North")) == sorted(hidden[3:])
    rec = tmp_path / "g.record"
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(t.lines) + "\n"))
    assert main(["play", str(SCENARIO), "--table", "--record", str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", str(rec), "--json", "--as", "South", "--scenario", str(SCENARIO)]) == 0
    out = capsys.readouterr().out
    assert "cleric" in out and "spearman" in out  # the lines are public now
    for card in hidden:
        assert card not in out, card
    assert main(["replay", str(rec), "--json", "--as", "North", "--scenario", str(SCENARIO)]) == 0
    out = capsys.readouterr().out
    assert all(card in out for card in hidden)  # North sees its own


def test_farseer_once_revealed_is_seen_by_the_other_player_but_not_the_rest():
    t = _farseer_table()
    t.play("North", "place knight", "place farseer")
    assert "farseer" not in rendered(t, "South")
    t.play("North", "farseer")
    seen = rendered(t, "South") + " ".join(t.texts("South"))
    assert "farseer" in seen.lower()
    assert "knight" not in seen


def test_merchant_a_character_taken_back_stays_secret_until_the_reveal():
    t = Table(hands={"North": ["merchant", "knight", "squire", "scout", "archer"],
                     "South": ["giant", "spearman", "cleric", "acolyte", "berserker"]})
    t.play("North", "place merchant", "place knight", "take knight")
    seen = rendered(t, "South") + " ".join(t.texts("South")) + repr(t.view("South"))
    assert "knight" not in seen and "merchant" not in seen
    assert t.pile("set aside", "North", who="North").cards == ("knight",)


def test_timeline_a_lasting_curse_holds_for_the_rest_of_the_game():
    t = fielded(["knight", "acolyte"], ["knight"], north_spells=["curse", "curse", "fear", "fear"])
    t.play("North", "cast curse 1")
    end_of_day(t)
    end_of_day(t, day=2)
    assert t.front_damage("North") == 1 + 1  # South's knight: 2 - 1 each Day


def test_spell_hands_two_characters_of_one_category_still_give_four():
    t = fielded(["druid", "cleric", "knight"], ["knight"])
    hand = t.spell_hand("North")
    assert len([c for c in hand if c in WHITE]) == 4
    assert len([c for c in hand if c in ELEMENTALISM]) == 4


def test_spell_hands_no_discard_while_another_live_character_gives_access():
    t = fielded(["knight", "pyromancer"], ["knight", "acolyte", "necromancer"],
                north_spells=["chain_lightning", "chain_lightning", "fireball", "fireball"],
                south_spells=["curse", "curse", "fear", "fear"])
    t.play("North", "cast chain_lightning")
    t.play("South", "pass")
    t.play("North", "cast chain_lightning", "kill 2")
    t.pass_until("movement")
    assert t.dead("South") == ["acolyte"]
    assert len(t.spell_hand("South")) == 4
    assert not any(m.startswith("discard") for m in t.legal(t.to_act()[0]))


def test_game_end_no_real_progress_ties_go_to_more_live_characters():
    # FLB-R05: equal production (3 each): North's two live characters beat South's one
    t = fielded(["shieldbearer", "squire"], ["shieldbearer"])
    for day in (1, 2, 3):
        end_of_day(t, day=day)
    out = t.outcome()
    assert out is not None and out.winner == "North" and t.day == 3


def test_line_length_at_most_max_line_characters():
    # FLB-R02: max_line 8 (Money alone cannot reach it; here Money is no limit)
    cheap = ["squire", "squire", "scout", "scout", "acolyte", "acolyte", "merchant",
             "farseer", "cleric"]
    t = Table(hands={"North": cheap}, starting_money=99)
    for card in cheap[:8]:
        t.play("North", f"place {card}")
    assert t.pile("selection", "North", who="North").count == 8
    assert t.refused("North", "place cleric") in ("FLB-R02", "FLB-select")


def test_cast_spells_a_player_who_passed_plays_no_more_spell_cards_not_even_an_interrupt():
    # "cannot play any more Spell cards this round": an interrupt is a Spell card
    t = fielded(["knight", "pyromancer"], ["knight", "necromancer"], start="South",
                north_spells=["fireball", "fireball", "chain_lightning", "frost_nova"],
                south_spells=["counterspell", "curse", "curse", "fear"], auto_pass=False)
    t.play("South", "pass")
    t.play("North", "cast fireball")
    if t.to_act() == ("South",):
        assert t.refused("South", "cast counterspell").startswith("FLB-")
        t.play("South", "pass")
    assert t.front_damage("South") == 3


def test_turn_order_discards_are_not_turns():
    # FLB-R17: North took the last spell-phase turn; South's discards (its acolyte died)
    # come first, then the movement phase begins with South
    t = _acolyte_killed_in_spells()
    t.play("North", "pass")
    assert t.phase == "movement" and t.to_act() == ("South",)
    t.play("South", "discard curse", "discard fear")
    assert t.phase == "movement" and t.to_act() == ("South",)
    assert "pass" in t.legal("South")


def test_stun_a_stunned_character_makes_no_targeted_damage():
    t = fielded(["knight", "pyromancer"], ["knight", "archer"],
                north_spells=["frost_nova", "fireball", "fireball", "fireball"])
    t.play("North", "cast frost_nova 2")
    t.pass_until("targeted")
    assert t.targeted("South") == 0
    end_of_day(t)
    assert t.front_damage("North") == 2  # the knight only


def test_farseer_is_revealed_once():
    # FLB-R13: once a game
    t = _farseer_table()
    t.play("North", "place farseer", "farseer")
    t.play("South", "place giant", "done")
    assert t.refused("North", "farseer") in ("FLB-farseer", "FLB-R13")

"""Last Front rulebook cases, written from the rules text (and, where the text is silent,
from the scenario's card texts and content/last_front/rulings.md), not from the referee's
code. Each test is one statement of the rules, positions built at a table: the cards dealt
and drawn typed by the test, moves in notation (content/last_front/notation.md)."""

from __future__ import annotations

import json

import pytest

from lf_table import SCENARIO, Table
from toolkit.cli import main
from toolkit.referee.protocol import DecisionKind, IllegalMoveError

UNITS = ["troops_3", "troops_3", "troops_3", "tanks_3", "tanks_3", "planes_4"]

# ------------------------------------------------------------------ setup and the deal


@pytest.mark.parametrize("players", [2, 3, 5])
def test_setup_deals_six_cards_each_and_the_dealer_draws_and_opens(players):
    t = Table(players)
    sizes = [t.hand_size(p) for p in t.sides]
    assert sizes == [7] + [6] * (players - 1)  # the dealer's turn began with a draw
    assert t.to_act() == ("P1",)
    assert t.pile("battle").count == 128 - 6 * players - 1


def test_setup_the_first_battle_is_for_the_top_territory_card():
    t = Table(territories=["soviet", "german"])
    assert any("fighting for soviet" in x for x in t.view().status)
    assert t.open_territory() == ["soviet"]


def test_setup_the_bonus_cards_lie_face_up_and_the_decks_face_down():
    t = Table()
    assert t.bonus_row() == ["american_bonus", "british_bonus", "german_bonus", "soviet_bonus"]
    for deck, n in (("event", 18), ("territory", 11)):
        assert t.pile(deck).count == n and t.pile(deck, who="P1").cards is None


def test_play_passes_clockwise_from_the_dealer():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["troops_2"], "P3": ["troops_3"]})
    order = []
    for side, card in (("P1", "troops_1"), ("P2", "troops_2"), ("P3", "troops_3")):
        order.append(t.to_act()[0])
        t.bid(side, card)
    assert order == ["P1", "P2", "P3"] and t.to_act() == ("P1",)


# ------------------------------------------------------------------ a turn: draw, bid


def test_a_turn_begins_by_drawing_one_battle_card():
    t = Table(hands={"P1": ["troops_2"]}, draws={"P2": ["planes_4"]})
    t.bid("P1", "troops_2")
    assert t.hand_size("P2") == 7 and "planes_4" in t.hand("P2")


def test_the_player_declaring_the_battle_must_make_an_opening_bid():
    t = Table()
    t.refused("P1", "withdraw", "LF-open")


def test_a_bid_must_be_at_least_one_above_the_previous_bid():
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_2", "troops_1", "troops_1"]})
    t.bid("P1", "troops_3")
    t.play("P2", "play troops_2", "play troops_1")
    assert t.total("P2") == 3
    t.refused("P2", "done", "LF-bid")  # equal is not enough
    t.play("P2", "play troops_1", "done")  # 4: exactly one above
    assert t.to_act() == ("P1",)


def test_a_bid_adds_to_the_cards_already_bid_cumulatively():
    t = Table(hands={"P1": ["troops_3", "troops_2"], "P2": ["tanks_3", "troops_1"]})
    t.bid("P1", "troops_3")
    t.bid("P2", "tanks_3", "troops_1")  # 4
    t.play("P1", "play troops_2")  # 3 + 2 = 5 beats 4
    assert t.total("P1") == 5
    t.play("P1", "done")
    assert t.to_act() == ("P2",)


def test_a_turn_that_puts_no_card_in_is_not_a_bid():
    t = Table(hands={"P1": ["troops_3"], "P2": ["tanks_3", "troops_1"]})
    t.bid("P1", "troops_3")
    t.bid("P2", "tanks_3", "troops_1")
    t.refused("P1", "done", "LF-bid")


def test_several_cards_may_be_put_down_in_one_turn():
    t = Table(hands={"P1": UNITS})
    t.bid("P1", *UNITS)
    assert t.total("P1") == 3 + 3 + 3 + 3 + 3 + 4
    assert t.bid_cards("P1") == sorted(UNITS)


def test_a_card_not_in_the_hand_cannot_be_bid():
    t = Table(hands={"P1": ["troops_1"] * 6}, draws={"P1": ["troops_1"]})
    t.refused("P1", "play planes_4", "LF-card")
    t.refused("P1", "play no_such_card", "LF-card")


# ------------------------------------------------------------------ withdrawing


def test_withdrawing_draws_one_card_and_discards_the_bid():
    t = Table(3, hands={"P1": ["troops_3"], "P2": ["troops_2", "troops_2"]},
              draws={"P1": ["tanks_2", "planes_3"]})
    t.bid("P1", "troops_3")
    t.bid("P2", "troops_2", "troops_2")
    t.play("P3", "withdraw")
    # P1: 7 after the first draw, 6 after the bid, then the turn's draw, then withdrawal
    t.play("P1", "withdraw")
    assert t.hand_size("P1") == 8 and "planes_3" in t.hand("P1")
    assert "troops_3" in t.discard() and t.bid_cards("P1") == []


def test_a_withdrawn_player_takes_no_further_part_in_the_battle():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["troops_2"], "P3": ["troops_3"]})
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    size = t.hand_size("P2")
    t.bid("P3", "troops_3")
    t.play("P1", "play troops_1")  # the filler drawn
    t.play("P1", "play troops_2")
    t.play("P1", "done")
    assert t.to_act() == ("P3",)  # P2 is skipped
    assert t.hand_size("P2") == size  # and draws nothing more this battle
    assert "P2" not in t.in_battle()


def test_the_last_player_left_wins_the_territory_and_draws_one():
    t = Table(hands={"P1": ["troops_3"]}, draws={"P1": ["troops_1", "planes_4"]},
              territories=["german", "soviet"])
    t.bid("P1", "troops_3")
    t.play("P2", "withdraw")
    assert t.captured("P1") == ["german"]
    assert "planes_4" in t.hand("P1") and t.hand_size("P1") == 7
    assert "troops_3" in t.discard() and t.bid_cards("P1") == []


def test_the_second_to_last_player_draws_one_as_a_withdrawal():
    t = Table(hands={"P1": ["troops_3"]})
    t.bid("P1", "troops_3")
    before = t.hand_size("P2")  # 7: the turn's draw
    t.play("P2", "withdraw")
    assert t.hand_size("P2") == before + 1


def test_every_bid_is_discarded_when_the_battle_ends():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["troops_2"], "P3": ["troops_3"]})
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_2")
    t.play("P3", "withdraw")
    t.play("P1", "withdraw")
    assert t.captured("P2") == ["british"]
    assert {"troops_1", "troops_2"} <= set(t.discard())
    assert all(t.bid_cards(p) == [] for p in t.sides)


# ------------------------------------------------------------------ the next battle


def test_a_new_territory_card_is_turned_up_once_the_open_one_is_captured():
    t = Table(hands={"P1": ["troops_3"]}, territories=["british", "american"])
    t.win_battle("P1", "troops_3")
    assert t.open_territory() == ["american"]
    assert t.to_act() == ("P1",) and t.phase() == "spoils"


def test_the_winner_declares_the_next_battle_and_bids_first():
    t = Table(3, hands={"P2": ["troops_3"]}, territories=["british", "american"])
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_3")
    t.play("P3", "withdraw")
    t.play("P1", "withdraw")
    assert t.to_act() == ("P2",)
    assert sorted(t.legal("P2")) == ["attack open"]  # nobody else holds a territory
    t.play("P2", "attack open")
    assert any("fighting for american" in x for x in t.view().status)
    assert t.to_act() == ("P2",) and t.phase() == "battle"
    t.refused("P2", "withdraw", "LF-open")
    t.bid("P2", "troops_1")
    assert t.to_act() == ("P3",)  # then clockwise from the declarer


def test_the_winner_may_attack_a_territory_another_player_captured():
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_1"] * 6},
              territories=["british", "american", "soviet"])
    t.win_battle("P1", "troops_3")  # P1 takes british
    t.play("P1", "attack open")
    t.play("P1", "play troops_1", "done")
    t.play("P2", "play troops_1", "play troops_1", "done")
    t.play("P1", "withdraw")  # P2 takes american
    assert t.captured("P2") == ["american"]
    assert sorted(t.legal("P2")) == ["attack P1 british", "attack open"]
    t.play("P2", "attack P1 british")
    assert any("held by P1" in x for x in t.view().status)
    t.play("P2", "play troops_1", "done")
    t.play("P1", "withdraw")  # the attacker wins: the territory changes hands
    assert t.captured("P1") == [] and t.captured("P2") == ["american", "british"]


def test_a_player_may_not_attack_a_territory_nobody_else_holds():
    t = Table(hands={"P1": ["troops_3"]}, territories=["british", "american"])
    t.win_battle("P1", "troops_3")
    t.refused("P1", "attack P1 british", "LF-declare")
    t.refused("P1", "attack P2 soviet", "LF-declare")
    t.refused("P1", "done", "LF-declare")


def test_the_defender_of_a_captured_territory_keeps_it_by_outlasting_the_attacker():
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_1"] * 6},
              territories=["british", "american"])
    t.win_battle("P1", "troops_3")
    t.play("P1", "attack open")
    t.play("P1", "play troops_1", "done")
    t.play("P2", "play troops_1", "play troops_1", "done")
    t.play("P1", "withdraw")
    t.play("P2", "attack P1 british")
    t.play("P2", "play troops_1", "done")
    t.play("P1", "play troops_2", "done")
    t.play("P2", "withdraw")
    assert t.captured("P1") == ["british"] and t.captured("P2") == ["american"]
    assert t.to_act() == ("P1",)  # the winner (the defender) declares next


# ------------------------------------------------------------------ Support cards


def test_support_counts_its_attack_value_on_an_open_territory():
    t = Table(hands={"P1": ["support_3_6", "support_1_2"]})
    t.bid("P1", "support_3_6", "support_1_2")
    assert t.total("P1") == 3 + 1


def _p1_holds_british_and_p2_attacks(hands_p1=(), hands_p2=()):
    t = Table(hands={"P1": ["troops_3", *hands_p1], "P2": ["troops_1", "troops_1", *hands_p2]},
              territories=["british", "american"])
    t.win_battle("P1", "troops_3")  # P1 takes british
    t.play("P1", "attack open")
    t.play("P1", "play troops_1", "done")
    t.play("P2", "play troops_1", "play troops_1", "done")
    t.play("P1", "withdraw")  # P2 takes american
    return t


def test_support_counts_its_defense_value_when_defending_a_captured_territory():
    t = _p1_holds_british_and_p2_attacks(hands_p1=["support_2_4"], hands_p2=["support_3_6"])
    t.play("P2", "attack P1 british")
    t.bid("P2", "support_3_6")
    assert t.total("P2") == 3  # the attacker: Attack value
    t.bid("P1", "support_2_4")
    assert t.total("P1") == 4  # the defender: Defense value


def test_support_counts_its_attack_value_when_attacking_a_captured_territory():
    t = _p1_holds_british_and_p2_attacks(hands_p2=["support_1_2"])
    t.play("P2", "attack P1 british")
    t.bid("P2", "support_1_2")
    assert t.total("P2") == 1


# ------------------------------------------------------------------ face values


def test_a_special_or_icon_played_at_face_value_counts_its_printed_face_value():
    t = Table(hands={"P1": ["patton", "lend_lease", "air_raid"]})
    t.bid("P1", "face:patton", "face:lend_lease", "face:air_raid")
    assert t.total("P1") == 3 + 2 + 3
    assert "face value" in t.panel("P1")


def test_a_face_value_card_gives_no_ability():
    t = Table(hands={"P1": ["patton", "tanks_3"]})
    t.bid("P1", "face:patton", "tanks_3")
    assert t.total("P1") == 3 + 3  # no +2 for the Tank


def test_only_special_and_icon_cards_have_a_face_value():
    t = Table(hands={"P1": ["troops_3", "draw_event"]})
    t.refused("P1", "face troops_3", "LF-face")
    t.refused("P1", "face draw_event", "LF-face")


def test_the_patton_example_face_value_is_kept_when_lend_lease_takes_it():
    t = Table(hands={"P1": ["patton", "tanks_2"], "P2": ["lend_lease", "troops_1", "tanks_3"]})
    t.bid("P1", "face:patton", "tanks_2")  # 3 + 2
    t.play("P2", "play troops_1", "play tanks_3", "play lend_lease P1 patton troops_1")
    assert "patton" in t.bid_cards("P2") and "troops_1" in t.bid_cards("P1")
    assert t.total("P2") == 3 + 3  # Patton at face value only: no +2 on the Tank
    assert t.total("P1") == 2 + 1


# ------------------------------------------------------------------ calculating bids


def test_the_worked_bid_two_troops_under_x2_and_plus_one_per_troop_make_8():
    t = Table(hands={"P1": ["troops_2", "troops_1", "veteran_troops", "rifle_company"]})
    t.bid("P1", "troops_2", "troops_1", "veteran_troops", "rifle_company")
    assert t.total("P1") == 8  # (2x2+1) + (1x2+1)


def test_modifiers_multiply_before_adding_whatever_order_the_cards_came_in():
    t = Table(hands={"P1": ["rifle_company", "veteran_troops", "troops_2", "troops_1"]})
    t.bid("P1", "rifle_company", "veteran_troops", "troops_2", "troops_1")
    assert t.total("P1") == 8  # not (2+1)x2 + (1+1)x2 = 10


def test_modifiers_apply_per_card_of_the_kind_only():
    t = Table(hands={"P1": ["veteran_troops", "troops_3", "tanks_3", "planes_2"]})
    t.bid("P1", "veteran_troops", "troops_3", "tanks_3", "planes_2")
    assert t.total("P1") == 6 + 3 + 2


def test_division_rounds_down_per_card():
    t = Table(hands={"P1": ["troops_3", "troops_1"], "P2": ["artillery_barrage", "tanks_3"]})
    t.bid("P1", "troops_3", "troops_1")
    t.play("P2", "play artillery_barrage P1")
    assert t.total("P1") == 1 + 0  # 3//2 + 1//2, not (3+1)//2


def test_a_card_multiplied_and_divided_then_added_to():
    # x2, then /2 (round down), then +1: 3 -> 6 -> 3 -> 4 for the Troop
    t = Table(hands={"P1": ["troops_3", "veteran_troops", "rifle_company"],
                     "P2": ["artillery_barrage", "tanks_3"]})
    t.bid("P1", "troops_3", "veteran_troops", "rifle_company")
    assert t.total("P1") == 7
    t.play("P2", "play artillery_barrage P1")
    assert t.total("P1") == 4


def test_a_card_never_counts_below_zero():
    # Mud Season halves a Tank (2 -> 1), Winter Offensive takes 1 off after: 0, and the
    # Troop is untouched
    t = Table(hands={"P1": ["tanks_2", "troops_1", "draw_event", "draw_event"]},
              events=["mud_season", "winter_offensive"])
    t.play("P1", "play draw_event", "play draw_event")
    t.bid("P1", "tanks_2", "troops_1")
    assert t.total("P1") == 0 + 1


# ------------------------------------------------------------------ digging in (option)


def test_dig_in_is_an_option_off_unless_the_scenario_turns_it_on():
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3", "troops_1"]})
    t.play("P1", "play troops_3", "play troops_3", "play troops_3", "play troops_1")
    t.refused("P1", "dig troops_3 troops_3 troops_3 troops_1", "LF-dig")


def test_dig_in_a_pile_of_exactly_10():
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3", "troops_1"]}, dig_in=True)
    t.play("P1", "play troops_3", "play troops_3", "play troops_3", "play troops_1")
    t.play("P1", "dig troops_1 troops_3 troops_3 troops_3")
    assert t.total("P1") == 10 and "dug in" in t.panel("P1")
    t.play("P1", "done")


def test_dig_in_points_over_10_are_lost():
    t = Table(hands={"P1": ["troops_3"] * 4}, dig_in=True)
    t.play("P1", *["play troops_3"] * 4)
    assert t.total("P1") == 12
    t.play("P1", "dig troops_3 troops_3 troops_3 troops_3")
    assert t.total("P1") == 10


def test_dig_in_a_pile_short_of_10_is_refused():
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3"]}, dig_in=True)
    t.play("P1", *["play troops_3"] * 3)
    t.refused("P1", "dig troops_3 troops_3 troops_3", "LF-dig")


def test_dig_in_20_points_must_be_two_piles_of_10():
    hand = ["planes_4", "planes_4", "troops_2", "planes_4", "planes_4", "troops_2"]
    t = Table(hands={"P1": hand}, dig_in=True)
    t.play("P1", *[f"play {c}" for c in hand])
    t.refused("P1", "dig " + " ".join(hand), "LF-dig")
    t.play("P1", "dig planes_4 planes_4 troops_2", "dig planes_4 planes_4 troops_2")
    assert t.total("P1") == 20 and t.bid_cards("P1") == []


def test_dig_in_cards_must_be_in_the_bid():
    t = Table(hands={"P1": ["troops_3"] * 4}, dig_in=True)
    t.play("P1", "play troops_3", "play troops_3")
    t.refused("P1", "dig troops_3 troops_3 troops_3 troops_3", "LF-dig")


def test_dug_in_cards_are_immune_to_modifiers():
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3", "troops_1"],
                     "P2": ["artillery_barrage", "troops_1", "troops_1", "troops_1"]},
              dig_in=True)
    t.play("P1", "play troops_3", "play troops_3", "play troops_3", "play troops_1")
    t.play("P1", "dig troops_1 troops_3 troops_3 troops_3", "done")
    t.play("P2", "play artillery_barrage P1")
    assert t.total("P1") == 10


def test_dug_in_cards_cannot_be_taken_by_sabotage_or_lend_lease():
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3", "troops_1"],
                     "P2": ["sabotage", "lend_lease", "troops_2"]}, dig_in=True)
    t.play("P1", "play troops_3", "play troops_3", "play troops_3", "play troops_1")
    t.play("P1", "dig troops_1 troops_3 troops_3 troops_3", "done")
    t.play("P2", "play troops_2")
    t.refused("P2", "play sabotage P1 troops_3", "LF-target")
    t.refused("P2", "play lend_lease P1 troops_3 troops_2", "LF-target")


def test_dig_in_the_helping_icon_stays_out_and_the_pile_keeps_10_without_it():
    # 3 and 2 Troops under Veteran Troops (x2) make 10; the Icon is not in the pile
    t = Table(hands={"P1": ["troops_3", "troops_2", "veteran_troops"],
                     "P2": ["sabotage", "troops_1"]}, dig_in=True)
    t.play("P1", "play veteran_troops", "play troops_3", "play troops_2")
    t.play("P1", "dig troops_2 troops_3", "done")
    assert t.bid_cards("P1") == ["veteran_troops"] and t.total("P1") == 10
    t.play("P2", "play troops_1", "play sabotage P1 veteran_troops")
    assert t.bid_cards("P1") == [] and t.total("P1") == 10


def test_dig_in_a_face_value_card_goes_into_the_pile():
    t = Table(hands={"P1": ["patton", "troops_3", "troops_3", "troops_1"]}, dig_in=True)
    t.play("P1", "face patton", "play troops_3", "play troops_3", "play troops_1")
    t.play("P1", "dig patton troops_1 troops_3 troops_3")
    assert t.bid_cards("P1") == [] and t.total("P1") == 10


def test_dug_in_piles_are_discarded_on_withdrawal():
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3", "troops_1"],
                     "P2": ["planes_4", "planes_4", "planes_3"]}, dig_in=True)
    t.play("P1", "play troops_3", "play troops_3", "play troops_3", "play troops_1")
    t.play("P1", "dig troops_1 troops_3 troops_3 troops_3", "done")
    t.bid("P2", "planes_4", "planes_4", "planes_3")
    t.play("P1", "withdraw")
    assert t.discard().count("troops_3") == 3 and t.discard().count("troops_1") == 1
    assert t.captured("P2") == ["british"] and "troops_3" not in t.hand("P1")


def test_dug_in_piles_are_discarded_at_the_end_of_the_battle():
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3", "troops_1"]}, dig_in=True)
    t.play("P1", "play troops_3", "play troops_3", "play troops_3", "play troops_1")
    t.play("P1", "dig troops_1 troops_3 troops_3 troops_3", "done")
    t.play("P2", "withdraw")
    assert sorted(t.discard()).count("troops_3") == 3 and t.total("P1") == 0


# ------------------------------------------------------------------ Blitz cards


def test_blitz_ambush_interrupts_a_dig_in_and_the_cards_stay_exposed():
    t = Table(hands={"P1": ["troops_3"] * 4, "P2": ["ambush"]}, dig_in=True, auto_pass=False)
    t.play("P1", *["play troops_3"] * 4)
    t.play("P1", "dig troops_3 troops_3 troops_3 troops_3")
    assert t.decision().kind is DecisionKind.REACTION and t.to_act() == ("P2",)
    t.play("P2", "play ambush")
    assert t.total("P1") == 12 and "dug in" not in t.panel("P1")
    assert "ambush" not in t.hand("P2")


def test_blitz_any_player_still_in_the_battle_may_answer_a_dig_in():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["troops_2"],
                        "P3": ["troops_3", "troops_3", "troops_3", "troops_3", "ambush"]},
              dig_in=True, auto_pass=False)
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_2")
    t.play("P3", *["play troops_3"] * 4)
    t.play("P3", "dig troops_3 troops_3 troops_3 troops_3")
    assert t.to_act() == ("P1", "P2")  # in seat order after P3
    t.play("P1", "pass")
    assert t.to_act() == ("P2",)
    t.play("P2", "pass")
    assert t.total("P3") == 10


def test_blitz_a_withdrawn_player_may_not_answer():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["ambush"],
                        "P3": ["troops_3", "troops_3", "troops_3", "troops_3"]},
              dig_in=True, auto_pass=False)
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    t.play("P3", *["play troops_3"] * 4)
    t.play("P3", "dig troops_3 troops_3 troops_3 troops_3")
    assert t.to_act() == ("P1",)
    why = t.refused("P2", "play ambush", "LF-withdrawn")
    assert "P2 has withdrawn from this battle and plays no more cards in it" in why


def test_blitz_ambush_may_not_be_played_on_ones_own_turn_for_its_ability():
    t = Table(hands={"P1": ["ambush", "troops_1"]})
    t.refused("P1", "play ambush", "LF-blitz")


def test_blitz_a_non_blitz_card_does_not_answer_a_dig_in():
    t = Table(hands={"P1": ["troops_3"] * 4, "P2": ["sabotage"]}, dig_in=True, auto_pass=False)
    t.play("P1", *["play troops_3"] * 4)
    t.play("P1", "dig troops_3 troops_3 troops_3 troops_3")
    t.refused("P2", "play sabotage P1 troops_3", "LF-blitz")


def test_blitz_counter_intelligence_turns_an_icon_into_its_face_value():
    t = Table(hands={"P1": ["patton", "tanks_3"], "P2": ["counter_intelligence"]},
              auto_pass=False)
    t.play("P1", "play tanks_3", "play patton")
    t.play("P2", "play counter_intelligence")
    assert t.total("P1") == 3 + 3  # Patton's face value, no +2


def test_blitz_air_raid_answers_a_dig_in_and_the_planes_go():
    t = Table(hands={"P1": ["planes_4", "planes_3", "troops_3"], "P2": ["air_raid"]},
              dig_in=True, auto_pass=False)
    t.play("P1", "play planes_4", "play planes_3", "play troops_3")
    t.play("P1", "dig planes_3 planes_4 troops_3")
    t.play("P2", "play air_raid")
    # the lowest Plane goes (LF-R16); what is left (4 + 3 = 7) is no longer a pile of 10
    assert t.bid_cards("P1") == ["planes_4", "troops_3"] and t.total("P1") == 7


# ------------------------------------------------------------------ Draw Event, Event deck


def test_draw_event_turns_over_the_top_event_card_at_once_for_everyone_to_see():
    t = Table(3, hands={"P1": ["draw_event", "troops_1"]}, events=["morale_boost"])
    ev = t.play("P1", "play draw_event")
    shown = [e for e in ev if "morale_boost" in e.text]
    assert shown and all(e.to is None for e in shown)
    assert t.pile("event discard").cards == ("morale_boost",)
    assert "draw_event" in t.discard()
    t.bid("P1", "troops_1")
    assert t.total("P1") == 2


def test_draw_event_is_played_on_ones_own_turn_only():
    t = Table(hands={"P1": ["troops_3"] * 4, "P2": ["draw_event"]}, dig_in=True,
              auto_pass=False)
    t.play("P1", *["play troops_3"] * 4)
    t.play("P1", "dig troops_3 troops_3 troops_3 troops_3")
    t.refused("P2", "play draw_event", "LF-blitz")


def test_events_do_not_reach_a_withdrawn_player():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["troops_2"], "P3": ["draw_event", "troops_3"]},
              events=["conscription"])
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    sizes = {p: t.hand_size(p) for p in t.sides}
    t.play("P3", "play draw_event")
    assert t.hand_size("P2") == sizes["P2"]
    assert t.hand_size("P1") == sizes["P1"] + 1 and t.hand_size("P3") == sizes["P3"]  # -1 +1


def test_an_event_cannot_be_blocked():
    # Counter-Intelligence answers Icons; nobody is asked about an Event
    t = Table(hands={"P1": ["draw_event", "troops_1"], "P2": ["counter_intelligence", "ambush"]},
              events=["heavy_losses"], auto_pass=False)
    t.play("P1", "play troops_1", "play draw_event")
    assert t.decision().kind is DecisionKind.MOVE and t.to_act() == ("P1",)
    assert t.bid_cards("P1") == []


# ------------------------------------------------------------------ Special cards by name


def test_special_lend_lease_swaps_a_card_of_an_opponents_bid_with_one_of_yours():
    t = Table(hands={"P1": ["planes_4"], "P2": ["lend_lease", "troops_1", "troops_3"]})
    t.bid("P1", "planes_4")
    t.play("P2", "play troops_1", "play troops_3", "play lend_lease P1 planes_4 troops_1")
    assert t.bid_cards("P1") == ["troops_1"] and "planes_4" in t.bid_cards("P2")
    assert t.total("P1") == 1 and t.total("P2") == 4 + 3


def test_special_sabotage_discards_a_named_card_of_an_opponents_bid():
    t = Table(hands={"P1": ["planes_4", "troops_1"], "P2": ["sabotage", "troops_2"]})
    t.bid("P1", "planes_4", "troops_1")
    t.play("P2", "play sabotage P1 planes_4")
    assert t.bid_cards("P1") == ["troops_1"] and "planes_4" in t.discard()
    t.bid("P2", "troops_2")  # 2 now beats P1's 1


def test_special_reinforcements_draws_two_battle_cards():
    t = Table(hands={"P1": ["reinforcements", "troops_1"]},
              draws={"P1": ["troops_2", "planes_4", "tanks_3"]})
    size = t.hand_size("P1")
    t.play("P1", "play reinforcements")
    assert t.hand_size("P1") == size - 1 + 2
    assert {"planes_4", "tanks_3"} <= set(t.hand("P1"))


def test_special_artillery_barrage_halves_one_opponents_troops_until_the_battle_ends():
    t = Table(hands={"P1": ["troops_3", "troops_3"],
                     "P2": ["artillery_barrage", "troops_2", "troops_3"]},
              territories=["british", "american"])
    t.bid("P1", "troops_3", "troops_3")
    t.play("P2", "play artillery_barrage P1", "play troops_2", "play troops_3")
    assert t.total("P1") == 2 and t.total("P2") == 5  # P2's own Troops are untouched
    t.play("P2", "done")
    t.play("P1", "withdraw")
    t.play("P2", "attack open")
    t.bid("P2", "troops_1")
    t.bid("P1", "troops_1", "troops_1")
    assert t.total("P1") == 2  # a new battle: the barrage is over (it would be 0)


def test_special_espionage_shows_one_hand_to_its_player_only_and_takes_a_card():
    t = Table(3, hands={"P1": ["espionage", "troops_1"],
                        "P2": ["planes_4", "tanks_3", "troops_2", "troops_2", "troops_2",
                               "troops_2"]})
    ev = t.play("P1", "play espionage P2")
    look = [e for e in ev if "planes_4" in e.text]
    assert look and all(e.to == frozenset({"P1"}) for e in look)
    assert t.to_act() == ("P1",)
    t.refused("P1", "take patton", "LF-espionage")
    t.play("P1", "take planes_4")
    assert "planes_4" in t.hand("P1") and "planes_4" not in t.hand("P2")


def test_special_air_raid_every_opponent_in_the_battle_discards_a_plane():
    t = Table(3, hands={"P1": ["planes_2", "planes_4"], "P2": ["planes_3", "troops_3"],
                        "P3": ["air_raid", "troops_3", "troops_3", "troops_2"]})
    t.bid("P1", "planes_2", "planes_4")
    t.bid("P2", "planes_3", "troops_3", "troops_1")
    t.play("P3", "play air_raid")
    assert t.bid_cards("P1") == ["planes_4"] and "planes_3" not in t.bid_cards("P2")
    assert {"planes_2", "planes_3"} <= set(t.discard())


def test_special_fortify_adds_3_while_defending_a_captured_territory():
    t = _p1_holds_british_and_p2_attacks(hands_p1=["fortify"], hands_p2=["troops_3"])
    t.play("P2", "attack P1 british")
    t.bid("P2", "troops_3")
    t.play("P1", "play fortify", "play troops_1")
    assert t.total("P1") == 1 + 3


def test_special_fortify_does_nothing_when_attacking():
    t = Table(hands={"P1": ["fortify", "troops_2"]})
    t.play("P1", "play fortify", "play troops_2")
    assert t.total("P1") == 2


def test_special_strategic_retreat_withdraws_and_takes_the_bid_back():
    t = Table(hands={"P1": ["troops_1"], "P2": ["strategic_retreat", "planes_4", "tanks_3"]},
              draws={"P2": ["troops_2", "troops_3"]})
    t.bid("P1", "troops_1")
    t.play("P2", "play planes_4", "play tanks_3")
    t.play("P2", "play strategic_retreat")
    hand = t.hand("P2")
    assert {"planes_4", "tanks_3", "troops_3"} <= set(hand)  # the bid, and the withdrawal's draw
    assert "strategic_retreat" not in hand and t.captured("P1") == ["british"]


def test_special_propaganda_the_next_bid_must_beat_by_3_until_its_players_next_turn():
    t = Table(3, hands={"P1": ["propaganda", "troops_3"], "P2": ["troops_3", "troops_2"],
                        "P3": ["troops_3", "troops_3", "troops_1"]})
    t.play("P1", "play propaganda", "play troops_3", "done")
    t.play("P2", "play troops_3", "play troops_1")  # 4: one above is not enough now
    t.refused("P2", "done", "LF-bid")
    t.play("P2", "play troops_2", "done")  # 6 = 3 + 3
    t.play("P3", "play troops_3", "play troops_3")
    t.refused("P3", "done", "LF-bid")  # 6 does not beat P2's 6
    t.play("P3", "play troops_1", "done")  # 7: P2's bid is beaten by 1, as usual


def test_special_supply_drop_takes_the_top_card_of_the_battle_discard():
    t = Table(hands={"P1": ["planes_4"], "P2": ["sabotage", "supply_drop", "troops_1"]})
    t.bid("P1", "planes_4")
    t.play("P2", "play sabotage P1 planes_4", "play supply_drop")
    assert "planes_4" in t.hand("P2") and "planes_4" not in t.discard()


def test_special_cards_played_for_their_ability_count_nothing_in_the_bid():
    t = Table(hands={"P1": ["fortify", "troops_1"]})
    t.play("P1", "play fortify")
    assert t.total("P1") == 0
    t.refused("P1", "done", "LF-bid")


# ------------------------------------------------------------------ Icon cards by name

ICONS = [
    ("patton", ["tanks_2", "tanks_3", "troops_1"], 4 + 5 + 1),
    ("veteran_troops", ["troops_2", "troops_3", "tanks_2"], 4 + 6 + 2),
    ("air_superiority", ["planes_2", "planes_4", "troops_1"], 4 + 8 + 1),
    ("armoured_column", ["tanks_2", "tanks_3", "planes_2"], 4 + 6 + 2),
    ("rifle_company", ["troops_1", "troops_3", "tanks_2"], 2 + 4 + 2),
    ("militia", ["troops_1", "troops_1", "troops_2"], 2 + 2 + 2),
    ("bomber_wing", ["planes_2", "planes_3", "tanks_3"], 4 + 5 + 3),
    ("field_engineers", ["support_1_2", "support_3_6", "troops_1"], 2 + 4 + 1),
    ("logistics", ["support_1_2", "support_3_6", "troops_1"], 2 + 6 + 1),
]


@pytest.mark.parametrize("icon,units,total", ICONS, ids=[i[0] for i in ICONS])
def test_icon_played_for_its_ability_boosts_its_cards(icon, units, total):
    t = Table(hands={"P1": [icon, *units]})
    t.bid("P1", icon, *units)
    assert t.total("P1") == total
    assert icon in t.bid_cards("P1")


def test_icon_stops_boosting_once_it_leaves_the_bid():
    t = Table(hands={"P1": ["patton", "tanks_3"], "P2": ["sabotage", "troops_1"]})
    t.bid("P1", "patton", "tanks_3")
    assert t.total("P1") == 5
    t.play("P2", "play sabotage P1 patton")
    assert t.total("P1") == 3


# ------------------------------------------------------------------ Event cards by name

EVENT_VALUES = [
    ("winter_offensive", ["tanks_3", "tanks_2", "troops_1"], 2 + 1 + 1),
    ("clear_skies", ["planes_2", "planes_4", "troops_1"], 3 + 5 + 1),
    ("fog_of_war", ["planes_3", "planes_4", "troops_1"], 1 + 2 + 1),
    ("mud_season", ["tanks_3", "tanks_2", "troops_1"], 1 + 1 + 1),
    ("morale_boost", ["troops_1", "troops_3", "tanks_2"], 2 + 4 + 2),
]


@pytest.mark.parametrize("event,units,total", EVENT_VALUES, ids=[e[0] for e in EVENT_VALUES])
def test_event_changes_a_kinds_value_for_every_player_in_the_battle(event, units, total):
    t = Table(hands={"P1": ["draw_event", *units], "P2": units}, events=[event])
    t.play("P1", "play draw_event")
    t.bid("P1", *units)
    assert t.total("P1") == total
    t.play("P2", *[f"play {c}" for c in units])
    assert t.total("P2") == total


def test_event_cut_supply_lines_support_at_attack_value_even_in_defence():
    t = _p1_holds_british_and_p2_attacks(hands_p1=["support_3_6"],
                                         hands_p2=["draw_event", "troops_3"])
    t.turned.append("cut_supply_lines")  # P2 attacks P1's british and turns it over
    t.play("P2", "attack P1 british", "play draw_event")
    t.bid("P2", "troops_1")
    t.play("P1", "play support_3_6")
    assert t.total("P1") == 3


def test_event_conscription_every_player_in_the_battle_draws_one():
    t = Table(3, hands={"P1": ["draw_event", "troops_1"]}, events=["conscription"])
    sizes = [t.hand_size(p) for p in t.sides]
    t.play("P1", "play draw_event")
    assert [t.hand_size(p) for p in t.sides] == [sizes[0], sizes[1] + 1, sizes[2] + 1]


def test_event_fresh_divisions_every_player_in_the_battle_draws_two():
    t = Table(3, hands={"P1": ["draw_event", "troops_1"]}, events=["fresh_divisions"])
    sizes = [t.hand_size(p) for p in t.sides]
    t.play("P1", "play draw_event")
    assert [t.hand_size(p) for p in t.sides] == [sizes[0] + 1, sizes[1] + 2, sizes[2] + 2]


def test_event_airlift_the_player_who_drew_it_draws_two():
    t = Table(3, hands={"P1": ["draw_event", "troops_1"]}, events=["airlift"])
    sizes = [t.hand_size(p) for p in t.sides]
    t.play("P1", "play draw_event")
    assert [t.hand_size(p) for p in t.sides] == [sizes[0] + 1, sizes[1], sizes[2]]


def test_event_desertion_every_player_in_the_battle_discards_a_card_at_random():
    t = Table(hands={"P1": ["draw_event", "troops_1", "planes_4"],
                     "P2": ["tanks_3", "troops_2"]}, events=["desertion"], desert=["2", "1"])
    sizes = [t.hand_size(p) for p in t.sides]
    ev = t.play("P1", "play draw_event")
    assert [t.hand_size(p) for p in t.sides] == [sizes[0] - 2, sizes[1] - 1]
    gone = [e for e in ev if "at random" in e.text]
    assert len(gone) == 2 and all(e.to is None for e in gone)


def test_event_supply_shortage_every_player_discards_their_lowest_unit():
    t = Table(hands={"P1": ["troops_3"], "P2": ["draw_event", "planes_4", "troops_2", "tanks_3"]},
              events=["supply_shortage"])
    t.bid("P1", "troops_3")
    t.play("P2", "play planes_4", "play troops_2", "play draw_event")
    assert t.bid_cards("P1") == [] and t.bid_cards("P2") == ["planes_4"]


def test_event_heavy_losses_every_player_discards_a_troop():
    t = Table(hands={"P1": ["troops_3", "tanks_2"], "P2": ["draw_event", "troops_2", "planes_4"]},
              events=["heavy_losses"])
    t.bid("P1", "troops_3", "tanks_2")
    t.play("P2", "play troops_2", "play planes_4", "play draw_event")
    assert t.bid_cards("P1") == ["tanks_2"] and t.bid_cards("P2") == ["planes_4"]


def test_event_partisans_the_holder_of_a_captured_territory_adds_3():
    t = _p1_holds_british_and_p2_attacks(hands_p1=["draw_event"], hands_p2=["troops_3"])
    t.turned.append("partisans")
    t.play("P2", "attack P1 british")
    t.bid("P2", "troops_3")
    t.play("P1", "play draw_event", "play troops_1")
    assert t.total("P1") == 1 + 3 and t.total("P2") == 3


def test_event_partisans_does_nothing_over_an_open_territory():
    t = Table(hands={"P1": ["draw_event", "troops_2"]}, events=["partisans"])
    t.play("P1", "play draw_event")
    t.bid("P1", "troops_2")
    assert t.total("P1") == 2


def test_event_intelligence_leak_every_player_in_the_battle_shows_their_hand():
    t = Table(hands={"P1": ["draw_event", "troops_1"], "P2": ["planes_4"]},
              events=["intelligence_leak"])
    ev = t.play("P1", "play draw_event")
    shown = [e for e in ev if "P2" in e.text and "planes_4" in e.text]
    assert shown and all(e.to is None for e in shown)


def test_event_counteroffensive_the_lowest_bid_adds_2():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["troops_3"],
                        "P3": ["draw_event", "troops_2", "troops_2"]},
              events=["counteroffensive"])
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_3")
    t.play("P3", "play troops_2", "play troops_2", "play draw_event")
    assert [t.total(p) for p in t.sides] == [3, 3, 4]


def test_event_ceasefire_ends_the_battle_with_no_winner():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["draw_event", "troops_3"]},
              events=["ceasefire"], territories=["british", "german"])
    t.bid("P1", "troops_1")
    t.play("P2", "play troops_3", "play draw_event")
    assert all(t.captured(p) == [] for p in t.sides)
    assert {"troops_1", "troops_3"} <= set(t.discard())
    assert t.phase() == "spoils" and t.to_act() == ("P1",)  # the declarer declares again
    # the open card went back under the deck and the next one is turned up
    assert t.open_territory() == ["german"] and t.pile("territory").count == 11


def test_event_effects_last_only_for_the_battle():
    t = Table(hands={"P1": ["draw_event", "troops_3"]}, events=["morale_boost"],
              territories=["british", "american"])
    t.play("P1", "play draw_event")
    t.bid("P1", "troops_3")
    assert t.total("P1") == 4
    t.play("P2", "withdraw")
    t.play("P1", "attack open")
    t.bid("P1", "troops_1")
    assert t.total("P1") == 1


def test_special_an_icon_taken_by_lend_lease_works_for_its_new_holder():
    # the rulebook's Patton example implies the converse: an Icon played for its ability
    # and taken by another player gives that player its ability
    t = Table(hands={"P1": ["patton", "tanks_2"], "P2": ["lend_lease", "troops_1", "tanks_3"]})
    t.bid("P1", "patton", "tanks_2")  # 2 + 2
    t.play("P2", "play troops_1", "play tanks_3", "play lend_lease P1 patton troops_1")
    assert t.total("P2") == 3 + 2 and t.total("P1") == 2 + 1


def test_special_cards_do_not_reach_a_withdrawn_player():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["planes_4"],
                        "P3": ["espionage", "sabotage", "lend_lease", "troops_3"]})
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    t.play("P3", "play troops_3")
    why = t.refused("P3", "play espionage P2", "LF-target")
    assert "espionage cannot target P2 now: P2 has withdrawn from this battle" in why
    why = t.refused("P3", "play sabotage P2 troops_2", "LF-target")
    assert "P2 has withdrawn from this battle (LF-withdrawn)" in why
    why = t.refused("P3", "play espionage P3", "LF-target")
    assert "it aims at an opponent, not at you" in why


def test_a_withdrawn_player_may_make_no_move_in_the_battle():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["troops_2", "troops_3"]})
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    why = t.refused("P2", "play troops_3", "LF-withdrawn")
    assert "P2 has withdrawn from this battle" in why


def test_event_intelligence_leak_does_not_show_a_withdrawn_players_hand():
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["planes_4"],
                        "P3": ["draw_event", "troops_3"]}, events=["intelligence_leak"])
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    ev = t.play("P3", "play draw_event")
    assert not [e for e in ev if "P2" in e.text and "planes_4" in e.text]
    assert [e for e in ev if "P1" in e.text and e.to is None]


def test_event_desertion_does_not_reach_a_withdrawn_player():
    t = Table(3, hands={"P1": ["troops_1"], "P3": ["draw_event", "troops_3"]},
              events=["desertion"])
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    size = t.hand_size("P2")
    t.play("P3", "play draw_event")
    assert t.hand_size("P2") == size


# ------------------------------------------------------------------ Territory Bonuses


def capture_in_turn(t: Table, side: str, card: str = "troops_1"):
    """`side`, declaring (and so bidding first), takes the battle: the others withdraw."""
    t.win_battle(side, card)


def test_bonus_a_controlling_share_takes_the_nations_bonus_card():
    t = Table(hands={"P1": ["troops_3"]}, territories=["soviet", "german"])
    capture_in_turn(t, "P1", "troops_3")
    assert "soviet_bonus" not in t.bonus_row() and "soviet_bonus" in t.panel("P1")


def test_bonus_soviet_each_troop_counts_one_more_from_battle_to_battle():
    t = Table(hands={"P1": ["troops_3", "troops_2"]}, territories=["soviet", "german"])
    capture_in_turn(t, "P1", "troops_3")
    t.play("P1", "attack open")
    t.bid("P1", "troops_2")
    assert t.total("P1") == 3


@pytest.mark.parametrize("nation,cards,total", [
    ("american", ["planes_2", "troops_1"], 3 + 1),
    ("german", ["tanks_3", "troops_1"], 4 + 1),
    ("soviet", ["troops_2", "tanks_2"], 3 + 2),
    ("british", ["support_2_4", "troops_1"], 4 + 1),  # Defense value in attack
])
def test_bonus_card_of_each_nation(nation, cards, total):
    t = Table(hands={"P1": ["troops_3", *cards]}, territories=[nation, "german"])
    capture_in_turn(t, "P1", "troops_3")
    t.play("P1", "attack open")
    t.bid("P1", *cards)
    assert t.total("P1") == total


def test_bonus_a_tie_puts_the_bonus_back_in_the_centre():
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_3", "troops_3"]},
              territories=["soviet", "soviet", "german"])
    capture_in_turn(t, "P1", "troops_3")  # P1: soviet
    t.play("P1", "attack open")
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_3")
    t.play("P1", "withdraw")  # P2: soviet, one each
    assert "soviet_bonus" in t.bonus_row()
    assert "soviet_bonus" not in t.panel("P1") + t.panel("P2")


def test_bonus_changes_hands_as_the_counts_change():
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_3", "troops_3"]},
              territories=["soviet", "german", "american"])
    capture_in_turn(t, "P1", "troops_3")  # P1: soviet
    t.play("P1", "attack open")
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_3")
    t.play("P1", "withdraw")  # P2: german
    assert "soviet_bonus" in t.panel("P1") and "german_bonus" in t.panel("P2")
    t.play("P2", "attack P1 soviet")
    t.bid("P2", "troops_3")
    t.play("P1", "withdraw")  # P2 takes P1's soviet
    assert "soviet_bonus" in t.panel("P2") and "soviet_bonus" not in t.panel("P1")


def test_bonus_cards_do_not_count_toward_victory():
    t = Table(hands={"P1": ["troops_3"]}, territories=["soviet", "german"], victory="quick")
    capture_in_turn(t, "P1", "troops_3")
    assert t.outcome() is None


# ------------------------------------------------------------------ victory and the outcome


def sweep(t: Table, side: str, battles: int):
    """`side` wins `battles` battles in a row for the open territories."""
    for k in range(battles):
        if k:
            t.play(side, "attack open")
        t.win_battle(side, "troops_1")


def test_victory_normal_two_of_the_same_territory_type():
    t = Table(3, territories=["soviet", "soviet", "german"])
    sweep(t, "P1", 2)
    out = t.outcome()
    assert out is not None and out.winner == "P1" and out.rule == "LF-victory"
    assert t.decision() is None


def test_victory_normal_three_different_territory_types():
    t = Table(territories=["soviet", "german", "american", "british"])
    sweep(t, "P1", 2)
    assert t.outcome() is None
    t.play("P1", "attack open")
    t.win_battle("P1", "troops_1")
    assert t.outcome().winner == "P1"


def test_victory_quick_two_of_a_type_is_not_enough():
    t = Table(territories=["soviet", "soviet", "german", "american"], victory="quick")
    sweep(t, "P1", 2)
    assert t.outcome() is None


def test_victory_quick_three_of_any_type():
    t = Table(territories=["soviet", "soviet", "soviet", "german"], victory="quick")
    sweep(t, "P1", 2)
    assert t.outcome() is None
    t.play("P1", "attack open")
    t.win_battle("P1", "troops_1")
    assert t.outcome().winner == "P1"


def test_victory_quick_three_different_types_also_win():
    t = Table(territories=["soviet", "german", "american", "british"], victory="quick")
    sweep(t, "P1", 3)
    assert t.outcome().winner == "P1"


def test_the_outcome_ranks_every_player_by_territories_held():
    t = Table(3, hands={"P2": ["troops_3"], "P3": ["troops_3"]},
              territories=["soviet", "german", "soviet"])
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_3")
    t.play("P3", "withdraw")
    t.play("P1", "withdraw")  # P2: soviet
    t.play("P2", "attack open")
    t.bid("P2", "troops_1")
    t.play("P3", "play troops_3", "done")  # P2's Troop counts 2 with the soviet bonus
    t.play("P1", "withdraw")
    t.play("P2", "withdraw")  # P3: german
    t.play("P3", "attack open")
    t.bid("P3", "troops_1")
    t.play("P1", "withdraw")
    t.play("P2", "withdraw")  # P3: soviet ... P3 holds soviet and german
    assert t.outcome() is None
    t.play("P3", "attack P2 soviet")
    t.bid("P3", "troops_1")
    t.play("P1", "withdraw")
    t.play("P2", "withdraw")  # P3: two soviet
    out = t.outcome()
    assert out.winner == "P3"
    assert out.ranking == (("P3",), ("P1", "P2"))  # neither holds a territory: they share
    assert dict(out.scores) == {"P1": 0, "P2": 0, "P3": 3}


def test_the_outcome_ranks_the_runner_up_above_a_player_with_nothing():
    t = Table(3, hands={"P2": ["troops_3"], "P3": ["troops_3"]},
              territories=["soviet", "german", "german"])
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_3")
    t.play("P3", "withdraw")
    t.play("P1", "withdraw")  # P2: soviet
    t.play("P2", "attack open")
    t.bid("P2", "troops_1")
    t.play("P3", "play troops_3", "done")  # P2's Troop counts 2 with the soviet bonus
    t.play("P1", "withdraw")
    t.play("P2", "withdraw")  # P3: german
    t.play("P3", "attack open")
    t.bid("P3", "troops_1")
    t.play("P1", "withdraw")
    t.play("P2", "withdraw")  # P3: german, german
    out = t.outcome()
    assert out.winner == "P3" and out.ranking == (("P3",), ("P2",), ("P1",))


# ------------------------------------------------------------------ player counts


def test_five_players_each_get_six_and_turns_go_round_all_five():
    t = Table(5, hands={f"P{k}": [f"troops_{min(k, 3)}"] for k in range(1, 6)})
    assert [t.hand_size(p) for p in t.sides] == [7, 6, 6, 6, 6]
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_2")
    seen = []
    for side in ("P3", "P4", "P5", "P1"):
        seen.append(t.to_act()[0])
        t.play(side, "withdraw")
    assert seen == ["P3", "P4", "P5", "P1"]
    assert t.captured("P2") == ["british"] and t.to_act() == ("P2",)


def test_five_players_the_winner_declares_and_play_goes_clockwise_from_them():
    t = Table(5, hands={"P3": ["troops_3"]}, territories=["british", "german"])
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    t.bid("P3", "troops_3")
    for side in ("P4", "P5", "P1"):
        t.play(side, "withdraw")
    t.play("P3", "attack open")
    order = []
    for _ in range(5):
        side = t.to_act()[0]
        order.append(side)
        if side == "P3":
            t.bid(side, "troops_1")
        else:
            t.play(side, "withdraw")
        if t.phase() != "battle":
            break
    assert order == ["P3", "P4", "P5", "P1", "P2"]
    assert t.captured("P3") == ["british", "german"]


def test_two_players_the_battle_ends_at_the_first_withdrawal():
    t = Table(2)
    t.bid("P1", "troops_1")
    t.play("P2", "withdraw")
    assert t.phase() == "spoils" and t.captured("P1") == ["british"]


# ------------------------------------------------------------------ secrets


SECRET = ["bomber_wing", "logistics", "militia", "espionage", "fortify"]


def _a_battle_with_secrets(players: int) -> Table:
    t = Table(players, hands={"P1": ["troops_1", *SECRET], "P2": ["troops_2"]},
              draws={"P1": ["air_superiority", "field_engineers", "sabotage"]},
              territories=["british", "german"])
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_2")
    for side in t.sides[2:]:
        t.play(side, "withdraw")
    t.play("P1", "withdraw")
    return t


@pytest.mark.parametrize("players", [3, 5])
def test_secret_another_players_hand_is_only_a_count_in_every_view(players):
    t = _a_battle_with_secrets(players)
    for viewer in t.sides:
        for p in t.view(viewer).piles:
            if p.name == "hand" and p.owner != viewer:
                assert p.cards is None and p.count == t.hand_size(p.owner)
            if p.kind == "deck":
                assert p.cards is None
    secret = set(SECRET) | {"air_superiority", "field_engineers", "sabotage"}
    for viewer in t.sides[1:]:
        assert not secret & set(str(t.view(viewer)).replace("'", " ").replace(",", " ").split())


@pytest.mark.parametrize("players", [3, 5])
def test_secret_a_draw_is_told_only_to_the_drawer(players):
    t = _a_battle_with_secrets(players)
    secret = set(SECRET) | {"air_superiority", "field_engineers", "sabotage"}
    for e in t.events:
        if any(c in e.text for c in secret):
            assert e.to == frozenset({"P1"}), e


def test_secret_replay_as_another_player_in_json_shows_no_hand_and_no_deck_order(
        tmp_path, capsys, monkeypatch):
    import io
    import sys

    t = _a_battle_with_secrets(3)
    rec = tmp_path / "g.record"
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(t.typed) + "\n"))
    assert main(["play", str(SCENARIO), "--table", "--players", "3", "--record", str(rec)]) == 0
    capsys.readouterr()
    for viewer in ("P2", "P3"):
        assert main(["replay", str(rec), "--json", "--as", viewer,
                     "--scenario", str(SCENARIO)]) == 0
        out = capsys.readouterr().out
        data = json.loads(out)
        assert data  # a view was printed
        for card in SECRET + ["air_superiority", "field_engineers", "sabotage"]:
            assert card not in out, (viewer, card)
    assert main(["replay", str(rec), "--json", "--as", "P1", "--scenario", str(SCENARIO)]) == 0
    assert "bomber_wing" in capsys.readouterr().out  # P1 sees its own hand


def test_event_ceasefire_puts_the_open_territory_at_the_bottom_of_the_deck():
    # P1 and P2 hold a British territory each; the third is open when Ceasefire comes:
    # it goes under the deck, so the card turned up next cannot be British
    t = Table(3, hands={"P1": ["troops_3"], "P2": ["troops_3", "troops_3"],
                        "P3": ["draw_event", "troops_3"]},
              territories=["british", "british", "british", "british"], events=["ceasefire"])
    t.bid("P1", "troops_3")
    t.play("P2", "withdraw")
    t.play("P3", "withdraw")
    t.play("P1", "attack open")
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_3")
    t.play("P3", "withdraw")
    t.play("P1", "withdraw")
    t.play("P2", "attack open")
    t.bid("P2", "troops_1")
    t.play("P3", "play troops_3")
    with pytest.raises(IllegalMoveError, match="no british is left"):
        t.play("P3", "play draw_event")  # Ceasefire; the table then types british
    d = t.decision()
    assert d.kind is DecisionKind.CHANCE and "Territory" in d.chance.label
    assert "british" not in d.chance.pool and len(d.chance.pool) == 9


# ------------------------------------------------------------------ more from the text


def test_support_a_third_player_in_a_battle_for_a_captured_territory_counts_attack_value():
    t = Table(3, hands={"P1": ["troops_3", "troops_2", "troops_2"], "P2": ["support_3_6"],
                        "P3": ["support_3_6", "troops_3"]},
              territories=["british", "american"])
    t.win_battle("P1", "troops_3")  # P1 holds british
    t.play("P1", "attack open")
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_2")
    t.bid("P3", "troops_3")
    t.play("P1", "withdraw")
    t.play("P2", "withdraw")  # P3 holds american
    t.play("P3", "attack P1 british")
    t.bid("P3", "support_3_6")  # attacking: 3
    t.bid("P1", "troops_2", "troops_2")
    t.play("P2", "play support_3_6")  # neither attacker nor the holder: Attack value
    assert t.total("P2") == 3 and t.total("P3") == 3


def test_attacking_a_captured_territory_leaves_the_open_card_where_it_is():
    t = _p1_holds_british_and_p2_attacks()
    before = t.open_territory()
    assert len(before) == 1
    t.play("P2", "attack P1 british")
    assert t.open_territory() == before and t.pile("territory").count == 12 - 3


def test_icon_militia_counts_the_printed_value_of_1_even_when_doubled():
    t = Table(hands={"P1": ["militia", "veteran_troops", "troops_1", "troops_2"]})
    t.bid("P1", "militia", "veteran_troops", "troops_1", "troops_2")
    assert t.total("P1") == (1 * 2 + 1) + 2 * 2


def test_dig_in_is_declared_on_ones_own_turn():
    t = Table(hands={"P1": ["troops_3"] * 4, "P2": ["troops_3"] * 4}, dig_in=True)
    t.bid("P1", *["troops_3"] * 4)
    t.refused("P1", "dig troops_3 troops_3 troops_3 troops_3", "turn")


def test_blitz_ambush_answers_only_a_dig_in():
    t = Table(hands={"P1": ["patton", "tanks_3"], "P2": ["ambush"]}, auto_pass=False)
    t.play("P1", "play tanks_3", "play patton")
    t.refused("P2", "play ambush", "LF-blitz")


def test_blitz_counter_intelligence_answers_only_an_icon():
    t = Table(hands={"P1": ["troops_3"] * 4, "P2": ["counter_intelligence"]}, dig_in=True,
              auto_pass=False)
    t.play("P1", *["play troops_3"] * 4)
    t.play("P1", "dig troops_3 troops_3 troops_3 troops_3")
    t.refused("P2", "play counter_intelligence", "LF-blitz")


def test_blitz_a_window_opens_whether_or_not_anyone_holds_a_blitz_card():
    t = Table(hands={"P1": ["patton", "tanks_3"]}, auto_pass=False)
    t.play("P1", "play tanks_3", "play patton")
    assert t.decision().kind is DecisionKind.REACTION and t.to_act() == ("P2",)
    assert t.legal("P2") == ["pass"]


def test_event_cut_supply_lines_beats_logistics():
    # LF-R22: an Event cannot be blocked, so "Attack value" wins over "Defense value"
    t = Table(hands={"P1": ["draw_event", "logistics", "support_3_6"]},
              events=["cut_supply_lines"])
    t.play("P1", "play draw_event")
    t.bid("P1", "logistics", "support_3_6")
    assert t.total("P1") == 3


def test_event_counteroffensive_a_tie_for_the_lowest_bid_goes_to_the_first_in_seat_order():
    # LF-R23
    t = Table(3, hands={"P1": ["troops_1"], "P2": ["troops_2"],
                        "P3": ["draw_event", "troops_1"]}, events=["counteroffensive"])
    t.bid("P1", "troops_1")
    t.bid("P2", "troops_2")
    t.play("P3", "play troops_1", "play draw_event")  # P1 and P3 both bid 1
    assert [t.total(p) for p in t.sides] == [3, 2, 1]


def test_special_strategic_retreat_may_not_take_the_opener_out_before_the_opening_bid():
    t = Table(hands={"P1": ["strategic_retreat", "troops_1"]})
    t.refused("P1", "play strategic_retreat", "LF-open")


def test_event_heavy_losses_spares_dug_in_troops():
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3", "troops_1"],
                     "P2": ["draw_event", "planes_4", "planes_4", "planes_3"]},
              events=["heavy_losses"], dig_in=True)
    t.play("P1", "play troops_3", "play troops_3", "play troops_3", "play troops_1")
    t.play("P1", "dig troops_1 troops_3 troops_3 troops_3", "done")
    t.play("P2", "play draw_event")
    assert t.total("P1") == 10


def test_secret_espionage_the_card_taken_is_told_only_to_the_two_players():
    t = Table(3, hands={"P1": ["espionage", "troops_1"], "P2": ["planes_4"]})
    t.play("P1", "play espionage P2")
    ev = t.play("P1", "take planes_4")
    assert [e for e in ev if e.to is None]  # everyone learns that a card was taken
    for e in ev:
        if "planes_4" in e.text:
            assert e.to in (frozenset({"P1"}), frozenset({"P2"}))


def test_secret_a_spectator_sees_no_hand_and_no_deck():
    t = _a_battle_with_secrets(3)
    for p in t.view(None).piles:
        if p.kind in ("hand", "deck"):
            assert p.cards is None


def test_secret_replay_as_a_player_does_not_give_the_seed_that_orders_the_decks(
        tmp_path, capsys, monkeypatch):
    # with the seed anyone can deal the rest of the Battle deck (SeededChance: the k-th
    # draw from "seed/k"), so a player's --json must not carry it
    import io
    import sys

    rec = tmp_path / "g.record"
    monkeypatch.setattr(sys, "stdin", io.StringIO("play troops_1\n"))
    assert main(["play", str(SCENARIO), "--seed", "3", "--players", "3", "--record",
                 str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", str(rec), "--json", "--as", "P2", "--scenario", str(SCENARIO)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "seed" not in data and data["as"] == "P2"
    assert main(["replay", str(rec), "--json", "--scenario", str(SCENARIO)]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == "3"  # the whole record: kept


def test_special_fortify_counts_only_while_it_lies_in_the_bid():
    # "while you defend…" has no end of its own, and the rulebook has Specials that helped
    # a bid and are "eliminated on subsequent turns" change its value unless dug in
    t = _p1_holds_british_and_p2_attacks(hands_p1=["fortify"], hands_p2=["troops_3", "sabotage"])
    t.play("P2", "attack P1 british")
    t.bid("P2", "troops_3")
    t.play("P1", "play fortify", "play troops_1", "done")
    assert t.total("P1") == 4
    t.play("P2", "play sabotage P1 fortify")
    assert t.total("P1") == 1 and "fortify" in t.discard()


def test_the_bid_to_beat_is_the_previous_bid_as_it_stands_after_sabotage():
    # LF-R09: Sabotage takes P1's 4 away, so P2 must beat 3, not 7
    t = Table(hands={"P1": ["planes_4", "troops_3"], "P2": ["sabotage", "troops_2", "troops_2"]})
    t.bid("P1", "planes_4", "troops_3")
    t.play("P2", "play sabotage P1 planes_4", "play troops_2", "play troops_2", "done")
    assert t.to_act() == ("P1",) and t.total("P2") == 4


def test_after_a_battle_the_chance_lines_come_withdrawal_draw_territory_winners_draw():
    """notation.md: the last withdrawing player's draw, the Territory card turned up
    for the open one taken, then the winner's draw."""
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_1"]},
              territories=["british", "german"])
    t.bid("P1", "troops_3")
    start = len(t.typed)
    t.play("P2", "withdraw")
    typed = t.typed[start:]
    assert typed[0] == "withdraw" and typed[2] == "german" and len(typed) == 4
    told = [e.text for e in t.events if e.to is None][-4:]
    assert told == ["P2 draws a card", "P1 captures british",
                    "the Territory card turned up is german", "P1 draws a card"]

"""Lines and Webs special cards (LW-K1..LW-K10): costs, targets, the air-defence roll,
and the reaction windows where they are played out of turn."""

from __future__ import annotations

from tests.lines_and_webs_cases import RULES, at_execute, empty, play, put, refused, roll, unit
from toolkit.referee import game
from toolkit.referee.rulesets.lines_and_webs.state import with_book


def holding(s, side, *cards):
    return with_book(s, side, hand=tuple(cards))


def duel(**hands):
    s = empty()
    s = put(s, "DMI1", "D7", (1, 2, 2, 0))
    s = put(s, "GMI1", "D6", (1, 2, 2, 0))
    s = put(s, "DAR1", "J9", (1, 3, 2, 0))
    for side, cards in hands.items():
        s = holding(s, side, *cards)
    return at_execute(s, execution={"Delta": ("DMI1", "DAR1"), "Gamma": ("GMI1",)})


def test_LW_K1_nine_line_recovery_pins_a_unit_until_an_orange_cube_arrives():
    s = duel(Delta=("nine_line_recovery",))
    s, _ = play(s, "Delta", "play nine_line_recovery GMI1")
    assert unit(s, "GMI1").pinned and s.book("Delta").hand == ()
    assert s.flow.actor == "Delta"  # a card is played before the order card, same turn
    s, _ = play(s, "Delta", "DMI1xD6")
    # pinned, it neither pays nor rolls: only Delta's three dice are asked for
    assert s.flow.window.spec.label.startswith("DMI1") and unit(s, "GMI1").tokens == (1, 2, 2, 0)


def test_LW_K2_air_drop_delivers_an_orange_cube_that_removes_a_black_cube_or_a_step_loss():
    s = duel(Delta=("air_drop_inbound", "air_drop_inbound"))
    s = put(s, "DAR1", "J9", (1, 3, 2, 0), lost=1)
    s = put(s, "DMI1", "D7", (1, 2, 2, 0), pinned=True)
    s, _ = play(s, "Delta", "play air_drop_inbound DMI1 o")
    assert not unit(s, "DMI1").pinned and unit(s, "DMI1").lost == 0
    s, _ = play(s, "Delta", "play air_drop_inbound DAR1 o")
    assert unit(s, "DAR1").lost == 0


def test_LW_K3_close_air_support_one_hit_unless_air_defence_rolls_8_or_more():
    s = duel(Delta=("close_air_support", "close_air_support"))
    s, _ = play(s, "Delta", "play close_air_support GMI1")  # no Gamma air defence near
    assert unit(s, "GMI1").suppressed and unit(s, "GMI1").lost == 0
    s = put(s, "GAD1", "D4", (1, 2, 1, 0))
    s, _ = play(s, "Delta", "play close_air_support GMI1")
    assert s.flow.window.name == "air_defence" and s.flow.window.spec.count == 1
    s = roll(s, 8)
    assert unit(s, "GMI1").lost == 0  # stopped


def test_LW_K3_close_air_support_reaches_only_two_hexes_from_a_friendly_unit():
    s = duel(Delta=("close_air_support",))
    s = put(s, "GAR1", "H2", (1, 3, 2, 0))
    refused(s, "Delta", "play close_air_support GAR1")


def test_LW_K8_saint_himars_costs_a_step_or_damages_a_port():
    s = duel(Delta=("saint_himars", "saint_himars"))
    s, _ = play(s, "Delta", "play saint_himars GMI1")
    assert unit(s, "GMI1").lost == 1 and not unit(s, "GMI1").suppressed
    s, _ = play(s, "Delta", "play saint_himars B1")
    assert s.port(s.cfg.index["B1"]).damage == 1


def test_LW_K5_cyber_attack_cuts_the_enemy_execution_deck_face_down():
    s = duel(Gamma=("cyber_attack",))
    s = with_book(s, "Delta", execution=("DMI1", "DAR1", "DAR2"))
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 1, 1, 1)
    s, _ = play(s, "Gamma", "play cyber_attack 1")
    assert s.book("Delta").execution == ("DAR2", "DAR1")


def test_LW_K4_K6_a_command_post_plays_three_cards_together_unless_drone_recon_cancels():
    s = empty()
    for label, node in (("DAR1", "J9"), ("DAR2", "I10"), ("DAR3", "H9")):
        s = put(s, label, node, (1, 3, 2, 0))
    s = put(s, "GAR1", "B2", (1, 3, 2, 0))
    s = at_execute(s, execution={"Delta": ("command_post", "DAR1", "DAR2", "DAR3"),
                                 "Gamma": ("GAR1",)})
    s, _ = play(s, "Delta", "command_post")
    s, _ = play(s, "Delta", "DAR1 hold")
    assert s.flow.actor == "Delta"
    s, _ = play(s, "Delta", "DAR2 hold")
    s, _ = play(s, "Delta", "DAR3 hold")
    assert s.flow.actor == "Gamma"
    s = at_execute(s, execution={"Delta": ("command_post", "DAR1", "DAR2"),
                                 "Gamma": ("GAR1",)})
    s = holding(s, "Gamma", "drone_recon")
    s, _ = play(s, "Delta", "command_post")
    assert s.flow.window.name == "drone"
    s, _ = play(s, "Gamma", "play drone_recon")
    s, _ = play(s, "Delta", "DAR1 hold")
    assert s.flow.actor == "Gamma"


def test_LW_K9_scouts_out_lets_the_attacker_roll_first():
    s = duel(Delta=("scouts_out",))
    s, _ = play(s, "Delta", "DMI1xD6")
    assert s.flow.window.name == "scouts"
    assert game.legal_moves(RULES, s, "Delta")[0] is RULES.parse_move("pass")
    s, _ = play(s, "Delta", "play scouts_out")
    assert s.flow.window.spec.label.startswith("DMI1")
    s = roll(s, 7, 7, 1)
    assert unit(s, "GMI1").lost == 1
    assert s.flow.window.spec.count == 3  # mechanized infantry [3, 3, 2, 1]: one step lost


def test_LW_K7_mass_cal_costs_the_beaten_unit_another_step():
    s = duel(Delta=("mass_cal",))
    s, _ = play(s, "Delta", "DMI1xD6")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    s, _ = play(s, "Delta", "retreat D4")
    assert s.flow.window.name == "mass_cal"
    s, _ = play(s, "Delta", "play mass_cal")
    assert unit(s, "GMI1").lost == 1 and unit(s, "GMI1").suppressed


def test_LW_K10_sf_in_the_area_blocks_a_node_to_the_enemy_until_the_reset():
    s = duel(Gamma=("sf_in_the_area",))
    s = with_book(s, "Delta", execution=("DAR1",))
    s, _ = play(s, "Delta", "DAR1 hold")
    s, _ = play(s, "Gamma", "play sf_in_the_area J8")
    assert (s.cfg.index["J8"], "Delta") in s.blocked


def test_LW_K10_sf_in_the_area_played_in_spend_blocks_the_enemys_transport():
    from tests.lines_and_webs_cases import at_phase, start
    s = start()
    s, _ = play(s, "Gamma", "card sf_in_the_area")
    s, _ = play(s, "Gamma", "card sf_in_the_area")
    before = RULES.view(s, "Delta")
    s, _ = play(s, "Gamma", "play sf_in_the_area J9")
    s, _ = play(s, "Gamma", "play sf_in_the_area I10")
    assert RULES.view(s, "Delta") == before  # secret until both have spent
    s, _ = play(s, "Gamma", "pass")
    s, _ = play(s, "Delta", "pass")
    assert (s.cfg.index["J9"], "Delta") in s.blocked and s.book("Gamma").hand == ()
    s = put(s, "DFLB1", "J10", (1, 1, 14, 0))
    s = put(s, "DAR1", "J8", (1, 3, 0, 0))
    s = at_phase(s, "transport") if s.flow.phase != "transport" else s
    refused(s, "Delta", "DFLB1>DAR1 1a")  # J10's only links are to J9 and I10

"""Every Character ability and Spell of the shipped set, one test per card, each
asserting what the card does to the game (played through the referee)."""

from __future__ import annotations

from fantasy_line_battle_helpers import fielded


def turn(t, side):
    """Make it `side`'s turn in the current phase (the other player passes)."""
    if t.state.flow.actor != side:
        t.play(t.state.flow.actor, "pass")
    assert t.state.flow.actor == side


def fighter(t, side, place):
    return t.state.line(side)[place - 1]


# ------------------------------------------------------------ characters


def test_shieldbearer_steps_to_the_front():
    t = fielded(["knight", "scout", "shieldbearer"], ["giant"])
    t.pass_until("movement")
    turn(t, "North")
    t.play("North", "ability 3")
    assert t.line("North") == ["shieldbearer", "knight", "scout"]


def test_captain_moves_a_friend_one_place():
    t = fielded(["knight", "captain", "scout"], ["giant"])
    t.pass_until("movement")
    turn(t, "North")
    assert t.refused("North", "ability 2 3 1") == "FLB-move"  # two places: too far
    t.play("North", "ability 2 3 2")
    assert t.line("North") == ["knight", "scout", "captain"]


def test_scout_swaps_with_a_neighbour():
    t = fielded(["knight", "scout", "cleric"], ["giant"])
    t.pass_until("movement")
    turn(t, "North")
    t.play("North", "ability 2 1")
    assert t.line("North") == ["scout", "knight", "cleric"]


# ------------------------------------------------------------ Elementalism


def test_fireball_three_to_the_enemy_front_six_doubled():
    t = fielded(["knight", "pyromancer"], ["giant"], north_spells=["fireball", "fireball"],
                base_mana=10)
    t.play("North", "cast fireball")
    assert t.get("front", "South") == 3 and t.get("mana", "North") == 8
    turn(t, "North")
    t.play("North", "cast fireball x2")
    assert t.get("front", "South") == 9 and t.get("mana", "North") == 2


def test_lightning_bolt_two_targeted_forked_four():
    t = fielded(["knight", "pyromancer"], ["giant"], north_spells=["lightning_bolt"],
                base_mana=10)
    t.play("North", "cast lightning_bolt x2")
    assert t.get("pool", "North") == 4 and t.get("mana", "North") == 5


def test_chain_lightning_one_targeted_forked_two():
    t = fielded(["knight", "pyromancer"], ["giant"], north_spells=["chain_lightning"])
    t.play("North", "cast chain_lightning x2")
    assert t.get("pool", "North") == 2 and t.get("mana", "North") == 0


def test_hurricane_four_damage_stuns_the_front_first_spell_only():
    t = fielded(["knight", "stormcaller"], ["giant"],
                north_spells=["hurricane", "fireball", "hurricane"], base_mana=10)
    t.play("North", "cast hurricane")
    assert t.get("front", "South") == 4 and fighter(t, "South", 1).stunned
    turn(t, "North")
    assert t.refused("North", "cast hurricane") == "FLB-hurricane"
    t.pass_until("spells", day=2)
    assert t.get("front", "North") == 0  # the stunned Giant dealt nothing
    assert not fighter(t, "South", 1).stunned


def test_frost_nova_stuns_one_enemy():
    t = fielded(["knight", "pyromancer"], ["giant", "spearman"], north_spells=["frost_nova"])
    t.play("North", "cast frost_nova 2")
    assert fighter(t, "South", 2).stunned and not fighter(t, "South", 1).stunned
    t.pass_until("spells", day=2)
    assert t.get("front", "North") == 3  # the Giant's 3, not the Spearman's 2


def test_stone_wall_stops_the_next_three():
    t = fielded(["knight", "pyromancer"], ["giant"], north_spells=["stone_wall"])
    t.play("North", "cast stone_wall")
    assert t.get("shield", "North") == 3
    t.pass_until("spells", day=2)
    assert t.get("front", "North") == 0 and t.get("shield", "North") == 0


def test_wall_of_flame_one_to_the_enemy_front_each_day():
    t = fielded(["stormcaller"], ["shieldbearer"], north_spells=["wall_of_flame"])
    t.play("North", "cast wall_of_flame")
    assert t.get("front", "South") == 0
    t.pass_until("spells", day=2)
    assert t.get("front", "South") == 1
    t.pass_until("spells", day=3)
    assert t.get("front", "South") == 2


def test_earthquake_two_to_both_fronts_and_no_move_abilities():
    t = fielded(["stormcaller", "shieldbearer"], ["shieldbearer"], north_spells=["earthquake"])
    t.play("North", "cast earthquake")
    assert t.get("front", "North") == 2 and t.get("front", "South") == 2
    t.pass_until("movement")
    assert t.legal(t.state.flow.actor) == ["pass"]
    assert t.refused("North", "ability 2") in ("FLB-move", "turn")


# ------------------------------------------------------------------ White


def test_heal_removes_two_from_your_front_four_doubled():
    t = fielded(["knight", "cleric"], ["giant"], north_spells=["heal", "heal"], base_mana=5)
    t.pass_until("spells", day=2)
    assert t.get("front", "North") == 3
    turn(t, "North")
    t.play("North", "cast heal")
    assert t.get("front", "North") == 1
    turn(t, "North")
    t.play("North", "cast heal x2")
    assert t.get("front", "North") == 0


def test_blessing_one_friend_deals_one_more_forked_twice():
    t = fielded(["knight", "cleric"], ["giant"], north_spells=["blessing"], base_mana=5)
    t.play("North", "cast blessing x2 1 1")
    assert fighter(t, "North", 1).hits() == 4
    t.pass_until("spells", day=2)
    assert t.get("front", "South") == 4
    assert fighter(t, "North", 1).hits() == 2  # for the Day only


def test_sanctuary_answers_an_enemy_spell_aimed_at_a_friend():
    t = fielded(["knight", "cleric"], ["giant", "pyromancer"], north_spells=["sanctuary"],
                south_spells=["frost_nova"], start="South")
    t.play("South", "cast frost_nova 1")
    assert t.decision().players == ("North",) and t.state.flow.window.name == "interrupt"
    t.play("North", "cast sanctuary 1")
    assert not fighter(t, "North", 1).stunned
    assert t.get("mana", "South") == 2 and t.get("mana", "North") == 1


def test_sanctuary_answers_a_kill():
    # in the targeted damage phase both sides have passed their casting: only with
    # answers left open after a pass (FLB-R16) may North answer there
    t = fielded(["knight", "scout", "cleric"], ["assassin"], north_spells=["sanctuary"],
                answers_after_pass="open")
    t.pass_until("targeted")
    turn(t, "South")
    t.play("South", "kill 2")
    t.play("North", "cast sanctuary 2")
    assert not fighter(t, "North", 2).dying
    assert t.get("pool", "South") == 3  # the kill had no effect: the damage stays


def test_divine_shield_a_friend_cannot_die_today():
    t = fielded(["scout", "cleric"], ["giant"], north_spells=["divine_shield"])
    t.play("North", "cast divine_shield 1")
    t.pass_until("spells", day=2)
    assert t.line("North") == ["scout", "cleric"]  # 3 damage came; 2 of it was lost
    assert t.get("front", "North") == 1


def test_purify_cancels_a_black_spell():
    t = fielded(["knight", "acolyte"], ["giant", "cleric"], north_spells=["curse"],
                south_spells=["purify"])
    t.play("North", "cast curse 1")
    t.play("South", "cast purify")
    assert fighter(t, "South", 1).hits() == 3  # no curse
    assert t.get("mana", "North") == 2 and "curse" in t.state.zone("black discard").cards


def test_mana_spring_gains_three():
    t = fielded(["knight", "cleric"], ["giant"], north_spells=["mana_spring"])
    t.play("North", "cast mana_spring")
    assert t.get("mana", "North") == 4 - 1 + 3


def test_rally_the_line_moves_a_friend_anywhere():
    t = fielded(["knight", "scout", "cleric"], ["giant"], north_spells=["rally_the_line"])
    t.play("North", "cast rally_the_line 3 1")
    assert t.line("North") == ["cleric", "knight", "scout"]


def test_resurrection_returns_a_dead_friend_to_the_rear():
    t = fielded(["scout", "cleric"], ["giant"], north_spells=["resurrection"], base_mana=6)
    t.pass_until("spells", day=2)
    assert t.line("North") == ["cleric"] and t.state.dead("North") == ("scout",)
    turn(t, "North")
    assert t.refused("North", "cast resurrection knight") == "FLB-target"
    t.play("North", "cast resurrection scout")
    assert t.line("North") == ["cleric", "scout"] and fighter(t, "North", 2).health == 2
    assert t.state.dead("North") == ()


# ------------------------------------------------------------------ Black


def test_curse_one_enemy_deals_one_less_for_the_rest_of_the_timeline():
    t = fielded(["knight", "acolyte"], ["knight"], north_spells=["curse"])
    t.play("North", "cast curse 1")
    t.pass_until("spells", day=2)
    assert t.get("front", "North") == 1
    t.pass_until("spells", day=3)
    assert t.get("front", "North") == 2


def test_drain_life_two_targeted_and_heals_two():
    t = fielded(["knight", "necromancer"], ["giant"], north_spells=["drain_life"])
    t.pass_until("spells", day=2)
    assert t.get("front", "North") == 3
    turn(t, "North")
    t.play("North", "cast drain_life")
    assert t.get("pool", "North") == 2 and t.get("front", "North") == 1


def test_dark_pact_three_to_your_own_front_for_three_mana():
    t = fielded(["knight", "acolyte"], ["giant"], north_spells=["dark_pact"])
    t.play("North", "cast dark_pact")
    assert t.get("front", "North") == 3 and t.get("mana", "North") == 4 + 3


def test_fear_moves_an_enemy_one_place_back():
    t = fielded(["knight", "acolyte"], ["knight", "squire"], north_spells=["fear"])
    t.play("North", "cast fear 1")
    assert t.line("South") == ["squire", "knight"]


def test_plague_one_to_the_enemy_front_each_day():
    t = fielded(["necromancer"], ["shieldbearer"], north_spells=["plague"])
    t.play("North", "cast plague")
    t.pass_until("spells", day=2)
    assert t.get("front", "South") == 1


def test_soul_harvest_one_mana_for_each_death_today():
    t = fielded(["giant", "acolyte"], ["scout"], north_spells=["soul_harvest"])
    t.play("North", "cast soul_harvest")
    assert t.get("mana", "North") == 2
    t.pass_until("spells", day=2)  # the Scout died at the end of Day 1
    assert t.get("mana", "North") == 2 + 1 + 4


def test_counterspell_cancels_any_spell():
    t = fielded(["knight", "pyromancer"], ["giant", "necromancer"], north_spells=["fireball"],
                south_spells=["counterspell"])
    t.play("North", "cast fireball")
    t.play("South", "cast counterspell")
    assert t.get("front", "South") == 0 and t.get("mana", "South") == 2


def test_raise_dead_returns_a_dead_friend_with_three_health():
    t = fielded(["scout", "necromancer"], ["giant"], north_spells=["raise_dead"], base_mana=5)
    t.pass_until("spells", day=2)
    turn(t, "North")
    t.play("North", "cast raise_dead scout")
    raised = fighter(t, "North", 2)
    assert (raised.card, raised.health, raised.damage, raised.low, raised.high) == \
        ("scout", 3, 1, 1, 1)

"""Fantasy Line Battle rules, one test per rule (rule ids in
content/fantasy_line_battle/notation.md and rulings.md), played through the referee."""

from __future__ import annotations

import re

from fantasy_line_battle_helpers import RULESET, Table, fielded, scenario
from toolkit.referee.protocol import DecisionKind, MoveSyntaxError


# ------------------------------------------------------------------ setup


def test_setup_thirteen_money_and_five_character_cards_each():
    t = Table(hands={"North": ["knight", "squire", "giant", "scout", "archer"]})
    assert t.state.money == (13, 13)
    assert len(t.state.hand("North")) == len(t.state.hand("South")) == 5
    assert sorted(t.state.hand("North")) == ["archer", "giant", "knight", "scout", "squire"]
    assert t.decision().kind is DecisionKind.ORDERS and t.decision().players == ("North", "South")


def test_select_pays_money_and_draws_back_up():
    t = Table(hands={"North": ["knight", "squire", "giant", "scout", "archer", "cleric"]})
    t.play("North", "place giant")
    assert t.get("money", "North") == 7
    assert t.state.selection("North") == ("giant",)
    assert len(t.state.hand("North")) == 5 and "cleric" in t.state.hand("North")


def test_select_money_refused_beyond_what_is_left_and_nothing_changes():
    t = Table(hands={"North": ["giant", "giant", "knight", "squire", "archer"]},
              starting_money=9)
    t.play("North", "place giant")
    assert t.refused("North", "place knight") == "FLB-money"


def test_select_done_needs_one_character():
    t = Table()
    assert t.refused("North", "done") == "FLB-select"
    assert "done" not in t.legal("North")


def test_select_is_secret_the_other_sees_hand_sizes_only():
    t = Table(hands={"North": ["knight", "squire", "giant", "scout", "archer"]})
    before = RULESET.view(t.state, "South")
    t.play("North", "place knight")
    after = RULESET.view(t.state, "South")
    changed = [(a, b) for a, b in zip(before.piles, after.piles) if a != b]
    assert [(a.name, a.count - b.count) for a, b in changed] == [("characters", 1)]
    assert before.tracks == after.tracks  # no card, no count, no Money of North's choice
    piles = {(p.name, p.owner): p for p in after.piles}
    assert piles["character hand", "North"].cards is None
    assert piles["character hand", "North"].count == 5
    assert piles["selection", "North"].count is None
    money = next(tr for tr in after.tracks if tr.name == "money")
    assert dict(money.values) == {"South": 13}
    own = RULESET.view(t.state, "North")
    assert {(p.name, p.owner): p for p in own.piles}["selection", "North"].cards == ("knight",)


def test_reveal_lines_front_first_in_the_order_placed():
    t = fielded(["knight", "archer", "cleric"], ["giant", "crossbowman"])
    assert t.line("North") == ["knight", "archer", "cleric"]
    assert t.line("South") == ["giant", "crossbowman"]
    assert "North's line, Front first: knight archer cleric" in [e.text for e in t.events]


def test_merchant_seven_cards_and_take_back_for_free():
    t = Table(hands={"North": ["merchant", "giant", "knight", "squire", "archer", "scout",
                               "cleric", "druid"]})
    t.play("North", "place merchant")
    assert len(t.state.hand("North")) == 7
    t.play("North", "place giant")
    assert t.get("money", "North") == 5
    t.play("North", "take giant")
    assert t.get("money", "North") == 11
    assert t.state.selection("North") == ("merchant",)
    assert t.refused("North", "take merchant") == "FLB-merchant"
    t.play("North", "done")
    t.play("South", "place " + t.state.hand("South")[0])
    t.play("South", "done")
    assert "giant" in t.state.zone("character discard").cards


def test_merchant_take_refused_without_a_merchant():
    t = Table(hands={"North": ["giant", "knight", "squire", "archer", "scout"]})
    t.play("North", "place giant")
    assert t.refused("North", "take giant") == "FLB-merchant"


def test_farseer_forces_the_other_to_finish_and_show_first():
    t = Table(hands={"North": ["farseer", "knight", "squire", "archer", "scout"],
                     "South": ["giant", "knight", "squire", "archer", "scout"]})
    t.play("North", "place farseer")
    t.play("South", "place giant")
    t.play("North", "farseer")
    d = t.decision()
    assert d.kind is DecisionKind.MOVE and d.players == ("South",)  # South finishes now
    assert t.refused("North", "place knight") == "FLB-farseer"  # waits for the reveal
    t.play("South", "place squire")
    assert t.decision().players == ("South",)
    t.play("South", "done")
    assert any("South reveals its line: giant squire" in e.text for e in t.events)
    north = {(p.name, p.owner): p for p in RULESET.view(t.state, "North").piles}
    assert north["selection", "South"].cards == ("giant", "squire")
    assert t.decision().players == ("North",)
    t.play("North", "place knight")
    t.play("North", "done")
    assert t.line("North") == ["farseer", "knight"]
    assert t.phase == "spells"


def test_farseer_refused_without_a_placed_farseer():
    t = Table(hands={"North": ["farseer", "knight", "squire", "archer", "scout"]})
    assert t.refused("North", "farseer") == "FLB-farseer"


# ------------------------------------------------------------------- a Day


def test_mana_three_plus_characters_and_unspent_is_kept():
    t = fielded(["knight", "stormcaller"], ["giant", "cleric"])
    assert t.state.mana == (5, 4)  # 3 + 2 (Stormcaller); 3 + 1 (Cleric)
    t.pass_until("spells", day=2)
    assert t.state.mana == (10, 8)


def test_hands_four_spells_per_category_with_live_access():
    t = fielded(["knight", "druid"], ["giant", "acolyte"])
    cats = [t.state.cfg.spells[c].category for c in t.state.spells("North")]
    assert sorted(cats) == ["elementalism"] * 4 + ["white"] * 4
    assert [t.state.cfg.spells[c].category for c in t.state.spells("South")] == ["black"] * 4


def test_start_player_is_drawn_by_chance_each_day():
    t = fielded(["knight"], ["giant"], start=["South", "North"])
    assert t.state.flow.actor == "South"
    assert any(e.text == "South casts first today" for e in t.events)


def test_pass_ends_ones_casting_for_the_day():
    t = fielded(["knight", "pyromancer"], ["giant", "pyromancer"],
                north_spells=["heal"], south_spells=["fireball", "fireball"])
    t.play("North", "pass")
    assert t.decision().players == ("South",)
    t.play("South", "cast fireball")
    assert t.decision().players == ("South",)  # North passed: South goes on alone
    t.play("South", "pass")
    assert t.phase == "movement"


def test_range_only_in_range_characters_hit_the_enemy_front():
    # Spearman at place 2 (range 1-2) hits; Squire at place 3 (range 1-1) does not
    t = fielded(["knight", "spearman", "squire"], ["giant"])
    t.pass_until("spells", day=2)
    assert t.get("front", "South") == 2 + 2  # knight 2 + spearman 2, not the squire


def test_front_damage_waits_kills_the_front_and_carries_over():
    # South's Knight (8) faces North's Giant (3) and Spearman (2): 5 a Day
    t = fielded(["giant", "spearman"], ["knight", "squire"])
    t.pass_until("spells", day=2)
    assert t.get("front", "South") == 5 and t.line("South") == ["knight", "squire"]
    t.pass_until("spells", day=3)
    assert t.line("South") == ["squire"]  # 10 damage: the Knight dies, 2 wait
    assert t.get("front", "South") == 2


def test_targeted_damage_must_kill_outright_and_leftovers_hit_the_front():
    # North's Assassin (3 targeted, place 1) and Archer (2 targeted, place 2) hold 5
    t = fielded(["assassin", "archer"], ["knight", "scout", "squire"])
    t.pass_until("targeted")
    assert t.get("pool", "North") == 5
    if t.state.flow.actor == "South":
        t.play("South", "pass")
    assert t.refused("North", "kill 1") == "FLB-targeted"  # the Knight needs 8
    t.play("North", "kill 2")  # the Scout (2)
    assert [f.card for f in t.state.line("South") if f.dying] == ["scout"]
    # the 3 left kill nobody (Knight 8, Squire 4): they reach South's Front in that turn
    assert t.get("pool", "North") == 0 and t.get("front", "South") == 3
    t.pass_until("spells", day=2)
    assert t.line("South") == ["knight", "squire"]
    # the 3 left over stayed on South's Front; the Dying Scout's own 1
    # targeted damage still counts: with the Knight's 2 it kills the Assassin (3)
    assert t.get("front", "South") == 3
    assert t.line("North") == ["archer"] and t.get("front", "North") == 0


def test_dying_until_the_end_of_the_phase():
    t = fielded(["assassin"], ["scout", "knight"])
    t.pass_until("targeted")
    actor = t.state.flow.actor
    if actor == "South":
        t.play("South", "pass")
    t.play("North", "kill 1")
    assert t.line("South") == ["scout", "knight"]  # still in the line, Dying
    assert t.state.line("South")[0].dying
    t.pass_until("spells", day=2)
    assert t.line("South") == ["knight"]
    assert t.state.dead("South") == ("scout",)


def test_turns_alternate_across_phases():
    t = fielded(["shieldbearer", "knight"], ["shieldbearer", "giant"], start="North")
    t.play("North", "pass")
    t.play("South", "pass")
    # South took the last turn: North moves first
    assert t.phase == "movement" and t.state.flow.actor == "North"


def test_move_each_ability_once_a_day():
    t = fielded(["knight", "shieldbearer"], ["giant"])
    t.pass_until("movement")
    if t.state.flow.actor == "South":
        t.play("South", "pass")
    t.play("North", "ability 2")
    assert t.line("North") == ["shieldbearer", "knight"]
    t.play("South", "pass")
    assert "ability 1" not in t.legal("North")
    assert t.refused("North", "ability 1") == "FLB-move"


def test_limit_a_death_discards_down_to_two():
    t = fielded(["knight", "pyromancer"], ["assassin", "archer"],
                north_spells=["fireball", "fireball", "stone_wall", "hurricane"])
    assert sorted(t.state.spells("North")) == ["fireball", "fireball", "hurricane", "stone_wall"]
    t.pass_until("targeted")
    if t.state.flow.actor == "North":
        t.play("North", "pass")
    t.play("South", "kill 2")  # the Pyromancer: North keeps only a dead Elementalist
    while t.state.flow.window is None or t.state.flow.window.name != "discard":
        t.play(t.decision().players[0], "pass")
    assert t.decision().players == ("North",)
    assert t.refused("North", "discard knight") == "FLB-limit"
    t.play("North", "discard stone_wall")
    assert t.state.flow.window.name == "discard"
    t.play("North", "discard fireball")
    assert sorted(t.state.spells("North")) == ["fireball", "hurricane"]
    assert t.state.flow.window is None or t.state.flow.window.name != "discard"


# ------------------------------------------------------------------- the end


def test_end_no_live_characters_loses():
    t = fielded(["giant", "knight"], ["squire"], wiped_after_first_day="end_at_once")
    assert RULESET.outcome(t.state) is None
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    out = RULESET.outcome(t.state)
    assert out.winner == "North" and out.rule == "FLB-end"


def test_end_not_before_the_end_of_the_day_after_the_first():
    # the Scout dies on Day 1; South is judged only at the end of Day 2
    t = fielded(["giant", "berserker"], ["scout"])
    t.pass_until("spells", day=2)
    assert t.line("South") == [] and RULESET.outcome(t.state) is None
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    assert t.state.flow.round == 2 and RULESET.outcome(t.state).winner == "North"


def test_end_at_once_option_judges_a_wipe_on_day_one():
    t = fielded(["giant", "berserker"], ["scout"], wiped_after_first_day="end_at_once")
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    assert t.state.flow.round == 1 and RULESET.outcome(t.state).winner == "North"


def test_no_real_progress_three_days_without_a_death_production_wins():
    # nobody reaches anybody: Shieldbearers deal 0, both Fronts are safe
    t = fielded(["shieldbearer", "stormcaller"], ["shieldbearer", "cleric"])
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    out = RULESET.outcome(t.state)
    assert out.rule == "FLB-R05" and t.state.flow.round == 3
    assert out.winner == "North" and dict(out.scores) == {"North": 5.0, "South": 4.0}


def test_secret_spell_hands_the_other_sees_their_size_only():
    t = fielded(["knight", "druid"], ["giant", "necromancer"],
                north_spells=["fireball", "heal"], south_spells=["curse"])
    north = {(p.name, p.owner): p for p in RULESET.view(t.state, "North").piles}
    south = {(p.name, p.owner): p for p in RULESET.view(t.state, "South").piles}
    assert "fireball" in north["spell hand", "North"].cards
    assert south["spell hand", "North"].cards is None
    assert south["spell hand", "North"].count == 8
    assert north["spell hand", "South"].cards is None and north["spell hand", "South"].count == 4
    text = RULESET.render(RULESET.view(t.state, "South"))
    assert not re.search(r"\b(fireball|heal)\b", text)


def test_targeted_leftovers_kill_before_normal_damage_is_dealt():
    # North's Archer holds 2 unspent: it kills South's Scout (2) when the phase ends, so
    # South's Knight stands at the Front for the damage to Front phase and deals its 2
    t = fielded(["knight", "archer"], ["scout", "knight"])
    t.pass_until("spells", day=2)
    assert t.line("South") == ["knight"] and t.state.dead("South") == ("scout",)
    assert t.get("front", "North") == 1 + 2  # the Scout's 1 targeted, the Knight's 2
    assert t.get("front", "South") == 2  # North's Knight


# ------------------------------------------------------------------ targeted damage, in turn


def test_targeted_passing_converts_unspent_targeted_damage_to_the_front_at_once():
    # FLB-targeted: North's Archer holds 2, too little to kill; its pass sends them on
    t = fielded(["knight", "archer"], ["giant"])
    t.pass_until("targeted")
    if t.state.flow.actor == "South":
        t.play("South", "pass")
    t.play("North", "pass")
    assert t.get("pool", "North") == 0
    assert t.get("front", "South") == 2


def test_targeted_a_turn_spends_all_at_once_on_several_kills():
    # FLB-targeted, FLB-R25: 5 held (Assassin 3, Archer 2); two Scouts (2 each) in one move
    t = fielded(["assassin", "archer"], ["knight", "scout", "scout"])
    t.pass_until("targeted")
    if t.state.flow.actor == "South":
        t.play("South", "pass")
    legal = t.legal("North")
    assert "kill 2 3" in legal and "kill 2" in legal and "kill 1" not in legal
    assert t.refused("North", "kill 1 2") == "FLB-targeted"  # 8 + 2 is more than 5
    t.play("North", "kill 2 3")
    assert [f.card for f in t.state.line("South") if f.dying] == ["scout", "scout"]
    # the 1 left kills nobody: it is on South's Front now, and South's turn has come
    assert t.get("pool", "North") == 0 and t.get("front", "South") == 1
    assert t.state.flow.actor == "South"


def test_targeted_a_turn_of_kills_goes_on_while_the_rest_can_still_kill():
    # FLB-R25: after `kill 2` North still holds 3, enough for the other Scout: its turn
    t = fielded(["assassin", "archer"], ["knight", "scout", "scout"])
    t.pass_until("targeted")
    if t.state.flow.actor == "South":
        t.play("South", "pass")
    t.play("North", "kill 2")
    assert t.state.flow.actor == "North" and t.get("pool", "North") == 3
    assert t.legal("North") == ["pass", "kill 3"]
    t.play("North", "pass")  # the 3 go to South's Front at once
    assert t.get("pool", "North") == 0 and t.get("front", "South") == 3
    assert t.state.flow.actor == "South"


def test_targeted_kill_places_are_named_once_in_rising_order():
    t = fielded(["assassin", "archer"], ["knight", "scout", "scout"])
    t.pass_until("targeted")
    for text in ("kill 3 2", "kill 2 2"):
        try:
            RULESET.parse_move(text)
        except MoveSyntaxError as err:
            assert err.rule == "FLB-notation"
        else:
            raise AssertionError(f"{text!r} was read")


def test_turns_a_pass_is_a_turn_across_phases():
    # FLB-turns: South passes first, North last: the movement phase begins with South
    t = fielded(["shieldbearer", "knight"], ["shieldbearer", "giant"], start="South")
    t.play("South", "pass")
    t.play("North", "pass")
    assert t.phase == "movement" and t.state.flow.actor == "South"
    t.play("South", "pass")
    t.play("North", "pass")
    assert t.phase == "targeted" and t.state.flow.actor == "South"


def test_cast_a_side_that_passed_is_not_asked_to_answer():
    # FLB-cast, FLB-R16: South passed; North's Curse opens no window for its Purify
    t = fielded(["knight", "acolyte"], ["giant", "cleric"], north_spells=["curse"],
                south_spells=["purify"], start="South")
    t.play("South", "pass")
    t.play("North", "cast curse 1")
    assert t.state.flow.window is None and t.get("mana", "South") == 4
    assert t.state.line("South")[0].hits() < 3  # cursed


def test_end_a_wipe_on_day_two_ends_the_game_at_once():
    # FLB-end, FLB-R06: the Squire survives Day 1 (3 on its Front); on Day 2 North's
    # Fireball kills it in the spell phase, and the game ends as that phase ends
    t = fielded(["knight", "pyromancer"], ["squire"], north_spells=["fireball"])
    t.pass_until("spells", day=2)
    assert t.line("South") == ["squire"] and t.get("front", "South") == 3
    t.play("North", "cast fireball")
    assert RULESET.outcome(t.state) is None  # Dying until the end of the phase
    t.play("South", "pass")
    t.play("North", "pass")
    out = RULESET.outcome(t.state)
    assert out is not None and out.winner == "North" and out.rule == "FLB-end"
    assert t.state.flow.round == 2 and t.phase == "movement"


def test_a_draw_is_asked_and_told_in_players_words():
    """The chance prompt names whose draw and from which deck, with no engine word
    ("a elementalism spell", "draw a card for North draws ...")."""
    from toolkit.referee.rulesets.fantasy_line_battle import draws

    s = RULESET.new_game(scenario())
    assert RULESET.decision(s).prompt == "draw a card for North, from the Character deck"
    label, _ = draws._draw_words("South", "elementalism")
    assert label == "South, from the elementalism spell deck"
    told = draws._told("South", "elementalism", "fireball")
    assert [e.text for e in told] == ["you draw fireball",
                                      "South draws a card from the elementalism spell deck"]

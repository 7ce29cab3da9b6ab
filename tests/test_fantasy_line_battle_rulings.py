"""Fantasy Line Battle rulings (content/fantasy_line_battle/rulings.md, FLB-Rnn): one test
per ruling the referee plays, and the options a designer may turn."""

from __future__ import annotations

import random

import dsl
from fantasy_line_battle_helpers import RULESET, SCENARIO, Table, fielded, scenario
from toolkit.pnp.sheets import render_rml
from toolkit.referee.playable import problems
from toolkit.referee.protocol import CHANCE
from toolkit.sim.bots import BotSpec
from toolkit.sim.playout import game_rng, play_game


def turn(t, side):
    if t.state.flow.actor != side:
        t.play(t.state.flow.actor, "pass")


def test_r02_a_line_holds_at_most_max_line_characters():
    t = Table(hands={"North": ["squire", "scout", "acolyte", "merchant", "farseer"]},
              max_line=2)
    t.play("North", "place squire")
    t.play("North", "place scout")
    assert "place acolyte" not in t.legal("North")
    assert t.refused("North", "place " + t.state.hand("North")[0]) == "FLB-R02"


def test_r05_stall_days_is_an_option():
    t = fielded(["shieldbearer", "stormcaller"], ["shieldbearer", "cleric"], stall_days=5)
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    assert RULESET.outcome(t.state).rule == "FLB-R05" and t.state.flow.round == 5


def test_r05_stall_tie_break_live_characters_then_a_draw():
    t = fielded(["shieldbearer", "cleric"], ["shieldbearer", "acolyte"])
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    out = RULESET.outcome(t.state)
    assert dict(out.scores) == {"North": 4.0, "South": 4.0}
    assert out.winner is None and "a draw" in out.reason
    t = fielded(["shieldbearer", "cleric", "squire"], ["shieldbearer", "acolyte"])
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    assert RULESET.outcome(t.state).winner == "North"  # more live characters


def test_r09_max_days_ends_the_game_on_production():
    t = fielded(["shieldbearer", "stormcaller"], ["giant"], max_days=1, stall_days=99)
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    out = RULESET.outcome(t.state)
    assert out.rule == "FLB-R09" and t.state.flow.round == 1 and out.winner == "North"


def test_r11_an_empty_spell_deck_takes_its_discards_back():
    t = fielded(["knight", "pyromancer"], ["giant"], north_spells=["fireball"])
    left = t.state.zone("elementalism").cards  # as if every other card had been played
    t.state = t.state.move_cards(left, ("elementalism", None), ("elementalism discard", None))
    t.play("North", "cast fireball")
    assert any(e.text == "the elementalism discard pile becomes the deck" for e in t.events)
    assert len(t.state.spells("North")) == 4  # the draw came from the old discards
    assert t.state.zone("elementalism discard").count == 0
    assert t.state.zone("elementalism").count == 16 - 4 + 1 - 1  # with the fireball cast


def test_r13_farseer_when_the_other_is_done_shows_its_line_at_once():
    t = Table(hands={"North": ["farseer", "knight", "squire", "archer", "scout"],
                     "South": ["giant", "knight", "squire", "archer", "scout"]})
    t.play("North", "place farseer")
    t.play("South", "place giant")
    t.play("South", "done")
    t.play("North", "farseer")
    assert any(e.text == "South reveals its line: giant" for e in t.events)
    assert t.decision().players == ("North",)
    assert "farseer" not in t.legal("North")


def test_r15_a_dying_character_cannot_be_killed_again():
    t = fielded(["assassin", "archer"], ["scout", "scout", "knight"])
    t.pass_until("targeted")
    turn(t, "North")
    t.play("North", "kill 1")
    turn(t, "North")
    assert "kill 1" not in t.legal("North")
    assert t.refused("North", "kill 1") == "FLB-targeted"


def test_r16_interrupts_only_as_answers():
    t = fielded(["knight", "necromancer"], ["giant", "pyromancer"],
                north_spells=["counterspell"], south_spells=["heal"])
    assert t.refused("North", "cast counterspell") == "FLB-interrupt"


def test_r16_purify_does_not_answer_an_elementalism_spell():
    t = fielded(["knight", "pyromancer"], ["giant", "cleric"], north_spells=["fireball"],
                south_spells=["purify"])
    t.play("North", "cast fireball")
    assert t.state.flow.window is None or t.state.flow.window.name != "interrupt"
    assert t.get("front", "South") == 3


def test_r19_only_doubleable_or_fork_spells_are_cast_twice():
    t = fielded(["knight", "pyromancer"], ["giant"], north_spells=["frost_nova"],
                base_mana=10)
    assert t.refused("North", "cast frost_nova x2 1") == "FLB-double"


def test_r22_both_wiped_out_together_is_a_draw():
    # two Scouts (2 health, 1 targeted damage each): on Day 2 each side's leftover
    # targeted damage brings the other's Front to 2, and both die at once
    t = fielded(["scout"], ["scout"])
    while RULESET.outcome(t.state) is None:
        t.play(t.decision().players[0], "pass")
    out = RULESET.outcome(t.state)
    assert out.winner is None and out.rule == "FLB-end" and t.state.flow.round == 2


def test_bots_random_games_play_to_an_outcome():
    """FLB-end, FLB-R05: 60 seeded random games all end (the simulate command's bots)."""
    s = scenario()
    sides = tuple(s.sides)
    bots = [BotSpec("random").make(RULESET, sides) for _ in sides]
    endings = set()
    for i in range(60):
        result = play_game(RULESET, RULESET.new_game(s), sides, bots, game_rng(0, i))
        assert not result[6], f"game {i} hit the move cap"
        endings.add(result[1])
    assert endings == {"FLB-end", "FLB-R05"}


def test_a_game_replays_from_its_moves_to_the_same_hash():
    s = scenario()
    rng = random.Random(3)
    state, moves = RULESET.new_game(s), []
    while (d := RULESET.decision(state)) is not None:
        if d.chance is not None:
            player, move = CHANCE, d.chance.sample(rng)
        else:
            player = d.players[0]
            move = rng.choice(list(RULESET.legal_moves(state, player)))
        moves.append((player, str(move)))
        state, _ = RULESET.apply(state, player, move)
    again = RULESET.new_game(s)
    for player, text in moves:
        move = RULESET.decision(again).chance.parse(text) if player == CHANCE else \
            RULESET.parse_move(text)
        again, _ = RULESET.apply(again, player, move)
    assert RULESET.state_hash(again) == RULESET.state_hash(state)
    assert RULESET.outcome(again) == RULESET.outcome(state)


def test_r23_the_interrupt_window_tells_nothing_of_the_hand():
    # South can reach Counterspell (a Black caster, mana for it) but holds none: the window
    # opens all the same, with only pass to answer
    t = fielded(["knight", "pyromancer"], ["giant", "necromancer"], north_spells=["fireball"],
                south_spells=["curse", "curse", "fear", "fear"])
    assert "counterspell" not in t.state.spells("South")
    t.play("North", "cast fireball")
    assert t.state.flow.window.name == "interrupt" and t.legal("South") == ["pass"]
    t.play("South", "pass")
    assert t.get("front", "South") == 3
    # without Black access there is nothing to wait for
    t = fielded(["knight", "pyromancer"], ["giant", "cleric"], north_spells=["fireball"])
    t.play("North", "cast fireball")
    assert t.state.flow.window is None and t.get("front", "South") == 3


def test_r19_max_times_lets_a_designer_fork_three_times():
    t = fielded(["knight", "pyromancer"], ["giant"], north_spells=["lightning_bolt"],
                base_mana=10)
    assert t.refused("North", "cast lightning_bolt x3") == "FLB-R19"
    t = fielded(["knight", "pyromancer"], ["giant"], north_spells=["lightning_bolt"],
                base_mana=10, max_times=3)
    t.play("North", "cast lightning_bolt x3")
    assert t.get("pool", "North") == 6 and t.get("mana", "North") == 11 - 9


def test_r21_ability_uses_per_day_is_an_option():
    t = fielded(["knight", "scout", "cleric"], ["giant"], ability_uses_per_day=2)
    t.pass_until("movement")
    if t.state.flow.actor == "South":
        t.play("South", "pass")
    t.play("North", "ability 2 3")
    t.play("South", "pass")
    t.play("North", "ability 3 2")  # the Scout again, back where it stood
    assert t.line("North") == ["knight", "scout", "cleric"]
    assert t.refused("North", "ability 2 1") == "FLB-move"


def test_r14_targeted_damage_chosen_aim_or_deal_normal_damage():
    t = fielded(["assassin", "archer"], ["giant"], targeted_damage="chosen")
    t.pass_until("targeted")
    assert t.get("pool", "North") == 0  # nothing made by itself
    if t.state.flow.actor == "South":
        t.play("South", "pass")
    assert t.legal("North") == ["pass", "aim 1", "aim 2"]
    t.play("North", "aim 2")  # the Archer's 2 targeted; the Assassin is left normal
    assert t.get("pool", "North") == 2
    assert t.refused("North", "aim 2") in ("turn", "FLB-R14")
    t.pass_until("spells", day=2)
    assert t.get("front", "South") == 2 + 3  # the leftover 2 and the Assassin's normal 3


def test_r14_aim_is_refused_when_targeted_damage_is_made_by_itself():
    t = fielded(["assassin", "archer"], ["giant"])
    t.pass_until("targeted")
    if t.state.flow.actor == "South":
        t.play("South", "pass")
    assert t.refused("North", "aim 1") == "FLB-R14"


def test_the_protocol_holds_with_every_option_turned(tmp_path):
    import dsl
    from shipped import shipped_with_options
    from test_referee_contract import keep_the_protocol

    path = shipped_with_options(tmp_path, "fantasy_line_battle", targeted_damage="chosen",
                                max_times=3, ability_uses_per_day=2, stall_days=2,
                                wiped_after_first_day="end_at_once",
                                answers_after_pass="open")
    keep_the_protocol(RULESET, dsl.load(path), "fantasy_line_battle options", 6)


def test_select_done_with_nothing_placed_only_when_nothing_is_affordable():
    # a designer's Money too low for any card: the side fields nobody and loses
    t = Table(hands={"North": ["giant", "knight", "paladin", "captain", "warlock"]},
              starting_money=3, wiped_after_first_day="end_at_once")
    assert t.legal("North") == ["done"]
    t.play("North", "done")
    t.play("South", "place " + min(t.state.hand("South"),
                                   key=lambda c: t.state.cfg.characters[c].cost))
    t.play("South", "done")
    assert RULESET.outcome(t.state).winner == "South"


def test_r16_a_pass_closes_ones_answers_for_the_day():
    # South passed its casting: North's Curse is not answered, though Purify is held
    t = fielded(["knight", "acolyte"], ["giant", "cleric"], north_spells=["curse"],
                south_spells=["purify"], start="South")
    t.play("South", "pass")
    t.play("North", "cast curse 1")
    assert t.state.flow.window is None
    assert t.get("mana", "South") == 4 and "purify" in t.state.spells("South")


def test_r16_answers_after_pass_open_is_an_option():
    t = fielded(["knight", "acolyte"], ["giant", "cleric"], north_spells=["curse"],
                south_spells=["purify"], start="South", answers_after_pass="open")
    t.play("South", "pass")
    t.play("North", "cast curse 1")
    assert t.state.flow.window is not None and t.state.flow.window.name == "interrupt"
    t.play("South", "cast purify")
    assert t.get("mana", "South") == 4 - 2 and t.state.line("South")[0].hits() == 3


def test_r25_the_spell_phase_kill_may_keep_the_rest():
    # Lightning Bolt x2 gives North 4 targeted damage; `kill 2` (the Scout, 2) in the
    # spell phase keeps the other 2 held for later turns or the targeted damage phase
    t = fielded(["knight", "pyromancer"], ["knight", "scout", "cleric"],
                north_spells=["lightning_bolt"], south_spells=["heal"], base_mana=10)
    t.play("North", "cast lightning_bolt x2")
    assert t.get("pool", "North") == 4
    t.play("South", "cast heal")
    assert "kill 2" in t.legal("North") and "kill 2 3" not in t.legal("North")  # 2 + 4
    t.play("North", "kill 2")
    assert t.state.flow.window.name == "interrupt"  # South could hold a Sanctuary
    t.play("South", "pass")
    assert t.get("pool", "North") == 2 and t.get("front", "South") == 0
    assert t.state.line("South")[1].dying
    assert t.state.flow.actor == "South"  # a kill is a turn of the spell phase


def test_r06_only_a_side_wiped_out_on_day_one_is_graced():
    # the Scout dies on Day 1: South is graced until the end of Day 2, North is not
    t = fielded(["giant", "berserker"], ["scout"])
    t.pass_until("spells", day=2)
    assert t.state.graced == frozenset({"South"}) and RULESET.outcome(t.state) is None


def test_r16_sanctuary_spares_one_place_of_a_kill_and_the_others_die():
    # North's 4 targeted damage (Lightning Bolt x2) kills South's Scout and Acolyte (2 each)
    # at once; South answers for the Scout: the Acolyte dies, North keeps the Scout's 2
    t = fielded(["knight", "pyromancer"], ["cleric", "scout", "acolyte"],
                north_spells=["lightning_bolt"], south_spells=["sanctuary", "heal"],
                base_mana=10)
    t.play("North", "cast lightning_bolt x2")
    if t.state.flow.window is not None:  # Counterspell could answer: South lets it go
        t.play("South", "pass")
    t.play("South", "cast heal")
    t.play("North", "kill 2 3")
    assert "cast sanctuary 2" in t.legal("South") and "cast sanctuary 3" in t.legal("South")
    t.play("South", "cast sanctuary 2")
    assert [f.dying for f in t.state.line("South")] == [False, False, True]
    assert t.get("pool", "North") == 2


def test_r25_an_answered_kill_leaves_the_turn_of_kills_open():
    # answers_after_pass open: North's Sanctuary spares its Scout from South's Assassin
    # (3 held); South's turn goes on, since the 3 could still kill, until it passes
    t = fielded(["knight", "scout", "cleric"], ["assassin"], north_spells=["sanctuary"],
                answers_after_pass="open")
    t.pass_until("targeted")
    turn(t, "South")
    t.play("South", "kill 2")
    t.play("North", "cast sanctuary 2")
    assert t.state.flow.actor == "South" and t.get("pool", "South") == 3
    assert "kill 2" in t.legal("South")
    t.play("South", "pass")
    assert t.get("pool", "South") == 0 and t.get("front", "North") == 3


def _answered(**options):
    """South casts Heal, North answers with Counterspell: North's turn, with 5 mana."""
    t = fielded(["knight", "necromancer", "stormcaller", "pyromancer"], ["giant", "cleric"],
                north_spells=["counterspell", "hurricane"], south_spells=["heal"],
                start="South", **options)
    t.play("South", "cast heal")
    t.play("North", "cast counterspell")
    assert t.decision().players == ("North",) and t.get("mana", "North") >= 5
    return t


def test_FLB_R19_hurricane_after_an_answer_is_refused_unless_the_option_allows_it():
    """The source: Hurricane must be 'your first Spell in this Round'; an answer is a
    Spell (FLB-R16), so after Counterspell no Hurricane that Day. Option
    hurricane_after_answer allowed keeps the reading that counts own turns only."""
    t = _answered()
    why = t.refusal("North", "cast hurricane")
    assert why.rule == "FLB-hurricane"
    assert why.reason == ("hurricane may only be your first spell of the Day, answers "
                          "included; you have cast one already")
    assert "cast hurricane" not in t.legal("North")
    t = _answered(hurricane_after_answer="allowed")
    assert "cast hurricane" in t.legal("North")
    t.play("North", "cast hurricane")


def test_FLB_R19_hurricane_that_kills_the_front_stuns_the_next_character():
    """Its 4 damage kills the enemy Front (a scout, health 2); the stun falls on the
    character standing at the Front once the damage is dealt."""
    t = fielded(["knight", "necromancer", "stormcaller", "pyromancer"], ["scout", "knight"],
                north_spells=["hurricane"])
    t.play("North", "cast hurricane")
    t.pass_until("movement")
    south = {f.card: f for f in t.state.line("South")}
    assert "scout" not in south or south["scout"].dying
    assert south["knight"].stunned


def test_r18_frost_nova_stuns_any_enemy_character_as_its_card_says():
    """FLB-R18: any enemy character, the last in the line too, and the printed card
    says the same (it used to say 'in range of your Front')."""
    t = fielded(["knight", "pyromancer"], ["giant", "spearman", "squire"],
                north_spells=["frost_nova"])
    assert {"cast frost_nova 1", "cast frost_nova 2", "cast frost_nova 3"} <= set(
        t.legal("North"))
    t.play("North", "cast frost_nova 3")
    assert [f.stunned for f in t.state.line("South")] == [False, False, True]
    card = scenario().decks["elementalism"].card_index["frost_nova"]
    text = " ".join(str(card.fields.get("text")).split())
    assert "any one enemy character" in text and "in range" not in text


# ------------------------------------------------------------------ FLB-R10


def _started(setups: str = "money 13; character_hand 5; mana 0", **options):
    """A game of the shipped scenario whose two setups read `setups`."""
    text = SCENARIO.read_text()
    for side in ("North", "South"):
        text = text.replace(f"setup {side} {{ money 13; character_hand 5; mana 0 }}",
                            f"setup {side} {{ {setups} }}", 1)
    return RULESET.new_game(dsl.loads(text, str(SCENARIO)), options), text


def test_r10_the_setups_give_money_hand_and_mana_at_the_start():
    s, _ = _started("money 15; character_hand 6; mana 2")
    assert s.money == (15, 15) and s.mana == (2, 2)
    assert s.cfg.character_hand == 6  # what each hand is drawn up to (draws.character_limit)


def test_r10_the_options_win_over_the_setups():
    s, _ = _started("money 15; character_hand 6; mana 2", starting_money=11, character_hand=4)
    assert s.money == (11, 11) and s.mana == (2, 2)
    assert s.cfg.character_hand == 4


def test_r10_setups_that_start_the_sides_differently_are_an_error_where_written():
    text = SCENARIO.read_text().replace("setup South { money 13;", "setup South { money 15;", 1)
    found = [(d.line, d.message) for d in problems(dsl.loads(text, str(SCENARIO)))]
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "setup South" in l)
    assert found == [(line, "setup South: money 15, but North starts with 13: "
                            "both sides start alike (FLB-R10)")]


def test_r10_the_rules_summary_prints_what_the_referee_starts_with():
    _, text = _started("money 15; character_hand 6; mana 2")
    rml = render_rml(dsl.loads(text, str(SCENARIO)))
    assert "Put the Money marker on 15, the Mana marker on 2," in rml
    assert "Each player draws 6 Character cards" in rml
    shipped = render_rml(dsl.load(SCENARIO))
    assert "Put the Money marker on 13 and the Mana, Damage to Front" in shipped


def test_r10_a_setup_figure_an_option_overrides_is_a_warning_where_written():
    text = SCENARIO.read_text().replace("  options {\n", "  options {\n    starting_money 15\n", 1)
    found = [(d.line, d.severity, d.message) for d in problems(dsl.loads(text, str(SCENARIO)))]
    lines = [i for i, l in enumerate(text.splitlines(), 1) if l.lstrip().startswith("setup ")]
    assert found == [(line, "warning", f"setup {side}: money 13 is not played: the option "
                                       "starting_money 15 wins over it (FLB-R10)")
                     for line, side in zip(lines, ("North", "South"))]

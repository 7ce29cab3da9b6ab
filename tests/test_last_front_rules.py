"""Last Front's rules, one test per rule, through the referee (moves in notation,
the cards dealt and drawn chosen by the test). Rule ids: content/last_front/notation.md."""

from __future__ import annotations

import pickle

import pytest

from last_front_helpers import Table
from toolkit.referee.protocol import IllegalMoveError, PASS


def refused(t: Table, who: str, text: str, rule: str):
    before = pickle.dumps(t.state)
    with pytest.raises(IllegalMoveError) as err:
        t.play(who, text)
    assert err.value.rule == rule, err.value
    assert pickle.dumps(t.state) == before, "a refused move changed the state"
    return str(err.value)


def test_deal_gives_six_cards_each_and_the_dealer_draws_one_and_opens():
    t = Table(3, hands={"P1": ["troops_2"] * 6}, draws={"P1": ["tanks_3"]})
    s = t.state
    assert [len(s.hand(p)) for p in s.sides] == [7, 6, 6]
    assert "tanks_3" in s.hand("P1")
    assert t.decision().players == ("P1",)
    assert s.contested == "british" and s.holder is None


def test_the_worked_bid_two_troops_under_double_and_plus_one_make_8():
    t = Table(hands={"P1": ["troops_2", "troops_1", "veteran_troops", "rifle_company"]})
    for card in ("troops_2", "troops_1", "veteran_troops"):
        t.play("P1", f"play {card}")
        if t.decision().kind.name == "REACTION":
            t.play("P2", "pass")
    t.play("P1", "play rifle_company")
    t.play("P2", "pass")
    assert t.total("P1") == 8  # (2x2+1) + (1x2+1)


def test_the_opener_must_bid():
    t = Table()
    msg = refused(t, "P1", "withdraw", "LF-open")
    assert "opening bid" in msg


def test_a_bid_must_beat_the_previous_bid_by_the_minimum_raise():
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_1", "troops_2"]})
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "play troops_2")
    msg = refused(t, "P2", "done", "LF-bid")
    assert "must reach 4" in msg
    t.play("P2", "play troops_1")
    refused(t, "P2", "done", "LF-bid")  # 3 does not beat 3


def test_done_needs_a_card_played_this_turn():
    t = Table()
    refused(t, "P1", "done", "LF-bid")


def test_withdrawing_draws_one_discards_the_bid_and_the_last_player_left_wins():
    t = Table(3, hands={"P1": ["troops_3"], "P2": ["troops_2", "troops_2"]},
              draws={"P2": ["planes_4", "planes_2"], "P1": ["tanks_2", "tanks_3"]})
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "play troops_2")
    t.play("P2", "play troops_2")
    t.play("P2", "done")
    t.play("P3", "withdraw")
    assert len(t.state.hand("P3")) == 8  # six, the turn's draw, the withdrawal's draw
    t.play("P1", "withdraw")
    s = t.state
    assert "troops_3" in s.zone("battle discard").cards
    assert s.captured("P2") == ("british",)
    assert t.decision().players == ("P2",) and s.flow.phase == "spoils"
    assert "planes_2" in s.hand("P2")  # the winner's card


def test_the_winner_declares_the_next_battle_and_bids_first():
    t = Table(hands={"P1": ["troops_3"]}, territory=["british", "german"])
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "withdraw")
    assert t.state.open_card == "german"
    assert "attack open" in t.legal("P1")
    t.play("P1", "attack open")
    assert t.state.contested == "german" and t.decision().players == ("P1",)


def test_a_captured_territory_can_be_attacked_and_changes_hands():
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_3", "troops_3"]},
              territory=["british", "german"])
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "withdraw")
    refused(t, "P1", "attack P1 british", "LF-declare")
    t.play("P1", "attack open")
    t.play("P1", "play troops_1")
    t.play("P1", "done")
    t.play("P2", "play troops_3")
    t.play("P2", "done")
    t.play("P1", "withdraw")
    t.play("P2", "attack P1 british")
    assert t.state.holder == "P1"
    t.play("P2", "play troops_3")
    t.play("P2", "done")
    t.play("P1", "withdraw")
    assert t.state.captured("P2") == ("german", "british") and t.state.captured("P1") == ()


def test_support_counts_defence_only_when_defending_a_captured_territory():
    t = Table(hands={"P1": ["troops_3", "support_2_4"], "P2": ["support_2_4", "troops_3"]},
              territory=["british", "german"])
    t.play("P1", "play support_2_4")
    assert t.total("P1") == 2  # attacking the open card: Attack value
    t.play("P1", "done")
    t.play("P2", "play troops_3")
    t.play("P2", "done")
    t.play("P1", "withdraw")
    t.play("P2", "attack open")
    t.play("P2", "play troops_1")
    t.play("P2", "done")
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "withdraw")
    t.play("P1", "attack P2 british")
    t.play("P1", "play troops_1")
    t.play("P1", "done")
    t.play("P2", "play support_2_4")
    assert t.total("P2") == 4  # P2 defends its british: Defense value


def test_face_value_is_declared_and_kept_when_swapped_by_lend_lease():
    t = Table(hands={"P1": ["patton", "tanks_2"], "P2": ["lend_lease", "troops_1"]})
    t.play("P1", "face patton")
    t.play("P1", "play tanks_2")
    assert t.total("P1") == 5  # face 3 + tank 2: a face-value Patton gives no bonus
    t.play("P1", "done")
    t.play("P2", "play troops_1")
    t.play("P2", "play lend_lease P1 patton troops_1")
    assert t.state.bid("P2").count("patton") == 1 and "patton" in t.state.faces[1]
    assert t.total("P2") == 3  # still only its face value
    assert t.total("P1") == 3  # tanks_2 + troops_1


def test_an_icon_played_for_its_ability_boosts_its_kind():
    t = Table(hands={"P1": ["patton", "tanks_2", "tanks_3"]})
    t.play("P1", "play tanks_2")
    t.play("P1", "play patton")
    t.play("P2", "pass")
    t.play("P1", "play tanks_3")
    assert t.total("P1") == 9  # (2+2) + (3+2), Patton itself 0


def test_digging_in_is_refused_when_the_option_is_off():
    t = Table(hands={"P1": ["troops_3"] * 4})
    for _ in range(4):
        t.play("P1", "play troops_3")
    refused(t, "P1", "dig troops_3 troops_3 troops_3 troops_3", "LF-dig")


def test_a_dug_in_pile_counts_10_and_the_excess_is_lost():
    t = Table(hands={"P1": ["troops_3"] * 4}, dig_in=True)
    for _ in range(4):
        t.play("P1", "play troops_3")
    assert t.total("P1") == 12
    t.play("P1", "dig troops_3 troops_3 troops_3 troops_3")
    t.play("P2", "pass")
    assert t.total("P1") == 10 and t.state.dug[0] == (("troops_3",) * 4,)


def test_a_pile_worth_20_must_be_two_piles():
    t = Table(hands={"P1": ["planes_4"] * 5}, dig_in=True)
    for _ in range(5):
        t.play("P1", "play planes_4")
    why = refused(t, "P1", "dig " + " ".join(["planes_4"] * 5), "LF-dig")
    assert "each card of a dug-in pile is needed to reach 10: without planes_4 " \
        "the pile is still worth 16" in why
    assert "dig planes_4 planes_4 planes_4" in t.legal("P1")


def test_a_dug_in_pile_with_an_icon_played_for_its_ability_is_told_why():
    """LF-R06: an Icon played for its ability counts 0 in a bid, so it is no part of a
    pile; the refusal says so, not that each card must be needed."""
    t = Table(hands={"P1": ["troops_3", "troops_3", "troops_3", "veteran_troops"]},
              dig_in=True)
    for card in ("troops_3", "troops_3", "troops_3", "veteran_troops"):
        t.play("P1", f"play {card}")
    t.play("P2", "pass")  # no Counter-Intelligence against the Icon
    why = refused(t, "P1", "dig troops_3 troops_3 troops_3 veteran_troops", "LF-dig")
    assert "veteran_troops was played for its ability and counts nothing in a pile" in why


def test_a_dug_in_pile_short_of_the_value_says_what_it_is_worth():
    t = Table(hands={"P1": ["troops_3"] * 3}, dig_in=True)
    for _ in range(3):
        t.play("P1", "play troops_3")
    why = refused(t, "P1", "dig troops_3 troops_3 troops_3", "LF-dig")
    assert "the pile is worth 9; a dug-in pile is worth at least 10" in why


def test_a_dug_in_pile_of_cards_not_in_the_bid_says_so():
    t = Table(hands={"P1": ["troops_3"] * 4}, dig_in=True)
    t.play("P1", "play troops_3")
    t.play("P1", "play troops_3")
    why = refused(t, "P1", "dig troops_3 troops_3 troops_3 troops_3", "LF-dig")
    assert "your bid holds no troops_3 that is not dug in already" in why


def test_dug_in_cards_are_immune_to_modifiers_and_the_helping_icon_stays_out():
    t = Table(hands={"P1": ["troops_3", "troops_2", "veteran_troops"]}, dig_in=True)
    t.play("P1", "play troops_3")
    t.play("P1", "play troops_2")
    t.play("P1", "play veteran_troops")
    t.play("P2", "pass")
    assert t.total("P1") == 10
    t.play("P1", "dig troops_2 troops_3")
    t.play("P2", "pass")
    assert t.state.bid("P1") == ("veteran_troops",)
    assert t.total("P1") == 10


def test_ambush_cancels_a_dig_in_and_the_cards_stay_exposed():
    t = Table(hands={"P1": ["troops_3"] * 4, "P2": ["ambush"]}, dig_in=True)
    for _ in range(4):
        t.play("P1", "play troops_3")
    t.play("P1", "dig troops_3 troops_3 troops_3 troops_3")
    assert "play ambush" in t.legal("P2")
    t.play("P2", "play ambush")
    assert t.state.dug[0] == () and t.total("P1") == 12


def test_a_blitz_window_lets_every_other_player_in_the_battle_pass():
    t = Table(3, hands={"P1": ["patton"]})
    t.play("P1", "play patton")
    d = t.decision()
    assert d.kind.name == "REACTION" and d.players == ("P2", "P3")
    t.state, _ = t.rules.apply(t.state, "P2", PASS)
    assert t.decision().players == ("P3",)


def test_counter_intelligence_turns_an_icon_into_its_face_value():
    t = Table(hands={"P1": ["tanks_3", "patton"], "P2": ["counter_intelligence"]})
    t.play("P1", "play tanks_3")
    t.play("P1", "play patton")
    t.play("P2", "play counter_intelligence")
    assert t.total("P1") == 6  # tanks 3 + Patton's face value 3


def test_a_withdrawn_player_is_immune_to_events():
    t = Table(3, hands={"P1": ["troops_3", "draw_event"]})
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "withdraw")
    hand = len(t.state.hand("P2"))
    t.play("P3", "play troops_1")
    t.play("P3", "play troops_1")
    t.play("P3", "play troops_1")
    t.play("P3", "play troops_1")
    t.play("P3", "done")
    t.next_event = "fresh_divisions"
    t.play("P1", "play draw_event")
    assert len(t.state.hand("P2")) == hand  # withdrawn: no cards
    assert any("fresh_divisions" in e.text and e.to is None for e in t.events)


def test_territory_bonus_goes_to_the_strict_most_and_back_to_the_row_on_a_tie():
    from toolkit.referee.rulesets.last_front.territories import bonus_holder, bonuses_of

    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_3", "troops_3"]},
              territory=["british", "british"])
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "withdraw")
    assert bonuses_of(t.state, "P1") == ("british_bonus",)
    t.play("P1", "attack open")
    t.play("P1", "play troops_1")
    t.play("P1", "done")
    t.play("P2", "play troops_3")
    t.play("P2", "done")
    t.play("P1", "withdraw")
    assert bonus_holder(t.state, "british") is None  # one each: a tie


def test_normal_victory_two_of_one_nation():
    t = Table(hands={"P1": ["troops_3", "troops_3"]}, territory=["british", "british"])
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "withdraw")
    t.play("P1", "attack open")
    t.play("P1", "play troops_3")
    t.play("P1", "done")
    t.play("P2", "withdraw")
    out = t.rules.outcome(t.state)
    assert out.winner == "P1" and out.rule == "LF-victory"
    assert out.ranking == (("P1",), ("P2",))


def test_quick_victory_needs_three_of_any():
    t = Table(hands={"P1": ["troops_3", "troops_3"]}, territory=["british", "british", "german"],
              victory="quick")
    for _ in range(2):
        if t.state.flow.phase == "spoils":
            t.play("P1", "attack open")
        t.play("P1", "play troops_3")
        t.play("P1", "done")
        t.play("P2", "withdraw")
    assert t.rules.outcome(t.state) is None


def test_each_player_sees_only_its_own_hand_and_the_others_sizes():
    t = Table(3, hands={"P1": ["patton"] + ["troops_3"] * 5})
    v = t.rules.view(t.state, "P2")
    piles = {(p.name, p.owner): p for p in v.piles}
    assert piles[("hand", "P1")].cards is None and piles[("hand", "P1")].count == 7
    assert piles[("hand", "P2")].cards is not None
    assert piles[("battle", None)].cards is None
    draws = [e for e in t.events if e.kind == "draw" and "patton" in e.text]
    assert draws and all(e.to == frozenset({"P1"}) for e in draws)


@pytest.mark.parametrize("who,text,rule", [
    ("P1", "play planes_4", "LF-card"),  # not in hand
    ("P1", "play no_such_card", "LF-card"),
    ("P1", "face troops_3", "LF-face"),
    ("P1", "play sabotage P2 tanks_3", "LF-target"),  # P2 has no bid yet
    ("P1", "play ambush", "LF-blitz"),
    ("P1", "attack open", "LF-turn"),
    ("P1", "take troops_3", "LF-turn"),
])
def test_a_refused_move_names_its_rule_and_changes_nothing(who, text, rule):
    t = Table(hands={"P1": ["troops_3", "sabotage", "ambush"]})
    refused(t, who, text, rule)


def test_a_blitz_answer_must_fit_the_window():
    t = Table(hands={"P1": ["patton"], "P2": ["ambush", "troops_3"]})
    t.play("P1", "play patton")
    refused(t, "P2", "play ambush", "LF-blitz")  # Ambush answers a dig-in, not an Icon
    refused(t, "P2", "play troops_3", "LF-blitz")


def test_espionage_takes_only_a_card_the_hand_holds():
    t = Table(hands={"P1": ["troops_3", "espionage"], "P2": ["troops_2"] * 6})
    t.play("P1", "play troops_3")
    t.play("P1", "play espionage P2")
    refused(t, "P1", "take planes_4", "LF-espionage")


def test_unreadable_text_is_a_syntax_error_with_the_notation_rule():
    from toolkit.referee.protocol import MoveSyntaxError

    t = Table()
    with pytest.raises(MoveSyntaxError) as err:
        t.play("P1", "bid lots")
    assert err.value.rule == "LF-notation" and "play CARD" in str(err.value)


def test_strategic_retreat_cannot_take_the_opener_out_before_the_opening_bid():
    t = Table(hands={"P1": ["strategic_retreat", "troops_1"]})
    refused(t, "P1", "play strategic_retreat", "LF-open")


def test_the_quick_game_is_won_on_the_third_territory_of_any_kind():
    t = Table(hands={"P1": ["troops_3"] * 3}, territory=["british", "british", "german"],
              victory="quick")
    for _ in range(3):
        if t.state.flow.phase == "spoils":
            t.play("P1", "attack open")
        t.play("P1", "play troops_3")
        t.play("P1", "done")
        t.play("P2", "withdraw")
    out = t.rules.outcome(t.state)
    assert out.winner == "P1" and "3 territories" in out.reason


def _empty_battle_deck(t: Table, reshuffle: bool):
    from toolkit.referee.kit.values import evolve
    from toolkit.referee.rulesets.last_front.deal import open_draws
    from toolkit.referee.rulesets.last_front.state import BATTLE_DISCARD, move_cards

    s = t.state
    s = move_cards(s, s.zone("battle").cards, ("battle", None), (BATTLE_DISCARD, None))
    s = evolve(s, cfg=evolve(s.cfg, reshuffle=reshuffle))
    return open_draws(s, "P1", 1)


def test_an_empty_battle_deck_takes_its_discard_pile_back():
    s = _empty_battle_deck(Table(), True)
    assert s.zone("battle").count > 0 and s.flow.window.name == "draw"


def test_lf_r10_a_turn_that_reshuffles_the_discard_pile_tells_everyone():
    """LF-R10: the turn's draw finds the Battle deck empty; the reshuffle is an event
    every player sees."""
    from toolkit.referee.rulesets.last_front.state import BATTLE_DISCARD, move_cards

    t = Table(hands={"P1": ["troops_3"]})
    t.play("P1", "play troops_3")
    s = t.state
    s = move_cards(s, s.zone("battle").cards, ("battle", None), (BATTLE_DISCARD, None))
    s, events = t.rules.apply(s, "P1", t.rules.parse_move("done"))
    told = [e for e in events if e.kind == "reshuffle"]
    assert told and told[0].to is None
    assert s.zone("battle").count > 0 and s.flow.window.name == "draw"


def test_with_reshuffle_false_an_empty_battle_deck_loses_the_draw():
    s = _empty_battle_deck(Table(), False)
    assert s.zone("battle").count == 0 and s.draws == ()


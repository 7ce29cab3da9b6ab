"""The scenario options behind Last Front's rulings, each reading tested both ways
(content/last_front/rulings.md): LF-R13 propaganda_lasts, LF-R22 support_clash,
LF-R23 lowest_bid_tie, LF-R01 the deal (each setup's `deal`, the `hand` option).
(LF-R10 reshuffle is in test_last_front_rules.py.)"""

from __future__ import annotations

import re

import pytest

import dsl
from last_front_helpers import SCENARIO, Table, go
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match
from toolkit.pnp.sheets import render_rml
from toolkit.referee.playable import problems
from toolkit.referee.players import with_players
from toolkit.referee.protocol import DecisionKind
from toolkit.referee.rulesets.last_front.bid import to_beat

P2_BID = ["troops_3", "tanks_3", "planes_3", "support_2_4"]  # 11 in attack


def bid(t: Table, who: str, cards) -> None:
    for card in cards:
        go(t, who, f"play {card}")
    go(t, who, "done")


# ------------------------------------------------------------------ LF-R13


def _propaganda_beaten_then_sabotaged(**options) -> Table:
    """Three players: P2 bids 11 with Propaganda, P3 beats it by 3 (14), then P1
    sabotages a troops_3 out of P3's bid, which falls back to 11."""
    t = Table(3, hands={"P1": ["troops_1", "sabotage"],
                        "P2": P2_BID + ["propaganda"],
                        "P3": P2_BID + ["troops_3"]}, **options)
    bid(t, "P1", ["troops_1"])
    bid(t, "P2", P2_BID + ["propaganda"])
    assert to_beat(t.state, "P3") == 11 + 3
    bid(t, "P3", P2_BID + ["troops_3"])
    go(t, "P1", "play sabotage P3 troops_3")
    assert t.total("P2") == t.total("P3") == 11
    return t


def test_lf_r13_propaganda_lasts_until_its_players_next_turn_by_default():
    t = _propaganda_beaten_then_sabotaged()
    assert t.state.propaganda == "P2"
    assert to_beat(t.state, "P1") == 11 + 3


def test_lf_r13_propaganda_lasts_next_bid_is_spent_once_a_bid_beats_it():
    t = _propaganda_beaten_then_sabotaged(propaganda_lasts="next_bid")
    assert t.state.propaganda is None
    assert to_beat(t.state, "P1") == 11 + 1


# ------------------------------------------------------------------ LF-R22


def _logistics_under_cut_supply_lines(**options) -> Table:
    """P1 attacks with support_1_2 (Attack 1, Defense 2) and Logistics played for
    its ability; then P2 turns over Cut Supply Lines."""
    t = Table(hands={"P1": ["support_1_2", "logistics"], "P2": ["troops_3", "draw_event"]},
              **options)
    bid(t, "P1", ["support_1_2", "logistics"])
    assert t.total("P1") == 2  # Logistics: Defense value in attack
    go(t, "P2", "play troops_3")
    t.next_event = "cut_supply_lines"
    go(t, "P2", "play draw_event")
    return t


def test_lf_r22_support_clash_attack_the_event_wins_by_default():
    assert _logistics_under_cut_supply_lines().total("P1") == 1


def test_lf_r22_support_clash_defence_keeps_the_defense_value():
    assert _logistics_under_cut_supply_lines(support_clash="defence").total("P1") == 2


# ------------------------------------------------------------------ LF-R23


def _counteroffensive_on_a_tie(**options) -> Table:
    """P1 and P2 both bid 3; then P2 turns over Counteroffensive (+2 to the lowest)."""
    t = Table(hands={"P1": ["troops_3"], "P2": ["troops_3", "draw_event"]}, **options)
    bid(t, "P1", ["troops_3"])
    go(t, "P2", "play troops_3")
    assert t.total("P1") == t.total("P2") == 3
    t.next_event = "counteroffensive"
    go(t, "P2", "play draw_event")
    return t


@pytest.mark.parametrize("tie,p1,p2", [
    (None, 5, 3),  # the default: the first tied player in seat order
    ("first_in_seat_order", 5, 3),
    ("every_tied", 5, 5),
    ("nobody", 3, 3),
])
def test_lf_r23_lowest_bid_tie(tie, p1, p2):
    t = _counteroffensive_on_a_tie(**({"lowest_bid_tie": tie} if tie else {}))
    assert (t.total("P1"), t.total("P2")) == (p1, p2)


@pytest.mark.parametrize("option,value", [
    ("propaganda_lasts", "forever"), ("support_clash", "both"), ("lowest_bid_tie", "last"),
])
def test_a_ruling_option_with_an_unknown_value_is_reported_where_it_is_written(option, value):
    text = re.sub(rf"^    {option} .*$", f"    {option} {value}", SCENARIO.read_text(),
                  count=1, flags=re.M)
    found = [(d.line, d.message) for d in problems(dsl.loads(text, str(SCENARIO)))]
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.strip().startswith(option))
    assert len(found) == 1 and found[0][0] == line, found
    assert option in found[0][1] and value in found[0][1]


# ------------------------------------------------------------------ LF-R01


def _dealt(text: str, **options) -> dict[str, int]:
    """The hand of each of three players at the first move (seeded draws): the deal, and
    the dealer's draw at the start of their turn."""
    match = Match.new(with_players(dsl.loads(text, str(SCENARIO)), 3), options=options,
                      chance=SeededChance(1))
    while match.decision.kind is DecisionKind.CHANCE:
        match.roll()
    return {side: len(match.state.hand(side)) for side in match.state.sides}


def test_lf_r01_each_player_is_dealt_what_their_setup_says():
    text = SCENARIO.read_text().replace("setup P2 { deal 6;", "setup P2 { deal 8;", 1)
    base = _dealt(SCENARIO.read_text())  # six each, and the dealer's first draw
    assert _dealt(text) == {**base, "P2": base["P2"] + 2}


def test_lf_r01_the_hand_option_deals_every_player_alike():
    text = SCENARIO.read_text().replace("setup P2 { deal 6;", "setup P2 { deal 8;", 1)
    base = _dealt(SCENARIO.read_text())
    assert _dealt(text, hand=4) == {side: n - 2 for side, n in base.items()}


def test_lf_r01_only_the_first_side_deals():
    text = SCENARIO.read_text().replace("setup P3 { deal 6; deal_from battle }",
                                        "setup P3 { deal 6; deal_from battle; dealer }", 1)
    found = [(d.line, d.message) for d in problems(dsl.loads(text, str(SCENARIO)))]
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "setup P3" in l)
    assert found == [(line, "setup P3: the first side, P1, deals (LF-R01)")]


def test_lf_r01_a_misspelt_deal_field_is_an_error_where_written():
    text = SCENARIO.read_text().replace("setup P2 { deal 6;", "setup P2 { deel 6;", 1)
    found = [d for d in problems(dsl.loads(text, str(SCENARIO)))]
    assert len(found) == 1 and "deel" in found[0].message and found[0].hint == "did you mean 'deal'?"


@pytest.mark.parametrize("change, hand, said", [
    (None, None, "deals Battle cards: everyone 6."),
    (("setup P2 { deal 6;", "setup P2 { deal 8;"), None, "P1 6, P2 8, P3 6, P4 6, P5 6."),
    (("setup P2 { deal 6;", "setup P2 { deal 8;"), 4, "everyone 4."),
])
def test_lf_r01_the_play_mat_prints_the_deal_the_referee_deals(change, hand, said):
    text = SCENARIO.read_text()
    if change:
        text = text.replace(*change, 1)
    if hand is not None:
        text = text.replace("  options {\n", f"  options {{\n    hand {hand}\n", 1)
    rml = render_rml(dsl.loads(text, str(SCENARIO)))
    assert said in rml

"""Lines and Webs for four players (LW-R42): the option `roles four_players` gives each
side a logistics seat (Spend resources, Transport supplies) and a combat seat (Issue
orders, Execute orders and every window in it); a move typed by the wrong seat is
refused with the rule and changes nothing; dice typed at the table are anyone's; the
option off is the two-player game exactly."""

from __future__ import annotations

import io
import json
import random

import pytest

from tests.four_players import SEATS, load, other_role, pick, seat_of
from tests.lines_and_webs_cases import (
    RULES, at_execute, at_phase, empty, play, put, roll, scenario)
from tests.test_lines_and_webs_cards import holding
from toolkit.cli import main
from toolkit.referee import roles
from toolkit.referee.chance import SeededChance
from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import SIDE, Window
from toolkit.referee.match import Match
from toolkit.referee.protocol import CHANCE, IllegalMoveError
from toolkit.referee.session import Session
from toolkit.referee.transcript import told

FOUR = {"roles": "four_players"}


def refused_for(s, side, role, rule="LW-R42"):
    """The seat may not answer now: the Illegal, with `rule`."""
    why = roles.check(RULES, s, side, role, RULES.decision(s))
    assert why is not None and why.rule == rule, why
    return why


def accepted_for(s, side, role):
    assert roles.check(RULES, s, side, role, RULES.decision(s)) is None


# ------------------------------------------------------------------ the option


def test_LW_R42_two_players_by_default_one_seat_a_side_and_no_seat_to_name():
    s = empty()
    assert RULES.roles(s) == () and RULES.role_of(s, "Delta") is None
    m = Match(RULES, scenario(), s)
    assert m.seats() == [("Delta", None), ("Gamma", None)]
    assert m.asked_seat() == "Delta" and m.asked_seat("Gamma") == "Gamma"
    before = m.state_hash()
    with pytest.raises(IllegalMoveError) as err:
        m.play("buy 3f", "Delta", role="logistics")
    assert str(err.value) == ("illegal: Delta has no logistics seat; one player plays each "
                              "side (seat)")
    assert m.state_hash() == before and m.history == []
    m.play("buy 3f", "Delta")  # no seat named: the side's move, as always
    assert len(m.history) == 1


def test_LW_R42_four_players_gives_each_side_a_logistics_and_a_combat_seat():
    s = empty(**FOUR)
    assert [r.name for r in RULES.roles(s)] == ["logistics", "combat"]
    m = Match(RULES, scenario(), s)
    assert [roles.seat_name(side, role) for side, role in m.seats()] == list(SEATS)
    assert m.asked_seat() == "Delta logistics" and m.asked_seat("Gamma") == "Gamma logistics"
    with pytest.raises(IllegalMoveError) as err:
        m.play("buy 3f", "Delta", role="medic")
    assert err.value.rule == "seat" and "Delta logistics, Delta combat" in str(err.value)


def test_LW_R42_the_option_is_checked_like_any_other(tmp_path):
    from tests.four_players import four_players
    scn = four_players(tmp_path, roles_option="six_players")
    out = io.StringIO()
    import contextlib
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        assert main(["check", str(scn)]) == 1
    assert "option roles: six_players is not one of two_players, four_players" in out.getvalue()


# ------------------------------------------------------------- who answers what


def test_LW_R42_spend_and_transport_are_the_logistics_players():
    s = empty(**FOUR)
    assert s.flow.phase == "spend"
    why = refused_for(s, "Delta", "combat")
    assert str(why) == ("illegal: it is Delta logistics's decision: Spend resources is the "
                        "logistics player's (LW-R42)")
    accepted_for(s, "Delta", "logistics")
    accepted_for(s, "Gamma", "logistics")
    s = at_phase(s, "transport")
    assert "Transport supplies is the logistics player's" in str(refused_for(s, "Gamma", "combat"))
    accepted_for(s, "Gamma", "logistics")


def test_LW_R42_sf_in_the_area_in_spend_is_played_by_the_logistics_player():
    s = holding(empty(**FOUR), "Delta", "sf_in_the_area")
    m = Match(RULES, scenario(), s)
    before = m.state_hash()
    with pytest.raises(IllegalMoveError) as err:
        m.play("play sf_in_the_area E5", "Delta", role="combat")
    assert err.value.rule == "LW-R42" and m.state_hash() == before and m.history == []
    m.play("play sf_in_the_area E5", "Delta", role="logistics")
    assert m.state.book("Delta").pending


def test_LW_R42_orders_and_execute_with_its_special_cards_are_the_combat_players():
    s = at_phase(empty(**FOUR), "orders")
    assert "Issue orders is the combat player's" in str(refused_for(s, "Delta", "logistics"))
    accepted_for(s, "Delta", "combat")
    s = at_execute(holding(put(empty(**FOUR), "DMI1", "D7", (0, 2, 2, 0)), "Delta",
                           "air_drop_inbound"), execution={"Delta": ("DMI1",)})
    assert "Execute orders is the combat player's" in str(refused_for(s, "Delta", "logistics"))
    m = Match(RULES, scenario(), s)
    with pytest.raises(IllegalMoveError):
        m.play("play air_drop_inbound DMI1 r", "Delta", role="logistics")
    m.play("play air_drop_inbound DMI1 r", "Delta", role="combat")


def _duel(**hands):
    """tests.test_lines_and_webs_cards.duel with the four-player option."""
    s = empty(**FOUR)
    s = put(s, "DMI1", "D7", (1, 2, 2, 0))
    s = put(s, "GMI1", "D6", (1, 2, 2, 0))
    for side, cards in hands.items():
        s = holding(s, side, *cards)
    return at_execute(s, execution={"Delta": ("DMI1",), "Gamma": ("GMI1",)})


def test_LW_R42_the_windows_of_execute_are_the_combat_players():
    s = _duel(Delta=("scouts_out", "mass_cal"))
    s, _ = play(s, "Delta", "DMI1xD6")
    assert s.flow.window.name == "scouts"
    assert "playing Scouts Out! is the combat player's" in str(
        refused_for(s, "Delta", "logistics"))
    accepted_for(s, "Delta", "combat")
    s, _ = play(s, "Delta", "pass")
    s = roll(s, 1, 1, 1)
    s = roll(s, 7, 1, 1)
    assert s.flow.window.name == "retreat"
    assert "a retreat after an engagement" in str(refused_for(s, "Delta", "logistics"))
    s, _ = play(s, "Delta", "retreat D4")
    assert s.flow.window.name == "mass_cal"
    assert "playing MASS CAL!" in str(refused_for(s, "Delta", "logistics"))
    s, _ = play(s, "Delta", "pass")
    # the winner's offer to attack again (LW-C8), opened as combat opens it
    s = open_window(s, Window("again", SIDE, players=("Delta",), prompt="attack again"))
    assert "attacking again is the combat player's" in str(refused_for(s, "Delta", "logistics"))
    accepted_for(s, "Delta", "combat")


def test_LW_R42_drone_recon_after_a_command_post_is_the_combat_players():
    s = empty(**FOUR)
    s = put(s, "DAR1", "J9", (1, 3, 2, 0))
    s = put(s, "GAR1", "B2", (1, 3, 2, 0))
    s = at_execute(s, execution={"Delta": ("command_post", "DAR1"), "Gamma": ("GAR1",)})
    s = holding(s, "Gamma", "drone_recon")
    s, _ = play(s, "Delta", "command_post")
    assert s.flow.window.name == "drone"
    assert "playing Drone Recon! is the combat player's" in str(
        refused_for(s, "Gamma", "logistics"))
    accepted_for(s, "Gamma", "combat")


def test_LW_R42_dice_typed_at_the_table_are_any_seats():
    s = _duel()
    s, _ = play(s, "Delta", "DMI1xD6")
    d = RULES.decision(s)
    assert d.kind.value == "chance" and RULES.role_of(s, "Delta") == RULES.role_of(s, "Gamma")
    for side in ("Delta", "Gamma"):
        for role in ("logistics", "combat"):
            assert roles.check(RULES, s, side, role, d) is None
    m = Match(RULES, scenario(), s)  # no chance source: the table types the dice
    m.play("1 1 1", CHANCE)
    assert len(m.history) == 1


def test_LW_R42_a_seat_of_the_side_not_asked_gets_the_cores_turn_rule():
    s = _duel()
    m = Match(RULES, scenario(), s)
    with pytest.raises(IllegalMoveError) as err:
        m.play("GMI1 hold", "Gamma", role="combat")
    assert err.value.rule == "turn"


# ------------------------------------------------------------------ whole games


def _one_turn_game(tmp_path, seed):
    """A one-turn four-player game through the match API: every move typed first by
    the wrong seat of the side asked (refused, nothing changed), then by the right one."""
    m = Match.new(load(tmp_path, turns=1), chance=SeededChance(seed), seed=str(seed),
                  record_path=tmp_path / "four.record")
    rng = random.Random(seed)
    typed = set()
    refusals = 0
    while not m.over:
        d = m.decision
        if d.kind.value == "chance":
            m.roll()
            continue
        side = rng.choice(d.players)
        side, role = seat_of(m, side)
        assert role in [r.name for r in RULES.roles(m.state)]  # every decision has its seat
        text = pick(m, side, rng)
        before, moves = m.state_hash(), len(m.history)
        with pytest.raises(IllegalMoveError) as err:
            m.play(text, side, role=other_role(role))
        assert err.value.rule == "LW-R42"
        assert f"it is {side} {role}'s decision" in str(err.value)
        assert m.state_hash() == before and len(m.history) == moves
        refusals += 1
        m.play(text, side, role=role)
        typed.add(roles.seat_name(side, role))
    return m, typed, refusals


def test_LW_R42_a_one_turn_game_with_four_seats_through_the_match_api(tmp_path):
    m, typed, refusals = _one_turn_game(tmp_path, 3)
    assert m.outcome is not None and m.outcome.rule.startswith("LW-V")
    assert typed == set(SEATS) and refusals > 20
    # the record is the two-player record's format: sides, not seats; it replays exactly
    from toolkit.referee import record
    text = (tmp_path / "four.record").read_text()
    assert "logistics" not in text and "combat" not in text
    again = Match.from_record(record.load(tmp_path / "four.record"), m.scenario)
    assert again.state_hash() == m.state_hash()


def test_LW_R42_replay_as_each_seat_shows_its_sides_view_nothing_of_the_other_side(tmp_path, capsys):
    """`replay --as SEAT --json` of a four-player record: each of the four seats sees its
    side's view, with the side's own secrets and none of the other side's, at a point
    where both have some."""
    m, _, _ = _one_turn_game(tmp_path, 5)
    history = m.history
    at = next(i for i, e in enumerate(history) if e.before.flow.phase == "execute")
    state = history[at].before
    for seat in SEATS:
        side = seat.split()[0]
        other = state.other(side)
        capsys.readouterr()
        assert main(["replay", str(tmp_path / "four.record"), "--to", str(at), "--json",
                     "--as", seat]) == 0
        out = capsys.readouterr().out
        data = json.loads(out)
        assert data["view"]["viewer"] == side
        mine = [p for p in data["view"]["piles"] if p["owner"] == side]
        theirs = [p for p in data["view"]["piles"] if p["owner"] == other]
        assert any(p["cards"] for p in mine)  # its own decks and hand, card by card
        assert all(p["cards"] is None for p in theirs)  # the other side's as counts only
        compact = json.dumps(data)  # the form a leaked deck or hand would take
        assert json.dumps(list(RULES.secrets(state, side)[0])) in compact  # a control
        for secret in RULES.secrets(state, other):
            assert json.dumps(list(secret)) not in compact
        # the other side's secret orders are listed without their notation
        sealed = [n for n, e in enumerate(history[:at]) if e.player == other and
                  e.before.flow.phase in ("spend", "transport", "orders")]
        assert sealed and all(data["moves"][n]["move"] is None for n in sealed)
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "four.record"), "--as", "Delta medic"]) == 1
    assert "the seats Delta logistics, Delta combat" in capsys.readouterr().err


def test_LW_R42_both_seats_of_a_side_are_told_the_sides_events_only(tmp_path):
    m, _, _ = _one_turn_game(tmp_path, 7)
    checked = 0
    for side in ("Delta", "Gamma"):
        other = "Gamma" if side == "Delta" else "Delta"
        seen = set(told(m.history, side))
        private = {e.text for entry in m.history for e in entry.events if e.to == frozenset({other})}
        own = {e.text for entry in m.history for e in entry.events if e.to == frozenset({side})}
        assert own <= seen and not private & seen
        checked += len(private)
    assert checked  # the game had private events to keep (special cards bought)


# --------------------------------------------------------------- frontkit play


def test_LW_R42_frontkit_play_prompts_with_the_seat_asked(tmp_path):
    m = Match.new(load(tmp_path), chance=SeededChance(2), seed="2")
    lines = iter(["buy 3f\n", "pass\n", "pass\n", "pass\n", "pass\n", "quit\n"])
    out = io.StringIO()
    Session(m, lines, out).run()
    text = out.getvalue()
    assert "seats: Delta logistics, Delta combat, Gamma logistics, Gamma combat" in text
    assert "Delta logistics (turn 1: spend" in text
    assert "---- Gamma logistics to the table ----" in text
    assert "Delta logistics (turn 1: transport" in text
    assert [e.player for e in m.history] == ["Delta", "Delta", "Gamma", "Delta", "Gamma"]


def test_LW_R42_frontkit_play_hands_the_keyboard_from_logistics_to_combat(tmp_path):
    m = Match.new(load(tmp_path), chance=SeededChance(2), seed="2")
    lines = iter(["pass\n"] * 4 + ["quit\n"])
    out = io.StringIO()
    Session(m, lines, out).run()
    text = out.getvalue()
    assert "---- Delta combat to the table ----" in text
    assert "== Delta combat: secret orders ==" in text
    assert text.rstrip().endswith("stopped")
    assert m.decision.players == ("Delta", "Gamma") and m.state.flow.phase == "orders"

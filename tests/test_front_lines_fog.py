"""Front Lines fog of war (FL-fog-1…4, FL-spawn-4, FL-recon-3): views and secrets."""

from __future__ import annotations

import random
from pathlib import Path

import dsl
from toolkit.referee import game
from toolkit.referee.rulesets.front_lines import RULESET as FL
from toolkit.referee.rulesets.front_lines.position import play_turn, position

SCN = dsl.load(Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn")


def start(north=(), south=(), **kw):
    return position(SCN, {"North": ["commander A1", "infantry H1", *north],
                          "South": ["commander A10", "infantry H10", *south]}, **kw)


def test_FL_fog_1_the_enemy_back_row_is_hidden():
    s = start([], ["armor D10", "armor D9"])
    v = FL.view(s, "North")
    assert ("South", "D9", "armor") in v["units"]
    assert ("South", "D10", "armor") not in v["units"]
    assert ("South", "A10", "commander") not in v["units"]
    assert "D10" in v["hidden"] and "D9" not in v["hidden"]
    # your own back row is not hidden from you
    assert ("North", "A1", "commander") in v["units"]
    assert ("South", "D10", "armor") in FL.view(s, "South")["units"]


def test_FL_fog_2_recon_reveals_within_manhattan_distance_three():
    s = start(["recon D7"], ["armor D10", "armor G10", "infantry B10"])
    v = FL.view(s, "North")
    assert ("South", "D10", "armor") in v["units"]          # distance 3
    assert ("South", "B10", "infantry") not in v["units"]   # distance 2+3 = 5
    assert ("South", "G10", "armor") not in v["units"]      # distance 3+3 = 6
    assert "D10" not in v["hidden"] and "E10" in v["hidden"] and "C10" in v["hidden"]


def test_FL_fog_3_mines_are_seen_only_by_their_owner():
    s = start(mines={"North": ["D5"]})
    assert ("North", "mine", "D5") in FL.view(s, "North")["mines"]
    assert FL.view(s, "South")["mines"] == ()            # South's own: none
    assert "mines" not in FL.view(s, None)
    assert ("North", "mine", "D5") in FL.secrets(s, "North")


def test_FL_fog_4_planned_orders_are_secret_until_resolved():
    s = start(["infantry D3"])
    s, _ = game.play(FL, s, "North", FL.parse_move("ID3-D4"))
    secret = ("North", "order", 1, "ID3-D4")
    assert secret in FL.view(s, "North")["orders"]
    south = FL.view(s, "South")
    assert south["orders"] == () and south["planned"]["North"] == 1
    assert secret in FL.secrets(s, "North")


def test_FL_spawn_4_the_reserve_make_up_is_private():
    s = start()
    assert FL.view(s, "South")["reserve_left"]["North"] == 4
    assert all(r[0] == "South" for r in FL.view(s, "South")["reserve"])
    assert ("North", "reserve", "recon", 1) in FL.view(s, "North")["reserve"]


def test_FL_recon_3_a_disguised_recon_is_shown_as_infantry_even_to_spectators():
    s = start(["recon D5"])
    assert ("North", "D5", "infantry") in FL.view(s, "South")["units"]
    assert ("North", "D5", "infantry") in FL.view(s, None)["units"]
    assert ("North", "D5", "recon") in FL.secrets(s, "North")


def test_events_of_hidden_spawns_do_not_say_where():
    s = start()
    s, events = play_turn(s, North=["A@C1"])
    to_south = [e.text for e in events if e.visible_to("South")]
    assert not any("C1" in t for t in to_south)
    assert any("out of sight" in t for t in to_south)


def test_views_never_hold_the_other_sides_secrets_in_random_games():
    """The invariant the contract test checks, on more positions."""
    rng = random.Random(7)
    for _ in range(4):
        s = FL.new_game(SCN)
        n = 0
        while FL.decision(s) is not None and n < 200:
            d = FL.decision(s)
            side = rng.choice(d.players)
            s, _ = FL.apply(s, side, rng.choice(list(FL.legal_moves(s, side))))
            n += 1
            assert FL.invariants(s) == []


def test_render_draws_the_board_with_fog():
    s = start([], ["armor D10", "armor D9"])
    text = FL.render(FL.view(s, "North"))
    lines = text.splitlines()
    assert lines[10].split()[1:] == ["?"] * 8            # row 10 hidden
    assert lines[9].split()[4] == "a"                    # South armor on D9, small letter
    assert lines[1].split()[1] == "C"                    # North commander on A1

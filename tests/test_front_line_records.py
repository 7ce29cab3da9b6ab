"""Front Line golden records (tests/data/front_line/*.record): each replays through
the referee to a fixed outcome, state hash and move count (golden.json).

`scripted_purple_square.record` is written by hand: the start roll, Red's tank takes
the purple square E3, every react window is passed, and every later turn too: Red
wins on one Occupation Point after December (FL-win-op). The `random_*` records are seeded games of the
random bot (with the ruleset's bot weights), one per battlefield. To rebuild them:
see tests/golden.py.
"""

from __future__ import annotations

from pathlib import Path

from golden import Golden, Script, replay, round_trip_test, weighted_game
from toolkit.referee.match import Match
from toolkit.referee.rulesets.front_line import RULESET as FL

DATA = Path(__file__).parent / "data" / "front_line"
CONTENT = Path(__file__).parents[1] / "content" / "front_line"
BATTLEFIELDS = ("main", "lake_nogo", "great_desert", "mt_range")

RAID = """\
chance: 2
Red: first Red
Red: take air
Red: C4-E3
Green: pass
Red: B2-D2
Green: pass
Red: pass
""" + "".join(f"{side}: pass\n" for side in ("Green", "Red") * 11) + "Green: pass\n"


def _random_game(name: str, seed: int) -> Match:
    return weighted_game(CONTENT / f"{name}.scn", FL, f"front_line golden {name} {seed}")


GOLDEN = Golden(DATA, {"scripted_purple_square.record": Script(CONTENT / "main.scn", RAID)},
                {f"random_{name}.record": lambda name=name: _random_game(name, 1)
                 for name in BATTLEFIELDS})
(test_golden_records_replay_to_their_outcome_and_state_hash,
 test_there_is_a_golden_record_per_battlefield_and_a_scripted_one) = GOLDEN.tests()


def test_the_scripted_game_is_won_on_the_purple_square():
    match = replay(DATA / "scripted_purple_square.record")
    assert match.outcome.winner == "Red" and match.outcome.rule == "FL-win-op"
    assert match.outcome.scores == (("Red", 1.0), ("Green", 0.0))


def _every_die_is_in_the_record(again: Match, text: str) -> None:
    assert any(e.player == "chance" for e in again.history)


test_a_seeded_game_replays_to_the_same_state_as_played = round_trip_test(
    lambda: _random_game("lake_nogo", 7), CONTENT / "lake_nogo.scn", _every_die_is_in_the_record)


def test_dice_typed_at_the_table_go_into_the_record(tmp_path, capsys, monkeypatch):
    """`frontkit play --table`: the players type the dice; an impossible face is refused
    and asked again; every roll is a `chance:` line of the record (FL-attack-dice)."""
    import io
    import sys

    from toolkit.cli import main

    rec = tmp_path / "table.record"
    typed = "7\n2\nfirst Red\ntake air\nC4-E3\npass\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["play", str(CONTENT / "main.scn"), "--table", "--record", str(rec)]) == 0
    out = capsys.readouterr().out
    assert "1 to 6" in out  # the 7 was refused with a reason
    lines = [line for line in rec.read_text().splitlines() if line and not line.startswith(("#", " "))]
    assert "chance: 2" in lines and "Red: C4-E3" in lines
    assert not any(line == "chance: 7" for line in lines)

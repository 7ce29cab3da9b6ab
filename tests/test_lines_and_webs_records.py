"""Lines and Webs golden records (tests/data/lines_and_webs/*.record): each replays through
the referee to a fixed outcome, state hash and move count (golden.json).

`scripted_no_supply.record` is written by hand: both sides pass every concurrent phase and
give no orders for fifteen turns, so nobody fights and nobody is resupplied: units eat
their food on turn 3, are degraded on turn 6 and lose a step at every food turn after
(LW-F1); after turn 15 the ports are level and combat power decides (LW-V3).
`random_1.record` is a seeded game of the random bot with the ruleset's bot weights.
To rebuild them: see tests/golden.py.
"""

from __future__ import annotations

import re
from pathlib import Path

from golden import Golden, Script, replay, weighted_game
from toolkit.referee.match import Match
from toolkit.referee.rulesets.lines_and_webs import RULESET as LW

DATA = Path(__file__).parent / "data" / "lines_and_webs"
SCN = Path(__file__).parents[1] / "content" / "lines_and_webs" / "lines_and_webs.scn"

TURN = "".join(f"{side}: pass\n" for _ in range(3) for side in ("Delta", "Gamma")) + \
    "chance: 6 2\n"
NO_SUPPLY = TURN * 15


def _random_game(seed: int) -> Match:
    return weighted_game(SCN, LW, f"lines_and_webs golden {seed}")


GOLDEN = Golden(DATA, {"scripted_no_supply.record": Script(SCN, NO_SUPPLY)},
                {"random_1.record": lambda: _random_game(1)})
(test_golden_records_replay_to_their_outcome_and_state_hash,
 test_there_are_a_scripted_and_a_random_golden_record) = GOLDEN.tests()


def test_LW_F1_an_army_never_resupplied_starves_and_power_decides_after_turn_15():
    match = replay(DATA / "scripted_no_supply.record")
    out = match.outcome
    assert out.rule == "LW-V3" and dict(out.scores) == {"Delta": 2, "Gamma": 2}
    s = match.state
    armor = s.by_label("DAR1")
    # food eaten on turn 3; degraded on 6; a step lost on 9, 12 and 15
    assert armor.degraded and armor.lost == 3
    assert "combat power Delta" in out.reason


def test_the_bot_game_supplies_and_fights():
    """The bots' weights make them carry supplies and fight (issue 9: bots that finish games)."""
    text = (DATA / "random_1.record").read_text()
    attacks = re.findall(r"^(?:Delta|Gamma): [A-Z]+\d+(?:-[A-Z]+\d+)?x[A-Z]+\d+$", text, re.M)
    carries = re.findall(r"^(?:Delta|Gamma): [A-Z]+\d+(?:/[A-Z]+\d+)?>", text, re.M)
    assert len(attacks) >= 20 and len(carries) >= 50

"""Lines and Webs golden records (tests/data/lines_and_webs/*.record): each replays through
the referee to a fixed outcome, state hash and move count (golden.json).

`scripted_no_supply.record` is written by hand: both sides pass every concurrent phase and
give no orders for fifteen turns, so nobody fights and nobody is resupplied: units eat
their food on turn 3, are degraded on turn 6 and lose a step at every food turn after
(LW-F1); after turn 15 the ports are level and combat power decides (LW-V3).
`random_1.record` is a seeded game of the random bot with the ruleset's bot weights.
To rebuild them after a deliberate rules change (or a change to the scenario file, whose
hash the records carry):
    FRONTKIT_REGOLD=1 python3 -m pytest tests/test_lines_and_webs_records.py
and say in the commit why the hashes moved.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

import dsl
from toolkit.referee import record
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match
from toolkit.referee.protocol import DecisionKind
from toolkit.referee.rulesets.lines_and_webs import RULESET as LW

DATA = Path(__file__).parent / "data" / "lines_and_webs"
SCN = Path(__file__).parents[1] / "content" / "lines_and_webs" / "lines_and_webs.scn"
GOLDEN = DATA / "golden.json"

TURN = "".join(f"{side}: pass\n" for _ in range(3) for side in ("Delta", "Gamma")) + \
    "chance: 6 2\n"
NO_SUPPLY = TURN * 15


def _random_game(seed: int) -> Match:
    scenario = dsl.load(SCN)
    label = f"lines_and_webs golden {seed}"
    match = Match.new(scenario, chance=SeededChance(label), seed=label)
    rng = random.Random(label)
    while not match.over:
        d = match.decision
        if d.kind is DecisionKind.CHANCE:
            match.roll()
            continue
        side = d.players[0]
        legal = list(LW.legal_moves(match.state, side))
        match.play_move(side, rng.choices(legal, LW.bot_weights(match.state, side, legal))[0])
    return match


def _replay(path: Path) -> Match:
    rec = record.load(path)
    return Match.from_record(rec, dsl.load(rec.scenario_path()))


def _summary(match: Match) -> dict:
    return {"outcome": str(match.outcome), "state_hash": match.state_hash(),
            "moves": len(match.history)}


def regold() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    golden = {}
    script = DATA / "scripted_no_supply.record"
    header = Match.new(dsl.load(SCN)).header(script).format()
    script.write_text(header + NO_SUPPLY, encoding="utf-8")
    golden[script.name] = _summary(_replay(script))
    path = DATA / "random_1.record"
    _random_game(1).save(path)
    golden[path.name] = _summary(_replay(path))
    GOLDEN.write_text(json.dumps(golden, indent=2, sort_keys=True) + "\n", encoding="utf-8")


if os.environ.get("FRONTKIT_REGOLD"):
    regold()

EXPECTED = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_records_replay_to_their_outcome_and_state_hash(name):
    match = _replay(DATA / name)
    assert _summary(match) == EXPECTED[name]


def test_there_are_a_scripted_and_a_random_golden_record():
    assert set(EXPECTED) == {"scripted_no_supply.record", "random_1.record"}


def test_LW_F1_an_army_never_resupplied_starves_and_power_decides_after_turn_15():
    match = _replay(DATA / "scripted_no_supply.record")
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

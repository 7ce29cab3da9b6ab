"""Front Lines golden records (tests/data/front_lines/*.record): each replays through
the referee to a fixed outcome, state hash and move count (golden.json).

`scripted_recon_raid.record` is written by hand (a Recon runs round the flank and
assassinates the Commander, FL-recon-2, FL-win-1); the `random_*` records are seeded
random games. To rebuild them: see tests/golden.py.
"""

from __future__ import annotations

import random
from pathlib import Path

import dsl
from golden import Golden, Script, replay, round_trip_test
from toolkit.referee.match import Match
from toolkit.referee.rulesets.front_lines import RULESET as FL

DATA = Path(__file__).parent / "data" / "front_lines"
SCN_PATH = Path(__file__).parents[1] / "content" / "front_lines" / "front_lines.scn"
RANDOM_SEEDS = (0, 1, 2)  # ending FL-win-1, FL-draw-3, FL-win-3

RAID = """\
North: pass
South: pass
North: RE3-E5
North: RE5-G5
North: RG5-G7
South: pass
South: pass
South: pass
North: RG7-H7
North: RH7-H9
North: RH9-H10
South: pass
South: pass
South: pass
North: RH10-G10
North: RG10-F10
North: pass
South: pass
South: pass
South: pass
"""


def _random_game(seed: int) -> Match:
    scenario = dsl.load(SCN_PATH)
    match = Match.new(scenario)
    rng = random.Random(f"front_lines golden {seed}")
    while not match.over:
        d = match.decision
        side = d.players[rng.randrange(len(d.players))]
        legal = list(FL.legal_moves(match.state, side))
        match.play_move(side, rng.choice(legal))
    return match


GOLDEN = Golden(DATA, {"scripted_recon_raid.record": Script(SCN_PATH, RAID)},
                {f"random_seed{seed}.record": lambda seed=seed: _random_game(seed)
                 for seed in RANDOM_SEEDS})
test_golden_records_replay_to_their_outcome_and_state_hash, test_there_are_golden_records = \
    GOLDEN.tests()


def test_the_scripted_raid_ends_in_an_assassination():
    match = replay(DATA / "scripted_recon_raid.record")
    assert match.outcome.winner == "North"
    assert match.outcome.rule == "FL-win-1"
    assert match.state.turn == 3                     # ended in turn 3, step 2


test_a_random_game_replays_to_the_same_state_as_played = round_trip_test(
    lambda: _random_game(99), SCN_PATH)

"""Fantasy Line Battle golden records (tests/data/fantasy_line_battle/*.record): each
replays through the referee to a fixed outcome, state hash and move count (golden.json).

`scripted_counterspell.record` is written by hand: North fields a Giant, a Spearman and a
Pyromancer, South a Scout and an Acolyte; South answers North's Fireball with a
Counterspell, casts Dark Pact on its own Front (the Scout dies), discards down to two
Black spells when its Acolyte dies, and loses at the end of Day 2 (FLB-end, FLB-R06).
The `random_N.record` files are seeded games of the random bot with the ruleset's bot
weights. To rebuild them: see tests/golden.py.
"""

from __future__ import annotations

from pathlib import Path

from golden import Golden, Script, replay, weighted_game
from toolkit.referee.rulesets.fantasy_line_battle import RULESET as FLB

DATA = Path(__file__).parent / "data" / "fantasy_line_battle"
SCENARIO = Path(__file__).parents[1] / "content" / "fantasy_line_battle" / \
    "fantasy_line_battle.scn"
SEEDS = (1, 2)

SCRIPT = """\
chance: giant
chance: spearman
chance: pyromancer
chance: knight
chance: archer
chance: scout
chance: acolyte
chance: squire
chance: knight
chance: archer
North: place giant
chance: cleric
North: place spearman
chance: squire
North: place pyromancer
chance: acolyte
North: done
South: place scout
chance: merchant
South: place acolyte
chance: assassin
South: done
chance: fireball
chance: fireball
chance: fireball
chance: lightning_bolt
chance: curse
chance: dark_pact
chance: fear
chance: counterspell
chance: North
North: cast fireball
South: cast counterspell
chance: chain_lightning
chance: counterspell
South: cast dark_pact
chance: curse
North: pass
South: pass
North: pass
South: pass
North: pass
South: pass
South: discard counterspell
South: discard curse
chance: North
North: pass
South: pass
North: pass
South: pass
North: pass
South: pass
"""


def _random_game(seed: int):
    return weighted_game(SCENARIO, FLB, f"fantasy_line_battle golden {seed}")


GOLDEN = Golden(DATA, {"scripted_counterspell.record": Script(SCENARIO, SCRIPT)},
                {f"random_{seed}.record": lambda seed=seed: _random_game(seed)
                 for seed in SEEDS})
test_golden_records_replay_to_their_outcome_and_state_hash, test_there_are_golden_records = \
    GOLDEN.tests()


def test_the_scripted_game_counters_a_fireball_and_ends_on_day_two():
    match = replay(DATA / "scripted_counterspell.record")
    told = [e.text for entry in match.history for e in entry.events]
    assert "fireball is cancelled by counterspell" in told
    assert "South discards curse (hand limit)" in told
    assert match.outcome.winner == "North" and match.outcome.rule == "FLB-end"
    assert match.state.flow.round == 2

"""Last Front golden records (tests/data/last_front/*.record): each replays through
the referee to a fixed outcome, state hash and move count (golden.json).

`scripted_worked_bid.record` is written by hand: P1 opens with the rulebook's worked
bid (two Troops of 2 and 1 under Veteran Troops and Rifle Company: 8), P2 withdraws,
and P1 goes on to take three territories of different nations (LF-victory). The
`random_Np.record` files are seeded games of the random bot with the ruleset's bot
weights at two, three and five players. To rebuild them after a deliberate rules
change (or a change to the scenario, whose hash the records carry):
    FRONTKIT_REGOLD=1 python3 -m pytest tests/test_last_front_records.py
and say in the commit why the hashes moved.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import dsl
from golden import expected, replay, summary, weighted_game, write_golden, write_script
from toolkit.referee.match import Match
from toolkit.referee.rulesets.last_front import RULESET as LF

DATA = Path(__file__).parent / "data" / "last_front"
SCENARIO = Path(__file__).parents[1] / "content" / "last_front" / "last_front.scn"
GOLDEN = DATA / "golden.json"
COUNTS = (2, 3, 5)

DEAL = ("chance: troops_2\nchance: troops_1\nchance: veteran_troops\nchance: rifle_company\n"
        "chance: troops_3\nchance: troops_3\n" + "chance: troops_1\n" * 6)
WORKED_BID = DEAL + """\
chance: british
chance: tanks_2
P1: play troops_2
P1: play troops_1
P1: play veteran_troops
P2: pass
P1: play rifle_company
P2: pass
P1: done
chance: troops_2
P2: withdraw
chance: planes_2
chance: german
chance: tanks_3
P1: attack open
chance: tanks_2
P1: play troops_3
P1: done
chance: troops_2
P2: withdraw
chance: planes_2
chance: american
chance: planes_3
P1: attack open
chance: tanks_3
P1: play troops_3
P1: done
chance: troops_2
P2: withdraw
chance: planes_3
"""


def _random_game(players: int, seed: int) -> Match:
    return weighted_game(SCENARIO, LF, f"last_front golden {players}p {seed}", players)


def regold() -> None:
    scripted = DATA / "scripted_worked_bid.record"
    write_script(scripted, SCENARIO, WORKED_BID, players=2)
    records = [scripted]
    for n in COUNTS:
        path = DATA / f"random_{n}p.record"
        _random_game(n, 1).save(path)
        records.append(path)
    write_golden(GOLDEN, records)


if os.environ.get("FRONTKIT_REGOLD"):
    regold()

EXPECTED = expected(GOLDEN)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_records_replay_to_their_outcome_and_state_hash(name):
    assert summary(replay(DATA / name)) == EXPECTED[name]


def test_there_is_a_golden_record_per_player_count_and_a_scripted_one():
    assert set(EXPECTED) == {"scripted_worked_bid.record"} | {
        f"random_{n}p.record" for n in COUNTS}


def test_the_scripted_game_opens_with_the_worked_bid_and_ends_on_three_nations():
    match = replay(DATA / "scripted_worked_bid.record")
    told = [e.text for entry in match.history for e in entry.events]
    assert "P1 bids 8" in told
    assert match.outcome.winner == "P1" and match.outcome.rule == "LF-victory"
    assert match.outcome.ranking == (("P1",), ("P2",))


def test_a_seeded_game_replays_to_the_same_state_as_played():
    from toolkit.referee import record

    played = _random_game(3, 7)
    text = played.record_text(DATA / "x.record")
    again = Match.from_record(record.parse(text, str(DATA / "x.record")), dsl.load(SCENARIO))
    assert again.state_hash() == played.state_hash()
    assert str(again.outcome) == str(played.outcome)
    assert "players: 3" in text

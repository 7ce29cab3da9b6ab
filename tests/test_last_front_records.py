"""Last Front golden records (tests/data/last_front/*.record): each replays through
the referee to a fixed outcome, state hash and move count (golden.json).

`scripted_worked_bid.record` is written by hand: P1 opens with the rulebook's worked
bid (two Troops of 2 and 1 under Veteran Troops and Rifle Company: 8), P2 withdraws,
and P1 goes on to take three territories of different nations (LF-victory). The
`random_Np.record` files are seeded games of the random bot with the ruleset's bot
weights at two, three and five players. To rebuild them: see tests/golden.py.
"""

from __future__ import annotations

from pathlib import Path

from golden import Golden, Script, replay, round_trip_test, weighted_game
from toolkit.referee.match import Match
from toolkit.referee.rulesets.last_front import RULESET as LF

DATA = Path(__file__).parent / "data" / "last_front"
SCENARIO = Path(__file__).parents[1] / "content" / "last_front" / "last_front.scn"
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


GOLDEN = Golden(DATA, {"scripted_worked_bid.record": Script(SCENARIO, WORKED_BID, players=2)},
                {f"random_{n}p.record": lambda n=n: _random_game(n, 1) for n in COUNTS})
(test_golden_records_replay_to_their_outcome_and_state_hash,
 test_there_is_a_golden_record_per_player_count_and_a_scripted_one) = GOLDEN.tests()


def test_the_scripted_game_opens_with_the_worked_bid_and_ends_on_three_nations():
    match = replay(DATA / "scripted_worked_bid.record")
    told = [e.text for entry in match.history for e in entry.events]
    assert "P1 bids 8" in told
    assert match.outcome.winner == "P1" and match.outcome.rule == "LF-victory"
    assert match.outcome.ranking == (("P1",), ("P2",))


def _three_players_in_the_header(again: Match, text: str) -> None:
    assert "players: 3" in text


test_a_seeded_game_replays_to_the_same_state_as_played = round_trip_test(
    lambda: _random_game(3, 7), SCENARIO, _three_players_in_the_header)

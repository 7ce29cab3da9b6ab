"""`simulate --json` shows the outcomes' own figures (issue: the rules kit, outcomes for
more than two players): each side's mean score and mean place."""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.cli import main
from toolkit.referee import registry

TOY_3 = Path(__file__).parent / "referee_toy" / "dice_race_3.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")


def test_simulate_json_gives_mean_scores_and_places_for_three_runners(capsys):
    assert main(["simulate", str(TOY_3), "--games", "30", "--seed", "2", "--jobs", "1",
                 "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    places, scores = data["mean_places"], data["mean_scores"]
    assert set(places) == set(scores) == {"Red", "Blue", "Green"}
    assert all(1 <= p <= 3 for p in places.values())
    # the ranking puts the winner first: a side's mean place is better the more it wins
    best = min(places, key=places.get)
    assert data["wins"][best] == max(data["wins"].values())
    assert all(1 <= s <= 8 for s in scores.values())  # squares reached on an 8-square track

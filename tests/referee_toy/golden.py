"""Write the golden game records of tests/data and their expected results.

    python3 -m tests.referee_toy.golden [NAME.rec ...]   # rewrite records + referee_golden.json

Each golden record is a random game (uniform random bots, seeded chance) written
through a Match, so it is a real record with real undo lines where noted. Run this
only when a ruleset's rules or notation change on purpose, and say so in the commit:
the golden test exists to notice when replays stop reproducing.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import dsl
from toolkit.referee import game, registry
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match
from toolkit.referee.protocol import CHANCE

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
TOY = ROOT / "tests" / "referee_toy" / "dice_race.scn"
FRONT_LINES = ROOT / "content" / "front_lines" / "front_lines.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")

#: (record name, scenario, seed, undos to sprinkle in)
GAMES = [
    ("referee_dice_race_seed5.rec", TOY, 5, 0),
    ("referee_dice_race_seed11.rec", TOY, 11, 3),
    # a draw (10 turns without casualties), a Commander kill, a centre hold
    ("referee_front_lines_seed1.rec", FRONT_LINES, 1, 0),
    ("referee_front_lines_seed4.rec", FRONT_LINES, 4, 3),
    ("referee_front_lines_seed14.rec", FRONT_LINES, 14, 0),
]


def write(name: str, scenario_path: Path, seed: int, undos: int) -> dict:
    scenario = dsl.load(scenario_path)
    path = DATA / name
    m = Match.new(scenario, chance=SeededChance(seed), seed=str(seed), record_path=path)
    rng = random.Random(seed)
    while not m.over:
        player = m.deciding_player()
        if player == CHANCE:
            m.roll()
            continue
        m.play(rng.choice(m.legal(player)), player)
        if undos and not m.over and m.why_not_undo() is None:
            m.undo()
            undos -= 1
    return {"moves": len(m.history), "outcome": str(m.outcome), "winner": m.outcome.winner,
            "state_hash": m.state_hash(), "legal_counts": legal_counts(m)}


def legal_counts(m: Match) -> list[int]:
    """Perft-style: how many legal moves the side that moved had at each standing move
    (chance: how many outcomes were possible, 0 when too many to list)."""
    return [len(game.legal_moves(m.rules, e.before, e.player)) for e in m.history]


def main(argv: list[str]) -> None:
    """Rewrite the records named in argv (all when none), keeping the others' results."""
    target = DATA / "referee_golden.json"
    golden = json.loads(target.read_text()) if target.exists() else {}
    for name, scn, seed, undos in GAMES:
        if (not argv or name in argv) and scn.exists():
            golden[name] = write(name, scn, seed, undos)
            print(f"{name}: {golden[name]['outcome']} after {golden[name]['moves']} moves")
    target.write_text(json.dumps(dict(sorted(golden.items())), indent=2) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])

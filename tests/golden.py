"""What the golden-record tests of every ruleset share (tests/test_*_records.py): replay a
record, summarise where it ended, play a seeded bot game, and read or write golden.json.
Each ruleset's file keeps its own records, scripts and rule tests."""

from __future__ import annotations

import json
import random
from pathlib import Path

import dsl
from toolkit.referee import record
from toolkit.referee.chance import SeededChance
from toolkit.referee.match import Match
from toolkit.referee.players import with_players
from toolkit.referee.protocol import DecisionKind


def replay(path: Path) -> Match:
    """The match a record replays to, through the scenario the record names."""
    rec = record.load(path)
    return Match.from_record(rec, dsl.load(rec.scenario_path()))


def summary(match: Match) -> dict:
    """What a golden record is held to: its outcome, final state hash and move count."""
    return {"outcome": str(match.outcome), "state_hash": match.state_hash(),
            "moves": len(match.history)}


def _scenario(path: Path, players: int | None):
    """The scenario at `path`, played by its first `players` sides when given."""
    scenario = dsl.load(path)
    return scenario if players is None else with_players(scenario, players)


def weighted_game(scenario_path: Path, rules, label: str, players: int | None = None) -> Match:
    """A game of the random bot with the ruleset's bot weights, dice and choices seeded
    by `label` (the first player asked moves); `players`: as `--players`."""
    match = Match.new(_scenario(scenario_path, players), chance=SeededChance(label), seed=label)
    rng = random.Random(label)
    while not match.over:
        d = match.decision
        if d.kind is DecisionKind.CHANCE:
            match.roll()
            continue
        side = d.players[0]
        legal = list(rules.legal_moves(match.state, side))
        match.play_move(side, rng.choices(legal, rules.bot_weights(match.state, side, legal))[0])
    return match


def write_script(path: Path, scenario_path: Path, moves: str, players: int | None = None) -> None:
    """A hand-written record: the scenario's header, then `moves`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    header = Match.new(_scenario(scenario_path, players)).header(path).format()
    path.write_text(header + moves, encoding="utf-8")


def write_golden(golden: Path, records: list[Path]) -> None:
    """golden.json: every record's summary after replaying it as saved."""
    summaries = {path.name: summary(replay(path)) for path in records}
    golden.write_text(json.dumps(summaries, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def expected(golden: Path) -> dict:
    return json.loads(golden.read_text()) if golden.exists() else {}

"""The one golden-record harness every game's records test uses (tests/test_*_records.py).

A game declares its records once, as a `Golden`: the folder, the hand-written scripts
(record name -> scenario and moves) and the seeded games (record name -> the game that
writes it). `Golden.tests()` gives the tests every game runs: each record replays to the
outcome, state hash and move count pinned in golden.json, and golden.json names exactly
the declared records. `round_trip_test` gives the test that a seeded game, written out as
a record and read back, replays to the state it was played to. To rebuild a game's records
after a deliberate rules change (or a change to a scenario, whose hash a record carries):
    FRONTKIT_REGOLD=1 python3 -m pytest tests/test_GAME_records.py
and say in the commit why the hashes moved. Each game's file keeps its own scripts and the
rule tests that read them."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

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


def weighted_game(scenario_path: Path, rules, label: str, players: int | None = None, *,
                  decisions: int | None = None,
                  each: Callable[[str, list], None] | None = None) -> Match:
    """A game of the random bot with the ruleset's bot weights, dice and choices seeded
    by `label` (the first player asked moves); `players`: as `--players`. Stops after
    `decisions` moves when given; `each(side, legal)` sees every listing first."""
    match = Match.new(_scenario(scenario_path, players), chance=SeededChance(label), seed=label)
    rng = random.Random(label)
    made = 0
    while not match.over and (decisions is None or made < decisions):
        d = match.decision
        if d.kind is DecisionKind.CHANCE:
            match.roll()
            continue
        side = d.players[0]
        legal = list(rules.legal_moves(match.state, side))
        if each is not None:
            each(side, legal)
        match.play_move(side, rng.choices(legal, rules.bot_weights(match.state, side, legal))[0])
        made += 1
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


@dataclass(frozen=True)
class Script:
    """A hand-written record: its scenario, its moves, and `players` as `--players`."""
    scenario: Path
    moves: str
    players: int | None = None


@dataclass(frozen=True)
class Golden:
    """A game's golden records in `data`: hand-written `scripts` and seeded `games`, each
    by record name; golden.json beside them pins what each replays to."""
    data: Path
    scripts: Mapping[str, Script]
    games: Mapping[str, Callable[[], Match]]

    @property
    def golden(self) -> Path:
        return self.data / "golden.json"

    def names(self) -> set[str]:
        return set(self.scripts) | set(self.games)

    def regold(self) -> None:
        """Write every script and seeded game again, then golden.json from their replays."""
        for name, script in self.scripts.items():
            write_script(self.data / name, script.scenario, script.moves, script.players)
        for name, game in self.games.items():
            game().save(self.data / name)
        write_golden(self.golden, [self.data / name for name in sorted(self.names())])

    def tests(self) -> tuple[Callable, Callable]:
        """The record tests every game runs, to be bound to test_ names in its module."""
        if os.environ.get("FRONTKIT_REGOLD"):
            self.regold()
        pinned = expected(self.golden)

        @pytest.mark.parametrize("name", sorted(pinned))
        def replays(name):
            assert summary(replay(self.data / name)) == pinned[name]

        def all_pinned():
            assert set(pinned) == self.names()

        return replays, all_pinned


def round_trip_test(game: Callable[[], Match], scenario: Path,
                    also: Callable[[Match, str], None] | None = None) -> Callable:
    """The test that `game`, written as a record and read back through `scenario`,
    replays to the state and outcome it was played to; `also(again, text)` checks more."""

    def round_trip(tmp_path):
        played = game()
        path = tmp_path / "x.record"
        text = played.record_text(path)
        again = Match.from_record(record.parse(text, str(path)), dsl.load(scenario))
        assert again.state_hash() == played.state_hash()
        assert str(again.outcome) == str(played.outcome)
        if also is not None:
            also(again, text)

    return round_trip

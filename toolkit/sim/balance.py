"""Balance runs: many bot games of one scenario (under one or several settings).

    run = balance("content/front_lines/front_lines.scn", games=2000, seed=1,
                  lineup=("mcts:100", "random"), vary={"centre_hold_turns": [3, 5, 7]})
    run.reports[0].seats[0].verdict      # "North's edge is within noise (…)"

A sweep (`vary`) plays the same games (the same seeds) under every
combination of the options given, so settings differ only by the option.
`simulate` is the short form behind `frontkit simulate`: one setting, a
table of wins, draws, length and speed.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.referee import overrides
from toolkit.sim import engines
from toolkit.sim.analysis import SettingReport, analyse
from toolkit.sim.bots import BotSpec, parse_lineup, seat_lineup
from toolkit.sim.playout import DEFAULT_CAP, GameRow

DEFAULT_GAMES = 1000  # a coffee break for random bots on the shipped games
DEFAULT_LINEUP = "random"


class BalanceError(ValueError):
    """Bad input to a run (an option that does not exist, a bad value); one message."""


def parse_vary(items: list[str]) -> dict[str, list[Any]]:
    """`["centre_hold_turns=3,5,7", "swap_fight=true,false"]` -> {name: [values]}."""
    out: dict[str, list[Any]] = {}
    for item in items:
        try:
            name, values = overrides.assignment(item, out, f"{item!r}: write OPTION=a,b,c")
        except overrides.OverrideError as err:
            raise BalanceError(f"--vary {err}") from None
        parts = [v.strip() for v in values.split(",")]
        if any(not p for p in parts):
            raise BalanceError(f"--vary {item!r}: an empty value")
        out[name] = [overrides.value(p) for p in parts]
    return out


def settings_of(vary: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every combination of the varied options (their cartesian product), in the order
    given; one empty setting without a sweep."""
    if not vary:
        return [{}]
    names = list(vary)
    return [dict(zip(names, combo)) for combo in itertools.product(*(vary[n] for n in names))]


@dataclass
class BalanceRun:
    scenario: str
    title: str
    ruleset: str
    sides: tuple[str, ...]
    seed: int | str
    lineup: tuple[str, ...]
    rotate: bool
    cap: int
    games: int  # per setting
    settings: list[dict[str, Any]]
    rows: list[GameRow]
    engine: str
    jobs: int
    chunk: int
    seconds: float
    reports: list[SettingReport] = field(default_factory=list)
    perfect_information: bool = False  # a search bot saw the true state (no determinize hook)
    job: engines.Job | None = None

    def setting_rows(self, setting: int) -> list[GameRow]:
        return [r for r in self.rows if r.setting == setting]

    @property
    def games_per_second(self) -> float:
        return len(self.rows) / self.seconds if self.seconds else 0.0

    def setting_name(self, setting: int) -> str:
        opts = self.settings[setting]
        return overrides.format(opts) or "as written"


def prepare(scenario_path: str | os.PathLike, *, games: int, seed: int | str,
            lineup: str | tuple[str, ...] = DEFAULT_LINEUP,
            vary: dict[str, list[Any]] | None = None, rotate: bool = True,
            cap: int = DEFAULT_CAP, labels: bool = True, players: int | None = None,
            scenario: Any = None):
    """Load and check everything before any game is played: the scenario (its first
    `players` sides, default the fewest it allows; `scenario`: already loaded from
    `scenario_path`), the ruleset, the line-up and every setting's options. What was
    loaded is kept for this process's games (`engines.keep`): the run loads the
    scenario once. Returns (scenario, rules, job, settings)."""
    import dsl
    from toolkit.referee import registry
    from toolkit.referee.players import PlayerCountError, declares_players, with_players
    from toolkit.referee.protocol import ScenarioError

    if scenario is None:
        scenario = dsl.load(scenario_path)
    narrowed = declares_players(scenario)
    try:
        scenario = with_players(scenario, players)
    except PlayerCountError as err:
        raise BalanceError(f"--players: {err}") from None
    rules = registry.get(scenario.ruleset)
    sides = tuple(scenario.sides)
    specs = parse_lineup(lineup) if isinstance(lineup, str) else tuple(
        BotSpec.parse(s) for s in lineup)
    specs = seat_lineup(specs, sides)
    settings = settings_of(vary or {})
    for name in (vary or {}):
        why = overrides.undeclared(scenario, [name])
        if why is not None:
            raise BalanceError(f"--vary {name}: {scenario_path}: {why}")
    starts = []
    for options in settings:
        try:
            starts.append(rules.new_game(scenario, options))
        except ScenarioError as err:
            shown = overrides.format(options)
            raise BalanceError(f"{scenario_path}: {shown + ': ' if shown else ''}{err}") from None
    files, main = engines.bundle(scenario_path)
    from toolkit.referee.registry import _extra

    job = engines.Job(files=files, main=main, rulesets=tuple(sorted(_extra.items())),
                      settings=tuple(tuple(sorted(o.items())) for o in settings),
                      lineup=tuple(str(s) for s in specs), seed=seed, rotate=rotate, cap=cap,
                      labels=labels, players=len(scenario.sides) if narrowed else None)
    engines.keep(job, rules, scenario, starts)
    return scenario, rules, job, settings


def balance(scenario_path: str | os.PathLike, *, games: int = DEFAULT_GAMES, seed: int | str = 0,
            lineup: str | tuple[str, ...] = DEFAULT_LINEUP,
            vary: dict[str, list[Any]] | None = None, rotate: bool = True,
            cap: int = DEFAULT_CAP, engine: str = "local", jobs: int = 1,
            address: str | None = None, chunk: int | None = None,
            progress: bool = False, players: int | None = None,
            scenario: Any = None) -> BalanceRun:
    """Play `games` games under every setting and analyse each setting (`scenario`:
    already loaded from `scenario_path`)."""
    scenario, rules, job, settings = prepare(scenario_path, games=games, seed=seed,
                                             lineup=lineup, vary=vary, rotate=rotate, cap=cap,
                                             players=players, scenario=scenario)
    size = chunk or engines.chunk_size(games, jobs, engine, search=job.searching)
    work = engines.chunks(len(settings), games, size)
    started = time.perf_counter()
    rows = _play(job, work, engine, jobs, address, progress, games * len(settings))
    seconds = time.perf_counter() - started
    sides = tuple(scenario.sides)
    run = BalanceRun(
        scenario=str(scenario_path), title=scenario.title or Path(scenario_path).stem,
        ruleset=rules.name, sides=sides, seed=seed, lineup=job.lineup, rotate=rotate, cap=cap,
        games=games, settings=settings, rows=rows, engine=engine, jobs=jobs, chunk=size,
        seconds=seconds, job=job,
        perfect_information=(any(s.startswith(("mcts", "greedy")) for s in job.lineup)
                             and getattr(rules, "determinize", None) is None))
    run.reports = [analyse(run.setting_rows(i), sides, options)
                   for i, options in enumerate(settings)]
    return run


def _play(job, work, engine, jobs, address, progress, total) -> list[GameRow]:
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False, dynamic_ncols=True)
    try:
        return engines.run(job, work, engine=engine, jobs=jobs, address=address,
                           done=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()


# ------------------------------------------------------------------- simulate


@dataclass
class Summary:
    scenario: str
    ruleset: str
    sides: tuple[str, ...]
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    total_length: int = 0
    total_player_moves: int = 0
    seconds: float = 0.0
    endings: Counter = field(default_factory=Counter)  # rule id -> games
    seed: int | str = 0
    jobs: int = 1
    lineup: tuple[str, ...] = ()
    score_sums: dict[str, float] = field(default_factory=dict)  # over games with scores
    scored: int = 0
    place_sums: dict[str, int] = field(default_factory=dict)  # over games that ended
    placed: int = 0

    def add(self, row: GameRow) -> None:
        self.games += 1
        if row.scores:
            self.scored += 1
            for side, value in row.scores:
                self.score_sums[side] = self.score_sums.get(side, 0) + value
        if row.places:
            self.placed += 1
            for side, place in row.places:
                self.place_sums[side] = self.place_sums.get(side, 0) + place
        if row.winner is None:
            self.draws += 1
        else:
            self.wins[row.winner] = self.wins.get(row.winner, 0) + 1
        self.total_length += row.moves
        self.total_player_moves += row.player_moves
        self.endings[row.rule or row.reason] += 1

    @property
    def mean_length(self) -> float:
        return self.total_length / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def moves_per_second(self) -> float:
        return self.total_length / self.seconds if self.seconds else 0.0

    def as_json(self) -> dict:
        return {
            "scenario": self.scenario, "ruleset": self.ruleset, "seed": self.seed,
            "jobs": self.jobs, "bots": list(self.lineup), "games": self.games,
            "wins": {side: self.wins.get(side, 0) for side in self.sides},
            "draws": self.draws, "mean_length": round(self.mean_length, 3),
            "endings": dict(sorted(self.endings.items())),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "moves_per_second": round(self.moves_per_second, 1),
            # the outcome's own figures (Outcome.scores, Outcome.places), averaged
            "mean_scores": {side: round(self.score_sums.get(side, 0) / self.scored, 3)
                            for side in self.sides} if self.scored else {},
            "mean_places": {side: round(self.place_sums.get(side, 0) / self.placed, 3)
                            for side in self.sides} if self.placed else {},
        }

    def table(self) -> str:
        bots = f", bots {','.join(self.lineup)}" if self.lineup else ""
        rows = [f"{self.games} games of {self.scenario} ({self.ruleset}), seed {self.seed}, "
                f"{self.jobs} job(s){bots}"]
        for side in self.sides:
            n = self.wins.get(side, 0)
            rows.append(f"  {side + ' wins':<16}{n:>8}  {100 * n / max(self.games, 1):5.1f}%")
        rows.append(f"  {'draws':<16}{self.draws:>8}  "
                    f"{100 * self.draws / max(self.games, 1):5.1f}%")
        rows.append(f"  {'mean length':<16}{self.mean_length:>8.1f}  moves")
        rows.append(f"  {'games/s':<16}{self.games_per_second:>8.1f}")
        rows.append(f"  {'moves/s':<16}{self.moves_per_second:>8.0f}")
        if self.endings:
            rows.append("  endings: " + ", ".join(f"{k} {v}" for k, v in
                                                  sorted(self.endings.items())))
        return "\n".join(rows)


def simulate(scenario_path: str | os.PathLike, games: int, *, seed: int | str = 0,
             jobs: int = 1, progress: bool = False, lineup: str = DEFAULT_LINEUP,
             engine: str = "local", address: str | None = None,
             players: int | None = None, scenario: Any = None) -> Summary:
    """Play `games` games (random bots unless `lineup` says otherwise) and count
    (`scenario`: already loaded from `scenario_path`)."""
    scenario, rules, job, _ = prepare(scenario_path, games=games, seed=seed, lineup=lineup,
                                      labels=False, players=players, scenario=scenario)
    summary = Summary(str(scenario_path), rules.name, tuple(scenario.sides), seed=seed,
                      jobs=jobs, lineup=job.lineup)
    work = engines.chunks(1, games, engines.chunk_size(games, jobs, engine, job.searching))
    started = time.perf_counter()
    for row in _play(job, work, engine, jobs, address, progress, games):
        summary.add(row)
    summary.seconds = time.perf_counter() - started
    return summary

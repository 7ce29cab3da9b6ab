"""Balance simulation: many random playouts of one scenario, summarised.

Game *i* of a run seeded *S* uses its own generator seeded from (S, i), so the
summary (everything but the timings) is the same whatever `jobs` is. With
`jobs > 1` the games are shared out in chunks to worker processes, each of
which loads the scenario and finds the ruleset by name once.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.sim.playout import GameResult, play_games

CHUNK = 25


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

    def add(self, result: GameResult) -> None:
        self.games += 1
        if result.winner is None:
            self.draws += 1
        else:
            self.wins[result.winner] = self.wins.get(result.winner, 0) + 1
        self.total_length += result.length
        self.total_player_moves += result.player_moves
        self.endings[result.rule or result.reason] += 1

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
            "jobs": self.jobs, "games": self.games,
            "wins": {side: self.wins.get(side, 0) for side in self.sides},
            "draws": self.draws, "mean_length": round(self.mean_length, 3),
            "endings": dict(sorted(self.endings.items())),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "moves_per_second": round(self.moves_per_second, 1),
        }

    def table(self) -> str:
        rows = [f"{self.games} games of {self.scenario} ({self.ruleset}), seed {self.seed}, "
                f"{self.jobs} job(s)"]
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


# worker processes keep the loaded rules and scenario between chunks
_worker: dict = {}


def _init_worker(scenario_path: str, extra_rulesets: dict[str, str]) -> None:
    import dsl
    from toolkit.referee import registry

    for name, target in extra_rulesets.items():
        registry.register(name, target)
    scenario = dsl.load(scenario_path)
    _worker["scenario"] = scenario
    _worker["rules"] = registry.get(scenario.ruleset)


def _run_chunk(job: tuple[int | str, int, int]) -> list[GameResult]:
    seed, start, stop = job
    return play_games(_worker["rules"], _worker["scenario"], seed, range(start, stop))


def simulate(scenario_path: str | os.PathLike, games: int, *, seed: int | str = 0,
             jobs: int = 1, progress: bool = False) -> Summary:
    """Play `games` random games; `progress` shows a tqdm bar on stderr."""
    import dsl
    from toolkit.referee import registry

    scenario = dsl.load(scenario_path)
    rules = registry.get(scenario.ruleset)
    rules.new_game(scenario)  # a ScenarioError shows here, before any worker starts
    summary = Summary(str(scenario_path), rules.name, tuple(scenario.sides), seed=seed,
                      jobs=jobs)
    chunk = max(1, min(CHUNK, games // (jobs * 4) or 1))
    work = [(seed, a, min(a + chunk, games)) for a in range(0, games, chunk)]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=games, unit="game", file=sys.stderr, leave=False, dynamic_ncols=True)
    started = time.perf_counter()
    try:
        if jobs <= 1:
            _worker.update(scenario=scenario, rules=rules)
            results = (_run_chunk(w) for w in work)
            for batch in results:
                for r in batch:
                    summary.add(r)
                if bar is not None:
                    bar.update(len(batch))
        else:
            from toolkit.referee.registry import _extra

            ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
            with ctx.Pool(jobs, _init_worker, (str(Path(scenario_path)), dict(_extra))) as pool:
                for batch in pool.imap(_run_chunk, work):  # in order: deterministic sums
                    for r in batch:
                        summary.add(r)
                    if bar is not None:
                        bar.update(len(batch))
    finally:
        if bar is not None:
            bar.close()
    summary.seconds = time.perf_counter() - started
    return summary

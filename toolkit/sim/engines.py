"""Where games are played: this process, a local process pool, or a Dask cluster.

A run is cut into chunks of games (`Chunk(setting, start, stop)`). Everything a
worker needs travels with the work as plain data (`Job`): the scenario as text
(every `.scn` file of its folder tree, so `include`s resolve with no shared
disk), the options of each setting, the bot line-up, the root seed. Game *i*
draws everything from its own generator seeded by (root seed, i), whatever
chunk or worker plays it; the rows that come back are sorted by (setting,
game), so the merged result is the same on every engine, worker count and
chunk size.

Engines:
- `local`: `jobs` processes of this machine (1: no pool at all);
- `dask`: a Dask cluster, joined at `address` (`tcp://host:8786`) or started on
  this machine when no address is given. Workers must have frontkit installed
  (`pip install 'frontkit[cluster]'`).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.sim.playout import DEFAULT_CAP, GameRow, game_rng, play_game, seats

ENGINES = ("local", "dask")
MAX_BUNDLE_FILES = 200  # .scn files sent with a scenario (its folder tree)


@dataclass(frozen=True)
class Job:
    """What every worker needs, as plain picklable data."""

    files: tuple[tuple[str, str], ...]  # (path relative to the bundle root, text)
    main: str  # the scenario's path within the bundle
    rulesets: tuple[tuple[str, str], ...]  # extra registry entries (name, "module:ATTR")
    settings: tuple[tuple[tuple[str, Any], ...], ...]  # the options of each setting
    lineup: tuple[str, ...]  # one bot spec per seat, in side order
    seed: int | str
    rotate: bool = True
    cap: int = DEFAULT_CAP
    labels: bool = True
    players: int | None = None  # the first N sides play (--players)

    @property
    def searching(self) -> bool:
        """True when a bot of the line-up looks ahead (greedy, mcts): its games cost
        far more than a random bot's."""
        return any(not spec.startswith("random") for spec in self.lineup)

    @property
    def notation(self) -> bool:
        """Keep each game's moves as notation (`run_chunk`): a run that makes a report
        (`labels`, its outlier records) with a search bot, whose games cost seconds to
        play again."""
        return self.labels and self.searching

    @property
    def key(self) -> str:
        digest = hashlib.sha256(repr((self.files, self.main, self.rulesets, self.settings,
                                      self.lineup, self.players)).encode())
        return digest.hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Chunk:
    setting: int
    start: int
    stop: int


def bundle(scenario_path: str | os.PathLike) -> tuple[tuple[tuple[str, str], ...], str]:
    """The scenario's folder tree (its .scn and .csv card files) as (relative path, text)
    pairs, and the main file's name."""
    path = Path(scenario_path).resolve()
    root = path.parent
    files = sorted(p for p in root.rglob("*.scn") if p.is_file())[:MAX_BUNDLE_FILES]
    if path not in files:
        files.append(path)
    files += sorted(p for p in root.rglob("*.csv") if p.is_file())[:MAX_BUNDLE_FILES]  # card files
    out = tuple((p.relative_to(root).as_posix(), p.read_text(encoding="utf-8")) for p in files)
    return out, path.relative_to(root).as_posix()


def chunks(settings: int, games: int, size: int) -> list[Chunk]:
    return [Chunk(s, a, min(a + size, games)) for s in range(settings)
            for a in range(0, games, size)]


CHUNKS_PER_WORKER = 16  # local pool: a chunk costs well under a millisecond to send


def chunk_size(games: int, workers: int, engine: str, search: bool = False) -> int:
    """Big enough that the overhead of a chunk is small, small enough to share the work.
    A game of a search bot (`search`) costs seconds, a chunk's overhead a millisecond:
    one game a chunk, so the workers finish within one game of each other.

    Locally a chunk costs a pickled job of a few kilobytes and its rows back, so a
    worker's share is cut in CHUNKS_PER_WORKER: the workers then finish within a
    small chunk of each other instead of one idling while the other plays the last
    big chunk (with 2000 games on two workers in chunks of 250 that idle tail cost
    a tenth of the run). Dask costs about a millisecond a task: bigger chunks there."""
    if search and workers > 1:
        return 1
    if engine == "dask":
        return max(1, min(1000, games // max(1, workers * 4)))
    if workers <= 1:
        return max(1, min(250, games // 4))
    return max(1, min(250, games // (workers * CHUNKS_PER_WORKER)))


# ------------------------------------------------------------------ the worker

_loaded: dict[str, tuple] = {}  # job key -> (rules, scenario, starts, bots, tmp dir)


def _load(job: Job):
    hit = _loaded.get(job.key)
    if hit is not None:
        return hit
    import dsl
    from toolkit.referee import registry

    for name, target in job.rulesets:
        registry.register(name, target)
    tmp = tempfile.TemporaryDirectory(prefix="frontkit-scenario-")
    root = Path(tmp.name)
    for rel, text in job.files:
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    scenario = dsl.load(root / job.main)
    if job.players is not None:
        from toolkit.referee.players import with_players

        scenario = with_players(scenario, job.players)
    rules = registry.get(scenario.ruleset)
    starts = [rules.new_game(scenario, dict(options)) for options in job.settings]
    return keep(job, rules, scenario, starts, tmp)


def keep(job: Job, rules: Any, scenario: Any, starts: list, tmp: Any = None) -> tuple:
    """Remember the rules, scenario and starting states of `job` in this process (with
    its bots), so that its games here, and in workers forked from here, start from them
    without loading the scenario again. `prepare` keeps what it loaded and checked;
    a worker that has not got them loads them from the job's files (`_load`)."""
    from toolkit.sim.bots import BotSpec

    sides = tuple(scenario.sides)
    bots = {spec: BotSpec.parse(spec).make(rules, sides) for spec in set(job.lineup)}
    if len(_loaded) > 8:
        _loaded.clear()
    _loaded[job.key] = hit = (rules, scenario, starts, bots, tmp)
    return hit


def run_chunk(job: Job, chunk: Chunk) -> list[GameRow]:
    """Play the games of one chunk (any process, any machine with frontkit). With
    `job.notation` each row keeps its game's moves as notation, so an outlier record
    is written without playing the game again (a search bot's game costs seconds to
    replay, writing its moves down a fraction of a percent of that); random games are
    replayed instead, cheaper than writing down every move of a thousand games."""
    rules, scenario, starts, bots, _ = _load(job)
    sides = tuple(scenario.sides)
    start = starts[chunk.setting]
    rows = []
    for i in range(chunk.start, chunk.stop):
        seated = seats(job.lineup, i, job.rotate)
        moves: list[tuple[str, str]] | None = [] if job.notation else None
        result = play_game(rules, start, sides, [bots[s] for s in seated], game_rng(job.seed, i),
                           cap=job.cap, labels=job.labels, moves_out=moves)
        rows.append(GameRow(chunk.setting, i, seated, *result, notation=tuple(moves or ())))
    return rows


def replay_game(job: Job, setting: int, index: int) -> list[tuple[str, str]]:
    """The moves of one game, played again exactly (for the outlier records of a run
    that did not keep them, `Job.notation`)."""
    rules, scenario, starts, bots, _ = _load(job)
    sides = tuple(scenario.sides)
    seated = seats(job.lineup, index, job.rotate)
    moves: list[tuple[str, str]] = []
    play_game(rules, starts[setting], sides, [bots[s] for s in seated],
              game_rng(job.seed, index), cap=job.cap, labels=False, moves_out=moves)
    return moves


def _run_chunk_args(args: tuple[Job, Chunk]) -> list[GameRow]:
    return run_chunk(*args)


# ------------------------------------------------------------------ the engines


def run(job: Job, work: list[Chunk], *, engine: str = "local", jobs: int = 1,
        address: str | None = None,
        done: Callable[[int], None] | None = None) -> list[GameRow]:
    """Play every chunk; the rows, sorted by (setting, game). `done(n)` after each chunk."""
    if engine == "local":
        batches = _local(job, work, jobs)
    elif engine == "dask":
        batches = _dask(job, work, jobs, address)
    else:
        raise ValueError(f"unknown engine {engine!r}: choose {', '.join(ENGINES)}")
    rows: list[GameRow] = []
    for batch in batches:
        rows.extend(batch)
        if done is not None:
            done(len(batch))
    rows.sort(key=lambda r: (r.setting, r.index))
    return rows


def _local(job: Job, work: list[Chunk], jobs: int) -> Iterator[list[GameRow]]:
    if jobs <= 1 or len(work) <= 1:
        for chunk in work:
            yield run_chunk(job, chunk)
        return
    fork = hasattr(os, "fork")
    if fork:
        _load(job)  # forked workers inherit the loaded scenario, rules and bots
    ctx = multiprocessing.get_context("fork" if fork else "spawn")
    with ctx.Pool(min(jobs, len(work))) as pool:
        yield from pool.imap_unordered(_run_chunk_args, [(job, c) for c in work])


def _dask(job: Job, work: list[Chunk], jobs: int, address: str | None) -> Iterator[list[GameRow]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError("the dask engine needs Dask: pip install 'frontkit[cluster]'") from None
    if address:
        client = Client(address, timeout="20s")
    else:
        client = Client(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                        dashboard_address=None)
    try:
        shared = client.scatter(job, broadcast=True)
        futures = [client.submit(run_chunk, shared, c, pure=False) for c in work]
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()

"""One root seed, one result: every engine, worker count and chunk size (toolkit/sim/engines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.referee import registry
from toolkit.sim import engines
from toolkit.sim.balance import prepare

TOY = Path(__file__).parent / "referee_toy" / "dice_race.scn"
registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")
GAMES = 36


@pytest.fixture(scope="module")
def job():
    _, _, job, settings = prepare(TOY, games=GAMES, seed=5, lineup="greedy,random",
                                  vary={"boosts": [1, 3]})
    assert len(settings) == 2
    return job


@pytest.fixture(scope="module")
def reference(job):
    return engines.run(job, engines.chunks(2, GAMES, GAMES), engine="local", jobs=1)


def test_the_reference_run_plays_every_game_of_every_setting_once(reference):
    assert [(r.setting, r.index) for r in reference] == [(s, i) for s in (0, 1)
                                                          for i in range(GAMES)]
    assert {r.bots for r in reference} == {("greedy", "random"), ("random", "greedy")}


@pytest.mark.parametrize("jobs, size", [(1, 1), (1, 7), (2, 5), (2, 36)])
def test_local_pool_gives_the_same_rows_whatever_jobs_and_chunk_size(job, reference, jobs, size):
    rows = engines.run(job, engines.chunks(2, GAMES, size), engine="local", jobs=jobs)
    assert rows == reference


def test_dask_local_cluster_gives_the_same_rows(job, reference):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        rows = engines.run(job, engines.chunks(2, GAMES, 5), engine="dask",
                           address=cluster.scheduler_address)
    assert rows == reference


def test_the_scenario_travels_as_text_with_its_includes(tmp_path):
    """Workers need no shared disk: the job carries every .scn of the scenario's tree."""
    (tmp_path / "parts").mkdir()
    text = TOY.read_text()
    head, _, rest = text.partition("  terrain lane")
    (tmp_path / "parts" / "lane.scn").write_text("terrain lane" + rest.split("\n", 1)[0][len(""):] + "\n")
    (tmp_path / "race.scn").write_text(head + '  include "parts/lane.scn"\n  '
                                       + rest.split("\n", 1)[1])
    _, _, job, _ = prepare(tmp_path / "race.scn", games=4, seed=1)
    assert dict(job.files).keys() == {"race.scn", "parts/lane.scn"}
    (tmp_path / "race.scn").unlink()  # gone from disk: the worker does not need it
    engines._loaded.clear()
    rows = engines.run(job, engines.chunks(1, 4, 2), engine="local", jobs=1)
    assert len(rows) == 4


@pytest.mark.parametrize("games, workers, size", [
    (2000, 2, 62),  # 16 chunks a worker: the workers finish within a small chunk of each other
    (10_000, 2, 250),  # never more than 250 games a chunk
    (20, 2, 1),
    (2000, 1, 250),  # one process: chunks only pace the progress bar
])
def test_local_chunks_give_each_worker_many_small_chunks(games, workers, size):
    assert engines.chunk_size(games, workers, "local") == size


def test_a_search_bots_games_go_one_a_chunk_to_several_workers():
    """A game of mcts:100 costs seconds: chunks of three left one worker idle for up to
    two games at the end of a run."""
    assert engines.chunk_size(100, 2, "local", search=True) == 1
    assert engines.chunk_size(100, 2, "dask", search=True) == 1
    assert engines.chunk_size(2000, 1, "local", search=True) == 250  # one process


def test_dask_chunks_are_bigger_as_a_task_costs_more_there():
    assert engines.chunk_size(10_000, 2, "dask") == 1000

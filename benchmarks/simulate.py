"""Balance-run speed: games/s per engine and worker count, and the scaling ratio.

    python3 benchmarks/simulate.py [--games 2000] [--scenario content/front_lines/front_lines.scn]
                                   [--jobs 1,2] [--dask] [--bots random] [--json] [--repeat 3]

Plays the same random-bot run (same root seed, so the same games) on the local
engine with each job count, and with --dask on a Dask LocalCluster of the same
sizes (processes, one thread each; its start-up is not timed). Prints games/s
and the ratio to the one-job local run. With --repeat R the local runs are
repeated R times, the job counts taking turns (1,2 then 2,1 ...) so a change in
the machine's other load falls on both, and the median of each is shown. Run
by hand on an idle machine; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolkit.sim import engines  # noqa: E402
from toolkit.sim.balance import prepare  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and its reaped children (the local pool's workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(job, games: int, engine: str, jobs: int,
          address: str | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run; CPU time is only known for the local engine."""
    work = engines.chunks(1, games, engines.chunk_size(games, jobs, engine))
    engines._loaded.clear()
    cpu = cpu_seconds()
    started = time.perf_counter()
    rows = engines.run(job, work, engine=engine, jobs=jobs, address=address)
    seconds = time.perf_counter() - started
    assert len(rows) == games
    return seconds, (cpu_seconds() - cpu) if engine == "local" else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", default=str(ROOT / "content/front_lines/front_lines.scn"))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", default=f"1,{os.cpu_count() or 1}")
    parser.add_argument("--bots", default="random")
    parser.add_argument("--dask", action="store_true", help="also time a Dask LocalCluster")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeat", type=int, default=1,
                        help="local runs per job count, taking turns; the median is shown")
    args = parser.parse_args(argv)
    _, _, job, _ = prepare(args.scenario, games=args.games, seed=0, lineup=args.bots)
    counts = sorted({int(j) for j in args.jobs.split(",")})
    rows = []
    load_before = os.getloadavg()[0]
    runs: dict[int, list[tuple[float, float]]] = {j: [] for j in counts}
    for r in range(max(1, args.repeat)):
        for jobs in (counts if r % 2 == 0 else counts[::-1]):
            runs[jobs].append(timed(job, args.games, "local", jobs))
    for jobs in counts:
        wall = statistics.median(w for w, _ in runs[jobs])
        cpu = statistics.median(c for _, c in runs[jobs])
        rows.append({"engine": "local", "jobs": jobs, "seconds": wall, "cpu_seconds": cpu,
                     "runs": [round(w, 2) for w, _ in runs[jobs]]})
    if args.dask:
        from distributed import LocalCluster

        for jobs in counts:
            with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster:
                timed(job, min(args.games, 50 * jobs), "dask", jobs, cluster.scheduler_address)
                wall, cpu = timed(job, args.games, "dask", jobs, cluster.scheduler_address)
                rows.append({"engine": "dask", "jobs": jobs, "seconds": wall, "cpu_seconds": cpu})
    base = rows[0]["seconds"]
    for r in rows:
        r["games_per_second"] = args.games / r["seconds"]
        r["ratio"] = base / r["seconds"]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{args.games} games of {Path(args.scenario).name}, bots {args.bots}, "
          f"{os.cpu_count()} cores, load average {load_before:.2f} before and "
          f"{os.getloadavg()[0]:.2f} after, median of {max(1, args.repeat)} run(s)")
    print(f"{'engine':<8}{'jobs':>6}{'seconds':>10}{'games/s':>10}{'vs local 1':>12}"
          f"{'CPU s':>8}{'games/CPU s':>13}")
    for r in rows:
        per_cpu = args.games / r["cpu_seconds"] if r["cpu_seconds"] == r["cpu_seconds"] else 0
        print(f"{r['engine']:<8}{r['jobs']:>6}{r['seconds']:>10.2f}{r['games_per_second']:>10.1f}"
              f"{r['ratio']:>11.2f}x{r['cpu_seconds']:>8.1f}{per_cpu:>13.1f}"
              + (f"   runs {r['runs']}" if len(r.get("runs", ())) > 1 else ""))
    print("On a busy machine the wall-clock ratio says more about the other load than about "
          "the engine;\ngames per CPU second shows what parallel work costs (equal: no overhead).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

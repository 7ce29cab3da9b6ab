"""The standing fuzz run of issue 27, by hand: mutate every shipped scenario, then check,
play and build each mutant; report any "checks clean then fails", hang or traceback.

Run:  python benchmarks/fuzz.py [--mutants 10000] [--seed 1] [--jobs 2] [--timeout 60]
      [--moves 200] [--build kit|sheets|none] [--first N]

The mutants and verdicts are tests/mutants.py's (the suite runs a seeded sample of them,
tests/test_check_mutants.py). Each mutant that checks clean is played (a random game of
at most --moves moves at every player count) and built (the whole kit, as `frontkit
build` writes it). Nothing is weakened to go faster:

- the mutants are judged in --jobs worker processes, each stopped and replaced when one
  mutant takes more than --timeout processor seconds (or ten times that in wall time):
  that mutant is a hang (processor time: on a shared machine a mutant waiting for a
  processor is not a hang; four pristine Lines and Webs kits timed out at 60 s of wall
  time at a load of 13 on two cores);
- a mutant that is the same input as another (the same text of the same file; or a
  change to a file its scenario does not read, which leaves the shipped scenario) is
  judged once and its verdict counted for each (`mutants.identity`);
- a mutant check refuses is neither played nor built (a user gets no further either).

Prints a table (mutants, judged, checked clean, simulated, built, findings, minutes of
wall and processor time, and the processor minutes 10,000 mutants would take at this
rate), then every finding with the change that caused it.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import resource
import sys
import tempfile
import time
from collections import Counter
from multiprocessing.connection import wait
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import mutants as mx  # noqa: E402


def _worker(conn, moves: int, build: str) -> None:
    while True:
        item = conn.recv()
        if item is None:
            return
        index, mutant = item
        with tempfile.TemporaryDirectory() as folder:
            try:
                verdict = mx.judge(mutant, Path(folder), moves=moves, build=build)
            except BaseException as exc:  # noqa: BLE001 - the harness itself must go on
                verdict = mx.Verdict(mx.TRACEBACK, "harness", f"{type(exc).__name__}: {exc}")
        conn.send((index, verdict))


class Worker:
    """One process judging one mutant at a time over its own pipe; stopped and started
    again on a hang (a pipe of its own: stopping it cannot jam the others)."""

    def __init__(self, moves: int, build: str):
        self.args = (moves, build)
        self.start()

    def start(self) -> None:
        self.conn, theirs = mp.Pipe()
        self.process = mp.Process(target=_worker, args=(theirs, *self.args), daemon=True)
        self.process.start()
        theirs.close()
        self.busy: tuple[int, float, float] | None = None  # mutant, wall and processor time given

    def give(self, index: int, mutant: mx.Mutant) -> None:
        self.conn.send((index, mutant))
        self.busy = (index, time.monotonic(), self.cpu())

    def cpu(self) -> float:
        """The worker's processor seconds so far (Linux's /proc; wall time elsewhere)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return time.monotonic()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def hung(self, timeout: float) -> bool:
        """Past `timeout` processor seconds on one mutant, or ten times that in wall time
        (a worker that waits on something spends none): on a shared machine a mutant
        waiting for a processor is not a hang."""
        _, since, cpu = self.busy
        return self.cpu() - cpu > timeout or time.monotonic() - since > 10 * timeout

    def stop(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


def judge_all(todo: list[tuple[int, mx.Mutant]], jobs: int, timeout: float, moves: int,
              build: str, until: float = float("inf")) -> dict[int, mx.Verdict]:
    """The verdict of every (index, mutant), judged in `jobs` workers in order; none is
    started after the monotonic time `until` (those left have no verdict)."""
    verdicts: dict[int, mx.Verdict] = {}
    workers = [Worker(moves, build) for _ in range(jobs)]
    waiting = todo[::-1]
    step = max(100, len(todo) // 20)
    while waiting or any(w.busy is not None for w in workers):
        if time.monotonic() > until:
            waiting = []
        for w in workers:
            if w.busy is None and waiting:
                w.give(*waiting.pop())
        busy = [w for w in workers if w.busy is not None]
        for conn in wait([w.conn for w in busy], timeout=0.5):
            w = next(w for w in busy if w.conn is conn)
            index, verdict = conn.recv()
            verdicts[index] = verdict
            w.busy = None
            if len(verdicts) % step == 0:
                print(f"  {len(verdicts)} of {len(todo)} judged", file=sys.stderr, flush=True)
        for w in busy:  # a worker past the timeout is stopped: its mutant is a hang
            if w.busy is not None and w.hung(timeout):
                verdicts[w.busy[0]] = mx.Verdict(mx.HANG, "", f"no end after {timeout:g} processor seconds")
                w.stop()
                w.start()
    for w in workers:
        w.conn.send(None)
        w.process.join(5)
    return verdicts


def run(all_mutants: list[mx.Mutant], jobs: int, timeout: float, moves: int, build: str,
        until: float = float("inf")) -> tuple[dict[int, mx.Verdict], dict[int, mx.Verdict]]:
    """The verdict of every mutant up to the first whose input was not judged by `until`
    (each distinct input judged once), and the verdicts of those judged."""
    reads = {(m.game, m.main): None for m in all_mutants}
    reads = {key: mx.reads(*key) for key in reads}
    first: dict[tuple, int] = {}  # identity -> the index of the mutant judged for it
    same = [first.setdefault(mx.identity(m, reads[m.game, m.main]), i) for i, m in enumerate(all_mutants)]
    judged = judge_all([(i, all_mutants[i]) for i in sorted(first.values())], jobs, timeout, moves, build, until)
    verdicts: dict[int, mx.Verdict] = {}
    for i, j in enumerate(same):
        if j not in judged:
            break
        verdicts[i] = judged[j]
    return verdicts, {j: v for j, v in judged.items() if j < len(verdicts)}


def table(verdicts: dict[int, mx.Verdict], judged: dict[int, mx.Verdict], build: str,
          wall: float) -> list[str]:
    """The run's figures, one line each."""
    clean = [v for v in verdicts.values() if v.outcome != mx.REFUSED and v.stage != "check"]
    played = [v for v in clean if v.outcome == mx.PLAYS or v.stage == "build"]
    built = [v for v in clean if v.outcome == mx.PLAYS] if build else []
    counts = Counter(v.outcome for v in verdicts.values())
    cpu = sum(s for v in judged.values() for _, s in v.seconds)
    stages = Counter()
    for v in judged.values():
        for stage, s in v.seconds:
            stages[stage] += s
    per = cpu / max(len(verdicts), 1)  # processor seconds a mutant, duplicates counted as free
    rows = [("mutants", len(verdicts)), ("judged (distinct inputs)", len(judged)),
            ("checked clean", len(clean)), ("simulated", len(played)),
            (f"built ({build or 'not asked'})", len(built)),
            *((outcome, counts.get(outcome, 0)) for outcome in mx.FINDINGS),
            ("minutes, wall", f"{wall / 60:.1f}"), ("minutes, processor (workers)", f"{cpu / 60:.1f}"),
            *((f"  of which {stage}", f"{s / 60:.1f}") for stage, s in stages.items()),
            ("processor minutes for 10,000 at this rate", f"{per * 10_000 / 60:.1f}")]
    return [f"  {name:<44} {value:>8}" for name, value in rows]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mutants", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=60.0,
                   help="processor seconds (or ten times that in wall time) before a mutant counts as a hang")
    p.add_argument("--moves", type=int, default=200, help="moves played per game of a clean mutant")
    p.add_argument("--build", choices=("kit", "sheets", "none"), default="kit",
                   help="kit: the whole kit, as frontkit build (default); sheets: the reference "
                        "sheets' templates only; none: check and play only")
    p.add_argument("--first", type=int, default=0,
                   help="judge only the first N of the --mutants (the same mutants a longer run starts with)")
    p.add_argument("--minutes", type=float, default=0,
                   help="start no mutant after this many minutes; report the mutants judged by then")
    args = p.parse_args()
    started = time.monotonic()
    all_mutants = mx.mutants(args.seed, args.mutants)
    if args.first:
        all_mutants = all_mutants[:args.first]
    build = "" if args.build == "none" else args.build
    until = started + args.minutes * 60 if args.minutes else float("inf")
    verdicts, judged = run(all_mutants, args.jobs, args.timeout, args.moves, build, until)
    all_mutants = all_mutants[:len(verdicts)]
    wall = time.monotonic() - started
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"the workers' whole processor time, starting and imports included: "
          f"{(children.ru_utime + children.ru_stime) / 60:.1f} minutes", file=sys.stderr)
    print(f"{len(all_mutants)} mutants of {len(mx.shipped_games())} shipped scenarios, seed {args.seed}, "
          f"{args.jobs} workers, --moves {args.moves}, --build {args.build}, --timeout {args.timeout:g}")
    print("\n".join(table(verdicts, judged, build, wall)))
    findings = [(i, v) for i, v in sorted(verdicts.items()) if v.outcome in mx.FINDINGS]
    for i, v in findings:
        print(f"\n{v.outcome} ({v.stage}) mutant {i}: {all_mutants[i].label()}\n  {v.detail}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

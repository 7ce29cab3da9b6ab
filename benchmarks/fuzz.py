"""The standing fuzz run of issue 27, by hand: mutate every shipped scenario, then check,
play and build each mutant; report any "checks clean then fails", hang or traceback.

Run:  python benchmarks/fuzz.py [--mutants 10000] [--seed 1] [--jobs 2] [--timeout 60]
      [--moves 300] [--build kit|sheets|none]

The mutants and verdicts are tests/mutants.py's (the suite runs a seeded sample of them,
tests/test_check_mutants.py). Here each mutant runs in a worker process that is stopped
and replaced when one mutant takes longer than --timeout seconds: that mutant is a hang.
Prints a table of outcomes, then every finding with the change that caused it.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import mutants as mx  # noqa: E402


def _worker(inbox, outbox, moves: int, build: str) -> None:
    while True:
        item = inbox.get()
        if item is None:
            return
        index, mutant = item
        with tempfile.TemporaryDirectory() as folder:
            try:
                verdict = mx.judge(mutant, Path(folder), moves=moves, build=build)
            except BaseException as exc:  # noqa: BLE001 - the harness itself must go on
                verdict = mx.Verdict(mx.TRACEBACK, "harness", f"{type(exc).__name__}: {exc}")
        outbox.put((index, verdict))


class Worker:
    """One process judging one mutant at a time; stopped and started again on a hang."""

    def __init__(self, moves: int, build: str):
        self.args = (moves, build)
        self.start()

    def start(self) -> None:
        self.inbox, self.outbox = mp.Queue(), mp.Queue()
        self.process = mp.Process(target=_worker, args=(self.inbox, self.outbox, *self.args), daemon=True)
        self.process.start()
        self.busy: tuple[int, float] | None = None

    def give(self, index: int, mutant: mx.Mutant) -> None:
        self.inbox.put((index, mutant))
        self.busy = (index, time.monotonic())

    def stop(self) -> None:
        self.process.kill()
        self.process.join()


def run(all_mutants: list[mx.Mutant], jobs: int, timeout: float, moves: int, build: str) -> dict:
    verdicts: dict[int, mx.Verdict] = {}
    workers = [Worker(moves, build) for _ in range(jobs)]
    queue = list(enumerate(all_mutants))[::-1]
    done = 0
    while len(verdicts) < len(all_mutants):
        for w in workers:
            if w.busy is None and queue:
                w.give(*queue.pop())
            if w.busy is None:
                continue
            try:
                index, verdict = w.outbox.get(timeout=0.05)
                verdicts[index] = verdict
                w.busy = None
            except Exception:  # queue.Empty: still working
                index, since = w.busy
                if time.monotonic() - since > timeout:
                    verdicts[index] = mx.Verdict(mx.HANG, "", f"no end after {timeout:g} s")
                    w.stop()
                    w.start()
        if len(verdicts) - done >= 100:
            done = len(verdicts)
            print(f"  {done} of {len(all_mutants)} judged", file=sys.stderr, flush=True)
    for w in workers:
        w.inbox.put(None)
        w.process.join(5)
    return verdicts


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mutants", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=60.0, help="seconds before a mutant counts as a hang")
    p.add_argument("--moves", type=int, default=300, help="moves played per game of a clean mutant")
    p.add_argument("--build", choices=("kit", "sheets", "none"), default="kit",
                   help="kit: the whole kit, as frontkit build (default); sheets: the reference "
                        "sheets' templates only; none: check and play only")
    args = p.parse_args()
    started = time.monotonic()
    all_mutants = mx.mutants(args.seed, args.mutants)
    verdicts = run(all_mutants, args.jobs, args.timeout, args.moves, "" if args.build == "none" else args.build)
    seconds = time.monotonic() - started
    counts = Counter(v.outcome for v in verdicts.values())
    print(f"{len(all_mutants)} mutants of {len(mx.shipped_games())} shipped scenarios, seed {args.seed}, "
          f"{args.jobs} workers, {seconds:.0f} s")
    for outcome in (mx.REFUSED, mx.PLAYS, *mx.FINDINGS):
        print(f"  {outcome:<32} {counts.get(outcome, 0):>6}")
    findings = [(i, v) for i, v in sorted(verdicts.items()) if v.outcome in mx.FINDINGS]
    for i, v in findings:
        print(f"\n{v.outcome} ({v.stage}) mutant {i}: {all_mutants[i].label()}\n  {v.detail}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

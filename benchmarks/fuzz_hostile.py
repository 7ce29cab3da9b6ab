"""The long fuzz run of issue 12, by hand: fresh random hostile inputs for a while.

Run:  python benchmarks/fuzz_hostile.py [--minutes M] [--kinds scenarios,includes,templates,records,builds]

The same strategies and checks as tests/test_hostile_fuzz.py (tests/hostile_cases.py), with
random examples instead of the fixed ones: every example must end with the project's own
errors, in bounded time and memory, with bounded output. Prints a table: examples tried per
kind, outcomes, the slowest example and the largest memory peak, and every finding (an
example that broke a promise) with the text that did it, cut to 300 characters.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402

from tests import hostile_cases as cases  # noqa: E402
from toolkit.referee import registry  # noqa: E402

registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")

KINDS = {
    "scenarios": (cases.hostile_scenarios, lambda x, d: cases.run_scenario(x, d)),
    "includes": (cases.include_trees, lambda x, d: cases.run_includes(x, d)),
    "templates": (cases.templates, lambda x, d: cases.run_template(x)),
    "records": (cases.records, lambda x, d: cases.run_record(x, d)),
    "builds": (cases.press_scenarios, lambda x, d: cases.run_build(x, d)),
}


def run(kind: str, seconds: float) -> dict:
    strategy, check = KINDS[kind]
    stats = {"tried": 0, "outcomes": Counter(), "slowest": 0.0, "peak": 0, "findings": []}
    stop = time.monotonic() + seconds

    @settings(max_examples=50, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy())
    def batch(example):
        if time.monotonic() > stop:
            return
        stats["tried"] += 1
        with tempfile.TemporaryDirectory() as folder:
            try:
                m = check(example, Path(folder))
            except Exception as exc:  # a finding: keep going, report it
                stats["findings"].append((type(exc).__name__, str(exc)[:300], repr(example)[:300],
                                          traceback.format_exc(limit=-3)))
                return
        stats["outcomes"][m.outcome] += 1
        stats["slowest"] = max(stats["slowest"], m.seconds)
        stats["peak"] = max(stats["peak"], m.peak)

    while time.monotonic() < stop:  # fresh random batches until the time is up
        batch()
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=2.0, help="per kind (default 2)")
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args()
    rows = []
    for kind in args.kinds.split(","):
        stats = run(kind, args.minutes * 60)
        rows.append((kind, stats))
        print(f"{kind:10} tried {stats['tried']:6}  outcomes {dict(stats['outcomes'])}  "
              f"slowest {stats['slowest']:.2f} s  peak {stats['peak'] / 1e6:.1f} MB  "
              f"findings {len(stats['findings'])}", flush=True)
    for kind, stats in rows:
        for name, message, example, where in stats["findings"][:10]:
            print(f"\n[{kind}] {name}: {message}\n  example: {example}\n{where}")


if __name__ == "__main__":
    main()

"""Where a Front Line move's time goes: cProfile over adjudicated random playouts
(benchmarks/referee.py's adjudicated mode) of all four battlefields, in turn.

    python3 benchmarks/profile_front_line.py [--seconds 20] [--lines 30] [--sort tottime]

Run by hand; prints the profile's top lines and the moves played. Under cProfile a
move costs several times what it costs without it: read the shares, not the rate.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dsl  # noqa: E402
from toolkit.referee import registry  # noqa: E402

sys.path.insert(1, str(ROOT / "benchmarks"))  # after dsl: benchmarks/dsl.py is a script
from referee import adjudicated_playout  # noqa: E402

BATTLEFIELDS = ("main", "lake_nogo", "great_desert", "mt_range")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--lines", type=int, default=30)
    parser.add_argument("--sort", default="tottime", help="tottime or cumtime")
    args = parser.parse_args(argv)
    rules = registry.get("front_line")
    starts = [rules.new_game(dsl.load(ROOT / "content" / "front_line" / f"{name}.scn"))
              for name in BATTLEFIELDS]
    moves = games = 0
    profile = cProfile.Profile()
    t0 = time.perf_counter()
    profile.enable()
    while time.perf_counter() - t0 < args.seconds:
        for start in starts:
            moves += adjudicated_playout(rules, start, random.Random(f"profile/{games}"))[0]
            games += 1
    profile.disable()
    print(f"{games} games, {moves} moves in {time.perf_counter() - t0:.1f} s (profiled)")
    pstats.Stats(profile).sort_stats(args.sort).print_stats(args.lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())

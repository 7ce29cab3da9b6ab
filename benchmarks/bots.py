"""Bot strength: who beats whom on every ruleset with a referee (and the toy).

    python3 benchmarks/bots.py [--games 40] [--mcts 100] [--rulesets front_lines] [--jobs 2]
                               [--pairings greedy-random,mcts-random,mcts-greedy]

Plays each pairing (greedy vs random, mcts vs random, mcts vs greedy) for
`--games` games per ruleset with the seats rotated game by game and fixed
seeds, and prints each bot's share of the decided games with its Wilson 95%
interval. Run by hand; nothing here is asserted (docs/balance.md keeps the
figures).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from shipped_games import scenarios  # noqa: E402

from toolkit.sim.balance import balance  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--mcts", type=int, default=100, help="MCTS iterations per decision")
    parser.add_argument("--rulesets", help="comma-separated names (default: all)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pairings", default="greedy-random,mcts-random,mcts-greedy",
                        help="which pairings to play (mcts: the --mcts budget)")
    args = parser.parse_args(argv)
    mcts = f"mcts:{args.mcts}"
    pairings = []
    for pair in args.pairings.split(","):
        a, _, b = pair.strip().partition("-")
        pairings.append(tuple(mcts if x == "mcts" else x for x in (a, b)))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the start")
    only = set(args.rulesets.split(",")) if args.rulesets else None
    print(f"{'ruleset':<16}{'pairing':<22}{'games':>6}{'draws':>6}  {'first bot':<11}"
          f"{'share of decided (95% CI)':<28}{'s':>6}")
    for name, path in scenarios(only):
        for a, b in pairings:
            started = time.perf_counter()
            run = balance(path, games=args.games, seed=args.seed, lineup=(a, b),
                          jobs=args.jobs)
            report = run.reports[0]
            score = next((s for s in report.bots if s.bot == a), None)
            share = (f"{score.wins}/{score.games} = {100 * score.share.rate:.0f}% "
                     f"({score.share.percent()})") if score else "-"
            print(f"{name:<16}{a + ' vs ' + b:<22}{args.games:>6}{report.draws.k:>6}  "
                  f"{a:<11}{share:<28}{time.perf_counter() - started:>6.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

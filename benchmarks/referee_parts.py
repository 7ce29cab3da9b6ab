"""Where an adjudicated random playout spends its time, per move: the decision, the
ruleset's listing, the random bot's weights, `game.play` (check and apply through the
core), and the rest (choosing, chance samples, the loop).

    python3 benchmarks/referee_parts.py front_line [--games 40] [--scenario N]

Each part is timed by thread time around its call (a clock read costs about half a
microsecond, counted in the part), over seeded games after one warm-up round, so the
figures add up to the whole and can be set against python-chess's time per move
(benchmarks/referee.py). Run by hand; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dsl  # noqa: E402
from toolkit.referee import game, registry  # noqa: E402
from toolkit.referee.protocol import CHANCE, DecisionKind  # noqa: E402
from toolkit.sim.playout import RandomBot  # noqa: E402

PARTS = ("decision", "listing", "weights", "play", "rest")


def measure(rules, start, games: int, seed: str) -> tuple[int, dict[str, float]]:
    clock = time.thread_time
    spent = dict.fromkeys(PARTS, 0.0)
    listing, weighing = rules.legal_moves, rules.bot_weights

    def timed_listing(state, player):
        t = clock()
        out = listing(state, player)
        spent["listing"] += clock() - t
        return out

    def timed_weights(state, player, legal):
        t = clock()
        out = weighing(state, player, legal)
        spent["weights"] += clock() - t
        return out

    rules.legal_moves, rules.bot_weights = timed_listing, timed_weights
    try:
        bot = RandomBot(rules)
        moves = 0
        t0 = clock()
        for g in range(games):
            rng = random.Random(f"{seed}/{g}")
            state = start
            while True:
                t = clock()
                d = rules.decision(state)
                spent["decision"] += clock() - t
                if d is None:
                    break
                if d.kind is DecisionKind.CHANCE:
                    player, move = CHANCE, d.chance.sample(rng)
                else:
                    player = d.players[0]
                    move = bot.choose(state, player, rng)
                t = clock()
                state, _ = game.play(rules, state, player, move, decision=d)
                spent["play"] += clock() - t
                moves += 1
        total = clock() - t0
    finally:
        del rules.legal_moves, rules.bot_weights  # the class's own methods again
    spent["rest"] = total - sum(v for k, v in spent.items() if k != "rest")
    return moves, spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--scenario", type=int, default=0,
                        help="which shipped scenario, in name order (default 0: the one "
                        "benchmarks/referee.py plays)")
    args = parser.parse_args(argv)
    rules = registry.get(args.ruleset)
    path = registry.shipped_scenarios(args.ruleset)[args.scenario]
    start = rules.new_game(dsl.load(path))
    measure(rules, start, max(1, args.games // 4), "warm-up")
    moves, spent = measure(rules, start, args.games, "parts")
    total = sum(spent.values())
    print(f"{args.ruleset} ({path.relative_to(ROOT)}): {args.games} games, {moves} moves, "
          f"{total / moves * 1e6:.1f} us a move")
    print(f"{'part':<10}{'us/move':>10}{'share':>8}")
    for part in PARTS:
        print(f"{part:<10}{spent[part] / moves * 1e6:>10.1f}{spent[part] / total:>8.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

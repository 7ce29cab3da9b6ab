"""Where Lines and Webs' random games go: supply and fighting, side by side.

    python3 benchmarks/lines_and_webs_supply.py [--games 12] [--seed p]

Plays seeded games of the random bot with the ruleset's weights and prints who won by
which rule, the mean game length, each side's degraded units after the consumption of
turns 3, 6, 9 and 12, ports, combat power and units at the end, and the attacks
(moves onto an enemy) and indirect fire per game. Run by hand; nothing is asserted
(docs/balance.md keeps the figures).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dsl  # noqa: E402
from toolkit.referee import registry  # noqa: E402
from toolkit.referee.protocol import CHANCE, DecisionKind  # noqa: E402
from toolkit.referee.rulesets.lines_and_webs import victory  # noqa: E402
from toolkit.sim.bots import BotSpec  # noqa: E402
from toolkit.sim.playout import game_rng  # noqa: E402

SCN = ROOT / "content" / "lines_and_webs" / "lines_and_webs.scn"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", default="p")
    args = parser.parse_args(argv)
    rules = registry.get("lines_and_webs")
    scenario = dsl.load(SCN)
    sides = tuple(scenario.sides)
    bots = {s: BotSpec("random").make(rules, sides) for s in sides}
    endings: Counter = Counter()
    stats: Counter = Counter()
    moves_total = 0
    started = time.perf_counter()
    for i in range(args.games):
        rng = game_rng(args.seed, i)
        s = rules.new_game(scenario)
        turn = s.turn
        while (d := rules.decision(s)) is not None:
            if d.kind is DecisionKind.CHANCE:
                s, _ = rules.apply(s, CHANCE, d.chance.sample(rng))
            else:
                player = d.players[0]
                move = bots[player].choose(s, player, rng)
                verb = getattr(move, "verb", "")
                if s.flow.phase == "execute" and verb == "move" and move.target:
                    stats[player, "attacks"] += 1
                elif s.flow.phase == "execute" and verb == "fire":
                    stats[player, "fire"] += 1
                s, _ = rules.apply(s, player, move)
            moves_total += 1
            if s.turn != turn:
                turn = s.turn
                if turn - 1 in s.cfg.food_turns:
                    for side in sides:
                        stats[side, f"degraded after turn {turn - 1}"] += sum(
                            1 for u in s.on_map(side) if u.degraded)
        out = rules.outcome(s)
        endings[out.winner or "draw", out.rule] += 1
        for side in sides:
            stats[side, "ports at the end"] += victory.ports_held(s, side)
            stats[side, "combat power at the end"] += victory.combat_power(s, side)
            stats[side, "units at the end"] += sum(1 for _ in s.on_map(side))
    n = args.games
    print(f"{n} games, seed {args.seed!r}, {time.perf_counter() - started:.0f} s; "
          f"{moves_total / n:.0f} moves a game")
    for (winner, rule), k in sorted(endings.items()):
        print(f"  {winner} by {rule}: {k}")
    for key in sorted({k for _, k in stats}):
        print(f"  {key:<28}" + "".join(f"{side} {stats[side, key] / n:6.2f}   "
                                        for side in sides))
    return 0


if __name__ == "__main__":
    sys.exit(main())

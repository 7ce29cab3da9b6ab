"""Referee benchmark: random playouts per ruleset, with python-chess for reference.

    python3 benchmarks/referee.py [--seconds 5] [--rounds 3] [--rulesets front_lines] [--json]

For every registered ruleset that ships content (the first scenario of content/NAME/
that loads; a scenario with a `players` range at its fewest, one more and its most
players, e.g. `last_front 3p`) it plays random games for about `--seconds` seconds in two modes:

- playout: the bot enumerates the legal moves (every candidate goes through the
  ruleset's one legality check), picks one, and the ruleset applies it;
- adjudicated: the same, and the chosen move also goes through the core (`game.play`:
  decision, whose turn, reaction priority, check, then apply) as a live match would. A
  kit ruleset remembers its last listing (`was_listed`): a move that is the very object
  it listed for this very state is not checked a second time (the contract test holds
  every ruleset's listing to exactly what its check accepts); a move parsed from text
  that the listing did not hand out is checked in full. python-chess's `push` checks
  nothing, so this is still the stricter of the two.

python-chess plays random games the same way for reference (legal move generation,
random choice, push, game-over test; `pip install -e '.[bench]'` brings it, and without
it that row is left out). Moves counted are every applied move, chance
outcomes included. Run by hand; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dsl  # noqa: E402
from toolkit.referee import game, registry  # noqa: E402
from toolkit.referee.protocol import CHANCE, DecisionKind  # noqa: E402
from toolkit.sim.playout import RandomBot, playout  # noqa: E402

registry.register("dice_race", "tests.referee_toy.dice_race:RULESET")
TOY = ROOT / "tests" / "referee_toy" / "dice_race.scn"


def scenarios(only: set[str] | None) -> list[tuple[str, Path]]:
    """The first shipped scenario of every ruleset (the toy's own for dice_race)."""
    found = []
    for name in registry.names():
        if only and name not in only:
            continue
        paths = [TOY] if name == "dice_race" else registry.shipped_scenarios(name)
        found += [(name, path) for path in paths[:1]]
    return found


def adjudicated_playout(rules, state, rng) -> int:
    bot = RandomBot(rules)
    moves = 0
    while (d := rules.decision(state)) is not None:
        if d.kind is DecisionKind.CHANCE:
            state, _ = game.play(rules, state, CHANCE, d.chance.sample(rng), decision=d)
        else:
            player = d.players[0]
            state, _ = game.play(rules, state, player, bot.choose(state, player, rng),
                                 decision=d)
        moves += 1
    return moves


def player_counts(path: Path) -> list[int | None]:
    """For a scenario with a `players` range: its fewest, one more, and its most
    (Last Front: 2, 3 and 5); otherwise one row with all its sides (None)."""
    from toolkit.referee.players import declares_players, player_range

    scenario = dsl.load(path)
    if not declares_players(scenario):
        return [None]
    low, high = player_range(scenario)
    return sorted({low, min(low + 1, high), high})


def bench_ruleset(name: str, path: Path, seconds: float, adjudicated: bool,
                  players: int | None = None) -> dict:
    from toolkit.referee.players import with_players

    rules = registry.get(name)
    scenario = dsl.load(path)
    if players is not None:
        scenario = with_players(scenario, players)
    start = rules.new_game(scenario)
    games = moves = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or games == 0:
        rng = random.Random(f"bench/{games}/{t0}")
        if adjudicated:
            moves += adjudicated_playout(rules, start, rng)
        else:
            moves += playout(rules, start, rng).length
        games += 1
    elapsed = time.perf_counter() - t0
    label = name if players is None else f"{name} {players}p"
    return {"name": f"{label} ({'adjudicated' if adjudicated else 'playout'})",
            "scenario": str(path.relative_to(ROOT)), "games": games, "moves": moves,
            "seconds": elapsed, "moves_per_second": moves / elapsed,
            "games_per_second": games / elapsed, "mean_length": moves / games}


def bench_chess(seconds: float) -> dict | None:
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(0)
    games = moves = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or games == 0:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - t0
    return {"name": f"python-chess {chess.__version__}", "scenario": "standard chess",
            "games": games, "moves": moves, "seconds": elapsed,
            "moves_per_second": moves / elapsed, "games_per_second": games / elapsed,
            "mean_length": moves / games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per row (default 5)")
    parser.add_argument("--rulesets", help="comma-separated names (default: all with content)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleave the engines over this many rounds, so a busy "
                        "machine slows them all alike (default 3)")
    args = parser.parse_args(argv)
    only = set(args.rulesets.split(",")) if args.rulesets else None
    jobs = [(lambda s, n=name, p=path, a=adj, k=k: bench_ruleset(n, p, s, a, k))
            for name, path in scenarios(only) for k in player_counts(path)
            for adj in (False, True)]
    jobs.append(bench_chess)
    totals: dict[int, dict] = {}
    for _ in range(max(1, args.rounds)):
        for i, job in enumerate(jobs):
            r = job(args.seconds / max(1, args.rounds))
            if r is None:
                continue
            t = totals.setdefault(i, {**r, "games": 0, "moves": 0, "seconds": 0.0})
            for key in ("games", "moves", "seconds"):
                t[key] += r[key]
    rows = []
    for t in totals.values():
        t.update(moves_per_second=t["moves"] / t["seconds"],
                 games_per_second=t["games"] / t["seconds"],
                 mean_length=t["moves"] / t["games"])
        rows.append(t)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'engine':<36}{'games':>8}{'moves':>10}{'moves/s':>10}{'games/s':>10}"
          f"{'mean len':>10}")
    for r in rows:
        print(f"{r['name']:<36}{r['games']:>8}{r['moves']:>10}{r['moves_per_second']:>10.0f}"
              f"{r['games_per_second']:>10.1f}{r['mean_length']:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

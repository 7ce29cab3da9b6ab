"""Instructions per adjudicated whole move, counted under callgrind: the referee's speed
without the shared machine's noise, python-chess counted the same way beside it.

    python3 benchmarks/instructions.py [--games 4] [--warm-up 1] [--chess-games 6]
                                       [--rulesets front_line,fantasy_line_battle] [--json]

For every row of benchmarks/referee.py (each ruleset's first shipped scenario, at each
player count worth a row) it plays seeded random games through the core exactly as
referee.py's adjudicated rows do (`adjudicated_playout`: the random bot's draw, then
`game.play`), in a child Python under `valgrind --tool=callgrind`, twice: once with
`--warm-up` games only and once with those and `--games` more. The difference is what
the `--games` games cost, start-up (imports, loading and checking the scenario) and the
warm-up (tables and moves a ruleset remembers as it meets them) left out; it is divided
by their whole moves (one record line each) and by their decision steps. python-chess
plays random games the same way (legal moves listed, one chosen, pushed, the game-over
test), so `x chess` is python-chess's instructions a move over the ruleset's: the ratio
the timed benchmark reads in moves a second, without its 10-25% spread between runs.

The games are seeded (`instructions/N`) and PYTHONHASHSEED is fixed, so a run counts
the same instructions every time, give or take a few hundred a move (allocation
addresses); two commits compare by their rows. callgrind runs Python about 50x slower:
the default (all rows) takes several minutes. Run by hand: valgrind (Debian's) is not
needed by the tests or CI, and nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SUMMARY = re.compile(rb"^summary:\s*(\d+)", re.M)


def play_rows(name: str, path: str, players: int | None, warm_up: int, games: int) -> dict:
    """In the child: the warm-up games, then `games` more counted (whole moves, steps)."""
    from referee import adjudicated_playout
    from shipped_games import start_of

    rules, start, label, _ = start_of(name, Path(path), players)
    for g in range(warm_up):
        adjudicated_playout(rules, start, random.Random(f"instructions/warm-up/{g}"))
    moves = steps = 0
    for g in range(games):
        whole, taken, _ = adjudicated_playout(rules, start, random.Random(f"instructions/{g}"))
        moves += whole
        steps += taken
    return {"name": label, "moves": moves, "steps": steps}


def play_chess(warm_up: int, games: int) -> dict:
    """In the child: python-chess random games as benchmarks/referee.py plays them."""
    import chess

    def one(rng: random.Random) -> int:
        board, moves = chess.Board(), 0
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
        return moves

    for g in range(warm_up):
        one(random.Random(f"instructions/warm-up/{g}"))
    moves = sum(one(random.Random(f"instructions/{g}")) for g in range(games))
    return {"name": f"python-chess {chess.__version__}", "moves": moves, "steps": moves}


def counted(job: list[str]) -> tuple[int, dict]:
    """Run this script's child `job` under callgrind: (instructions, what it printed)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.cg"
        env = dict(os.environ, PYTHONHASHSEED="0")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               sys.executable, str(Path(__file__).resolve()), "--child", *job]
        done = subprocess.run(cmd, capture_output=True, env=env, cwd=ROOT)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(job)}: the child failed under callgrind:\n"
                             + done.stderr.decode(errors="replace")[-2000:])
        found = SUMMARY.search(out.read_bytes())
        if found is None:
            raise SystemExit(f"{out}: callgrind wrote no summary line")
        return int(found.group(1)), json.loads(done.stdout.decode().splitlines()[-1])


def measure(job: list[str], warm_up: int, games: int) -> dict:
    """Instructions of `games` games: a run with them less a run with the warm-up only."""
    base, _ = counted(job + [str(warm_up), "0"])
    total, row = counted(job + [str(warm_up), str(games)])
    row.update(games=games, instructions=total - base, startup=base)
    row["per_move"] = row["instructions"] / max(1, row["moves"])
    row["per_step"] = row["instructions"] / max(1, row["steps"])
    return row


def child(argv: list[str]) -> int:
    """`--child chess W N` or `--child NAME PATH PLAYERS W N`: play, print the counts."""
    sys.path.insert(0, str(HERE))  # referee.py and shipped_games.py (which put ROOT first)
    if argv[0] == "chess":
        row = play_chess(int(argv[1]), int(argv[2]))
    else:
        name, path, players, warm_up, games = argv
        row = play_rows(name, path, None if players == "-" else int(players),
                        int(warm_up), int(games))
    print(json.dumps(row))
    return 0


def jobs(only: set[str] | None) -> list[list[str]]:
    sys.path.insert(0, str(HERE))
    from shipped_games import player_counts, scenarios

    return [[name, str(path), "-" if k is None else str(k)]
            for name, path in scenarios(only) for k in player_counts(path)]


def table(rows: list[dict]) -> str:
    chess = next((r for r in rows if r["name"].startswith("python-chess")), None)
    lines = [f"{'engine':<28}{'games':>6}{'moves':>7}{'instr/move':>12}{'instr/step':>12}"
             f"{'x chess':>9}{'x chess (steps)':>17}"]
    for r in rows:
        ratio = steps = "-"
        if chess is not None:
            ratio = f"{chess['per_move'] / r['per_move']:.2f}"
            steps = f"{chess['per_move'] / r['per_step']:.2f}"
        lines.append(f"{r['name']:<28}{r['games']:>6}{r['moves']:>7}"
                     f"{r['per_move'] / 1000:>11.1f}k{r['per_step'] / 1000:>11.1f}k"
                     f"{ratio:>9}{steps:>17}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return child(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="counted games a row (default 4)")
    parser.add_argument("--warm-up", type=int, default=1,
                        help="games played first in both runs, not counted (default 1)")
    parser.add_argument("--chess-games", type=int, default=6,
                        help="python-chess games counted (default 6; 0: no chess row)")
    parser.add_argument("--rulesets", help="comma-separated names (default: all with content)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    only = set(args.rulesets.split(",")) if args.rulesets else None
    rows = [measure(job, args.warm_up, args.games) for job in jobs(only)]
    if args.chess_games > 0:
        try:
            import chess  # noqa: F401
        except ImportError:
            print("python-chess is not installed (pip install -e '.[bench]'): no chess row",
                  file=sys.stderr)
        else:
            rows.append(measure(["chess"], args.warm_up, args.chess_games))
    print(json.dumps(rows, indent=2) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

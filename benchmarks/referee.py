"""Referee benchmark: random playouts per ruleset, with python-chess for reference.

    python3 benchmarks/referee.py [--seconds 5] [--rounds 3] [--rulesets front_lines]
                                  [--mcts 100] [--json]

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

Each row counts three things per second:
- whole moves: one record line each, a side's move or a chance outcome (a die, a draw);
- decisions: the decision steps the sides' bots took (chance outcomes left out). A move
  drawn whole is one step; where the random bot draws a move in steps down the move
  tree (Lines and Webs' Transport: the carrier, what it does, the order), each step
  counts, as the ruleset's `sample_steps` says (`steps.taken`; a ruleset with a tree
  but no `sample_steps`, Front Line today, counts one step a move). The whole moves the
  sides chose are `whole_decisions` in `--json`;
- games: finished games.
`x chess` is whole moves/s over python-chess's moves/s, and `x chess (steps)` decision
steps/s over it. python-chess is timed in slices as long as the row's, run right beside
each of the row's (`--no-paired`: one python-chess row a round for all), so a machine
whose speed drifts during the run moves a row and its yardstick together. Then, with
`--mcts N` (default 100, 0: none), one row per ruleset: the mean time MCTS(N) takes to
choose a move, over positions of random games, for about `--seconds` seconds.

Times are this process's CPU seconds (`time.process_time`), so rows measured on a
busy machine still compare. python-chess plays random games the same way for reference (legal move generation,
random choice, push, game-over test; `pip install -e '.[bench]'` brings it, and without
it that row is left out). Run by hand; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from shipped_games import ROOT, player_counts, scenarios, start_of  # noqa: E402

from toolkit.referee import game  # noqa: E402
from toolkit.referee.protocol import CHANCE, DecisionKind  # noqa: E402
from toolkit.referee import steps  # noqa: E402
from toolkit.sim.playout import RandomBot  # noqa: E402

#: CPU time of this process: a machine busy with other work slows every row alike
#: instead of handing each a different share of the cores (the same as the wall
#: clock on an idle machine)
CLOCK = time.process_time


def adjudicated_playout(rules, state, rng) -> tuple[int, int, int]:
    """One random game through the core: (whole moves, decision steps, decisions)."""
    return _random_game(rules, state, rng,
                        lambda s, player, move, d: game.play(rules, s, player, move, decision=d))


def plain_playout(rules, state, rng) -> tuple[int, int, int]:
    """One random game straight through the ruleset (`toolkit.sim.playout.playout`'s
    loop): (whole moves, decision steps, decisions)."""
    apply = rules.apply
    return _random_game(rules, state, rng, lambda s, player, move, d: apply(s, player, move))


def _random_game(rules, state, rng, play) -> tuple[int, int, int]:
    """Random bots to the end, each move made by `play(state, player, move, decision)`."""
    bot = RandomBot(rules)
    decide = rules.decision
    moves = taken = decisions = 0
    while (d := decide(state)) is not None:
        if d.kind is DecisionKind.CHANCE:
            state, _ = play(state, CHANCE, d.chance.sample(rng), d)
        else:
            player = d.players[0]
            move = bot.choose(state, player, rng)
            taken += steps.taken(rules, state, player, move)
            state, _ = play(state, player, move, d)
            decisions += 1
        moves += 1
    return moves, taken, decisions


def bench_ruleset(name: str, path: Path, seconds: float, adjudicated: bool,
                  players: int | None = None) -> dict:
    rules, start, label, _ = start_of(name, path, players)
    games = moves = taken = decisions = 0
    play = adjudicated_playout if adjudicated else plain_playout
    t0 = CLOCK()
    while CLOCK() - t0 < seconds or games == 0:
        rng = random.Random(f"bench/{games}/{time.time()}")
        whole, steps_, chosen = play(rules, start, rng)
        moves += whole
        taken += steps_
        decisions += chosen
        games += 1
    elapsed = CLOCK() - t0
    return {"name": f"{label} ({'adjudicated' if adjudicated else 'playout'})",
            "scenario": str(path.relative_to(ROOT)), "games": games, "moves": moves,
            "decisions": taken, "whole_decisions": decisions, "seconds": elapsed}


def bench_mcts(name: str, path: Path, seconds: float, iterations: int,
               players: int | None = None) -> dict:
    """MCTS(`iterations`) choosing moves at the positions of random games, one after
    another, the games played on by the random bot."""
    from toolkit.sim.bots import BotSpec

    rules, start, label, sides = start_of(name, path, players)
    search = BotSpec.parse(f"mcts:{iterations}").make(rules, sides)
    walker = RandomBot(rules)
    rng = random.Random(f"mcts/{name}")
    state, searched, spent, games = start, 0, 0.0, 0
    while spent < seconds or searched == 0:
        d = rules.decision(state)
        if d is None:
            state, games = start, games + 1
            continue
        if d.kind is DecisionKind.CHANCE:
            state, _ = rules.apply(state, CHANCE, d.chance.sample(rng))
            continue
        player = d.players[0]
        t = CLOCK()
        search.choose(state, player, rng)
        spent += CLOCK() - t
        searched += 1
        state, _ = rules.apply(state, player, walker.choose(state, player, rng))
    return {"name": f"{label} MCTS({iterations})", "scenario": str(path.relative_to(ROOT)),
            "searched": searched, "seconds": spent}


def bench_chess(seconds: float) -> dict | None:
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(0)
    games = moves = 0
    t0 = CLOCK()
    while CLOCK() - t0 < seconds or games == 0:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
        games += 1
    elapsed = CLOCK() - t0
    return {"name": f"python-chess {chess.__version__}", "scenario": "standard chess",
            "games": games, "moves": moves, "decisions": moves, "whole_decisions": moves,
            "seconds": elapsed}


def _playout(job):
    """`job`, marked as a playout row: one that gets its own python-chess slices."""
    job.playout = True
    return job


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per row (default 5)")
    parser.add_argument("--rulesets", help="comma-separated names (default: all with content)")
    parser.add_argument("--mcts", type=int, default=100,
                        help="MCTS iterations for the search rows (default 100; 0: none)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleave the engines over this many rounds, so a busy "
                        "machine slows them all alike (default 3)")
    parser.add_argument("--no-paired", dest="paired", action="store_false",
                        help="one python-chess row per round for every ratio, instead of a "
                        "slice of python-chess beside each row (half the run time)")
    args = parser.parse_args(argv)
    only = set(args.rulesets.split(",")) if args.rulesets else None
    games = [(name, path, k) for name, path in scenarios(only) for k in player_counts(path)]
    jobs = [_playout(lambda s, n=name, p=path, a=adj, k=k: bench_ruleset(n, p, s, a, k))
            for name, path, k in games for adj in (False, True)]
    chess = bench_chess if args.paired else None
    if not args.paired:
        jobs.append(bench_chess)
    if args.mcts > 0:
        jobs += [(lambda s, n=name, p=path, k=k: bench_mcts(n, p, s, args.mcts, k))
                 for name, path, k in games if k is None or k == player_counts(path)[0]]
    rows = summed(jobs, args.seconds, args.rounds, chess)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(table(rows))
    return 0


def summed(jobs: list, seconds: float, rounds: int, chess=None) -> list[dict]:
    """Every job run `rounds` times, interleaved, its counts added up; the rates.

    With `chess` (`bench_chess`), every playout job gets its own yardstick: a slice of
    python-chess as long as the job's, run right beside it (before it in even rounds,
    after it in odd ones), and its `x chess` is over those slices' rate. A machine whose
    speed drifts during the run (python-chess alone has read 9.3k and 13.7k moves/s in
    two idle runs back to back) then moves a row and its yardstick together. The
    python-chess row is every slice added up."""
    totals: dict[int, dict] = {}
    beside: dict[int, dict] = {}
    slice_ = seconds / max(1, rounds)
    for n in range(max(1, rounds)):
        for i, job in enumerate(jobs):
            paired = chess is not None and job is not chess and getattr(job, "playout", False)
            if paired and n % 2 == 0:
                _add(beside, i, chess(slice_))
            _add(totals, i, job(slice_))
            if paired and n % 2 == 1:
                _add(beside, i, chess(slice_))
    rows = list(totals.values())
    for t in rows:
        if "searched" in t:
            t["ms_per_move"] = 1000 * t["seconds"] / t["searched"]
            continue
        _rates(t)
    if beside:  # every slice of python-chess, in its own row
        whole = {}
        for r in beside.values():
            _add(whole, 0, r)
        rows.append(_rates(whole[0]))
    chess_row = next((t for t in rows if t["name"].startswith("python-chess")), None)
    for i, t in totals.items():
        ref = _rates(beside[i]) if i in beside else chess_row
        if ref is not None and "moves" in t:
            t["x_chess"] = t["moves_per_second"] / ref["moves_per_second"]
            t["x_chess_decisions"] = t["decisions_per_second"] / ref["moves_per_second"]
    return rows


def _add(totals: dict[int, dict], i: int, r: dict | None) -> None:
    if r is None:
        return
    t = totals.setdefault(i, {**r, **{k: 0 for k in COUNTS if k in r}})
    for key in COUNTS:
        if key in r:
            t[key] += r[key]


def _rates(t: dict) -> dict:
    t.update(moves_per_second=t["moves"] / t["seconds"],
             decisions_per_second=t["decisions"] / t["seconds"],
             games_per_second=t["games"] / t["seconds"],
             mean_length=t["moves"] / t["games"])
    return t


COUNTS = ("games", "moves", "decisions", "whole_decisions", "searched", "seconds")


def table(rows: list[dict]) -> str:
    lines = [f"{'engine':<36}{'games':>7}{'moves/s':>10}{'decisions/s':>13}{'games/s':>9}"
             f"{'mean len':>10}{'x chess':>9}{'x chess (steps)':>17}"]
    for r in rows:
        if "searched" in r:
            continue
        ratio = f"{r['x_chess']:.2f}" if "x_chess" in r else "-"
        steps_ratio = f"{r['x_chess_decisions']:.2f}" if "x_chess" in r else "-"
        lines.append(f"{r['name']:<36}{r['games']:>7}{r['moves_per_second']:>10.0f}"
                     f"{r['decisions_per_second']:>13.0f}{r['games_per_second']:>9.1f}"
                     f"{r['mean_length']:>10.1f}{ratio:>9}{steps_ratio:>17}")
    searches = [r for r in rows if "searched" in r]
    if searches:
        lines += ["", f"{'search':<36}{'moves':>7}{'ms/move':>10}"]
        lines += [f"{r['name']:<36}{r['searched']:>7}{r['ms_per_move']:>10.1f}"
                  for r in searches]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())

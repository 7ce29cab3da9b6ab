"""`frontkit simulate` and `frontkit balance` (toolkit.cli declares their arguments).

Each `run_*` takes the parsed arguments, prints results on stdout and returns
the exit code; bad input raises `SimError`, a `UserError` the cli prints as
one line (exit 1).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from toolkit.errors import UserError

EXIT_OK = 0


class SimError(UserError):
    """Bad input to a simulation or balance run: one message, exit 1."""


def _jobs(value: int) -> int:
    return value if value and value > 0 else (os.cpu_count() or 1)


def _checked(call):
    """Run `call`, turning the bad-input errors of a run into SimError."""
    from toolkit.referee.protocol import ScenarioError
    from toolkit.sim.balance import BalanceError
    from toolkit.sim.bots import BotSpecError

    try:
        return call()
    except (BalanceError, BotSpecError) as err:
        raise SimError(str(err)) from None
    except ScenarioError as err:
        raise SimError(str(err)) from None
    except LookupError as err:  # an unknown ruleset
        raise SimError(str(err).strip('"')) from None
    except RuntimeError as err:
        if "dask" in str(err).lower():
            raise SimError(str(err)) from None
        raise
    except OSError as err:  # distributed reports an unreachable scheduler as an OSError
        if "connect" in str(err).lower():
            raise SimError(f"cannot reach the Dask scheduler: {err}") from None
        raise


def _load(path: str):
    import dsl

    if not Path(path).is_file():
        raise SimError(f"{path}: no such scenario file")
    return dsl.load(path)  # a DslError is printed by the cli with file:line:col


def run_simulate(args) -> int:
    from toolkit.sim.balance import simulate

    scenario = _load(args.scenario)
    summary = _checked(lambda: simulate(
        args.scenario, args.games, seed=args.seed, jobs=_jobs(args.jobs), scenario=scenario,
        lineup=args.bots, engine=args.engine, address=args.address,
        players=getattr(args, "players", None), progress=not args.quiet and sys.stderr.isatty()))
    print(json.dumps(summary.as_json(), indent=2) if args.json else summary.table())
    return EXIT_OK


def run_balance(args) -> int:
    from toolkit.sim.balance import balance, parse_vary
    from toolkit.sim.report import write_report

    scenario = _load(args.scenario)
    vary = _checked(lambda: parse_vary(args.vary or []))
    run = _checked(lambda: balance(
        args.scenario, games=args.games, seed=args.seed, lineup=args.bots, vary=vary,
        rotate=not args.no_rotate, cap=args.cap, engine=args.engine, jobs=_jobs(args.jobs),
        address=args.address, chunk=args.chunk, players=getattr(args, "players", None),
        scenario=scenario, progress=not args.quiet and sys.stderr.isatty()))
    out = Path(args.out) if args.out else Path("output") / "balance" / Path(args.scenario).stem
    files = write_report(run, scenario, out)
    if args.json:
        print(json.dumps(summary_json(run, files), indent=2))
        return EXIT_OK
    print(summary_text(run))
    print(f"report: {files.html}  {files.pdf}  per game: {files.csv}")
    if files.records:
        print(f"outlier records ({len(files.records)}): {files.records[0].parent}/ "
              f"(open one with: frontkit replay {files.records[0]})")
    return EXIT_OK


def summary_text(run) -> str:
    lines = [f"{run.games} games of {run.title} ({run.ruleset}), seed {run.seed}, bots "
             f"{','.join(run.lineup)}, {run.engine} engine, {run.jobs} worker(s): "
             f"{run.seconds:.1f} s, {run.games_per_second:.0f} games/s"]
    for i, report in enumerate(run.reports):
        if len(run.reports) > 1:
            flag = "NOT LEVEL" if report.flagged else "level"
            lines.append(f"[{run.setting_name(i)}] {flag}")
        for seat in report.seats:
            lines.append(f"  {seat.verdict}")
        lines.append(f"  draws {100 * report.draws.rate:.1f}% (95% CI {report.draws.percent()}), "
                     f"capped {report.capped}, mean length {report.mean_moves:.1f} moves")
    return "\n".join(lines)


def summary_json(run, files) -> dict:
    out = {"scenario": run.scenario, "ruleset": run.ruleset, "seed": run.seed,
           "bots": list(run.lineup), "games": run.games, "engine": run.engine,
           "jobs": run.jobs, "seconds": round(run.seconds, 3),
           "report": {"html": str(files.html), "pdf": str(files.pdf), "csv": str(files.csv),
                      "records": [str(p) for p in files.records]},
           "settings": []}
    for i, r in enumerate(run.reports):
        out["settings"].append({
            "options": {k: v for k, v in run.settings[i].items()},
            "games": r.games, "decided": r.decided, "draws": r.draws.k, "capped": r.capped,
            "seats": {s.side: {"wins": s.wins, "share": round(s.share.rate, 4),
                               "ci95": [round(s.share.low, 4), round(s.share.high, 4)],
                               "verdict": s.verdict} for s in r.seats},
            "not_level": r.flagged, "mean_moves": round(r.mean_moves, 2),
            "endings": {e.rule: e.games for e in r.endings},
        })
    return out

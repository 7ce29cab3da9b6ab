"""The referee's commands: play, replay, simulate (toolkit.cli declares their arguments).

Each `run_*` takes the parsed arguments, writes results to stdout and
diagnostics to stderr, and returns the exit code. Bad input that is not tied to
a record line raises `CommandError`, a `UserError`: the cli prints it as one clear line.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from typing import Any

from toolkit import jsontext
from toolkit.errors import UserError
from toolkit.terminal import PrintableWriter, lines_of
from toolkit.referee import record
from toolkit.referee.protocol import ScenarioError

EXIT_OK, EXIT_USER_ERROR = 0, 1


class CommandError(UserError):
    """Bad input: one message, exit 1 (a UserError, so the cli needs no translation)."""


def _load_scenario(path: str | os.PathLike) -> Any:
    import dsl

    try:
        return dsl.load(path)
    except dsl.DslError as err:
        raise CommandError(f"{path} has errors:\n{err}") from None


def _rules_for(scenario: Any):
    from toolkit.referee import registry

    try:
        return registry.get(scenario.ruleset)
    except LookupError as err:
        raise CommandError(f"{scenario.path}: {err}") from None


# ------------------------------------------------------------------- play


def run_play(args) -> int:
    from toolkit.referee.chance import SeededChance
    from toolkit.referee.match import Match
    from toolkit.referee.session import Session

    scenario = _load_scenario(args.scenario)
    _rules_for(scenario)
    record_path = Path(args.record) if args.record else None
    if record_path is not None and (record_path.exists() or record_path.is_symlink()) \
            and not record_path.is_file():
        raise CommandError(f"--record {record_path}: not a regular file; a record is a plain text file")
    resuming = record_path is not None and record_path.exists() and record_path.stat().st_size
    try:
        if resuming:
            rec = record.load(record_path)
            match = _replayed(rec, scenario)
            seed = rec.header.seed
            if args.table:
                seed = "table"
            elif args.seed is not None:
                seed = str(args.seed)
            value = None if seed in ("table", "none") else seed
            match.chance = None if value is None else SeededChance(
                int(value) if value.lstrip("-").isdigit() else value, match.chance_count)
            match.attach(record_path)
            print(f"resuming {record_path}: {len(match.history)} moves replayed",
                  file=sys.stdout)
        else:
            if args.table:
                seed, chance = "table", None
            else:
                value = args.seed if args.seed is not None else secrets.randbelow(10 ** 9)
                seed, chance = str(value), SeededChance(value)
            match = Match.new(scenario, chance=chance, seed=seed, record_path=record_path)
    except record.RecordError as err:
        print(err, file=sys.stderr)
        return EXIT_USER_ERROR
    except ScenarioError as err:
        raise CommandError(f"{args.scenario}: {err}") from None
    except OSError as err:
        raise CommandError(f"cannot write the record {record_path}: {err.strerror}") from None
    stdin = lines_of(sys.stdin)  # a byte that is not UTF-8 makes its line unreadable, not a crash
    session = Session(match, iter(stdin.readline, ""), PrintableWriter(sys.stdout),
                      table=match.chance is None, clear=sys.stdout.isatty(),
                      echo=not sys.stdin.isatty(), timed=sys.stdin.isatty())
    return session.run()


def _replayed(rec: record.Record, scenario: Any):
    from toolkit.referee.match import Match

    try:
        return Match.from_record(rec, scenario)
    except ScenarioError as err:
        raise record.RecordError(rec.path, rec.header.line_of("scenario"), str(err)) from None


# ----------------------------------------------------------------- replay


def run_replay(args) -> int:
    try:
        rec = record.load(args.record)
        scenario_path = rec.scenario_file(getattr(args, "scenario", None))
        import dsl

        try:
            scenario = dsl.load(scenario_path)
        except dsl.DslError as err:
            raise record.RecordError(rec.path, rec.header.line_of("scenario"),
                                     f"cannot load the scenario {scenario_path}: "
                                     f"{err.diagnostics[0].message if err.diagnostics else err}"
                                     ) from None
        match = _replayed(rec, scenario)
    except record.RecordError as err:
        print(err, file=sys.stderr)
        return EXIT_USER_ERROR
    history = match.history
    upto = len(history) if args.to is None else args.to
    if upto < 0 or upto > len(history):
        raise CommandError(f"--to {args.to}: the record has {len(history)} moves")
    state = history[upto].before if upto < len(history) else match.state
    rules = match.rules
    viewer = getattr(args, "side", None)
    if viewer is not None and viewer not in rec.header.sides:
        raise CommandError(f"--as {viewer}: the sides are {', '.join(rec.header.sides)}")
    texts = shown_moves(history[:upto], viewer)
    outcome = rules.outcome(state)
    decision = rules.decision(state)
    if args.json:
        data = {
            "record": str(args.record),
            "scenario": rec.header.scenario,
            "ruleset": rules.name,
            "sides": list(rec.header.sides),
            "seed": rec.header.seed,
            "moves": [{"n": i + 1, "player": e.player, "move": texts[i],
                       **({} if e.seconds is None else {"seconds": e.seconds})}
                      for i, e in enumerate(history[:upto])],
            "outcome": None if outcome is None else outcome.as_json(),
            "decision": None if decision is None else {
                "kind": decision.kind.value, "players": list(decision.players),
                "prompt": decision.prompt},
            "state_hash": rules.state_hash(state),
            **({} if viewer is None else {"as": viewer}),
        }
        print(jsontext.dumps(data, indent=2))
        return EXIT_OK
    out = PrintableWriter(sys.stdout)  # names and moves come from files: no raw control characters
    for i, e in enumerate(history[:upto]):
        print(f"{i + 1:>4}. {e.player}: {texts[i]}", file=out)
    print(rules.render(rules.view(state, viewer)), file=out)
    if outcome is not None:
        print(f"game over: {outcome}", file=out)
    else:
        from toolkit.referee.game import waiting_for

        print(f"after move {upto}: {waiting_for(decision)}", file=out)
    print(f"state hash: {rules.state_hash(state)}", file=out)
    out.flush()
    return EXIT_OK


SEALED = "(sealed orders)"


def shown_moves(history, viewer: str | None) -> list[str]:
    """The moves' notation as `viewer` may see them: another side's secret orders that no
    later move has revealed yet read as SEALED. None: everything (the record is open)."""
    if viewer is None:
        return [e.text for e in history]
    from toolkit.referee.protocol import DecisionKind

    last_reveal = max((i for i, e in enumerate(history) if e.reveals), default=-1)
    return [SEALED if (e.kind is DecisionKind.ORDERS and e.player != viewer
                       and i > last_reveal and not e.reveals) else e.text
            for i, e in enumerate(history)]


# --------------------------------------------------------------- simulate


def run_simulate(args) -> int:
    from toolkit.sim.balance import simulate

    if args.games < 1:
        raise CommandError("--games must be at least 1")
    jobs = args.jobs if args.jobs and args.jobs > 0 else (os.cpu_count() or 1)
    scenario = _load_scenario(args.scenario)  # errors show before any work starts
    rules = _rules_for(scenario)
    try:
        from toolkit.referee.match import new_game

        new_game(rules, scenario)  # whatever the ruleset trips on is a ScenarioError here
        summary = simulate(args.scenario, args.games, seed=args.seed, jobs=jobs,
                           progress=not args.quiet and sys.stderr.isatty())
    except ScenarioError as err:
        raise CommandError(f"{args.scenario}: {err}") from None
    if args.json:
        print(jsontext.dumps(summary.as_json(), indent=2))
    else:
        print(summary.table())
    return EXIT_OK

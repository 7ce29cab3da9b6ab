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
from toolkit.referee import record, roles, transcript
from toolkit.referee.kit.view import View
from toolkit.terminal import PrintableWriter, lines_of
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
    """The scenario's ruleset, once `check` would pass it (`check` means playable):
    otherwise its diagnostics, as `frontkit check` prints them."""
    from toolkit.referee import registry
    from toolkit.referee.playable import problems, unrefereed_games

    if scenario.ruleset in unrefereed_games():
        raise CommandError(f"{scenario.path}: the ruleset {scenario.ruleset} has no referee "
                           "yet; the scenario checks, shows and builds, but cannot be played")
    try:
        rules = registry.get(scenario.ruleset)
    except LookupError as err:
        raise CommandError(f"{scenario.path}: {err}") from None
    errors = [d for d in problems(scenario) if d.is_error]
    if errors:
        from toolkit.inspect import with_sources

        raise CommandError(f"{scenario.path} cannot be played:\n"
                           + "\n".join(d.render() for d in with_sources(errors)))
    return rules


# ------------------------------------------------------------------- play


def run_play(args) -> int:
    from toolkit.referee.session import Session

    scenario = _load_scenario(args.scenario)
    _rules_for(scenario)
    try:
        match = open_match(args, scenario)
    except record.RecordError as err:
        print(err, file=sys.stderr)
        return EXIT_USER_ERROR
    stdin = lines_of(sys.stdin)  # a byte that is not UTF-8 makes its line unreadable, not a crash
    session = Session.on_streams(match, stdin, sys.stdout, table=match.chance is None)
    return session.run()


def open_match(args, scenario: Any):
    """The match `play` and `serve` run: a new one (`--seed N`, `--table`, or a
    random seed), or the record `--record FILE` resumed when FILE exists, its
    further moves appended. Raises RecordError for a bad record."""
    from toolkit.referee.chance import SeededChance
    from toolkit.referee.match import Match

    record_path = Path(args.record) if args.record else None
    if record_path is not None and (record_path.exists() or record_path.is_symlink()) \
            and not record_path.is_file():
        raise CommandError(f"--record {record_path}: not a regular file; a record is a plain text file")
    resuming = record_path is not None and record_path.exists() and record_path.stat().st_size
    players = getattr(args, "players", None)
    try:
        if resuming:
            rec = record.load(record_path)
            match = _replayed(rec, scenario)
            if players is not None and players != len(match.scenario.sides):
                raise CommandError(f"--players {players}: the record {record_path} is a game "
                                   f"of {len(match.scenario.sides)} players")
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
            match = Match.new(_players(scenario, players), chance=chance, seed=seed,
                              record_path=record_path)
    except ScenarioError as err:
        raise CommandError(f"{args.scenario}: {err}") from None
    except OSError as err:
        raise CommandError(f"cannot write the record {record_path}: {err.strerror}") from None
    return match


def _players(scenario: Any, players: int | None) -> Any:
    """The scenario narrowed to its first `players` sides (default: the fewest it allows)."""
    from toolkit.referee.players import PlayerCountError, with_players

    try:
        return with_players(scenario, players)
    except PlayerCountError as err:
        raise CommandError(f"--players: {err}") from None


def _replayed(rec: record.Record, scenario: Any, partial: bool = False):
    from toolkit.referee.match import Match

    try:
        return Match.from_record(rec, scenario, partial=partial)
    except ScenarioError as err:
        raise record.RecordError(rec.path, rec.header.line_of("scenario"), str(err)) from None


# ----------------------------------------------------------------- replay


def run_replay(args) -> int:
    try:
        rec = record.load(args.record)
        match = _replayed(rec, _record_scenario(rec, getattr(args, "scenario", None)), partial=True)
    except record.RecordError as err:
        print(err, file=sys.stderr)
        return EXIT_USER_ERROR
    history = match.history
    if match.bad_line is not None and (args.to is None or args.to > len(history)):
        print(match.bad_line, file=sys.stderr)  # the game stands only up to the line before
        return EXIT_USER_ERROR
    upto = len(history) if args.to is None else args.to
    if upto < 0 or upto > len(history):
        raise CommandError(f"--to {args.to}: the record has {len(history)} moves")
    viewer = _viewer(args, match, rec)
    if args.json:
        print(jsontext.dumps(_replay_json(args, rec, match, upto, viewer), indent=2))
    else:
        _print_replay(match, upto, viewer)
    if match.bad_line is not None:  # move N shown; the later line is still wrong
        print(match.bad_line, file=sys.stderr)
        return EXIT_USER_ERROR
    return EXIT_OK


def _record_scenario(rec: record.Record, given: str | None) -> Any:
    """The scenario a record replays with (`--scenario`, else the header's path), loaded;
    RecordError at the scenario line when it cannot be used."""
    import dsl

    scenario_path = rec.scenario_file(given, made_with=lambda path: _hash_of(path) == rec.header.sha256)
    try:
        return dsl.load(scenario_path)
    except dsl.DslError as err:
        raise record.RecordError(rec.path, rec.header.line_of("scenario"),
                                 f"cannot load the scenario {scenario_path}: "
                                 f"{err.diagnostics[0].message if err.diagnostics else err}") from None


def _hash_of(path: Path) -> str | None:
    """The hash a record pins (the scenario and its included files), or None when the file
    is no scenario: nothing of the file is shown."""
    import dsl

    try:
        return dsl.load(path).source_hash
    except dsl.DslError:
        return None


def _viewer(args, match, rec: record.Record) -> str | None:
    """The side `--as` names; a seat of a game with roles (`Delta combat`) sees what its
    side sees."""
    viewer = getattr(args, "side", None)
    seats = {roles.seat_name(side, role): side for side, role in match.seats() if role}
    viewer = seats.get(viewer, viewer)
    if viewer is not None and viewer not in rec.header.sides:
        raise CommandError(f"--as {viewer}: the sides are {', '.join(rec.header.sides)}"
                           + (f"; the seats {', '.join(seats)}" if seats else ""))
    return viewer


def _state_at(match, upto: int):
    history = match.history
    return history[upto].before if upto < len(history) else match.state


def _replay_json(args, rec: record.Record, match, upto: int, viewer: str | None) -> dict[str, Any]:
    rules, state = match.rules, _state_at(match, upto)
    outcome, decision = rules.outcome(state), rules.decision(state)
    seen = transcript.seen_moves(match.history[:upto], viewer)
    view = transcript.with_log(rules.view(state, viewer), transcript.told(match.history[:upto], viewer))
    return {
        "record": str(args.record),
        "scenario": rec.header.scenario,
        "ruleset": rules.name,
        "sides": list(rec.header.sides),
        # the seed deals every card still hidden: only the whole record's replay shows it
        **({"seed": rec.header.seed} if viewer is None else {}),
        "moves": [_move_json(i + 1, s, viewer) for i, s in enumerate(seen)],
        "outcome": None if outcome is None else outcome.as_json(),
        "decision": None if decision is None else {
            "kind": decision.kind.value, "players": list(decision.players),
            "prompt": decision.prompt},
        # the whole state's hash would let a player test guesses of what is hidden
        **({"state_hash": rules.state_hash(state)} if viewer is None else {"as": viewer}),
        **({"view": view.as_json()} if isinstance(view, View) else {}),
    }


def _print_replay(match, upto: int, viewer: str | None) -> None:
    rules, state = match.rules, _state_at(match, upto)
    told = transcript.told(match.history[:upto], viewer)
    view = transcript.with_log(rules.view(state, viewer), told)
    outcome = rules.outcome(state)
    out = PrintableWriter(sys.stdout)  # names and moves come from files: no raw control characters
    for i, s in enumerate(transcript.seen_moves(match.history[:upto], viewer)):
        print(f"{i + 1:>4}. {s.player}: {s.text()}", file=out)
    print(transcript.render(rules, view, told), file=out)
    if outcome is not None:
        print(f"game over: {outcome}", file=out)
    else:
        from toolkit.referee.game import waiting_for

        print(f"after move {upto}: {waiting_for(rules.decision(state))}", file=out)
    if viewer is None:  # a hash of everything, hidden cards included: not for one side
        print(f"state hash: {rules.state_hash(state)}", file=out)
    out.flush()


def _move_json(n: int, seen: "transcript.SeenMove", viewer: str | None) -> dict[str, Any]:
    """A move of `replay --json`: the notation (null for what `--as` SIDE could not
    see) and, with `--as`, the texts of the events SIDE was told."""
    out: dict[str, Any] = {"n": n, "player": seen.player, "move": seen.notation}
    if viewer is not None:
        out["told"] = list(seen.told)
    if seen.seconds is not None:
        out["seconds"] = seen.seconds
    return out

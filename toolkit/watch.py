"""`frontkit build --watch`: rebuild the kit whenever a file the scenario reads changes.

The files that matter are the scenario, every file it includes, and its
declared images and fonts; they are read again after each build, so a new
`include` is watched from the next build on. A build that fails prints its
diagnostics and the loop goes on: the designer fixes the file and saves.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from dsl import DslError, load
from toolkit.errors import UserError


def files_read(scenario_path: Path) -> set[Path]:
    """The scenario, its includes and its assets, resolved; just the scenario if it cannot be read."""
    try:
        scenario = load(scenario_path)
    except DslError as err:
        return {_resolved(p) for p in err.files} | {_resolved(scenario_path)}
    base = scenario_path.parent
    return ({_resolved(p) for p in scenario.files} | {_resolved(base / a.path) for a in scenario.assets.values()}
            | {_resolved(scenario_path)})


def _resolved(path: str | Path) -> Path:
    try:
        return Path(path).resolve()
    except OSError:
        return Path(path)


def build_once(args: argparse.Namespace, build: Callable[[argparse.Namespace], int]) -> int:
    """One build; its errors are printed, never raised, so the loop survives them."""
    try:
        return build(args)
    except DslError as err:
        print(err.render(), file=sys.stderr)
    except UserError as err:
        print(f"frontkit build: error: {err}", file=sys.stderr)
    return 1


def real_changes(folder: Path) -> Iterable[set[Path]]:
    """Batches of changed paths under `folder`, from the operating system (watchfiles).
    Ctrl-C raises KeyboardInterrupt here, for `watch_build` to end with its own line
    (watchfiles' own way logs "KeyboardInterrupt caught, stopping watch")."""
    from watchfiles import watch

    for batch in watch(folder, debounce=300, raise_interrupt=True):
        yield {Path(path) for _, path in batch}


def watch_build(args: argparse.Namespace, build: Callable[[argparse.Namespace], int],
                changes: Iterable[set[Path]] | None = None, max_rebuilds: int | None = None) -> int:
    """Build, then rebuild after every batch of changes that touches a file the scenario reads.

    `changes` are batches of changed paths (the real watcher by default);
    `max_rebuilds` stops the loop after that many rebuilds (for tests). The
    result is the last build's exit code.
    """
    scenario = Path(args.scenario)
    status = build_once(args, build)
    watched = files_read(scenario)
    print(f"watching {len(watched)} file{'s' if len(watched) != 1 else ''}; Ctrl-C stops", file=sys.stderr)
    rebuilds = 0
    try:
        for batch in changes if changes is not None else real_changes(scenario.resolve().parent):
            touched = sorted(p for p in (_resolved(c) for c in batch) if p in watched)
            if not touched:
                continue
            print(f"changed: {', '.join(p.name for p in touched)}; building again", file=sys.stderr)
            status = build_once(args, build)
            watched = files_read(scenario)
            rebuilds += 1
            if max_rebuilds is not None and rebuilds >= max_rebuilds:
                break
    except KeyboardInterrupt:
        print("stopped watching", file=sys.stderr)
    return status

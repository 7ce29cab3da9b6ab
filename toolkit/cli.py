"""The `frontkit` command line.

Every command writes results to stdout and diagnostics to stderr, and exits
0 on success, 1 on a user error (bad input, an illegal move in a record) and
2 on bad usage. This is the only module that knows about both the referee
and the press.

Each command is a pair: `add_NAME(subparsers)` declares its arguments and
`run_NAME(args) -> int` does the work; `COMMANDS` lists them in help order.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from toolkit import __version__

EXIT_OK, EXIT_USER_ERROR, EXIT_USAGE = 0, 1, 2


class UserError(Exception):
    """Bad input from the user: printed as one message, exit 1, no traceback."""


# ------------------------------------------------------------------ check


def add_check(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "check",
        help="check scenario files for errors",
        description="Parse and check scenario files (or every *.scn under folders). "
        "Prints diagnostics as path:line:col and exits 1 if any error was found.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="a .scn file or a folder to search")
    p.add_argument("--json", action="store_true", help="print diagnostics as JSON on stdout")
    return p


def run_check(args: argparse.Namespace) -> int:
    from toolkit.inspect import check_paths

    return check_paths([Path(p) for p in args.paths], as_json=args.json)


# ------------------------------------------------------------------- show


def add_show(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "show",
        help="summarise a scenario and draw its boards as text",
        description="Print what a scenario holds: boards (drawn as text), terrain, "
        "pieces, decks and setups.",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="a .scn file")
    return p


def run_show(args: argparse.Namespace) -> int:
    from toolkit.inspect import show_scenario

    return show_scenario(Path(args.scenario))


# --------------------------------------------------------------- registry

COMMANDS: list[tuple[str, Callable, Callable]] = [
    ("check", add_check, run_check),
    ("show", add_show, run_show),
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="frontkit",
        description="Author, print and referee tabletop wargames and card games.",
    )
    parser.add_argument("--version", action="version", version=f"frontkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, add, run in COMMANDS:
        add(sub).set_defaults(run=run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except UserError as exc:
        print(f"frontkit {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())

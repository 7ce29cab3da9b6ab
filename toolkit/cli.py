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

from dsl import DslError
from toolkit import __version__

EXIT_OK, EXIT_USER_ERROR, EXIT_USAGE = 0, 1, 2


# defined in its own module so `python -m toolkit.cli` and `import toolkit.cli`
# share one class
from toolkit.errors import UserError  # noqa: E402


# ------------------------------------------------------- argument types
# Bad option values are usage errors (exit 2, with the usage line), like any
# other argparse error; only bad files and illegal moves exit 1.


def whole_number(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum or (maximum is not None and value > maximum):
            span = f"from {minimum} to {maximum}" if maximum is not None else f"at least {minimum}"
            raise argparse.ArgumentTypeError(f"{value} is out of range: choose {span}")
        return value

    parse.__name__ = "whole number"
    return parse


def length(text: str) -> str:
    from dsl.model import Length

    try:
        Length.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def offset(text: str) -> str:
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"{text!r}: write two lengths X,Y such as 1mm,-0.5mm")
    for part in parts:
        length(part)
    return text


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


# ------------------------------------------------------- play / replay / simulate


def add_play(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "play",
        help="play a scenario at the keyboard (pass-and-play)",
        description="Play a scenario interactively, one line at a time from stdin: a move "
        "in the game's notation, or moves [WORD], board, undo, save FILE, help, quit. The board "
        "is shown from the deciding side's view only; at a terminal each side is handed the "
        "keyboard with a screen of its own. With --record FILE every move is "
        "appended to FILE; an existing FILE is resumed.",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="a .scn file")
    chance = p.add_mutually_exclusive_group()
    chance.add_argument("--seed", type=int, metavar="N", help="dice and draws from seed N")
    chance.add_argument("--table", action="store_true",
                        help="the players roll and draw at the table and type the results")
    p.add_argument("--record", metavar="FILE", help="append the game to FILE (resume it if it exists)")
    return p


def run_play(args: argparse.Namespace) -> int:
    from toolkit.referee.commands import run_play as run

    return run(args)


def add_serve(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "serve",
        help="play a scenario in web pages, one per seat (local server)",
        description="Run one match as a local web server and print a secret address per "
        "seat and one for spectators. Each page shows only its seat's view. With --record "
        "FILE every move is appended to FILE; an existing FILE is resumed. Needs the web "
        "extra: pip install 'frontkit[web]'.",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="a .scn file")
    chance = p.add_mutually_exclusive_group()
    chance.add_argument("--seed", type=int, metavar="N", help="dice and draws from seed N")
    chance.add_argument("--table", action="store_true",
                        help="the players roll and draw at the table and type the results")
    p.add_argument("--record", metavar="FILE", help="append the game to FILE (resume it if it exists)")
    p.add_argument("--port", type=whole_number(0, 65535), default=8000, metavar="P",
                   help="port to listen on (default %(default)s)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default %(default)s: this machine only)")
    return p


def run_serve(args: argparse.Namespace) -> int:
    from toolkit.web.command import run_serve as run

    return run(args)


def add_replay(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "replay",
        help="replay a game record and show where it ended",
        description="Replay a game record through the rules (no generator needed: chance "
        "outcomes are in the record). Errors are reported as RECORD:LINE.",
    )
    p.add_argument("record", metavar="RECORD", help="a game record file")
    p.add_argument("--to", type=int, metavar="N", help="stop after move N")
    p.add_argument("--json", action="store_true", help="print ruleset, moves, outcome, state_hash as JSON")
    p.add_argument("--as", dest="side", metavar="SIDE",
                   help="show what SIDE could see: its view, its own moves, and every other "
                   "move only as the events SIDE was told")
    return p


def run_replay(args: argparse.Namespace) -> int:
    from toolkit.referee.commands import run_replay as run

    return run(args)


def add_simulate(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "simulate",
        help="play random bots against each other and summarise",
        description="Play N games of random bots: wins per side, draws, mean game length, "
        "games/s and moves/s. The same --seed gives the same results whatever --jobs is.",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="a .scn file")
    p.add_argument("--games", type=whole_number(1), required=True, metavar="N", help="how many games")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the run (default 0)")
    p.add_argument("--jobs", type=whole_number(0), default=1, metavar="J",
                   help="worker processes (0: all cores)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def run_simulate(args: argparse.Namespace) -> int:
    from toolkit.referee.commands import run_simulate as run

    return run(args)


# ------------------------------------------------------------------ build


def add_build(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "build",
        help="build the print-and-play kit of a scenario",
        description="Write cards.pdf, counters.pdf, boards.pdf, sheets.pdf, kit.pdf (all of "
        "them, with bookmarks) and manifest.json into DIR. Lengths accept mm, cm, in and pt. "
        "Print at actual size (no 'fit to page').",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="a .scn file")
    p.add_argument("--out", metavar="DIR", help="output folder (default output/<scenario>/)")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", type=str.lower)
    p.add_argument("--backs", choices=["duplex", "fold", "none"], default="duplex",
                   help="duplex: back pages mirrored for long-edge flipping; fold: front and "
                   "back on one sheet with a fold line; none: fronts only")
    p.add_argument("--bleed", metavar="LEN", type=length, help="bleed around every card and counter, e.g. 3mm "
                   "(default: each layout's own)")
    p.add_argument("--back-offset", metavar="X,Y", default="0mm,0mm", type=offset,
                   help="shift of back pages to correct printer drift, e.g. 1mm,-0.5mm "
                   "(measure it with calibration.pdf)")
    p.add_argument("--fit", action="store_true", help="scale boards larger than the paper to fit")
    p.add_argument("--png", metavar="DPI", type=whole_number(36, 2400), help="also write one PNG per card face and back")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def run_build(args: argparse.Namespace) -> int:
    from toolkit.pnp.command import build_command

    return build_command(args)


# -------------------------------------------------------------------- new


def add_new(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "new",
        help="write a starter scenario to edit",
        description="Write a small, valid scenario file to start from: terrain, a board drawn "
        "as a picture, a piece type and a setup per side.",
    )
    p.add_argument("path", metavar="PATH", help="the .scn file to create (it must not exist)")
    p.add_argument("--title", help="the scenario title (default: from the file name)")
    p.add_argument("--ruleset", default="skirmish", help="the ruleset that referees it (default: %(default)s)")
    p.add_argument("--sides", default="North,South", help="two side names, comma-separated (default: %(default)s)")
    p.add_argument("--size", default="8x10", help="board WIDTHxHEIGHT (default: %(default)s)")
    return p


def run_new(args: argparse.Namespace) -> int:
    from toolkit.starter import write_starter

    path = write_starter(Path(args.path), title=args.title, ruleset=args.ruleset, sides=args.sides,
                         size=args.size)
    print(f"wrote {path}; check it with: frontkit check {path}")
    return EXIT_OK


# --------------------------------------------------------------- registry

COMMANDS: list[tuple[str, Callable, Callable]] = [
    ("check", add_check, run_check),
    ("show", add_show, run_show),
    ("new", add_new, run_new),
    ("build", add_build, run_build),
    ("play", add_play, run_play),
    ("serve", add_serve, run_serve),
    ("replay", add_replay, run_replay),
    ("simulate", add_simulate, run_simulate),
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
    except DslError as exc:  # a scenario any command loaded has errors
        print(exc.render(), file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())

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
import importlib
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from dsl import DslError
from toolkit import __version__

EXIT_OK, EXIT_USER_ERROR, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # a fault of frontkit's own (sysexits' EX_SOFTWARE), not of the input
TRACEBACK = "FRONTKIT_TRACEBACK"  # set (to anything) to see where an internal error arose
T = TypeVar("T")


# defined in its own module so `python -m toolkit.cli` and `import toolkit.cli`
# share one class
from toolkit.errors import UserError  # noqa: E402


# ------------------------------------------------------- argument types
# Bad option values are usage errors (exit 2, with the usage line), like any
# other argparse error; only bad files and illegal moves exit 1.


def as_usage(read: Callable[[], T], *errors: type[Exception]) -> T:
    """`read()`, with `errors` (a reader's own: a bad length, an unknown bot) told as a
    usage error of the option being read: its message after the usage line, exit 2."""
    try:
        return read()
    except errors as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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

    as_usage(lambda: Length.parse(text), ValueError)
    return text


def bleed(text: str) -> str:
    """--bleed: a length a print shop would accept (toolkit.pnp.units.check_bleed)."""
    from toolkit.pnp.units import check_bleed, parse_length

    as_usage(lambda: check_bleed(parse_length(length(text))), ValueError)
    return text


def attach_dashed_values(argv: list[str], options: tuple[str, ...] = ("--back-offset", "--bleed")) -> list[str]:
    """`--back-offset -0.5mm,1mm` as written: a value starting with '-' would otherwise be
    taken for an option (calibration gives negative offsets), so join it as `--opt=value`."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] in options and i + 1 < len(argv) and re.match(r"-[0-9.]", argv[i + 1]):
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
            continue
        out.append(argv[i])
        i += 1
    return out


def offset(text: str) -> str:
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"{text!r}: write two lengths X,Y such as 1mm,-0.5mm")
    for part in parts:
        length(part)
    return text


def print_services(text: str) -> tuple[str, ...]:
    """--for: print services by name, comma-separated (toolkit.pnp.services)."""
    from toolkit.pnp.services import parse_services

    return as_usage(lambda: parse_services(text), ValueError)


# ---------------------------------------------------------- command parts
# Each `add_NAME` begins with `command`; options several commands take are
# declared once below.

Subparsers = argparse._SubParsersAction


def command(sub: Subparsers, name: str, summary: str, description: str, *,
            scenario: bool = False) -> argparse.ArgumentParser:
    """The parser of command `name`: `summary` in `frontkit --help`, `description` in its
    own; with `scenario`, its first argument is the scenario file."""
    p = sub.add_parser(name, help=summary, description=description)
    if scenario:
        p.add_argument("scenario", metavar="SCENARIO", help="a .scn file")
    return p


def elsewhere(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """`run_NAME` of a command whose work is written in `module` (the referee's, the
    press's, the bots'), imported only when the command runs."""

    def run(args: argparse.Namespace) -> int:
        return getattr(importlib.import_module(module), name)(args)

    run.__name__ = run.__qualname__ = name
    return run


def _add_json(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--json", action="store_true", help=f"print {what} as JSON")


def _add_quiet(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quiet", action="store_true", help="no progress bar")


# ------------------------------------------------------------------ check


def add_check(sub: Subparsers) -> argparse.ArgumentParser:
    p = command(sub, "check", "check scenario files for errors",
                "Parse and check scenario files (or every *.scn under folders). "
                "Prints diagnostics as path:line:col and exits 1 if any error was found.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="a .scn file or a folder to search")
    p.add_argument("--json", action="store_true", help="print diagnostics as JSON on stdout")
    return p


def run_check(args: argparse.Namespace) -> int:
    from toolkit.inspect import check_paths

    return check_paths([Path(p) for p in args.paths], as_json=args.json)


# ------------------------------------------------------------------- show


def add_show(sub: Subparsers) -> argparse.ArgumentParser:
    return command(sub, "show", "summarise a scenario and draw its boards as text",
                   "Print what a scenario holds: boards (drawn as text), terrain, "
                   "pieces, decks and setups.", scenario=True)


def run_show(args: argparse.Namespace) -> int:
    from toolkit.inspect import show_scenario

    return show_scenario(Path(args.scenario))


# ------------------------------------------------------- play / replay / simulate


def _add_match_arguments(p: argparse.ArgumentParser) -> None:
    """What `play` and `serve` both take after the scenario: where chance comes from,
    the record."""
    chance = p.add_mutually_exclusive_group()
    chance.add_argument("--seed", type=int, metavar="N", help="dice and draws from seed N")
    chance.add_argument("--table", action="store_true",
                        help="the players roll and draw at the table and type the results")
    p.add_argument("--record", metavar="FILE", help="append the game to FILE (resume it if it exists)")
    _add_players(p)


def _add_players(p: argparse.ArgumentParser) -> None:
    """--players N: how many play, for a scenario that says `players 2-5` (its first N
    sides); default the fewest it allows (docs/referee.md, "Players")."""
    p.add_argument("--players", type=whole_number(1), metavar="N",
                   help="how many play (the scenario's first N sides; default: the fewest its "
                   "`players` range allows)")


def add_play(sub: Subparsers) -> argparse.ArgumentParser:
    p = command(sub, "play", "play a scenario at the keyboard (pass-and-play)",
                "Play a scenario interactively, one line at a time from stdin: a move "
                "in the game's notation, or moves [WORD], board, undo, save FILE, help, quit. The board "
                "is shown from the deciding side's view only; at a terminal each side is handed the "
                "keyboard with a screen of its own. With --record FILE every move is "
                "appended to FILE; an existing FILE is resumed.", scenario=True)
    _add_match_arguments(p)
    return p


def add_serve(sub: Subparsers) -> argparse.ArgumentParser:
    p = command(sub, "serve", "play a scenario in web pages, one per seat (local server)",
                "Run one match as a local web server and print a secret address per "
                "seat and one for spectators. Each page shows only its seat's view. With --record "
                "FILE every move is appended to FILE; an existing FILE is resumed. Needs the web "
                "extra: pip install 'frontkit[web]'.", scenario=True)
    _add_match_arguments(p)
    p.add_argument("--port", type=whole_number(0, 65535), default=8000, metavar="P",
                   help="port to listen on (default %(default)s)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default %(default)s: this machine only; "
                   "0.0.0.0: every network, so phones at the table can join)")
    return p


def add_replay(sub: Subparsers) -> argparse.ArgumentParser:
    p = command(sub, "replay", "replay a game record and show where it ended",
                "Replay a game record through the rules (no generator needed: chance "
                "outcomes are in the record). Errors are reported as RECORD:LINE.")
    p.add_argument("record", metavar="RECORD", help="a game record file")
    p.add_argument("--to", type=whole_number(0), metavar="N", help="stop after move N")
    _add_json(p, "ruleset, moves, outcome, state_hash")
    p.add_argument("--as", dest="side", metavar="SIDE",
                   help="show what SIDE could see: its view, its own moves, and every other "
                   "move only as the events SIDE was told (a seat of a game with roles, "
                   "such as 'Delta combat', sees what its side sees)")
    p.add_argument("--scenario", metavar="PATH",
                   help="the scenario to replay with, when the record's own path is elsewhere (its "
                   "sha256 must match the record's)")
    return p


run_play = elsewhere("toolkit.referee.commands", "run_play")
run_serve = elsewhere("toolkit.web.command", "run_serve")
run_replay = elsewhere("toolkit.referee.commands", "run_replay")


def bot_lineup(text: str) -> str:
    from toolkit.sim.bots import BotSpecError, parse_lineup

    as_usage(lambda: parse_lineup(text), BotSpecError)
    return text


def option_values(text: str) -> str:
    name, eq, values = text.partition("=")
    if not eq or not name.strip() or not values.strip() or any(
            not v.strip() for v in values.split(",")):
        raise argparse.ArgumentTypeError(f"{text!r}: write OPTION=a,b,c, e.g. centre_hold_turns=3,5,7")
    return text


def _bot_arguments(p: argparse.ArgumentParser, default_jobs: int) -> None:
    p.add_argument("--seed", type=int, default=0, metavar="S", help="root seed of the run (default 0)")
    p.add_argument("--bots", default="random", metavar="LINEUP", type=bot_lineup,
                   help="one bot per seat in side order, e.g. mcts:200,random (random, greedy, "
                   "mcts[:ITERATIONS or :MSms]; the last repeats; default: random)")
    p.add_argument("--engine", choices=["local", "dask"], default="local",
                   help="local: processes on this machine (default); dask: a Dask cluster")
    p.add_argument("--address", metavar="URL",
                   help="the Dask scheduler, e.g. tcp://host:8786 (default: start one here)")
    p.add_argument("--jobs", type=whole_number(0), default=default_jobs, metavar="J",
                   help=f"worker processes (0: all cores; default {default_jobs})")
    _add_quiet(p)
    _add_players(p)


def add_simulate(sub: Subparsers) -> argparse.ArgumentParser:
    p = command(sub, "simulate", "play bots against each other and summarise",
                "Play N games of bots (random unless --bots says otherwise): wins per "
                "side, draws, mean game length, games/s and moves/s. The same --seed gives the same "
                "results whatever --jobs or --engine is.", scenario=True)
    p.add_argument("--games", type=whole_number(1), required=True, metavar="N", help="how many games")
    _bot_arguments(p, default_jobs=1)
    _add_json(p, "the summary")
    return p


def add_balance(sub: Subparsers) -> argparse.ArgumentParser:
    p = command(sub, "balance", "play many bot games and write a balance report",
                "Play N bot games and write report.html (self-contained), report.pdf, "
                "games.csv and records of outlier games (open them with frontkit replay) into DIR: "
                "win rate per seat with 95 percent intervals and a verdict, draws, game length, endings, "
                "what was used. --vary OPT=a,b runs the same games under each setting. The same "
                "--seed gives the same report on every engine and worker count.", scenario=True)
    p.add_argument("--games", type=whole_number(1), default=1000, metavar="N",
                   help="games per setting (default 1000)")
    p.add_argument("--vary", action="append", metavar="OPT=a,b,c", type=option_values,
                   help="a scenario option and the values to try (repeat for several: every "
                   "combination is played)")
    _bot_arguments(p, default_jobs=0)
    p.add_argument("--chunk", type=whole_number(1), metavar="N",
                   help="games per unit of work sent to a worker (default: chosen from N and J)")
    p.add_argument("--cap", type=whole_number(1), default=5000, metavar="MOVES",
                   help="stop a game after this many moves and count it as capped (default 5000)")
    p.add_argument("--no-rotate", action="store_true",
                   help="keep each bot in its seat (default: the line-up turns one seat a game)")
    p.add_argument("--out", metavar="DIR", help="report folder (default output/balance/<scenario>/)")
    _add_json(p, "the figures")
    return p


run_simulate = elsewhere("toolkit.sim.command", "run_simulate")
run_balance = elsewhere("toolkit.sim.command", "run_balance")


# ------------------------------------------------------------------ build


def add_build(sub: Subparsers) -> argparse.ArgumentParser:
    p = command(sub, "build", "build the print-and-play kit of a scenario",
                "Write cards.pdf, counters.pdf, boards.pdf, sheets.pdf, kit.pdf (all of "
                "them, with bookmarks) and manifest.json into DIR. Lengths accept mm, cm, in and pt. "
                "Print at actual size (no 'fit to page').", scenario=True)
    p.add_argument("--out", metavar="DIR", help="output folder (default output/<scenario>/)")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", type=str.lower)
    p.add_argument("--backs", choices=["duplex", "fold", "none"], default="duplex",
                   help="duplex: back pages mirrored for long-edge flipping; fold: front and "
                   "back on one sheet with a fold line; none: fronts only")
    p.add_argument("--bleed", metavar="LEN", type=bleed, help="bleed around every card and counter, e.g. 3mm "
                   "(default: each layout's own)")
    p.add_argument("--back-offset", metavar="X,Y", default="0mm,0mm", type=offset,
                   help="shift of back pages to correct printer drift, e.g. 1mm,-0.5mm "
                   "(measure it with calibration.pdf)")
    p.add_argument("--fit", action="store_true", help="scale boards larger than the paper to fit")
    p.add_argument("--png", metavar="DPI", type=whole_number(36, 2400), help="also write one PNG per card face and back")
    p.add_argument("--cmyk", action="store_true", help="write every colour as CMYK, for print shops")
    p.add_argument("--gang", action="store_true", help="decks of one card size share sheets")
    p.add_argument("--butt", action="store_true",
                   help="counters butted: neighbours share cut lines (bleed only around the block)")
    p.add_argument("--for", dest="services", metavar="SERVICE[,SERVICE]", action="append", type=print_services,
                   help="also write the files a print service takes, to its published card spec: "
                   "thegamecrafter (png/: an image per card face, 825 x 1125 px for poker), drivethrucards "
                   "(drivethru/: a PDF per deck, 2.75 x 3.75 in pages, CMYK), printerstudio (printerstudio/: "
                   "822 x 1122 px images); home (the default) is the kit alone, at the sizes the scenario declares")
    p.add_argument("--drivethru", action="store_true", help="the same as --for drivethrucards")
    p.add_argument("--proof", action="store_true",
                   help="also write proof.pdf, for review before printing: every card of every deck once, "
                   "at actual size, with its name and how many copies the deck holds")
    p.add_argument("--optional", action="store_true",
                   help="also print counters the game marks optional (chits standing in for cubes)")
    _add_quiet(p)
    p.add_argument("--watch", action="store_true",
                   help="build again whenever the scenario, a file it includes, or an image or font it "
                   "declares changes; errors are printed and the watch goes on (Ctrl-C stops)")
    p.add_argument("--watch-max", type=whole_number(1), metavar="N", help=argparse.SUPPRESS)  # tests: stop after N
    return p


def run_build(args: argparse.Namespace) -> int:
    from toolkit.pnp.command import build_command

    if args.watch:
        from toolkit.watch import watch_build

        return watch_build(args, build_command, max_rebuilds=args.watch_max)
    return build_command(args)


# -------------------------------------------------------------------- lsp


def add_lsp(sub: Subparsers) -> argparse.ArgumentParser:
    return command(sub, "lsp", "the language server editors talk to (stdio)",
                   "Serve the Language Server Protocol on stdin/stdout: the diagnostics of "
                   "`frontkit check` while you type, go to definition, completion of names and fields. "
                   "An editor starts it; see docs/editors.md. Needs the `editor` extra: "
                   "pip install 'frontkit[editor]'.")


def run_lsp(args: argparse.Namespace) -> int:
    try:
        from toolkit.lsp import serve
    except ImportError as exc:
        raise UserError(f"the language server needs pygls ({exc.name} is missing): "
                        "pip install 'frontkit[editor]'") from None
    serve()
    return EXIT_OK


# -------------------------------------------------------------------- new


def add_new(sub: Subparsers) -> argparse.ArgumentParser:
    p = command(sub, "new", "write a starter scenario to edit",
                "Write a small, valid scenario file to start from: terrain, a board drawn "
                "as a picture, a piece type and a setup per side.")
    p.add_argument("path", metavar="PATH", help="the .scn file to create (it must not exist)")
    p.add_argument("--title", type=title_text, help="the scenario title (default: from the file name)")
    p.add_argument("--ruleset", default="skirmish", type=ruleset_name,
                   help="the ruleset that referees it (default: %(default)s)")
    p.add_argument("--sides", default="North,South", type=side_pair,
                   help="two side names, comma-separated (default: %(default)s)")
    p.add_argument("--size", default="8x10", type=board_size, help="board WIDTHxHEIGHT (default: %(default)s)")
    return p


# `frontkit new`'s option values: a bad one is a usage error (exit 2), like any other.
def side_pair(text: str) -> str:
    names = [s.strip() for s in text.split(",") if s.strip()]
    if len(names) != 2 or not all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", s) for s in names):
        raise argparse.ArgumentTypeError(f"want two names separated by a comma, such as North,South (got {text!r})")
    return text


def board_size(text: str) -> str:
    m = re.fullmatch(r"(\d+)x(\d+)", text.strip())
    if not m or not (2 <= int(m.group(1)) <= 100 and 2 <= int(m.group(2)) <= 100):
        raise argparse.ArgumentTypeError(f"want WIDTHxHEIGHT between 2x2 and 100x100, such as 8x10 (got {text!r})")
    return text


def ruleset_name(text: str) -> str:
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", text):
        raise argparse.ArgumentTypeError(f"want a ruleset name such as front_lines (got {text!r})")
    return text


def title_text(text: str) -> str:
    if '"' in text or "\\" in text:
        raise argparse.ArgumentTypeError("a title cannot hold a double quote or a backslash")
    return text


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
    ("lsp", add_lsp, run_lsp),
    ("balance", add_balance, run_balance),
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="frontkit",
        description="Author, print and referee tabletop wargames and card games.",
    )
    parser.add_argument("--version", action="version", version=f"frontkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, add, run in COMMANDS:
        p = add(sub)
        p.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE", type=limit_spec,
                       help="raise a size, depth or cost limit for this run, e.g. scenario_bytes=32M "
                       "(docs/limits.md lists them; also FRONTKIT_LIMITS)")
        p.set_defaults(run=run)
    return parser


def limit_spec(text: str) -> dict[str, int]:
    from toolkit import limits

    return as_usage(lambda: limits.parse_spec(text), limits.LimitSpecError)


def main(argv: list[str] | None = None) -> int:
    from toolkit import limits
    from toolkit.terminal import printable

    parser = build_parser()
    args = parser.parse_args(attach_dashed_values(list(sys.argv[1:] if argv is None else argv)))
    try:
        base = limits.from_environment()
    except limits.LimitSpecError as exc:
        parser.error(str(exc))
    changes = {k: v for spec in args.limit for k, v in spec.items()}
    chosen = base.with_values(changes)
    before = os.environ.get(limits.ENVIRONMENT)
    if changes:  # worker processes (simulate --jobs) read the same limits
        os.environ[limits.ENVIRONMENT] = limits.as_spec(chosen)
    try:
        with limits.raised(limits=chosen):
            return args.run(args)
    except UserError as exc:
        print(printable(f"frontkit {args.command}: error: {exc}"), file=sys.stderr)
        return EXIT_USER_ERROR
    except DslError as exc:  # a scenario any command loaded has errors
        print(exc.render(), file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug of ours: one line that says so, not a traceback
        if os.environ.get(TRACEBACK):
            raise
        print(printable(f"frontkit {args.command}: internal error ({type(exc).__name__}: "
                        f"{exc}); this is a fault in frontkit, not in your files: please "
                        f"report it with the command (set {TRACEBACK}=1 to see where)"),
              file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        if changes and before is None:
            os.environ.pop(limits.ENVIRONMENT, None)
        elif changes:
            os.environ[limits.ENVIRONMENT] = before


if __name__ == "__main__":
    sys.exit(main())

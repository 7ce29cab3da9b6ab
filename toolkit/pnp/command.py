"""`frontkit build`: options from the command line, press checks, the kit, a summary."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from toolkit.errors import UserError
from toolkit.terminal import printable
from toolkit.pnp.services import HOME
from toolkit.pnp.units import PressOptions, parse_length, parse_offset


def options_from_args(args: argparse.Namespace) -> PressOptions:
    """PressOptions from parsed arguments; ValueError names the bad argument."""
    bleed = None
    if args.bleed is not None:
        try:
            bleed = parse_length(args.bleed)
        except ValueError as exc:
            raise ValueError(f"--bleed: {exc}") from None
    try:
        offset = parse_offset(args.back_offset)
    except ValueError as exc:
        raise ValueError(f"--back-offset: {exc}") from None
    services = tuple(name for names in (getattr(args, "services", None) or []) for name in names)
    if getattr(args, "drivethru", False):
        services += ("drivethrucards",)
    services = tuple(name for name in dict.fromkeys(services) if name != HOME)
    return PressOptions(paper=args.paper, backs=args.backs, bleed=bleed, back_offset=offset,
                        fit=args.fit, png_dpi=args.png, quiet=args.quiet,
                        proof=getattr(args, "proof", False), cmyk=getattr(args, "cmyk", False),
                        services=services,
                        gang=getattr(args, "gang", False), butt=getattr(args, "butt", False),
                        optional=getattr(args, "optional", False))


def build_command(args: argparse.Namespace) -> int:
    from dsl import DslError, load
    from toolkit.pnp.checks import check_press
    from toolkit.pnp.kit import build_kit, count_items, progress_bar
    from toolkit.pnp.render import PressError

    try:
        options = options_from_args(args)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    path = Path(args.scenario)
    if not path.exists() and not path.is_symlink():
        raise UserError(f"no such scenario file: {path}")  # anything else: the loader says what it is
    try:
        scenario = load(path)
    except DslError as err:
        print(err.render(), file=sys.stderr)
        return 1
    diagnostics = check_press(scenario, options)
    for d in diagnostics:
        print(d.render(), file=sys.stderr)
    if any(d.is_error for d in diagnostics):
        n = sum(d.is_error for d in diagnostics)
        print(f"{n} error{'s' if n != 1 else ''}; nothing built", file=sys.stderr)
        return 1
    folder = Path(args.out) if args.out else Path("output") / path.stem
    bar = progress_bar(count_items(scenario) + 2, options.quiet)
    try:
        kit = build_kit(scenario, folder, options, bar)
    except PressError as exc:
        raise UserError(str(exc)) from None
    except (ValueError, ArithmeticError) as exc:  # a value no check refused: still one clear line
        raise UserError(f"cannot build {path}: {exc}") from None
    finally:
        if bar is not None:
            bar.close()
    for w in kit.warnings:
        print(printable(f"warning: {w}", keep=""), file=sys.stderr)
    for note in kit.notes:
        print(printable(f"note: {note}", keep=""), file=sys.stderr)
    for line in summary(kit, options):
        print(line)
    return 0


def summary(kit: Any, options: PressOptions) -> list[str]:
    """What the build wrote, one line per file or folder of the output: every file of
    `kit.files` is on a line of its own or inside a folder that has one."""
    lines, listed = [], set()

    def pages(n: int) -> str:
        return f"{n} page{'s' if n != 1 else ''}"

    for report in kit.reports:
        if report.path is not None and report.pages:
            counts = ", ".join(f"{k} {v}" for k, v in report.counts.items())
            lines.append(f"{report.path}  {pages(report.pages)}  {counts}")
            listed.add(report.path.name)
    for extra in kit.extras:
        lines.append(f"{extra.path}  {pages(extra.pages)}  "
                     f"(for review before printing: every card at actual size, with its name and copies)")
        listed.add(extra.path.name)
    if any(f.name == "kit.pdf" and f.parent == kit.folder for f in kit.files):
        lines.append(f"{kit.folder / 'kit.pdf'}  (everything, with bookmarks); print at actual size")
        lines.append(_sides_line(kit, options))
        listed.add("kit.pdf")
    tops: dict[str, int] = {}
    for f in kit.files:
        parts = f.relative_to(kit.folder).parts
        if len(parts) > 1:
            tops[parts[0]] = tops.get(parts[0], 0) + 1
        elif parts[0] not in listed and parts[0] != "manifest.json":
            lines.append(str(f))
    for name, n in tops.items():
        what = kit.folders.get(name, "")
        lines.append(f"{kit.folder / name}/  {n} file{'s' if n != 1 else ''}" + (f"  ({what})" if what else ""))
    lines.append(f"{kit.folder / 'manifest.json'}  (every file above, its pages and bytes)")
    return lines


def _sides_line(kit: Any, options: PressOptions) -> str:
    if kit.double_sided:
        return (f"kit.pdf is laid out for double-sided printing (flip on the long edge): "
                f"{kit.blank_pages} blank page{'s keep' if kit.blank_pages != 1 else ' keeps'} each component "
                f"on fresh sheets and boards off the backs of other things")
    return f"kit.pdf is for one-sided printing (--backs {options.backs}: no card backs on separate pages)"

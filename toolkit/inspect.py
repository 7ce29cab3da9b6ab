"""`frontkit check` and `frontkit show`: diagnostics and a readable summary."""

from __future__ import annotations

from toolkit import jsontext
from toolkit.terminal import printable
import sys
from collections import Counter
from pathlib import Path

from dsl import DslError, load
from dsl.files import declares_scenario
from dsl.errors import Diagnostic
from dsl.model import Board, Scenario, format_value


def scenario_files(paths: list[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The .scn files named or found under folders; missing paths are diagnostics.

    Under a folder, only files that declare a scenario are checked as such:
    a file of bare statements is there to be included and is checked through
    the scenario that includes it (`fragment_files` lists those).
    """
    files, problems, _ = _sort_files(paths)
    return files, problems


def fragment_files(paths: list[Path]) -> list[Path]:
    """The .scn files under folders that hold bare statements, to be included by a scenario."""
    return _sort_files(paths)[2]


def _sort_files(paths: list[Path]) -> tuple[list[Path], list[Diagnostic], list[Path]]:
    files: list[Path] = []
    problems: list[Diagnostic] = []
    fragments: list[Path] = []
    for path in paths:
        if path.is_dir():
            for f in sorted(path.rglob("*.scn")):
                (files if declares_scenario(f) else fragments).append(f)
        elif path.exists():
            files.append(path)
        else:
            problems.append(Diagnostic(str(path), 0, 0, "no such file or folder"))
    return files, problems, fragments


def _resolved(path: str | Path) -> Path:
    try:
        return Path(path).resolve()
    except OSError:
        return Path(path)


def stray_files(fragments: list[Path], included: set[Path]) -> list[Diagnostic]:
    """A warning for each file of statements that no checked scenario includes: nothing checked it."""
    return [Diagnostic(str(f), 0, 0, "this file is neither a scenario nor included by one, so nothing checked it",
                       "include it from a scenario (`include \"" + f.name + "\"`) or make it one "
                       "(`scenario \"Title\" { … }`)", "warning")
            for f in fragments if _resolved(f) not in included]


def check_paths(paths: list[Path], as_json: bool = False) -> int:
    files, diagnostics, fragments = _sort_files(paths)
    checked = []
    included: set[Path] = set()
    for f in files:
        try:
            scenario = load(f)
            found = _playable(scenario)
            diagnostics.extend(found)
            checked.append({"path": str(f), "title": scenario.title,
                            "ok": not any(d.is_error for d in found)})
            included.update(_resolved(p) for p in scenario.files)
        except DslError as err:
            diagnostics.extend(err.diagnostics)
            checked.append({"path": str(f), "ok": False})
            included.update(_resolved(p) for p in err.files)
    stray = stray_files(fragments, included)
    diagnostics.extend(stray)
    errors = [d for d in diagnostics if d.is_error]
    if as_json:
        print(jsontext.dumps({"files": checked, "diagnostics": [d.to_json() for d in diagnostics],
                              "errors": len(errors), "stray": [d.path for d in stray]}, indent=2))
    else:
        for d in diagnostics:
            print(d.render(), file=sys.stderr)
        ok = sum(c["ok"] for c in checked)
        strays = f"; {len(stray)} stray file{'s' if len(stray) != 1 else ''} not checked" if stray else ""
        print(f"checked {len(checked)} scenario{'s' if len(checked) != 1 else ''}: {ok} ok, "
              f"{len(checked) - ok} with errors ({len(errors)} error{'s' if len(errors) != 1 else ''}){strays}")
    if not files and not diagnostics:
        print("no scenario files found", file=sys.stderr)
        return 1
    return 1 if errors else 0


def _playable(scenario: Scenario) -> list[Diagnostic]:
    """The ruleset's own checks and the press's (`check` means playable and buildable),
    with source lines attached."""
    return with_sources(beyond_language(scenario))


def beyond_language(scenario: Scenario) -> list[Diagnostic]:
    """What `check` finds in a scenario the language accepts: the ruleset's checks (it
    plays), and the errors `build` would stop at on the default paper and the fields the
    reference sheets read (it builds). `frontkit lsp` shows the same."""
    from toolkit.pnp.checks import check_press
    from toolkit.pnp.sheet_needs import sheet_problems
    from toolkit.referee.playable import fields_read, problems

    out = problems(scenario)
    press = [d for d in check_press(scenario) if d.is_error]
    taken = {(d.path, d.line) for d in out + press if d.is_error}
    sheets = [d for d in sheet_problems(scenario, fields_read(scenario)) if (d.path, d.line) not in taken]
    return out + press + sheets


def with_sources(found: list[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics made outside the loader, with their source lines attached."""
    lines: dict[str, list[str]] = {}
    out = []
    for d in found:
        if d.path not in lines:
            try:
                lines[d.path] = Path(d.path).read_text(encoding="utf-8").split("\n")
            except (OSError, UnicodeDecodeError):
                lines[d.path] = []
        text = lines[d.path]
        out.append(d.with_source(text[d.line - 1] if 0 < d.line <= len(text) else None))
    return out


# ------------------------------------------------------------------- show


def draw_board(board: Board, scenario: Scenario) -> str:
    """A grid as text: one symbol per space, columns lettered, rows numbered."""
    if board.kind == "map":
        lines = []
        for s in board.spaces:
            nbrs = ", ".join(sorted(board.graph.neighbors(s.id)))
            tags = " ".join(sorted(s.tags))
            lines.append(f"  {s.id:<8} {s.terrain:<12} {tags:<20} → {nbrs}")
        return "\n".join(lines)
    symbols = _symbols(board, scenario)
    from dsl.model import column_letters

    width = max(len(column_letters(board.width - 1)), 1) if board.width else 1
    indent = len(str(board.height)) + 1
    head = " " * indent + " ".join(column_letters(c).ljust(width) for c in range(board.width))
    lines = [head]
    for row in range(board.height):
        cells = []
        for col in range(board.width):
            space = board.spaces[row * board.width + col]
            cells.append(_space_symbol(board, space, symbols).ljust(width))
        pad = " " if board.kind == "hex" and _shifted(board, col=0, row=row) else ""
        lines.append(f"{row + 1:>{indent - 1}} " + pad + " ".join(cells))
    return "\n".join(lines)


def _shifted(board: Board, col: int, row: int) -> bool:
    return board.orientation == "pointy" and (row % 2 == 1) == (board.offset == "odd")


def _symbols(board: Board, scenario: Scenario) -> dict[str, str]:
    used = list(dict.fromkeys(s.terrain for s in board.spaces))
    out: dict[str, str] = {}
    for sym, terrain in board.key:  # the designer's own symbols first
        out.setdefault(terrain, sym)
    taken: set[str] = set(out.values())
    for name in used:
        if name in out:
            continue
        sym = next((ch for ch in name if ch.isalpha() and ch.lower() not in taken), "?").lower()
        taken.add(sym)
        out[name] = sym
    return out


def _space_symbol(board: Board, space, symbols: dict[str, str]) -> str:
    """The key symbol a space is drawn with: of the key entries for its terrain, the one
    whose fields the space has, most fields first (a capital's `W` before a city's `c`)."""
    best, best_size = None, -1
    for (sym, terrain), fields in zip(board.key, board.key_fields or ((),) * len(board.key)):
        if terrain != space.terrain:
            continue
        fields = dict(fields.items()) if fields else {}
        if len(fields) > best_size and all(
                k in space.fields and space.fields[k] == v for k, v in fields.items()):
            best, best_size = sym, len(fields)
    return best if best is not None else symbols[space.terrain]


def _key_line(board: Board, scenario: Scenario) -> str:
    """The key as written (with each entry's fields), then symbols for terrain it lacks."""
    plain, with_fields = [], []
    for (sym, terrain), fields in zip(board.key, board.key_fields or ((),) * len(board.key)):
        if fields:
            extra = "; ".join(k if v is True else f"{k} {format_value(v)}" for k, v in fields.items())
            with_fields.append(f"       {sym} {terrain} {{ {extra} }}")
        else:
            plain.append(f"{sym} {terrain}")
    keyed = {terrain for _, terrain in board.key}
    plain += [f"{s} {t}" for t, s in _symbols(board, scenario).items() if t not in keyed]
    return "\n".join(["  key: " + "  ".join(plain)] + with_fields)


def show_text(scenario: Scenario) -> str:
    out = [f"{scenario.title}  ({scenario.path})",
           f"ruleset {scenario.ruleset}; sides {', '.join(scenario.sides)}; version {scenario.version}"]
    for board in scenario.boards.values():
        counts = Counter(s.terrain for s in board.spaces)
        size = f"{board.width} x {board.height}" if board.kind != "map" else f"{len(board.spaces)} nodes"
        out.append(f"\nboard {board.name}: {board.kind} {size}, {board.graph.number_of_edges()} connections")
        out.append("  terrain: " + ", ".join(f"{t} {n}" for t, n in counts.most_common()))
        if board.kind != "map":
            out.append(_key_line(board, scenario))
        out.append(draw_board(board, scenario))
        special = [s for s in board.spaces if s.fields]
        for s in special[:40]:
            out.append(f"  {s.id}: " + "; ".join(k if v is True else f"{k} {format_value(v)}"
                                                   for k, v in s.fields.items()))
        if len(special) > 40:
            out.append(f"  … and {len(special) - 40} more marked spaces")
        for z in board.zones:
            owner = f" (owner {z.fields['owner']})" if "owner" in z.fields else ""
            out.append(f"  zone {z.name}: {len(z.spaces)} spaces{owner}")
        for b in board.borders:
            tags = " ".join(k if v is True else f"{k} {format_value(v)}" for k, v in b.fields.items())
            out.append(f"  border {b.a} {b.b}" + (f": {tags}" if tags else ""))
    if scenario.pieces:
        out.append("\npieces:")
        for p in scenario.pieces.values():
            stats = "; ".join(k if v is True else f"{k} {format_value(v)}" for k, v in p.fields.items())
            out.append(f"  {p.name}: {stats}")
    if scenario.decks:
        out.append("\ndecks:")
        for d in scenario.decks.values():
            out.append(f"  {d.name} \"{d.title}\": {d.size} cards, {len(d.cards)} kinds")
    if scenario.setups:
        out.append("\nsetups:")
        for s in scenario.setups.values():
            placed = Counter()
            for p in s.placements:
                placed[p.piece] += p.count
            line = f"  {s.side}: " + (", ".join(f"{n} {k}" for k, n in placed.items()) or "nothing placed")
            if s.reserve:
                line += "; reserve " + ", ".join(f"{r.count} {r.name}" for r in s.reserve)
            if s.hand:
                line += "; hand " + ", ".join(f"{h.count} {h.name}" for h in s.hand)
            out.append(line)
    if scenario.tables:
        out.append("\ntables:")
        for t in scenario.tables.values():
            out.append(f"  {t.name}: " + "; ".join(k if v is True else f"{k} {format_value(v)}"
                                                  for k, v in t.fields.items()))
    if scenario.options:
        out.append("\noptions: " + "; ".join(f"{k} {format_value(v)}" for k, v in scenario.options.items()))
    return "\n".join(out)


def show_scenario(path: Path) -> int:
    try:
        scenario = load(path)
    except DslError as err:
        print(err.render(), file=sys.stderr)
        return 1
    print(printable(show_text(scenario)))
    return 0

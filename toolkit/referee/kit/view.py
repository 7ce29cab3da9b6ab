"""The common view: one shape of "what a player may see" for every game.

A view is plain, frozen data, so the terminal (`render`), `replay --as`, the
contract test and a web page can draw any game with no per-game display code:

    View(viewer="North", ruleset="front_lines", status=("turn 3", ...),
         board=BoardView("field", "grid", 8, 10, ids),
         pieces=(PieceView("C2", "infantry", "North", "I"), ...),
         fog=("A1", ...), marks=(("D5", "centre"), ...),
         piles=(PileView("hand", "hand", "Ann", 5, ("tank", ...)), ...),
         tracks=(TrackView("mana", (("Red", 3), ("Blue", 5))), ...),
         markers=(MarkerView("turn", "3 of 15"), ...),
         panels=(("your orders", "IC2-C3 A@B9"),),
         log=("North moves C2-C3", ...))

Rulesets fill it from their state (only what the viewer may see); the match
adds `log` (the events this viewer was told). `panels` are a ruleset's own
extra lines, shown under the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from dsl.model import column_letters, grid_id

#: Lines of the log `render` shows (the newest).
LOG_LINES = 8


@dataclass(frozen=True, slots=True)
class BoardView:
    """The board's shape: `kind` grid, hex or map; `spaces` in reading order."""

    name: str
    kind: str
    width: int = 0
    height: int = 0
    spaces: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PieceView:
    """A piece (or a stack of `count` alike) as the viewer sees it: `kind` None when
    the viewer cannot tell what it is; `label` a short text (strength, steps);
    `condition` a state the board must show, in the players' word ("disrupted"): the
    text board draws the piece's letter with a `'` and names the condition below."""

    space: str
    kind: str | None
    side: str | None
    label: str = ""
    count: int = 1
    condition: str = ""


@dataclass(frozen=True, slots=True)
class PileView:
    """A zone as the viewer sees it: `cards` None when only the count is known,
    `count` None when not even that is."""

    name: str
    kind: str
    owner: str | None
    count: int | None
    cards: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class TrackView:
    """A numbered track: each side's value (or one value, side None)."""

    name: str
    values: tuple[tuple[str | None, int | float], ...]
    high: int | None = None


@dataclass(frozen=True, slots=True)
class MarkerView:
    """A marker with a value, on a space or on the table: the round, the weather."""

    name: str
    value: str
    space: str | None = None


@dataclass(frozen=True)
class View:
    viewer: str | None
    ruleset: str
    sides: tuple[str, ...] = ()
    status: tuple[str, ...] = ()
    board: BoardView | None = None
    pieces: tuple[PieceView, ...] = ()
    fog: tuple[str, ...] = ()
    marks: tuple[tuple[str, str], ...] = ()
    piles: tuple[PileView, ...] = ()
    tracks: tuple[TrackView, ...] = ()
    markers: tuple[MarkerView, ...] = ()
    panels: tuple[tuple[str, str], ...] = ()
    log: tuple[str, ...] = ()
    letters: tuple[tuple[str, str], ...] = ()  # kind -> the letter a board draws it with

    def with_log(self, lines: Iterable[str]) -> "View":
        return replace(self, log=tuple(lines))

    def pieces_on(self, space: str) -> tuple[PieceView, ...]:
        return tuple(p for p in self.pieces if p.space == space)

    def as_json(self) -> dict[str, Any]:
        """Plain data for `--json` and a web page."""
        return {
            "viewer": self.viewer, "ruleset": self.ruleset, "sides": list(self.sides),
            "status": list(self.status),
            "board": None if self.board is None else {
                "name": self.board.name, "kind": self.board.kind,
                "width": self.board.width, "height": self.board.height},
            "pieces": [{"space": p.space, "kind": p.kind, "side": p.side, "label": p.label,
                        "count": p.count} for p in self.pieces],
            "fog": list(self.fog),
            "marks": [{"space": s, "mark": m} for s, m in self.marks],
            "piles": [{"name": p.name, "kind": p.kind, "owner": p.owner, "count": p.count,
                       "cards": None if p.cards is None else list(p.cards)}
                      for p in self.piles],
            "tracks": [{"name": t.name, "high": t.high,
                        "values": [{"side": s, "value": v} for s, v in t.values]}
                       for t in self.tracks],
            "markers": [{"name": m.name, "value": m.value, "space": m.space}
                        for m in self.markers],
            "panels": [{"title": t, "text": x} for t, x in self.panels],
            "log": list(self.log),
            "letters": {kind: letter for kind, letter in self.letters},
        }


def board_view(board) -> BoardView:
    """The shape of a scenario board (`dsl.model.Board`)."""
    return BoardView(board.name, board.kind, board.width, board.height,
                     tuple(s.id for s in board.spaces))


def pile_view(zone, viewer: str | None) -> PileView:
    """A kit zone (`kit.zones.Zone`) as `viewer` sees it."""
    return PileView(zone.name, zone.kind, zone.owner, zone.count_seen_by(viewer),
                    zone.seen_by(viewer))


# ------------------------------------------------------------------ render


def piece_letter(piece: PieceView, sides: tuple[str, ...],
                 letters: Mapping[str, str] | None = None) -> str:
    """One or two letters: the kind's letter (the view's `letters`, else its initial),
    in capitals for the first side and small letters for the others; `?` for a piece
    whose kind is not seen."""
    letter = (letters or {}).get(piece.kind or "", "") or (piece.kind or "?")[:1]
    first = not sides or piece.side == sides[0]
    letter = letter.upper() if first else letter.lower()
    return letter + (str(piece.count) if piece.count > 1 else "")


def _cells(view: View) -> dict[str, str]:
    cells: dict[str, str] = {}
    letters = dict(view.letters)
    for p in view.pieces:
        cells[p.space] = (cells.get(p.space, "") + piece_letter(p, view.sides, letters)
                          + ("'" if p.condition else ""))
    return cells


def render_conditions(view: View) -> list[str]:
    """One line per condition pieces are in, with the spaces: `' disrupted: B4, C5`."""
    where: dict[str, list[str]] = {}
    for p in view.pieces:
        if p.condition:
            where.setdefault(p.condition, []).append(p.space)
    return [f"' {c}: {', '.join(spaces)}" for c, spaces in sorted(where.items())]


def render_grid(view: View, board: BoardView) -> list[str]:
    """A square or hex grid as rows of cells: pieces by letter, `?` in fog,
    `*` on marked empty squares, `.` elsewhere (hex rows are drawn offset)."""
    cells = _cells(view)
    fog = set(view.fog)
    marked = {s for s, _ in view.marks}
    width = max([3] + [len(c) + 1 for c in cells.values()])
    lines = ["    " + "".join(f"{column_letters(c):>{width}}" for c in range(board.width))]
    for r in range(board.height):
        row = []
        for c in range(board.width):
            sq = grid_id(c, r)
            text = cells.get(sq) or ("?" if sq in fog else "*" if sq in marked else ".")
            if sq in marked and sq in cells:
                text = text + "*"
            row.append(f"{text:>{width}}")
        indent = " " if board.kind == "hex" and r % 2 else ""
        lines.append(f"{r + 1:>3} {indent}" + "".join(row))
    return lines


def render_map(view: View, board: BoardView) -> list[str]:
    """A node-and-link map as one line per occupied, marked or fogged node."""
    cells = _cells(view)
    fog = set(view.fog)
    marks: dict[str, list[str]] = {}
    for s, m in view.marks:
        marks.setdefault(s, []).append(m)
    lines = []
    for sid in board.spaces:
        here = [f"{p.side or '?'} {p.kind or 'unknown'}"
                + (f" x{p.count}" if p.count > 1 else "") + (f" ({p.label})" if p.label else "")
                for p in view.pieces if p.space == sid]
        if not here and sid not in fog and sid not in marks:
            continue
        text = ", ".join(here) if here else ("unseen" if sid in fog else "-")
        tag = f" [{', '.join(marks[sid])}]" if sid in marks else ""
        lines.append(f"  {sid:>6}: {text}{tag}")
    return lines or ["  (no pieces on the map)"]


def render(view: View) -> str:
    """Any game's view as text for a terminal."""
    lines: list[str] = []
    if view.status:
        lines.append(" · ".join(view.status))
    board = view.board
    if board is not None:
        lines += render_grid(view, board) if board.kind in ("grid", "hex") else \
            render_map(view, board)
        if view.marks and board.kind in ("grid", "hex"):
            kinds = sorted({m for _, m in view.marks})
            lines.append("* " + ", ".join(kinds))
        if board.kind in ("grid", "hex"):
            lines += render_conditions(view)
    for t in view.tracks:
        values = ", ".join(f"{s} {v}" if s else f"{v}" for s, v in t.values)
        lines.append(f"{t.name}: {values}" + (f" (of {t.high})" if t.high else ""))
    for m in view.markers:
        lines.append(f"{m.name}: {m.value}" + (f" on {m.space}" if m.space else ""))
    for p in view.piles:
        whose = f"{p.owner}'s " if p.owner else ""
        if p.cards is not None:
            shown = ", ".join(p.cards) if p.cards else "empty"
            lines.append(f"{whose}{p.name}: {shown}")
        elif p.count is not None:
            lines.append(f"{whose}{p.name}: {p.count} card{'s' if p.count != 1 else ''}")
    for title, text in view.panels:
        lines.append(f"{title}: {text}")
    if view.log:
        lines.append("log:")
        lines += [f"  {line}" for line in view.log[-LOG_LINES:]]
    return "\n".join(lines)

"""Card data from a spreadsheet: `deck battle "Battle cards" from "battle.csv"`.

The file is CSV (UTF-8, comma separated, a header row), beside the scenario file that
names it and inside the scenario's folder tree, like an include. One row is one card
definition:

  name       the card's id (a name: letters, digits, _ and -); required
  quantity   how many copies (also `qty`, `count`, `copies`); default 1
  any other  a field of the card, as in `card NAME { title "…"; cost 3 }`: whole and
             decimal numbers become numbers, true/yes and false/no flags, anything
             else text; an empty cell leaves the field out

Cards from the file come before the cards written in the deck's block. Every mistake
is a diagnostic positioned in the CSV file as file:row:column (the row is the line
the record starts on, the column the character where its cell starts).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import replace
from pathlib import Path

from dsl.errors import Diagnostic
from dsl.model import CardDef, Deck, Field, Fields, Pos

QUANTITY_COLUMNS = ("quantity", "qty", "count", "copies")
MAX_CSV_BYTES = 20 * 1024 * 1024  # the loader's limit for any scenario file
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")
INTEGER = re.compile(r"^-?[0-9]+$")
DECIMAL = re.compile(r"^-?[0-9]+\.[0-9]+$")


def _cell_columns(line: str) -> list[int]:
    """1-based character column where each cell of a CSV line starts."""
    starts, quoted = [1], False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            starts.append(i + 2)
    return starts


def _value(text: str):
    t = text.strip()
    if INTEGER.match(t):
        return int(t)
    if DECIMAL.match(t):
        return float(t)
    if t.lower() in ("true", "yes"):
        return True
    if t.lower() in ("false", "no"):
        return False
    return t


def read_cards(text: str, path: str) -> tuple[list[CardDef], list[Diagnostic]]:
    """The card definitions of a CSV text, and the diagnostics (positioned in `path`)."""
    sheet = _Sheet(path, text.splitlines())
    reader = csv.reader(io.StringIO(text))
    if not sheet.read_header(reader):
        return [], sheet.diags
    cards: list[CardDef] = []
    start = 2
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            sheet.at(start, 1, f"not CSV: {exc}")
            break
        line = start
        start = reader.line_num + 1
        if any(cell.strip() for cell in row):  # else a blank line
            card = sheet.card(row, line)
            if card is not None:
                cards.append(card)
    return cards, sheet.diags


class _Sheet:
    """One card file being read: its header's columns, the names seen, the diagnostics."""

    def __init__(self, path: str, lines: list[str]):
        self.path, self.lines = path, lines
        self.diags: list[Diagnostic] = []
        self.columns: list[str] = []
        self.name_at = 0
        self.qty_at: int | None = None
        self.seen: dict[str, int] = {}

    def at(self, line: int, col: int, message: str, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(self.path, line, col, message, hint))

    def read_header(self, reader) -> bool:
        """The header row: the columns, where `name` and the quantity are; False when
        there are no cards to read (an empty file, not CSV, no `name` column)."""
        try:
            header = next(reader)
        except StopIteration:
            self.at(1, 1, "the card file is empty", "write a header row: name,quantity,title,text,…")
            return False
        except csv.Error as exc:
            self.at(1, 1, f"not CSV: {exc}")
            return False
        columns = self.columns = [h.strip() for h in header]
        header_cols = _cell_columns(self.lines[0]) if self.lines else [1]
        lowered = [c.lower() for c in columns]
        if "name" not in lowered:
            self.at(1, 1, "the card file has no `name` column",
                    "the header row names the columns: name,quantity,…")
            return False
        for k, c in enumerate(columns):
            if c and not NAME.match(c):
                self.at(1, header_cols[min(k, len(header_cols) - 1)], f"column '{c}' is not a field name",
                        "use letters, digits and _ (cost, move_bonus)")
            if c and lowered.index(c.lower()) != k:
                self.at(1, header_cols[min(k, len(header_cols) - 1)], f"column '{c}' appears twice")
        self.name_at = lowered.index("name")
        self.qty_at = next((lowered.index(q) for q in QUANTITY_COLUMNS if q in lowered), None)
        return True

    def card(self, row: list[str], line: int) -> CardDef | None:
        """The card of a row starting on `line`; None, with a diagnostic, if it has none."""
        columns, name_at, qty_at = self.columns, self.name_at, self.qty_at
        cols = _cell_columns(self.lines[line - 1]) if line - 1 < len(self.lines) else [1]

        def col(k: int) -> int:
            return cols[k] if k < len(cols) else cols[-1]

        if len(row) > len(columns):
            self.at(line, col(len(columns)), f"this row has {len(row)} cells, the header {len(columns)}",
                    "quote a cell that holds a comma: \"Draw two, then discard\"")
            return None
        name = self.card_name(row, line, col(name_at))
        if name is None:
            return None
        quantity = 1
        if qty_at is not None and qty_at < len(row) and row[qty_at].strip():
            q = row[qty_at].strip()
            if not INTEGER.match(q) or int(q) < 1:
                self.at(line, col(qty_at), f"card '{name}': quantity '{q}' is not a whole number of copies",
                        "write 1 or more")
                return None
            quantity = int(q)
        fields = tuple(Field(columns[k], _value(cell), Pos(self.path, line, col(k)))
                       for k, cell in enumerate(row)
                       if k not in (name_at, qty_at) and cell.strip() and columns[k])
        return CardDef(name, quantity, Fields(fields), (), Pos(self.path, line, col(name_at)))

    def card_name(self, row: list[str], line: int, column: int) -> str | None:
        """The row's card name, if it is one and new (a name is the card's id)."""
        name = row[self.name_at].strip() if self.name_at < len(row) else ""
        if not name:
            self.at(line, column, "a card with no name", "every row needs a name (its id)")
        elif not NAME.match(name):
            self.at(line, column, f"'{name}' is not a card name", "use letters, digits, _ and -")
        elif name in self.seen:
            self.at(line, column, f"card '{name}' is already on row {self.seen[name]}")
        else:
            self.seen[name] = line
            return name
        return None


def load_deck_files(items: list, root: Path, texts: dict[str, str], diagnostics: list[Diagnostic]) -> list:
    """Every `deck … from "file.csv"` of `items` with its cards read in (texts: for carets)."""
    out = []
    for item in items:
        source = item.fields.get("from") if isinstance(item, Deck) else None
        if not isinstance(source, str):
            out.append(item)
            continue
        pos = item.fields.pos("from")
        base = Path(pos.path).parent
        target = base / source
        try:
            resolved = target.resolve()
        except OSError:
            resolved = target
        if not resolved.is_relative_to(root):
            diagnostics.append(Diagnostic.at(pos, f"deck '{item.name}': \"{source}\" leaves the scenario's folder",
                                             f"card files must be inside {root}"))
            out.append(item)
            continue
        try:
            if target.stat().st_size > MAX_CSV_BYTES:
                diagnostics.append(Diagnostic.at(pos, f"deck '{item.name}': \"{source}\" is larger than "
                                                      f"{MAX_CSV_BYTES // 2**20} MB"))
                out.append(item)
                continue
            text = target.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            diagnostics.append(Diagnostic.at(pos, f"deck '{item.name}': card file \"{source}\" does not exist"))
            out.append(item)
            continue
        except (OSError, UnicodeDecodeError) as exc:
            diagnostics.append(Diagnostic.at(pos, f"deck '{item.name}': cannot read \"{source}\": {exc}"))
            out.append(item)
            continue
        texts[str(target)] = text
        cards, diags = read_cards(text, str(target))
        diagnostics.extend(diags)
        out.append(replace(item, cards=tuple(cards) + item.cards))
    return out

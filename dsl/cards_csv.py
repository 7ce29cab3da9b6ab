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
    diags: list[Diagnostic] = []
    lines = text.splitlines()
    reader = csv.reader(io.StringIO(text))

    def at(line: int, col: int, message: str, hint: str | None = None) -> None:
        diags.append(Diagnostic(path, line, col, message, hint))

    try:
        header = next(reader)
    except StopIteration:
        at(1, 1, "the card file is empty", "write a header row: name,quantity,title,text,…")
        return [], diags
    except csv.Error as exc:
        at(1, 1, f"not CSV: {exc}")
        return [], diags
    columns = [h.strip() for h in header]
    header_cols = _cell_columns(lines[0]) if lines else [1]
    lowered = [c.lower() for c in columns]
    if "name" not in lowered:
        at(1, 1, "the card file has no `name` column", "the header row names the columns: name,quantity,…")
        return [], diags
    for k, c in enumerate(columns):
        if c and not NAME.match(c):
            at(1, header_cols[min(k, len(header_cols) - 1)], f"column '{c}' is not a field name",
               "use letters, digits and _ (cost, move_bonus)")
        if c and lowered.index(c.lower()) != k:
            at(1, header_cols[min(k, len(header_cols) - 1)], f"column '{c}' appears twice")
    name_at = lowered.index("name")
    qty_at = next((lowered.index(q) for q in QUANTITY_COLUMNS if q in lowered), None)
    cards: list[CardDef] = []
    seen: dict[str, int] = {}
    start = 2
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            at(start, 1, f"not CSV: {exc}")
            break
        line = start
        start = reader.line_num + 1
        if not any(cell.strip() for cell in row):
            continue  # a blank line
        cols = _cell_columns(lines[line - 1]) if line - 1 < len(lines) else [1]

        def col(k: int) -> int:
            return cols[k] if k < len(cols) else cols[-1]

        if len(row) > len(columns):
            at(line, col(len(columns)), f"this row has {len(row)} cells, the header {len(columns)}",
               "quote a cell that holds a comma: \"Draw two, then discard\"")
            continue
        name = row[name_at].strip() if name_at < len(row) else ""
        if not name:
            at(line, col(name_at), "a card with no name", "every row needs a name (its id)")
            continue
        if not NAME.match(name):
            at(line, col(name_at), f"'{name}' is not a card name", "use letters, digits, _ and -")
            continue
        if name in seen:
            at(line, col(name_at), f"card '{name}' is already on row {seen[name]}")
            continue
        seen[name] = line
        quantity = 1
        if qty_at is not None and qty_at < len(row) and row[qty_at].strip():
            q = row[qty_at].strip()
            if not INTEGER.match(q) or int(q) < 1:
                at(line, col(qty_at), f"card '{name}': quantity '{q}' is not a whole number of copies",
                   "write 1 or more")
                continue
            quantity = int(q)
        fields = []
        for k, cell in enumerate(row):
            if k in (name_at, qty_at) or not cell.strip() or not columns[k]:
                continue
            fields.append(Field(columns[k], _value(cell), Pos(path, line, col(k))))
        cards.append(CardDef(name, quantity, Fields(tuple(fields)), (), Pos(path, line, col(name_at))))
    return cards, diags


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

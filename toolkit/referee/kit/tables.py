"""Tables: results looked up by dice, read from the scenario's `table` statements.

Two shapes cover the tables designers write:

Columns, each a list read by one die (a combat results table, Front Line's
attack results): an entry per column, in order, one result per die face.

    table attack_results {
      range_1 [blitz, blitz, disrupt, rout, rout, adv]
      range_2 [blitz, disrupt, rout, rout, adv, miss]
    }
    crt = columns(scenario.tables["attack_results"], ("range_1", "range_2"))
    roll_on(crt, 4, column="range_1")            -> "rout"
    roll_on(crt, 4, column="range_1", shift=1)   -> "rout"  (read one column right)

Ranges, a result per span of the dice total (a weather or event table):

    table weather { clear 1-3; rain 4-5; storm 6 }
    roll_on(ranges(scenario.tables["weather"]), 5)  -> "rain"

A column shift moves along the declared column order and stops at its ends
(a designer who wants another overflow writes it as a ruling). `check_columns`
and `check_ranges` are the scenario checks a ruleset runs through its needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dsl.errors import Diagnostic, suggest
from dsl.model import Range


class TableError(LookupError):
    """A lookup outside the table (a ruleset bug: `check` should have caught it)."""


@dataclass(frozen=True)
class ColumnTable:
    name: str
    columns: tuple[str, ...]
    cells: tuple[tuple[Any, ...], ...]  # one tuple of results per column
    first: int = 1  # the die value of each column's first result

    def column_index(self, column: str) -> int:
        try:
            return self.columns.index(column)
        except ValueError:
            raise TableError(f"table {self.name} has no column {column!r}") from None

    def shifted(self, column: str, shift: int) -> str:
        """The column `shift` places right (left if negative), stopping at the ends."""
        i = self.column_index(column) + shift
        return self.columns[max(0, min(len(self.columns) - 1, i))]

    def lookup(self, die: int, column: str, shift: int = 0) -> Any:
        cells = self.cells[self.column_index(self.shifted(column, shift))]
        i = die - self.first
        if not 0 <= i < len(cells):
            raise TableError(f"table {self.name}: no row for a roll of {die}")
        return cells[i]


@dataclass(frozen=True)
class RangeTable:
    name: str
    rows: tuple[tuple[Any, Range], ...]  # (result, span of totals)

    def lookup(self, total: int, column: str | None = None, shift: int = 0) -> Any:
        total += shift
        for result, span in self.rows:
            if total in span:
                return result
        raise TableError(f"table {self.name}: no row for a total of {total}")


def _span(value: Any) -> Range | None:
    if isinstance(value, Range):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Range(value, value)
    return None


def columns(table, names: Sequence[str], first: int = 1) -> ColumnTable:
    """The scenario table's entries `names` as columns, in that order."""
    return ColumnTable(table.name, tuple(names),
                       tuple(tuple(table.fields[n]) for n in names), first)


def ranges(table) -> RangeTable:
    """Every entry of the scenario table whose value is a number or a range."""
    rows = tuple((name, _span(value)) for name, value in table.fields.items()
                 if _span(value) is not None)
    return RangeTable(table.name, rows)


def roll_on(table: ColumnTable | RangeTable, dice: int | Sequence[int],
            column: str | None = None, shift: int = 0) -> Any:
    """The result for a roll: one die (or the total of several) on `column`
    moved `shift` columns (ColumnTable), or on the span holding the total
    (RangeTable, where `shift` is added to the total)."""
    total = dice if isinstance(dice, int) else sum(dice)
    if isinstance(table, ColumnTable):
        if column is None:
            raise TableError(f"table {table.name}: say which column to read")
        return table.lookup(total, column, shift)
    return table.lookup(total, shift=shift)


# ------------------------------------------------------------------ checks


def check_columns(scenario, name: str, names: Sequence[str], faces: int,
                  results: Sequence[str] | None = None) -> list[Diagnostic]:
    """The table `name` must have every column in `names`, each a list of `faces`
    results (each one of `results`, when given)."""
    table = scenario.tables.get(name)
    if table is None:
        return [Diagnostic.at(scenario.pos, f"the ruleset {scenario.ruleset} needs a table "
                              f"{name} (columns {', '.join(names)})",
                              hint=suggest(name, list(scenario.tables)))]
    out = []
    for col in names:
        if col not in table.fields:
            out.append(Diagnostic.at(table.pos, f"table {name} has no column {col}",
                                     hint=suggest(col, list(table.fields))))
            continue
        value = table.fields[col]
        pos = table.fields.pos(col)
        if not isinstance(value, tuple) or len(value) != faces:
            out.append(Diagnostic.at(pos, f"table {name}: column {col} needs {faces} results "
                                     f"(one per die face), not "
                                     f"{len(value) if isinstance(value, tuple) else 1}"))
            continue
        for cell in value:
            if results is not None and cell not in results:
                out.append(Diagnostic.at(pos, f"table {name}: column {col}: unknown result "
                                         f"{cell!r}",
                                         hint=suggest(str(cell), list(results))))
    return out


def check_ranges(scenario, name: str, low: int, high: int) -> list[Diagnostic]:
    """The table `name` must give exactly one result for every total low..high."""
    table = scenario.tables.get(name)
    if table is None:
        return [Diagnostic.at(scenario.pos, f"the ruleset {scenario.ruleset} needs a table "
                              f"{name}", hint=suggest(name, list(scenario.tables)))]
    t = ranges(table)
    out = []
    for total in range(low, high + 1):
        rows = [r for r, span in t.rows if total in span]
        if not rows:
            out.append(Diagnostic.at(table.pos, f"table {name} gives no result for {total}"))
        elif len(rows) > 1:
            out.append(Diagnostic.at(table.pos, f"table {name} gives {len(rows)} results for "
                                     f"{total}: {', '.join(map(str, rows))}"))
    return out

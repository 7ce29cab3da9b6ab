"""Diagnostics: what went wrong, where, and what to do about it.

Every problem the language finds, syntactic or semantic, is a `Diagnostic`
and prints the same way:

    content/x.scn:12:5: error: unknown terrain 'hil'
       12 |     h hil
          |       ^
    hint: did you mean 'hill'?

`DslError` carries every diagnostic of a load; it is the only exception the
loader raises.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from dsl.model import Pos


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    column: int
    message: str
    hint: str | None = None
    severity: str = "error"  # or "warning", or "note" for a note's own line
    source_line: str | None = None
    notes: tuple["Diagnostic", ...] = ()  # `note: first defined here`, each with its own place and caret

    @classmethod
    def at(cls, pos: Pos, message: str, hint: str | None = None, severity: str = "error",
           notes: tuple["Diagnostic", ...] = ()) -> "Diagnostic":
        return cls(pos.path, pos.line, pos.column, message, hint, severity, notes=notes)

    @classmethod
    def note(cls, pos: Pos, message: str) -> "Diagnostic":
        """A note attached to a diagnostic: another place that explains it."""
        return cls(pos.path, pos.line, pos.column, message, severity="note")

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def with_source(self, line_text: str | None, notes: tuple["Diagnostic", ...] | None = None) -> "Diagnostic":
        return Diagnostic(self.path, self.line, self.column, self.message, self.hint, self.severity, line_text,
                          self.notes if notes is None else notes)

    def render(self) -> str:
        where = f"{self.path}:{self.line}:{self.column}" if self.line > 0 else self.path  # a whole file: no :0:0
        out = [f"{where}: {self.severity}: {self.message}"]
        if self.source_line is not None and self.line > 0:
            gutter = f"{self.line:>5} | "
            text = self.source_line.rstrip("\n").expandtabs(4)
            out.append(gutter + text)
            out.append(" " * (len(gutter) - 2) + "| " + " " * max(self.column - 1, 0) + "^")
        out.extend(note.render() for note in self.notes)
        if self.hint:
            out.append(f"hint: {self.hint}")
        return "\n".join(out)

    def to_json(self) -> dict:
        data = asdict(self)
        data.pop("source_line")
        data["notes"] = [n.to_json() for n in self.notes]
        for note in data["notes"]:
            note.pop("notes")
        return data

    def __str__(self) -> str:
        return self.render()


class DslError(Exception):
    """A scenario could not be loaded; `diagnostics` says every reason."""

    def __init__(self, diagnostics: Iterable[Diagnostic], files: tuple[str, ...] = ()):
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.path, d.line, d.column))
        self.files = files  # every file the load read (the scenario and what it includes)
        super().__init__(self.render())

    def render(self) -> str:
        errors = sum(d.is_error for d in self.diagnostics)
        body = "\n".join(d.render() for d in self.diagnostics)
        return f"{body}\n{errors} error{'s' if errors != 1 else ''}" if body else "error"

    def __str__(self) -> str:
        return self.render()


def suggest(name: str, choices: Iterable[str]) -> str | None:
    """A "did you mean" hint naming the closest valid name, if any is close."""
    choices = sorted(set(choices))
    folded = [c for c in choices if c.casefold() == name.casefold() and c != name]
    if folded:  # a case slip: `a1` for `A1`
        return f"did you mean '{folded[0]}'?"
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    if not close:
        by_fold = {c.casefold(): c for c in choices}
        close = [by_fold[c] for c in difflib.get_close_matches(name.casefold(), list(by_fold), n=1, cutoff=0.6)]
    if close:
        return f"did you mean '{close[0]}'?"
    if choices and len(choices) <= 8:
        return "expected one of: " + ", ".join(choices)
    return None

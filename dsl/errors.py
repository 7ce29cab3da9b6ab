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

from dsl import limits
from dsl.model import Pos
from dsl.printable import cut_around, printable


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
        """The diagnostic as text for a terminal: control characters from the file shown
        escaped, and the source line cut to a window around the caret (dsl.limits)."""
        where = f"{self.path}:{self.line}:{self.column}" if self.line > 0 else self.path  # a whole file: no :0:0
        out = [printable(f"{where}: {self.severity}: {_short(self.message)}", keep="")]
        if self.source_line is not None and self.line > 0:
            gutter = f"{self.line:>5} | "
            text, column = source_window(self.source_line.rstrip("\n"), self.column)
            out.append(gutter + text)
            out.append(" " * (len(gutter) - 2) + "| " + " " * max(column - 1, 0) + "^")
        out.extend(note.render() for note in self.notes)
        if self.hint:
            out.append(printable(f"hint: {_short(self.hint)}", keep=""))
        return "\n".join(out)

    def to_json(self) -> dict:
        data = asdict(self)
        data.pop("source_line")
        data["notes"] = [n.to_json() for n in self.notes]
        for note in data["notes"]:
            note.pop("notes")
        data["message"] = _short(self.message)  # bounded like the text form
        data["hint"] = _short(self.hint) if self.hint else self.hint
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


def _short(text: str) -> str:
    """A message or hint of at most `diagnostic_message_chars` characters (cut in the middle:
    a name a file made long is quoted, not copied whole into every diagnostic)."""
    cap = limits.value("diagnostic_message_chars")
    if len(text) <= cap:
        return text
    half = cap // 2
    return f"{text[:half]}…({len(text) - 2 * half:,} characters)…{text[-half:]}"


def source_window(line: str, column: int) -> tuple[str, int]:
    """The part of a source line a diagnostic shows, and the caret's column in it: at most
    `diagnostic_line_chars` characters around the column, tabs as 4 spaces, control
    characters escaped (each escape moves the caret by its width)."""
    width = limits.value("diagnostic_line_chars")
    head, tail = line[: max(column - 1, 0)], line[max(column - 1, 0):]
    head = head[-(width + 1):]  # no more of a long line is ever looked at
    tail = tail[: width + 1]
    left, right = printable(head.expandtabs(4), keep=""), printable(tail.expandtabs(4), keep="")
    text, caret = cut_around(left + right, len(left) + 1, width)
    if len(head) < max(column - 1, 0) and not text.startswith("…"):
        text, caret = "…" + text, caret + 1
    if len(tail) > width and not text.endswith("…"):
        text += "…"
    return text, caret


SUGGEST_FROM = 300  # no "did you mean" among more names than this: diagnostics stay linear


def suggest(name: str, choices: Iterable[str]) -> str | None:
    """A "did you mean" hint naming the closest valid name, if any is close."""
    choices = set(choices) if not isinstance(choices, (set, frozenset, dict)) else choices
    if len(choices) > SUGGEST_FROM:  # a map of 20,000 nodes: every bad name would cost a scan
        return None
    choices = sorted(choices)
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

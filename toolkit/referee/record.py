"""Game records: append-only, human-readable text files.

    # frontkit game record
    scenario: ../content/front_lines/front_lines.scn
    sha256: 5f1c…
    ruleset: front_lines
    frontkit: 0.1.0
    sides: North, South
    seed: 42

    North: C2-C3
    chance: 4
    undo

The header ends at the first blank line. Then one line per move (`SIDE: NOTATION`)
or chance outcome (`chance: 3 5`); `undo` takes back the last standing move; lines
starting with `#` are comments; a move line may end with the time the player took
(`North: IC2-C3  # 4.2s`). The scenario path is relative to the record's
folder. This module reads and writes the format only; `toolkit.referee.match`
replays it through the rules.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from dsl import limits
from dsl.files import BOM, FileRefused, read_capped
from dsl.printable import printable
from toolkit.referee.protocol import CHANCE

MAGIC = "# frontkit game record"
UNDO = "undo"
REQUIRED = ("scenario", "sha256", "ruleset", "sides")
ORDER = ("scenario", "sha256", "ruleset", "frontkit", "sides", "seed")


class RecordError(ValueError):
    """A record that cannot be loaded or replayed; `str` is `RECORD:LINE: error: …`."""

    def __init__(self, path: str, line: int, message: str):
        self.path = path
        self.line = line
        self.text = message
        # a record's text may hold control characters: shown escaped, never raw
        super().__init__(printable(f"{path}:{line}: error: {message}", keep=""))


@dataclass(frozen=True)
class Header:
    scenario: str
    sha256: str
    ruleset: str
    sides: tuple[str, ...]
    frontkit: str = ""
    seed: str = "none"
    extra: tuple[tuple[str, str], ...] = ()
    lines: dict = field(default_factory=dict, compare=False)  # key -> line number

    def format(self) -> str:
        values = {"scenario": self.scenario, "sha256": self.sha256, "ruleset": self.ruleset,
                  "frontkit": self.frontkit, "sides": ", ".join(self.sides), "seed": self.seed}
        out = [MAGIC] + [f"{k}: {values[k]}" for k in ORDER]
        out += [f"{k}: {v}" for k, v in self.extra]
        return "\n".join(out) + "\n\n"

    def line_of(self, key: str) -> int:
        return self.lines.get(key, 1)

    @property
    def seed_value(self) -> int | str | None:
        """The seed as given (`int` when numeric); None for `table` or `none`."""
        if self.seed in ("none", "table", ""):
            return None
        return int(self.seed) if self.seed.lstrip("-").isdigit() else self.seed


@dataclass(frozen=True, slots=True)
class Line:
    """One body line: `who` is a side, CHANCE, or UNDO (then `text` is empty).
    `seconds`: the time the player took, when the line ends with `  # 4.2s`."""

    number: int
    who: str
    text: str
    seconds: float | None = None

    def __str__(self) -> str:
        return UNDO if self.who == UNDO else move_line(self.who, self.text, self.seconds)


_TIMED = re.compile(r"^(.*?)\s+#\s*(\d+(?:\.\d+)?)s$")
MAX_SECONDS = 10_000_000  # about four months: a time no move took is a broken record


def move_line(who: str, text: str, seconds: float | None = None) -> str:
    """`North: IC2-C3`, or `North: IC2-C3  # 4.2s` with the time the move took."""
    line = f"{who}: {text}"
    return line if seconds is None else f"{line}  # {seconds:.1f}s"


@dataclass
class Record:
    path: str
    header: Header
    lines: list[Line]
    cut_off: int | None = None  # the line number of a cut-off last line, if any

    @property
    def folder(self) -> Path:
        return Path(self.path).resolve().parent

    def scenario_path(self) -> Path:
        """The scenario the header names: relative to the record's folder, else as written."""
        p = Path(self.header.scenario)
        if p.is_absolute():
            return p
        beside = self.folder / p
        return beside if beside.exists() or not p.exists() else p

    def scenario_file(self, given: str | os.PathLike | None = None,
                      made_with: Callable[[Path], bool] | None = None) -> Path:
        """The scenario to replay with: `given` (`--scenario PATH`, the user's own choice), or
        the header's path, which must be relative and stay inside the record's folder or the
        folder frontkit runs in (a designer's working tree: `output/records/x.record` names
        `../../content/game.scn`), or else be the very scenario the record was made with:
        `made_with(path)` says whether the file's hash is the record's (a record `play` or
        `balance` wrote in one folder of a scenario in another replays where it was made, and
        a record from elsewhere learns nothing of a file it did not already hold: nothing of
        the file is shown either way). RecordError says how to point at the scenario when
        the header's path cannot be used."""
        if given is not None:
            return Path(given)
        line = self.header.line_of("scenario")
        named = self.header.scenario
        advice = "give the scenario with --scenario PATH (its sha256 is checked against the record's)"
        p = Path(named)
        if p.is_absolute() or (os.name == "nt" and p.drive):
            raise RecordError(self.path, line, f"the scenario path {named!r} is absolute; a record names "
                                               f"its scenario relative to its own folder: {advice}")
        target = self.folder / p
        try:
            resolved = target.resolve()
        except (OSError, RuntimeError):
            raise RecordError(self.path, line, f"the scenario {named!r} cannot be resolved "
                                               f"(a symbolic link loop?): {advice}") from None
        allowed = [self.folder, Path.cwd().resolve()]
        inside = any(resolved == tree or resolved.is_relative_to(tree) for tree in allowed)
        if not inside and not (made_with is not None and target.is_file() and made_with(target)):
            raise RecordError(self.path, line, f"the scenario {named!r} is outside the record's folder "
                                               f"{self.folder} and the working folder: {advice}")
        if not target.exists():
            raise RecordError(self.path, line, f"the scenario {named!r} does not exist beside the record: "
                                               f"{advice}")
        return target


def parse(text: str, path: str = "<record>") -> Record:
    """Read a record; raises RecordError on a bad header or body line."""
    text = text[1:] if text.startswith(BOM) else text  # editors on Windows write one
    _within_limits(text, path)
    raw = text.split("\n")
    cut_off = None
    if raw and raw[-1] != "":
        cut_off = len(raw)  # the last line has no newline: it was cut off
    raw = raw[:-1]  # the text after the last newline (empty or cut off)
    if not raw or raw[0].strip() != MAGIC:
        if cut_off == 1:
            raise RecordError(path, 1, "the record is cut off inside its header")
        raise RecordError(path, 1, f"not a frontkit game record (the first line should be "
                          f"{MAGIC!r})")
    header, end = _header(raw, path, cut_off)
    return Record(path, header, _body(raw[end + 1:], end + 2, path, header.sides), cut_off)


def _header(raw: list[str], path: str, cut_off: int | None) -> tuple[Header, int]:
    """The header of the record's lines `raw`, and the index of the blank line ending it."""
    values: dict[str, str] = {}
    where: dict[str, int] = {}
    i = 1
    while i < len(raw) and raw[i].strip():
        number = i + 1
        key, sep, value = raw[i].partition(":")
        if not sep:
            raise RecordError(path, number, f"header lines are 'key: value', not {raw[i]!r}")
        key = key.strip()
        if key in values:
            raise RecordError(path, number, f"{key} is given twice in the header")
        values[key] = value.strip()
        where[key] = number
        i += 1
    if i >= len(raw) and cut_off is not None:
        raise RecordError(path, cut_off, "the record is cut off inside its header")
    for key in REQUIRED:
        if key not in values:
            raise RecordError(path, i + 1 if i < len(raw) else len(raw),
                              f"the header has no {key}: line")
    sides = tuple(s.strip() for s in values["sides"].split(",") if s.strip())
    if not sides:
        raise RecordError(path, where["sides"], "the header names no sides")
    if CHANCE in sides:
        raise RecordError(path, where["sides"], f"no side may be called {CHANCE!r}")
    return Header(
        scenario=values["scenario"], sha256=values["sha256"], ruleset=values["ruleset"],
        sides=sides, frontkit=values.get("frontkit", ""), seed=values.get("seed", "none"),
        extra=tuple((k, v) for k, v in values.items() if k not in ORDER), lines=where,
    ), i


def _body(raw: list[str], first: int, path: str, sides: tuple[str, ...]) -> list[Line]:
    """The move, chance and undo lines of `raw`, the first being line number `first`."""
    lines: list[Line] = []
    for number, text in enumerate(raw, first):
        body = text.strip()
        if not body or body.startswith("#"):
            continue
        if body == UNDO:
            lines.append(Line(number, UNDO, ""))
            continue
        who, sep, move = body.partition(":")
        who = who.strip()
        if not sep or not move.strip():
            raise RecordError(path, number, f"a move line is 'SIDE: MOVE', not {body!r}")
        if who != CHANCE and who not in sides:
            raise RecordError(path, number, f"{who!r} is not a side of this game "
                              f"(sides: {', '.join(sides)})")
        move = move.strip()
        seconds = None
        timed = _TIMED.match(move)
        if timed:
            move, seconds = timed.group(1), _seconds(timed.group(2), path, number)
        lines.append(Line(number, who, move, seconds))
    return lines


def _seconds(text: str, path: str, number: int) -> float:
    """The time a move took, from its `# 4.2s` comment: a finite number of seconds."""
    if len(text) > 20 or float(text) > MAX_SECONDS:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise RecordError(path, number, f"the move's time {shown}s is not a time a move took "
                                        f"(at most {MAX_SECONDS:,} s)")
    return float(text)


def _within_limits(text: str, path: str) -> None:
    """Refuse a record with more lines, or a longer line, than the limits allow (counted
    before anything is split, so a huge record costs one pass)."""
    lines = text.count("\n")
    cap = limits.value("record_lines")
    if lines > cap:
        raise RecordError(path, cap + 1, "the record has " + limits.limit_message("record_lines", f"{lines:,} lines"))
    width = limits.value("record_line_chars")
    start = 0
    while True:
        end = text.find("\n", start)
        stop = len(text) if end < 0 else end
        if stop - start > width:
            number = text.count("\n", 0, start) + 1
            raise RecordError(path, number, "this line has " + limits.limit_message(
                "record_line_chars", f"{stop - start:,} characters"))
        if end < 0:
            return
        start = end + 1


def load(path: str | os.PathLike, warn=None) -> Record:
    """Read a record file: a regular file under the `record_bytes` limit. A cut-off last
    line is dropped with a warning (`warn(message)`, stderr by default)."""
    path = str(path)
    try:
        data = read_capped(path, "record_bytes", limits.value("record_bytes"))
    except FileRefused as err:
        message = "no such record" if str(err) == "no such file" else str(err)
        raise RecordError(path, 0, message) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise RecordError(path, line, "the record is not UTF-8 text") from None
    record = parse(text, path)
    if record.cut_off is not None:
        message = (f"{path}:{record.cut_off}: warning: the last line is cut off; "
                   f"loaded up to line {record.cut_off - 1}")
        (warn or (lambda m: print(m, file=sys.stderr)))(message)
    return record


class Writer:
    """Appends lines to a record file, flushing each one (a crash loses at most the line
    being written, and the loader then skips that cut-off line)."""

    def __init__(self, path: str | os.PathLike, header: Header | None = None):
        self.path = Path(path)
        if header is not None:
            with open(self.path, "w", encoding="utf-8", newline="\n") as f:
                f.write(header.format())
        else:
            self._drop_cut_off_tail()

    def _drop_cut_off_tail(self) -> None:
        """Resuming a record whose last line was cut off: remove that partial line
        (it was never part of the game) so new lines start on a line of their own."""
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
            with open(self.path, "r+b") as f:
                f.truncate(keep)

    def append(self, line: str) -> None:
        with open(self.path, "a", encoding="utf-8", newline="\n") as f:
            f.write(line + "\n")
            f.flush()


def relative_scenario_path(scenario: str | os.PathLike, record: str | os.PathLike) -> str:
    """The scenario path as the record's header writes it: relative to the record's folder."""
    folder = Path(record).resolve().parent
    target = Path(scenario).resolve()
    try:
        return Path(os.path.relpath(target, folder)).as_posix()
    except ValueError:  # another drive on Windows
        return target.as_posix()
